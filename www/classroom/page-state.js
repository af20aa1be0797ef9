// The classroom page's state, in one object: which lesson is shown (source + algorithm), the
// replay position in its trace, the exercise and the prediction under way, the teacher's choices;
// the page's tunables; and its parts, made at start-up. Every change ends in render(), which draws
// everything from `state`; nothing moves until the teacher asks.

/** @typedef {import('./address.js').Source} Source */
/** @typedef {import('../pkg/classroom/reversi.js').LessonResult} LessonResult */
/** @typedef {import('./lessons.js').LessonView} LessonView */
/** A search too large to step through (see `untracedSearch`). @typedef {ReturnType<typeof import('./lessons.js').untracedSearch>} Untraced */

/** Every tunable of the page, in one place. */
export const config = {
  /** Replay speeds offered, in steps per second; the default suits talking over each step. */
  speeds: [0.5, 1, 2, 4, 8, 16],
  defaultSpeed: 1,
  /** Cut-offs listed beside the tree (the latest ones; the tree shows every cut). */
  cutoffsListed: 6,
  /** The height (CSS px) the lines about the step need above the tree, when the tree is too wide
   * for the pseudocode beside it; with less room under the tree they go over its top right corner. */
  pseudocodeAbove: 190,
  /** A typed tree of more nodes than this (an exercise's largest has 63) folds where it cannot be
   * shown whole; a smaller one is always drawn whole. */
  foldAbove: 64,
  /**
   * A typed tree with more nodes than this is searched, read and drawn in separate tasks, the page
   * answering in between (a 20,000-node tree takes the engine up to 90 ms to search and 50 ms to
   * hand over); smaller ones at once.
   */
  nodesAtOnce: 3000,
  /** The sizes of the zoom (+ / −): the tree and every text; 1 = the page as designed. */
  zooms: [0.8, 0.9, 1, 1.15, 1.3, 1.5, 1.75, 2],
};

export const state = {
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
};

/** The page's parts, made once at start-up (app.js) before anything draws.
 * @type {{treeView: ReturnType<typeof import('./tree-view.js').createTreeView>,
 *   nodePanel: ReturnType<typeof import('./node-panel.js').createNodePanel>,
 *   lab: ReturnType<typeof import('./lab.js').createLab>,
 *   builder: ReturnType<typeof import('./builder.js').createBuilder>}} */
export const parts = /** @type {any} */ ({});

/** Draws the page from `state` (page-render.js's render, set at start-up): the modules that change
 * the state redraw through it without importing the drawing, which imports them. */
let renderer = () => {};

/** Draws everything from `state`. */
export function render() {
  renderer();
}

/** @param {() => void} draw */
export function setRenderer(draw) {
  renderer = draw;
}

/** The lesson shown, in the functions that run only while one is (`state.view` is set then). */
export function shownView() {
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

/** An exercise handed out without its solution (`solution=off`): nothing on the page leads to
 * the lesson or its replay, not even where no answer sheet can be shown. */
export function exerciseLocked() {
  return Boolean(state.exercise && !state.exercise.settings.solution);
}

/** In exercise mode, before "Show the solution": the replay stays at its start (no value shown). */
export function exerciseHidesSolution() {
  if (exerciseLocked()) return true;
  return Boolean(state.exercise && !state.exercise.solution && !state.exercise.unavailable && state.view && !state.view.isGame);
}

/** Whether the answer sheet is what the tree shows (an exercise on a tree, its solution not shown). */
export function exerciseSheet() {
  return exerciseHidesSolution() && Boolean(state.exercise?.sheetView);
}
