// An exercise asks each window on entry: the α and β (Pass-Thresh and Use-Thresh) the search
// enters the node with, the first time it enters it. The lesson draws a node's window as it is
// at the step on show, so a node that has returned shows its window as its children left it
// (narrowed); once an exercise's solution is shown, a node whose window the sheet asked shows
// the window it was entered with after it has returned: what the replay shows is what was asked.

/** @typedef {import('./lessons.js').LessonView} LessonView */
/** @typedef {import('../pkg/classroom/reversi.js').SearchWindow} SearchWindow */
/** @typedef {import('../pkg/classroom/reversi.js').ExerciseQuestion} ExerciseQuestion */

const WINDOW_KEYS = /** @type {const} */ (['alpha', 'beta', 'useLimit', 'passLimit']);

/** Each node's first window, by node id, read once per lesson. @type {WeakMap<LessonView, Map<number, SearchWindow>>} */
const entries = new WeakMap();

/** The window node `id` was first entered with, or null (never entered, or no window).
 * @param {LessonView} view
 * @param {number} id */
export function entryWindow(view, id) {
  let first = entries.get(view);
  if (!first) {
    first = new Map();
    for (let i = 0; i < view.eventCount; i++) {
      const event = view.event(i);
      if (event.kind !== 'enter' || first.has(event.node)) continue;
      /** @type {SearchWindow} */
      const window = {};
      for (const key of WINDOW_KEYS) if (key in event) window[key] = event[key];
      first.set(event.node, window);
    }
    entries.set(view, first);
  }
  const window = first.get(id);
  return window && Object.keys(window).length ? window : null;
}

/**
 * The state to draw for node `id` in an exercise's solution: a node whose window the sheet asks
 * (`questions`), once it has returned, with the window it was entered with; any other as it is.
 * @template {object | undefined} S
 * @param {LessonView} view
 * @param {number} id
 * @param {S} nodeState
 * @param {ExerciseQuestion[]} questions
 * @returns {S}
 */
export function withEntryWindow(view, id, nodeState, questions) {
  if (!nodeState || /** @type {{status?: string}} */ (nodeState).status !== 'done') return nodeState;
  const label = view.node(id).label;
  if (!questions.some((q) => q.field === 'alpha' && q.label === label)) return nodeState;
  const window = entryWindow(view, id);
  return window ? { ...nodeState, ...window } : nodeState;
}
