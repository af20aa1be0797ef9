// Where each shown node of a search tree goes: depth gives the row, leaves of the shown tree take
// consecutive slots from left to right, and a parent sits centred over its shown children.
// Pure geometry (no DOM), in the SVG's user units.

/**
 * Where the shown nodes go: each box's centre, width and depth, the nodes by x, the drawing's size,
 * and the rows' measures.
 * @typedef {{boxes: Map<number, Box>, order: number[], width: number, height: number, depths: number,
 *            levelHeight: number, boxHeight: number}} Layout
 */
/** @typedef {{x: number, y: number, width: number, depth: number}} Box */

export const GEOMETRY = {
  /** Left column holding MAX / MIN (or the player) of each level. */
  margin: 92,
  top: 34,
  boxHeight: 46,
  /** Rows are taller when α/β (or the limits) are written under the boxes. */
  levelHeight: 104,
  levelHeightWithBounds: 138,
  gap: 20,
  bottom: 18,
  right: 16,
};

/**
 * @param {(id: number) => {children: number[]}} nodeOf
 * @param {(id: number) => boolean} showsChildren  whether a node's children are drawn
 * @param {{width: number, boxHeight?: number, levelHeight?: number, gap?: number, underInner?: number, root?: number}} shape
 *   box width and height, distance between rows, between neighbouring boxes, the room kept
 *   under an inner node of the last row (its bounds), and the node drawn as the root (0 unless said)
 * @returns {Layout} `order` lists the shown nodes by x (leaves left to right, each parent after its
 *   children).
 */
export function layoutTree(nodeOf, showsChildren, shape) {
  const {
    width,
    boxHeight = GEOMETRY.boxHeight,
    levelHeight = GEOMETRY.levelHeight,
    gap = GEOMETRY.gap,
    underInner = 0,
  } = shape;
  /** @type {Map<number, Box>} */
  const boxes = new Map();
  /** @type {number[]} */
  const order = [];
  let cursor = GEOMETRY.margin;
  let deepest = 0;
  let innerAtDeepest = false;

  // Iterative post-order walk: the tree can be deep (tic-tac-toe has 9 plies, a typed tree 64),
  // never recursion-limited.
  const root = shape.root ?? 0;
  const stack = [{ id: root, depth: 0, next: 0, children: showsChildren(root) ? nodeOf(root).children : [] }];
  while (stack.length) {
    const frame = stack[stack.length - 1];
    const children = frame.children;
    if (frame.next < children.length) {
      const child = children[frame.next];
      stack.push({ id: child, depth: frame.depth + 1, next: 0, children: showsChildren(child) ? nodeOf(child).children : [] });
      frame.next++;
      continue;
    }
    stack.pop();
    const y = GEOMETRY.top + frame.depth * levelHeight;
    if (frame.depth > deepest) {
      deepest = frame.depth;
      innerAtDeepest = false;
    }
    if (frame.depth === deepest && nodeOf(frame.id).children.length > 0) innerAtDeepest = true;
    let x;
    if (children.length === 0) {
      x = cursor + width / 2;
    } else {
      // Every box of a tree has the same width, so a centred parent never reaches a neighbour.
      // Children come first in the post-order walk: their boxes are placed.
      const first = /** @type {Box} */ (boxes.get(children[0]));
      const last = /** @type {Box} */ (boxes.get(children[children.length - 1]));
      x = (first.x + last.x) / 2;
    }
    boxes.set(frame.id, { x, y, width, depth: frame.depth });
    order.push(frame.id);
    cursor = Math.max(cursor, x + width / 2 + gap);
  }
  return {
    boxes,
    order,
    width: cursor - gap + GEOMETRY.right,
    height: GEOMETRY.top + deepest * levelHeight + boxHeight + GEOMETRY.bottom + (innerAtDeepest ? underInner : 0),
    depths: deepest + 1,
    levelHeight,
    boxHeight,
  };
}
