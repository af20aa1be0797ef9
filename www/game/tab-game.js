// The game this tab keeps: which record of the game store (game-store.js) is this tab's, and its
// writes, one at a time, at every change.
//
// - A tab owns its game: the game's id is in the tab's sessionStorage, so a reload of the tab
//   brings its own game back, and it holds a Web Lock named after the game while it shows it,
//   so that no other tab takes it. Two tabs never write the same record.
// - A new tab resumes the most recently updated game in progress that no open tab holds (the
//   game of a tab that was closed, or of a browser that was killed); when every such game is
//   held, it starts a new one. Without Web Locks (an old browser) a new tab always starts a new
//   game rather than risk sharing one.
// - A game is written once it is worth keeping (a move played, or a loaded game or position),
//   then at every change. Writes go one at a time, each awaited before the next; a change made
//   while one is under way is written next (only its latest state). Starting another game marks
//   the current one abandoned if it was in progress; nothing is ever deleted here (only the player
//   deletes a game, from My games, library.js). A game opened from My games becomes this tab's.
// - The game saved by the older version of the page (one localStorage slot) is moved into the
//   store once, by the first tab that finds it.
// - When the store cannot be used, or a write fails (a full quota, say), the game goes on and
//   `onProblem` says that it is not being saved; what is already stored stays.

import { t } from '../i18n/page.js';
import { GameStore, checkRecord, RECORD_FORMAT } from './game-store.js';
import * as storage from './storage.js';

/** @typedef {import('./game-store.js').GameRecord} GameRecord */
/** What the page gives to be saved: a record without its id, format and dates.
 * @typedef {Omit<GameRecord, 'id' | 'format' | 'created' | 'updated'>} GameSnapshot */

/** The standard start as board text: a game from any other start (a position set up) is worth
 * keeping before its first move. */
const STANDARD_START = `${'-'.repeat(27)}OX${'-'.repeat(6)}XO${'-'.repeat(27)} X`;
const SESSION_KEY = 'reversi.game-id';
const LOCK_PREFIX = 'reversi.game.';
const LEGACY_LOCK = 'reversi.legacy-slot';
/** How long a reloaded tab waits for its own game's lock, which the page it replaces is giving
 * back; a duplicated tab (same sessionStorage) then gives up and takes another game. */
const OWN_GAME_WAIT_MS = 1500;
/** At most this many games in progress are tried when a new tab looks for one to resume. */
const RESUME_CANDIDATES = 20;

const locks = typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;

/** A new game id. */
const newId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** @param {unknown} error */
const reason = (error) => String((error && /** @type {Error} */ (error).message) || error);

/** sessionStorage, which may be unusable (a policy, a sandboxed frame): then nothing is kept. */
const session = {
  get() {
    try {
      return sessionStorage.getItem(SESSION_KEY);
    } catch {
      return null;
    }
  },
  /** @param {string} id */
  set(id) {
    try {
      sessionStorage.setItem(SESSION_KEY, id);
    } catch {
      // the reload of this tab will resume the latest game not held instead
    }
  },
};

/**
 * Holds the lock of game `id` until `release()` is called; resolves to that release function, or
 * null when another tab holds it (after waiting up to `waitMs`).
 * @param {string} id
 * @param {number} waitMs
 * @returns {Promise<(() => void) | null>}
 */
function hold(id, waitMs) {
  if (!locks) return Promise.resolve(() => {});
  const lockManager = locks;
  return new Promise((resolve) => {
    /** @type {LockOptions} */
    const options = waitMs > 0 ? { signal: AbortSignal.timeout(waitMs) } : { ifAvailable: true };
    lockManager
      .request(LOCK_PREFIX + id, options, (lock) => {
        if (!lock) {
          resolve(null);
          return undefined;
        }
        // The lock is held as long as this promise is pending.
        return new Promise((release) => resolve(() => release(undefined)));
      })
      .catch(() => resolve(null)); // the wait timed out
  });
}

export class TabGame {
  /**
   * @param {GameStore | null} store
   * @param {{onSaved: (record: GameRecord) => void, onProblem: (problem: string | null) => void}} listeners
   *   `onSaved` hears every record written; `onProblem` why the game is not being saved, or null
   *   once a write succeeds again
   */
  constructor(store, { onSaved, onProblem }) {
    this.store = store;
    this.onSaved = onSaved;
    this.onProblem = onProblem;
    this.id = newId();
    this.created = Date.now();
    /** The game's last state handed in, written or not. @type {GameRecord | null} */
    this.last = null;
    /** Releases this tab's lock on its game. */
    this.release = () => {};
    /** Records waiting to be written, by id (the latest state of each). @type {Map<string, GameRecord>} */
    this.pending = new Map();
    this.writing = false;
  }

  /**
   * Opens the store and finds this tab's game: its own (a reload), else the latest game in
   * progress no other tab holds, else none (a new game); with `resume` false, always a new game
   * (the address starts one). `restored` is that game's record, and `problems` what went wrong
   * on the way (a damaged record, an older save that cannot be read, a store that cannot be
   * used), each a sentence for a notice.
   * @param {{resume?: boolean, onSaved: (record: GameRecord) => void, onProblem: (problem: string | null) => void}} options
   * @returns {Promise<{tab: TabGame, restored: GameRecord | null, problems: string[]}>}
   */
  static async claim({ resume = true, ...listeners }) {
    /** @type {string[]} */
    const problems = [];
    let store = null;
    try {
      store = await GameStore.open();
    } catch (error) {
      problems.push(t('save.notSaved', { reason: reason(error) }));
    }
    const tab = new TabGame(store, listeners);
    if (!store) {
      // An older version's save stays where it is, for a browser whose storage works again.
      return { tab, restored: null, problems };
    }
    const legacyProblem = await moveLegacySlot(store);
    if (legacyProblem) problems.push(legacyProblem);
    const restored = resume ? await tab.#choose(problems) : null;
    if (!restored) {
      tab.release = (await hold(tab.id, 0)) ?? (() => {});
      session.set(tab.id);
    }
    return { tab, restored, problems };
  }

  /**
   * This tab's own game, else the latest in progress that no tab holds: its record, held, or
   * null.
   * @param {string[]} problems
   */
  async #choose(problems) {
    const store = /** @type {GameStore} */ (this.store);
    const own = session.get();
    try {
      if (own) {
        const record = await store.get(own);
        if (record) {
          const release = await hold(own, OWN_GAME_WAIT_MS);
          if (release) return this.#adopt(record, release, problems);
        }
      }
      if (!locks) return null;
      const candidates = (await store.all('in-progress')).filter((r) => r.id !== own && checkRecord(r) === null);
      for (const record of candidates.slice(0, RESUME_CANDIDATES)) {
        const release = await hold(record.id, 0);
        if (release) return this.#adopt(record, release, problems);
      }
    } catch (error) {
      problems.push(t('save.unreadable', { reason: reason(error) }));
    }
    return null;
  }

  /**
   * Makes `record` this tab's game when it can be read; else says why and leaves it untouched.
   * @param {any} record
   * @param {() => void} release
   * @param {string[]} problems
   * @returns {GameRecord | null}
   */
  #adopt(record, release, problems) {
    const wrong = checkRecord(record);
    if (wrong) {
      problems.push(t('save.unreadableOne', { reason: wrong }));
      this.#setAside(record);
      release();
      return null;
    }
    this.id = record.id;
    this.created = Number.isFinite(record.created) ? record.created : record.updated;
    this.last = record;
    this.release = release;
    session.set(record.id);
    return record;
  }

  /** This tab's game could not be restored after all (the engine refused its board or moves):
   * its record is kept, set aside, and this tab starts a new game. */
  giveUp() {
    if (this.last) this.#setAside(this.last);
    this.last = null;
    this.#switchTo(newId());
  }

  /** A record that cannot be restored is kept as it is but marked abandoned, so that no tab
   * offers it again.
   * @param {any} record */
  #setAside(record) {
    if (record && typeof record.id === 'string' && record.status === 'in-progress') this.#write({ ...record, status: 'abandoned' });
  }

  /**
   * Writes the game's state if it is worth keeping (a move, a loaded game, or already written).
   * @param {GameSnapshot} snapshot
   */
  save(snapshot) {
    const setUp = snapshot.startBoard !== STANDARD_START;
    const worthKeeping = this.last !== null || snapshot.moves.length > 0 || snapshot.viewing || snapshot.record !== null || setUp;
    if (!worthKeeping) return;
    const last = this.last;
    // A finished game keeps who played it: players chosen after its end are for the next game.
    const played =
      last && last.status === 'finished' && snapshot.status === 'finished' && last.moves === snapshot.moves
        ? { players: last.players, level: last.level }
        : {};
    /** @type {GameRecord} */
    const record = { ...snapshot, ...played, id: this.id, format: RECORD_FORMAT, created: this.created, updated: Date.now() };
    this.last = record;
    this.#write(record);
  }

  /** Keeps a game that is not this tab's (another game of a file loaded): a record of its own,
   * which no tab holds; resolves once it is on disk (at once when nothing can be saved).
   * @param {GameSnapshot} snapshot
   * @param {number} created when it counts as started (the file's order, for Export all) */
  async keep(snapshot, created) {
    if (!this.store) return;
    try {
      await this.store.put({ ...snapshot, id: newId(), format: RECORD_FORMAT, created, updated: created });
    } catch (error) {
      this.onProblem(t('save.stopped', { reason: reason(error) }));
    }
  }

  /** Another game starts in this tab: the current one, if kept and in progress, is marked
   * abandoned (and kept); the new one gets an id of its own. */
  startNew() {
    const last = this.last;
    if (last && last.status === 'in-progress') this.#write({ ...last, status: 'abandoned', updated: Date.now() });
    this.last = null;
    this.#switchTo(newId());
  }

  /**
   * Makes a stored game this tab's (the player opened it from My games): the current one, if in
   * progress, is marked abandoned, as by `startNew`. False when another tab holds that game.
   * @param {GameRecord} record
   * @returns {Promise<boolean>}
   */
  async open(record) {
    if (record.id === this.id) return true;
    const release = await hold(record.id, 0);
    if (!release) return false;
    const last = this.last;
    if (last && last.status === 'in-progress') this.#write({ ...last, status: 'abandoned', updated: Date.now() });
    this.release();
    this.release = release;
    this.id = record.id;
    this.created = Number.isFinite(record.created) ? record.created : record.updated;
    this.last = record;
    session.set(record.id);
    return true;
  }

  /** @param {string} id */
  #switchTo(id) {
    this.release();
    this.release = () => {};
    this.id = id;
    this.created = Date.now();
    session.set(id);
    // A fresh id is held by no other tab: the lock is granted at once.
    hold(id, 0).then((release) => {
      if (this.id === id && release) this.release = release;
      else release?.();
    });
  }

  /** Queues `record`; records are written one at a time, in order, each awaited.
   * @param {GameRecord} record */
  #write(record) {
    if (!this.store) return;
    this.pending.delete(record.id); // re-queued at the end: a later state after an earlier one
    this.pending.set(record.id, record);
    if (!this.writing) this.#drain();
  }

  async #drain() {
    const store = /** @type {GameStore} */ (this.store);
    this.writing = true;
    while (this.pending.size > 0) {
      const [id, record] = /** @type {[string, GameRecord]} */ (this.pending.entries().next().value);
      this.pending.delete(id);
      try {
        await store.put(record);
        this.onProblem(null);
        if (record.id === this.id) this.onSaved(record);
      } catch (error) {
        this.onProblem(t('save.stopped', { reason: reason(error) }));
      }
    }
    this.writing = false;
  }
}

/**
 * Moves the game the older version of the page kept in localStorage into the store, once: read,
 * written as a record in progress, then removed from localStorage (under a lock, so that two tabs
 * starting together do not both move it). A slot that cannot be read is removed and reported.
 * @param {GameStore} store
 * @returns {Promise<string | null>} the problem to report, if any
 */
async function moveLegacySlot(store) {
  const move = async () => {
    const { saved, problem } = storage.loadSaved();
    if (problem) return t('save.oldRemoved', { reason: problem });
    if (!saved) return null;
    const now = Date.now();
    /** @type {GameRecord} */
    const record = {
      id: newId(),
      format: RECORD_FORMAT,
      status: 'in-progress',
      startBoard: saved.startBoard,
      moves: saved.moves,
      ply: saved.ply,
      players: saved.players,
      level: saved.level,
      hints: saved.hints === true,
      viewing: saved.viewing === true,
      record: saved.record ?? null,
      clock: saved.clock ?? null,
      result: '',
      created: now,
      updated: now,
    };
    try {
      await store.put(record);
    } catch (error) {
      return t('save.oldKept', { reason: reason(error) });
    }
    storage.forget();
    return null;
  };
  return locks ? locks.request(LEGACY_LOCK, move) : move();
}
