// The game page as people really use it: the board stays in view on a phone after
// moves, reloads and taps on the review graph; controls do not jump while the AI thinks; one
// score per position everywhere; a loaded record is shown, not continued; the smaller things
// (export buttons, one Tab stop in the move list, marker contrast, flip, sound, clock).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServerAndBrowser, openPage, waitReady, text, legalSquares, artifacts, waitReviewed } from './helpers.js';

const { server, browser } = await startServerAndBrowser();

const PHONE = { hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

async function open(page, url) {
  await page.goto(server.url + url);
  await waitReady(page);
}

/** The board's box against the viewport: where a player's eyes are. */
async function boardInView(page) {
  return page.evaluate(() => {
    const box = document.getElementById('board').getBoundingClientRect();
    return {
      inside: box.top >= -0.5 && box.left >= -0.5 && box.bottom <= innerHeight + 0.5 && box.right <= innerWidth + 0.5,
      box: [Math.round(box.left), Math.round(box.top), Math.round(box.right), Math.round(box.bottom)],
      viewport: [innerWidth, innerHeight],
      scrollY,
      sideways: document.scrollingElement.scrollWidth - innerWidth,
    };
  });
}

async function assertBoardInView(page, when) {
  const view = await boardInView(page);
  assert.ok(view.inside, `${when}: the whole board is inside the viewport: ${JSON.stringify(view)}`);
  assert.ok(view.sideways <= 0, `${when}: no sideways scrolling: ${JSON.stringify(view)}`);
}

/** Waits until the human (alone against the AI) may move, or the game is over. */
async function waitHumanTurnOrEnd(page, timeout = 20_000) {
  await page.waitForFunction(
    () => {
      const turn = document.querySelector('[data-testid="turn"]').textContent;
      const legal = document.querySelector('[data-square].legal');
      return turn.startsWith('Game over') || (legal && turn.includes('(you)'));
    },
    null,
    { timeout },
  );
}

async function load(page, record) {
  await page.fill('[data-testid="paste-input"]', record);
  await page.click('[data-testid="paste-load"]');
}

async function reviewTable(page) {
  return page.$$eval('[data-testid="review-table"] tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
}

async function review(page, timeout = 120_000) {
  await page.click('[data-testid="review"]');
  await waitReviewed(page, timeout);
}

for (const [width, height] of [[390, 844], [320, 640]]) {
  test(`phone ${width}×${height}: the board stays in view after moves, a reload, an address game and a graph tap`, async () => {
    const { page, context, errors } = await openPage(browser, { width, height }, PHONE);
    await open(page, '?black=human&white=ai&level=3');
    await assertBoardInView(page, 'on load');
    for (let move = 1; move <= 10; move++) {
      await waitHumanTurnOrEnd(page);
      if ((await text(page, 'turn')).startsWith('Game over')) break;
      const [square] = await legalSquares(page);
      await page.tap(`[data-square="${square}"]`);
      await waitHumanTurnOrEnd(page);
      await assertBoardInView(page, `after move ${move} and the AI's reply`);
    }
    await page.screenshot({ path: path.join(artifacts, `phone-${width}-after-moves.png`) });
    await page.reload();
    await waitReady(page);
    await assertBoardInView(page, 'after a reload of the saved game');
    await open(page, '?black=human&white=human&moves=f5d6c3d3c4');
    await assertBoardInView(page, 'after ?moves=');
    // The review, then a tap on a point of its graph: the position changes, the board stays.
    await review(page, 60_000);
    await page.locator('[data-testid="review-graph"]').scrollIntoViewIfNeeded();
    await page.locator('[data-testid="review-graph"] .graph-hit[data-ply="2"]').tap({ force: true });
    await page.waitForFunction(() => document.querySelector('#move-list [aria-current]')?.dataset.ply === '2');
    await assertBoardInView(page, 'after tapping a point of the review graph');
    await page.screenshot({ path: path.join(artifacts, `phone-${width}-review.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the controls under the thinking line do not move while the AI thinks', async () => {
  const { page, context, errors } = await openPage(browser, { width: 1024, height: 768 });
  // Out of the opening book, where the AI thinks before every move.
  await open(page, '?black=ai&white=ai&level=5&moves=f5f4f3f6d3f2g6c3b3b2');
  const positions = new Set();
  const lines = new Set();
  for (let i = 0; i < 40; i++) {
    const y = await page.evaluate(() => {
      const undo = document.querySelector('[data-testid="undo"]').getBoundingClientRect().top;
      const thinking = document.querySelector('[data-testid="thinking"]').textContent;
      return { undo: Math.round(undo), thinking };
    });
    positions.add(y.undo);
    if (y.thinking) lines.add(y.thinking);
    await page.waitForTimeout(100);
  }
  assert.ok(lines.size >= 2, `the AI was seen thinking: ${[...lines].join(' / ')}`);
  assert.equal(positions.size, 1, `Undo stays at one height: ${[...positions]}`);
  // The thinking line gives the score in discs with its side, never course units.
  assert.ok([...lines].some((l) => /· (Black|White) \+\d+(\.\d)?|· Even /.test(l)), [...lines].join(' / '));
  await page.click('[data-testid="black-player"]');
  assert.deepEqual(errors, []);
  await context.close();
});

/** The four first moves are one move up to the board's symmetries. */
const SYMMETRIC_OPENINGS = ['f5d6c3', 'd3c5f6', 'c4e3f6', 'e6f4c3'];

test('the review: symmetric openings score alike, the four first moves are best', async () => {
  const { page, context, errors } = await openPage(browser);
  const tables = [];
  for (const opening of SYMMETRIC_OPENINGS) {
    await open(page, `?black=human&white=human&moves=${opening}`);
    await review(page, 60_000);
    const rows = await reviewTable(page);
    tables.push(rows.map((r) => r.slice(2)));
    // "book" once the opening book has arrived (a book move with the best book value), else "best".
    assert.match(rows[0][4], /^(best|book)$/, `${opening}: the first move is best: ${rows[0].join(' | ')}`);
    assert.equal(Number(rows[0][3]), 0, `${opening}: the first move loses nothing: ${rows[0].join(' | ')}`);
  }
  for (let i = 1; i < tables.length; i++) assert.deepEqual(tables[i], tables[0], `${SYMMETRIC_OPENINGS[i]} scores as ${SYMMETRIC_OPENINGS[0]}`);
  assert.deepEqual(errors, []);
  await context.close();
});

/** 40 random legal moves (seed 7 of a plain Python player; no pass), for the review's consistency. */
const FORTY_MOVES = 'f5f4f3f6d3f2g6c3b3b2g4g3b1d2c4c5f1g2g1g5c6a1h6a2b5c7f7d6c2h5b8e7d1a4a3g7h4e3e6h1';

test('one score per position: the table, the sentence, the graph and the GGF export agree', async () => {
  const { page, context, errors } = await openPage(browser, { width: 1280, height: 800 });
  await open(page, `?black=human&white=human&moves=${FORTY_MOVES}`);
  assert.equal((await text(page, 'moves')).length, FORTY_MOVES.length);
  await review(page);
  // On a desktop the board and the review's graph and sentence are in view together.
  for (const selector of ['#board', '[data-testid="review-graph"]', '[data-testid="review-position"]']) {
    const visible = await page.evaluate((s) => {
      const box = document.querySelector(s).getBoundingClientRect();
      return box.top >= 0 && box.bottom <= innerHeight && box.height > 0;
    }, selector);
    assert.ok(visible, `${selector} is in view at 1280×800`);
  }
  await page.screenshot({ path: path.join(artifacts, 'review-desktop.png') });
  const graphBox = await page.locator('[data-testid="review-graph"] svg').boundingBox();
  assert.ok(graphBox.width >= 400 && graphBox.height >= 180, `the graph is large: ${JSON.stringify(graphBox)}`);
  const rows = await reviewTable(page);
  assert.equal(rows.length, 40);
  const graph = await page.$$eval('[data-testid="review-graph"] .graph-hit', (hits) => hits.map((h) => h.dataset.score));
  assert.equal(graph.length, 41);
  await page.selectOption('[data-testid="export-format"]', 'ggf');
  await page.click('[data-testid="export"]');
  const ggf = await page.inputValue('[data-testid="export-output"]');
  const exported = [...ggf.matchAll(/([BW])\[([a-h][1-8]|PA)\/(-?\d+(?:\.\d+)?)/gi)].map((m) => ({ mover: m[1], score: Number(m[3]) }));
  assert.equal(exported.length, 40, ggf);
  for (let ply = 1; ply <= 40; ply++) {
    const table = rows[ply - 1][2];
    assert.equal(graph[ply], table, `move ${ply}: graph and table`);
    await page.click(`#move-list button[data-ply="${ply}"]`);
    const sentence = await text(page, 'review-position');
    assert.ok(sentence.startsWith(`After move ${ply}: ${table} (`), `move ${ply}: sentence "${sentence}" starts with the table's "${table}"`);
    // The GGF score is the mover's; the table's the side ahead's.
    const [, side, magnitude] = /^(Black|White|Even) \+?(\d+(?:\.\d)?)$/.exec(table);
    const forBlack = side === 'White' ? -Number(magnitude) : Number(magnitude);
    const { mover, score } = exported[ply - 1];
    const moverScore = mover.toUpperCase() === 'B' ? score : -score;
    assert.ok(Math.abs(moverScore - forBlack) < 0.051, `move ${ply}: export ${score} (${mover}) vs table ${table}`);
  }
  // The summary gives each player's accuracy.
  assert.match(await text(page, 'review-summary'), /Black: accuracy \d+ % \(mean loss \d+\.\d discs a move\).*White: accuracy \d+ %/);
  assert.deepEqual(errors, []);
  await context.close();
});

const ANN_AND_BOB =
  '(;GM[Othello]PC[test]PB[Ann]PW[Bob]RE[+2.00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6]B[c3]W[d3]B[c4];)';

test('a loaded GGF record is shown, not continued: names stay, the AI waits, the export is unchanged', async () => {
  const { page, context, errors } = await openPage(browser);
  await open(page, '');
  // The default players: Black human, White the AI, which is to move after the record.
  await load(page, ANN_AND_BOB);
  assert.equal(await text(page, 'moves'), 'f5d6c3d3c4');
  assert.equal(await text(page, 'player-black'), 'Ann');
  assert.equal(await text(page, 'player-white'), 'Bob');
  await page.waitForTimeout(3000);
  assert.equal(await text(page, 'moves'), 'f5d6c3d3c4', 'no AI move within 3 s');
  assert.match(await text(page, 'turn'), /Play on/);
  await page.selectOption('[data-testid="export-format"]', 'ggf');
  await page.click('[data-testid="export"]');
  const before = await page.inputValue('[data-testid="export-output"]');
  assert.match(before, /PB\[Ann\]PW\[Bob\]/);
  assert.match(before, /RE\[\+2\.00\]/);
  assert.match(before, /B\[f5\]W\[d6\]B\[c3\]W\[d3\]B\[c4\];\)$/);
  assert.match(before, /DT\[\d{4}\.\d\d\.\d\d_\d\d:\d\d:\d\d\.UTC\]/);
  assert.match(before, /PC\[[^\]]+\]/);
  // A reload keeps the record shown, names and all.
  await page.reload();
  await waitReady(page);
  assert.equal(await text(page, 'player-black'), 'Ann');
  await page.waitForTimeout(1000);
  assert.equal(await text(page, 'moves'), 'f5d6c3d3c4');
  // Playing on: the AI moves, and the export no longer gives Bob's name or the result to it.
  await page.click('[data-testid="play-on"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="moves"]').textContent.length === 12, null, { timeout: 15_000 });
  assert.equal(await text(page, 'player-white'), 'Bob, then AI level 4');
  await page.click('[data-testid="export"]');
  const after = await page.inputValue('[data-testid="export-output"]');
  assert.match(after, /PB\[Ann\]PW\[Bob, then AI level 4\]/);
  assert.doesNotMatch(after, /RE\[/);
  // Copy and Download buttons.
  const download = page.waitForEvent('download');
  await page.click('[data-testid="export-download"]');
  const file = await download;
  assert.equal(file.suggestedFilename(), 'othello.ggf');
  assert.equal(readFileSync(await file.path(), 'utf8').trim(), after);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.click('[data-testid="export-copy"]');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), after);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the move list is one Tab stop with arrows inside; empty it says so; each move shows its mover', async () => {
  const { page, context, errors } = await openPage(browser);
  await open(page, '?black=human&white=human');
  assert.equal(await text(page, 'move-list'), 'No moves yet.');
  await open(page, '?black=human&white=human&moves=f5d6c3d3c4f4');
  const tabbable = await page.$$eval('#move-list button', (bs) => bs.filter((b) => b.tabIndex === 0).map((b) => b.dataset.ply));
  assert.deepEqual(tabbable, ['6']);
  const movers = await page.$$eval('#move-list .mover', (spans) => spans.map((s) => s.className.replace('mover mover-', '')));
  assert.deepEqual(movers, ['black', 'white', 'black', 'white', 'black', 'white']);
  await page.focus('#move-list button[data-ply="6"]');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.ply), '4');
  assert.equal(await page.evaluate(() => document.querySelector('#move-list [aria-current]').dataset.ply), '4');
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.ply), '6');
  // Tab leaves the list at once.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => Boolean(document.activeElement.closest('#move-list'))), false);
  assert.deepEqual(errors, []);
  await context.close();
});

/** WCAG relative luminance and contrast of two [r, g, b] colours. */
function contrast(a, b) {
  const luminance = (rgb) => {
    const [r, g, bl] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

test('legal-move markers stand out from the board by 3:1 for both colours', async () => {
  const { page, context, errors } = await openPage(browser);
  for (const moves of ['', 'f5']) {
    await open(page, `?black=human&white=human&moves=${moves}`);
    const [square] = await legalSquares(page);
    const colours = await page.evaluate((name) => {
      const canvas = document.getElementById('board-canvas');
      const cell = document.querySelector(`[data-square="${name}"]`).getBoundingClientRect();
      const frame = canvas.getBoundingClientRect();
      const scale = canvas.width / frame.width;
      const ctx = canvas.getContext('2d');
      const at = (x, y) => [...ctx.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data.slice(0, 3)];
      const cx = cell.left + cell.width / 2 - frame.left;
      const cy = cell.top + cell.height / 2 - frame.top;
      return { marker: at(cx, cy), felt: at(cx + cell.width * 0.3, cy) };
    }, square);
    const ratio = contrast(colours.marker, colours.felt);
    assert.ok(ratio >= 3, `${moves ? 'White' : 'Black'} to move: marker ${colours.marker} on ${colours.felt}: ${ratio.toFixed(2)}:1`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the board seen from White\'s side: cells turn with it, clicks play the square under them', async () => {
  const { page, context, errors } = await openPage(browser);
  await open(page, '?black=human&white=human');
  const a1 = await page.locator('[data-square="a1"]').boundingBox();
  await page.check('[data-testid="flip"]');
  const flipped = await page.locator('[data-square="a1"]').boundingBox();
  const board = await page.locator('#board').boundingBox();
  assert.ok(a1.x < board.x + board.width / 2 && a1.y < board.y + board.height / 2, 'a1 is top left');
  assert.ok(flipped.x > board.x + board.width / 2 && flipped.y > board.y + board.height / 2, 'flipped, a1 is bottom right');
  await page.click('[data-square="d3"]');
  assert.equal(await text(page, 'moves'), 'd3');
  // The choice is kept.
  await page.reload();
  await waitReady(page);
  assert.equal(await page.isChecked('[data-testid="flip"]'), true);
  await page.screenshot({ path: path.join(artifacts, 'flipped.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('sound is off by default; turned on, a move makes one', async () => {
  const { page, context, errors } = await openPage(browser);
  await open(page, '?black=human&white=human');
  assert.equal(await page.isChecked('[data-testid="sound"]'), false);
  await page.click('[data-square="d3"]');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.soundsPlayed), undefined);
  // Switched on, it plays once to say what it will sound like (sound.js loads on that first use).
  await page.check('[data-testid="sound"]');
  const played = () => page.evaluate(() => Number(document.documentElement.dataset.soundsPlayed || 0));
  await page.waitForFunction(() => document.documentElement.dataset.soundsPlayed === '1');
  await page.click(`[data-square="${(await legalSquares(page))[0]}"]`);
  await page.waitForFunction(() => document.documentElement.dataset.soundsPlayed === '2');
  await page.waitForTimeout(300); // and only once
  assert.equal(await played(), 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a clock: a human who does not move loses on time; the AI manages its own clock', async () => {
  let { page, context, errors } = await openPage(browser);
  await open(page, '?black=human&white=ai&clock=0.05+0');
  assert.match(await text(page, 'clock-black'), /^0:0\d\.\d$/);
  await page.waitForFunction(() => document.querySelector('[data-testid="turn"]').textContent.startsWith('Game over'), null, { timeout: 10_000 });
  assert.equal(await text(page, 'turn'), 'Game over: Black ran out of time — White wins on time');
  assert.equal(await text(page, 'clock-black'), '0:00.0');
  assert.deepEqual(await legalSquares(page), [], 'no move after the flag fell');
  assert.equal(await page.isHidden('[data-testid="review-offer"]'), true, 'nothing to review without a move');

  // Two AIs at the strongest level with 8 seconds each: the game ends on the board, not on time.
  await open(page, '?black=ai&white=ai&level=9&clock=0.133+0');
  await page.waitForFunction(() => document.querySelector('[data-testid="turn"]').textContent.startsWith('Game over'), null, { timeout: 40_000 });
  const turn = await text(page, 'turn');
  assert.doesNotMatch(turn, /time/, turn);
  for (const color of ['black', 'white']) assert.notEqual(await text(page, `clock-${color}`), '0:00.0');
  // Game over offers the review.
  assert.equal(await page.isVisible('[data-testid="review-offer"]'), true);

  assert.deepEqual(errors, []);
  await context.close();

  // A clock chosen in the menu, on a page that had none (clock.js loads then), kept across a
  // reload (loaded first then).
  ({ page, context, errors } = await openPage(browser));
  await open(page, '?black=human&white=human');
  assert.equal(await page.isHidden('[data-testid="clock-black"]'), true);
  assert.equal(await page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('/clock.js'))), false);
  await page.selectOption('[data-testid="clock"]', '3+2');
  await page.click('[data-testid="new-game"]');
  await page.waitForSelector('[data-testid="clock-black"]:not([hidden])');
  assert.equal(await text(page, 'clock-black'), '3:00');
  await page.click('[data-square="d3"]');
  await page.reload();
  await waitReady(page);
  await page.waitForSelector('[data-testid="clock-white"]:not([hidden])');
  assert.match(await text(page, 'clock-black'), /^3:0[0-2]$/);
  assert.equal(await text(page, 'moves'), 'd3');
  assert.deepEqual(errors, []);
  await context.close();
});

test('game over says the result once, and offers the review', async () => {
  const { page, context, errors } = await openPage(browser);
  // A finished game (64 moves with the passes, 5–59).
  await open(page, '?black=human&white=human&moves=d3c5e6d2c6f6c2d6c4b5d7d8f7f5e2d1a5b6e8c8g6c3b2f8e1f1a7a6b4a8f2a4c7e3f4e7b7b8f3g1g2h1h2h3g3a1a2a3b3h4g8g4g5h6g7h5h7b1h8c1');
  const turn = await text(page, 'turn');
  assert.match(turn, /^Game over: /);
  const status = await text(page, 'status');
  assert.ok(!status.includes('Game over'), `the status line does not repeat it: ${status}`);
  await page.click('[data-testid="review-offer"]');
  await waitReviewed(page, 120_000);
  assert.equal(await page.isHidden('[data-testid="review-offer"]'), true);
  assert.deepEqual(errors, []);
  await context.close();
});
