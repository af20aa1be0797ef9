// Loading a lesson: the source searched by the algorithm, shown from its first step (a large
// typed tree in several tasks, the page answering in between), or shown without its trace when it
// is too large to step through; the address kept in step; an error said where it belongs.

import { t, language, engineText } from './language.js';
import { writeAddress } from './address.js';
import { createLesson, LessonView, yieldToPage, isTooLarge, untracedSearch } from './lessons.js';
import { config, state, render } from './page-state.js';
import { goTo, pause } from './replay.js';
import { fillOptions } from './options-form.js';
import { byId as $, setText } from '../common/dom.js';

/** @typedef {import('./address.js').Source} Source */
/** @typedef {import('./page-state.js').Untraced} Untraced */
/** @typedef {import('./page-state.js').LoadOptions} LoadOptions */

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
export async function load(source, algorithm, options = {}) {
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
export function adopt(view, source, algorithm, atEnd = false) {
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

export function updateAddress() {
  const exercise = state.exercise;
  const query = exercise?.base
    ? writeAddress(exercise.base.source, exercise.base.algorithm, language(), 'exercise', exercise.settings)
    : writeAddress(state.source, state.algorithm, language(), exercise ? 'exercise' : null, exercise?.settings ?? null);
  history.replaceState(null, '', location.pathname + query);
}

/** Shows `message` at `place` (see state.errorPlace): next to what it is about.
 * @param {string} message
 * @param {string} [place] */
export function showError(message, place = 'top') {
  state.error = message;
  state.errorPlace = place;
  state.errorRevealed = false;
  render();
}
