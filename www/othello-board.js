// <othello-board>: the game as one custom element for any page. Import this module (from any
// folder: everything else loads relative to this file) and write <othello-board></othello-board>.
//
// It reuses the game page's modules (canvas drawing, accessible grid, input, AI client) inside an
// open shadow root; its words are in board/text.js, its markup and style sheet in
// board/shadow.js. The wasm module is downloaded and compiled once per page and shared by every
// board (and handed to every board's AI worker); a board's worker starts only when an AI or hints
// need it. Nothing here is inline code or inline style, so a host page may forbid both (CSP).
//
// Attributes (reflected as properties): moves, position, black, white, level, hints, readonly,
// coordinates, show-moves, lang. Events: ready, move, pass, gameover, error (each problem once,
// with a code). Methods: newGame(), play(square), undo(), redo(), transcript(), position().
// docs/embedding.md lists them all. Problems and notices stay on the board until dismissed.

import { createRenderer, GUTTER } from './common/render.js';
import { createGrid } from './common/grid.js';
import { attachInput } from './common/input.js';
import { EngineClient, SearchCancelled } from './common/engine-client.js';
import { squareIndex, opponentOf } from './common/squares.js';
import { sideScore, signedDiscs, forBlack } from './common/score-text.js';
import { ENGINE_WASM } from './common/engine-wasm.js';
import { closestTarget, setText } from './common/dom.js';
import { MessageList } from './common/message-list.js';
import { TEXT } from './board/text.js';
import { sheet, template } from './board/shadow.js';

/** @typedef {import('./pkg/reversi.js').Game} Game */
/** @typedef {import('./pkg/reversi.js').Hint} Hint */
/** @typedef {import('./pkg/reversi.js').Side} Side */
/** @typedef {import('./pkg/reversi.js').SearchOptions} SearchOptions */
/** @typedef {'human' | 'ai'} PlayerKind */
/** The bindings, initialised, and the compiled module for the workers.
 * @typedef {{bindings: typeof import('./pkg/reversi.js'), module: WebAssembly.Module}} Engine */
/** An event the board fires: its type and detail. @typedef {[string, object]} BoardEvent */
/**
 * What an error event is about (its detail's `code`): 'start' (the engine could not load),
 * 'foreign' (files from another site), 'attribute' (a bad value of black, white or level), 'game'
 * (moves or position that are not a game), 'play' (a move that cannot be played), 'not-ready' (a
 * method called before ready), 'ai', 'hints' (a search failed), 'weights', 'book' (a data file
 * could not be loaded: the board plays on without it).
 * @typedef {'start' | 'foreign' | 'attribute' | 'game' | 'play' | 'not-ready' | 'ai' | 'hints' | 'weights' | 'book'} ErrorCode
 */

/** Every tunable of the element, in one place. */
export const config = {
  /** @type {{black: PlayerKind, white: PlayerKind, level: number}} */
  defaults: { black: 'human', white: 'ai', level: 4 },
  /** Per board: several boards on a page each have a worker with its own table. */
  ttMegabytes: 16,
  /** @type {SearchOptions} */
  hintOptions: { depth: 6, exactFromEmpties: 14, timeMs: 3000, evaluation: 'pattern' },
  /** The AI waits at least this long before moving, so that a human sees the position change. */
  aiMinimumDelayMs: 300,
};

const BINDINGS_URL = new URL('./pkg/reversi.js', import.meta.url);
const WASM_URL = new URL(`./pkg/${ENGINE_WASM}`, import.meta.url);
/** The iframe page beside www/ (dist/embed.html): what a page of another site should use. */
const EMBED_URL = new URL('../embed.html', import.meta.url);

/**
 * The origin of this module when it is not the page's own. Browsers start a worker only from
 * the page's origin (\`new Worker\` throws a SecurityError otherwise), and the AI and the hints
 * run in one: a board whose files come from another site cannot play, so it says so instead.
 * (A module from another site loads only if that site allows it with CORS; when it does not,
 * the browser runs none of this and the element stays an empty box.)
 */
const FOREIGN_ORIGIN = self.origin === new URL(import.meta.url).origin ? null : new URL(import.meta.url).origin;

async function compileWasm() {
  const response = await fetch(WASM_URL);
  if (!response.ok) throw new Error(`could not load ${WASM_URL.pathname} (HTTP ${response.status})`);
  // compileStreaming insists on the application/wasm type; some static hosts send another one.
  const type = (response.headers.get('content-type') || '').split(';')[0].trim();
  if (type === 'application/wasm') return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}

/** @type {Promise<Engine> | null} */
let engineLoad = null;

/**
 * The bindings initialised with the wasm module, and the compiled module for the workers: one
 * download and one compilation per page, however many boards. A failure is retried by the next board.
 */
function loadEngine() {
  engineLoad ??= Promise.all([/** @type {Promise<typeof import('./pkg/reversi.js')>} */ (import(BINDINGS_URL.href)), compileWasm()])
    .then(async ([bindings, module]) => {
      await bindings.default({ module_or_path: module });
      return { bindings, module };
    })
    .catch((error) => {
      engineLoad = null;
      throw error;
    });
  return engineLoad;
}

/** The boolean attributes, by the name of the property that reflects each. */
const BOOLEAN_ATTRIBUTES = { hints: 'hints', readonly: 'readonly', coordinates: 'coordinates', showMoves: 'show-moves' };
const STRING_ATTRIBUTES = ['moves', 'black', 'white'];

// ---------------------------------------------------------------------------------------------

export class OthelloBoard extends HTMLElement {
  static observedAttributes = ['moves', 'position', 'black', 'white', 'level', 'lang', ...Object.values(BOOLEAN_ATTRIBUTES)];

  /** @type {ShadowRoot} */
  #root;
  /** @type {ReturnType<typeof createRenderer>} */
  #renderer;
  /** @type {ReturnType<typeof createGrid>} */
  #grid;
  /** The bindings and the compiled module, once loaded. @type {Engine | null} */
  #wasm = null;
  /** @type {EngineClient | null} */
  #engine = null;
  #started = false;
  #readySent = false;

  /** The game, once the board has started. @type {Game | null} */
  #game = null;
  /** @type {Record<Side, PlayerKind>} */
  #players = { black: config.defaults.black, white: config.defaults.white };
  #level = config.defaults.level;
  /** Hint scores for the position shown, or null while unknown. @type {Hint[] | null} */
  #hints = null;
  #thinking = false;
  /** The move just played, animated once. @type {{placed: number, flipped: number[], startedAt: number} | null} */
  #animation = null;
  /** What just happened (a sentence), shown before whose turn it is. */
  #note = '';
  /** The problems and notices shown until dismissed. @type {MessageList} */
  #messages;
  /** Bumped on every change; answers of the AI for an older epoch are dropped. */
  #epoch = 0;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    this.#root.adoptedStyleSheets = [sheet];
    this.#root.append(template.content.cloneNode(true));
    const board = this.#$('.board');
    board.style.setProperty('--gutter', `${GUTTER * 100}%`);
    this.#renderer = createRenderer(/** @type {HTMLCanvasElement} */ (this.#$('canvas')));
    this.#grid = createGrid(this.#$('.board-grid'), { onActivate: (square) => this.#onSquare(square) });
    attachInput(
      board,
      {
        onSquare: (square) => this.#onSquare(square),
        onUndo: () => this.#ifInteractive(() => this.undo()),
        onRedo: () => this.#ifInteractive(() => this.redo()),
        onToggleHints: () => this.#ifInteractive(() => this.toggleAttribute('hints')),
      },
      // Shortcut keys only while the focus is on this board: other boards and the host page keep theirs.
      { keyTarget: board },
    );
    this.#$('.move-list').addEventListener('click', (event) => {
      const button = closestTarget(event, 'button[data-ply]');
      if (button && !this.readOnly) this.#goToPly(Number(button.dataset.ply));
    });
    this.#messages = new MessageList(this.#$('.messages'), { dismissLabel: () => this.#text.dismiss });
    setText(this.#$('.status'), this.#text.loading);
  }

  /** The element of the shadow root that `selector` names (the template has them all).
   * @param {string} selector */
  #$(selector) {
    return /** @type {HTMLElement} */ (this.#root.querySelector(selector));
  }

  // --- lifecycle ------------------------------------------------------------------------------

  connectedCallback() {
    // A property set before the element was defined hides the accessor: pass it through.
    /** The element as a bag of properties (`this[name]` below). @type {Record<string, unknown>} */
    const properties = /** @type {any} */ (this);
    for (const name of ['moves', 'position', 'black', 'white', 'level', ...Object.keys(BOOLEAN_ATTRIBUTES)]) {
      if (Object.hasOwn(this, name)) {
        const value = properties[name];
        delete properties[name];
        properties[name] = value;
      }
    }
    if (this.#wasm) {
      this.#changed(); // back on a page: the AI resumes if it is its turn
      this.#announceReady(); // if it left the page while the engine was loading
      return;
    }
    if (this.#started) return;
    this.#started = true;
    if (FOREIGN_ORIGIN) {
      // No download, no engine: it could not play. Why, once, and as an error event.
      this.#showUnavailable();
      this.#emit([['error', { code: 'foreign', message: this.#text.foreign.error(FOREIGN_ORIGIN, self.origin, EMBED_URL.href) }]]);
      return;
    }
    loadEngine().then(
      (wasm) => this.#start(wasm),
      (error) => {
        this.#started = false;
        this.#fail('start', this.#text.errors.start(error.message));
      },
    );
  }

  disconnectedCallback() {
    this.#epoch++;
    if (this.#engine) this.#engine.close();
    this.#engine = null;
    this.#thinking = false;
  }

  /** @param {string} name
   * @param {string | null} oldValue
   * @param {string | null} newValue */
  attributeChangedCallback(name, oldValue, newValue) {
    if (FOREIGN_ORIGIN && this.#started) {
      this.#showUnavailable(); // its language, and the iframe's options
      return;
    }
    if (!this.#wasm) return; // before the start, #start reads them all
    // Setting moves or position loads that game even when the value is unchanged: the game has
    // moved on since, and setting it again is how a page starts it over.
    if (oldValue === newValue && name !== 'moves' && name !== 'position') return;
    if (name === 'moves' || name === 'position') this.#loadFromAttributes();
    else if (name === 'black' || name === 'white') {
      this.#readPlayer(name);
      this.#changed();
    } else if (name === 'level') {
      this.#readLevel();
      this.#changed(); // a search in progress restarts at the new level
    } else if (name === 'hints' || name === 'readonly') this.#changed();
    else if (name === 'lang') {
      this.#grid.setLabels(this.#text.grid);
      this.#messages.render(); // the close buttons' names
      this.#render();
    } else this.#render();
  }

  /** @param {Engine} wasm */
  #start(wasm) {
    this.#wasm = wasm;
    this.#messages.clear('start');
    this.#readPlayer('black');
    this.#readPlayer('white');
    this.#readLevel();
    this.#grid.setLabels(this.#text.grid);
    const game = this.#gameFromAttributes();
    this.#game = game || new wasm.bindings.Game();
    this.#note = '';
    this.#settleForcedPasses([]);
    if (!this.isConnected) return;
    this.#changed();
    this.#announceReady();
  }

  /** The notice of a board whose files come from another site, in the board's language. */
  #showUnavailable() {
    const t = this.#text.foreign;
    setText(this.#$('.unavailable-title'), t.title);
    setText(this.#$('.unavailable-why'), t.why(String(FOREIGN_ORIGIN), self.origin));
    setText(this.#$('.unavailable-iframe'), t.iframe);
    setText(this.#$('.unavailable-end'), t.end);
    // The iframe with this board's options (embed.html reads the same names from its address).
    const link = /** @type {HTMLAnchorElement} */ (this.#$('.unavailable-link'));
    const url = new URL(EMBED_URL);
    for (const name of OthelloBoard.observedAttributes) {
      const value = this.getAttribute(name);
      if (value !== null) url.searchParams.set(name, value);
    }
    link.href = url.href;
    setText(link, t.link);
    this.#$('.unavailable').hidden = false;
    this.#$('.layout').hidden = true;
  }

  /** The ready event, once per board, when it is on a page and playable. */
  #announceReady() {
    if (this.#readySent) return;
    this.#readySent = true;
    this.#messages.clear('not-ready');
    this.#emit([['ready', { transcript: this.transcript(), position: this.position() }]]);
  }

  // --- attributes -----------------------------------------------------------------------------

  get #text() {
    const lang = (this.getAttribute('lang') || document.documentElement.lang || 'en').toLowerCase();
    return lang.startsWith('pt') ? TEXT.pt : TEXT.en;
  }

  /** @param {Side} color */
  #readPlayer(color) {
    const value = this.getAttribute(color);
    const key = `attribute-${color}`;
    if (value === null) this.#players[color] = config.defaults[color];
    else if (value === 'human' || value === 'ai') this.#players[color] = value;
    else return this.#fail('attribute', this.#text.errors.player(color, value), key);
    this.#messages.clear(key);
  }

  #readLevel() {
    const value = this.getAttribute('level');
    const max = this.#engineLoaded.bindings.levels().length;
    const n = Number(value);
    if (value === null) this.#level = config.defaults.level;
    else if (value.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= max) this.#level = n;
    else return this.#fail('attribute', this.#text.errors.level(value, max), 'attribute-level');
    this.#messages.clear('attribute-level');
  }

  /** The game the attributes describe; null (and an error shown) when they do not describe one. */
  #gameFromAttributes() {
    const { Game } = this.#engineLoaded.bindings;
    const moves = (this.getAttribute('moves') || '').trim();
    const position = (this.getAttribute('position') || '').trim();
    try {
      if (position) return Game.fromBoardAndTranscript(position, moves);
      if (moves) return Game.fromTranscript(moves);
      return new Game();
    } catch (error) {
      this.#fail('game', this.#text.errors.game(/** @type {Error} */ (error).message));
      return null;
    }
  }

  #loadFromAttributes() {
    const game = this.#gameFromAttributes();
    if (!game) return;
    this.#replaceGame(game, game.ply > 0 ? this.#text.loaded(game.ply) : this.#text.newGame);
  }

  // --- properties: the attributes reflected ---------------------------------------------------

  get moves() {
    return this.getAttribute('moves') ?? '';
  }

  set moves(value) {
    this.#setAttribute('moves', value);
  }

  get black() {
    return this.getAttribute('black') ?? config.defaults.black;
  }

  set black(value) {
    this.#setAttribute('black', value);
  }

  get white() {
    return this.getAttribute('white') ?? config.defaults.white;
  }

  set white(value) {
    this.#setAttribute('white', value);
  }

  get level() {
    const n = Number(this.getAttribute('level'));
    return this.hasAttribute('level') && Number.isInteger(n) ? n : config.defaults.level;
  }

  set level(value) {
    this.#setAttribute('level', value);
  }

  get hints() {
    return this.hasAttribute('hints');
  }

  set hints(value) {
    this.toggleAttribute('hints', Boolean(value));
  }

  get readOnly() {
    return this.hasAttribute('readonly');
  }

  set readOnly(value) {
    this.toggleAttribute('readonly', Boolean(value));
  }

  get readonly() {
    return this.readOnly;
  }

  set readonly(value) {
    this.readOnly = value;
  }

  get coordinates() {
    return this.hasAttribute('coordinates');
  }

  set coordinates(value) {
    this.toggleAttribute('coordinates', Boolean(value));
  }

  get showMoves() {
    return this.hasAttribute('show-moves');
  }

  set showMoves(value) {
    this.toggleAttribute('show-moves', Boolean(value));
  }

  /**
   * `board.position = '…'` sets the position attribute (the start position); `board.position()`
   * is the method that returns the position shown. One name for both, as the element's API says.
   */
  get position() {
    return this.#currentPosition;
  }

  /** The name of the opening of the position shown ("Tiger"), '' when it has none (or the game
   * did not start from the standard position). Read-only. */
  get opening() {
    if (!this.#wasm || !this.#game) return '';
    const { Game, openingName } = this.#wasm.bindings;
    if (this.#game.startBoard !== new Game().startBoard) return '';
    try {
      return openingName(this.#game.transcript(false)) || '';
    } catch {
      return '';
    }
  }

  set position(value) {
    this.#setAttribute('position', value);
  }

  /** Sets an attribute, or removes it for null and undefined.
   * @param {string} name
   * @param {unknown} value */
  #setAttribute(name, value) {
    if (value === null || value === undefined) this.removeAttribute(name);
    else this.setAttribute(name, String(value));
  }

  // --- methods --------------------------------------------------------------------------------

  /** A new game from the position attribute, or from the standard start without one. */
  newGame() {
    if (!this.#ensureReady('newGame')) return;
    const { Game } = this.#engineLoaded.bindings;
    let game = new Game();
    const position = (this.getAttribute('position') || '').trim();
    if (position) {
      try {
        game = Game.fromBoard(position);
      } catch (error) {
        this.#fail('game', this.#text.errors.game(/** @type {Error} */ (error).message));
        return;
      }
    }
    this.#replaceGame(game, this.#text.newGame);
  }

  /** Plays `square` (such as "d3") for the side to move, whoever plays it; false if it cannot.
   * @param {string} square */
  play(square) {
    if (!this.#ensureReady('play')) return false;
    return this.#playMove(String(square).trim().toLowerCase());
  }

  /** Takes back to the previous human turn (the AI's replies and passes with it). */
  undo() {
    if (!this.#ensureReady('undo')) return;
    const game = this.#playing;
    if (!game.canUndo) return;
    game.undo();
    if (this.#humanColors().length > 0) {
      while (game.canUndo && (this.#players[game.sideToMove] !== 'human' || game.mustPass)) game.undo();
      // No earlier human turn (the AI opened the game): let the AI choose again.
      if (this.#players[game.sideToMove] !== 'human') game.discardRedo();
    }
    this.#animation = null;
    this.#note = this.#text.takenBack;
    this.#changed();
  }

  /** Replays what undo took back, up to the next human turn. */
  redo() {
    if (!this.#ensureReady('redo')) return;
    const game = this.#playing;
    if (!game.canRedo) return;
    game.redo();
    if (this.#humanColors().length > 0) {
      while (game.canRedo && (this.#players[game.sideToMove] !== 'human' || game.mustPass)) game.redo();
    }
    this.#animation = null;
    this.#note = this.#text.replayed;
    this.#changed();
  }

  /** The moves up to the position shown, such as "f5d6c3" (null before the ready event). */
  transcript() {
    return this.#game ? this.#game.transcript(false) : null;
  }

  /** The position shown: 64 squares (X O -), a space, the side to move (null before ready). */
  #currentPosition = () => (this.#game ? this.#game.board : null);

  /** The game, in the methods that run only once the board has started (`#game` is set then). */
  get #playing() {
    return /** @type {Game} */ (this.#game);
  }

  /** The bindings and the module, in the methods that run only once they are loaded. */
  get #engineLoaded() {
    return /** @type {Engine} */ (this.#wasm);
  }

  /** Whether the board has started; if not, says that `what` was called too early.
   * @param {string} what */
  #ensureReady(what) {
    if (this.#game) return true;
    this.#fail('not-ready', this.#text.errors.notReady(what));
    return false;
  }

  // --- playing --------------------------------------------------------------------------------

  #humanColors() {
    return /** @type {Side[]} */ (['black', 'white']).filter((c) => this.#players[c] === 'human');
  }

  #isHumanTurn() {
    return !this.#playing.isGameOver && this.#players[this.#playing.sideToMove] === 'human';
  }

  /** A person may play on the board now (not read-only, a human's turn, no AI search running). */
  #isInteractive() {
    return !this.readOnly && this.#isHumanTurn() && !this.#thinking;
  }

  /**
   * The AI moves only at the end of the record (with a redo line, the viewer is looking back) and
   * never on a read-only board, which shows a position until the page plays or lifts readonly.
   */
  #isAiTurn() {
    const game = this.#playing;
    return !this.readOnly && !game.isGameOver && !game.canRedo && this.#players[game.sideToMove] === 'ai';
  }

  /** @param {() => void} action */
  #ifInteractive(action) {
    if (this.#game && !this.readOnly) action();
  }

  /** @param {string} square */
  #onSquare(square) {
    if (!this.#game || !this.#isInteractive()) return;
    if (!this.#game.legalMoves().includes(square)) {
      // A tap beside the markers is no error; say why for screen-reader users.
      this.#note = this.#text.notLegal(square);
      this.#render();
      return;
    }
    this.#playMove(square);
  }

  /** @param {string} move */
  #playMove(move) {
    const game = this.#playing;
    const mover = game.sideToMove;
    let flipped;
    try {
      flipped = game.play(move);
    } catch (error) {
      this.#fail('play', this.#text.errors.play(/** @type {Error} */ (error).message));
      return false;
    }
    // A move played is a new decision: the old redo line no longer follows from it.
    game.discardRedo();
    this.#messages.clear('play');
    this.#animation = { placed: squareIndex(move), flipped: flipped.map(squareIndex), startedAt: performance.now() };
    /** @type {BoardEvent[]} */
    const events = [['move', { square: move, color: mover, flipped: [...flipped], transcript: game.transcript(false), opening: this.opening }]];
    this.#note = this.#text.played(this.#text.color[mover], move, flipped.length);
    this.#settleForcedPasses(events);
    this.#changed();
    this.#emit(events);
    return true;
  }

  /** Passes for a side with no move, and notes the end of the game; adds the events to `events`.
   * @param {BoardEvent[]} events */
  #settleForcedPasses(events) {
    const game = this.#playing;
    if (game.mustPass) {
      const side = game.sideToMove;
      game.pass();
      const t = this.#text;
      this.#note = `${this.#note} ${t.passed(t.color[side], t.color[opponentOf(side)])}`.trim();
      events.push(['pass', { color: side, transcript: game.transcript(false) }]);
    }
    if (game.isGameOver) {
      events.push(['gameover', { black: game.scoreBlack, white: game.scoreWhite, winner: game.winner }]);
    }
  }

  /** @param {Game} game
   * @param {string} note */
  #replaceGame(game, note) {
    if (this.#engine) {
      this.#engine.cancel();
      this.#engine.clear();
    }
    this.#game = game;
    this.#animation = null;
    this.#messages.clear('game');
    this.#note = note;
    this.#settleForcedPasses([]);
    this.#changed();
  }

  /** @param {number} ply */
  #goToPly(ply) {
    try {
      this.#playing.goTo(ply);
    } catch (error) {
      this.#fail('game', /** @type {Error} */ (error).message);
      return;
    }
    this.#animation = null;
    this.#note = this.#text.showing(ply, this.#playing.moves.length);
    this.#changed();
  }

  /**
   * Shows `message` until it is dismissed or its cause is gone (a later message of the same `key`
   * replaces it), and fires the error event once; the game in progress stays as it is. A notice
   * (`kind`): the board plays on, with a limit worth knowing.
   * @param {ErrorCode} code
   * @param {string} message
   * @param {string} [key] what it is about, when a code covers several things (each attribute)
   * @param {'error' | 'notice'} [kind]
   */
  #fail(code, message, key = code, kind = 'error') {
    this.#messages.show({ key, kind, text: message });
    this.#emit([['error', { code, message }]]);
  }

  /** A data file of the AI's worker could not be loaded (the weights, the book): said once, and
   * the board plays on without it.
   * @param {'weights' | 'book'} name
   * @param {import('./common/engine-client.js').FileEvent} event */
  #fileLoaded(name, event) {
    if (event.ok) return;
    this.#fail(name, this.#text.errors[name](event.message), name, 'notice');
  }

  /** @param {BoardEvent[]} events */
  #emit(events) {
    for (const [type, detail] of events) {
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    }
  }

  // --- after every change: draw, then start what comes next -----------------------------------

  #engineClient() {
    // Started on first need: a board between two humans without hints never starts a worker.
    this.#engine ??= new EngineClient({
      module: this.#engineLoaded.module,
      ttMegabytes: config.ttMegabytes,
      onFile: (name, event) => this.#fileLoaded(name, event),
    });
    return this.#engine;
  }

  #changed() {
    if (!this.#game) return;
    this.#epoch++;
    this.#hints = null;
    this.#thinking = false;
    if (this.#engine) this.#engine.cancel();
    if (this.isConnected && this.#isAiTurn()) this.#thinking = true;
    this.#render();
    if (this.isConnected) this.#startNext();
  }

  #startNext() {
    const epoch = this.#epoch;
    if (this.#isAiTurn()) {
      const seed = Math.floor(Math.random() * 2 ** 32);
      const search = this.#engineClient().search(this.#playing.board, { level: this.#level, seed });
      const pause = new Promise((resolve) => setTimeout(resolve, config.aiMinimumDelayMs));
      Promise.all([search, pause]).then(
        ([result]) => {
          if (epoch !== this.#epoch) return;
          this.#thinking = false;
          this.#messages.clear('ai');
          this.#playMove(result.move);
        },
        (error) => {
          if (error instanceof SearchCancelled || epoch !== this.#epoch) return;
          this.#thinking = false;
          this.#fail('ai', this.#text.errors.ai(error.message));
          this.#render();
        },
      );
    } else if (this.hints && this.#isInteractive()) {
      this.#engineClient()
        .analyze(this.#playing.board, config.hintOptions)
        .then(
          (hints) => {
            if (epoch !== this.#epoch) return;
            this.#hints = hints;
            this.#messages.clear('hints');
            this.#render();
          },
          (error) => {
            if (!(error instanceof SearchCancelled) && epoch === this.#epoch) this.#fail('hints', this.#text.errors.hints(error.message));
          },
        );
    }
  }

  // --- rendering: a function of the state -----------------------------------------------------

  #situation() {
    const game = this.#playing;
    const t = this.#text;
    if (game.isGameOver) {
      const { scoreBlack: b, scoreWhite: w, winner } = game;
      if (winner === 'draw') return t.draw(b, w);
      return winner === 'black' ? t.wins(t.color.black, b, w) : t.wins(t.color.white, w, b);
    }
    const side = t.color[game.sideToMove];
    if (this.#players[game.sideToMove] === 'human') return t.toMove(side);
    return this.#thinking ? t.thinking(side) : t.aiToMove(side);
  }

  #hintList() {
    if (!this.#hints || !this.#isInteractive()) return [];
    // Hints come best first, unknown ones last: the best is the first known score, and a move
    // without a score is never the best.
    const t = this.#text;
    // Scores in discs as on the game page: the square shows the mover's ("+2.4"), the label the
    // side ahead ("score Black +2.4").
    const firstKnown = this.#hints.find((h) => !h.unknown);
    const side = this.#playing.sideToMove;
    return this.#hints.map((h) => ({
      square: squareIndex(h.move),
      text: h.unknown || h.discs === null ? '?' : signedDiscs(h.discs, h.exact, t.scoreWords),
      label: h.unknown || h.discs === null ? t.scoreUnknown : t.hintScore(sideScore(forBlack(h.discs, side), h.exact, t.scoreWords)),
      exact: h.exact,
      best: !h.unknown && firstKnown !== undefined && h.score === firstKnown.score && h.exact === firstKnown.exact,
    }));
  }

  #render() {
    const game = this.#playing;
    const t = this.#text;
    const squares = game.squares();
    const legal = this.#isInteractive() ? game.legalMoves().map(squareIndex) : [];
    const hints = this.#hintList();
    this.#renderer.restyle(); // the host page may have changed the --othello-* properties
    this.#renderer.draw({
      squares,
      legal,
      moverColor: game.sideToMove,
      lastMove: game.lastMove ? squareIndex(game.lastMove) : -1,
      hints,
      animation: this.#animation,
      coordinates: this.coordinates,
    });
    this.#grid.update({ squares, legal: new Set(legal), hints: new Map(hints.map((h) => [h.square, { label: h.label, best: h.best }])) });

    setText(this.#$('[data-testid="score-black"]'), String(game.scoreBlack));
    setText(this.#$('[data-testid="score-white"]'), String(game.scoreWhite));
    for (const score of this.#root.querySelectorAll('.score')) {
      const color = /** @type {Side} */ (/** @type {HTMLElement} */ (score).dataset.color);
      setText(/** @type {Element} */ (score.querySelector('.score-name')), `${t.score[color]}: `);
      score.classList.toggle('to-move', !game.isGameOver && game.sideToMove === color);
    }
    setText(this.#$('.status'), [this.#note, this.#situation()].filter(Boolean).join(' '));

    const side = this.#$('.side');
    side.hidden = !this.showMoves;
    side.setAttribute('aria-label', t.moves);
    setText(this.#$('.side-title'), t.moves);
    setText(this.#$('[data-testid="moves"]'), game.transcript(false));
    this.#renderMoveList();
  }

  #renderMoveList() {
    const list = this.#$('.move-list');
    const t = this.#text;
    const moves = this.#playing.moves;
    const ply = this.#playing.ply;
    const signature = `${moves.join(',')}|${ply}|${t === TEXT.pt ? 'pt' : 'en'}`;
    if (list.dataset.signature === signature) return;
    list.dataset.signature = signature;
    list.replaceChildren(
      ...moves.map((move, i) => {
        const item = document.createElement('li');
        const button = document.createElement('button');
        const name = move === 'pa' ? t.pass : move;
        button.type = 'button';
        button.dataset.ply = String(i + 1);
        button.textContent = name;
        button.setAttribute('aria-label', t.showMove(i + 1, name));
        if (i + 1 === ply) button.setAttribute('aria-current', 'step');
        if (i + 1 > ply) button.classList.add('future');
        item.append(button);
        return item;
      }),
    );
    // Scroll the list itself, never the host page (scrollIntoView would move the whole page).
    const current = /** @type {HTMLElement | null} */ (list.querySelector('[aria-current]'));
    const side = this.#$('.side');
    if (current && !side.hidden) {
      const top = current.offsetTop;
      const bottom = top + current.offsetHeight;
      if (top < side.scrollTop) side.scrollTop = top;
      else if (bottom > side.scrollTop + side.clientHeight) side.scrollTop = bottom - side.clientHeight;
    }
  }
}

if (!customElements.get('othello-board')) customElements.define('othello-board', OthelloBoard);
