// A finished game's result, in one form wherever the page says it (the turn line at the end, the
// review's last position, the game library): the standard rule gives the empty squares left at
// the end to the winner (shared on a draw), so that the margin is the one the review and a GGF
// record's RE give.

import { opponentOf } from '../common/squares.js';
import { t, sideName } from '../i18n/page.js';

/** @typedef {import('../pkg/reversi.js').Side} Side */

/** The words of a result, in the page's language (www/i18n/game/). */
export const text = {
  /** @param {string} winner @param {number} high @param {number} low */
  wins: (winner, high, low) => t('result.wins', { side: winner, high, low }),
  /** @param {number} black @param {number} white */
  draw: (black, white) => t('result.draw', { black, white }),
  /** @param {number} high @param {number} low @param {number} empties */
  emptiesToWinner: (high, low, empties) => t('result.emptiesToWinner', { high, low, n: empties }),
  /** @param {number} black @param {number} white @param {number} empties */
  emptiesShared: (black, white, empties) => t('result.emptiesShared', { black, white, n: empties }),
  /** @param {string} flagged @param {string} winner */
  onTime: (flagged, winner) => t('result.onTime', { side: flagged, other: winner }),
  /** @param {string} result */
  gameOver: (result) => t('result.gameOver', { result }),
};

/**
 * The final score by the standard rule from the discs on the board: the winner takes the empty
 * squares (a draw shares them). `margin` is Black's final score less White's.
 * @param {number} black Black's discs on the board
 * @param {number} white White's discs on the board
 * @returns {{winner: Side | 'draw', black: number, white: number, empties: number, margin: number}}
 */
export function finalScore(black, white) {
  const empties = Math.max(0, 64 - black - white);
  if (black === white) return { winner: 'draw', black: black + empties / 2, white: white + empties / 2, empties, margin: 0 };
  const winner = black > white ? 'black' : 'white';
  const final = winner === 'black' ? { black: black + empties, white } : { black, white: white + empties };
  return { winner, ...final, empties, margin: final.black - final.white };
}

/**
 * "White wins 63–1 (51–1 on the board; the 12 empty squares go to the winner)", "Black wins
 * 40–24", "a draw, 32–32": the result of a game over on the board, from the discs on it.
 * @param {number} black
 * @param {number} white
 */
export function resultSentence(black, white) {
  const score = finalScore(black, white);
  if (score.winner === 'draw') {
    const head = text.draw(score.black, score.white);
    return score.empties ? `${head} (${text.emptiesShared(black, white, score.empties)})` : head;
  }
  const [high, low] = score.winner === 'black' ? [score.black, score.white] : [score.white, score.black];
  const head = text.wins(sideName(score.winner), high, low);
  if (!score.empties) return head;
  const [boardHigh, boardLow] = score.winner === 'black' ? [black, white] : [white, black];
  return `${head} (${text.emptiesToWinner(boardHigh, boardLow, score.empties)})`;
}

/** The result of a game lost on time: "Black ran out of time — White wins on time".
 * @param {Side} flagged */
export function onTimeSentence(flagged) {
  return text.onTime(sideName(flagged), sideName(opponentOf(flagged)));
}
