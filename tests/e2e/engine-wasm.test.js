// The engine's two wasm builds (www/common/engine-wasm.js): the page runs the SIMD one where the
// browser has wasm SIMD (headless Chromium has) and the one without elsewhere; both play the same
// game: in one page, the same searches give the same moves, scores and node counts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServerAndBrowser, openPage, waitReady, text, repoRoot } from './helpers.js';

const { server, browser } = await startServerAndBrowser();

const wasmRequests = (from) =>
  server.requests
    .slice(from)
    .map((r) => r.path)
    .filter((p) => p.startsWith('/www/pkg/') && p.endsWith('.wasm'));

/** Plays f5 as Black against the AI and waits for its answer. */
async function playAgainstAi(page) {
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="moves"]').textContent.length >= 4, null, {
    timeout: 30_000,
  });
  return text(page, 'moves');
}

test('a browser with wasm SIMD downloads the SIMD build only, and its AI plays', { timeout: 60_000 }, async () => {
  const first = server.requests.length;
  const { page, context, errors } = await openPage(browser);
  await page.goto(server.url + '?black=human&white=ai&level=9');
  await waitReady(page);
  assert.match(await playAgainstAi(page), /^f5(d6|f6|f4)$/);
  // (The service worker also caches the threads build, for the visits it will isolate.)
  const byPage = wasmRequests(first).filter((p) => !p.startsWith('/www/pkg/threads/'));
  assert.deepEqual([...new Set(byPage)], ['/www/pkg/reversi_simd_bg.wasm']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a browser without wasm SIMD gets the build without it, and its AI plays', { timeout: 60_000 }, async () => {
  const first = server.requests.length;
  const { page, context, errors } = await openPage(browser);
  // As an older browser answers: a module using SIMD instructions does not validate.
  await page.addInitScript(() => {
    const validate = WebAssembly.validate;
    WebAssembly.validate = (bytes) => (new Uint8Array(bytes).includes(0xfd) ? false : validate(bytes));
  });
  await page.goto(server.url + '?black=human&white=ai&level=9');
  await waitReady(page);
  assert.match(await playAgainstAi(page), /^f5(d6|f6|f4)$/);
  // (index.html preloads the SIMD build, what nearly every browser runs, and this test's service
  // worker is not fooled: only the page can have asked for the build without SIMD.)
  assert.ok(wasmRequests(first).includes('/www/pkg/reversi_bg.wasm'), wasmRequests(first).join(' '));
  assert.deepEqual(errors, []);
  await context.close();
});

test('both builds search alike: the same moves, scores and nodes, midgame and exact endgame', { timeout: 120_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(server.url + '?black=human&white=human');
  await waitReady(page);
  const results = await page.evaluate(async () => {
    // The page's bindings run the SIMD build; a second copy of the bindings (another URL, so
    // another module instance) runs the build without SIMD.
    const simd = await import('./www/pkg/reversi.js');
    const plain = await import('./www/pkg/reversi.js?plain');
    await plain.default({ module_or_path: await WebAssembly.compileStreaming(fetch('./www/pkg/reversi_bg.wasm')) });
    const weights = new Uint8Array(await (await fetch('./weights/pattern.bin')).arrayBuffer());
    const lines = [
      'f5d6c3d3c4f4f6f3e6e7d7c5b6',
      'f5f6e6f4e3c5c4d3c3d6f3',
      'c4e3f6e6f5c5f4g6f7d3c6g5',
    ];
    // 18 empty squares (the last legal move played from an opening): the exact solver.
    const game = simd.Game.fromTranscript('f5d6c3d3c4f4f6f3e6e7');
    while (game.squares().filter((v) => v === 0).length > 18) {
      const legal = Array.from(game.legalMoves());
      if (legal.length === 0) game.pass();
      else game.play(legal[legal.length - 1]);
    }
    lines.push(game.fullTranscript);
    const run = (pkg, moves) => {
      const searcher = new pkg.Searcher(16);
      searcher.setPatternWeights(weights);
      const board = pkg.Game.fromTranscript(moves).board;
      const r = searcher.search(board, { level: 9, depth: 10, timeMs: 3_600_000, exactFromEmpties: 18, book: false });
      searcher.free();
      return { move: r.move, score: r.score, discs: r.discs, exact: r.exact, nodes: r.nodes };
    };
    return lines.map((moves) => ({ moves, simd: run(simd, moves), plain: run(plain, moves) }));
  });
  for (const { moves, simd, plain } of results) assert.deepEqual(simd, plain, moves);
  assert.equal(results[3].simd.exact, true);
  assert.ok(results.every((r) => r.simd.nodes > 1000));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the service worker chooses the builds with the page\'s probes', () => {
  for (const name of ['SIMD_PROBE', 'THREADS_PROBE']) {
    const probe = (file) => readFileSync(path.join(repoRoot, file), 'utf8').match(new RegExp(`${name} = (\\[[0-9, ]+\\])`))[1];
    assert.equal(probe('sw.js'), probe('www/common/engine-wasm.js'), name);
  }
});
