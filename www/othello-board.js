// <othello-board>: the game as one custom element for any page. Import this module (from any
// folder: everything else loads relative to this file) and write <othello-board></othello-board>.
//
// This module is the element's public side: its attributes (reflected as properties), methods and
// events, over the modules of board/: controller.js (the game and the turn loop), view.js (what
// it shows), engine-load.js (the wasm, downloaded and compiled once per page and shared by every
// board and handed to every board's AI worker), origin.js (files from another site cannot play),
// events.js (the events' names), text.js (its words), shadow.js (its markup and style sheet). It
// reuses the game page's modules (canvas drawing, accessible grid, input, AI client) inside an
// open shadow root; a board's worker starts only when an AI or hints need it. Nothing here is
// inline code or inline style, so a host page may forbid both (CSP).
//
// Attributes: moves, position, black, white, level, hints, readonly, coordinates, show-moves,
// lang. Events: those of board/events.js (ready, move, pass, gameover; error: each problem once,
// with a code). Methods: newGame(), play(square), undo(), redo(), transcript(), position().
// docs/embedding.md lists them all. Problems and notices stay on the board until dismissed.

import { attachInput } from './common/input.js';
import { closestTarget } from './common/dom.js';
import { MessageList } from './common/message-list.js';
import { boardWords } from './board/text.js';
import { isLoaded, loadLanguage, normalizeLanguage } from './i18n/i18n.js';
import { sheet, template } from './board/shadow.js';
import { config } from './board/config.js';
import { loadEngine } from './board/engine-load.js';
import { EMBED_URL, FOREIGN_ORIGIN } from './board/origin.js';
import { BoardController } from './board/controller.js';
import { BoardView } from './board/view.js';

export { config };

/** @typedef {import('./pkg/reversi.js').Game} Game */
/** @typedef {import('./pkg/reversi.js').Side} Side */
/** @typedef {import('./board/engine-load.js').Engine} Engine */
/** @typedef {import('./board/controller.js').BoardEvent} BoardEvent */
/** @typedef {import('./board/controller.js').ErrorCode} ErrorCode */

/** The boolean attributes, by the name of the property that reflects each. */
const BOOLEAN_ATTRIBUTES = { hints: 'hints', readonly: 'readonly', coordinates: 'coordinates', showMoves: 'show-moves' };

// ---------------------------------------------------------------------------------------------

export class OthelloBoard extends HTMLElement {
  static observedAttributes = ['moves', 'position', 'black', 'white', 'level', 'lang', ...Object.values(BOOLEAN_ATTRIBUTES)];

  /** @type {BoardView} */
  #view;
  /** @type {BoardController} */
  #controller;
  #started = false;
  #readySent = false;
  /** The problems and notices shown until dismissed. @type {MessageList} */
  #messages;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [sheet];
    root.append(template.content.cloneNode(true));
    this.#controller = new BoardController({
      words: () => this.#text,
      isConnected: () => this.isConnected,
      readOnly: () => this.readOnly,
      hintsWanted: () => this.hints,
      render: () => this.#render(),
      emit: (events) => this.#emit(events),
      fail: (code, message, key, kind) => this.#fail(code, message, key, kind),
      clear: (key) => this.#messages.clear(key),
    });
    const onSquare = (/** @type {string} */ square) => this.#controller.onSquare(square);
    this.#view = new BoardView(root, { onSquare });
    const board = this.#view.board;
    attachInput(
      board,
      {
        onSquare,
        onUndo: () => this.#ifInteractive(() => this.undo()),
        onRedo: () => this.#ifInteractive(() => this.redo()),
        onToggleHints: () => this.#ifInteractive(() => this.toggleAttribute('hints')),
      },
      // Shortcut keys only while the focus is on this board: other boards and the host page keep theirs.
      { keyTarget: board },
    );
    this.#view.$('.move-list').addEventListener('click', (event) => {
      const button = closestTarget(event, 'button[data-ply]');
      if (button && !this.readOnly) this.#controller.goToPly(Number(button.dataset.ply));
    });
    this.#messages = new MessageList(this.#view.$('.messages'), { dismissLabel: () => this.#text.dismiss });
    this.#view.showStatus(this.#text.loading);
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
    if (this.#controller.engine) {
      this.#controller.changed(); // back on a page: the AI resumes if it is its turn
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
    this.#controller.stop();
  }

  /** @param {string} name
   * @param {string | null} oldValue
   * @param {string | null} newValue */
  attributeChangedCallback(name, oldValue, newValue) {
    if (FOREIGN_ORIGIN && this.#started) {
      this.#showUnavailable(); // its language, and the iframe's options
      return;
    }
    if (!this.#controller.engine) return; // before the start, #start reads them all
    // Setting moves or position loads that game even when the value is unchanged: the game has
    // moved on since, and setting it again is how a page starts it over.
    if (oldValue === newValue && name !== 'moves' && name !== 'position') return;
    if (name === 'moves' || name === 'position') this.#loadFromAttributes();
    else if (name === 'black' || name === 'white') {
      this.#readPlayer(name);
      this.#controller.changed();
    } else if (name === 'level') {
      this.#readLevel();
      this.#controller.changed(); // a search in progress restarts at the new level
    } else if (name === 'hints' || name === 'readonly') this.#controller.changed();
    else if (name === 'lang') this.#relabel();
    else this.#render();
  }

  /** @param {Engine} wasm */
  #start(wasm) {
    const controller = this.#controller;
    controller.engineLoaded(wasm);
    this.#messages.clear('start');
    this.#readPlayer('black');
    this.#readPlayer('white');
    this.#readLevel();
    this.#view.setLabels(this.#text);
    const game = this.#gameFromAttributes();
    controller.start(game || new wasm.bindings.Game());
    if (!this.isConnected) return;
    controller.changed();
    this.#announceReady();
  }

  /** The notice of a board whose files come from another site, in the board's language. */
  #showUnavailable() {
    // The iframe with this board's options (embed.html reads the same names from its address).
    const url = new URL(EMBED_URL);
    for (const name of OthelloBoard.observedAttributes) {
      const value = this.getAttribute(name);
      if (value !== null) url.searchParams.set(name, value);
    }
    this.#view.showUnavailable(this.#text, String(FOREIGN_ORIGIN), url.href);
  }

  /** The ready event, once per board, when it is on a page and playable. */
  #announceReady() {
    if (this.#readySent) return;
    this.#readySent = true;
    this.#messages.clear('not-ready');
    this.#emit([['ready', { transcript: this.transcript(), position: this.position() }]]);
  }

  #render() {
    const controller = this.#controller;
    if (!controller.game) return;
    this.#view.render({
      game: controller.game,
      players: controller.players,
      thinking: controller.thinking,
      interactive: controller.isInteractive(),
      hints: controller.hints,
      animation: controller.animation,
      note: controller.note,
      coordinates: this.coordinates,
      showMoves: this.showMoves,
      words: this.#text,
    });
  }

  // --- attributes -----------------------------------------------------------------------------

  get #text() {
    // Its own lang attribute, else the page's; a language no catalogue speaks is English. While a
    // catalogue is on its way, the board keeps the words it had (it is written again when it
    // arrives).
    const lang = normalizeLanguage(this.getAttribute('lang') || document.documentElement.lang) ?? 'en';
    if (isLoaded(lang)) {
      this.#shownLanguage = lang;
      return boardWords(lang);
    }
    if (this.#awaitedLanguage !== lang) {
      this.#awaitedLanguage = lang;
      loadLanguage(lang).then(
        () => this.#languageArrived(),
        () => {}, // a catalogue that cannot be had: the board stays in English
      );
    }
    return boardWords(this.#shownLanguage);
  }

  /** Every word of the board written again in its language. */
  #relabel() {
    this.#view.setLabels(this.#text);
    this.#messages.render(); // the close buttons' names
    this.#render();
  }

  /** The language the board waits for (its catalogue on its way), or ''. */
  #awaitedLanguage = '';
  /** The language of the words the board shows. */
  #shownLanguage = 'en';

  /** A catalogue arrived: the board's words written again (as when `lang` changes). */
  #languageArrived() {
    if (FOREIGN_ORIGIN && this.#started) this.#showUnavailable();
    else if (this.#controller.engine) this.#relabel();
    else this.#view.showStatus(this.#text.loading);
  }

  /** @param {Side} color */
  #readPlayer(color) {
    const value = this.getAttribute(color);
    const key = `attribute-${color}`;
    const players = this.#controller.players;
    if (value === null) players[color] = config.defaults[color];
    else if (value === 'human' || value === 'ai') players[color] = value;
    else return this.#fail('attribute', this.#text.errors.player(color, value), key);
    this.#messages.clear(key);
  }

  #readLevel() {
    const value = this.getAttribute('level');
    const max = this.#controller.bindings.levels().length;
    const n = Number(value);
    if (value === null) this.#controller.level = config.defaults.level;
    else if (value.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= max) this.#controller.level = n;
    else return this.#fail('attribute', this.#text.errors.level(value, max), 'attribute-level');
    this.#messages.clear('attribute-level');
  }

  /** The game the attributes describe; null (and an error shown) when they do not describe one. */
  #gameFromAttributes() {
    const { Game } = this.#controller.bindings;
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
    this.#controller.replaceGame(game, game.ply > 0 ? this.#text.loaded(game.ply) : this.#text.newGame);
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
    return this.#controller.opening();
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
    const { Game } = this.#controller.bindings;
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
    this.#controller.replaceGame(game, this.#text.newGame);
  }

  /** Plays `square` (such as "d3") for the side to move, whoever plays it; false if it cannot.
   * @param {string} square */
  play(square) {
    if (!this.#ensureReady('play')) return false;
    return this.#controller.playMove(String(square).trim().toLowerCase());
  }

  /** Takes back to the previous human turn (the AI's replies and passes with it). */
  undo() {
    if (this.#ensureReady('undo')) this.#controller.undo();
  }

  /** Replays what undo took back, up to the next human turn. */
  redo() {
    if (this.#ensureReady('redo')) this.#controller.redo();
  }

  /** The moves up to the position shown, such as "f5d6c3" (null before the ready event). */
  transcript() {
    const game = this.#controller.game;
    return game ? game.transcript(false) : null;
  }

  /** The position shown: 64 squares (X O -), a space, the side to move (null before ready). */
  #currentPosition = () => (this.#controller.game ? this.#controller.game.board : null);

  /** Whether the board has started; if not, says that `what` was called too early.
   * @param {string} what */
  #ensureReady(what) {
    if (this.#controller.game) return true;
    this.#fail('not-ready', this.#text.errors.notReady(what));
    return false;
  }

  /** @param {() => void} action */
  #ifInteractive(action) {
    if (this.#controller.game && !this.readOnly) action();
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

  /** @param {BoardEvent[]} events */
  #emit(events) {
    for (const [type, detail] of events) {
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    }
  }
}

if (!customElements.get('othello-board')) customElements.define('othello-board', OthelloBoard);
