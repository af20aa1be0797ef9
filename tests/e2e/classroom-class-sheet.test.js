// The class sheet of the exercise builder: a whole class's codes pasted at once (names or not,
// blank lines, junk), each classified (valid, altered in one symbol, made for another exercise,
// another student's tree, unreadable) in a table sortable by its columns, and the table as a
// CSV file (a header, quoted as RFC 4180 asks, UTF-8).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { startServerAndBrowser, openPage, waitReady, text, artifacts } from './helpers.js';

const { server, browser } = await startServerAndBrowser();

/** A CSV file's rows (RFC 4180: quoted cells, doubled quotes, CRLF). */
function parseCsv(csv) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && csv[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

test('40 codes pasted: each classified right in a sortable table, and the table as a CSV file', async () => {
  const { page, context, errors } = await openPage(browser, { width: 1024, height: 768 }, { acceptDownloads: true });
  await page.goto(`${server.url}classroom.html?example=lecture&lang=en`);
  await waitReady(page);
  await page.click('[data-testid="open-builder"]');
  await page.check('[data-testid="builder-random"]');
  await page.selectOption('[data-testid="builder-shape"]', '3x2');
  await page.fill('[data-testid="builder-seed"]', '77');
  await page.selectOption('[data-testid="builder-algorithm"]', 'alphabeta');
  await page.check('[data-testid="builder-students"]');
  await page.fill('[data-testid="builder-key"]', 'CLASS7');
  const link = await page.inputValue('[data-testid="builder-link"]');

  // One student does the exercise for real; the others' codes are made as their pages make them.
  const student = await openPage(browser, { width: 390, height: 844 });
  await student.page.goto(link);
  await waitReady(student.page);
  await student.page.fill('[data-testid="student-name"]', 'Zoë Real');
  await student.page.click('[data-testid="student-start"]');
  await student.page.waitForSelector('[data-answer]');
  await student.page.fill('[data-answer="a"]', '3');
  await student.page.click('[data-testid="check"]');
  const realCode = await text(student.page, 'attempt-code');
  const [realRight, total] = (await text(student.page, 'exercise-score')).split('/').map(Number);
  await student.context.close();

  const made = await page.evaluate(async ({ link, total }) => {
    const { attemptCode, studentVariant } = await import('/www/pkg/classroom/reversi.js');
    const { exerciseText, readAddress } = await import('/www/classroom/address.js');
    const address = readAddress(new URL(link).search);
    const source = { kind: 'tree', text: null, exercise: address.source.exercise };
    const here = exerciseText(source, address.algorithm, address.exercise);
    const other = exerciseText({ ...source, exercise: { seed: '78', shape: '3x2' } }, address.algorithm, address.exercise);
    const lastYear = exerciseText(source, address.algorithm, { ...address.exercise, key: 'OLD2025' });
    const code = (name, right, attempt, exercise = here) => attemptCode(exercise, { variant: studentVariant(name), right, total, attempt });
    const names = Array.from({ length: 30 }, (_, i) => `Student ${String(i + 1).padStart(2, '0')}`);
    return {
      valid: names.map((name, i) => ({ name, code: code(name, i % (total + 1), 1 + (i % 3)), right: i % (total + 1), attempt: 1 + (i % 3), variant: studentVariant(name) })),
      forged: code('Rui Forja', 2, 1),
      otherExercise: code('Ana Outra', 5, 1, other),
      otherKey: code('Leo Antigo', 6, 1, lastYear),
      otherStudent: code('Bia Certa', 7, 1),
      comma: code('Reis, Bruno "Bru"', 4, 2),
      variantOf: Object.fromEntries(['Bia Certa', 'Carlos Troca'].map((n) => [n, studentVariant(n)])),
    };
  }, { link, total });
  // Altered by hand: the score's symbol changed (2/N made into another score), the checksum kept.
  const forgedTo = made.forged.slice(0, 5) + (made.forged[5] === 'Z' ? 'Y' : 'Z') + made.forged.slice(6);
  const lines = [
    ...made.valid.slice(0, 10).map((v) => `${v.name}\t${v.code}`),
    '',
    `Zoë Real: ${realCode}`,
    ...made.valid.slice(10, 20).map((v) => `${v.name} ${v.code.toLowerCase()}`),
    `Rui Forja ${forgedTo}`,
    `Ana Outra; ${made.otherExercise}`,
    `Carlos Troca ${made.otherStudent}`,
    '   ',
    'hello, this is not a code',
    'Dani XXXX-YYY',
    `Reis, Bruno "Bru" ${made.comma}`,
    `Leo Antigo - ${made.otherKey}`,
    'Eva 12345',
    ...made.valid.slice(20).map((v) => v.code.replace(/-/g, '')),
    'O0O0-IIII-LLLL',
  ];
  await page.fill('[data-testid="builder-class-codes"]', lines.join('\n'));
  // Typing codes does not touch the exercise's link.
  assert.equal(await page.inputValue('[data-testid="builder-link"]'), link);
  await page.click('[data-testid="builder-class-check"]');
  const rows = () => page.$$eval('[data-testid="builder-class-table"] tbody tr', (trs) =>
    trs.map((tr) => ({ line: Number(tr.dataset.line), status: tr.dataset.status, cells: [...tr.cells].map((td) => td.textContent) })));
  const table = await rows();
  assert.equal(table.length, 40, 'every line but the blank ones');
  assert.match(await text(page, 'builder-class-summary'), /^Codes checked: 40\. Valid: 32\. Not valid: 8\.$/);
  const byLine = new Map(table.map((r) => [r.line, r]));
  const at = (content) => lines.indexOf(content) + 1;
  // The valid ones: the student's name, variant, score and attempt as made.
  for (const [i, v] of made.valid.entries()) {
    const line = i < 10 ? i + 1 : i < 20 ? i + 3 : at(v.code.replace(/-/g, ''));
    const row = byLine.get(line);
    assert.equal(row.status, 'valid', `${v.name}: ${row.cells}`);
    assert.deepEqual(row.cells.slice(1, 7), [i < 20 ? v.name : '', i < 10 ? v.code : i < 20 ? v.code.toLowerCase() : v.code.replace(/-/g, ''), String(v.variant), `${v.right}/${total}`, String(v.attempt), '✓ valid']);
  }
  const real = byLine.get(12);
  assert.deepEqual([real.status, real.cells[1], real.cells[4]], ['valid', 'Zoë Real', `${realRight}/${total}`]);
  assert.equal(byLine.get(at(`Reis, Bruno "Bru" ${made.comma}`)).status, 'valid');
  const expectations = [
    [`Rui Forja ${forgedTo}`, 'altered', /^✗ altered or mistyped: its symbol 5 was changed; the code was made for 2\/\d+, attempt 1$/],
    [`Leo Antigo - ${made.otherKey}`, 'other-exercise', /^✗ made for another exercise or class key$/],
    ['Eva 12345', 'unreadable', /^✗ unreadable: a code has 12 symbols, this one 8$/],
    [`Ana Outra; ${made.otherExercise}`, 'other-exercise', /^✗ made for another exercise or class key$/],
    [`Carlos Troca ${made.otherStudent}`, 'other-student', new RegExp(`^✗ not Carlos Troca’s tree: Carlos Troca has variant ${made.variantOf['Carlos Troca']}$`)],
    ['hello, this is not a code', 'unreadable', /^✗ unreadable: ',' \(character 6\) is not a symbol of a code$/],
    ['Dani XXXX-YYY', 'unreadable', /^✗ unreadable: a code has 12 symbols, this one 11$/],
    ['O0O0-IIII-LLLL', 'unreadable', /^✗ unreadable: this code is of version 0, which this page does not know$/],
  ];
  for (const [content, status, why] of expectations) {
    const row = byLine.get(at(content));
    assert.equal(row.status, status, `${content}: ${row.cells}`);
    assert.match(row.cells[6], why, content);
  }
  // An altered code's score is not believed; an unreadable one has no numbers.
  assert.equal(byLine.get(at(`Rui Forja ${forgedTo}`)).cells[4], '');
  assert.deepEqual(byLine.get(at('hello, this is not a code')).cells.slice(3, 6), ['', '', '']);
  await page.screenshot({ path: path.join(artifacts, 'classroom-class-sheet-1024x768.png') });

  // Sorted by student: names in order, the codes without a name last; again: the other way.
  await page.click('[data-testid="builder-class-table"] th:nth-child(2) button');
  const sorted = (await rows()).map((r) => r.cells[1]);
  const named = sorted.filter(Boolean);
  assert.deepEqual(named, [...named].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
  assert.equal(sorted.indexOf(''), named.length, 'unnamed last');
  assert.equal(await page.getAttribute('[data-testid="builder-class-table"] th:nth-child(2)', 'aria-sort'), 'ascending');
  await page.click('[data-testid="builder-class-table"] th:nth-child(2) button');
  assert.equal((await rows())[0].cells[1], 'Zoë Real');
  // Back to the order pasted: sorted by line.
  await page.click('[data-testid="builder-class-table"] th:nth-child(1) button');
  assert.deepEqual((await rows()).map((r) => r.line), table.map((r) => r.line));

  // The CSV: a header, a row per code in the order shown, UTF-8 with its mark, quoted where needed.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="builder-class-csv"]')]);
  assert.equal(download.suggestedFilename(), 'class-codes.csv');
  const bytes = await readFile(await download.path());
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with its byte-order mark');
  const csvText = bytes.toString('utf8').slice(1);
  assert.ok(csvText.endsWith('\r\n'));
  const csv = parseCsv(csvText);
  assert.deepEqual(csv[0], ['Line', 'Student', 'Code', 'Variant', 'Right', 'Out of', 'Attempt', 'Valid', 'Why not']);
  assert.equal(csv.length, 41);
  assert.ok(csv.every((row) => row.length === 9));
  const csvOf = (content) => csv.find((row) => row[0] === String(at(content)));
  assert.deepEqual(csvOf(`Reis, Bruno "Bru" ${made.comma}`).slice(1, 3), ['Reis, Bruno "Bru"', made.comma]);
  assert.match(csvText, /"Reis, Bruno ""Bru"""/, 'quoted, quotes doubled');
  assert.deepEqual(csvOf(`Zoë Real: ${realCode}`).slice(1, 9), ['Zoë Real', realCode, csvOf(`Zoë Real: ${realCode}`)[3], String(realRight), String(total), '1', 'yes', '']);
  const forgedRow = csvOf(`Rui Forja ${forgedTo}`);
  assert.deepEqual([forgedRow[4], forgedRow[5], forgedRow[7]], ['', '', 'no']);
  assert.match(forgedRow[8], /^altered or mistyped/);
  assert.equal(csv.filter((row) => row[7] === 'yes').length, 32);

  // In Portuguese: the table's words and the file's.
  await page.selectOption('[data-testid="language"]', 'pt-PT');
  assert.match(await text(page, 'builder-class-summary'), /^Códigos verificados: 40\. Válidos: 32\. Inválidos: 8\.$/);
  assert.equal(await page.textContent('[data-testid="builder-class-table"] th:nth-child(2)'), 'Aluno');
  await page.screenshot({ path: path.join(artifacts, 'classroom-class-sheet-pt-PT.png') });
  assert.deepEqual(errors, []);
  await context.close();
});
