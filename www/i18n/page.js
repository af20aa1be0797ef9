// The game page's language (the element has its own, see board/text.js): the words of i18n.js
// in it, its fixed text (index.html's data-i18n marks) rewritten, and the game page's own
// catalogue, English built in, another fetched with the shared one (game/<tag>.js).

import * as words from './i18n.js';
import { translateMarked } from './page-text.js';
import gameEnglish from './game/en.js';

export { LANGUAGES, LANGUAGE_NAMES, MINUS, normalizeLanguage, browserLanguage, translate } from './i18n.js';
export { fillLanguageMenu } from './page-text.js';

words.addWords('en', gameEnglish);

/** The page's language. */
let current = 'en';

/** The page's language. */
export function language() {
  return current;
}

/** Fetches `lang`'s catalogues, the shared one and the game page's; rejects when one cannot be had.
 * @param {string} lang */
export function loadPageLanguage(lang) {
  return Promise.all([words.loadLanguage(lang), words.loadLanguage(lang, 'game')]);
}

/** Sets the page's language (a tag that no catalogue speaks is English) and the document's lang.
 * @param {string} lang */
export function setLanguage(lang) {
  current = words.normalizeLanguage(lang) ?? 'en';
  document.documentElement.lang = current;
  return current;
}

/** The text of `key` in the page's language (see i18n.js's translate).
 * @param {string} key
 * @param {Record<string, unknown>} [values] */
export function t(key, values) {
  return words.translate(current, key, values);
}

/** `n` as the page's language writes it (see formatNumber).
 * @param {number} n
 * @param {number} [digits] */
export function num(n, digits) {
  return words.formatNumber(current, n, digits);
}

/** The words of a score in the page's language. */
export const scoreWords = () => words.scoreWords(current);
/** The accessible grid's labels in the page's language. */
export const gridLabels = () => words.gridLabels(current);
/** An engine's message in the page's language. @param {unknown} message */
export const engineText = (message) => words.engineText(message, current);

/** A side's name in the page's language, capitalised ("Black", "Pretas").
 * @param {'black' | 'white'} side */
export function sideName(side) {
  return t(`side.${side}`);
}

/**
 * Fills every element under `root` marked data-i18n, data-i18n-title, data-i18n-aria-label or
 * data-i18n-placeholder with its key's text in the page's language.
 * @param {ParentNode} root
 */
export function translateStatic(root) {
  translateMarked(root, (key) => t(key));
}
