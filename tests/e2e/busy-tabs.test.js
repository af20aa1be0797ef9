// The page's own thread stays free while the AI thinks, also with several games at once: the
// thinking line is redrawn at most once per frame however fast the AI reports, and no task of
// the pages' own takes long. Time is measured as thread time (CPU time of the page's main thread,
// from a trace): a loaded machine delays the page's tasks, it does not make them longer.
// `node tests/e2e/busy-tabs.mjs` measures frame gaps with four tabs (docs/log/browser.md).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServerAndBrowser, waitReady } from './helpers.js';

const { server, browser } = await startServerAndBrowser();

/** Ten random moves: a position out of the opening book, where the AI searches. */
const OUT_OF_BOOK = 'f5f4f3f6d3f2g6c3b3b2';

test('while the AI plays itself, the thinking line changes at most once per animation frame, however fast it reports', { timeout: 60_000 }, async () => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    const seen = { frames: [], changes: [] };
    /** @type {any} */ (window).seen = seen;
    const frame = (now) => {
      seen.frames.push(now);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver((records) => {
        for (const _ of records) seen.changes.push(performance.now());
      }).observe(document.querySelector('[data-testid="thinking"]'), { childList: true, characterData: true, subtree: true });
    });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${server.url}?black=ai&white=ai&level=7&moves=${OUT_OF_BOOK}`);
  await waitReady(page);
  // Two moves of level 7 (a search of up to 2 s each, every depth reported).
  await page.waitForFunction((n) => document.querySelector('[data-testid="moves"]').textContent.length >= n, OUT_OF_BOOK.length + 4, { timeout: 40_000 });
  const { frames, changes } = await page.evaluate(() => /** @type {any} */ (window).seen);
  assert.ok(changes.length >= 4, `the thinking line changed ${changes.length} times`);
  // Between two frames, at most one change; the page's redraw may run before or after this test's
  // callback in a frame, so a change can be counted with the frame before: two at most. (Without
  // the once-a-frame redraw, a dozen were seen in one frame.)
  let most = 0;
  for (let f = 0, c = 0; f < frames.length; f++) {
    let inFrame = 0;
    while (c < changes.length && changes[c] < (frames[f + 1] ?? Infinity)) {
      if (changes[c] >= frames[f]) inFrame++;
      c++;
    }
    most = Math.max(most, inFrame);
  }
  assert.ok(most <= 2, `${most} changes of the thinking line in one frame`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('two games of AI against AI at once: no task of the pages themselves takes 100 ms of their thread', { timeout: 60_000 }, async () => {
  const context = await browser.newContext();
  const pages = [await context.newPage(), await context.newPage()];
  for (const page of pages) {
    await page.goto(`${server.url}?black=ai&white=ai&level=7&moves=${OUT_OF_BOOK}`);
    await waitReady(page);
  }
  await browser.startTracing(undefined, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] });
  await Promise.all(
    pages.map((page) =>
      page.waitForFunction((n) => document.querySelector('[data-testid="moves"]').textContent.length >= n, OUT_OF_BOOK.length + 4, { timeout: 40_000 }),
    ),
  );
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const mains = new Set(
    trace.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = trace.traceEvents.filter((e) => e.name === 'RunTask' && e.ph === 'X' && typeof e.tdur === 'number' && mains.has(`${e.pid}:${e.tid}`));
  assert.ok(tasks.length > 100, `${tasks.length} tasks traced`);
  const longest = Math.max(...tasks.map((e) => e.tdur)) / 1000;
  assert.ok(longest < 100, `a task of the pages' main threads took ${longest.toFixed(1)} ms of thread time`);
  await context.close();
});
