// What follows every change of a game, for the game page and <othello-board> alike: the answers
// still on their way are made stale (an epoch), the board is drawn from the new state, then what
// comes next starts: the AI's move when it is the AI's turn, else the hints when they are wanted.
// The AI's move is played no sooner than a minimum delay (a person sees the position change) and
// not before the last move's discs have finished turning over.
//
//   const loop = new TurnLoop({ isAiTurn, searchAi, playAi, aiFailed, wantsHints, searchHints, … });
//   loop.changed();           // after every change of the game or of who plays
//   loop.invalidate();        // answers on their way are dropped (the board left the page)

import { SearchCancelled } from './engine-client.js';

/**
 * What the loop asks of its page.
 * @template Hints
 * @typedef {object} TurnLoopHooks
 * @property {() => void} cancel Stops the searches in progress.
 * @property {() => void} reset What follows a change before the board is drawn again: what it
 *   made stale cleared (the hints shown, the thinking line), and the page's own steps.
 * @property {() => void} render Draws the board from the state.
 * @property {() => boolean} isAiTurn Whether the AI plays the position shown now.
 * @property {(isCurrent: () => boolean) => {search: Promise<{move: string}>, minimumDelayMs: number}} searchAi
 *   Starts the AI's search; `isCurrent` says whether its answer still counts (for progress reports).
 * @property {() => number | null} flipsEnd When the last move's discs have finished turning over
 *   (`performance.now()` time), or null when none is turning.
 * @property {(move: string) => void} playAi Plays the AI's move.
 * @property {(error: Error) => void} aiFailed The AI's search failed (not cancelled).
 * @property {() => boolean} wantsHints Whether hints are wanted for the position shown.
 * @property {() => Promise<Hints>} searchHints
 * @property {(hints: Hints) => void} hintsArrived
 * @property {(error: Error) => void} hintsFailed The hints' search failed (not cancelled).
 */

/** @template Hints */
export class TurnLoop {
  /** Bumped on every change: an answer started under an older epoch is dropped. */
  #epoch = 0;
  /** @type {TurnLoopHooks<Hints>} */
  #hooks;

  /** @param {TurnLoopHooks<Hints>} hooks */
  constructor(hooks) {
    this.#hooks = hooks;
  }

  /** After a change: answers on their way dropped, the board drawn, what comes next started. */
  changed() {
    this.#epoch++;
    this.#hooks.cancel();
    this.#hooks.reset();
    this.#hooks.render();
    this.#startNext();
  }

  /** The answers on their way will be dropped (nothing is drawn or started). */
  invalidate() {
    this.#epoch++;
  }

  #startNext() {
    const epoch = this.#epoch;
    const isCurrent = () => epoch === this.#epoch;
    const hooks = this.#hooks;
    if (hooks.isAiTurn()) {
      const { search, minimumDelayMs } = hooks.searchAi(isCurrent);
      // The reply is not drawn before the last move's discs have finished turning over.
      const pause = waitUntil(Math.max(performance.now() + minimumDelayMs, hooks.flipsEnd() ?? 0));
      Promise.all([search, pause]).then(
        ([result]) => {
          if (isCurrent()) hooks.playAi(result.move);
        },
        (error) => {
          if (!(error instanceof SearchCancelled) && isCurrent()) hooks.aiFailed(error);
        },
      );
    } else if (hooks.wantsHints()) {
      hooks.searchHints().then(
        (hints) => {
          if (isCurrent()) hooks.hintsArrived(hints);
        },
        (error) => {
          if (!(error instanceof SearchCancelled) && isCurrent()) hooks.hintsFailed(error);
        },
      );
    }
  }
}

/**
 * Resolves once `performance.now()` has reached `time`: Chromium rounds a timer's delay down to
 * whole milliseconds, so one timer alone can fire a fraction of a millisecond early.
 * @param {number} time
 * @returns {Promise<void>}
 */
export function waitUntil(time) {
  return new Promise((resolve) => {
    const check = () => {
      const left = time - performance.now();
      if (left > 0) setTimeout(check, Math.ceil(left));
      else resolve();
    };
    check();
  });
}
