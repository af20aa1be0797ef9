// The live analysis's options and its bar (www/game/live-analysis.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analysisOptions, blackShare, certaintyText, ANALYSIS_DEPTHS } from '../../www/game/live-analysis.js';

test('a midgame is analysed selectively to the end; an endgame in reach is solved', () => {
  const mid = analysisOptions(40);
  assert.equal(mid.level, 9, "the AI's own selective search");
  assert.equal(mid.depth, ANALYSIS_DEPTHS.maxDepth);
  assert.equal(mid.book, false);
  assert.ok(!('exactFromEmpties' in mid) && !('timeMs' in mid), 'no solve, no time limit');
  assert.equal(analysisOptions(ANALYSIS_DEPTHS.exactFrom).exactFromEmpties, ANALYSIS_DEPTHS.exactFrom);
  assert.ok(!('exactFromEmpties' in analysisOptions(ANALYSIS_DEPTHS.exactFrom + 1)));
});

test('a step says how sure it is', () => {
  assert.equal(certaintyText({ kind: 'depth', depth: 19, percent: 93 }, 46), 'depth 19 @ 93%');
  assert.equal(certaintyText({ kind: 'depth', depth: 6, percent: null }, 46), 'depth 6');
  assert.equal(certaintyText({ kind: 'exact' }, 14), 'exact: solved to the end');
  assert.match(certaintyText({ kind: 'outcome' }, 14), /outcome/);
});

test('the bar is even at 0, three quarters near +10, nearly whole beyond +32', () => {
  assert.equal(blackShare(0), 50);
  assert.ok(Math.abs(blackShare(10) - 73) < 1.5);
  assert.ok(blackShare(-40) < 3);
  assert.equal(Math.round(blackShare(7) + blackShare(-7)), 100);
});
