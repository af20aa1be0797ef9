// The live analysis in headless Chromium, as a player meets it (docs/log/search.md): on middlegame
// positions, what the status says after 1, 5 and 10 seconds (the selective depth every move has
// reached, and its confidence); on endgames of 20 and 24 empty squares, the time until every
// move's outcome and exact score are known. On one worker (a page without cross-origin isolation)
// and on a team of two (an isolated page). Prints one JSON object.
//
//   make wasm && node tests/e2e/bench-analysis.mjs [SECONDS]

import { startServer, launchBrowser, openPage, waitReady } from './helpers.js';

const SECONDS = Number(process.argv[2] ?? 10);
// A game to 14 empty squares (live-analysis.test.js), cut to 20 and 24.
const ENDGAME = 'e6f4f3f6g6f2g4g7c4h6f5h5h3d3d2e7h7g5d6c3f8h4c2e8g3d7c7d1h8b2f1g8e3b3c1b7a1f7c6g2b1e1a3a2g1h1';
const cut = (moves, empties) => moves.slice(0, 2 * (60 - empties));
const MIDGAMES = { 46: 'f5d6c3d3c4f4f6f3e6e7d7c6b6c5', 36: 'f5d6c3d3c4f4f6f3e6e7d7c6b6c5c7b5f7g5a6b4e8d8f8e3', 30: cut(ENDGAME, 30) };
const ENDGAMES = { 20: cut(ENDGAME, 20), 24: cut(ENDGAME, 24) };

/** What the analysis status says, every 100 ms, from the switch's click until `until` is true or
 * `ms` have passed: [{ms, text, depth, certainty}] at each change. */
async function watch(page, ms, until) {
  await page.click('[data-testid="analysis-switch"]');
  return page.evaluate(
    ({ ms, until }) =>
      new Promise((resolve) => {
        const start = performance.now();
        const seen = [];
        const done = new Function('s', `return ${until}`);
        const timer = setInterval(() => {
          const s = document.querySelector('[data-testid="analysis-status"]');
          const now = { ms: Math.round(performance.now() - start), text: s.textContent, depth: s.dataset.depth, certainty: s.dataset.certainty };
          if (seen.at(-1)?.text !== now.text) seen.push(now);
          if (now.ms >= ms || done(s)) {
            clearInterval(timer);
            resolve(seen);
          }
        }, 100);
      }),
    { ms, until },
  );
}

const browser = await launchBrowser();
const plain = await startServer();
const isolated = await startServer(undefined, { isolated: true });
const results = {};
try {
  for (const [name, server, workers] of [['one worker', plain, 1], ['team of two', isolated, 2]]) {
    const run = (results[name] = { midgames: {}, endgames: {} });
    for (const [empties, moves] of [...Object.entries(MIDGAMES), ...Object.entries(ENDGAMES)]) {
      const { page, context } = await openPage(browser, undefined, { serviceWorkers: 'block' });
      await page.goto(`${server.url}?black=human&white=human&workers=${workers}&moves=${moves}`);
      await waitReady(page);
      if (empties in ENDGAMES) {
        const seen = await watch(page, 120_000, "s.dataset.state === 'done'");
        const at = (kind) => seen.find((s) => s.certainty === kind)?.ms ?? null;
        run.endgames[empties] = { outcomesMs: at('outcome'), exactMs: at('exact') };
      } else {
        const seen = await watch(page, SECONDS * 1000, 'false');
        const after = (ms) => seen.filter((s) => s.ms <= ms).at(-1)?.text ?? null;
        run.midgames[empties] = { '1s': after(1000), '5s': after(5000), [`${SECONDS}s`]: after(SECONDS * 1000) };
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  plain.close();
  isolated.close();
}
console.log(JSON.stringify(results, null, 2));
