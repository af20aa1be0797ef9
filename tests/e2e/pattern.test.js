// The trained pattern evaluation on the page: its weights load in the AI worker after the board is
// up, the evaluation panel switches between the course's evaluation and the pattern one, and a
// missing or damaged weights file is said in a notice while the game plays on with the course's
// evaluation. The weights requests are intercepted (held back, answered 404, or damaged) by the
// browser context's routing, which sees the worker's fetch.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServerAndBrowser, openPage, waitReady, text, legalSquares, repoRoot } from './helpers.js';

const { server, browser } = await startServerAndBrowser();

const WEIGHTS = '**/weights/pattern.bin';

/** Waits until the status line under the evaluation switch contains `fragment`. */
async function waitWeightsStatus(page, fragment) {
  await page.waitForFunction(
    (f) => document.querySelector('[data-testid="weights-status"]').textContent.includes(f),
    fragment,
    { timeout: 20_000 },
  );
}

/** Plays f5 as Black against the AI (White) and waits for the AI's answer. */
async function playAgainstAi(page) {
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="moves"]').textContent.length >= 4, null, {
    timeout: 30_000,
  });
  return text(page, 'moves');
}

test('the weights arrive after the board is up; the panel shows the pattern evaluation; level 6 plays with it', async () => {
  const { page, context, errors } = await openPage(browser);
  // Hold the weights back until the page is playable: it must not wait for them.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await context.route(WEIGHTS, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(server.url + '?black=human&white=ai&level=6');
  await waitReady(page);
  assert.deepEqual((await legalSquares(page)).sort(), ['c4', 'd3', 'e6', 'f5']);
  await page.click('#evaluation summary');
  await waitWeightsStatus(page, 'loading');
  assert.equal(await page.isDisabled('[data-testid="evaluation-pattern"]'), true);
  release();
  await waitWeightsStatus(page, 'weights loaded');
  assert.equal(await page.locator('[data-testid="notice"]').count(), 0);

  await page.check('[data-testid="evaluation-pattern"]');
  await page.waitForFunction(() => document.querySelector('#evaluation').dataset.shown === 'pattern');
  assert.match(await text(page, 'evaluation-intro'), /^Pattern evaluation/);
  const cells = await page.$$eval('[data-testid="evaluation"] tbody tr', (rows) =>
    rows.map((r) => [r.querySelector('th').textContent, ...[...r.querySelectorAll('td')].map((c) => c.textContent)]),
  );
  const names = cells.map((c) => c[0]);
  for (const name of ['edge+2x', 'corner3x3', 'corner2x5', 'diag8', 'mobility', 'constant']) {
    assert.ok(names.includes(name), `${name} in ${names}`);
  }
  assert.equal(cells.find((c) => c[0] === 'corner2x5')[1], '8', 'eight instances of the 2×5 corner block');
  // The terms add up to the total (both in hundredths of a disc, shown as discs).
  const hundredths = (t) => Math.round(Number(t.replace('−', '-')) * 100);
  const sum = cells.reduce((acc, c) => acc + hundredths(c[3]), 0);
  assert.equal(sum, hundredths(await page.locator('#evaluation-total').textContent()));

  // The AI (level 6, pattern evaluation) answers; its thinking line shows scores in discs.
  const moves = await playAgainstAi(page);
  assert.match(moves, /^f5[a-h][1-8]$/);
  // Back to the course evaluation: the table is the course's again.
  await page.check('[data-testid="evaluation-course"]');
  await page.waitForFunction(() => document.querySelector('#evaluation').dataset.shown === 'course');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a damaged weights file is a notice, and the game plays on with the course evaluation', async () => {
  const { page, context, errors } = await openPage(browser);
  const bytes = readFileSync(path.join(repoRoot, 'weights/pattern.bin'));
  const damaged = Buffer.from(bytes);
  damaged[1000] ^= 0x55;
  await context.route(WEIGHTS, (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: damaged }));
  await page.goto(server.url + '?black=human&white=ai&level=6');
  await waitReady(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="notice"]')?.textContent.includes('could not be loaded'), null, {
    timeout: 20_000,
  });
  const notice = await text(page, 'notice');
  assert.match(notice, /checksum mismatch/);
  assert.match(notice, /course evaluation/);
  await page.click('#evaluation summary');
  await waitWeightsStatus(page, 'unavailable');
  assert.equal(await page.isDisabled('[data-testid="evaluation-pattern"]'), true);
  assert.match(await playAgainstAi(page), /^f5[a-h][1-8]$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a missing weights file is a notice, and the game plays on', async () => {
  const { page, context, errors } = await openPage(browser);
  await context.route(WEIGHTS, (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto(server.url + '?black=human&white=ai&level=6');
  await waitReady(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="notice"]')?.textContent.includes('could not be loaded'), null, {
    timeout: 20_000,
  });
  assert.match(await text(page, 'notice'), /HTTP 404/);
  assert.match(await playAgainstAi(page), /^f5[a-h][1-8]$/);
  // The browser logs the failed request itself; nothing else may go wrong.
  assert.deepEqual(errors.filter((e) => !e.includes('404')), []);
  await context.close();
});
