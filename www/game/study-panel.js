// The Study area: the panel's section that holds the analysis tools, one sub-section each.

import { t } from '../i18n/page.js';

/**
 * A sub-section of the Study area (`<section id="study">` in index.html), appended to it: `id`
 * and `data-testid` are `id`; `title` is its heading's catalogue key (a data-i18n mark, so that a
 * language change rewrites it with the page's fixed text).
 * @param {string} id
 * @param {string} title
 * @returns {HTMLElement}
 */
export function studySection(id, title) {
  const section = document.createElement('section');
  section.id = id;
  section.dataset.testid = id;
  section.className = 'study-section';
  const heading = document.createElement('h3');
  heading.id = `${id}-heading`;
  heading.dataset.i18n = title;
  heading.textContent = t(title);
  section.setAttribute('aria-labelledby', heading.id);
  section.append(heading);
  /** @type {HTMLElement} */ (document.getElementById('study')).append(section);
  return section;
}
