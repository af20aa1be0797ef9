// Where each shown node of a search tree goes: depth gives the row, leaves of the shown tree take
// consecutive slots from left to right, and a parent sits centred over its shown children.
// Pure geometry (no DOM), in the SVG's user units.

export const GEOMETRY = {
  /** Left column holding MAX / MIN (or the player) of each level. */
  margin: 86,
  top: 30,
  boxHeight: 46,
    /** Rows are taller when α/β (or the limits) are written under the boxes. */
  levelHeight: 112,
  levelHeightWithBounds: 134,
  gap: 20,
  bottom: 30,
  right: 16,
};

/**
 * @param {(id: number) => {children: number[]}} nodeOf
 * @param {(id: number) => boolean} showsChildren  whether a node's children are drawn
 * @param {(id: number) => number} widthOf         box width of a node
 * @param {number} levelHeight                      distance between rows
 * @returns {{boxes: Map<number, {x, y, width, depth}>, width, height, depths: number}}
 */
export function layoutTree(nodeOf, showsChildren, widthOf, levelHeight = GEOMETRY.levelHeight) {
  const boxes = new Map();
  let cursor = GEOMETRY.margin;
  let deepest = 0;

  // Iterative post-order walk: the tree can be deep (tic-tac-toe has 9 plies), never recursion-limited.
  const stack = [{ id: 0, depth: 0, next: 0 }];
  while (stack.length) {
    const frame = stack[stack.length - 1];
    const node = nodeOf(frame.id);
    const children = showsChildren(frame.id) ? node.children : [];
    if (frame.next < children.length) {
      stack.push({ id: children[frame.next], depth: frame.depth + 1, next: 0 });
      frame.next++;
      continue;
    }
    stack.pop();
    const width = widthOf(frame.id);
    const y = GEOMETRY.top + frame.depth * levelHeight;
    deepest = Math.max(deepest, frame.depth);
    let x;
    if (children.length === 0) {
      x = cursor + width / 2;
    } else {
      // Every box of a tree has the same width, so a centred parent never reaches a neighbour.
      x = (boxes.get(children[0]).x + boxes.get(children[children.length - 1]).x) / 2;
    }
    boxes.set(frame.id, { x, y, width, depth: frame.depth });
    cursor = Math.max(cursor, x + width / 2 + GEOMETRY.gap);
  }
  return {
    boxes,
    width: cursor - GEOMETRY.gap + GEOMETRY.right,
    height: GEOMETRY.top + deepest * levelHeight + GEOMETRY.boxHeight + GEOMETRY.bottom,
    depths: deepest + 1,
    levelHeight,
  };
}
