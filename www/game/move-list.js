// The move list: one button per move of the record (the redo line included, greyed), the review's
// marks and where the game left the opening book; clicking a move, or the arrow keys, Home and End
// inside the list, show that position. A function of the game; one Tab stop.

import { moverOf } from './record.js';
import { closestTarget } from '../common/dom.js';

/** @typedef {import('../pkg/reversi.js').Game} Game */

/**
 * Draws the list when anything it shows changed.
 * @param {HTMLOListElement} list
 * @param {Game} game
 * @param {{marks: string[], symbols: Record<string, string>, inBook: number | null}} notes `marks[i]`:
 *   the review's class of move i when it is worth a mark ('' otherwise), written with
 *   `symbols[class]` ("?!"); `inBook`: the book moves in a row (null without a book)
 */
export function renderMoveList(list, game, { marks, symbols, inBook }) {
  const moves = game.moves;
  const ply = game.ply;
  const signature = `${game.startBoard}|${moves.join(',')}|${ply}|${marks.join(',')}|${inBook}`;
  if (list.dataset.signature === signature) return;
  list.dataset.signature = signature;
  const hadFocus = list.contains(document.activeElement);
  if (moves.length === 0) {
    const empty = document.createElement('li');
    empty.className = 'empty';
    empty.textContent = 'No moves yet.';
    list.replaceChildren(empty);
    return;
  }
  // One Tab stop: the move shown (the first move at the start); arrows move inside the list.
  const focusPly = Math.max(1, ply);
  const items = moves.map((move, i) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    const mover = moverOf(game, i);
    button.type = 'button';
    button.dataset.ply = String(i + 1);
    button.tabIndex = i + 1 === focusPly ? 0 : -1;
    const disc = document.createElement('span');
    disc.className = `mover mover-${mover}`;
    disc.setAttribute('aria-hidden', 'true');
    button.append(disc, move === 'pa' ? 'pass' : move);
    const mark = marks[i] ? `, ${marks[i]}` : '';
    const leftBook = inBook !== null && i === inBook ? ', out of book' : '';
    if (leftBook) item.classList.add('out-of-book');
    button.setAttribute('aria-label', `Move ${i + 1}, ${mover}: ${move === 'pa' ? 'pass' : move}${mark}${leftBook}, show this position`);
    if (marks[i]) {
      button.classList.add(`mark-${marks[i]}`);
      button.dataset.mark = symbols[marks[i]];
    }
    if (i + 1 === ply) button.setAttribute('aria-current', 'step');
    if (i + 1 > ply) button.classList.add('future');
    item.append(button);
    return item;
  });
  list.replaceChildren(...items);
  const current = /** @type {HTMLElement | null} */ (list.querySelector(`[data-ply="${focusPly}"]`));
  if (hadFocus && current) current.focus({ preventScroll: true });
  // Only the list's own box scrolls to the move shown, never the page (scrollIntoView would move
  // the whole page on a phone and take the board out of sight); measured just before the next
  // frame, which lays the page out anyway, rather than forcing a layout now.
  if (current) requestAnimationFrame(() => current.isConnected && scrollWithin(list, current));
}

/** Scrolls `box` (a scrolling element) so that `item` is inside it; nothing else moves.
 * @param {HTMLElement} box
 * @param {HTMLElement} item */
function scrollWithin(box, item) {
  const outer = box.getBoundingClientRect();
  const inner = item.getBoundingClientRect();
  if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top + 4;
  else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom + 4;
}

/**
 * Clicking a move shows the position after it; the arrow keys step through the game, Home and End
 * go to its ends.
 * @param {HTMLOListElement} list
 * @param {{game: () => Game, goToPly: (ply: number) => void}} actions
 */
export function attachMoveList(list, { game, goToPly }) {
  list.addEventListener('click', (event) => {
    const button = closestTarget(event, 'button[data-ply]');
    if (button) goToPly(Number(button.dataset.ply));
  });
  list.addEventListener('keydown', (event) => {
    const button = closestTarget(event, 'button[data-ply]');
    if (!button) return;
    const { ply: shown, moves } = game();
    const total = moves.length;
    /** @type {Record<string, number>} */
    const targets = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    let ply = null;
    if (event.key in targets) ply = Math.min(total, Math.max(0, shown + targets[event.key]));
    else if (event.key === 'Home') ply = 0;
    else if (event.key === 'End') ply = total;
    if (ply === null) return;
    event.preventDefault();
    if (ply !== shown) goToPly(ply);
  });
}
