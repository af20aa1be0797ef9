// The opening book and the openings' names on the page: names as the game is played and
// looked back through, a game started from a named line, where the game left the book, the book's
// moves "book" in the review, and a damaged book that leaves the game playing without it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServerAndBrowser, openPage, waitReady, text, legalSquares, waitReviewed } from './helpers.js';

const { server, browser } = await startServerAndBrowser();

async function open(page, url) {
  await page.goto(server.url + url);
  await waitReady(page);
}

/** Waits until the AI worker has the book (the page's reader too). */
async function waitBook(page) {
  await page.waitForFunction(() => document.querySelector('[data-testid="book-status"]').textContent !== '', null, { timeout: 20_000 });
}

test('the opening is named as it is played, up to symmetry, and when looking back', async () => {
  const { page, context, errors } = await openPage(browser);
  for (const [moves, name] of [
    ['f5d6c3d3c4', 'Tiger'],
    ['c4e3f6e6f5', 'Tiger'],
    ['f5f6e6d6c5', 'Cow'],
    ['f5d6c5f4e3c6d3f6e6d7', 'Rose'],
  ]) {
    await open(page, `?black=human&white=human&moves=${moves}`);
    assert.equal(await text(page, 'opening-name'), name, moves);
  }
  // Looking back: the name of the position shown.
  await page.click('#move-list button[data-ply="2"]');
  assert.equal(await text(page, 'opening-name'), await page.evaluate(() => document.querySelector('[data-testid="opening-name"]').textContent));
  await page.click('#move-list button[data-ply="1"]');
  assert.equal(await text(page, 'opening-name'), '');
  assert.equal(await page.isHidden('#opening'), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game starts from a named line, by the menu or the address', async () => {
  const { page, context, errors } = await openPage(browser);
  await open(page, '?black=human&white=human&opening=tiger');
  assert.equal(await text(page, 'moves'), 'f5d6c3d3c4');
  assert.equal(await text(page, 'opening-name'), 'Tiger');
  await page.selectOption('[data-testid="play-opening"]', 'Cow');
  assert.equal(await text(page, 'opening-name'), 'Cow');
  assert.match(await text(page, 'status'), /Cow opening/);
  await open(page, '?black=human&white=human&opening=no-such-line');
  assert.match(await text(page, 'error'), /opening=no-such-line is not an opening name/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the book: where the game left it, book hints, and the four first moves "book" in the review', async () => {
  const { page, context, errors } = await openPage(browser);
  await open(page, '?black=human&white=human&moves=f5');
  await waitBook(page);
  assert.equal(await text(page, 'book-status'), 'In the opening book (1 move).');
  await page.check('[data-testid="hints"]');
  await page.waitForFunction(() => document.querySelector('[data-square][aria-label*="book move"]'), null, { timeout: 20_000 });
  for (const first of ['f5', 'd3', 'c4', 'e6']) {
    await open(page, `?black=human&white=human&moves=${first}`);
    await page.click('[data-testid="review"]');
    await waitReviewed(page);
    const row = await page.$$eval('[data-testid="review-table"] tbody tr', (trs) => [...trs[0].children].map((c) => c.textContent.trim()));
    assert.equal(row[4], 'book', `${first}: ${row.join(' | ')}`);
    assert.equal(Number(row[3]), 0, `${first}: no loss: ${row.join(' | ')}`);
  }
  // A game that leaves the book says after which move.
  await open(page, '?black=human&white=human&moves=f5f4f3f6d3f2g6c3b3b2');
  await waitBook(page);
  const status = await text(page, 'book-status');
  const left = Number(/^Out of book after move (\d+)\.$/.exec(status)?.[1]);
  assert.ok(left >= 1 && left < 10, status);
  const marked = await page.$$eval('#move-list li.out-of-book button', (bs) => bs.map((b) => b.dataset.ply));
  assert.deepEqual(marked, [String(left + 1)], 'the first move out of the book is marked in the list');
  // The review says the same move.
  await page.click('[data-testid="review"]');
  await waitReviewed(page);
  assert.match(await text(page, 'review-summary'), new RegExp(`Out of book after move ${left}\\.`));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a damaged book is a notice, and the game plays on without it', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.route('**/weights/book.bin', (route) => route.fulfill({ status: 200, body: Buffer.from('not a book at all') }));
  await open(page, '?black=human&white=ai&level=9');
  await page.waitForFunction(() => /opening book could not be loaded/.test(document.querySelector('[data-testid="notice"]')?.textContent), null, { timeout: 20_000 });
  await page.click(`[data-square="${(await legalSquares(page))[0]}"]`);
  await page.waitForFunction(() => document.querySelector('[data-testid="moves"]').textContent.length === 4, null, { timeout: 30_000 });
  assert.deepEqual(errors, []);
  await context.close();
});
