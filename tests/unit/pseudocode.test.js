// The classroom's pseudocode listings (www/classroom/pseudocode.js): PVS's calls pass their
// windows in the page's (Use-Thresh, Pass-Thresh) order, as MINIMAX-A-B's recursive call does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listing } from '../../www/classroom/pseudocode.js';

test("PVS's null window and re-search pass (−Pass-Thresh, …) first, as MINIMAX-A-B's call", () => {
  const lines = listing(/** @type {any} */ ({ algorithm: 'pvs', result: {} }));
  const text = (id) => lines.find((line) => line.id === id)?.text ?? '';
  assert.match(text('head'), /Use-Thresh, Pass-Thresh\)$/);
  assert.match(text('3'), /−PVS\(SUCC, …, −Pass-Thresh, −Use-Thresh\)/);
  // The null window (Pass-Thresh, Pass-Thresh + 1) seen from the child: Use = −Pass, Pass = −(Pass + 1).
  assert.match(text('4a'), /−PVS\(SUCC, …, −Pass-Thresh, −\(Pass-Thresh \+ 1\)\)/);
  assert.match(text('4b'), /−PVS\(SUCC, …, −Pass-Thresh, −Use-Thresh\)   re-search/);
});
