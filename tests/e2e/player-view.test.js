// What a player sees during a game: the game's state in view with the board on every screen, the
// AI's reply after the player's flips, each side's last move marked, the clock's notice gone once
// it has nothing to say, one result said the same way at the end and in the review, an honest
// thinking line, and a projector's larger text.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServer, launchBrowser, openPage, waitReady, text, legalSquares, artifacts } from './helpers.js';

const server = await startServer();
const browser = await launchBrowser();
after(async () => {
  await browser.close();
  server.close();
});

const PHONE = [{ width: 390, height: 844 }, { hasTouch: true, isMobile: true, deviceScaleFactor: 2 }];
const PROJECTOR = [{ width: 1024, height: 768 }, {}];
const DESKTOP = [{ width: 1440, height: 900 }, {}];

/** Black to move; a1 takes White's only disc and ends the game with 57 empty squares. */
const ONE_MOVE_TO_END = `-OX${'-'.repeat(24)}XX------XX${'-'.repeat(27)}X`;

/** The board's and the state strip's boxes, and the window's height. */
function boxes(page) {
  return page.evaluate(() => {
    const box = (/** @type {string} */ selector) => {
      const r = /** @type {Element} */ (document.querySelector(selector)).getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    return { board: box('#board'), strip: box('[data-testid="state-strip"]'), height: innerHeight, width: innerWidth };
  });
}

/** Asserts the board and the whole state strip are on screen, the strip not under the board. */
async function assertStateInView(page, where) {
  const { board, strip, height, width } = await boxes(page);
  for (const [name, b] of Object.entries({ board, strip })) {
    assert.ok(b.top >= -1 && b.bottom <= height + 1 && b.left >= -1 && b.right <= width + 1, `${where}: the ${name} is in view: ${JSON.stringify(b)} in ${width}×${height}`);
  }
  const overlap = Math.min(board.bottom, strip.bottom) - Math.max(board.top, strip.top);
  const beside = strip.left >= board.right - 1 || strip.right <= board.left + 1;
  assert.ok(beside || overlap <= 1, `${where}: the strip is not under the board: board ${JSON.stringify(board)}, strip ${JSON.stringify(strip)}`);
}

for (const [name, [viewport, options]] of Object.entries({ phone: PHONE, projector: PROJECTOR, desktop: DESKTOP })) {
  test(`${name}: after Review then New game, whose turn, the score and the thinking line stay in view with the board`, async () => {
    const { page, context, errors } = await openPage(browser, viewport, options);
    await page.goto(`${server.url}?black=human&white=human&board=${ONE_MOVE_TO_END}`);
    await waitReady(page);
    await page.click('[data-square="a1"]');
    await page.click('[data-testid="review-offer"]');
    await page.waitForFunction(() => /the game is over/.test(document.querySelector('[data-testid="review-position"]').textContent), null, { timeout: 20_000 });
    await page.selectOption('[data-testid="white-player"]', 'ai');
    await page.selectOption('[data-testid="level"]', '1');
    await page.click('[data-testid="new-game"]');
    assert.deepEqual(
      await page.evaluate(() => [Math.round(scrollY), Math.round(document.getElementById('panel').scrollTop)]),
      [0, 0],
      'New game brings the panel back to its top',
    );
    await assertStateInView(page, `${name}, new game`);
    for (let move = 0; move < 3; move++) {
      await page.click(`[data-square="${(await legalSquares(page))[0]}"]`);
      await page.waitForFunction(() => document.querySelector('[data-testid="turn"]').textContent.includes('(you)'), null, { timeout: 10_000 });
      // The panel scrolled as far as it goes: the state stays where it is.
      await page.evaluate(() => {
        document.getElementById('panel').scrollTo({ top: 1e6 });
        scrollTo({ top: 1e6 });
      });
      await assertStateInView(page, `${name}, move ${move + 1}, scrolled down`);
    }
    await page.screenshot({ path: path.join(artifacts, `player-view-${name}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("the AI's reply starts after the player's flips end; each side's last move is marked", async () => {
  const { page, context, errors } = await openPage(browser, PHONE[0], PHONE[1]);
  await page.goto(`${server.url}?black=human&white=ai&level=1`);
  await waitReady(page);
  await page.evaluate(() => {
    /** @type {any} */ (window).drawnMoves = [];
    document.getElementById('board').addEventListener('othello-move', (event) => /** @type {any} */ (window).drawnMoves.push(/** @type {CustomEvent} */ (event).detail));
  });
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => /** @type {any} */ (window).drawnMoves.length === 2, null, { timeout: 10_000 });
  const [mine, reply] = await page.evaluate(() => /** @type {any} */ (window).drawnMoves);
  assert.equal(mine.side, 'black');
  assert.equal(reply.side, 'white');
  assert.ok(mine.endsAt > mine.startedAt, 'the flips take time');
  assert.ok(reply.startedAt >= mine.endsAt, `the reply (${reply.startedAt}) starts after the flips end (${mine.endsAt})`);
  // The reply's own flips drawn to their end: past its endsAt, and two frames more.
  await page.waitForFunction((end) => performance.now() > end, reply.endsAt);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // Both last moves are marked in the last move's red: the latest by a dot at its centre, the
  // other side's by a ring (sampled on the ring, 0.15 of a square from the centre).
  const marks = await page.evaluate(([black, white]) => {
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('board-canvas'));
    const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    const gutter = canvas.width * 0.055;
    const cell = (canvas.width - 2 * gutter) / 8;
    const pixel = (/** @type {string} */ square, /** @type {number} */ dx) => {
      const col = square.charCodeAt(0) - 97;
      const row = Number(square[1]) - 1;
      const x = Math.round(gutter + (col + 0.5) * cell + dx * cell);
      const y = Math.round(gutter + (row + 0.5) * cell);
      return Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
    };
    return { latest: pixel(white, 0), ring: pixel(black, 0.15), cellPx: cell / devicePixelRatio };
  }, ['f5', reply.move]);
  const red = ([r, g, b]) => r > 170 && g < 120 && b < 120;
  assert.ok(red(marks.latest), `the AI's move has a red dot: ${marks.latest}`);
  assert.ok(red(marks.ring), `the player's move has a red ring: ${marks.ring}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the clock's notice goes once New game started the clock, and when a flag falls", async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${server.url}?black=human&white=human`);
  await waitReady(page);
  const notice = '[data-testid="notices"] [data-key="clock-setting"]';
  await page.selectOption('[data-testid="clock"]', '1+0');
  assert.match(await page.locator(notice).textContent(), /The clock starts with the next new game/);
  await page.click('[data-testid="new-game"]');
  await page.waitForSelector('[data-testid="clock-black"]:not([hidden])');
  assert.equal(await page.locator(notice).count(), 0, 'gone once New game started the clock');

  await page.goto(`${server.url}?black=human&white=human&clock=0.05+0`);
  await waitReady(page);
  await page.selectOption('[data-testid="clock"]', '5+0');
  assert.equal(await page.locator(notice).count(), 1);
  await page.waitForFunction(() => document.querySelector('[data-testid="turn"]').textContent.startsWith('Game over'), null, { timeout: 10_000 });
  assert.equal(await page.locator(notice).count(), 0, 'gone once the flag fell');
  assert.deepEqual(errors, []);
  await context.close();
});

test('one result, said the same at the end and in the review, with the empty squares to the winner', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${server.url}?black=human&white=human&board=${ONE_MOVE_TO_END}`);
  await waitReady(page);
  await page.click('[data-square="a1"]');
  const sentence = 'Black wins 64–0 (7–0 on the board; the 57 empty squares go to the winner)';
  assert.equal(await text(page, 'turn'), `Game over: ${sentence}`);
  await page.click('[data-testid="review-offer"]');
  await page.waitForFunction(() => /the game is over/.test(document.querySelector('[data-testid="review-position"]').textContent), null, { timeout: 20_000 });
  const review = await text(page, 'review-position');
  assert.ok(review.includes(`the game is over: ${sentence}`), review);
  assert.match(review, /Black \+64 \(exact\)/, 'the review\'s margin is the result\'s (64 − 0)');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the thinking line never says a depth beyond the empty squares as if it were one', async () => {
  const { page, context, errors } = await openPage(browser);
  // The line's words for the three cases, from the page's own module.
  await page.goto(`${server.url}?black=human&white=human`);
  await waitReady(page);
  const words = await page.evaluate(async () => {
    const { thinkingText } = await import('./www/game/thinking.js');
    return {
      estimate: thinkingText({ depth: 24, nodes: 1000, pv: ['a1'], discs: 7.5, exact: false }, 'white', 23),
      exact: thinkingText({ depth: 23, nodes: 1000, pv: ['a1'], discs: 8, exact: true }, 'white', 23),
      shallow: thinkingText({ depth: 12, nodes: 1000, pv: ['a1'], discs: 1.5, exact: false }, 'white', 30),
    };
  });
  assert.equal(words.estimate, 'White (AI) is thinking · depth 23 of 23 empty squares, estimated · 1,000 nodes · White +7.5 · line a1');
  assert.equal(words.exact, 'White (AI) is thinking · exact: solved to the end · 1,000 nodes · White +8 · line a1');
  assert.match(words.shallow, /· depth 12 ·/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a projector (1024×768): a wider panel, larger text, and no control wrapping its words', async () => {
  const { page, context, errors } = await openPage(browser, PROJECTOR[0]);
  await page.goto(`${server.url}?black=human&white=ai`);
  await waitReady(page);
  const seen = await page.evaluate(() => {
    const panel = /** @type {Element} */ (document.getElementById('panel')).getBoundingClientRect();
    const size = parseFloat(getComputedStyle(document.getElementById('turn')).fontSize);
    // A label's words on one line: each of its text nodes lies on one line.
    const wrappedWords = [...document.querySelectorAll('.view-options label, .setup label, .hint-choice label')].filter((label) =>
      [...label.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim())
        .some((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size > 1;
        }),
    ).map((label) => label.textContent.trim());
    return { panelWidth: panel.width, size, wrappedWords };
  });
  assert.ok(seen.panelWidth >= 420, `the panel is wider than 420 px: ${seen.panelWidth}`);
  assert.ok(seen.size >= 19, `the turn line's text is at least 19 px: ${seen.size}`);
  assert.deepEqual(seen.wrappedWords, [], 'no label wraps its words');
  await page.screenshot({ path: path.join(artifacts, 'player-view-projector-start.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a GGF record's own fields survive a round trip, a reload and moves played on; its result says whose", async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${server.url}?black=human&white=human`);
  await waitReady(page);
  const fields = 'PC[test]DT[2003.12.15_13:24:03.MST]PB[Ann]PW[Bob]RE[+2.00]TI[5:00//2:00]TY[8]EV[Club]';
  const record = `(;GM[Othello]${fields}BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6]B[c3];)`;
  await page.fill('[data-testid="paste-input"]', record);
  await page.click('[data-testid="paste-load"]');
  assert.equal(await text(page, 'status'), 'GGF record loaded: Ann (Black) against Bob (White), result Black +2, 3 moves.');
  const exported = async () => {
    await page.selectOption('[data-testid="export-format"]', 'ggf');
    await page.click('[data-testid="export"]');
    return page.inputValue('[data-testid="export-output"]');
  };
  assert.equal(await exported(), record, 'exported as imported');
  await page.waitForFunction(() => document.documentElement.dataset.savedMoves === 'f5d6c3');
  await page.reload();
  await waitReady(page);
  assert.equal(await exported(), record, 'the same after a reload');
  // White plays on: the record's fields stay, the names say who played on, its result no longer stands.
  await page.click('[data-square="d3"]');
  const on = await exported();
  assert.match(on, /^\(;GM\[Othello\]PC\[test\]DT\[2003\.12\.15_13:24:03\.MST\]PB\[Ann\]PW\[Bob, then Human\]TI\[5:00\/\/2:00\]TY\[8\]EV\[Club\]BO\[/, on);
  assert.doesNotMatch(on, /RE\[|Othello in the browser/, on);
  assert.deepEqual(errors, []);
  await context.close();
});
