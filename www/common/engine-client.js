// The AI as promises. Searches run in a module worker; cancelling one terminates the worker
// (a busy single-threaded worker cannot be interrupted any other way) and starts a fresh one
// from the already compiled WebAssembly module, which takes milliseconds.

/** Rejection reason of a request that was cancelled. */
export class SearchCancelled extends Error {
  constructor() {
    super('search cancelled');
    this.name = 'SearchCancelled';
  }
}

export class EngineClient {
  /**
   * `onWeights` hears once how loading the pattern evaluation's weights ended: `{ok: true, bytes}`
   * (an ArrayBuffer, the page's own copy) or `{ok: false, message}` (the levels keep the course's
   * evaluation). They load in the worker after it is ready; searches never wait for them.
   * `weights` (an ArrayBuffer another client already has, see `weightsCopy`) saves the fetch.
   * @param {{module: WebAssembly.Module, ttMegabytes: number, workerUrl?: URL, weights?: ArrayBuffer,
   *          onWeights?: (event: {ok: boolean, bytes?: ArrayBuffer, message?: string}) => void}} options
   */
  constructor({ module, ttMegabytes, workerUrl = new URL('./worker.js', import.meta.url), weights, onWeights }) {
    this.module = module;
    this.ttMegabytes = ttMegabytes;
    this.workerUrl = workerUrl;
    this.onWeights = onWeights;
    /** 'loading', then 'ready' (with `weightBytes`, given to every later worker) or 'failed'. */
    this.weightsState = weights ? 'ready' : 'loading';
    this.weightBytes = weights || null;
    this.pending = new Map();
    this.nextId = 1;
    this.startWorker();
  }

  startWorker() {
    this.worker = new Worker(this.workerUrl, { type: 'module' });
    this.worker.addEventListener('message', (event) => this.receive(event.data));
    this.worker.addEventListener('error', (event) => {
      this.failAll(new Error(`AI worker failed: ${event.message || 'could not start'}`));
    });
    // A worker started after a cancel gets the weights its predecessor fetched (a copy: the
    // client keeps its own); one started before they arrived fetches them again.
    const weights = { loading: 'fetch', ready: this.weightBytes && this.weightBytes.slice(0), failed: 'none' }[this.weightsState];
    this.worker.postMessage({ type: 'init', module: this.module, ttMegabytes: this.ttMegabytes, weights });
  }

  /** A copy of the weights this client's workers have, or undefined while they have none. */
  weightsCopy() {
    return this.weightBytes ? this.weightBytes.slice(0) : undefined;
  }

  receive(message) {
    if (message.type === 'fatal') {
      this.failAll(new Error(`AI worker failed: ${message.message}`));
      return;
    }
    if (message.type === 'weights') {
      if (this.weightsState !== 'loading') return;
      this.weightsState = message.ok ? 'ready' : 'failed';
      if (message.ok) this.weightBytes = message.bytes;
      if (this.onWeights) this.onWeights(message.ok ? { ok: true, bytes: message.bytes.slice(0) } : { ok: false, message: message.message });
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

  failAll(error) {
    for (const request of this.pending.values()) request.reject(error);
    this.pending.clear();
  }

  request(type, payload, onProgress) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, type, ...payload });
    });
  }

  /** True while a request is running or queued. */
  get busy() {
    return this.pending.size > 0;
  }

  /**
   * Best move for `board` (board text). Resolves to {move, score, exact, scoreText, pv, depth,
   * nodes, elapsedMs, nps}; `onProgress` gets {depth, move, scoreText, pv, nodes} per depth.
   */
  search(board, options, onProgress) {
    return this.request('search', { board, options }, onProgress);
  }

  /** Every legal move's score: [{move, score, exact, scoreText}], best first. */
  analyze(board, options) {
    return this.request('analyze', { board, options });
  }

  /**
   * Reviews a game (see Searcher.review): resolves to {positions, moves}; `onProgress` gets
   * {done, total} after each position.
   */
  review(startBoard, moves, options, onProgress) {
    return this.request('review', { startBoard, moves, options }, onProgress);
  }

  /** Stops whatever runs: pending promises reject with SearchCancelled. */
  cancel() {
    if (!this.busy) return;
    this.worker.terminate();
    const cancelled = new SearchCancelled();
    this.failAll(cancelled);
    this.startWorker();
  }

  /** Stops the worker for good (its board left the page); pending promises reject. */
  close() {
    this.worker.terminate();
    this.failAll(new SearchCancelled());
  }

  /** Forgets what earlier searches learnt (a new game). */
  clear() {
    this.worker.postMessage({ type: 'clear' });
  }
}
