// The Study area's opening explorer (www/game/explorer.js): the book's moves of the position shown
// with their values, how far the book goes on, and the named openings; a move's button plays
// it; beyond the book it says so; in Portuguese too.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServerAndBrowser, openPage, waitReady, text } from './helpers.js';

const { server, browser } = await startServerAndBrowser();

/** The explorer's rows: move, value, the book's line, openings. */
const rows = (page) =>
  page.$$eval('[data-testid="explorer-move"]', (trs) =>
    trs.map((tr) => ({
      move: tr.dataset.move,
      cells: [...tr.children].map((c) => c.textContent.trim()),
      // Every opening further on (the cell shows the nearest few).
      leadsTo: tr.lastElementChild.querySelector('span[title]')?.getAttribute('title') ?? '',
    })),
  );
const inBook = (page) => page.waitForSelector('[data-testid="study-explorer"][data-state="book"]', { timeout: 15_000 });

test('at the start the book has the four symmetric first moves; a button plays one', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${server.url}?black=human&white=human`);
  await waitReady(page);
  await inBook(page);
  const start = await rows(page);
  assert.deepEqual(start.map((r) => r.move).sort(), ['c4', 'd3', 'e6', 'f5']);
  // Symmetric: one value for all four, the position's own.
  assert.equal(new Set(start.map((r) => r.cells[1])).size, 1);
  assert.match(await text(page, 'explorer-status'), new RegExp(`^In the book: ${start[0].cells[1].replace('+', '\\+')}, 4 book moves\\.$`));
  for (const row of start) {
    assert.match(row.cells[1], /^(Black|White) \+\d+\.0$|^Even 0\.0$/, 'book values are discs with their side');
    assert.match(row.cells[2], /^\d+ more moves?: [a-h][1-8]/);
    assert.match(row.cells[3], /^leads to /);
    for (const name of ['Tiger', 'Rose', 'Cow']) assert.ok(row.leadsTo.split(', ').includes(name), `${row.move} leads to ${name}: ${row.leadsTo}`);
  }
  await page.click('[data-testid="explorer-move"][data-move="f5"] button');
  await page.waitForFunction(() => document.querySelector('[data-testid="moves"]').textContent === 'f5');
  await page.waitForFunction(() => !document.querySelector('[data-testid="explorer-move"][data-move="f5"]'));
  const replies = await rows(page);
  assert.ok(replies.some((r) => r.move === 'd6' && /Perpendicular/.test(r.cells[3])), JSON.stringify(replies));
  assert.ok(replies.some((r) => r.move === 'f6' && /Diagonal/.test(r.cells[3])), JSON.stringify(replies));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a move named by the book reaches its opening; beyond the book the explorer says so', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${server.url}?black=human&white=human&moves=f5d6c3d3`);
  await waitReady(page);
  await inBook(page);
  const tiger = (await rows(page)).find((r) => r.move === 'c4');
  assert.ok(tiger, 'c4 is a book move');
  assert.match(tiger.cells[3], /^Tiger/);
  // Forty-six moves on, far beyond the book.
  await page.goto(`${server.url}?black=human&white=human&moves=e6f4f3f6g6f2g4g7c4h6f5h5h3d3d2e7h7g5d6c3f8h4c2e8g3d7c7d1h8b2f1g8e3b3c1b7a1f7c6g2b1e1a3a2g1h1`);
  await waitReady(page);
  await page.waitForSelector('[data-testid="study-explorer"][data-state="beyond"]', { timeout: 15_000 });
  assert.equal(await text(page, 'explorer-status'), 'This position is beyond the opening book.');
  assert.equal((await rows(page)).length, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('in Portuguese the explorer and the analysis speak it', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${server.url}?black=human&white=human&lang=pt-BR`);
  await waitReady(page);
  await inBook(page);
  assert.match(await text(page, 'explorer-status'), /^No livro: (Pretas|Brancas|Empate) .*, 4 jogadas do livro\.$/);
  assert.equal(await page.locator('#study-explorer-heading').textContent(), 'Explorador de aberturas');
  assert.equal(await page.locator('#study-analysis-heading').textContent(), 'Análise ao vivo');
  assert.match((await rows(page))[0].cells[2], /^mais \d+ jogadas?: /);
  assert.deepEqual(errors, []);
  await context.close();
});

test('while a position is set up the explorer describes it, not the game behind the editor', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${server.url}?black=human&white=human&moves=f5d6c3d3`);
  await waitReady(page);
  await inBook(page);
  // The editor opens on the game's position: the same book moves, which cannot be played from it.
  await page.click('[data-testid="setup-open"]');
  await page.waitForSelector('[data-testid="setup"]:not([hidden])');
  assert.ok((await rows(page)).some((r) => r.move === 'c4'), 'the position set up is the Tiger\'s start');
  assert.equal(await page.locator('[data-testid="explorer-move"] button:not([disabled])').count(), 0, 'no book move can be played while editing');
  // A disc put on a1: a position the book has never seen.
  await page.click('[data-square="a1"]');
  await page.waitForSelector('[data-testid="study-explorer"][data-state="beyond"]', { timeout: 15_000 });
  assert.equal(await text(page, 'explorer-status'), 'This position is beyond the opening book.');
  assert.equal((await rows(page)).length, 0);
  // Closed again (Cancel): the game's position, in the book.
  await page.click('[data-testid="setup-cancel"]');
  await inBook(page);
  assert.ok((await rows(page)).some((r) => r.move === 'c4'));
  assert.deepEqual(errors, []);
  await context.close();
});
