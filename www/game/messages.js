// The words of the game page's messages: counted nouns, and excerpts of outside text (shared with
// the embeddable board, www/common/excerpt.js).

export { EXCERPT_CHARS, MESSAGE_CHARS, excerpt, bounded } from '../common/excerpt.js';

/** "1 move", "3 moves": a count and its noun, which takes an s unless the count is 1.
 * @param {number} n
 * @param {string} word */
export function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
