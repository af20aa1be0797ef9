// The game of one <othello-board>: who plays each side, the moves played (by people, by the AI,
// by the page's script), undo and redo, forced passes, and after every change the turn loop
// (common/turn-loop.js): the AI's move or the hints. The element (othello-board.js) turns its
// attributes and methods into calls here; what the board shows is view.js's.

import { EngineClient } from '../common/engine-client.js';
import { flipsEnd } from '../common/render.js';
import { squareIndex, opponentOf } from '../common/squares.js';
import { TurnLoop } from '../common/turn-loop.js';
import { config } from './config.js';

/** @typedef {import('../pkg/reversi.js').Game} Game */
/** @typedef {import('../pkg/reversi.js').Hint} Hint */
/** @typedef {import('../pkg/reversi.js').Side} Side */
/** @typedef {import('./config.js').PlayerKind} PlayerKind */
/** @typedef {import('./engine-load.js').Engine} Engine */
/** @typedef {import('./text.js').Words} Words */
/** @typedef {import('./view.js').MoveAnimation} MoveAnimation */
/** An event the board fires: its type and detail. @typedef {[import('./events.js').BoardEventName, object]} BoardEvent */
/**
 * What an error event is about (its detail's `code`): 'start' (the engine could not load),
 * 'foreign' (files from another site), 'attribute' (a bad value of black, white or level), 'game'
 * (moves or position that are not a game), 'play' (a move that cannot be played), 'not-ready' (a
 * method called before ready), 'ai', 'hints' (a search failed), 'weights', 'book' (a data file
 * could not be loaded: the board plays on without it).
 * @typedef {'start' | 'foreign' | 'attribute' | 'game' | 'play' | 'not-ready' | 'ai' | 'hints' | 'weights' | 'book'} ErrorCode
 */

/**
 * What the controller asks of its element.
 * @typedef {object} BoardHost
 * @property {() => Words} words the board's words, in its language
 * @property {() => boolean} isConnected
 * @property {() => boolean} readOnly
 * @property {() => boolean} hintsWanted
 * @property {() => void} render
 * @property {(events: BoardEvent[]) => void} emit
 * @property {(code: ErrorCode, message: string, key?: string, kind?: 'error' | 'notice') => void} fail
 *   shows a problem until dismissed and fires the error event
 * @property {(key: string) => void} clear a problem's cause is gone: its message goes
 */

export class BoardController {
  /** The game, once the board has started. @type {Game | null} */
  game = null;
  /** @type {Record<Side, PlayerKind>} */
  players = { black: config.defaults.black, white: config.defaults.white };
  level = config.defaults.level;
  /** Hint scores for the position shown, or null while unknown. @type {Hint[] | null} */
  hints = null;
  thinking = false;
  /** @type {MoveAnimation | null} */
  animation = null;
  /** What just happened (a sentence), shown before whose turn it is. */
  note = '';

  /** @type {BoardHost} */
  #host;
  /** The bindings and the compiled module, once loaded. @type {Engine | null} */
  #wasm = null;
  /** @type {EngineClient | null} */
  #engine = null;
  /** @type {TurnLoop<Hint[]>} */
  #loop;

  /** @param {BoardHost} host */
  constructor(host) {
    this.#host = host;
    this.#loop = new TurnLoop({
      cancel: () => this.#engine?.cancel(),
      reset: () => {
        this.hints = null;
        this.thinking = host.isConnected() && this.isAiTurn();
      },
      render: host.render,
      isAiTurn: () => host.isConnected() && this.isAiTurn(),
      searchAi: () => {
        const seed = Math.floor(Math.random() * 2 ** 32);
        return { search: this.#engineClient().search(this.#playing.board, { level: this.level, seed }), minimumDelayMs: config.aiMinimumDelayMs };
      },
      flipsEnd: () => flipsEnd(this.animation),
      playAi: (move) => {
        this.thinking = false;
        host.clear('ai');
        this.playMove(move);
      },
      aiFailed: (error) => {
        this.thinking = false;
        host.fail('ai', host.words().errors.ai(error.message));
        host.render();
      },
      wantsHints: () => host.isConnected() && host.hintsWanted() && this.isInteractive(),
      searchHints: () => this.#engineClient().analyze(this.#playing.board, config.hintOptions),
      hintsArrived: (hints) => {
        this.hints = hints;
        host.clear('hints');
        host.render();
      },
      hintsFailed: (error) => host.fail('hints', host.words().errors.hints(error.message)),
    });
  }

  /** The bindings and the module, once loaded (null before). */
  get engine() {
    return this.#wasm;
  }

  /** The bindings and the module, in the methods that run only once they are loaded. */
  get bindings() {
    return /** @type {Engine} */ (this.#wasm).bindings;
  }

  /** The game, in the methods that run only once the board has started (`game` is set then). */
  get #playing() {
    return /** @type {Game} */ (this.game);
  }

  /** The engine has loaded: the bindings are there (the game is not yet).
   * @param {Engine} wasm */
  engineLoaded(wasm) {
    this.#wasm = wasm;
  }

  /** The board's first game (its passes settled, nothing drawn yet).
   * @param {Game} game */
  start(game) {
    this.game = game;
    this.note = '';
    this.#settleForcedPasses([]);
  }

  /** The board left the page: the searches stop, and answers on their way are dropped. */
  stop() {
    this.#loop.invalidate();
    if (this.#engine) this.#engine.close();
    this.#engine = null;
    this.thinking = false;
  }

  /** After every change: drawn again, and the AI's move or the hints started. */
  changed() {
    if (this.game) this.#loop.changed();
  }

  // --- whose turn -----------------------------------------------------------------------------

  humanColors() {
    return /** @type {Side[]} */ (['black', 'white']).filter((c) => this.players[c] === 'human');
  }

  #isHumanTurn() {
    return !this.#playing.isGameOver && this.players[this.#playing.sideToMove] === 'human';
  }

  /** A person may play on the board now (not read-only, a human's turn, no AI search running). */
  isInteractive() {
    return !this.#host.readOnly() && this.#isHumanTurn() && !this.thinking;
  }

  /**
   * The AI moves only at the end of the record (with a redo line, the viewer is looking back) and
   * never on a read-only board, which shows a position until the page plays or lifts readonly.
   */
  isAiTurn() {
    const game = this.#playing;
    return !this.#host.readOnly() && !game.isGameOver && !game.canRedo && this.players[game.sideToMove] === 'ai';
  }

  // --- playing --------------------------------------------------------------------------------

  /** A square tapped or chosen with the keyboard. @param {string} square */
  onSquare(square) {
    if (!this.game || !this.isInteractive()) return;
    if (!this.game.legalMoves().includes(square)) {
      // A tap beside the markers is no error; say why for screen-reader users.
      this.note = this.#host.words().notLegal(square);
      this.#host.render();
      return;
    }
    this.playMove(square);
  }

  /** Plays `move` for the side to move; false (and an error) when it cannot be played.
   * @param {string} move */
  playMove(move) {
    const game = this.#playing;
    const host = this.#host;
    const mover = game.sideToMove;
    let flipped;
    try {
      flipped = game.play(move);
    } catch (error) {
      host.fail('play', host.words().errors.play(/** @type {Error} */ (error).message));
      return false;
    }
    // A move played is a new decision: the old redo line no longer follows from it.
    game.discardRedo();
    host.clear('play');
    this.animation = { placed: squareIndex(move), flipped: flipped.map(squareIndex), startedAt: performance.now() };
    /** @type {BoardEvent[]} */
    const events = [['move', { square: move, color: mover, flipped: [...flipped], transcript: game.transcript(false), opening: this.opening() }]];
    const t = host.words();
    this.note = t.played(t.color[mover], move, flipped.length);
    this.#settleForcedPasses(events);
    this.changed();
    host.emit(events);
    return true;
  }

  /** Takes back to the previous human turn (the AI's replies and passes with it). */
  undo() {
    const game = this.#playing;
    if (!game.canUndo) return;
    game.undo();
    if (this.humanColors().length > 0) {
      while (game.canUndo && (this.players[game.sideToMove] !== 'human' || game.mustPass)) game.undo();
      // No earlier human turn (the AI opened the game): let the AI choose again.
      if (this.players[game.sideToMove] !== 'human') game.discardRedo();
    }
    this.animation = null;
    this.note = this.#host.words().takenBack;
    this.changed();
  }

  /** Replays what undo took back, up to the next human turn. */
  redo() {
    const game = this.#playing;
    if (!game.canRedo) return;
    game.redo();
    if (this.humanColors().length > 0) {
      while (game.canRedo && (this.players[game.sideToMove] !== 'human' || game.mustPass)) game.redo();
    }
    this.animation = null;
    this.note = this.#host.words().replayed;
    this.changed();
  }

  /** Passes for a side with no move, and notes the end of the game; adds the events to `events`.
   * @param {BoardEvent[]} events */
  #settleForcedPasses(events) {
    const game = this.#playing;
    if (game.mustPass) {
      const side = game.sideToMove;
      game.pass();
      const t = this.#host.words();
      this.note = `${this.note} ${t.passed(t.color[side], t.color[opponentOf(side)])}`.trim();
      events.push(['pass', { color: side, transcript: game.transcript(false) }]);
    }
    if (game.isGameOver) {
      events.push(['gameover', { black: game.scoreBlack, white: game.scoreWhite, winner: game.winner }]);
    }
  }

  /** Another game in place of the one in progress (the searches for it stopped).
   * @param {Game} game
   * @param {string} note */
  replaceGame(game, note) {
    if (this.#engine) {
      this.#engine.cancel();
      this.#engine.clear();
    }
    this.game = game;
    this.animation = null;
    this.#host.clear('game');
    this.note = note;
    this.#settleForcedPasses([]);
    this.changed();
  }

  /** The position after `ply` moves shown (the moves after it kept to redo).
   * @param {number} ply */
  goToPly(ply) {
    try {
      this.#playing.goTo(ply);
    } catch (error) {
      this.#host.fail('game', /** @type {Error} */ (error).message);
      return;
    }
    this.animation = null;
    this.note = this.#host.words().showing(ply, this.#playing.moves.length);
    this.changed();
  }

  /** The name of the opening of the position shown ("Tiger"), '' when it has none (or the game
   * did not start from the standard position). */
  opening() {
    if (!this.#wasm || !this.game) return '';
    const { Game, openingName } = this.#wasm.bindings;
    if (this.game.startBoard !== new Game().startBoard) return '';
    try {
      return openingName(this.game.transcript(false)) || '';
    } catch {
      return '';
    }
  }

  // --- the AI's worker ------------------------------------------------------------------------

  #engineClient() {
    // Started on first need: a board between two humans without hints never starts a worker.
    this.#engine ??= new EngineClient({
      module: /** @type {Engine} */ (this.#wasm).module,
      ttMegabytes: config.ttMegabytes,
      onFile: (name, event) => this.#fileLoaded(name, event),
    });
    return this.#engine;
  }

  /** A data file of the AI's worker could not be loaded (the weights, the book): said once, and
   * the board plays on without it.
   * @param {'weights' | 'book'} name
   * @param {import('../common/engine-client.js').FileEvent} event */
  #fileLoaded(name, event) {
    if (event.ok) return;
    this.#host.fail(name, this.#host.words().errors[name](event.message), name, 'notice');
  }
}
