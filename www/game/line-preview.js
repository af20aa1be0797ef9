// A line of the live analysis looked at on the board: the board shows the position after one of
// its moves (marked as a preview, with a banner in the state strip), the banner's buttons and the
// Left and Right keys step along it, and Back to the game (or Escape) shows the game again,
// untouched: the preview changes nothing of the game (its moves, clock, turn and saved record),
// and any change of the game ends it. Play this line puts its moves up to the one shown into the
// game's lines as a variation (app.js's `playLine`).

import { Game } from '../pkg/reversi.js';
import { byId, setText } from '../common/dom.js';
import { squareIndex } from '../common/squares.js';
import { t } from '../i18n/page.js';

/** @typedef {import('../pkg/reversi.js').Side} Side */

/** The moves of the line written in the banner before the one shown (the rest is "…"). */
const BANNER_MOVES = 6;

/**
 * One position of a line: after its `step`-th move.
 * @typedef {{move: string, mover: Side, squares: Uint8Array, side: Side, moves: string[]}} LineStep
 *   `mover`: who played it; `side`: who is to move after it; `moves`: the record from the start to it, passes written (a pass the side to move is forced
 *   to make next included), as the lines tree takes them
 */

/**
 * The positions along `pv` played after `base` from `startBoard`, as far as its moves are legal
 * (a pass the line leaves out is made where the side to move has no move).
 * @param {string} startBoard
 * @param {string[]} base the moves from the start to the position analysed
 * @param {string[]} pv the line: moves, `pa` for a pass
 * @returns {LineStep[]}
 */
function lineSteps(startBoard, base, pv) {
  const game = Game.restore(startBoard, base.join(''), base.length);
  /** @type {LineStep[]} */
  const steps = [];
  try {
    for (const move of pv) {
      if (move !== 'pa' && game.mustPass) game.pass();
      const mover = game.sideToMove;
      game.play(move);
      const moves = game.moves;
      if (game.mustPass) moves.push('pa');
      steps.push({ move, mover, squares: game.squares(), side: game.sideToMove, moves });
    }
  } catch {
    // The line stops where a move is not legal (none should be: the engine's own line).
  }
  game.free();
  return steps;
}

/**
 * The preview, its banner (`line-preview` in index.html) and its keys.
 * @param {{startBoard: () => string, shownMoves: () => string[], render: () => void,
 *          play: (moves: string[]) => void}} page `render`: the page draws the board (the
 *   preview's position while it is open); `play`: the moves from the start go into the lines as
 *   a variation, shown
 */
export function attachLinePreview({ startBoard, shownMoves, render, play }) {
  const banner = byId('line-preview');
  const text = byId('line-preview-text');
  const back = byId('line-preview-back', HTMLButtonElement);
  const next = byId('line-preview-next', HTMLButtonElement);

  /** The line previewed, or null: its moves, their positions, the one shown (1 = after its first
   * move), its score in words, and the element that opened it (focus goes back there).
   * @type {{pv: string[], steps: LineStep[], step: number, score: string, opener: HTMLElement | null} | null} */
  let preview = null;

  /** The step shown (only asked while a line is previewed). */
  const shownStep = () => {
    const { steps, step } = /** @type {NonNullable<typeof preview>} */ (preview);
    return steps[step - 1];
  };
  /** Shows the position after move `step` of the line (within its ends). @param {number} step */
  const show = (step) => {
    if (!preview) return;
    preview.step = Math.min(preview.steps.length, Math.max(1, step));
    render();
  };
  /** Ends the preview: the game's own position again. @param {boolean} [refocus] */
  const close = (refocus = false) => {
    if (!preview) return;
    const opener = preview.opener;
    preview = null;
    render();
    if (refocus && opener?.isConnected) opener.focus({ preventScroll: true });
  };

  back.addEventListener('click', () => preview && show(preview.step - 1));
  next.addEventListener('click', () => preview && show(preview.step + 1));
  byId('line-preview-close').addEventListener('click', () => close(true));
  byId('line-preview-play').addEventListener('click', () => {
    if (!preview) return;
    const { moves } = preview.steps[preview.step - 1];
    const opener = preview.opener;
    preview = null;
    play(moves);
    if (opener?.isConnected) opener.focus({ preventScroll: true });
  });

  // While a line is previewed: Left and Right step along it, Home and End go to its ends, Escape
  // ends it. Caught before the page's other keys (the move list's arrows would change the game
  // shown); a text field, a menu and the board's squares keep their own arrows.
  document.addEventListener(
    'keydown',
    (event) => {
      if (!preview || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = /** @type {Partial<Element>} */ (event.target);
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        close(true);
        return;
      }
      if (target.closest && target.closest('input, textarea, select, [role="grid"]')) return;
      /** @type {Record<string, number>} */
      const steps = { ArrowLeft: preview.step - 1, ArrowRight: preview.step + 1, Home: 1, End: preview.steps.length };
      if (!(event.key in steps)) return;
      event.preventDefault();
      event.stopPropagation();
      show(steps[event.key]);
    },
    { capture: true },
  );

  return {
    /** A line is previewed. */
    get active() {
      return preview !== null;
    },
    /** Previews `pv`, a line from the position shown, at its move `step` (1 = its first).
     * @param {string[]} pv
     * @param {number} step
     * @param {{score?: string, opener?: HTMLElement | null}} [details] its score in words; the
     *   element that opened it */
    open(pv, step, { score = '', opener = null } = {}) {
      const steps = lineSteps(startBoard(), shownMoves(), pv);
      if (!steps.length) return;
      preview = { pv, steps, step: 1, score, opener };
      show(step);
    },
    /** Ends the preview (a change of the game: the line was of the position before it). */
    close: () => close(false),
    /** The line previewed and the move shown, for the analysis's lines to mark it. */
    shown: () => (preview ? { pv: preview.pv.join(' '), step: preview.step } : null),
    /** The position shown on the board (while a line is previewed). */
    squares: () => shownStep().squares,
    /** The side to move there. */
    side: () => shownStep().side,
    /** Each side's last move along the line to the move shown, the latest first (the board
     * marks them as it marks the game's).
     * @returns {{square: number, side: Side}[]} */
    lastMoves() {
      if (!preview) return [];
      /** @type {{square: number, side: Side}[]} */
      const found = [];
      for (const s of preview.steps.slice(0, preview.step).reverse()) {
        if (s.move !== 'pa' && !found.some((f) => f.side === s.mover)) found.push({ square: squareIndex(s.move), side: s.mover });
      }
      return found.slice(0, 2);
    },
    /** The banner: the line up to the move shown, where it is, the steps' buttons. */
    render() {
      document.documentElement.toggleAttribute('data-previewing', preview !== null);
      byId('board').classList.toggle('previewing', preview !== null);
      banner.hidden = !preview;
      if (!preview) {
        delete banner.dataset.pv;
        delete banner.dataset.step;
        return;
      }
      const { steps, step, score } = preview;
      banner.dataset.pv = preview.pv.join(' ');
      banner.dataset.step = String(step);
      const name = (/** @type {string} */ move) => (move === 'pa' ? t('move.pass') : move);
      const before = steps.slice(Math.max(0, step - BANNER_MOVES), step - 1).map((s) => name(s.move));
      const shownMove = document.createElement('mark');
      shownMove.textContent = name(steps[step - 1].move);
      const lead = `${t(score ? 'preview.lineScore' : 'preview.line', { score })} ${step > BANNER_MOVES ? '… ' : ''}${before.join(' ')}${before.length ? ' ' : ''}`;
      const where = document.createElement('span');
      where.className = 'line-preview-step';
      where.textContent = t('preview.step', { n: step, total: steps.length });
      const signature = `${lead}|${shownMove.textContent}|${where.textContent}`;
      if (text.dataset.signature !== signature) {
        text.dataset.signature = signature;
        text.replaceChildren(lead, shownMove, ' · ', where);
      }
      back.disabled = step <= 1;
      next.disabled = step >= steps.length;
    },
  };
}
