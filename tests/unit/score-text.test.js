// Scores as players read them: one form everywhere (www/common/score-text.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { forBlack, signedDiscs, sideScore, lossText } from '../../www/common/score-text.js';

const PT = { black: 'Pretas', white: 'Brancas', even: 'Igual', decimal: ',' };

test('a score for the side to move turns into discs for Black, a draw staying +0', () => {
  assert.equal(forBlack(3, 'black'), 3);
  assert.equal(forBlack(3, 'white'), -3);
  assert.ok(Object.is(forBlack(0, 'white'), 0), 'no −0');
});

test('exact scores are whole numbers, estimates have one decimal, minus is a true minus sign', () => {
  assert.equal(signedDiscs(4, true), '+4');
  assert.equal(signedDiscs(-2.5, false), '−2.5');
  assert.equal(signedDiscs(0.04, false), '0.0');
  assert.equal(signedDiscs(0, true), '0');
  assert.equal(signedDiscs(-1.5, false, PT), '−1,5');
});

test('the side ahead and by how much, in each language', () => {
  assert.equal(sideScore(2.4, false), 'Black +2.4');
  assert.equal(sideScore(-6, true), 'White +6');
  assert.equal(sideScore(0, true), 'Even 0');
  assert.equal(sideScore(-0.01, false), 'Even 0.0');
  assert.equal(sideScore(-3.5, false, PT), 'Brancas +3,5');
  assert.equal(lossText(1.44, false), '1.4');
  assert.equal(lossText(2, true, PT), '2');
});
