// A finished game's result by the standard rule (www/game/result.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { finalScore, resultSentence } from '../../www/game/result.js';

test('the empty squares go to the winner, and are shared on a draw', () => {
  assert.deepEqual(finalScore(51, 1), { winner: 'black', black: 63, white: 1, empties: 12, margin: 62 });
  assert.deepEqual(finalScore(10, 40), { winner: 'white', black: 10, white: 54, empties: 14, margin: -44 });
  assert.deepEqual(finalScore(30, 30), { winner: 'draw', black: 32, white: 32, empties: 4, margin: 0 });
  assert.deepEqual(finalScore(40, 24), { winner: 'black', black: 40, white: 24, empties: 0, margin: 16 });
});

test('the result sentence names the winner, the final score and the board when they differ', () => {
  assert.equal(resultSentence(40, 24), 'Black wins 40–24');
  const withEmpties = resultSentence(1, 51);
  assert.match(withEmpties, /^White wins 63–1 \(51–1 .*12.*\)$/);
  assert.match(resultSentence(32, 32), /^.*32–32/);
});
