// The move list: one button per move of the record (the redo line included, greyed) and of every
// variation tried (indented after the move it replaces), the review's marks and where the game
// left the opening book; clicking a move, or the arrow keys, Home and End inside the list, show
// that position. A function of the game and its lines; one Tab stop.

import { t, sideName, language } from '../i18n/page.js';
import { moverOf } from './record.js';
import { closestTarget } from '../common/dom.js';
import { Lines, movesOf } from './lines.js';

/** @typedef {import('../pkg/reversi.js').Game} Game */
/** @typedef {import('./lines.js').LineNode} LineNode */

/**
 * Draws the list when anything it shows changed: the main line, and after each of its moves the
 * variations tried in its place, indented (each with its own, further in). The line shown is the
 * game's: its moves carry the review's marks and the greyed redo line; a move of another line
 * shows that line when chosen.
 * @param {HTMLOListElement} list
 * @param {Game} game
 * @param {{marks: string[], symbols: Record<string, string>, inBook: number | null}} notes `marks[i]`:
 *   the review's class of move i when it is worth a mark ('' otherwise), written with
 *   `symbols[class]` ("?!"); `inBook`: the book moves in a row (null without a book)
 * @param {Lines} [lines] every line tried (the game's own when not given)
 */
export function renderMoveList(list, game, { marks, symbols, inBook }, lines) {
  const moves = game.moves;
  const ply = game.ply;
  const tree = lines ?? Lines.fromTranscripts([moves.join('')]);
  const signature = `${game.startBoard}|${moves.join(',')}|${ply}|${marks.join(',')}|${inBook}|${language()}|${tree.transcripts().join(';')}`;
  if (list.dataset.signature === signature) return;
  list.dataset.signature = signature;
  const hadFocus = list.contains(document.activeElement);
  if (tree.root.children.length === 0) {
    const empty = document.createElement('li');
    empty.className = 'empty';
    empty.textContent = t('game.noMoves');
    list.replaceChildren(empty);
    return;
  }
  const shownLine = moves.join('');
  // One Tab stop: the move shown (the first move at the start); arrows move inside the list.
  const focusPly = Math.max(1, ply);

  /** The item of the last move of `path`.
   * @param {string[]} path */
  const moveItem = (path) => {
    const i = path.length - 1;
    const move = path[i];
    const line = path.join('');
    const onShownLine = shownLine.startsWith(line);
    const item = document.createElement('li');
    const button = document.createElement('button');
    const mover = moverOf(game, i);
    button.type = 'button';
    button.dataset.ply = String(i + 1);
    button.dataset.line = line;
    button.tabIndex = onShownLine && i + 1 === focusPly ? 0 : -1;
    const disc = document.createElement('span');
    disc.className = `mover mover-${mover}`;
    disc.setAttribute('aria-hidden', 'true');
    const name = move === 'pa' ? t('move.pass') : move;
    button.append(disc, name);
    const mark = onShownLine && marks[i] ? `, ${t(`review.class.${marks[i]}`)}` : '';
    const leftBook = onShownLine && inBook !== null && i === inBook ? t('game.outOfBookMark') : '';
    if (leftBook) item.classList.add('out-of-book');
    button.setAttribute('aria-label', t('game.moveLabel', { n: i + 1, side: sideName(mover), move: name, mark, book: leftBook }));
    if (onShownLine) {
      button.dataset.shown = '';
      if (marks[i]) {
        button.classList.add(`mark-${marks[i]}`);
        button.dataset.mark = symbols[marks[i]];
      }
      if (i + 1 === ply) button.setAttribute('aria-current', 'step');
      if (i + 1 > ply) button.classList.add('future');
    } else {
      button.classList.add('other-line');
    }
    item.append(button);
    return item;
  };

  /** The item of a variation: its first move `other`, played after `path`, and its line.
   * @param {LineNode} other
   * @param {string[]} path */
  const variationItem = (other, path) => {
    const branch = [...path, other.move];
    const item = document.createElement('li');
    item.className = 'variation';
    const inner = document.createElement('ol');
    inner.setAttribute('aria-label', t('lines.variationLabel', { n: branch.length, move: other.move === 'pa' ? t('move.pass') : other.move }));
    const rest = lineItems(other, branch, false);
    inner.append(moveItem(branch), ...rest);
    if (rest.length) item.append(collapseToggle(item, branch.join(''), shownLine, rest.length));
    item.append(inner);
    return item;
  };

  /** The items of the line from `node` (reached by `path`) on: each move, then the variations
   * tried in its place; after the main line's last move, the lines tried from there.
   * @param {LineNode} node
   * @param {string[]} path
   * @param {boolean} main whether this is the main line
   * @returns {HTMLLIElement[]} */
  const lineItems = (node, path, main) => {
    /** @type {HTMLLIElement[]} */
    const items = [];
    while (node.children.length) {
      if (main && tree.mainEnd === path.length) {
        items.push(...node.children.map((other) => variationItem(other, path)));
        break;
      }
      const [first, ...others] = node.children;
      items.push(moveItem([...path, first.move]));
      items.push(...others.map((other) => variationItem(other, path)));
      node = first;
      path = [...path, first.move];
    }
    return items;
  };

  list.replaceChildren(...lineItems(tree.root, [], true));
  const current = /** @type {HTMLElement | null} */ (list.querySelector(`[data-shown][data-ply="${focusPly}"]`));
  if (hadFocus && current) current.focus({ preventScroll: true });
  // Only the list's own box scrolls to the move shown, never the page (scrollIntoView would move
  // the whole page on a phone and take the board out of sight); measured just before the next
  // frame, which lays the page out anyway, rather than forcing a layout now.
  if (current) requestAnimationFrame(() => current.isConnected && scrollWithin(list, current));
}

/** The variations folded away (each named by its moves from the start), kept while the page
 * lives: the list is drawn again on every change. */
const folded = new Set();

/**
 * The button that folds a variation to its first move or unfolds it. A variation holding the
 * position shown is always open (folding it would hide where the player is).
 * @param {HTMLLIElement} item the variation's item
 * @param {string} branch its moves from the start
 * @param {string} shownLine the line shown
 * @param {number} hidden how many of its items folding hides
 */
function collapseToggle(item, branch, shownLine, hidden) {
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'variation-toggle';
  toggle.dataset.testid = 'variation-toggle';
  toggle.tabIndex = -1;
  const set = (/** @type {boolean} */ fold) => {
    item.classList.toggle('folded', fold);
    toggle.setAttribute('aria-expanded', String(!fold));
    toggle.textContent = fold ? `+${hidden}` : '−';
    toggle.setAttribute('aria-label', t(fold ? 'lines.unfold' : 'lines.fold'));
    toggle.title = toggle.getAttribute('aria-label') ?? '';
  };
  set(folded.has(branch) && !shownLine.startsWith(branch));
  toggle.addEventListener('click', () => {
    const fold = !item.classList.contains('folded');
    if (fold) folded.add(branch);
    else folded.delete(branch);
    set(fold);
  });
  return toggle;
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
 * Clicking a move shows the position after it (on its own line); in the list, Left and Right step
 * through the line shown, Up and Down go to the move tried before or after the one shown at the
 * same position (where there is none, they step as Left and Right do), Home and End go to the
 * line's ends.
 * @param {HTMLOListElement} list
 * @param {{game: () => Game, lines: () => Lines, goToPly: (ply: number) => void,
 *          goToLine: (moves: string[]) => void}} actions `goToLine`: the position after `moves`,
 *   on the line that continues from there
 */
export function attachMoveList(list, { game, lines, goToPly, goToLine }) {
  list.addEventListener('click', (event) => {
    const button = closestTarget(event, 'button[data-ply]');
    if (!button) return;
    if (button.dataset.shown !== undefined || button.dataset.line === undefined) goToPly(Number(button.dataset.ply));
    else goToLine(movesOf(button.dataset.line));
  });
  list.addEventListener('keydown', (event) => {
    const button = closestTarget(event, 'button[data-ply]');
    if (!button) return;
    const { ply: shown, moves } = game();
    const total = moves.length;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      const here = moves.slice(0, shown);
      const others = lines().alternatives(here);
      if (others.length > 1) {
        event.preventDefault();
        const at = others.findIndex((line) => line[line.length - 1] === here[here.length - 1]);
        const next = others[at + (event.key === 'ArrowUp' ? -1 : 1)];
        if (next) goToLine(next);
        return;
      }
    }
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
