// The words of every page in every language it speaks: the catalogues of this folder, one a
// language (en.js, pt-BR.js, pt-PT.js: the words the game page, the <othello-board> element, its
// iframe and the classroom share), the game page's own (game/<tag>.js) and the classroom's
// (classroom/<tag>.js); the one list of languages. A text by key with
// {name} placeholders; plural forms as `key.one` / `key.other` (Intl.PluralRules); numbers as the
// language writes them (Intl.NumberFormat) with a true minus sign; English for a key a catalogue
// lacks. Only the shared English is part of a board's first load: the rest is fetched when wanted
// (loadLanguage). A page's fixed text and its language menu: page-text.js; the game page's
// language: page.js; the classroom's: ../classroom/language.js.
//
// Adding a language: docs/architecture.md, "Languages".

import en from './en.js';

/** A language's catalogue: its name in itself (the language menu), and its texts by key.
 * @typedef {{name: string, strings: Record<string, string>}} Catalogue */

/** Every language spoken, by tag (its catalogues are ./<tag>.js, ./game/<tag>.js and
 * ./classroom/<tag>.js), with its name in itself for the language menu; English first, the
 * fallback. */
export const LANGUAGE_NAMES = { en: 'English', 'pt-BR': 'Português (Brasil)', 'pt-PT': 'Português (Portugal)' };

/** The language tags spoken, English first. */
export const LANGUAGES = Object.keys(LANGUAGE_NAMES);

/** The words loaded so far, by tag: the shared catalogue, and the game page's once added. */
const WORDS = /** @type {Record<string, Record<string, string>>} */ ({ en: { ...en.strings } });
/** Each part asked for ('<part>:<tag>'), once. @type {Map<string, Promise<void>>} */
const loading = new Map();

/** Adds a catalogue's texts to `lang`'s words (the game page's English, say).
 * @param {string} lang
 * @param {Catalogue} catalogue */
export function addWords(lang, catalogue) {
  WORDS[lang] = { ...WORDS[lang], ...catalogue.strings };
}

/** Whether `lang`'s shared catalogue is here (translate falls back to English until it is).
 * @param {string} lang */
export function isLoaded(lang) {
  return lang in WORDS;
}

/** Fetches `lang`'s shared catalogue, or with `part` the game page's or the classroom's, once (a
 * tag of LANGUAGES); rejects when it cannot be had, and a later call tries again.
 * @param {string} lang
 * @param {'' | 'game' | 'classroom'} [part] */
export function loadLanguage(lang, part = '') {
  const key = `${part}:${lang}`;
  if ((!part && isLoaded(lang)) || !LANGUAGES.includes(lang)) return Promise.resolve();
  let promise = loading.get(key);
  if (!promise) {
    const messages = lang === 'en' ? null : import('./engine-messages.js');
    promise = Promise.all([import(part ? `./${part}/${lang}.js` : `./${lang}.js`), messages]).then(
      ([module, engine]) => {
        addWords(lang, module.default);
        if (engine) engineMessages = engine.ENGINE_MESSAGES;
      },
      (error) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/** A true minus sign (U+2212), as in print and in the classroom: "−23", never "-23". */
export const MINUS = '\u2212';

/**
 * A language tag as the pages know it (`en`, `pt-BR`, `pt-PT`, or another catalogue's tag), or
 * null. Plain `pt` is Brazilian (most Portuguese-speaking players are); the Portuguese of Africa
 * and Asia (pt-AO, pt-MZ…) follows the European norm. Case and `_` do not matter.
 * @param {unknown} tag
 * @returns {string | null}
 */
export function normalizeLanguage(tag) {
  if (typeof tag !== 'string' || !tag.trim()) return null;
  const [base, region = ''] = tag.trim().toLowerCase().split(/[-_]/);
  const exact = LANGUAGES.find((lang) => lang.toLowerCase() === `${base}${region ? `-${region}` : ''}`);
  if (exact) return exact;
  if (base === 'pt') return region === '' || region === 'br' ? 'pt-BR' : 'pt-PT';
  return LANGUAGES.find((lang) => lang.split('-')[0] === base) ?? null;
}

/** The browser's first language that a catalogue speaks, else English. */
export function browserLanguage() {
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
  for (const tag of wanted) {
    const known = normalizeLanguage(tag);
    if (known) return known;
  }
  return 'en';
}

/** @type {Map<string, Intl.NumberFormat>} */
const numberFormats = new Map();

/**
 * `n` as `lang` writes it: grouped digits, its decimal sign, a true minus sign; `digits` fixes the
 * number of decimals (unset: as many as needed, at most 2).
 * @param {string} lang
 * @param {number} n
 * @param {number} [digits]
 */
export function formatNumber(lang, n, digits) {
  const key = `${lang}|${digits ?? ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    const options = digits === undefined ? { maximumFractionDigits: 2 } : { minimumFractionDigits: digits, maximumFractionDigits: digits };
    format = new Intl.NumberFormat(lang, options);
    numberFormats.set(key, format);
  }
  return format.format(n).replace('-', MINUS);
}

/** The decimal sign of `lang` ("." or ","). @param {string} lang */
export function decimalSign(lang) {
  return formatNumber(lang, 1.5, 1).replace(/\d/g, '');
}

/** Whether `lang`'s words, or English's, have a text for `key`.
 * @param {string} lang
 * @param {string} key */
export function hasText(lang, key) {
  return key in (WORDS[lang] ?? {}) || key in WORDS.en;
}

/**
 * The text of `key` in `lang` (English when the catalogue lacks it), `{name}` filled from
 * `values` (numbers written as `lang` writes them). With a numeric `values.n` and keys `key.one`,
 * `key.other`…, the plural form of `n` in `lang`.
 * @param {string} lang
 * @param {string} key
 * @param {Record<string, unknown>} [values]
 */
export function translate(lang, key, values = {}) {
  const strings = WORDS[lang] ?? WORDS.en;
  const fallback = WORDS.en;
  let text = strings[key] ?? fallback[key];
  if (text === undefined && typeof values.n === 'number') {
    const form = new Intl.PluralRules(lang).select(values.n);
    text = strings[`${key}.${form}`] ?? strings[`${key}.other`] ?? fallback[`${key}.${form === 'one' ? 'one' : 'other'}`];
  }
  if (text === undefined) throw new Error(`no text for '${key}'`);
  return text.replace(/\{(\w+)\}/g, (whole, /** @type {string} */ name) => {
    if (!(name in values)) return whole;
    const value = values[name];
    return typeof value === 'number' ? formatNumber(lang, value) : String(value);
  });
}

/** The words of a score (common/score-text.js) in `lang`.
 * @param {string} lang
 * @returns {import('../common/score-text.js').ScoreWords} */
export function scoreWords(lang) {
  return { black: translate(lang, 'score.black'), white: translate(lang, 'score.white'), even: translate(lang, 'score.even'), decimal: decimalSign(lang) };
}

/** The accessible grid's labels (common/grid.js) in `lang`.
 * @param {string} lang
 * @returns {import('../common/grid.js').GridLabels} */
export function gridLabels(lang) {
  const word = (/** @type {string} */ name) => translate(lang, `grid.${name}`);
  return { board: word('board'), black: word('black'), white: word('white'), empty: word('empty'), legal: word('legal'), reviewBest: word('reviewBest') };
}

/** The engine's messages that a player meets, as the engine writes them (engine-messages.js),
 * fetched with the first catalogue that is not English. @type {[string, RegExp][]} */
let engineMessages = [];

/**
 * `message` of the engine in `lang`: a message the catalogue knows is
 * said in its words, keeping every square, number and quoted text; any other stays as the
 * engine wrote it.
 * @param {unknown} message
 * @param {string} lang
 * @returns {string}
 */
export function engineText(message, lang) {
  const text = String(message);
  if (lang === 'en') return text;
  for (const [id, pattern] of engineMessages) {
    const match = pattern.exec(text);
    if (!match) continue;
    /** @type {Record<string, string>} */
    const values = {};
    match.slice(1).forEach((group, i) => (values[String(i + 1)] = engineText(group, lang)));
    // A language without this page's messages (a catalogue not fetched here) keeps the engine's.
    if (!hasText(lang, `engine.${id}`)) return text;
    return translate(lang, `engine.${id}`, values);
  }
  return text;
}
