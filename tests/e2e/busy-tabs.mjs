// Several games at once on one machine: N tabs of the game page, AI against AI, for S seconds,
// from a position out of the opening book (the AI thinks for every move).
// Per tab: the longest gap between animation frames, the gaps over 200 ms, the long tasks (Long
// Tasks API, wall time) over 200 ms, and the moves played. Then, from a trace of the whole
// browser, the pages' own work: each renderer main thread's tasks by thread time (CPU time spent
// on that thread, which a loaded machine does not inflate), the longest and those over 50 ms.
// Not a test: a measurement for docs/log/browser.md (run it on the machine the log names).
//
//   node tests/e2e/busy-tabs.mjs [tabs=4] [seconds=60] [level=9] [site root=the repository]

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, repoRoot, artifacts } from './helpers.js';

const [tabs = 4, seconds = 60, level = 9] = process.argv.slice(2, 5).map(Number);
const root = process.argv[5] || repoRoot;

const server = await startServer(root);
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
await context.addInitScript(() => {
  const record = { gaps: [], longTasks: [], last: 0 };
  /** @type {any} */ (window).busy = record;
  const tick = (now) => {
    if (record.last) record.gaps.push(now - record.last);
    record.last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
});
const pages = [];
for (let i = 0; i < tabs; i++) {
  const page = await context.newPage();
  await page.goto(`${server.url}?black=ai&white=ai&level=${level}&moves=f5f4f3f6d3f2g6c3b3b2`);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
  pages.push(page);
}
await browser.startTracing(undefined, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] });
// Counted from here: the tabs are loaded and playing.
await Promise.all(pages.map((page) => page.evaluate(() => {
  const record = /** @type {any} */ (window).busy;
  record.gaps = [];
  record.longTasks = [];
})));
await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
const trace = JSON.parse((await browser.stopTracing()).toString());

const rows = [];
for (const [i, page] of pages.entries()) {
  const { gaps, longTasks, moves } = await page.evaluate(() => ({
    .../** @type {any} */ (window).busy,
    moves: document.querySelector('[data-testid="moves"]').textContent.length / 2 - 10,
  }));
  rows.push({
    tab: i + 1,
    frames: gaps.length,
    longestGapMs: Math.round(Math.max(0, ...gaps)),
    gapsOver200: gaps.filter((g) => g > 200).length,
    longTasksOver200: longTasks.filter((d) => d > 200).length,
    longestTaskMs: Math.round(Math.max(0, ...longTasks)),
    moves,
  });
}

// The renderer main threads and their tasks' thread time (µs in the trace).
const mains = new Set(
  trace.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
);
const tasks = trace.traceEvents.filter((e) => e.name === 'RunTask' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`) && typeof e.tdur === 'number');
const threadMs = tasks.map((e) => e.tdur / 1000);
const wallMs = tasks.map((e) => e.dur / 1000);
const own = {
  tasks: tasks.length,
  longestThreadMs: Math.round(Math.max(0, ...threadMs)),
  threadOver50: threadMs.filter((t) => t > 50).length,
  threadOver200: threadMs.filter((t) => t > 200).length,
  wallOver200: wallMs.filter((t) => t > 200).length,
  totalThreadMs: Math.round(threadMs.reduce((a, b) => a + b, 0)),
};
// What the main threads spend their time on, by trace event name (thread time, children included).
const byName = new Map();
for (const e of trace.traceEvents) {
  if (e.ph !== 'X' || !mains.has(`${e.pid}:${e.tid}`) || typeof e.tdur !== 'number' || e.name === 'RunTask') continue;
  byName.set(e.name, (byName.get(e.name) || 0) + e.tdur / 1000);
}
const top = [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([name, ms]) => `${name} ${Math.round(ms)} ms`);

const load = (await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ');
const report = { date: new Date().toISOString().slice(0, 10), tabs, seconds, level, root, load, rows, own, top };
console.log(`load average at the end: ${load}`);
console.table(rows);
console.log(JSON.stringify({ own, top }, null, 2));
writeFileSync(path.join(artifacts, `busy-tabs-${tabs}x${seconds}s.json`), JSON.stringify(report, null, 2));
await browser.close();
server.close();
