// Messages that stay until dismissed: each problem and notice of the game page in a list of its
// own (the status line's news is separate), and a page that cannot start saying why, with a
// reload. Screenshots of both at 390 px with touch, 1024×768 and 1440×900.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServerAndBrowser, openPage, waitReady, text, artifacts, repoRoot } from './helpers.js';

const { server, browser } = await startServerAndBrowser();

const SCREENS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, options: { hasTouch: true, isMobile: true } },
  { name: '1024', viewport: { width: 1024, height: 768 } },
  { name: '1440', viewport: { width: 1440, height: 900 } },
];

/** Records unhandled promise rejections of the page as console errors (openPage collects them). */
async function catchRejections(context) {
  await context.addInitScript(() => {
    window.addEventListener('unhandledrejection', (event) => console.error(`unhandled rejection: ${event.reason?.message ?? event.reason}`));
  });
}

/** A damaged pattern.bin (its checksum fails) and a truncated book.bin, for the whole context. */
async function damageDataFiles(context) {
  const weights = Buffer.from(readFileSync(path.join(repoRoot, 'weights/pattern.bin')));
  weights[1000] ^= 0x55;
  const book = readFileSync(path.join(repoRoot, 'weights/book.bin'));
  await context.route('**/weights/pattern.bin', (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: weights }));
  await context.route('**/weights/book.bin', (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: book.subarray(0, book.length >> 1) }));
}

const keys = (page, testId) => page.locator(`[data-testid="${testId}"]`).evaluateAll((items) => items.map((item) => item.dataset.key));

test("the address's problem stays through the AI's moves until dismissed", { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await catchRejections(context);
  await page.goto(`${server.url}?black=ai&white=human&level=1&workers=99`);
  await waitReady(page);
  assert.match(await text(page, 'error', 'address'), /^Ignored in the address: workers=99 is not a number of workers from 1 to 8\.$/);
  // The AI opens, the human answers, the AI again: the message is still there.
  await page.waitForFunction(() => document.querySelector('[data-testid="moves"]').textContent.length === 2, null, { timeout: 15_000 });
  const [square] = await page.$$eval('[data-square]', (cells) => cells.filter((c) => c.getAttribute('aria-label').includes('legal move')).map((c) => c.dataset.square));
  await page.click(`[data-square="${square}"]`);
  await page.waitForFunction(() => document.querySelector('[data-testid="moves"]').textContent.length === 6, null, { timeout: 15_000 });
  assert.deepEqual(await keys(page, 'error'), ['address']);
  assert.match(await text(page, 'status'), /played/, 'the status line has the news meanwhile');
  // Dismissed, it goes; the close button has a name for screen readers.
  const close = page.locator('[data-testid="error"][data-key="address"] [data-testid="dismiss"]');
  assert.equal(await close.getAttribute('aria-label'), 'Dismiss this message');
  await close.click();
  assert.equal(await page.locator('[data-testid="error"]').count(), 0);
  assert.equal(await page.isHidden('[data-testid="notices"]'), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a damaged weights file and a truncated book: both notices shown, each until dismissed', { timeout: 90_000 }, async () => {
  for (const { name, viewport, options } of SCREENS) {
    const { page, context, errors } = await openPage(browser, viewport, options);
    await catchRejections(context);
    await damageDataFiles(context);
    await page.goto(`${server.url}?black=human&white=ai&level=6&workers=9`);
    await waitReady(page);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="notice"]').length === 2, null, { timeout: 20_000 });
    assert.deepEqual((await keys(page, 'notice')).sort(), ['book', 'weights']);
    assert.match(await text(page, 'notice', 'weights'), /^The trained evaluation could not be loaded \(.*checksum.*\); levels 6–9 play with the course evaluation\.$/);
    assert.match(await text(page, 'notice', 'book'), /^The opening book could not be loaded \(.+\); the AI thinks about the opening itself\.$/);
    assert.deepEqual(await keys(page, 'error'), ['address']);
    // Nothing stretches the page sideways, whatever the width.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth));
    await page.locator('[data-testid="notices"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, `notices-${name}.png`) });
    if (name === 'phone') {
      // A move and the AI's answer: the notices stay; dismissing one leaves the other.
      await page.tap('[data-square="f5"]');
      await page.waitForFunction(() => document.querySelector('[data-testid="moves"]').textContent.length === 4, null, { timeout: 20_000 });
      await page.tap('[data-testid="notice"][data-key="book"] [data-testid="dismiss"]');
      assert.deepEqual(await keys(page, 'notice'), ['weights']);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a game that cannot start says why and offers a reload, with no uncaught error', { timeout: 90_000 }, async () => {
  // A module that fails (the server answers 500) and a wasm that is not one.
  const failures = {
    'www/game/app.js': { status: 500, body: 'Internal error', type: 'text/plain', reason: /^Failed to fetch dynamically imported module: .*app\.js\. Reload, with the network if you can, to fetch the game again\.$/ },
    'www/pkg/reversi_simd_bg.wasm': { status: 200, body: 'not a wasm module', type: 'application/wasm', reason: /WebAssembly.*\. Reload, with the network if you can, to fetch the game again\.$/ },
  };
  for (const [file, { status, body, type, reason }] of Object.entries(failures)) {
    for (const { name, viewport, options } of file.endsWith('app.js') ? SCREENS : SCREENS.slice(1, 2)) {
      const { page, context, errors } = await openPage(browser, viewport, options);
      await catchRejections(context);
      let broken = true;
      await context.route(`**/${file}`, (route) => (broken ? route.fulfill({ status, body, contentType: type }) : route.continue()));
      await page.goto(server.url);
      await page.waitForSelector('html[data-ready="failed"]');
      await page.waitForFunction(() => /Reload/.test(document.querySelector('[data-testid="cannot-start-reason"]').textContent));
      assert.equal(await page.isVisible('[data-testid="cannot-start"]'), true);
      assert.match(await text(page, 'cannot-start-reason'), reason);
      assert.equal(await page.isHidden('[data-testid="turn"]'), true, 'no "Loading…" left');
      assert.equal(await page.locator('[data-testid="new-game"]').evaluate((button) => button.closest('[inert]') !== null), true);
      assert.equal(await page.isHidden('#start-fallback'), true);
      await page.screenshot({ path: path.join(artifacts, `cannot-start-${path.basename(file)}-${name}.png`) });
      // The file is good again: Reload starts the game.
      broken = false;
      await Promise.all([page.waitForEvent('load'), page.click('[data-testid="cannot-start-reload"]')]);
      await waitReady(page);
      // The browser logs the failed load itself; nothing else went wrong (no uncaught error).
      assert.deepEqual(
        errors.filter((e) => !/Failed to load resource: the server responded with a status of 500/.test(e)),
        [],
        `${file} at ${name}`,
      );
      await context.close();
    }
  }
});
