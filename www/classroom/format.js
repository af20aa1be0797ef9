// How values, bounds and players are written everywhere on the page (tree, narration, tables):
// negative numbers with a true minus sign (U+2212), as in print: "−23", never "-23".

import { t, MINUS, minusSigns } from './language.js';

export { MINUS, minusSigns };

/** @typedef {import('../pkg/classroom/reversi.js').LessonValue} LessonValue */
/** @typedef {import('../pkg/classroom/reversi.js').LessonPlayer} LessonPlayer */
/** @typedef {import('../pkg/classroom/reversi.js').SearchWindow} SearchWindow */

/** A number as the page shows it: `-23` → `−23`.
 * @param {number} n */
export function formatNumber(n) {
  return n < 0 ? `${MINUS}${-n}` : String(n);
}

/** 4, −3, or (1, 2, 6) for a max^n vector; '' for none.
 * @param {LessonValue | null | undefined} value */
export function formatValue(value) {
  if (Array.isArray(value)) return `(${value.map(formatNumber).join(', ')})`;
  if (value === null || value === undefined) return '';
  return formatNumber(value);
}

/** A bound: the engine writes ±∞ as null; `infinity` says which one a null stands for here.
 * @param {number | null | undefined} value
 * @param {string} infinity */
export function formatBound(value, infinity) {
  if (value === null || value === undefined) return infinity;
  return formatNumber(value);
}

/** The bounds a node carries, in the algorithm's own terms, or null when it has none.
 * @param {string} kind 'alphabeta', 'limits' or 'none'
 * @param {SearchWindow} holder an event or a node's state
 * @returns {{alpha: string, beta: string} | {use: string, pass: string} | null} */
export function boundsText(kind, holder) {
  if (kind === 'alphabeta' && 'alpha' in holder) {
    return { alpha: formatBound(holder.alpha, '−∞'), beta: formatBound(holder.beta, '+∞') };
  }
  // MINIMAX-A-B starts with Usar-Limite = +∞ (the best the side to move could hope for) and
  // Passar-Limite = −∞ (nothing found yet); each ply swaps and negates them, so null keeps that meaning.
  if (kind === 'limits' && 'useLimit' in holder) {
    return { use: formatBound(holder.useLimit, '+∞'), pass: formatBound(holder.passLimit, '−∞') };
  }
  return null;
}

/** The two bounds as written on the tree and with the counters: `α −∞` and `β 4`, or (the
 * limits of MINIMAX-A-B) `P 4` and `U +∞`.
 * @param {NonNullable<ReturnType<typeof boundsText>>} bounds */
export function boundsLabels(bounds) {
  return 'alpha' in bounds ? [`α ${bounds.alpha}`, `β ${bounds.beta}`] : [`P ${bounds.pass}`, `U ${bounds.use}`];
}

/** MAX, MIN, or "Player 2" (max^n); `short` gives "P2" / "J2" for the tree's level labels.
 * @param {LessonPlayer} player
 * @param {boolean} [short] */
export function playerName(player, short = false) {
  if (player === 'MAX' || player === 'MIN') return t(`player.${player}`);
  return t(short ? 'player.short' : 'player.n', { n: player });
}

/**
 * A number with what it is (the engine's `bound`): "25" when exact (or not said), "≥ 25" for a
 * lower bound (the search failed high: the value is at least this), "≤ −23" for an upper bound.
 * @param {LessonValue | null | undefined} value
 * @param {string | null | undefined} bound
 */
export function formatBounded(value, bound) {
  const text = formatValue(value);
  if (text === '') return text;
  if (bound === 'lower') return `≥ ${text}`;
  if (bound === 'upper') return `≤ ${text}`;
  return text;
}
