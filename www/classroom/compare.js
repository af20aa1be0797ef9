// Every applicable algorithm on the same tree or position, side by side: the root value and path
// (the same for all two-player algorithms) and the work each did (leaves evaluated, nodes visited).
// Computed when the table is opened and the source changes, one algorithm per task (on a
// 20,000-node tree each search takes a moment); each lesson is freed at once.

import { t, language, engineText } from './language.js';
import { createLesson } from './lessons.js';
import { minusSigns } from './format.js';

/** One algorithm's row: its result and work, or why it failed.
 * @typedef {{algorithm: string, text?: string, leaves?: number, nodes?: number, error?: string}} ComparisonRow */

/** Promise of [{algorithm, text, leaves, nodes} | {algorithm, error}] for `source`; `pause()` between algorithms.
 * @param {import('./address.js').Source} source
 * @param {string[]} algorithms
 * @param {() => Promise<void>} pause */
export async function compareAlgorithms(source, algorithms, pause) {
  /** @type {ComparisonRow[]} */
  const rows = [];
  for (const algorithm of algorithms) {
    if (rows.length) await pause();
    try {
      const lesson = createLesson(source, algorithm);
      const result = lesson.result;
      lesson.free();
      rows.push({ algorithm, text: minusSigns(result.text), leaves: result.leaves, nodes: result.nodes });
    } catch (error) {
      rows.push({ algorithm, error: /** @type {Error} */ (error).message });
    }
  }
  return rows;
}

/** Fills the comparison table; the row of `current` is marked, the others offer a switch.
 * @param {HTMLTableElement} table
 * @param {ComparisonRow[]} rows
 * @param {string} current
 * @param {(algorithm: string) => void} onUse */
export function renderComparison(table, rows, current, onUse) {
  const head = document.createElement('thead');
  const headRow = document.createElement('tr');
  for (const key of ['compare.algorithm', 'compare.result', 'compare.leaves', 'compare.nodes']) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = t(key);
    headRow.append(th);
  }
  head.append(headRow);
  const body = document.createElement('tbody');
  for (const entry of rows) {
    const tr = document.createElement('tr');
    tr.dataset.algorithm = entry.algorithm;
    const name = document.createElement('th');
    name.scope = 'row';
    if (entry.algorithm === current) {
      tr.classList.add('current');
      tr.setAttribute('aria-current', 'true');
      name.textContent = t(`algorithm.${entry.algorithm}`);
    } else {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'link-button';
      button.textContent = t(`algorithm.${entry.algorithm}`);
      button.title = t('compare.show');
      button.addEventListener('click', () => onUse(entry.algorithm));
      name.append(button);
    }
    tr.append(name);
    if (entry.error) {
      const td = document.createElement('td');
      td.colSpan = 3;
      td.className = 'compare-error';
      td.textContent = t('compare.failed', { message: engineText(entry.error) });
      tr.append(td);
    } else {
      for (const [value, key] of /** @type {[unknown, string][]} */ ([[entry.text, 'result'], [entry.leaves, 'leaves'], [entry.nodes, 'nodes']])) {
        const td = document.createElement('td');
        td.dataset.column = key;
        // Counts with the language's digit grouping, as the counters and the chart write them.
        td.textContent = typeof value === 'number' ? value.toLocaleString(language()) : String(value);
        tr.append(td);
      }
    }
    body.append(tr);
  }
  table.replaceChildren(head, body);
}
