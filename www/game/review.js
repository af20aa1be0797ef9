// The review of a game, drawn: the evaluation graph (SVG), its text equivalent (a table, one row
// per move) and the words for one position. Pure functions of the review and the position shown;
// the engine's side is Searcher.review (othello::analysis::review), run in a worker by app.js.
//
// A review is {positions: [{toMove, scoreBlack, exact, bestLine, values}], moves: [{move, mover,
// scoreBlack, exact, loss, class}]}: scores in discs for Black, positions[i] before moves[i],
// `values` every move's score there (the practice's). Each position has one score:
// moves[i].scoreBlack is positions[i + 1].scoreBlack (the engine guarantees it), and every place
// below reads the position's score and writes it with sideScore.

import { sideScore, lossText } from '../common/score-text.js';
import { t, num, sideName, scoreWords } from '../i18n/page.js';
import { resultSentence } from './result.js';

/** @typedef {import('../pkg/reversi.js').Review} Review */
/** @typedef {import('../pkg/reversi.js').Side} Side */

const SVG = 'http://www.w3.org/2000/svg';
/** Classes worth a mark, with the annotation symbols players know from chess books.
 * @type {Record<string, string>} */
export const MARKED = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** The score of the position after `ply` moves (ply 0: the start), as every view shows it.
 * @param {Review} review
 * @param {number} ply */
export function positionScore(review, ply) {
  const position = review.positions[ply];
  return position ? sideScore(position.scoreBlack, position.exact, scoreWords()) : '';
}

/** The graph's points: the start, then the score after each move (what the table lists).
 * @param {Review} review */
export function graphPoints(review) {
  return review.positions.slice(0, review.moves.length + 1).map((position, ply) => {
    const move = review.moves[ply - 1];
    return { ply, score: position.scoreBlack, exact: position.exact, mark: move && MARKED[move.class] ? move.class : null };
  });
}

/** An SVG element with these attributes, appended to `parent` if given.
 * @param {string} name
 * @param {Record<string, string | number>} [attributes]
 * @param {Element | null} [parent] */
function element(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

/**
 * Draws the graph into `container` (replacing what was there): moves across, Black's score up.
 * `onPoint(ply, how)` is called when a point is hovered ('hover') or clicked or tapped ('select').
 * @param {Element} container
 * @param {Review} review
 * @param {number} ply the position shown
 * @param {(ply: number, how: 'hover' | 'select') => void} onPoint
 */
export function drawGraph(container, review, ply, onPoint) {
  const points = graphPoints(review);
  const width = 400;
  const height = 190;
  const left = 46;
  const right = 8;
  const top = 10;
  const bottom = 22;
  const steps = Math.max(points.length - 1, 1);
  const largest = Math.max(8, ...points.map((p) => Math.abs(p.score)));
  const range = Math.min(64, Math.ceil(largest / 8) * 8);
  const x = (/** @type {number} */ i) => left + ((width - left - right) * i) / steps;
  const y = (/** @type {number} */ score) => top + ((height - top - bottom) * (range - Math.max(-range, Math.min(range, score)))) / (2 * range);

  const svg = element('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: 'graph',
    role: 'img',
    'aria-label': t('review.graph', { n: review.moves.length }),
  });
  // Black's side of the zero line is shaded dark, White's light, whatever the theme.
  element('rect', { x: left, y: top, width: width - left - right, height: y(0) - top, class: 'graph-black-side' }, svg);
  element('rect', { x: left, y: y(0), width: width - left - right, height: height - bottom - y(0), class: 'graph-white-side' }, svg);
  for (const value of [range, range / 2, 0, -range / 2, -range]) {
    element('line', { x1: left, x2: width - right, y1: y(value), y2: y(value), class: value === 0 ? 'graph-zero' : 'graph-grid' }, svg);
    const label = element('text', { x: left - 4, y: y(value) + 4, class: 'graph-label', 'text-anchor': 'end' }, svg);
    label.textContent = value === 0 ? '0' : t(value > 0 ? 'review.axisBlack' : 'review.axisWhite', { n: Math.abs(value) });
  }
  for (const [text, at] of /** @type {[string, number][]} */ ([[t('review.blackAhead'), top + 12], [t('review.whiteAhead'), height - bottom - 5]])) {
    const label = element('text', { x: left + 6, y: at, class: 'graph-label graph-side' }, svg);
    label.textContent = text;
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
    title.textContent = t('review.markTitle', { ply: p.ply, mark: t(`review.class.${p.mark}`) });
  }
  // One invisible column per point catches the pointer: hovering shows, clicking or tapping goes.
  const column = (width - left - right) / steps;
  for (const p of points) {
    const hit = /** @type {SVGElement} */ (element('rect', { x: x(p.ply) - column / 2, y: 0, width: column, height, class: 'graph-hit' }, svg));
    hit.dataset.ply = String(p.ply);
    // The graph's data, as the table and the sentence write it (a test compares all three).
    hit.dataset.score = sideScore(p.score, p.exact, scoreWords());
    const title = element('title', {}, hit);
    title.textContent = `${p.ply === 0 ? t('review.start0') : t('review.after', { ply: p.ply })}: ${hit.dataset.score}`;
  }
  // Only a pointer that really moves counts as hovering: a graph redrawn under a resting mouse
  // must not jump to another position.
  /** @type {string | null} */
  let last = null;
  svg.addEventListener('pointermove', (/** @type {PointerEvent} */ event) => {
    const at = `${event.clientX},${event.clientY}`;
    const moved = last !== null && last !== at;
    last = at;
    const ply = pointOf(event);
    if (moved && ply !== undefined && event.pointerType === 'mouse') onPoint(Number(ply), 'hover');
  });
  svg.addEventListener('click', (event) => {
    const ply = pointOf(event);
    if (ply !== undefined) onPoint(Number(ply), 'select');
  });
  container.replaceChildren(svg);
}

/** The ply of the graph's point an event happened on (the `data-ply` of its hit column), if any.
 * @param {Event} event */
function pointOf(event) {
  const target = /** @type {Partial<SVGElement>} */ (event.target);
  return target.dataset && target.dataset.ply;
}

/** The table rows: move number (a button that shows the position after it), move, score, loss, class.
 * @param {Review} review
 * @param {number} ply the position shown */
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
    const name = m.move === 'pa' ? t('move.pass') : m.move;
    button.setAttribute('aria-label', t('review.rowLabel', { n: i + 1, side: sideName(m.mover), move: name }));
    if (i + 1 === ply) button.setAttribute('aria-current', 'step');
    head.append(button);
    row.append(head);
    const cells = [
      `${m.mover === 'black' ? '●' : '○'} ${name}${MARKED[m.class] ? ' ' + MARKED[m.class] : ''}`,
      positionScore(review, i + 1),
      m.class === 'forced' ? '—' : lossText(m.loss, m.exact, scoreWords()),
      t(`review.class.${m.class}`),
    ];
    for (const text of cells) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.append(cell);
    }
    return row;
  });
}

/** What the review says about the position after `ply` moves: its score, the best move and line,
 * and how the move played from it was judged. At the end, the result as the turn line says it
 * (result.js), whose margin is the score's.
 * @param {Review} review
 * @param {number} ply
 * @param {{black: number, white: number}} discs the discs on the board of that position */
export function positionText(review, ply, discs) {
  const position = review.positions[ply];
  if (!position) return '';
  const where = ply === 0 ? t('review.atStart') : t('review.after', { ply });
  const parts = [`${where}: ${positionScore(review, ply)} ${t(position.exact ? 'review.exact' : 'review.estimate')}`];
  if (position.bestLine.length === 0) {
    parts.push(t('result.over', { result: resultSentence(discs.black, discs.white) }));
  } else {
    const line = position.bestLine.map((m) => (m === 'pa' ? t('move.pass') : m));
    parts.push(t('review.best', { side: sideName(position.toMove), move: line[0], line: line.join(' ') }));
  }
  const played = review.moves[ply];
  if (played) {
    const name = played.move === 'pa' ? t('move.pass') : played.move;
    const loss = played.class === 'forced' ? t('review.onlyMove') : t('review.lost', { loss: lossText(played.loss, played.exact, scoreWords()) });
    parts.push(t('review.played', { move: name, class: t(`review.class.${played.class}`), loss }));
  }
  return parts.join('; ') + '.';
}

/** The loss (discs) at which a move's accuracy reaches 0 %: a blunder's. */
const ZERO_ACCURACY_LOSS = 12;

/**
 * Each player's accuracy: a move that loses nothing is 100 % accurate, one that loses a blunder's
 * 12 discs or more 0 %, linearly in between; a player's accuracy is the mean over their moves that
 * had a choice (forced moves and passes do not count). Also their mean loss in discs a move.
 * @param {Review} review
 * @returns {Record<Side, {accuracy: number, meanLoss: number, moves: number} | null>} null for a
 *   side with no such move
 */
export function accuracy(review) {
  /** @type {Record<Side, {accuracy: number, meanLoss: number, moves: number} | null>} */
  const result = { black: null, white: null };
  for (const color of /** @type {const} */ (['black', 'white'])) {
    const judged = review.moves.filter((m) => m.mover === color && m.class !== 'forced');
    if (judged.length === 0) {
      result[color] = null;
      continue;
    }
    const credit = judged.reduce((sum, m) => sum + Math.max(0, 1 - m.loss / ZERO_ACCURACY_LOSS), 0);
    const loss = judged.reduce((sum, m) => sum + m.loss, 0);
    result[color] = { accuracy: (100 * credit) / judged.length, meanLoss: loss / judged.length, moves: judged.length };
  }
  return result;
}

/** "Black: accuracy 87 % (mean loss 1.2 discs a move), 2 inaccuracies, 1 mistake; …": what a
 * player looks for first. `bookMoves`: how many moves the game stayed in the opening book (the
 * page's figure, as the move list says it), or null without a book.
 * @param {Review} review
 * @param {number | null} [bookMoves] */
export function summaryText(review, bookMoves = null) {
  const inBook = bookMoves === null ? null : Math.min(bookMoves, review.moves.length);
  /** @type {Record<Side, Record<string, number>>} */
  const counts = { black: {}, white: {} };
  for (const m of review.moves) {
    if (MARKED[m.class]) counts[m.mover][m.class] = (counts[m.mover][m.class] || 0) + 1;
  }
  const figures = accuracy(review);
  const side = (/** @type {Side} */ color) => {
    const items = Object.keys(MARKED)
      .filter((c) => counts[color][c])
      .map((c) => t(`review.count.${c}`, { n: counts[color][c] }));
    const f = figures[color];
    const head = f ? t('review.accuracy', { accuracy: Math.round(f.accuracy), loss: num(f.meanLoss, 1) }) : t('review.noChoice');
    return t('review.side', { side: sideName(color), head, items: items.length ? items.join(', ') : t('review.noMarked') });
  };
  // Where the game left the book: the page's one figure (the move list says the same), not a
  // count of the moves classed "book" (a book move that is not the book's best is still in it).
  const book = inBook === null || inBook === 0 ? '' : ` ${inBook === review.moves.length ? t('review.allBook', { n: inBook }) : t('review.outOfBook', { n: inBook })}`;
  return `${t('review.summary', { n: review.moves.length })}${book} ${side('black')}. ${side('white')}.`;
}
