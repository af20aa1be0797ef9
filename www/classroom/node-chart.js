// The node-count chart: every algorithm and option on one tree or position (the engine's
// `nodeCounts`, searched without traces), one row each, its count written at the bar's end. Bars
// on a log scale by default (minimax's hundreds of thousands and PVS's hundreds side by side),
// labelled so, with its ticks at the powers of ten; or on a linear scale, bars proportional to the
// counts. Each bar's length is exactly its share of the track: nothing clamps it.

import { t } from './language.js';

/** "alphabeta-ordered + iterative + table" in the page's words.
 * @param {string} name */
export function rowName(name) {
  const [algorithm, ...options] = name.split(' + ');
  return [t(`algorithm.${algorithm}`), ...options.map((option) => t(`chart.${option}`))].join(' + ');
}

/** Where a count lies on the scale, from 0 to 1 (the largest count is 1).
 * @param {'log' | 'linear'} scale
 * @param {number} n
 * @param {number} largest */
export function position(scale, n, largest) {
  if (scale === 'linear') return n / largest;
  return Math.log10(n + 1) / Math.log10(largest + 1);
}

/** The ticks of the axis: the powers of ten up to the largest count (log), or four steps of a round size (linear).
 * @param {'log' | 'linear'} scale
 * @param {number} largest */
function ticks(scale, largest) {
  const out = [];
  if (scale === 'log') {
    for (let n = 1; n <= largest; n *= 10) out.push(n);
    return out;
  }
  const rough = largest / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((k) => k * power).find((s) => s >= rough) ?? rough;
  for (let n = 0; n <= largest + 1e-9; n += step) out.push(Math.round(n));
  return out;
}

/** Fills `element` with one row per entry of `rows` (`[{name, nodes, …}]`) and the axis.
 * @param {HTMLElement} element
 * @param {{name: string, nodes: number}[]} rows
 * @param {string} lang
 * @param {'log' | 'linear'} [scale] */
export function drawNodeChart(element, rows, lang, scale = 'log') {
  const key = `${lang}|${scale}|${rows.map((row) => `${row.name}:${row.nodes}`).join(',')}`;
  if (element.dataset.key === key) return;
  element.dataset.key = key;
  element.dataset.scale = scale;
  if (rows.length === 0) {
    element.textContent = t('chart.none');
    return;
  }
  const largest = Math.max(1, ...rows.map((row) => row.nodes));
  const lines = rows.map((row) => {
    const line = document.createElement('div');
    line.className = 'chart-row';
    line.dataset.row = row.name;
    line.dataset.nodes = String(row.nodes);
    const name = document.createElement('span');
    name.className = 'chart-name';
    name.textContent = rowName(row.name);
    const track = document.createElement('span');
    track.className = 'chart-track';
    const share = position(scale, row.nodes, largest);
    const bar = document.createElement('span');
    bar.className = 'chart-bar';
    bar.style.width = `${(share * 100).toFixed(1)}%`;
    const count = document.createElement('span');
    // The count at the bar's end: inside a long bar, after a short one.
    count.className = share > 0.7 ? 'chart-count inside' : 'chart-count';
    count.textContent = row.nodes.toLocaleString(lang);
    if (share > 0.7) bar.append(count);
    else count.style.left = `${(share * 100).toFixed(1)}%`;
    track.append(bar);
    if (share <= 0.7) track.append(count);
    line.append(name, track);
    return line;
  });
  const axis = document.createElement('div');
  axis.className = 'chart-axis';
  axis.setAttribute('aria-hidden', 'true');
  const axisName = document.createElement('span');
  axisName.className = 'chart-name chart-scale-name';
  axisName.textContent = t(scale === 'log' ? 'chart.logScale' : 'chart.linearScale');
  const axisTrack = document.createElement('span');
  axisTrack.className = 'chart-track chart-ticks';
  for (const n of ticks(scale, largest)) {
    const tick = document.createElement('span');
    tick.className = 'chart-tick';
    tick.dataset.value = String(n);
    tick.style.left = `${(position(scale, n, largest) * 100).toFixed(1)}%`;
    tick.textContent = n.toLocaleString(lang);
    axisTrack.append(tick);
  }
  axis.append(axisName, axisTrack);
  element.replaceChildren(...lines, axis);
}
