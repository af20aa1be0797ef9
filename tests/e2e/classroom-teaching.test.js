// The classroom as the teacher projects it: the algorithm's pseudocode beside the tree
// with the line each step executes, predict the next step (students answering, or the teacher
// revealing), the node-count chart's bars proportional to the counts on its scale, every mark a
// student reads at least 18 px at 1024×768 with nothing overlapping, and what the page computes
// said where it happens, in one way, in the course's words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServerAndBrowser, waitReady, text, artifacts, openClassroom } from './helpers.js';

const { server, browser } = await startServerAndBrowser();
const V = { width: 1024, height: 768 };

const open = (query, viewport = V) => openClassroom(browser, server, query, viewport);

async function goto(page, query) {
  await page.goto(`${server.url}classroom.html${query}`);
  await waitReady(page);
}

/** Steps forward until the narration matches `pattern`; the number of steps taken. */
async function stepUntil(page, pattern, most = 200) {
  for (let i = 1; i <= most; i++) {
    await page.keyboard.press('ArrowRight');
    if (pattern.test(await text(page, 'narration'))) return i;
  }
  throw new Error(`never: ${pattern}`);
}

/** The pseudocode's highlighted lines: the one executed and its caller's. */
const highlighted = (page) =>
  page.evaluate(() => {
    const line = (selector) => {
      const li = document.querySelector(`[data-testid="pseudocode-lines"] li${selector}`);
      return li ? { id: li.dataset.line, text: li.textContent } : null;
    };
    return { current: line('.current'), caller: line('.caller') };
  });

test('the pseudocode beside the tree, in the course\'s notation and the page\'s language, its line at known steps', async () => {
  const { page, context, errors } = await open('?example=pruning&algorithm=alphabeta&lang=en');
  await page.click('[data-testid="pseudocode-toggle"]');
  assert.equal(await page.isVisible('[data-testid="pseudocode"]'), true);
  await page.keyboard.press('ArrowRight');
  // Step 1: the root (MIN) is entered from ALPHA-BETA-SEARCH's call.
  assert.deepEqual(await highlighted(page), { current: { id: 'min.init', text: 'v ← +∞' }, caller: { id: 'call', text: 'v ← MIN-VALUE(state, −∞, +∞)' } });
  await stepUntil(page, /^Cut-off at y/);
  const cut = await highlighted(page);
  assert.equal(cut.current.id, 'max.cut');
  assert.equal(cut.current.text, 'if v ≥ β then return v // cut-off (pruning)');
  assert.match(await text(page, 'pseudocode-variables'), /^At y \(MAX\): v = (≥ )?25, α = −∞, β = 18\.$/);
  await page.keyboard.press('End');
  assert.equal((await highlighted(page)).current.id, 'action');
  const size = await page.$eval('[data-testid="pseudocode-lines"] li.current', (li) => parseFloat(getComputedStyle(li).fontSize));
  assert.ok(size >= 18, `${size} px`);
  await page.keyboard.press('Home');
  await stepUntil(page, /^Cut-off at y/);
  await page.screenshot({ path: path.join(artifacts, 'classroom-pseudocode-1024x768.png') });

  // Seed 000's MINIMAX-A-B, numbered steps, in Brazilian Portuguese; Rich and Knight's names in English.
  await goto(page, '?example=pruning&algorithm=alphabeta-negamax&lang=pt-BR');
  assert.equal(await page.textContent('[data-line="head"]'), 'MINIMAX-A-B(Posição, Profundidade, Jogador, Usar-Limite, Passar-Limite)');
  await page.keyboard.press('ArrowRight');
  assert.equal((await highlighted(page)).current.text, '2. Caso contrário, SUCESSORES ← GERMOV(Posição, Jogador)');
  await stepUntil(page, /^Poda em y/);
  assert.deepEqual((await highlighted(page)).current, { id: '4d', text: '(d) Se Passar-Limite ≥ Usar-Limite, retorne VALOR = Passar-Limite, CAMINHO = MELHOR-CAMINHO' });
  await goto(page, '?example=pruning&algorithm=alphabeta-negamax&lang=en');
  assert.equal(await page.textContent('[data-line="head"]'), 'MINIMAX-A-B(Position, Depth, Player, Use-Thresh, Pass-Thresh)');
  await stepUntil(page, /^Enter n2/);
  assert.deepEqual(await highlighted(page), {
    current: { id: '1', text: '1. If DEEP-ENOUGH(Position, Depth), return VALUE = STATIC(Position, Player), PATH = nil' },
    caller: { id: '4a', text: '(a) RESULT-SUCC ← MINIMAX-A-B(SUCC, Depth + 1, OPPOSITE(Player), −Pass-Thresh, −Use-Thresh)' },
  });
  await page.screenshot({ path: path.join(artifacts, 'classroom-pseudocode-minimax-a-b-1024x768.png') });
  // Seed 002's negamax in European Portuguese.
  await goto(page, '?example=lecture&algorithm=negamax&lang=pt-PT');
  await page.keyboard.press('ArrowRight');
  assert.equal((await highlighted(page)).current.text, 'SENÃO α ← −∞ // { a avaliação é idêntica para ambos os jogadores }');
  await stepUntil(page, /^ESTÁTICA\(h\)/);
  assert.equal((await highlighted(page)).current.text, 'SE nó é um nó terminal OU profundidade = 0 ENTÃO DEVOLVA o valor da heurística do nó');
  assert.deepEqual(errors, []);
  await context.close();
});

test('predict the next step: the question on the tree, the answer judged with its bound and explained; the projector mode waits for the teacher', async () => {
  const { page, context, errors } = await open('?example=pruning&algorithm=alphabeta&lang=en');
  await page.check('[data-testid="predict"]');
  const bubble = () => page.$eval('[data-testid="predict-bubble"]', (b) => ({ shown: !b.hidden, text: b.innerText.replace(/\s+/g, ' ').trim(), state: b.dataset.state }));
  const stepToQuestion = async () => {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('ArrowRight');
      if ((await bubble()).state === 'question' && (await bubble()).shown) return;
    }
    throw new Error('no question');
  };
  await stepToQuestion();
  assert.match((await bubble()).text, /^Are x’s other children \(n3 and n4\) pruned\?/);
  assert.match(await text(page, 'narration'), /^Predict: Are x’s other children/);
  // On the tree, beside x, not over it.
  const overlap = await page.evaluate(() => {
    const b = document.querySelector('[data-testid="predict-bubble"]').getBoundingClientRect();
    const x = document.querySelector('[data-node="x"] .box').getBoundingClientRect();
    return { beside: Math.abs(b.top - x.top) < 60, over: !(b.right <= x.left || b.left >= x.right || b.bottom <= x.top || b.top >= x.bottom) };
  });
  assert.deepEqual(overlap, { beside: true, over: false });
  // Stepping does not answer for the student.
  const waiting = await text(page, 'step-counter');
  await page.keyboard.press('ArrowRight');
  assert.equal(await text(page, 'step-counter'), waiting);
  await page.click('[data-testid="predict-no"]');
  assert.equal((await bubble()).state, 'right');
  assert.match((await bubble()).text, /^✓ Right\. No: the search of x goes on\./);
  // At each child taken, the question again: after n3, is n4 pruned?
  await stepToQuestion();
  assert.match((await bubble()).text, /^Are x’s other children \(n4\) pruned\?/);
  await page.click('[data-testid="predict-no"]');
  await stepToQuestion();
  assert.match((await bubble()).text, /^What does x return\?/);
  await page.fill('[data-testid="predict-answer"]', '18');
  await page.click('[data-testid="predict-submit"]');
  assert.equal((await bubble()).state, 'right');
  await stepToQuestion();
  assert.match((await bubble()).text, /^Are n1’s other children \(y\) pruned\?/);
  await page.click('[data-testid="predict-no"]');
  await stepToQuestion();
  assert.match((await bubble()).text, /^Are y’s other children \(A and B\) pruned\?/);
  await page.click('[data-testid="predict-no"]');
  // The test that cut, with its numbers: a strict cut says nothing of equality.
  assert.equal((await bubble()).text, '✗ You said no. Yes: y is cut here. The notes prune as soon as v ≥ β: here v = 25 > β = 18.');
  await stepToQuestion();
  await page.fill('[data-testid="predict-answer"]', '25');
  await page.click('[data-testid="predict-submit"]');
  assert.match((await bubble()).text, /^✗ You said 25\. y returns ≥ 25\. The right number, but a bound/);
  assert.equal(await text(page, 'predict-score'), 'Predictions: 4 of 6 right');
  await page.screenshot({ path: path.join(artifacts, 'classroom-predict-1024x768.png') });
  // The projector: the class answers aloud, the teacher's step reveals.
  await page.check('[data-testid="predict-projector"]');
  await page.keyboard.press('Home');
  await stepToQuestion();
  assert.equal(await page.locator('[data-testid="predict-answer"], [data-testid="predict-yes"]').count(), 0);
  assert.ok(await page.isVisible('[data-testid="predict-reveal"]'));
  await page.screenshot({ path: path.join(artifacts, 'classroom-predict-projector-1024x768.png') });
  await page.keyboard.press('ArrowRight');
  assert.equal((await bubble()).state, 'revealed');
  assert.match((await bubble()).text, /^No: the search of x goes on\.$/);
  // Play stops at the next question.
  await page.selectOption('[data-testid="speed"]', '16');
  await page.click('[data-testid="play"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="predict-bubble"]').dataset.state === 'question', null, { timeout: 10_000 });
  assert.equal(await page.getAttribute('[data-testid="play"]', 'aria-pressed'), 'false');
  // A missed cut says the algorithm's own test with the numbers at that node, and "equality
  // included" only on a cut on equality: the lecture tree's e cuts on 5 > 4 and c on 2 ≤ 4 by
  // alpha-beta; by MINIMAX-A-B e on Pass-Thresh 5 > 4, c on −4 = −4.
  const missed = async (query, node) => {
    await goto(page, query);
    await page.check('[data-testid="predict"]');
    await page.uncheck('[data-testid="predict-values"]');
    for (let i = 0; i < 10; i++) {
      await stepToQuestion();
      const asked = (await bubble()).text;
      if (!asked.includes(`${node}’s other children`) && !asked.includes(`filhos de ${node} `)) {
        await page.click('[data-testid="predict-yes"]');
        continue;
      }
      await page.click('[data-testid="predict-no"]');
      return (await bubble()).text;
    }
    throw new Error(`no question at ${node}`);
  };
  assert.match(await missed('?example=lecture&algorithm=alphabeta&lang=en', 'e'), /Yes: e is cut here\. The notes prune as soon as v ≥ β: here v = 5 > β = 4\.$/);
  assert.match(await missed('?example=lecture&algorithm=alphabeta&lang=en', 'c'), /Yes: c is cut here\. The notes prune as soon as v ≤ α: here v = 2 < α = 4\.$/);
  assert.match(await missed('?example=lecture&algorithm=alphabeta-negamax&lang=en', 'e'), /Yes: e is cut here\. The search of a node stops as soon as Pass-Thresh ≥ Use-Thresh: here 5 > 4\.$/);
  assert.match(await missed('?example=lecture&algorithm=alphabeta-negamax&lang=en', 'c'), /Yes: c is cut here\. The search of a node stops as soon as Pass-Thresh ≥ Use-Thresh, equality included: here both are −4\.$/);
  assert.match(await missed('?example=lecture&algorithm=alphabeta-negamax&lang=pt-BR', 'c'), /Sim: poda em c\. A busca em um nó para logo que Passar-Limite ≥ Usar-Limite, também na igualdade: aqui os dois valem −4\.$/);
  assert.match(await missed('?example=lecture&algorithm=alphabeta&lang=pt-PT', 'e'), /Sim: poda em e\. As notas podam logo que v ≥ β: aqui v = 5 > β = 4\.$/);
  // pt-PT: the question in the page's words.
  await goto(page, '?example=pruning&algorithm=alphabeta&lang=pt-PT');
  await page.check('[data-testid="predict"]');
  await stepToQuestion();
  assert.match((await bubble()).text, /^Os outros filhos de x \(n3 e n4\) são podados\?/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the node-count chart: bars proportional to the counts on the scale shown (log, labelled with its ticks, or linear), the counts written on them', async () => {
  const { page, context, errors } = await open('?example=tictactoe&depth=9&algorithm=alphabeta&lang=en', { width: 1920, height: 1080 });
  await page.click('#compare summary');
  await page.waitForSelector('[data-testid="node-chart"] .chart-row');
  const bars = () =>
    page.$$eval('[data-testid="node-chart"] .chart-row', (rows) =>
      rows.map((row) => ({
        nodes: Number(row.dataset.nodes),
        bar: row.querySelector('.chart-bar').getBoundingClientRect().width,
        track: row.querySelector('.chart-track').getBoundingClientRect().width,
        count: row.querySelector('.chart-count').textContent,
      })),
    );
  const log = await bars();
  const largest = Math.max(...log.map((b) => b.nodes));
  for (const b of log) {
    assert.ok(Math.abs(b.bar - (b.track * Math.log10(b.nodes + 1)) / Math.log10(largest + 1)) < 1.5, JSON.stringify(b));
    assert.equal(b.count, b.nodes.toLocaleString('en'));
  }
  assert.ok(log.find((b) => b.nodes === 92092).bar - log.find((b) => b.nodes === 730).bar > 150);
  assert.equal(await page.textContent('.chart-scale-name'), 'log scale');
  assert.deepEqual(await page.$$eval('.chart-tick', (ticks) => ticks.map((t) => t.textContent)), ['1', '10', '100', '1,000', '10,000']);
  await page.check('[data-testid="chart-scale-linear"]');
  const linear = await bars();
  for (const b of linear) assert.ok(Math.abs(b.bar - (b.track * b.nodes) / largest) < 1.5 || b.bar <= 2.5, JSON.stringify(b));
  assert.equal(await page.textContent('.chart-scale-name'), 'linear scale');
  await page.locator('#compare').screenshot({ path: path.join(artifacts, 'classroom-chart-linear-1920.png') });
  // At 1024×768 too, and for small counts: 9 nodes and 7 are not the same length.
  await page.setViewportSize(V);
  await goto(page, '?example=pruning&lang=en');
  await page.click('#compare summary');
  await page.waitForSelector('[data-testid="node-chart"] .chart-row');
  const small = await bars();
  const nine = small.find((b) => b.nodes === 9);
  const seven = small.find((b) => b.nodes === 7);
  assert.ok(nine.bar > seven.bar + 10, `${nine.bar} vs ${seven.bar}`);
  assert.ok(Math.abs(seven.bar / nine.bar - Math.log10(8) / Math.log10(10)) < 0.02);
  assert.deepEqual(errors, []);
  await context.close();
});

/** What a student reads on the drawing: each text's size on the screen, its box, and where the edges run. */
function readable() {
  const texts = [...document.querySelectorAll('.tree-svg text')].filter((t) => t.textContent.trim() && t.checkVisibility());
  const items = texts.map((t) => {
    const r = t.getBoundingClientRect();
    return { cls: t.getAttribute('class'), text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a, box: [r.left, r.top, r.right, r.bottom] };
  });
  const marks = [...document.querySelectorAll('.tree-svg .order-mark, .tree-svg .badge, .tree-svg .table-mark')].map((m) => {
    const r = m.getBoundingClientRect();
    return { cls: m.getAttribute('class'), box: [r.left, r.top, r.right, r.bottom] };
  });
  // Each edge's segments in screen coordinates.
  const segments = [];
  for (const edge of document.querySelectorAll('.tree-svg .edges polyline, .tree-svg .edges line')) {
    const m = edge.getScreenCTM();
    const pts = edge.tagName === 'line'
      ? [[+edge.getAttribute('x1'), +edge.getAttribute('y1')], [+edge.getAttribute('x2'), +edge.getAttribute('y2')]]
      : edge.getAttribute('points').trim().split(/\s+/).map((p) => p.split(',').map(Number));
    const screen = pts.map(([x, y]) => [m.a * x + m.e, m.d * y + m.f]);
    for (let i = 1; i < screen.length; i++) segments.push([...screen[i - 1], ...screen[i]]);
  }
  return { items, marks, segments };
}

/** Pairs of boxes that overlap by more than a pixel, and labels an edge crosses. */
function collisions({ items, marks, segments }) {
  const all = [...items.filter((i) => !/order-mark-text|badge-text|table-mark-text/.test(i.cls)), ...marks];
  const overlaps = [];
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const [a, b] = [all[i].box, all[j].box];
      const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
      const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
      if (w > 1 && h > 1) overlaps.push(`${all[i].cls}:${all[i].text ?? ''} × ${all[j].cls}:${all[j].text ?? ''}`);
    }
  }
  const crossed = [];
  for (const label of items.filter((i) => /caption|bounds|level-name/.test(i.cls))) {
    const [l, t, r, b] = label.box;
    for (const [x1, y1, x2, y2] of segments) {
      // A segment through the label's box (shrunk by a pixel): sampled along its length.
      for (let k = 0; k <= 40; k++) {
        const x = x1 + ((x2 - x1) * k) / 40;
        const y = y1 + ((y2 - y1) * k) / 40;
        if (x > l + 1 && x < r - 1 && y > t + 1 && y < b - 1) {
          crossed.push(`${label.cls}:${label.text}`);
          break;
        }
      }
    }
  }
  return { overlaps, crossed: [...new Set(crossed)] };
}

test('every mark a student reads is at least 18 px at 1024×768 and nothing overlaps: labels, values, bounds, ≥/≤, order numbers, badges, the table\'s marks; max^n\'s vectors fit and its players have their colours', async () => {
  const { page, context, errors } = await open('?example=lecture&lang=en');
  const cases = [
    ['?example=pruning&algorithm=alphabeta', null],
    ['?example=lecture&algorithm=alphabeta-ordered', /^a: the written order/],
    ['?example=othello&depth=2&algorithm=alphabeta-ordered', /^root: children reordered/],
    ['?example=tictactoe&moves=b2a1c3&depth=4&algorithm=alphabeta&table=on', /answered by the transposition table/],
    ['?example=maxn', null],
    ['?example=lecture&algorithm=pvs', /^Null-window test/],
  ];
  for (const [query, at] of cases) {
    for (const lang of ['en', 'pt-PT']) {
      await goto(page, `${query}&lang=${lang}`);
      if (at && lang === 'en') await stepUntil(page, at, 400);
      else await page.keyboard.press('End');
      const drawn = await page.evaluate(readable);
      const small = drawn.items.filter((i) => i.px < 17.95).map((i) => `${i.cls} "${i.text}" ${i.px.toFixed(1)} px`);
      assert.deepEqual(small, [], `${query} ${lang}`);
      const { overlaps, crossed } = collisions(drawn);
      assert.deepEqual(overlaps, [], `${query} ${lang}: overlapping`);
      assert.deepEqual(crossed, [], `${query} ${lang}: labels crossed by edges`);
      if (/table=on/.test(query) && lang === 'en') {
        assert.ok(drawn.items.some((i) => i.cls === 'table-mark-text'), 'a table answer is marked on the tree');
        await page.screenshot({ path: path.join(artifacts, 'classroom-table-mark-1024x768.png') });
      }
    }
  }
  // max^n: each vector inside its box; player 3 not the principal path's green; a legend of the players.
  await goto(page, '?example=maxn&lang=pt-PT');
  await page.keyboard.press('End');
  await page.screenshot({ path: path.join(artifacts, 'classroom-maxn-pt-PT-1024x768.png') });
  const maxn = await page.evaluate(() => {
    const fits = [...document.querySelectorAll('.tree-svg .node')].every((n) => {
      const v = n.querySelector('.value')?.getBoundingClientRect();
      const b = n.querySelector('.box').getBoundingClientRect();
      return !v || (v.left >= b.left && v.right <= b.right);
    });
    const p3 = getComputedStyle(document.querySelector('.tree-svg .node.p3:not(.principal) .box')).stroke;
    const principal = getComputedStyle(document.querySelector('.tree-svg .edge.principal')).stroke;
    return { fits, p3, principal, legend: document.querySelector('#legend').textContent };
  });
  assert.ok(maxn.fits);
  assert.notEqual(maxn.p3, maxn.principal);
  assert.match(maxn.legend, /jogador 1 · jogador 2 · jogador 3/);
  // At 150 % the root stays in view at a cut step.
  await goto(page, '?example=pruning&algorithm=alphabeta&lang=en');
  for (let i = 0; i < 3; i++) await page.keyboard.press('+');
  assert.equal(await text(page, 'zoom-reset'), '150 %');
  await stepUntil(page, /^Cut-off at y/);
  const root = await page.evaluate(() => {
    const box = document.querySelector('[data-node="n1"] .box').getBoundingClientRect();
    const tree = document.querySelector('[data-testid="tree"]').getBoundingClientRect();
    return { top: box.top, treeTop: tree.top, treeBottom: tree.bottom };
  });
  assert.ok(root.top >= root.treeTop && root.top < root.treeBottom, JSON.stringify(root));
  await page.keyboard.press('0');
  // European Portuguese at 1024×768: one row of controls, the tree keeps its height.
  await goto(page, '?example=lecture&lang=pt-PT');
  const rows = await page.evaluate(() => {
    const controls = [...document.querySelectorAll('.controls > *')].filter((e) => e.checkVisibility()).map((e) => e.getBoundingClientRect());
    // A second row starts below the first one's bottom.
    const firstBottom = Math.min(...controls.map((r) => r.bottom));
    const tree = document.querySelector('[data-testid="tree"]');
    return { tops: 1 + (controls.some((r) => r.top >= firstBottom) ? 1 : 0), drawing: tree.querySelector('svg').getBoundingClientRect().height, box: tree.clientHeight, bottom: tree.getBoundingClientRect().bottom };
  });
  assert.equal(rows.tops, 1, 'one row of controls');
  // The whole lecture tree in its box, on the screen, at the drawing's least scale or more.
  assert.ok(rows.drawing <= rows.box && rows.bottom <= 768 && rows.drawing >= 340, JSON.stringify(rows));
  await page.keyboard.press('End');
  await page.screenshot({ path: path.join(artifacts, 'classroom-lecture-pt-PT-1024x768.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('said where it happens, one way, in the course\'s words: open lines, symmetry, a child that does not improve, the negamax view, the result at the end, the node panel at the end, counts and Play translated', async () => {
  const { page, context, errors } = await open('?example=tictactoe&depth=2&lang=en');
  await page.keyboard.press('ArrowRight');
  assert.match(await text(page, 'narration'), /^Enter root \(MAX\)\. GERMOV gives 9 moves, 3 up to symmetry: a1, b1, b2\.$/);
  const leaf = await stepUntil(page, /^ESTÁTICA/);
  assert.ok(leaf > 0);
  assert.match(await text(page, 'narration'), /^ESTÁTICA\(a1 → \w\d\) = −?\d+: the static evaluation of this leaf\. Open lines for MAX (\d) − open lines for MIN (\d) = −?\d+\.$/);
  // A child that does not improve its parent's best.
  await goto(page, '?example=pruning&algorithm=alphabeta&lang=en');
  await stepUntil(page, /^n3 returns 7\./);
  assert.equal(await text(page, 'narration'), 'n3 returns 7. 7 < 12: x keeps 12.');
  // MINIMAX-A-B compares NEW-VALUE with Pass-Thresh, also one the node received from above before
  // any child of its own (the lecture tree's f, entered with Pass-Thresh = 4 from a); in the
  // pseudocode's words and verb in each language.
  await goto(page, '?example=lecture&algorithm=alphabeta-negamax&lang=en');
  await stepUntil(page, /^m returns/);
  assert.equal(await text(page, 'narration'), 'm returns −2. NEW-VALUE = 2 is not above Pass-Thresh = 4: f keeps Pass-Thresh = 4.');
  await stepUntil(page, /^n returns/);
  assert.equal(await text(page, 'narration'), 'n returns −1. NEW-VALUE = 1 is not above Pass-Thresh = 4: f keeps Pass-Thresh = 4.');
  await stepUntil(page, /^c returns/);
  assert.match(await text(page, 'narration'), /NEW-VALUE = 4 is not above Pass-Thresh = 4: a keeps Pass-Thresh = 4\.$/);
  await goto(page, '?example=lecture&algorithm=alphabeta-negamax&lang=pt-BR');
  await stepUntil(page, /^m retorna/);
  assert.equal(await text(page, 'narration'), 'm retorna −2. NOVO-VALOR = 2 não é maior que Passar-Limite = 4: f fica com Passar-Limite = 4.');
  await goto(page, '?example=lecture&algorithm=alphabeta-negamax&lang=pt-PT');
  await stepUntil(page, /^m devolve/);
  assert.equal(await text(page, 'narration'), 'm devolve −2. NOVO-VALOR = 2 não é maior que Passar-Limite = 4: f fica com Passar-Limite = 4.');
  // PVS's order in the view of the node ordered, as its null-window tests: d3's replies best
  // first for MIN, then c5's test with the same −20; its re-search the menu's word.
  await goto(page, '?example=othello&depth=2&algorithm=pvs&lang=en');
  await stepUntil(page, /^d3: children reordered/);
  assert.equal(await text(page, 'narration'), 'd3: children reordered by their static evaluation, best first for MIN: c3 (23), e3 (0), c5 (−20).');
  await stepUntil(page, /^Null-window test of d3 → c5/);
  assert.match(await text(page, 'narration'), /^Null-window test of d3 → c5: −20, no better than Pass-Thresh = 23/);
  // The listing's calls and the narration agree: the null window −PVS(…, −Pass-Thresh,
  // −(Pass-Thresh + 1)) enters c4 with Use-Thresh = 23, Pass-Thresh = 22 under the root's
  // Pass-Thresh −23; the re-search −PVS(…, −Pass-Thresh, −Use-Thresh) enters d3 → c5 with 81 and
  // −∞ under d3's Pass-Thresh −81 and Use-Thresh +∞.
  if (!(await page.isVisible('[data-testid="pseudocode"]'))) await page.click('[data-testid="pseudocode-toggle"]');
  await goto(page, '?example=othello&depth=2&algorithm=pvs&lang=en');
  await stepUntil(page, /^Enter c4 \(MIN\)/);
  assert.match(await text(page, 'narration'), /Use-Thresh = 23, Pass-Thresh = 22\. Null window: only asks whether it beats Pass-Thresh\.$/);
  assert.deepEqual((await highlighted(page)).caller, { id: '4a', text: '(a) NEW-VALUE ← −PVS(SUCC, …, −Pass-Thresh, −(Pass-Thresh + 1))   null window: better than Pass-Thresh?' });
  await goto(page, '?example=othello&depth=3&algorithm=pvs&lang=en');
  await stepUntil(page, /^Null-window test of d3 → c5:/);
  assert.match(await text(page, 'narration'), /: −67, better than Pass-Thresh = −81: d3 → c5 is searched again with the full window\.$/);
  await page.keyboard.press('ArrowRight');
  assert.match(await text(page, 'narration'), /^Enter d3 → c5 \(MAX\)\. .* Use-Thresh = 81, Pass-Thresh = −∞\. Re-search with the full window\.$/);
  assert.equal((await highlighted(page)).caller?.id, '4b');
  assert.match((await highlighted(page)).caller?.text ?? '', /−PVS\(SUCC, …, −Pass-Thresh, −Use-Thresh\)   re-search$/);
  await goto(page, '?example=othello&depth=2&algorithm=pvs&lang=pt-BR');
  await stepUntil(page, /^Teste de janela nula de d3 → e3/);
  assert.equal(await text(page, 'narration'), 'Teste de janela nula de d3 → e3: 0, não melhor que Passar-Limite = 23: sem nova busca de d3 → e3.');
  assert.equal(await page.textContent('#nodes-label'), 'Nós visitados (contando as novas buscas)');
  await goto(page, '?example=pruning&algorithm=alphabeta&lang=pt-BR');
  await page.keyboard.press('End');
  assert.match(await text(page, 'cutoffs'), /MIN já tem 18 garantido mais acima e aqui MAX já tem pelo menos 25: A e B são podados/);
  // MINIMAX-A-B: the root is MIN's −18; the end says it once, with the change of view.
  await goto(page, '?example=pruning&algorithm=alphabeta-negamax&lang=en');
  await stepUntil(page, /^n1: best so far/);
  assert.match(await text(page, 'narration'), /^n1: best so far ≥ −18, from x \(its 18 with the sign changed: NEW-VALUE = −VALUE\)\./);
  await page.keyboard.press('End');
  assert.equal(await text(page, 'narration'), 'Search finished: 18 [x, n4]. n1’s −18 is for MIN, the side to move at the root: 18 for MAX.');
  assert.match(await page.textContent('#legend'), /U = Use-Thresh, P = Pass-Thresh/);
  // PVS with iterative deepening and the table: one result, said once; the counters say what they count.
  await goto(page, '?example=othello&depth=3&algorithm=pvs&iterative=on&table=on&lang=en');
  await page.keyboard.press('End');
  const result = await text(page, 'tree-result');
  assert.equal(await text(page, 'narration'), `Search finished: ${result}.`);
  assert.equal(await page.textContent('#nodes-label'), 'Nodes visited (re-searches counted again)');
  // The node panel at the end is the last iteration's root, with the result's value.
  assert.equal(await text(page, 'node-name'), 'root · MAX');
  assert.equal(await text(page, 'node-status'), `searched · Value ${result.split(' ')[0]}`);
  // Ordered children are drawn in the order searched (d3's replies: c5, e3, c3 for MIN).
  await goto(page, '?example=othello&depth=2&algorithm=alphabeta-ordered&lang=en');
  await stepUntil(page, /^d3: children reordered/);
  const listed = /best first for MIN: (\w\d) \(.*?\), (\w\d) \(.*?\), (\w\d) \(/.exec(await text(page, 'narration')).slice(1);
  const drawn = await page.evaluate((moves) => moves.map((move) => [...document.querySelectorAll('.tree-svg .node')].find((n) => n.getAttribute('aria-label').startsWith(`${move},`)).querySelector('.box').getBoundingClientRect().left), listed);
  assert.deepEqual([...drawn].sort((a, b) => a - b), drawn, `${listed} drawn left to right`);
  // Play and the counts in the page's language, written the same way as the text beside them.
  await goto(page, '?example=tictactoe&depth=9&algorithm=minimax&lang=pt-BR');
  assert.equal(await text(page, 'play'), 'Reproduzir');
  assert.equal(await text(page, 'nodes-visited'), '92.092');
  assert.match(await text(page, 'untraced-text'), /Nós visitados: 92\.092/);
  assert.deepEqual(errors, []);
  await context.close();
});
