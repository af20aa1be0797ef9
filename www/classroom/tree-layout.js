// Where each shown node of a search tree goes: depth gives the row, leaves of the shown tree take
// consecutive slots from left to right, and a parent sits centred over its shown children.
// Pure geometry (no DOM), in the SVG's user units.

/**
 * Where the shown nodes go: each box's centre, width and depth, the nodes by x, the drawing's size,
 * and the rows' measures (`rowTop(depth)`: the top of the boxes of a row).
 * @typedef {{boxes: Map<number, Box>, order: number[], width: number, height: number, depths: number,
 *            levelHeight: number, boxHeight: number, rowTop: (depth: number) => number, staggered: boolean,
 *            overlaps: boolean}} Layout
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
 *          underInner?: number, below?: (depth: number) => number, bottom?: number, right?: number, root?: number,
 *          margin?: number, top?: number, leafPitch?: number, drop?: number}} shape
 *   box width (and a leaf's, when narrower) and height, distance between rows, between neighbouring
 *   boxes, the room kept under an inner node of the last row (its bounds), extra room under the
 *   boxes of a row (an answer sheet's fields), extra room under the last row and right of the last
 *   box, the node drawn as the root (0 unless said), the left column and the room above the root
 *   (GEOMETRY's unless said), and for a dense drawing: the distance between neighbouring leaves
 *   (less than a box: their row is staggered) and how far the staggered boxes drop
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
    margin = GEOMETRY.margin,
    top = GEOMETRY.top,
    drop = 0,
  } = shape;
  const leafPitch = shape.leafPitch ?? leafWidth + gap;
  /** @type {Map<number, Box>} */
  const boxes = new Map();
  /** @type {number[]} */
  const order = [];
  let cursor = margin;
  let deepest = 0;
  let innerAtDeepest = false;

  // Iterative post-order walk: the tree can be deep (tic-tac-toe has 9 plies, a typed tree 64),
  // never recursion-limited. The rows' heights come after (a staggered row is taller).
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
    if (frame.depth > deepest) {
      deepest = frame.depth;
      innerAtDeepest = false;
    }
    const inner = nodeOf(frame.id).children.length > 0;
    if (frame.depth === deepest && inner) innerAtDeepest = true;
    const boxWidth = inner ? width : leafWidth;
    let x;
    if (children.length === 0) {
      x = cursor + Math.min(boxWidth, leafPitch - gap) / 2;
      cursor = Math.max(cursor, x + Math.min(boxWidth, leafPitch - gap) / 2 + gap);
    } else {
      // Children come first in the post-order walk: their boxes are placed.
      const first = /** @type {Box} */ (boxes.get(children[0]));
      const last = /** @type {Box} */ (boxes.get(children[children.length - 1]));
      x = (first.x + last.x) / 2;
      // A dense drawing staggers a row whose boxes would meet: its boxes do not push the next leaves.
      if (drop === 0) cursor = Math.max(cursor, x + boxWidth / 2 + gap);
    }
    boxes.set(frame.id, { id: frame.id, x, y: 0, width: boxWidth, depth: frame.depth });
    order.push(frame.id);
  }

  // Staggered leaves are closer than their boxes are wide: the drawing spans their boxes.
  let left = Infinity;
  let rightmost = -Infinity;
  for (const box of boxes.values()) {
    left = Math.min(left, box.x - box.width / 2);
    rightmost = Math.max(rightmost, box.x + box.width / 2);
  }
  const shift = Math.max(0, margin - left);
  for (const box of boxes.values()) box.x += shift;
  // A row whose neighbours would overlap (a dense drawing) is staggered: every other box drops.
  /** @type {Box[][]} */
  const rows = Array.from({ length: deepest + 1 }, () => []);
  for (const id of order) {
    const box = /** @type {Box} */ (boxes.get(id));
    rows[box.depth].push(box);
  }
  const staggered = rows.map((row) => drop > 0 && row.some((box, i) => i > 0 && box.x - row[i - 1].x < (box.width + row[i - 1].width) / 2 + gap));
  /** @type {number[]} */
  const tops = [top];
  const rowTop = (/** @type {number} */ depth) => {
    while (tops.length <= depth) {
      const d = tops.length - 1;
      tops.push(tops[d] + levelHeight + below(d) + (staggered[d] ? drop : 0));
    }
    return tops[depth];
  };
  for (const row of rows) row.forEach((box, i) => { box.y = rowTop(box.depth) + (staggered[box.depth] && i % 2 ? drop : 0); });
  return {
    boxes,
    order,
    width: Math.max(cursor - gap, rightmost) + shift + GEOMETRY.right + right,
    height: rowTop(deepest) + (staggered[deepest] ? drop : 0) + boxHeight + GEOMETRY.bottom + Math.max(innerAtDeepest ? underInner : 0, below(deepest)) + bottom,
    depths: deepest + 1,
    levelHeight,
    boxHeight,
    rowTop,
    staggered: staggered.some(Boolean),
    overlaps: rows.some((row, d) => {
      const step = staggered[d] ? 2 : 1;
      return row.some((box, i) => i >= step && box.x - row[i - step].x < (box.width + row[i - step].width) / 2 + gap);
    }),
  };
}
