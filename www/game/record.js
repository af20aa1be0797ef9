// The game's record as a whole: the key that names it (its start and every move, the redo line
// included), who played each move, what an imported GGF record says besides its moves, and the
// players' names as the page and an export give them. Pure functions of the game.

import { Game, recogniseText, ggfDetails, ggfRecords } from '../pkg/reversi.js';
import { capitalize, opponentOf } from '../common/squares.js';
import { excerpt } from './messages.js';
import { sideScore } from '../common/score-text.js';
import { t, sideName, scoreWords } from '../i18n/page.js';

/** The longest player's name the page keeps from a record, in characters (the engine's GGF reader
 * cuts longer ones to this; a record saved by an older version may hold longer ones). */
export const NAME_CHARS = 64;

/** @typedef {import('../pkg/reversi.js').Side} Side */
/** @typedef {'human' | 'ai'} PlayerKind */

/**
 * What an imported GGF record says besides its moves; `key` names the record as imported (see
 * `recordKey`), so that moves played on after it are told apart. `fields`: the record's own
 * fields (place, date, players, result, time control…), `[name, value]` in their order, which an
 * export keeps (absent from games saved by older versions of the page).
 * @typedef {{black: string, white: string, result: string, evaluations: (number | null)[], key: string,
 *            fields?: [string, string][]}} ImportedRecord
 */

/** The most fields of a record the page keeps (each is bounded by the engine's reader). */
export const RECORD_FIELDS = 64;

/** How a record's game ended besides the score (GGF's RE), each its catalogue's key. */
const RESULT_ENDINGS = { resigned: 'record.ending.resigned', time: 'record.ending.time', 'agreed score': 'record.ending.agreed' };

/** A record's RE as players read it, saying whose: "Black +2", "White +64, resigned", "a draw";
 * the value as written when it is not a result.
 * @param {{result: string, resultBlack: number | null, resultEnding: string}} details */
export function recordResultText({ result, resultBlack, resultEnding }) {
  if (resultBlack === null) return result;
  const score = resultBlack === 0 ? t('record.draw') : sideScore(resultBlack, true, scoreWords());
  const ending = /** @type {Record<string, string>} */ (RESULT_ENDINGS)[resultEnding];
  return ending ? t('record.withEnding', { score, ending: t(ending) }) : score;
}

/** The record a game shows: its start and every move (the redo line included).
 * @param {Game} game */
export function recordKey(game) {
  return `${game.startBoard}|${game.fullTranscript}`;
}

/** True while `game` still begins with the record `key` names: moves played on after it keep it;
 * changing or taking back one of its moves does not.
 * @param {Game} game
 * @param {string} key */
export function stillApplies(game, key) {
  return recordKey(game).startsWith(key);
}

/** Who played move `ply` (0 = the first): passes are written as moves, so the sides alternate
 * from the start.
 * @param {Game} game
 * @param {number} ply
 * @returns {Side} */
export function moverOf(game, ply) {
  /** @type {Side} */
  const first = game.startBoard.trim().endsWith('O') ? 'white' : 'black';
  return ply % 2 === 0 ? first : opponentOf(first);
}

/** The last move each side played up to the position shown, the latest first (passes skipped):
 * what the board marks.
 * @param {Game} game
 * @returns {{move: string, side: Side}[]} */
export function lastMoveOfEachSide(game) {
  const moves = game.moves;
  /** @type {{move: string, side: Side}[]} */
  const found = [];
  for (let i = game.ply - 1; i >= 0 && found.length < 2; i--) {
    const side = moverOf(game, i);
    if (moves[i] !== 'pa' && !found.some((f) => f.side === side)) found.push({ move: moves[i], side });
  }
  return found;
}

/** The imported record's details while the game still begins with it, else null.
 * @param {Game} game
 * @param {ImportedRecord | null} record */
export function importedRecord(game, record) {
  return record && stillApplies(game, record.key) ? record : null;
}

/** Whether moves were played on after the imported record's last move.
 * @param {Game} game
 * @param {ImportedRecord} record */
export function playedPastRecord(game, record) {
  return recordKey(game) !== record.key;
}

/**
 * The name of the player of `color` as the page and an export give it: an imported record's
 * player for the record's moves, and who played on after it ("Ann, then AI level 4").
 * @param {Game} game
 * @param {ImportedRecord | null} record the imported record, if any (whether it still applies or not)
 * @param {{players: Record<Side, PlayerKind>, level: number}} setup
 * @param {Side} color
 */
export function playerName(game, record, { players, level }, color) {
  const own = players[color] === 'ai' ? t('player.ai', { level }) : t('player.human');
  const imported = importedRecord(game, record);
  if (!imported || !imported[color]) return own;
  const name = excerpt(imported[color], NAME_CHARS);
  if (!playedPastRecord(game, imported)) return name;
  // Did `color` play any move after the record? Passes are written as moves, so sides alternate.
  const recordMoves = imported.key.split('|')[1].length / 2;
  const playedAfter = game.moves.slice(recordMoves).some((_, i) => moverOf(game, recordMoves + i) === color);
  return playedAfter ? t('player.then', { name, own }) : name;
}

/** The record's properties players know by name (others are named by their GGF name), each
 * its catalogue's key. */
const PROPERTY_NAMES = {
  PB: 'record.field.PB',
  PW: 'record.field.PW',
  PC: 'record.field.PC',
  DT: 'record.field.DT',
  EV: 'record.field.EV',
  TI: 'record.field.TI',
  RE: 'record.field.RE',
  C: 'record.field.C',
  CO: 'record.field.C',
  GC: 'record.field.C',
};

/** "Black's name (PB) has 1,000,000 characters: cut to 64".
 * @param {{field: string, length: number, limit: number}} cut */
function cutText({ field, length, limit }) {
  const known = /** @type {Record<string, string>} */ (PROPERTY_NAMES)[field];
  const what = known ? `${t(known)} (${excerpt(field, 8)})` : t('record.property', { name: excerpt(field, 8) });
  return t('record.cutPart', { what, length, limit });
}

/** A notation's name as the engine recognises it ("board", "OBF line"), in the page's language.
 * @param {string} notation */
function notationName(notation) {
  try {
    return t(`record.notation.${notation}`);
  } catch {
    return capitalize(notation);
  }
}

/** One GGF record read: its game and its details (see `readPasted`).
 * @param {string} text */
function readGgf(text) {
  const game = Game.fromText(text);
  const details = ggfDetails(text);
  const [black, white, result] = [details.black, details.white, details.result].map((value) => excerpt(value, NAME_CHARS));
  const fields = details.fields.slice(0, RECORD_FIELDS);
  /** @type {ImportedRecord} */
  const record = { black, white, result, evaluations: details.evaluations, key: recordKey(game), fields };
  return { game, details, record };
}

/**
 * Whatever a player pasted, read: the game, the message that says what was recognised (so that a
 * board taken for a transcript, or the reverse, is noticed), for a GGF record its details, and
 * `cut`: what of the record was too long and cut (the engine bounds names and other fields), a
 * sentence, or '' when nothing was. A file of several GGF records gives its first game, and in
 * `others` every other one the engine reads (`unreadable`: how many it could not), for the page
 * to keep. Throws the engine's Error when the text (its first record) reads as no game.
 * @param {string} text
 * @returns {{game: Game, message: string, record: ImportedRecord | null, cut: string,
 *            others: {game: Game, record: ImportedRecord}[], unreadable: number}}
 */
export function readPasted(text) {
  const notation = recogniseText(text) ?? 'transcript';
  if (notation === 'GGF record') {
    const [first, ...rest] = ggfRecords(text);
    const { game, details, record } = readGgf(first ?? text);
    const names = { black: record.black || sideName('black'), white: record.white || sideName('white'), moves: t('moves', { n: game.ply }) };
    const said = record.result ? excerpt(recordResultText(details), NAME_CHARS) : '';
    const message = said ? t('record.loadedGgfResult', { ...names, result: said }) : t('record.loadedGgf', names);
    const cut = details.cut.length ? t('record.cut', { parts: details.cut.map(cutText).join('; ') }) : '';
    /** @type {{game: Game, record: ImportedRecord}[]} */
    const others = [];
    let unreadable = 0;
    for (const one of rest) {
      try {
        const { game: other, record: otherRecord } = readGgf(one);
        others.push({ game: other, record: otherRecord });
      } catch {
        unreadable++;
      }
    }
    return { game, message, record, cut, others, unreadable };
  }
  const game = Game.fromText(text);
  const message = notation === 'transcript' ? t('record.loadedTranscript', { moves: t('moves', { n: game.ply }) }) : t('record.loaded', { notation: notationName(notation) });
  return { game, message, record: null, cut: '', others: [], unreadable: 0 };
}
