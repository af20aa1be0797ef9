// The application: state, the rules of turn-taking between humans and the AI, and the wiring of
// the modules. Every change goes through `changed()`, which saves, redraws from state and starts
// whatever comes next (the AI's move or the hints).
//
// The modules beside it, by concern: engines.js (the AI's and the review's workers), hints.js,
// thinking.js (the AI's thinking line), review-panel.js (the review's wiring; review.js draws it),
// move-list.js, openings.js (opening names and the book), record.js (the record, its players, an
// imported GGF record), export.js, address.js, settings.js, offline.js, tab-game.js (this tab's
// game in the game store, game-store.js), the Study area's live-analysis.js and explorer.js
// (study-panel.js), and the lazily loaded clock.js, evaluation.js and sound.js. start.js starts
// it (and says why when it cannot start).

import init, * as wasm from '../pkg/reversi.js';
import { Game, levels } from '../pkg/reversi.js';
import { ENGINE_WASM, THREADS_WASM, threadsSupported } from '../common/engine-wasm.js';
import { createRenderer, FLIP_MS, GUTTER } from '../common/render.js';
import { createGrid } from '../common/grid.js';
import { attachInput } from '../common/input.js';
import { SearchCancelled } from '../common/engine-client.js';
import { byId, closestTarget, setText } from '../common/dom.js';
import { squareIndex, opponentOf } from '../common/squares.js';
import * as storage from './storage.js';
import { TabGame } from './tab-game.js';
import { MessageList } from '../common/message-list.js';
import { reloadHealed } from './start.js';
import { bounded, excerpt } from './messages.js';
import { Engines, maxWorkers } from './engines.js';
import { hintMarks, searchHints } from './hints.js';
import { renderThinking } from './thinking.js';
import { onceAFrame } from '../common/frames.js';
import { createReviewPanel } from './review-panel.js';
import { renderMoveList, attachMoveList } from './move-list.js';
import { BookReader, bookText, currentOpeningName, fillOpenings, findOpening } from './openings.js';
import { NAME_CHARS, RECORD_FIELDS, lastMoveOfEachSide, playerName, readPasted } from './record.js';
import { attachExport } from './export.js';
import { gameFromAddress, classroomHref } from './address.js';
import { attachSettings, clockOptionNames, clockOptionValue, defaultSettings, fillLevels, fillWorkers } from './settings.js';
import { registerOffline } from './offline.js';
import { t, language, sideName, gridLabels, engineText, LANGUAGES } from '../i18n/page.js';
import { startLanguage, applyLanguage, fillLanguageMenu } from './language.js';
import { attachLibrary, gameDate } from './library.js';
import { onTimeSentence, resultSentence } from './result.js';
import { Lines, movesOf } from './lines.js';
import { attachLineTools, linesFromSaved, variationGames } from './lines-tools.js';
import { attachSetup, readBoardText, SETUP_PARAM } from './setup.js';
import { createLiveAnalysis } from './live-analysis.js';
import { createExplorer } from './explorer.js';

/** @typedef {import('../pkg/reversi.js').Side} Side */
/** @typedef {import('../pkg/reversi.js').Hint} Hint */
/** @typedef {import('../pkg/reversi.js').SearchOptions} SearchOptions */
/** @typedef {import('./record.js').PlayerKind} PlayerKind */
/** @typedef {import('./record.js').ImportedRecord} ImportedRecord */
/** @typedef {import('./thinking.js').Thinking} Thinking */
/** @typedef {import('./address.js').ClockSpec} ClockSpec */
/** @typedef {ReturnType<typeof import('./clock.js').createClock>} Clock */

/** Every tunable of the page, in one place. */
export const config = {
  /** @type {Record<Side, PlayerKind>} */
  players: { black: 'human', white: 'ai' },
  level: 4,
  /** Transposition table of the AI worker (MiB). */
  ttMegabytes: 32,
  /** Hints are a shallower search than the AI's: they must appear while the player thinks. Both
   * strengths use the strongest evaluation the page has (the pattern evaluation once its weights
   * have arrived); `hintOptions` is the strength chosen. */
  hintStrengths: {
    /** @type {SearchOptions} */
    quick: { depth: 6, exactFromEmpties: 14, timeMs: 3000, evaluation: 'pattern' },
    /** @type {SearchOptions} */
    deep: { depth: 12, exactFromEmpties: 20, timeMs: 10000, evaluation: 'pattern' },
  },
  /** When set, the hints' options whatever the strength chosen (a test's, say). @type {SearchOptions | null} */
  hintOptions: null,
  /** The AI's move on several workers (parallel-search.js). Off: the split search is right
   * (tests/e2e/parallel.test.js) but not yet faster than one worker at a fixed depth (make bench:
   * 0.6–1.15 times on two workers), so the AI's move is searched by one; deep hints and the review
   * use every worker the setting allows. */
  splitAiSearch: false,
  /** The AI waits at least this long before moving, so that a human sees the position change. */
  aiMinimumDelayMs: 300,
  /** The review searches every position this deep, and solves it exactly from this many empty
   * squares (docs/log/parallel.md has the time it takes). */
  reviewOptions: { depth: 8, exactFromEmpties: 18 },
  /** The review's worker has tables of its own, so that playing on does not wait for it. */
  reviewTtMegabytes: 16,
};

const state = {
  /** @type {Game} */
  game: /** @type {Game} */ (/** @type {unknown} */ (null)),
  players: { ...config.players },
  level: config.level,
  hintsOn: false,
  /** Hints for the position shown, best first, or null until they arrive. `unknown`: the search
   * had no time for that move, so it has no score. @type {Hint[] | null} */
  hints: null,
  /** AI search in progress, or null. @type {Thinking | null} */
  thinking: null,
  /** The move just played, animated once. @type {{placed: number, flipped: number[], startedAt: number} | null} */
  animation: null,
  status: '',
  /** What an imported GGF record says besides its moves, or null. @type {ImportedRecord | null} */
  record: null,
  /** A loaded game is shown, not continued: the AI waits until the player chooses to play on
   * (or plays a move). */
  viewing: false,
  /** The game clock (from clock.js), or null for a game without one. @type {Clock | null} */
  clock: null,
  /** Settings kept across games: hint strength, board flipped, sound, workers. */
  settings: defaultSettings(),
  /** Bumped on every change; async answers for an older epoch are dropped. */
  epoch: 0,
  /** Every line tried from the game's start (lines.js): the main line is the game, the others
   * variations; `game` holds the line shown. */
  lines: new Lines(),
};

/** @type {ReturnType<typeof createRenderer>} */
let renderer;
/** @type {ReturnType<typeof createGrid>} */
let grid;
/** @type {Engines} */
let engines;
/** @type {ReturnType<typeof createReviewPanel>} */
let reviewPanel;
/** Setting up a position (setup.js). @type {ReturnType<typeof attachSetup>} */
let setup;
/** The variations' tools under the move list (lines-tools.js). @type {ReturnType<typeof attachLineTools>} */
let lineTools;
/** The Study area's practice (practice-panel.js, loaded once the board is up), or null until then.
 * @type {ReturnType<typeof import('./practice-panel.js').createPracticePanel> | null} */
let practicePanel = null;
/** The problems and notices shown until dismissed (message-list.js). @type {MessageList} */
let messages;
/** This tab's game in the game store. @type {TabGame} */
let tabGame;
/** My games (library.js). @type {ReturnType<typeof attachLibrary> | null} */
let library = null;
// Loaded on first use, so that they are not part of the first load: the evaluation panel
// (evaluation.js, once opened) and the move sound (sound.js, once switched on).
/** @type {ReturnType<typeof import('./evaluation.js').createEvaluationPanel> | null} */
let evaluationPanel = null;
/** @type {Promise<void> | null} */
let evaluationPanelLoading = null;
/** The Study area's live analysis (live-analysis.js) and opening explorer (explorer.js).
 * @type {ReturnType<typeof createLiveAnalysis>} */
let liveAnalysis;
/** @type {ReturnType<typeof createExplorer>} */
let explorer;
/** The last word from the AI worker about the weights, for a panel created after it.
 * @type {import('../common/engine-client.js').FileEvent | null} */
let weightsEvent = null;
/** clock.js, loaded when a game has a clock (the address's, a saved game's, or New game with
 * one): most games have none. `state.clock` is only ever set once it is here.
 * @type {typeof import('./clock.js') | null} */
let clockModule = null;
const loadClockModule = () => import('./clock.js').then((module) => (clockModule = module));
/** The player asked for less motion: no flip to wait for. */
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
/** When the last move's discs have finished turning over (performance.now()), or null when no
 * move is being drawn. */
const flipsEnd = () => (state.animation ? state.animation.startedAt + (reducedMotion.matches ? 0 : FLIP_MS) : null);
/** A reader of the opening book on the page's thread (where the game left it), once it arrived.
 * @type {BookReader | null} */
let bookReader = null;
/** The standard start position as board text. */
let START_BOARD = '';

// ---------------------------------------------------------------------------------------------
// Derived facts

const humanColors = () => /** @type {Side[]} */ (['black', 'white']).filter((c) => state.players[c] === 'human');
/** Over on the board, or on time. */
const isFinished = () => state.game.isGameOver || Boolean(state.clock && state.clock.flagged);
/** The moves up to the position shown. */
const shownMoves = () => state.game.moves.slice(0, state.game.ply);
/** The position shown is on a variation: study, where either side's move is played by hand, the
 * AI does not answer and the clock does not run. */
const inVariation = () => !state.lines.isMain(shownMoves());
const isHumanTurn = () =>
  !setup.active && (inVariation() ? !state.game.isGameOver : !isFinished() && state.players[state.game.sideToMove] === 'human');
/** The AI moves only at the end of the record (with a redo line, the player is looking back), on
 * the main line, and not while a loaded record is being shown or a position set up. */
const isAiTurn = () =>
  !setup.active && !isFinished() && !state.viewing && !state.game.canRedo && !inVariation() && state.players[state.game.sideToMove] === 'ai';

/** A game being played (against the AI, or on a clock) whose main line has not ended: a move
 * played from one of its earlier positions takes back the moves after it, which become a
 * variation. Elsewhere (a loaded or finished game, two players studying) such a move starts a
 * variation and the main line stays. */
function isLiveGame() {
  const playing = humanColors().length < 2 || Boolean(state.clock);
  if (!playing || state.viewing || (state.clock && state.clock.flagged)) return false;
  const main = state.lines.mainLine();
  try {
    const end = Game.restore(state.game.startBoard, main.join(''), main.length);
    const over = end.isGameOver;
    end.free();
    return !over;
  } catch {
    return false;
  }
}

/** How many of the game's moves are book moves in a row, or null without a book. */
const bookPly = () => (bookReader ? bookReader.bookPly(state.game) : null);

/** A player's name as the page shows it (an imported record's, "AI level 4", "Human").
 * @param {Side} color */
const nameOf = (color) => playerName(state.game, state.record, state, color);

/** The result of the game shown, as the turn line, the review and the game library say it. */
function gameResult() {
  const flagged = state.clock && state.clock.flagged;
  if (flagged) return onTimeSentence(flagged);
  return resultSentence(state.game.scoreBlack, state.game.scoreWhite);
}

// ---------------------------------------------------------------------------------------------
// Changing the game

/** @param {string} text */
function announce(text) {
  state.status = text;
}

/** Passes for a side with no move (recorded, and announced), and notes the end of the game. */
function settleForcedPasses() {
  const notes = [];
  if (state.game.mustPass) {
    const side = state.game.sideToMove;
    state.game.pass();
    notes.push(t('game.passed', { side: sideName(side), other: sideName(opponentOf(side)) }));
  }
  // The result itself is the turn line's (said once, not twice).
  return notes;
}

/** @param {string} move */
function playMove(move) {
  const mover = state.game.sideToMove;
  const from = shownMoves();
  const tried = state.lines.node(from)?.children.map((child) => child.move) ?? [];
  // Another move than the line's from here: a variation, or in a game being played a take-back.
  const branches = tried.length > 0 && !tried.includes(move);
  const takesBack = branches && isLiveGame() && state.lines.isMain(from);
  let flipped;
  try {
    flipped = state.game.play(move);
  } catch (error) {
    showError('move', engineText(/** @type {Error} */ (error).message));
    return false;
  }
  // A move played by hand is a new decision: the old redo line no longer follows from it (it stays
  // in the tree of lines), and the AI only answers at the end of the record.
  state.game.discardRedo();
  state.lines.add(state.game.moves);
  if (takesBack) state.lines.promote(state.game.moves);
  // A move of the main line is the game's: a loaded record plays on from it and the clock counts
  // it. A move in a variation is study.
  if (state.lines.isMain(state.game.moves)) {
    state.viewing = false;
    if (state.clock) state.clock.moved(mover, performance.now());
  }
  if (state.settings.sound) playSound(flipped.length);
  messages.clear('move');
  const startedAt = performance.now();
  state.animation = { placed: squareIndex(move), flipped: flipped.map(squareIndex), startedAt };
  // When the move is drawn and its flips have turned: the AI replies after that (startNext), and
  // whoever watches the board (tests, an embedding page) hears it.
  const endsAt = /** @type {number} */ (flipsEnd());
  byId('board').dispatchEvent(new CustomEvent('othello-move', { detail: { move, side: mover, startedAt, endsAt } }));
  const notes = [t('game.played', { side: sideName(mover), move, n: flipped.length })];
  notes.push(...settleForcedPasses());
  const line = state.game.moves;
  state.lines.add(line); // with its forced pass
  if (takesBack) {
    notes.push(t('lines.keptAsVariation'));
  } else if (branches) {
    notes.push(t('lines.newVariation'));
  }
  // A move tried before: its line comes back to be replayed (redo).
  const continued = state.lines.continuation(line);
  if (continued.length > line.length) state.game = Game.restore(state.game.startBoard, continued.join(''), line.length);
  announce(notes.join('. ') + '.');
  changed();
  return true;
}

/** Shows the position after `moves`, on the line that continues from there (the main line's
 * own moves first); `message` says what happened (where it is, when not given).
 * @param {string[]} moves
 * @param {string} [message] */
function goToLine(moves, message) {
  let game;
  try {
    game = Game.restore(state.game.startBoard, state.lines.continuation(moves).join(''), moves.length);
  } catch (error) {
    showError('move', engineText(/** @type {Error} */ (error).message));
    return;
  }
  state.game = game;
  state.animation = null;
  announce(message ?? (state.lines.isMain(moves) ? t('game.showing', { ply: moves.length, total: game.moves.length }) : t('lines.showing', { ply: moves.length })));
  changed();
}

/** @param {string} name */
function onSquare(name) {
  if (setup.active) {
    setup.tap(squareIndex(name));
    return;
  }
  if (!isHumanTurn()) return;
  if (!state.game.legalMoves().includes(name)) {
    // Not an error worth a message: a tap beside the markers. Say why for screen-reader users.
    announce(t('game.notLegal', { square: name }));
    render();
    return;
  }
  playMove(name);
}

function undo() {
  const game = state.game;
  if (!game.canUndo || setup.active) return;
  game.undo();
  // Back to the human's previous turn: skip the AI's moves and forced passes.
  if (humanColors().length > 0) {
    while (game.canUndo && (state.players[game.sideToMove] !== 'human' || game.mustPass)) game.undo();
    // No earlier human turn (the AI opened the game): let the AI choose again.
    if (state.players[game.sideToMove] !== 'human') game.discardRedo();
  }
  state.animation = null;
  announce(t('game.takenBack'));
  changed();
}

function redo() {
  const game = state.game;
  if (!game.canRedo || setup.active) return;
  game.redo();
  if (humanColors().length > 0) {
    while (game.canRedo && (state.players[game.sideToMove] !== 'human' || game.mustPass)) game.redo();
  }
  state.animation = null;
  announce(t('game.replayed'));
  changed();
}

/** @param {number} ply */
function goToPly(ply) {
  try {
    state.game.goTo(ply);
  } catch (error) {
    showError('move', engineText(/** @type {Error} */ (error).message));
    return;
  }
  state.animation = null;
  const total = state.game.moves.length;
  announce(ply === total ? t('game.latest') : t('game.showing', { ply, total }));
  changed();
}

/**
 * @param {Game} game
 * @param {string} message
 * @param {{viewing?: boolean, clockSpec?: ClockSpec | null}} [options]
 */
function newGame(game = new Game(), message = t('game.new'), { viewing = false, clockSpec = null } = {}) {
  setup.leave();
  engines.cancelAi();
  engines.clearAi();
  // A game of its own in the store: the one left, if unfinished, is kept as abandoned.
  tabGame.startNew();
  state.game = game;
  state.lines = new Lines();
  state.viewing = viewing;
  state.clock = clockSpec && clockModule ? clockModule.createClock(clockSpec, performance.now()) : null;
  state.animation = null;
  messages.clear('move');
  const notes = settleForcedPasses();
  announce([message.replace(/\.$/, ''), ...notes].join('. ') + '.');
  changed();
}

/** Shows a problem until the player dismisses it or a later message about the same thing
 * (`key`) replaces it.
 * @param {string} key what it is about: 'move', 'ai', 'hints', 'paste', 'review'…
 * @param {string} message */
function showError(key, message) {
  messages.show({ key, kind: 'error', text: message });
  render();
}

/** Shows a notice (the page works, with a limit worth knowing) until dismissed.
 * @param {string} key
 * @param {string} text */
function showNotice(key, text) {
  messages.show({ key, kind: 'notice', text });
}

// ---------------------------------------------------------------------------------------------
// After every change: save, draw, then start what comes next

function changed() {
  state.epoch++;
  state.lines.add(state.game.moves);
  reviewPanel.gameChanged();
  state.hints = null;
  // The AI's search starts below (startNext); the line says so from the next frame.
  state.thinking = isAiTurn() ? { depth: 0, nodes: 0, pv: [] } : null;
  engines.cancelAi();
  runClock();
  saveGame();
  render();
  startNext();
}

/** The clock's ticks, while it runs (a page without a running clock does nothing on a timer).
 * @type {ReturnType<typeof setInterval> | null} */
let clockTicks = null;

/** The clock runs for the side to move at the latest position of a game in play; it stops while
 * a loaded record is shown, while the player looks back through the moves, and at the end. */
function runClock() {
  const clock = state.clock;
  const live = Boolean(clock) && !setup.active && !isFinished() && !state.viewing && !state.game.canRedo && !inVariation();
  // The side to move's time starts once the last move's discs have turned over.
  const now = performance.now();
  if (clock) clock.run(live ? state.game.sideToMove : null, now, flipsEnd() ?? now);
  if (live && !clockTicks) clockTicks = setInterval(tickClock, 100);
  else if (!live && clockTicks) {
    clearInterval(clockTicks);
    clockTicks = null;
  }
}

/** Ten times a second while a clock runs: redraw it, and end the game when a flag falls. */
function tickClock() {
  const clock = state.clock;
  if (!clock || !clock.running) return;
  const side = clock.running;
  if (clock.check(performance.now())) {
    // The notice about the next game's clock has nothing more to say once this game's clock ended.
    messages.clear('clock-setting');
    announce(t('game.timeRanOut', { side: sideName(side) }));
    changed();
    return;
  }
  renderClocks();
}

/** The AI's time for this move under the game clock: the engine's plan for the time left.
 * @param {Clock} clock
 * @param {Side} side */
function clockBudgetMs(clock, side) {
  const left = clock.left(side, performance.now());
  const empties = state.game.squares().filter((v) => v === 0).length;
  if (typeof wasm.moveBudgetMs === 'function') return wasm.moveBudgetMs(Math.max(0, left), clock.spec.incrementMs, empties);
  return Math.max(20, Math.floor(left / Math.max(4, empties / 2 + 4)));
}

/** Levels 7–9 think for seconds: worth sharing out among workers once that pays (see
 * config.splitAiSearch).
 * @param {number} level */
function searchesInParallel(level) {
  return config.splitAiSearch && level >= 7 && (state.settings.workers || 1) > 1;
}

/** @returns {SearchOptions} */
function hintOptions() {
  return config.hintOptions || config.hintStrengths[state.settings.hintStrength] || config.hintStrengths.quick;
}

/**
 * Resolves once `performance.now()` has reached `time`: Chromium rounds a timer's delay down to
 * whole milliseconds, so one timer alone can fire a fraction of a millisecond early.
 * @param {number} time
 * @returns {Promise<void>}
 */
function waitUntil(time) {
  return new Promise((resolve) => {
    const check = () => {
      const left = time - performance.now();
      if (left > 0) setTimeout(check, Math.ceil(left));
      else resolve();
    };
    check();
  });
}

function startNext() {
  const epoch = state.epoch;
  if (isAiTurn()) {
    const seed = Math.floor(Math.random() * 2 ** 32);
    /** @type {SearchOptions} */
    const options = { level: state.level, seed };
    let delay = config.aiMinimumDelayMs;
    if (state.clock) {
      // Under a clock the AI plans its own time: never more than its level would take anyway.
      const budget = clockBudgetMs(state.clock, state.game.sideToMove);
      const levelTime = levels()[state.level - 1]?.timeMs;
      options.timeMs = Math.max(1, Math.floor(levelTime ? Math.min(levelTime, budget) : budget));
      delay = Math.min(delay, options.timeMs / 4);
    }
    const onProgress = (/** @type {Thinking} */ progress) => {
      if (epoch !== state.epoch) return;
      state.thinking = progress;
      thinkingLine.update();
    };
    const board = state.game.board;
    // A team on shared memory searches levels 7–9 on every worker allowed (the others think too
    // briefly to need them); elsewhere the split of parallel-search.js, when it is on.
    const search = engines.team
      ? engines.team.search(board, options, onProgress, { helped: state.level >= 7 })
      : searchesInParallel(state.level)
        ? engines.parallel().then((parallel) => parallel.search(board, options, onProgress))
        : engines.ai.search(board, options, onProgress);
    // The reply is not drawn before the last move's discs have finished turning over.
    const pause = waitUntil(Math.max(performance.now() + delay, flipsEnd() ?? 0));
    Promise.all([search, pause]).then(
      ([result]) => {
        if (epoch !== state.epoch) return;
        state.thinking = null;
        messages.clear('ai');
        playMove(result.move);
      },
      (error) => {
        if (error instanceof SearchCancelled || epoch !== state.epoch) return;
        state.thinking = null;
        // A worker that could not start is said once, with a reload (onBroken).
        if (engines.ai.broken) render();
        else showError('ai', t('error.ai', { message: error.message }));
      },
    );
  } else if (state.hintsOn && isHumanTurn() && !liveAnalysis.on) {
    // Deep hints think for seconds: shared out among the AI's workers when there are several.
    const parallel = state.settings.hintStrength === 'deep' && (state.settings.workers || 1) > 1 && !config.hintOptions;
    const hints = engines.team
      ? engines.team.analyze(state.game.board, hintOptions())
      : searchHints(engines.ai, parallel ? engines.parallel() : null, state.game.board, hintOptions());
    hints.then(
      (hints) => {
        if (epoch !== state.epoch) return;
        state.hints = hints;
        messages.clear('hints');
        render();
      },
      (error) => {
        if (!(error instanceof SearchCancelled) && epoch === state.epoch && !engines.ai.broken) showError('hints', t('error.hints', { message: error.message }));
      },
    );
  }
  // The live analysis replaces the hints while it is on (it scores the same moves, deeper).
  if (liveAnalysis.on) liveAnalysis.start();
}

/** This tab's game written to the game store (at every change: tab-game.js writes them in turn). */
function saveGame() {
  if (state.clock) state.clock.settle(performance.now());
  // The record's status and result are its main line's (the game), whichever line is shown.
  const main = state.lines.mainLine();
  const showsMain = state.game.fullTranscript === main.join('');
  const end = showsMain ? state.game : Game.restore(state.game.startBoard, main.join(''), main.length);
  const flagged = state.clock && state.clock.flagged;
  const finished = (showsMain ? isFinished() : end.isGameOver || Boolean(flagged));
  const result = !finished ? '' : showsMain ? gameResult() : flagged ? onTimeSentence(flagged) : resultSentence(end.scoreBlack, end.scoreWhite);
  if (end !== state.game) end.free();
  tabGame.save({
    status: finished ? 'finished' : 'in-progress',
    startBoard: state.game.startBoard,
    moves: state.game.fullTranscript,
    ply: state.game.ply,
    players: { ...state.players },
    level: state.level,
    hints: state.hintsOn,
    viewing: state.viewing,
    record: state.record,
    clock: state.clock ? state.clock.toJSON() : null,
    result,
    // Kept only when there are variations: every line, the main line first.
    ...(state.lines.variationCount() ? { lines: state.lines.transcripts() } : {}),
  });
}

// ---------------------------------------------------------------------------------------------
// Rendering: a function of state

function renderThinkingLine() {
  renderThinking(byId('thinking'), byId('status'), state.thinking, state.game.sideToMove, 64 - state.game.scoreBlack - state.game.scoreWhite);
}

/** The thinking line redrawn once per animation frame however many changes arrive: the AI
 * reports every completed depth, several in a frame at the start of a search. */
const thinkingLine = onceAFrame(renderThinkingLine);

function render() {
  const game = state.game;
  // While a position is set up, the board shows it (and nothing of the game).
  const squares = setup.active ? setup.squares() : game.squares();
  const humanTurn = isHumanTurn() && !state.thinking;
  const legal = humanTurn ? game.legalMoves().map(squareIndex) : [];
  // While a position is set up, the board shows it (and nothing of the game).
  const hints = setup.active ? [] : liveAnalysis.on ? liveAnalysis.marks(game.board) : state.hints && isHumanTurn() ? hintMarks(state.hints, game.sideToMove) : [];
  const best = setup.active ? null : reviewPanel.bestMove();
  const bestMove = best ? squareIndex(best) : -1;

  renderer.draw({
    squares,
    legal,
    moverColor: setup.active ? setup.side() : game.sideToMove,
    lastMove: game.lastMove && !setup.active ? squareIndex(game.lastMove) : -1,
    lastMoves: setup.active ? [] : lastMoveOfEachSide(game).map(({ move, side }) => ({ square: squareIndex(move), side })),
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
  const discs = (/** @type {number} */ value) => squares.reduce((n, v) => n + (v === value ? 1 : 0), 0);
  setText(byId('score-black'), String(setup.active ? discs(1) : game.scoreBlack));
  setText(byId('score-white'), String(setup.active ? discs(2) : game.scoreWhite));
  for (const color of /** @type {const} */ (['black', 'white'])) {
    const name = nameOf(color);
    setText(byId(`player-${color}`), name);
    if (byId(`player-${color}`).title !== name) byId(`player-${color}`).title = name;
    byId(`score-box-${color}`).classList.toggle('to-move', setup.active ? setup.side() === color : !finished && game.sideToMove === color);
  }
  renderClocks();
  let turn;
  if (setup.active) turn = t('setup.editing', { side: sideName(setup.side()) });
  else if (finished) turn = t('result.gameOver', { result: gameResult() });
  else if (state.viewing && !isHumanTurn()) turn = t('game.viewing', { side: sideName(game.sideToMove) });
  else if (isHumanTurn()) turn = t(humanColors().length === 1 ? 'game.toMoveYou' : 'game.toMove', { side: sideName(game.sideToMove) });
  else if (game.canRedo) turn = t('game.aiToMoveRedo', { side: sideName(game.sideToMove) });
  else turn = t('game.aiToMove', { side: sideName(game.sideToMove) });
  setText(byId('turn'), turn);
  // The result is said in the turn line only: it speaks up when the game ends.
  byId('turn').setAttribute('aria-live', finished ? 'polite' : 'off');
  byId('play-on').hidden = !(state.viewing && !finished && state.players[game.sideToMove] === 'ai');
  byId('review-offer').hidden = !(finished && game.moves.length > 0 && !reviewPanel.current() && !reviewPanel.running());
  setText(byId('status'), bounded(state.status));
  // While the AI thinks, its line changes at most once a frame; stopped, it clears at once.
  if (state.thinking) thinkingLine.update();
  else {
    thinkingLine.cancel();
    renderThinkingLine();
  }

  setText(byId('moves'), game.transcript(false));
  renderMoveList(byId('move-list', HTMLOListElement), game, { ...reviewPanel.marks(), inBook: bookPly() }, state.lines);
  lineTools.render();
  setup.render();
  renderOpening();
  reviewPanel.render();
  practicePanel?.render();
  renderEvaluation();
  renderClassroomLink();
  liveAnalysis.render();
  explorer.render(game.board, game.sideToMove, humanTurn);

  byId('undo', HTMLButtonElement).disabled = !game.canUndo || setup.active;
  byId('redo', HTMLButtonElement).disabled = !game.canRedo || setup.active;
  byId('hints', HTMLInputElement).checked = state.hintsOn;
  byId('black-player', HTMLSelectElement).value = state.players.black;
  byId('white-player', HTMLSelectElement).value = state.players.white;
  byId('level', HTMLSelectElement).value = String(state.level);
  byId('hint-strength', HTMLSelectElement).value = state.settings.hintStrength;
  byId('flip', HTMLInputElement).checked = state.settings.flipped;
  byId('sound', HTMLInputElement).checked = state.settings.sound;
  fillWorkers(byId('workers', HTMLSelectElement), state.settings.workers);
  const clockMenu = byId('clock', HTMLSelectElement);
  clockMenu.value = state.clock ? clockOptionValue(clockMenu, state.clock.spec.text) : clockMenu.value;
}

function renderClocks() {
  const clock = state.clock;
  const now = performance.now();
  for (const color of /** @type {const} */ (['black', 'white'])) {
    const element = byId(`clock-${color}`);
    element.hidden = !clock;
    if (!clock || !clockModule) continue;
    const left = clock.left(color, now);
    setText(element, clockModule.formatClock(left));
    element.classList.toggle('running', clock.running === color);
    element.classList.toggle('low', left < 10_000);
    element.setAttribute('aria-label', t('game.clockLabel', { side: sideName(color), time: clockModule.formatClock(left) }));
  }
}

/** The classroom opens on the position shown here. */
function renderClassroomLink() {
  const href = classroomHref(state.game.board);
  const link = byId('classroom-link');
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

function renderOpening() {
  const name = currentOpeningName(state.game, START_BOARD);
  setText(byId('opening-name'), name);
  byId('opening').hidden = !name;
  setText(byId('book-status'), bookText(bookPly(), state.game.moves.length));
}

/** The static evaluation of the position shown (module evaluation.js). */
function renderEvaluation() {
  const details = byId('evaluation', HTMLDetailsElement);
  if (evaluationPanel) {
    evaluationPanel.render(state.game.board, state.game.sideToMove);
  } else if (details.open && !evaluationPanelLoading) {
    evaluationPanelLoading = import('./evaluation.js').then(
      ({ createEvaluationPanel }) => {
        evaluationPanel = createEvaluationPanel({ details, onChange: render });
        if (weightsEvent) evaluationPanel.weightsLoaded(weightsEvent); // redraws
        else render();
      },
      (error) => {
        evaluationPanelLoading = null; // the next opening tries again
        showError('evaluation-panel', t('error.evaluationPanel', { message: bounded(error.message) }));
      },
    );
  }
}

/** The move sound (sound.js, loaded the first time it is wanted).
 * @param {number} flips */
function playSound(flips) {
  import('./sound.js').then(
    ({ playMoveSound }) => playMoveSound(flips),
    () => {}, // a sound that cannot load is no reason to disturb the game
  );
}

/** The pattern evaluation's weights arrived in the AI worker, or cannot be had: a file that is
 * missing or damaged is said once, and levels 6–9 play on with the course's evaluation.
 * @param {import('../common/engine-client.js').FileEvent} event */
function onWeights(event) {
  // The page's downloads are over: the service worker's install now finds them all in the HTTP
  // cache (it revalidates instead of downloading the weights and the wasm a second time).
  registerOffline();
  if (!event.ok) showNotice('weights', t('error.weights', { message: bounded(event.message) }));
  weightsEvent = event;
  evaluationPanel?.weightsLoaded(event);
  render();
}

/** The opening book arrived in the AI worker (the strong levels now play from it), or cannot be
 * had: said once, and the AI thinks about the opening itself. The page keeps a reader of its own
 * for where the game left the book.
 * @param {string} name
 * @param {import('../common/engine-client.js').FileEvent} event */
function onDataFile(name, event) {
  if (name !== 'book') return;
  if (!event.ok) {
    showNotice('book', t('error.book', { message: bounded(event.message) }));
  } else {
    try {
      bookReader = new BookReader(event.bytes);
    } catch {
      bookReader = null;
    }
  }
  render();
}

/** A new game or a loaded one starts with the panel at its top, the game's state under the
 * board (whatever was scrolled to before, the review say). */
function panelToTop() {
  byId('panel').scrollTo({ top: 0 });
  window.scrollTo({ top: 0 });
}

/** Brings `element` into view on the player's request, just under the board and the game's state
 * (which stay on screen: the style sheet's scroll padding says how much they cover).
 * @param {HTMLElement} element */
function reveal(element) {
  element.scrollIntoView({ block: 'start', behavior: reducedMotion.matches ? 'auto' : 'smooth' });
}

/** The state strip's height, for the style sheet's scroll padding (what scrolling into view must
 * leave uncovered). */
function trackStateStrip() {
  const strip = byId('state-strip');
  const set = () => document.documentElement.style.setProperty('--state-strip-height', `${Math.ceil(strip.getBoundingClientRect().height)}px`);
  set();
  if (typeof ResizeObserver === 'function') new ResizeObserver(set).observe(strip);
}

/** After the language changed: every text the page wrote itself is written again in it (the fixed
 * text is, by applyLanguage); what the status line said is not repeated. */
function retranslate() {
  fillLevels(byId('level', HTMLSelectElement));
  clockOptionNames(byId('clock', HTMLSelectElement));
  fillLanguageMenu(byId('language', HTMLSelectElement), language());
  grid.setLabels(gridLabels());
  library?.refresh(); // its dates, players and results in the new language
  announce('');
  changed();
}

// ---------------------------------------------------------------------------------------------
// Start-up: the address's parameters, then the saved game, then a fresh game

/** This tab's game from the game store, into the page's state; its Game, or null with the
 * reason when the engine cannot replay it (the record is left as it is).
 * @param {import('./game-store.js').GameRecord} saved
 * @returns {{game: Game | null, problem: string}} */
function restoreSaved(saved) {
  try {
    const game = Game.restore(saved.startBoard, saved.moves, saved.ply);
    state.players = { black: saved.players.black, white: saved.players.white };
    if (saved.level >= 1 && saved.level <= levels().length) state.level = saved.level;
    state.hintsOn = saved.hints === true;
    state.viewing = saved.viewing === true;
    if (saved.record && typeof saved.record.key === 'string') {
      // Outside text from an older save is bounded as a record read now would be.
      const { black, white, result } = saved.record;
      const fields = Array.isArray(saved.record.fields)
        ? saved.record.fields.filter((f) => Array.isArray(f) && f.length === 2 && f.every((v) => typeof v === 'string')).slice(0, RECORD_FIELDS)
        : [];
      state.record = { ...saved.record, black: excerpt(black ?? '', NAME_CHARS), white: excerpt(white ?? '', NAME_CHARS), result: excerpt(result ?? '', NAME_CHARS), fields };
    }
    // A record without variations (or from an older version) has one line: its moves.
    state.lines = linesFromSaved(saved.startBoard, saved.moves, saved.lines);
    if (saved.clock && clockModule) {
      try {
        state.clock = clockModule.createClock(clockModule.parseClockSpec(saved.clock.spec), performance.now(), saved.clock);
      } catch {
        state.clock = null; // a damaged clock: the game goes on without one
      }
    }
    return { game, problem: '' };
  } catch (error) {
    return { game: null, problem: t('error.savedGame', { message: bounded(/** @type {Error} */ (error).message) }) };
  }
}

function wireControls() {
  byId('undo').addEventListener('click', undo);
  byId('redo').addEventListener('click', redo);
  const clockMenu = byId('clock', HTMLSelectElement);
  byId('new-game').addEventListener('click', async () => {
    const spec = clockMenu.value;
    if (spec && !clockModule) {
      try {
        await loadClockModule();
      } catch (error) {
        showError('clock', t('error.clock', { message: bounded(/** @type {Error} */ (error).message) }));
        return;
      }
    }
    state.record = null;
    messages.clear('clock-setting');
    panelToTop();
    newGame(new Game(), spec ? t('game.newClock', { clock: clockMenu.selectedOptions[0].textContent }) : t('game.new'), {
      clockSpec: spec && clockModule ? clockModule.parseClockSpec(spec) : null,
    });
  });
  clockMenu.addEventListener('change', () => {
    const spec = clockMenu.value;
    const text = spec ? t('game.clockNext') : state.clock ? t('game.clockNone') : '';
    if (text) showNotice('clock-setting', text);
    else messages.clear('clock-setting');
    render();
  });
  byId('play-opening', HTMLSelectElement).addEventListener('change', (event) => {
    const menu = /** @type {HTMLSelectElement} */ (event.target);
    const opening = menu.value && findOpening(menu.value);
    menu.value = '';
    if (!opening) return;
    state.record = null;
    panelToTop();
    newGame(Game.fromTranscript(opening.moves), t('game.newOpening', { name: opening.name, n: opening.moves.length / 2 }));
  });
  byId('play-on').addEventListener('click', () => {
    state.viewing = false;
    announce(t('game.playingOn'));
    changed();
  });
  byId('hints', HTMLInputElement).addEventListener('change', (event) => {
    state.hintsOn = /** @type {HTMLInputElement} */ (event.target).checked;
    changed();
  });
  attachSettings(state.settings, {
    hintStrength: changed, // hints shown are searched again at the new strength
    flipped: render,
    workers: () => {
      engines.closeExtraHelpers();
      changed();
    },
    sound: () => {
      if (state.settings.sound) playSound(1); // what it will sound like
    },
    language: () => {
      applyLanguage(state.settings.language).then(retranslate);
    },
  });
  for (const color of /** @type {const} */ (['black', 'white'])) {
    byId(`${color}-player`, HTMLSelectElement).addEventListener('change', (event) => {
      state.players[color] = /** @type {PlayerKind} */ (/** @type {HTMLSelectElement} */ (event.target).value);
      changed();
    });
  }
  byId('level', HTMLSelectElement).addEventListener('change', (event) => {
    state.level = Number(/** @type {HTMLSelectElement} */ (event.target).value);
    changed(); // a search in progress restarts at the new level
  });
  attachMoveList(byId('move-list', HTMLOListElement), { game: () => state.game, lines: () => state.lines, goToPly, goToLine });
  byId('evaluation').addEventListener('toggle', render);
  byId('load').addEventListener('click', loadPasted);
  lineTools = attachLineTools({ lines: () => state.lines, game: () => state.game, goToLine, changed, announce });
  attachExport({
    game: () => state.game,
    source: () => {
      // A GGF record is of the main line (with the review's scores when the review is of it);
      // each variation as a record of its own when asked.
      const main = state.lines.mainLine().join('');
      const showingMain = state.game.fullTranscript === main;
      const mainLine = showingMain ? state.game : Game.restore(state.game.startBoard, main, main.length / 2);
      return {
        game: state.game,
        review: reviewPanel.current(),
        record: state.record,
        playerName: nameOf,
        mainLine: { game: mainLine, review: showingMain ? reviewPanel.current() : null },
        variations: byId('export-variations', HTMLInputElement).checked ? variationGames(state.lines, state.game.startBoard) : [],
      };
    },
    // What an export did ("Copied.") is news for the status line, not a standing notice.
    notify: (news) => {
      announce(news);
      render();
    },
  });
  for (const id of ['review', 'review-offer']) {
    byId(id).addEventListener('click', () => {
      reviewPanel.start();
      reveal(byId('review-section'));
    });
  }
  byId('review-cancel').addEventListener('click', reviewPanel.cancel);
  library = attachLibrary({
    store: () => tabGame.store,
    currentId: () => tabGame.id,
    open: openStored,
    notify: (news) => {
      announce(news);
      render();
    },
    showMessage: (message) => {
      messages.show(message);
      render();
    },
    clearMessage: (key) => messages.clear(key),
  });
  byId('review-rows').addEventListener('click', (event) => {
    const button = closestTarget(event, 'button[data-ply]');
    if (button) goToPly(Number(button.dataset.ply));
  });
}

/** A game of My games shown in this tab, where it was left (it becomes this tab's game). False
 * when another tab holds it, or it cannot be replayed (said).
 * @param {import('./game-store.js').GameRecord} record */
async function openStored(record) {
  if (record.clock && !clockModule) {
    try {
      await loadClockModule();
    } catch {
      // the game is shown without its clock
    }
  }
  const check = Game.restore; // the engine refuses a damaged record before this tab takes it
  try {
    check(record.startBoard, record.moves, record.ply).free();
  } catch (error) {
    showError('library', t('library.openFailed', { reason: bounded(/** @type {Error} */ (error).message) }));
    return true;
  }
  if (!(await tabGame.open(record))) return false;
  setup.leave();
  engines.cancelAi();
  engines.clearAi();
  state.record = null;
  state.clock = null;
  const { game } = restoreSaved(record);
  state.game = /** @type {Game} */ (game);
  // Shown, not continued: the AI waits for Play on, as for a loaded record.
  state.viewing = !isFinished();
  state.animation = null;
  messages.clear('move');
  messages.clear('library');
  panelToTop();
  announce(t('library.opened', { when: gameDate(record) }));
  changed();
  return true;
}

function loadPasted() {
  const paste = byId('paste', HTMLTextAreaElement);
  let pasted;
  try {
    pasted = readPasted(paste.value);
  } catch (error) {
    showError('paste', t('error.paste', { message: bounded(engineText(/** @type {Error} */ (error).message)) }));
    return;
  }
  paste.value = '';
  messages.clear('paste');
  if (pasted.cut) showNotice('record-cut', pasted.cut);
  else messages.clear('record-cut');
  state.record = pasted.record;
  panelToTop();
  // A loaded game is shown, not continued: the AI waits for Play on (a human's move plays on too).
  newGame(pasted.game, pasted.message, { viewing: true });
}

/** The page's start (called by start.js, which says why when it fails). */
export async function start() {
  const params = new URLSearchParams(location.search);
  const startingLanguage = startLanguage(params);
  await applyLanguage(startingLanguage.lang);
  messages = new MessageList(byId('notices'), { dismissLabel: () => t('dismiss') });
  // An address that starts a game of its own takes no stored game: those in progress stay for
  // the tabs that will want them.
  const addressGame = ['moves', 'board', 'opening', 'clock'].some((name) => params.has(name));
  // One compilation serves the page and every worker the AI will ever need; this tab's game is
  // looked up in the game store meanwhile.
  const wasmUrl = new URL(`../pkg/${ENGINE_WASM}`, import.meta.url);
  // Where the page is cross-origin isolated, the AI's workers run the threads build (a failure to
  // compile it leaves the page as it is elsewhere), if they can be more than one: on a device
  // whose cores leave the AI one worker, the team would be that worker on a slower build.
  const teamPossible = maxWorkers() > 1 || Number(params.get('workers')) > 1 || (storage.loadSettings().workers ?? 1) > 1;
  const threadsUrl = threadsSupported && teamPossible ? new URL(`../pkg/${THREADS_WASM}`, import.meta.url) : null;
  const [module, threadsModule, claimed] = await Promise.all([
    WebAssembly.compileStreaming(fetch(wasmUrl)),
    threadsUrl ? WebAssembly.compileStreaming(fetch(threadsUrl)).catch(() => null) : null,
    TabGame.claim({
      resume: !addressGame,
      onSaved: (record) => {
        // What was last written durably, for whoever needs to know (tests, the game library).
        document.documentElement.dataset.savedMoves = record.moves;
        document.documentElement.dataset.savedStatus = record.status;
        messages.clear('storage');
        library?.refresh();
      },
      onProblem: (problem) => {
        if (problem) showNotice('storage', problem);
      },
    }),
  ]);
  tabGame = claimed.tab;
  // The clock's module only when the address or the saved game has a clock.
  if (params.has('clock') || claimed.restored?.clock) await loadClockModule();
  await init({ module_or_path: module });

  const board = byId('board');
  board.style.setProperty('--gutter', `${GUTTER * 100}%`);
  START_BOARD = new Game().startBoard;
  renderer = createRenderer(byId('board-canvas', HTMLCanvasElement));
  grid = createGrid(byId('board-grid'), { onActivate: onSquare, labels: gridLabels() });
  attachInput(board, { onSquare, onUndo: undo, onRedo: redo, onToggleHints: () => byId('hints').click() });
  engines = new Engines({
    module,
    threadsModule,
    ttMegabytes: config.ttMegabytes,
    reviewTtMegabytes: config.reviewTtMegabytes,
    workers: () => state.settings.workers,
    onWeights,
    onFile: onDataFile,
    onBroken: (error) => {
      // The AI's worker did not start (a damaged or missing file, say): the board still plays,
      // the AI cannot; a reload fetches the files again.
      messages.show({ key: 'ai', kind: 'error', text: t('error.aiStart', { message: error.message }), action: { label: t('page.reload'), run: reloadHealed } });
      render();
    },
  });
  reviewPanel = createReviewPanel({
    game: () => state.game,
    engines,
    options: config.reviewOptions,
    bookPly,
    announce,
    render,
    showError: (message) => showError('review', message),
    goToPly,
    // A review of the main line stays while a variation is looked at (the record is its key).
    keeps: (key) => {
      const [startBoard, moves] = key.split('|');
      return startBoard === state.game.startBoard && state.lines.node(movesOf(moves)) !== null;
    },
  });
  setup = attachSetup({
    game: () => state.game,
    standardStart: () => START_BOARD,
    changed,
    announce,
    play: (game) => {
      state.record = null;
      panelToTop();
      newGame(game, t('setup.started'));
    },
  });
  import('./practice-panel.js').then(
    ({ createPracticePanel }) => {
      practicePanel = createPracticePanel({ review: () => reviewPanel.current(), game: () => state.game, engines, options: config.reviewOptions });
    },
    (error) => showError('practice', t('error.practice', { message: error.message })),
  );
  liveAnalysis = createLiveAnalysis({
    engines,
    // A game lost on time has moves left on its board: its positions are analysed as any other.
    position: () => (setup.active ? { waiting: 'setup' } : state.game.isGameOver ? { waiting: 'over' } : isAiTurn() ? { waiting: 'ai' } : { board: state.game.board, side: state.game.sideToMove, empties: 64 - state.game.scoreBlack - state.game.scoreWhite }),
    onChange: changed,
    onUpdate: render,
  });
  explorer = createExplorer({ reader: () => bookReader, bookState: () => engines.ai.files.book.state, onPlay: onSquare });
  trackStateStrip();
  fillLevels(byId('level', HTMLSelectElement));
  fillOpenings(byId('play-opening', HTMLSelectElement));
  wireControls();
  Object.assign(state.settings, storage.loadSettings());
  if (startingLanguage.fromAddress) {
    // A language asked for by the address is kept, as one chosen from the menu is.
    state.settings.language = startingLanguage.lang;
    storage.saveSettings(state.settings);
  }
  fillLanguageMenu(byId('language', HTMLSelectElement), language());
  clockOptionNames(byId('clock', HTMLSelectElement));

  for (const [i, problem] of claimed.problems.entries()) showNotice(`saved-game-${i}`, problem);
  let game = null;
  if (claimed.restored) {
    const restored = restoreSaved(claimed.restored);
    game = restored.game;
    if (!game) {
      tabGame.giveUp();
      showNotice('saved-game', restored.problem);
    }
  }
  if ([...params.keys()].length > 0) {
    const fromAddress = gameFromAddress(params, state, clockModule?.parseClockSpec ?? null);
    state.players = fromAddress.players;
    state.level = fromAddress.level;
    if (fromAddress.game || fromAddress.clockSpec) {
      // The address starts a game of its own: nothing of the saved one carries over.
      if (fromAddress.game) game = fromAddress.game;
      else game = new Game();
      state.lines = new Lines();
      state.record = null;
      state.viewing = false;
      state.clock = fromAddress.clockSpec && clockModule ? clockModule.createClock(fromAddress.clockSpec, performance.now()) : null;
    }
    if (fromAddress.workers) state.settings.workers = fromAddress.workers;
    if (startingLanguage.unknown) fromAddress.problems.push(t('address.lang', { value: excerpt(startingLanguage.unknown), languages: LANGUAGES.join(', ') }));
    if (fromAddress.problems.length) messages.show({ key: 'address', kind: 'error', text: t('error.address', { problems: fromAddress.problems.join('; ') }) });
    // Applied once: a reload must bring back the game in progress, not the address's start.
    history.replaceState(null, '', location.pathname);
  }
  state.game = game || new Game();
  const notes = settleForcedPasses();
  // The turn line says whose turn it is; the status line only says what happened (nothing yet).
  announce(notes.length ? notes.join('. ') + '.' : '');
  changed();
  // A position being set up, shared by its address: the editor opens on it.
  const setupText = params.get(SETUP_PARAM);
  if (setupText !== null) {
    const position = readBoardText(setupText);
    if (position) setup.open(position);
    else showError('address', t('setup.badAddress', { value: excerpt(setupText) }));
  }

  // Registered when the weights have arrived (onWeights); a fetch still hanging after 30 s does
  // not keep the game from working offline.
  setTimeout(registerOffline, 30_000);
  // Which way the AI's workers search, for tests and for anyone curious: 'team' (one shared table)
  // or 'split'.
  document.documentElement.dataset.aiWorkers = engines.team ? 'team' : 'split';
  document.documentElement.dataset.ready = 'true';
  // Since navigation start: what a visitor waits before the board can be played.
  document.documentElement.dataset.readyMs = String(Math.round(performance.now()));
}
