// Scores as players read them, in one form everywhere (hints, the thinking line, the review's
// table, sentence and graph, the evaluation panel): discs, and the side they favour.
//
// An exact score (perfect play to the end) is a whole number of discs: "Black +4". An estimate
// always has one decimal: "Black +4.0". So the two never look alike, without a symbol.

/** Discs for Black from discs for `side` (the side to move, say). `0 - x` keeps a draw at +0. */
export function forBlack(discs, side) {
  return side === 'black' ? discs : 0 - discs;
}

/** The number alone, signed, with a true minus sign: "+4", "−2.5", "0.0". */
export function signedDiscs(discs, exact) {
  const magnitude = exact ? String(Math.abs(Math.round(discs))) : Math.abs(discs).toFixed(1);
  if (Number(magnitude) === 0) return magnitude;
  return `${discs > 0 ? '+' : '−'}${magnitude}`;
}

/**
 * "Black +2.4", "White +6", "Even 0" (exact: a draw), "Even 0.0": the side ahead and by how many
 * discs, from a score in discs for Black.
 */
export function sideScore(discsForBlack, exact) {
  const magnitude = exact ? Math.abs(Math.round(discsForBlack)) : Math.abs(discsForBlack);
  const shown = exact ? String(magnitude) : magnitude.toFixed(1);
  if (Number(shown) === 0) return `Even ${shown}`;
  return `${discsForBlack > 0 ? 'Black' : 'White'} +${shown}`;
}

/** A loss in discs, unsigned: "2" (exact), "1.4" (estimate). */
export function lossText(discs, exact) {
  return exact ? String(Math.abs(Math.round(discs))) : Math.abs(discs).toFixed(1);
}
