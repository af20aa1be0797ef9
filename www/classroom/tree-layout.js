// Where each shown node of a search tree goes: depth gives the row, leaves of the shown tree take
// consecutive slots from left to right, and a parent sits centred over its shown children.
// Pure geometry (no DOM), in the SVG's user units.

/**
 * Where the shown nodes go: each box's centre, width and depth, the nodes by x, the drawing's size,
 * and the rows' measures (`rowTop(depth)`: the top of the boxes of a row).
 * @typedef {{boxes: Map<number, Box>, order: number[], width: number, height: number, depths: number,
 *            levelHeight: number, boxHeight: number, rowTop: (depth: number) => number}} Layout
 */
/** @typedef {{id: number, x: number, y: number, width: number, depth: number}} Box */

export const GEOMETRY = {
  /** Left column holding MAX / MIN (or the player) of each level. */
  margin: 92,
  /** Room above the root's box for its label. */
  top: 42,
  boxHeight: 46,
  /** From one row's boxes to the next: the box, the edges, the next row's labels. */
  levelHeight: 112,
  /** Rows are taller when α/β (or the limits) are written under the boxes. */
  levelHeightWithBounds: 150,
  gap: 24,
  bottom: 18,
  right: 16,
};

/**
 * @param {(id: number) => {children: number[]}} nodeOf  a node's children in the order they are drawn
 * @param {(id: number) => boolean} showsChildren  whether a node's children are drawn
 * @param {{width: number, leafWidth?: number, boxHeight?: number, levelHeight?: number, gap?: number,
 *          underInner?: number, below?: (depth: number) => number, bottom?: number, right?: number, root?: number}} shape
 *   box width (and a leaf's, when narrower) and height, distance between rows, between neighbouring
 *   boxes, the room kept under an inner node of the last row (its bounds), extra room under the
 *   boxes of a row (an answer sheet's fields), extra room under the last row and right of the last
 *   box, and the node drawn as the root (0 unless said)
 * @returns {Layout} `order` lists the shown nodes by x (leaves left to right, each parent after its
 *   children).
 */
export function layoutTree(nodeOf, showsChildren, shape) {
  const {
    width,
    leafWidth = width,
    boxHeight = GEOMETRY.boxHeight,
    levelHeight = GEOMETRY.levelHeight,
    gap = GEOMETRY.gap,
    underInner = 0,
    below = () => 0,
    bottom = 0,
    right = 0,
  } = shape;
  /** @type {Map<number, Box>} */
  const boxes = new Map();
  /** @type {number[]} */
  const order = [];
  let cursor = GEOMETRY.margin;
  let deepest = 0;
  let innerAtDeepest = false;
  /** @type {number[]} */
  const tops = [GEOMETRY.top];
  const rowTop = (/** @type {number} */ depth) => {
    while (tops.length <= depth) tops.push(tops[tops.length - 1] + levelHeight + below(tops.length - 1));
    return tops[depth];
  };

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
    const y = rowTop(frame.depth);
    if (frame.depth > deepest) {
      deepest = frame.depth;
      innerAtDeepest = false;
    }
    const inner = nodeOf(frame.id).children.length > 0;
    if (frame.depth === deepest && inner) innerAtDeepest = true;
    const boxWidth = inner ? width : leafWidth;
    let x;
    if (children.length === 0) {
      x = cursor + boxWidth / 2;
    } else {
      // Children come first in the post-order walk: their boxes are placed.
      const first = /** @type {Box} */ (boxes.get(children[0]));
      const last = /** @type {Box} */ (boxes.get(children[children.length - 1]));
      x = (first.x + last.x) / 2;
    }
    boxes.set(frame.id, { id: frame.id, x, y, width: boxWidth, depth: frame.depth });
    order.push(frame.id);
    cursor = Math.max(cursor, x + boxWidth / 2 + gap);
  }
  return {
    boxes,
    order,
    width: cursor - gap + GEOMETRY.right + right,
    height: rowTop(deepest) + boxHeight + GEOMETRY.bottom + Math.max(innerAtDeepest ? underInner : 0, below(deepest)) + bottom,
    depths: deepest + 1,
    levelHeight,
    boxHeight,
    rowTop,
  };
}
