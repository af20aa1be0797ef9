// The game page's state, its tunables, the parts start-up makes (the board's renderer, the
// workers, the panels), and the facts derived from them that the other modules ask (whose turn,
// whether the game is over, the players' names). Changes go through app.js's `changed()`.

import { Game } from '../pkg/reversi.js';
import { flipsEnd } from '../common/render.js';
import { defaultSettings } from './settings.js';
import { Lines } from './lines.js';
import { playerName } from './record.js';
import { onTimeSentence, resultSentence } from './result.js';

/** @typedef {import('../pkg/reversi.js').Side} Side */
/** @typedef {import('../pkg/reversi.js').Hint} Hint */
/** @typedef {import('../pkg/reversi.js').SearchOptions} SearchOptions */
/** @typedef {import('./record.js').PlayerKind} PlayerKind */
/** @typedef {import('./record.js').ImportedRecord} ImportedRecord */
/** @typedef {import('./thinking.js').Thinking} Thinking */
/** @typedef {ReturnType<typeof import('./clock.js').createClock>} Clock */

/** Every tunable of the page, in one place. */
export const config = {
  /** @type {Record<Side, PlayerKind>} */
  players: { black: 'human', white: 'ai' },
  level: 4,
  /** Transposition table of the AI worker (MiB). */
  ttMegabytes: 32,
  /** Hints are the live analysis's search (every move deepened together, level 9's selective
   * search with the pattern evaluation once its weights have arrived), the last step completed
   * in the time given: quick to the review's depth (a hint's number is then the review's and the
   * practice's), deep as far as 10 s allow; `hintOptions` is the strength chosen. */
  hintStrengths: {
    /** @type {SearchOptions} */
    quick: { level: 9, depth: 10, exactFromEmpties: 18, timeMs: 3000, evaluation: 'pattern' },
    /** @type {SearchOptions} */
    deep: { level: 9, depth: 24, exactFromEmpties: 20, timeMs: 10000, evaluation: 'pattern' },
  },
  /** When set, the hints' options whatever the strength chosen (a test's, say). @type {SearchOptions | null} */
  hintOptions: null,
  /** The AI's move on several workers (parallel-search.js). Off: the split search is right
   * (tests/e2e/parallel.test.js) but not yet faster than one worker at a fixed depth (make bench:
   * 0.6–1.15 times on two workers), so the AI's move is searched by one; the review uses every
   * worker the setting allows. */
  splitAiSearch: false,
  /** The AI waits at least this long before moving, so that a human sees the position change. */
  aiMinimumDelayMs: 300,
  /** The review analyses every position this deep (every move, selective as the hints' search),
   * and solves every move exactly from this many empty squares (docs/log/search.md has the time
   * it takes); the quick hints use the same. */
  reviewOptions: { depth: 10, exactFromEmpties: 18 },
  /** The review's worker has tables of its own, so that playing on does not wait for it. */
  reviewTtMegabytes: 16,
};

export const state = {
  /** @type {Game} */
  game: /** @type {Game} */ (/** @type {unknown} */ (null)),
  players: { ...config.players },
  level: config.level,
  hintsOn: false,
  /** Hints for the position shown, best first, or null until they arrive. `unknown`: the search
   * had no time for that move, so it has no score. @type {Hint[] | null} */
  hints: null,
  /** AI search in progress, or null. @type {Thinking | null} */
  thinking: null,
  /** The move just played, animated once. @type {{placed: number, flipped: number[], startedAt: number} | null} */
  animation: null,
  status: '',
  /** What an imported GGF record says besides its moves, or null. @type {ImportedRecord | null} */
  record: null,
  /** The scores of the latest review of the main line, saved with the game (kept when a game is
   * opened from My games, whose review is not run again). @type {import('./export.js').SavedReview | null} */
  savedReview: null,
  /** A loaded game is shown, not continued: the AI waits until the player chooses to play on
   * (or plays a move). */
  viewing: false,
  /** The game clock (from clock.js), or null for a game without one. @type {Clock | null} */
  clock: null,
  /** Settings kept across games: hint strength, board flipped, sound, workers. */
  settings: defaultSettings(),
  /** Every line tried from the game's start (lines.js): the main line is the game, the others
   * variations; `game` holds the line shown. */
  lines: new Lines(),
};

/** A part before start-up made it: never read then (start-up makes every part first). */
const notYet = /** @type {any} */ (null);

/** The page's parts, made once by start-up (startup.js) before the first change: every other
 * module uses them from then on. */
class PageParts {
  /** @type {ReturnType<typeof import('../common/render.js').createRenderer>} */
  renderer = notYet;
  /** @type {ReturnType<typeof import('../common/grid.js').createGrid>} */
  grid = notYet;
  /** @type {import('./engines.js').Engines} */
  engines = notYet;
  /** @type {ReturnType<typeof import('./review-panel.js').createReviewPanel>} */
  reviewPanel = notYet;
  /** Setting up a position (setup.js). @type {ReturnType<typeof import('./setup.js').attachSetup>} */
  setup = notYet;
  /** The variations' tools under the move list (lines-tools.js). @type {ReturnType<typeof import('./lines-tools.js').attachLineTools>} */
  lineTools = notYet;
  /** The Study area's practice (practice-panel.js, loaded once the board is up), or null until then.
   * @type {{render: () => void} | null} */
  practicePanel = null;
  /** The problems and notices shown until dismissed (message-list.js). @type {import('../common/message-list.js').MessageList} */
  messages = notYet;
  /** This tab's game in the game store. @type {import('./tab-game.js').TabGame} */
  tabGame = notYet;
  /** My games (library.js). @type {ReturnType<typeof import('./library.js').attachLibrary> | null} */
  library = null;
  /** The Study area's live analysis (live-analysis.js). @type {ReturnType<typeof import('./live-analysis.js').createLiveAnalysis>} */
  liveAnalysis = notYet;
  /** A line of the analysis previewed on the board (line-preview.js). @type {ReturnType<typeof import('./line-preview.js').attachLinePreview>} */
  linePreview = notYet;
  /** The opening explorer (explorer.js). @type {ReturnType<typeof import('./explorer.js').createExplorer>} */
  explorer = notYet;
  /** A reader of the opening book on the page's thread (where the game left it), once it arrived.
   * @type {import('./openings.js').BookReader | null} */
  bookReader = null;
  /** clock.js, loaded when a game has a clock (the address's, a saved game's, or New game with
   * one): most games have none. `state.clock` is only ever set once it is here.
   * @type {typeof import('./clock.js') | null} */
  clockModule = null;
  /** The standard start position as board text. */
  startBoard = '';
}

export const parts = new PageParts();

/** Loads clock.js (once a game wants a clock). */
export const loadClockModule = () => import('./clock.js').then((module) => (parts.clockModule = module));

/** The player asked for less motion: no flip to wait for, no smooth scrolling. */
export const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

/** When the last move's discs have finished turning over (performance.now()), or null when no
 * move is being drawn. */
export const moveFlipsEnd = () => flipsEnd(state.animation);

// ---------------------------------------------------------------------------------------------
// Derived facts

export const humanColors = () => /** @type {Side[]} */ (['black', 'white']).filter((c) => state.players[c] === 'human');
/** Over on the board, or on time. */
export const isFinished = () => state.game.isGameOver || Boolean(state.clock && state.clock.flagged);
/** The moves up to the position shown. */
export const shownMoves = () => state.game.moves.slice(0, state.game.ply);
/** The position shown is on a variation: study, where either side's move is played by hand, the
 * AI does not answer and the clock does not run. */
export const inVariation = () => !state.lines.isMain(shownMoves());
/** The player looks back through the game: the record shown goes on after the position shown,
 * other than by a line tried after the main line's last move (that position is the game's
 * latest, a study line after it). */
export const lookingBack = () => state.game.canRedo && !state.lines.isMainEnd(shownMoves());
export const isHumanTurn = () =>
  !parts.setup.active && (inVariation() ? !state.game.isGameOver : !isFinished() && state.players[state.game.sideToMove] === 'human');
/** The AI moves only at the end of the record (with a redo line, the player is looking back), on
 * the main line, and not while a loaded record is being shown or a position set up. */
export const isAiTurn = () =>
  !parts.setup.active && !isFinished() && !state.viewing && !lookingBack() && !inVariation() && state.players[state.game.sideToMove] === 'ai';

/** A game being played (against the AI, or on a clock) whose main line has not ended: a move
 * played from one of its earlier positions takes back the moves after it, which become a
 * variation. Elsewhere (a loaded or finished game, two players studying) such a move starts a
 * variation and the main line stays. */
export function isLiveGame() {
  const playing = humanColors().length < 2 || Boolean(state.clock);
  if (!playing || state.viewing || (state.clock && state.clock.flagged)) return false;
  const main = state.lines.mainLine();
  try {
    const end = Game.restore(state.game.startBoard, main.join(''), main.length);
    const over = end.isGameOver;
    end.free();
    return !over;
  } catch {
    return false;
  }
}

/** How many of the game's moves are book moves in a row, or null without a book. */
export const bookPly = () => (parts.bookReader ? parts.bookReader.bookPly(state.game) : null);

/** A player's name as the page shows it (an imported record's, "AI level 4", "Human").
 * @param {Side} color */
export const nameOf = (color) => playerName(state.game, state.record, state, color);

/** The result of the game shown, as the turn line, the review and the game library say it. */
export function gameResult() {
  const flagged = state.clock && state.clock.flagged;
  if (flagged) return onTimeSentence(flagged);
  return resultSentence(state.game.scoreBlack, state.game.scoreWhite);
}

/** What just happened, for the status line. @param {string} text */
export function announce(text) {
  state.status = text;
}
