// The panel beside the tree for one node (the one clicked, else the current one): its position
// (an Othello board drawn by the game's renderer, or a tic-tac-toe grid), the seed-004 breakdown of
// an evaluated Othello leaf, and, in a tree of one's own, a field to change a leaf's value.

import { createRenderer, GUTTER } from '../common/render.js';
import { squareIndex } from '../common/squares.js';
import { t } from './language.js';
import { formatValue, formatBounded, playerName } from './format.js';
import { renderBreakdown } from './breakdown-table.js';
import { ticTacToeSquare } from './lessons.js';
import { byId } from '../common/dom.js';

/** @typedef {import('../pkg/classroom/reversi.js').LessonNode} LessonNode */

const $ = byId;

/** Board text (`X`, `O`, `-`, a1 first) to the renderer's squares: 0 empty, 1 black, 2 white.
 * @param {string} board */
function squaresOf(board) {
  return Uint8Array.from(board.slice(0, 64), (c) => (c === 'X' ? 1 : c === 'O' ? 2 : 0));
}

/** @param {{onChangeLeaf: (label: string, value: string) => void}} handlers */
export function createNodePanel({ onChangeLeaf }) {
  const canvas = $('node-board-canvas', HTMLCanvasElement);
  $('node-board').style.setProperty('--gutter', `${GUTTER * 100}%`);
  const renderer = createRenderer(canvas);

  $('leaf-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = /** @type {HTMLFormElement} */ (event.target);
    onChangeLeaf(/** @type {string} */ (form.dataset.label), $('leaf-value', HTMLInputElement).value.trim());
  });

  /** model = {view, id, state (this node's replay state or undefined)} or null.
   * @param {{view: import('./lessons.js').LessonView, id: number,
   *          state: import('../pkg/classroom/reversi.js').NodeState | undefined} | null} model */
  function render(model) {
    const empty = !model;
    $('node-none').hidden = !empty;
    $('node-details').hidden = empty;
    if (empty) return;
    const { view, id, state } = model;
    const node = view.node(id);
    const status = state ? state.status : 'unvisited';
    const name = view.nameOf(id, t('tree.root'));
    $('node-name').textContent = `${name} · ${playerName(node.player)}`;
    // A bound as a bound ("≥ 25"), as the tree writes it.
    const value = state && status !== 'pruned' && state.value !== undefined && state.value !== null ? formatBounded(state.value, status === 'open' ? null : state.bound) : '';
    $('node-status').textContent = [t(`selection.status.${status}`), value ? `${t('selection.value')} ${value}` : ''].filter(Boolean).join(' · ');

    const othello = view.kind === 'othello' && node.board;
    $('node-board').hidden = !othello;
    $('node-side').hidden = !othello;
    if (othello) {
      const color = /** @type {'black' | 'white'} */ (view.colorAt(id));
      $('node-side').textContent = t('selection.toMove', { color: t(`side.${color}`) });
      renderer.draw({
        squares: squaresOf(othello),
        legal: [],
        moverColor: color,
        lastMove: id === 0 ? -1 : squareIndex(node.move),
        hints: [],
        animation: null,
      });
    }

    const ttt = view.kind === 'tictactoe' && node.board;
    $('node-ttt').hidden = !ttt;
    if (ttt) renderTicTacToe(node, ttt);

    // The breakdown explains a number the page has shown: only once the leaf has been evaluated.
    const breakdown = view.kind === 'othello' && node.leaf && status === 'leaf';
    $('node-breakdown').hidden = !breakdown;
    if (breakdown) {
      const report = view.lesson.breakdown(id);
      $('node-breakdown-intro').textContent = t('selection.breakdownIntro', { color: t(`side.${view.colorAt(id)}`) });
      renderBreakdown($('node-breakdown-table', HTMLTableElement), report, { short: true });
    }

    const editable = view.kind === 'tree' && node.leaf;
    const form = $('leaf-form');
    form.hidden = !editable;
    if (editable) {
      if (form.dataset.label !== node.label) {
        form.dataset.label = node.label;
        $('leaf-value', HTMLInputElement).value = formatValue(node.staticValue).replace(/ /g, '');
      }
      $('leaf-value-label').textContent = t('selection.leafValue', { label: node.label });
    }
  }

  /** @param {LessonNode} node
   * @param {string} board the node's board */
  function renderTicTacToe(node, board) {
    const grid = $('node-ttt');
    const cells = [...board.slice(0, 9)].map((mark, i) => {
      const cell = document.createElement('span');
      cell.className = `ttt-cell${node.move === ticTacToeSquare(i) ? ' last' : ''}`;
      cell.textContent = mark === '-' ? '' : mark;
      cell.setAttribute('aria-label', `${ticTacToeSquare(i)} ${mark === '-' ? '·' : mark}`);
      cell.setAttribute('role', 'img');
      return cell;
    });
    grid.replaceChildren(...cells);
  }

  return { render };
}
