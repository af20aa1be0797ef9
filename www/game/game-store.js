// Every game played in this browser, one record per game, in IndexedDB: the game in progress of
// each tab, and the finished and abandoned ones, kept (the players' game library lists them).
// Each write is one readwrite transaction with the strictest durability the browser offers
// ('strict': written to disk before it completes), so that a browser killed just after a move
// keeps it. Settings are not here: they stay in localStorage (storage.js).
//
//   const store = await GameStore.open();           // rejects when IndexedDB cannot be used
//   await store.put(record);                        // resolves once the record is on disk
//   const record = await store.get(id);             // undefined when there is none
//   const games = await store.all();                // every record, the latest updated first
//   const open = await store.all('in-progress');    // only those of a status
//   await store.delete(id);                         // the player's choice (My games), never the page's
//
// Records are plain objects (GameRecord below); `checkRecord` says what is wrong with one read
// back, so that a damaged record is reported and left as it is, never lost.

import { inTransaction, openDatabase, settled } from './indexed-db.js';

const DB_NAME = 'reversi';
const DB_VERSION = 1;
const GAMES = 'games';
/** The record format this module writes. */
export const RECORD_FORMAT = 1;

/** @typedef {import('./record.js').PlayerKind} PlayerKind */

/**
 * A game as stored.
 * - `status`: 'in-progress' (a tab may resume it), 'finished' (over on the board or on time) or
 *   'abandoned' (its player started another game before its end);
 * - `moves`: the whole record (the redo line included), `ply`: the position shown;
 * - `record`: what an imported GGF record says besides its moves (names, result, scores);
 * - `result`: the result as the page says it ("Black wins 40–24"), '' until the end;
 * - `lines`: when variations were tried, every line to its end (the main line first, as
 *   lines.js writes them); absent otherwise and in records of older versions;
 * - `review`: when the main line was reviewed, the review's scores (what Export all writes);
 * - `created`, `updated`: milliseconds since 1970 (Date.now()).
 * @typedef {'in-progress' | 'finished' | 'abandoned'} GameStatus
 * @typedef {object} GameRecord
 * @property {string} id
 * @property {number} format
 * @property {GameStatus} status
 * @property {string} startBoard
 * @property {string} moves
 * @property {number} ply
 * @property {{black: PlayerKind, white: PlayerKind}} players
 * @property {number} level
 * @property {boolean} hints
 * @property {boolean} viewing
 * @property {import('./record.js').ImportedRecord | null} record
 * @property {import('./clock.js').SavedClock | null} clock
 * @property {string} result
 * @property {string[]} [lines]
 * @property {import('./export.js').SavedReview} [review] the scores of a review of the main line
 * @property {number} created
 * @property {number} updated
 */

const STATUSES = ['in-progress', 'finished', 'abandoned'];
const isPlayer = (/** @type {unknown} */ p) => p === 'human' || p === 'ai';

/**
 * What is wrong with a record read back (fields missing or of the wrong type), or null when it
 * can be restored. The board and the moves themselves are checked by the engine on restoring.
 * @param {any} value
 * @returns {string | null}
 */
export function checkRecord(value) {
  if (!value || typeof value !== 'object') return 'not a record';
  const wrong = [
    typeof value.id === 'string' || 'id',
    STATUSES.includes(value.status) || 'status',
    typeof value.startBoard === 'string' || 'startBoard',
    typeof value.moves === 'string' || 'moves',
    (Number.isInteger(value.ply) && value.ply >= 0) || 'ply',
    (value.players && isPlayer(value.players.black) && isPlayer(value.players.white)) || 'players',
    Number.isInteger(value.level) || 'level',
    Number.isFinite(value.updated) || 'updated',
  ].filter((ok) => ok !== true);
  return wrong.length ? `${wrong.join(', ')} missing or of the wrong type` : null;
}

export class GameStore {
  /** @param {IDBDatabase} db */
  constructor(db) {
    this.db = db;
  }

  /** The store of this browser, created on first use. Rejects (with the browser's reason) when
   * IndexedDB cannot be used: disabled, blocked by a policy, or broken.
   * @returns {Promise<GameStore>} */
  static async open() {
    const db = await openDatabase(DB_NAME, DB_VERSION, (db) => {
      const games = db.createObjectStore(GAMES, { keyPath: 'id' });
      games.createIndex('status', 'status');
      games.createIndex('updated', 'updated');
    });
    return new GameStore(db);
  }

  /** Writes `record` (a new one, or over the one of its id); resolves once it is on disk.
   * @param {GameRecord} record */
  put(record) {
    return inTransaction(this.db, GAMES, (games) => games.put(record), { durability: 'strict' });
  }

  /** Deletes the record of `id` (none: nothing happens); resolves once it is done on disk.
   * @param {string} id */
  delete(id) {
    return inTransaction(this.db, GAMES, (games) => games.delete(id), { durability: 'strict', action: 'deletion' });
  }

  /** The record of `id`, or undefined.
   * @param {string} id
   * @returns {Promise<GameRecord | undefined>} */
  get(id) {
    return settled(this.db.transaction(GAMES).objectStore(GAMES).get(id));
  }

  /** Every record (of `status`, when given), the latest updated first.
   * @param {GameStatus} [status]
   * @returns {Promise<GameRecord[]>} */
  async all(status) {
    const games = this.db.transaction(GAMES).objectStore(GAMES);
    /** @type {GameRecord[]} */
    const records = await settled(status ? games.index('status').getAll(status) : games.getAll());
    return records.sort((a, b) => (b.updated || 0) - (a.updated || 0));
  }

  close() {
    this.db.close();
  }
}
