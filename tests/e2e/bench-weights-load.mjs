// The time a weights file takes to load in headless Chromium, as the AI worker loads it (the SIMD
// build, `Searcher.setPatternWeights`): for a network file, its expansion into the tables the
// search reads. Each run is a fresh page, so its first call is a player's first; then the same
// call again in that page. `node tests/e2e/bench-weights-load.mjs FILE [RUNS]` (RUNS 4 by default);
// `make wasm` first; WASM=path (from the repository's root) measures another build of the engine
// with the same bindings. Prints every run, then the medians.

import { readFileSync } from 'node:fs';
import { startServer, launchBrowser, openPage } from './helpers.js';

const [file, runsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node tests/e2e/bench-weights-load.mjs FILE [RUNS]');
  process.exit(2);
}
const runs = Math.max(1, Number(runsArg) || 4);
const bytes = [...readFileSync(file)];
const wasm = process.env.WASM || 'www/pkg/reversi_simd_bg.wasm';

const server = await startServer();
const browser = await launchBrowser();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  const first = [];
  const again = [];
  for (let run = 0; run < runs; run++) {
    const { page, context } = await openPage(browser);
    // A page of the site that loads no engine of its own (the server's listing of a folder).
    await page.goto(server.url + 'www/pkg/');
    const times = await page.evaluate(async ({ bytes, wasm }) => {
      const bindings = await import('/www/pkg/reversi.js');
      await bindings.default({ module_or_path: `/${wasm}` });
      const weights = new Uint8Array(bytes);
      const searcher = new bindings.Searcher(16);
      const times = [];
      for (let call = 0; call < 3; call++) {
        const started = performance.now();
        searcher.setPatternWeights(weights);
        times.push(performance.now() - started);
      }
      searcher.free();
      return times;
    }, { bytes, wasm });
    console.log(`run ${run + 1}: first call ${times[0].toFixed(0)} ms, again ${times.slice(1).map((t) => t.toFixed(0)).join(', ')} ms`);
    first.push(times[0]);
    again.push(...times.slice(1));
    await context.close();
  }
  console.log(`${file} (${wasm}): ${bytes.length} bytes; median first call ${median(first).toFixed(0)} ms, again ${median(again).toFixed(0)} ms`);
} finally {
  await browser.close();
  await server.close();
}
