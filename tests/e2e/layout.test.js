// Right on every screen: the game, the classroom (every panel open; once more on an
// Othello search with a leaf's breakdown shown), the iframe page and the demo page at nine
// screen sizes from a 320 px phone to a 2560 px monitor, checked by layout-check.js: no sideways
// scrolling, every visible control inside the width and not cut off, no box scrolling sideways
// while the screen has room, the board in view on load. One browser; one context per screen
// size, shared by the pages.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServerAndBrowser } from './helpers.js';
import { layoutProblems, SCREENS } from './layout-check.js';

const { server, browser } = await startServerAndBrowser();

const contexts = new Map(); // closed with the browser

/** The context of one screen size (phones with touch), made once. */
async function contextFor([width, height]) {
  const key = `${width}×${height}`;
  if (!contexts.has(key)) {
    const phone = width <= 414 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {};
    contexts.set(key, await browser.newContext({ viewport: { width, height }, ...phone }));
  }
  return contexts.get(key);
}

const PAGES = {
  'the game page': {
    url: '',
    ready: (page) => page.waitForSelector('html[data-ready="true"]', { timeout: 15_000 }),
    check: { boardSelector: '#board' },
  },
  'the classroom': {
    url: 'classroom.html',
    ready: (page) => page.waitForSelector('html[data-ready="true"]', { timeout: 15_000 }),
    // Every folding panel open too (tree text, comparison, heuristic lab): their tables must fit.
    prepare: (page) => page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true))),
    // The tree may be taller than the screen: it must at least keep within the width.
    check: { boardSelector: '#tree', board: 'width' },
  },
  'the classroom on an Othello search, a leaf shown': {
    url: 'classroom.html?example=othello&moves=f5d6c3&depth=2&lang=pt',
    ready: (page) => page.waitForSelector('html[data-ready="true"]', { timeout: 15_000 }),
    // The search at its end, an evaluated leaf's board and breakdown in the node panel.
    prepare: async (page) => {
      await page.keyboard.press('End');
      await page.locator('.node.leaf').first().click();
      await page.waitForSelector('[data-testid="node-breakdown"]:not([hidden])');
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    },
    check: { boardSelector: '#tree', board: 'width' },
  },
  'the iframe page (embed.html)': {
    url: 'embed.html?show-moves&coordinates',
    ready: (page) => page.locator('[data-testid="status"]').filter({ hasText: 'to move' }).waitFor({ timeout: 15_000 }),
    check: { boardSelector: '[part="board"]' },
  },
  'the demo page (embed-demo.html)': {
    url: 'embed-demo.html',
    ready: (page) => page.waitForFunction(() => document.querySelectorAll('#event-log li[data-type="ready"]').length === 2, null, { timeout: 15_000 }),
    check: { boardSelector: '#demo-board', board: 'width' },
  },
};

for (const [name, { url, ready, prepare, check }] of Object.entries(PAGES)) {
  test(`${name} fits every screen from 320 to 2560 px`, async () => {
    const found = [];
    for (const screen of SCREENS) {
      const page = await (await contextFor(screen)).newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(server.url + url);
      await ready(page);
      if (prepare) await prepare(page);
      const problems = await layoutProblems(page, check);
      for (const problem of [...problems, ...errors]) found.push(`${screen.join('×')}: ${problem}`);
      await page.close();
    }
    assert.ok(found.length === 0, `${name}: ${found.length} problems\n${found.join('\n')}`);
  });
}
