// The Study area's live analysis (www/game/live-analysis.js): on a 14-empty position it deepens
// and then solves every move exactly, and its best line is the engine's solve; a move played
// while it analyses is taken at once, and no task of the page's main thread takes 100 ms of its
// thread time meanwhile (frames: a loose bound, a loaded machine delays them); a hidden tab stops it and
// a seen one resumes it; a game lost on time is analysed, a board with no moves is not; on a
// cross-origin isolated page the team of workers analyses.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, startServerAndBrowser, openPage, waitReady, text } from './helpers.js';

const { server, browser } = await startServerAndBrowser();

/** A game to 14 empty squares, Black to move. The engine's exact solve (native, and the page's
 * solve below): Black +10 by h2, the line below; the next best move scores Black +6. */
const FOURTEEN_EMPTIES = 'e6f4f3f6g6f2g4g7c4h6f5h5h3d3d2e7h7g5d6c3f8h4c2e8g3d7c7d1h8b2f1g8e3b3c1b7a1f7c6g2b1e1a3a2g1h1';
const SOLVED_LINE = 'h2 e2 b4 b5 c5 b6 d8 c8 a4 a5 a6 a7 a8 b8';

const status = (page) => page.locator('[data-testid="analysis-status"]');
const lines = (page) => page.$$eval('[data-testid="analysis-line"]', (items) => items.map((item) => ({ pv: item.dataset.pv, text: item.textContent })));

test('on a 14-empty position the analysis reaches exact, and its best line is the solver\'s', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${server.url}?black=human&white=human&moves=${FOURTEEN_EMPTIES}`);
  await waitReady(page);
  assert.equal(await status(page).getAttribute('data-state'), 'off');
  // Off: no evaluation bar at all (not an empty 50/50 one).
  assert.equal(await page.isVisible('[data-testid="analysis-bar"]'), false, 'no bar while the analysis is off');
  await page.click('[data-testid="analysis-switch"]');
  await page.waitForSelector('[data-testid="analysis-status"][data-state="done"]', { timeout: 60_000 });
  assert.equal(await page.isVisible('[data-testid="analysis-bar"]'), true);
  assert.equal(await status(page).getAttribute('data-exact'), 'true');
  assert.equal(await status(page).getAttribute('data-depth'), '14');
  const shown = await lines(page);
  assert.equal(shown.length, 3, 'the best three lines');
  assert.equal(shown[0].pv, SOLVED_LINE);
  // Each line one row: its move, its score and certainty, then the rest of its moves.
  assert.match(shown[0].text, /^h2 Black \+10 exact e2 b4 /);
  assert.match(shown[1].text, /^[a-h][1-8] Black \+6 exact /);
  assert.match(await text(page, 'analysis-score'), /Black \+10$/);
  assert.equal(await page.getAttribute('[data-testid="analysis-bar"]', 'aria-valuenow'), '10');
  // The engine's own solve of the position, in the page: the same score and line.
  const solved = await page.evaluate(async (moves) => {
    const { Game, Searcher } = await import('./www/pkg/reversi.js');
    const result = new Searcher(16).search(Game.fromTranscript(moves).board, { depth: 60, exactFromEmpties: 64 });
    return { discs: result.discs, exact: result.exact, pv: result.pv.join(' ') };
  }, FOURTEEN_EMPTIES);
  assert.deepEqual(solved, { discs: 10, exact: true, pv: SOLVED_LINE });
  // The squares show the scores as hints do: the best in gold (the grid's label says "best").
  const h2 = await page.getAttribute('[data-square="h2"]', 'aria-label');
  assert.match(h2, /Black \+10/);
  assert.match(await page.getAttribute('[data-square="e2"]', 'aria-label'), /Black \+6/);
  // Switched off: the marks and the lines go.
  await page.click('[data-testid="analysis-switch"]');
  await page.waitForSelector('[data-testid="analysis-status"][data-state="off"]');
  assert.equal((await lines(page)).length, 0);
  assert.equal(await page.isVisible('[data-testid="analysis-bar"]'), false, 'no bar once switched off');
  assert.doesNotMatch(await page.getAttribute('[data-square="h2"]', 'aria-label'), /\+10/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game lost on time is analysed to the end of its board, and a finished board waits', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  // Three seconds each: Black's flag falls while nobody moves.
  await page.goto(`${server.url}?black=human&white=human&clock=0.05+0&moves=${FOURTEEN_EMPTIES}`);
  await waitReady(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="turn"]').textContent.startsWith('Game over'), null, { timeout: 15_000 });
  await page.click('[data-testid="analysis-switch"]');
  await page.waitForSelector('[data-testid="analysis-status"][data-state="done"]', { timeout: 60_000 });
  assert.equal((await lines(page))[0].pv, SOLVED_LINE);
  assert.match(await text(page, 'analysis-score'), /Black \+10$/);
  // A board where neither side can move has nothing to analyse.
  const oneMoveToEnd = `-OX${'-'.repeat(24)}XX------XX${'-'.repeat(27)}X`;
  await page.goto(`${server.url}?black=human&white=human&board=${oneMoveToEnd}`);
  await waitReady(page);
  await page.click('[data-testid="analysis-switch"]');
  await page.click('[data-square="a1"]');
  await page.waitForSelector('[data-testid="analysis-status"][data-state="waiting"]');
  assert.match(await status(page).textContent(), /game is over/i);
  assert.equal((await lines(page)).length, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a move played while the analysis runs is taken at once, and no task of the page holds a frame back 100 ms', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${server.url}?black=human&white=human&moves=f5d6c3d3c4f4`);
  await waitReady(page);
  await page.click('[data-testid="analysis-switch"]');
  // Deep enough that each step takes a while: the move comes in the middle of a search.
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="analysis-status"]').dataset.depth) >= 5, null, { timeout: 60_000 });
  // From here on: the longest gap between two frames, and a trace of the page's main thread.
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.frameGap = 0;
    let last = performance.now();
    const tick = (now) => {
      w.frameGap = Math.max(w.frameGap, now - last);
      last = now;
      if (!w.stopFrames) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] });
  const before = await lines(page);
  const best = before[0].pv.split(' ')[0];
  await page.click(`[data-square="${best}"]`);
  await page.waitForFunction((move) => document.querySelector('[data-testid="moves"]').textContent.endsWith(move), best, { timeout: 5_000 });
  // The analysis starts again on the new position: White's moves, from the first depths.
  await page.waitForFunction(
    () => {
      const first = document.querySelector('[data-testid="analysis-line"]');
      return first && document.querySelector('[data-testid="analysis-status"]').dataset.state === 'running' && Number(document.querySelector('[data-testid="analysis-status"]').dataset.depth) >= 2;
    },
    null,
    { timeout: 30_000 },
  );
  const after = await lines(page);
  const legal = await page.$$eval('[data-square]', (cells) => cells.filter((c) => /legal move/.test(c.getAttribute('aria-label'))).map((c) => c.dataset.square));
  assert.ok(legal.includes(after[0].pv.split(' ')[0]), `${after[0].pv} starts with a legal move of White (${legal})`);
  assert.match(after[0].text, /^[a-h][1-8] (White|Black|Even) /);
  const gap = await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.stopFrames = true;
    return w.frameGap;
  });
  const trace = JSON.parse((await browser.stopTracing()).toString());
  // The page's own work, as thread time (CPU time of its main thread): no task holds a frame back
  // 100 ms. A loaded machine delays frames without making the page's tasks longer, so the frames
  // themselves are held to a loose bound only.
  const mains = new Set(
    trace.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = trace.traceEvents.filter((e) => e.name === 'RunTask' && e.ph === 'X' && typeof e.tdur === 'number' && mains.has(`${e.pid}:${e.tid}`));
  assert.ok(tasks.length > 10, `${tasks.length} tasks traced`);
  const longest = Math.max(...tasks.map((e) => e.tdur)) / 1000;
  assert.ok(longest < 100, `a task of the page's main thread took ${longest.toFixed(1)} ms of thread time`);
  assert.ok(gap < 1000, `the longest gap between frames was ${Math.round(gap)} ms`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a hidden tab stops the analysis, and it resumes when the tab is seen again', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  // Headless Chromium never hides a tab: the page is told as a browser tells it (document.hidden
  // and the visibilitychange event). Stopping a search terminates its worker: counted.
  await page.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.terminated = 0;
    const terminate = Worker.prototype.terminate;
    Worker.prototype.terminate = function () {
      w.terminated++;
      return terminate.call(this);
    };
    w.hideTab = (hidden) => {
      Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
      Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
  });
  await page.goto(`${server.url}?black=human&white=human&moves=f5d6c3d3c4f4`);
  await waitReady(page);
  await page.click('[data-testid="analysis-switch"]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="analysis-status"]').dataset.depth) >= 3, null, { timeout: 60_000 });
  const terminated = await page.evaluate(() => /** @type {any} */ (window).terminated);
  await page.evaluate(() => /** @type {any} */ (window).hideTab(true));
  assert.equal(await status(page).getAttribute('data-state'), 'paused');
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).terminated), terminated + 1, 'the search was stopped');
  assert.match(await text(page, 'analysis-status'), /hidden/);
  const depth = Number(await status(page).getAttribute('data-depth'));
  await page.evaluate(() => /** @type {any} */ (window).hideTab(false));
  await page.waitForFunction((d) => {
    const s = document.querySelector('[data-testid="analysis-status"]');
    return s.dataset.state === 'running' && Number(s.dataset.depth) > d;
  }, depth, { timeout: 60_000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a cross-origin isolated page the team of workers analyses, to the same exact scores', { timeout: 90_000 }, async () => {
  const isolated = await startServer(undefined, { isolated: true });
  after(() => isolated.close());
  const { page, context, errors } = await openPage(browser, undefined, { serviceWorkers: 'block' });
  await page.goto(`${isolated.url}?black=human&white=human&workers=2&moves=${FOURTEEN_EMPTIES}`);
  await waitReady(page);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.aiWorkers), 'team');
  await page.click('[data-testid="analysis-switch"]');
  await page.waitForSelector('[data-testid="analysis-status"][data-state="done"]', { timeout: 60_000 });
  const shown = await lines(page);
  assert.match(shown[0].text, /^h2 Black \+10 /);
  assert.match(shown[1].text, /^[a-h][1-8] Black \+6 /);
  assert.equal(await status(page).getAttribute('data-exact'), 'true');
  assert.deepEqual(errors, []);
  await context.close();
});
