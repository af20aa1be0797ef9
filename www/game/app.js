// The game page's game: every change of it (a move played by a person or the AI, undo and redo,
// a position looked at, a new game) goes through `changed()`, which keeps the lines, the review,
// the clock and the saved game in step, redraws from state and starts whatever comes next (the
// AI's move or the hints: the turn loop).
//
// The modules beside it, by concern: game-state.js (the state, `config` with every tunable, the
// parts start-up makes, whose turn it is), startup.js (the start: language, wasm, the saved game
// or the address's), view.js (what the page shows), controls.js (the controls wired), turns.js
// (the turn loop's searches: the AI's move, the hints), game-clock.js (the clock running, shown,
// and the AI's time under it), saved-game.js (this tab's game to and from the game store, through
// tab-game.js and game-store.js), engines.js (the AI's and the review's workers), hints.js,
// thinking.js (the AI's thinking line), review-panel.js (the review's wiring; review.js draws it),
// move-list.js, openings.js (opening names and the book), record.js (the record, its players, an
// imported GGF record), export.js, address.js, settings.js, offline.js, the Study area's
// live-analysis.js (its lines: analysis-lines.js, previewed by line-preview.js) and explorer.js
// (study-panel.js), and the lazily loaded clock.js,
// evaluation.js, practice-panel.js and sound.js. start.js starts it (and says why when it cannot).

import { Game } from '../pkg/reversi.js';
import { byId } from '../common/dom.js';
import { squareIndex, opponentOf } from '../common/squares.js';
import { t, sideName, engineText } from '../i18n/page.js';
import { Lines } from './lines.js';
import { createTurnLoop } from './turns.js';
import { runClock } from './game-clock.js';
import { saveGame } from './saved-game.js';
import { render, showError } from './view.js';
import { state, parts, announce, humanColors, isAiTurn, isHumanTurn, isLiveGame, shownMoves, moveFlipsEnd } from './game-state.js';

export { config } from './game-state.js';
export { start } from './startup.js';

/** @typedef {import('./address.js').ClockSpec} ClockSpec */

// ---------------------------------------------------------------------------------------------
// Changing the game

/** Passes for a side with no move (recorded, and announced), and notes the end of the game. */
export function settleForcedPasses() {
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
export function playMove(move) {
  const mover = state.game.sideToMove;
  const from = shownMoves();
  // After the main line's last move, where lines were tried: a move played there is the game's.
  const goesOn = state.lines.isMainEnd(from);
  const tried = goesOn ? [] : (state.lines.node(from)?.children.map((child) => child.move) ?? []);
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
  /** @param {string[]} moves */
  const grow = (moves) => (goesOn ? state.lines.extendMain(moves) : state.lines.add(moves));
  grow(state.game.moves);
  if (takesBack) state.lines.promote(state.game.moves);
  // A move of the main line is the game's: a loaded record plays on from it and the clock counts
  // it. A move in a variation is study.
  if (state.lines.isMain(state.game.moves)) {
    state.viewing = false;
    if (state.clock) state.clock.moved(mover, performance.now());
  }
  if (state.settings.sound) playSound(flipped.length);
  parts.messages.clear('move');
  const startedAt = performance.now();
  state.animation = { placed: squareIndex(move), flipped: flipped.map(squareIndex), startedAt };
  // When the move is drawn and its flips have turned: the AI replies after that (the turn loop), and
  // whoever watches the board (tests, an embedding page) hears it.
  const endsAt = /** @type {number} */ (moveFlipsEnd());
  byId('board').dispatchEvent(new CustomEvent('othello-move', { detail: { move, side: mover, startedAt, endsAt } }));
  const notes = [t('game.played', { side: sideName(mover), move, n: flipped.length })];
  notes.push(...settleForcedPasses());
  const line = state.game.moves;
  grow(line); // with its forced pass
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
export function goToLine(moves, message) {
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

/** Plays `moves` (from the start: an analysis line after the position shown) into the lines
 * as a variation, and shows the position after them; the game's own moves stay as they were.
 * @param {string[]} moves */
export function playLine(moves) {
  state.lines.addVariation(moves);
  goToLine(moves, state.lines.isMain(moves) ? undefined : t('preview.played', { ply: moves.length }));
}

/** @param {string} name */
export function onSquare(name) {
  // A line previewed on the board is looked at, not played: back to the game first.
  if (parts.linePreview.active) return;
  if (parts.setup.active) {
    parts.setup.tap(squareIndex(name));
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

export function undo() {
  const game = state.game;
  if (!game.canUndo || parts.setup.active) return;
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

export function redo() {
  const game = state.game;
  if (!game.canRedo || parts.setup.active) return;
  game.redo();
  if (humanColors().length > 0) {
    while (game.canRedo && (state.players[game.sideToMove] !== 'human' || game.mustPass)) game.redo();
  }
  state.animation = null;
  announce(t('game.replayed'));
  changed();
}

/** @param {number} ply */
export function goToPly(ply) {
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
export function newGame(game = new Game(), message = t('game.new'), { viewing = false, clockSpec = null } = {}) {
  parts.setup.leave();
  parts.engines.cancelAi();
  parts.engines.clearAi();
  // A game of its own in the store: the one left, if unfinished, is kept as abandoned.
  parts.tabGame.startNew();
  state.game = game;
  state.lines = new Lines();
  state.viewing = viewing;
  const clockModule = parts.clockModule;
  state.clock = clockSpec && clockModule ? clockModule.createClock(clockSpec, performance.now()) : null;
  state.animation = null;
  parts.messages.clear('move');
  const notes = settleForcedPasses();
  announce([message.replace(/\.$/, ''), ...notes].join('. ') + '.');
  changed();
}

// ---------------------------------------------------------------------------------------------
// After every change: save, draw, then start what comes next

/** What follows each change of the game, once the board is drawn: the AI's move or the hints. */
const turnLoop = createTurnLoop(() => {
  state.lines.add(state.game.moves);
  parts.reviewPanel.gameChanged();
  state.hints = null;
  // The AI's search starts once the board is drawn; the line says so from the next frame.
  state.thinking = isAiTurn() ? { depth: 0, nodes: 0, pv: [] } : null;
  runClock();
  saveGame();
});

export function changed() {
  // A line previewed was of the position before the change: the board shows the game again.
  parts.linePreview.close();
  turnLoop.changed();
  // The live analysis replaces the hints while it is on (it scores the same moves, deeper).
  if (parts.liveAnalysis.on) parts.liveAnalysis.start();
}

/** The move sound (sound.js, loaded the first time it is wanted).
 * @param {number} flips */
export function playSound(flips) {
  import('./sound.js').then(
    ({ playMoveSound }) => playMoveSound(flips),
    () => {}, // a sound that cannot load is no reason to disturb the game
  );
}
