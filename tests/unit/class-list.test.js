// A class's pasted attempt codes and its CSV (www/classroom/class-list.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCodeList, csvCell, toCsv, sortRows } from '../../www/classroom/class-list.js';

test('a pasted list: codes with or without names, in any layout; blank lines skipped, counted', () => {
  const text = [
    '8000-20P1-JYJS',
    '',
    'Ana Conceição 8000-20p1-jyjs',
    'Bruno Reis: 800020P1JYJS',
    '  João\t8000-20P1-JYJS  ',
    'Maria;8000-20P1-JYJS',
    '8000-20P1-JYJS Carla',
    'hello there',
    '   ',
    'Rui 12345',
  ].join('\r\n');
  assert.deepEqual(parseCodeList(text), [
    { line: 1, name: '', code: '8000-20P1-JYJS' },
    { line: 3, name: 'Ana Conceição', code: '8000-20p1-jyjs' },
    { line: 4, name: 'Bruno Reis', code: '800020P1JYJS' },
    { line: 5, name: 'João', code: '8000-20P1-JYJS' },
    { line: 6, name: 'Maria', code: '8000-20P1-JYJS' },
    { line: 7, name: 'Carla', code: '8000-20P1-JYJS' },
    { line: 8, name: '', code: 'hello there' },
    { line: 10, name: '', code: 'Rui 12345' },
  ]);
  // A student who copied the whole sentence: the code is found in it.
  assert.equal(parseCodeList('Rita — Code for your teacher: 8000-20P1-JYJS (attempt 2, 5/9)')[0].code, '8000-20P1-JYJS');
});

test('CSV: quoted where needed, quotes doubled, formulas defused, CRLF and a byte-order mark', () => {
  assert.equal(csvCell('Ana'), 'Ana');
  assert.equal(csvCell(12), '12');
  assert.equal(csvCell('Reis, Bruno'), '"Reis, Bruno"');
  assert.equal(csvCell('o "Zé"'), '"o ""Zé"""');
  assert.equal(csvCell('two\nlines'), '"two\nlines"');
  assert.equal(csvCell('=HYPERLINK("x")'), '"\'=HYPERLINK(""x"")"');
  assert.equal(csvCell('-3'), "'-3");
  assert.equal(csvCell(-3), '-3');
  assert.equal(toCsv([['a', 'b'], ['Conceição', 1]]), '\uFEFFa,b\r\nConceição,1\r\n');
});

test('rows sorted by a column, stably, empty cells last, names in the page\'s language', () => {
  const rows = [
    { n: 'Óscar', s: 3 },
    { n: '', s: 9 },
    { n: 'ana', s: 3 },
    { n: 'Bruno', s: null },
    { n: 'Álvaro', s: 10 },
  ];
  assert.deepEqual(sortRows(rows, (r) => r.n, 1, 'pt-PT').map((r) => r.n), ['Álvaro', 'ana', 'Bruno', 'Óscar', '']);
  assert.deepEqual(sortRows(rows, (r) => r.s, -1, 'en').map((r) => r.n), ['Álvaro', '', 'Óscar', 'ana', 'Bruno']);
  assert.deepEqual(sortRows(rows, (r) => r.s, 1, 'en').map((r) => r.n), ['Óscar', 'ana', '', 'Álvaro', 'Bruno']);
});
