// Small DOM helpers shared by the pages.

/**
 * The page's element with this id, of the type `type` names (HTMLInputElement, HTMLSelectElement…;
 * HTMLElement without it). The page's markup guarantees the type: `type` is for the checker only.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @param {{prototype: T}} [type]
 * @returns {T}
 */
export function byId(id, type) {
  return /** @type {T} */ (document.getElementById(id));
}

/** Sets an element's text only when it changed (no needless layout, no lost text selection).
 * @param {Node} element
 * @param {string} text */
export function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

/** The element an event happened on, or inside, that matches `selector` (a button of a list, say).
 * @param {Event} event
 * @param {string} selector
 * @returns {HTMLElement | null} */
export function closestTarget(event, selector) {
  const target = event.target;
  return target instanceof Element ? /** @type {HTMLElement | null} */ (target.closest(selector)) : null;
}
