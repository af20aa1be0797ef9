// Exercises in a real room of phones: a link without its solution leads nowhere near the lesson
// (the student's name first, then the sheet alone; no key, button or link replays the tree), a
// blank sheet scores 0, each window question says the moment it asks (on entry) and the solution
// shows that moment, and an endless drill draws a new tree of the same shape after each Check,
// each with its own code.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServerAndBrowser, waitReady, text, openClassroom } from './helpers.js';

const { server, browser } = await startServerAndBrowser();
const V = { width: 1024, height: 768 };

const open = (query, viewport = V) => openClassroom(browser, server, query, viewport);

/** Everything the page holds as text, hidden or not: the DOM's text, its inputs' values and every label. */
function everything(page) {
  return page.evaluate(() => [
    document.body.textContent,
    ...[...document.querySelectorAll('input, textarea, select')].map((e) => e.value),
    ...[...document.querySelectorAll('*')].flatMap((e) => ['aria-label', 'aria-description', 'title', 'href'].map((a) => e.getAttribute(a))),
  ].filter(Boolean).join('\n'));
}

/** The visible buttons and links, by their text (or label). */
function controls(page) {
  return page.$$eval('button, a[href], summary, input[type="checkbox"], select', (all) =>
    all.filter((e) => e.checkVisibility()).map((e) => (e.getAttribute('aria-label') || e.textContent || e.id).trim()));
}

test('solution=off: the name alone first, then the sheet alone; no key, button, link or address leads to the lesson or its replay', async () => {
  const query = '?exercise=5&shape=3x2&algorithm=alphabeta&ask=values,windows,pruned,path,leaves&solution=off&students=on&key=ROOM1&lang=en';
  const { page, context, errors } = await open(query);
  // Before the name: the gate and the top bar, nothing of a lesson (no replay, no "Step 0 of 50").
  assert.equal(await page.isVisible('[data-testid="student-name"]'), true);
  for (const id of ['tree', 'step-counter', 'to-end', 'play', 'narration', 'example-lecture', 'algorithm', 'pseudocode-toggle', 'predict', 'open-builder', 'compare', 'lab']) {
    assert.equal(await page.isVisible(`[data-testid="${id}"]`), false, `${id} before the name`);
  }
  assert.doesNotMatch(await everything(page), /Step \d+ of/);
  const gate = await controls(page);
  assert.ok(gate.includes('Start'), gate.join(', '));
  assert.deepEqual(gate.filter((c) => /lesson|solution|Exercise…|End|Step|Play$|Pseudocode|Predict|Lecture|Check/.test(c)), [], gate.join(', '));
  await page.fill('[data-testid="student-name"]', 'Ana Conceição');
  await page.click('[data-testid="student-start"]');
  await page.waitForSelector('[data-answer]');

  // The solution of this student's tree, from the engine.
  const treeText = await page.inputValue('[data-testid="tree-text"]');
  const spec = { kind: 'tree', text: treeText, algorithm: 'alphabeta', ask: 'values,windows,pruned,path,leaves' };
  const solution = await page.evaluate(async (spec) => {
    const { checkExercise, Lesson } = await import('/www/pkg/classroom/reversi.js');
    const verdicts = checkExercise(spec, {}).verdicts;
    const lesson = Lesson.tree(spec.text, 'alphabeta');
    const result = lesson.result.text;
    lesson.free();
    return { verdicts: verdicts.map((v) => ({ field: v.field, label: v.label, expected: v.expected })), result };
  }, spec);
  // What would give the solution away, written as the page writes it.
  const minus = (s) => s.replace(/-/g, '\u2212');
  const path = solution.verdicts.find((v) => v.field === 'path').expected;
  const leaves = solution.verdicts.find((v) => v.field === 'leaves').expected;
  const bounds = solution.verdicts.filter((v) => v.field === 'value' && /[≥≤]/.test(v.expected)).map((v) => minus(v.expected));
  const windows = solution.verdicts.filter((v) => v.field === 'alpha' && v.expected !== 'not visited').map((v) => minus(v.expected));
  const leaks = (all) => [
    ...(all.includes(`[${path}]`) || all.includes(path) ? [`the path ${path}`] : []),
    ...bounds.filter((b) => all.includes(b)),
    ...windows.filter((w) => all.includes(w) || all.includes(w.replace('α = ', 'α ').replace(', β = ', '\nβ '))),
    ...(all.includes(minus(solution.result)) ? ['the result'] : []),
    ...(new RegExp(`evaluates ${leaves} leaves|Search finished|returns|best so far|is skipped|are skipped`).test(all) ? ['the search'] : []),
  ];
  const sheetState = () => page.evaluate(() => ({
    result: document.querySelector('[data-testid="tree-result"]').textContent,
    counters: [document.querySelector('[data-testid="leaves-evaluated"]').textContent, document.querySelector('[data-testid="nodes-visited"]').textContent],
    bounds: document.querySelectorAll('.tree-svg .bounds').length,
    innerValues: [...document.querySelectorAll('.tree-svg .node:not(.leaf) .value')].map((v) => v.textContent).filter(Boolean),
    innerLabels: [...document.querySelectorAll('.tree-svg .node:not(.leaf)')].map((n) => n.getAttribute('aria-label')).filter((l) => !/to answer$/.test(l)),
    cutoffs: document.querySelector('[data-testid="cutoffs"]').children.length,
  }));
  const blank = { result: '', counters: ['0', '0'], bounds: 0, innerValues: [], innerLabels: [], cutoffs: 0 };
  assert.deepEqual(leaks(await everything(page)), [], 'the sheet');
  assert.deepEqual(await sheetState(), blank);
  const before = await everything(page);

  // Every key of the replay, on the page and on a field of the sheet: nothing moves.
  await page.click('.exercise-intro');
  for (const key of ['End', 'ArrowRight', 'ArrowRight', ' ', 'Home', 'ArrowLeft', 'Enter', 'End']) await page.keyboard.press(key);
  await page.focus('[data-pruned]');
  for (const key of ['End', 'ArrowRight', ' ']) await page.keyboard.press(key);
  await page.waitForTimeout(1500); // a replay started by Space would have stepped by now
  assert.deepEqual(await sheetState(), blank);
  await page.uncheck('[data-pruned]');
  assert.equal(await everything(page), before, 'the keys changed nothing');

  // Only the exercise's own controls: no way back to the lesson, no solution, no replay, no builder.
  for (const id of ['leave', 'show-solution']) assert.equal(await page.locator(`[data-testid="${id}"]`).count(), 0, id);
  for (const id of ['open-builder', 'to-end', 'step-forward', 'play', 'pseudocode-toggle', 'predict', 'algorithm', 'example-lecture', 'tree-run', 'compare']) {
    assert.equal(await page.isVisible(`[data-testid="${id}"]`), false, id);
  }
  const visible = await controls(page);
  assert.ok(visible.includes('Check') && visible.includes('Print'), visible.join(', '));
  assert.deepEqual(visible.filter((c) => /lesson|solution|Exercise…|End|Step|Play$|Pseudocode|Predict|Lecture/.test(c)), [], visible.join(', '));
  const links = await page.$$eval('a[href]', (all) => all.filter((a) => a.checkVisibility()).map((a) => a.getAttribute('href')));
  assert.deepEqual(links, ['index.html'], 'the only link: the game');
  // The builder's button, clicked by a script, opens nothing.
  await page.$eval('[data-testid="open-builder"]', (b) => b.click());
  assert.equal(await page.isVisible('[data-testid="builder"]'), false);

  // The address keeps the exercise as it was handed out: switching the language changes nothing else.
  await page.selectOption('[data-testid="language"]', 'pt-PT');
  const params = new URL(page.url()).searchParams;
  assert.equal(params.get('solution'), 'off');
  assert.equal(params.get('mode') ?? params.get('exercise') ? 'exercise' : null, 'exercise');
  assert.deepEqual(leaks(await everything(page)), []);
  await page.selectOption('[data-testid="language"]', 'en');

  // Checking: a blank sheet scores 0, and the hints give nothing away either.
  await page.click('[data-testid="check"]');
  assert.equal(await text(page, 'exercise-score'), `0/${solution.verdicts.length}`);
  assert.deepEqual(leaks(await everything(page)), [], 'after Check');
  for (const key of ['End', 'ArrowRight']) await page.keyboard.press(key);
  assert.deepEqual(await sheetState(), blank);
  assert.deepEqual(errors, []);
  await context.close();

  // A tree too large for an exercise, without the solution: its message alone, not the lesson.
  const big = `max r(${Array.from({ length: 40 }, (_, i) => i).join(' ')})`;
  const locked = await open(`?tree=${encodeURIComponent(big)}&algorithm=alphabeta&mode=exercise&solution=off&lang=en`);
  await locked.page.keyboard.press('End');
  assert.match(await locked.page.textContent('[data-testid="exercise"]'), /No exercise on this tree/);
  assert.equal(await locked.page.isVisible('[data-testid="tree"]'), false);
  assert.equal(await text(locked.page, 'tree-result'), '');
  await locked.context.close();

  // With the solution on, as before: the way back to the lesson and the solution are there.
  const on = await open('?exercise=5&shape=3x2&algorithm=alphabeta&lang=en');
  assert.equal(await on.page.locator('[data-testid="leave"]').count(), 1);
  assert.equal(await on.page.locator('[data-testid="show-solution"]').count(), 1);
  assert.equal(await on.page.isVisible('[data-testid="open-builder"]'), true);
  await on.page.click('[data-testid="check"]');
  assert.match(await text(on.page, 'exercise-score'), /^0\//, 'a blank sheet scores 0 there too');
  await on.page.click('[data-testid="leave"]');
  assert.equal(await on.page.isVisible('[data-testid="to-end"]'), true);
  await on.context.close();
});

test('every window question says it asks the window on entry, and the solution shows the window the node was entered with', async () => {
  const { page, context, errors } = await open('?example=lecture&lang=en');
  // A 3x2 exercise with a node whose window narrows before it returns (a MIN node's β falls).
  const found = await page.evaluate(async () => {
    const { exerciseTree, Lesson } = await import('/www/pkg/classroom/reversi.js');
    for (let seed = 1; seed < 200; seed++) {
      const text = exerciseTree(String(seed), '3x2').text;
      const lesson = Lesson.tree(text, 'alphabeta');
      const entry = new Map();
      for (let i = 0; i < lesson.eventCount; i++) {
        const e = lesson.event(i);
        if (e.kind === 'enter' && !entry.has(e.node)) entry.set(e.node, e);
      }
      const end = lesson.state(lesson.eventCount);
      const show = (b, inf) => (b === null || b === undefined ? inf : String(b).replace('-', '\u2212'));
      for (const s of end.nodes) {
        const node = lesson.node(s.id);
        const e = entry.get(s.id);
        if (node.leaf || s.status !== 'done' || !e || node.parent < 0) continue;
        if (e.alpha !== s.alpha || e.beta !== s.beta) {
          lesson.free();
          const window = (w) => [`α ${show(w.alpha, '−∞')}`, `β ${show(w.beta, '+∞')}`];
          return { seed, label: node.label, entry: window(e), last: window(s) };
        }
      }
      lesson.free();
    }
    return null;
  });
  assert.ok(found, 'a tree whose window narrows');
  for (const [lang, moment, field] of [['en', 'on entry', `α of ${found.label} on entry`], ['pt-BR', 'na entrada', `α de ${found.label} na entrada`], ['pt-PT', 'à entrada', `α de ${found.label} à entrada`]]) {
    await page.goto(`${server.url}classroom.html?exercise=${found.seed}&shape=3x2&algorithm=alphabeta&ask=values,windows,pruned&lang=${lang}`);
    await waitReady(page);
    const row = page.locator(`.sheet-window[data-for="${found.label}"]`);
    assert.equal(await row.locator('.sheet-moment').textContent(), moment, lang);
    assert.equal(await page.getAttribute(`[data-window-alpha="${found.label}"]`, 'aria-label'), field);
    assert.match(await page.textContent('.exercise-intro'), new RegExp(moment));
  }
  await page.goto(`${server.url}classroom.html?exercise=${found.seed}&shape=3x2&algorithm=alphabeta&ask=values,windows,pruned&lang=en`);
  await waitReady(page);
  // The entry window is right; the window as the node returned is wrong.
  const [alpha, beta] = found.entry.map((s) => s.split(' ')[1]);
  await page.fill(`[data-window-alpha="${found.label}"]`, alpha);
  await page.fill(`[data-window-beta="${found.label}"]`, beta);
  await page.click('[data-testid="check"]');
  assert.equal(await page.getAttribute(`[data-window-alpha="${found.label}"]`, 'data-verdict'), 'right');
  assert.equal(await page.getAttribute(`[data-window-beta="${found.label}"]`, 'data-verdict'), 'right');
  const [, lastBeta] = found.last.map((s) => s.split(' ')[1]);
  await page.fill(`[data-window-beta="${found.label}"]`, lastBeta);
  await page.click('[data-testid="check"]');
  assert.equal(await page.getAttribute(`[data-window-beta="${found.label}"]`, 'data-verdict'), 'wrong');
  // The solution, at its end: the node shows the window it was entered with, as asked.
  await page.click('[data-testid="show-solution"]');
  await page.keyboard.press('End');
  const drawn = await page.$$eval(`.tree-svg [data-node="${found.label}"] .bounds`, (texts) => texts.map((t) => t.textContent));
  assert.deepEqual(drawn, found.entry, `drawn ${drawn}, entered with ${found.entry}, returned with ${found.last}`);
  // Outside an exercise, the lesson shows the window as the node returned, as it always has.
  await page.click('[data-testid="leave"]');
  await page.keyboard.press('End');
  assert.deepEqual(await page.$$eval(`.tree-svg [data-node="${found.label}"] .bounds`, (texts) => texts.map((t) => t.textContent)), found.last);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an endless drill: after each Check a new tree of the same shape, each attempt with its own code, which the teacher reads and opens', async () => {
  const query = '?exercise=9&shape=2x3&algorithm=alphabeta&drill=on&key=DRILL1&lang=en';
  const { page, context, errors } = await open(query);
  assert.match(await page.textContent('.exercise-intro'), /endless drill/);
  assert.equal(await page.locator('[data-testid="new-exercise"]').count(), 0, 'a drill draws its own trees');
  const leaves = () => page.$$eval('.tree-svg .node.leaf', (nodes) => nodes.map((n) => `${n.dataset.node}:${n.querySelector('.value').textContent}`).join(' '));
  const seen = [];
  const codes = [];
  for (let round = 0; round < 3; round++) {
    const tree = await leaves();
    seen.push(tree);
    assert.equal(tree.split(' ').length, 9, 'the same shape: 9 leaves');
    assert.equal(await page.locator('[data-answer]').count(), 4);
    await page.fill('[data-answer="a"]', '0');
    await page.click('[data-testid="check"]');
    codes.push(await text(page, 'attempt-code'));
    assert.equal(await page.isDisabled('[data-testid="check"]'), true, 'one Check a tree');
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'next-tree');
    await page.keyboard.press('Enter');
    await page.waitForFunction((old) => [...document.querySelectorAll('.tree-svg .node.leaf')].map((n) => `${n.dataset.node}:${n.querySelector('.value').textContent}`).join(' ') !== old, tree);
    assert.equal(await page.isDisabled('[data-testid="check"]'), false);
    assert.equal(await page.locator('[data-testid="exercise-score"]').isVisible(), false, 'a fresh sheet');
  }
  assert.equal(new Set(seen).size, 3, 'three different trees');
  // Each code reads back at this exercise: its own variant, attempts 1, 2, 3.
  const read = await page.evaluate(async (codes) => {
    const { readAttemptCode } = await import('/www/pkg/classroom/reversi.js');
    const { exerciseText, readAddress } = await import('/www/classroom/address.js');
    const address = readAddress(location.search);
    const source = { kind: 'tree', text: null, exercise: address.source.exercise };
    return codes.map((code) => readAttemptCode(exerciseText(source, address.algorithm, address.exercise), code));
  }, codes);
  assert.deepEqual(read.map((r) => r.attempt), [1, 2, 3]);
  assert.equal(read[0].variant, 0, 'the first tree is the exercise itself');
  assert.ok(read[1].variant > 0 && read[2].variant > 0 && read[1].variant !== read[2].variant);
  // The teacher opens the second attempt's tree by its variant: the same tree.
  const teacher = await open(`${query}&variant=${read[1].variant}`);
  assert.equal(await teacher.page.$$eval('.tree-svg .node.leaf', (nodes) => nodes.map((n) => `${n.dataset.node}:${n.querySelector('.value').textContent}`).join(' ')), seen[1]);
  await teacher.context.close();
  // The address keeps drill=on; the builder writes it.
  assert.equal(new URL(page.url()).searchParams.get('drill'), 'on');
  await page.goto(`${server.url}classroom.html?example=lecture&lang=en`);
  await waitReady(page);
  await page.click('[data-testid="open-builder"]');
  await page.check('[data-testid="builder-random"]');
  assert.equal(new URL(await page.inputValue('[data-testid="builder-link"]')).searchParams.get('drill'), null);
  await page.check('[data-testid="builder-drill"]');
  assert.equal(new URL(await page.inputValue('[data-testid="builder-link"]')).searchParams.get('drill'), 'on');
  await page.click('[data-testid="builder-close"]');
  // A typed tree's drill keeps its shape and labels, each leaf drawn again in its range.
  await page.goto(`${server.url}classroom.html?example=lecture&algorithm=minimax&mode=exercise&drill=on&lang=pt-BR`);
  await waitReady(page);
  const first = await leaves();
  await page.click('[data-testid="check"]');
  assert.equal(await text(page, 'next-tree'), 'Próxima árvore');
  await page.click('[data-testid="next-tree"]');
  await page.waitForFunction((old) => [...document.querySelectorAll('.tree-svg .node.leaf')].map((n) => `${n.dataset.node}:${n.querySelector('.value').textContent}`).join(' ') !== old, first);
  const second = await leaves();
  assert.deepEqual(second.split(' ').map((l) => l.split(':')[0]), first.split(' ').map((l) => l.split(':')[0]), 'the same labels');
  for (const leaf of second.split(' ')) {
    const value = Number(leaf.split(':')[1].replace('\u2212', '-'));
    assert.ok(value >= 1 && value <= 6, `${leaf}: within the lecture tree's range 1…6`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a printed worksheet of a 32-leaf tree: boxes a hand can write "≥ −12" in, none overlapping, on A4 landscape pages', async () => {
  const { page, context, errors } = await open('?exercise=3&shape=5x2&algorithm=alphabeta&ask=values,windows,pruned&lang=en', { width: 1123, height: 794 });
  const questions = await page.evaluate(() => document.querySelectorAll('[data-answer], [data-window-alpha], [data-window-beta], [data-pruned]').length);
  // Answers typed on the screen are written in their boxes on paper.
  await page.fill('[data-answer="a"]', '>= -12');
  await page.fill('[data-window-alpha="b"]', '-inf');
  await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
  await page.emulateMedia({ media: 'print' });
  const MM = 25.4 / 96; // 1 CSS px in mm
  const sheet = await page.evaluate(() => ({
    screenTree: document.querySelector('[data-testid="tree"]').checkVisibility(),
    pages: [...document.querySelectorAll('.worksheet-page')].map((pageBox) =>
      [...pageBox.querySelectorAll('[data-box]')].map((box) => {
        const r = box.getBoundingClientRect();
        return { kind: box.dataset.box, label: box.dataset.for, x: r.x, y: r.y, w: r.width, h: r.height };
      })),
    typed: [...document.querySelectorAll('.worksheet-typed')].map((text) => text.textContent),
  }));
  assert.equal(sheet.screenTree, false, 'the screen\'s tree gives way to the worksheet');
  const boxes = sheet.pages.flat();
  assert.equal(boxes.length, questions, 'one box per question, each on one page only');
  assert.equal(new Set(boxes.map((b) => `${b.kind} ${b.label}`)).size, boxes.length);
  const least = (kind) => boxes.filter((b) => b.kind === kind).reduce((m, b) => ({ w: Math.min(m.w, b.w * MM), h: Math.min(m.h, b.h * MM) }), { w: Infinity, h: Infinity });
  const value = least('value');
  assert.ok(value.w >= 17.95 && value.h >= 8.95, `a number's box is ${value.w.toFixed(1)} × ${value.h.toFixed(1)} mm`);
  for (const kind of ['alpha', 'beta']) {
    const bound = least(kind);
    assert.ok(bound.w >= 11.95 && bound.h >= 7.45, `${kind}'s box is ${bound.w.toFixed(1)} × ${bound.h.toFixed(1)} mm`);
  }
  const pruned = least('pruned');
  assert.ok(pruned.w >= 4.5 && pruned.h >= 4.5);
  // No two boxes of a page overlap, and every box lies within the page's 273 mm.
  for (const pageBoxes of sheet.pages) {
    const left = Math.min(...pageBoxes.map((b) => b.x));
    assert.ok(Math.max(...pageBoxes.map((b) => b.x + b.w)) - left <= 273 / MM, 'within the page');
    for (const [i, a] of pageBoxes.entries()) {
      for (const b of pageBoxes.slice(i + 1)) {
        const apart = a.x + a.w <= b.x + 0.5 || b.x + b.w <= a.x + 0.5 || a.y + a.h <= b.y + 0.5 || b.y + b.h <= a.y + 0.5;
        assert.ok(apart, `${a.kind} ${a.label} overlaps ${b.kind} ${b.label}`);
      }
    }
  }
  assert.ok(sheet.typed.includes('≥ −12') || sheet.typed.includes('≥−12') || sheet.typed.some((t) => /≥\s?−12/.test(t)), sheet.typed.join(' | '));
  assert.ok(sheet.typed.includes('−∞'));
  // The PDF: A4 landscape pages, as many as the worksheet's.
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  const pages = (pdf.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  assert.equal(pages, sheet.pages.length);
  assert.ok(pages >= 2 && pages <= 3, `${pages} pages`);
  for (const [, w, h] of pdf.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)) {
    assert.ok(Math.abs(Number(w) - 841.9) < 2 && Math.abs(Number(h) - 595.3) < 2, `page ${w} × ${h} pt`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
