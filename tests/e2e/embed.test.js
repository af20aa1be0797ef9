// <othello-board> and embed.html as a site owner uses them: the `make dist` folder served under a
// sub-path (/games/othello/) with a strict Content-Security-Policy header on every response, host
// pages beside it (fixtures/embed/), and for the iframe a parent page on other origins.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer, startStaticServer, buildDist, launchBrowser, openPage, waitReady, artifacts, repoRoot } from './helpers.js';

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
const BASE = '/games/othello/';
const fixtures = path.join(import.meta.dirname, 'fixtures/embed');
const dist = path.join(process.env.TMPDIR, 'dist');

/** White has no move, Black has a1 (a white disc on b1, black everywhere else); White to move. */
const WHITE_MUST_PASS = '-O' + 'X'.repeat(62) + 'O';
/** After these moves Black plays a8, and then White has no move (the game goes on). */
const BEFORE_WHITE_PASSES = 'd3e3f2c3b3g1f5d2f3d6c7f4g3b2c5c2a1h3b1b4b5g5f1a2e1c1h1f6c4b8h4a3h2g4a5e6a4b6a6e2b7g2d1a7';

let site; // the dist folder and the host pages, one origin
let parentSite; // the page embedding the iframe: another origin
let foreignSite; // the same page on a third origin, not allowed to command the board
let browser;

before(async () => {
  buildDist(dist);
  site = await startStaticServer({
    mounts: { [BASE]: dist, '/host/': fixtures },
    headers: { 'Content-Security-Policy': CSP },
  });
  // A host page with this policy must allow the board's origin in frame-src to show the iframe.
  const parentHeaders = { 'Content-Security-Policy': `${CSP}; frame-src ${site.origin}` };
  parentSite = await startStaticServer({ mounts: { '/': fixtures }, headers: parentHeaders });
  foreignSite = await startStaticServer({ mounts: { '/': fixtures }, headers: parentHeaders });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await Promise.all([site?.close(), parentSite?.close(), foreignSite?.close()]);
});

/** Opens a host page and waits for the ready event of `count` boards. */
async function openHost(name, count, viewport) {
  const opened = await openPage(browser, viewport);
  const response = await opened.page.goto(`${site.origin}/host/${name}`);
  assert.equal(response.headers()['content-security-policy'], CSP);
  await opened.page.waitForFunction((n) => window.boardEvents.filter((e) => e.type === 'ready').length === n, count, { timeout: 20_000 });
  return opened;
}

const events = (page, board, type) =>
  page.evaluate(([b, t]) => window.boardEvents.filter((e) => e.board === b && (!t || e.type === t)), [board, type]);

const textIn = async (page, board, testId) => (await page.locator(`#${board} [data-testid="${testId}"]`).textContent()).trim();

/** Squares the board's labels call legal. */
const legalIn = (page, board) =>
  page.locator(`#${board} [data-square]`).evaluateAll((cells) => cells.filter((c) => c.getAttribute('aria-label').includes('legal')).map((c) => c.dataset.square));

/** Waits for the board's status line to contain `text`. */
async function waitStatus(page, board, text) {
  await page.waitForFunction(
    ([b, t]) => document.getElementById(b).shadowRoot.querySelector('[data-testid="status"]').textContent.includes(t),
    [board, text],
    { timeout: 15_000 },
  );
}

/** Console errors other than the one the policy prints for the fixture's blocked inline script. */
const unexpected = (errors) => errors.filter((e) => !e.includes('inline script'));

test('two boards on one page play independently and share one download of the wasm', async () => {
  const first = site.requests.length;
  const wasmDownloads = () => site.requests.slice(first).filter((p) => p.endsWith('reversi_simd_bg.wasm')).length;
  const { page, context, errors } = await openHost('two-boards.html', 2);
  // The policy is really enforced: the page's own inline script did not run.
  assert.equal(await page.evaluate(() => window.inlineScriptRan), undefined);
  assert.equal(wasmDownloads(), 1);

  for (const board of ['one', 'two']) {
    const [ready] = await events(page, board, 'ready');
    assert.deepEqual(ready.detail, { transcript: '', position: `${'-'.repeat(27)}OX${'-'.repeat(6)}XO${'-'.repeat(27)} X` });
    assert.ok(ready.bubbles && ready.composed && ready.isCustomEvent);
    assert.equal(await page.locator(`#${board} [data-square]`).count(), 64);
    assert.deepEqual((await legalIn(page, board)).sort(), ['c4', 'd3', 'e6', 'f5']);
    assert.equal(await page.locator(`#${board} [role="status"]`).getAttribute('aria-live'), 'polite');
  }

  await page.locator('#one [data-square="d3"]').click();
  await page.evaluate(() => document.getElementById('two').play('f5'));
  await page.locator('#one [data-square="c5"]').click();

  assert.equal(await textIn(page, 'one', 'moves'), 'd3c5');
  assert.equal(await textIn(page, 'two', 'moves'), 'f5');
  assert.equal(await textIn(page, 'one', 'score-black'), '3');
  assert.equal(await textIn(page, 'one', 'score-white'), '3');
  assert.equal(await textIn(page, 'two', 'score-black'), '4');
  assert.equal(await textIn(page, 'two', 'score-white'), '1');
  assert.deepEqual(
    (await events(page, 'one', 'move')).map((e) => e.detail),
    [
      { square: 'd3', color: 'black', flipped: ['d4'], transcript: 'd3', opening: '' },
      { square: 'c5', color: 'white', flipped: ['d5'], transcript: 'd3c5', opening: 'Perpendicular Opening' },
    ],
  );
  assert.deepEqual((await events(page, 'two', 'move')).map((e) => e.detail), [{ square: 'f5', color: 'black', flipped: ['e5'], transcript: 'f5', opening: '' }]);
  assert.deepEqual(await page.evaluate(() => [one.transcript(), two.transcript(), two.position()]), [
    'd3c5',
    'f5',
    `${'-'.repeat(27)}OX${'-'.repeat(6)}XXX${'-'.repeat(26)} O`,
  ]);
  // Only the second board shows its move list (show-moves), and it is a part the page can style.
  assert.equal(await page.locator('#one [part="moves"]').isVisible(), false);
  assert.equal(await page.locator('#two [part="moves"]').isVisible(), true);
  assert.equal(await page.locator('#two [data-testid="move-list"] button').count(), 1);

  // The board keeps to its container and stays square.
  const box = await page.locator('#two [part="board"]').boundingBox();
  assert.ok(Math.abs(box.width - box.height) < 1 && box.width <= 480, JSON.stringify(box));
  // --othello-felt reaches the canvas: the middle of a1 is blue on board two, green on board one.
  const felt = await page.evaluate(() =>
    ['one', 'two'].map((id) => {
      const canvas = document.getElementById(id).shadowRoot.querySelector('canvas');
      const cell = document.getElementById(id).shadowRoot.querySelector('[data-square="a1"]').getBoundingClientRect();
      const frame = canvas.getBoundingClientRect();
      const scale = canvas.width / frame.width;
      const x = Math.round((cell.left - frame.left + cell.width / 2) * scale);
      const y = Math.round((cell.top - frame.top + cell.height / 4) * scale);
      return [...canvas.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3)];
    }),
  );
  assert.ok(felt[0][1] > felt[0][2], `board one's felt is green: ${felt[0]}`);
  assert.ok(felt[1][2] > felt[1][1], `board two's felt is blue: ${felt[1]}`);

  // A third board made by script (properties set before it is on the page) starts from them,
  // and still no second download.
  await page.evaluate(() => {
    const board = document.createElement('othello-board');
    board.id = 'three';
    board.moves = 'f5d6';
    board.white = 'human';
    document.body.append(board);
  });
  await page.waitForFunction(() => window.boardEvents.some((e) => e.board === 'three' && e.type === 'ready'));
  assert.equal((await events(page, 'three', 'ready'))[0].detail.transcript, 'f5d6');
  assert.equal(await textIn(page, 'three', 'moves'), 'f5d6');
  assert.equal(wasmDownloads(), 1);

  await page.screenshot({ path: path.join(artifacts, 'embed-two-boards.png') });
  assert.deepEqual(unexpected(errors), []);
  await context.close();
});

test('attribute changes take effect, properties reflect them, bad values are errors that keep the game', async () => {
  const { page, context, errors } = await openHost('two-boards.html', 2);

  // coordinates: the letters and digits appear in the frame (the canvas changes), and go again.
  const drawings = await page.evaluate(() => {
    const canvas = one.shadowRoot.querySelector('canvas');
    const shots = [canvas.toDataURL()];
    one.coordinates = true;
    shots.push(canvas.toDataURL());
    one.coordinates = false;
    shots.push(canvas.toDataURL());
    return shots;
  });
  assert.notEqual(drawings[1], drawings[0]);
  assert.equal(drawings[2], drawings[0]);

  await page.evaluate(() => one.setAttribute('moves', 'f5d6c3'));
  assert.equal(await textIn(page, 'one', 'moves'), 'f5d6c3');
  assert.equal(await textIn(page, 'one', 'score-black'), '5');
  assert.equal(await textIn(page, 'one', 'score-white'), '2');
  assert.equal(await page.evaluate(() => one.moves), 'f5d6c3');
  // Setting the same moves again starts that game over.
  await page.evaluate(() => one.play('f4'));
  assert.equal(await textIn(page, 'one', 'moves'), 'f5d6c3f4');
  await page.evaluate(() => (one.moves = 'f5d6c3'));
  assert.equal(await textIn(page, 'one', 'moves'), 'f5d6c3');

  // Properties set attributes.
  await page.evaluate(() => {
    one.level = 7;
    one.readonly = true;
    one.showMoves = true;
    one.black = 'human';
  });
  assert.deepEqual(
    await page.evaluate(() => [one.getAttribute('level'), one.hasAttribute('readonly'), one.hasAttribute('show-moves'), one.level, one.readonly]),
    ['7', true, true, 7, true],
  );
  // Read-only: no legal squares offered, a click plays nothing.
  assert.deepEqual(await legalIn(page, 'one'), []);
  await page.locator('#one [data-square="d3"]').click();
  assert.equal(await textIn(page, 'one', 'moves'), 'f5d6c3');
  assert.equal(await page.locator('#one [part="moves"]').isVisible(), true);
  await page.evaluate(() => (one.readonly = false));
  assert.ok((await legalIn(page, 'one')).length > 0);

  // Language: the status and the labels of the squares (plain pt is Brazilian; its words are
  // fetched, then the board is written again).
  await page.evaluate(() => one.setAttribute('lang', 'pt'));
  await waitStatus(page, 'one', 'Vez das Brancas');
  assert.match(await page.locator('#one [data-square="d4"]').getAttribute('aria-label'), /^d4, peça preta$/);
  await page.evaluate(() => one.setAttribute('lang', 'en'));
  await waitStatus(page, 'one', 'White to move');

  // Hints: every legal square gets a score in its label.
  await page.evaluate(() => (one.hints = true));
  await page.waitForFunction(() => [...one.shadowRoot.querySelectorAll('[data-square]')].some((c) => /score/.test(c.getAttribute('aria-label'))), null, { timeout: 15_000 });
  const labels = await page.locator('#one [data-square]').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label')).filter((l) => l.includes('legal')));
  assert.ok(labels.length > 0 && labels.every((l) => /legal move, score (unknown|(Black|White) \+\d+(\.\d)?|Even 0(\.0)?)$/.test(l)), labels.join(' | '));

  // A position: 64 squares and the side to move; a side without a move passes at once.
  // (moves are played from the position: remove them first.)
  await page.evaluate((board) => {
    one.moves = null;
    one.position = board;
  }, WHITE_MUST_PASS);
  assert.deepEqual(await legalIn(page, 'one'), ['a1']);
  assert.equal(await page.evaluate(() => one.getAttribute('position')), WHITE_MUST_PASS);

  // Bad values: an error event and message; the game in progress is kept.
  const before = await page.evaluate(() => one.position());
  await page.evaluate(() => one.setAttribute('moves', 'f5zz'));
  await page.evaluate(() => one.setAttribute('level', '12'));
  await page.evaluate(() => one.setAttribute('white', 'robot'));
  const errorDetails = (await events(page, 'one', 'error')).map((e) => e.detail);
  const errorEvents = errorDetails.map((detail) => detail.message);
  assert.equal(errorEvents.length, 3, errorEvents.join(' | '));
  assert.deepEqual(errorDetails.map((detail) => detail.code), ['game', 'attribute', 'attribute']);
  assert.match(errorEvents[0], /Could not load that position: .*The game in progress is kept/);
  assert.match(errorEvents[1], /level="12" is not a level from 1 to 9/);
  assert.match(errorEvents[2], /white="robot" is not human or ai/);
  assert.equal(await page.evaluate(() => one.position()), before);
  // Each problem stays on the board, in a list, until dismissed.
  const shown = await page.locator('#one [data-testid="error"]').allTextContents();
  assert.equal(shown.length, 3, shown.join(' | '));
  assert.match(shown[2], /white="robot"/);
  await page.locator('#one [data-testid="error"][data-key="attribute-white"] [data-testid="dismiss"]').click();
  assert.equal(await page.locator('#one [data-testid="error"]').count(), 2);
  // Board two never changed. Read-only, the AI does not move either, until readonly is lifted.
  assert.equal(await textIn(page, 'two', 'moves'), '');
  await page.evaluate(() => {
    two.readonly = true;
    two.white = 'ai';
    two.play('f5'); // the page's script may still play
  });
  await waitStatus(page, 'two', 'White (AI) to move.');
  assert.equal((await events(page, 'two', 'move')).length, 1);
  await page.evaluate(() => (two.readonly = false));
  await page.waitForFunction(() => window.boardEvents.filter((e) => e.board === 'two' && e.type === 'move').length === 2, null, { timeout: 15_000 });
  assert.equal((await events(page, 'two', 'move'))[1].detail.color, 'white');
  assert.deepEqual(unexpected(errors), []);
  await context.close();
});

test('events: the AI replies with a move event, then pass and gameover with their details', async () => {
  const { page, context, errors } = await openHost('one-board.html', 1);
  // Defaults: Black human, White the AI.
  await page.locator('#one [data-square="f5"]').click();
  await page.waitForFunction(() => window.boardEvents.filter((e) => e.type === 'move').length === 2, null, { timeout: 20_000 });
  const [mine, reply] = (await events(page, 'one', 'move')).map((e) => e.detail);
  assert.deepEqual(mine, { square: 'f5', color: 'black', flipped: ['e5'], transcript: 'f5', opening: '' });
  assert.equal(reply.color, 'white');
  assert.equal(reply.transcript, `f5${reply.square}`);
  assert.ok(reply.flipped.length >= 1);
  assert.equal(await page.evaluate(() => one.transcript()), reply.transcript);

  // undo goes back to Black's turn (the AI's reply with it); redo replays both.
  await page.evaluate(() => one.undo());
  assert.equal(await page.evaluate(() => one.transcript()), '');
  await page.evaluate(() => one.redo());
  assert.equal(await page.evaluate(() => one.transcript()), reply.transcript);

  // Between two humans: after a8 White has no move.
  await page.evaluate((moves) => {
    one.white = 'human';
    one.moves = moves;
  }, BEFORE_WHITE_PASSES);
  assert.equal(await page.evaluate(() => one.play('a8')), true);
  const pass = (await events(page, 'one', 'pass')).map((e) => e.detail);
  assert.deepEqual(pass, [{ color: 'white', transcript: `${BEFORE_WHITE_PASSES}a8` }]);
  await waitStatus(page, 'one', 'White has no move');

  // The last move of a game.
  await page.evaluate((board) => {
    one.moves = null;
    one.position = board;
  }, WHITE_MUST_PASS);
  await page.locator('#one [data-square="a1"]').click();
  const [gameover] = (await events(page, 'one', 'gameover')).map((e) => e.detail);
  assert.deepEqual(gameover, { black: 64, white: 0, winner: 'black' });
  await waitStatus(page, 'one', 'Game over: Black wins 64–0');
  assert.equal(await page.evaluate(() => one.play('b2')), false);

  // newGame() starts again from the position attribute.
  await page.evaluate(() => one.newGame());
  assert.equal(await page.evaluate(() => one.position()), WHITE_MUST_PASS.slice(0, 64) + ' X');
  assert.deepEqual(unexpected(errors), []);
  await context.close();
});

test('one board transfers at most 170 KB gzipped before it is playable', async () => {
  const first = site.requests.length;
  const { page, context, errors } = await openHost('one-board.html', 1);
  await page.locator('#one [data-square="d3"]').click();
  // The AI's reply too: its worker starts when it is first to move, so at the player's move the
  // worker's files may not have been asked for yet.
  await page.waitForFunction(() => window.boardEvents.filter((e) => e.type === 'move').length === 2, null, { timeout: 20_000 });
  // Every request counted, repeats too (the worker imports the bindings in its own module map),
  // except the pattern weights: the worker fetches them once the engine is ready, after the board
  // is playable (as `make bench` counts the game page), and they may or may not have been asked
  // for by the time of the move.
  const files = site.requests.slice(first).filter((p) => p.startsWith(BASE) && !p.endsWith('/weights/pattern.bin') && !p.endsWith('/weights/book.bin'));
  const sizes = files.map((p) => [p.slice(BASE.length), gzipSync(readFileSync(path.join(dist, p.slice(BASE.length))), { level: 9 }).length]);
  const total = sizes.reduce((sum, [, n]) => sum + n, 0);
  writeFileSync(path.join(artifacts, 'embed-weight.txt'), `${sizes.map(([f, n]) => `${n}\t${f}`).join('\n')}\n${total}\ttotal gzipped bytes\n`);
  assert.ok(files.some((f) => f.endsWith('reversi_simd_bg.wasm')) && files.some((f) => f.endsWith('worker.js')), files.join(' '));
  // The budget: the engine's wasm (about 134 KB, the game page's deep analysis in it), its
  // bindings twice, the worker and the element's modules, minified by make dist (about 25 KB).
  assert.ok(total <= 170 * 1024, `${total} bytes gzipped`);
  assert.deepEqual(unexpected(errors), []);
  await context.close();
});

test('from a sub-path of make dist under the policy: the game, the classroom and the demo page work', async () => {
  // make dist ships every file the game needs (the offline list names them all: a data file
  // missing from the site, as the opening book once was, would only show as a notice).
  const needed = readFileSync(path.join(import.meta.dirname, '../../www/offline/files.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  assert.ok(needed.includes('weights/book.bin'), needed.join(' '));
  assert.deepEqual(needed.filter((file) => !existsSync(path.join(dist, file))), []);
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${site.url}index.html`);
  await waitReady(page);
  await page.locator('[data-square="d3"]').click();
  await page.goto(`${site.url}classroom.html`);
  await waitReady(page);
  await page.goto(`${site.url}embed-demo.html`);
  await page.waitForFunction(() => document.querySelectorAll('#event-log li[data-type="ready"]').length === 2, null, { timeout: 20_000 });
  await page.locator('#demo-board [data-square="d3"]').click();
  await page.waitForSelector('#event-log li[data-source="element"][data-type="move"]');
  // The game page links to the demo, and the demo back to the game.
  assert.equal(await page.getAttribute('[data-testid="game-link"]', 'href'), 'index.html');
  assert.match(readFileSync(path.join(dist, 'index.html'), 'utf8'), /href="embed-demo.html"/);
  assert.match(await page.locator('[data-testid="element-snippet"]').textContent(), new RegExp(`src="${site.url}www/othello-board.js"`));
  assert.deepEqual(errors, []);
  await context.close();
});

test('make dist ships each module minified with its source map, and an offline manifest of the files it ships', () => {
  const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
  // The service worker keeps a file only if its hash is the manifest's: a manifest of the
  // repository's unminified files would make it drop every copy, and offline play would break.
  const shipped = {};
  new Function('self', readFileSync(path.join(dist, 'www/offline/manifest.js'), 'utf8'))(shipped);
  const listed = [...shipped.OFFLINE_MANIFEST.files, ...shipped.OFFLINE_MANIFEST.classroom];
  assert.ok(listed.length > 100, `${listed.length} files listed`);
  assert.deepEqual(listed.filter(([file, hash]) => sha256(path.join(dist, file)) !== hash).map(([file]) => file), []);
  for (const file of ['www/othello-board.js', 'www/game/app.js', 'www/common/worker.js', 'www/classroom/app.js']) {
    const source = readFileSync(path.join(repoRoot, file), 'utf8');
    const minified = readFileSync(path.join(dist, file), 'utf8');
    assert.ok(minified.length < source.length * 0.6, `${file}: ${minified.length} bytes shipped of ${source.length}`);
    assert.match(minified, new RegExp(`//# sourceMappingURL=${path.basename(file)}\\.map$`), file);
    // The map carries the source as written, for the browser's developer tools.
    const map = JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8'));
    assert.deepEqual(map.sourcesContent, [source], file);
  }
});

test('the demo page: the element and the iframe download the wasm once where the HTTP cache allows it, and each page asks for it once', async () => {
  const WASM = 'www/pkg/reversi_simd_bg.wasm';
  const openDemo = async (url) => {
    const opened = await openPage(browser);
    const asked = { page: 0, iframe: 0 };
    opened.page.on('request', (request) => {
      if (request.url().endsWith(WASM)) asked[request.frame() === opened.page.mainFrame() ? 'page' : 'iframe']++;
    });
    await opened.page.goto(`${url}embed-demo.html`);
    await opened.page.waitForFunction(() => document.querySelectorAll('#event-log li[data-type="ready"]').length === 2, null, { timeout: 20_000 });
    return { ...opened, asked };
  };

  // Python's static server (make play): Last-Modified and no Cache-Control, so the browser may
  // keep the file. The element's download serves the iframe too (from the cache, or after a
  // 304 when the file is only seconds old).
  const python = await startServer(dist);
  try {
    const { context, asked, errors } = await openDemo(python.url);
    const answers = python.requests.filter((r) => r.path === `/${WASM}`).map((r) => r.status);
    assert.deepEqual(answers.filter((status) => status === 200), [200], `answers: ${answers}`);
    assert.ok(answers.every((status) => status === 200 || status === 304), `answers: ${answers}`);
    assert.deepEqual(asked, { page: 1, iframe: 1 });
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    python.close();
  }

  // Cache-Control: no-cache without a validator (this file's test server): the browser must
  // fetch again for the second page and cannot ask for a 304, so the iframe downloads it too;
  // still once per page (the iframe's preload is what its board's fetch uses).
  const first = site.requests.length;
  const { context, asked, errors } = await openDemo(site.url);
  assert.deepEqual(asked, { page: 1, iframe: 1 });
  assert.equal(site.requests.slice(first).filter((p) => p === `${BASE}${WASM}`).length, 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the iframe page fits its frame: board, status and move list all inside, from a phone column to a wide frame', async () => {
  const moves = 'f5d6c3d3c4f4f6f3e6e7d7c5b6';
  const sizes = [[320, 420], [360, 300], [600, 400], [800, 500], [400, 700]];
  for (const [width, height] of sizes) {
    for (const showMoves of [true, false]) {
      const { page, context, errors } = await openPage(browser, { width, height });
      await page.goto(`${site.url}embed.html?${showMoves ? 'show-moves&' : ''}moves=${moves}`);
      await page.locator('[data-testid="status"]').filter({ hasText: 'to move' }).waitFor({ timeout: 20_000 });
      const boxes = await page.evaluate(() => {
        const root = document.querySelector('othello-board').shadowRoot;
        const box = (selector) => {
          const element = root.querySelector(selector);
          return element.hidden ? null : element.getBoundingClientRect().toJSON();
        };
        return { board: box('.board'), status: box('.status'), list: box('.side') };
      });
      const where = `${width}×${height}${showMoves ? ' with the move list' : ''}`;
      for (const [name, box] of Object.entries(boxes)) {
        if (!box) continue;
        assert.ok(box.left >= 0 && box.top >= 0 && box.right <= width && box.bottom <= height, `${where}: ${name} ${JSON.stringify(box)}`);
      }
      assert.equal(Boolean(boxes.list), showMoves, where);
      // The board takes what is left: never squeezed below half the frame's smaller side.
      assert.ok(boxes.board.width >= Math.min(width, height) / 2, `${where}: board ${boxes.board.width} px`);
      if (showMoves && width === 320) await page.screenshot({ path: path.join(artifacts, 'embed-iframe-320x420.png') });
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

test('an <othello-board> loaded from another site says in its box why it cannot play there, and links to the iframe', async () => {
  // The board's files on a host that lets other sites load them (CORS, as many static hosts and
  // CDNs do), and a page of another site loading the module from there (fixtures/embed/
  // elsewhere.html, under a policy that allows that host's scripts). Browsers would not start
  // the AI's worker from that module. (Without CORS the browser does not run the module at all.)
  const cdn = await startStaticServer({
    mounts: { [BASE]: dist },
    headers: { 'Content-Security-Policy': CSP, 'Access-Control-Allow-Origin': '*' },
  });
  const elsewhere = await startStaticServer({
    mounts: { '/': fixtures },
    headers: { 'Content-Security-Policy': `default-src 'self'; script-src 'self' ${cdn.origin} 'wasm-unsafe-eval'` },
  });
  const { page, context, errors } = await openPage(browser, { width: 800, height: 700 });
  await page.goto(`${elsewhere.origin}/elsewhere.html?module=${encodeURIComponent(`${cdn.url}www/othello-board.js`)}`);
  await page.waitForFunction(() => window.boardEvents.filter((e) => e.type === 'error').length === 2, null, { timeout: 15_000 });

  // Each box says why, in its language, with a link to the iframe carrying the board's options.
  const notice = (board) => page.locator(`#${board} [data-testid="unavailable"]`);
  await notice('one').waitFor();
  const english = (await notice('one').textContent()).replace(/\s+/g, ' ');
  assert.match(english, /This board cannot play on this page\./);
  assert.ok(english.includes(`from ${cdn.origin}`) && english.includes(`on ${elsewhere.origin}`), english);
  assert.match(english, /browsers start the AI’s worker only from the page’s own origin/);
  assert.match(english, /put the board in an iframe: embed\.html\./);
  assert.equal(await page.locator('#one [data-testid="unavailable"] a').getAttribute('href'), `${cdn.url}embed.html?white=ai&level=5&show-moves=`);
  await notice('two').filter({ hasText: 'Este tabuleiro' }).waitFor();
  assert.match((await notice('two').textContent()).replace(/\s+/g, ' '), /Este tabuleiro não pode jogar nesta página\..*coloque o tabuleiro em um iframe: embed\.html/);
  assert.equal(await page.locator('#one [part="board"]').isVisible(), false);
  // Styled: a box as wide as the board would be, its words in a colour of their own.
  const style = await notice('one').evaluate((e) => {
    const s = getComputedStyle(e);
    return { width: e.getBoundingClientRect().width, border: s.borderTopWidth, color: s.color, background: s.backgroundColor };
  });
  assert.ok(style.width >= 350 && style.border === '2px' && style.color !== style.background, JSON.stringify(style));
  // And an error event for the page's script.
  const [event] = await events(page, 'one', 'error');
  assert.match(event.detail.message, /cannot play on a page of .* use the iframe, .*embed\.html$/);
  // The language follows the attribute.
  await page.evaluate(() => document.getElementById('one').setAttribute('lang', 'pt-PT'));
  await notice('one').filter({ hasText: 'Este tabuleiro não pode jogar' }).waitFor();
  assert.match((await notice('one').textContent()).replace(/\s+/g, ' '), /ponha o tabuleiro num iframe/);
  // It downloaded no engine it could not use.
  assert.deepEqual(cdn.requests.filter((p) => /\.wasm$|worker\.js$|pattern\.bin$/.test(p)), []);
  await page.screenshot({ path: path.join(artifacts, 'embed-from-another-site.png') });
  assert.deepEqual(errors, []);
  await context.close();
  await Promise.all([cdn.close(), elsewhere.close()]);
});

/** Opens parent.html on `host` with the board's iframe (address options `options`). */
async function openParent(host, options, prepare = async () => {}) {
  const opened = await openPage(browser);
  await prepare(opened.context);
  const warnings = [];
  opened.page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const board = `${site.url}embed.html`;
  await opened.page.goto(`${host.origin}/parent.html?board=${encodeURIComponent(board)}&options=${encodeURIComponent(options)}`);
  const frame = opened.page.frameLocator('iframe');
  // Ready: the board inside the frame says whose turn it is.
  await frame.locator('[data-testid="status"]').filter({ hasText: 'to move' }).waitFor({ timeout: 20_000 });
  return { ...opened, frame, warnings };
}

/** Polls `condition` (a function of this process) until it is true; throws after `timeout` ms. */
async function waitUntil(condition, timeout = 10_000) {
  const end = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`waited ${timeout} ms for ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const messages = (page) => page.evaluate(() => window.boardMessages);

test('the iframe posts its events to the allowed parent and obeys its commands', async () => {
  const options = `black=human&white=human&show-moves&level=3&origin=${encodeURIComponent(parentSite.origin)}`;
  const { page, context, frame, errors } = await openParent(parentSite, options);
  await page.waitForFunction(() => window.boardMessages.some((m) => m.event === 'ready'));
  assert.deepEqual((await messages(page))[0], {
    channel: 'othello-board',
    event: 'ready',
    detail: { transcript: '', position: `${'-'.repeat(27)}OX${'-'.repeat(6)}XO${'-'.repeat(27)} X` },
  });
  // The address options reached the element.
  assert.equal(await frame.locator('[part="moves"]').isVisible(), true);

  await frame.locator('[data-square="d3"]').click();
  await page.evaluate(() => window.sendCommand('play', ['c5'], 1));
  await page.evaluate(() => window.sendCommand('transcript', [], 2));
  await page.evaluate(() => window.sendCommand('set', [{ lang: 'pt', readonly: true }], 3));
  await page.evaluate(() => window.sendCommand('fly', [], 4));
  await page.waitForFunction(() => window.boardMessages.filter((m) => 'result' in m).length === 4);
  const all = await messages(page);
  assert.deepEqual(
    all.filter((m) => m.event === 'move').map((m) => m.detail),
    [
      { square: 'd3', color: 'black', flipped: ['d4'], transcript: 'd3', opening: '' },
      { square: 'c5', color: 'white', flipped: ['d5'], transcript: 'd3c5', opening: 'Perpendicular Opening' },
    ],
  );
  const results = all.filter((m) => 'result' in m);
  assert.deepEqual(results.slice(0, 3), [
    { channel: 'othello-board', result: 'play', id: 1, value: true },
    { channel: 'othello-board', result: 'transcript', id: 2, value: 'd3c5' },
    { channel: 'othello-board', result: 'set', id: 3, value: null },
  ]);
  assert.match(results[3].error, /unknown command "fly"/);
  await frame.locator('[data-testid="status"]').filter({ hasText: 'Vez das Pretas' }).waitFor();
  assert.equal(await frame.locator('othello-board').getAttribute('readonly'), '');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a command from a foreign origin is ignored and reported; that page receives no events', async () => {
  // The board allows the parent site only; the same page served from a third origin embeds it.
  const options = `black=human&white=human&origin=${encodeURIComponent(parentSite.origin)}`;
  const { page, context, frame, warnings } = await openParent(foreignSite, options);
  await page.evaluate(() => window.sendCommand('play', ['d3'], 1));
  await page.evaluate(() => window.sendCommand('set', [{ white: 'ai' }], 2));
  await waitUntil(() => warnings.filter((w) => w.includes('ignored the command')).length === 2);
  const reported = warnings.filter((w) => w.includes('ignored the command'));
  assert.match(reported[0], new RegExp(`"play" from ${foreignSite.origin}, which is not an allowed origin \\(${parentSite.origin}\\)`));
  assert.equal((await frame.locator('[data-testid="moves"]').textContent()).trim(), '');
  assert.equal(await frame.locator('othello-board').getAttribute('white'), 'human');
  // Events go to the allowed origin only: this page got none, not even ready.
  await frame.locator('[data-square="d3"]').click();
  await frame.locator('[data-testid="moves"]').filter({ hasText: 'd3' }).waitFor({ state: 'attached' });
  assert.deepEqual(await messages(page), []);
  await context.close();
});

/** A damaged pattern.bin (one byte changed: its checksum fails) and a truncated book.bin, for
 * every page of `context`. */
async function damageDataFiles(context) {
  const weights = Buffer.from(readFileSync(path.join(repoRoot, 'weights/pattern.bin')));
  weights[1000] ^= 0x55;
  const book = readFileSync(path.join(repoRoot, 'weights/book.bin'));
  await context.route('**/weights/pattern.bin', (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: weights }));
  await context.route('**/weights/book.bin', (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: book.subarray(0, book.length >> 1) }));
}

test('a damaged weights file and a truncated book: the element fires one error event for each, with its code, and shows both', async () => {
  const opened = await openPage(browser);
  await damageDataFiles(opened.context);
  const { page, context, errors } = opened;
  await page.goto(`${site.origin}/host/one-board.html`);
  await page.waitForFunction(() => window.boardEvents.some((e) => e.type === 'ready'));
  // The AI's worker loads the files when the AI first plays.
  await page.evaluate(() => {
    const board = document.getElementById('one');
    board.setAttribute('white', 'human');
    board.setAttribute('black', 'ai');
  });
  await page.waitForFunction(() => window.boardEvents.filter((e) => e.type === 'move').length >= 1, null, { timeout: 30_000 });
  await page.waitForFunction(() => window.boardEvents.filter((e) => e.type === 'error').length >= 2, null, { timeout: 20_000 });
  // A second move: nothing is reported twice.
  const legal = await page.locator('#one [data-square]').evaluateAll((cells) => cells.filter((c) => c.getAttribute('aria-label').includes('legal')).map((c) => c.dataset.square));
  await page.locator(`#one [data-square="${legal[0]}"]`).click();
  await page.waitForFunction(() => window.boardEvents.filter((e) => e.type === 'move').length >= 3, null, { timeout: 30_000 });
  const reported = (await events(page, 'one', 'error')).map((e) => e.detail);
  assert.deepEqual(reported.map((d) => d.code).sort(), ['book', 'weights'], JSON.stringify(reported));
  assert.match(reported.find((d) => d.code === 'weights').message, /trained evaluation could not be loaded \(.*checksum/);
  assert.match(reported.find((d) => d.code === 'book').message, /opening book could not be loaded/);
  // Both shown on the board until dismissed.
  const shown = await page.locator('#one [data-testid="notice"]').allTextContents();
  assert.equal(shown.length, 2, shown.join(' | '));
  await page.locator('#one [data-testid="notice"][data-key="book"] [data-testid="dismiss"]').click();
  assert.deepEqual(await page.locator('#one [data-testid="notice"]').evaluateAll((items) => items.map((i) => i.dataset.key)), ['weights']);
  await page.screenshot({ path: path.join(artifacts, 'embed-notices.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a damaged weights file and a truncated book: the iframe posts one error message for each, with its code', async () => {
  const options = `black=ai&white=human&origin=${encodeURIComponent(parentSite.origin)}`;
  const { page, context, frame, errors } = await openParent(parentSite, options, damageDataFiles);
  await page.waitForFunction(() => window.boardMessages.filter((m) => m.event === 'error').length >= 2, null, { timeout: 30_000 });
  await page.waitForFunction(() => window.boardMessages.some((m) => m.event === 'move'), null, { timeout: 30_000 });
  const reported = (await messages(page)).filter((m) => m.event === 'error').map((m) => m.detail.code);
  assert.deepEqual(reported.sort(), ['book', 'weights']);
  assert.equal(await frame.locator('[data-testid="notice"]').count(), 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test("docs/embedding.md's table of events has one row for each of the element's events, and no other", async () => {
  const { BOARD_EVENTS } = await import(pathToFileURL(path.join(repoRoot, 'www/board/events.js')).href);
  const docs = readFileSync(path.join(repoRoot, 'docs/embedding.md'), 'utf8');
  const table = /^\| event \| detail \|\n\|---\|---\|\n((?:\|.*\n?)*)/m.exec(docs);
  assert.ok(table, 'docs/embedding.md has a table headed | event | detail |');
  const rows = table[1].trimEnd().split('\n').map((row) => /^\| `([a-z-]+)` \|/.exec(row)?.[1] ?? `(a row without an event name: ${row})`);
  assert.deepEqual(rows.toSorted(), [...BOARD_EVENTS].toSorted(), 'the table of docs/embedding.md and www/board/events.js');
});
