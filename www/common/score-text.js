// Scores as players read them, in one form everywhere (hints, the thinking line, the review's
// table, sentence and graph, the evaluation panel): discs, and the side they favour.
//
// An exact score (perfect play to the end) is a whole number of discs: "Black +4". An estimate
// always has one decimal: "Black +4.0". So the two never look alike, without a symbol.

/** Discs for Black from discs for `side` (the side to move, say). `0 - x` keeps a draw at +0.
 * @param {number} discs
 * @param {'black' | 'white'} side */
export function forBlack(discs, side) {
  return side === 'black' ? discs : 0 - discs;
}

/** The words of a score, in one language.
 * @typedef {{black: string, white: string, even: string, decimal: string}} ScoreWords */

/** The words of a score in English; another language passes its own (the embeddable board's
 * Portuguese, say). @type {ScoreWords} */
export const ENGLISH_SCORE_WORDS = { black: 'Black', white: 'White', even: 'Even', decimal: '.' };

/** @param {number} discs
 * @param {boolean} exact
 * @param {ScoreWords} words */
function magnitudeText(discs, exact, words) {
  const text = exact ? String(Math.abs(Math.round(discs))) : Math.abs(discs).toFixed(1);
  return words.decimal === '.' ? text : text.replace('.', words.decimal);
}

/** The number alone, signed, with a true minus sign: "+4", "−2.5", "0.0".
 * @param {number} discs
 * @param {boolean} exact
 * @param {ScoreWords} [words] */
export function signedDiscs(discs, exact, words = ENGLISH_SCORE_WORDS) {
  const magnitude = magnitudeText(discs, exact, words);
  if (/^0([.,]0)?$/.test(magnitude)) return magnitude;
  return `${discs > 0 ? '+' : '−'}${magnitude}`;
}

/**
 * "Black +2.4", "White +6", "Even 0" (exact: a draw), "Even 0.0": the side ahead and by how many
 * discs, from a score in discs for Black.
 * @param {number} discsForBlack
 * @param {boolean} exact
 * @param {ScoreWords} [words]
 */
export function sideScore(discsForBlack, exact, words = ENGLISH_SCORE_WORDS) {
  const shown = magnitudeText(discsForBlack, exact, words);
  if (/^0([.,]0)?$/.test(shown)) return `${words.even} ${shown}`;
  return `${discsForBlack > 0 ? words.black : words.white} +${shown}`;
}

/** A loss in discs, unsigned: "2" (exact), "1.4" (estimate).
 * @param {number} discs
 * @param {boolean} exact
 * @param {ScoreWords} [words] */
export function lossText(discs, exact, words = ENGLISH_SCORE_WORDS) {
  return magnitudeText(discs, exact, words);
}
