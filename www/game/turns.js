// Turn-taking on the game page: the turn loop (common/turn-loop.js) with the page's searches.
// The AI's move is searched by its team (shared memory), split among workers, or by one worker,
// at its level or, under a clock, in the time the clock allows; the hints at the strength chosen.

import { levels } from '../pkg/reversi.js';
import { TurnLoop } from '../common/turn-loop.js';
import { t } from '../i18n/page.js';
import { clockBudgetMs } from './game-clock.js';
import { render, showError, thinkingLine } from './view.js';
import { playMove } from './app.js';
import { config, state, parts, isAiTurn, isHumanTurn, moveFlipsEnd } from './game-state.js';

/** @typedef {import('../pkg/reversi.js').Hint} Hint */
/** @typedef {import('../pkg/reversi.js').SearchOptions} SearchOptions */
/** @typedef {import('./thinking.js').Thinking} Thinking */

/** Levels 7–9 think for seconds: worth sharing out among workers once that pays (see
 * config.splitAiSearch).
 * @param {number} level */
function searchesInParallel(level) {
  return config.splitAiSearch && level >= 7 && (state.settings.workers || 1) > 1;
}

/** @returns {SearchOptions} */
function hintOptions() {
  return config.hintOptions || config.hintStrengths[state.settings.hintStrength] || config.hintStrengths.quick;
}

/**
 * The AI's search for the position shown, and how long its move waits at least.
 * @param {() => boolean} isCurrent whether the position searched is still the one shown
 */
function searchAi(isCurrent) {
  const { engines } = parts;
  const seed = Math.floor(Math.random() * 2 ** 32);
  /** @type {SearchOptions} */
  const options = { level: state.level, seed };
  let minimumDelayMs = config.aiMinimumDelayMs;
  if (state.clock) {
    // Under a clock the AI plans its own time: never more than its level would take anyway.
    const budget = clockBudgetMs(state.clock, state.game.sideToMove);
    const levelTime = levels()[state.level - 1]?.timeMs;
    options.timeMs = Math.max(1, Math.floor(levelTime ? Math.min(levelTime, budget) : budget));
    minimumDelayMs = Math.min(minimumDelayMs, options.timeMs / 4);
  }
  const onProgress = (/** @type {Thinking} */ progress) => {
    if (!isCurrent()) return;
    state.thinking = progress;
    thinkingLine.update();
  };
  const board = state.game.board;
  // A team on shared memory searches levels 7–9 on every worker allowed (the others think too
  // briefly to need them); elsewhere the split of parallel-search.js, when it is on.
  const search = engines.team
    ? engines.team.search(board, options, onProgress, { helped: state.level >= 7 })
    : searchesInParallel(state.level)
      ? engines.parallel().then((parallel) => parallel.search(board, options, onProgress))
      : engines.ai.search(board, options, onProgress);
  return { search, minimumDelayMs };
}

/** The hints for the position shown: the live analysis's search, on the team where the page has
 * one (every core), on the AI's worker elsewhere. */
function searchPageHints() {
  const { engines } = parts;
  return (engines.team ?? engines.ai).analyze(state.game.board, hintOptions());
}

/**
 * The page's turn loop; `reset` is what follows every change before the board is drawn again
 * (app.js's `changed()`: the lines, the review, the hints and the thinking line, the clock, the save).
 * @param {() => void} reset
 * @returns {TurnLoop<Hint[]>}
 */
export function createTurnLoop(reset) {
  return new TurnLoop({
    cancel: () => parts.engines.cancelAi(),
    reset,
    render,
    isAiTurn,
    searchAi,
    // The reply is not drawn before the last move's discs have finished turning over.
    flipsEnd: moveFlipsEnd,
    playAi: (move) => {
      state.thinking = null;
      parts.messages.clear('ai');
      playMove(move);
    },
    aiFailed: (error) => {
      state.thinking = null;
      // A worker that could not start is said once, with a reload (onBroken).
      if (parts.engines.ai.broken) render();
      else showError('ai', t('error.ai', { message: error.message }));
    },
    // The live analysis replaces the hints while it is on (it scores the same moves, deeper).
    wantsHints: () => state.hintsOn && isHumanTurn() && !parts.liveAnalysis.on,
    searchHints: searchPageHints,
    hintsArrived: (hints) => {
      state.hints = hints;
      parts.messages.clear('hints');
      render();
    },
    hintsFailed: (error) => {
      if (!parts.engines.ai.broken) showError('hints', t('error.hints', { message: error.message }));
    },
  });
}
