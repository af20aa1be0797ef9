// The classroom page's start: the address read, the language set, the engine loaded, the page's
// parts made and wired, the first lesson shown; and the language menu. The page's state and
// how each part of it changes: page-state.js and the modules it names (lesson-loading.js,
// replay.js, exercise-flow.js, predict-flow.js, zoom.js, keys.js, controls.js), drawn by
// page-render.js.

import init from '../pkg/classroom/reversi.js';
import { t, setLanguage, language, preferredLanguage, translateStatic, loadLanguages, fillLanguageMenu, languageTags } from './language.js';
import { readAddress, defaultExerciseSettings, exampleSource, defaultAlgorithm } from './address.js';
import { exerciseTree } from '../pkg/classroom/reversi.js';
import { createBuilder } from './builder.js';
import { createClassSheet } from './class-sheet.js';
import { createTreeView } from './tree-view.js';
import { createNodePanel } from './node-panel.js';
import { createLab } from './lab.js';
import { state, parts, render, setRenderer } from './page-state.js';
import { load, showError, updateAddress } from './lesson-loading.js';
import { fillOptions, fillSpeeds } from './options-form.js';
import { render as drawPage, onNode, treeTop, onTreeDrawn } from './page-render.js';
import { newExerciseMode, loadVariant, wireExercise } from './exercise-flow.js';
import { wirePredict } from './predict-flow.js';
import { setZoom, savedZoom, updateFullscreenLabel, wireZoom } from './zoom.js';
import { wireKeys } from './keys.js';
import { changeLeaf, wireControls } from './controls.js';
import { byId as $, setText } from '../common/dom.js';

setRenderer(drawPage);

/** The builder's class sheet, made at start-up. @type {ReturnType<typeof createClassSheet> | null} */
let classSheet = null;

/** The language chosen from the menu: every text of the page rewritten in it, and the address.
 * @param {string} lang */
function setLanguageEverywhere(lang) {
  setLanguage(lang);
  fillLanguageMenu($('language', HTMLSelectElement), language());
  translateStatic();
  setText($('zoom-reset'), t('zoom.percent', { n: Math.round(state.zoom * 100) }));
  fillSpeeds();
  fillOptions();
  updateFullscreenLabel();
  updateAddress();
  parts.lab.render();
  classSheet?.redraw();
  render();
}

async function main() {
  const address = readAddress(location.search);
  // Compiled once: the page and every worker of the heuristic lab instantiate the same module.
  const compiling = WebAssembly.compileStreaming(fetch(new URL('../pkg/classroom/reversi_bg.wasm', import.meta.url)));
  compiling.catch(() => {}); // said below, once awaited
  await loadLanguages();
  setLanguage(address.lang ?? preferredLanguage());
  fillLanguageMenu($('language', HTMLSelectElement), language());
  translateStatic();
  const module = await compiling;
  await init({ module_or_path: module });

  parts.treeView = createTreeView($('tree'), {
    onActivate: onNode,
    topOf: treeTop,
    afterDraw: onTreeDrawn,
    // The legend under the tree stays on the screen: its height as drawn, and a margin.
    roomBelow: () => Math.max(48, $('legend').getBoundingClientRect().height + 14),
  });
  parts.treeView.canvas.append($('sheet'), $('predict-bubble'));
  parts.builder = createBuilder({
    language,
    lesson: () => ({
      source: state.exercise?.base?.source ?? state.source,
      algorithm: state.exercise?.base?.algorithm ?? state.algorithm,
      settings: state.exercise?.settings ?? null,
    }),
  });
  classSheet = createClassSheet({ exercise: () => parts.builder.current(), language });
  try {
    state.pseudocode = localStorage.getItem('classroom.pseudocode') === 'on';
  } catch {
    state.pseudocode = false;
  }
  parts.nodePanel = createNodePanel({ onChangeLeaf: changeLeaf });
  parts.lab = createLab({ module, onError: (message) => showError(message, 'lab') });
  fillSpeeds();
  wireControls();
  wireExercise();
  wirePredict();
  wireZoom();
  wireKeys();
  $('language').addEventListener('change', (event) => setLanguageEverywhere(/** @type {HTMLSelectElement} */ (event.target).value));
  setZoom(savedZoom());

  const problems = address.problems.map((problem) => t(problem.key, { ...problem.values, languages: languageTags() }));
  if (address.mode === 'exercise') {
    const settings = address.exercise ?? defaultExerciseSettings();
    state.exercise = newExerciseMode(settings);
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
