// The application: state, the rules of turn-taking between humans and the AI, and the wiring of
// the modules. Every change goes through `changed()`, which saves, redraws from state and starts
// whatever comes next (the AI's move or the hints).

import init, { Game, levels, recogniseText } from '../pkg/reversi.js';
import { createRenderer, GUTTER } from '../common/render.js';
import { createGrid } from '../common/grid.js';
import { attachInput } from '../common/input.js';
import { EngineClient, SearchCancelled } from '../common/engine-client.js';
import * as storage from './storage.js';
import { excerpt, bounded } from './messages.js';
import { createEvaluationPanel } from './evaluation.js';
import { squareIndex, capitalize, opponentOf } from '../common/squares.js';

/** Every tunable of the page, in one place. */
export const config = {
  players: { black: 'human', white: 'ai' },
  level: 4,
  /** Transposition table of the AI worker (MiB). */
  ttMegabytes: 32,
  /** Hints are a shallower search than the AI's: they must appear while the player thinks. */
  hintOptions: { depth: 6, exactFromEmpties: 14, timeMs: 3000 },
  /** The AI waits at least this long before moving, so that a human sees the position change. */
  aiMinimumDelayMs: 300,
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
  /** Bumped on every change; async answers for an older epoch are dropped. */
  epoch: 0,
};

const $ = (id) => document.getElementById(id);
let renderer;
let grid;
let engine;
let evaluationPanel;

// ---------------------------------------------------------------------------------------------
// Derived facts

const humanColors = () => ['black', 'white'].filter((c) => state.players[c] === 'human');
const isHumanTurn = () => !state.game.isGameOver && state.players[state.game.sideToMove] === 'human';
/** The AI moves only at the end of the record: with a redo line, the player is looking back. */
const isAiTurn = () =>
  !state.game.isGameOver && !state.game.canRedo && state.players[state.game.sideToMove] === 'ai';

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function resultText() {
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
  if (state.game.isGameOver) notes.push(resultText());
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
  // AI only answers at the end of the record.
  state.game.discardRedo();
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

function newGame(game = new Game(), message = 'New game.') {
  engine.cancel();
  engine.clear();
  state.game = game;
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
  state.hints = null;
  state.thinking = null;
  engine.cancel();
  saveGame();
  render();
  startNext();
}

function startNext() {
  const epoch = state.epoch;
  if (isAiTurn()) {
    state.thinking = { depth: 0, nodes: 0, pv: [], scoreText: '' };
    renderThinking();
    const seed = Math.floor(Math.random() * 2 ** 32);
    const search = engine.search(state.game.board, { level: state.level, seed }, (progress) => {
      if (epoch !== state.epoch) return;
      state.thinking = progress;
      renderThinking();
    });
    const pause = new Promise((resolve) => setTimeout(resolve, config.aiMinimumDelayMs));
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
    engine.analyze(state.game.board, config.hintOptions).then(
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

function saveGame() {
  storage.save({
    startBoard: state.game.startBoard,
    moves: state.game.fullTranscript,
    ply: state.game.ply,
    players: state.players,
    level: state.level,
    hints: state.hintsOn,
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

function renderThinking() {
  const t = state.thinking;
  const element = $('thinking');
  // Hidden by visibility, not removed, so that the panel does not jump at every AI move.
  element.classList.toggle('idle', !t);
  if (!t) {
    setText(element, '');
    return;
  }
  const parts = [`${capitalize(state.game.sideToMove)} (AI) is thinking`];
  if (t.depth) {
    parts.push(`depth ${t.depth}`, `${t.nodes.toLocaleString('en')} nodes`);
    if (t.scoreText) parts.push(`score ${t.scoreText}`);
    if (t.pv && t.pv.length) parts.push(`line ${t.pv.join(' ')}`);
  }
  setText(element, parts.join(' · '));
}

function hintList() {
  if (!state.hints || !isHumanTurn()) return [];
  // Hints come best first, unknown ones last: the best is the first known score. A move without
  // a score is never the best, whatever the others are.
  const firstKnown = state.hints.find((h) => !h.unknown);
  return state.hints.map((h) => ({
    square: squareIndex(h.move),
    text: h.unknown ? '?' : h.scoreText,
    label: h.unknown ? 'score unknown' : `score ${h.scoreText}`,
    exact: h.exact,
    best: !h.unknown && h.score === firstKnown.score && h.exact === firstKnown.exact,
  }));
}

function render() {
  const game = state.game;
  const squares = game.squares();
  const humanTurn = isHumanTurn() && !state.thinking;
  const legal = humanTurn ? game.legalMoves().map(squareIndex) : [];
  const hints = hintList();

  renderer.draw({
    squares,
    legal,
    moverColor: game.sideToMove,
    lastMove: game.lastMove ? squareIndex(game.lastMove) : -1,
    hints,
    animation: state.animation,
  });
  grid.update({
    squares,
    legal: new Set(legal),
    hints: new Map(hints.map((h) => [h.square, { label: h.label, best: h.best }])),
  });

  setText($('score-black'), String(game.scoreBlack));
  setText($('score-white'), String(game.scoreWhite));
  for (const color of ['black', 'white']) {
    setText($(`player-${color}`), state.players[color] === 'ai' ? 'AI' : 'Human');
    $(`score-box-${color}`).classList.toggle('to-move', !game.isGameOver && game.sideToMove === color);
  }
  let turn;
  if (game.isGameOver) turn = resultText();
  else if (isHumanTurn()) turn = `${capitalize(game.sideToMove)} to move${humanColors().length === 1 ? ' (you)' : ''}`;
  else if (game.canRedo) turn = `${capitalize(game.sideToMove)} (AI) to move — press Redo or play on from the latest move`;
  else turn = `${capitalize(game.sideToMove)} (AI) to move`;
  setText($('turn'), turn);
  setText($('status'), state.status);
  setMessage($('error'), state.error);
  setMessage($('notice'), state.notice);
  renderThinking();

  setText($('moves'), game.transcript(false));
  renderMoveList();
  renderEvaluation();
  renderClassroomLink();

  $('undo').disabled = !game.canUndo;
  $('redo').disabled = !game.canRedo;
  $('hints').checked = state.hintsOn;
  $('black-player').value = state.players.black;
  $('white-player').value = state.players.white;
  $('level').value = String(state.level);
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
  evaluationPanel.render(state.game.board, capitalize(state.game.sideToMove));
}

/** The pattern evaluation's weights arrived in the AI worker, or cannot be had: a file that is
 * missing or damaged is said once, and levels 6–9 play on with the course's evaluation. */
function onWeights(event) {
  if (!event.ok) state.notice = `The trained evaluation could not be loaded (${bounded(event.message)}); levels 6–9 play with the course evaluation.`;
  evaluationPanel.weightsLoaded(event);
}

function renderMoveList() {
  const list = $('move-list');
  const moves = state.game.moves;
  const ply = state.game.ply;
  const signature = `${moves.join(',')}|${ply}`;
  if (list.dataset.signature === signature) return;
  list.dataset.signature = signature;
  const items = moves.map((move, i) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.ply = String(i + 1);
    button.textContent = move === 'pa' ? 'pass' : move;
    button.setAttribute('aria-label', `Move ${i + 1}: ${move === 'pa' ? 'pass' : move}, show this position`);
    if (i + 1 === ply) button.setAttribute('aria-current', 'step');
    if (i + 1 > ply) button.classList.add('future');
    item.append(button);
    return item;
  });
  list.replaceChildren(...items);
  const current = list.querySelector('[aria-current]');
  if (current) current.scrollIntoView({ block: 'nearest' });
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
  let game = null;
  try {
    if (params.has('board')) {
      game = Game.fromBoardAndTranscript(params.get('board'), params.get('moves') || '');
    } else if (params.has('moves')) {
      game = Game.fromTranscript(params.get('moves'));
    }
  } catch (error) {
    problems.push(bounded(error.message));
    game = null;
  }
  return { players, level, game, problems };
}

function restoreSaved() {
  const { saved, problem } = storage.loadSaved();
  if (problem) return { game: null, notice: `${capitalize(problem)}; a new game was started.` };
  if (!saved) return { game: null, notice: '' };
  try {
    const game = Game.restore(saved.startBoard, saved.moves, saved.ply);
    state.players = { black: saved.players.black, white: saved.players.white };
    if (saved.level >= 1 && saved.level <= levels().length) state.level = saved.level;
    state.hintsOn = saved.hints === true;
    return { game, notice: '' };
  } catch (error) {
    storage.forget();
    return { game: null, notice: `The saved game could not be read (${bounded(error.message)}); a new game was started.` };
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

function wireControls() {
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('new-game').addEventListener('click', () => newGame());
  $('hints').addEventListener('change', (event) => {
    state.hintsOn = event.target.checked;
    changed();
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
  $('evaluation').addEventListener('toggle', render);
  $('copy').addEventListener('click', copyTranscript);
  $('load').addEventListener('click', loadPasted);
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
  newGame(game, notation === 'transcript' ? `Transcript loaded, ${plural(game.ply, 'move')}.` : `${capitalize(notation)} loaded.`);
}

async function main() {
  // One compilation serves the page and every worker the AI will ever need.
  const wasmUrl = new URL('../pkg/reversi_bg.wasm', import.meta.url);
  const module = await WebAssembly.compileStreaming(fetch(wasmUrl));
  await init({ module_or_path: module });

  const board = $('board');
  board.style.setProperty('--gutter', `${GUTTER * 100}%`);
  renderer = createRenderer($('board-canvas'));
  grid = createGrid($('board-grid'), { onActivate: onSquare });
  attachInput(board, { onSquare, onUndo: undo, onRedo: redo, onToggleHints: () => $('hints').click() });
  evaluationPanel = createEvaluationPanel({ details: $('evaluation'), onChange: render });
  engine = new EngineClient({ module, ttMegabytes: config.ttMegabytes, onWeights });
  fillLevels();
  wireControls();

  const restored = restoreSaved();
  let game = restored.game;
  state.notice = restored.notice;
  const params = new URLSearchParams(location.search);
  if ([...params.keys()].length > 0) {
    const fromUrl = gameFromUrl(params);
    state.players = fromUrl.players;
    state.level = fromUrl.level;
    if (fromUrl.game) game = fromUrl.game;
    if (fromUrl.problems.length) state.error = `Ignored in the address: ${fromUrl.problems.join('; ')}.`;
    // Applied once: a reload must bring back the game in progress, not the address's start.
    history.replaceState(null, '', location.pathname);
  }
  state.game = game || new Game();
  const notes = settleForcedPasses();
  // The turn line says whose turn it is; the status line only says what happened (nothing yet).
  announce(notes.length ? notes.join('. ') + '.' : '');
  changed();

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
