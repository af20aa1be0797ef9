// Every game kept, in IndexedDB (www/game/game-store.js, tab-game.js): written at each move with
// strict durability, so that a browser killed just after a move keeps it; each tab its own game,
// never another tab's; finished and abandoned games kept; the older localStorage slot moved once;
// a store that cannot be written is said and the game goes on.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, launchBrowser, launchPersistentBrowser, browserPid, openPage, waitReady, text, artifacts } from './helpers.js';

const server = await startServer();
const browser = await launchBrowser();
after(async () => {
  await browser.close();
  server.close();
});

/** Every record of the game store, as the page's origin has them. */
function storedGames(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open('reversi');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const all = db.transaction('games').objectStore('games').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** Waits until the page says its game, with these moves, is written (durably). */
function waitSaved(page, moves) {
  return page.waitForSelector(`html[data-saved-moves="${moves}"]`, { timeout: 10_000, state: 'attached' });
}

test('a browser killed just after a move keeps the game with that move', { timeout: 90_000 }, async () => {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'profile-'));
  try {
    let context = await launchPersistentBrowser(profile);
    let page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${server.url}?black=human&white=human`);
    await waitReady(page);
    await page.click('[data-square="f5"]');
    await page.click('[data-square="d6"]');
    await waitSaved(page, 'f5d6');
    // As a crash or a power cut would: no time to write anything more.
    const moved = Date.now();
    process.kill(browserPid(profile), 'SIGKILL');
    assert.ok(Date.now() - moved < 1000);
    await context.close().catch(() => {}); // already gone

    context = await launchPersistentBrowser(profile);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(server.url);
    await waitReady(page);
    assert.equal(await text(page, 'moves'), 'f5d6');
    assert.equal(await page.inputValue('[data-testid="white-player"]'), 'human');
    await context.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});

test('two tabs play two games; each keeps its own over a reload', { timeout: 60_000 }, async () => {
  const { page: first, context, errors } = await openPage(browser);
  await first.goto(`${server.url}?black=human&white=human`);
  await waitReady(first);
  await first.click('[data-square="f5"]');
  await waitSaved(first, 'f5');
  // A second tab: the first one holds its game, so this one starts a new game.
  const second = await context.newPage();
  second.on('pageerror', (error) => errors.push(String(error)));
  await second.goto(`${server.url}?black=human&white=human`);
  await waitReady(second);
  assert.equal(await text(second, 'moves'), '');
  await second.click('[data-square="d3"]');
  await waitSaved(second, 'd3');
  await first.click('[data-square="f6"]');
  await waitSaved(first, 'f5f6');
  await Promise.all([first.reload(), second.reload()]);
  await Promise.all([waitReady(first), waitReady(second)]);
  assert.equal(await text(first, 'moves'), 'f5f6');
  assert.equal(await text(second, 'moves'), 'd3');
  // Closed, the first tab's game is the one a new tab resumes (the second tab holds its own).
  await first.close();
  const third = await context.newPage();
  await third.goto(server.url);
  await waitReady(third);
  assert.equal(await text(third, 'moves'), 'f5f6');
  assert.deepEqual(errors, []);
  await context.close();
});

test('four games in four tabs leave four records; a game left for a new one is kept, abandoned', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  const pages = [page, ...(await Promise.all([1, 2, 3].map(() => context.newPage())))];
  const openings = ['f5', 'd3', 'c4', 'e6'];
  for (const [i, tab] of pages.entries()) {
    tab.on('pageerror', (error) => errors.push(String(error)));
    await tab.goto(`${server.url}?black=human&white=human`);
    await waitReady(tab);
    await tab.click(`[data-square="${openings[i]}"]`);
    await waitSaved(tab, openings[i]);
  }
  const games = await storedGames(page);
  assert.deepEqual(games.map((g) => g.moves).sort(), [...openings].sort());
  assert.ok(games.every((g) => g.status === 'in-progress' && g.created <= g.updated && g.players.black === 'human'));
  assert.equal(new Set(games.map((g) => g.id)).size, 4);

  // New game in the first tab: its game is kept as abandoned, the new one is a record of its own.
  await page.click('[data-testid="new-game"]');
  await page.click('[data-square="c4"]');
  await waitSaved(page, 'c4');
  const after = await storedGames(page);
  assert.equal(after.length, 5);
  assert.equal(after.find((g) => g.moves === 'f5').status, 'abandoned');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a finished game is kept, finished, with its result', { timeout: 30_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  // White has no move, Black has a1 (a white disc on b1, black everywhere else).
  await page.goto(`${server.url}?black=human&white=human&board=-O${'X'.repeat(62)}O`);
  await waitReady(page);
  await page.click('[data-square="a1"]');
  await page.waitForFunction(() => document.documentElement.dataset.savedMoves?.endsWith('a1'));
  const [game] = await storedGames(page);
  assert.equal(game.status, 'finished');
  assert.equal(game.result, 'Black wins 64–0');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the game saved by the earlier version of the page is moved into the store once and resumed', { timeout: 30_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  // A page of the origin (the game's page not yet run), to write what the earlier version left.
  await page.route(`${server.url}blank.html`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,"><title>blank</title>' }));
  await page.goto(`${server.url}blank.html`);
  await page.evaluate(() =>
    localStorage.setItem(
      'reversi.game.v1',
      JSON.stringify({
        startBoard: `${'-'.repeat(27)}OX------XO${'-'.repeat(27)} X`,
        moves: 'f5d6c3',
        ply: 3,
        players: { black: 'human', white: 'human' },
        level: 5,
        hints: false,
        record: { black: 'Ann', white: 'Bob', result: '', evaluations: [], key: 'x' },
      }),
    ),
  );
  await page.goto(server.url);
  await waitReady(page);
  assert.equal(await text(page, 'moves'), 'f5d6c3');
  assert.equal(await page.inputValue('[data-testid="level"]'), '5');
  assert.equal(await page.evaluate(() => localStorage.getItem('reversi.game.v1')), null);
  const games = await storedGames(page);
  assert.equal(games.length, 1);
  assert.equal(games[0].status, 'in-progress');
  await page.reload();
  await waitReady(page);
  assert.equal(await text(page, 'moves'), 'f5d6c3');
  assert.equal((await storedGames(page)).length, 1, 'moved once');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a store without room (quota) is said, and the game goes on', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  // No room for this site in this (fresh) profile, from before its first visit.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: server.url.replace(/\/$/, ''), quotaSize: 1 });
  await page.goto(`${server.url}?black=human&white=human`);
  await waitReady(page);
  await page.click('[data-square="f5"]');
  await page.waitForSelector('[data-testid="notice"][data-key="storage"]');
  assert.match(await text(page, 'notice', 'storage'), /^This game is not being saved \(.+\); it will be lost when the page is closed\. Games saved before are kept\.$/);
  await page.click('[data-square="d6"]');
  assert.equal(await text(page, 'moves'), 'f5d6', 'the game goes on');
  assert.deepEqual(await storedGames(page), []);
  await page.screenshot({ path: path.join(artifacts, 'notice-not-saved.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a store taken away (a newer version of the page upgrading it in another tab) is said; what was stored stays', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${server.url}?black=human&white=human`);
  await waitReady(page);
  await page.click('[data-square="f5"]');
  await waitSaved(page, 'f5');
  const other = await context.newPage();
  await other.goto(`${server.url}www/offline/classroom-offline.html`);
  await other.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open('reversi', 2); // the page gives its connection up
        request.onsuccess = () => resolve(undefined); // and this one keeps it, unclosed
        request.onerror = () => reject(request.error);
      }),
  );
  await page.click('[data-square="d6"]');
  await page.waitForSelector('[data-testid="notice"][data-key="storage"]');
  assert.equal(await text(page, 'moves'), 'f5d6', 'the game goes on');
  assert.deepEqual((await storedGames(other)).map((g) => g.moves), ['f5']);
  assert.deepEqual(errors, []);
  await context.close();
});
