// Browser figures for docs/log/browser.md (`make bench`), on the site as `make dist` builds it:
// page-ready time, transfer size gzipped (the first load, and the pattern weights fetched after
// it), the nodes per second of the fixed searches of examples/web_bench.rs run by the wasm
// engine, and level 9 (pattern weights loaded) on the FFO positions #20–39 with exactly 20 empty
// squares, and level 9's own search (pattern evaluation, ProbCut) of the same openings. Prints one
// JSON object.

import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { startServer, launchBrowser, openPage, waitReady, buildDist } from './helpers.js';

// Keep in step with examples/web_bench.rs.
const OPENINGS = ['f5d6c3d3c4f4f6f3e6e7', 'f5f6e6f4e3c5c4d3', 'f5d6c3d3c4f4c5b3c2'];
const DEPTH = 10;
// Level 9's own search (pattern evaluation, ProbCut) of the same openings at this depth.
const LEVEL9_DEPTH = 15;
const TT_MEGABYTES = 64;
// Midgame positions (out of the book) for one worker against two, at this depth.
const PARALLEL_OPENINGS = ['f5d6c3d3c4f4f6f3e6e7d7c5b6', 'f5f6e6f4e3c5c4d3c3d6f3', 'c4e3f6e6f5c5f4g6f7d3c6g5', 'f5d6c5f4e3c6d3f6e6d7g5c4b4f3'];
const PARALLEL_DEPTH = 15;

// The site as `make dist` ships it (its modules minified): what a player's browser loads.
const dist = path.join(process.env.TMPDIR, 'dist-bench');
buildDist(dist);
const server = await startServer(dist);
const browser = await launchBrowser();
try {
  // Page ready: median of fresh loads (own context each: nothing cached).
  const readyTimes = [];
  let transfer = null;
  for (let i = 0; i < 5; i++) {
    const { page, context } = await openPage(browser);
    const bodies = [];
    page.on('response', async (response) => {
      try {
        bodies.push({ url: response.url(), body: await response.body() });
      } catch {
        // redirects and the like have no body
      }
    });
    await page.goto(server.url);
    await waitReady(page);
    await page.waitForLoadState('networkidle');
    readyTimes.push(Number(await page.evaluate(() => document.documentElement.dataset.readyMs)));
    if (!transfer) {
      // A file counts once: the worker's import of the bindings the page has just loaded comes
      // from the browser's cache (the server sees one request; Playwright reports both).
      const sizes = (all) => {
        const list = all.filter((b, i) => all.findIndex((o) => o.url === b.url) === i);
        return {
          files: list.length,
          rawBytes: list.reduce((n, b) => n + b.body.length, 0),
          gzipBytes: list.reduce((n, b) => n + gzipSync(b.body, { level: 9 }).length, 0),
          wasm: list.filter((b) => b.url.endsWith('.wasm')).map((b) => b.url.split('/').pop()),
        };
      };
      // The data files the AI worker fetches once the board is playable: the pattern weights,
      // then the opening book.
      const isWeights = (b) => b.url.endsWith('/weights/pattern.bin');
      const isBook = (b) => b.url.endsWith('/weights/book.bin');
      transfer = {
        firstLoad: sizes(bodies.filter((b) => !isWeights(b) && !isBook(b))),
        weights: sizes(bodies.filter(isWeights)),
        book: sizes(bodies.filter(isBook)),
      };
    }
    await context.close();
  }
  readyTimes.sort((a, b) => a - b);

  const { page, context } = await openPage(browser);
  await page.goto(server.url + 'index.html?black=human&white=human');
  await waitReady(page);
  // The fixed searches of OPENINGS, each by a fresh searcher: `options` for Searcher.search, with
  // the pattern weights loaded when `weights` is set.
  const fixedSearches = (options, weights = false) => page.evaluate(
    async ({ openings, options, weights, tt }) => {
      const { Game, Searcher } = await import('./www/pkg/reversi.js');
      const bytes = weights ? new Uint8Array(await (await fetch('./weights/pattern.bin')).arrayBuffer()) : null;
      let nodes = 0;
      let ms = 0;
      for (const opening of openings) {
        const searcher = new Searcher(tt);
        if (bytes) searcher.setPatternWeights(bytes);
        const board = Game.fromTranscript(opening).board;
        const started = performance.now();
        const result = searcher.search(board, options);
        ms += performance.now() - started;
        nodes += result.nodes;
        searcher.free();
      }
      return { nodes, ms: Math.round(ms), nps: Math.round(nodes / (ms / 1000)) };
    },
    { openings: OPENINGS, options, weights, tt: TT_MEGABYTES },
  );
  // Run twice in the same page. The second run reuses the wasm memory the first one grew, so the
  // difference is what a fresh page pays: the first touch of new memory (a page fault costs the
  // renderer several times what it costs a native process) and V8's tier-up. scripts/bench.sh
  // prints both ratios.
  const search = await fixedSearches({ depth: DEPTH });
  const searchAgain = await fixedSearches({ depth: DEPTH });
  // Level 9's search, weights loaded; a time far beyond the search so that only the depth stops
  // it (the native side has no time limit).
  const level9 = await fixedSearches({ level: 9, depth: LEVEL9_DEPTH, timeMs: 3_600_000, exactFromEmpties: 0, book: false }, true);
  const solve20 = await page.evaluate(async ({ tt }) => {
    const { Searcher } = await import('./www/pkg/reversi.js');
    const weights = new Uint8Array(await (await fetch('./weights/pattern.bin')).arrayBuffer());
    const lines = (await (await fetch('./data/fforum-20-39.obf')).text()).split('\n');
    const boards = lines.map((l) => l.split(';')[0].trim()).filter((b) => /^[XO-]{64} [XO]$/.test(b) && b.split('-').length - 1 === 20);
    const times = [];
    let exact = 0;
    for (const board of boards) {
      const searcher = new Searcher(tt);
      searcher.setPatternWeights(weights);
      const started = performance.now();
      const result = searcher.search(board, { level: 9 });
      times.push(Math.round(performance.now() - started));
      if (result.exact) exact++;
      searcher.free();
    }
    return { positions: boards.length, exact, ms: times, totalMs: times.reduce((a, b) => a + b, 0) };
  }, { tt: TT_MEGABYTES });
  // The AI on one worker and on two (www/common/parallel-search.js), the same positions at a
  // fixed depth with level 9's evaluation and ProbCut, and the longest gap between two animation
  // frames of the page meanwhile.
  const parallel = await page.evaluate(async ({ depth, openings }) => {
    const { Game } = await import('./www/pkg/reversi.js');
    const { EngineClient } = await import('./www/common/engine-client.js');
    const { ParallelSearch } = await import('./www/common/parallel-search.js');
    const { ENGINE_WASM } = await import('./www/common/engine-wasm.js');
    const module = await WebAssembly.compileStreaming(fetch(`./www/pkg/${ENGINE_WASM}`));
    const weights = await (await fetch('./weights/pattern.bin')).arrayBuffer();
    const boards = openings.map((o) => Game.fromTranscript(o).board);
    const out = {};
    for (const workers of [1, 2]) {
      const pool = Array.from({ length: workers }, () => new EngineClient({ module, ttMegabytes: 32, files: { weights: weights.slice(0), book: 'none' } }));
      const search = new ParallelSearch({ clients: () => pool });
      // Warm up: every worker instantiated, weights in.
      await Promise.all(pool.map((c) => c.search(boards[0], { depth: 1 })));
      let frames = 0;
      let gap = 0;
      let last = performance.now();
      let running = true;
      const tick = (t) => {
        gap = Math.max(gap, t - last);
        last = t;
        frames++;
        if (running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      let ms = 0;
      let nodes = 0;
      const scores = [];
      for (const board of boards) {
        for (const c of pool) c.clear();
        const started = performance.now();
        const result = await search.search(board, { level: 9, depth, exactFromEmpties: 0, book: false });
        ms += performance.now() - started;
        nodes += result.nodes;
        scores.push(result.move);
      }
      running = false;
      out[workers] = { ms: Math.round(ms), nodes, moves: scores.join(' '), longestFrameGapMs: Math.round(gap), frames };
      for (const c of pool) c.close();
    }
    out.speedup = Number((out[1].ms / out[2].ms).toFixed(2));
    return out;
  }, { depth: PARALLEL_DEPTH, openings: PARALLEL_OPENINGS });
  await context.close();
  console.log(JSON.stringify({ pageReadyMs: { median: readyTimes[2], all: readyTimes }, transfer, search, searchAgain, level9, solve20, parallel }));
} finally {
  await browser.close();
  server.close();
}
