// Review, records and offline play, in headless Chromium through the testing contract:
// review / review-progress / review-table, paste-input / paste-load / moves.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startServerAndBrowser, openPage, waitReady, text, legalSquares, artifacts, waitReviewed } from './helpers.js';

const { server, browser } = await startServerAndBrowser();

/** A whole game (64 moves, passes included): a weak Black (level 1) loses 5–59 to a depth-4 White,
 * with mistakes the review must find. */
const WEAK_BLACK_GAME =
  'd3c5e6d2c6f6c2d6c4b5d7d8f7f5e2d1a5b6e8c8g6c3b2f8e1f1a7a6b4a8f2a4c7e3f4e7b7b8f3g1g2h1h2h3g3a1a2a3b3h4g8g4g5h6g7h5h7b1h8c1';

async function load(page, record) {
  await page.fill('[data-testid="paste-input"]', record);
  await page.click('[data-testid="paste-load"]');
}

test('reviewing a known game fills the table, marks mistakes and shows the best line', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(server.url + '?black=human&white=human');
  await waitReady(page);
  await load(page, WEAK_BLACK_GAME);
  assert.equal(await text(page, 'moves'), WEAK_BLACK_GAME);
  await page.click('[data-testid="review"]');
  // The progress bar shows while the worker scores the positions, and the page stays usable.
  await page.waitForSelector('[data-testid="review-progress"]:not([hidden])', { timeout: 5_000 });
  assert.equal(await page.isDisabled('[data-testid="undo"]'), false);
  await waitReviewed(page, 120_000);
  assert.equal(await page.isHidden('[data-testid="review-progress"]'), true);
  const reviewMs = Number(await page.evaluate(() => document.documentElement.dataset.reviewMs));
  writeFileSync(path.join(artifacts, 'review-ms.txt'), `${reviewMs}\n`);

  const rows = await page.$$eval('[data-testid="review-table"] tbody tr', (trs) =>
    trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())),
  );
  // One row per move (passes included): number, move, score after, loss, class.
  assert.equal(rows.length, 64);
  assert.deepEqual(rows[0].slice(0, 2), ['1', '● d3']);
  assert.match(rows[51 - 1][1], /pass/);
  // The game ends 5–59 with the board full: the last rows' scores are exact.
  assert.equal(rows[63][2], 'White +54');
  const classes = rows.map((r) => r[4]);
  assert.ok(classes.every((c) => ['book', 'forced', 'best', 'good', 'inaccuracy', 'mistake', 'blunder'].includes(c)), classes.join());
  const bad = rows.filter((r) => r[4] === 'mistake' || r[4] === 'blunder');
  assert.ok(bad.length >= 1, 'at least one mistake is marked');
  for (const row of bad) assert.ok(Number(row[3].replace('−', '-')) >= 6, row.join(' | '));
  // The move list marks the same moves.
  const marked = await page.$$eval('#move-list button.mark-mistake, #move-list button.mark-blunder', (bs) => bs.map((b) => b.dataset.ply));
  assert.deepEqual(marked.sort(), bad.map((r) => r[0]).sort());
  // The graph has a point per position and marks.
  assert.equal(await page.locator('[data-testid="review-graph"] .graph-hit').count(), 65);
  assert.ok((await page.locator('[data-testid="review-graph"] .graph-mark').count()) >= bad.length);

  // Choosing a row (keyboard) shows that position with its best move and line.
  const first = bad[0][0];
  await page.focus(`[data-testid="review-table"] button[data-ply="${Number(first) - 1}"]`);
  await page.keyboard.press('Enter');
  assert.match(await text(page, 'review-position'), new RegExp(`After move ${Number(first) - 1}: .*best for \\w+: [a-h][1-8], line .*played .*: (mistake|blunder), lost`));
  // The best move is ringed on the board, and its cell says so (one cell only).
  const best = /best for \w+: ([a-h][1-8])/.exec(await text(page, 'review-position'))[1];
  const ringed = await page.$$eval('[data-square]', (cells) =>
    cells.filter((c) => c.getAttribute('aria-label').endsWith("the review's best move")).map((c) => c.dataset.square),
  );
  assert.deepEqual(ringed, [best]);
  await page.locator('#board').screenshot({ path: path.join(artifacts, 'review-best-move.png') });
  // Clicking a graph point goes to that position.
  await page.locator('[data-testid="review-graph"] .graph-hit[data-ply="10"]').click({ force: true });
  assert.equal(await page.evaluate(() => document.querySelector('#move-list [aria-current]').dataset.ply), '10');
  // Hovering a point shows that position too.
  const box = await page.locator('[data-testid="review-graph"] .graph-hit[data-ply="20"]').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 3);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(() => document.querySelector('#move-list [aria-current]')?.dataset.ply === '20');
  assert.match(await text(page, 'review-position'), /^After move 20: /);

  // Export as GGF carries the review's scores, and reads back.
  await page.selectOption('[data-testid="export-format"]', 'ggf');
  await page.click('[data-testid="export"]');
  const ggf = await page.inputValue('[data-testid="export-output"]');
  assert.match(ggf, /^\(;GM\[Othello\].*PB\[Human\]PW\[Human\]RE\[-54\.00\]BO\[8 -{27}O\*-{6}\*O-{27} \*\]B\[d3\/-?\d/);
  assert.match(ggf, /B\[PA\/-54\]W\[g8\/54\]/);
  await page.screenshot({ path: path.join(artifacts, 'review.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: path.join(artifacts, 'review-dark.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('moves played after a review keep it; changing a reviewed move drops it', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(server.url + '?black=human&white=human');
  await waitReady(page);
  await load(page, 'f5d6c3d3c4');
  await page.click('[data-testid="review"]');
  await waitReviewed(page);
  const rows = () => page.locator('[data-testid="review-table"] tbody tr').count();
  assert.equal(await rows(), 5);
  await page.click(`[data-square="${(await legalSquares(page))[0]}"]`);
  assert.equal(await rows(), 5);
  assert.match(await text(page, 'review-summary'), /The 1 move played since is not reviewed\.$/);
  // Back to before the fifth move, and another move there: the review no longer fits the game.
  await page.click('[data-testid="undo"]');
  await page.click('[data-testid="undo"]');
  const other = (await legalSquares(page)).find((square) => square !== 'c4');
  await page.click(`[data-square="${other}"]`);
  assert.equal(await page.isHidden('[data-testid="review-table"]'), true);
  assert.equal(await text(page, 'review-summary'), '');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a review can be cancelled', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(server.url + '?black=human&white=human');
  await waitReady(page);
  await load(page, WEAK_BLACK_GAME);
  await page.click('[data-testid="review"]');
  await page.click('[data-testid="review-cancel"]');
  assert.equal(await page.isHidden('[data-testid="review-progress"]'), true);
  assert.equal(await text(page, 'status'), 'Review cancelled.');
  assert.equal(await page.isEnabled('[data-testid="review"]'), true);
  assert.equal(await page.isHidden('[data-testid="review-table"]'), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a GGF record loads with its position; bad records name the line and column and keep the game', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(server.url + '?black=human&white=human');
  await waitReady(page);
  const ggf =
    '(;GM[Othello]PC[GGS/os]PB[Ann]PW[Bob]RE[+2.00]TY[8]\n' +
    'BO[8 ---------------------------O*------*O--------------------------- *]\n' +
    'B[f5//1.2]W[d6/-1.5]B[c3/0.00/3];)';
  await load(page, ggf);
  assert.equal(await text(page, 'moves'), 'f5d6c3');
  assert.match(await text(page, 'status'), /GGF record loaded: Ann \(Black\) against Bob \(White\), result Black \+2, 3 moves/);
  assert.equal(await text(page, 'score-black'), '5');
  assert.equal(await text(page, 'score-white'), '2');
  assert.equal(await page.getAttribute('[data-square="c3"]', 'aria-label').then((l) => l.split(',')[1].trim()), 'black disc');
  await page.click('[data-testid="export"]');
  // Exported back, the players, the result and the record's own scores are kept.
  assert.match(await page.inputValue('[data-testid="export-output"]'), /PB\[Ann\]PW\[Bob\]RE\[\+2\.00\].*B\[f5\]W\[d6\/-1\.5\]B\[c3\/0\];\)$/);

  // An OBF line gives its position.
  await load(page, 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38;');
  assert.equal(await text(page, 'moves'), '');
  assert.deepEqual((await legalSquares(page)).includes('a2'), true);

  // A bad record: line and column named, the game (FFO #40 here) kept.
  await load(page, '(;GM[Othello]\nBO[8 ---------------------------O*------*O--------------------------- *]\nB[f5]B[e6];)');
  assert.match(await text(page, 'error'), /GGF, line 3, column 8: move 2 is B\[…\] but white is to move.*current game is kept/);
  assert.ok((await legalSquares(page)).includes('a2'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('in Portuguese the graph\'s axis names the sides by their Portuguese initials', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(server.url + '?black=human&white=human&lang=pt-BR');
  await waitReady(page);
  await load(page, 'f5d6c3d3c4f4');
  await page.click('[data-testid="review"]');
  await waitReviewed(page, 60_000);
  const labels = await page.$$eval('svg.graph .graph-label', (items) => items.map((item) => item.textContent));
  // Pretas above the zero line, Brancas below: never the English B (which reads as Brancas).
  assert.ok(labels.some((label) => /^P \+\d+$/.test(label)) && labels.some((label) => /^B \+\d+$/.test(label)), labels.join(' | '));
  assert.ok(!labels.some((label) => /^W /.test(label)), labels.join(' | '));
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone the strip says the review is done in a line, and leaves its summary and graph in view', { timeout: 180_000 }, async () => {
  const { page, context, errors } = await openPage(browser, { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  await page.goto(server.url + '?black=human&white=human');
  await waitReady(page);
  await load(page, WEAK_BLACK_GAME);
  await page.click('[data-testid="review"]');
  await waitReviewed(page, 120_000);
  assert.equal(await text(page, 'status'), 'Review done: 64 moves scored, the summary below.');
  // The sticky strip stays small, and the summary and the graph scroll into view below it.
  for (const testid of ['review-summary', 'review-graph']) {
    await page.locator(`[data-testid="${testid}"]`).scrollIntoViewIfNeeded();
    const [strip, shown] = await page.evaluate((id) => {
      const box = (el) => el.getBoundingClientRect().toJSON();
      return [box(document.querySelector('[data-testid="state-strip"]')), box(document.querySelector(`[data-testid="${id}"]`))];
    }, testid);
    assert.ok(strip.height < 0.2 * 844, `the strip is ${strip.height} px tall`);
    assert.ok(shown.top >= strip.bottom - 1, `${testid} at ${shown.top} is under the strip (to ${strip.bottom})`);
  }
  await page.screenshot({ path: `${artifacts}/review-phone.png` });
  assert.deepEqual(errors, []);
  await context.close();
});
