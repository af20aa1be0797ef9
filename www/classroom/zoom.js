// Zoom and full screen: the teacher's + / − for a large room. Every text of the page is sized in
// rem, so the root's font size carries the zoom to them; the tree's drawing is scaled by it too.
// The zoom is kept in the browser; full screen is offered where the browser allows it.

import { t } from './language.js';
import { config, state, parts, render } from './page-state.js';
import { showError } from './lesson-loading.js';
import { byId as $, setText } from '../common/dom.js';

/** @param {number} zoom */
export function setZoom(zoom) {
  state.zoom = zoom;
  document.documentElement.style.setProperty('--zoom', String(zoom));
  parts.treeView.setZoom(zoom);
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
export function zoomBy(direction) {
  const index = config.zooms.findIndex((z) => z >= state.zoom - 1e-9);
  const next = config.zooms[Math.max(0, Math.min(config.zooms.length - 1, (index < 0 ? config.zooms.length - 1 : index) + direction))];
  setZoom(next);
}

export function savedZoom() {
  try {
    const zoom = Number(localStorage.getItem('classroom.zoom'));
    return config.zooms.includes(zoom) ? zoom : 1;
  } catch {
    return 1;
  }
}

export function updateFullscreenLabel() {
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

/** The zoom's buttons, and full screen where the browser offers it. */
export function wireZoom() {
  $('zoom-in').addEventListener('click', () => zoomBy(1));
  $('zoom-out').addEventListener('click', () => zoomBy(-1));
  $('zoom-reset').addEventListener('click', () => setZoom(1));
  if (document.fullscreenEnabled) {
    $('fullscreen').hidden = false;
    $('fullscreen').addEventListener('click', toggleFullscreen);
    document.addEventListener('fullscreenchange', updateFullscreenLabel);
  }
}
