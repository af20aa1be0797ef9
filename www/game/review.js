// The review of a game, drawn: the evaluation graph (SVG), its text equivalent (a table, one row
// per move) and the words for one position. Pure functions of the review and the position shown;
// the engine's side is Searcher.review (othello::review), run in a worker by app.js.
//
// A review is {positions: [{toMove, scoreBlack, exact, bestLine}], moves: [{move, mover,
// scoreBlack, exact, loss, class}]}: scores in discs for Black, positions[i] before moves[i].

const SVG = 'http://www.w3.org/2000/svg';
/** Classes worth a mark, with the annotation symbols players know from chess books. */
export const MARKED = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** "+4" for an exact score, "≈+3.2" for an estimate; "0" for a draw. */
export function discs(value, exact) {
  const rounded = exact ? Math.round(value) : Math.round(value * 10) / 10;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '';
  const text = `${sign}${Math.abs(rounded)}`;
  return exact ? text : `≈${text}`;
}

/** The graph's points: the start, then the score after each move (what the table lists). */
export function graphPoints(review) {
  const first = review.positions[0];
  return [
    { ply: 0, score: first.scoreBlack, exact: first.exact, mark: null },
    ...review.moves.map((m, i) => ({
      ply: i + 1,
      score: m.scoreBlack,
      exact: m.exact,
      mark: MARKED[m.class] ? m.class : null,
    })),
  ];
}

function element(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

/**
 * Draws the graph into `container` (replacing what was there): moves across, Black's score up.
 * `onPoint(ply, how)` is called when a point is hovered ('hover') or clicked or tapped ('select').
 */
export function drawGraph(container, review, ply, onPoint) {
  const points = graphPoints(review);
  const width = 400;
  const height = 170;
  const left = 34;
  const right = 8;
  const top = 10;
  const bottom = 22;
  const steps = Math.max(points.length - 1, 1);
  const largest = Math.max(8, ...points.map((p) => Math.abs(p.score)));
  const range = Math.min(64, Math.ceil(largest / 8) * 8);
  const x = (i) => left + ((width - left - right) * i) / steps;
  const y = (score) => top + ((height - top - bottom) * (range - Math.max(-range, Math.min(range, score)))) / (2 * range);

  const svg = element('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: 'graph',
    role: 'img',
    'aria-label': `Evaluation graph: Black's score in discs after each of ${review.moves.length} moves; the table below lists the same scores`,
  });
  // Black's side of the zero line is shaded dark, White's light, whatever the theme.
  element('rect', { x: left, y: top, width: width - left - right, height: y(0) - top, class: 'graph-black-side' }, svg);
  element('rect', { x: left, y: y(0), width: width - left - right, height: height - bottom - y(0), class: 'graph-white-side' }, svg);
  for (const value of [range, range / 2, 0, -range / 2, -range]) {
    element('line', { x1: left, x2: width - right, y1: y(value), y2: y(value), class: value === 0 ? 'graph-zero' : 'graph-grid' }, svg);
    const label = element('text', { x: left - 4, y: y(value) + 4, class: 'graph-label', 'text-anchor': 'end' }, svg);
    label.textContent = value > 0 ? `+${value}` : String(value).replace('-', '−');
  }
  for (let i = 10; i < points.length; i += 10) {
    const label = element('text', { x: x(i), y: height - 6, class: 'graph-label', 'text-anchor': 'middle' }, svg);
    label.textContent = String(i);
  }
  element('polyline', { points: points.map((p) => `${x(p.ply)},${y(p.score)}`).join(' '), class: 'graph-line' }, svg);
  if (ply >= 0 && ply < points.length) {
    element('line', { x1: x(ply), x2: x(ply), y1: top, y2: height - bottom, class: 'graph-cursor' }, svg);
    element('circle', { cx: x(ply), cy: y(points[ply].score), r: 5, class: 'graph-current' }, svg);
  }
  for (const p of points) {
    if (!p.mark) continue;
    const mark = element('circle', { cx: x(p.ply), cy: y(p.score), r: 4.5, class: `graph-mark mark-${p.mark}` }, svg);
    const title = element('title', {}, mark);
    title.textContent = `Move ${p.ply}: ${p.mark}`;
  }
  // One invisible column per point catches the pointer: hovering shows, clicking or tapping goes.
  const column = (width - left - right) / steps;
  for (const p of points) {
    const hit = element('rect', { x: x(p.ply) - column / 2, y: 0, width: column, height, class: 'graph-hit' }, svg);
    hit.dataset.ply = String(p.ply);
  }
  // Only a pointer that really moves counts as hovering: a graph redrawn under a resting mouse
  // must not jump to another position.
  let last = null;
  svg.addEventListener('pointermove', (event) => {
    const at = `${event.clientX},${event.clientY}`;
    const moved = last !== null && last !== at;
    last = at;
    const ply = event.target.dataset && event.target.dataset.ply;
    if (moved && ply !== undefined && event.pointerType === 'mouse') onPoint(Number(ply), 'hover');
  });
  svg.addEventListener('click', (event) => {
    const ply = event.target.dataset && event.target.dataset.ply;
    if (ply !== undefined) onPoint(Number(ply), 'select');
  });
  container.replaceChildren(svg);
}

/** The table rows: move number (a button that shows the position after it), move, score, loss, class. */
export function tableRows(review, ply) {
  return review.moves.map((m, i) => {
    const row = document.createElement('tr');
    if (MARKED[m.class]) row.classList.add(`mark-${m.class}`);
    const head = document.createElement('th');
    head.scope = 'row';
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.ply = String(i + 1);
    button.textContent = String(i + 1);
    const name = m.move === 'pa' ? 'pass' : m.move;
    button.setAttribute('aria-label', `Move ${i + 1}, ${m.mover} ${name}: show the position after it`);
    if (i + 1 === ply) button.setAttribute('aria-current', 'step');
    head.append(button);
    row.append(head);
    const cells = [
      `${m.mover === 'black' ? '●' : '○'} ${name}${MARKED[m.class] ? ' ' + MARKED[m.class] : ''}`,
      discs(m.scoreBlack, m.exact),
      m.class === 'forced' ? '—' : discs(m.loss, m.exact).replace(/[≈+]/g, ''),
      m.class,
    ];
    for (const text of cells) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.append(cell);
    }
    return row;
  });
}

const capitalize = (word) => word.charAt(0).toUpperCase() + word.slice(1);

/** What the review says about the position after `ply` moves: its score, the best move and line,
 * and how the move played from it was judged. */
export function positionText(review, ply) {
  const position = review.positions[ply];
  if (!position) return '';
  const where = ply === 0 ? 'At the start' : `After move ${ply}`;
  const parts = [`${where}: Black ${discs(position.scoreBlack, position.exact)}${position.exact ? ' (exact)' : ' (estimate)'}`];
  if (position.bestLine.length === 0) {
    parts.push('the game is over');
  } else {
    const line = position.bestLine.map((m) => (m === 'pa' ? 'pass' : m));
    parts.push(`best for ${capitalize(position.toMove)}: ${line[0]}, line ${line.join(' ')}`);
  }
  const played = review.moves[ply];
  if (played) {
    const name = played.move === 'pa' ? 'pass' : played.move;
    const loss = played.class === 'forced' ? 'the only move' : `lost ${discs(played.loss, played.exact).replace('+', '')} discs`;
    parts.push(`played ${name}: ${played.class}, ${loss}`);
  }
  return parts.join('; ') + '.';
}

/** "2 inaccuracies, 1 mistake, 1 blunder by Black; …": what a player looks for first. */
export function summaryText(review) {
  const counts = { black: {}, white: {} };
  for (const m of review.moves) {
    if (MARKED[m.class]) counts[m.mover][m.class] = (counts[m.mover][m.class] || 0) + 1;
  }
  const plural = { inaccuracy: 'inaccuracies', mistake: 'mistakes', blunder: 'blunders' };
  const side = (color) => {
    const items = Object.keys(MARKED)
      .filter((c) => counts[color][c])
      .map((c) => `${counts[color][c]} ${counts[color][c] === 1 ? c : plural[c]}`);
    return `${capitalize(color)}: ${items.length ? items.join(', ') : 'no marked move'}`;
  };
  return `Review of ${review.moves.length} moves. ${side('black')}. ${side('white')}.`;
}
