// The game's record as a whole: the key that names it (its start and every move, the redo line
// included), who played each move, what an imported GGF record says besides its moves, and the
// players' names as the page and an export give them. Pure functions of the game.

import { Game, recogniseText, ggfDetails } from '../pkg/reversi.js';
import { capitalize, opponentOf } from '../common/squares.js';
import { excerpt, plural } from './messages.js';

/** The longest player's name the page keeps from a record, in characters (the engine's GGF reader
 * cuts longer ones to this; a record saved by an older version may hold longer ones). */
export const NAME_CHARS = 64;

/** @typedef {import('../pkg/reversi.js').Side} Side */
/** @typedef {'human' | 'ai'} PlayerKind */

/**
 * What an imported GGF record says besides its moves; `key` names the record as imported (see
 * `recordKey`), so that moves played on after it are told apart.
 * @typedef {{black: string, white: string, result: string, evaluations: (number | null)[], key: string}} ImportedRecord
 */

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
  const own = players[color] === 'ai' ? `AI level ${level}` : 'Human';
  const imported = importedRecord(game, record);
  if (!imported || !imported[color]) return own;
  const name = excerpt(imported[color], NAME_CHARS);
  if (!playedPastRecord(game, imported)) return name;
  // Did `color` play any move after the record? Passes are written as moves, so sides alternate.
  const recordMoves = imported.key.split('|')[1].length / 2;
  const playedAfter = game.moves.slice(recordMoves).some((_, i) => moverOf(game, recordMoves + i) === color);
  return playedAfter ? `${name}, then ${own}` : name;
}

/** The record's properties players know by name (others are named by their GGF name). */
const PROPERTY_NAMES = {
  PB: "Black's name",
  PW: "White's name",
  PC: 'the place',
  DT: 'the date',
  EV: 'the event',
  TI: 'the time control',
  RE: 'the result',
  C: 'the comment',
  CO: 'the comment',
  GC: 'the comment',
};

/** "Black's name (PB) has 1,000,000 characters: cut to 64".
 * @param {{field: string, length: number, limit: number}} cut */
function cutText({ field, length, limit }) {
  const known = /** @type {Record<string, string>} */ (PROPERTY_NAMES)[field];
  const what = known ? `${known} (${excerpt(field, 8)})` : `property ${excerpt(field, 8)}`;
  return `${what} has ${length.toLocaleString('en')} characters: cut to ${limit}`;
}

/**
 * Whatever a player pasted, read: the game, the message that says what was recognised (so that a
 * board taken for a transcript, or the reverse, is noticed), for a GGF record its details, and
 * `cut`: what of the record was too long and cut (the engine bounds names and other fields), a
 * sentence, or '' when nothing was. Throws the engine's Error when the text reads as no game.
 * @param {string} text
 * @returns {{game: Game, message: string, record: ImportedRecord | null, cut: string}}
 */
export function readPasted(text) {
  const game = Game.fromText(text);
  const notation = recogniseText(text) ?? 'transcript';
  if (notation === 'GGF record') {
    const details = ggfDetails(text);
    const [black, white, result] = [details.black, details.white, details.result].map((value) => excerpt(value, NAME_CHARS));
    const record = { black, white, result, evaluations: details.evaluations, key: recordKey(game) };
    const names = `${black || 'Black'} (Black) against ${white || 'White'} (White)`;
    const message = `GGF record loaded: ${names}${result ? `, result ${result}` : ''}, ${plural(game.ply, 'move')}.`;
    const cut = details.cut.length ? `Parts of the record were too long and were cut: ${details.cut.map(cutText).join('; ')}.` : '';
    return { game, message, record, cut };
  }
  const message = notation === 'transcript' ? `Transcript loaded, ${plural(game.ply, 'move')}.` : `${capitalize(notation)} loaded.`;
  return { game, message, record: null, cut: '' };
}
