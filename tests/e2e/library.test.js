// My games (www/game/library.js): every game kept in the game store is listed with its date,
// players, level and result, across reloads; one opens to be replayed or reviewed; all export as
// one GGF file; one is deleted, with an undo. A record whose moves do not replay is listed as
// damaged, without an Open button, and left out of the export.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, openPage, waitReady, text, artifacts } from './helpers.js';

const server = await startServer();
const browser = await launchBrowser();
after(async () => {
  await browser.close();
  server.close();
});

/** Black to move; a1 takes White's only disc and ends the game with 57 empty squares. */
const ONE_MOVE_TO_END = `-OX${'-'.repeat(24)}XX------XX${'-'.repeat(27)}X`;
const RESULT = 'Black wins 64–0 (7–0 on the board; the 57 empty squares go to the winner)';

/** Waits until the page says its game, with these moves, is written (durably). */
function waitSaved(page, moves) {
  return page.waitForSelector(`html[data-saved-moves="${moves}"]`, { timeout: 10_000, state: 'attached' });
}

/** The rows of My games, opened: each row's text and whether it is this tab's game. */
async function listed(page, count) {
  if (!(await page.locator('[data-testid="library"]').evaluate((d) => d.open))) await page.click('[data-testid="library"] summary');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="library-game"]').length === n, count, { timeout: 10_000 });
  return page.$$eval('[data-testid="library-game"]', (rows) =>
    rows.map((row) => ({
      date: row.querySelector('[data-testid="library-date"]')?.textContent ?? '',
      players: row.querySelector('[data-testid="library-players"]')?.textContent ?? '',
      level: row.querySelector('[data-testid="library-level"]')?.textContent ?? '',
      result: row.querySelector('[data-testid="library-result"]')?.textContent ?? '',
      text: row.textContent ?? '',
      canOpen: Boolean(row.querySelector('[data-testid="library-open"]:not([disabled])')),
    })),
  );
}

test('My games: listed across reloads, opened to review, exported as one GGF file, deleted with an undo', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openPage(browser, { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  await page.goto(`${server.url}?black=human&white=human&board=${ONE_MOVE_TO_END}`);
  await waitReady(page);
  await page.click('[data-square="a1"]');
  await waitSaved(page, 'a1');
  // A second game, against the AI, one move in.
  await page.selectOption('[data-testid="white-player"]', 'ai');
  await page.selectOption('[data-testid="level"]', '2');
  await page.click('[data-testid="new-game"]');
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => (document.documentElement.dataset.savedMoves || '').length === 4, null, { timeout: 10_000 });

  await page.reload();
  await waitReady(page);
  let rows = await listed(page, 2);
  assert.equal(rows[0].players, 'Human – AI level 2');
  assert.equal(rows[0].level, 'level 2');
  assert.match(rows[0].result, /^in progress \(this game\)$/);
  assert.equal(rows[0].canOpen, false, "this tab's game is already open");
  assert.equal(rows[1].players, 'Human – Human');
  assert.equal(rows[1].level, '');
  assert.equal(rows[1].result, RESULT);
  assert.match(rows[1].date, /\d{4}/);
  await page.screenshot({ path: path.join(artifacts, 'library-phone.png'), fullPage: true });

  // Opened: the finished game is on the board, where it ended, and can be reviewed.
  await page.locator('[data-testid="library-open"]').nth(1).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="turn"]').textContent.startsWith('Game over'));
  assert.equal(await text(page, 'turn'), `Game over: ${RESULT}`);
  assert.equal(await text(page, 'moves'), 'a1');
  assert.equal(await page.isVisible('[data-testid="review-offer"]'), true);
  rows = await listed(page, 2);
  assert.match(rows[0].result, /\(this game\)$/, 'the opened game is this tab\'s now');
  assert.match(rows[1].result, /^abandoned after 2 moves$/, 'the game left is kept as abandoned');

  // Every game in one file, one GGF record a line.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="library-export"]')]);
  assert.equal(download.suggestedFilename(), 'othello-games.ggf');
  const file = readFileSync(await download.path(), 'utf8').trim().split('\n');
  assert.equal(file.length, 2);
  assert.ok(file.every((line) => line.startsWith('(;GM[Othello]') && line.endsWith(';)')), file.join('\n'));
  assert.ok(file.some((line) => line.includes('RE[+64.00]') && line.includes('B[a1]')), file.join('\n'));
  assert.match(await text(page, 'status'), /^2 games exported as othello-games\.ggf\.$/);

  // Deleted, put back by Undo, deleted again: gone after a reload, the other game kept.
  await page.locator('[data-testid="library-delete"]').nth(1).click();
  await listed(page, 1);
  await page.click('[data-testid="notices"] [data-key="library"] .message-action');
  rows = await listed(page, 2);
  assert.match(rows[1].result, /^abandoned after 2 moves$/);
  await page.locator('[data-testid="library-delete"]').nth(1).click();
  await listed(page, 1);
  await page.reload();
  await waitReady(page);
  rows = await listed(page, 1);
  assert.equal(rows[0].result, `${RESULT} (this game)`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('My games: a record whose moves do not replay is listed as damaged, as Export all says', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${server.url}?black=human&white=human&board=${ONE_MOVE_TO_END}`);
  await waitReady(page);
  await page.click('[data-square="a1"]');
  await waitSaved(page, 'a1');
  // The game just played, copied with fields of the right types but 500,000 moves that do not
  // replay (a1 twice): the shape checks pass, the engine refuses it.
  await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open('reversi');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const games = request.result.transaction('games', 'readwrite').objectStore('games');
          const all = games.getAll();
          all.onsuccess = () => {
            const [played] = all.result;
            const put = games.put({ ...played, id: 'unplayable', status: 'abandoned', moves: 'a1'.repeat(500_000), ply: 0, updated: played.updated - 1 });
            put.onsuccess = () => resolve(undefined);
            put.onerror = () => reject(put.error);
          };
        };
      }),
  );
  const rows = await listed(page, 2);
  assert.equal(rows[0].result, `${RESULT} (this game)`);
  assert.match(rows[1].text, /^a damaged record \(stored game: .+\), kept as it is$/);
  assert.doesNotMatch(rows[1].text, /abandoned|500/);
  assert.equal(rows[1].canOpen, false, 'a damaged record has no Open button');
  await page.click('[data-testid="library-export"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="status"]').textContent.includes('exported'));
  assert.match(await text(page, 'status'), /^1 game exported as othello-games\.ggf\. 1 damaged record left out\.$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a file of several GGF records: every game goes into My games, the first is shown, Export all writes them in order', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${server.url}?black=human&white=human`);
  await waitReady(page);
  const start = `BO[8 ${'-'.repeat(27)}O*------*O${'-'.repeat(27)} *]`;
  // Three games, one a line; the second's comment holds ';)', which must not split it.
  const file = [
    `(;GM[Othello]PB[Ann]PW[Bob]TY[8]${start}B[f5]W[d6];)`,
    `(;GM[Othello]PB[Cid]PW[Dee]C[a smile ;) here]TY[8]${start}B[e6]W[f4]B[c3];)`,
    `(;GM[Othello]PB[Eve]PW[Fay]TY[8]${start}B[d3];)`,
  ].join('\n');
  await page.fill('[data-testid="paste-input"]', file);
  await page.click('[data-testid="paste-load"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="moves"]').textContent === 'f5d6');
  assert.match(await text(page, 'status'), /The file holds 3 games: all kept in My games, the first shown\.$/);
  const rows = await listed(page, 3);
  const players = rows.map((r) => r.players).sort();
  assert.deepEqual(players, ['Ann – Bob', 'Cid – Dee', 'Eve – Fay']);
  assert.match(rows.find((r) => r.players === 'Ann – Bob').result, /\(this game\)$/);
  // Export all: the file's games in the file's order (the oldest first).
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="library-export"]')]);
  const lines = readFileSync(await download.path(), 'utf8').trim().split('\n');
  assert.equal(lines.length, 3, lines.join('\n'));
  assert.deepEqual(lines.map((line) => /PB\[(\w+)\]/.exec(line)?.[1]), ['Ann', 'Cid', 'Eve']);
  assert.match(lines[1], /B\[e6\]W\[f4\]B\[c3\]/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Export all: the oldest game first even when it was opened again, with its review\'s scores', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${server.url}?black=human&white=human&moves=f5d6c3`);
  await waitReady(page);
  await page.click('[data-testid="review"]');
  await page.waitForFunction(() => document.documentElement.dataset.reviewMs !== undefined, null, { timeout: 30_000 });
  // Saved with the review's scores (the moves' own, for their movers).
  await page.waitForFunction(
    () =>
      new Promise((resolve) => {
        const request = indexedDB.open('reversi');
        request.onsuccess = () => {
          const all = request.result.transaction('games').objectStore('games').getAll();
          all.onsuccess = () => resolve(all.result.some((r) => r.review && r.review.scores.length === 3));
        };
      }),
    null,
    { timeout: 10_000 },
  );
  // A later game, then the reviewed one opened again (which updates it).
  await page.click('[data-testid="new-game"]');
  await page.click('[data-square="e6"]');
  await waitSaved(page, 'e6');
  await listed(page, 2);
  await page.locator('[data-testid="library-open"]').nth(1).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="moves"]').textContent === 'f5d6c3');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="library-export"]')]);
  const lines = readFileSync(await download.path(), 'utf8').trim().split('\n');
  assert.equal(lines.length, 2, lines.join('\n'));
  assert.match(lines[0], /B\[f5\/-?\d+(\.\d)?\]W\[d6\/-?\d+(\.\d)?\]B\[c3\/-?\d+(\.\d)?\]/, 'the reviewed game first, with its scores (a whole number of discs without decimals)');
  assert.match(lines[1], /B\[e6\];\)$/, 'the later game after it, unreviewed');
  // Exported alone from the board, the opened game keeps its review's scores too.
  await page.selectOption('[data-testid="export-format"]', 'ggf');
  await page.click('[data-testid="export"]');
  assert.match(await page.inputValue('[data-testid="export-output"]'), /B\[f5\/-?\d+(\.\d)?\]W\[d6\//);
  assert.deepEqual(errors, []);
  await context.close();
});
