// Exercises a teacher hands out: the answer sheet on the tree (every leaf's value drawn
// in every kind of exercise, nothing of the solution on the page before it is asked for), each
// field judged alone with bounds right only with their sign, a score out of all the questions, the
// builder's link and QR code reproducing the exercise, a variant per student stable for the same
// student, attempt codes a teacher checks, trees too large refused, and a printed worksheet.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServerAndBrowser, openPage, waitReady, text, artifacts, openClassroom } from './helpers.js';

const { server, browser } = await startServerAndBrowser();
const V = { width: 1024, height: 768 };

const open = (query, viewport = V) => openClassroom(browser, server, query, viewport);

/** The engine's verdicts of an exercise with no answers: what each field expects. */
function expected(page, spec) {
  return page.evaluate(async (spec) => {
    const { checkExercise } = await import('/www/pkg/classroom/reversi.js');
    return checkExercise(spec, {}).verdicts.map((v) => ({ item: v.item, field: v.field, label: v.label, expected: v.expected }));
  }, spec);
}

/** Each leaf of the tree on show: its label, the value drawn, and whether its box is on the screen. */
function leavesDrawn(page) {
  return page.$$eval('.tree-svg .node.leaf', (nodes) =>
    nodes.map((node) => {
      const box = node.querySelector('.box').getBoundingClientRect();
      const tree = document.querySelector('[data-testid="tree"]').getBoundingClientRect();
      return {
        label: node.dataset.node,
        value: node.querySelector('.value')?.textContent ?? '',
        onScreen: box.top >= tree.top - 1 && box.bottom <= Math.min(tree.bottom, innerHeight) + 1,
      };
    }),
  );
}

/** The leaves of a tree text and their values, as the page writes them (true minus signs). */
function leavesOf(page, text) {
  return page.evaluate(async (text) => {
    const { Lesson } = await import('/www/pkg/classroom/reversi.js');
    const lesson = Lesson.tree(text, text.includes(',') ? 'maxn' : 'minimax');
    const leaves = lesson.nodes().filter((n) => n.leaf).map((n) => [n.label, Array.isArray(n.staticValue) ? `(${n.staticValue.join(', ')})` : String(n.staticValue)]);
    lesson.free();
    return Object.fromEntries(leaves.map(([label, value]) => [label, value.replace(/-/g, '\u2212')]));
  }, text);
}

test('every kind of exercise draws every leaf\'s value on the tree, at 1024×768 with the leaf row on the screen', async () => {
  const { page, context, errors } = await open('?example=lecture&lang=en');
  const trees = {
    lecture: 'max a(b(d(h:1 i:4) e(j:5 l:6)) c(f(m:2 n:1) g(o:1 p:1)))',
    pruning: 'min (x(12 7 18) y(25 A:3 B:40))',
    maxn: '((((1,2,6) (4,2,3)) ((6,1,2) (7,4,1))) (((5,1,1) (1,5,2)) ((7,7,1) (5,4,5))))',
  };
  const cases = [
    ['?example=lecture&algorithm=minimax&mode=exercise', trees.lecture],
    ['?example=lecture&algorithm=negamax&mode=exercise', trees.lecture],
    ['?example=pruning&algorithm=alphabeta&mode=exercise', trees.pruning],
    ['?example=pruning&algorithm=alphabeta-negamax&mode=exercise', trees.pruning],
    ['?example=maxn&algorithm=maxn&mode=exercise', trees.maxn],
    [`?tree=${encodeURIComponent('max r(p(u:3 v:-5) q(w:2 z:9))')}&algorithm=pvs&mode=exercise`, 'max r(p(u:3 v:-5) q(w:2 z:9))'],
    ['?exercise=7&shape=3x2&algorithm=alphabeta-ordered', null],
    ['?exercise=7&shape=2x4&algorithm=minimax', null],
  ];
  for (const [query, treeText] of cases) {
    await page.goto(`${server.url}classroom.html${query}&lang=en`);
    await waitReady(page);
    const text = treeText ?? (await page.inputValue('[data-testid="tree-text"]'));
    const want = await leavesOf(page, text);
    const drawn = await leavesDrawn(page);
    assert.deepEqual(Object.fromEntries(drawn.map((l) => [l.label, l.value])), want, query);
    assert.deepEqual(drawn.filter((l) => !l.onScreen).map((l) => l.label), [], `${query}: leaves off the screen`);
    // Every inner node has its field on its box; no field for a leaf.
    const fields = await page.$$eval('[data-answer]', (inputs) => inputs.map((i) => i.dataset.answer));
    const inner = await page.$$eval('.tree-svg .node:not(.leaf)', (nodes) => nodes.map((n) => n.dataset.node));
    assert.deepEqual(fields.sort(), inner.sort(), query);
  }
  await page.screenshot({ path: path.join(artifacts, 'classroom-exercise-maxn-1024x768.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('nothing of the solution is on the page, in its text or its labels, until "Show the solution"; the button can be switched off', async () => {
  const { page, context, errors } = await open('?example=pruning&algorithm=alphabeta&mode=exercise&lang=en');
  const solution = await expected(page, { kind: 'example', name: 'pruning', algorithm: 'alphabeta', ask: 'default' });
  /** Every text a person or a screen reader gets. */
  // (The legend names the drawing's marks, "pruned" among them: it says nothing of this tree.)
  const shown = () => page.evaluate(() => [document.body.innerText.replace(document.querySelector('#legend').innerText, ''), ...[...document.querySelectorAll('[aria-label], [aria-description], [title]')].flatMap((e) => [e.getAttribute('aria-label'), e.getAttribute('aria-description'), e.getAttribute('title')])].filter(Boolean).join('\n'));
  const leaks = (all) => [
    ...(all.includes('≥ 25') ? ['y is ≥ 25'] : []),
    ...(/\[x, n4\]/.test(all) ? ['the path'] : []),
    ...(/Search finished|Result\s+18|returns|best so far/.test(all) ? ['the search'] : []),
    ...(/\b(pruned|never evaluated|not visited|lower bound)\b/i.test(all.replace(/never evaluated \(pruned\)/g, '').replace(/never evaluated\./g, '').replace(/ for a node never visited/g, '')) ? ['a cut'] : []),
  ];
  assert.ok(solution.some((v) => v.expected === '≥ 25'));
  assert.deepEqual(leaks(await shown()), [], 'before anything');
  // The replay does not move, and the step counter and the result say nothing.
  await page.keyboard.press('End');
  assert.equal(await text(page, 'tree-result'), '');
  assert.equal(await page.isVisible('[data-testid="step-counter"]'), false);
  // Check on a blank sheet: every field wrong (an unticked ✂ is no answer yet), nothing given away.
  await page.click('[data-testid="check"]');
  assert.equal(await text(page, 'exercise-score'), `0/${solution.length}`);
  assert.deepEqual(leaks(await shown()), [], 'after checking a blank sheet');
  assert.match(await text(page, 'exercise-feedback'), /no answer for n1/);
  // Asked for by name: now the solution, and the feedback explains each answer.
  await page.click('[data-testid="show-solution"]');
  await page.keyboard.press('End');
  assert.equal(await text(page, 'tree-result'), '18 [x, n4]');
  assert.match(await text(page, 'exercise-feedback'), /y is MAX: after 25, 25 ≥ β = 18 cuts A and B, so y is ≥ 25/);
  // A teacher's link without the button.
  await page.goto(`${server.url}classroom.html?example=pruning&algorithm=alphabeta&mode=exercise&solution=off&lang=pt-PT`);
  await waitReady(page);
  assert.equal(await page.locator('[data-testid="show-solution"]').count(), 0);
  assert.equal(await text(page, 'check'), 'Verificar');
  assert.deepEqual(errors, []);
  await context.close();
});

test('each field is judged alone, a bound only with its sign, the score out of every question, ✓ and ✗ said to screen readers (en, pt-BR, pt-PT)', async () => {
  for (const [lang, hint] of [['en', /y: the right number, but not y's exact value/], ['pt-BR', /y: o número certo, mas não o valor exato de y/], ['pt-PT', /y: o número certo, mas não o valor exato de y/]]) {
    const { page, context, errors } = await open(`?example=pruning&algorithm=alphabeta&mode=exercise&lang=${lang}`);
    const score = async () => (await text(page, 'exercise-score')).split('/').map(Number);
    await page.fill('[data-answer="y"]', '25');
    await page.click('[data-testid="check"]');
    const [, total] = await score();
    assert.equal(await page.getAttribute('[data-answer="y"]', 'data-verdict'), 'wrong', `${lang}: 25 is not ≥ 25`);
    assert.equal(await page.getAttribute('[data-answer="y"]', 'aria-invalid'), 'true');
    assert.match(await page.$eval('[data-answer="y"]', (input) => input.parentElement.querySelector('.exercise-why').textContent), hint);
    for (const [answer, right] of [['≤ 25', false], ['>= 25', true], ['≥ 25', true]]) {
      await page.fill('[data-answer="y"]', answer);
      await page.click('[data-testid="check"]');
      assert.equal(await page.getAttribute('[data-answer="y"]', 'data-verdict'), right ? 'right' : 'wrong', `${lang} ${answer}`);
      assert.equal((await score())[1], total, 'the same denominator whatever is filled');
    }
    assert.equal(await page.$eval('[data-answer="y"]', (input) => input.parentElement.querySelector('.sheet-mark').textContent), '✓');
    // A window: the right α stays right when only β is wrong.
    await page.fill('[data-window-alpha="y"]', '-inf');
    await page.fill('[data-window-beta="y"]', '17');
    await page.click('[data-testid="check"]');
    assert.equal(await page.getAttribute('[data-window-alpha="y"]', 'data-verdict'), 'right');
    assert.equal(await page.getAttribute('[data-window-beta="y"]', 'data-verdict'), 'wrong');
    // Everything right: all correct, and the attempt code.
    const answers = { n1: '18', x: '18' };
    for (const [label, value] of Object.entries(answers)) await page.fill(`[data-answer="${label}"]`, value);
    await page.fill('[data-window-beta="y"]', '18');
    await page.check('[data-pruned="A"]');
    await page.check('[data-pruned="B"]');
    await page.click('[data-testid="check"]');
    assert.deepEqual(await score(), [total, total]);
    assert.match(await text(page, 'attempt'), /^\S.*\b[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\b/);
    if (lang === 'en') await page.screenshot({ path: path.join(artifacts, 'classroom-exercise-checked-1024x768.png') });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the builder\'s link and QR code open exactly the exercise built; each student gets a tree of their own, the same every time; the teacher checks the attempt codes', async () => {
  const { page, context, errors } = await open('?example=lecture&lang=en');
  await page.click('[data-testid="open-builder"]');
  await page.check('[data-testid="builder-random"]');
  await page.selectOption('[data-testid="builder-shape"]', '3x2');
  await page.fill('[data-testid="builder-seed"]', '42');
  await page.selectOption('[data-testid="builder-algorithm"]', 'alphabeta-negamax');
  await page.check('[data-testid="builder-ask-path"]');
  await page.check('[data-testid="builder-ask-leaves"]');
  await page.uncheck('[data-testid="builder-solution"]');
  await page.check('[data-testid="builder-students"]');
  await page.fill('[data-testid="builder-key"]', 'K7Q2');
  const link = await page.inputValue('[data-testid="builder-link"]');
  const params = new URL(link).searchParams;
  assert.deepEqual(
    Object.fromEntries(['exercise', 'shape', 'algorithm', 'ask', 'solution', 'students', 'key'].map((k) => [k, params.get(k)])),
    { exercise: '42', shape: '3x2', algorithm: 'alphabeta-negamax', ask: 'values,window,pruned,path,leaves', solution: 'off', students: 'on', key: 'K7Q2' },
  );
  // The QR code the page draws holds the link: its modules are the encoder's for that text.
  const qr = await page.evaluate(async (link) => {
    const { encodeQr } = await import('/www/classroom/qr.js');
    const svg = document.querySelector('[data-testid="builder-qr"] svg');
    const size = Number(svg.dataset.size);
    const drawn = Array.from({ length: size }, () => new Array(size).fill(false));
    for (const [, x, y] of svg.querySelector('path').getAttribute('d').matchAll(/M(\d+) (\d+)/g)) drawn[y - 4][x - 4] = true;
    const code = encodeQr(link);
    return { same: JSON.stringify(drawn) === JSON.stringify(code.modules), version: code.version, size, label: svg.getAttribute('aria-label') };
  }, link);
  assert.ok(qr.same, JSON.stringify(qr));
  assert.ok(qr.version >= 5 && qr.size === qr.version * 4 + 17);
  await page.click('[data-testid="builder-qr-large"]');
  const large = await page.$eval('[data-testid="builder-qr"] svg', (svg) => svg.getBoundingClientRect().width);
  assert.ok(large >= 600, `the projected code is ${large} px wide`);
  await page.screenshot({ path: path.join(artifacts, 'classroom-builder-qr-large-1024x768.png') });
  await page.click('[data-testid="builder-qr-large"]');
  await page.screenshot({ path: path.join(artifacts, 'classroom-builder-1024x768.png') });

  // A student opens the link: a name first, then their own tree.
  const student = await openPage(browser, V);
  const sheetOf = async (name) => {
    await student.page.goto(link);
    await waitReady(student.page);
    assert.equal(await student.page.isVisible('[data-testid="tree"]'), false, 'no tree before the name');
    await student.page.fill('[data-testid="student-name"]', name);
    await student.page.click('[data-testid="student-start"]');
    await student.page.waitForSelector('[data-answer]');
    return JSON.stringify(await leavesDrawn(student.page));
  };
  const ana = await sheetOf('Ana Conceição');
  assert.equal(await sheetOf('  ana   conceicao '), ana, 'the same student, the same tree');
  assert.notEqual(await sheetOf('Bruno Reis'), ana, 'another student, another tree');
  await sheetOf('Ana Conceição');
  // The questions asked are the builder's: values, window, pruned, path, leaves; no solution button.
  assert.equal(await student.page.locator('[data-testid="show-solution"]').count(), 0);
  assert.equal(await student.page.locator('[data-answer-path]').count(), 1);
  assert.equal(await student.page.locator('[data-answer-leaves]').count(), 1);
  await student.page.fill('[data-answer="a"]', '3');
  await student.page.click('[data-testid="check"]');
  const code = await text(student.page, 'attempt-code');
  const [right, total] = (await text(student.page, 'exercise-score')).split('/').map(Number);
  await student.page.screenshot({ path: path.join(artifacts, 'classroom-exercise-student-1024x768.png') });
  await student.context.close();

  // The teacher checks the code: valid, Ana's tree, the score; a changed symbol is refused.
  await page.fill('[data-testid="builder-code"]', code);
  await page.fill('[data-testid="builder-student"]', 'Ana Conceição');
  await page.click('[data-testid="builder-check"]');
  const verdict = await text(page, 'builder-check-result');
  assert.match(verdict, new RegExp(`^A code of this exercise: ${right}/${total}, attempt 1\\. It is Ana Conceição’s tree \\(variant \\d+\\)\\.$`));
  await page.fill('[data-testid="builder-student"]', 'Bruno Reis');
  await page.click('[data-testid="builder-check"]');
  assert.match(await text(page, 'builder-check-result'), /It is not Bruno Reis’s tree/);
  const changed = code.slice(0, 5) + (code[5] === 'A' ? 'B' : 'A') + code.slice(6);
  await page.fill('[data-testid="builder-code"]', changed);
  await page.click('[data-testid="builder-check"]');
  assert.match(await text(page, 'builder-check-result'), /^Not a valid code: the checksum does not match/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('exercises only on trees a student can do, said so; a printed exercise is a worksheet with the tree and blank boxes', async () => {
  const big = `max r(${Array.from({ length: 40 }, (_, i) => i).join(' ')})`;
  const { page, context, errors } = await open(`?tree=${encodeURIComponent(big)}&algorithm=alphabeta&mode=exercise&lang=en`);
  assert.match(await page.textContent('[data-testid="exercise"]'), /No exercise on this tree: this tree is too large for an exercise: 41 nodes and 40 leaves/);
  assert.equal(await page.locator('[data-pruned]').count(), 0);
  // The shapes offered are those of at most 32 leaves.
  await page.click('[data-testid="open-builder"]');
  const shapes = await page.$$eval('[data-testid="builder-shape"] option', (options) => options.map((o) => o.value));
  assert.deepEqual(shapes, ['2x2', '2x3', '2x4', '3x2', '3x3', '4x2', '5x2']);
  // Print: the worksheet (a page per part of the tree: a 27-leaf tree with every window takes
  // two), its boxes and the name line, no buttons, no replay.
  await page.goto(`${server.url}classroom.html?exercise=3&shape=3x3&algorithm=alphabeta&ask=values,windows,pruned,path&lang=pt-BR`);
  await waitReady(page);
  await page.emulateMedia({ media: 'print' });
  const printed = await page.evaluate(() => ({
    buttons: [...document.querySelectorAll('button')].filter((b) => b.checkVisibility()).length,
    fields: [...document.querySelectorAll('[data-answer], [data-pruned], [data-window-alpha]')].filter((f) => f.checkVisibility()).length,
    boxes: [...document.querySelectorAll('.worksheet [data-box]')].filter((f) => f.checkVisibility()).length,
    pages: Number(document.querySelector('.worksheet').dataset.pages),
    name: document.querySelector('.exercise-name-line')?.checkVisibility(),
  }));
  assert.equal(printed.buttons, 0);
  assert.equal(printed.fields, 0, 'the screen\'s fields give way to the worksheet\'s boxes');
  assert.equal(printed.boxes, 13 + 2 * 12 + 27, JSON.stringify(printed));
  assert.equal(printed.name, true);
  await page.screenshot({ path: path.join(artifacts, 'classroom-exercise-print.png'), fullPage: true });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  assert.equal(pages, printed.pages, `${pages} pages`);
  assert.equal(pages, 2);
  assert.deepEqual(errors, []);
  await context.close();
});
