// The course engine's sentences in a language: the grading's hints and explanations
// (checkExercise's ExerciseSentence) and the reasons of cut-offs (a CutoffReason), each named by
// the engine as a key with its arguments; the catalogues word them (`grading.<key>` and
// `reason.<key>` in www/i18n/classroom/<tag>.js). No DOM: a test words them in Node too.

import { translate, hasText } from '../i18n/i18n.js';

/** @typedef {import('../pkg/classroom/reversi.js').ExerciseSentence} ExerciseSentence */
/** @typedef {import('../pkg/classroom/reversi.js').ExerciseArgument} ExerciseArgument */
/** @typedef {import('../pkg/classroom/reversi.js').CutoffReason} CutoffReason */

/**
 * `sentence` in `lang`: its text with each argument put in, then its note.
 * @param {ExerciseSentence} sentence
 * @param {string} lang
 * @returns {string}
 */
export function sentenceText(sentence, lang) {
  /** @type {Record<string, string>} */
  const values = {};
  for (const [name, argument] of Object.entries(sentence.args)) values[name] = argumentText(argument, lang);
  const text = translate(lang, `grading.${sentence.key}`, values);
  return sentence.note ? text + sentenceText(sentence.note, lang) : text;
}

/**
 * An argument in `lang`.
 * @param {ExerciseArgument} argument
 * @param {string} lang
 * @returns {string}
 */
function argumentText(argument, lang) {
  if (typeof argument === 'string') return argument;
  if ('list' in argument) return listText(argument.list, lang);
  if ('ordinal' in argument) return ordinalText(argument.ordinal, lang);
  if ('reason' in argument) return reasonText(argument.reason, lang);
  return sentenceText(argument, lang);
}

/**
 * Why a cut-off happened, in `lang`: the children it skips named (the first few, then how many
 * more), "is" or "are" skipped as their number asks.
 * @param {CutoffReason} reason
 * @param {string} lang
 * @returns {string}
 */
export function reasonText(reason, lang) {
  if (reason.key === 'none') return '';
  const names = [...reason.skipped];
  if (reason.count > names.length) names.push(translate(lang, 'reason.more', { n: String(reason.count - names.length) }));
  return translate(lang, `reason.${reason.key}`, { ...reason.args, skipped: listText(names, lang), n: reason.count });
}

/** "a", "a and b", "a, b and c" as `lang` lists them.
 * @param {string[]} items
 * @param {string} lang */
export function listText(items, lang) {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${translate(lang, 'list.and')} ${items[items.length - 1]}`;
}

/** `k` as an ordinal in `lang` (1st, 2nd, 11th; 1º): the catalogue's form for the language's
 * ordinal rule (Intl.PluralRules).
 * @param {number} k
 * @param {string} lang */
export function ordinalText(k, lang) {
  const form = new Intl.PluralRules(lang, { type: 'ordinal' }).select(k);
  const key = `grading.ordinal.${form}`;
  return translate(lang, hasText(lang, key) ? key : 'grading.ordinal.other', { n: String(k) });
}
