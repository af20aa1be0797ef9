// An AI-vs-AI match of the heuristic lab, in module workers so that the page stays responsive:
// each opening is played twice (A with black, then with white), the games shared out among the
// workers one at a time, and each finished game reported at once. No DOM here.

/** @typedef {import('../pkg/classroom/reversi.js').LabGame} LabGame */
/** @typedef {import('../pkg/classroom/reversi.js').LabSettings} LabSettings */
/** A game to play: the opening's number, its board text, and whether A has black.
 * @typedef {{opening: number, start: string, aBlack: boolean}} Job */
/** A's results so far. @typedef {{wins: number, draws: number, losses: number, discs: number, games: number}} Tally */
/** A worker of the match, with the game it plays. @typedef {Worker & {job?: Job}} MatchWorker */

/** Threads to use: the lab must not take every core of a teacher's laptop. */
const MAX_WORKERS = 2;

/** A's result in one game, from the game's black-minus-white disc score.
 * @param {LabGame} game
 * @param {boolean} aBlack */
export function scoreForA(game, aBlack) {
  return aBlack ? game.scoreBlack : -game.scoreBlack;
}

export class LabMatch {
  /**
   * @param {{module: WebAssembly.Module,
   *          onGame: (report: {number: number, opening: number, aBlack: boolean, game: LabGame, diff: number, tally: Tally}) => void,
   *          onDone: (tally: Tally) => void, onError: (error: Error) => void}} options
   * onGame({number, opening, aBlack, game, diff, tally}) after each game; onDone(tally) at the end.
   */
  constructor({ module, onGame, onDone, onError }) {
    this.module = module;
    this.onGame = onGame;
    this.onDone = onDone;
    this.onError = onError;
    /** @type {MatchWorker[]} */
    this.workers = [];
    this.running = false;
    /** @type {Job[]} */
    this.queue = [];
    this.total = 0;
    this.finished = 0;
    /** @type {Tally} */
    this.tally = { wins: 0, draws: 0, losses: 0, discs: 0, games: 0 };
    /** @type {{a: LabSettings, b: LabSettings} | null} */
    this.settings = null;
  }

  /** Plays every opening (board text) twice between settings `a` and `b`.
   * @param {string[]} openings
   * @param {LabSettings} a
   * @param {LabSettings} b */
  start(openings, a, b) {
    this.stop();
    this.queue = openings.flatMap((start, opening) => [
      { opening, start, aBlack: true },
      { opening, start, aBlack: false },
    ]);
    this.total = this.queue.length;
    this.finished = 0;
    this.tally = { wins: 0, draws: 0, losses: 0, discs: 0, games: 0 };
    this.settings = { a, b };
    this.running = true;
    const count = Math.max(1, Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1, this.total));
    for (let i = 0; i < count; i++) this.workers.push(this.startWorker());
  }

  startWorker() {
    /** @type {MatchWorker} */
    const worker = new Worker(new URL('./lab-worker.js', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event) => this.receive(worker, event.data));
    worker.addEventListener('error', (event) => this.fail(event.message || 'a lab worker could not start'));
    worker.postMessage({ type: 'init', module: this.module });
    this.feed(worker);
    return worker;
  }

  /** Gives `worker` the next game, if any. @param {MatchWorker} worker */
  feed(worker) {
    const job = this.queue.shift();
    if (!job) return;
    const settings = /** @type {{a: LabSettings, b: LabSettings}} */ (this.settings);
    worker.job = job;
    worker.postMessage({
      id: this.total - this.queue.length,
      type: 'game',
      start: job.start,
      black: job.aBlack ? settings.a : settings.b,
      white: job.aBlack ? settings.b : settings.a,
    });
  }

  /** A worker's answer (see lab-worker.js).
   * @param {MatchWorker} worker
   * @param {any} message */
  receive(worker, message) {
    if (!this.running) return;
    if (message.type !== 'result') {
      this.fail(message.message);
      return;
    }
    const job = /** @type {Job} */ (worker.job);
    const diff = scoreForA(message.game, job.aBlack);
    const tally = this.tally;
    if (diff > 0) tally.wins++;
    else if (diff < 0) tally.losses++;
    else tally.draws++;
    tally.discs += diff;
    tally.games++;
    this.finished++;
    this.onGame({ number: this.finished, opening: job.opening, aBlack: job.aBlack, game: message.game, diff, tally: { ...tally } });
    if (this.finished === this.total) {
      this.stop();
      this.onDone({ ...tally });
    } else {
      this.feed(worker);
    }
  }

  /** @param {string} message */
  fail(message) {
    if (!this.running) return;
    this.stop();
    this.onError(new Error(message));
  }

  /** Ends the match at once (a busy worker cannot be interrupted any other way). */
  stop() {
    this.running = false;
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
  }
}
