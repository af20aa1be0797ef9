// The classroom on a room's screen: a 1024×768 projector and a 1280×720 laptop show the whole tree
// (the lecture tree, random 32- and 27-leaf exercise trees) in every two-player algorithm, with and
// without the pseudocode, every node inside the window and every label at 18 px or more; and the
// course's figure from step 0: every leaf's value drawn before the search, what it cuts greyed at
// the moment of the cut, never hidden in advance.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { startServerAndBrowser, openPage, waitReady, text, artifacts, repoRoot } from './helpers.js';
import { initSync, exerciseTree } from '../../www/pkg/classroom/reversi.js';

initSync({ module: readFileSync(path.join(repoRoot, 'www/pkg/classroom/reversi_bg.wasm')) });

const { server, browser } = await startServerAndBrowser();

const ALGORITHMS = ['minimax', 'negamax', 'alphabeta', 'alphabeta-negamax', 'alphabeta-ordered', 'pvs'];
const TREES = [
  ['lecture', '?example=lecture'],
  ...[['7', '5x2'], ['11', '5x2'], ['7', '3x3']].map(([seed, shape]) => [`exercise ${seed} ${shape}`, `?tree=${encodeURIComponent(exerciseTree(seed, shape).text)}`]),
];

/** Every node's box and every text of the drawing, as on the screen (CSS px). */
function measure() {
  const svgPx = (/** @type {SVGGraphicsElement} */ element) => parseFloat(getComputedStyle(element).fontSize) * element.getScreenCTM().a;
  const nodes = [...document.querySelectorAll('.tree-svg [data-node]')].map((node) => {
    const r = node.querySelector('.box').getBoundingClientRect();
    const all = node.getBoundingClientRect();
    return { name: node.dataset.node, left: Math.min(r.left, all.left), right: Math.max(r.right, all.right), top: all.top, bottom: all.bottom, box: { left: r.left, right: r.right, top: r.top, bottom: r.bottom } };
  });
  const texts = [...document.querySelectorAll('.tree-svg text')].filter((t) => t.textContent.trim() && t.getBBox().width > 0).map((t) => ({ text: t.textContent, px: svgPx(t) }));
  const tree = document.querySelector('[data-testid="tree"]').getBoundingClientRect();
  const heights = Object.fromEntries(['.controls', '.counters', '#narration', '#legend', '#pseudocode', '.tree-svg'].map((s) => [s, Math.round(document.querySelector(s).getBoundingClientRect().height)]));
  heights.max = document.querySelector('#tree').style.maxHeight;
  heights.viewBox = document.querySelector('.tree-svg').getAttribute('viewBox');
  heights.scrollTop = document.querySelector('#tree').scrollTop;
  return { nodes, texts, width: innerWidth, height: innerHeight, tree: { left: tree.left, right: tree.right, top: tree.top, bottom: tree.bottom, heights }, scrollWidth: document.documentElement.scrollWidth };
}

/** @param {ReturnType<typeof measure>} m
 * @param {string} where */
function assertWhole(m, where) {
  assert.ok(m.nodes.length > 0, `${where}: nodes drawn`);
  for (const node of m.nodes) {
    const inside = node.left >= Math.max(0, m.tree.left) - 1 && node.right <= Math.min(m.width, m.tree.right) + 1 && node.top >= Math.max(0, m.tree.top) - 1 && node.bottom <= Math.min(m.height, m.tree.bottom) + 1;
    assert.ok(inside, `${where}: node ${node.name} at ${JSON.stringify(node)} inside the tree's box ${JSON.stringify(m.tree)} and the ${m.width}×${m.height} window`);
  }
  const smallest = m.texts.reduce((a, b) => (b.px < a.px ? b : a));
  assert.ok(smallest.px >= 18 - 0.05, `${where}: every label ≥ 18 px (smallest: "${smallest.text}" at ${smallest.px.toFixed(1)} px)`);
  // Boxes never meet (a staggered row's neighbours are apart).
  const boxes = m.nodes.map((n) => n.box);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      const meet = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      assert.ok(!meet, `${where}: ${m.nodes[i].name} and ${m.nodes[j].name} overlap`);
    }
  }
  assert.ok(m.scrollWidth <= m.width, `${where}: no sideways scrolling (${m.scrollWidth} px)`);
}

// At 1024×768 with and without the pseudocode; at 1280×720 (wider, less high) with it, which leaves
// the tree the least room.
for (const [viewport, listings] of [
  [{ width: 1024, height: 768 }, [false, true]],
  [{ width: 1280, height: 720 }, [true]],
]) {
  test(`at ${viewport.width}×${viewport.height} every node of every tree is on the screen in every algorithm, ${listings.length > 1 ? 'with and without' : 'with'} the pseudocode, labels ≥ 18 px`, async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const [name, query] of TREES) {
      await page.goto(`${server.url}classroom.html${query}&lang=en`);
      await waitReady(page);
      for (const algorithm of ALGORITHMS) {
        await page.selectOption('[data-testid="algorithm"]', algorithm);
        await page.waitForFunction((a) => new URL(location.href).searchParams.get('algorithm') === a, algorithm);
        // The keys below step the replay, not the menu's choice.
        await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).blur());
        for (const pseudocode of listings) {
          const pressed = (await page.getAttribute('[data-testid="pseudocode-toggle"]', 'aria-pressed')) === 'true';
          if (pressed !== pseudocode) await page.click('[data-testid="pseudocode-toggle"]');
          await page.keyboard.press('Home');
          const total = Number((await text(page, 'step-counter')).match(/of (\d+)/)[1]);
          const where = `${name}, ${algorithm}, pseudocode ${pseudocode ? 'on' : 'off'}`;
          assertWhole(await page.evaluate(measure), `${where}, step 0`);
          // Half way in one jump (the replay's own, as the step counter's keys do one at a time).
          await page.evaluate((step) => import('./www/classroom/replay.js').then((replay) => replay.stepTo(step)), Math.floor(total / 2));
          await page.waitForFunction((step) => document.querySelector('[data-testid="step-counter"]').textContent.startsWith(`Step ${step} of`), Math.floor(total / 2));
          assertWhole(await page.evaluate(measure), `${where}, half way`);
          await page.keyboard.press('End');
          assertWhole(await page.evaluate(measure), `${where}, at the end`);
        }
      }
      await page.screenshot({ path: path.join(artifacts, `classroom-projection-${name.replace(/ /g, '-')}-${viewport.width}x${viewport.height}.png`) });
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the lecture tree under alpha-beta from step 0: every leaf with its value, the subtree to be cut drawn, greyed only at its cut', async () => {
  const { page, context, errors } = await openPage(browser, { width: 1024, height: 768 });
  await page.goto(`${server.url}classroom.html?example=lecture&algorithm=alphabeta&lang=en`);
  await waitReady(page);
  const leaves = () =>
    page.$$eval('.tree-svg .node.leaf', (nodes) =>
      Object.fromEntries(nodes.map((n) => [n.dataset.node, { value: n.querySelector('.value')?.textContent ?? '', status: [...n.classList].find((c) => ['unvisited', 'pruned', 'done', 'open'].includes(c)) ?? '' }])),
    );
  const atStart = await leaves();
  // max a(b(d(h:1 i:4) e(j:5 l:6)) c(f(m:2 n:1) g(o:1 p:1)))
  assert.deepEqual(Object.fromEntries(Object.entries(atStart).map(([k, v]) => [k, v.value])), { h: '1', i: '4', j: '5', l: '6', m: '2', n: '1', o: '1', p: '1' });
  assert.ok(Object.values(atStart).every((leaf) => leaf.status === 'unvisited'), JSON.stringify(atStart));
  // g and its leaves are drawn from step 0, not greyed before the cut.
  assert.equal(await page.locator('.tree-svg [data-node="g"].unvisited').count(), 1);
  // Step to the cut at c: o and p grey with g then, and keep their values.
  let cutStep = -1;
  const total = Number((await text(page, 'step-counter')).match(/of (\d+)/)[1]);
  for (let i = 1; i <= total; i++) {
    await page.keyboard.press('ArrowRight');
    const now = await leaves();
    if (now.o.status === 'pruned') {
      cutStep = i;
      assert.equal(now.o.value, '1');
      assert.equal(now.p.status, 'pruned');
      assert.equal(await page.locator('.tree-svg [data-node="g"].pruned').count(), 1);
      break;
    }
    assert.equal(now.o.status, 'unvisited', `step ${i}: o greyed before the cut`);
  }
  assert.ok(cutStep > 0, 'the cut above g reached');
  assert.match(await text(page, 'narration'), /g/);
  // A cut label is not struck through: read from the back of the room.
  const decoration = await page.$eval('.tree-svg [data-node="g"] .caption', (c) => getComputedStyle(c).textDecorationLine);
  assert.equal(decoration, 'none');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a typed tree too large to show whole folds: the path searched open, a click opens or closes a node, what is drawn on the screen', async () => {
  // 4 levels of 4: 256 leaves, far more than a 1024 px screen shows at 18 px.
  let next = 0;
  const subtree = (depth) => (depth === 0 ? `x${next++}:${(next * 7) % 41 - 20}` : `(${[0, 1, 2, 3].map(() => subtree(depth - 1)).join(' ')})`);
  const tree = `max ${subtree(4)}`;
  const { page, context, errors } = await openPage(browser, { width: 1024, height: 768 });
  await page.goto(`${server.url}classroom.html?tree=${encodeURIComponent(tree)}&algorithm=alphabeta&lang=en`);
  await waitReady(page);
  const drawn = () => page.$$eval('.tree-svg [data-node]', (nodes) => nodes.length);
  // Step 0: the root and its four children, each with "+4".
  assert.equal(await drawn(), 5);
  assert.equal(await page.locator('.tree-svg .badge-text').count(), 4);
  assert.match(await page.textContent('#legend'), /click a node to open or close it/);
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
  const opened = await drawn();
  assert.ok(opened > 5, `the path searched opened: ${opened} nodes`);
  assertWhole(await page.evaluate(measure), 'folded tree, step 12');
  // A click on a closed node opens it; again, closes it.
  const closed = page.locator('.tree-svg [data-id][aria-expanded="false"]').last();
  const name = await closed.getAttribute('data-node');
  await closed.click();
  assert.equal(await page.getAttribute(`.tree-svg [data-node="${name}"]`, 'aria-expanded'), 'true');
  assert.equal(await drawn(), opened + 4);
  await page.click(`.tree-svg [data-node="${name}"]`);
  assert.equal(await drawn(), opened);
  assert.deepEqual(errors, []);
  await context.close();
});
