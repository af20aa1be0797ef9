// The classroom page's language: the words of www/i18n/ (the shared catalogues and the
// classroom's own, www/i18n/classroom/<tag>.js) looked up in it, its fixed text (classroom.html's
// data-i18n marks) rewritten, the engine's messages said in it. Every language's catalogues are
// fetched at start, so that a teacher's switch of language in front of a class is instant.

import * as words from '../i18n/i18n.js';
import classroomEnglish from '../i18n/classroom/en.js';

import { translateMarked } from '../i18n/page-text.js';

export { LANGUAGES, MINUS, normalizeLanguage } from '../i18n/i18n.js';
export { fillLanguageMenu } from '../i18n/page-text.js';

words.addWords('en', classroomEnglish);

/** The page's language. */
let current = 'en';

/** The page's language. */
export function language() {
  return current;
}

/** Fetches every language's catalogues, the shared ones and the classroom's; a language that
 * cannot be had is left out (its words fall back to English). */
export async function loadLanguages() {
  await Promise.allSettled(words.LANGUAGES.filter((lang) => lang !== 'en').flatMap((lang) => [words.loadLanguage(lang), words.loadLanguage(lang, 'classroom')]));
}

/** The browser's preference when the address does not say: the first of its languages the page speaks, else English. */
export const preferredLanguage = words.browserLanguage;

/** Sets the page's language (a tag that no catalogue speaks is English) and the document's lang.
 * @param {string} lang */
export function setLanguage(lang) {
  current = words.normalizeLanguage(lang) ?? 'en';
  document.documentElement.lang = current;
}

/** The text of `key` in the page's language with `{name}` placeholders filled from `values`. The
 * classroom writes its numbers itself (grouped where it means to, a true minus sign where it is
 * a value), so a number is put in as it is.
 * @param {string} key
 * @param {Record<string, unknown>} [values] */
export function t(key, values = {}) {
  /** @type {Record<string, unknown>} */
  const plain = {};
  for (const [name, value] of Object.entries(values)) plain[name] = typeof value === 'number' ? String(value) : value;
  return words.translate(current, key, plain);
}

/** Fills every element under `root` marked data-i18n (text), data-i18n-title, -aria-label,
 * -placeholder, and the document's title.
 * @param {ParentNode} [root] */
export function translateStatic(root = document) {
  translateMarked(root, (key) => t(key));
  document.title = t('page.title');
}

/** The tags `lang=` takes, from the list of languages: each, and a language's plain tag before its
 * regional forms (`pt` before `pt-BR`), the last after the page's "or" ("en, pt, pt-BR or pt-PT").
 * @returns {string} */
export function languageTags() {
  /** @type {string[]} */
  const tags = [];
  for (const lang of words.LANGUAGES) {
    const base = lang.split('-')[0];
    if (base !== lang && !tags.includes(base) && !words.LANGUAGES.includes(base)) tags.push(base);
    tags.push(lang);
  }
  return `${tags.slice(0, -1).join(', ')} ${t('address.langOr')} ${tags[tags.length - 1]}`;
}

/** Every hyphen-minus written before a digit in `text` (the engine's sentences) as a minus sign.
 * @param {unknown} text */
export function minusSigns(text) {
  return String(text).replace(/(^|[^\w])-(?=\d)/g, `$1${words.MINUS}`);
}

/** Long counts of the engine's messages (200000) grouped as the page writes them (200,000 / 200.000);
 * a label's digits (n19667) stay. @param {string} text */
function groupDigits(text) {
  return text.replace(/(?<![\w.,])\d{5,}(?![\w.,])/g, (n) => Number(n).toLocaleString(current));
}

/**
 * `message` of the engine in the page's language, numbers with a true minus sign. The engine
 * writes its errors in English (a tree's "line 1, column 62: expected ')' to close the '(' of line
 * 1, column 6, found the end of the text", an Othello depth out of range…); the catalogues say
 * them in the page's language, phrase by phrase, keeping every number, label and quoted character
 * (www/i18n/engine-messages.js). A message no catalogue knows stays as the engine wrote it.
 * @param {unknown} message
 */
export function engineText(message) {
  return minusSigns(groupDigits(words.engineText(message, current)));
}
