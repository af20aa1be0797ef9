// The page's AI workers: the AI's own (its moves, the hints, the opening book), helpers for it
// (deep hints, and the AI's move when it is split), and the review's worker with helpers of its
// own, so that playing on never waits for a review. Helpers start on first use with copies of the
// data files the first worker has, up to the number of workers the setting allows.
//
// Where the page is cross-origin isolated, the AI's workers are a team on one shared memory
// instead (team-search.js, the threads build): its moves and the hints are searched by every
// worker the setting allows, sharing one table. The review keeps its workers as everywhere: its
// parts are positions scored each from cleared tables (a score must not depend on what else was
// searched), so they share out one per worker rather than one table.

import { EngineClient } from '../common/engine-client.js';
import { TeamSearch } from '../common/team-search.js';

/** The most workers the AI may use: one core is left to the page, at most 8. */
export function maxWorkers() {
  return Math.max(1, Math.min(8, (navigator.hardwareConcurrency || 2) - 1));
}

/**
 * The AI team's shared table (MiB), by the device's memory in GB (`navigator.deviceMemory`, which
 * Chrome gives rounded, at most 8, and other browsers not at all): 16 MiB with at most 1 GB, 32
 * with 2, 64 with 4 or an unknown amount, 128 with 8. The whole shared memory is the table and
 * about 4 MB more (the weights once, the book, 1 MiB of stack per worker).
 * @param {number | undefined} deviceMemory
 */
export function teamTtMegabytes(deviceMemory) {
  if (!deviceMemory) return 64;
  if (deviceMemory <= 1) return 16;
  if (deviceMemory <= 2) return 32;
  if (deviceMemory <= 4) return 64;
  return 128;
}

export class Engines {
  /**
   * @param {{module: WebAssembly.Module, threadsModule?: WebAssembly.Module | null,
   *          ttMegabytes: number, reviewTtMegabytes: number,
   *          workers: () => number,
   *          onWeights: (event: import('../common/engine-client.js').FileEvent) => void,
   *          onFile: (name: string, event: import('../common/engine-client.js').FileEvent) => void,
   *          onBroken?: (error: Error) => void}} options
   *   `workers()`: how many workers the setting allows now; `threadsModule`: the threads build,
   *   compiled, where the page is cross-origin isolated (the AI's workers are then a team);
   *   `onBroken`: the AI's worker could not start, or its engine failed
   */
  constructor({ module, threadsModule = null, ttMegabytes, reviewTtMegabytes, workers, onWeights, onFile, onBroken }) {
    this.module = module;
    this.ttMegabytes = ttMegabytes;
    this.reviewTtMegabytes = reviewTtMegabytes;
    this.workers = workers;
    /** The AI's workers on one shared memory, where the page is isolated; null elsewhere. */
    this.team = threadsModule
      ? new TeamSearch({ module: threadsModule, ttMegabytes: teamTtMegabytes(/** @type {any} */ (navigator).deviceMemory), workers, onWeights, onFile, onBroken })
      : null;
    /** The AI's worker: its moves, the hints, the book (the team's main worker, in a team). */
    this.ai = this.team ? this.team.main : new EngineClient({ module, ttMegabytes, onWeights, onFile, onBroken });
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
    if (this.team) this.team.cancel();
    else this.ai.cancel();
    for (const helper of this.aiHelpers) helper.cancel();
  }

  /** Forgets what the AI's searches learnt (a new game). */
  clearAi() {
    if (this.team) this.team.clear();
    else this.ai.clear();
    for (const helper of this.aiHelpers) helper.clear();
  }

  /** Stops the review's searches. */
  cancelReview() {
    this.review?.cancel();
    for (const helper of this.reviewHelpers) helper.cancel();
  }

  /** Fewer workers allowed: the extra helpers go (their threads and tables are freed). */
  closeExtraHelpers() {
    this.team?.closeExtraHelpers();
    const most = this.workers() - 1;
    while (this.aiHelpers.length > most) this.aiHelpers.pop()?.close();
    while (this.reviewHelpers.length > most) this.reviewHelpers.pop()?.close();
  }
}
