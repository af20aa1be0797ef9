// Practice in headless Chromium, through the testing contract: practice-mistakes, practice-drill,
// practice-prompt, practice-board, practice-feedback, practice-next, practice-record.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServerAndBrowser, startServer, launchBrowser, openPage, waitReady, text, waitReviewed } from './helpers.js';

const { server, browser } = await startServerAndBrowser();

/** The last 22 moves of review.test.js's game (18 empty squares, so the review is exact and quick),
 * from its position after 42 moves: Black's h2 loses 10 discs, White's h3 4, White's a1 8. */
const ENDGAME =
  '(;GM[Othello]PB[a]PW[b]TY[8]BO[8 ---OOOOO-*****O---**OO--O**OO*--O*OOO*--O*OOO**-OOOOO*--OOOOOO-- *]' +
  'B[h2]W[h3]B[g3]W[a1]B[a2]W[a3]B[b3]W[h4]B[PA]W[g8]B[PA]W[g4]B[g5]W[h6]B[g7]W[h5]B[h7]W[b1]B[PA]W[h8]B[PA]W[c1];)';

/** Taps a square of the practice board. */
async function tap(page, square) {
  await page.locator(`[data-testid="practice-board"] [data-square="${square}"]`).click();
}

/** The practice board's cell label of `square`. */
function cellLabel(page, square) {
  return page.locator(`[data-testid="practice-board"] [data-square="${square}"]`).getAttribute('aria-label');
}

test('a reviewed game gives back its mistakes: a 10-disc mistake refused twice, then the answer; the best move accepted; after a reload, an 8-disc mistake refused and the best move accepted at the second try', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(server.url + '?black=human&white=human');
  await waitReady(page);
  await page.waitForSelector('[data-testid="practice-mistakes"]');
  assert.equal(await page.isDisabled('[data-testid="practice-mistakes"]'), true, 'nothing to practise before a review');
  await page.fill('[data-testid="paste-input"]', ENDGAME);
  await page.click('[data-testid="paste-load"]');
  await page.click('[data-testid="review"]');
  await waitReviewed(page);
  // White's best moves before its h3 and its a1 (the review's positions after moves 1 and 3).
  await page.click('[data-testid="review-table"] button[data-ply="1"]');
  const whiteBest = /best for White: ([a-h][1-8])/.exec(await text(page, 'review-position'))[1];
  await page.click('[data-testid="review-table"] button[data-ply="3"]');
  const whiteBestLater = /best for White: ([a-h][1-8])/.exec(await text(page, 'review-position'))[1];
  assert.equal(await text(page, 'practice-mistakes'), 'Practise your mistakes (3 positions)');

  await page.click('[data-testid="practice-mistakes"]');
  assert.match(await text(page, 'practice-prompt'), /^Position 1 of 3, move 1 of the game: Black to move\. h2 was played here and lost 10 discs/);
  // The mistake itself, twice: refused, a second try, then the answer and its line.
  await tap(page, 'h2');
  await page.waitForFunction(() => /Try again/.test(document.querySelector('[data-testid="practice-feedback"]').textContent));
  assert.match(await text(page, 'practice-feedback'), /^h2 is worth White \+\d+ \(exact\): 10 discs less than the best\. Try again\.$/);
  assert.match(await cellLabel(page, 'h2'), /tried: White \+\d+ \(exact\)/);
  await tap(page, 'h2');
  await page.waitForSelector('[data-testid="practice-board"][data-solved="answer"]');
  const feedback = await text(page, 'practice-feedback');
  const answer = /The answer: ([a-h][1-8]), worth (White|Black|Even) \+?\d+ \(exact\); line ((?:[a-h][1-8]|pass)(?: (?:[a-h][1-8]|pass))*)\.$/.exec(feedback);
  assert.ok(answer, feedback);
  assert.equal(answer[3].split(' ')[0], answer[1]);
  // The line is on the board, numbered from its first move.
  assert.match(await cellLabel(page, answer[1]), /move 1 of the answer's line/);
  assert.equal(await page.isHidden('[data-testid="practice-answer"]'), true);

  // The next one, White's h3 (4 discs lost): the review's best move is right at the first try.
  await page.click('[data-testid="practice-next"]');
  assert.match(await text(page, 'practice-prompt'), /^Position 2 of 3, move 2 of the game: White to move\. h3 was played here and lost 4 discs/);
  await tap(page, whiteBest);
  await page.waitForSelector('[data-testid="practice-board"][data-solved="1"]');
  assert.match(await text(page, 'practice-feedback'), new RegExp(`^Right: ${whiteBest} is worth White \\+\\d+ \\(exact\\); the best is worth White \\+\\d+ \\(exact\\)\\.$`));
  assert.equal(await text(page, 'practice-record'), 'These mistakes: 2 of 3 practised, 1 solved at the first try, 0 at the second.');

  // A reload (the review is gone with it) goes on with the third.
  await page.reload();
  await waitReady(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="practice-mistakes"]')?.textContent === 'Go on practising (1 position left)');
  await page.click('[data-testid="practice-mistakes"]');
  assert.match(await text(page, 'practice-prompt'), /^Position 3 of 3, move 4 of the game: White to move\. a1 was played here and lost 8 discs/);
  assert.equal(await text(page, 'practice-record'), 'These mistakes: 2 of 3 practised, 1 solved at the first try, 0 at the second.');
  // The 8-disc mistake refused, then the best move right at the second try.
  await tap(page, 'a1');
  await page.waitForFunction(() => /Try again/.test(document.querySelector('[data-testid="practice-feedback"]').textContent));
  assert.match(await text(page, 'practice-feedback'), /^a1 is worth White \+\d+ \(exact\): 8 discs less than the best\. Try again\.$/);
  await tap(page, whiteBestLater);
  await page.waitForSelector('[data-testid="practice-board"][data-solved="2"]');
  assert.match(await text(page, 'practice-feedback'), new RegExp(`^Right at the second try: ${whiteBestLater} is worth White \\+\\d+ \\(exact\\)`));
  assert.equal(await text(page, 'practice-record'), 'These mistakes: 3 of 3 practised, 1 solved at the first try, 1 at the second. That was the last one.');
  assert.equal(await page.isHidden('[data-testid="practice-next"]'), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a midgame mistake: the practice says the loss the review said, with the same scores', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(server.url + '?black=human&white=human');
  await waitReady(page);
  // After the study area's 46-empty middlegame, Black's worst move as one worker's review
  // analysis scores it (the course evaluation: only to choose a move that loses a lot).
  const line = 'f5d6c3d3c4f4f6f3e6e7d7c6b6c5';
  const { board, worst } = await page.evaluate(async (line) => {
    const { Game } = await import('./www/pkg/reversi.js');
    const { EngineClient } = await import('./www/common/engine-client.js');
    const module = await WebAssembly.compileStreaming(fetch('./www/pkg/reversi_bg.wasm'));
    const client = new EngineClient({ module, ttMegabytes: 16, files: { weights: 'none', book: 'none' } });
    const board = Game.fromTranscript(line).board;
    const part = await client.reviewPart(board, '', { depth: 4 }, 0);
    client.close();
    return { board, worst: part.position.values.at(-1).move };
  }, line);
  // The game starts there: that move is its only one.
  await page.goto(server.url + `?black=human&white=human&board=${encodeURIComponent(board)}&moves=${worst}`);
  await waitReady(page);
  await page.click('[data-testid="review"]');
  await waitReviewed(page);
  // The review's row of the move: the score after it and its loss.
  const [, score, loss] = await page.$$eval('[data-testid="review-table"] tbody tr:first-child td', (cells) => cells.map((c) => c.textContent));
  assert.match(score, /^(White|Black) \+\d+\.\d$/);
  assert.match(loss, /^\d+\.\d$/);
  assert.ok(Number(loss) >= 3, `${worst} loses ${loss} discs: a position to practise`);
  await page.click('[data-testid="practice-mistakes"]');
  assert.match(await text(page, 'practice-prompt'), new RegExp(`${worst} was played here and lost ${loss.replace('.', '\\.')} discs`));
  await tap(page, worst);
  await page.waitForFunction(() => /Try again/.test(document.querySelector('[data-testid="practice-feedback"]').textContent));
  // The practice's score of the move is the review's score after it, and its loss the review's.
  assert.equal(await text(page, 'practice-feedback'), `${worst} is worth ${score} (estimate): ${loss} discs less than the best. Try again.`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an FFO drill judges at once by its exact values, and solves the answer\'s line in the worker', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(server.url + '?black=human&white=human');
  await waitReady(page);
  await page.waitForSelector('[data-testid="practice-drill"]:not([disabled])');
  const options = await page.$$eval('[data-testid="practice-drill"] option', (os) => os.map((o) => o.textContent));
  assert.equal(options.length, 80);
  assert.equal(options[1], '#1 · 14 empty squares · Black');
  assert.equal(options[40], '#40 · 20 empty squares · Black');
  // FFO #1: G8 +18 is the best, H1 +12.
  await page.selectOption('[data-testid="practice-drill"]', '1');
  assert.equal(await text(page, 'practice-prompt'), 'FFO #1, 14 empty squares: Black to move. Find the best move (exact).');
  await tap(page, 'h1');
  assert.equal(await text(page, 'practice-feedback'), 'h1 is worth Black +12 (exact): 6 discs less than the best. Try again.');
  await tap(page, 'g8');
  await page.waitForSelector('[data-testid="practice-board"][data-solved="2"]');
  assert.match(await text(page, 'practice-feedback'), /Right at the second try: g8 is worth Black \+18 \(exact\); the best is worth Black \+18 \(exact\)\.$/);
  // The next drill, #2 (A4 +10): right at the first try.
  await page.click('[data-testid="practice-next"]');
  await tap(page, 'a4');
  await page.waitForSelector('[data-testid="practice-board"][data-solved="1"]');
  assert.match(await text(page, 'practice-record'), /^FFO drills: 2 of 79 tried, 1 solved at the first try, 1 at the second\.$/);
  assert.match(await page.locator('[data-testid="practice-drill"] option[value="1"]').textContent(), /solved at the second try$/);
  // FFO #21 (15 empty squares, White's G5 0): the answer, then its line to the end, solved by the
  // worker.
  await page.selectOption('[data-testid="practice-drill"]', '21');
  await page.click('[data-testid="practice-answer"]');
  await page.waitForFunction(() => /; line /.test(document.querySelector('[data-testid="practice-feedback"]').textContent), null, { timeout: 30_000 });
  assert.match(await text(page, 'practice-feedback'), /^The answer: g5, worth Even 0 \(exact\); line g5( ([a-h][1-8]|pass)){8,}\.$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a drill works the same on a cross-origin isolated page (the AI a team of workers)', async () => {
  const isolated = await startServer(undefined, { isolated: true });
  const other = await launchBrowser();
  try {
    const { page, errors } = await openPage(other);
    await page.goto(isolated.url + '?black=human&white=human&workers=2');
    await waitReady(page);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.aiWorkers), 'team');
    await page.waitForSelector('[data-testid="practice-drill"]:not([disabled])');
    await page.selectOption('[data-testid="practice-drill"]', '21');
    await page.click('[data-testid="practice-answer"]');
    await page.waitForFunction(() => /; line /.test(document.querySelector('[data-testid="practice-feedback"]').textContent), null, { timeout: 30_000 });
    assert.deepEqual(errors, []);
  } finally {
    await other.close();
    isolated.close();
  }
});

test('at 1024×768 the practice button fits on one line in every language, before a review too', async () => {
  const { page, context, errors } = await openPage(browser, { width: 1024, height: 768 });
  for (const lang of ['en', 'pt-BR', 'pt-PT']) {
    await page.goto(`${server.url}?black=human&white=human&lang=${lang}`);
    await waitReady(page);
    const button = page.locator('[data-testid="practice-mistakes"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="practice-mistakes"]')?.textContent.includes('('));
    await button.scrollIntoViewIfNeeded();
    const { height, lineHeight, label } = await button.evaluate((b) => ({
      height: b.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(b).lineHeight) || parseFloat(getComputedStyle(b).fontSize) * 1.4,
      label: b.textContent,
    }));
    assert.ok(height > 0, `${lang}: the button is shown`);
    assert.ok(height < lineHeight * 1.8 + 16, `${lang}: "${label}" wraps (${height} px high, lines of ${lineHeight} px)`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
