// Lines a player can use (www/game/analysis-lines.js, line-preview.js): a line of the live
// analysis clicked shows its positions on the board with a banner, the arrows and buttons step
// along it, Escape and Back to the game bring the game back untouched (its moves, its saved record,
// the AI waiting as it was), and Play this line makes a variation of its moves, after the game's
// last move too, from which the game goes on as before; at 1440×900 three lines fit in the panel
// in view, one row each; on a phone a tap previews and the banner fits. Screenshots in en and
// pt-BR at 1440×900 and 390×844 (tests/e2e/artifacts/line-preview-*.png).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServerAndBrowser, openPage, waitReady, text, artifacts, legalSquares } from './helpers.js';
import { layoutProblems } from './layout-check.js';

const { server, browser } = await startServerAndBrowser();

/** A game to 14 empty squares, Black to move; the analysis solves it in seconds, and its best
 * line is the engine's solve (live-analysis.test.js). */
const FOURTEEN_EMPTIES = 'e6f4f3f6g6f2g4g7c4h6f5h5h3d3d2e7h7g5d6c3f8h4c2e8g3d7c7d1h8b2f1g8e3b3c1b7a1f7c6g2b1e1a3a2g1h1';
const SOLVED_LINE = 'h2 e2 b4 b5 c5 b6 d8 c8 a4 a5 a6 a7 a8 b8';
const MIDDLEGAME = 'f5d6c3d3c4f4f6f3e6e7d7c6b6c5';

/** The game board's discs as its cells' labels say them: `{a1: 'empty', d4: 'white', …}`. */
const boardDiscs = (page) =>
  page.$$eval('#board [data-square]', (cells) =>
    Object.fromEntries(cells.map((c) => [c.dataset.square, /, (black disc|peça preta)/.test(c.getAttribute('aria-label')) ? 'black' : /, (white disc|peça branca)/.test(c.getAttribute('aria-label')) ? 'white' : 'empty'])),
  );

/** The discs of the position after `transcript`, as the engine plays it. */
const discsAfter = (page, transcript) =>
  page.evaluate(async (moves) => {
    const { Game } = await import('./www/pkg/reversi.js');
    const { squareName } = await import('./www/common/squares.js');
    const game = Game.fromTranscript(moves);
    const squares = Array.from(game.squares());
    game.free();
    return Object.fromEntries(squares.map((v, i) => [squareName(i), ['empty', 'black', 'white'][v]]));
  }, transcript);

/** What a change of the game would change: its moves, its saved record, whose turn. */
const gameState = (page) =>
  page.evaluate(() => ({
    moves: document.querySelector('[data-testid="moves"]').textContent,
    saved: document.documentElement.dataset.savedMoves,
    turn: document.querySelector('[data-testid="turn"]').textContent,
    list: [...document.querySelectorAll('[data-testid="move-list"] button[data-line]')].map((b) => b.dataset.line).join(' '),
  }));

const preview = (page) => page.locator('[data-testid="line-preview"]');

/** A finger's tap where `selector`'s first element is on the screen now (page.tap would scroll
 * the page first, as no finger does: a sticky element is then scrolled to its place in the flow). */
async function tapAt(page, selector) {
  // Found and measured in one go: the analysis redraws a row's moves as it deepens (in the same
  // place), and an element handle kept between two calls may be one taken out meanwhile.
  const { x, y } = await page.evaluate((found) => {
    const box = document.querySelector(found).getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  }, selector);
  await page.touchscreen.tap(x, y);
}
const previewStep = async (page) => Number(await preview(page).getAttribute('data-step'));

test('a line previewed, stepped and left: the game untouched; played, it is a variation the game goes on beside', { timeout: 120_000 }, async () => {
  const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 });
  // A game against the AI, the human (Black) to move: the AI must not move during the preview.
  await page.goto(`${server.url}?black=human&white=ai&moves=${FOURTEEN_EMPTIES}`);
  await waitReady(page);
  await page.click('[data-testid="analysis-switch"]');
  await page.waitForSelector('[data-testid="analysis-status"][data-state="done"]', { timeout: 90_000 });
  await page.waitForFunction(() => document.documentElement.dataset.savedMoves !== undefined);
  const before = await gameState(page);
  const first = page.locator('[data-testid="analysis-line"]').first();
  assert.equal(await first.getAttribute('data-pv'), SOLVED_LINE);
  // The row: its first move, score and certainty, then the rest of the line; all of it in its label.
  assert.match(await first.textContent(), /^h2 Black \+10 exact e2 b4 /);
  assert.match(await first.locator('button').getAttribute('aria-label'), /Black \+10, exact: solved to the end: h2 e2 b4 b5 c5 b6 d8 c8 a4 a5 a6 a7 a8 b8/);

  // A click on the line's first move: the position after it, marked as a preview.
  await first.locator('.analysis-line-move').click();
  await page.waitForSelector('[data-testid="line-preview"]:not([hidden])');
  assert.equal(await preview(page).getAttribute('data-pv'), SOLVED_LINE);
  assert.equal(await previewStep(page), 1);
  assert.match(await text(page, 'line-preview-text'), /^Line \(Black \+10\): h2 · move 1 of 14$/);
  assert.deepEqual(await boardDiscs(page), await discsAfter(page, FOURTEEN_EMPTIES + 'h2'));
  assert.equal(await page.evaluate(() => document.querySelector('#board').classList.contains('previewing')), true);
  assert.equal(await first.locator('button').getAttribute('aria-pressed'), 'true');
  // No move to play on a previewed position.
  assert.equal(await page.$$eval('#board [data-square]', (cells) => cells.filter((c) => /legal move/.test(c.getAttribute('aria-label'))).length), 0);

  // Right steps to the next move, the button too; Left back.
  await page.keyboard.press('ArrowRight');
  assert.equal(await previewStep(page), 2);
  assert.deepEqual(await boardDiscs(page), await discsAfter(page, FOURTEEN_EMPTIES + 'h2e2'));
  assert.match(await text(page, 'line-preview-text'), /h2 e2 · move 2 of 14$/);
  await page.click('[data-testid="line-preview-next"]');
  assert.equal(await previewStep(page), 3);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await previewStep(page), 2);
  await page.keyboard.press('End');
  assert.equal(await previewStep(page), 14);
  assert.equal(await page.isDisabled('[data-testid="line-preview-next"]'), true);
  assert.deepEqual(await boardDiscs(page), await discsAfter(page, FOURTEEN_EMPTIES + SOLVED_LINE.replaceAll(' ', '')));
  // The AI waits, the game is as it was (given time to move if it would).
  await page.waitForTimeout(1500);
  assert.deepEqual(await gameState(page), before);

  // Escape: the game's own position again, nothing of it changed.
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="line-preview"]', { state: 'hidden' });
  assert.deepEqual(await boardDiscs(page), await discsAfter(page, FOURTEEN_EMPTIES));
  assert.match(await page.getAttribute('#board [data-square="h2"]', 'aria-label'), /legal move, score Black \+10/);
  assert.deepEqual(await gameState(page), before);

  // One move of the second line clicked: the preview from that move; Play this line.
  const second = page.locator('[data-testid="analysis-line"]').nth(1);
  const secondLine = (await second.getAttribute('data-pv')).split(' ');
  await second.locator('[data-step="3"]').click();
  assert.equal(await previewStep(page), 3);
  assert.deepEqual(await boardDiscs(page), await discsAfter(page, FOURTEEN_EMPTIES + secondLine.slice(0, 3).join('')));
  await page.click('[data-testid="line-preview-play"]');
  await page.waitForSelector('[data-testid="line-preview"]', { state: 'hidden' });
  const played = FOURTEEN_EMPTIES + secondLine.slice(0, 3).join('');
  await page.waitForFunction((m) => document.querySelector('[data-testid="moves"]').textContent === m, played);
  // A variation after the game's last move: the main line is the game's, as it was.
  const variation = await page.$$eval('[data-testid="move-list"] li.variation button[data-line]', (buttons) => buttons.map((b) => b.dataset.line));
  assert.deepEqual(variation, [1, 2, 3].map((n) => FOURTEEN_EMPTIES + secondLine.slice(0, n).join('')));
  const mainLine = await page.$$eval('[data-testid="move-list"] > li:not(.variation) > button[data-line]', (buttons) => buttons.map((b) => b.dataset.line));
  assert.equal(mainLine[mainLine.length - 1], FOURTEEN_EMPTIES);
  assert.match(await text(page, 'line-where'), new RegExp(`^Variation from move ${FOURTEEN_EMPTIES.length / 2 + 1} \\(${secondLine[0]}\\):$`));
  assert.match(await text(page, 'status'), /The line is a variation now/);
  // Study: the AI does not answer in the variation.
  await page.waitForTimeout(1000);
  assert.equal(await text(page, 'moves'), played);

  // Kept as it is over a reload.
  const lines = async () => page.$$eval('[data-testid="move-list"] button[data-line]', (buttons) => buttons.map((b) => `${b.closest('li.variation') ? 'v' : 'm'}:${b.dataset.line}`));
  const kept = await lines();
  await page.reload();
  await waitReady(page);
  assert.deepEqual(await lines(), kept);
  assert.equal(await text(page, 'moves'), played);

  // Back to the game's last move: the game goes on from there, the AI answering, and the
  // variation stays beside it.
  await page.click(`[data-testid="move-list"] button[data-line="${FOURTEEN_EMPTIES}"]`);
  assert.equal(await text(page, 'moves'), FOURTEEN_EMPTIES);
  const move = (await legalSquares(page)).find((square) => square !== secondLine[0]);
  await page.click(`#board [data-square="${move}"]`);
  await page.waitForFunction((m) => document.querySelector('[data-testid="moves"]').textContent.length >= m.length + 4, FOURTEEN_EMPTIES, { timeout: 30_000 });
  const after = await gameState(page);
  assert.ok(after.moves.startsWith(FOURTEEN_EMPTIES + move), after.moves);
  assert.ok(after.saved.startsWith(FOURTEEN_EMPTIES + move), `the game saved goes on: ${after.saved}`);
  const variationAfter = await page.$$eval('[data-testid="move-list"] li.variation button[data-line]', (buttons) => buttons.map((b) => b.dataset.line));
  assert.ok(variationAfter.includes(played), 'the variation is kept');
  assert.deepEqual(errors, []);
  await context.close();
});

/** At least three lines wholly inside the panel's part in view (under its sticky state strip),
 * each one row, once the analysis section is brought into view as a player scrolls to it. */
async function linesInView(page) {
  await page.locator('[data-testid="study-analysis"]').evaluate((section) => section.scrollIntoView({ block: 'start' }));
  return page.evaluate(() => {
    const panel = document.querySelector('#panel').getBoundingClientRect();
    const strip = document.querySelector('[data-testid="state-strip"]').getBoundingClientRect();
    const top = Math.max(panel.top, strip.bottom);
    const bottom = Math.min(panel.bottom, innerHeight);
    const rows = [...document.querySelectorAll('[data-testid="analysis-line"]')].map((item) => item.getBoundingClientRect());
    const lineHeight = parseFloat(getComputedStyle(document.querySelector('.analysis-line-open')).lineHeight) || 20;
    return {
      shown: rows.length,
      inView: rows.filter((r) => r.top >= top - 0.5 && r.bottom <= bottom + 0.5).length,
      oneRow: rows.every((r) => r.height < 2 * lineHeight + 16),
      heights: rows.map((r) => Math.round(r.height)),
    };
  });
}

test('at 1440×900 three lines, one row each, are in view together in the panel', { timeout: 120_000 }, async () => {
  const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 });
  for (const moves of ['', MIDDLEGAME]) {
    await page.goto(`${server.url}?black=human&white=human&moves=${moves}`);
    await waitReady(page);
    await page.click('[data-testid="analysis-switch"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="analysis-line"]').length >= 3 && Number(document.querySelector('[data-testid="analysis-status"]').dataset.depth) >= 6, null, { timeout: 60_000 });
    const seen = await linesInView(page);
    assert.ok(seen.inView >= 3, `${seen.inView} of ${seen.shown} lines in view (${moves || 'the start'})`);
    assert.ok(seen.oneRow, `one row each: ${seen.heights} px (${moves || 'the start'})`);
    // Every move of a line is in its label, however many the row shows.
    const row = await page.$eval('[data-testid="analysis-line"]', (item) => ({ pv: item.dataset.pv, title: item.querySelector('button').title, label: item.querySelector('button').getAttribute('aria-label') }));
    assert.ok(row.title.endsWith(`: ${row.pv}. Show it on the board.`), row.title);
    assert.equal(row.label, row.title);
  }
  // Previewing, the banner in the strip: still three lines in view.
  await page.locator('[data-testid="analysis-line"] button').first().focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="line-preview"]:not([hidden])');
  assert.equal(await previewStep(page), 1);
  const seen = await linesInView(page);
  assert.ok(seen.inView >= 3, `previewing: ${seen.inView} lines in view`);
  await page.screenshot({ path: path.join(artifacts, 'line-preview-en-1440x900.png') });
  assert.deepEqual(await layoutProblems(page, { boardSelector: '#board' }), []);
  // Back to the game by its button: the focus back on the line.
  await page.click('[data-testid="line-preview-close"]');
  assert.equal(await preview(page).isHidden(), true);
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('analysis-line-open')), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone a tap previews a line and the banner fits; in Brazilian Portuguese too', { timeout: 120_000 }, async () => {
  for (const lang of ['en', 'pt-BR']) {
    const { page, context, errors } = await openPage(browser, { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
    await page.goto(`${server.url}?black=human&white=human&lang=${lang}&moves=${MIDDLEGAME}`);
    await waitReady(page);
    const before = await gameState(page);
    await page.tap('[data-testid="analysis-switch"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="analysis-line"]').length >= 3 && Number(document.querySelector('[data-testid="analysis-status"]').dataset.depth) >= 6, null, { timeout: 60_000 });
    // Scrolled as a person does, the lines at the bottom of the screen.
    await page.evaluate(() => window.scrollBy(0, document.querySelector('[data-testid="analysis-lines"]').getBoundingClientRect().bottom - innerHeight + 20));
    await tapAt(page, '[data-testid="analysis-line"] .analysis-line-move');
    await page.waitForSelector('[data-testid="line-preview"]:not([hidden])');
    assert.equal(await previewStep(page), 1);
    const pv = (await preview(page).getAttribute('data-pv')).split(' ');
    assert.deepEqual(await boardDiscs(page), await discsAfter(page, MIDDLEGAME + pv[0]));
    await tapAt(page, '[data-testid="line-preview-next"]');
    assert.equal(await previewStep(page), 2);
    assert.deepEqual(await boardDiscs(page), await discsAfter(page, MIDDLEGAME + pv.slice(0, 2).join('')));
    // The banner and its buttons inside the screen, the board in view with it.
    const box = await preview(page).boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `the banner spans ${box.x}–${box.x + box.width}`);
    assert.ok(box.y + box.height <= 844, 'the banner is on the screen');
    assert.deepEqual(await layoutProblems(page, { boardSelector: '#board' }), []);
    if (lang === 'pt-BR') assert.match(await text(page, 'line-preview-text'), /jogada 2 de \d+$/);
    await page.screenshot({ path: path.join(artifacts, `line-preview-${lang}-390x844.png`) });
    // The lines still on the screen under the banner, to choose another.
    const row = await page.evaluate(() => {
      const line = document.querySelector('[data-testid="analysis-line"]').getBoundingClientRect();
      return { top: line.top, bottom: line.bottom, strip: document.querySelector('[data-testid="state-strip"]').getBoundingClientRect().bottom };
    });
    assert.ok(row.top >= row.strip && row.bottom <= 844, `a line on the screen under the banner: ${JSON.stringify(row)}`);
    await tapAt(page, '[data-testid="line-preview-close"]');
    assert.equal(await preview(page).isHidden(), true);
    assert.deepEqual(await boardDiscs(page), await discsAfter(page, MIDDLEGAME));
    assert.deepEqual(await gameState(page), before);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('pt-BR at 1440×900: the lines and the banner in Portuguese', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 });
  await page.goto(`${server.url}?black=human&white=human&lang=pt-BR&moves=${MIDDLEGAME}`);
  await waitReady(page);
  await page.click('[data-testid="analysis-switch"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="analysis-line"]').length >= 3 && Number(document.querySelector('[data-testid="analysis-status"]').dataset.depth) >= 6, null, { timeout: 60_000 });
  await page.locator('[data-testid="analysis-line"] button').first().focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  assert.equal(await previewStep(page), 2);
  assert.match(await text(page, 'line-preview-text'), /^Linha \((Pretas|Brancas) \+\d+,\d\): \S+ \S+ · jogada 2 de \d+$/);
  assert.equal(await text(page, 'line-preview-play'), 'Jogar esta linha');
  assert.equal(await text(page, 'line-preview-close'), 'Voltar à partida');
  await page.locator('[data-testid="study-analysis"]').evaluate((section) => section.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: path.join(artifacts, 'line-preview-pt-BR-1440x900.png') });
  assert.deepEqual(errors, []);
  await context.close();
});
