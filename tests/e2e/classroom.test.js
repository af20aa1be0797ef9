// The classroom page in headless Chromium, driven through its test contract: tree-result,
// leaves-evaluated, nodes-visited, step-forward / step-back / play / language, and the tree's
// nodes (data-node + aria-label). Every lesson is the real engine's (the wasm Lesson).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServerAndBrowser, openPage, waitReady, text, artifacts, openClassroom } from './helpers.js';

const { server, browser } = await startServerAndBrowser();

const open = (query, viewport = { width: 1280, height: 800 }) => openClassroom(browser, server, query, viewport);

const nodeLabel = (page, label) => page.getAttribute(`[data-node="${label}"]`, 'aria-label');
/** A number as the page writes it, with a true minus sign (U+2212): "−23" → -23. */
const num = (text) => Number(String(text).trim().replace(/\u2212/g, '-'));
const result = (page) => text(page, 'tree-result');
/** A count as the page writes it, with the language's digit grouping ("92,092", "92.092", "92 092"). */
const count = (written) => Number(String(written).replace(/[^\d]/g, ''));
const counters = async (page) => [count(await text(page, 'leaves-evaluated')), count(await text(page, 'nodes-visited'))];
/** Every node's aria-label, in document order: the whole drawn state of the tree. */
const treeLabels = (page) => page.$$eval('[data-node]', (nodes) => nodes.map((n) => `${n.dataset.node}=${n.getAttribute('aria-label')}`));

test('the lecture tree (seed 001) stepped to its end gives 4 [b, d, i]; nothing moves before the teacher asks', async () => {
  const { page, context, errors } = await open('?example=lecture&lang=en');
  assert.equal(await result(page), '');
  assert.deepEqual(await counters(page), [0, 0]);
  assert.match(await nodeLabel(page, 'd'), /^d, MAX, not visited yet$/);
  // No timer runs on its own: a second later the replay is still at its start.
  await page.waitForTimeout(1200);
  assert.deepEqual(await counters(page), [0, 0]);

  await page.keyboard.press('End');
  assert.equal(await result(page), '4 [b, d, i]');
  assert.deepEqual(await counters(page), [8, 15]);
  assert.equal(await nodeLabel(page, 'a'), 'a, MAX, value 4');
  assert.equal(await nodeLabel(page, 'd'), 'd, MAX, value 4');
  assert.equal(await nodeLabel(page, 'b'), 'b, MIN, value 4');
  assert.equal(await nodeLabel(page, 'h'), 'h, MIN, value 1');
  // The principal path is highlighted at the end.
  const principal = await page.$$eval('.node.principal', (nodes) => nodes.map((n) => n.dataset.node));
  assert.deepEqual(principal.sort(), ['a', 'b', 'd', 'i']);
  // Each node is one SVG element, focusable, with its state for screen readers.
  assert.equal(await page.locator('svg [data-node]').count(), 15);
  assert.match(await text(page, 'narration'), /Search finished: 4 \[b, d, i\]/);
  await page.screenshot({ path: path.join(artifacts, 'classroom-lecture.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the pruning example (seed 004): 18, and A and B are pruned and never evaluated', async () => {
  const { page, context, errors } = await open('?example=pruning&algorithm=alphabeta&lang=en', { width: 1024, height: 768 });
  const total = Number((await text(page, 'step-counter')).match(/of (\d+)/)[1]);
  for (let step = 1; step <= total; step++) {
    await page.click('[data-testid="step-forward"]');
    for (const label of ['A', 'B']) {
      // Never a value: at every step A and B are either not yet reached or pruned.
      assert.doesNotMatch(await nodeLabel(page, label), /value/, `${label} at step ${step}`);
    }
  }
  assert.match(await result(page), /^18 \[x, /);
  assert.equal(await nodeLabel(page, 'A'), 'A, pruned');
  assert.equal(await nodeLabel(page, 'B'), 'B, pruned');
  assert.deepEqual(await counters(page), [4, 7]);
  // The cut is drawn and its reason listed.
  assert.equal(await page.locator('.cut').count(), 2);
  assert.match(await text(page, 'cutoffs'), /A and B are skipped/);
  await page.screenshot({ path: path.join(artifacts, 'classroom-pruning-1024x768.png') });
  // Minimax on the same tree evaluates all six leaves and agrees on the value.
  await page.selectOption('[data-testid="algorithm"]', 'minimax');
  await page.keyboard.press('End');
  assert.match(await result(page), /^18 \[x, /);
  assert.deepEqual(await counters(page), [6, 9]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('max^n (seed 003) ends at (1, 2, 6), the tic-tac-toe heuristic at depth 2 prefers the centre', async () => {
  const { page, context, errors } = await open('?example=maxn&lang=en');
  await page.keyboard.press('End');
  assert.match(await result(page), /^\(1, 2, 6\) \[/);
  assert.equal(await page.locator('[data-testid="algorithm"]').inputValue(), 'maxn');

  await page.click('[data-testid="example-tictactoe"]');
  await page.keyboard.press('End');
  assert.match(await result(page), /^1 \[b2(, |\])/);
  const withSymmetry = await counters(page);
  await page.uncheck('[data-testid="symmetry"]');
  await page.keyboard.press('End');
  assert.match(await result(page), /^1 \[b2(, |\])/);
  const without = await counters(page);
  assert.ok(without[1] > withSymmetry[1], `symmetry removal visits fewer nodes: ${withSymmetry} vs ${without}`);
  assert.match(page.url(), /symmetry=off/);
  // A large tree is not drawn whole: only the root's children and the current path are open.
  assert.ok((await page.locator('[data-node]').count()) < without[1]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an Othello position: the root value is the best child by the engine evaluation; every algorithm agrees', async () => {
  const { page, context, errors } = await open('?example=othello&moves=f5d6c3&depth=1&lang=en', { width: 1024, height: 768 });
  await page.keyboard.press('End');
  // Depth 1: the value of each move is the evaluation of the position after it, from the mover's view.
  const expected = await page.evaluate(async () => {
    const { Game, evaluate } = await import('/www/pkg/classroom/reversi.js');
    const game = Game.fromTranscript('f5d6c3');
    return Math.max(...game.legalMoves().map((move) => -evaluate(Game.fromTranscript(`f5d6c3${move}`).board)));
  });
  const [value] = (await result(page)).split(' ');
  assert.equal(num(value), expected);
  // Negative numbers are written with a true minus sign, never a hyphen.
  if (expected < 0) assert.match(value, /^\u2212\d+$/);

  await page.fill('[data-testid="depth"]', '3');
  await page.click('[data-testid="run"]');
  await page.keyboard.press('End');
  const depth3 = await result(page);
  assert.match(depth3, /^\u2212?\d+ \[\w\d, \w\d, \w\d\]$/);
  await page.click('#compare summary');
  // Opening <details> fires its toggle event a moment later: the table fills then.
  await page.waitForSelector('[data-testid="compare"] tbody tr');
  const rows = await page.$$eval('[data-testid="compare"] tbody tr', (trs) =>
    trs.map((tr) => ({
      algorithm: tr.dataset.algorithm,
      result: tr.querySelector('[data-column="result"]')?.textContent,
      leaves: Number(tr.querySelector('[data-column="leaves"]')?.textContent.replace(/\D/g, '')),
    })),
  );
  assert.equal(rows.length, 6); // the six two-player algorithms, PVS included
  for (const row of rows) assert.equal(row.result.split(' ')[0], depth3.split(' ')[0], row.algorithm);
  const leaves = Object.fromEntries(rows.map((row) => [row.algorithm, row.leaves]));
  assert.ok(leaves.alphabeta < leaves.minimax, JSON.stringify(leaves));

  // A leaf's seed-004 breakdown: four terms whose points add up to its evaluation.
  await page.keyboard.press('Home');
  await page.keyboard.press('End');
  const leaf = page.locator('.node.leaf').first();
  await leaf.click();
  await page.waitForSelector('[data-testid="node-breakdown"]:not([hidden])');
  const terms = (await page.$$eval('#node-breakdown-table tbody tr', (trs) => trs.map((tr) => tr.lastElementChild.textContent))).map(num);
  const total = num(await page.textContent('#node-breakdown-table tfoot td'));
  assert.equal(terms.length, 4);
  assert.equal(terms.reduce((a, b) => a + b, 0), total);
  await page.screenshot({ path: path.join(artifacts, 'classroom-othello-1024x768.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('step back restores the previous state: counters and node labels', async () => {
  const { page, context, errors } = await open('?example=lecture&lang=en');
  for (let i = 0; i < 9; i++) await page.click('[data-testid="step-forward"]');
  const before = { counters: await counters(page), labels: await treeLabels(page), narration: await text(page, 'narration') };
  await page.click('[data-testid="step-forward"]');
  await page.click('[data-testid="step-forward"]');
  assert.notDeepEqual(await treeLabels(page), before.labels);
  await page.click('[data-testid="step-back"]');
  await page.click('[data-testid="step-back"]');
  assert.deepEqual(await counters(page), before.counters);
  assert.deepEqual(await treeLabels(page), before.labels);
  assert.equal(await text(page, 'narration'), before.narration);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a tree given by the address is searched, and the address follows the page', async () => {
  const tree = 'max r(p(u:3 v:5) q(w:2 z:9))';
  const { page, context, errors } = await open(`?tree=${encodeURIComponent(tree)}&algorithm=alphabeta&lang=en`);
  await page.keyboard.press('End');
  assert.equal(await result(page), '3 [p, u]');
  assert.equal(await nodeLabel(page, 'z'), 'z, pruned');
  assert.equal(await page.inputValue('[data-testid="tree-text"]'), tree);
  // The address carries the tree and the algorithm, so it can be shared.
  const params = new URL(page.url()).searchParams;
  assert.equal(params.get('tree'), tree);
  assert.equal(params.get('algorithm'), 'alphabeta');
  await page.click('[data-testid="example-pruning"]');
  assert.equal(new URL(page.url()).searchParams.get('example'), 'pruning');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the language menu changes the labels, the narration and the address; Brazilian and European Portuguese', async () => {
  const { page, context, errors } = await open('?example=lecture&lang=en');
  await page.keyboard.press('End');
  assert.match(await text(page, 'step-forward'), /Step/);
  // Every language by its own name, the page's chosen.
  assert.deepEqual(await page.$$eval('[data-testid="language"] option', (options) => options.map((o) => o.textContent)), ['English', 'Português (Brasil)', 'Português (Portugal)']);
  assert.equal(await page.inputValue('[data-testid="language"]'), 'en');
  await page.selectOption('[data-testid="language"]', 'pt-BR');
  assert.equal(await page.getAttribute('html', 'lang'), 'pt-BR');
  assert.match(await text(page, 'step-forward'), /Avançar/);
  assert.match(await text(page, 'step-back'), /Voltar/);
  assert.equal(await nodeLabel(page, 'd'), 'd, MAX, valor 4');
  assert.match(await text(page, 'narration'), /Fim da busca: 4 \[b, d, i\]/);
  assert.match(await text(page, 'example-tictactoe'), /^Jogo da velha$/);
  assert.equal(new URL(page.url()).searchParams.get('lang'), 'pt-BR');
  assert.equal(await result(page), '4 [b, d, i]');
  // The other form of Portuguese.
  await page.selectOption('[data-testid="language"]', 'pt-PT');
  assert.equal(await page.getAttribute('html', 'lang'), 'pt-PT');
  assert.match(await text(page, 'narration'), /Fim da pesquisa: 4 \[b, d, i\]/);
  assert.match(await text(page, 'example-tictactoe'), /^Jogo do galo$/);
  assert.match(await text(page, 'step-back'), /Recuar/);
  assert.equal(await nodeLabel(page, 'd'), 'd, MAX, valor 4');
  assert.equal(new URL(page.url()).searchParams.get('lang'), 'pt-PT');
  await page.selectOption('[data-testid="language"]', 'en');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.match(await text(page, 'step-forward'), /Step/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a bad tree shows an error with its position and the previous tree stays', async () => {
  const { page, context, errors } = await open('?example=lecture&lang=en');
  await page.click('#editor summary');
  await page.fill('[data-testid="tree-text"]', 'max a(b(1 2) c(3');
  await page.click('[data-testid="tree-run"]');
  const error = await text(page, 'error');
  assert.match(error, /line 1, column \d+/);
  assert.equal(await page.locator('[data-node="d"]').count(), 1);
  await page.keyboard.press('End');
  assert.equal(await result(page), '4 [b, d, i]');
  // A bad address tree: the error is shown and the lecture tree is there instead.
  await page.goto(`${server.url}classroom.html?tree=${encodeURIComponent('max (1 2')}&lang=en`);
  await waitReady(page);
  assert.match(await text(page, 'error'), /line 1, column \d+/);
  assert.equal(await page.locator('[data-node="d"]').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a leaf edited by clicking it is searched again', async () => {
  const { page, context, errors } = await open('?example=lecture&lang=en');
  await page.keyboard.press('End');
  await page.click('[data-node="i"]');
  await page.fill('[data-testid="leaf-value"]', '0');
  await page.click('[data-testid="leaf-change"]');
  // i = 0: d = max(1, 0) = 1, b = min(1, 6) = 1, c = min(2, 1) = 1; the first of equals wins.
  assert.equal(await result(page), '1 [b, d, h]');
  assert.match(await page.inputValue('[data-testid="tree-text"]'), /i:0/);
  await page.fill('[data-testid="leaf-value"]', 'x');
  await page.click('[data-testid="leaf-change"]');
  assert.match(await text(page, 'error'), /leaf was not changed/);
  assert.equal(await result(page), '1 [b, d, h]');
  assert.deepEqual(errors, []);
  await context.close();
});

test('keys: arrows step, Space plays and pauses (even on a focused button), Home and End jump', async () => {
  const { page, context, errors } = await open('?example=lecture&lang=en');
  const step = async () => Number((await text(page, 'step-counter')).match(/Step (\d+)/)[1]);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await step(), 3);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await step(), 2);
  await page.keyboard.press('End');
  assert.equal(await result(page), '4 [b, d, i]');
  await page.keyboard.press('Home');
  assert.equal(await step(), 0);
  assert.equal(await result(page), '');

  await page.selectOption('[data-testid="speed"]', '16');
  await page.focus('[data-testid="step-forward"]');
  await page.keyboard.press('Space');
  assert.equal(await page.getAttribute('[data-testid="play"]', 'aria-pressed'), 'true');
  await page.waitForFunction(() => /Step [1-9]/.test(document.querySelector('[data-testid="step-counter"]').textContent));
  await page.keyboard.press('Space');
  assert.equal(await page.getAttribute('[data-testid="play"]', 'aria-pressed'), 'false');
  const paused = await step();
  await page.waitForTimeout(400);
  assert.equal(await step(), paused, 'paused means paused');
  // Play runs to the end and stops there.
  await page.click('[data-testid="play"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="tree-result"]').textContent !== '', null, { timeout: 10_000 });
  assert.equal(await result(page), '4 [b, d, i]');
  assert.equal(await page.getAttribute('[data-testid="play"]', 'aria-pressed'), 'false');
  // Typing in a field is typing, not stepping.
  await page.click('#editor summary');
  await page.focus('[data-testid="tree-text"]');
  await page.keyboard.press('Home');
  assert.equal(await result(page), '4 [b, d, i]');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the game page and the classroom link to each other; the classroom opens on the game position', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${server.url}?black=human&white=human&moves=f5d6c3`);
  await waitReady(page);
  await page.click('[data-testid="classroom-link"]');
  await waitReady(page);
  assert.match(page.url(), /classroom\.html\?/);
  assert.equal(await page.getAttribute('[data-testid="example-othello"]', 'aria-pressed'), 'true');
  await page.keyboard.press('End');
  assert.match(await result(page), /^\u2212?\d+ \[/);
  await page.click('[data-testid="game-link"]');
  await waitReady(page);
  assert.equal(await text(page, 'moves'), 'f5d6c3');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the heuristic lab explains the position and plays a short match in workers', async () => {
  const { page, context, errors } = await open('?example=othello&moves=f5d6c3&lang=en');
  await page.click('#lab summary');
  await page.waitForSelector('[data-testid="lab-breakdown"] tbody tr');
  // The breakdown of the position under both settings: four terms, totals.
  assert.equal(await page.locator('[data-testid="lab-breakdown"] tbody tr').count(), 4);
  const totalA = num(await text(page, 'lab-total-a'));
  const expected = await page.evaluate(async () => {
    const { Game, evaluate } = await import('/www/pkg/classroom/reversi.js');
    return evaluate(Game.fromTranscript('f5d6c3').board);
  });
  assert.equal(totalA, expected, 'A starts with the engine’s own weights');
  // Switching mobility off for A changes A's total by mobility's points.
  const mobilityPoints = num(await page.textContent('[data-testid="lab-breakdown"] tr[data-term="mobility"] td:nth-child(4)'));
  await page.uncheck('[data-testid="lab-a-on-mobility"]');
  assert.equal(num(await text(page, 'lab-total-a')), totalA - mobilityPoints);

  await page.selectOption('[data-testid="lab-openings"]', '2');
  await page.selectOption('[data-testid="lab-a-depth"]', '1');
  await page.selectOption('[data-testid="lab-b-depth"]', '1');
  await page.selectOption('[data-testid="lab-b-rule-take_corner"]', 'override');
  await page.click('[data-testid="lab-play"]');
  await page.waitForSelector('[data-testid="lab-result"][data-state="done"]', { timeout: 30_000 });
  assert.match(await text(page, 'lab-result'), /^4 of 4 games: A wins \d, draws \d, loses \d · A scores [\d.]+ % · mean [+\u2212]?[\d.]+ discs for A$/);
  assert.equal(await page.locator('[data-testid="lab-games"] li').count(), 4);
  // The page stayed responsive: the replay still steps.
  await page.keyboard.press('ArrowRight');
  assert.match(await text(page, 'step-counter'), /Step 1 of/);
  await page.locator('#lab').screenshot({ path: path.join(artifacts, 'classroom-lab.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('projector, phone and full screen: the page fits and the fullscreen button works', async () => {
  for (const [name, viewport] of [['1024x768', { width: 1024, height: 768 }], ['phone', { width: 390, height: 844 }]]) {
    const { page, context, errors } = await open('?example=lecture&lang=pt', viewport);
    await page.keyboard.press('End');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `${name}: no sideways scrolling of the page (${overflow}px)`);
    assert.equal(await result(page), '4 [b, d, i]');
    await page.screenshot({ path: path.join(artifacts, `classroom-lecture-${name}.png`) });
    if (name === '1024x768') {
      // The whole lecture tree is on screen without scrolling.
      const bottom = await page.$eval('[data-testid="tree"]', (el) => el.getBoundingClientRect().bottom);
      assert.ok(bottom <= 768, `tree bottom at ${bottom}`);
      await page.click('[data-testid="fullscreen"]');
      // The label follows the 'fullscreenchange' event, which may come a frame after the element.
      await page.waitForFunction(
        () => document.fullscreenElement !== null && /Sair/.test(document.querySelector('[data-testid="fullscreen"]').textContent),
        null,
        { timeout: 5_000 },
      );
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// --- move ordering narrated and drawn; bounds, not values ---------------------------

async function stepTimes(page, n) {
  for (let i = 0; i < n; i++) await page.click('[data-testid="step-forward"]');
}
const orderMarks = (page) =>
  page.$$eval('[data-node]', (nodes) =>
    nodes.filter((n) => n.querySelector('.order-mark-text')).map((n) => `${n.dataset.node}:${n.querySelector('.order-mark-text').textContent}`));

test('alpha-beta with ordering says how the children were reordered and by what, and numbers them on the drawing (en, pt-BR, pt-PT)', async () => {
  const { page, context, errors } = await open('?example=othello&depth=2&algorithm=alphabeta-ordered&lang=en', { width: 1024, height: 768 });
  await stepTimes(page, 2);
  assert.match(await text(page, 'narration'), /^root: children reordered by their static evaluation, best first for MAX: d3 \(4\), c4 \(4\), f5 \(4\), e6 \(4\)\./);
  assert.deepEqual((await orderMarks(page)).sort(), ['c4:2', 'd3:1', 'e6:4', 'f5:3']);
  await stepTimes(page, 2);
  assert.match(await text(page, 'narration'), /^d3: children reordered by their static evaluation, best first for MIN: \w\d \(\u221223\), \w\d \(0\), \w\d \(20\)\./);
  assert.equal((await orderMarks(page)).length, 3);
  // The next step is no longer about the order: the numbers go.
  await stepTimes(page, 1);
  assert.deepEqual(await orderMarks(page), []);
  assert.doesNotMatch(await text(page, 'narration'), /^order/);
  await page.click('[data-testid="step-back"]');
  await page.selectOption('[data-testid="language"]', 'pt-BR');
  const portuguese = await text(page, 'narration');
  assert.match(portuguese, /^d3: sucessores reordenados pela avaliação estática, o melhor para MIN primeiro: \w\d \(\u221223\)/);
  // A tree has no evaluation before its leaves: the written order is kept, and said.
  await page.goto(`${server.url}classroom.html?example=lecture&algorithm=alphabeta-ordered&lang=pt-PT`);
  await waitReady(page);
  await stepTimes(page, 2);
  assert.match(await text(page, 'narration'), /^a: a ordem escrita: nada por que ordenar/);
  await page.goto(`${server.url}classroom.html?example=lecture&algorithm=alphabeta-ordered&lang=pt-BR`);
  await waitReady(page);
  await stepTimes(page, 2);
  assert.match(await text(page, 'narration'), /^a: a ordem escrita: nada por que ordenar/);
  await page.goto(`${server.url}classroom.html?example=lecture&algorithm=alphabeta-ordered&lang=en`);
  await waitReady(page);
  await stepTimes(page, 2);
  assert.match(await text(page, 'narration'), /^a: the written order: nothing to order by/);
  assert.deepEqual((await orderMarks(page)).sort(), ['b:1', 'c:2']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a node whose search was cut shows its bound, not a value: y ≥ 25 (seed 004), c4 ≤ −23 while f5 and e6 are exactly −23 (en, pt-BR, pt-PT)', async () => {
  const { page, context, errors } = await open('?example=pruning&algorithm=alphabeta&lang=en', { width: 1024, height: 768 });
  const valueOf = (label) => page.$eval(`[data-node="${label}"] .value`, (n) => n.textContent);
  await page.keyboard.press('End');
  assert.equal(await valueOf('y'), '≥ 25');
  assert.equal(await nodeLabel(page, 'y'), 'y, MIN, at least 25 (a lower bound: its search was cut)'.replace('MIN', await page.$eval('[data-node="y"]', (n) => (n.classList.contains('min') ? 'MIN' : 'MAX'))));
  assert.equal(await valueOf('x'), '18');
  assert.match(await nodeLabel(page, 'x'), /^x, M[AI][XN], value 18$/);
  // The narration says it when y returns.
  let narrations = [];
  await page.keyboard.press('Home');
  const total = Number((await text(page, 'step-counter')).match(/of (\d+)/)[1]);
  for (let step = 1; step <= total; step++) {
    await page.click('[data-testid="step-forward"]');
    narrations.push(await text(page, 'narration'));
  }
  assert.ok(narrations.some((n) => /^y returns ≥ 25: a lower bound, not its exact value/.test(n)), narrations.join('\n'));
  for (const [lang, words] of [['pt-BR', 'pelo menos 25 \\(um limite inferior: a busca foi podada\\)'], ['pt-PT', 'pelo menos 25 \\(um limite inferior: a pesquisa foi podada\\)']]) {
    await page.goto(`${server.url}classroom.html?example=pruning&algorithm=alphabeta&lang=${lang}`);
    await waitReady(page);
    await page.keyboard.press('End');
    assert.match(await nodeLabel(page, 'y'), new RegExp(`^y, M[AI][XN], ${words}$`));
    assert.equal(await valueOf('y'), '≥ 25');
  }
  // Othello from the start at depth 2: c4 failed low (two replies cut), f5 and e6 are exact.
  await page.goto(`${server.url}classroom.html?example=othello&depth=2&algorithm=alphabeta&lang=en`);
  await waitReady(page);
  await page.keyboard.press('End');
  assert.equal(await valueOf('c4'), '≤ \u221223');
  assert.equal(await nodeLabel(page, 'c4'), 'c4, MIN, at most \u221223 (an upper bound: its search was cut)');
  for (const move of ['d3', 'f5', 'e6']) {
    assert.equal(await valueOf(move), '\u221223', move);
    assert.equal(await nodeLabel(page, move), `${move}, MIN, value \u221223`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('tic-tac-toe at depth 9 by minimax: searched without its trace, the result and counts shown, one click to a smaller depth or alpha-beta; never another example (en, pt-BR, pt-PT)', async () => {
  const { page, context, errors } = await open('?example=tictactoe&depth=9&algorithm=minimax&lang=en', { width: 1024, height: 768 });
  assert.equal(await page.getAttribute('[data-testid="example-tictactoe"]', 'aria-pressed'), 'true');
  assert.equal(await page.isVisible('[data-testid="untraced"]'), true);
  assert.equal(await page.isVisible('[data-testid="error"]'), false);
  assert.match(await text(page, 'narration'), /^Too large to show step by step: MINIMAX \(MAX\/MIN\) takes 286,744 steps here, more than 200,000\./);
  assert.equal(await result(page), '0 [a1, b2, b1, c1, a3, a2, c2, b3, c3]');
  assert.deepEqual(await counters(page), [42600, 92092]);
  assert.match(await text(page, 'untraced-text'), /Nodes visited: 92,092; leaves evaluated: 42,600; steps: 286,744/);
  assert.equal(await page.locator('[data-node]').count(), 0);
  assert.equal(await page.getAttribute('[data-testid="depth"]', 'value') ?? (await page.inputValue('[data-testid="depth"]')), '9');
  assert.match(page.url(), /example=tictactoe/);
  assert.match(page.url(), /depth=9/);
  assert.ok(await page.isDisabled('[data-testid="step-forward"]'));
  // The node counts of every algorithm and option, without traces, in the chart.
  await page.click('#compare summary');
  await page.waitForSelector('[data-testid="node-chart"] .chart-row');
  assert.equal(await page.$eval('[data-testid="node-chart"] [data-row="minimax"] .chart-count', (n) => n.textContent), '92,092');
  assert.equal(await page.$eval('[data-testid="node-chart"] [data-row="pvs"] .chart-count', (n) => n.textContent), '730');
  await page.click('#compare summary');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  const depthButton = await text(page, 'untraced-depth');
  const smaller = Number(depthButton.match(/depth (\d)/)[1]);
  assert.ok(smaller >= 1 && smaller < 9, depthButton);
  // One click: a smaller depth, stepped.
  await page.click('[data-testid="untraced-depth"]');
  assert.equal(await page.isVisible('[data-testid="untraced"]'), false);
  assert.equal(await page.inputValue('[data-testid="depth"]'), String(smaller));
  assert.equal(await page.inputValue('[data-testid="algorithm"]'), 'minimax');
  await page.click('[data-testid="step-forward"]');
  assert.ok((await page.locator('[data-node]').count()) > 0);
  // Back to depth 9, and one click to alpha-beta.
  await page.fill('[data-testid="depth"]', '9');
  await page.click('[data-testid="run"]');
  assert.equal(await page.isVisible('[data-testid="untraced"]'), true);
  await page.click('[data-testid="untraced-alphabeta"]');
  assert.equal(await page.isVisible('[data-testid="untraced"]'), false);
  assert.equal(await page.inputValue('[data-testid="algorithm"]'), 'alphabeta');
  assert.equal(await page.inputValue('[data-testid="depth"]'), '9');
  await page.keyboard.press('End');
  assert.match(await result(page), /^0 \[/);
  for (const [lang, words] of [['pt-BR', /^Grande demais para mostrar passo a passo: .* mais de 200\.000\. A busca foi feita sem registrar/], ['pt-PT', /^Demasiado grande para mostrar passo a passo: .* A pesquisa foi feita sem registar/]]) {
    await page.goto(`${server.url}classroom.html?example=tictactoe&depth=9&algorithm=minimax&lang=${lang}`);
    await waitReady(page);
    assert.match(await text(page, 'narration'), words);
    assert.match(await text(page, 'untraced-depth'), /^Passo a passo com profundidade \d$/);
    assert.equal(await text(page, 'untraced-alphabeta'), 'Passo a passo com alfa-beta');
  }
  assert.deepEqual(errors, []);
  await context.close();
});

// --- what real engines do (PVS, the table, iterative deepening) and the node-count chart

async function pressTimes(page, key, n) {
  for (let i = 0; i < n; i++) await page.keyboard.press(key);
}

test('PVS is offered: its null-window tests and their outcomes are narrated, and it agrees with alpha-beta (en, pt-BR, pt-PT)', async () => {
  const { page, context, errors } = await open('?example=pruning&algorithm=pvs&lang=en', { width: 1024, height: 768 });
  const offered = await page.$$eval('[data-testid="algorithm"] option', (options) => options.map((o) => o.value));
  assert.ok(offered.includes('pvs'), offered.join());
  await pressTimes(page, 'ArrowRight', 9);
  assert.match(await text(page, 'narration'), /Null window: only asks whether it beats Pass-Thresh\./);
  await pressTimes(page, 'ArrowRight', 3);
  assert.match(await text(page, 'narration'), /^Null-window test of \w+: .*no better than Pass-Thresh = .*is not searched again\.$/);
  await pressTimes(page, 'ArrowRight', 4);
  assert.match(await text(page, 'narration'), /^Null-window test of \w+: a leaf worth .*its value is exact/);
  for (const [lang, words] of [['pt-BR', 'Teste de janela nula de \\w+: uma folha que vale'], ['pt-PT', 'Teste de janela nula de \\w+: uma folha que vale']]) {
    await page.goto(`${server.url}classroom.html?example=pruning&algorithm=pvs&lang=${lang}`);
    await waitReady(page);
    await pressTimes(page, 'ArrowRight', 16);
    assert.match(await text(page, 'narration'), new RegExp(`^${words}`));
  }
  await page.keyboard.press('End');
  assert.match(await result(page), /^18 \[x, /);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the transposition table and iterative deepening: options of games, kept in the address, their events narrated and the iteration\'s tree drawn', async () => {
  const { page, context, errors } = await open('?example=tictactoe&moves=b2a1c3&depth=4&algorithm=alphabeta&table=on&lang=en', { width: 1024, height: 768 });
  assert.equal(await page.isChecked('[data-testid="table"]'), true);
  assert.equal(await page.isChecked('[data-testid="iterative"]'), false);
  assert.match(page.url(), /table=on/);
  await pressTimes(page, 'ArrowRight', 173);
  assert.match(await text(page, 'narration'), /^\w\d → \w\d → \w\d: answered by the transposition table: (≥ |≤ )?\u2212?\d+ \((exact|a lower bound|an upper bound)\), stored from a search to depth \d; its children are not searched\./);
  await page.selectOption('[data-testid="language"]', 'pt-BR');
  assert.match(await text(page, 'narration'), /respondido pela tabela de transposição/);
  // Iterative deepening on Othello: depth 1, then 2 with the previous best move first, then 3.
  await page.goto(`${server.url}classroom.html?example=othello&depth=3&algorithm=alphabeta-ordered&iterative=on&lang=en`);
  await waitReady(page);
  assert.equal(await page.isChecked('[data-testid="iterative"]'), true);
  await page.keyboard.press('ArrowRight');
  assert.match(await text(page, 'narration'), /^Iteration 1: depth 1\./);
  await pressTimes(page, 'ArrowRight', 17);
  assert.match(await text(page, 'narration'), /^Iteration 2: depth 2\./);
  await pressTimes(page, 'ArrowRight', 2);
  assert.match(await text(page, 'narration'), /\w\d first: the previous iteration's best move\./);
  // The tree drawn is depth 2's: its root's four children numbered in their search order.
  assert.deepEqual((await orderMarks(page)).map((mark) => mark.split(':')[1]).sort(), ['1', '2', '3', '4']);
  await page.keyboard.press('End');
  const iterative = await result(page);
  // At the end: each iteration's nodes, their sum, and one search straight to depth 3.
  const summary = await text(page, 'iterations');
  const [, d1, d2, d3, all, single] = /^Iterative deepening, nodes per iteration: depth 1: (\d+), depth 2: (\d+), depth 3: ([\d,]+); in all ([\d,]+)\. One search straight to depth 3: ([\d,]+) nodes\.$/.exec(summary) ?? [];
  assert.ok(single, summary);
  const n = (x) => Number(x.replace(/,/g, ''));
  assert.equal(n(d1) + n(d2) + n(d3), n(all), summary);
  await page.uncheck('[data-testid="iterative"]');
  await page.click('[data-testid="run"]');
  assert.doesNotMatch(page.url(), /iterative=on/);
  await page.keyboard.press('End');
  assert.equal(await result(page), iterative);
  assert.equal(await page.isHidden('[data-testid="iterations"]'), true);
  await page.goto(`${server.url}classroom.html?example=othello&depth=3&algorithm=alphabeta-ordered&iterative=on&lang=pt-PT`);
  await waitReady(page);
  await page.keyboard.press('ArrowRight');
  assert.match(await text(page, 'narration'), /^Iteração 1: profundidade 1\. O aprofundamento iterativo começa uma nova pesquisa/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the node-count chart: one row per algorithm and option with its node count, bars on a log scale', async () => {
  const { page, context, errors } = await open('?example=pruning&lang=en', { width: 1024, height: 768 });
  await page.click('#compare summary');
  const rows = () => page.$$eval('[data-testid="node-chart"] .chart-row', (rows) => rows.map((r) => [r.dataset.row, r.querySelector('.chart-count').textContent, parseFloat(r.querySelector('.chart-bar').style.width)]));
  await page.waitForSelector('[data-testid="node-chart"] .chart-row');
  const tree = await rows();
  assert.deepEqual(tree.map(([name, count]) => `${name}=${count}`), ['minimax=9', 'negamax=9', 'alphabeta=7', 'alphabeta-negamax=7', 'alphabeta-ordered=7', 'pvs=7']);
  assert.match(await text(page, 'node-chart'), /PVS \/ NegaScout/);
  await page.goto(`${server.url}classroom.html?example=tictactoe&depth=9&algorithm=alphabeta&lang=en`);
  await waitReady(page);
  await page.click('#compare summary');
  await page.waitForSelector('[data-testid="node-chart"] .chart-row');
  const game = Object.fromEntries((await rows()).map(([name, count, width]) => [name, { count: Number(count.replace(/,/g, '')), width }]));
  assert.equal(game.minimax.count, 92092);
  assert.ok(game['minimax + table'].count < game.minimax.count);
  assert.ok(game['alphabeta-ordered + iterative + table'], Object.keys(game).join());
  // Log scale: 92,092 nodes and 730 nodes are 100 % and about 58 %, not 0.8 %.
  assert.equal(game.minimax.width, 100);
  assert.ok(game.pvs.width > 50 && game.pvs.width < 65, String(game.pvs.width));
  assert.match(await text(page, 'node-chart'), /Alpha-beta with move ordering \+ iterative deepening \+ table/);
  assert.deepEqual(errors, []);
  await context.close();
});

// --- exercises (predict, then check) ---------------------------------------------------

/** The engine's expected answers of an exercise as the page asks it (checkExercise with no answers gives them). */
async function expectedAnswers(page, spec) {
  return page.evaluate(async (spec) => {
    const { checkExercise } = await import('/www/pkg/classroom/reversi.js');
    return checkExercise({ ask: 'default', ...spec }, {}).verdicts.map((v) => ({ item: v.item, field: v.field, label: v.label, expected: v.expected }));
  }, spec);
}

async function fillAnswers(page, expected, wrong = new Set()) {
  for (const { item, field, label, expected: answer } of expected) {
    if (item === 'window') {
      // "α = −∞, β = 4": each bound in its field.
      const [alpha, beta] = answer.split(', ').map((part) => part.split(' = ')[1]);
      await page.fill(`[data-window-${field}="${label}"]`, field === 'alpha' ? alpha : beta);
    }
    if (item === 'value') {
      let text = answer === 'not visited' ? '-' : answer;
      if (wrong.has(label)) text = answer === 'not visited' ? '7' : String(Number(answer.replace(/[≥≤ ]/g, '').replace('\u2212', '-')) + 1);
      await page.fill(`[data-answer="${label}"]`, text);
    } else if (item === 'pruned') {
      const check = answer === 'never evaluated' ? !wrong.has(label) : wrong.has(label);
      await page.setChecked(`[data-pruned="${label}"]`, check);
    }
  }
  // A leaf that is evaluated has no expected answer: marking it "never evaluated" is the mistake.
  for (const label of wrong) {
    if (!expected.some((e) => e.label === label) && (await page.locator(`[data-pruned="${label}"]`).count())) {
      await page.setChecked(`[data-pruned="${label}"]`, true);
    }
  }
}

test('an exercise from a seed: every answer field, all right answers give all correct, planted wrong answers are exactly those marked (en, pt-BR, pt-PT)', async () => {
  const { page, context, errors } = await open('?exercise=42&shape=3x2&algorithm=alphabeta&lang=en', { width: 1024, height: 768 });
  assert.equal(await page.isVisible('[data-testid="exercise"]'), true);
  // The same tree on every machine: the address names the seed and the shape.
  assert.match(page.url(), /exercise=42&shape=3x2/);
  const inner = await page.$$eval('[data-answer]', (fields) => fields.map((f) => f.dataset.answer));
  const leaves = await page.$$eval('[data-pruned]', (boxes) => boxes.map((b) => b.dataset.pruned));
  assert.deepEqual(inner, ['a', 'b', 'd', 'e', 'c', 'f', 'g']);
  assert.equal(leaves.length, 8);
  // Before "Show solution" the replay does not move: no value is given away.
  assert.ok(await page.isDisabled('[data-testid="step-forward"]'));
  assert.match(await text(page, 'narration'), /^Exercise: predict the search, write your answers below, then press Check\./);
  await page.keyboard.press('End');
  assert.equal(await result(page), '');
  const expected = await expectedAnswers(page, { kind: 'exercise', seed: '42', shape: '3x2', algorithm: 'alphabeta' });
  await fillAnswers(page, expected);
  await page.click('[data-testid="check"]');
  const total = expected.length;
  assert.equal(await text(page, 'exercise-score'), `${total}/${total}`);
  assert.match(await page.textContent('.exercise-score'), /All correct!/);
  assert.equal(await page.locator('[data-verdict="wrong"]').count(), 0);
  // Plant two wrong values and one wrong leaf mark: exactly those are marked wrong, each explained.
  const wrongValue = expected.filter((e) => e.item === 'value' && e.expected !== 'not visited').slice(0, 2).map((e) => e.label);
  const wrongLeaf = leaves.find((label) => !expected.some((e) => e.item === 'pruned' && e.label === label)) ?? leaves[0];
  await fillAnswers(page, expected, new Set([...wrongValue, wrongLeaf]));
  await page.click('[data-testid="check"]');
  const marked = await page.$$eval('[data-verdict="wrong"]', (elements) => elements.map((e) => e.dataset.answer ?? e.dataset.pruned).sort());
  const planted = [...wrongValue, wrongLeaf].sort();
  assert.deepEqual(marked, planted);
  const wrongTotal = await page.$$eval('[data-verdict]', (elements) => elements.length);
  assert.equal(await text(page, 'exercise-score'), `${wrongTotal - planted.length}/${wrongTotal}`);
  const why = await page.$eval(`[data-answer="${wrongValue[0]}"]`, (input) => input.parentElement.querySelector('.exercise-why').textContent);
  assert.match(why, new RegExp(`^ ${wrongValue[0]} is M(AX|IN)`));
  for (const [lang, words] of [['pt-BR', /^ \w+ é M(AX|IN)/], ['pt-PT', /^ \w+ é M(AX|IN)/]]) {
    await page.goto(`${server.url}classroom.html?exercise=42&shape=3x2&algorithm=alphabeta&lang=${lang}`);
    await waitReady(page);
    assert.equal(await text(page, 'check'), 'Verificar');
    assert.match(await text(page, 'narration'), lang === 'pt-BR' ? /^Exercício: preveja a busca,/ : /^Exercício: preveja a pesquisa,/);
    await fillAnswers(page, expected, new Set([wrongValue[0]]));
    await page.click('[data-testid="check"]');
    assert.equal(await text(page, 'exercise-score'), `${total - 1}/${total}`);
    assert.match(await page.$eval(`[data-answer="${wrongValue[0]}"]`, (input) => input.parentElement.querySelector('.exercise-why').textContent), words);
  }
  // Show solution: the search steps as always.
  await page.click('[data-testid="show-solution"]');
  assert.match(await text(page, 'narration'), /^\d+ passos registados/);
  await page.keyboard.press('End');
  assert.notEqual(await result(page), '');
  // A new random exercise: one click, a new seed in the address.
  await page.click('[data-testid="new-exercise"]');
  assert.match(page.url(), /exercise=\d+&shape=3x2/);
  assert.doesNotMatch(page.url(), /exercise=42&/);
  assert.equal(await page.locator("[data-answer]").count(), 7, `${page.url()} ${await page.$$eval("[data-answer]", (f) => f.map((x) => x.dataset.answer).join())}`);
  // mode=exercise on a built-in example.
  await page.goto(`${server.url}classroom.html?example=pruning&algorithm=alphabeta&mode=exercise&lang=en`);
  await waitReady(page);
  assert.equal(await page.isVisible('[data-testid="exercise"]'), true);
  assert.ok(await page.locator('[data-pruned="A"]').count());
  assert.match(page.url(), /mode=exercise/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an exercise asks the window a node is searched with, and checks it (α/β, and Passar-/Usar-Limite)', async () => {
  for (const [algorithm, names] of [['alphabeta', ['α', 'β']], ['alphabeta-negamax', ['Pass-Thresh', 'Use-Thresh']]]) {
    const { page, context, errors } = await open(`?exercise=42&shape=3x2&algorithm=${algorithm}&lang=en`, { width: 1024, height: 768 });
    const asked = await page.getAttribute('[data-window-alpha]', 'data-window-alpha');
    // The root's last child: every search enters it, with a window its elder siblings narrowed.
    assert.equal(asked, 'c');
    assert.match(await page.textContent('.exercise-window'), new RegExp(`${names[0]} = .*${names[1]} = `));
    const expected = await page.evaluate(async ([alg, label]) => {
      const { checkExercise } = await import('/www/pkg/classroom/reversi.js');
      const spec = { kind: 'exercise', seed: '42', shape: '3x2', algorithm: alg };
      return checkExercise(spec, { windows: [{ label, alpha: '0', beta: '0' }] }).verdicts.find((v) => v.item === 'window').expected;
    }, [algorithm, asked]);
    const [, alpha, beta] = /^.+? = (\S+), .+? = (\S+)$/.exec(expected);
    await page.fill(`[data-window-alpha="${asked}"]`, alpha);
    await page.fill(`[data-window-beta="${asked}"]`, beta);
    await page.click('[data-testid="check"]');
    assert.equal(await page.getAttribute(`[data-window-alpha="${asked}"]`, 'data-verdict'), 'right', `${algorithm}: ${expected}`);
    // A wrong bound is marked and explained.
    await page.fill(`[data-window-beta="${asked}"]`, '17');
    await page.click('[data-testid="check"]');
    assert.equal(await page.getAttribute(`[data-window-beta="${asked}"]`, 'data-verdict'), 'wrong');
    assert.notEqual((await page.textContent('.exercise-window .exercise-why')).trim(), '');
    assert.deepEqual(errors, []);
    await context.close();
  }
});
