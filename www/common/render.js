// Canvas drawing only: a scene in, pixels out. No game logic, no event handling.
//
// Colours come from CSS custom properties on the canvas (read once, again after restyle()).
// --disc-black, --disc-white and --legal-marker are optional: unset, the discs keep their shaded
// look and the markers take the colour of the side to move.

import { FILES, BLACK, WHITE } from './squares.js';

/**
 * What the board shows.
 * @typedef {object} Scene
 * @property {ArrayLike<number>} squares 64 squares, a1 first: 0 empty, 1 black, 2 white
 * @property {number[]} legal squares to mark as playable (empty when it is not a human's turn)
 * @property {'black' | 'white'} moverColor colour of the legal-move markers
 * @property {number} lastMove square of the last move, or -1
 * @property {{square: number, side: 'black' | 'white'}[]} [lastMoves] the last move of each side,
 *   the latest first: marked instead of `lastMove`, the latest by a dot, the other side's by a ring
 * @property {{square: number, text: string, best: boolean, exact?: boolean, book?: boolean}[]} hints
 *   `book`: a move of the opening book (said under it)
 * @property {number} [bestMove] square the game review names best here (a ring), or -1 / absent
 * @property {{placed: number, flipped: number[], startedAt: number} | null} animation the move just
 *   played: the disc placed grows, the flipped ones turn over
 * @property {boolean} [coordinates] letters and digits in the margin (drawn unless false)
 * @property {boolean} [flipped] seen from White's side: h8 top left, a1 bottom right
 */

/**
 * The board's colours, from the canvas's CSS custom properties ('' for the optional ones unset).
 * @typedef {{frame: string, felt: string, line: string, coord: string, last: string, hint: string,
 *            hintBest: string, discBlack: string, discWhite: string, marker: string}} Colors
 */

/** Width of the coordinate margin on each side, as a fraction of the whole board. */
export const GUTTER = 0.055;
/** How long a disc takes to turn over. */
export const FLIP_MS = 360;
/** The player asked for less motion: discs turn over at once. */
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

/** When the discs of a move being drawn have finished turning over (`performance.now()` time),
 * or null when no move is being drawn: the AI's reply and the clock wait for it.
 * @param {{startedAt: number} | null} animation */
export function flipsEnd(animation) {
  return animation ? animation.startedAt + (reducedMotion.matches ? 0 : FLIP_MS) : null;
}

/** @param {Element} element
 * @param {string} name
 * @param {string} fallback */
function cssVar(element, name, fallback) {
  const value = getComputedStyle(element).getPropertyValue(name).trim();
  return value || fallback;
}

/** @param {HTMLCanvasElement} canvas */
export function createRenderer(canvas) {
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  /** @type {Scene | null} */
  let scene = null;
  let cssSize = 0;
  let frameRequested = false;
  /** @type {Colors | null} */
  let colors = null;

  /** @returns {Colors} */
  function readColors() {
    return {
      frame: cssVar(canvas, '--board-frame', '#1d3b2a'),
      felt: cssVar(canvas, '--board-felt', '#2f7d4f'),
      line: cssVar(canvas, '--board-line', 'rgba(0,0,0,0.55)'),
      coord: cssVar(canvas, '--board-coord', '#d9e8dc'),
      last: cssVar(canvas, '--last-move', '#e5484d'),
      hint: cssVar(canvas, '--hint-text', '#fff'),
      hintBest: cssVar(canvas, '--hint-best', '#ffd54a'),
      discBlack: cssVar(canvas, '--disc-black', ''),
      discWhite: cssVar(canvas, '--disc-white', ''),
      marker: cssVar(canvas, '--legal-marker', ''),
    };
  }

  // Backing store in device pixels so lines and text stay sharp on high-DPI screens.
  function resize() {
    const rect = canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    cssSize = rect.width;
    const pixels = Math.max(1, Math.round(rect.width * dpr));
    if (canvas.width !== pixels || canvas.height !== pixels) {
      canvas.width = pixels;
      canvas.height = pixels;
    }
    ctx.setTransform(canvas.width / Math.max(cssSize, 1), 0, 0, canvas.width / Math.max(cssSize, 1), 0, 0);
    paint();
  }

  /** @param {number} now */
  function animationProgress(now) {
    const a = scene && scene.animation;
    if (!a || reducedMotion.matches) return 1;
    return Math.min(1, Math.max(0, (now - a.startedAt) / FLIP_MS));
  }

  /**
   * @param {number} cx
   * @param {number} cy
   * @param {number} radius
   * @param {number} color BLACK or WHITE
   * @param {number} scaleX 1 for a disc flat on the board, less while it turns over
   * @param {Colors} colors
   */
  function drawDisc(cx, cy, radius, color, scaleX, colors) {
    if (scaleX <= 0.02) return;
    ctx.save();
    ctx.translate(cx, cy);
    ctx.scale(scaleX, 1);
    ctx.beginPath();
    ctx.arc(0, radius * 0.08, radius, 0, Math.PI * 2);
    ctx.fillStyle = 'rgba(0,0,0,0.35)';
    ctx.fill();
    const gradient = ctx.createRadialGradient(-radius * 0.35, -radius * 0.4, radius * 0.1, 0, 0, radius);
    const custom = color === BLACK ? colors.discBlack : colors.discWhite;
    if (custom) {
      // One colour given: the disc in that colour, with a light sheen for the same shaded look.
      ctx.beginPath();
      ctx.arc(0, 0, radius, 0, Math.PI * 2);
      ctx.fillStyle = custom;
      ctx.fill();
      gradient.addColorStop(0, 'rgba(255,255,255,0.35)');
      gradient.addColorStop(1, 'rgba(255,255,255,0)');
    } else if (color === BLACK) {
      gradient.addColorStop(0, '#5a5a5a');
      gradient.addColorStop(1, '#0b0b0b');
    } else {
      gradient.addColorStop(0, '#ffffff');
      gradient.addColorStop(1, '#cfcfcf');
    }
    ctx.beginPath();
    ctx.arc(0, 0, radius, 0, Math.PI * 2);
    ctx.fillStyle = gradient;
    ctx.fill();
    ctx.restore();
  }

  function paint() {
    frameRequested = false;
    if (!scene || cssSize <= 0) return;
    colors ??= readColors();
    const size = cssSize;
    const gutter = size * GUTTER;
    const boardSize = size - 2 * gutter;
    const cell = boardSize / 8;
    const now = performance.now();
    const progress = animationProgress(now);
    const animation = progress < 1 ? scene.animation : null;

    ctx.fillStyle = colors.frame;
    ctx.fillRect(0, 0, size, size);
    ctx.fillStyle = colors.felt;
    ctx.fillRect(gutter, gutter, boardSize, boardSize);

    ctx.strokeStyle = colors.line;
    ctx.lineWidth = Math.max(1, size / 400);
    ctx.beginPath();
    for (let i = 0; i <= 8; i++) {
      const p = gutter + i * cell;
      ctx.moveTo(p, gutter);
      ctx.lineTo(p, gutter + boardSize);
      ctx.moveTo(gutter, p);
      ctx.lineTo(gutter + boardSize, p);
    }
    ctx.stroke();
    ctx.fillStyle = colors.line;
    for (const [c, r] of [[2, 2], [6, 2], [2, 6], [6, 6]]) {
      ctx.beginPath();
      ctx.arc(gutter + c * cell, gutter + r * cell, Math.max(2, cell * 0.055), 0, Math.PI * 2);
      ctx.fill();
    }

    ctx.fillStyle = colors.coord;
    ctx.font = `600 ${Math.round(gutter * 0.62)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let i = 0; i < 8 && scene.coordinates !== false; i++) {
      const centre = gutter + (i + 0.5) * cell;
      const k = scene.flipped ? 7 - i : i;
      ctx.fillText(FILES[k], centre, gutter / 2);
      ctx.fillText(FILES[k], centre, size - gutter / 2);
      ctx.fillText(String(k + 1), gutter / 2, centre);
      ctx.fillText(String(k + 1), size - gutter / 2, centre);
    }

    // Where square `sq` is drawn: turned half a turn when the board is seen from White's side.
    const flipped = Boolean(scene.flipped);
    const at = (/** @type {number} */ sq) => (flipped ? 63 - sq : sq);
    const centreX = (/** @type {number} */ sq) => gutter + ((at(sq) % 8) + 0.5) * cell;
    const centreY = (/** @type {number} */ sq) => gutter + (Math.floor(at(sq) / 8) + 0.5) * cell;

    const radius = cell * 0.41;
    const flipping = new Set(animation ? animation.flipped : []);
    for (let sq = 0; sq < 64; sq++) {
      const color = scene.squares[sq];
      if (!color) continue;
      const cx = centreX(sq);
      const cy = centreY(sq);
      if (flipping.has(sq)) {
        // Turn the disc over: it narrows to an edge showing the old colour, then widens showing the new.
        const before = color === BLACK ? WHITE : BLACK;
        drawDisc(cx, cy, radius, progress < 0.5 ? before : color, Math.abs(Math.cos(Math.PI * progress)), colors);
      } else if (animation && sq === animation.placed) {
        drawDisc(cx, cy, radius * (0.7 + 0.3 * Math.min(1, progress * 2)), color, 1, colors);
      } else {
        drawDisc(cx, cy, radius, color, 1, colors);
      }
    }

    if (scene.lastMoves) {
      // Each side's last move, in the red of the last move, large enough to be seen across a
      // room: the latest a dot, the move before it (the other side's) a ring of the same size.
      for (const [i, last] of scene.lastMoves.entries()) {
        ctx.beginPath();
        ctx.arc(centreX(last.square), centreY(last.square), cell * 0.15, 0, Math.PI * 2);
        if (i === 0) {
          ctx.fillStyle = colors.last;
          ctx.fill();
        } else {
          ctx.strokeStyle = colors.last;
          ctx.lineWidth = Math.max(2, cell * 0.065);
          ctx.stroke();
        }
      }
    } else if (scene.lastMove >= 0) {
      const cx = centreX(scene.lastMove);
      const cy = centreY(scene.lastMove);
      ctx.beginPath();
      ctx.arc(cx, cy, cell * 0.08, 0, Math.PI * 2);
      ctx.fillStyle = colors.last;
      ctx.fill();
    }

    const hinted = new Set(scene.hints.map((h) => h.square));
    // The markers stand out from the felt by at least 3:1 (WCAG's contrast for graphics), so that
    // they read on a washed-out projector too: nearly opaque, in the colour of the side to move.
    ctx.fillStyle = colors.marker || (scene.moverColor === 'black' ? 'rgba(0,0,0,0.8)' : 'rgba(255,255,255,0.88)');
    for (const sq of scene.legal) {
      if (hinted.has(sq)) continue;
      ctx.beginPath();
      ctx.arc(centreX(sq), centreY(sq), cell * 0.12, 0, Math.PI * 2);
      ctx.fill();
    }

    for (const hint of scene.hints) {
      const cx = centreX(hint.square);
      const cy = centreY(hint.square);
      ctx.beginPath();
      ctx.arc(cx, cy, cell * 0.36, 0, Math.PI * 2);
      ctx.fillStyle = hint.best ? 'rgba(0,0,0,0.45)' : 'rgba(0,0,0,0.25)';
      ctx.fill();
      ctx.fillStyle = hint.best ? colors.hintBest : colors.hint;
      ctx.font = `${hint.best ? 700 : 500} ${Math.round(cell * (hint.text.length > 3 ? 0.24 : 0.3))}px system-ui, sans-serif`;
      ctx.fillText(hint.text, cx, hint.book ? cy - cell * 0.07 : cy);
      if (hint.book) {
        // A move of the opening book: its value is the book's, said under the number.
        ctx.font = `600 ${Math.round(cell * 0.15)}px system-ui, sans-serif`;
        ctx.fillText('book', cx, cy + cell * 0.17);
      }
    }

    // The review's best move: a ring, so that the disc, marker or hint under it stays readable.
    const bestMove = scene.bestMove ?? -1;
    if (bestMove >= 0) {
      ctx.beginPath();
      ctx.arc(centreX(bestMove), centreY(bestMove), cell * 0.4, 0, Math.PI * 2);
      ctx.strokeStyle = colors.hintBest;
      ctx.lineWidth = Math.max(2, cell * 0.06);
      ctx.stroke();
    }

    if (animation) requestFrame();
  }

  function requestFrame() {
    if (!frameRequested) {
      frameRequested = true;
      requestAnimationFrame(paint);
    }
  }

  new ResizeObserver(resize).observe(canvas);
  // A zoom or a move to another screen changes the pixel ratio without changing the CSS size.
  window.addEventListener('resize', resize);
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    colors = null;
    requestFrame();
  });

  return {
    /** Draws `next` (synchronously, so that "drawn" means drawn).
     * @param {Scene} next */
    draw(next) {
      scene = next;
      if (cssSize <= 0) resize();
      else paint();
    },
    /** Reads the colours again at the next paint (after the page changed its custom properties). */
    restyle() {
      colors = null;
    },
  };
}
