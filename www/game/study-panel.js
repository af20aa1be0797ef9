// The Study area: the analysis tools' sections, beside the board on a desktop and below it on a
// phone (index.html's `<section id="study">`), one section per tool, each filled by its module.

import { byId } from '../common/dom.js';
import { translateStatic } from '../i18n/page.js';

/**
 * The section `id` of the Study area (created on first use, in the order asked), headed by the
 * text of the catalogue key `title` (it follows the page's language).
 * @param {string} id
 * @param {string} title
 * @returns {HTMLElement}
 */
export function studySection(id, title) {
  const existing = document.getElementById(id);
  if (existing) return existing;
  const section = document.createElement('section');
  section.id = id;
  section.className = 'study-section';
  section.dataset.testid = id;
  const heading = document.createElement('h3');
  heading.id = `${id}-heading`;
  heading.dataset.i18n = title;
  section.setAttribute('aria-labelledby', heading.id);
  section.append(heading);
  translateStatic(section);
  byId('study').append(section);
  return section;
}
