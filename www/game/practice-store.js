// The practice's progress in IndexedDB, beside the game store (its own database, so that the two
// never wait on each other's upgrades): each position tried, whether it was solved and at which
// try, and the set of mistakes being practised, so that a reload goes on where the player was.
//
//   const store = await PracticeStore.open();   // rejects when IndexedDB cannot be used
//   await store.putResult({key, solvedAt, tries, updated});
//   const results = await store.results();      // Map key → result
//   await store.putSet({id: 'mistakes', items, at, updated});
//   const set = await store.getSet('mistakes'); // undefined when there is none

import { inTransaction, openDatabase, settled } from './indexed-db.js';

const DB_NAME = 'reversi-practice';
const DB_VERSION = 1;
const RESULTS = 'results';
const SETS = 'sets';

/**
 * How a position went the last time it was practised: solved at the first try (1), at the second
 * (2), or not (null: the answer was shown); `tries` counts every time it was practised.
 * @typedef {{key: string, solvedAt: 1 | 2 | null, tries: number, updated: number}} PracticeResult
 */
/**
 * A set of positions being practised, and the one reached (`at`).
 * @typedef {{id: string, items: import('./practice.js').PracticeItem[], at: number, updated: number}} PracticeSet
 */

/** Whether a record read back is a result.
 * @param {any} value */
function isResult(value) {
  return Boolean(value) && typeof value.key === 'string' && [1, 2, null].includes(value.solvedAt) && Number.isInteger(value.tries);
}

export class PracticeStore {
  /** @param {IDBDatabase} db */
  constructor(db) {
    this.db = db;
  }

  /** The practice's store in this browser, created on first use; rejects (with the browser's
   * reason) when IndexedDB cannot be used.
   * @returns {Promise<PracticeStore>} */
  static async open() {
    const db = await openDatabase(DB_NAME, DB_VERSION, (db) => {
      db.createObjectStore(RESULTS, { keyPath: 'key' });
      db.createObjectStore(SETS, { keyPath: 'id' });
    });
    return new PracticeStore(db);
  }

  /** Writes a record into `name`; resolves once it is written.
   * @param {string} name
   * @param {object} record */
  write(name, record) {
    return inTransaction(this.db, name, (store) => store.put(record));
  }

  /** @param {PracticeResult} result */
  putResult(result) {
    return this.write(RESULTS, result);
  }

  /** Every position's result, by key (a damaged record is left out, and left as it is).
   * @returns {Promise<Map<string, PracticeResult>>} */
  async results() {
    /** @type {any[]} */
    const all = await settled(this.db.transaction(RESULTS).objectStore(RESULTS).getAll());
    return new Map(all.filter(isResult).map((r) => [r.key, r]));
  }

  /** @param {PracticeSet} set */
  putSet(set) {
    return this.write(SETS, set);
  }

  /** The set of `id`, or undefined (also for a damaged one).
   * @param {string} id
   * @returns {Promise<PracticeSet | undefined>} */
  async getSet(id) {
    /** @type {any} */
    const set = await settled(this.db.transaction(SETS).objectStore(SETS).get(id));
    return set && Array.isArray(set.items) && Number.isInteger(set.at) ? set : undefined;
  }
}
