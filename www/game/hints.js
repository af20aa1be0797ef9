// Hints: every legal move's score for the player to move (the live analysis's search, to the
// strength's depth in its time: turns.js), drawn on the board as the mover's discs ("+2.4") with
// the best move marked.

import { t, scoreWords } from '../i18n/page.js';
import { signedDiscs } from '../common/score-text.js';
import { squareIndex } from '../common/squares.js';
import { searchScore } from './thinking.js';

/** @typedef {import('../pkg/reversi.js').Hint} Hint */
/** @typedef {import('../pkg/reversi.js').Side} Side */

/**
 * A hint as the board draws it: the square, its text, its label for screen readers, and whether it
 * is the best move, an exact score, a book move.
 * @typedef {{square: number, text: string, label: string, best: boolean, exact: boolean, book: boolean}} HintMark
 */

/**
 * The board's marks for `hints` (best first, unknown ones last: the best is the first known
 * score; a move without a score is never the best, whatever the others are). The square shows the
 * mover's discs ("+2.4": what the move is worth to the player), the label the same score with its
 * side.
 * @param {Hint[]} hints
 * @param {Side} side the side to move
 * @returns {HintMark[]}
 */
export function hintMarks(hints, side) {
  const firstKnown = hints.find((h) => !h.unknown);
  return hints.map((h) => {
    const known = !h.unknown;
    return {
      square: squareIndex(h.move),
      text: known && h.discs !== null ? signedDiscs(h.discs, h.exact, scoreWords()) : '?',
      label: known ? t(h.book ? 'score.hintBook' : 'score.hint', { score: searchScore(h, side) }) : t('score.unknown'),
      best: known && h === firstKnown,
      exact: h.exact,
      book: Boolean(h.book),
    };
  });
}
