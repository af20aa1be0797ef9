// The page's AI workers: the AI's own (its moves, the hints, the opening book), helpers for it
// (deep hints, and the AI's move when it is split), and the review's worker with helpers of its
// own, so that playing on never waits for a review. Helpers start on first use with copies of the
// data files the first worker has, up to the number of workers the setting allows.

import { EngineClient } from '../common/engine-client.js';

/** The most workers the AI may use: one core is left to the page, at most 8. */
export function maxWorkers() {
  return Math.max(1, Math.min(8, (navigator.hardwareConcurrency || 2) - 1));
}

export class Engines {
  /**
   * @param {{module: WebAssembly.Module, ttMegabytes: number, reviewTtMegabytes: number,
   *          workers: () => number,
   *          onWeights: (event: import('../common/engine-client.js').FileEvent) => void,
   *          onFile: (name: string, event: import('../common/engine-client.js').FileEvent) => void,
   *          onBroken?: (error: Error) => void}} options
   *   `workers()`: how many workers the setting allows now; `onBroken`: the AI's worker could not
   *   start, or its engine failed
   */
  constructor({ module, ttMegabytes, reviewTtMegabytes, workers, onWeights, onFile, onBroken }) {
    this.module = module;
    this.ttMegabytes = ttMegabytes;
    this.reviewTtMegabytes = reviewTtMegabytes;
    this.workers = workers;
    /** The AI's worker: its moves, the hints, the book. */
    this.ai = new EngineClient({ module, ttMegabytes, onWeights, onFile, onBroken });
    /** @type {EngineClient[]} */
    this.aiHelpers = [];
    /** The review's worker, started on the first review. @type {EngineClient | null} */
    this.review = null;
    /** @type {EngineClient[]} */
    this.reviewHelpers = [];
    /** The search that shares work out among the AI's workers (parallel-search.js, loaded on
     * first use). @type {Promise<import('../common/parallel-search.js').ParallelSearch> | null} */
    this.parallelSearch = null;
  }

  /** The AI's workers for a search: its own, and as many more as the setting allows (they need
   * no book: the first answers it). */
  aiClients() {
    return this.withHelpers(this.ai, this.aiHelpers, () =>
      new EngineClient({ module: this.module, ttMegabytes: this.ttMegabytes, files: { weights: this.ai.fileCopy('weights'), book: 'none' } }),
    );
  }

  /** The review's own worker, started on the first review. */
  reviewWorker() {
    // The AI's worker has usually fetched the weights already: the review's worker gets a copy.
    this.review ??= new EngineClient({
      module: this.module,
      ttMegabytes: this.reviewTtMegabytes,
      files: { weights: this.ai.fileCopy('weights'), book: this.ai.fileCopy('book') },
    });
    return this.review;
  }

  /** The review's workers: its own, and more up to the AI's number of workers, each with copies
   * of the weights and the book. */
  reviewClients() {
    const review = this.reviewWorker();
    const copy = (/** @type {'weights' | 'book'} */ name) => review.fileCopy(name) ?? this.ai.fileCopy(name);
    return this.withHelpers(review, this.reviewHelpers, () =>
      new EngineClient({ module: this.module, ttMegabytes: this.reviewTtMegabytes, files: { weights: copy('weights'), book: copy('book') } }),
    );
  }

  /**
   * `first` and as many of `helpers` as the workers setting allows (started by `makeHelper` when
   * more are wanted than there are).
   * @param {EngineClient} first
   * @param {EngineClient[]} helpers
   * @param {() => EngineClient} makeHelper
   */
  withHelpers(first, helpers, makeHelper) {
    const wanted = Math.max(1, Math.min(this.workers() || 1, 8));
    while (helpers.length < wanted - 1) helpers.push(makeHelper());
    return [first, ...helpers.slice(0, wanted - 1)];
  }

  /** The search shared out among the AI's workers. */
  parallel() {
    this.parallelSearch ||= import('../common/parallel-search.js').then(({ ParallelSearch }) => new ParallelSearch({ clients: () => this.aiClients() }));
    return this.parallelSearch;
  }

  /** Stops the AI's searches (its moves and the hints). */
  cancelAi() {
    this.ai.cancel();
    for (const helper of this.aiHelpers) helper.cancel();
  }

  /** Forgets what the AI's searches learnt (a new game). */
  clearAi() {
    this.ai.clear();
    for (const helper of this.aiHelpers) helper.clear();
  }

  /** Stops the review's searches. */
  cancelReview() {
    this.review?.cancel();
    for (const helper of this.reviewHelpers) helper.cancel();
  }

  /** Fewer workers allowed: the extra helpers go (their threads and tables are freed). */
  closeExtraHelpers() {
    const most = this.workers() - 1;
    while (this.aiHelpers.length > most) this.aiHelpers.pop()?.close();
    while (this.reviewHelpers.length > most) this.reviewHelpers.pop()?.close();
  }
}
