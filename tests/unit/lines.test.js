// The lines tree (www/game/lines.js) with lines tried after the main line's last move: an
// analysis line played from the game's latest position is a variation, the game's own moves
// played there go on with the main line, and the tree is saved and read back as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Lines, movesOf } from '../../www/game/lines.js';

test('a line tried after the main line ends is a variation from its last position', () => {
  const lines = Lines.fromTranscripts(['f5d6c3']);
  lines.addVariation(movesOf('f5d6c3d3c4'));
  assert.equal(lines.mainEnd, 3);
  assert.deepEqual(lines.mainLine(), ['f5', 'd6', 'c3']);
  assert.equal(lines.isMain(['f5', 'd6', 'c3']), true);
  assert.equal(lines.isMain(['f5', 'd6', 'c3', 'd3']), false);
  assert.equal(lines.isMainEnd(['f5', 'd6', 'c3']), true);
  assert.equal(lines.isMainEnd(['f5', 'd6']), false);
  // Shown from the main line, nothing of it is replayed as the game's (no redo line).
  assert.deepEqual(lines.continuation(['f5', 'd6']), ['f5', 'd6', 'c3']);
  assert.deepEqual(lines.continuation(['f5', 'd6', 'c3', 'd3']), ['f5', 'd6', 'c3', 'd3', 'c4']);
  assert.deepEqual(lines.variationOf(['f5', 'd6', 'c3', 'd3', 'c4']), ['f5', 'd6', 'c3', 'd3']);
  assert.equal(lines.variationOf(['f5', 'd6', 'c3']), null);
  assert.equal(lines.variationCount(), 1);
  // Saved as the main line first, then the variation; read back the same.
  assert.deepEqual(lines.transcripts(), ['f5d6c3', 'f5d6c3d3c4']);
  const back = Lines.fromTranscripts(lines.transcripts());
  assert.equal(back.mainEnd, 3);
  assert.deepEqual(back.transcripts(), lines.transcripts());
  // A second line from there, and a line already there, add nothing else.
  lines.addVariation(movesOf('f5d6c3f4'));
  lines.addVariation(movesOf('f5d6c3d3'));
  assert.deepEqual(lines.transcripts(), ['f5d6c3', 'f5d6c3d3c4', 'f5d6c3f4']);
  assert.equal(lines.variationCount(), 2);
});

test('a move of the game played after the main line\'s end goes on with the main line', () => {
  const lines = Lines.fromTranscripts(['f5d6c3']);
  lines.addVariation(movesOf('f5d6c3d3c4'));
  // Another move than the variation's: the game's, first; the variation stays.
  lines.extendMain(movesOf('f5d6c3f4'));
  assert.deepEqual(lines.mainLine(), ['f5', 'd6', 'c3', 'f4']);
  assert.equal(lines.mainEnd, null);
  assert.deepEqual(lines.variationOf(['f5', 'd6', 'c3', 'd3']), ['f5', 'd6', 'c3', 'd3']);
  assert.deepEqual(lines.transcripts(), ['f5d6c3f4', 'f5d6c3d3c4']);
  // The variation's own first move played as the game's: the game goes on by one move, and the
  // rest of the variation stays a variation from there.
  const again = Lines.fromTranscripts(['f5d6c3']);
  again.addVariation(movesOf('f5d6c3d3c4'));
  again.extendMain(movesOf('f5d6c3d3'));
  assert.deepEqual(again.mainLine(), ['f5', 'd6', 'c3', 'd3']);
  assert.equal(again.mainEnd, 4);
  assert.equal(again.isMain(['f5', 'd6', 'c3', 'd3', 'c4']), false);
});

test('after the main line\'s end: made the main line, or deleted', () => {
  const promoted = Lines.fromTranscripts(['f5d6c3']);
  promoted.addVariation(movesOf('f5d6c3d3c4'));
  promoted.promote(movesOf('f5d6c3d3c4'));
  assert.equal(promoted.mainEnd, null);
  assert.deepEqual(promoted.mainLine(), movesOf('f5d6c3d3c4'));
  assert.equal(promoted.variationCount(), 0);
  // Promoting a line of the main line changes nothing.
  const kept = Lines.fromTranscripts(['f5d6c3']);
  kept.addVariation(movesOf('f5d6c3d3'));
  kept.promote(movesOf('f5d6'));
  assert.equal(kept.mainEnd, 3);
  // Deleted: the main line ends where it did, as any line.
  assert.deepEqual(kept.remove(movesOf('f5d6c3d3')), movesOf('f5d6c3'));
  assert.equal(kept.mainEnd, null);
  assert.deepEqual(kept.transcripts(), ['f5d6c3']);
  assert.equal(kept.variationCount(), 0);
});

test('from the start: a line tried before any move of the game', () => {
  const lines = new Lines();
  lines.addVariation(movesOf('f5d6'));
  assert.equal(lines.mainEnd, 0);
  assert.deepEqual(lines.mainLine(), []);
  assert.deepEqual(lines.transcripts(), ['', 'f5d6']);
  assert.equal(Lines.fromTranscripts(lines.transcripts()).mainEnd, 0);
  // Where the main line goes on, a line is a variation as it always was.
  const played = Lines.fromTranscripts(['f5d6c3']);
  played.addVariation(movesOf('f5f6'));
  assert.equal(played.mainEnd, null);
  assert.deepEqual(played.transcripts(), ['f5d6c3', 'f5f6']);
});
