// The accessible board: 64 focusable cells laid exactly over the canvas squares. Screen readers
// read them, keyboards move between them (roving tabindex), and pointers hit them.
//
// Testing contract (keep stable): each cell has data-square="d3" and an aria-label naming the
// square, its content and whether it is a legal move.

import { squareName, BLACK, WHITE } from './squares.js';

/** @type {Record<string, [number, number]>} */
const ARROWS = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The words of the grid's labels, in one language.
 * @typedef {{board: string, black: string, white: string, empty: string, legal: string, reviewBest: string}} GridLabels */

/** @type {GridLabels} */
export const ENGLISH_LABELS = {
  board: 'Othello board, columns a to h, rows 1 to 8',
  black: 'black disc',
  white: 'white disc',
  empty: 'empty',
  legal: 'legal move',
  reviewBest: "the review's best move",
};

/**
 * What a cell says about a hint (see update).
 * @typedef {{label: string, best: boolean}} HintLabel
 */

/**
 * @param {HTMLElement} container
 * @param {{onActivate: (square: string) => void, labels?: GridLabels}} handlers
 *   onActivate: Enter or Space on a cell; labels: the words of the labels (English by default).
 */
export function createGrid(container, { onActivate, labels = ENGLISH_LABELS }) {
  let words = labels;
  container.setAttribute('role', 'grid');
  container.setAttribute('aria-label', words.board);
  /** @type {HTMLElement[]} */
  const cells = [];
  for (let row = 0; row < 8; row++) {
    const rowElement = document.createElement('div');
    rowElement.setAttribute('role', 'row');
    rowElement.className = 'board-row';
    for (let col = 0; col < 8; col++) {
      const cell = document.createElement('div');
      const name = squareName(row * 8 + col);
      cell.setAttribute('role', 'gridcell');
      cell.className = 'board-cell';
      cell.dataset.square = name;
      cell.tabIndex = -1;
      rowElement.append(cell);
      cells.push(cell);
    }
    container.append(rowElement);
  }
  // d3 is where keyboard users most likely want to start; it is a legal first move.
  let focused = 19;
  let flipped = false;
  cells[focused].tabIndex = 0;

  /** @param {number} index */
  function focusSquare(index) {
    cells[focused].tabIndex = -1;
    focused = index;
    cells[focused].tabIndex = 0;
    cells[focused].focus();
  }

  container.addEventListener('keydown', (event) => {
    const cell = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest('[data-square]'));
    if (!cell) return;
    const index = cells.indexOf(cell);
    let step = ARROWS[event.key];
    if (step) {
      event.preventDefault();
      // Seen from White's side the board is turned half a turn: an arrow goes where it points.
      if (flipped) step = [-step[0], -step[1]];
      const col = Math.min(7, Math.max(0, (index % 8) + step[0]));
      const row = Math.min(7, Math.max(0, Math.floor(index / 8) + step[1]));
      focusSquare(row * 8 + col);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      const row = Math.floor(index / 8);
      focusSquare(row * 8 + (event.key === 'Home' ? 0 : 7));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onActivate(/** @type {string} */ (cell.dataset.square));
    }
  });
  container.addEventListener('focusin', (event) => {
    const index = cells.indexOf(/** @type {HTMLElement} */ (event.target));
    if (index >= 0 && index !== focused) {
      cells[focused].tabIndex = -1;
      focused = index;
      cells[focused].tabIndex = 0;
    }
  });

  return {
    /**
     * Updates labels and states from {squares, legal: Set<number>, hints: Map<number, {label, best}>,
     * bestMove?: number, flipped?: boolean} (`label` such as "score Black +4" or "score unknown";
     * the best hint's cell gets the class best-hint; `bestMove`, the game review's best move here,
     * is said in its label; `flipped`: the board is seen from White's side, the cells turn with it).
     * @param {{squares: ArrayLike<number>, legal: Set<number>, hints: Map<number, HintLabel>,
     *          bestMove?: number, flipped?: boolean}} state
     */
    update({ squares, legal, hints, bestMove = -1, flipped: turned = false }) {
      flipped = turned;
      container.classList.toggle('flipped', flipped);
      for (let i = 0; i < 64; i++) {
        const content = squares[i] === BLACK ? words.black : squares[i] === WHITE ? words.white : words.empty;
        let label = `${squareName(i)}, ${content}`;
        if (legal.has(i)) label += `, ${words.legal}`;
        const hint = hints.get(i);
        if (hint) label += `, ${hint.label}`;
        if (i === bestMove) label += `, ${words.reviewBest}`;
        const cell = cells[i];
        if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label);
        cell.classList.toggle('legal', legal.has(i));
        cell.classList.toggle('best-hint', legal.has(i) && Boolean(hints.get(i)?.best));
      }
    },
    /** Changes the words of the labels (they apply at the next update).
     * @param {GridLabels} next */
    setLabels(next) {
      words = next;
      container.setAttribute('aria-label', words.board);
    },
  };
}
