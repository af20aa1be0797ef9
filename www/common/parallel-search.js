// Several AI workers on one search, without shared memory (no SharedArrayBuffer, so no special
// server headers: static hosting and the embed keep working). A worker's search blocks its thread,
// so the workers cannot share a table or hear of a better bound while they search; what they can
// share travels between searches. The root's moves are therefore handed out one at a time:
//
// - each iteration searches the previous best move first with a full window (its value becomes
//   alpha, the bound every other move must beat);
// - meanwhile the other workers test the other moves with a null window at the previous
//   iteration's value (speculation: most moves fail low, and a move below that bound is below the
//   new one too when the best move's value did not drop);
// - once alpha is known, every move not yet shown to be at most alpha is tested against it with a
//   null window, and a move that beats it is searched again with the window (alpha, +infinity):
//   its value is the new alpha.
//
// An exact endgame is split the same way (the workers solve the moves' positions). Each request
// carries the time left, so a worker stops by itself at the deadline; an iteration cut short keeps
// the best move proved so far. The engine side is `Searcher.searchWindow` (src/othello/search/split.rs).

import { Game, levels, reviewAssemble } from '../pkg/reversi.js';

/** @typedef {import('./engine-client.js').EngineClient} EngineClient */
/** @typedef {import('../pkg/reversi.js').SearchOptions} SearchOptions */
/** @typedef {import('../pkg/reversi.js').SearchResult} SearchResult */
/** @typedef {import('../pkg/reversi.js').SearchProgress} SearchProgress */
/** @typedef {import('../pkg/reversi.js').WindowResult} WindowResult */
/** @typedef {import('../pkg/reversi.js').ReviewOptions} ReviewOptions */
/** @typedef {import('../pkg/reversi.js').ReviewPart} ReviewPart */
/** A move of the root and the board text after it. @typedef {{move: string, board: string}} Root */
/** The best move proved so far: its index among the roots, value, share's result and depth.
 * @typedef {{index: number, value: number | null, result: WindowResult | null, depth: number, exact?: boolean}} Best */

/** Beyond every value the engine uses (its internal INFINITY). */
const INFINITY = 1_001_000;

/** An iteration is started only while this share of the time is left: the next one would take
 * several times the last. */
const START_SHARE = 0.4;

/** Midgame iterations before an exact solve (root depth): they order the moves for the solve and
 * give a move to play if the solve runs out of time. */
const PRE_SOLVE_DEPTH = 8;

/** −x, without a −0 (which would read "−0" and differ from a search's 0).
 * @param {number} x */
function negated(x) {
  return x === 0 ? 0 : -x;
}

/** The root's moves and the board text after each.
 * @param {string} board
 * @returns {Root[]} */
function children(board) {
  const game = Game.fromBoard(board);
  const moves = Array.from(game.legalMoves());
  return moves.map((move) => {
    game.play(move);
    const child = game.board;
    game.undo();
    return { move, board: child };
  });
}

/** Empty squares of a board text (64 squares, then the side to move).
 * @param {string} board */
function emptiesOf(board) {
  return [...board.slice(0, 64)].filter((c) => c === '-' || c === '.').length;
}

/**
 * Reviews a game on several clients (as `EngineClient.review`): each position of the game is one
 * share (`Searcher.reviewPart`: its score, and the score after its best move when another was
 * played), handed to the next free client, the last positions first (the exact solves of the
 * endgame are the longest shares: started first, they do not keep one worker busy at the end);
 * `reviewAssemble` puts the shares together. Every share starts from cleared midgame tables, so
 * the review is the one a single worker makes. `onProgress` gets {done, total}.
 * @param {EngineClient[]} clients
 * @param {string} startBoard
 * @param {string} moves
 * @param {ReviewOptions} options
 * @param {(progress: {done: number, total: number}) => void} [onProgress]
 */
export async function reviewInParallel(clients, startBoard, moves, options, onProgress) {
  const total = Game.fromBoardAndTranscript(startBoard, moves).moves.length + 1;
  const order = Array.from({ length: total }, (_, i) => total - 1 - i);
  /** @type {ReviewPart[]} */
  const parts = [];
  let next = 0;
  const work = async (/** @type {EngineClient} */ client) => {
    while (next < total) {
      const index = order[next++];
      parts.push(await client.reviewPart(startBoard, moves, options, index));
      if (onProgress) onProgress({ done: parts.length, total });
    }
  };
  await Promise.all(clients.map(work));
  return reviewAssemble(startBoard, moves, parts);
}

/**
 * Runs searches on a pool of EngineClients. `clients()` gives the clients to use (the first is
 * the page's usual AI worker; it also answers the book and forced moves).
 */
export class ParallelSearch {
  /** @param {{clients: () => EngineClient[]}} options */
  constructor({ clients }) {
    this.clients = clients;
  }

  /**
   * Best move for `board` under `options` (as `EngineClient.search`: `level`, `depth`, `timeMs`,
   * `exactFromEmpties`, `evaluation`, `seed`), shared among the clients. Resolves to the same
   * fields as a search (`move, score, exact, discs, evaluation, pv, depth, nodes,
   * elapsedMs, nps, book`) plus `workers`.
   * @param {string} board
   * @param {SearchOptions} options
   * @param {(progress: SearchProgress) => void} [onProgress]
   * @returns {Promise<Omit<SearchResult, 'ttHits' | 'cutoffs'> & {workers?: number}>}
   */
  async search(board, options, onProgress) {
    const clients = this.clients();
    const started = performance.now();
    const level = options.level ? levels()[options.level - 1] : null;
    const maxDepth = options.depth ?? level?.depth ?? 60;
    const timeMs = options.timeMs ?? level?.timeMs ?? null;
    const exactFrom = options.exactFromEmpties ?? level?.exactFromEmpties ?? 0;
    const roots = children(board);
    if (clients.length < 2 || roots.length < 2) return clients[0].search(board, options, onProgress);
    // The book first (and whatever else answers without searching): a one-ply probe.
    const probe = await clients[0].search(board, { ...options, depth: 1, exactFromEmpties: 0, timeMs: undefined });
    if (probe.book) return { ...probe, workers: 1 };

    const deadline = timeMs === null ? Infinity : started + timeMs;
    // Solved when the root is within the exact solve's reach, as by one engine.
    const solving = emptiesOf(board) <= exactFrom;
    // The level's evaluation and ProbCut (a share never plays from the book), or the options' own.
    /** @type {SearchOptions} */
    const shared = {};
    if (options.level !== undefined) shared.level = options.level;
    if (options.evaluation !== undefined) shared.evaluation = options.evaluation;
    let order = roots.map((_, i) => i);
    const probeFirst = roots.findIndex((r) => r.move === probe.move);
    if (probeFirst > 0) order = [probeFirst, ...order.filter((i) => i !== probeFirst)];
    /** @type {Best} */
    let best = { index: order[0], value: null, result: null, depth: 0 };
    /** @type {number[]} */
    const values = []; // each completed iteration's value
    let nodes = probe.nodes || 0;
    // Each move's worker (see round), kept across iterations.
    const owners = roots.map((_, i) => i % clients.length);

    const report = () => {
      if (!onProgress || !best.result) return;
      onProgress({ ...this.rootFields(roots, best, best.result), nodes, elapsedMs: Math.round(performance.now() - started) });
    };
    // Root depth d searches the moves' positions to d − 1; an exact round solves them.
    const rounds = [];
    const lastMidgame = solving ? Math.min(maxDepth, PRE_SOLVE_DEPTH) : maxDepth;
    for (let d = 2; d <= lastMidgame; d++) rounds.push({ depth: d, exact: false });
    if (solving) rounds.push({ depth: emptiesOf(board), exact: true });

    for (const round of rounds) {
      const now = performance.now();
      if (best.result && timeMs !== null && now - started > START_SHARE * timeMs) break;
      const childOptions = round.exact
        ? { ...shared, depth: 1, exactFromEmpties: 64 }
        : { ...shared, depth: round.depth - 1, exactFromEmpties: 0 };
      // The bound to speculate on: the value of the iteration two back when there is one (an
      // Othello search's value swings between odd and even depths; same parity, closer value).
      const guess = values.length >= 2 && !round.exact ? values[values.length - 2] : best.value;
      const done = await this.round(clients, roots, order, childOptions, guess, deadline, owners);
      if (done.complete && done.alpha !== null) values.push(done.alpha);
      nodes += done.nodes;
      if (done.bestIndex !== null && done.bestResult !== null) {
        best = { index: done.bestIndex, value: done.alpha, result: done.bestResult, depth: round.depth, exact: round.exact };
        // Next iteration: the best move first, then the others by this one's bounds.
        order = [done.bestIndex, ...order.filter((i) => i !== done.bestIndex).sort((a, b) => done.bounds[b] - done.bounds[a])];
        if (done.complete) report();
      }
      if (!done.complete) break;
      // Every line reached the end of the game: deeper iterations change nothing.
      if (round.exact || done.bestResult?.solved) break;
    }
    const elapsedMs = Math.round(performance.now() - started);
    if (!best.result) {
      // Not even the first move's shallowest search finished: the probe's move.
      return { ...probe, nodes, elapsedMs, workers: clients.length };
    }
    return {
      ...this.rootFields(roots, best, best.result),
      nodes,
      elapsedMs,
      nps: elapsedMs > 0 ? Math.round((nodes * 1000) / elapsedMs) : 0,
      book: false,
      workers: clients.length,
    };
  }

  /** The root's move, score and line from the best move's share (`best.result`).
   * @param {Root[]} roots
   * @param {Best} best
   * @param {WindowResult} r */
  rootFields(roots, best, r) {
    return {
      move: roots[best.index].move,
      score: negated(r.score),
      exact: r.exact,
      discs: negated(r.discs),
      evaluation: r.evaluation,
      pv: [roots[best.index].move, ...r.pv],
      depth: best.exact ? r.depth + 1 : best.depth,
    };
  }

  /**
   * One iteration over the root's moves (indices in `order`, the expected best first). Returns
   * {complete, bestIndex, alpha, bestResult, bounds, nodes}: `bounds[i]` is an upper bound on move
   * i's value (its value for the best move), `complete` false when the deadline cut it short
   * (`bestIndex` is then the best move proved so far, or null).
   * @param {EngineClient[]} clients
   * @param {Root[]} roots
   * @param {number[]} order
   * @param {SearchOptions} childOptions
   * @param {number | null} previousValue
   * @param {number} deadline
   * @param {number[]} owners
   * @returns {Promise<{complete: boolean, bestIndex: number | null, alpha: number | null,
   *                    bestResult: WindowResult | null, bounds: number[], nodes: number}>}
   */
  async round(clients, roots, order, childOptions, previousValue, deadline, owners) {
    const n = roots.length;
    const first = order[0];
    // Each move has a worker of its own across iterations: the one that searched it last (its table
    // holds the move's tree). A free worker takes its own moves first, then helps with the others,
    // and a move it helped with becomes its own (with a fixed owner per move, a helped move was
    // searched twice from a cold table: by the helper, then by its owner one depth deeper; 14.4 M
    // against 11.9 M nodes for 4 positions at depth 17 with two workers).
    const owner = (/** @type {number} */ i) => owners[i];
    const firstOwner = owner(first);
    const hi = new Array(n).fill(INFINITY); // upper bound on each move's value
    const lo = new Array(n).fill(-INFINITY); // lower bound
    const busy = new Array(n).fill(false);
    /** @type {number | null} */
    let alpha = null;
    /** @type {number | null} */
    let bestIndex = null;
    /** @type {WindowResult | null} */
    let bestResult = null;
    let nodes = 0;
    let aborted = false;
    let failed = false; // a request failed or was cancelled: every loop stops
    /** @type {() => void} */
    let alphaKnown = () => {};
    /** @type {Promise<void>} */
    const alphaReady = new Promise((resolve) => (alphaKnown = resolve));

    /** @type {(me: number, index: number, low: number, high: number) => Promise<{value: number, result: WindowResult}>} */
    const ask = async (me, index, low, high) => {
      const client = clients[me];
      const timeMs = deadline === Infinity ? undefined : Math.max(1, Math.floor(deadline - performance.now()));
      // The move's position is searched from the other side: the window turns over.
      let r;
      try {
        r = await client.searchWindow(roots[index].board, { ...childOptions, timeMs }, -high, -low);
      } catch (error) {
        failed = true;
        throw error;
      }
      nodes += r.nodes;
      if (r.aborted) aborted = true;
      else owners[index] = me;
      return { value: negated(r.value), result: r };
    };
    const resolved = (/** @type {number} */ i) => i === bestIndex || (alpha !== null && hi[i] <= alpha);
    const speculated = new Array(n).fill(false);
    // What a free worker may take: while alpha is unknown, a move not yet tested against the
    // previous iteration's value; then any move not yet shown to be at most alpha.
    const wanted = (/** @type {number} */ i) => {
      if (busy[i] || resolved(i)) return false;
      if (alpha !== null) return true;
      return i !== first && previousValue !== null && !speculated[i];
    };

    // The expected best move, with a full window: its value is alpha.
    const firstSearch = (async () => {
      busy[first] = true;
      try {
        const { value, result } = await ask(firstOwner, first, -INFINITY, INFINITY);
        if (!aborted) {
          alpha = value;
          lo[first] = hi[first] = value;
          bestIndex = first;
          bestResult = result;
        }
      } finally {
        busy[first] = false;
        alphaKnown(); // also when it failed: the waiting loops see it and stop
      }
    })();

    const work = async (/** @type {number} */ me) => {
      for (;;) {
        if (aborted || failed) return;
        const next = order.find((i) => owner(i) === me && wanted(i)) ?? order.find(wanted);
        if (next === undefined) {
          if (alpha !== null || aborted) return;
          await alphaReady; // nothing to speculate on: wait for alpha, then look again
          if (alpha === null) return; // the first move's search was cut short or failed
          continue;
        }
        busy[next] = true;
        if (alpha === null) speculated[next] = true;
        try {
          if (alpha !== null && lo[next] > alpha) {
            // Known to beat alpha: its value, searched with the window (alpha, +infinity).
            const a = alpha;
            const { value, result } = await ask(me, next, a, INFINITY);
            if (aborted) return;
            if (value > a) {
              lo[next] = hi[next] = value;
              if (alpha === null || value > alpha) {
                alpha = value;
                bestIndex = next;
                bestResult = result;
              }
            } else {
              hi[next] = Math.min(hi[next], value);
            }
          } else {
            // Does it beat the bound (alpha, or the previous iteration's value while alpha is unknown)?
            // (`wanted` takes a move before alpha is known only when there is a previous value.)
            const a = /** @type {number} */ (alpha ?? previousValue);
            const { value } = await ask(me, next, a, a + 1);
            if (aborted) return;
            if (value <= a) hi[next] = Math.min(hi[next], value);
            else lo[next] = Math.max(lo[next], value);
          }
        } finally {
          busy[next] = false;
        }
      }
    };

    // The first move's owner searches it, then helps with the rest.
    await Promise.all(clients.map((_, me) => (me === firstOwner ? firstSearch.then(() => work(me)) : work(me))));
    const complete = !aborted && alpha !== null && order.every((i) => resolved(i));
    const bounds = hi.map((h, i) => (i === bestIndex ? alpha : h));
    return { complete, bestIndex, alpha, bestResult, bounds, nodes };
  }
}
