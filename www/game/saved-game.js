// This tab's game to and from the game store (through tab-game.js): written at every change, its
// status and result those of the main line; read back into the page's state at start-up and when
// a game of My games is opened.

import { Game, levels } from '../pkg/reversi.js';
import { t } from '../i18n/page.js';
import { bounded, excerpt } from './messages.js';
import { NAME_CHARS, RECORD_FIELDS } from './record.js';
import { onTimeSentence, resultSentence } from './result.js';
import { linesFromSaved } from './lines-tools.js';
import { moverScores } from './export.js';
import { state, parts, isFinished, gameResult } from './game-state.js';

/** This tab's game written to the game store (at every change: tab-game.js writes them in turn). */
export function saveGame() {
  if (state.clock) state.clock.settle(performance.now());
  // The record's status and result are its main line's (the game), whichever line is shown.
  const main = state.lines.mainLine();
  const showsMain = state.game.fullTranscript === main.join('');
  const end = showsMain ? state.game : Game.restore(state.game.startBoard, main.join(''), main.length);
  const flagged = state.clock && state.clock.flagged;
  const finished = (showsMain ? isFinished() : end.isGameOver || Boolean(flagged));
  const result = !finished ? '' : showsMain ? gameResult() : flagged ? onTimeSentence(flagged) : resultSentence(end.scoreBlack, end.scoreWhite);
  if (end !== state.game) end.free();
  // The review's scores of the main line go with it (Export all writes them); a review kept from
  // before (a game opened from My games) stays while the main line still begins with its record.
  const mainKey = `${state.game.startBoard}|${main.join('')}`;
  const reviewed = parts.reviewPanel.finished();
  if (reviewed && mainKey.startsWith(reviewed.key)) state.savedReview = { key: reviewed.key, scores: moverScores(reviewed.result) };
  else if (state.savedReview && !mainKey.startsWith(state.savedReview.key)) state.savedReview = null;
  parts.tabGame.save({
    status: finished ? 'finished' : 'in-progress',
    startBoard: state.game.startBoard,
    moves: state.game.fullTranscript,
    ply: state.game.ply,
    players: { ...state.players },
    level: state.level,
    hints: state.hintsOn,
    viewing: state.viewing,
    record: state.record,
    clock: state.clock ? state.clock.toJSON() : null,
    result,
    // Kept only when there are variations: every line, the main line first.
    ...(state.lines.variationCount() ? { lines: state.lines.transcripts() } : {}),
    ...(state.savedReview ? { review: state.savedReview } : {}),
  });
}

/** This tab's game from the game store, into the page's state; its Game, or null with the
 * reason when the engine cannot replay it (the record is left as it is).
 * @param {import('./game-store.js').GameRecord} saved
 * @returns {{game: Game | null, problem: string}} */
export function restoreSaved(saved) {
  try {
    const game = Game.restore(saved.startBoard, saved.moves, saved.ply);
    state.players = { black: saved.players.black, white: saved.players.white };
    if (saved.level >= 1 && saved.level <= levels().length) state.level = saved.level;
    state.hintsOn = saved.hints === true;
    state.viewing = saved.viewing === true;
    if (saved.record && typeof saved.record.key === 'string') {
      // Outside text from an older save is bounded as a record read now would be.
      const { black, white, result } = saved.record;
      const fields = Array.isArray(saved.record.fields)
        ? saved.record.fields.filter((f) => Array.isArray(f) && f.length === 2 && f.every((v) => typeof v === 'string')).slice(0, RECORD_FIELDS)
        : [];
      state.record = { ...saved.record, black: excerpt(black ?? '', NAME_CHARS), white: excerpt(white ?? '', NAME_CHARS), result: excerpt(result ?? '', NAME_CHARS), fields };
    }
    state.savedReview = validReview(saved.review);
    // A record without variations (or from an older version) has one line: its moves.
    state.lines = linesFromSaved(saved.startBoard, saved.moves, saved.lines);
    if (saved.clock && parts.clockModule) {
      const clockModule = parts.clockModule;
      try {
        state.clock = clockModule.createClock(clockModule.parseClockSpec(saved.clock.spec), performance.now(), saved.clock);
      } catch {
        state.clock = null; // a damaged clock: the game goes on without one
      }
    }
    return { game, problem: '' };
  } catch (error) {
    return { game: null, problem: t('error.savedGame', { message: bounded(/** @type {Error} */ (error).message) }) };
  }
}

/** A review's scores as saved, or null when absent or not of that shape (an older record).
 * @param {any} saved
 * @returns {import('./export.js').SavedReview | null} */
function validReview(saved) {
  if (!saved || typeof saved.key !== 'string' || !Array.isArray(saved.scores)) return null;
  return saved.scores.every((/** @type {unknown} */ s) => typeof s === 'number') ? { key: saved.key, scores: saved.scores } : null;
}
