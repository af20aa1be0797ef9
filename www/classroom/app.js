// The classroom page: which lesson is shown (source + algorithm), the replay position in its
// trace, and the wiring of controls, keys, address and language. Every change ends in render(),
// which draws everything from `state`; nothing moves until the teacher asks.

import init from '../pkg/classroom/reversi.js';
import { t, setLanguage, language, preferredLanguage, translateStatic, isPortuguese, engineText } from './i18n.js';
import {
  readAddress,
  writeAddress,
  exerciseText,
  defaultExerciseSettings,
  exampleSource,
  exampleName,
  algorithmsFor,
  defaultAlgorithm,
  DEPTHS,
} from './address.js';
import { createLesson, LessonView, yieldToPage, isTooLarge, untracedSearch, specOf } from './lessons.js';
import { nodeCounts, exerciseTree, checkExercise, exerciseQuestions, studentVariant, treeVariant, attemptCode } from '../pkg/classroom/reversi.js';
import { buildSheet, placeSheet, sheetShape, answersOf, restoreAnswers, showVerdicts, showAttemptCode } from './exercise.js';
import { createBuilder } from './builder.js';
import { renderPseudocode } from './pseudocode.js';
import { questionAt, questionText, judge, answerText, placeBubble } from './predict.js';
import { drawNodeChart } from './node-chart.js';
import { createTreeView } from './tree-view.js';
import { createNodePanel } from './node-panel.js';
import { narrate } from './narration.js';
import { compareAlgorithms, renderComparison } from './compare.js';
import { createLab } from './lab.js';
import { minusSigns } from './format.js';
import { byId, closestTarget, setText } from '../common/dom.js';

/** @typedef {import('./address.js').Source} Source */
/** @typedef {import('../pkg/classroom/reversi.js').LessonResult} LessonResult */
/** A search too large to step through (see `untracedSearch`). @typedef {ReturnType<typeof untracedSearch>} Untraced */

/** Every tunable of the page, in one place. */
export const config = {
  /** Replay speeds offered, in steps per second; the default suits talking over each step. */
  speeds: [0.5, 1, 2, 4, 8, 16],
  defaultSpeed: 1,
  /** Cut-offs listed beside the tree (the latest ones; the tree shows every cut). */
  cutoffsListed: 6,
  /**
   * A typed tree with more nodes than this is searched, read and drawn in separate tasks, the page
   * answering in between (a 20,000-node tree takes the engine up to 90 ms to search and 50 ms to
   * hand over); smaller ones at once.
   */
  nodesAtOnce: 3000,
  /** The sizes of the zoom (+ / −): the tree and every text; 1 = the page as designed. */
  zooms: [0.8, 0.9, 1, 1.15, 1.3, 1.5, 1.75, 2],
};

const state = {
  /** The lesson shown, or null (none yet, or a search shown without its trace). @type {LessonView | null} */
  view: null,
  // The lesson's source and algorithm: set by the first load, before anything reads them.
  /** What the lesson searches. @type {Source} */
  source: /** @type {Source} */ (/** @type {unknown} */ (null)),
  /** @type {string} */
  algorithm: /** @type {string} */ (/** @type {unknown} */ (null)),
  step: 0,
  current: -1,
  leaves: 0,
  nodesVisited: 0,
  /** A step asked for whose events are still being read (End on a long trace), or null. @type {number | null} */
  pendingStep: null,
  /** A large lesson under way (searched, read) before it is shown: a token, or null. @type {object | null} */
  preparing: null,
  /** Node shown in the side panel (clicked), or null for the current node. @type {number | null} */
  selected: null,
  /** Game trees: nodes opened and closed by clicks (the current path is always open). @type {Set<number>} */
  expanded: new Set(),
  /** @type {Set<number>} */
  collapsed: new Set(),
  playing: false,
  speed: config.defaultSpeed,
  error: '',
  /** Where the error is shown: 'top' (under the narration), 'editor', 'leaf' or 'lab'. */
  errorPlace: 'top',
  /** Whether the error has been brought into view (once per error). */
  errorRevealed: true,
  /** The comparison of every algorithm on the source (its key), once its rows are in.
   * @type {{key: string, rows: import('./compare.js').ComparisonRow[] | null} | null} */
  comparison: null,
  /** The node-count chart of the source (its key). @type {{key: string, rows: {name: string, nodes: number}[]} | null} */
  nodeChart: null,
  /** A search shown without its trace, or null. @type {Untraced | null} */
  untraced: null,
  /** Exercise mode, or null: see `Exercise`. @type {Exercise | null} */
  exercise: null,
  /** Predict the next step: the teacher's choices, the question waiting for its answer, the one
   * just answered (shown with its answer until the next step), and every answer given.
   * @type {{on: boolean, values: boolean, cuts: boolean, projector: boolean,
   *         pending: import('./predict.js').Question | null,
   *         shown: {question: import('./predict.js').Question, answered: import('./predict.js').Answered | null} | null,
   *         answered: Map<number, import('./predict.js').Answered | null>}} */
  predict: { on: false, values: true, cuts: true, projector: false, pending: null, shown: null, answered: new Map() },
  /** The algorithm's pseudocode beside the tree. */
  pseudocode: false,
  /** The node-count chart's scale. @type {'log' | 'linear'} */
  chartScale: 'log',
  zoom: 1,
  /** The form of Portuguese the language button switches to (the browser's, else Brazilian). */
  portuguese: 'pt-BR',
};

const $ = byId;
/** @type {ReturnType<typeof createTreeView>} */
let treeView;
/** @type {ReturnType<typeof createNodePanel>} */
let nodePanel;
/** @type {ReturnType<typeof createLab>} */
let lab;
/** @type {ReturnType<typeof createBuilder>} */
let builder;
/** @type {ReturnType<typeof setTimeout> | null} */
let timer = null;

/** The lesson shown, in the functions that run only while one is (`state.view` is set then). */
function shownView() {
  return /** @type {LessonView} */ (state.view);
}

/**
 * An exercise on show: how it is handed out (its link's settings), the exercise as the link names
 * it (`base`: a student's variant is searched instead), whether the solution is shown, the whole
 * tree drawn as an answer sheet and its questions (`sheetView`, `questions`, `sheetKey`: what
 * they were made for), why the tree cannot be an exercise (`unavailable`), the student's name and
 * variant, the attempts checked and the last report.
 * @typedef {{settings: import('./address.js').ExerciseSettings, base: {source: Source, algorithm: string} | null,
 *   solution: boolean, sheetView: LessonView | null, questions: import('../pkg/classroom/reversi.js').ExerciseQuestion[],
 *   sheetKey: string, unavailable: string, student: string, variant: number, variantSource: Source | null,
 *   report: import('../pkg/classroom/reversi.js').ExerciseReport | null}} Exercise
 */

/** How a lesson is loaded: at its end, and where a failure is said.
 * @typedef {{atEnd?: boolean, errorKey?: string}} LoadOptions */

// ---------------------------------------------------------------------------------------------
// Lessons

/**
 * Searches `source` with `algorithm` and shows it from its first step (or its last with `atEnd`).
 * On failure the lesson on screen stays and the error says why. Returns a promise of whether it
 * worked. A lesson of usual size is shown before load returns; a large typed tree is searched,
 * read and shown in three tasks, the page answering in between (the lesson on screen stays
 * meanwhile, and the narration says what is under way).
 * @param {Source} source
 * @param {string} algorithm
 * @param {LoadOptions} [options]
 */
async function load(source, algorithm, options = {}) {
  const large = source.kind === 'tree' && /** @type {string} */ (source.text).length > config.nodesAtOnce * 2;
  if (!large) return loadNow(source, algorithm, options);
  const token = {};
  const still = () => state.preparing === token;
  state.preparing = token;
  setText($('narration'), t('preparing.search'));
  await yieldToPage();
  if (!still()) return false;
  const view = search(source, algorithm, options);
  if (view === UNTRACED) {
    state.preparing = null;
    return true;
  }
  if (!view) {
    state.preparing = null;
    return false;
  }
  if (view.nodeCount > config.nodesAtOnce) {
    setText($('narration'), t('preparing.nodes', { total: view.nodeCount.toLocaleString(language()) }));
    await yieldToPage();
    if (still()) view.readNodes();
    await yieldToPage();
  }
  if (!still()) {
    view.free();
    return false;
  }
  state.preparing = null;
  adopt(view, source, algorithm, options.atEnd);
  return true;
}

/** @param {Source} source
 * @param {string} algorithm
 * @param {LoadOptions} options */
function loadNow(source, algorithm, options) {
  state.preparing = null;
  const view = search(source, algorithm, options);
  if (view === UNTRACED) return true;
  if (!view) return false;
  adopt(view, source, algorithm, options.atEnd);
  return true;
}

/** What `search` returns when it showed a lesson searched without its trace. */
const UNTRACED = Symbol('untraced');

/** Shows a search too large to step through: its result and counts, and one click to a lesson that steps.
 * @param {Untraced} untraced */
function showUntraced(untraced) {
  pause();
  state.view?.free();
  state.view = null;
  state.untraced = untraced;
  state.source = untraced.source;
  state.algorithm = untraced.algorithm;
  state.selected = null;
  state.step = 0;
  state.pendingStep = null;
  state.error = '';
  fillOptions();
  updateAddress();
  render();
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

/** The lesson of `source` searched by `algorithm`, or null after showing why it could not be.
 * @param {Source} source
 * @param {string} algorithm
 * @param {LoadOptions} [options] */
function search(source, algorithm, { errorKey = 'error.search' } = {}) {
  try {
    return new LessonView(createLesson(source, algorithm), source);
  } catch (error) {
    if (isTooLarge(error)) {
      // Too large to step through: searched without the trace, and shown as such (never another example).
      try {
        showUntraced(untracedSearch(source, algorithm));
        return UNTRACED;
      } catch (untraced) {
        showError(t(errorKey, { message: engineText(/** @type {Error} */ (untraced).message) }), 'top');
        return null;
      }
    }
    showError(t(errorKey, { message: engineText(/** @type {Error} */ (error).message) }), errorKey === 'error.tree' ? 'editor' : 'top');
    return null;
  }
}

/** Shows `view`, the lesson of `source` searched by `algorithm`, from its first step (or its last).
 * @param {LessonView} view
 * @param {Source} source
 * @param {string} algorithm
 * @param {boolean} [atEnd] */
function adopt(view, source, algorithm, atEnd = false) {
  pause();
  state.untraced = null;
  // A new lesson in exercise mode: a new exercise, its solution hidden until asked for.
  if (state.exercise) {
    state.exercise.solution = false;
    state.exercise.sheetView?.free();
    state.exercise.sheetView = null;
    state.exercise.sheetKey = '';
    state.exercise.report = null;
    state.exercise.unavailable = '';
    // The exercise the link names follows what is loaded, except a student's variant of it.
    const base = state.exercise.base;
    if (base && source === state.exercise.variantSource) state.exercise.base = { source: base.source, algorithm };
    else state.exercise.base = { source, algorithm };
  }
  state.predict.pending = null;
  state.predict.shown = null;
  state.predict.answered.clear();
  state.view?.free();
  if (!view.isGame) view.readNodes();
  state.view = view;
  state.source = source;
  state.algorithm = algorithm;
  state.selected = null;
  state.expanded.clear();
  state.collapsed.clear();
  state.error = '';
  if (view.kind === 'tree') $('tree-text', HTMLTextAreaElement).value = view.lesson.treeText;
  fillOptions();
  goTo(atEnd ? view.eventCount : 0);
  updateAddress();
}

function updateAddress() {
  const exercise = state.exercise;
  const query = exercise?.base
    ? writeAddress(exercise.base.source, exercise.base.algorithm, language(), 'exercise', exercise.settings)
    : writeAddress(state.source, state.algorithm, language(), exercise ? 'exercise' : null, exercise?.settings ?? null);
  history.replaceState(null, '', location.pathname + query);
}

/** Shows `message` at `place` (see state.errorPlace): next to what it is about.
 * @param {string} message
 * @param {string} [place] */
function showError(message, place = 'top') {
  state.error = message;
  state.errorPlace = place;
  state.errorRevealed = false;
  render();
}

/** The error element in its place; an error about the tree text opens the editor and is brought into view with it. */
function renderError() {
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

// ---------------------------------------------------------------------------------------------
// Replay

/**
 * Shows the replay after `step` events: at once when it is near (every step, any jump on a trace
 * of usual length), else in slices of the trace, the page answering in between and saying how far
 * it got (End on a 200,000-event trace).
 * @param {number} step
 */
function goTo(step) {
  const view = shownView();
  const clamped = Math.max(0, Math.min(view.eventCount, step));
  if (!view.isNear(clamped)) {
    const pending = state.pendingStep === null;
    state.pendingStep = clamped;
    if (pending) jump(view);
    render();
    return;
  }
  state.pendingStep = null;
  if (state.predict.shown && clamped !== state.predict.shown.question.step + 1) state.predict.shown = null;
  view.moveTo(clamped);
  const counters = view.counters;
  state.step = clamped;
  state.current = counters.current;
  state.leaves = counters.leaves;
  state.nodesVisited = counters.nodesVisited;
  // The current path is always open: a node closed by hand opens again when the search gets there.
  if (state.current >= 0) for (const id of view.pathTo(state.current)) state.collapsed.delete(id);
  if (clamped === view.eventCount) pause();
  render();
}

/** A long jump, one slice a task, towards the latest step asked for (state.pendingStep).
 * @param {LessonView} view */
async function jump(view) {
  while (state.view === view && state.pendingStep !== null && !view.isNear(state.pendingStep)) {
    view.moveTowards(state.pendingStep);
    state.step = view.step;
    render();
    await yieldToPage();
  }
  if (state.view === view && state.pendingStep !== null) goTo(state.pendingStep);
}

/** A step asked for by the teacher: the node panel follows the search again (a click showed another node).
 * @param {number} step */
function stepTo(step) {
  if (!state.view || state.preparing || exerciseHidesSolution()) return;
  pause();
  state.selected = null;
  goTo(step);
}

function stepForward() {
  if (!state.view || state.preparing || exerciseHidesSolution()) return;
  const from = state.pendingStep ?? state.step;
  const predict = state.predict;
  if (predict.pending) {
    // The question waits: the teacher's step reveals it (projector), a student answers first.
    if (predict.projector) answerPrediction(null);
    else $('predict-answer')?.focus();
    return;
  }
  if (askBefore(from)) return;
  stepTo(from + 1);
}

/** Stops before event `step` when the teacher asked for a prediction there (not yet answered): true if it did.
 * @param {number} step */
function askBefore(step) {
  const view = state.view;
  const predict = state.predict;
  if (!view || !predict.on || state.exercise || predict.answered.has(step)) return false;
  const question = questionAt(view, step, predict);
  if (!question) return false;
  pause();
  predict.pending = question;
  predict.shown = null;
  render();
  return true;
}

/**
 * The answer to the question waiting (null: revealed by the teacher): judged, then the step shown.
 * @param {string | null} given
 */
function answerPrediction(given) {
  const view = state.view;
  const question = state.predict.pending;
  if (!view || !question) return;
  const answered = given === null ? null : judge(view, question, given);
  state.predict.answered.set(question.step, answered);
  state.predict.pending = null;
  state.selected = null;
  goTo(question.step + 1);
  state.predict.shown = { question, answered };
  render();
}

function stepBack() {
  clearPrediction();
  stepTo((state.pendingStep ?? state.step) - 1);
}

function toStart() {
  // From the start, the class predicts again.
  clearPrediction();
  state.predict.answered.clear();
  stepTo(0);
}

function toEnd() {
  clearPrediction();
  if (state.view) stepTo(state.view.eventCount);
}

/** A question left unanswered goes when the teacher moves elsewhere. */
function clearPrediction() {
  state.predict.pending = null;
  state.predict.shown = null;
}

function play() {
  if (state.playing || !state.view || state.preparing || exerciseHidesSolution()) return;
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
    state.selected = null;
    if (askBefore(state.step)) return;
    state.predict.shown = null;
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

/** In a game tree, which nodes show their children; explicit trees show everything.
 * @param {number} id */
function showsChildren(id) {
  const view = shownView();
  if (view.kind === 'tree') return true;
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
function onNode(id) {
  const view = shownView();
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

/** The state of node `id` at the replay's step (undefined before the search reaches it).
 * @param {number} id */
function stateOf(id) {
  return shownView().stateOf(id);
}

function render() {
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
  document.body.dataset.exercise = state.exercise ? (sheet ? 'sheet' : state.exercise.unavailable ? 'unavailable' : 'solution') : '';

  const number = (/** @type {number} */ x) => x.toLocaleString(language());
  setText($('leaves-evaluated'), number(state.leaves));
  setText($('nodes-visited'), number(state.nodesVisited));
  // A count that includes re-searches, or every iteration, says so.
  setText($('nodes-label'), t(view.algorithm === 'pvs' ? 'counters.nodesResearch' : view.result.iterative ? 'counters.nodesIterative' : 'counters.nodes'));
  setText($('tree-result'), atEnd ? minusSigns(view.result.text) : '');
  renderIterations(view, atEnd);
  const counter = state.pendingStep === null
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
  renderPredictControls(view);
  renderLegend();
  if (sheet && state.exercise?.sheetView) {
    const sheetView = state.exercise.sheetView;
    treeView.draw({
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
    treeView.draw({
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
    });
  }
  placeWideTree();
  // The node of the step on show; at the end, the root whose search gave the result.
  const shownId = state.selected ?? (state.current >= 0 ? state.current : view.shownRoot());
  nodePanel.render({ view, id: shownId, state: stateOf(shownId) });
  renderPseudocodePanel(view);
  renderCutoffs();
  if ($('compare', HTMLDetailsElement).open) renderCompare();
  lab.setPosition(labPosition(shownId));
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
function treeTop() {
  const narration = $('narration');
  const extra = Math.max(0, narration.offsetHeight - (parseFloat(getComputedStyle(narration).minHeight) || 0));
  return $('tree').getBoundingClientRect().top + window.scrollY - extra;
}

/**
 * On a wide screen (1280 px and more) the panels stand right of the tree; a tree that needs more
 * width than that column at its least scale gets the page's width instead, the panels under it
 * (the column's width is what it would be, so that the choice does not flip back and forth).
 */
function placeWideTree() {
  const layout = /** @type {HTMLElement} */ (document.querySelector('.layout'));
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  const column = layout.clientWidth - 21 * rem - 2 * rem;
  const wide = window.innerWidth >= 1280 && treeView.leastWidth > column;
  if ((document.body.dataset.wideTree === 'true') === wide) return;
  document.body.dataset.wideTree = String(wide);
}

/**
 * Where the node's panel goes: beside the tree for a game on a 900–1279 px screen (a projector at
 * 1024×768: the position of the current node next to the search; a leaf's breakdown under the
 * tree), else in the page's grid (the right-hand column from 1280 px, below the tree on narrower
 * screens).
 */
const besideQuery = window.matchMedia('(min-width: 900px) and (max-width: 1279px)');
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
    return { board: START_BOARD, caption: t('lab.positionOf', { name: t('lab.startPosition'), color: t('selection.black') }) };
  }
  const color = view.colorAt(id);
  return {
    board: `${node.board} ${color === 'black' ? 'X' : 'O'}`,
    caption: t('lab.positionOf', { name: view.nameOf(id, t('tree.root')), color: t(`selection.${color}`) }),
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
  const key = `${language()}|${view.players}|${view.boundsKind}|${view.negamaxView}|${view.isGame}|${view.result.table}`;
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
  if (view.isGame) terms.push(t('legend.expand'));
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
  return minusSigns(event.reason[/** @type {'en' | 'pt'} */ (language().slice(0, 2))] ?? event.reason.en);
}

/**
 * The comparison: every algorithm searched once per source, one in each task (a large tree takes
 * each of them a moment), the table filled when all are in.
 */
function renderCompare() {
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

/** In exercise mode, before "Show the solution": the replay stays at its start (no value shown). */
function exerciseHidesSolution() {
  return Boolean(state.exercise && !state.exercise.solution && !state.exercise.unavailable && state.view && !state.view.isGame);
}

/** Whether the answer sheet is what the tree shows (an exercise on a tree, its solution not shown). */
function exerciseSheet() {
  return exerciseHidesSolution() && Boolean(state.exercise?.sheetView);
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

/** The spec of the exercise on show, with what it asks (the engine's default when the link does not say). */
function exerciseSpec() {
  const exercise = /** @type {Exercise} */ (state.exercise);
  return { ...specOf(state.source, state.algorithm), ask: exercise.settings.ask || 'default' };
}

/** The exercise's form and answer sheet: built once per lesson and language; the student's name first when each has a variant.
 * @param {LessonView} view */
function renderExercise(view) {
  const form = $('exercise', HTMLFormElement);
  const exercise = state.exercise;
  const shown = Boolean(exercise) && !view.isGame;
  form.hidden = !shown;
  $('exercise-below').hidden = !shown;
  $('sheet').hidden = !shown || !exerciseSheet();
  if (!shown || !exercise) return;
  const waiting = exercise.settings.students && exercise.settings.variant === null && !exercise.student;
  document.body.dataset.gate = waiting ? 'student' : '';
  const key = `${language()}|${waiting}`;
  if (exercise.sheetKey === key && exercise.sheetView !== null) return;
  if (exercise.sheetKey === key && exercise.unavailable) return;
  exercise.sheetKey = key;
  if (waiting) {
    buildStudentGate(form);
    return;
  }
  let questions;
  try {
    questions = /** @type {import('../pkg/classroom/reversi.js').ExerciseQuestion[]} */ (exerciseQuestions(exerciseSpec()));
  } catch (error) {
    // Not a tree a student can do: said, and the lesson shown as a lesson.
    exercise.unavailable = engineText(/** @type {Error} */ (error).message);
    form.replaceChildren(Object.assign(document.createElement('p'), { className: 'exercise-unavailable', textContent: t('exercise.unavailable', { message: exercise.unavailable }) }));
    $('sheet').hidden = true;
    return;
  }
  exercise.unavailable = '';
  // Answers typed before a rebuild (the language switched) stay.
  const typed = exercise.sheetView && exercise.sheetView.source === state.source ? answersOf([form, $('sheet')]) : null;
  // The whole tree (minimax or max^n visits every node), whatever the exercise's algorithm: a
  // pruning search's lesson holds no node under a subtree it cut, which would give the cut away.
  exercise.sheetView?.free();
  const whole = new LessonView(createLesson(state.source, view.players > 2 ? 'maxn' : 'minimax'), state.source);
  whole.readNodes();
  exercise.sheetView = whole;
  exercise.questions = questions;
  buildSheet(form, $('sheet'), $('exercise-below'), {
    view: whole,
    algorithm: state.algorithm,
    questions,
    solution: exercise.settings.solution,
    newExercise: !exercise.settings.key && Boolean(state.source.exercise),
    variant: exercise.variant,
  });
  if (typed) restoreAnswers([form, $('sheet')], typed);
  if (exercise.report) showVerdicts(form, [form, $('sheet')], exercise.report, exercise.solution);
}

/** The form asking a student's name or number, which picks their variant of the exercise.
 * @param {HTMLFormElement} form */
function buildStudentGate(form) {
  const intro = Object.assign(document.createElement('p'), { className: 'exercise-intro', textContent: t('student.intro') });
  const label = document.createElement('label');
  label.className = 'exercise-item student-field';
  const input = Object.assign(document.createElement('input'), { type: 'text', id: 'student-name', autocomplete: 'name' });
  input.dataset.testid = 'student-name';
  label.append(Object.assign(document.createElement('span'), { textContent: t('student.label') }), input);
  const start = Object.assign(document.createElement('button'), { type: 'button', id: 'student-start', className: 'primary', textContent: t('student.start') });
  start.dataset.testid = 'student-start';
  const error = Object.assign(document.createElement('p'), { className: 'error', id: 'student-error', hidden: true });
  form.replaceChildren(intro, label, start, error);
}

/** The student's name given: their variant of the exercise, searched and shown as a sheet. */
async function startStudent() {
  const exercise = state.exercise;
  if (!exercise?.base) return;
  const name = $('student-name', HTMLInputElement).value.trim();
  let variant;
  try {
    variant = studentVariant(name);
  } catch (error) {
    const element = $('student-error');
    element.hidden = false;
    setText(element, t('student.bad'));
    return;
  }
  exercise.student = name;
  exercise.variant = variant;
  await loadVariant();
}

/** Loads the exercise's variant for the student (or the one the link names). */
async function loadVariant() {
  const exercise = /** @type {Exercise} */ (state.exercise);
  const base = /** @type {{source: Source, algorithm: string}} */ (exercise.base);
  const variant = exercise.variant;
  /** @type {Source} */
  let source = base.source;
  if (variant) {
    if (base.source.exercise) {
      source = { kind: 'tree', text: exerciseTree(base.source.exercise.seed, base.source.exercise.shape, variant).text, exercise: base.source.exercise };
    } else {
      const lesson = createLesson(base.source, 'minimax');
      const text = lesson.treeText;
      lesson.free();
      source = { kind: 'tree', text: treeVariant(text, variant) };
    }
  }
  exercise.sheetKey = '';
  exercise.variantSource = source;
  await load(source, base.algorithm);
}

/** @param {Event} event */
function checkAnswers(event) {
  event.preventDefault();
  const exercise = state.exercise;
  if (!state.view || !exercise || exercise.unavailable) return;
  const form = $('exercise', HTMLFormElement);
  try {
    const report = checkExercise(exerciseSpec(), answersOf([form, $('sheet')]));
    exercise.report = report;
    showVerdicts(form, [form, $('sheet')], report, exercise.solution);
    const base = /** @type {{source: Source, algorithm: string}} */ (exercise.base);
    const text = exerciseText(base.source, base.algorithm, exercise.settings);
    const attempt = countAttempt(`${text}#${exercise.variant}`);
    const numbers = { variant: exercise.variant, right: report.right, total: report.total, attempt };
    showAttemptCode(form, attemptCode(text, numbers), numbers);
  } catch (error) {
    showError(t('error.search', { message: engineText(/** @type {Error} */ (error).message) }));
  }
}

/** The number of this attempt at an exercise (kept in the browser, so that a reload does not reset it).
 * @param {string} key */
function countAttempt(key) {
  const storageKey = `classroom.attempts.${key}`;
  let count = 1;
  try {
    count = Number(localStorage.getItem(storageKey) || 0) + 1;
    localStorage.setItem(storageKey, String(count));
  } catch {
    // Storage refused: each attempt is the first.
  }
  return count;
}

function newExercise() {
  const shape = state.source.exercise?.shape ?? '3x2';
  const seed = String(Math.floor(Math.random() * 1_000_000));
  const tree = exerciseTree(seed, shape);
  /** @type {Source} */
  const source = { kind: 'tree', text: tree.text, exercise: { seed: tree.seed, shape: tree.shape } };
  if (state.exercise) state.exercise.base = { source, algorithm: algorithmsFor(source).includes(state.algorithm) ? state.algorithm : 'minimax' };
  load(source, algorithmsFor(source).includes(state.algorithm) ? state.algorithm : 'minimax');
}

/** Leaves exercise mode: the lesson as a lesson again (the teacher's way back). */
function leaveExercise() {
  if (!state.exercise) return;
  state.exercise.sheetView?.free();
  state.exercise = null;
  $('sheet').replaceChildren();
  document.body.dataset.gate = '';
  updateAddress();
  render();
}

/** The prediction controls: the options while on, the score of the answers given, the question on the tree.
 * @param {LessonView} view */
function renderPredictControls(view) {
  const predict = state.predict;
  $('predict', HTMLInputElement).checked = predict.on;
  $('predict-options').hidden = !predict.on;
  const answers = [...predict.answered.values()].filter((a) => a !== null);
  const right = answers.filter((a) => a?.right).length;
  setText($('predict-score'), answers.length ? t('predict.score', { right, total: answers.length }) : '');
  const bubble = $('predict-bubble');
  const pending = predict.pending;
  const shown = predict.shown;
  if (!predict.on || (!pending && !shown) || exerciseSheet()) {
    bubble.hidden = true;
    return;
  }
  bubble.hidden = false;
  if (pending) {
    const text = Object.assign(document.createElement('p'), { className: 'predict-question', textContent: questionText(view, pending) });
    const row = document.createElement('p');
    row.className = 'predict-row';
    if (predict.projector) {
      const reveal = Object.assign(document.createElement('button'), { type: 'button', className: 'primary', textContent: t('predict.reveal') });
      reveal.dataset.testid = 'predict-reveal';
      reveal.addEventListener('click', () => answerPrediction(null));
      row.append(reveal);
    } else if (pending.kind === 'value') {
      const input = Object.assign(document.createElement('input'), { type: 'text', id: 'predict-answer', autocomplete: 'off', spellcheck: false });
      input.setAttribute('aria-label', questionText(view, pending));
      input.dataset.testid = 'predict-answer';
      const ok = Object.assign(document.createElement('button'), { type: 'submit', className: 'primary', textContent: t('predict.answer') });
      ok.dataset.testid = 'predict-submit';
      const form = document.createElement('form');
      form.className = 'predict-form';
      form.append(input, ok);
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        answerPrediction(input.value);
      });
      row.append(form);
    } else {
      for (const [answer, key] of [['yes', 'predict.yes'], ['no', 'predict.no']]) {
        const button = Object.assign(document.createElement('button'), { type: 'button', textContent: t(key) });
        button.dataset.testid = `predict-${answer}`;
        button.addEventListener('click', () => answerPrediction(answer));
        row.append(button);
      }
    }
    bubble.replaceChildren(text, row);
    bubble.dataset.state = 'question';
  } else if (shown) {
    bubble.replaceChildren(Object.assign(document.createElement('p'), { className: 'predict-answer-text', textContent: answerText(view, shown.question, shown.answered) }));
    bubble.dataset.state = shown.answered === null ? 'revealed' : shown.answered.right ? 'right' : 'wrong';
  }
}

/** The pseudocode beside the tree, its line highlighted, when the teacher shows it.
 * @param {LessonView} view */
function renderPseudocodePanel(view) {
  const panel = $('pseudocode');
  const shown = state.pseudocode && !exerciseSheet();
  panel.hidden = !shown;
  $('pseudocode-toggle').setAttribute('aria-pressed', String(state.pseudocode));
  if (!shown) return;
  // As tall as the tree's box beside it: the line on show stays on the screen.
  panel.style.maxHeight = `${Math.max(240, $('tree').getBoundingClientRect().height)}px`;
  renderPseudocode(panel, view, state.pendingStep === null ? state.step : view.step);
}

/** After each drawing: the answer sheet's fields and the prediction's bubble go over their boxes.
 * @param {import('./tree-view.js').Geometry} geometry */
function onTreeDrawn(geometry) {
  if (exerciseSheet() && state.exercise?.sheetView) placeSheet($('sheet'), state.exercise.sheetView, geometry);
  const about = state.predict.pending?.node ?? state.predict.shown?.question.node;
  if (about !== undefined && !$('predict-bubble').hidden) placeBubble($('predict-bubble'), geometry, about);
}

/** The node-count chart of every algorithm and option on the source (computed once per source). */
function renderNodeChart() {
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

/** The option fields show the lesson's source and offer what applies to it. */
function fillOptions() {
  const source = state.source;
  const select = $('algorithm', HTMLSelectElement);
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
    const depth = $('depth', HTMLInputElement);
    depth.min = String(range.min);
    depth.max = String(range.max);
    depth.value = String(source.depth);
    depth.title = source.kind === 'tictactoe' ? t('options.depthFull') : '';
    const position = $('position', HTMLInputElement);
    position.value = /** @type {string} */ (source.board ? `${source.board}${source.moves ? ` ${source.moves}` : ''}` : source.moves);
    position.placeholder = t(source.kind === 'othello' ? 'options.positionOthello' : 'options.positionTicTacToe');
    $('symmetry', HTMLInputElement).checked = /** @type {boolean} */ (source.kind === 'tictactoe' && source.symmetry);
    $('iterative', HTMLInputElement).checked = Boolean(source.iterative);
    $('table', HTMLInputElement).checked = Boolean(source.table);
  }
}

function fillSpeeds() {
  const select = $('speed', HTMLSelectElement);
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
  const depth = Number($('depth', HTMLInputElement).value);
  if (!Number.isInteger(depth) || depth < range.min || depth > range.max) {
    throw new Error(`${t('options.depth')}: ${range.min}–${range.max}`);
  }
  const text = $('position', HTMLInputElement).value.trim();
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
  /** @type {Source} */
  const source = { kind, moves, board, depth };
  if (kind === 'tictactoe') source.symmetry = $('symmetry', HTMLInputElement).checked;
  if ($('iterative', HTMLInputElement).checked) source.iterative = true;
  if ($('table', HTMLInputElement).checked) source.table = true;
  return source;
}

function applyOptions() {
  let source = state.source;
  if (source.kind === 'tictactoe' || source.kind === 'othello') {
    try {
      source = sourceFromOptions();
    } catch (error) {
      showError(t('error.search', { message: engineText(/** @type {Error} */ (error).message) }));
      return;
    }
  }
  const algorithm = $('algorithm', HTMLSelectElement).value;
  load(source, algorithmsFor(source).includes(algorithm) ? algorithm : defaultAlgorithm(source));
}

function runTreeText() {
  /** @type {Source} */
  const source = { kind: 'tree', text: $('tree-text', HTMLTextAreaElement).value };
  const algorithm = algorithmsFor(source).includes(state.algorithm) ? state.algorithm : defaultAlgorithm(source);
  load(source, algorithm, { errorKey: 'error.tree' });
}

/** A leaf's value changed by the teacher: the tree searched again.
 * @param {string} label
 * @param {string} value */
function changeLeaf(label, value) {
  const view = shownView();
  let lesson;
  try {
    lesson = view.lesson.setLeaf(label, value);
  } catch (error) {
    showError(t('error.leaf', { message: engineText(/** @type {Error} */ (error).message) }), 'leaf');
    return;
  }
  /** @type {Source} */
  const source = { kind: 'tree', text: lesson.treeText };
  const wasAtEnd = state.step === view.eventCount;
  adopt(new LessonView(lesson, source), source, state.algorithm, wasAtEnd);
  state.selected = lesson.nodeCount > 0 ? findLabel(label) : null;
  render();
}

/** The node labelled `label`, or null. @param {string} label */
function findLabel(label) {
  const view = shownView();
  for (let id = 0; id < view.nodeCount; id++) if (view.node(id).label === label) return id;
  return null;
}

/** English ↔ Portuguese (in the form last used); the variant button switches the form. */
function switchLanguage() {
  setLanguageEverywhere(isPortuguese() ? 'en' : state.portuguese);
}

function switchVariant() {
  setLanguageEverywhere(language() === 'pt-BR' ? 'pt-PT' : 'pt-BR');
}

/** @param {string} lang */
function setLanguageEverywhere(lang) {
  setLanguage(lang);
  if (isPortuguese()) state.portuguese = language();
  translateLanguageButtons();
  translateStatic();
  setText($('zoom-reset'), t('zoom.percent', { n: Math.round(state.zoom * 100) }));
  fillSpeeds();
  fillOptions();
  updateFullscreenLabel();
  updateAddress();
  lab.render();
  render();
}

/** The language buttons say, in the language they switch to, where they go. */
function translateLanguageButtons() {
  $('language').lang = isPortuguese() ? 'en' : state.portuguese;
  $('language-variant').hidden = !isPortuguese();
  $('language-variant').lang = language() === 'pt-BR' ? 'pt-PT' : 'pt-BR';
}

// ---------------------------------------------------------------------------------------------
// Zoom: the teacher's + / − for a large room. Every text of the page is sized in rem, so the root's
// font size carries the zoom to them; the tree's drawing is scaled by it too.

/** @param {number} zoom */
function setZoom(zoom) {
  state.zoom = zoom;
  document.documentElement.style.setProperty('--zoom', String(zoom));
  treeView.setZoom(zoom);
  setText($('zoom-reset'), t('zoom.percent', { n: Math.round(zoom * 100) }));
  $('zoom-out', HTMLButtonElement).disabled = zoom <= config.zooms[0];
  $('zoom-in', HTMLButtonElement).disabled = zoom >= config.zooms[config.zooms.length - 1];
  try {
    localStorage.setItem('classroom.zoom', String(zoom));
  } catch {
    // Storage refused (private mode): the zoom lasts as long as the page.
  }
  render();
}

/** @param {number} direction +1 or -1 */
function zoomBy(direction) {
  const index = config.zooms.findIndex((z) => z >= state.zoom - 1e-9);
  const next = config.zooms[Math.max(0, Math.min(config.zooms.length - 1, (index < 0 ? config.zooms.length - 1 : index) + direction))];
  setZoom(next);
}

function savedZoom() {
  try {
    const zoom = Number(localStorage.getItem('classroom.zoom'));
    return config.zooms.includes(zoom) ? zoom : 1;
  } catch {
    return 1;
  }
}

function updateFullscreenLabel() {
  setText($('fullscreen'), t(document.fullscreenElement ? 'fullscreen.exit' : 'fullscreen.enter'));
}

async function toggleFullscreen() {
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
  } catch (error) {
    showError(/** @type {Error} */ (error).message);
  }
}

/** ← → step, Space play/pause, Home / End: everywhere except while typing in a field.
 * @param {KeyboardEvent} event */
function onKey(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const field = /** @type {Partial<Element>} */ (event.target).closest?.('input, textarea, select, [contenteditable="true"]');
  // Keys belong to the field being typed in; a checkbox only needs Space for itself.
  if (field && (!field.matches('input[type="checkbox"], input[type="radio"]') || event.key === ' ')) return;
  /** @type {Record<string, () => void>} */
  const actions = {
    ArrowRight: stepForward,
    ArrowLeft: stepBack,
    ' ': togglePlay,
    Home: toStart,
    End: toEnd,
    '+': () => zoomBy(1),
    '=': () => zoomBy(1),
    '-': () => zoomBy(-1),
    '−': () => zoomBy(-1),
    0: () => setZoom(1),
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
    state.speed = Number(/** @type {HTMLSelectElement} */ (event.target).value);
    if (state.playing) {
      clearTimeout(timer ?? undefined);
      scheduleTick();
    }
  });
  document.addEventListener('keydown', onKey);
  // A Space released on a button would click it after the keydown already toggled play.
  document.addEventListener('keyup', (event) => {
    if (event.key === ' ' && /** @type {Partial<Element>} */ (event.target).closest?.('button, summary, [role="button"]')) event.preventDefault();
  });
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-example]'))) {
    button.addEventListener('click', () => {
      const source = exampleSource(/** @type {string} */ (button.dataset.example));
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
  $('exercise').addEventListener('submit', checkAnswers);
  $('exercise').addEventListener('click', (event) => {
    const id = closestTarget(event, 'button')?.id;
    if (id === 'exercise-show-solution' && state.exercise) {
      state.exercise.solution = true;
      const form = $('exercise', HTMLFormElement);
      /** @type {HTMLButtonElement | null} */ (form.querySelector('#exercise-check'))?.setAttribute('disabled', '');
      if (state.exercise.report) showVerdicts(form, [form, $('sheet')], state.exercise.report, true);
      render();
    } else if (id === 'exercise-new-exercise') {
      newExercise();
    } else if (id === 'exercise-print') {
      window.print();
    } else if (id === 'exercise-leave') {
      leaveExercise();
    } else if (id === 'student-start') {
      startStudent();
    }
  });
  $('exercise').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && /** @type {HTMLElement} */ (event.target).id === 'student-name') {
      event.preventDefault();
      startStudent();
    }
  });
  // Predictions: on or off, and what is asked; the question goes when the choices change.
  for (const [id, key] of /** @type {const} */ ([['predict', 'on'], ['predict-values', 'values'], ['predict-cuts', 'cuts'], ['predict-projector', 'projector']])) {
    $(id).addEventListener('change', (event) => {
      state.predict[key] = /** @type {HTMLInputElement} */ (event.target).checked;
      clearPrediction();
      render();
    });
  }
  $('pseudocode-toggle').addEventListener('click', () => {
    state.pseudocode = !state.pseudocode;
    try {
      localStorage.setItem('classroom.pseudocode', state.pseudocode ? 'on' : 'off');
    } catch {
      // Storage refused: the choice lasts as long as the page.
    }
    render();
  });
  for (const scale of /** @type {const} */ (['log', 'linear'])) {
    $(`chart-scale-${scale}`).addEventListener('change', () => {
      state.chartScale = scale;
      if ($('compare', HTMLDetailsElement).open) renderNodeChart();
    });
  }
  $('open-builder').addEventListener('click', () => builder.open());
  $('untraced-depth').addEventListener('click', () => {
    const { source, algorithm, smallerDepth } = /** @type {Untraced} */ (state.untraced);
    load({ ...source, depth: /** @type {number} */ (smallerDepth) }, algorithm);
  });
  $('untraced-alphabeta').addEventListener('click', () => load(/** @type {Untraced} */ (state.untraced).source, 'alphabeta'));
  $('compare').addEventListener('toggle', () => {
    if ($('compare', HTMLDetailsElement).open) renderCompare();
  });
  $('language').addEventListener('click', switchLanguage);
  $('language-variant').addEventListener('click', switchVariant);
  $('zoom-in').addEventListener('click', () => zoomBy(1));
  $('zoom-out').addEventListener('click', () => zoomBy(-1));
  $('zoom-reset').addEventListener('click', () => setZoom(1));
  $('lab').addEventListener('toggle', () => {
    if ($('lab', HTMLDetailsElement).open) lab.render();
  });
  if (document.fullscreenEnabled) {
    $('fullscreen').hidden = false;
    $('fullscreen').addEventListener('click', toggleFullscreen);
    document.addEventListener('fullscreenchange', updateFullscreenLabel);
  }
  besideQuery.addEventListener('change', () => render());
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
  const preferred = preferredLanguage();
  if (isPortuguese(preferred)) state.portuguese = preferred;
  setLanguage(address.lang ?? preferred);
  if (isPortuguese()) state.portuguese = language();
  translateLanguageButtons();
  translateStatic();
  // Compiled once: the page and every worker of the heuristic lab instantiate the same module.
  const module = await WebAssembly.compileStreaming(fetch(new URL('../pkg/classroom/reversi_bg.wasm', import.meta.url)));
  await init({ module_or_path: module });

  treeView = createTreeView($('tree'), {
    onActivate: onNode,
    topOf: treeTop,
    afterDraw: onTreeDrawn,
    // The legend under the tree stays on the screen: its height as drawn, and a margin.
    roomBelow: () => Math.max(48, $('legend').getBoundingClientRect().height + 14),
  });
  treeView.canvas.append($('sheet'), $('predict-bubble'));
  builder = createBuilder({
    language,
    lesson: () => ({
      source: state.exercise?.base?.source ?? state.source,
      algorithm: state.exercise?.base?.algorithm ?? state.algorithm,
      settings: state.exercise?.settings ?? null,
    }),
  });
  try {
    state.pseudocode = localStorage.getItem('classroom.pseudocode') === 'on';
  } catch {
    state.pseudocode = false;
  }
  nodePanel = createNodePanel({ onChangeLeaf: changeLeaf });
  lab = createLab({ module, onError: (message) => showError(message, 'lab') });
  fillSpeeds();
  wireControls();
  setZoom(savedZoom());

  const problems = address.problems.map((problem) => t(problem.key, problem.values));
  if (address.mode === 'exercise') {
    const settings = address.exercise ?? defaultExerciseSettings();
    state.exercise = {
      settings,
      base: null,
      solution: false,
      sheetView: null,
      questions: [],
      sheetKey: '',
      unavailable: '',
      student: '',
      variant: settings.variant ?? 0,
      variantSource: null,
      report: null,
    };
  }
  if (address.source.exercise) {
    const tree = exerciseTree(address.source.exercise.seed, address.source.exercise.shape);
    address.source.text = tree.text;
    address.source.exercise = { seed: tree.seed, shape: tree.shape };
  }
  const errorKey = address.source.kind === 'tree' ? 'error.tree' : 'error.search';
  if (!(await load(address.source, address.algorithm, { errorKey }))) {
    // The address's tree or position could not be searched: say why (at the tree text for a
    // tree), and show the lecture tree.
    const { error: failure, errorPlace: place } = state;
    const fallback = exampleSource('lecture');
    await load(fallback, defaultAlgorithm(fallback));
    if (address.source.kind === 'tree') $('tree-text', HTMLTextAreaElement).value = /** @type {string} */ (address.source.text);
    state.error = failure;
    state.errorPlace = place;
    state.errorRevealed = false;
  }
  if (problems.length) state.error = [state.error, t('error.address', { problems: problems.join('; ') })].filter(Boolean).join(' ');
  // A teacher opening a student's variant (variant= in the link): that variant, at once.
  if (state.exercise?.base && state.exercise.variant) await loadVariant();
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
    .then((registration) => /** @type {ServiceWorker} */ (registration.active).postMessage({ type: 'cache-classroom' }))
    .catch((error) => console.warn(`Offline classroom unavailable: ${error.message}`));
}

main().catch((error) => {
  const element = $('error');
  element.textContent = t('error.start', { message: error.message });
  element.hidden = false;
  throw error;
});
