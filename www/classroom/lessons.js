// From what the teacher asked for (a source and an algorithm) to a searched `Lesson`, and a
// read-side wrapper that caches what the page reads from it many times (nodes, events, cut-offs).

import { Lesson, Game } from '../pkg/classroom/reversi.js';

const TTT_FILES = 'abc';

/** Tic-tac-toe square name of cell `index` (0–8, a1 first, rows top to bottom). */
export function ticTacToeSquare(index) {
  return TTT_FILES[index % 3] + String(Math.floor(index / 3) + 1);
}

/**
 * A tic-tac-toe board written as 9 cells (`X`, `O`, `-`, a1 first) turned into moves from the empty
 * board (X first, then alternating), which is what `Lesson.ticTacToe` takes. Any legal count of
 * marks has such an order; the engine checks the rest.
 */
export function ticTacToeMovesFromBoard(board) {
  const cells = board.replace(/\s+/g, '');
  if (!/^[XO-]{9}$/i.test(cells)) {
    throw new Error(`a tic-tac-toe board is 9 cells of X, O or -, a1 first (got "${board}")`);
  }
  const xs = [];
  const os = [];
  [...cells.toUpperCase()].forEach((cell, i) => {
    if (cell === 'X') xs.push(ticTacToeSquare(i));
    if (cell === 'O') os.push(ticTacToeSquare(i));
  });
  if (xs.length !== os.length && xs.length !== os.length + 1) {
    throw new Error(`X moves first, so X has as many marks as O or one more (X ${xs.length}, O ${os.length})`);
  }
  return xs.map((x, i) => x + (os[i] ?? '')).join('');
}

/** The Othello position a source names, as a `Game` (for its board text and side to move). */
export function othelloGame(source) {
  if (source.board) return Game.fromBoardAndTranscript(source.board, source.moves || '');
  return Game.fromTranscript(source.moves || '');
}

/** Searches `source` with `algorithm`; throws the engine's error (with its position for trees). */
export function createLesson(source, algorithm) {
  switch (source.kind) {
    case 'example':
      return Lesson.example(source.name, algorithm);
    case 'tree':
      return Lesson.tree(source.text, algorithm);
    case 'tictactoe': {
      const moves = source.board ? ticTacToeMovesFromBoard(source.board) + (source.moves || '') : source.moves || '';
      return Lesson.ticTacToe(moves, source.depth, source.symmetry, algorithm);
    }
    case 'othello': {
      const game = othelloGame(source);
      const board = game.board;
      game.free();
      return Lesson.othello(board, source.depth, algorithm);
    }
    default:
      throw new Error(`unknown source ${source.kind}`);
  }
}

/** Everything the page reads from one lesson, each node and event fetched from wasm once. */
export class LessonView {
  constructor(lesson, source) {
    this.lesson = lesson;
    this.source = source;
    this.kind = lesson.kind;
    this.algorithm = lesson.algorithm;
    this.players = lesson.players;
    this.nodeCount = lesson.nodeCount;
    this.eventCount = lesson.eventCount;
    this.nodes = new Map();
    this.events = new Map();
    this.result = lesson.result;
    this.boundsKind = { alphabeta: 'alphabeta', 'alphabeta-ordered': 'alphabeta', 'alphabeta-negamax': 'limits' }[this.algorithm] ?? 'none';
    /** Values are from the side to move's view at each node in the negamax forms. */
    this.negamaxView = this.algorithm === 'negamax' || this.algorithm === 'alphabeta-negamax';
    this.isGame = this.kind !== 'tree';
    // Othello: who moves at the root, so that a node's side follows from MAX / MIN.
    this.rootColor = null;
    if (this.kind === 'othello') {
      const game = othelloGame(source);
      this.rootColor = game.sideToMove;
      game.free();
    }
    this.cutoffs = this.indexCutoffs();
    this.byLabel = null;
  }

  node(id) {
    let node = this.nodes.get(id);
    if (!node) {
      node = this.lesson.node(id);
      this.nodes.set(id, node);
    }
    return node;
  }

  event(i) {
    let event = this.events.get(i);
    if (!event) {
      event = this.lesson.event(i);
      this.events.set(i, event);
    }
    return event;
  }

  state(step) {
    return this.lesson.state(step);
  }

  /** Indices of the cut-off events, in order (one pass over the trace when the lesson is made). */
  indexCutoffs() {
    const indices = [];
    for (let i = 0; i < this.eventCount; i++) {
      const event = this.lesson.event(i);
      if (event.kind === 'cutoff') {
        indices.push(i);
        this.events.set(i, event);
      }
    }
    return indices;
  }

  /** How many cut-offs happened in the first `step` events. */
  cutoffsBefore(step) {
    let lo = 0;
    let hi = this.cutoffs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cutoffs[mid] < step) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The cut-off event that skipped node `id`, if any. */
  cutoffOf(id) {
    for (const index of this.cutoffs) {
      const event = this.event(index);
      if (event.skipped.includes(id)) return event;
    }
    return null;
  }

  /** Node ids along the principal path, the root first (from the result's moves). */
  principalPath() {
    const ids = [0];
    let id = 0;
    for (const move of this.result.path) {
      const next = this.node(id).children.find((child) => this.node(child).move === move);
      if (next === undefined) break;
      ids.push(next);
      id = next;
    }
    return ids;
  }

  /** Ancestors of `id`, the root first, `id` last. */
  pathTo(id) {
    const ids = [];
    for (let at = id; at >= 0; at = this.node(at).parent) ids.unshift(at);
    return ids;
  }

  /** How a node is called in sentences: its label in a tree, its moves from the root in a game. */
  nameOf(id, rootName) {
    const node = this.node(id);
    if (!this.isGame) return node.label;
    if (id === 0) return rootName;
    return this.pathTo(id)
      .slice(1)
      .map((at) => this.node(at).move)
      .join(' ');
  }

  /** The short text drawn above a node: a tree's label, a game's move. */
  captionOf(id, rootName) {
    const node = this.node(id);
    if (!this.isGame) return node.label;
    return id === 0 ? rootName : node.move;
  }

  /** 'black' / 'white' for the side to move at an Othello node. */
  colorAt(id) {
    if (!this.rootColor) return null;
    const atRoot = this.node(id).player === this.node(0).player;
    return atRoot ? this.rootColor : this.rootColor === 'black' ? 'white' : 'black';
  }

  free() {
    this.lesson.free();
  }
}
