// <othello-board>: the game as one custom element for any page. Import this module (from any
// folder: everything else loads relative to this file) and write <othello-board></othello-board>.
//
// It reuses the game page's modules (canvas drawing, accessible grid, input, AI client) inside an
// open shadow root. The wasm module is downloaded and compiled once per page and shared by every
// board (and handed to every board's AI worker); a board's worker starts only when an AI or hints
// need it. Nothing here is inline code or inline style, so a host page may forbid both (CSP).
//
// Attributes (reflected as properties): moves, position, black, white, level, hints, readonly,
// coordinates, show-moves, lang. Events: ready, move, pass, gameover, error. Methods: newGame(),
// play(square), undo(), redo(), transcript(), position(). The README lists them all.

import { createRenderer, GUTTER } from './common/render.js';
import { createGrid, ENGLISH_LABELS } from './common/grid.js';
import { attachInput } from './common/input.js';
import { EngineClient, SearchCancelled } from './common/engine-client.js';
import { squareIndex, opponentOf } from './common/squares.js';
import { sideScore, signedDiscs, forBlack } from './common/score-text.js';
import { ENGINE_WASM } from './common/engine-wasm.js';

/** Every tunable of the element, in one place. */
export const config = {
  defaults: { black: 'human', white: 'ai', level: 4 },
  /** Per board: several boards on a page each have a worker with its own table. */
  ttMegabytes: 16,
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

let engineLoad = null;

/**
 * The bindings initialised with the wasm module, and the compiled module for the workers: one
 * download and one compilation per page, however many boards. A failure is retried by the next board.
 */
function loadEngine() {
  engineLoad ??= Promise.all([import(BINDINGS_URL.href), compileWasm()])
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

// ---------------------------------------------------------------------------------------------
// Words

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** Outside text quoted in a message, cut short: a huge attribute must not flood the status line. */
function quote(text) {
  const s = String(text);
  return `"${s.length > 40 ? `${s.slice(0, 40)}…` : s}"`;
}

const TEXT = {
  en: {
    color: { black: 'Black', white: 'White' },
    toMove: (c) => `${c} to move.`,
    aiToMove: (c) => `${c} (AI) to move.`,
    thinking: (c) => `${c} (AI) is thinking…`,
    played: (c, square, n) => `${c} played ${square}, ${plural(n, 'disc', 'discs')} flipped.`,
    passed: (c, other) => `${c} has no move — ${other} plays again.`,
    wins: (c, high, low) => `Game over: ${c} wins ${high}–${low}.`,
    draw: (b, w) => `Game over: a draw, ${b}–${w}.`,
    newGame: 'New game.',
    loaded: (n) => `Position loaded after ${plural(n, 'move', 'moves')}.`,
    takenBack: 'Move taken back.',
    replayed: 'Move replayed.',
    showing: (ply, total) => (ply === total ? 'Back at the latest position.' : `Showing the position after move ${ply} of ${total}.`),
    notLegal: (square) => `${square} is not a legal move.`,
    loading: 'Loading…',
    moves: 'Moves',
    pass: 'pass',
    showMove: (n, move) => `Move ${n}: ${move}, show this position`,
    score: { black: 'Black discs', white: 'White discs' },
    hintScore: (text) => `score ${text}`,
    scoreWords: { black: 'Black', white: 'White', even: 'Even', decimal: '.' },
    scoreUnknown: 'score unknown',
    foreign: {
      title: 'This board cannot play on this page.',
      why: (files, page) =>
        `Its files come from ${files} and this page is on ${page}: browsers start the AI’s worker only from the page’s own origin, so the <othello-board> element works only on pages of the site that hosts its files.`,
      iframe: 'On another site, put the board in an iframe: ',
      link: 'embed.html',
      end: '.',
      error: (files, page) => `<othello-board> from ${files} cannot play on a page of ${page} (browsers start workers only from the page's own origin): use the iframe, ${EMBED_URL.href}`,
    },
    errors: {
      start: (m) => `The board could not start: ${m}`,
      game: (m) => `Could not load that position: ${m}. The game in progress is kept.`,
      player: (name, value) => `${name}=${quote(value)} is not human or ai.`,
      level: (value, max) => `level=${quote(value)} is not a level from 1 to ${max}.`,
      play: (m) => `Could not play that: ${m}.`,
      notReady: (what) => `${what}() was called before the board was ready (wait for the ready event).`,
      ai: (m) => `The AI failed: ${m}`,
      hints: (m) => `Hints failed: ${m}`,
    },
    grid: ENGLISH_LABELS,
  },
  pt: {
    color: { black: 'As pretas', white: 'As brancas' },
    toMove: (c) => `Jogam ${c.toLowerCase()}.`,
    aiToMove: (c) => `Jogam ${c.toLowerCase()} (IA).`,
    thinking: (c) => `${c} (IA) estão a pensar…`,
    played: (c, square, n) => `${c} jogaram ${square}, ${plural(n, 'peça virada', 'peças viradas')}.`,
    passed: (c, other) => `${c} não têm jogada — ${other.toLowerCase()} jogam de novo.`,
    wins: (c, high, low) => `Fim do jogo: ${c.toLowerCase()} ganham por ${high}–${low}.`,
    draw: (b, w) => `Fim do jogo: empate, ${b}–${w}.`,
    newGame: 'Novo jogo.',
    loaded: (n) => `Posição carregada depois de ${plural(n, 'jogada', 'jogadas')}.`,
    takenBack: 'Jogada anulada.',
    replayed: 'Jogada refeita.',
    showing: (ply, total) => (ply === total ? 'De volta à última posição.' : `Posição depois da jogada ${ply} de ${total}.`),
    notLegal: (square) => `${square} não é uma jogada legal.`,
    loading: 'A carregar…',
    moves: 'Jogadas',
    pass: 'passa',
    showMove: (n, move) => `Jogada ${n}: ${move}, mostrar esta posição`,
    score: { black: 'Peças pretas', white: 'Peças brancas' },
    hintScore: (text) => `valor ${text}`,
    scoreWords: { black: 'Pretas', white: 'Brancas', even: 'Empate', decimal: ',' },
    scoreUnknown: 'valor desconhecido',
    foreign: {
      title: 'Este tabuleiro não pode jogar nesta página.',
      why: (files, page) =>
        `Os seus ficheiros vêm de ${files} e esta página está em ${page}: os navegadores só iniciam o worker da IA a partir da origem da própria página, por isso o elemento <othello-board> só funciona em páginas do site que aloja os ficheiros.`,
      iframe: 'Noutro site, ponha o tabuleiro num iframe: ',
      link: 'embed.html',
      end: '.',
      error: (files, page) => `<othello-board> de ${files} não pode jogar numa página de ${page} (os navegadores só iniciam workers a partir da origem da própria página): use o iframe, ${EMBED_URL.href}`,
    },
    errors: {
      start: (m) => `Não foi possível iniciar o tabuleiro: ${m}`,
      game: (m) => `Não foi possível carregar essa posição: ${m}. O jogo em curso mantém-se.`,
      player: (name, value) => `${name}=${quote(value)} não é human nem ai.`,
      level: (value, max) => `level=${quote(value)} não é um nível de 1 a ${max}.`,
      play: (m) => `Não foi possível jogar isso: ${m}.`,
      notReady: (what) => `${what}() foi chamado antes de o tabuleiro estar pronto (espere pelo evento ready).`,
      ai: (m) => `A IA falhou: ${m}`,
      hints: (m) => `As sugestões falharam: ${m}`,
    },
    grid: {
      board: 'Tabuleiro de Othello, colunas a a h, linhas 1 a 8',
      black: 'peça preta',
      white: 'peça branca',
      empty: 'vazia',
      legal: 'jogada legal',
      reviewBest: 'a melhor jogada segundo a análise',
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Shadow DOM: one constructed style sheet shared by every board (a CSP without 'unsafe-inline'
// in style-src blocks <style> elements, not constructed sheets).

const sheet = new CSSStyleSheet();
sheet.replaceSync(`
:host { display: block; position: relative; max-width: 100%; }
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.layout { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: stretch; }
.main { flex: 1 1 12rem; min-width: 0; max-width: var(--othello-size, 100%); container-type: inline-size; }
.board {
  position: relative;
  width: 100%;
  aspect-ratio: 1;
  touch-action: manipulation;
  user-select: none;
  -webkit-user-select: none;
  -webkit-tap-highlight-color: transparent;
}
/* The renderer reads its colours here; an unset --othello-* leaves the renderer's default. */
canvas {
  display: block;
  width: 100%;
  height: 100%;
  border-radius: var(--othello-radius, 6px);
  --board-frame: var(--othello-frame);
  --board-felt: var(--othello-felt);
  --board-line: var(--othello-line);
  --board-coord: var(--othello-coordinates);
  --disc-black: var(--othello-black);
  --disc-white: var(--othello-white);
  --legal-marker: var(--othello-marker);
  --last-move: var(--othello-last-move);
  --hint-text: var(--othello-hint);
  --hint-best: var(--othello-hint-best);
}
.board-grid {
  position: absolute;
  inset: var(--gutter, 5.5%);
  display: grid;
  grid-template-columns: repeat(8, 1fr);
  grid-template-rows: repeat(8, 1fr);
}
.board-row { display: contents; }
.board-cell { outline: none; cursor: default; }
.board-cell.legal { cursor: pointer; }
.board-cell:focus-visible { box-shadow: inset 0 0 0 3px var(--othello-focus, #ffb300); border-radius: 2px; }
.bar { display: flex; align-items: center; gap: 0.6rem; margin-top: 0.4rem; min-height: 1.6rem; }
.score { display: inline-flex; align-items: center; gap: 0.25rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.score.to-move .disc { box-shadow: 0 0 0 2px var(--othello-accent, #2f7d4f); }
.disc { display: inline-block; width: 1em; height: 1em; border-radius: 50%; border: 1px solid #777; }
.disc-black { background: var(--othello-black, radial-gradient(circle at 35% 30%, #5a5a5a, #0b0b0b)); }
.disc-white { background: var(--othello-white, radial-gradient(circle at 35% 30%, #ffffff, #cfcfcf)); }
.status { margin: 0; flex: 1 1 auto; min-width: 0; overflow-wrap: anywhere; }
/* A small board keeps its status to two lines beside the scores. */
@container (max-width: 17rem) { .bar { font-size: 0.8em; line-height: 1.2; gap: 0.4rem; } }
/* A very small one puts it under them rather than in a narrow column. */
@container (max-width: 12rem) { .bar { flex-wrap: wrap; } .status { flex-basis: 100%; } }
.error {
  margin: 0.4rem 0 0;
  padding: 0.3rem 0.5rem;
  border-radius: 6px;
  background: var(--othello-error-bg, #fde8e8);
  color: var(--othello-error-fg, #8a1c1c);
  overflow-wrap: anywhere;
}
/* A board that cannot play here (its files come from another site): why, and the iframe. */
.unavailable {
  padding: 0.8rem 1rem;
  border: 2px solid var(--othello-error-fg, #8a1c1c);
  border-radius: var(--othello-radius, 6px);
  background: var(--othello-error-bg, #fde8e8);
  color: var(--othello-error-fg, #8a1c1c);
  line-height: 1.4;
  overflow-wrap: anywhere;
}
.unavailable[hidden] { display: none; }
.unavailable p { margin: 0 0 0.4rem; }
.unavailable p:last-child { margin-bottom: 0; }
.unavailable strong { font-size: 1.1em; }
.unavailable a { color: inherit; font-weight: 700; }
.layout[hidden] { display: none; }
.side {
  position: relative;
  flex: 0 1 9rem;
  min-width: 7rem;
  min-height: 8rem;
  contain: size;
  overflow-y: auto;
  border: 1px solid var(--othello-border, rgba(127, 127, 127, 0.4));
  border-radius: 6px;
  padding: 0.3rem;
}
.side[hidden] { display: none; }
.side-title { margin: 0 0 0.2rem; font-size: 0.9em; }
.move-list {
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(3.6rem, 1fr));
  gap: 0.1rem;
  counter-reset: move;
}
.move-list li { counter-increment: move; }
.move-list button {
  width: 100%;
  padding: 0.1rem 0.25rem;
  font: inherit;
  font-variant-numeric: tabular-nums;
  color: inherit;
  text-align: left;
  border: 1px solid transparent;
  border-radius: 4px;
  background: transparent;
  cursor: pointer;
}
.move-list button::before { content: counter(move) ". "; opacity: 0.65; font-size: 0.8em; }
.move-list button[aria-current] { background: var(--othello-accent, #2f7d4f); color: var(--othello-accent-fg, #fff); }
.move-list button.future { opacity: 0.5; }
.move-list button:focus-visible { outline: 3px solid var(--othello-focus, #ffb300); }
.transcript { margin: 0.3rem 0 0; font-size: 0.8em; overflow-wrap: anywhere; }
.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
}
`);

const template = document.createElement('template');
template.innerHTML = `
<div class="unavailable" part="unavailable" data-testid="unavailable" role="alert" hidden>
  <p><strong class="unavailable-title"></strong></p>
  <p class="unavailable-why"></p>
  <p><span class="unavailable-iframe"></span><a class="unavailable-link" target="_blank" rel="noopener"></a><span class="unavailable-end"></span></p>
</div>
<div class="layout">
  <div class="main">
    <div class="board" part="board">
      <canvas aria-hidden="true"></canvas>
      <div class="board-grid"></div>
    </div>
    <div class="bar">
      <span class="score" data-color="black"><span class="disc disc-black" aria-hidden="true"></span><span class="visually-hidden score-name"></span><span data-testid="score-black">2</span></span>
      <span class="score" data-color="white"><span class="disc disc-white" aria-hidden="true"></span><span class="visually-hidden score-name"></span><span data-testid="score-white">2</span></span>
      <p class="status" part="status" data-testid="status" role="status" aria-live="polite"></p>
    </div>
    <p class="error" part="error" data-testid="error" role="alert" hidden></p>
  </div>
  <section class="side" part="moves" hidden>
    <h2 class="side-title"></h2>
    <ol class="move-list" data-testid="move-list"></ol>
    <p class="transcript"><code data-testid="moves"></code></p>
  </section>
</div>`;

const BOOLEAN_ATTRIBUTES = { hints: 'hints', readonly: 'readonly', coordinates: 'coordinates', showMoves: 'show-moves' };
const STRING_ATTRIBUTES = ['moves', 'black', 'white'];

// ---------------------------------------------------------------------------------------------

export class OthelloBoard extends HTMLElement {
  static observedAttributes = ['moves', 'position', 'black', 'white', 'level', 'lang', ...Object.values(BOOLEAN_ATTRIBUTES)];

  #root;
  #renderer;
  #grid;
  /** The bindings and the compiled module, once loaded. */
  #wasm = null;
  #engine = null;
  #started = false;
  #readySent = false;

  #game = null;
  #players = { ...config.defaults };
  #level = config.defaults.level;
  /** Hint scores for the position shown, or null while unknown. */
  #hints = null;
  #thinking = false;
  #animation = null;
  /** What just happened (a sentence), shown before whose turn it is. */
  #note = '';
  #error = '';
  /** Bumped on every change; answers of the AI for an older epoch are dropped. */
  #epoch = 0;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    this.#root.adoptedStyleSheets = [sheet];
    this.#root.append(template.content.cloneNode(true));
    const board = this.#$('.board');
    board.style.setProperty('--gutter', `${GUTTER * 100}%`);
    this.#renderer = createRenderer(this.#$('canvas'));
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
      const button = event.target.closest('button[data-ply]');
      if (button && !this.readOnly) this.#goToPly(Number(button.dataset.ply));
    });
    this.#setText(this.#$('.status'), this.#text.loading);
  }

  #$(selector) {
    return this.#root.querySelector(selector);
  }

  // --- lifecycle ------------------------------------------------------------------------------

  connectedCallback() {
    // A property set before the element was defined hides the accessor: pass it through.
    for (const name of ['moves', 'position', 'black', 'white', 'level', ...Object.keys(BOOLEAN_ATTRIBUTES)]) {
      if (Object.hasOwn(this, name)) {
        const value = this[name];
        delete this[name];
        this[name] = value;
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
      this.#emit([['error', { message: this.#text.foreign.error(FOREIGN_ORIGIN, self.origin) }]]);
      return;
    }
    loadEngine().then(
      (wasm) => this.#start(wasm),
      (error) => {
        this.#started = false;
        this.#fail(this.#text.errors.start(error.message));
      },
    );
  }

  disconnectedCallback() {
    this.#epoch++;
    if (this.#engine) this.#engine.close();
    this.#engine = null;
    this.#thinking = false;
  }

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
      this.#render();
    } else this.#render();
  }

  #start(wasm) {
    this.#wasm = wasm;
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
    this.#setText(this.#$('.unavailable-title'), t.title);
    this.#setText(this.#$('.unavailable-why'), t.why(FOREIGN_ORIGIN, self.origin));
    this.#setText(this.#$('.unavailable-iframe'), t.iframe);
    this.#setText(this.#$('.unavailable-end'), t.end);
    // The iframe with this board's options (embed.html reads the same names from its address).
    const link = this.#$('.unavailable-link');
    const url = new URL(EMBED_URL);
    for (const name of OthelloBoard.observedAttributes) {
      if (this.hasAttribute(name)) url.searchParams.set(name, this.getAttribute(name));
    }
    link.href = url.href;
    this.#setText(link, t.link);
    this.#$('.unavailable').hidden = false;
    this.#$('.layout').hidden = true;
  }

  /** The ready event, once per board, when it is on a page and playable. */
  #announceReady() {
    if (this.#readySent) return;
    this.#readySent = true;
    this.#emit([['ready', { transcript: this.transcript(), position: this.position() }]]);
  }

  // --- attributes -----------------------------------------------------------------------------

  get #text() {
    const lang = (this.getAttribute('lang') || document.documentElement.lang || 'en').toLowerCase();
    return lang.startsWith('pt') ? TEXT.pt : TEXT.en;
  }

  #readPlayer(color) {
    const value = this.getAttribute(color);
    if (value === null) this.#players[color] = config.defaults[color];
    else if (value === 'human' || value === 'ai') this.#players[color] = value;
    else this.#fail(this.#text.errors.player(color, value));
  }

  #readLevel() {
    const value = this.getAttribute('level');
    const max = this.#wasm.bindings.levels().length;
    const n = Number(value);
    if (value === null) this.#level = config.defaults.level;
    else if (value.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= max) this.#level = n;
    else this.#fail(this.#text.errors.level(value, max));
  }

  /** The game the attributes describe; null (and an error shown) when they do not describe one. */
  #gameFromAttributes() {
    const { Game } = this.#wasm.bindings;
    const moves = (this.getAttribute('moves') || '').trim();
    const position = (this.getAttribute('position') || '').trim();
    try {
      if (position) return Game.fromBoardAndTranscript(position, moves);
      if (moves) return Game.fromTranscript(moves);
      return new Game();
    } catch (error) {
      this.#fail(this.#text.errors.game(error.message));
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

  #setAttribute(name, value) {
    if (value === null || value === undefined) this.removeAttribute(name);
    else this.setAttribute(name, String(value));
  }

  // --- methods --------------------------------------------------------------------------------

  /** A new game from the position attribute, or from the standard start without one. */
  newGame() {
    if (!this.#ensureReady('newGame')) return;
    const { Game } = this.#wasm.bindings;
    let game = new Game();
    const position = (this.getAttribute('position') || '').trim();
    if (position) {
      try {
        game = Game.fromBoard(position);
      } catch (error) {
        this.#fail(this.#text.errors.game(error.message));
        return;
      }
    }
    this.#replaceGame(game, this.#text.newGame);
  }

  /** Plays `square` (such as "d3") for the side to move, whoever plays it; false if it cannot. */
  play(square) {
    if (!this.#ensureReady('play')) return false;
    return this.#playMove(String(square).trim().toLowerCase());
  }

  /** Takes back to the previous human turn (the AI's replies and passes with it). */
  undo() {
    if (!this.#ensureReady('undo')) return;
    const game = this.#game;
    if (!game.canUndo) return;
    game.undo();
    if (this.#humanColors().length > 0) {
      while (game.canUndo && (this.#players[game.sideToMove] !== 'human' || game.mustPass)) game.undo();
      // No earlier human turn (the AI opened the game): let the AI choose again.
      if (this.#players[game.sideToMove] !== 'human') game.discardRedo();
    }
    this.#animation = null;
    this.#note = this.#text.takenBack;
    this.#error = '';
    this.#changed();
  }

  /** Replays what undo took back, up to the next human turn. */
  redo() {
    if (!this.#ensureReady('redo')) return;
    const game = this.#game;
    if (!game.canRedo) return;
    game.redo();
    if (this.#humanColors().length > 0) {
      while (game.canRedo && (this.#players[game.sideToMove] !== 'human' || game.mustPass)) game.redo();
    }
    this.#animation = null;
    this.#note = this.#text.replayed;
    this.#error = '';
    this.#changed();
  }

  /** The moves up to the position shown, such as "f5d6c3" (null before the ready event). */
  transcript() {
    return this.#game ? this.#game.transcript(false) : null;
  }

  /** The position shown: 64 squares (X O -), a space, the side to move (null before ready). */
  #currentPosition = () => (this.#game ? this.#game.board : null);

  #ensureReady(what) {
    if (this.#game) return true;
    this.#fail(this.#text.errors.notReady(what));
    return false;
  }

  // --- playing --------------------------------------------------------------------------------

  #humanColors() {
    return ['black', 'white'].filter((c) => this.#players[c] === 'human');
  }

  #isHumanTurn() {
    return !this.#game.isGameOver && this.#players[this.#game.sideToMove] === 'human';
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
    const game = this.#game;
    return !this.readOnly && !game.isGameOver && !game.canRedo && this.#players[game.sideToMove] === 'ai';
  }

  #ifInteractive(action) {
    if (this.#game && !this.readOnly) action();
  }

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

  #playMove(move) {
    const game = this.#game;
    const mover = game.sideToMove;
    let flipped;
    try {
      flipped = game.play(move);
    } catch (error) {
      this.#fail(this.#text.errors.play(error.message));
      return false;
    }
    // A move played is a new decision: the old redo line no longer follows from it.
    game.discardRedo();
    this.#error = '';
    this.#animation = { placed: squareIndex(move), flipped: flipped.map(squareIndex), startedAt: performance.now() };
    const events = [['move', { square: move, color: mover, flipped: [...flipped], transcript: game.transcript(false), opening: this.opening }]];
    this.#note = this.#text.played(this.#text.color[mover], move, flipped.length);
    this.#settleForcedPasses(events);
    this.#changed();
    this.#emit(events);
    return true;
  }

  /** Passes for a side with no move, and notes the end of the game; adds the events to `events`. */
  #settleForcedPasses(events) {
    const game = this.#game;
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

  #replaceGame(game, note) {
    if (this.#engine) {
      this.#engine.cancel();
      this.#engine.clear();
    }
    this.#game = game;
    this.#animation = null;
    this.#error = '';
    this.#note = note;
    this.#settleForcedPasses([]);
    this.#changed();
  }

  #goToPly(ply) {
    try {
      this.#game.goTo(ply);
    } catch (error) {
      this.#fail(error.message);
      return;
    }
    this.#animation = null;
    this.#note = this.#text.showing(ply, this.#game.moves.length);
    this.#changed();
  }

  /** Shows `message`, fires the error event; the game in progress stays as it is. */
  #fail(message) {
    this.#error = message;
    if (this.#game) this.#render();
    else this.#showError();
    this.#emit([['error', { message }]]);
  }

  #emit(events) {
    for (const [type, detail] of events) {
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    }
  }

  // --- after every change: draw, then start what comes next -----------------------------------

  #engineClient() {
    // Started on first need: a board between two humans without hints never starts a worker.
    this.#engine ??= new EngineClient({ module: this.#wasm.module, ttMegabytes: config.ttMegabytes });
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
      const search = this.#engineClient().search(this.#game.board, { level: this.#level, seed });
      const pause = new Promise((resolve) => setTimeout(resolve, config.aiMinimumDelayMs));
      Promise.all([search, pause]).then(
        ([result]) => {
          if (epoch !== this.#epoch) return;
          this.#thinking = false;
          this.#playMove(result.move);
        },
        (error) => {
          if (error instanceof SearchCancelled || epoch !== this.#epoch) return;
          this.#thinking = false;
          this.#fail(this.#text.errors.ai(error.message));
        },
      );
    } else if (this.hints && this.#isInteractive()) {
      this.#engineClient()
        .analyze(this.#game.board, config.hintOptions)
        .then(
          (hints) => {
            if (epoch !== this.#epoch) return;
            this.#hints = hints;
            this.#render();
          },
          (error) => {
            if (!(error instanceof SearchCancelled) && epoch === this.#epoch) this.#fail(this.#text.errors.hints(error.message));
          },
        );
    }
  }

  // --- rendering: a function of the state -----------------------------------------------------

  #setText(element, text) {
    if (element.textContent !== text) element.textContent = text;
  }

  #showError() {
    const element = this.#$('.error');
    this.#setText(element, this.#error);
    element.hidden = !this.#error;
  }

  #situation() {
    const game = this.#game;
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
    const side = this.#game.sideToMove;
    return this.#hints.map((h) => ({
      square: squareIndex(h.move),
      text: h.unknown ? '?' : signedDiscs(h.discs, h.exact, t.scoreWords),
      label: h.unknown ? t.scoreUnknown : t.hintScore(sideScore(forBlack(h.discs, side), h.exact, t.scoreWords)),
      exact: h.exact,
      best: !h.unknown && h.score === firstKnown.score && h.exact === firstKnown.exact,
    }));
  }

  #render() {
    const game = this.#game;
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

    this.#setText(this.#$('[data-testid="score-black"]'), String(game.scoreBlack));
    this.#setText(this.#$('[data-testid="score-white"]'), String(game.scoreWhite));
    for (const score of this.#root.querySelectorAll('.score')) {
      const color = score.dataset.color;
      this.#setText(score.querySelector('.score-name'), `${t.score[color]}: `);
      score.classList.toggle('to-move', !game.isGameOver && game.sideToMove === color);
    }
    this.#setText(this.#$('.status'), [this.#note, this.#situation()].filter(Boolean).join(' '));
    this.#showError();

    const side = this.#$('.side');
    side.hidden = !this.showMoves;
    side.setAttribute('aria-label', t.moves);
    this.#setText(this.#$('.side-title'), t.moves);
    this.#setText(this.#$('[data-testid="moves"]'), game.transcript(false));
    this.#renderMoveList();
  }

  #renderMoveList() {
    const list = this.#$('.move-list');
    const t = this.#text;
    const moves = this.#game.moves;
    const ply = this.#game.ply;
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
    const current = list.querySelector('[aria-current]');
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
