// The page's controls: the replay's buttons and speed, the examples, the lesson's options and
// typed tree, a leaf's value changed, the panels opened (comparison, chart, pseudocode, lab), the
// untraced search's shortcuts; and the tree redrawn when its width changes.

import { t, engineText } from './language.js';
import { exampleSource, algorithmsFor, defaultAlgorithm } from './address.js';
import { LessonView } from './lessons.js';
import { state, parts, render, shownView, exerciseLocked } from './page-state.js';
import { load, adopt, showError } from './lesson-loading.js';
import { stepForward, stepBack, toStart, toEnd, togglePlay, setSpeed } from './replay.js';
import { sourceFromOptions } from './options-form.js';
import { besideQuery, renderCompare, renderNodeChart } from './page-render.js';
import { byId as $ } from '../common/dom.js';

/** @typedef {import('./address.js').Source} Source */
/** @typedef {import('./page-state.js').Untraced} Untraced */

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
export function changeLeaf(label, value) {
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

/** Listens to every control of the page but the exercise's, the prediction's, the zoom's, the keys and the language's. */
export function wireControls() {
  $('step-forward').addEventListener('click', stepForward);
  $('step-back').addEventListener('click', stepBack);
  $('to-start').addEventListener('click', toStart);
  $('to-end').addEventListener('click', toEnd);
  $('play').addEventListener('click', togglePlay);
  $('speed').addEventListener('change', (event) => setSpeed(Number(/** @type {HTMLSelectElement} */ (event.target).value)));
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
  // An exercise without its solution offers no builder: its link would open the lesson.
  $('open-builder').addEventListener('click', () => {
    if (!exerciseLocked()) parts.builder.open();
  });
  $('untraced-depth').addEventListener('click', () => {
    const { source, algorithm, smallerDepth } = /** @type {Untraced} */ (state.untraced);
    load({ ...source, depth: /** @type {number} */ (smallerDepth) }, algorithm);
  });
  $('untraced-alphabeta').addEventListener('click', () => load(/** @type {Untraced} */ (state.untraced).source, 'alphabeta'));
  $('compare').addEventListener('toggle', () => {
    if ($('compare', HTMLDetailsElement).open) renderCompare();
  });
  $('lab').addEventListener('toggle', () => {
    if ($('lab', HTMLDetailsElement).open) parts.lab.render();
  });
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
