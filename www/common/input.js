// Pointer and keyboard input turned into intentions: "play this square", "undo", "redo".
// The grid cells sit over the canvas, so a pointer on the board always lands on a cell.

/**
 * @param {HTMLElement} board element holding the grid cells
 * @param {{onSquare: (name: string) => void, onUndo: () => void, onRedo: () => void, onToggleHints: () => void}} handlers
 * @param {{keyTarget?: EventTarget}} options where the shortcut keys are listened to: the whole
 *   document for a page of its own, the board's own element when it shares the page with others
 */
export function attachInput(board, { onSquare, onUndo, onRedo, onToggleHints }, { keyTarget = document } = {}) {
  // A press and a release on the same cell is a tap or click; sliding off cancels it, which
  // protects phone users who start scrolling on the board.
  /** @type {HTMLElement | null} */
  let pressed = null;
  /** The cell a pointer event happened on. @param {Event} event */
  const cellOf = (event) => /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest('[data-square]'));
  board.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    pressed = cellOf(event);
  });
  board.addEventListener('pointerup', (event) => {
    const cell = cellOf(event);
    if (cell && cell === pressed) {
      onSquare(/** @type {string} */ (cell.dataset.square));
    }
    pressed = null;
  });
  board.addEventListener('pointercancel', () => {
    pressed = null;
  });

  keyTarget.addEventListener('keydown', (keydown) => {
    const event = /** @type {KeyboardEvent} */ (keydown);
    // The document itself is the target when nothing has the focus: it has no closest().
    const target = /** @type {Partial<Element>} */ (event.target);
    if (target.closest && target.closest('input, textarea, select')) return;
    const ctrl = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    if ((ctrl && key === 'z' && !event.shiftKey) || (!ctrl && !event.altKey && key === 'u')) {
      event.preventDefault();
      onUndo();
    } else if ((ctrl && (key === 'y' || (key === 'z' && event.shiftKey))) || (!ctrl && !event.altKey && key === 'r')) {
      event.preventDefault();
      onRedo();
    } else if (!ctrl && !event.altKey && key === 'h') {
      event.preventDefault();
      onToggleHints();
    }
  });
}
