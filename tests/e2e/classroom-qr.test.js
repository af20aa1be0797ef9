// The classroom's QR encoder (www/classroom/qr.js) against known codes: for every version 1 to 40
// at level M, a text that fills it and one that needs pad codewords, each compared module by
// module (by SHA-256) with the code segno, a reference encoder, makes with the same mask
// (fixtures/qr/make-fixtures.py). The page's drawing of an exercise link is checked in
// classroom-exercise.test.js.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { encodeQr, penaltyScore, capacity } from '../../www/classroom/qr.js';

const fixtures = JSON.parse(readFileSync(new URL('./fixtures/qr/codes.json', import.meta.url), 'utf8'));
const { alphabet } = fixtures;

/** The fixture generator's text (make-fixtures.py). */
function text(length, seed) {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[(i * 7 + seed * 13 + ((i * i) % 11)) % alphabet.length];
  return out;
}

const rowsOf = (modules) => modules.map((row) => row.map((dark) => (dark ? '1' : '0')).join('')).join('\n');

test('every version 1–40 at level M, module for module as the reference encoder makes it', () => {
  assert.equal(fixtures.codes.length, 80);
  for (const code of fixtures.codes) {
    const qr = encodeQr(text(code.length, code.seed), { mask: code.mask });
    assert.equal(qr.version, code.version, `${code.length} bytes`);
    assert.equal(qr.size, code.version * 4 + 17);
    const sha = createHash('sha256').update(rowsOf(qr.modules)).digest('hex');
    assert.equal(sha, code.sha256, `version ${code.version}, ${code.length} bytes, mask ${code.mask}`);
  }
});

test('the mask chosen has the least penalty of the eight, and a text too long is refused', () => {
  for (const length of [20, 120, 400]) {
    const t = text(length, 3);
    const chosen = encodeQr(t);
    const penalties = [0, 1, 2, 3, 4, 5, 6, 7].map((mask) => penaltyScore(encodeQr(t, { mask }).modules));
    assert.equal(penaltyScore(chosen.modules), Math.min(...penalties), `${length}: ${penalties}`);
    assert.equal(chosen.mask, penalties.indexOf(Math.min(...penalties)));
  }
  assert.equal(capacity('M'), 2331);
  assert.throws(() => encodeQr('x'.repeat(2332)), /at most 2331 bytes; this text has 2332/);
});
