// The AI's team of workers on one shared memory (the threads build, www/common/team-search.js) in
// headless Chromium, under make play's server (the page is cross-origin isolated): for 1, 2, …
// workers (up to `node tests/e2e/bench-team.mjs MAX`, default 2; the machine's cores at most),
// the time to a fixed depth with level 9's evaluation and ProbCut on bench.mjs's midgame
// positions, and the longest gap between two animation frames of the page meanwhile; and beside
// them the SIMD build on one worker, as every page without isolation runs it. With `ffo` as
// second argument, FFO #40–49 solved (exactly, the page's way: level 9's settings, no book) by
// each number of workers too. Positions are taken in turn by each setting (A B A B…), so that
// a drift of the machine's speed touches them alike. Prints one JSON object.

import { startServer, launchBrowser, openPage, waitReady } from './helpers.js';

// Keep in step with bench.mjs.
const OPENINGS = ['f5d6c3d3c4f4f6f3e6e7d7c5b6', 'f5f6e6f4e3c5c4d3c3d6f3', 'c4e3f6e6f5c5f4g6f7d3c6g5', 'f5d6c5f4e3c6d3f6e6d7g5c4b4f3'];
const DEPTH = 15;
const TT_MEGABYTES = 64;

const most = Number(process.argv[2] ?? 2);
const ffo = process.argv[3] === 'ffo';
const server = await startServer(undefined, { isolated: true });
const browser = await launchBrowser();
try {
  const { page } = await openPage(browser, undefined, { serviceWorkers: 'block' });
  await page.goto(`${server.url}?black=human&white=human`);
  await waitReady(page);
  page.setDefaultTimeout(0);
  const result = await page.evaluate(
    async ({ openings, depth, tt, most, ffo }) => {
      const { Game } = await import('./www/pkg/reversi.js');
      const { EngineClient } = await import('./www/common/engine-client.js');
      const { TeamSearch } = await import('./www/common/team-search.js');
      const simdModule = await WebAssembly.compileStreaming(fetch('./www/pkg/reversi_simd_bg.wasm'));
      const threadsModule = await WebAssembly.compileStreaming(fetch('./www/pkg/threads/reversi_bg.wasm'));
      const weights = await (await fetch('./weights/pattern.bin')).arrayBuffer();
      const counts = Array.from({ length: Math.max(1, Math.min(most, navigator.hardwareConcurrency || 2)) }, (_, i) => i + 1);

      // Each setting: a name and a search (board, options) → result, all ready before timing.
      const simd = new EngineClient({ module: simdModule, ttMegabytes: tt, files: { weights: weights.slice(0), book: 'none' } });
      const settings = [{ name: 'simd', search: (board, options) => simd.search(board, options), clear: () => simd.clear() }];
      for (const workers of counts) {
        const team = new TeamSearch({ module: threadsModule, ttMegabytes: tt, workers: () => workers, files: { weights: weights.slice(0), book: 'none' } });
        settings.push({ name: `team${workers}`, search: (board, options) => team.search(board, options), clear: () => team.clear() });
      }
      const start = Game.fromTranscript('').board;
      // Warm up: every worker started, the weights in (searches of the pattern evaluation wait
      // for nothing: a worker evaluates with the course's until its weights arrive).
      for (const s of settings) await s.search(start, { depth: 6, evaluation: 'pattern' });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      for (const s of settings) await s.search(start, { depth: 6, evaluation: 'pattern' });

      let gap = 0;
      let last = performance.now();
      let running = true;
      const tick = (/** @type {number} */ t) => {
        gap = Math.max(gap, t - last);
        last = t;
        if (running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);

      /** @param {string[]} boards @param {any} options */
      const measure = async (boards, options) => {
        const out = Object.fromEntries(settings.map((s) => [s.name, { ms: 0, nodes: 0, scores: [] }]));
        for (const board of boards) {
          for (const s of settings) {
            s.clear();
            const started = performance.now();
            const r = await s.search(board, options);
            out[s.name].ms += performance.now() - started;
            out[s.name].nodes += r.nodes;
            out[s.name].scores.push(r.exact ? `${r.move}${r.score >= 0 ? '+' : ''}${r.score}` : r.move);
          }
        }
        for (const name of Object.keys(out)) out[name].ms = Math.round(out[name].ms);
        return out;
      };
      const midgame = await measure(openings.map((o) => Game.fromTranscript(o).board), { level: 9, depth, exactFromEmpties: 0, book: false, timeMs: 3_600_000 });
      let solved = null;
      if (ffo) {
        const lines = (await (await fetch('./data/fforum-40-59.obf')).text()).split('\n').filter((l) => l.trim()).slice(0, 10);
        solved = await measure(lines.map((l) => l.split(';')[0].trim()), { level: 9, depth: 60, exactFromEmpties: 64, book: false, timeMs: 3_600_000 });
      }
      running = false;
      return { cores: navigator.hardwareConcurrency, depth, midgame, ffo: solved, longestFrameGapMs: Math.round(gap) };
    },
    { openings: OPENINGS, depth: DEPTH, tt: TT_MEGABYTES, most, ffo },
  );
  const ratio = (set, a, b) => (set && set[a] && set[b] ? Number((set[a].ms / set[b].ms).toFixed(2)) : null);
  result.speedup = {
    midgame2: ratio(result.midgame, 'team1', 'team2'),
    ffo2: ratio(result.ffo, 'team1', 'team2'),
    team1OverSimd: ratio(result.midgame, 'team1', 'simd'),
  };
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
  server.close();
}
