// The seed-004 evaluation of one position, term by term (raw value × weight = points), as a table.
// Used for a clicked Othello leaf and by the heuristic lab.

import { t } from './i18n.js';

/** Engine names its terms and phases in English; the page says them in the chosen language. */
function termName(term) {
  try {
    return t(`term.${term.term}`);
  } catch {
    return term.label;
  }
}

/**
 * Fills `table` (with a <caption>, <tbody> and <tfoot> made here) from a breakdown report
 * `{phase, discs, total, terms: [{term, label, raw, weight, contribution}]}`.
 */
export function renderBreakdown(table, report) {
  const caption = document.createElement('caption');
  caption.textContent = t('breakdown.phase', { phase: t(`phase.${report.phase}`), discs: report.discs });
  const head = document.createElement('thead');
  head.append(row(['breakdown.term', 'breakdown.raw', 'breakdown.weight', 'breakdown.points'].map((key) => cell('th', t(key), 'col'))));
  const body = document.createElement('tbody');
  for (const term of report.terms) {
    body.append(row([cell('th', termName(term), 'row'), cell('td', term.raw), cell('td', term.weight), cell('td', term.contribution)]));
  }
  const foot = document.createElement('tfoot');
  const total = cell('th', t('breakdown.total'), 'row');
  total.colSpan = 3;
  foot.append(row([total, cell('td', report.total)]));
  table.replaceChildren(caption, head, body, foot);
}

function cell(tag, text, scope) {
  const element = document.createElement(tag);
  element.textContent = String(text);
  if (scope) element.scope = scope;
  return element;
}

function row(cells) {
  const tr = document.createElement('tr');
  tr.append(...cells);
  return tr;
}
