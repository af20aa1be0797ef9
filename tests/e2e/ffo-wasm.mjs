// FFO #40–49 solved exactly by the wasm engine in headless Chromium, as `cargo bench --bench
// ffo` solves them natively: one position after another, the tables cleared before
// each (a new Searcher of 64 MiB, the pattern weights for the move ordering). docs/log/endgame-ffo.md
// quotes it. `node tests/e2e/ffo-wasm.mjs [FIRST LAST]` (from the repository, after `make wasm`); prints
// a line per position, then one JSON object. About 1.5 minutes on an idle 2-core machine.

import { startServer, launchBrowser, openPage, waitReady } from './helpers.js';

const first = Number(process.argv[2] ?? 40);
const last = Number(process.argv[3] ?? 49);
const server = await startServer();
const browser = await launchBrowser();
try {
  const { page } = await openPage(browser);
  await page.goto(`${server.url}?black=human&white=human`);
  await waitReady(page);
  page.setDefaultTimeout(0);
  const solved = await page.evaluate(
    async ({ first, last }) => {
      const { Searcher } = await import('./www/pkg/reversi.js');
      const weights = new Uint8Array(await (await fetch('./weights/pattern.bin')).arrayBuffer());
      const lines = (await (await fetch('./data/fforum-40-59.obf')).text()).split('\n').filter((l) => l.trim());
      const out = [];
      for (let number = first; number <= last; number++) {
        const line = lines[number - 40];
        const board = line.split(';')[0].trim();
        const expected = Number(line.split(';')[1].split(':')[1]);
        const searcher = new Searcher(64);
        searcher.setPatternWeights(weights);
        const started = performance.now();
        const result = searcher.search(board, { exactFromEmpties: 64, depth: 1, evaluation: 'pattern' });
        const ms = Math.round(performance.now() - started);
        out.push({ number, move: result.move, discs: result.score, exact: result.exact, right: result.exact && result.discs === expected, nodes: result.nodes, ms });
        searcher.free();
      }
      return out;
    },
    { first, last },
  );
  for (const s of solved) console.log(`#${s.number} ${s.move} ${s.discs > 0 ? '+' : ''}${s.discs} ${s.right ? 'right' : 'WRONG'} ${s.nodes} nodes ${s.ms} ms`);
  const nodes = solved.reduce((a, s) => a + s.nodes, 0);
  const ms = solved.reduce((a, s) => a + s.ms, 0);
  console.log(JSON.stringify({ positions: solved.length, right: solved.filter((s) => s.right).length, nodes, ms, nps: Math.round(nodes / (ms / 1000)) }));
} finally {
  await browser.close();
  server.close();
}
