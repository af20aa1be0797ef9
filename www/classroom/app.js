// The classroom page: which lesson is shown (source + algorithm), the replay position in its
// trace, and the wiring of controls, keys, address and language. Every change ends in render(),
// which draws everything from `state`; nothing moves until the teacher asks.

import init from '../pkg/classroom/reversi.js';
import { t, setLanguage, language, preferredLanguage, translateStatic } from './i18n.js';
import {
  readAddress,
  writeAddress,
  exampleSource,
  exampleName,
  algorithmsFor,
  defaultAlgorithm,
  DEPTHS,
} from './address.js';
import { createLesson, LessonView } from './lessons.js';
import { createTreeView } from './tree-view.js';
import { createNodePanel } from './node-panel.js';
import { narrate } from './narration.js';
import { compareAlgorithms, renderComparison } from './compare.js';
import { createLab } from './lab.js';

/** Every tunable of the page, in one place. */
export const config = {
  /** Replay speeds offered, in steps per second; the default suits talking over each step. */
  speeds: [0.5, 1, 2, 4, 8, 16],
  defaultSpeed: 1,
  /** Cut-offs listed beside the tree (the latest ones; the tree shows every cut). */
  cutoffsListed: 6,
};

const state = {
  /** @type {LessonView} */
  view: null,
  source: null,
  algorithm: null,
  step: 0,
  /** Replay state after `step` events, by node id. */
  nodeStates: new Map(),
  current: -1,
  /** Node shown in the side panel (clicked), or null for the current node. */
  selected: null,
  /** Game trees: nodes opened and closed by clicks (the current path is always open). */
  expanded: new Set(),
  collapsed: new Set(),
  playing: false,
  speed: config.defaultSpeed,
  error: '',
  comparison: null,
};

const $ = (id) => document.getElementById(id);
let treeView;
let nodePanel;
let lab;
let timer = null;

// ---------------------------------------------------------------------------------------------
// Lessons

/**
 * Searches `source` with `algorithm` and shows it from its first step (or its last with `atEnd`).
 * On failure the lesson on screen stays and the error says why; returns whether it worked.
 */
function load(source, algorithm, { atEnd = false, errorKey = 'error.search' } = {}) {
  let view;
  try {
    view = new LessonView(createLesson(source, algorithm), source);
  } catch (error) {
    showError(t(errorKey, { message: error.message }));
    return false;
  }
  adopt(view, source, algorithm, atEnd);
  return true;
}

function adopt(view, source, algorithm, atEnd) {
  pause();
  state.view?.free();
  state.view = view;
  state.source = source;
  state.algorithm = algorithm;
  state.selected = null;
  state.expanded.clear();
  state.collapsed.clear();
  state.error = '';
  if (view.kind === 'tree') $('tree-text').value = view.lesson.treeText;
  fillOptions();
  goTo(atEnd ? view.eventCount : 0);
  updateAddress();
}

function updateAddress() {
  history.replaceState(null, '', location.pathname + writeAddress(state.source, state.algorithm, language()));
}

function showError(message) {
  state.error = message;
  render();
}

// ---------------------------------------------------------------------------------------------
// Replay

function goTo(step) {
  const view = state.view;
  const clamped = Math.max(0, Math.min(view.eventCount, step));
  const replay = view.state(clamped);
  state.step = clamped;
  state.nodeStates = new Map(replay.nodes.map((node) => [node.id, node]));
  state.current = replay.current;
  state.leaves = replay.leaves;
  state.nodesVisited = replay.nodesVisited;
  // The current path is always open: a node closed by hand opens again when the search gets there.
  if (state.current >= 0) for (const id of view.pathTo(state.current)) state.collapsed.delete(id);
  if (clamped === view.eventCount) pause();
  render();
}

function stepForward() {
  pause();
  goTo(state.step + 1);
}

function stepBack() {
  pause();
  goTo(state.step - 1);
}

function toStart() {
  pause();
  goTo(0);
}

function toEnd() {
  pause();
  goTo(state.view.eventCount);
}

function play() {
  if (state.playing) return;
  // Playing from the end starts over: the teacher wants to see it again.
  if (state.step >= state.view.eventCount) goTo(0);
  state.playing = true;
  scheduleTick();
  render();
}

function pause() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (state.playing) {
    state.playing = false;
    if (state.view) render();
  }
}

function scheduleTick() {
  timer = setTimeout(() => {
    timer = null;
    if (!state.playing) return;
    goTo(state.step + 1);
    if (state.playing) scheduleTick();
  }, 1000 / state.speed);
}

function togglePlay() {
  if (state.playing) pause();
  else play();
}

// ---------------------------------------------------------------------------------------------
// The tree: what is shown

/** In a game tree, which nodes show their children; explicit trees show everything. */
function showsChildren(id) {
  const view = state.view;
  if (view.kind === 'tree') return true;
  if (state.collapsed.has(id)) return false;
  return id === 0 || state.expanded.has(id) || autoOpen().has(id);
}

let autoOpenCache = { key: '', set: new Set() };
/** Nodes open without a click: the path to the current node, to the selected one, and at the end the principal path. */
function autoOpen() {
  const key = `${state.step}|${state.selected}`;
  if (autoOpenCache.key === key && autoOpenCache.view === state.view) return autoOpenCache.set;
  const view = state.view;
  const set = new Set();
  if (state.current >= 0) for (const id of view.pathTo(state.current)) set.add(id);
  if (state.selected !== null) for (const id of view.pathTo(state.selected)) if (id !== state.selected) set.add(id);
  if (state.step === view.eventCount) for (const id of view.principalPath()) set.add(id);
  autoOpenCache = { key, set, view };
  return set;
}

function onNode(id) {
  const view = state.view;
  state.selected = id;
  if (view.isGame && view.node(id).children.length > 0) {
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

function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function render() {
  const view = state.view;
  if (!view) return;
  const atEnd = state.step === view.eventCount;

  setText($('leaves-evaluated'), String(state.leaves));
  setText($('nodes-visited'), String(state.nodesVisited));
  setText($('tree-result'), atEnd ? view.result.text : '');
  setText($('step-counter'), t('counters.step', { step: state.step, total: view.eventCount }));
  setText($('narration'), narrate(view, state.step));
  $('error').hidden = !state.error;
  setText($('error'), state.error);

  $('step-back').disabled = state.step === 0;
  $('to-start').disabled = state.step === 0;
  $('step-forward').disabled = atEnd;
  $('to-end').disabled = atEnd;
  $('icon-play').toggleAttribute('hidden', state.playing);
  $('icon-pause').toggleAttribute('hidden', !state.playing);
  setText($('play-text'), t(state.playing ? 'controls.pause' : 'controls.play'));
  $('play').setAttribute('aria-pressed', String(state.playing));

  const example = exampleName(state.source);
  for (const button of document.querySelectorAll('[data-example]')) {
    button.setAttribute('aria-pressed', String(button.dataset.example === example));
  }
  document.body.dataset.kind = view.kind;

  treeView.draw({
    view,
    states: state.nodeStates,
    current: state.current,
    selected: state.selected,
    principal: atEnd ? new Set(view.principalPath()) : new Set(),
    showsChildren,
    rootName: t('tree.root'),
  });
  const shownId = state.selected ?? (state.current >= 0 ? state.current : 0);
  nodePanel.render({ view, id: shownId, state: state.nodeStates.get(shownId) });
  renderCutoffs();
  renderLegend();
  if ($('compare').open) renderCompare();
  lab.setPosition(labPosition(shownId));
}

const START_BOARD = `${'-'.repeat(27)}OX------XO${'-'.repeat(27)} X`;

/** The lab explains the Othello position on show (the node in the panel), else the start. */
function labPosition(id) {
  const view = state.view;
  const node = view.kind === 'othello' ? view.node(id) : null;
  if (!node || !node.board) {
    return { board: START_BOARD, caption: t('lab.positionOf', { name: t('lab.startPosition'), color: t('selection.black') }) };
  }
  const color = view.colorAt(id);
  return {
    board: `${node.board} ${color === 'black' ? 'X' : 'O'}`,
    caption: t('lab.positionOf', { name: view.nameOf(id, t('tree.root')), color: t(`selection.${color}`) }),
  };
}

function renderCutoffs() {
  const view = state.view;
  const count = view.cutoffsBefore(state.step);
  const first = Math.max(0, count - config.cutoffsListed);
  const items = [];
  if (first > 0) {
    const more = document.createElement('li');
    more.className = 'more';
    more.textContent = t('cutoffs.more', { n: first });
    items.push(more);
  }
  for (let i = first; i < count; i++) {
    const event = view.event(view.cutoffs[i]);
    const item = document.createElement('li');
    const name = document.createElement('strong');
    name.textContent = `${view.nameOf(event.node, t('tree.root'))}: `;
    item.append(name, event.reason[language()] ?? event.reason.en);
    items.push(item);
  }
  $('cutoffs').replaceChildren(...items);
  $('cutoffs-none').hidden = count > 0;
}

function renderLegend() {
  const view = state.view;
  const parts = [];
  if (view.players > 2) parts.push(t('legend.maxn'));
  else parts.push(t('legend.shapes'));
  if (view.boundsKind === 'alphabeta') parts.push(t('legend.alphabeta'));
  if (view.boundsKind === 'limits') parts.push(t('legend.negamax'));
  else if (view.negamaxView) parts.push(t('legend.negamaxPlain'));
  if (view.isGame) parts.push(t('legend.expand'));
  setText($('legend'), parts.join(' · '));
}

function renderCompare() {
  const key = JSON.stringify(state.source);
  if (!state.comparison || state.comparison.key !== key) {
    state.comparison = { key, rows: compareAlgorithms(state.source, algorithmsFor(state.source)) };
  }
  renderComparison($('compare-table'), state.comparison.rows, state.algorithm, (algorithm) => load(state.source, algorithm));
}

/** The option fields show the lesson's source and offer what applies to it. */
function fillOptions() {
  const source = state.source;
  const select = $('algorithm');
  const algorithms = algorithmsFor(source);
  const options = algorithms.map((algorithm) => {
    const option = document.createElement('option');
    option.value = algorithm;
    option.textContent = t(`algorithm.${algorithm}`);
    return option;
  });
  select.replaceChildren(...options);
  select.value = state.algorithm;
  select.disabled = algorithms.length === 1;
  const game = source.kind === 'tictactoe' || source.kind === 'othello';
  if (game) {
    const range = DEPTHS[source.kind];
    $('depth').min = String(range.min);
    $('depth').max = String(range.max);
    $('depth').value = String(source.depth);
    $('depth').title = source.kind === 'tictactoe' ? t('options.depthFull') : '';
    $('position').value = source.board ? `${source.board}${source.moves ? ` ${source.moves}` : ''}` : source.moves;
    $('position').placeholder = t(source.kind === 'othello' ? 'options.positionOthello' : 'options.positionTicTacToe');
    $('symmetry').checked = source.kind === 'tictactoe' && source.symmetry;
  }
}

function fillSpeeds() {
  const select = $('speed');
  select.replaceChildren(
    ...config.speeds.map((speed) => {
      const option = document.createElement('option');
      option.value = String(speed);
      option.textContent = t('controls.perSecond', { n: speed.toLocaleString(language()) });
      return option;
    }),
  );
  select.value = String(state.speed);
}

// ---------------------------------------------------------------------------------------------
// Controls

/** The game source the option fields describe (position text: a board, a board and moves, or moves). */
function sourceFromOptions() {
  const kind = state.source.kind;
  const range = DEPTHS[kind];
  const depth = Number($('depth').value);
  if (!Number.isInteger(depth) || depth < range.min || depth > range.max) {
    throw new Error(`${t('options.depth')}: ${range.min}–${range.max}`);
  }
  const text = $('position').value.trim();
  let board = '';
  let moves = text.replace(/\s+/g, '');
  const boardLength = kind === 'othello' ? 64 : 9;
  const compact = text.replace(/\s+/g, '');
  // A board is the squares (X O -) first, then for Othello the side to move; moves may follow.
  const match = compact.match(kind === 'othello' ? /^([XO-]{64}[XO])(.*)$/i : /^([XO-]{9})(.*)$/i);
  if (match && compact.length >= boardLength) {
    board = match[1].toUpperCase();
    moves = match[2];
  }
  const source = { kind, moves, board, depth };
  if (kind === 'tictactoe') source.symmetry = $('symmetry').checked;
  return source;
}

function applyOptions() {
  let source = state.source;
  if (source.kind === 'tictactoe' || source.kind === 'othello') {
    try {
      source = sourceFromOptions();
    } catch (error) {
      showError(t('error.search', { message: error.message }));
      return;
    }
  }
  const algorithm = $('algorithm').value;
  load(source, algorithmsFor(source).includes(algorithm) ? algorithm : defaultAlgorithm(source));
}

function runTreeText() {
  const source = { kind: 'tree', text: $('tree-text').value };
  const algorithm = algorithmsFor(source).includes(state.algorithm) ? state.algorithm : defaultAlgorithm(source);
  load(source, algorithm, { errorKey: 'error.tree' });
}

function changeLeaf(label, value) {
  const view = state.view;
  let lesson;
  try {
    lesson = view.lesson.setLeaf(label, value);
  } catch (error) {
    showError(t('error.leaf', { message: error.message }));
    return;
  }
  const source = { kind: 'tree', text: lesson.treeText };
  const wasAtEnd = state.step === view.eventCount;
  adopt(new LessonView(lesson, source), source, state.algorithm, wasAtEnd);
  state.selected = lesson.nodeCount > 0 ? findLabel(label) : null;
  render();
}

function findLabel(label) {
  const view = state.view;
  for (let id = 0; id < view.nodeCount; id++) if (view.node(id).label === label) return id;
  return null;
}

function switchLanguage() {
  setLanguage(language() === 'pt' ? 'en' : 'pt');
  translateStatic();
  fillSpeeds();
  fillOptions();
  updateFullscreenLabel();
  updateAddress();
  lab.render();
  render();
}

function updateFullscreenLabel() {
  setText($('fullscreen'), t(document.fullscreenElement ? 'fullscreen.exit' : 'fullscreen.enter'));
}

async function toggleFullscreen() {
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
  } catch (error) {
    showError(error.message);
  }
}

/** ← → step, Space play/pause, Home / End: everywhere except while typing in a field. */
function onKey(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const field = event.target.closest?.('input, textarea, select, [contenteditable="true"]');
  // Keys belong to the field being typed in; a checkbox only needs Space for itself.
  if (field && (!field.matches('input[type="checkbox"], input[type="radio"]') || event.key === ' ')) return;
  const actions = {
    ArrowRight: stepForward,
    ArrowLeft: stepBack,
    ' ': togglePlay,
    Home: toStart,
    End: toEnd,
  };
  const action = actions[event.key];
  if (!action) return;
  // Space would also press the focused button: the key means play/pause wherever focus is.
  event.preventDefault();
  action();
}

function wireControls() {
  $('step-forward').addEventListener('click', stepForward);
  $('step-back').addEventListener('click', stepBack);
  $('to-start').addEventListener('click', toStart);
  $('to-end').addEventListener('click', toEnd);
  $('play').addEventListener('click', togglePlay);
  $('speed').addEventListener('change', (event) => {
    state.speed = Number(event.target.value);
    if (state.playing) {
      clearTimeout(timer);
      scheduleTick();
    }
  });
  document.addEventListener('keydown', onKey);
  // A Space released on a button would click it after the keydown already toggled play.
  document.addEventListener('keyup', (event) => {
    if (event.key === ' ' && event.target.closest?.('button, summary, [role="button"]')) event.preventDefault();
  });
  for (const button of document.querySelectorAll('[data-example]')) {
    button.addEventListener('click', () => {
      const source = exampleSource(button.dataset.example);
      load(source, defaultAlgorithm(source));
    });
  }
  $('algorithm').addEventListener('change', applyOptions);
  $('symmetry').addEventListener('change', applyOptions);
  $('depth').addEventListener('change', applyOptions);
  $('options').addEventListener('submit', (event) => {
    event.preventDefault();
    applyOptions();
  });
  $('tree-run').addEventListener('click', runTreeText);
  $('compare').addEventListener('toggle', () => {
    if ($('compare').open) renderCompare();
  });
  $('language').addEventListener('click', switchLanguage);
  $('lab').addEventListener('toggle', () => {
    if ($('lab').open) lab.render();
  });
  if (document.fullscreenEnabled) {
    $('fullscreen').hidden = false;
    $('fullscreen').addEventListener('click', toggleFullscreen);
    document.addEventListener('fullscreenchange', updateFullscreenLabel);
  }
  // The tree fits its width: redraw when the width changes (a window resize, a projector's
  // resolution, full screen), in the next frame so that the observer never re-enters itself.
  let treeWidth = 0;
  new ResizeObserver((entries) => {
    const width = Math.round(entries[0].contentRect.width);
    if (width === treeWidth) return;
    treeWidth = width;
    requestAnimationFrame(render);
  }).observe($('tree'));
}

async function main() {
  const address = readAddress(location.search);
  setLanguage(address.lang ?? preferredLanguage());
  translateStatic();
  // Compiled once: the page and every worker of the heuristic lab instantiate the same module.
  const module = await WebAssembly.compileStreaming(fetch(new URL('../pkg/classroom/reversi_bg.wasm', import.meta.url)));
  await init({ module_or_path: module });

  treeView = createTreeView($('tree'), { onActivate: onNode });
  nodePanel = createNodePanel({ onChangeLeaf: changeLeaf });
  lab = createLab({ module, onError: showError });
  fillSpeeds();
  wireControls();

  const problems = [...address.problems];
  const errorKey = address.source.kind === 'tree' ? 'error.tree' : 'error.search';
  if (!load(address.source, address.algorithm, { errorKey })) {
    // The address's tree or position could not be searched: say why, and show the lecture tree.
    const failure = state.error;
    const fallback = exampleSource('lecture');
    load(fallback, defaultAlgorithm(fallback));
    if (address.source.kind === 'tree') $('tree-text').value = address.source.text;
    state.error = failure;
  }
  if (problems.length) state.error = [state.error, t('error.address', { problems: problems.join('; ') })].filter(Boolean).join(' ');
  render();
  document.documentElement.dataset.ready = 'true';
  keepForOffline();
}

/**
 * Asks the site's service worker (sw.js, the game's; registered here too when this is the first
 * page of the site visited) to keep this version of the classroom for offline use. Asked once the
 * page has started, so that the worker finds the files in the HTTP cache (revalidated, not
 * downloaded again). Offline use is a bonus: without a service worker the page works as before.
 */
function keepForOffline() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(new URL('../../sw.js', import.meta.url), { updateViaCache: 'none' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => registration.active.postMessage({ type: 'cache-classroom' }))
    .catch((error) => console.warn(`Offline classroom unavailable: ${error.message}`));
}

main().catch((error) => {
  const element = $('error');
  element.textContent = t('error.start', { message: error.message });
  element.hidden = false;
  throw error;
});
