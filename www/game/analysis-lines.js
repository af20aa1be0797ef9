// The live analysis's best lines, one compact row each: a button holding the line's first move,
// its score, how deep it was searched and the rest of its moves on one row (cut with an ellipsis;
// every move in its label and tooltip). A click or Enter on a row previews the line on the board
// from its first move, a click on one of its moves from that move (line-preview.js). Rows are
// updated in place, so that a row keeps the focus while the analysis deepens.

import { t, language } from '../i18n/page.js';
import { closestTarget } from '../common/dom.js';

/**
 * One line as shown: its moves (`pa` for a pass) and its score in words.
 * @typedef {{pv: string[], score: string}} LineRow
 */

/**
 * What every row shares: how deep the step was searched, short ("18@93%", "exact") and in words
 * ("depth 18 @ 93%"); the line previewed and the move shown, if any (the row whose line goes
 * through that move is marked).
 * @typedef {{depth: string, depthWords: string, previewed: {pv: string, step: number} | null}} RowsContext
 */

/** @param {string} move */
const moveName = (move) => (move === 'pa' ? t('move.pass') : move);

/**
 * Draws `rows` into `list` (an `<ol>`), reusing its items.
 * @param {HTMLOListElement} list
 * @param {LineRow[]} rows
 * @param {RowsContext} context
 */
export function renderAnalysisLines(list, rows, context) {
  while (list.children.length > rows.length) /** @type {Element} */ (list.lastElementChild).remove();
  rows.forEach((row, i) => {
    let item = /** @type {HTMLLIElement | undefined} */ (list.children[i]);
    if (!item) {
      item = document.createElement('li');
      item.dataset.testid = 'analysis-line';
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'analysis-line-open';
      item.append(button);
      list.append(item);
    }
    updateRow(item, row, context);
  });
}

/**
 * @param {HTMLLIElement} item
 * @param {LineRow} row
 * @param {RowsContext} context
 */
function updateRow(item, row, { depth, depthWords, previewed }) {
  const button = /** @type {HTMLButtonElement} */ (item.firstElementChild);
  const pv = row.pv.join(' ');
  // The row of the line previewed: its moves to the one shown are the preview's (the analysis
  // may have changed the rest of the line since).
  const shown = previewed?.pv.split(' ').slice(0, previewed.step).join(' ');
  const shownStep = previewed && shown && (pv === shown || pv.startsWith(`${shown} `)) ? previewed.step : 0;
  const signature = `${pv}|${row.score}|${depth}|${depthWords}|${shownStep}|${language()}`;
  if (item.dataset.signature === signature) return;
  item.dataset.signature = signature;
  item.dataset.pv = pv;
  const names = row.pv.map(moveName);
  const label = t('analysis.lineLabel', { score: row.score, depth: depthWords, line: names.join(' ') });
  button.setAttribute('aria-label', label);
  button.title = label;
  button.setAttribute('aria-pressed', String(shownStep > 0));
  /** @param {string} className @param {string} text */
  const span = (className, text) => {
    const element = document.createElement('span');
    element.className = className;
    element.textContent = text;
    return element;
  };
  const first = span('analysis-line-move', names[0] ?? '');
  first.dataset.step = '1';
  const rest = span('analysis-line-moves', '');
  names.slice(1).forEach((name, i) => {
    const move = span('', name);
    move.dataset.step = String(i + 2);
    rest.append(move, ' ');
  });
  const parts = [first, span('analysis-line-score', row.score), ...(depth ? [span('analysis-line-depth', depth)] : []), rest];
  button.replaceChildren(...parts.flatMap((part, i) => (i ? [' ', part] : [part])));
  if (shownStep) button.querySelector(`[data-step="${shownStep}"]`)?.classList.add('shown');
}

/**
 * A click (or Enter, Space) on a row opens its line: from the move clicked, else its first.
 * @param {HTMLOListElement} list
 * @param {(pv: string[], step: number, details: {score: string, opener: HTMLElement}) => void} open
 */
export function attachAnalysisLines(list, open) {
  list.addEventListener('click', (event) => {
    const button = closestTarget(event, 'button.analysis-line-open');
    const pv = button?.parentElement?.dataset.pv;
    if (!button || !pv) return;
    const step = Number(closestTarget(event, '[data-step]')?.dataset.step ?? 1);
    const score = button.querySelector('.analysis-line-score')?.textContent ?? '';
    open(pv.split(' '), step, { score, opener: button });
  });
}
