// From what the teacher asked for (a source and an algorithm) to a searched `Lesson`, and a
// read-side wrapper that caches what the page reads from it many times (nodes, events, cut-offs).

import { Lesson, Game, searchUntraced } from '../pkg/classroom/reversi.js';
import { t } from './language.js';

/** @typedef {import('./address.js').Source} Source */
/** @typedef {import('../pkg/classroom/reversi.js').LessonSpec} LessonSpec */
/** @typedef {import('../pkg/classroom/reversi.js').LessonNode} LessonNode */
/** @typedef {import('../pkg/classroom/reversi.js').LessonEvent} LessonEvent */
/** @typedef {import('../pkg/classroom/reversi.js').NodeState} NodeState */
/** @typedef {import('../pkg/classroom/reversi.js').LessonResult} LessonResult */
/** The options of a game's search. @typedef {{iterative?: boolean, table?: boolean}} SearchOptions */

const TTT_FILES = 'abc';

/** Tic-tac-toe square name of cell `index` (0–8, a1 first, rows top to bottom).
 * @param {number} index */
export function ticTacToeSquare(index) {
  return TTT_FILES[index % 3] + String(Math.floor(index / 3) + 1);
}

/**
 * A tic-tac-toe board written as 9 cells (`X`, `O`, `-`, a1 first) turned into moves from the empty
 * board (X first, then alternating), which is what `Lesson.ticTacToe` takes. Any legal count of
 * marks has such an order; the engine checks the rest.
 * @param {string} board
 */
export function ticTacToeMovesFromBoard(board) {
  const cells = board.replace(/\s+/g, '');
  if (!/^[XO-]{9}$/i.test(cells)) {
    throw new Error(t('ttt.badBoard', { board }));
  }
  /** @type {string[]} */
  const xs = [];
  /** @type {string[]} */
  const os = [];
  [...cells.toUpperCase()].forEach((cell, i) => {
    if (cell === 'X') xs.push(ticTacToeSquare(i));
    if (cell === 'O') os.push(ticTacToeSquare(i));
  });
  if (xs.length !== os.length && xs.length !== os.length + 1) {
    throw new Error(t('ttt.badCount', { x: xs.length, o: os.length }));
  }
  return xs.map((x, i) => x + (os[i] ?? '')).join('');
}

/** The Othello position a source names, as a `Game` (for its board text and side to move).
 * @param {Source} source */
export function othelloGame(source) {
  if (source.board) return Game.fromBoardAndTranscript(source.board, source.moves || '');
  return Game.fromTranscript(source.moves || '');
}

/**
 * The engine's spec of a lesson (`Lesson.create`, `searchUntraced`, `nodeCounts`): the source, the
 * algorithm and the options (`iterative`, `table`: games only).
 * @param {Source} source
 * @param {string} algorithm
 * @param {SearchOptions} [options]
 * @returns {LessonSpec}
 */
export function specOf(source, algorithm, options = {}) {
  const game = source.kind === 'tictactoe' || source.kind === 'othello';
  /** @type {{algorithm: string, iterative?: boolean, table?: boolean}} */
  const spec = { algorithm };
  if (game) {
    spec.iterative = Boolean(options.iterative ?? source.iterative);
    spec.table = Boolean(options.table ?? source.table);
  }
  switch (source.kind) {
    case 'example':
      return { ...spec, kind: 'example', name: source.name };
    case 'tree':
      return { ...spec, kind: 'tree', text: /** @type {string} */ (source.text) };
    case 'tictactoe': {
      const moves = source.board ? ticTacToeMovesFromBoard(source.board) + (source.moves || '') : source.moves || '';
      return { ...spec, kind: 'tictactoe', moves, depth: source.depth, symmetry: source.symmetry };
    }
    case 'othello': {
      const game = othelloGame(source);
      const board = game.board;
      game.free();
      return { ...spec, kind: 'othello', position: board, depth: source.depth };
    }
    default:
      throw new Error(`unknown source ${source.kind}`);
  }
}

/** Searches `source` with `algorithm` (and options); throws the engine's error (with its position for trees).
 * @param {Source} source
 * @param {string} algorithm
 * @param {SearchOptions} [options] */
export function createLesson(source, algorithm, options = {}) {
  return Lesson.create(specOf(source, algorithm, options));
}

/** Whether an engine error says the trace would pass its bound (then search without it).
 * @param {any} error */
export function isTooLarge(error) {
  return /too large to show step by step/.test(String(error?.message ?? error));
}

/**
 * A lesson too large to step through, searched without its trace: the result and counts, and the
 * one-click ways to a lesson that can be stepped (the largest smaller depth that fits, alpha-beta).
 * @param {Source} source
 * @param {string} algorithm
 * @param {SearchOptions} [options]
 */
export function untracedSearch(source, algorithm, options = {}) {
  const result = searchUntraced(specOf(source, algorithm, options));
  const fits = (/** @type {Source} */ s, /** @type {string} */ a) => {
    try {
      return searchUntraced(specOf(s, a, options)).traceable;
    } catch {
      return false;
    }
  };
  let smallerDepth = null;
  if (source.kind === 'tictactoe' || source.kind === 'othello') {
    // Tic-tac-toe's depth 0 is "to the end": the largest of all.
    const from = source.depth === 0 ? 9 : /** @type {number} */ (source.depth) - 1;
    for (let depth = from; depth >= 1; depth--) {
      if (fits({ ...source, depth }, algorithm)) {
        smallerDepth = depth;
        break;
      }
    }
  }
  const pruning = ['alphabeta', 'alphabeta-ordered', 'alphabeta-negamax', 'pvs'].includes(algorithm);
  const alphabeta = !pruning && algorithm !== 'maxn' && fits(source, 'alphabeta');
  return { source, algorithm, options, result, smallerDepth, alphabeta };
}

/** Yields to the page (input, rendering) and resumes at once, without setTimeout's 4 ms clamp. */
export function yieldToPage() {
  return /** @type {Promise<void>} */ (new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  }));
}

/** `Lesson.eventKinds()` codes. */
const CUTOFF = 3;

/**
 * Everything the page reads from one lesson, each node and event fetched from wasm once.
 *
 * A step must cost what changes on screen, never the whole tree: the engine's `state(step)` lists
 * every node touched so far (20,000 on the largest trees). So the view keeps the state of every
 * node reached at the step on show, and moves from step to step with the engine's
 * `changes(from, to)`: the counters and only the nodes whose state differs, at a cost of the events
 * between the two steps. A long jump (End on a 200,000-event trace) is taken in slices of
 * `jumpSlice` events, the page answering in between (`moveTowards`).
 */
export class LessonView {
  /** @param {Lesson} lesson
   * @param {Source} source */
  constructor(lesson, source) {
    this.lesson = lesson;
    this.source = source;
    this.kind = lesson.kind;
    this.algorithm = lesson.algorithm;
    this.players = lesson.players;
    this.nodeCount = lesson.nodeCount;
    this.eventCount = lesson.eventCount;
    /** @type {(LessonNode | undefined)[]} */
    this.nodes = new Array(this.nodeCount);
    /** @type {Map<number, LessonEvent>} */
    this.events = new Map();
    this.result = lesson.result;
    /** @type {Record<string, string>} */
    const boundsKinds = { alphabeta: 'alphabeta', 'alphabeta-ordered': 'alphabeta', 'alphabeta-negamax': 'limits', pvs: 'limits' };
    this.boundsKind = boundsKinds[this.algorithm] ?? 'none';
    /** Values are from the side to move's view at each node in the negamax forms. */
    this.negamaxView = this.algorithm === 'negamax' || this.algorithm === 'alphabeta-negamax' || this.algorithm === 'pvs';
    /** Iterative deepening: each depth's search has its own root (depth → root id). */
    this.iterationRoots = new Map((this.result.iterations ?? []).map((iteration) => [iteration.depth, iteration.root]));
    this.lastRoot = lesson.root ?? 0;
    this.isGame = this.kind !== 'tree';
    // Othello: who moves at the root, so that a node's side follows from MAX / MIN.
    /** @type {'black' | 'white' | null} */
    this.rootColor = null;
    if (this.kind === 'othello') {
      const game = othelloGame(source);
      this.rootColor = game.sideToMove;
      game.free();
    }
    this.freed = false;
    this.nodesRead = false;

    /** The replay at `step`: the state of every node reached, and the counters. */
    this.step = 0;
    /** @type {Map<number, NodeState>} */
    this.states = new Map();
    this.counters = { current: -1, leaves: 0, nodesVisited: 0, iteration: 0 };

    /** Indices of the cut-off events, in order (the kinds of all events come in one call). */
    const kinds = lesson.eventKinds();
    /** @type {number[]} */
    this.cutoffs = [];
    for (let i = 0; i < kinds.length; i++) if (kinds[i] === CUTOFF) this.cutoffs.push(i);
    /** Which cut-off skipped each node, for the cut-offs read so far (`cutoffOf`).
     * @type {Map<number, number>} */
    this.cutoffByNode = new Map();
    this.cutoffsIndexed = 0;
    /** Node ids along the principal path, once asked for. @type {number[] | null} */
    this.principal = null;
    /** Whether children may be searched in another order than generated (ordering, iterative deepening, the table). */
    this.ordersChildren = ['alphabeta-ordered', 'pvs'].includes(this.algorithm) || Boolean(this.result.iterative || this.result.table);
    /** Each inner node's children in the order searched, once asked for. @type {Map<number, number[]>} */
    this.searchOrder = new Map();
  }

  /** @param {number} id
   * @returns {LessonNode} */
  node(id) {
    let node = this.nodes[id];
    if (!node) {
      node = this.lesson.node(id);
      this.nodes[id] = node;
    }
    return node;
  }

  /**
   * A node's children in the order the search takes them: the order of its `order` event (move
   * ordering, the previous iteration's or the table's move first) once the algorithm orders, else
   * the order GERMOV gives (a tree's written order).
   * @param {number} id
   */
  childrenOf(id) {
    const node = this.node(id);
    if (!this.ordersChildren || node.children.length < 2) return node.children;
    let ordered = this.searchOrder.get(id);
    if (!ordered) {
      const event = /** @type {import('../pkg/classroom/reversi.js').OrderEvent | null} */ (this.lesson.orderOf(id, this.eventCount));
      const listed = event ? event.children : [];
      // Children the order event does not list (none, normally) keep their place after it.
      ordered = [...listed, ...node.children.filter((child) => !listed.includes(child))];
      this.searchOrder.set(id, ordered);
    }
    return ordered;
  }

  /** Reads every node at once (one call): a typed tree draws them all. */
  readNodes() {
    if (this.nodesRead) return;
    const all = this.lesson.nodes();
    for (const node of all) this.nodes[node.id] = node;
    this.nodesRead = true;
  }

  /** @param {number} i
   * @returns {LessonEvent} */
  event(i) {
    let event = this.events.get(i);
    if (!event) {
      event = this.lesson.event(i);
      // A few kept (the narrated ones, the cut-offs listed): the page asks for them again.
      if (this.events.size > 512) this.events.clear();
      this.events.set(i, event);
    }
    return event;
  }

  // --- The replay -----------------------------------------------------------------------------

  /** Events a single move reads at most (about 60 ms for 80,000); a longer jump is cut into slices of this many. */
  static jumpSlice = 80_000;

  /** Whether `step` is reached in one move (no slices).
   * @param {number} step */
  isNear(step) {
    return Math.abs(step - this.step) <= LessonView.jumpSlice;
  }

  /** Moves the replay to `step` at once (whatever the distance).
   * @param {number} step */
  moveTo(step) {
    const target = Math.max(0, Math.min(this.eventCount, step));
    if (target === this.step || this.freed) return;
    if (target === 0) {
      // Nothing is reached before the first event: no need to hear it node by node.
      this.states.clear();
      this.counters = { current: -1, leaves: 0, nodesVisited: 0, iteration: 0 };
      this.step = 0;
      return;
    }
    const changes = this.lesson.changes(this.step, target);
    for (const state of changes.nodes) {
      if (state.status === 'unseen') this.states.delete(state.id);
      else this.states.set(state.id, state);
    }
    this.counters = { current: changes.current ?? -1, leaves: changes.leaves, nodesVisited: changes.nodesVisited, iteration: changes.iteration ?? 0 };
    this.step = target;
  }

  /** Moves one slice towards `step`; true once there.
   * @param {number} step */
  moveTowards(step) {
    const slice = LessonView.jumpSlice;
    const next = step > this.step ? Math.min(step, this.step + slice) : Math.max(step, this.step - slice);
    this.moveTo(next);
    return this.step === step;
  }

  /** Node `id`'s state at the step on show (`{id, status, value?, bound?, …bounds, best?}`), or undefined before the search reaches it. */
  /** @param {number} id */
  stateOf(id) {
    return this.states.get(id);
  }

  /** How many cut-offs happened in the first `step` events.
   * @param {number} step */
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

  /** The cut-off event that skipped node `id`, among those of the step on show.
   * @param {number} id */
  cutoffOf(id) {
    const known = this.cutoffsBefore(this.step);
    while (this.cutoffsIndexed < known) {
      const index = this.cutoffs[this.cutoffsIndexed++];
      for (const child of this.cutoffEvent(index).skipped) this.cutoffByNode.set(child, index);
    }
    const index = this.cutoffByNode.get(id);
    return index === undefined || index >= this.step ? null : this.cutoffEvent(index);
  }

  /** Event `i`, a cut-off (its kind is known from `eventKinds`).
   * @param {number} i */
  cutoffEvent(i) {
    return /** @type {import('../pkg/classroom/reversi.js').CutoffEvent} */ (this.event(i));
  }

  /** The root of the search under way at the step on show (iterative deepening: its iteration's). */
  shownRoot() {
    if (this.iterationRoots.size === 0) return 0;
    if (this.step === this.eventCount) return this.lastRoot;
    return this.iterationRoots.get(this.counters.iteration) ?? 0;
  }

  /** Node ids along the principal path, the root first (from the result's moves). */
  principalPath() {
    if (this.principal) return this.principal;
    const ids = [this.lastRoot];
    let id = this.lastRoot;
    for (const move of this.result.path) {
      const next = this.node(id).children.find((child) => this.node(child).move === move);
      if (next === undefined) break;
      ids.push(next);
      id = next;
    }
    this.principal = ids;
    return ids;
  }

  /** Ancestors of `id`, the root first, `id` last.
   * @param {number} id */
  pathTo(id) {
    const ids = [];
    for (let at = id; at >= 0; at = this.node(at).parent) ids.push(at);
    return ids.reverse();
  }

  /**
   * How a node is called in sentences: its label in a tree; in a game its moves from the root
   * ("b2 → a1"), since the same move appears on several levels.
   * @param {number} id
   * @param {string} rootName
   */
  nameOf(id, rootName) {
    const node = this.node(id);
    if (!this.isGame) return node.label;
    if (node.parent < 0) return rootName;
    return this.pathTo(id)
      .slice(1)
      .map((at) => this.node(at).move)
      .join(' → ');
  }

  /** The short text drawn above a node: a tree's label, a game's move.
   * @param {number} id
   * @param {string} rootName */
  captionOf(id, rootName) {
    const node = this.node(id);
    if (!this.isGame) return node.label;
    return node.parent < 0 ? rootName : node.move;
  }

  /** 'black' / 'white' for the side to move at an Othello node.
   * @param {number} id */
  colorAt(id) {
    if (!this.rootColor) return null;
    const atRoot = this.node(id).player === this.node(this.pathTo(id)[0]).player;
    return atRoot ? this.rootColor : this.rootColor === 'black' ? 'white' : 'black';
  }

  free() {
    this.freed = true;
    this.lesson.free();
  }
}
