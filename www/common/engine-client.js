// The AI as promises. Searches run in a module worker; cancelling one terminates the worker
// (a busy single-threaded worker cannot be interrupted any other way) and starts a fresh one
// from the already compiled WebAssembly module, which takes milliseconds. A worker on a shared
// memory (the threads build, see team-search.js) is never terminated while it may be working:
// its owner stops its search through the memory, and cancelling only drops the answers.

/** Rejection reason of a request that was cancelled. */
export class SearchCancelled extends Error {
  constructor() {
    super('search cancelled');
    this.name = 'SearchCancelled';
  }
}

/** @typedef {import('../pkg/reversi.js').SearchOptions} SearchOptions */
/** @typedef {import('../pkg/reversi.js').SearchResult} SearchResult */
/** @typedef {import('../pkg/reversi.js').SearchProgress} SearchProgress */
/** @typedef {import('../pkg/reversi.js').WindowResult} WindowResult */
/** @typedef {import('../pkg/reversi.js').Hint} Hint */
/** @typedef {import('../pkg/reversi.js').MoveLine} MoveLine */
/** @typedef {import('../pkg/reversi.js').AnalysisStep} AnalysisStep */
/** @typedef {import('../pkg/reversi.js').BookMove} BookMove */
/** @typedef {import('../pkg/reversi.js').ReviewOptions} ReviewOptions */
/** @typedef {import('../pkg/reversi.js').ReviewPart} ReviewPart */

/** A data file of the worker: the pattern evaluation's weights, or the opening book.
 * @typedef {'weights' | 'book'} FileName */
/** How loading a data file ended: its bytes (the page's own copy), or why it failed.
 * @typedef {{ok: true, bytes: ArrayBuffer} | {ok: false, message: string}} FileEvent */
/** Where a worker gets a data file: bytes another client has, or 'none' (not wanted).
 * @typedef {ArrayBuffer | 'none'} FileSource */
/** A request waiting for its answer (`kept`: a cancel leaves it waiting, see `request`).
 * @typedef {{resolve: (result: any) => void, reject: (error: Error) => void, onProgress?: (progress: any) => void, kept?: boolean}} Pending */

/** The data files a worker loads after it is ready (see worker.js), in that order.
 * @type {FileName[]} */
const FILE_NAMES = ['weights', 'book'];

export class EngineClient {
  /**
   * `onFile(name, event)` hears once how loading each data file ended — `name` 'weights' (the
   * pattern evaluation's) or 'book' (the opening book) — `{ok: true, bytes}` (an ArrayBuffer, the
   * page's own copy) or `{ok: false, message}` (the engine plays on without it). They load in the
   * worker after it is ready; searches never wait for them. `files` gives, per name, the bytes
   * another client already has (see `fileCopy`: saves the fetch) or 'none' (not wanted).
   * `onWeights` / `weights` are the same for the weights alone. `onBroken(error)` hears each time
   * the worker fails to start or its engine fails (its requests are refused meanwhile).
   * `memory`: a shared WebAssembly.Memory for the threads build (`module` is then that build's).
   * @param {{module: WebAssembly.Module, ttMegabytes: number, workerUrl?: URL,
   *          memory?: WebAssembly.Memory,
   *          files?: {weights?: FileSource, book?: FileSource}, weights?: ArrayBuffer,
   *          onFile?: (name: FileName, event: FileEvent) => void,
   *          onWeights?: (event: FileEvent) => void, onBroken?: (error: Error) => void}} options
   */
  constructor({ module, ttMegabytes, workerUrl = new URL('./worker.js', import.meta.url), memory, files = {}, weights, onFile, onWeights, onBroken }) {
    this.module = module;
    this.ttMegabytes = ttMegabytes;
    this.workerUrl = workerUrl;
    /** The shared memory of the threads build, or null. @type {WebAssembly.Memory | null} */
    this.memory = memory ?? null;
    /** @type {(name: FileName, event: FileEvent) => void} */
    this.onFile = (name, event) => {
      if (name === 'weights' && onWeights) onWeights(event);
      if (onFile) onFile(name, event);
    };
    this.onBroken = onBroken;
    /** Per data file: 'loading', then 'ready' (with its bytes, given to every later worker) or
     * 'failed'; 'none' when not wanted.
     * @type {Record<FileName, {state: 'loading' | 'ready' | 'failed' | 'none', bytes: ArrayBuffer | null}>} */
    this.files = { weights: { state: 'loading', bytes: null }, book: { state: 'loading', bytes: null } };
    /** @type {{weights?: FileSource, book?: FileSource}} */
    const given = { ...files, ...(weights ? { weights } : {}) };
    for (const name of FILE_NAMES) {
      const source = given[name];
      if (source instanceof ArrayBuffer) this.files[name] = { state: 'ready', bytes: source };
      else if (source === 'none') this.files[name] = { state: 'none', bytes: null };
      else this.files[name] = { state: 'loading', bytes: null };
    }
    /** @type {Map<number, Pending>} */
    this.pending = new Map();
    this.nextId = 1;
    /** Why the worker cannot answer (it failed to start or its engine failed), or null: later
     * requests are refused at once instead of waiting for an answer that will never come.
     * @type {Error | null} */
    this.broken = null;
    this.worker = this.startWorker();
  }

  /** A fresh worker, given the compiled module and the data files this client has. */
  startWorker() {
    this.broken = null;
    const worker = new Worker(this.workerUrl, { type: 'module' });
    worker.addEventListener('message', (event) => this.receive(event.data));
    worker.addEventListener('error', (event) => {
      this.breakDown(new Error(`AI worker failed: ${event.message || 'could not start'}`));
    });
    // A worker started after a cancel gets the files its predecessor fetched (copies: the client
    // keeps its own); one started before they arrived fetches them again.
    /** @type {Record<string, ArrayBuffer | 'fetch' | 'none' | null>} */
    const files = {};
    for (const [name, file] of Object.entries(this.files)) {
      /** @type {Record<string, ArrayBuffer | 'fetch' | 'none' | null>} */
      const sources = { loading: 'fetch', ready: file.bytes && file.bytes.slice(0), failed: 'none', none: 'none' };
      files[name] = sources[file.state];
    }
    worker.postMessage({ type: 'init', module: this.module, memory: this.memory, ttMegabytes: this.ttMegabytes, files });
    return worker;
  }

  /** A copy of a data file this client's workers have ('weights' or 'book'), or undefined.
   * @param {FileName} name */
  fileCopy(name) {
    const file = this.files[name];
    return file && file.bytes ? file.bytes.slice(0) : undefined;
  }

  /** A copy of the weights this client's workers have, or undefined while they have none. */
  weightsCopy() {
    return this.fileCopy('weights');
  }

  /** A message from the worker (see worker.js). @param {any} message */
  receive(message) {
    if (message.type === 'fatal') {
      this.breakDown(new Error(`AI worker failed: ${message.message}`));
      return;
    }
    if (message.type === 'file') {
      const file = this.files[/** @type {FileName} */ (message.name)];
      if (!file || file.state !== 'loading') return;
      file.state = message.ok ? 'ready' : 'failed';
      if (message.ok) file.bytes = message.bytes;
      this.onFile(message.name, message.ok ? { ok: true, bytes: message.bytes.slice(0) } : { ok: false, message: message.message });
      return;
    }
    const request = this.pending.get(message.id);
    if (!request) return;
    if (message.type === 'progress') {
      if (request.onProgress) request.onProgress(message.progress);
    } else if (message.type === 'result') {
      this.pending.delete(message.id);
      request.resolve(message.result);
    } else if (message.type === 'error') {
      this.pending.delete(message.id);
      request.reject(new Error(message.message));
    }
  }

  /** @param {Error} error */
  breakDown(error) {
    const first = !this.broken;
    this.broken = error;
    this.failAll(error);
    if (first) this.onBroken?.(error);
  }

  /** Rejects the pending requests (`keepKept`: all but the kept ones, whose worker lives on).
   * @param {Error} error
   * @param {boolean} [keepKept] */
  failAll(error, keepKept = false) {
    for (const [id, request] of this.pending) {
      if (keepKept && request.kept) continue;
      request.reject(error);
      this.pending.delete(id);
    }
  }

  /**
   * `kept`: the request survives a cancel on a shared memory (a team's set-up, quick and needed by
   * every later search).
   * @param {string} type
   * @param {object} payload
   * @param {(progress: any) => void} [onProgress]
   * @param {{kept?: boolean}} [how]
   * @returns {Promise<any>}
   */
  request(type, payload, onProgress, { kept = false } = {}) {
    if (this.broken) return Promise.reject(this.broken);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress, kept });
      this.worker.postMessage({ id, type, ...payload });
    });
  }

  /** True while a request is running or queued. */
  get busy() {
    return this.pending.size > 0;
  }

  /**
   * Best move for `board` (board text) under `options`, as `Searcher.search`: `onProgress` hears
   * each completed depth.
   * @param {string} board
   * @param {SearchOptions} options
   * @param {(progress: SearchProgress) => void} [onProgress]
   * @returns {Promise<SearchResult>}
   */
  search(board, options, onProgress) {
    return this.request('search', { board, options }, onProgress);
  }

  /** One share of a parallel search (see parallel-search.js and Searcher.searchWindow).
   * @param {string} board
   * @param {SearchOptions} options
   * @param {number} alpha
   * @param {number} beta
   * @returns {Promise<WindowResult>} */
  searchWindow(board, options, alpha, beta) {
    return this.request('searchWindow', { board, options, alpha, beta });
  }

  /** The opening book's moves of `board`, best first (empty without a book).
   * @param {string} board
   * @returns {Promise<BookMove[]>} */
  bookMoves(board) {
    return this.request('bookMoves', { board });
  }

  /** Every legal move's score for hints, best first (as `Searcher.analyze`).
   * @param {string} board
   * @param {SearchOptions} options
   * @returns {Promise<Hint[]>} */
  analyze(board, options) {
    return this.request('analyze', { board, options });
  }

  /** Every legal move with its score, line and depth, best first (as `Searcher.analyzeLines`):
   * one step of a live analysis.
   * @param {string} board
   * @param {SearchOptions} options
   * @returns {Promise<MoveLine[]>} */
  analyzeLines(board, options) {
    return this.request('analyzeLines', { board, options });
  }

  /** Every legal move deepened together, step after step (as `Searcher.analyzeDeep`): `onStep`
   * hears each completed step; resolves with the last (null: none completed).
   * @param {string} board
   * @param {SearchOptions} options
   * @param {(step: AnalysisStep) => void} [onStep]
   * @returns {Promise<AnalysisStep | null>} */
  analyzeDeep(board, options, onStep) {
    return this.request('analyzeDeep', { board, options }, onStep);
  }

  /** One position's share of a review (see Searcher.reviewPart and reviewInParallel in
   * parallel-search.js, which asks for every position and puts the shares together).
   * @param {string} startBoard
   * @param {string} moves
   * @param {ReviewOptions} options
   * @param {number} index
   * @returns {Promise<ReviewPart>} */
  reviewPart(startBoard, moves, options, index) {
    return this.request('reviewPart', { startBoard, moves, options, index });
  }

  /** Stops whatever runs: pending promises reject with SearchCancelled. A worker that broke down
   * is started again. On a shared memory the worker is kept (terminated in the middle of an
   * allocation, it would leave the memory's lock taken for the others): the owner has stopped its
   * search through the memory, and its late answers are dropped. */
  cancel() {
    if (!this.busy && !this.broken) return;
    const cancelled = new SearchCancelled();
    if (this.memory && !this.broken) {
      this.failAll(cancelled, true);
      return;
    }
    this.worker.terminate();
    this.failAll(cancelled);
    this.worker = this.startWorker();
  }

  /** Stops the worker for good (its board left the page); pending promises reject. On a shared
   * memory it is asked to end itself once its work is done (its engine and stack freed). */
  close() {
    if (this.memory && !this.broken) this.worker.postMessage({ type: 'close' });
    else this.worker.terminate();
    this.failAll(new SearchCancelled());
  }

  /** Forgets what earlier searches learnt (a new game). */
  clear() {
    this.worker.postMessage({ type: 'clear' });
  }
}
