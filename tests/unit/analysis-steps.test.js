// The live analysis's steps and its bar (www/game/live-analysis.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analysisSteps, blackShare, ANALYSIS_DEPTHS } from '../../www/game/live-analysis.js';

test('a midgame deepens to the last depth; an endgame deepens, then solves exactly', () => {
  const mid = analysisSteps(40);
  assert.equal(mid[0].depth, ANALYSIS_DEPTHS.firstDepth);
  assert.equal(mid.at(-1)?.depth, ANALYSIS_DEPTHS.maxDepth);
  assert.ok(mid.every((step, i) => i === 0 || step.depth === mid[i - 1].depth + 1), 'one depth at a time');
  const end = analysisSteps(ANALYSIS_DEPTHS.exactFrom);
  const last = end.at(-1);
  assert.ok(last && 'exactFromEmpties' in last, 'the last step solves');
  assert.equal(end.at(-2)?.depth, ANALYSIS_DEPTHS.depthBeforeExact);
  // Near the end there is nothing to deepen before the solve.
  assert.equal(analysisSteps(2).filter((s) => !('exactFromEmpties' in s)).length, 0);
});

test('the bar is even at 0, three quarters near +10, nearly whole beyond +32', () => {
  assert.equal(blackShare(0), 50);
  assert.ok(Math.abs(blackShare(10) - 73) < 1.5);
  assert.ok(blackShare(-40) < 3);
  assert.equal(Math.round(blackShare(7) + blackShare(-7)), 100);
});
