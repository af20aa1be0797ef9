// The Study area (index.html's <section id="study">): the analysis tools beside the board on a
// desktop, below it on a phone, one section each, each tool's own module filling its section.

import { byId, setText } from '../common/dom.js';

/**
 * The Study area's section `id` with the heading `title` (created on the first call, its heading
 * written again on each, so that a change of language reaches it).
 * @param {string} id the section's id and data-testid ('study-practice', say)
 * @param {string} title
 * @returns {HTMLElement}
 */
export function studySection(id, title) {
  let section = document.getElementById(id);
  if (!section) {
    section = document.createElement('section');
    section.id = id;
    section.dataset.testid = id;
    section.className = 'study-section';
    const heading = document.createElement('h3');
    heading.id = `${id}-heading`;
    section.setAttribute('aria-labelledby', heading.id);
    section.append(heading);
    byId('study').append(section);
  }
  setText(/** @type {HTMLElement} */ (section.querySelector('h3')), title);
  return section;
}
