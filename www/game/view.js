// What the game page shows, drawn from its state (game-state.js): the board and its grid, the
// scores and players, the turn and status lines, the move list and every panel's own render; the
// problems and notices; the evaluation panel, loaded the first time it is opened.

import { squareIndex } from '../common/squares.js';
import { byId, setText } from '../common/dom.js';
import { onceAFrame } from '../common/frames.js';
import { t, sideName } from '../i18n/page.js';
import { bounded } from './messages.js';
import { hintMarks } from './hints.js';
import { renderThinking } from './thinking.js';
import { renderMoveList } from './move-list.js';
import { bookText, currentOpeningName } from './openings.js';
import { lastMoveOfEachSide } from './record.js';
import { classroomHref } from './address.js';
import { clockOptionValue, fillWorkers } from './settings.js';
import { renderClocks } from './game-clock.js';
import { registerOffline } from './offline.js';
import { boardText } from './setup.js';
import { state, parts, reducedMotion, humanColors, isFinished, isHumanTurn, lookingBack, bookPly, nameOf, gameResult } from './game-state.js';

// Loaded on first use, so that it is not part of the first load: the evaluation panel
// (evaluation.js, once opened).
/** @type {ReturnType<typeof import('./evaluation.js').createEvaluationPanel> | null} */
let evaluationPanel = null;
/** @type {Promise<void> | null} */
let evaluationPanelLoading = null;
/** The last word from the AI worker about the weights, for a panel created after it.
 * @type {import('../common/engine-client.js').FileEvent | null} */
let weightsEvent = null;

/** Shows a problem until the player dismisses it or a later message about the same thing
 * (`key`) replaces it.
 * @param {string} key what it is about: 'move', 'ai', 'hints', 'paste', 'review'…
 * @param {string} message */
export function showError(key, message) {
  parts.messages.show({ key, kind: 'error', text: message });
  render();
}

/** Shows a notice (the page works, with a limit worth knowing) until dismissed.
 * @param {string} key
 * @param {string} text */
export function showNotice(key, text) {
  parts.messages.show({ key, kind: 'notice', text });
}

function renderThinkingLine() {
  renderThinking(byId('thinking'), byId('status'), state.thinking, state.game.sideToMove, 64 - state.game.scoreBlack - state.game.scoreWhite);
}

/** The thinking line redrawn once per animation frame however many changes arrive: the AI
 * reports every completed depth, several in a frame at the start of a search. */
export const thinkingLine = onceAFrame(renderThinkingLine);

export function render() {
  const { setup, reviewPanel, liveAnalysis, linePreview } = parts;
  const game = state.game;
  // While a position is set up, the board shows it (and nothing of the game); while a line of the
  // analysis is previewed, the position on that line (nothing of the game's marks, no move to
  // play: the game waits as it was).
  const other = setup.active || linePreview.active;
  const squares = setup.active ? setup.squares() : linePreview.active ? linePreview.squares() : game.squares();
  const humanTurn = isHumanTurn() && !state.thinking;
  const legal = humanTurn && !linePreview.active ? game.legalMoves().map(squareIndex) : [];
  const hints = other ? [] : liveAnalysis.on ? liveAnalysis.marks(game.board) : state.hints && isHumanTurn() ? hintMarks(state.hints, game.sideToMove) : [];
  const best = other ? null : reviewPanel.bestMove();
  const bestMove = best ? squareIndex(best) : -1;
  const lastMoves = setup.active ? [] : linePreview.active ? linePreview.lastMoves() : lastMoveOfEachSide(game).map(({ move, side }) => ({ square: squareIndex(move), side }));

  parts.renderer.draw({
    squares,
    legal,
    moverColor: setup.active ? setup.side() : linePreview.active ? linePreview.side() : game.sideToMove,
    lastMove: lastMoves[0]?.square ?? -1,
    lastMoves,
    hints,
    bestMove,
    // A move's flips are the game's: the preview's positions are drawn still.
    animation: linePreview.active ? null : state.animation,
    flipped: state.settings.flipped,
  });
  parts.grid.update({
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
  renderTurnLine(finished);
  setText(byId('status'), bounded(state.status));
  // While the AI thinks, its line changes at most once a frame; stopped, it clears at once.
  if (state.thinking) thinkingLine.update();
  else {
    thinkingLine.cancel();
    renderThinkingLine();
  }

  setText(byId('moves'), game.transcript(false));
  renderMoveList(byId('move-list', HTMLOListElement), game, { ...reviewPanel.marks(), inBook: bookPly() }, state.lines);
  parts.lineTools.render();
  setup.render();
  linePreview.render();
  renderOpening();
  reviewPanel.render();
  parts.practicePanel?.render();
  renderEvaluation();
  renderClassroomLink();
  liveAnalysis.render();
  // While a position is set up, the explorer describes it (nothing of the game behind), and its
  // moves cannot be played: a click there would edit the position.
  if (setup.active) parts.explorer.render(boardText(setup.squares(), setup.side()), setup.side(), false);
  else parts.explorer.render(game.board, game.sideToMove, humanTurn && !linePreview.active);
  renderControls();
}

/** Whose turn it is (or the result, or the position being set up), and the buttons beside it.
 * @param {boolean} finished */
function renderTurnLine(finished) {
  const { setup, reviewPanel } = parts;
  const game = state.game;
  let turn;
  if (setup.active) turn = t('setup.editing', { side: sideName(setup.side()) });
  else if (finished) turn = t('result.gameOver', { result: gameResult() });
  else if (state.viewing && !isHumanTurn()) turn = t('game.viewing', { side: sideName(game.sideToMove) });
  else if (isHumanTurn()) turn = t(humanColors().length === 1 ? 'game.toMoveYou' : 'game.toMove', { side: sideName(game.sideToMove) });
  else if (lookingBack()) turn = t('game.aiToMoveRedo', { side: sideName(game.sideToMove) });
  else turn = t('game.aiToMove', { side: sideName(game.sideToMove) });
  setText(byId('turn'), turn);
  // The result is said in the turn line only: it speaks up when the game ends.
  byId('turn').setAttribute('aria-live', finished ? 'polite' : 'off');
  byId('play-on').hidden = !(state.viewing && !finished && state.players[game.sideToMove] === 'ai');
  byId('review-offer').hidden = !(finished && game.moves.length > 0 && !reviewPanel.current() && !reviewPanel.running());
}

/** The controls show the state (the keyboard and the page's own changes move it too). */
function renderControls() {
  const game = state.game;
  const setup = parts.setup;
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

/** The classroom opens on the position shown here. */
function renderClassroomLink() {
  const href = classroomHref(state.game.board);
  const link = byId('classroom-link');
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

function renderOpening() {
  const name = currentOpeningName(state.game, parts.startBoard);
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

/** The pattern evaluation's weights arrived in the AI worker, or cannot be had: a file that is
 * missing or damaged is said once, and levels 6–9 play on with the course's evaluation.
 * @param {import('../common/engine-client.js').FileEvent} event */
export function onWeights(event) {
  // The page's downloads are over: the service worker's install now finds them all in the HTTP
  // cache (it revalidates instead of downloading the weights and the wasm a second time).
  registerOffline();
  if (!event.ok) showNotice('weights', t('error.weights', { message: bounded(event.message) }));
  weightsEvent = event;
  evaluationPanel?.weightsLoaded(event);
  render();
}

/** A new game or a loaded one starts with the panel at its top, the game's state under the
 * board (whatever was scrolled to before, the review say). */
export function panelToTop() {
  byId('panel').scrollTo({ top: 0 });
  window.scrollTo({ top: 0 });
}

/** Brings `element` into view on the player's request, just under the board and the game's state
 * (which stay on screen: the style sheet's scroll padding says how much they cover).
 * @param {HTMLElement} element */
export function reveal(element) {
  element.scrollIntoView({ block: 'start', behavior: reducedMotion.matches ? 'auto' : 'smooth' });
}

/** The state strip's height, for the style sheet's scroll padding (what scrolling into view must
 * leave uncovered). */
export function trackStateStrip() {
  const strip = byId('state-strip');
  const set = () => document.documentElement.style.setProperty('--state-strip-height', `${Math.ceil(strip.getBoundingClientRect().height)}px`);
  set();
  if (typeof ResizeObserver === 'function') new ResizeObserver(set).observe(strip);
}
