// How the search tree is drawn: the tunables of the drawing, a lesson's sizes of boxes, rows, gaps
// and type, and the measures of its text (a value's type shrinks to fit its box, a long label's
// too). Lengths in the SVG's user units.

import { GEOMETRY } from './tree-layout.js';
import { formatValue } from './format.js';

/** @typedef {import('./lessons.js').LessonView} LessonView */
/** @typedef {import('./tree-view.js').Sheet} Sheet */

export const NS = 'http://www.w3.org/2000/svg';

/** Every tunable of the drawing, in one place (lengths in the SVG's user units). */
export const TREE_CONFIG = {
  /** Largest type of a node's value; longer values shrink to fit their box, down to minValueSize. */
  valueSize: 28,
  minValueSize: 24,
  /** The labels above the boxes, the bounds under them, the marks beside the labels. */
  captionSize: 24,
  boundsSize: 24,
  markSize: 24,
  /**
   * Smallest scale of the drawing before it is drawn more compactly, or scrolls: every text a
   * student reads is then at least 24 × 0.75 = 18 px at zoom 1, from the back of a room.
   */
  minScale: 0.75,
  /** An answer sheet's least scale: 24 × 0.75 = 18 px labels, 28 × 0.75 = 21 px leaf values. */
  sheetMinScale: 0.75,
  /**
   * Games (Othello, tic-tac-toe) share the width with the position beside the tree on a 1024 px
   * projector: a smaller least scale (24 × 0.75 = 18 px), wider gaps for the marks beside labels.
   */
  game: { valueSize: 30, minScale: 0.75, gap: 22 },
  maxScale: 1.5,
  /** More shown nodes than this: only the part in view (and a margin) has elements. */
  virtualizeAbove: 400,
  /** Margin drawn around the part in view, so that a short scroll shows no gap. */
  overscan: 300,
  /** A node with more children than this draws its edges as one bus (a fan of lines would be a smear). */
  busAbove: 12,
  /** Room kept under the tree for the legend when fitting it to the window's height. */
  belowTree: 64,
};

/**
 * An SVG element with these attributes and its text (or children).
 * @param {string} tag
 * @param {Record<string, string | number>} [attributes]
 * @param {string | (Node | string)[]} [text]
 */
export function svgElement(tag, attributes = {}, text) {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (Array.isArray(text)) element.append(...text);
  else if (text !== undefined) element.textContent = text;
  return element;
}

/** Box widths of a lesson, inner nodes and leaves: room for the widest value (a bound's "≥ −23"
 * where the algorithm cuts), one number per player for vectors, tic-tac-toe's board.
 * @param {LessonView} view */
function boxWidths(view, valueSize = TREE_CONFIG.valueSize, padding = 18) {
  if (view.kind === 'tictactoe') return { inner: 150, leaf: 150 };
  if (view.kind === 'othello') return { inner: 116, leaf: 116 };
  // The longest values written (the same number of characters are about as wide), measured.
  /** @type {Set<string>} */
  let longest = new Set();
  let length = 0;
  for (let id = 0; id < view.nodeCount; id++) {
    const value = view.node(id).staticValue;
    if (value === undefined) continue;
    const text = formatValue(value);
    if (text.length > length) {
      length = text.length;
      longest = new Set([text]);
    } else if (text.length === length && longest.size < 8) {
      longest.add(text);
    }
  }
  const widest = Math.max(0, ...[...longest].map(emWidth));
  const fits = (/** @type {number} */ em) => Math.ceil(em * valueSize + padding);
  const dense = padding < 18;
  const leaf = Math.max(dense ? 44 : 66, fits(widest));
  const inner = view.boundsKind === 'none' ? leaf : Math.max(leaf, dense ? 0 : 90, fits(widest + emWidth('≥ ')));
  return { inner, leaf };
}

/**
 * How a typed tree may be drawn, from the most generous to the most compact: a tree too wide for
 * the screen at its least scale is drawn with narrower gaps, then densely (smaller boxes and rows,
 * staggered rows where neighbours would meet, no bounds under the boxes: the current node's window
 * is written above the tree), so that a 1024×768 projector shows a 32-leaf tree whole with every
 * label at 18 px or more.
 * @typedef {'normal' | 'compact' | 'dense' | 'staggered' | 'packed'} Density
 */
export const DENSITIES = /** @type {Density[]} */ (['normal', 'compact', 'dense', 'staggered', 'packed']);

/** How a lesson's tree is drawn: sizes of boxes, rows, gaps, type and the least scale.
 * @param {LessonView} view
 * @param {Sheet | undefined} sheet
 * @param {Density} [density] */
export function styleOf(view, sheet, density = 'normal') {
  if (density === 'dense' || density === 'staggered' || density === 'packed') return denseStyle(view, density);
  /** @type {{valueSize?: number, minScale?: number, gap?: number}} */
  const game = view.isGame ? TREE_CONFIG.game : {};
  const boxHeight = view.kind === 'tictactoe' ? TTT.boxHeight : GEOMETRY.boxHeight;
  const bounds = !sheet && view.boundsKind !== 'none';
  // A game's boxes stand close (its collapsed moves side by side): its α and β one above the
  // other right of the stem, where no neighbour's can meet them.
  const stacked = bounds && view.isGame;
  const { inner, leaf } = boxWidths(view);
  const compact = density === 'compact';
  return {
    density,
    showsBounds: bounds,
    margin: compact ? 72 : GEOMETRY.margin,
    width: inner,
    leafWidth: leaf,
    boxHeight,
    stacked,
    levelHeight: (bounds ? GEOMETRY.levelHeightWithBounds + (stacked ? 32 : 0) - (compact ? 12 : 0) : GEOMETRY.levelHeight) + boxHeight - GEOMETRY.boxHeight,
    gap: game.gap ?? (compact ? 10 : GEOMETRY.gap),
    underInner: bounds ? (stacked ? 78 : 46) : 0,
    /** The stem under an inner node, between its α and β (or left of them), before its edges fan out. */
    stem: bounds ? (stacked ? 70 : 38) : 0,
    below: sheet?.below,
    bottom: sheet?.bottom ?? 0,
    valueSize: game.valueSize ?? TREE_CONFIG.valueSize,
    /** The least type of a value: 18 px at the least scale (24 × 0.75 in games). */
    minValueSize: view.isGame ? 24 : TREE_CONFIG.minValueSize,
    // An answer sheet is read at a desk, its fields sized on their own (≥ 18 px): a little smaller fits 1024×768.
    minScale: sheet ? TREE_CONFIG.sheetMinScale : (game.minScale ?? TREE_CONFIG.minScale),
  };
}

/** A dense drawing: 24-unit type everywhere (18 px at the least scale), boxes just large enough,
 * rows close, neighbours that would meet staggered (`staggered`: the leaves too, at half a box's
 * distance, or `packed`: at half a box's distance, the row above staggered too if it must), no
 * bounds under the boxes.
 * @param {LessonView} view
 * @param {'dense' | 'staggered' | 'packed'} density */
function denseStyle(view, density) {
  const { inner, leaf } = boxWidths(view, 24, 8);
  const gap = 6;
  const boxHeight = 36;
  return {
    density: /** @type {Density} */ (density),
    showsBounds: false,
    margin: 72,
    top: 34,
    width: inner,
    leafWidth: leaf,
    leafPitch: density === 'packed' ? (leaf + gap) / 2 : density === 'staggered' ? staggeredPitch(view, leaf, inner, gap) : leaf + gap,
    drop: boxHeight + 24,
    boxHeight,
    stacked: false,
    levelHeight: 78,
    gap,
    underInner: 0,
    stem: 0,
    below: undefined,
    bottom: 0,
    valueSize: 24,
    minValueSize: 24,
    minScale: 0.75,
  };
}

/**
 * The distance between staggered leaves: enough for the row above them not to stagger too (its
 * boxes over their fewest children), never less than half a leaf's box and its gap.
 * @param {LessonView} view
 * @param {number} leaf
 * @param {number} inner
 * @param {number} gap
 */
function staggeredPitch(view, leaf, inner, gap) {
  let fewest = Infinity;
  for (let id = 0; id < view.nodeCount; id++) {
    const children = view.node(id).children;
    if (children.length > 0 && children.every((child) => view.node(child).children.length === 0)) fewest = Math.min(fewest, children.length);
  }
  const half = (leaf + gap) / 2;
  return Number.isFinite(fewest) ? Math.max(half, Math.min(leaf + gap, (inner + gap) / fewest)) : half;
}

/** A canvas to measure text with (never drawn). @type {CanvasRenderingContext2D | null} */
let measurer = null;
const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Width of `text` in ems of the bold value font, measured as the browser draws it.
 * @param {string} text */
function emWidth(text) {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (!measurer) return text.length * 0.65;
  measurer.font = `800 100px ${FONT_FAMILY}`;
  return measurer.measureText(text).width / 100;
}

/** A node's value as SVG text content: a bound's sign ("≥ 25") as large as its number, so that
 * the sign is read from the back of the room too.
 * @param {string} text */
export function valueContent(text) {
  const sign = /^[≥≤] /.exec(text);
  if (!sign) return text;
  return [svgElement('tspan', { class: 'bound-sign' }, sign[0]), text.slice(2)];
}

/** Width of a label in the caption font, in user units (its characters at about 0.62 em).
 * @param {string} text
 * @param {number} size */
export function captionWidth(text, size) {
  return text.length * 0.62 * size;
}

/** The largest type (up to `largest`) at which `text` fits in `width`.
 * @param {string} text
 * @param {number} width
 * @param {number} largest */
export function valueFontSize(text, width, largest, least = TREE_CONFIG.minValueSize) {
  const fits = Math.floor((width - 14) / emWidth(text));
  return Math.max(least, Math.min(largest, fits));
}

/** The label above a box: 24 units, smaller only for a long one (n19667) so that neighbours never overlap.
 * @param {string} text
 * @param {number} width
 * @param {number} gap */
export function captionFontSize(text, width, gap) {
  return Math.max(11, Math.min(TREE_CONFIG.captionSize, Math.floor((width + gap - 6) / (text.length * 0.62))));
}

/** A tic-tac-toe node's small board: its side, its inset in the box, and the taller box that holds it. */
export const TTT = { size: 54, inset: 5, boxHeight: 64 };
