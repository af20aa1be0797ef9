// Drawing the classroom page: a function of `state` (page-state.js) — the counters, the narration,
// the replay's buttons, the tree and what is laid over it, the node's panel, the cut-offs, the
// legend, the comparison and its chart, the pseudocode — and which nodes of a game tree show
// their children.

import { t, language } from './language.js';
import { exampleName, algorithmsFor } from './address.js';
import { yieldToPage, specOf } from './lessons.js';
import { nodeCounts } from '../pkg/classroom/reversi.js';
import { sheetShape, placeSheet } from './exercise.js';
import { renderPseudocode } from './pseudocode.js';
import { questionText } from './predict.js';
import { drawNodeChart } from './node-chart.js';
import { narrate } from './narration.js';
import { compareAlgorithms, renderComparison } from './compare.js';
import { minusSigns, boundsText, boundsLabels } from './format.js';
import { reasonText as reasonWords } from './course-words.js';
import { config, state, parts, shownView, exerciseHidesSolution, exerciseSheet, exerciseLocked } from './page-state.js';
import { load } from './lesson-loading.js';
import { answerPrediction } from './replay.js';
import { renderPredictControls, placePredictBubble } from './predict-flow.js';
import { renderExercise, exerciseMode } from './exercise-flow.js';
import { withEntryWindow } from './entry-windows.js';
import { byId as $, setText } from '../common/dom.js';

/** @typedef {import('./lessons.js').LessonView} LessonView */
/** @typedef {import('./page-state.js').Untraced} Untraced */


/** Whether the tree on show is folded: a game's, or a large typed tree (more nodes than an
 * exercise's largest) too large to show whole whose root's children have children (a fan, all
 * leaves under its root, has nothing to fold). A small tree is always drawn whole, the course's
 * figure, scrolling on a phone.
 * @param {LessonView} view */
function folds(view) {
  if (view.isGame) return true;
  if (view.kind !== 'tree' || exerciseSheet() || view.nodeCount <= config.foldAbove) return false;
  let deep = deepTrees.get(view);
  if (deep === undefined) {
    deep = view.childrenOf(view.shownRoot()).some((child) => view.node(child).children.length > 0);
    deepTrees.set(view, deep);
  }
  if (!deep) return false;
  // Asked for every node laid out: measured once for each tree and window.
  const key = `${innerWidth}x${innerHeight}|${state.zoom}|${state.pseudocode}`;
  if (foldCache.view !== view || foldCache.key !== key) foldCache = { view, key, folded: !parts.treeView.wholeFits(view) };
  return foldCache.folded;
}

/** @type {{view: LessonView | null, key: string, folded: boolean}} */
let foldCache = { view: null, key: '', folded: false };

/** Whether a tree's root has grandchildren, once for each tree (asked for every node drawn).
 * @type {WeakMap<LessonView, boolean>} */
const deepTrees = new WeakMap();

/** Which nodes show their children: every node of a typed tree shown whole; in a folded tree the
 * path searched, and the nodes opened by a click.
 * @param {number} id */
function showsChildren(id) {
  const view = shownView();
  if (!folds(view)) return true;
  if (state.collapsed.has(id)) return false;
  return view.node(id).parent < 0 || state.expanded.has(id) || autoOpen().has(id);
}

/** @type {{key: string, set: Set<number>, view?: LessonView}} */
let autoOpenCache = { key: '', set: new Set() };
/** Nodes open without a click: the path to the current node, to the selected one, and at the end the principal path. */
function autoOpen() {
  const key = `${state.step}|${state.selected}`;
  if (autoOpenCache.key === key && autoOpenCache.view === state.view) return autoOpenCache.set;
  const view = shownView();
  /** @type {Set<number>} */
  const set = new Set();
  if (state.current >= 0) for (const id of view.pathTo(state.current)) set.add(id);
  if (state.selected !== null) for (const id of view.pathTo(state.selected)) if (id !== state.selected) set.add(id);
  if (state.step === view.eventCount) for (const id of view.principalPath()) set.add(id);
  autoOpenCache = { key, set, view };
  return set;
}

/** A node clicked: the panel shows it; in a game tree it opens or closes.
 * @param {number} id */
export function onNode(id) {
  const view = shownView();
  state.selected = id;
  if (folds(view) && view.node(id).children.length > 0) {
    if (showsChildren(id)) {
      state.expanded.delete(id);
      state.collapsed.add(id);
    } else {
      state.collapsed.delete(id);
      state.expanded.add(id);
    }
  }
  render();
}

// ---------------------------------------------------------------------------------------------
// Rendering: a function of state

/** The state of node `id` at the replay's step (undefined before the search reaches it).
 * @param {number} id */
function stateOf(id) {
  const view = shownView();
  const nodeState = view.stateOf(id);
  // An exercise's solution: the windows the sheet asked, as they were on entry (entry-windows.js).
  return state.exercise?.solution ? withEntryWindow(view, id, nodeState, state.exercise.questions) : nodeState;
}

/** Draws the whole page from `state`. */
export function render() {
  const view = state.view;
  $('untraced').hidden = !state.untraced;
  $('tree-row').hidden = Boolean(state.untraced);
  $('node-home').hidden = Boolean(state.untraced);
  if (state.untraced) {
    renderUntraced(state.untraced);
    return;
  }
  $('play', HTMLButtonElement).disabled = false;
  if (!view) return;
  renderExercise(view);
  const atEnd = state.step === view.eventCount;
  const sheet = exerciseSheet();
  document.body.dataset.exercise = exerciseMode();
  $('open-builder').hidden = exerciseLocked();

  const number = (/** @type {number} */ x) => x.toLocaleString(language());
  setText($('leaves-evaluated'), number(state.leaves));
  setText($('nodes-visited'), number(state.nodesVisited));
  // A count that includes re-searches, or every iteration, says so.
  setText($('nodes-label'), t(view.algorithm === 'pvs' ? 'counters.nodesResearch' : view.result.iterative ? 'counters.nodesIterative' : 'counters.nodes'));
  setText($('tree-result'), atEnd ? minusSigns(view.result.text) : '');
  renderIterations(view, atEnd);
  // An exercise's sheet says nothing of the search, not even its number of steps.
  const counter = exerciseHidesSolution() ? '' : state.pendingStep === null
    ? t('counters.step', { step: state.step, total: view.eventCount })
    : t('counters.moving', { step: state.step, target: state.pendingStep, total: view.eventCount });
  setText($('step-counter'), counter);
  if (!state.preparing) {
    const pending = state.predict.pending;
    const narration = exerciseHidesSolution() ? t('exercise.narration') : pending ? t('predict.narration', { question: questionText(view, pending) }) : narrate(view, state.step);
    setText($('narration'), narration);
  }
  renderError();

  const hidden = exerciseHidesSolution();
  $('step-back', HTMLButtonElement).disabled = state.step === 0 || hidden;
  $('to-start', HTMLButtonElement).disabled = state.step === 0 || hidden;
  $('step-forward', HTMLButtonElement).disabled = atEnd || hidden;
  $('to-end', HTMLButtonElement).disabled = atEnd || hidden;
  $('play', HTMLButtonElement).disabled = hidden;
  $('icon-play').toggleAttribute('hidden', state.playing);
  $('icon-pause').toggleAttribute('hidden', !state.playing);
  setText($('play-text'), t(state.playing ? 'controls.pause' : 'controls.play'));
  $('play').setAttribute('aria-pressed', String(state.playing));

  const example = exampleName(state.source);
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-example]'))) {
    button.setAttribute('aria-pressed', String(button.dataset.example === example));
  }
  document.body.dataset.kind = view.kind;
  placeNodeCard();

  // The question's bubble first: the drawing places it over its node; the legend too, whose
  // height the drawing keeps under the tree.
  renderPredictControls(view, answerPrediction);
  renderLegend();
  placePseudocode();
  renderWindow(view, Boolean(sheet));
  if (sheet && state.exercise?.sheetView) {
    const sheetView = state.exercise.sheetView;
    parts.treeView.draw({
      view: sheetView,
      stateOf: () => undefined,
      current: -1,
      selected: null,
      principal: new Set(),
      showsChildren: () => true,
      rootName: t('tree.root'),
      focus: [0],
      sheet: sheetShape(state.exercise.questions, sheetView),
    });
  } else {
    const pending = state.predict.pending;
    parts.treeView.draw({
      view,
      stateOf,
      current: state.current,
      selected: state.selected,
      principal: atEnd ? new Set(view.principalPath()) : new Set(),
      showsChildren,
      rootName: t('tree.root'),
      focus: pending ? [pending.node] : focusOf(view),
      orderMarks: orderMarksOf(view) ?? undefined,
      asked: pending ? new Set(pending.about) : undefined,
      folded: folds(view),
    });
  }
  placeWideTree();
  // A new tree may need the other place for the pseudocode, or the window written with the
  // counters (known once it is laid out): once more, the tree fitted under them as they are.
  if ((placePseudocode() || renderWindow(view, Boolean(sheet))) && !redrawing) {
    redrawing = true;
    try {
      render();
    } finally {
      redrawing = false;
    }
    return;
  }
  // The node of the step on show; at the end, the root whose search gave the result.
  const shownId = state.selected ?? (state.current >= 0 ? state.current : view.shownRoot());
  parts.nodePanel.render({ view, id: shownId, state: stateOf(shownId) });
  renderPseudocodePanel(view);
  renderCutoffs();
  if ($('compare', HTMLDetailsElement).open) renderCompare();
  parts.lab.setPosition(labPosition(shownId));
}

/** While the step on show is an `order` event: each child's place in the search order (1 first).
 * @param {LessonView} view */
function orderMarksOf(view) {
  if (state.step === 0 || state.pendingStep !== null) return null;
  const event = view.event(state.step - 1);
  if (event.kind !== 'order') return null;
  return new Map(event.children.map((child, i) => [child, i + 1]));
}

/**
 * The nodes the tree keeps in view: the one the last step was about (the child that gave an
 * update its value), then the current node (its parent, after a return).
 * @param {LessonView} view
 */
function focusOf(view) {
  if (state.step === 0) return [0];
  const event = view.event(state.step - 1);
  const about = event.kind === 'update' && event.best !== undefined ? event.best : event.node;
  return [about, state.current].filter((id) => id !== undefined && id >= 0);
}

/**
 * The tree box's top in the page as it is with a narration of its usual length (the room it
 * keeps): a longer sentence moves the tree down for a step, but does not make it smaller.
 */
export function treeTop() {
  const narration = $('narration');
  const extra = Math.max(0, narration.offsetHeight - (parseFloat(getComputedStyle(narration).minHeight) || 0));
  return $('tree').getBoundingClientRect().top + window.scrollY - extra;
}

/**
 * On a wide screen (1280 px and more) the panels stand right of the tree; a tree that needs more
 * width than that column at its least scale gets the page's width instead, the panels under it
 * (the column's width is what it would be, so that the choice does not flip back and forth).
 */
export function placeWideTree() {
  const layout = /** @type {HTMLElement} */ (document.querySelector('.layout'));
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  const column = layout.clientWidth - 21 * rem - 2 * rem;
  const wide = window.innerWidth >= 1280 && parts.treeView.leastWidth > column;
  if ((document.body.dataset.wideTree === 'true') === wide) return;
  document.body.dataset.wideTree = String(wide);
}

/**
 * Where the node's panel goes: beside the tree for a game on a 900–1279 px screen (a projector at
 * 1024×768: the position of the current node next to the search; a leaf's breakdown under the
 * tree), else in the page's grid (the right-hand column from 1280 px, below the tree on narrower
 * screens).
 */
export const besideQuery = window.matchMedia('(min-width: 900px) and (max-width: 1279px)');
function placeNodeCard() {
  const card = $('node-card');
  const beside = besideQuery.matches && state.view?.isGame;
  const home = beside ? $('node-beside') : $('node-home');
  if (card.parentElement !== home) home.append(card);
  // A leaf's breakdown (a four-column table) goes under the tree then, where it has room.
  const breakdown = $('node-breakdown');
  if (beside && breakdown.parentElement !== $('breakdown-below')) $('breakdown-below').append(breakdown);
  if (!beside && breakdown.parentElement !== $('node-details')) $('node-details').insertBefore(breakdown, $('leaf-form'));
}

const START_BOARD = `${'-'.repeat(27)}OX------XO${'-'.repeat(27)} X`;

/** The lab explains the Othello position on show (the node in the panel), else the start.
 * @param {number} id */
function labPosition(id) {
  const view = shownView();
  const node = view.kind === 'othello' ? view.node(id) : null;
  if (!node || !node.board) {
    return { board: START_BOARD, caption: t('lab.positionOf', { name: t('lab.startPosition'), color: t('side.black') }) };
  }
  const color = view.colorAt(id);
  return {
    board: `${node.board} ${color === 'black' ? 'X' : 'O'}`,
    caption: t('lab.positionOf', { name: view.nameOf(id, t('tree.root')), color: t(`side.${color}`) }),
  };
}

function renderCutoffs() {
  const view = shownView();
  const count = view.cutoffsBefore(state.step);
  const first = Math.max(0, count - config.cutoffsListed);
  /** @type {HTMLElement[]} */
  const items = [];
  if (first > 0) {
    const more = document.createElement('li');
    more.className = 'more';
    more.textContent = t('cutoffs.more', { n: first });
    items.push(more);
  }
  for (let i = first; i < count; i++) {
    const event = view.cutoffEvent(view.cutoffs[i]);
    const item = document.createElement('li');
    const name = document.createElement('strong');
    name.textContent = `${view.nameOf(event.node, t('tree.root'))}: `;
    item.append(name, reasonText(event));
    items.push(item);
  }
  $('cutoffs').replaceChildren(...items);
  $('cutoffs-none').hidden = count > 0;
}

/** The legend: a small drawing of each mark of the tree with its name, then the algorithm's terms. */
function renderLegend() {
  const view = shownView();
  const folded = folds(view);
  const key = `${language()}|${view.players}|${view.boundsKind}|${view.negamaxView}|${folded}|${view.result.table}`;
  const legend = $('legend');
  if (legend.dataset.key === key) return;
  legend.dataset.key = key;
  /** @type {(HTMLElement | string)[]} */
  const items = [];
  const swatch = (/** @type {string} */ kind, /** @type {string} */ text) => {
    const item = document.createElement('span');
    item.className = 'legend-item';
    const mark = document.createElement('span');
    mark.className = `swatch swatch-${kind}`;
    mark.setAttribute('aria-hidden', 'true');
    item.append(mark, text);
    return item;
  };
  // max^n: each player's colour (and shape: even players round), then what a node holds.
  if (view.players > 2) for (let n = 1; n <= view.players; n++) items.push(swatch(`p${Math.min(n, 4)}`, t('legend.player', { n })));
  else items.push(swatch('max', t('legend.max')), swatch('min', t('legend.min')));
  // max^n prunes nothing.
  if (view.players <= 2) items.push(swatch('pruned', t('legend.pruned')));
  items.push(
    swatch('current', t('legend.current')),
    swatch('principal', t('legend.principal')),
  );
  /** @type {string[]} */
  const terms = [];
  if (view.boundsKind === 'alphabeta') terms.push(t('legend.alphabeta'));
  if (view.boundsKind === 'limits') terms.push(t('legend.negamax'));
  else if (view.negamaxView) terms.push(t('legend.negamaxPlain'));
  if (view.players > 2) terms.push(t('legend.maxnRule'));
  if (view.result.table) terms.push(t('legend.table'));
  if (folded) terms.push(t('legend.expand'));
  /** @type {(HTMLElement | string)[]} */
  const parts = [];
  for (const item of [...items, ...terms]) {
    if (parts.length) parts.push(' · ');
    parts.push(item);
  }
  legend.replaceChildren(...parts);
}

/** A cut-off's reason in the page's language.
 * @param {import('../pkg/classroom/reversi.js').CutoffEvent} event */
function reasonText(event) {
  return minusSigns(reasonWords(event.reason, language()));
}

/**
 * The comparison: every algorithm searched once per source, one in each task (a large tree takes
 * each of them a moment), the table filled when all are in.
 */
export function renderCompare() {
  const key = JSON.stringify(state.source);
  if (!state.comparison || state.comparison.key !== key) {
    /** @type {{key: string, rows: import('./compare.js').ComparisonRow[] | null}} */
    const comparison = { key, rows: null };
    state.comparison = comparison;
    compareAlgorithms(state.source, algorithmsFor(state.source), yieldToPage).then((rows) => {
      if (state.comparison !== comparison) return;
      comparison.rows = rows;
      if ($('compare', HTMLDetailsElement).open) renderCompare();
    });
  }
  renderNodeChart();
  if (!state.comparison.rows) return;
  renderComparison($('compare-table', HTMLTableElement), state.comparison.rows, state.algorithm, (algorithm) => load(state.source, algorithm));
}

/** Iterative deepening at its end: each iteration's nodes, their sum, and one search straight to
 * the last depth, side by side (what the previous iteration's best move first buys, or costs).
 * @param {LessonView} view
 * @param {boolean} atEnd */
function renderIterations(view, atEnd) {
  const element = $('iterations');
  const iterations = view.result.iterations || [];
  const single = view.result.single;
  const shown = atEnd && iterations.length > 0 && Boolean(single);
  element.hidden = !shown;
  if (!shown) return;
  const number = (/** @type {number} */ n) => n.toLocaleString(language());
  const each = iterations.map((it) => t('iterations.one', { depth: it.depth, nodes: number(it.nodes) })).join(', ');
  const total = iterations.reduce((sum, it) => sum + it.nodes, 0);
  setText(element, t('iterations.summary', { each, total: number(total), depth: iterations[iterations.length - 1].depth, single: number(/** @type {{nodes: number}} */ (single).nodes) }));
}

/** A dense drawing has no bounds under its boxes: the current node's window is written with the
 * counters instead. Says whether it appeared or went.
 * @param {LessonView} view
 * @param {boolean} sheet */
function renderWindow(view, sheet) {
  const current = state.current;
  const atEnd = state.step === view.eventCount;
  const shown = current >= 0 && !atEnd && !sheet && !exerciseHidesSolution() && !parts.treeView.showsBounds ? stateOf(current) : undefined;
  const bounds = shown ? boundsText(view.boundsKind, shown) : null;
  const counter = $('window-counter');
  const changed = counter.hidden === Boolean(bounds);
  counter.hidden = !bounds;
  if (bounds) {
    setText($('window-label'), t('counters.window', { node: view.captionOf(current, t('tree.root')) }));
    setText($('window-value'), boundsLabels(bounds).join(' · '));
  }
  return changed;
}

let redrawing = false;

/**
 * Where the pseudocode goes, before the tree is drawn: beside the tree when the tree's most
 * compact drawing still fits beside it at its least scale, else over the tree's top right corner
 * (a 32-leaf tree on a 1024 px projector), the tree keeping the whole width. Says whether the
 * place changed.
 */
function placePseudocode() {
  const shown = state.pseudocode && !exerciseHidesSolution();
  $('pseudocode').hidden = !shown;
  const row = $('tree-row');
  const place = shown ? (fitsBeside(row) ? 'beside' : roomAbove() ? 'above' : 'over') : '';
  const changed = (row.dataset.pseudocode ?? '') !== place;
  if (place) row.dataset.pseudocode = place;
  else delete row.dataset.pseudocode;
  return changed;
}

/** @param {HTMLElement} row */
function fitsBeside(row) {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  const width = row.clientWidth - $('node-beside').offsetWidth;
  // The panel's width as style.css gives it beside the tree, and the gap.
  const panel = Math.min(Math.max(21 * rem, 0.3 * row.clientWidth), 36 * rem, 0.4 * row.clientWidth);
  return parts.treeView.narrowestWidth <= width - panel - 0.8 * rem - 8;
}

/** Whether the tree's most compact drawing leaves room above it for the lines about the step. */
function roomAbove() {
  const legend = $('legend').getBoundingClientRect().height;
  const below = window.innerHeight - $('tree').getBoundingClientRect().top - legend - 12;
  return below - parts.treeView.narrowestHeight >= config.pseudocodeAbove;
}

/** The pseudocode, its line highlighted, when the teacher shows it.
 * @param {LessonView} view */
function renderPseudocodePanel(view) {
  const panel = $('pseudocode');
  const shown = state.pseudocode && !exerciseHidesSolution();
  $('pseudocode-toggle').setAttribute('aria-pressed', String(state.pseudocode));
  if (!shown) return;
  // As tall as the tree's box beside it (over it: most of it): the line on show stays on the screen.
  const treeHeight = $('tree').getBoundingClientRect().height;
  panel.style.maxHeight = `${Math.max(240, $('tree-row').dataset.pseudocode === 'over' ? treeHeight * 0.7 : treeHeight)}px`;
  renderPseudocode(panel, view, state.pendingStep === null ? state.step : view.step);
}

/** After each drawing: the answer sheet's fields and the prediction's bubble go over their boxes.
 * @param {import('./tree-view.js').Geometry} geometry */
export function onTreeDrawn(geometry) {
  if (exerciseSheet() && state.exercise?.sheetView) placeSheet($('sheet'), state.exercise.sheetView, geometry);
  placePredictBubble(geometry);
}

/** The node-count chart of every algorithm and option on the source (computed once per source). */
export function renderNodeChart() {
  const key = JSON.stringify(state.source);
  if (!state.nodeChart || state.nodeChart.key !== key) {
    /** @type {{name: string, nodes: number}[]} */
    let rows;
    try {
      rows = nodeCounts(specOf(state.source, 'minimax'));
    } catch (error) {
      rows = [];
    }
    state.nodeChart = { key, rows };
  }
  drawNodeChart($('node-chart'), state.nodeChart.rows, language(), state.chartScale);
}

/** @param {Untraced} untraced */
function renderUntraced(untraced) {
  const { result, smallerDepth, alphabeta, source, algorithm } = untraced;
  const n = (/** @type {number} */ x) => x.toLocaleString(language());
  setText($('leaves-evaluated'), n(result.leaves));
  setText($('nodes-visited'), n(result.nodes));
  setText($('play-text'), t('controls.play'));
  setText($('tree-result'), minusSigns(result.text));
  setText($('step-counter'), t('untraced.counter', { events: n(result.events) }));
  setText($('narration'), t('untraced.narration', { algorithm: t(`algorithm.${algorithm}`), events: n(result.events), limit: n(200000) }));
  setText($('untraced-text'), t('untraced.text', { value: minusSigns(result.text), nodes: n(result.nodes), leaves: n(result.leaves), events: n(result.events) }));
  const depthButton = $('untraced-depth');
  depthButton.hidden = smallerDepth === null;
  if (smallerDepth !== null) setText(depthButton, t('untraced.depth', { depth: smallerDepth }));
  $('untraced-alphabeta').hidden = !alphabeta;
  setText($('untraced-alphabeta'), t('untraced.alphabeta'));
  setText($('untraced-hint'), t(smallerDepth !== null || alphabeta ? 'untraced.hint' : 'untraced.hintNone'));
  renderError();
  // Nothing was recorded: no cut-off to list.
  $('cutoffs').replaceChildren();
  $('cutoffs-none').hidden = false;
  for (const id of ['step-back', 'to-start', 'step-forward', 'to-end', 'play']) $(id, HTMLButtonElement).disabled = true;
  const example = exampleName(source);
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-example]'))) {
    button.setAttribute('aria-pressed', String(button.dataset.example === example));
  }
  document.body.dataset.kind = source.kind === 'example' ? 'tree' : source.kind;
}

/** The error element in its place; an error about the tree text opens the editor and is brought into view with it. */
export function renderError() {
  const element = $('error');
  const slot = $(`error-${state.errorPlace}`) ?? $('error-top');
  if (element.parentElement !== slot) slot.append(element);
  element.hidden = !state.error;
  setText(element, state.error);
  if (!state.error || state.errorRevealed) return;
  state.errorRevealed = true;
  if (state.errorPlace === 'editor') {
    $('editor', HTMLDetailsElement).open = true;
    // The text box and the message together when they fit on the screen, else the message with
    // as much of the text box above it as fits.
    const field = $('editor-field');
    if (field.getBoundingClientRect().height <= window.innerHeight) field.scrollIntoView({ block: 'nearest' });
    else element.scrollIntoView({ block: 'end' });
  } else if (state.errorPlace !== 'top') {
    element.scrollIntoView({ block: 'nearest' });
  }
}
