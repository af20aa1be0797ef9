// A class sheet, in the exercise builder: the teacher pastes every code the students hand in
// (one a line, a name before each if they like) and gets a table, a row per code in the order
// pasted (sortable by any column): the student, the variant, the score, the attempt, and valid
// or why not (one symbol altered or mistyped, made for another exercise or class key, another
// student's tree, unreadable); and the table as a CSV file. Each code is checked by the engine
// against the exercise the builder describes (diagnoseAttemptCode); nothing leaves the page.

import { t, engineText } from './language.js';
import { exerciseText, writeAddress } from './address.js';
import { diagnoseAttemptCode, exerciseQuestions, studentVariant } from '../pkg/classroom/reversi.js';
import { parseCodeList, toCsv, sortRows } from './class-list.js';
import { specOf } from './lessons.js';
import { byId as $, setText } from '../common/dom.js';

/** @typedef {import('./builder.js').Built} Built */

/**
 * A code checked: its line in the list, the name and code as pasted, what it is (`status`), its
 * numbers where they can be trusted (a valid code's; an altered one's variant as it was made),
 * and why it is not valid, in words.
 * @typedef {{line: number, name: string, code: string,
 *   status: 'valid' | 'other-student' | 'altered' | 'other-exercise' | 'unreadable',
 *   variant: number | null, right: number | null, total: number | null, attempt: number | null, why: string}} CheckedCode
 */

/** The table's columns: their key in the catalogues and what they sort by. @type {[string, (row: CheckedCode) => string | number | null][]} */
const COLUMNS = [
  ['line', (row) => row.line],
  ['student', (row) => row.name],
  ['code', (row) => row.code],
  ['variant', (row) => row.variant],
  ['score', (row) => (row.right === null || !row.total ? null : row.right / row.total)],
  ['attempt', (row) => row.attempt],
  ['verdict', (row) => (row.status === 'valid' ? 0 : 1)],
];

/**
 * Checks every code of a pasted list against an exercise.
 * @param {string} text the list
 * @param {Built} exercise
 * @returns {CheckedCode[]}
 */
export function checkClass(text, exercise) {
  const key = exerciseText(exercise.source, exercise.algorithm, exercise.settings);
  const questions = exerciseQuestions({ ...specOf(exercise.source, exercise.algorithm), ask: exercise.settings.ask || 'default' }).length;
  // A drill's trees are drawn at random: the variant says nothing of the student.
  const byName = exercise.settings.students && !exercise.settings.drill;
  const before = t('sheet.codeBefore').replace(/[:\s]+$/, '');
  return parseCodeList(text).map(({ line, name: typed, code }) => {
    // A student who copied the page's whole sentence: its words are not their name.
    const name = typed.replace(before, '').replace(/^[\s:;,|–—-]+|[\s:;,|–—-]+$/g, '');
    const d = diagnoseAttemptCode(key, code);
    /** @type {CheckedCode} */
    const row = { line, name, code, status: 'valid', variant: null, right: null, total: null, attempt: null, why: '' };
    if (d.status === 'unreadable') {
      return { ...row, status: 'unreadable', why: t('classSheet.unreadable', { message: engineText(d.message) }) };
    }
    if (d.status === 'other') {
      const why = d.total === questions ? t('classSheet.otherExercise') : t('classSheet.otherExerciseTotal', { total: d.total, questions });
      return { ...row, status: 'other-exercise', why };
    }
    if (d.status === 'altered') {
      const { original } = d;
      return { ...row, status: 'altered', variant: original.variant, why: t('classSheet.altered', { position: d.position, ...original }) };
    }
    const numbers = { variant: d.variant, right: d.right, total: d.total, attempt: d.attempt };
    if (byName && name) {
      let expected = null;
      try {
        expected = studentVariant(name);
      } catch {
        // A name of no letter or digit: nothing to compare.
      }
      if (expected !== null && expected !== d.variant) {
        return { ...row, ...numbers, status: 'other-student', why: t('classSheet.otherStudent', { student: name, variant: expected }) };
      }
    }
    return { ...row, ...numbers };
  });
}

/**
 * The class sheet of the builder: its text box, buttons, summary and table.
 * @param {{exercise: () => Built | {error: string}, language: () => string}} context the
 *   exercise the builder describes (or why there is none), the page's language
 */
export function createClassSheet({ exercise, language }) {
  /** @type {CheckedCode[]} */
  let rows = [];
  /** The column sorted by and its direction; null: the order pasted. @type {{column: number, direction: 1 | -1} | null} */
  let sorted = null;
  /** The exercise the rows were checked against. @type {Built | null} */
  let checkedFor = null;

  const area = $('builder-class-codes', HTMLTextAreaElement);
  // Typing codes changes nothing of the exercise: the builder's link and QR code stay as they are.
  area.addEventListener('input', (event) => event.stopPropagation());

  function check() {
    const built = exercise();
    if ('error' in built) return;
    checkedFor = built;
    rows = checkClass(area.value, built);
    sorted = null;
    draw();
  }

  function draw() {
    const table = $('builder-class-table', HTMLTableElement);
    $('builder-class-csv', HTMLButtonElement).disabled = rows.length === 0;
    const valid = rows.filter((row) => row.status === 'valid').length;
    setText($('builder-class-summary'), rows.length ? t('classSheet.summary', { n: rows.length, valid, invalid: rows.length - valid }) : '');
    if (!rows.length) {
      table.replaceChildren();
      return;
    }
    const head = document.createElement('tr');
    COLUMNS.forEach(([key], column) => {
      const th = document.createElement('th');
      th.scope = 'col';
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = t(`classSheet.${key}`);
      button.addEventListener('click', () => {
        sorted = sorted?.column === column ? { column, direction: sorted.direction === 1 ? -1 : 1 } : { column, direction: 1 };
        draw();
      });
      th.append(button);
      if (sorted?.column === column) th.setAttribute('aria-sort', sorted.direction === 1 ? 'ascending' : 'descending');
      head.append(th);
    });
    const shown = sorted ? sortRows(rows, COLUMNS[sorted.column][1], sorted.direction, language()) : rows;
    const body = shown.map((row) => {
      const tr = document.createElement('tr');
      tr.dataset.status = row.status;
      tr.dataset.line = String(row.line);
      const score = row.right === null ? '' : `${row.right}/${row.total}`;
      for (const text of [String(row.line), row.name, row.code]) tr.append(cell(text));
      tr.append(variantCell(row), cell(score), cell(row.attempt === null ? '' : String(row.attempt)));
      const verdict = cell(row.status === 'valid' ? `✓ ${t('classSheet.valid')}` : `✗ ${row.why}`);
      verdict.className = 'class-verdict';
      tr.append(verdict);
      return tr;
    });
    const thead = document.createElement('thead');
    thead.append(head);
    const tbody = document.createElement('tbody');
    tbody.append(...body);
    table.replaceChildren(thead, tbody);
  }

  /** @param {string} text */
  function cell(text) {
    const td = document.createElement('td');
    td.textContent = text;
    return td;
  }

  /** A variant, with the link that opens that student's tree. @param {CheckedCode} row */
  function variantCell(row) {
    const td = cell('');
    if (row.variant === null) return td;
    if (!row.variant || !checkedFor) {
      td.textContent = String(row.variant);
      return td;
    }
    const link = document.createElement('a');
    link.textContent = String(row.variant);
    link.target = '_blank';
    link.rel = 'noopener';
    link.title = t('builder.openVariant');
    const { source, algorithm, settings } = checkedFor;
    link.href = `${location.origin}${location.pathname}${writeAddress(source, algorithm, language(), 'exercise', { ...settings, variant: row.variant })}`;
    td.append(link);
    return td;
  }

  /** The table as a CSV file, in the order shown, the score's two numbers in columns of their own. */
  function download() {
    const shown = sorted ? sortRows(rows, COLUMNS[sorted.column][1], sorted.direction, language()) : rows;
    const header = ['line', 'student', 'code', 'variant', 'right', 'total', 'attempt', 'validColumn', 'why'].map((key) => t(`classSheet.${key}`));
    const lines = shown.map((row) => [
      row.line,
      row.name,
      row.code,
      row.variant ?? '',
      row.right ?? '',
      row.total ?? '',
      row.attempt ?? '',
      t(row.status === 'valid' ? 'classSheet.yes' : 'classSheet.no'),
      row.why,
    ]);
    const blob = new Blob([toCsv([header, ...lines])], { type: 'text/csv;charset=utf-8' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = t('classSheet.file');
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  }

  $('builder-class-check').addEventListener('click', check);
  // Closed, the table goes (the builder may open on another exercise); the list stays.
  $('builder').addEventListener('close', () => {
    rows = [];
    checkedFor = null;
    draw();
  });
  $('builder-class-csv').addEventListener('click', download);

  return {
    /** The language changed: the table's words. */
    redraw() {
      if (checkedFor) check();
    },
  };
}
