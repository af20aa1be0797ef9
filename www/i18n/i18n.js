// The words of the game page, the <othello-board> element and its iframe in every language they
// speak: one catalogue a language (en.js, pt-BR.js, pt-PT.js beside this file), a text by key with
// {name} placeholders, and plural forms as `key.one` / `key.other` (chosen by Intl.PluralRules).
// Numbers are written as the language writes them (Intl.NumberFormat: "1,234.5" / "1.234,5"),
// with a true minus sign. A key missing in a catalogue falls back to English. Only English is
// part of the first load: another catalogue is fetched when it is wanted (loadLanguage), so that
// a board on someone's page carries one language, not all of them.
//
// Adding a language: one more catalogue file, named in LANGUAGE_NAMES below (docs/architecture.md,
// "Languages").

import en from './en.js';

/** A language's catalogue: its name in itself (the language menu), and its texts by key.
 * @typedef {{name: string, strings: Record<string, string>}} Catalogue */

/** Every language spoken, by tag (its catalogue is ./<tag>.js), with its name in itself for the
 * language menu; English first, the fallback. */
export const LANGUAGE_NAMES = { en: 'English', 'pt-BR': 'Português (Brasil)', 'pt-PT': 'Português (Portugal)' };

/** The language tags spoken, English first. */
export const LANGUAGES = Object.keys(LANGUAGE_NAMES);

/** The catalogues loaded so far, by tag. @type {Record<string, Catalogue>} */
const CATALOGUES = { en };
/** @type {Map<string, Promise<void>>} */
const loading = new Map();

/** Whether `lang`'s catalogue is here (translate falls back to English until it is).
 * @param {string} lang */
export function isLoaded(lang) {
  return lang in CATALOGUES;
}

/** Fetches `lang`'s catalogue once (a tag of LANGUAGES); rejects when it cannot be had, and a
 * later call tries again.
 * @param {string} lang */
export function loadLanguage(lang) {
  if (isLoaded(lang) || !LANGUAGES.includes(lang)) return Promise.resolve();
  let promise = loading.get(lang);
  if (!promise) {
    promise = import(`./${lang}.js`).then(
      (module) => {
        CATALOGUES[lang] = /** @type {Catalogue} */ (module.default);
      },
      (error) => {
        loading.delete(lang);
        throw error;
      },
    );
    loading.set(lang, promise);
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

/**
 * The text of `key` in `lang` (English when the catalogue lacks it), `{name}` filled from
 * `values` (numbers written as `lang` writes them). With a numeric `values.n` and keys `key.one`,
 * `key.other`…, the plural form of `n` in `lang`.
 * @param {string} lang
 * @param {string} key
 * @param {Record<string, unknown>} [values]
 */
export function translate(lang, key, values = {}) {
  const strings = (CATALOGUES[lang] ?? CATALOGUES.en).strings;
  const fallback = CATALOGUES.en.strings;
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

/** The language of the page (the game page's choice; the element has its own). */
let current = 'en';

/** The page's language. */
export function language() {
  return current;
}

/** Sets the page's language (a tag that no catalogue speaks is English) and the document's lang.
 * @param {string} lang */
export function setLanguage(lang) {
  current = normalizeLanguage(lang) ?? 'en';
  document.documentElement.lang = current;
  return current;
}

/** The text of `key` in the page's language (see translate).
 * @param {string} key
 * @param {Record<string, unknown>} [values] */
export function t(key, values) {
  return translate(current, key, values);
}

/** `n` as the page's language writes it (see formatNumber).
 * @param {number} n
 * @param {number} [digits] */
export function num(n, digits) {
  return formatNumber(current, n, digits);
}

/** The words of a score (common/score-text.js) in `lang`.
 * @param {string} [lang]
 * @returns {import('../common/score-text.js').ScoreWords} */
export function scoreWords(lang = current) {
  return { black: translate(lang, 'score.black'), white: translate(lang, 'score.white'), even: translate(lang, 'score.even'), decimal: decimalSign(lang) };
}

/** A side's name in `lang`, capitalised ("Black", "Pretas").
 * @param {'black' | 'white'} side
 * @param {string} [lang] */
export function sideName(side, lang = current) {
  return translate(lang, `side.${side}`);
}

/**
 * Fills every element under `root` marked data-i18n (its text), data-i18n-title,
 * data-i18n-aria-label or data-i18n-placeholder (that attribute) with its key's text.
 * @param {ParentNode} root
 * @param {string} [lang]
 */
export function translateStatic(root, lang = current) {
  for (const element of root.querySelectorAll('[data-i18n]')) {
    element.textContent = translate(lang, /** @type {string} */ (/** @type {HTMLElement} */ (element).dataset.i18n));
  }
  for (const [attribute, dataKey] of [['title', 'i18nTitle'], ['aria-label', 'i18nAriaLabel'], ['placeholder', 'i18nPlaceholder']]) {
    for (const element of root.querySelectorAll(`[data-i18n-${attribute}]`)) {
      element.setAttribute(attribute, translate(lang, /** @type {string} */ (/** @type {HTMLElement} */ (element).dataset[dataKey])));
    }
  }
}

/** The accessible grid's labels (common/grid.js) in `lang`.
 * @param {string} [lang]
 * @returns {import('../common/grid.js').GridLabels} */
export function gridLabels(lang = current) {
  const word = (/** @type {string} */ name) => translate(lang, `grid.${name}`);
  return { board: word('board'), black: word('black'), white: word('white'), empty: word('empty'), legal: word('legal'), reviewBest: word('reviewBest') };
}

/**
 * The engine's messages that a player meets (an illegal move, a paste that reads as no game),
 * by the English the engine writes: each has a key `engine.<id>` in the catalogues, its groups
 * as {1}, {2}… (a group that is itself such a message is translated too).
 * @type {[string, RegExp][]}
 */
const ENGINE_MESSAGES = [
  ['occupied', /^illegal move (\S+): the square is occupied$/],
  ['noFlip', /^illegal move (\S+): it flips no disc$/],
  ['mustPass', /^illegal move (\S+): the side to move has no legal move and must pass$/],
  ['cannotPass', /^cannot pass: legal moves exist \((.+)\)$/],
  ['gameOver', /^the game is over: neither side can move$/],
  ['notSquare', /^'(.*)' is not a square \(expected a1 … h8\)$/],
  ['transcriptSquare', /^transcript: '(.*)' at character (\d+) is not a square$/],
  ['transcriptIllegal', /^transcript: move (\d+) '(\S+)' at character (\d+) is illegal \((.+)\)$/],
  ['boardShort', /^board: only (\d+) squares given, 64 are needed \(X\/x\/\* black, O\/o white, -\/\. empty\)$/],
  ['boardSquare', /^board: (.+) at character (\d+) is not a square \(X\/x\/\* black, O\/o white, -\/\. empty\)$/],
  ['boardSide', /^board: the side to move \(X or O\) is missing after the 64 squares$/],
  ['boardBadSide', /^board: side to move '(.*)' at character (\d+) is not X or O$/],
  ['ggf', /^GGF, line (\d+), column (\d+): (.+)$/s],
];

/**
 * `message` of the engine in `lang` (the page's by default): a message the catalogue knows is
 * said in its words, keeping every square, number and quoted text; any other stays as the
 * engine wrote it.
 * @param {unknown} message
 * @param {string} [lang]
 * @returns {string}
 */
export function engineText(message, lang = current) {
  const text = String(message);
  if (lang === 'en') return text;
  for (const [id, pattern] of ENGINE_MESSAGES) {
    const match = pattern.exec(text);
    if (!match) continue;
    /** @type {Record<string, string>} */
    const values = {};
    match.slice(1).forEach((group, i) => (values[String(i + 1)] = engineText(group, lang)));
    return translate(lang, `engine.${id}`, values);
  }
  return text;
}
