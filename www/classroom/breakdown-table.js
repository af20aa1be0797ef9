// The seed-004 evaluation of one position, term by term (raw value × weight = points), as a table.
// Used for a clicked Othello leaf and by the heuristic lab.

import { t } from './language.js';
import { formatNumber } from './format.js';

/** @typedef {import('../pkg/classroom/reversi.js').CourseBreakdown} CourseBreakdown */

/** Engine names its terms and phases in English; the page says them in the chosen language.
 * @param {{term: string, label: string}} term
 * @param {boolean} [short] */
function termName(term, short = false) {
  try {
    return t(`${short ? 'termShort' : 'term'}.${term.term}`);
  } catch {
    return term.label;
  }
}

/**
 * Fills `table` (with a <caption>, <tbody> and <tfoot> made here) from a breakdown report
 * `{phase, discs, total, terms: [{term, label, raw, weight, contribution}]}`. `short`: the terms'
 * short names (a narrow column), the long ones as their titles.
 * @param {HTMLTableElement} table
 * @param {CourseBreakdown} report
 * @param {{short?: boolean}} [options]
 */
export function renderBreakdown(table, report, { short = false } = {}) {
  const caption = document.createElement('caption');
  caption.textContent = t('breakdown.phase', { phase: t(`phase.${report.phase}`), discs: report.discs });
  const head = document.createElement('thead');
  head.append(row(['breakdown.term', 'breakdown.raw', 'breakdown.weight', 'breakdown.points'].map((key) => cell('th', t(key), 'col'))));
  const body = document.createElement('tbody');
  for (const term of report.terms) {
    const name = cell('th', termName(term, short), 'row');
    if (short) name.title = termName(term);
    body.append(row([name, cell('td', formatNumber(term.raw)), cell('td', formatNumber(term.weight)), cell('td', formatNumber(term.contribution))]));
  }
  const foot = document.createElement('tfoot');
  const total = cell('th', t('breakdown.total'), 'row');
  total.colSpan = 3;
  foot.append(row([total, cell('td', formatNumber(report.total))]));
  table.replaceChildren(caption, head, body, foot);
}

/** @param {'th' | 'td'} tag
 * @param {string | number} text
 * @param {string} [scope] */
function cell(tag, text, scope) {
  const element = /** @type {HTMLTableCellElement} */ (document.createElement(tag));
  element.textContent = String(text);
  if (scope) element.scope = scope;
  return element;
}

/** @param {HTMLElement[]} cells */
function row(cells) {
  const tr = document.createElement('tr');
  tr.append(...cells);
  return tr;
}
