// One search on several AI workers sharing one WebAssembly memory: the threads build, used where
// the page is cross-origin isolated (engine-wasm.js). The engine's parallel search
// (othello::search::parallel) runs with the workers as its threads: the first worker's engine
// is the main thread and owns the transposition table, allocated once in the shared memory; each
// helper worker's engine joins its team (the same table and weights) and, for every search,
// helps until the main search ends. So the workers share one table, which the split of
// parallel-search.js (without shared memory) could not.
//
// A search is a numbered session: the page writes the number into the team's session word in
// the shared memory (Atomics.store), then asks the main worker to search with that session and
// each helper to help with it. Writing 0 stops them all within a thousand positions or so: a
// busy worker cannot read a message, but it reads the memory. The workers are never terminated
// (one stopped in the middle of an allocation would leave the memory's lock taken).

import { EngineClient, SearchCancelled } from './engine-client.js';
import { THREADS_MEMORY } from './engine-wasm.js';

/** @typedef {import('../pkg/reversi.js').SearchOptions} SearchOptions */
/** @typedef {import('../pkg/reversi.js').SearchResult} SearchResult */
/** @typedef {import('../pkg/reversi.js').SearchProgress} SearchProgress */
/** @typedef {import('../pkg/reversi.js').Hint} Hint */
/** @typedef {import('../pkg/reversi.js').MoveLine} MoveLine */
/** @typedef {import('../pkg/reversi.js').AnalysisStep} AnalysisStep */
/** @typedef {import('./engine-client.js').FileEvent} FileEvent */
/** @typedef {import('./engine-client.js').FileSource} FileSource */

/** Sessions are numbered 1 … this, then from 1 again (the session word is a signed 32-bit integer). */
const LAST_SESSION = 0x7fffffff;

export class TeamSearch {
  /**
   * `module`: the threads build, compiled; `workers()`: how many workers a search may use now
   * (the main one included); `ttMegabytes`: the shared table's size. `files`, `onFile` and
   * `onWeights` as for an EngineClient: the main worker loads the data files, and the helpers
   * evaluate with its weights; `onBroken`: the main worker could not start, or its engine failed.
   * @param {{module: WebAssembly.Module, ttMegabytes: number, workers: () => number,
   *          files?: {weights?: FileSource, book?: FileSource},
   *          onFile?: (name: 'weights' | 'book', event: FileEvent) => void,
   *          onWeights?: (event: FileEvent) => void, onBroken?: (error: Error) => void}} options
   */
  constructor({ module, ttMegabytes, workers, files, onFile, onWeights, onBroken }) {
    this.module = module;
    this.workers = workers;
    this.memory = new WebAssembly.Memory({ ...THREADS_MEMORY, shared: true });
    /** The main worker: its engine is the team's main thread. */
    this.main = new EngineClient({ module, ttMegabytes, memory: this.memory, files, onFile, onWeights, onBroken });
    /** The team's number and its session word's address, once the main worker has made it.
     * @type {Promise<{team: number, sessionAddress: number}>} */
    this.team = this.main.request('startTeam', {}, undefined, { kept: true });
    /** @type {EngineClient[]} */
    this.helpers = [];
    /** The session word's address, once known (to stop a search at once). @type {number | null} */
    this.address = null;
    this.team.then(({ sessionAddress }) => (this.address = sessionAddress), () => {});
    this.session = 0;
    /** Bumped by every cancel: a search still waiting for the team then never starts. */
    this.epoch = 0;
  }

  /** Writes `value` into the session word. @param {number} address @param {number} value */
  write(address, value) {
    // A fresh view each time: the memory's buffer is replaced when the memory grows.
    Atomics.store(new Int32Array(this.memory.buffer), address >> 2, value);
  }

  /** Helpers up to `count` (the main worker not counted), each joined to the team.
   * @param {number} count
   * @param {number} team */
  helpersUpTo(count, team) {
    while (this.helpers.length < count) {
      const helper = new EngineClient({ module: this.module, ttMegabytes: 1, memory: this.memory, files: { weights: 'none', book: 'none' } });
      helper.request('joinTeam', { team }, undefined, { kept: true }).catch(() => {});
      this.helpers.push(helper);
    }
    return this.helpers.slice(0, count);
  }

  /**
   * Opens a new session (`helped`: with the helpers the setting allows) and returns its number;
   * rejects with SearchCancelled when a cancel came first.
   * @param {boolean} helped
   */
  async open(helped) {
    const epoch = this.epoch;
    const { team, sessionAddress } = await this.team;
    if (epoch !== this.epoch) throw new SearchCancelled();
    this.session = (this.session % LAST_SESSION) + 1;
    const session = this.session;
    this.write(sessionAddress, session);
    const helpers = helped ? this.helpersUpTo(Math.max(0, Math.min(8, this.workers() || 1) - 1), team) : [];
    // Each helper answers when the session ends; nothing waits for it.
    for (const helper of helpers) helper.request('help', { session }).catch(() => {});
    return session;
  }

  /**
   * Best move for `board`, as EngineClient.search, searched by the team (`helped: false`: by the
   * main worker alone, still stoppable at once).
   * @param {string} board
   * @param {SearchOptions} options
   * @param {(progress: SearchProgress) => void} [onProgress]
   * @param {{helped?: boolean}} [how]
   * @returns {Promise<SearchResult>}
   */
  async search(board, options, onProgress, { helped = true } = {}) {
    const session = await this.open(helped);
    return this.main.search(board, { ...options, session }, onProgress);
  }

  /**
   * Every legal move's score for hints, as EngineClient.analyze, each searched by the team.
   * @param {string} board
   * @param {SearchOptions} options
   * @returns {Promise<Hint[]>}
   */
  async analyze(board, options) {
    const session = await this.open(true);
    return this.main.analyze(board, { ...options, session });
  }

  /**
   * Every legal move with its line, as EngineClient.analyzeLines, each searched by the team.
   * @param {string} board
   * @param {SearchOptions} options
   * @returns {Promise<MoveLine[]>}
   */
  async analyzeLines(board, options) {
    const session = await this.open(true);
    return this.main.analyzeLines(board, { ...options, session });
  }

  /**
   * Every legal move deepened together, as EngineClient.analyzeDeep, searched by the team.
   * @param {string} board
   * @param {SearchOptions} options
   * @param {(step: AnalysisStep) => void} [onStep]
   * @returns {Promise<AnalysisStep | null>}
   */
  async analyzeDeep(board, options, onStep) {
    const session = await this.open(true);
    return this.main.analyzeDeep(board, { ...options, session }, onStep);
  }

  /** Stops the team's search at once: pending promises reject with SearchCancelled. */
  cancel() {
    this.epoch++;
    if (this.address !== null) this.write(this.address, 0);
    this.main.cancel();
    for (const helper of this.helpers) helper.cancel();
  }

  /** Forgets what earlier searches learnt (a new game): the shared table is the main engine's. */
  clear() {
    this.main.clear();
  }

  /** Fewer workers allowed: the extra helpers end themselves once their work is done. */
  closeExtraHelpers() {
    const most = Math.max(0, this.workers() - 1);
    while (this.helpers.length > most) this.helpers.pop()?.close();
  }
}
