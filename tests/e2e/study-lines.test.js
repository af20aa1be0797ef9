// Setting up a position and branching lines, in headless Chromium: a position set up plays (the
// AI answers, hints score it, live analysis analyses it), an impossible one is refused with the
// rules' reason, the address holds the position; a variation is kept, survives a reload, is
// exported, promoted and deleted; the keyboard goes along a line and between variations.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServerAndBrowser, openPage, waitReady, text, legalSquares, waitReviewed } from './helpers.js';

const { server, browser } = await startServerAndBrowser();

/** @param {import('playwright-core').Page} page @param {string} url */
async function open(page, url) {
  await page.goto(server.url + url);
  await waitReady(page);
}

/** Plays `moves` by clicking their squares, each once the page has drawn the last. */
async function playMoves(page, moves) {
  for (const move of moves.match(/../g)) {
    const before = await text(page, 'moves');
    await page.click(`[data-square="${move}"]`);
    await page.waitForFunction((b) => document.querySelector('[data-testid="moves"]').textContent !== b, before);
  }
}

/** The squares' contents as the board's accessible labels say them, a1 … h8. */
const boardLabels = (page) => page.$$eval('[data-square]', (cells) => Object.fromEntries(cells.map((c) => [c.dataset.square, c.getAttribute('aria-label')])));

test('a position set up plays: hints score it, the AI answers from it and live analysis analyses it', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await open(page, '?black=human&white=ai');
  await page.click('[data-testid="setup-open"]');
  await page.waitForSelector('[data-testid="setup"]:not([hidden])');
  // The start position, and a black disc on c4 (a tap cycles empty → black → white).
  await page.click('[data-testid="setup-start"]');
  await page.click('[data-square="c4"]');
  assert.match((await boardLabels(page)).c4, /black/i);
  assert.equal(await text(page, 'setup-count'), 'Black 3, White 2');
  // The palette puts what it holds: white on f6, then empty it again.
  await page.check('[data-testid="setup-tool-white"]');
  await page.click('[data-square="f6"]');
  assert.match((await boardLabels(page)).f6, /white/i);
  await page.check('[data-testid="setup-tool-empty"]');
  await page.click('[data-square="f6"]');
  assert.equal(await text(page, 'setup-count'), 'Black 3, White 2');
  // The address holds the position.
  const board = `${'-'.repeat(26)}XOX${'-'.repeat(6)}XO${'-'.repeat(27)} X`;
  assert.equal(new URL(page.url()).searchParams.get('setup'), board);

  await page.click('[data-testid="setup-play"]');
  await page.waitForSelector('[data-testid="setup"]', { state: 'hidden' });
  assert.equal(new URL(page.url()).search, '');
  assert.equal(await text(page, 'score-black'), '3');
  const legal = await legalSquares(page);
  assert.ok(legal.length > 0);
  await page.check('[data-testid="hints"]');
  await page.waitForFunction(
    (n) => [...document.querySelectorAll('[data-square]')].filter((c) => /legal move, score ((Black|White) \+\d+(\.\d)?|Even 0(\.0)?)/.test(c.getAttribute('aria-label'))).length === n,
    legal.length,
  );
  await page.click(`[data-square="${legal[0]}"]`);
  // The AI answers from the position set up.
  await page.waitForFunction(() => document.querySelector('[data-testid="moves"]').textContent.length === 4, null, { timeout: 30_000 });
  // Live analysis of the position set up: its lines, a few depths deep, start with legal moves.
  const legalNow = await legalSquares(page);
  await page.check('[data-testid="analysis-switch"]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="analysis-status"]').dataset.depth) >= 3, null, { timeout: 30_000 });
  const firstMoves = await page.$$eval('[data-testid="analysis-line"]', (items) => items.map((item) => item.textContent.match(/\b([a-h][1-8])\b/)?.[1]));
  assert.ok(firstMoves.length >= 1 && firstMoves.every((move) => legalNow.includes(move)), `${firstMoves} among ${legalNow}`);
  await page.uncheck('[data-testid="analysis-switch"]');
  // A reload brings the game back, from its own start.
  await page.waitForFunction(() => document.documentElement.dataset.savedMoves?.length === 4);
  const moves = await text(page, 'moves');
  await page.reload();
  await waitReady(page);
  assert.equal(await text(page, 'moves'), moves);
  // The link to the position shown starts a game from it.
  const scores = [await text(page, 'score-black'), await text(page, 'score-white')];
  await page.click('[data-testid="position-link"]');
  await waitReady(page);
  assert.equal(await text(page, 'moves'), '');
  assert.deepEqual([await text(page, 'score-black'), await text(page, 'score-white')], scores);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an impossible position is refused with its reason, and a link opens the editor on a position', async () => {
  const { page, context, errors } = await openPage(browser);
  await open(page, '?black=human&white=human');
  await playMoves(page, 'f5');
  await page.click('[data-testid="setup-open"]');
  assert.equal(await text(page, 'turn'), 'Setting up a position: White to move');
  assert.equal(await text(page, 'status'), '');
  // From the game: the position shown, White to move.
  assert.equal(await page.inputValue('[data-testid="setup-side"]'), 'white');
  await page.click('[data-testid="setup-clear"]');
  await page.click('[data-testid="setup-play"]');
  assert.equal(
    await text(page, 'setup-error'),
    'This position cannot be played: board: the centre square d4 is empty; in Othello the four centre squares are never empty.',
  );
  // Refused: the editor stays open, the game is untouched.
  assert.equal(await page.isVisible('[data-testid="setup"]'), true);
  await page.click('[data-testid="setup-cancel"]');
  assert.equal(await text(page, 'status'), 'Back to the game.');
  assert.equal(await text(page, 'moves'), 'f5');
  assert.equal(await text(page, 'score-black'), '4');

  // A shared link opens the editor on its position (here in Portuguese, with the reason too).
  const empty = `${'-'.repeat(64)} O`;
  await open(page, `?lang=pt-BR&setup=${encodeURIComponent(empty)}`);
  await page.waitForSelector('[data-testid="setup"]:not([hidden])');
  assert.equal(await page.inputValue('[data-testid="setup-side"]'), 'white');
  await page.click('[data-testid="setup-play"]');
  assert.match(await text(page, 'setup-error'), /^Esta posição não pode ser jogada: tabuleiro: a casa central d4 está vazia/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a variation is kept, survives a reload, exports, is promoted, folded and deleted', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await open(page, '?black=human&white=human');
  await playMoves(page, 'f5d6c3');
  // Back to after f5, and another move: a variation, the main line kept.
  await page.click('#move-list button[data-ply="1"]');
  await playMoves(page, 'f4');
  assert.match(await text(page, 'status'), /A new variation; the main line is kept\./);
  assert.equal(await text(page, 'moves'), 'f5f4');
  assert.deepEqual(await page.$$eval('#move-list li.variation button[data-line]', (bs) => bs.map((b) => b.dataset.line)), ['f5f4']);
  assert.equal(await page.isVisible('[data-testid="line-tools"]'), true);
  assert.equal(await text(page, 'line-where'), 'Variation from move 2 (f4):');

  await page.waitForFunction(() => document.documentElement.dataset.savedMoves === 'f5f4');
  await page.reload();
  await waitReady(page);
  assert.equal(await text(page, 'moves'), 'f5f4');
  assert.deepEqual(await page.$$eval('#move-list > li > button[data-line]', (bs) => bs.map((b) => b.dataset.line)), ['f5', 'f5d6', 'f5d6c3']);
  assert.deepEqual(await page.$$eval('#move-list li.variation button[data-line]', (bs) => bs.map((b) => b.dataset.line)), ['f5f4']);

  // GGF: the main line, and each variation as a record of its own when asked.
  await page.selectOption('[data-testid="export-format"]', 'ggf');
  await page.click('[data-testid="export"]');
  let exported = await page.inputValue('[data-testid="export-output"]');
  assert.equal(exported.match(/\(;GM\[Othello\]/g).length, 1);
  assert.match(exported, /B\[F5\/?[^\]]*\]W\[D6[^\]]*\]B\[C3[^\]]*\]/i);
  await page.check('[data-testid="export-variations"]');
  await page.click('[data-testid="export"]');
  exported = await page.inputValue('[data-testid="export-output"]');
  const records = exported.split('\n');
  assert.equal(records.length, 2);
  assert.match(records[1], /B\[F5[^\]]*\]W\[F4[^\]]*\];\)$/i);

  // My games' export writes the kept record's main line too.
  const stored = await page.evaluate(async () => {
    const { storedGgf } = await import('/www/game/library.js');
    const startBoard = `${'-'.repeat(27)}OX${'-'.repeat(6)}XO${'-'.repeat(27)} X`;
    const players = { black: 'human', white: 'human' };
    return storedGgf({ startBoard, moves: 'f5f4', lines: ['f5d6c3', 'f5f4'], players, level: 4, record: null, created: 0 });
  });
  assert.match(stored, /B\[F5[^\]]*\]W\[D6[^\]]*\]B\[C3[^\]]*\];\)$/i);

  // Made the main line: the old main line becomes the variation.
  await page.click('[data-testid="line-promote"]');
  assert.equal(await page.isVisible('[data-testid="line-tools"]'), false);
  assert.deepEqual(await page.$$eval('#move-list > li > button[data-line]', (bs) => bs.map((b) => b.dataset.line)), ['f5', 'f5f4']);
  assert.deepEqual(await page.$$eval('#move-list li.variation button[data-line]', (bs) => bs.map((b) => b.dataset.line)), ['f5d6', 'f5d6c3']);
  // A variation folds to its first move (its toggle says how many moves it hides), and unfolds.
  const shownInVariation = () => page.$$eval('#move-list li.variation button[data-line]', (bs) => bs.filter((b) => b.offsetParent !== null).map((b) => b.dataset.line));
  const toggle = page.locator('#move-list [data-testid="variation-toggle"]');
  await toggle.click();
  assert.deepEqual([await toggle.getAttribute('aria-expanded'), await toggle.textContent()], ['false', '+1']);
  assert.deepEqual(await shownInVariation(), ['f5d6']);
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  assert.deepEqual(await shownInVariation(), ['f5d6', 'f5d6c3']);
  // Deleted from one of its moves: back to where it branched, on the main line.
  await page.click('#move-list button[data-line="f5d6c3"]');
  assert.equal(await text(page, 'moves'), 'f5d6c3');
  await page.click('[data-testid="line-delete"]');
  assert.equal(await text(page, 'moves'), 'f5');
  assert.equal(await text(page, 'status'), 'Variation deleted.');
  assert.equal(await page.locator('#move-list li.variation').count(), 0);
  await page.waitForFunction(() => document.documentElement.dataset.savedMoves === 'f5f4');
  await page.reload();
  await waitReady(page);
  assert.equal(await page.locator('#move-list li.variation').count(), 0);
  assert.equal(await text(page, 'moves'), 'f5');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a review of the main line is back when the main line is shown again after a variation', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await open(page, '?black=human&white=human');
  await playMoves(page, 'f5d6c3d3');
  await page.click('[data-testid="review"]');
  await waitReviewed(page);
  await page.click('#move-list button[data-ply="2"]');
  await playMoves(page, 'c5');
  assert.equal(await text(page, 'moves'), 'f5d6c5');
  // The review is of another line: not shown here.
  assert.equal(await page.isVisible('[data-testid="review-table"]'), false);
  await page.click('#move-list button[data-line="f5d6c3d3"]');
  assert.equal(await page.isVisible('[data-testid="review-table"]'), true);
  assert.equal(await page.locator('[data-testid="review-table"] tbody tr').count(), 4);
  assert.equal(await page.isDisabled('[data-testid="review"]'), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a variation of a finished game leaves the game finished, with its result, in the store', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await open(page, '?black=human&white=human');
  const game = 'd3c5e6d2c6f6c2d6c4b5d7d8f7f5e2d1a5b6e8c8g6c3b2f8e1f1a7a6b4a8f2a4c7e3f4e7b7b8f3g1g2h1h2h3g3a1a2a3b3h4g8g4g5h6g7h5h7b1h8c1';
  await page.fill('[data-testid="paste-input"]', game);
  await page.click('[data-testid="paste-load"]');
  await page.waitForFunction(() => document.documentElement.dataset.savedStatus === 'finished');
  // Back to an earlier move where another move can be played: a variation; the game kept is
  // still the finished one.
  let other;
  for (let ply = 40; !other; ply++) {
    await page.click(`#move-list button[data-ply="${ply}"]`);
    const next = (await page.getAttribute(`#move-list button[data-ply="${ply + 1}"]`, 'data-line')).slice(-2);
    [other] = (await legalSquares(page)).filter((square) => square !== next);
  }
  await playMoves(page, other);
  assert.equal(await page.locator('#move-list li.variation').count(), 1);
  await page.waitForFunction((moves) => document.documentElement.dataset.savedMoves?.endsWith(moves), other);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.savedStatus), 'finished');
  assert.deepEqual(errors, []);
  await context.close();
});

test('against the AI, a move after a take-back is the game and the line taken back a variation, where the clock stops', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(browser);
  await open(page, '?black=human&white=ai&level=1&clock=5+0');
  await playMoves(page, 'f5');
  await page.waitForFunction(() => document.querySelector('[data-testid="moves"]').textContent.length === 4);
  await page.click('[data-testid="undo"]');
  assert.equal(await text(page, 'moves'), '');
  // (The AI may answer at once: every status line is kept.)
  await page.evaluate(() => {
    const status = document.querySelector('[data-testid="status"]');
    window.statusLines = [];
    new MutationObserver(() => window.statusLines.push(status.textContent)).observe(status, { childList: true, characterData: true, subtree: true });
  });
  await playMoves(page, 'd3');
  assert.ok((await page.evaluate(() => window.statusLines)).some((line) => /The moves taken back are kept as a variation\./.test(line)));
  // The AI answers on the new main line.
  await page.waitForFunction(() => document.querySelector('[data-testid="moves"]').textContent.length === 4);
  assert.equal((await page.$$eval('#move-list > li > button[data-line]', (bs) => bs.map((b) => b.dataset.line)))[0], 'd3');
  assert.equal((await page.$$eval('#move-list li.variation button[data-line]', (bs) => bs.map((b) => b.dataset.line)))[0], 'f5');
  await page.waitForSelector('[data-testid="clock-black"].running');
  // In the variation, either side's move is played by hand, the AI does not answer and the clock
  // does not run.
  await page.click('#move-list li.variation button[data-line="f5"]');
  const white = await legalSquares(page);
  assert.ok(white.length > 0, 'White plays by hand in a variation');
  assert.equal(await page.locator('.score-clock.running').count(), 0);
  const times = [await text(page, 'clock-black'), await text(page, 'clock-white')];
  await playMoves(page, white[0]);
  assert.equal(await text(page, 'moves'), `f5${white[0]}`);
  await page.waitForTimeout(1200);
  assert.deepEqual([await text(page, 'clock-black'), await text(page, 'clock-white')], times);
  assert.equal(await page.locator('.score-clock.running').count(), 0);
  // Back at the main line's last move, Black's clock runs again.
  await page.click('#move-list > li:last-child > button');
  await page.waitForSelector('[data-testid="clock-black"].running');
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard: Left and Right along the line shown, Up and Down between the variations', async () => {
  const { page, context, errors } = await openPage(browser);
  await open(page, '?black=human&white=human');
  await playMoves(page, 'f5d6c3');
  await page.click('#move-list button[data-ply="1"]');
  await playMoves(page, 'f4');
  await page.click('#move-list button[data-line="f5"]');
  await playMoves(page, 'f6');
  // Three moves tried after f5: d6 (main line), f4, f6.
  await page.click('#move-list button[data-line="f5d6"]');
  assert.equal(await text(page, 'moves'), 'f5d6');
  const focused = () => page.evaluate(() => document.activeElement?.dataset.line);
  assert.equal(await focused(), 'f5d6');
  await page.keyboard.press('ArrowDown');
  assert.equal(await text(page, 'moves'), 'f5f4');
  await page.keyboard.press('ArrowDown');
  assert.equal(await text(page, 'moves'), 'f5f6');
  await page.keyboard.press('ArrowDown'); // the last: stays
  assert.equal(await text(page, 'moves'), 'f5f6');
  await page.keyboard.press('ArrowUp');
  assert.equal(await text(page, 'moves'), 'f5f4');
  assert.equal(await focused(), 'f5f4');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await text(page, 'moves'), 'f5');
  await page.keyboard.press('ArrowRight');
  assert.equal(await text(page, 'moves'), 'f5f4');
  await page.keyboard.press('ArrowUp');
  assert.equal(await text(page, 'moves'), 'f5d6');
  await page.keyboard.press('End');
  assert.equal(await text(page, 'moves'), 'f5d6c3');
  // Where the move shown has no alternative, Up and Down step along the line as before.
  await page.keyboard.press('ArrowUp');
  assert.equal(await text(page, 'moves'), 'f5d6');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the lines tree: added, continued, promoted, removed, and rebuilt from its transcripts', async () => {
  const { Lines, movesOf } = await import('../../www/game/lines.js');
  const lines = Lines.fromTranscripts(['f5d6c3', 'f5f4e3']);
  lines.add(movesOf('f5d6c5'));
  lines.add(movesOf('f5f6'));
  assert.deepEqual(lines.transcripts(), ['f5d6c3', 'f5d6c5', 'f5f4e3', 'f5f6']);
  assert.equal(lines.variationCount(), 3);
  assert.deepEqual(Lines.fromTranscripts(lines.transcripts()).transcripts(), lines.transcripts());
  assert.deepEqual(lines.mainLine(), ['f5', 'd6', 'c3']);
  assert.deepEqual(lines.continuation(['f5', 'f4']), ['f5', 'f4', 'e3']);
  assert.equal(lines.isMain(['f5', 'd6']), true);
  assert.equal(lines.isMain(['f5', 'f4']), false);
  assert.equal(lines.isMain(['f5', 'zz']), false);
  assert.deepEqual(lines.alternatives(['f5', 'f4']), [['f5', 'd6'], ['f5', 'f4'], ['f5', 'f6']]);
  assert.deepEqual(lines.variationOf(['f5', 'f4', 'e3']), ['f5', 'f4']);
  assert.equal(lines.variationOf(['f5', 'd6', 'c3']), null);
  lines.promote(['f5', 'f4', 'e3']);
  assert.deepEqual(lines.mainLine(), ['f5', 'f4', 'e3']);
  assert.deepEqual(lines.transcripts(), ['f5f4e3', 'f5d6c3', 'f5d6c5', 'f5f6']);
  // Removing a sub-variation leaves its parent line; the main line cannot be removed this way.
  assert.deepEqual(lines.remove(['f5', 'd6', 'c5']), ['f5', 'd6']);
  assert.deepEqual(lines.transcripts(), ['f5f4e3', 'f5d6c3', 'f5f6']);
  assert.equal(lines.remove(['f5', 'f4']), null);
  assert.deepEqual(lines.remove(['f5', 'd6', 'c3']), ['f5']);
  assert.deepEqual(lines.transcripts(), ['f5f4e3', 'f5f6']);
});
