// The application: state, the rules of turn-taking between humans and the AI, and the wiring of
// the modules. Every change goes through `changed()`, which saves, redraws from state and starts
// whatever comes next (the AI's move or the hints).

import init, * as wasm from '../pkg/reversi.js';
import { Game, Searcher, levels, recogniseText, ggfDetails, openingName, openingLines } from '../pkg/reversi.js';
import { ENGINE_WASM } from '../common/engine-wasm.js';
import { createRenderer, GUTTER } from '../common/render.js';
import { createGrid } from '../common/grid.js';
import { attachInput } from '../common/input.js';
import { EngineClient, SearchCancelled } from '../common/engine-client.js';
import * as storage from './storage.js';
import { excerpt, bounded } from './messages.js';
import { sideScore, signedDiscs, forBlack } from '../common/score-text.js';
import { squareIndex, capitalize, opponentOf } from '../common/squares.js';

/** Every tunable of the page, in one place. */
export const config = {
  players: { black: 'human', white: 'ai' },
  level: 4,
  /** Transposition table of the AI worker (MiB). */
  ttMegabytes: 32,
  /** Hints are a shallower search than the AI's: they must appear while the player thinks. Both
   * strengths use the strongest evaluation the page has (the pattern evaluation once its weights
   * have arrived); `hintOptions` is the strength chosen. */
  hintStrengths: {
    quick: { depth: 6, exactFromEmpties: 14, timeMs: 3000, evaluation: 'pattern' },
    deep: { depth: 12, exactFromEmpties: 20, timeMs: 10000, evaluation: 'pattern' },
  },
  hintOptions: null,
  /** The AI's move on several workers (parallel-search.js). Off: the split search is right
   * (tests/e2e/parallel.test.js) but not yet faster than one worker at a fixed depth (make bench:
   * 0.6–1.15 times on two workers), so the AI's move is searched by one; deep hints and the review
   * use every worker the setting allows. */
  splitAiSearch: false,
  /** The AI waits at least this long before moving, so that a human sees the position change. */
  aiMinimumDelayMs: 300,
  /** The review searches every position this deep, and solves it exactly from this many empty
   * squares (see the README for the time it takes). */
  reviewOptions: { depth: 8, exactFromEmpties: 18 },
  /** The review's worker has tables of its own, so that playing on does not wait for it. */
  reviewTtMegabytes: 16,
};

const state = {
  /** @type {Game} */
  game: null,
  players: { ...config.players },
  level: config.level,
  hintsOn: false,
  /** Hints for the position shown, best first: [{move, score, exact, unknown, scoreText}], or null
   * until they arrive. `unknown`: the search had no time for that move, so it has no score. */
  hints: null,
  /** AI search in progress: {depth, nodes, pv, scoreText} or null. */
  thinking: null,
  /** The move just played, animated once: {placed, flipped, startedAt}. */
  animation: null,
  status: '',
  error: '',
  notice: '',
  /** The review of the record: {key, running, done, total, result, elapsedMs} or null. `key`
   * names the record reviewed; a review of another record is dropped. */
  review: null,
  /** What an imported GGF record says besides its moves ({black, white, result, evaluations,
   * key}: `key` names the record as imported), or null. */
  record: null,
  /** A loaded game is shown, not continued: the AI waits until the player chooses to play on
   * (or plays a move). */
  viewing: false,
  /** The game clock ({clock} from clock.js), or null for a game without one. */
  clock: null,
  /** Settings kept across games: hint strength, board flipped, sound. */
  settings: { hintStrength: 'quick', flipped: false, sound: false, workers: maxWorkers() },
  /** Bumped on every change; async answers for an older epoch are dropped. */
  epoch: 0,
};

const $ = (id) => document.getElementById(id);
let renderer;
let grid;
let engine;
/** The AI's extra workers (see aiClients: deep hints, and the AI's move when config.splitAiSearch
 * is on), and the search that shares work out among them (parallel-search.js, loaded on first use). */
const helperEngines = [];
let parallelSearch = null;
/** The compiled engine, shared by every worker. */
let wasmModule;
/** The review's engine, started on the first review. */
let reviewEngine = null;
/** The review's extra workers when the AI may use several (see reviewClients). */
const reviewHelpers = [];
// Loaded on first use, so that they are not part of the first load: the review's view
// (review.js, once a review is asked for), the evaluation panel (evaluation.js, once opened) and
// the move sound (sound.js, once switched on).
/** @type {typeof import('./review.js') | null} set before any review result is kept */
let reviewView = null;
let reviewViewLoading = null;
/** @type {ReturnType<typeof import('./evaluation.js').createEvaluationPanel> | null} */
let evaluationPanel = null;
let evaluationPanelLoading = null;
/** The last word from the AI worker about the weights, for a panel created after it. */
let weightsEvent = null;
/** clock.js, loaded when a game has a clock (the address's, a saved game's, or New game with
 * one): most games have none. `state.clock` is only ever set once it is here. */
let clockModule = null;
const loadClockModule = () => import('./clock.js').then((module) => (clockModule = module));
/** A reader of the opening book on the page's thread (where the game left it), once it arrived. */
let bookReader = null;
let bookPlyCache = { key: '', ply: null };
/** The standard start position as board text. */
let START_BOARD = '';

// ---------------------------------------------------------------------------------------------
// Derived facts

const humanColors = () => ['black', 'white'].filter((c) => state.players[c] === 'human');
/** Over on the board, or on time. */
const isFinished = () => state.game.isGameOver || Boolean(state.clock && state.clock.flagged);
const isHumanTurn = () => !isFinished() && state.players[state.game.sideToMove] === 'human';
/** The AI moves only at the end of the record (with a redo line, the player is looking back) and
 * not while a loaded record is being shown. */
const isAiTurn = () =>
  !isFinished() && !state.viewing && !state.game.canRedo && state.players[state.game.sideToMove] === 'ai';

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function resultText() {
  const flagged = state.clock && state.clock.flagged;
  if (flagged) return `Game over: ${capitalize(flagged)} ran out of time — ${capitalize(opponentOf(flagged))} wins on time`;
  const { scoreBlack: b, scoreWhite: w, winner } = state.game;
  if (winner === 'draw') return `Game over: a draw, ${b}–${w}`;
  const [high, low] = winner === 'black' ? [b, w] : [w, b];
  return `Game over: ${capitalize(winner)} wins ${high}–${low}`;
}

// ---------------------------------------------------------------------------------------------
// Changing the game

function announce(text) {
  state.status = text;
}

/** Passes for a side with no move (recorded, and announced), and notes the end of the game. */
function settleForcedPasses() {
  const notes = [];
  if (state.game.mustPass) {
    const side = state.game.sideToMove;
    state.game.pass();
    notes.push(`${capitalize(side)} has no move — ${capitalize(opponentOf(side))} plays again`);
  }
  // The result itself is the turn line's (said once, not twice).
  return notes;
}

function playMove(move) {
  const mover = state.game.sideToMove;
  let flipped;
  try {
    flipped = state.game.play(move);
  } catch (error) {
    showError(error.message);
    return false;
  }
  // A move played by hand is a new decision: the old redo line no longer follows from it, and the
  // AI only answers at the end of the record. Playing a move in a loaded record plays on from it.
  state.game.discardRedo();
  state.viewing = false;
  if (state.clock) state.clock.moved(mover, performance.now());
  if (state.settings.sound) playSound(flipped.length);
  state.error = '';
  state.animation = { placed: squareIndex(move), flipped: flipped.map(squareIndex), startedAt: performance.now() };
  const notes = [`${capitalize(mover)} played ${move}, ${plural(flipped.length, 'disc')} flipped`];
  notes.push(...settleForcedPasses());
  announce(notes.join('. ') + '.');
  changed();
  return true;
}

function onSquare(name) {
  if (!isHumanTurn()) return;
  if (!state.game.legalMoves().includes(name)) {
    // Not an error worth a message: a tap beside the markers. Say why for screen-reader users.
    announce(`${name} is not a legal move.`);
    render();
    return;
  }
  playMove(name);
}

function undo() {
  const game = state.game;
  if (!game.canUndo) return;
  game.undo();
  // Back to the human's previous turn: skip the AI's moves and forced passes.
  if (humanColors().length > 0) {
    while (game.canUndo && (state.players[game.sideToMove] !== 'human' || game.mustPass)) game.undo();
    // No earlier human turn (the AI opened the game): let the AI choose again.
    if (state.players[game.sideToMove] !== 'human') game.discardRedo();
  }
  state.animation = null;
  announce('Move taken back.');
  changed();
}

function redo() {
  const game = state.game;
  if (!game.canRedo) return;
  game.redo();
  if (humanColors().length > 0) {
    while (game.canRedo && (state.players[game.sideToMove] !== 'human' || game.mustPass)) game.redo();
  }
  state.animation = null;
  announce('Move replayed.');
  changed();
}

function goToPly(ply) {
  try {
    state.game.goTo(ply);
  } catch (error) {
    showError(error.message);
    return;
  }
  state.animation = null;
  const total = state.game.moves.length;
  announce(ply === total ? `Back at the latest position.` : `Showing the position after move ${ply} of ${total}.`);
  changed();
}

function newGame(game = new Game(), message = 'New game.', { viewing = false, clockSpec = null } = {}) {
  cancelAi();
  engine.clear();
  for (const helper of helperEngines) helper.clear();
  state.game = game;
  state.viewing = viewing;
  state.clock = clockSpec ? clockModule.createClock(clockSpec, performance.now()) : null;
  state.animation = null;
  state.error = '';
  const notes = settleForcedPasses();
  announce([message.replace(/\.$/, ''), ...notes].join('. ') + '.');
  changed();
}

function showError(message) {
  state.error = message;
  render();
}

// ---------------------------------------------------------------------------------------------
// After every change: save, draw, then start what comes next

function changed() {
  state.epoch++;
  if (state.review && !stillApplies(state.review.key)) dropReview();
  state.hints = null;
  state.thinking = null;
  cancelAi();
  runClock();
  saveGame();
  render();
  startNext();
}

/** The clock runs for the side to move at the latest position of a game in play; it stops while
 * a loaded record is shown, while the player looks back through the moves, and at the end. */
function runClock() {
  const clock = state.clock;
  if (!clock) return;
  const live = !isFinished() && !state.viewing && !state.game.canRedo;
  clock.run(live ? state.game.sideToMove : null, performance.now());
}

/** Ten times a second while a clock runs: redraw it, and end the game when a flag falls. */
function tickClock() {
  const clock = state.clock;
  if (!clock || !clock.running) return;
  const side = clock.running;
  if (clock.check(performance.now())) {
    announce(`${capitalize(side)}'s time ran out.`);
    changed();
    return;
  }
  renderClocks();
}

/** The AI's time for this move under the game clock: the engine's plan for the time left. */
function clockBudgetMs(side) {
  const clock = state.clock;
  const left = clock.left(side, performance.now());
  const empties = state.game.squares().filter((v) => v === 0).length;
  if (typeof wasm.moveBudgetMs === 'function') return wasm.moveBudgetMs(Math.max(0, left), clock.spec.incrementMs, empties);
  return Math.max(20, Math.floor(left / Math.max(4, empties / 2 + 4)));
}

/** The most workers the AI may use: one core is left to the page, at most 8. */
function maxWorkers() {
  return Math.max(1, Math.min(8, (navigator.hardwareConcurrency || 2) - 1));
}

/** The AI's workers for a search: the usual one, and as many more as the setting allows, started
 * on first use with copies of the files the first has (they need no book: the first answers it). */
function aiClients() {
  return withHelpers(engine, helperEngines, () =>
    new EngineClient({ module: wasmModule, ttMegabytes: config.ttMegabytes, files: { weights: engine.fileCopy('weights'), book: 'none' } }),
  );
}

/** `first` and as many of `helpers` as the workers setting allows (started by `makeHelper` when
 * more are wanted than there are). */
function withHelpers(first, helpers, makeHelper) {
  const wanted = Math.max(1, Math.min(state.settings.workers || 1, 8));
  while (helpers.length < wanted - 1) helpers.push(makeHelper());
  return [first, ...helpers.slice(0, wanted - 1)];
}

/** Levels 7–9 think for seconds: worth sharing out among workers once that pays (see
 * config.splitAiSearch). */
function searchesInParallel(level) {
  return config.splitAiSearch && level >= 7 && (state.settings.workers || 1) > 1;
}

function loadParallelSearch() {
  parallelSearch ||= import('../common/parallel-search.js').then(({ ParallelSearch }) => new ParallelSearch({ clients: aiClients }));
  return parallelSearch;
}

function cancelAi() {
  engine.cancel();
  for (const helper of helperEngines) helper.cancel();
}

function hintOptions() {
  return config.hintOptions || config.hintStrengths[state.settings.hintStrength] || config.hintStrengths.quick;
}

function startNext() {
  const epoch = state.epoch;
  if (isAiTurn()) {
    state.thinking = { depth: 0, nodes: 0, pv: [], scoreText: '' };
    renderThinking();
    const seed = Math.floor(Math.random() * 2 ** 32);
    const options = { level: state.level, seed };
    let delay = config.aiMinimumDelayMs;
    if (state.clock) {
      // Under a clock the AI plans its own time: never more than its level would take anyway.
      const budget = clockBudgetMs(state.game.sideToMove);
      const levelTime = levels()[state.level - 1]?.timeMs;
      options.timeMs = Math.max(1, Math.floor(levelTime ? Math.min(levelTime, budget) : budget));
      delay = Math.min(delay, options.timeMs / 4);
    }
    const onProgress = (progress) => {
      if (epoch !== state.epoch) return;
      state.thinking = progress;
      renderThinking();
    };
    const board = state.game.board;
    const search = searchesInParallel(state.level)
      ? loadParallelSearch().then((parallel) => parallel.search(board, options, onProgress))
      : engine.search(board, options, onProgress);
    const pause = new Promise((resolve) => setTimeout(resolve, delay));
    Promise.all([search, pause]).then(
      ([result]) => {
        if (epoch !== state.epoch) return;
        state.thinking = null;
        playMove(result.move);
      },
      (error) => {
        if (error instanceof SearchCancelled || epoch !== state.epoch) return;
        state.thinking = null;
        showError(`The AI failed: ${error.message}`);
      },
    );
  } else if (state.hintsOn && isHumanTurn()) {
    // Deep hints think for seconds: shared out among the AI's workers when there are several.
    const board = state.game.board;
    const parallel = state.settings.hintStrength === 'deep' && (state.settings.workers || 1) > 1 && !config.hintOptions;
    const hints = parallel ? loadParallelSearch().then((p) => p.analyze(board, hintOptions())) : engine.analyze(board, hintOptions());
    hints.then(
      (hints) => {
        if (epoch !== state.epoch) return;
        state.hints = hints;
        render();
      },
      (error) => {
        if (!(error instanceof SearchCancelled) && epoch === state.epoch) showError(`Hints failed: ${error.message}`);
      },
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Review: every position scored in a worker of its own, so that the page and the AI stay free

/** The record a review belongs to: its start and every move (the redo line included). */
function recordKey() {
  return `${state.game.startBoard}|${state.game.fullTranscript}`;
}

/** True while the game shown still begins with the record `key` names: moves played on after a
 * review keep it (they are simply not reviewed); changing or taking back a reviewed move drops it. */
function stillApplies(key) {
  return recordKey().startsWith(key);
}

/** The finished review of the record shown (or of its first moves), or null. */
function currentReview() {
  const review = state.review;
  return review && !review.running && stillApplies(review.key) ? review.result : null;
}

function startReview() {
  if ((state.review && state.review.running) || state.game.moves.length === 0) return;
  if (!reviewEngine) {
    // The AI's worker has usually fetched the weights already: the review's worker gets a copy.
    reviewEngine = new EngineClient({
      module: wasmModule,
      ttMegabytes: config.reviewTtMegabytes,
      files: { weights: engine.fileCopy('weights'), book: engine.fileCopy('book') },
    });
  }
  const key = recordKey();
  const startedAt = performance.now();
  state.review = { key, running: true, done: 0, total: state.game.moves.length + 1, result: null };
  announce('Reviewing the game…');
  render();
  const onProgress = ({ done, total }) => {
    if (!state.review || state.review.key !== key) return;
    Object.assign(state.review, { done, total });
    renderReview();
  };
  const { startBoard, fullTranscript } = state.game;
  // Its positions shared out among as many workers as the AI may use (the same review with one).
  const scored = import('../common/parallel-search.js').then(({ reviewInParallel }) =>
    reviewInParallel(reviewClients(), startBoard, fullTranscript, config.reviewOptions, onProgress),
  );
  // The view's module loads while the worker reviews: a result is only kept once it can be shown.
  reviewViewLoading ||= import('./review.js').then((module) => (reviewView = module));
  Promise.all([scored, reviewViewLoading]).then(
    ([result]) => {
      if (!state.review || state.review.key !== key) return;
      const elapsedMs = performance.now() - startedAt;
      state.review = { key, running: false, result, elapsedMs };
      document.documentElement.dataset.reviewMs = String(Math.round(elapsedMs));
      announce(reviewView.summaryText(result, bookPly()));
      render();
    },
    (error) => {
      if (error instanceof SearchCancelled) return;
      state.review = null;
      showError(`The review failed: ${error.message}`);
    },
  );
}

/** The review's workers: its own, and more up to the AI's number of workers, each with copies of
 * the weights and the book. */
function reviewClients() {
  const copy = (name) => reviewEngine.fileCopy(name) ?? engine.fileCopy(name);
  return withHelpers(reviewEngine, reviewHelpers, () =>
    new EngineClient({ module: wasmModule, ttMegabytes: config.reviewTtMegabytes, files: { weights: copy('weights'), book: copy('book') } }),
  );
}

/** Forgets the review (stopping it if it runs): the record changed, or the player cancelled. */
function dropReview() {
  if (state.review && state.review.running) {
    reviewEngine.cancel();
    for (const helper of reviewHelpers) helper.cancel();
  }
  state.review = null;
}

function cancelReview() {
  if (!state.review || !state.review.running) return;
  dropReview();
  announce('Review cancelled.');
  render();
}

/** A point of the graph, hovered, clicked or tapped: the board shows that position. */
function onGraphPoint(ply) {
  if (ply !== state.game.ply) goToPly(ply);
}

// ---------------------------------------------------------------------------------------------
// Records: export (the review's scores go into GGF), import details of GGF

/** The imported record's details while the game still begins with it. */
function importedRecord() {
  return state.record && stillApplies(state.record.key) ? state.record : null;
}

/** Whether moves were played on after the imported record's last move. */
function playedPastRecord(record) {
  return recordKey() !== record.key;
}

/** The name of the player of `color` as the page and an export give it: an imported record's
 * player for the record's moves, and who played on after it ("Ann, then AI level 4"). */
function playerName(color) {
  const own = state.players[color] === 'ai' ? `AI level ${state.level}` : 'Human';
  const record = importedRecord();
  if (!record || !record[color]) return own;
  if (!playedPastRecord(record)) return record[color];
  // Did `color` play any move after the record? Passes are written as moves, so sides alternate.
  const recordMoves = record.key.split('|')[1].length / 2;
  const playedAfter = state.game.moves.slice(recordMoves).some((_, i) => moverOf(recordMoves + i) === color);
  return playedAfter ? `${record[color]}, then ${own}` : record[color];
}

/** The exported text of the format chosen. */
function exportText(format) {
  const review = currentReview();
  if (format === 'ggf') {
    // GGF scores are the mover's; the review's are Black's. Without a review, an imported
    // record's own scores are kept, for its own moves only. Its result stands only while the
    // game is the record itself: moves played on after it are not the original players'.
    const record = importedRecord();
    let evaluations = [];
    if (review) evaluations = review.moves.map((m) => (m.mover === 'black' ? m.scoreBlack : -m.scoreBlack));
    else if (record) evaluations = record.evaluations.map((e) => (e === null ? NaN : e));
    const result = record && record.result && !playedPastRecord(record) ? record.result : undefined;
    const place = 'Othello in the browser';
    return state.game.toGgf(playerName('black'), playerName('white'), Float64Array.from(evaluations), result, Date.now(), place);
  }
  if (format === 'obf') {
    // An OBF solution is exact: written only when the review solved this position.
    const position = review && review.positions[state.game.ply];
    if (position && position.exact && position.bestLine.length) {
      const score = position.toMove === 'black' ? position.scoreBlack : -position.scoreBlack;
      return state.game.toObf(position.bestLine[0], Math.round(score));
    }
    return state.game.toObf(undefined, undefined);
  }
  return state.game.fullTranscript;
}

const EXPORT_FILES = { ggf: ['othello.ggf', 'application/x-ggf'], transcript: ['othello.txt', 'text/plain'], obf: ['othello-position.obf', 'text/plain'] };

function exportRecord() {
  const format = $('export-format').value;
  const output = $('export-output');
  output.value = exportText(format);
  output.dataset.format = format;
  output.hidden = false;
  $('export-actions').hidden = false;
  const what = $('export-format').selectedOptions[0].textContent;
  state.notice = `${what} below${format === 'ggf' && currentReview() ? ', with the review\'s scores' : ''}: Copy or Download it.`;
  render();
}

async function copyExport() {
  const output = $('export-output');
  try {
    await navigator.clipboard.writeText(output.value);
    state.notice = 'Copied.';
  } catch {
    output.focus({ preventScroll: true });
    output.select();
    state.notice = 'The browser did not allow copying: the text is selected, press Ctrl+C.';
  }
  render();
}

function downloadExport() {
  const output = $('export-output');
  const [name, type] = EXPORT_FILES[output.dataset.format] || EXPORT_FILES.transcript;
  const url = URL.createObjectURL(new Blob([output.value + '\n'], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  state.notice = `Saved as ${name}.`;
  render();
}

function saveGame() {
  if (state.clock) state.clock.settle(performance.now());
  storage.save({
    startBoard: state.game.startBoard,
    moves: state.game.fullTranscript,
    ply: state.game.ply,
    players: state.players,
    level: state.level,
    hints: state.hintsOn,
    viewing: state.viewing,
    record: state.record,
    clock: state.clock ? state.clock.toJSON() : null,
  });
}

// ---------------------------------------------------------------------------------------------
// Rendering: a function of state

function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function setMessage(element, text) {
  setText(element, bounded(text));
  element.hidden = !text;
}

/** A search's score (discs for `side`, the side to move) as players read it everywhere. */
function searchScore(result, side) {
  if (typeof result.discs !== 'number') return result.scoreText || '';
  return sideScore(forBlack(result.discs, side), result.exact);
}

function renderThinking() {
  const t = state.thinking;
  const element = $('thinking');
  // Hidden by visibility, not removed, and two lines high whatever it says (see the style sheet),
  // so that the panel does not jump at every AI move.
  element.classList.toggle('idle', !t);
  $('status').classList.toggle('covered', Boolean(t));
  if (!t) {
    setText(element, '');
    return;
  }
  const side = state.game.sideToMove;
  const parts = [`${capitalize(side)} (AI) is thinking`];
  if (t.depth) {
    parts.push(`depth ${t.depth}`, `${t.nodes.toLocaleString('en')} nodes`);
    const score = searchScore(t, side);
    if (score) parts.push(score);
    if (t.pv && t.pv.length) parts.push(`line ${t.pv.join(' ')}`);
  }
  setText(element, parts.join(' · '));
}

function hintList() {
  if (!state.hints || !isHumanTurn()) return [];
  // Hints come best first, unknown ones last: the best is the first known score. A move without
  // a score is never the best, whatever the others are. The square shows the mover's discs
  // ("+2.4": what the move is worth to the player), the label the same score with its side.
  const side = state.game.sideToMove;
  const firstKnown = state.hints.find((h) => !h.unknown);
  return state.hints.map((h) => {
    const known = !h.unknown;
    const number = known && typeof h.discs === 'number' ? signedDiscs(h.discs, h.exact) : h.scoreText;
    return {
      square: squareIndex(h.move),
      text: known ? number : '?',
      label: known ? `score ${searchScore(h, side)}${h.book ? ', book move' : ''}` : 'score unknown',
      best: known && h === firstKnown,
      exact: h.exact,
      book: Boolean(h.book),
    };
  });
}

/** The square the finished review names best in the position shown, or -1. */
function reviewBestMove() {
  const position = currentReview()?.positions[state.game.ply];
  const best = position && position.bestLine[0];
  return best && best !== 'pa' ? squareIndex(best) : -1;
}

function render() {
  const game = state.game;
  const squares = game.squares();
  const humanTurn = isHumanTurn() && !state.thinking;
  const legal = humanTurn ? game.legalMoves().map(squareIndex) : [];
  const hints = hintList();
  const bestMove = reviewBestMove();

  renderer.draw({
    squares,
    legal,
    moverColor: game.sideToMove,
    lastMove: game.lastMove ? squareIndex(game.lastMove) : -1,
    hints,
    bestMove,
    animation: state.animation,
    flipped: state.settings.flipped,
  });
  grid.update({
    squares,
    legal: new Set(legal),
    hints: new Map(hints.map((h) => [h.square, { label: h.label, best: h.best }])),
    bestMove,
    flipped: state.settings.flipped,
  });

  const finished = isFinished();
  setText($('score-black'), String(game.scoreBlack));
  setText($('score-white'), String(game.scoreWhite));
  for (const color of ['black', 'white']) {
    const name = playerName(color);
    setText($(`player-${color}`), name);
    $(`player-${color}`).title = name;
    $(`score-box-${color}`).classList.toggle('to-move', !finished && game.sideToMove === color);
  }
  renderClocks();
  let turn;
  if (finished) turn = resultText();
  else if (state.viewing && !isHumanTurn()) turn = `Loaded game shown: ${capitalize(game.sideToMove)} (AI) to move — press Play on to let it move`;
  else if (isHumanTurn()) turn = `${capitalize(game.sideToMove)} to move${humanColors().length === 1 ? ' (you)' : ''}`;
  else if (game.canRedo) turn = `${capitalize(game.sideToMove)} (AI) to move — press Redo or play on from the latest move`;
  else turn = `${capitalize(game.sideToMove)} (AI) to move`;
  setText($('turn'), turn);
  // The result is said in the turn line only: it speaks up when the game ends.
  $('turn').setAttribute('aria-live', finished ? 'polite' : 'off');
  $('play-on').hidden = !(state.viewing && !finished && state.players[game.sideToMove] === 'ai');
  $('review-offer').hidden = !(finished && game.moves.length > 0 && !currentReview() && !(state.review && state.review.running));
  setText($('status'), state.status);
  setMessage($('error'), state.error);
  setMessage($('notice'), state.notice);
  renderThinking();

  setText($('moves'), game.transcript(false));
  renderMoveList();
  renderOpening();
  renderReview();
  renderEvaluation();
  renderClassroomLink();

  $('undo').disabled = !game.canUndo;
  $('redo').disabled = !game.canRedo;
  $('hints').checked = state.hintsOn;
  $('black-player').value = state.players.black;
  $('white-player').value = state.players.white;
  $('level').value = String(state.level);
  $('hint-strength').value = state.settings.hintStrength;
  $('flip').checked = state.settings.flipped;
  $('sound').checked = state.settings.sound;
  fillWorkers();
  $('clock').value = state.clock ? clockOptionValue(state.clock.spec.text) : $('clock').value;
}

/** The clock menu's entry for a clock spec, or the spec itself when the menu lacks it (a clock
 * from the address), added once. */
function clockOptionValue(text) {
  const select = $('clock');
  if (![...select.options].some((o) => o.value === text)) {
    const option = document.createElement('option');
    option.value = text;
    option.textContent = text.replace(/\+0$/, ' min').replace(/\+(\d.*)$/, ' min + $1 s');
    select.append(option);
  }
  return text;
}

function renderClocks() {
  const clock = state.clock;
  const now = performance.now();
  for (const color of ['black', 'white']) {
    const element = $(`clock-${color}`);
    element.hidden = !clock;
    if (!clock) continue;
    const left = clock.left(color, now);
    setText(element, clockModule.formatClock(left));
    element.classList.toggle('running', clock.running === color);
    element.classList.toggle('low', left < 10_000);
    element.setAttribute('aria-label', `${capitalize(color)}'s clock: ${clockModule.formatClock(left)} left`);
  }
}

/** The classroom opens on the position shown here (board text: works from any start). */
function renderClassroomLink() {
  const params = new URLSearchParams({ example: 'othello', board: state.game.board });
  const href = `classroom.html?${params}`;
  const link = $('classroom-link');
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/** The static evaluation of the position shown (module evaluation.js). */
function renderEvaluation() {
  if (evaluationPanel) {
    evaluationPanel.render(state.game.board, state.game.sideToMove);
  } else if ($('evaluation').open && !evaluationPanelLoading) {
    evaluationPanelLoading = import('./evaluation.js').then(
      ({ createEvaluationPanel }) => {
        evaluationPanel = createEvaluationPanel({ details: $('evaluation'), onChange: render });
        if (weightsEvent) evaluationPanel.weightsLoaded(weightsEvent); // redraws
        else render();
      },
      (error) => {
        evaluationPanelLoading = null; // the next opening tries again
        showError(`The evaluation panel could not be loaded: ${bounded(error.message)}`);
      },
    );
  }
}

/** The move sound (sound.js, loaded the first time it is wanted). */
function playSound(flips) {
  import('./sound.js').then(
    ({ playMoveSound }) => playMoveSound(flips),
    () => {}, // a sound that cannot load is no reason to disturb the game
  );
}

/** The pattern evaluation's weights arrived in the AI worker, or cannot be had: a file that is
 * missing or damaged is said once, and levels 6–9 play on with the course's evaluation. */
function onWeights(event) {
  // The page's downloads are over: the service worker's install now finds them all in the HTTP
  // cache (it revalidates instead of downloading the weights and the wasm a second time).
  registerOffline();
  if (!event.ok) state.notice = `The trained evaluation could not be loaded (${bounded(event.message)}); levels 6–9 play with the course evaluation.`;
  weightsEvent = event;
  evaluationPanel?.weightsLoaded(event);
}

/** The opening book arrived in the AI worker (the strong levels now play from it), or cannot be
 * had: said once, and the AI thinks about the opening itself. The page keeps a reader of its own
 * for where the game left the book. */
function onDataFile(name, event) {
  if (name !== 'book') return;
  if (!event.ok) {
    state.notice = `The opening book could not be loaded (${bounded(event.message)}); the AI thinks about the opening itself.`;
  } else {
    try {
      bookReader = new Searcher(1);
      bookReader.setBook(new Uint8Array(event.bytes));
    } catch (error) {
      bookReader = null;
    }
  }
  render();
}

/** The name of the opening of the position shown ('' for none, or a game not from the start). */
function currentOpeningName() {
  if (state.game.startBoard !== START_BOARD) return '';
  try {
    return openingName(state.game.transcript(false)) || '';
  } catch {
    return '';
  }
}

/** How many of the game's moves are book moves in a row, or null without a book. */
function bookPly() {
  if (!bookReader) return null;
  const key = `${state.game.startBoard}|${state.game.fullTranscript}`;
  if (bookPlyCache.key !== key) {
    let ply = null;
    try {
      ply = bookReader.outOfBookPly(state.game.startBoard, state.game.fullTranscript);
    } catch {
      ply = null;
    }
    bookPlyCache = { key, ply };
  }
  return bookPlyCache.ply;
}

/** "Out of book after move 14" once the game has left it; "In the book (6 moves)" before. */
function bookText() {
  const ply = bookPly();
  const total = state.game.moves.length;
  if (ply === null || total === 0) return '';
  if (ply >= total) return `In the opening book (${plural(total, 'move')}).`;
  return ply === 0 ? 'Out of the opening book from the first move.' : `Out of book after move ${ply}.`;
}

function renderOpening() {
  const name = currentOpeningName();
  setText($('opening-name'), name);
  $('opening').hidden = !name;
  setText($('book-status'), bookText());
}

function renderReview() {
  const review = state.review;
  const running = Boolean(review && review.running);
  const result = currentReview();
  $('review').disabled = running || state.game.moves.length === 0;
  $('review').textContent = result ? 'Review again' : 'Review this game';
  $('review-cancel').hidden = !running;
  const progress = $('review-progress');
  progress.hidden = !running;
  if (running) {
    progress.max = review.total;
    progress.value = review.done;
    setText($('review-summary'), `Reviewing: ${review.done} of ${review.total} positions scored.`);
  } else if (result) {
    const since = state.game.moves.length - result.moves.length;
    const later = since > 0 ? ` The ${plural(since, 'move')} played since ${since === 1 ? 'is' : 'are'} not reviewed.` : '';
    setText($('review-summary'), `${reviewView.summaryText(result, bookPly())} (${(review.elapsedMs / 1000).toFixed(1)} s)${later}`);
  } else {
    setText($('review-summary'), state.game.moves.length ? '' : 'Play or load a game to review it.');
  }
  for (const id of ['review-graph', 'review-position', 'review-table-wrap']) $(id).hidden = !result;
  if (!result) return;
  const ply = state.game.ply;
  const signature = `${review.key}|${ply}`;
  const graph = $('review-graph');
  if (graph.dataset.signature !== signature) {
    graph.dataset.signature = signature;
    reviewView.drawGraph(graph, result, ply, onGraphPoint);
    $('review-rows').replaceChildren(...reviewView.tableRows(result, ply));
  }
  setText($('review-position'), reviewView.positionText(result, ply));
}

/** Who played each move: passes are written as moves, so the sides alternate from the start. */
function moverOf(ply) {
  const first = state.game.startBoard.trim().endsWith('O') ? 'white' : 'black';
  return ply % 2 === 0 ? first : opponentOf(first);
}

function renderMoveList() {
  const list = $('move-list');
  const moves = state.game.moves;
  const ply = state.game.ply;
  const review = currentReview();
  const marked = review ? reviewView.MARKED : {};
  const marks = review ? review.moves.map((m) => (marked[m.class] ? m.class : '')) : [];
  const inBook = bookPly();
  const signature = `${state.game.startBoard}|${moves.join(',')}|${ply}|${marks.join(',')}|${inBook}`;
  if (list.dataset.signature === signature) return;
  list.dataset.signature = signature;
  const hadFocus = list.contains(document.activeElement);
  if (moves.length === 0) {
    const empty = document.createElement('li');
    empty.className = 'empty';
    empty.textContent = 'No moves yet.';
    list.replaceChildren(empty);
    return;
  }
  // One Tab stop: the move shown (the first move at the start); arrows move inside the list.
  const focusPly = Math.max(1, ply);
  const items = moves.map((move, i) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    const mover = moverOf(i);
    button.type = 'button';
    button.dataset.ply = String(i + 1);
    button.tabIndex = i + 1 === focusPly ? 0 : -1;
    const disc = document.createElement('span');
    disc.className = `mover mover-${mover}`;
    disc.setAttribute('aria-hidden', 'true');
    button.append(disc, move === 'pa' ? 'pass' : move);
    const mark = marks[i] ? `, ${marks[i]}` : '';
    const leftBook = inBook !== null && i === inBook ? ', out of book' : '';
    if (leftBook) item.classList.add('out-of-book');
    button.setAttribute('aria-label', `Move ${i + 1}, ${mover}: ${move === 'pa' ? 'pass' : move}${mark}${leftBook}, show this position`);
    if (marks[i]) {
      button.classList.add(`mark-${marks[i]}`);
      button.dataset.mark = marked[marks[i]];
    }
    if (i + 1 === ply) button.setAttribute('aria-current', 'step');
    if (i + 1 > ply) button.classList.add('future');
    item.append(button);
    return item;
  });
  list.replaceChildren(...items);
  const current = list.querySelector(`[data-ply="${focusPly}"]`);
  if (hadFocus && current) current.focus({ preventScroll: true });
  // Only the list's own box scrolls to the move shown, never the page (scrollIntoView would move
  // the whole page on a phone and take the board out of sight).
  if (current) scrollWithin(list, current);
}

/** Scrolls `box` (a scrolling element) so that `item` is inside it; nothing else moves. */
function scrollWithin(box, item) {
  const outer = box.getBoundingClientRect();
  const inner = item.getBoundingClientRect();
  if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top + 4;
  else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom + 4;
}

/** Brings `element` into view on the player's request: the panel scrolls inside when it has its
 * own scroll (board and panel side by side), otherwise the page scrolls to just below the board,
 * which stays on screen (sticky) in that arrangement. */
function reveal(element) {
  const panel = $('panel');
  const panelScrolls = getComputedStyle(panel).overflowY !== 'visible' && panel.scrollHeight > panel.clientHeight;
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  const behavior = reduced ? 'auto' : 'smooth';
  if (panelScrolls) {
    const top = element.getBoundingClientRect().top - panel.getBoundingClientRect().top + panel.scrollTop - 8;
    panel.scrollTo({ top, behavior });
  } else {
    const boardBottom = document.querySelector('.board-area').getBoundingClientRect().bottom;
    const top = element.getBoundingClientRect().top - boardBottom + window.scrollY - 8;
    window.scrollTo({ top, behavior });
  }
}

/** Arrow keys in the move list step through the game; Home and End go to its ends. */
function onMoveListKey(event) {
  const button = event.target.closest('button[data-ply]');
  if (!button) return;
  const total = state.game.moves.length;
  const targets = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  let ply = null;
  if (event.key in targets) ply = Math.min(total, Math.max(0, state.game.ply + targets[event.key]));
  else if (event.key === 'Home') ply = 0;
  else if (event.key === 'End') ply = total;
  if (ply === null) return;
  event.preventDefault();
  if (ply !== state.game.ply) goToPly(ply);
}

// ---------------------------------------------------------------------------------------------
// Start-up: URL parameters, then the saved game, then a fresh game

function gameFromUrl(params) {
  const problems = [];
  const players = { ...state.players };
  for (const color of ['black', 'white']) {
    const value = params.get(color);
    if (value === null) continue;
    if (value === 'human' || value === 'ai') players[color] = value;
    else problems.push(`${color}=${excerpt(value)} is not human or ai`);
  }
  let level = state.level;
  if (params.has('level')) {
    const n = Number(params.get('level'));
    if (Number.isInteger(n) && n >= 1 && n <= levels().length) level = n;
    else problems.push(`level=${excerpt(params.get('level'))} is not a level from 1 to ${levels().length}`);
  }
  let opening = null;
  if (params.has('opening')) {
    opening = findOpening(params.get('opening'));
    if (!opening) problems.push(`opening=${excerpt(params.get('opening'))} is not an opening name (see "Play an opening")`);
  }
  let clockSpec = null;
  if (params.has('clock')) {
    try {
      clockSpec = clockModule.parseClockSpec(params.get('clock'));
    } catch (error) {
      problems.push(excerpt(error.message, 160));
    }
  }
  let game = null;
  try {
    if (params.has('board')) {
      game = Game.fromBoardAndTranscript(params.get('board'), params.get('moves') || '');
    } else if (params.has('moves')) {
      game = Game.fromTranscript(params.get('moves'));
    } else if (opening) {
      game = Game.fromTranscript(opening.moves);
    }
  } catch (error) {
    problems.push(bounded(error.message));
    game = null;
  }
  // The AI's workers (1–8), for this visit: more than the device's cores can be tried this way.
  let workers = null;
  if (params.has('workers')) {
    const n = Number(params.get('workers'));
    if (Number.isInteger(n) && n >= 1 && n <= 8) workers = n;
    else problems.push(`workers=${excerpt(params.get('workers'))} is not a number of workers from 1 to 8`);
  }
  return { players, level, game, problems, clockSpec, workers };
}

/** The game saved in the browser (`loaded`: what storage.loadSaved found), or a notice saying why
 * it could not be restored. */
function restoreSaved({ saved, problem }) {
  if (problem) return { game: null, notice: `${capitalize(problem)}; a new game was started.` };
  if (!saved) return { game: null, notice: '' };
  try {
    const game = Game.restore(saved.startBoard, saved.moves, saved.ply);
    state.players = { black: saved.players.black, white: saved.players.white };
    if (saved.level >= 1 && saved.level <= levels().length) state.level = saved.level;
    state.hintsOn = saved.hints === true;
    state.viewing = saved.viewing === true;
    if (saved.record && typeof saved.record.key === 'string') state.record = saved.record;
    if (saved.clock) {
      try {
        state.clock = clockModule.createClock(clockModule.parseClockSpec(saved.clock.spec), performance.now(), saved.clock);
      } catch {
        state.clock = null; // a damaged clock: the game goes on without one
      }
    }
    return { game, notice: '' };
  } catch (error) {
    storage.forget();
    return { game: null, notice: `The saved game could not be read (${bounded(error.message)}); a new game was started.` };
  }
}

/** A name as an address writes it: "Rose-Bill" → "rose-bill", "Heath/Tobidashi" → "heath-tobidashi". */
function openingSlug(name) {
  return name.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** The named opening an address or the menu asks for: by its slug, or by one of its names ("heath"
 * for "Heath/Tobidashi"); null when none. */
function findOpening(wanted) {
  const slug = openingSlug(wanted);
  return (
    openingLines().find((o) => openingSlug(o.name) === slug) ||
    openingLines().find((o) => o.name.split('/').some((part) => openingSlug(part) === slug)) ||
    null
  );
}

function fillOpenings() {
  const select = $('play-opening');
  const lines = [...openingLines()].sort((a, b) => a.name.localeCompare(b.name));
  for (const line of lines) {
    const option = document.createElement('option');
    option.value = line.name;
    option.textContent = `${line.name} (${line.moves.length / 2})`;
    select.append(option);
  }
}

function fillLevels() {
  const select = $('level');
  select.replaceChildren(
    ...levels().map((level) => {
      const option = document.createElement('option');
      option.value = String(level.number);
      option.textContent = `${level.number} · ${level.name}`;
      return option;
    }),
  );
}

/** 1 … the most workers the device allows (or the number the address asked for). */
function fillWorkers() {
  const select = $('workers');
  const most = Math.max(maxWorkers(), state.settings.workers || 1);
  if (select.options.length !== most) {
    select.replaceChildren(
      ...Array.from({ length: most }, (_, i) => {
        const option = document.createElement('option');
        option.value = String(i + 1);
        option.textContent = String(i + 1);
        return option;
      }),
    );
  }
  select.value = String(state.settings.workers || 1);
}

function wireControls() {
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('new-game').addEventListener('click', async () => {
    const spec = $('clock').value;
    if (spec && !clockModule) {
      try {
        await loadClockModule();
      } catch (error) {
        showError(`The clock could not be loaded: ${bounded(error.message)}`);
        return;
      }
    }
    state.record = null;
    newGame(new Game(), spec ? `New game, ${$('clock').selectedOptions[0].textContent} a side.` : 'New game.', {
      clockSpec: spec ? clockModule.parseClockSpec(spec) : null,
    });
  });
  $('clock').addEventListener('change', () => {
    const spec = $('clock').value;
    state.notice = spec ? 'The clock starts with the next new game: press New game.' : state.clock ? 'The next new game has no clock.' : '';
    render();
  });
  $('play-opening').addEventListener('change', (event) => {
    const opening = event.target.value && findOpening(event.target.value);
    event.target.value = '';
    if (!opening) return;
    state.record = null;
    newGame(Game.fromTranscript(opening.moves), `New game from the ${opening.name} opening (${plural(opening.moves.length / 2, 'move')}).`);
  });
  $('play-on').addEventListener('click', () => {
    state.viewing = false;
    announce('Playing on from the loaded game.');
    changed();
  });
  $('review-offer').addEventListener('click', () => {
    startReview();
    reveal($('review-section'));
  });
  $('hints').addEventListener('change', (event) => {
    state.hintsOn = event.target.checked;
    changed();
  });
  $('hint-strength').addEventListener('change', (event) => {
    state.settings.hintStrength = event.target.value === 'deep' ? 'deep' : 'quick';
    storage.saveSettings(state.settings);
    changed(); // hints shown are searched again at the new strength
  });
  $('flip').addEventListener('change', (event) => {
    state.settings.flipped = event.target.checked;
    storage.saveSettings(state.settings);
    render();
  });
  $('workers').addEventListener('change', (event) => {
    state.settings.workers = Math.max(1, Math.min(8, Number(event.target.value) || 1));
    storage.saveSettings(state.settings);
    // Fewer workers: the extra ones go (their threads and tables are freed).
    while (helperEngines.length > state.settings.workers - 1) helperEngines.pop().close();
    while (reviewHelpers.length > state.settings.workers - 1) reviewHelpers.pop().close();
    changed();
  });
  $('sound').addEventListener('change', (event) => {
    state.settings.sound = event.target.checked;
    storage.saveSettings(state.settings);
    if (state.settings.sound) playSound(1); // what it will sound like
  });
  for (const color of ['black', 'white']) {
    $(`${color}-player`).addEventListener('change', (event) => {
      state.players[color] = event.target.value;
      changed();
    });
  }
  $('level').addEventListener('change', (event) => {
    state.level = Number(event.target.value);
    changed(); // a search in progress restarts at the new level
  });
  $('move-list').addEventListener('click', (event) => {
    const button = event.target.closest('button[data-ply]');
    if (button) goToPly(Number(button.dataset.ply));
  });
  $('move-list').addEventListener('keydown', onMoveListKey);
  $('evaluation').addEventListener('toggle', render);
  $('copy').addEventListener('click', copyTranscript);
  $('load').addEventListener('click', loadPasted);
  $('export').addEventListener('click', exportRecord);
  $('export-copy').addEventListener('click', copyExport);
  $('export-download').addEventListener('click', downloadExport);
  $('review').addEventListener('click', () => {
    startReview();
    reveal($('review-section'));
  });
  $('review-cancel').addEventListener('click', cancelReview);
  $('review-rows').addEventListener('click', (event) => {
    const button = event.target.closest('button[data-ply]');
    if (button) goToPly(Number(button.dataset.ply));
  });
}

async function copyTranscript() {
  const text = state.game.transcript(false);
  try {
    await navigator.clipboard.writeText(text);
    state.notice = `Transcript copied (${plural(text.length / 2, 'move')}).`;
  } catch {
    // No clipboard permission: select the text so that Ctrl+C copies it.
    getSelection().selectAllChildren($('moves'));
    state.notice = 'Press Ctrl+C to copy the selected transcript.';
  }
  render();
}

function loadPasted() {
  const text = $('paste').value;
  let game;
  try {
    game = Game.fromText(text);
  } catch (error) {
    showError(`Could not load that: ${bounded(error.message)}. The current game is kept.`);
    return;
  }
  $('paste').value = '';
  state.notice = '';
  // Say what was recognised, so that a board taken for a transcript (or the reverse) is noticed.
  const notation = recogniseText(text);
  let message = notation === 'transcript' ? `Transcript loaded, ${plural(game.ply, 'move')}.` : `${capitalize(notation)} loaded.`;
  state.record = null;
  if (notation === 'GGF record') {
    const details = ggfDetails(text);
    const key = `${game.startBoard}|${game.fullTranscript}`;
    state.record = { black: details.black, white: details.white, result: details.result, evaluations: details.evaluations, key };
    const names = `${details.black || 'Black'} (Black) against ${details.white || 'White'} (White)`;
    message = `GGF record loaded: ${names}${details.result ? `, result ${details.result}` : ''}, ${plural(game.ply, 'move')}.`;
  }
  // A loaded game is shown, not continued: the AI waits for Play on (a human's move plays on too).
  newGame(game, message, { viewing: true });
}

// ---------------------------------------------------------------------------------------------
// Offline: the service worker (sw.js) caches the game; a new version waits until the player
// reloads with it, so that this page never mixes its files with a newer version's.

let offlineRegistered = false;

function registerOffline() {
  if (offlineRegistered || !('serviceWorker' in navigator)) return;
  offlineRegistered = true;
  const url = new URL('../../sw.js', import.meta.url);
  // updateViaCache 'none': a deployment is noticed at the next visit, whatever the HTTP cache says.
  navigator.serviceWorker.register(url, { updateViaCache: 'none' }).then(
    (registration) => {
      if (!registration) return; // service workers blocked (a test harness, a policy)
      const offer = () => {
        // A waiting worker with a controller in place is a new version (the first install has none).
        $('update').hidden = !(registration.waiting && navigator.serviceWorker.controller);
      };
      offer();
      registration.addEventListener('updatefound', () => {
        registration.installing?.addEventListener('statechange', offer);
      });
      $('update-now').addEventListener('click', () => {
        if (!registration.waiting) return;
        navigator.serviceWorker.addEventListener('controllerchange', () => location.reload());
        registration.waiting.postMessage({ type: 'skip-waiting' });
      });
    },
    // Offline play is a bonus: without it (an old browser, a file:// page) the game works as before.
    (error) => console.warn(`Offline play unavailable: ${error.message}`),
  );
}

async function main() {
  // One compilation serves the page and every worker the AI will ever need.
  const wasmUrl = new URL(`../pkg/${ENGINE_WASM}`, import.meta.url);
  // Read once: a damaged store is forgotten as it is read (and said in a notice below). The
  // clock's module only when the address or the saved game has a clock.
  const loaded = storage.loadSaved();
  const clockWanted = new URLSearchParams(location.search).has('clock') || Boolean(loaded.saved?.clock);
  const [module] = await Promise.all([WebAssembly.compileStreaming(fetch(wasmUrl)), clockWanted ? loadClockModule() : null]);
  wasmModule = module;
  await init({ module_or_path: module });

  const board = $('board');
  board.style.setProperty('--gutter', `${GUTTER * 100}%`);
  START_BOARD = new Game().startBoard;
  renderer = createRenderer($('board-canvas'));
  grid = createGrid($('board-grid'), { onActivate: onSquare });
  attachInput(board, { onSquare, onUndo: undo, onRedo: redo, onToggleHints: () => $('hints').click() });
  engine = new EngineClient({ module, ttMegabytes: config.ttMegabytes, onWeights, onFile: onDataFile });
  fillLevels();
  fillOpenings();
  wireControls();
  state.settings = { ...state.settings, ...storage.loadSettings() };
  setInterval(tickClock, 100);

  const restored = restoreSaved(loaded);
  let game = restored.game;
  state.notice = restored.notice;
  const params = new URLSearchParams(location.search);
  if ([...params.keys()].length > 0) {
    const fromUrl = gameFromUrl(params);
    state.players = fromUrl.players;
    state.level = fromUrl.level;
    if (fromUrl.game || fromUrl.clockSpec) {
      // The address starts a game of its own: nothing of the saved one carries over.
      if (fromUrl.game) game = fromUrl.game;
      else game = new Game();
      state.record = null;
      state.viewing = false;
      state.clock = fromUrl.clockSpec ? clockModule.createClock(fromUrl.clockSpec, performance.now()) : null;
    }
    if (fromUrl.workers) state.settings.workers = fromUrl.workers;
    if (fromUrl.problems.length) state.error = `Ignored in the address: ${fromUrl.problems.join('; ')}.`;
    // Applied once: a reload must bring back the game in progress, not the address's start.
    history.replaceState(null, '', location.pathname);
  }
  state.game = game || new Game();
  const notes = settleForcedPasses();
  // The turn line says whose turn it is; the status line only says what happened (nothing yet).
  announce(notes.length ? notes.join('. ') + '.' : '');
  changed();

  // Registered when the weights have arrived (onWeights); a fetch still hanging after 30 s does
  // not keep the game from working offline.
  setTimeout(registerOffline, 30_000);
  document.documentElement.dataset.ready = 'true';
  // Since navigation start: what a visitor waits before the board can be played.
  document.documentElement.dataset.readyMs = String(Math.round(performance.now()));
}

main().catch((error) => {
  const element = $('error');
  element.textContent = bounded(`The game could not start: ${error.message}`);
  element.hidden = false;
  throw error;
});
