// Browser figures for the README (`make bench`): page-ready time, transfer size gzipped (the first
// load, and the pattern weights fetched after it), the nodes per second of the fixed searches of
// examples/web_bench.rs run by the wasm engine, and level 9 (pattern weights loaded) on the FFO
// positions #20–39 with exactly 20 empty squares. Prints one JSON object.

import { gzipSync } from 'node:zlib';
import { startServer, launchBrowser, openPage, waitReady } from './helpers.js';

// Keep in step with examples/web_bench.rs.
const OPENINGS = ['f5d6c3d3c4f4f6f3e6e7', 'f5f6e6f4e3c5c4d3', 'f5d6c3d3c4f4c5b3c2'];
const DEPTH = 10;
const TT_MEGABYTES = 64;

const server = await startServer();
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
      const sizes = (list) => ({
        files: list.length,
        rawBytes: list.reduce((n, b) => n + b.body.length, 0),
        gzipBytes: list.reduce((n, b) => n + gzipSync(b.body, { level: 9 }).length, 0),
      });
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
  const search = await page.evaluate(
    async ({ openings, depth, tt }) => {
      const { Game, Searcher } = await import('./www/pkg/reversi.js');
      let nodes = 0;
      let ms = 0;
      for (const opening of openings) {
        const searcher = new Searcher(tt);
        const board = Game.fromTranscript(opening).board;
        const started = performance.now();
        const result = searcher.search(board, { depth });
        ms += performance.now() - started;
        nodes += result.nodes;
        searcher.free();
      }
      return { nodes, ms: Math.round(ms), nps: Math.round(nodes / (ms / 1000)) };
    },
    { openings: OPENINGS, depth: DEPTH, tt: TT_MEGABYTES },
  );
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
  await context.close();
  console.log(JSON.stringify({ pageReadyMs: { median: readyTimes[2], all: readyTimes }, transfer, search, solve20 }));
} finally {
  await browser.close();
  server.close();
}
