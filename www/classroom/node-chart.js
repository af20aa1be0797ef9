// The node-count chart: every algorithm and option on one tree or position (the engine's
// `nodeCounts`, searched without traces), one row each, bars on a log scale (minimax's hundreds
// of thousands and PVS's hundreds side by side), the count written at the bar's end.

import { t } from './i18n.js';

/** "alphabeta-ordered + iterative + table" in the page's words.
 * @param {string} name */
export function rowName(name) {
  const [algorithm, ...options] = name.split(' + ');
  return [t(`algorithm.${algorithm}`), ...options.map((option) => t(`chart.${option}`))].join(' + ');
}

/** Fills `element` with one row per entry of `rows` (`[{name, nodes, …}]`).
 * @param {HTMLElement} element
 * @param {{name: string, nodes: number}[]} rows
 * @param {string} lang */
export function drawNodeChart(element, rows, lang) {
  const key = `${lang}|${rows.map((row) => `${row.name}:${row.nodes}`).join(',')}`;
  if (element.dataset.key === key) return;
  element.dataset.key = key;
  const largest = Math.max(1, ...rows.map((row) => row.nodes));
  const scale = (/** @type {number} */ n) => Math.log10(n + 1) / Math.log10(largest + 1);
  element.replaceChildren(
    ...rows.map((row) => {
      const line = document.createElement('div');
      line.className = 'chart-row';
      line.dataset.row = row.name;
      line.dataset.nodes = String(row.nodes);
      const name = document.createElement('span');
      name.className = 'chart-name';
      name.textContent = rowName(row.name);
      const track = document.createElement('span');
      track.className = 'chart-track';
      const bar = document.createElement('span');
      bar.className = 'chart-bar';
      bar.style.width = `${(scale(row.nodes) * 100).toFixed(1)}%`;
      const count = document.createElement('span');
      count.className = 'chart-count';
      count.textContent = row.nodes.toLocaleString(lang);
      track.append(bar, count);
      line.append(name, track);
      return line;
    }),
  );
  if (rows.length === 0) element.textContent = t('chart.none');
}
