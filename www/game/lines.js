// The lines of a game as a tree: the main line (the game) and every variation tried from one of
// its positions, each move a node whose first child continues its line. A line is named by its
// moves from the start (two characters each, `pa` for a pass), as the record writes them. Lines
// tried after the main line's last move (an analysis line played from the game's latest
// position, say) are variations too: the tree then says where the main line ends (`mainEnd`).
// Pure data: the page keeps a Game for the line shown and this tree beside it (app.js).

/** @typedef {{move: string, children: LineNode[]}} LineNode */

/** A transcript ("f5d6pa") as its moves (["f5", "d6", "pa"]).
 * @param {string} transcript */
export const movesOf = (transcript) => transcript.match(/../g) ?? [];

export class Lines {
  constructor() {
    /** The start position: its children are the first moves tried, the main line's first.
     * @type {LineNode} */
    this.root = { move: '', children: [] };
    /** The main line's length when lines were tried after its last move (every move from there
     * is a variation's, none the game's); null when the main line goes on through each
     * position's first move as far as the tree goes. @type {number | null} */
    this.mainEnd = null;
  }

  /** The tree of `lines` (transcripts), in their order: the first is the main line (where a
   * later line goes on after its end, that line is a variation from its last position).
   * @param {string[]} lines */
  static fromTranscripts(lines) {
    const tree = new Lines();
    for (const line of lines) tree.add(movesOf(line));
    const main = movesOf(lines[0] ?? '');
    if (lines.length && tree.node(main)?.children.length) tree.mainEnd = main.length;
    return tree;
  }

  /** The node reached by `moves` from the start, or null when that line is not in the tree.
   * @param {string[]} moves */
  node(moves) {
    let node = this.root;
    for (const move of moves) {
      const next = node.children.find((child) => child.move === move);
      if (!next) return null;
      node = next;
    }
    return node;
  }

  /** Adds `moves` as a line (the moves already there are shared; a new move goes after the
   * moves tried before it at that position, so it never displaces a line).
   * @param {string[]} moves */
  add(moves) {
    let node = this.root;
    for (const move of moves) {
      let next = node.children.find((child) => child.move === move);
      if (!next) {
        next = { move, children: [] };
        node.children.push(next);
      }
      node = next;
    }
  }

  /** Adds `moves` as a variation where they leave the tree: as `add` does, but moves that go on
   * from the main line's last position are a variation from there, not the game's.
   * @param {string[]} moves */
  addVariation(moves) {
    let node = this.root;
    let shared = 0;
    for (const move of moves) {
      const next = node.children.find((child) => child.move === move);
      if (!next) break;
      node = next;
      shared++;
    }
    if (shared < moves.length && !node.children.length && this.mainEnd === null && this.isMain(moves.slice(0, shared))) this.mainEnd = shared;
    this.add(moves);
  }

  /** Plays `moves`, which go on from the main line's last position, as the game's: each becomes
   * the first at its position, and the main line ends after them (lines tried after them stay
   * variations).
   * @param {string[]} moves */
  extendMain(moves) {
    this.add(moves);
    this.promote(moves);
    this.mainEnd = this.node(moves)?.children.length ? moves.length : null;
  }

  /** Whether `moves` lead to the main line's last position while lines were tried after it (a
   * move played there by hand goes on with the game: `extendMain`).
   * @param {string[]} moves */
  isMainEnd(moves) {
    return this.mainEnd === moves.length && this.isMain(moves);
  }

  /** `moves` and the line that continues from there (each position's first move), as far as
   * the tree goes, and on the main line no further than its end: what redo replays after
   * `moves`.
   * @param {string[]} moves */
  continuation(moves) {
    const line = [...moves];
    let node = this.node(moves);
    const end = this.mainEnd !== null && this.isMain(moves) ? this.mainEnd : Infinity;
    while (node && node.children.length && line.length < end) {
      node = node.children[0];
      line.push(node.move);
    }
    return line;
  }

  /** The main line: the first move at every position. */
  mainLine() {
    return this.continuation([]);
  }

  /** True when every move of `moves` is the first at its position (the position is on the main
   * line); false, too, for a line not in the tree.
   * @param {string[]} moves */
  isMain(moves) {
    if (this.mainEnd !== null && moves.length > this.mainEnd) return false;
    let node = this.root;
    for (const move of moves) {
      if (!node.children.length || node.children[0].move !== move) return false;
      node = node.children[0];
    }
    return true;
  }

  /** How many lines branch from the main line or from each other. */
  variationCount() {
    let count = 0;
    /** @param {LineNode} node */
    const visit = (node) => {
      count += Math.max(0, node.children.length - 1);
      node.children.forEach(visit);
    };
    visit(this.root);
    // After the main line's end, the first line tried is a variation too.
    return count + (this.mainEnd === null ? 0 : 1);
  }

  /** Every line to its end, as transcripts: the main line first, then each variation in the
   * order of the tree (what `fromTranscripts` rebuilds the same tree from).
   * @returns {string[]} */
  transcripts() {
    /** @type {string[]} */
    const lines = this.mainEnd === null ? [] : [this.mainLine().join('')];
    /** @param {LineNode} node @param {string} path */
    const visit = (node, path) => {
      if (!node.children.length) lines.push(path);
      for (const child of node.children) visit(child, path + child.move);
    };
    visit(this.root, '');
    return lines;
  }

  /** The moves tried instead of the last of `moves` (its siblings, itself included, in order),
   * as lines; empty at the start.
   * @param {string[]} moves */
  alternatives(moves) {
    if (!moves.length) return [];
    const parent = this.node(moves.slice(0, -1));
    return parent ? parent.children.map((child) => [...moves.slice(0, -1), child.move]) : [];
  }

  /** Makes the line through `moves` the main line: at every position on the way its move
   * becomes the first (the lines it displaces stay, as variations), and it goes on to its end.
   * @param {string[]} moves */
  promote(moves) {
    if (this.isMain(moves)) return;
    this.mainEnd = null;
    let node = this.root;
    for (const move of moves) {
      const index = node.children.findIndex((child) => child.move === move);
      if (index < 0) return;
      const [child] = node.children.splice(index, 1);
      node.children.unshift(child);
      node = child;
    }
  }

  /** The variation that `moves` is on, from the move where it leaves its parent line: what
   * deleting it removes. Null on the main line (the game is not deleted this way).
   * @param {string[]} moves
   * @returns {string[] | null} */
  variationOf(moves) {
    let node = this.root;
    let branch = -1;
    for (const [i, move] of moves.entries()) {
      const index = node.children.findIndex((child) => child.move === move);
      if (index < 0) return null;
      // A first move is a variation's too where the main line ends before it.
      if (index > 0 || (branch < 0 && i === this.mainEnd)) branch = i;
      node = node.children[index];
    }
    return branch < 0 ? null : moves.slice(0, branch + 1);
  }

  /** Removes the variation `moves` is on (see `variationOf`) and everything after it; returns
   * the position it branched from (the line to show next), or null on the main line.
   * @param {string[]} moves */
  remove(moves) {
    const variation = this.variationOf(moves);
    if (!variation) return null;
    const from = variation.slice(0, -1);
    const parent = /** @type {LineNode} */ (this.node(from));
    parent.children = parent.children.filter((child) => child.move !== variation[variation.length - 1]);
    // Nothing left after the main line's end: it ends there as any line does.
    if (this.mainEnd !== null && !this.node(this.mainLine())?.children.length) this.mainEnd = null;
    return from;
  }
}
