// Practice, in the Study area: after a review, the positions where a move lost 3 discs or more
// given back one at a time ("Practise your mistakes"), and the FFO endgame drills. Each position
// is shown on a board of its own, so that the game in progress stays as it was; the player has two
// tries, then the answer and its line are shown on that board and in words.
//
// The judge: a mistake's every legal move with its score in the review's analysis of the position
// (the numbers the review's loss came from; a set kept before reviews kept them asks a worker of
// the practice's own for that analysis again), so that a try is judged at once; a move within
// 1 disc of the best puts it right. A drill's every move has its exact value in the FFO file
// (data/fforum-*.obf, served with the page): the best value is the answer, judged at once whatever
// the empties; the answer's line is solved by the worker, with its progress shown. What was
// solved, and at which try, is kept (practice-store.js).

import { Game } from '../pkg/reversi.js';
import { EngineClient, SearchCancelled } from '../common/engine-client.js';
import { createRenderer, GUTTER } from '../common/render.js';
import { createGrid } from '../common/grid.js';
import { attachInput } from '../common/input.js';
import { squareIndex } from '../common/squares.js';
import { sideScore, signedDiscs, lossText, forBlack } from '../common/score-text.js';
import { setText } from '../common/dom.js';
import { t, num, sideName, scoreWords, gridLabels } from '../i18n/page.js';
import { studySection } from './study-panel.js';
import { FFO_FILES, MISTAKE_TOLERANCE, PRACTICE_LOSS, bestMoves, judge, mistakesOf, parseDrills, worthPractising } from './practice.js';
import { PracticeStore } from './practice-store.js';

/** @typedef {import('./practice.js').PracticeItem} PracticeItem */
/** @typedef {import('./practice.js').Drill} Drill */
/** @typedef {import('./practice.js').MoveValue} MoveValue */
/** @typedef {import('./practice-store.js').PracticeResult} PracticeResult */
/** @typedef {import('../pkg/reversi.js').Review} Review */
/** @typedef {import('../pkg/reversi.js').ReviewOptions} ReviewOptions */
/** @typedef {import('../pkg/reversi.js').Side} Side */

/** The worker's tables (MiB): a drill's line is an exact solve. */
const PRACTICE_TT_MEGABYTES = 32;
/** The board and the panel side by side (the style sheet's arrangement for landscape screens). */
const sideBySide = matchMedia('(min-width: 700px) and (min-aspect-ratio: 1/1)');

/**
 * The position being practised and how it goes: the moves tried, the values once known, and how
 * it ended (`solvedAt` 1 or 2 with the move `solvedWith`, or `answered`).
 * @typedef {{set: 'mistakes' | 'drill', items: PracticeItem[], at: number, game: Game,
 *            values: MoveValue[] | null, wrong: {move: string, discs: number, exact: boolean}[],
 *            waiting: string | null, solvedAt: 1 | 2 | null, solvedWith: string | null,
 *            answered: boolean, line: string[] | null, solving: number | null, error: string}} Session
 */

/**
 * What the practice asks of the page. `review()`: the finished review of the game shown, or
 * null; `options`: the review's strength.
 * @typedef {{review: () => Review | null, game: () => Game, engines: import('./engines.js').Engines,
 *            options: ReviewOptions}} PracticePage
 */

// The practice's state: one panel per page, made once by createPracticePanel.
/** @type {PracticePage} */
let page;
/** The Study area's section of the practice. @type {HTMLElement} */
let section;
/** @type {ReturnType<typeof build>} */
let ui;
/** @type {ReturnType<typeof createRenderer>} */
let renderer;
/** @type {Session | null} */
let session = null;
/** Every position's result, by key. @type {Map<string, PracticeResult>} */
let results = new Map();
/** The kept progress, or null when the browser's storage cannot be used (said). @type {PracticeStore | null} */
let store = null;
let storeProblem = '';
/** The mistakes set kept from an earlier visit, if unfinished. @type {import('./practice-store.js').PracticeSet | null} */
let keptSet = null;
/** The FFO drills, once their files are read. @type {Drill[] | null} */
let drills = null;
let drillsProblem = '';
/** The practice's worker, started on first use. @type {EngineClient | null} */
let client = null;
/** Bumped at every new position: answers for an older one are dropped. */
let epoch = 0;
/** The clock of a drill's line being solved. @type {ReturnType<typeof setInterval> | null} */
let ticking = null;
/** The practice board's cells, only while a position is practised: the page's other
 * `[data-square]` cells are the game's board's (docs/testing.md).
 * @type {{grid: ReturnType<typeof createGrid>, cells: HTMLElement} | null} */
let cells = null;

/**
 * The practice section, made in the Study area and wired; its `render` is called with the page's.
 * @param {PracticePage} practicePage
 */
export function createPracticePanel(practicePage) {
  page = practicePage;
  section = studySection('study-practice', 'practice.title');
  ui = build(section);
  renderer = createRenderer(ui.canvas);
  ui.board.style.setProperty('--gutter', `${GUTTER * 100}%`);
  attachInput(ui.board, { onSquare, onUndo: () => {}, onRedo: () => {}, onToggleHints: () => {} }, { keyTarget: ui.board });
  // The page's shortcuts (U, R, H) are the game's: not while the focus is on the practice board.
  ui.board.addEventListener('keydown', (event) => event.stopPropagation());

  ui.mistakes.addEventListener('click', startMistakes);
  ui.drill.addEventListener('change', () => {
    const number = Number(ui.drill.value);
    ui.drill.value = '';
    const index = drills ? drills.findIndex((d) => d.number === number) : -1;
    if (drills && index >= 0) show({ set: 'drill', items: drills, at: index });
  });
  ui.answer.addEventListener('click', () => {
    if (session && !finished(session)) giveAnswer(session);
  });
  ui.next.addEventListener('click', () => {
    if (session && session.at + 1 < session.items.length) show({ set: session.set, items: session.items, at: session.at + 1 });
  });
  ui.stop.addEventListener('click', stop);

  PracticeStore.open().then(
    async (opened) => {
      store = opened;
      results = await opened.results();
      const kept = await opened.getSet('mistakes');
      // A set whose positions the engine refuses (a damaged record) is not offered; the next set
      // replaces it.
      keptSet = kept && kept.at < kept.items.length && kept.items.every(playable) ? kept : null;
      render();
    },
    (error) => {
      storeProblem = t('practice.noStore', { reason: error.message });
      render();
    },
  );
  loadDrills();
  return { render };
}

/** Whether the engine takes a kept position. @param {PracticeItem} item */
function playable(item) {
  try {
    Game.fromBoard(item.board).free();
    return item.kind === 'mistake' && Array.isArray(item.bestLine);
  } catch {
    return false;
  }
}

/** The drills from the four FFO files, served with the page. */
async function loadDrills() {
  try {
    const files = await Promise.all(
      FFO_FILES.map(async ({ file, first }) => {
        const response = await fetch(new URL(`../../data/${file}`, import.meta.url));
        if (!response.ok) throw new Error(`data/${file}: HTTP ${response.status}`);
        const found = parseDrills(await response.text(), file, first);
        if (!found.length) throw new Error(`data/${file}: no positions`);
        return found;
      }),
    );
    drills = files.flat();
  } catch (error) {
    drillsProblem = t('practice.noDrills', { reason: /** @type {Error} */ (error).message });
  }
  render();
}

/** The practice's worker, with the weights the AI's worker has (or fetching them). */
function worker() {
  client ??= new EngineClient({
    module: page.engines.module,
    ttMegabytes: PRACTICE_TT_MEGABYTES,
    files: { weights: page.engines.ai.fileCopy('weights'), book: 'none' },
  });
  return client;
}

function startMistakes() {
  const reviewed = page.review();
  if (reviewed) {
    const { startBoard, fullTranscript } = page.game();
    const items = mistakesOf(reviewed, startBoard, fullTranscript);
    if (items.length === 0) return;
    // The same mistakes as the set kept: go on where it was left.
    const same = keptSet && keptSet.items.map((i) => i.key).join() === items.map((i) => i.key).join();
    show({ set: 'mistakes', items, at: same && keptSet ? keptSet.at : 0 });
  } else if (keptSet) {
    show({ set: 'mistakes', items: keptSet.items, at: keptSet.at });
  }
}

/**
 * Shows a position to practise, and starts what judges it.
 * @param {{set: 'mistakes' | 'drill', items: PracticeItem[], at: number}} where
 */
function show({ set, items, at }) {
  stopWork();
  session?.game.free();
  const item = items[at];
  session = { set, items, at, game: Game.fromBoard(item.board), values: null, wrong: [], waiting: null, solvedAt: null, solvedWith: null, answered: false, line: null, solving: null, error: '' };
  const current = session;
  const shown = ++epoch;
  if (set === 'mistakes') keep({ id: 'mistakes', items, at, updated: Date.now() });
  if (item.values) {
    current.values = item.values;
  } else {
    // A set kept before reviews kept every move's score: the review's analysis of this one
    // position, the same numbers.
    worker()
      .reviewPart(item.board, '', page.options, 0)
      .then(
        (part) => {
          if (shown !== epoch) return;
          current.values = part.position.values;
          if (current.waiting) tryMove(current, current.waiting);
          render();
        },
        (error) => {
          if (shown !== epoch || error instanceof SearchCancelled) return;
          current.error = t('practice.checkFailed', { message: error.message });
          current.waiting = null;
          render();
        },
      );
  }
  render();
  // Upright, the practice has the screen (the style sheet unsticks the main board meanwhile).
  ui.area.scrollIntoView({ block: sideBySide.matches ? 'nearest' : 'start' });
}

/** Stops the worker's search and the clock of a line being solved. */
function stopWork() {
  epoch++;
  if (ticking !== null) clearInterval(ticking);
  ticking = null;
  client?.cancel();
}

function stop() {
  stopWork();
  session?.game.free();
  session = null;
  cells?.cells.remove();
  cells = null;
  render();
  if (!sideBySide.matches) section.scrollIntoView({ block: 'start' });
}

/** @param {import('./practice-store.js').PracticeSet} set */
function keep(set) {
  keptSet = set.at < set.items.length ? set : null;
  store?.putSet(set).catch((/** @type {Error} */ error) => {
    storeProblem = t('practice.noStore', { reason: error.message });
    render();
  });
}

/** @param {Session} s */
function finished(s) {
  return s.solvedAt !== null || s.answered;
}

/** A square of the practice board, tapped or chosen with the keyboard. @param {string} name */
function onSquare(name) {
  const s = session;
  if (!s || finished(s) || s.waiting) return;
  if (!s.game.legalMoves().includes(name)) {
    s.error = t('practice.notLegal', { square: name });
    render();
    return;
  }
  s.error = '';
  if (s.values) tryMove(s, name);
  else {
    s.waiting = name; // judged when the scores arrive
    render();
  }
}

/**
 * A move tried: right (within the tolerance of the best), or wrong (a second try, then the
 * answer).
 * @param {Session} s
 * @param {string} move
 */
function tryMove(s, move) {
  s.waiting = null;
  const item = s.items[s.at];
  const verdict = judge(/** @type {MoveValue[]} */ (s.values), move, item.kind === 'drill' ? 0 : MISTAKE_TOLERANCE);
  if (!verdict) {
    s.error = t('practice.notLegal', { square: move });
    render();
    return;
  }
  if (verdict.good) {
    s.solvedAt = s.wrong.length === 0 ? 1 : 2;
    s.solvedWith = move;
    s.game.play(move);
    if (s.game.mustPass) s.game.pass();
    record(item, s.solvedAt);
    render();
    return;
  }
  s.wrong.push({ move, discs: verdict.tried.discs, exact: verdict.tried.exact });
  if (s.wrong.length >= 2) giveAnswer(s);
  render();
}

/** The answer: the best move and its line, on the board and in words. @param {Session} s */
function giveAnswer(s) {
  const item = s.items[s.at];
  s.answered = true;
  record(item, null);
  if (item.kind === 'mistake') {
    s.line = item.bestLine;
  } else {
    // The drill's line, solved to the end by the worker (the best move is known already).
    const shown = epoch;
    const started = performance.now();
    s.solving = 0;
    ticking = setInterval(() => {
      if (s.solving !== null) s.solving = (performance.now() - started) / 1000;
      render();
    }, 1000);
    solvedLine(item.board).then(
      (line) => {
        if (shown !== epoch) return;
        s.line = line;
        s.solving = null;
        if (ticking !== null) clearInterval(ticking);
        ticking = null;
        render();
      },
      (error) => {
        if (shown !== epoch || error instanceof SearchCancelled) return;
        s.solving = null;
        s.error = t('practice.checkFailed', { message: error.message });
        render();
      },
    );
  }
  render();
}

/**
 * Perfect play from `board` to the end of the game: the solver's line, and where it stops short
 * (its table keeps no line in the last few moves), solved again from there.
 * @param {string} board
 * @returns {Promise<string[]>}
 */
async function solvedLine(board) {
  /** @type {string[]} */
  const line = [];
  const played = Game.fromBoard(board);
  try {
    while (!played.isGameOver && line.length < 60) {
      if (played.mustPass) {
        played.pass();
        line.push('pa');
        continue;
      }
      const result = await worker().search(played.board, { depth: 60, exactFromEmpties: 60, book: false });
      for (const move of result.pv.length ? result.pv : [result.move]) {
        if (played.isGameOver) break;
        if (move === 'pa') played.pass();
        else played.play(move);
        line.push(move);
      }
    }
  } finally {
    played.free();
  }
  return line;
}

/** @param {PracticeItem} item
 * @param {1 | 2 | null} solvedAt */
function record(item, solvedAt) {
  const before = results.get(item.key);
  /** @type {PracticeResult} */
  const result = { key: item.key, solvedAt, tries: (before?.tries ?? 0) + 1, updated: Date.now() };
  results.set(item.key, result);
  store?.putResult(result).catch((/** @type {Error} */ error) => {
    storeProblem = t('practice.noStore', { reason: error.message });
    render();
  });
  const s = session;
  if (s && s.set === 'mistakes') keep({ id: 'mistakes', items: s.items, at: s.at + 1, updated: Date.now() });
}

/** A move's value as a player reads it: its side's score ("Black +4") and "(exact)".
 * @param {number} discs for the side to move
 * @param {boolean} exact
 * @param {Side} side */
function scoreText(discs, exact, side) {
  return `${sideScore(forBlack(discs, side), exact, scoreWords())} ${t(exact ? 'review.exact' : 'review.estimate')}`;
}

/** @param {string} move */
const moveName = (move) => (move === 'pa' ? t('move.pass') : move);

/** What the practice says about the position shown: the task, then how it goes. */
function promptText(/** @type {Session} */ s) {
  const item = s.items[s.at];
  const side = sideName(item.toMove);
  if (item.kind === 'mistake') {
    return t('practice.mistakePrompt', {
      n: s.at + 1,
      total: s.items.length,
      move: item.ply + 1,
      side,
      played: moveName(item.played),
      loss: lossText(item.loss, item.exact, scoreWords()),
      tolerance: MISTAKE_TOLERANCE,
    });
  }
  return t('practice.drillPrompt', { number: item.number, empties: item.empties, side });
}

/** The latest wrong move's value (the earlier ones stay on their squares), or the right one;
 * then the answer, once given. */
function feedbackText(/** @type {Session} */ s) {
  const item = s.items[s.at];
  const parts = [];
  const wrong = s.wrong[s.wrong.length - 1];
  if (s.solvedAt !== null && s.values) {
    const move = /** @type {string} */ (s.solvedWith);
    const verdict = judge(s.values, move, 0);
    if (verdict) {
      const key = s.solvedAt === 1 ? 'practice.rightFirst' : 'practice.rightSecond';
      parts.push(t(key, { move, score: scoreText(verdict.tried.discs, verdict.tried.exact, item.toMove), best: scoreText(verdict.best.discs, verdict.best.exact, item.toMove) }));
    }
  } else if (wrong && s.values) {
    const verdict = judge(s.values, wrong.move, 0);
    const loss = verdict ? lossText(verdict.loss, wrong.exact, scoreWords()) : '';
    parts.push(t(finished(s) ? 'practice.wrong' : 'practice.wrongAgain', { move: wrong.move, score: scoreText(wrong.discs, wrong.exact, item.toMove), loss }));
  }
  if (s.answered) parts.push(answerText(s));
  return parts.join(' ');
}

function answerText(/** @type {Session} */ s) {
  const item = s.items[s.at];
  if (item.kind === 'mistake') {
    const score = `${sideScore(item.scoreBlack, item.scoreExact, scoreWords())} ${t(item.scoreExact ? 'review.exact' : 'review.estimate')}`;
    return t('practice.answer', { move: moveName(item.bestLine[0] ?? ''), score, line: item.bestLine.map(moveName).join(' ') });
  }
  const best = bestMoves(item.values);
  const score = scoreText(Math.max(...item.values.map((v) => v.discs)), true, item.toMove);
  const moves = best.join(t('practice.or'));
  if (s.line) return t('practice.answer', { move: moves, score, line: s.line.map(moveName).join(' ') });
  if (s.solving !== null) return t('practice.answerSolving', { move: moves, score, seconds: num(s.solving, 0) });
  return t('practice.answerNoLine', { move: moves, score });
}

/** The results of a set of positions: solved at the first try, at the second, answers shown.
 * @param {PracticeItem[]} items */
function tally(items) {
  const done = items.map((i) => results.get(i.key)).filter((r) => r !== undefined);
  return {
    tried: done.length,
    first: done.filter((r) => r.solvedAt === 1).length,
    second: done.filter((r) => r.solvedAt === 2).length,
  };
}

/** The board's marks: the moves tried (their value for the mover), then, with the answer, the
 * line numbered from its first move (ringed in gold). */
function marks(/** @type {Session} */ s) {
  /** @type {{square: number, text: string, best: boolean, label: string}[]} */
  const shown = [];
  const item = s.items[s.at];
  if (s.answered && !s.line && item.kind === 'drill') {
    // The line is being solved: its first move (any of the best) already known.
    for (const move of bestMoves(item.values)) shown.push({ square: squareIndex(move), text: '1', best: true, label: t('practice.lineLabel', { n: 1 }) });
  }
  if (s.answered && s.line) {
    const taken = new Set();
    let n = 0;
    for (const move of s.line) {
      n++;
      if (move === 'pa' || taken.has(move)) continue;
      taken.add(move);
      shown.push({ square: squareIndex(move), text: String(n), best: n === 1, label: t('practice.lineLabel', { n }) });
    }
  }
  for (const wrong of s.wrong) {
    if (shown.some((m) => m.square === squareIndex(wrong.move))) continue;
    shown.push({ square: squareIndex(wrong.move), text: signedDiscs(wrong.discs, wrong.exact, scoreWords()), best: false, label: t('practice.triedLabel', { score: scoreText(wrong.discs, wrong.exact, item.toMove) }) });
  }
  return shown;
}

function renderBoard(/** @type {Session} */ s) {
  const squares = s.game.squares();
  const open = !finished(s) && !s.waiting;
  const legal = open ? s.game.legalMoves().map(squareIndex) : [];
  const hints = marks(s);
  const last = s.solvedWith ? squareIndex(s.solvedWith) : -1;
  renderer.draw({ squares, legal, moverColor: s.game.sideToMove, lastMove: last, hints, animation: null });
  if (!cells) {
    const container = document.createElement('div');
    container.className = 'board-grid';
    ui.board.append(container);
    cells = { grid: createGrid(container, { onActivate: onSquare, labels: gridLabels() }), cells: container };
  }
  cells.grid.setLabels(gridLabels());
  cells.grid.update({ squares, legal: new Set(legal), hints: new Map(hints.map((h) => [h.square, { label: h.label, best: h.best }])) });
  ui.board.dataset.solved = s.solvedAt === null ? (s.answered ? 'answer' : '') : String(s.solvedAt);
}

function render() {
  setText(ui.intro, t('practice.intro', { loss: PRACTICE_LOSS }));

  const reviewed = page.review();
  const count = reviewed ? reviewed.moves.filter(worthPractising).length : 0;
  if (reviewed) {
    setText(ui.mistakes, t('practice.mistakes', { n: count }));
    ui.mistakes.disabled = count === 0;
  } else if (keptSet) {
    setText(ui.mistakes, t('practice.continue', { n: keptSet.items.length - keptSet.at }));
    ui.mistakes.disabled = false;
  } else {
    setText(ui.mistakes, t('practice.mistakesNoReview'));
    ui.mistakes.disabled = true;
  }
  setText(ui.drillLabel, t('practice.drills'));
  renderDrillMenu();

  const s = session;
  ui.area.hidden = !s;
  document.documentElement.toggleAttribute('data-practising', Boolean(s));
  if (s) {
    const item = s.items[s.at];
    setText(ui.prompt, promptText(s));
    renderBoard(s);
    const checking = Boolean(s.waiting) || s.solving !== null;
    ui.checking.hidden = !checking;
    setText(ui.feedback, s.error || (s.waiting ? t('practice.checking', { move: s.waiting }) : feedbackText(s)));
    ui.answer.hidden = finished(s);
    setText(ui.answer, t('practice.showAnswer'));
    ui.next.hidden = !(finished(s) && s.at + 1 < s.items.length);
    setText(ui.next, t(item.kind === 'drill' ? 'practice.nextDrill' : 'practice.next'));
    setText(ui.stop, t('practice.stop'));
  }

  const lines = [];
  if (s && s.set === 'mistakes') {
    const figures = tally(s.items);
    lines.push(t('practice.tallyMistakes', { ...figures, total: s.items.length }));
    if (finished(s) && s.at + 1 >= s.items.length) lines.push(t('practice.lastOne'));
  }
  if (drills) {
    const figures = tally(drills);
    if (figures.tried > 0) lines.push(t('practice.tallyDrills', { ...figures, total: drills.length }));
  }
  if (storeProblem) lines.push(storeProblem);
  if (drillsProblem) lines.push(drillsProblem);
  setText(ui.record, lines.join(' '));
}

/** The drills' menu, by number, with their empties and how they went. */
function renderDrillMenu() {
  ui.drill.disabled = !drills;
  const options = [t('practice.choose'), ...(drills ?? []).map((d) => {
    const result = results.get(d.key);
    const how = result ? ` · ${t(result.solvedAt === 1 ? 'practice.markFirst' : result.solvedAt === 2 ? 'practice.markSecond' : 'practice.markAnswer')}` : '';
    return `#${d.number} · ${t('practice.empties', { n: d.empties })} · ${sideName(d.toMove)}${how}`;
  })];
  const signature = options.join('\n');
  if (ui.drill.dataset.signature === signature) return;
  ui.drill.dataset.signature = signature;
  ui.drill.replaceChildren(
    ...options.map((text, i) => {
      const option = document.createElement('option');
      option.value = i === 0 ? '' : String(/** @type {Drill[]} */ (drills)[i - 1].number);
      option.textContent = text;
      return option;
    }),
  );
}

/**
 * The practice section's elements, made once.
 * @param {HTMLElement} section
 */
function build(section) {
  const make = (/** @type {string} */ tag, /** @type {string} */ testid, /** @type {string} */ className = '') => {
    const element = document.createElement(tag);
    if (testid) element.dataset.testid = testid;
    if (className) element.className = className;
    return element;
  };
  const intro = make('p', '', 'practice-intro');
  const mistakes = /** @type {HTMLButtonElement} */ (make('button', 'practice-mistakes'));
  mistakes.type = 'button';
  const drillLabel = make('span', '');
  const drill = /** @type {HTMLSelectElement} */ (make('select', 'practice-drill'));
  // Disabled until the drills have arrived and filled it.
  drill.disabled = true;
  mistakes.disabled = true;
  const label = document.createElement('label');
  label.append(drillLabel, ' ', drill);
  const controls = make('div', '', 'controls');
  controls.append(mistakes, label);

  const area = make('div', 'practice-area', 'practice-area');
  const prompt = make('p', 'practice-prompt', 'practice-prompt');
  const board = make('div', 'practice-board', 'practice-board');
  const canvas = /** @type {HTMLCanvasElement} */ (make('canvas', ''));
  canvas.setAttribute('aria-hidden', 'true');
  board.append(canvas);
  const checking = /** @type {HTMLProgressElement} */ (make('progress', 'practice-checking'));
  const feedback = make('p', 'practice-feedback', 'practice-feedback');
  feedback.setAttribute('aria-live', 'polite');
  const answer = /** @type {HTMLButtonElement} */ (make('button', 'practice-answer'));
  const next = /** @type {HTMLButtonElement} */ (make('button', 'practice-next'));
  const stop = /** @type {HTMLButtonElement} */ (make('button', 'practice-stop'));
  for (const button of [answer, next, stop]) button.type = 'button';
  const actions = make('div', '', 'controls');
  actions.append(answer, next, stop);
  area.append(prompt, board, checking, feedback, actions);
  area.hidden = true;
  const record = make('p', 'practice-record', 'practice-record');
  record.setAttribute('aria-live', 'polite');
  section.append(intro, controls, area, record);
  return { intro, mistakes, drillLabel, drill, area, prompt, board, canvas, checking, feedback, answer, next, stop, record };
}
