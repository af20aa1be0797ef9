// The page's keys: ← → step, Space play/pause, Home / End, + / − size, 0 normal size; everywhere
// except while typing in a field.

import { stepForward, stepBack, togglePlay, toStart, toEnd } from './replay.js';
import { zoomBy, setZoom } from './zoom.js';

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

/** Listens to the page's keys. */
export function wireKeys() {
  document.addEventListener('keydown', onKey);
  // A Space released on a button would click it after the keydown already toggled play.
  document.addEventListener('keyup', (event) => {
    if (event.key === ' ' && /** @type {Partial<Element>} */ (event.target).closest?.('button, summary, [role="button"]')) event.preventDefault();
  });
}
