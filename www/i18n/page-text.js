// What a page does with its words, beside the lookup (i18n.js) that the <othello-board> element
// needs alone: its fixed text filled from its data-i18n marks, and its language menu, every
// language of the one list by its own name. The game page's (page.js) and the classroom's
// (../classroom/language.js).

import { LANGUAGES, LANGUAGE_NAMES } from './i18n.js';

/**
 * Fills every element under `root` marked data-i18n (its text), data-i18n-title,
 * data-i18n-aria-label or data-i18n-placeholder (that attribute) with its key's text.
 * @param {ParentNode} root
 * @param {(key: string) => string} text  a key's text in the page's language
 */
export function translateMarked(root, text) {
  for (const element of root.querySelectorAll('[data-i18n]')) {
    element.textContent = text(/** @type {string} */ (/** @type {HTMLElement} */ (element).dataset.i18n));
  }
  for (const [attribute, dataKey] of [['title', 'i18nTitle'], ['aria-label', 'i18nAriaLabel'], ['placeholder', 'i18nPlaceholder']]) {
    for (const element of root.querySelectorAll(`[data-i18n-${attribute}]`)) {
      element.setAttribute(attribute, text(/** @type {string} */ (/** @type {HTMLElement} */ (element).dataset[dataKey])));
    }
  }
}

/** The language menu of a page: every language by its own name, `chosen` selected.
 * @param {HTMLSelectElement} select
 * @param {string} chosen */
export function fillLanguageMenu(select, chosen) {
  if (select.options.length !== LANGUAGES.length) {
    select.replaceChildren(
      ...LANGUAGES.map((lang) => {
        const option = document.createElement('option');
        option.value = lang;
        option.lang = lang;
        option.textContent = /** @type {Record<string, string>} */ (LANGUAGE_NAMES)[lang];
        return option;
      }),
    );
  }
  select.value = chosen;
}
