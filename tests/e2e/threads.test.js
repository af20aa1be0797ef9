// The AI's workers as one team on a shared memory (www/common/team-search.js, the threads build):
// where the page is cross-origin isolated — under `make play`'s server (scripts/serve.py), or on a
// plain static server once the service worker answers for the page — and nowhere else: without
// isolation, without SharedArrayBuffer, or as the <othello-board> element on another site's page,
// everything runs as before. The team finds what one worker finds (exact scores, fixed-depth
// values without ProbCut), and stops at once when asked.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServer, startStaticServer, buildDist, launchBrowser, openPage, waitReady, text } from './helpers.js';

const isolated = await startServer(undefined, { isolated: true });
const browser = await launchBrowser();
// The site as make dist ships it, built once before the tests (its build is no part of their time).
const dist = path.join(process.env.TMPDIR, 'dist-threads');
buildDist(dist);
after(async () => {
  await browser.close();
  isolated.close();
});

const threadsRequests = (server, from) => server.requests.slice(from).map((r) => r.path).filter((p) => p.startsWith('/www/pkg/threads/'));

/** Waits until the moves list holds `count` moves. */
async function waitMoves(page, count, timeout = 30_000) {
  await page.waitForFunction((n) => document.querySelector('[data-testid="moves"]').textContent.trim().length >= 2 * n, count, { timeout });
}

test("under make play's server the page is isolated: the AI at level 9 and the hints search as a team", { timeout: 90_000 }, async () => {
  const first = isolated.requests.length;
  const { page, context, errors } = await openPage(browser, undefined, { serviceWorkers: 'block' });
  await page.goto(isolated.url + '?black=human&white=ai&level=9&workers=2');
  await waitReady(page);
  assert.deepEqual(await page.evaluate(() => [crossOriginIsolated, document.documentElement.dataset.aiWorkers]), [true, 'team']);
  await page.click('[data-square="f5"]');
  await waitMoves(page, 2);
  assert.match(await text(page, 'moves'), /^f5(d6|f6|f4)$/);
  // Hints on (quick): every legal move gets a score from the team.
  await page.click('[data-testid="hints"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-square][aria-label*="score"]').length >= 3, null, { timeout: 30_000 });
  assert.deepEqual([...new Set(threadsRequests(isolated, first))].sort(), ['/www/pkg/threads/reversi.js', '/www/pkg/threads/reversi_bg.wasm']);
  assert.deepEqual(errors, []);
  await context.close();
});

/** In the page: each position searched by a team of `workers` workers and by its main worker
 * alone (the same table size, cleared before each), side by side. */
async function compareTeam(page, positions, options, workers) {
  return page.evaluate(
    async ({ positions, options, workers }) => {
      const { Game } = await import('./www/pkg/reversi.js');
      const { TeamSearch } = await import('./www/common/team-search.js');
      const module = await WebAssembly.compileStreaming(fetch('./www/pkg/threads/reversi_bg.wasm'));
      const team = new TeamSearch({ module, ttMegabytes: 16, workers: () => workers, files: { weights: 'none', book: 'none' } });
      const out = [];
      for (const moves of positions) {
        const board = Game.fromTranscript(moves).board;
        team.clear();
        const one = await team.search(board, options, undefined, { helped: false });
        team.clear();
        const many = await team.search(board, options);
        out.push({ moves, one: { score: one.score, exact: one.exact, depth: one.depth }, many: { move: many.move, score: many.score, exact: many.exact, depth: many.depth } });
      }
      return out;
    },
    { positions, options, workers },
  );
}

/** In the page: a game that plays the last legal move (in square order) from `opening` until
 * `empties` squares are left. */
const lineTo = (page, opening, empties) =>
  page.evaluate(
    async ({ opening, empties }) => {
      const { Game } = await import('./www/pkg/reversi.js');
      const game = Game.fromTranscript(opening);
      while (game.squares().filter((v) => v === 0).length > empties && !game.isGameOver) {
        const moves = Array.from(game.legalMoves());
        if (moves.length === 0) game.pass();
        else game.play(moves[moves.length - 1]);
      }
      return game.fullTranscript;
    },
    { opening, empties },
  );

test('a team finds the exact scores of one worker, and its fixed-depth values without ProbCut', { timeout: 120_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(isolated.url + '?black=human&white=human');
  await waitReady(page);
  const endgames = [await lineTo(page, 'f5d6c3', 14), await lineTo(page, 'f5f6e6f4', 16), await lineTo(page, 'c4e3f6e6f5', 15)];
  for (const workers of [2, 3]) {
    for (const r of await compareTeam(page, endgames, { depth: 60, exactFromEmpties: 20, evaluation: 'course' }, workers)) {
      assert.equal(r.one.exact, true, r.moves);
      assert.deepEqual([r.many.score, r.many.exact], [r.one.score, true], `${workers} workers, ${r.moves}`);
    }
  }
  const midgames = ['f5d6c3d3c4', 'f5f6e6f4e3c5c4d3', 'c4e3f6e6f5c5f4g6f7', 'f5d6c3d3c4f4f6f3e6e7'];
  for (const r of await compareTeam(page, midgames, { depth: 7, evaluation: 'course' }, 2)) {
    assert.deepEqual([r.many.score, r.many.depth], [r.one.score, 7], `${r.moves}: ${JSON.stringify(r)}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a cancelled team search ends at once and frees its workers for the next', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(isolated.url + '?black=human&white=human');
  await waitReady(page);
  const result = await page.evaluate(async () => {
    const { TeamSearch } = await import('./www/common/team-search.js');
    const { SearchCancelled } = await import('./www/common/engine-client.js');
    const module = await WebAssembly.compileStreaming(fetch('./www/pkg/threads/reversi_bg.wasm'));
    const team = new TeamSearch({ module, ttMegabytes: 16, workers: () => 2, files: { weights: 'none', book: 'none' } });
    const board = '---------------------------OX------XO--------------------------- X';
    await team.search(board, { depth: 2 }); // the team is up
    // Depth 30 from the start: minutes of work.
    const long = team.search(board, { depth: 30, evaluation: 'course' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cancelledAt = performance.now();
    team.cancel();
    const outcome = await long.then(() => 'finished', (error) => (error instanceof SearchCancelled ? 'cancelled' : String(error)));
    const rejectedMs = performance.now() - cancelledAt;
    // The next search waits for the workers to leave the old one.
    const next = await team.search(board, { depth: 4, evaluation: 'course' });
    return { outcome, rejectedMs, nextMs: performance.now() - cancelledAt, move: next.move };
  });
  assert.equal(result.outcome, 'cancelled');
  assert.ok(result.rejectedMs < 100, `rejected after ${result.rejectedMs} ms`);
  assert.ok(['d3', 'c4', 'f5', 'e6'].includes(result.move), result.move);
  // Stopped within a thousand positions or so: far less than the depth-30 search would take.
  assert.ok(result.nextMs < 5_000, `the next search answered after ${result.nextMs} ms`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a new game while the team thinks: the AI of the new game answers at once', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(isolated.url + '?black=human&white=human');
  await waitReady(page);
  // A midgame out of the opening book, Black to move: level 9 thinks about it for seconds.
  const moves = await lineTo(page, 'f5d6c3', 30);
  assert.equal(moves.length % 4, 0, 'an even number of moves: Black to move');
  await page.goto(isolated.url + `?black=ai&white=human&level=9&workers=2&moves=${moves}`);
  await waitReady(page);
  await page.waitForFunction(() => /depth \d/.test(document.querySelector('[data-testid="thinking"]')?.textContent || ''), null, { timeout: 30_000 });
  await page.click('[data-testid="new-game"]');
  const started = Date.now();
  // The AI's first move comes from the opening book: at once, if the workers left the old search
  // (the bound leaves room for a loaded CI machine's worker restarts; an old search left running
  // is still caught if it would outlast it).
  await waitMoves(page, 1, 20_000);
  assert.ok(Date.now() - started < 15_000);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a plain static server the first visit runs as before; from the next one the service worker isolates the page', { timeout: 120_000 }, async () => {
  const plain = await startServer();
  try {
    const { page, context, errors } = await openPage(browser);
    await page.goto(plain.url + '?black=human&white=ai&level=9&workers=2');
    await waitReady(page);
    assert.deepEqual(await page.evaluate(() => [crossOriginIsolated, document.documentElement.dataset.aiWorkers]), [false, 'split']);
    await page.click('[data-square="f5"]');
    await waitMoves(page, 2);
    // The service worker is registered once the weights have arrived, and then installs.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    // (The address again asks for two workers: this machine's cores leave the AI only one, and
    // one worker runs the SIMD build.)
    await page.goto(plain.url + '?workers=2');
    await waitReady(page);
    assert.deepEqual(await page.evaluate(() => [crossOriginIsolated, document.documentElement.dataset.aiWorkers, Boolean(navigator.serviceWorker.controller)]), [true, 'team', true]);
    // The game in progress came back, and the team plays on.
    assert.match(await text(page, 'moves'), /^f5(d6|f6|f4)$/);
    const legal = await page.$$eval('[data-square]', (cells) => cells.filter((c) => c.getAttribute('aria-label').includes('legal move')).map((c) => c.dataset.square));
    await page.click(`[data-square="${legal[0]}"]`);
    await waitMoves(page, 4);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    plain.close();
  }
});

test('without SharedArrayBuffer an isolated page runs as before', { timeout: 60_000 }, async () => {
  const first = isolated.requests.length;
  // (No service worker: it would cache the threads build for later visits.)
  const { page, context, errors } = await openPage(browser, undefined, { serviceWorkers: 'block' });
  await page.addInitScript(() => {
    delete globalThis.SharedArrayBuffer;
  });
  await page.goto(isolated.url + '?black=human&white=ai&level=9&workers=2');
  await waitReady(page);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.aiWorkers), 'split');
  await page.click('[data-square="f5"]');
  await waitMoves(page, 2);
  assert.deepEqual(threadsRequests(isolated, first), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the <othello-board> element on a host page that is not isolated, under a strict policy, plays as before', { timeout: 60_000 }, async () => {
  const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
  const site = await startStaticServer({
    mounts: { '/games/othello/': dist, '/host/': path.join(import.meta.dirname, 'fixtures/embed') },
    headers: { 'Content-Security-Policy': CSP },
  });
  try {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${site.origin}/host/one-board.html`);
    await page.waitForFunction(() => window.boardEvents.some((e) => e.type === 'ready'), null, { timeout: 20_000 });
    assert.equal(await page.evaluate(() => crossOriginIsolated), false);
    await page.locator('#one [data-square="f5"]').click();
    await page.waitForFunction(() => window.boardEvents.filter((e) => e.type === 'move').length === 2, null, { timeout: 20_000 });
    assert.deepEqual(site.requests.filter((p) => p.includes('/pkg/threads/')), []);
    // (The fixture's inline script is refused by the policy, on purpose.)
    assert.deepEqual(errors.filter((e) => !e.includes('inline script')), []);
    await context.close();
  } finally {
    await site.close();
  }
});

test('an isolated page whose cores leave the AI one worker runs the SIMD build', { timeout: 60_000 }, async () => {
  const first = isolated.requests.length;
  const { page, context, errors } = await openPage(browser, undefined, { serviceWorkers: 'block' });
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 2 });
  });
  await page.goto(isolated.url + '?black=human&white=ai&level=9');
  await waitReady(page);
  assert.deepEqual(await page.evaluate(() => [crossOriginIsolated, document.documentElement.dataset.aiWorkers]), [true, 'split']);
  await page.click('[data-square="f5"]');
  await waitMoves(page, 2);
  assert.deepEqual(threadsRequests(isolated, first), []);
  assert.deepEqual(errors, []);
  await context.close();
});
