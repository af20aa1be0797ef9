// The game clock: each side's time left, the side whose clock runs, and a fallen flag. Pure: the
// page says when moves are made and which side's clock should run; times are performance.now()
// milliseconds handed in, so the logic is the same in a test as on the page.

import { t } from '../i18n/page.js';

/** @typedef {'black' | 'white'} Side */
/** A clock's spec: each side's time, the increment after each move, and how a menu writes it.
 * @typedef {{initialMs: number, incrementMs: number, text: string}} ClockSpec */
/** A clock as saved with the game (see toJSON).
 * @typedef {{spec: string, remaining?: Partial<Record<Side, unknown>>, flagged?: unknown}} SavedClock */

/** The longest game clock offered (minutes), and the largest increment (seconds). */
const MAX_MINUTES = 180;
const MAX_INCREMENT_S = 60;

/**
 * "5+0" (5 minutes a side, no increment), "3+2" (3 minutes, 2 seconds added after each move),
 * "0.5+0", "5 0" (as an address gives "5+0"): a clock's spec. Throws an Error naming what is wrong.
 * @param {string} text
 * @returns {ClockSpec}
 */
export function parseClockSpec(text) {
  // In an address "5+0" arrives as "5 0" (a + is a space there): both are read.
  const match = /^(\d+(?:\.\d+)?)(?:[+ ](\d+(?:\.\d+)?))?$/.exec(String(text).trim());
  const minutes = match ? Number(match[1]) : NaN;
  const increment = match && match[2] !== undefined ? Number(match[2]) : 0;
  if (!match || !(minutes > 0) || minutes > MAX_MINUTES || increment > MAX_INCREMENT_S) {
    throw new Error(t('address.clock', { value: String(text).slice(0, 20), minutes: MAX_MINUTES, seconds: MAX_INCREMENT_S }));
  }
  return { initialMs: Math.round(minutes * 60_000), incrementMs: Math.round(increment * 1000), text: `${match[1]}+${match[2] ?? '0'}` };
}

/** "4:59", "0:09.4" under ten seconds (tenths matter then), "0:00" at the end.
 * @param {number} ms */
export function formatClock(ms) {
  const clamped = Math.max(0, ms);
  if (clamped < 10_000) {
    const tenths = Math.floor(clamped / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const seconds = Math.ceil(clamped / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A clock for `spec` (see parseClockSpec), both sides' times full and nothing running; `saved`
 * (a clock's toJSON()) restores the times left and a fallen flag.
 * @param {ClockSpec} spec
 * @param {number} now performance.now()
 * @param {SavedClock | null} [saved]
 */
export function createClock(spec, now, saved = null) {
  const remaining = { black: spec.initialMs, white: spec.initialMs };
  if (saved && saved.remaining) {
    for (const color of /** @type {const} */ (['black', 'white'])) {
      const value = Number(saved.remaining[color]);
      if (Number.isFinite(value)) remaining[color] = Math.min(Math.max(0, value), spec.initialMs + 3_600_000);
    }
  }
  const clock = {
    spec,
    remaining,
    /** The side whose time runs, or null. @type {Side | null} */
    running: null,
    since: now,
    /** The side whose time ran out, or null. @type {Side | null} */
    flagged: saved && (saved.flagged === 'black' || saved.flagged === 'white') ? saved.flagged : null,

    /** Charges the running side for the time since the last call. @param {number} at */
    settle(at) {
      if (clock.running) clock.remaining[clock.running] -= Math.max(0, at - clock.since);
      // A start still to come (see run) stays to come.
      clock.since = clock.running ? Math.max(clock.since, at) : at;
    },
    /** From `startAt` (`at` if not given) `side`'s time runs (null: nobody's): a side's time
     * starts once it can see the position, after the last move's discs have turned over.
     * @param {Side | null} side
     * @param {number} at
     * @param {number} [startAt] */
    run(side, at, startAt = at) {
      const wasRunning = clock.running;
      clock.settle(at);
      clock.running = clock.flagged ? null : side;
      if (clock.running && clock.running !== wasRunning) clock.since = Math.max(at, startAt);
    },
    /** `color` has moved: its time so far is charged and the increment added.
     * @param {Side} color
     * @param {number} at */
    moved(color, at) {
      if (clock.running === color) clock.settle(at);
      if (!clock.flagged) clock.remaining[color] += spec.incrementMs;
    },
    /** Time left for `color` at `at`.
     * @param {Side} color
     * @param {number} at */
    left(color, at) {
      const running = clock.running === color ? Math.max(0, at - clock.since) : 0;
      return clock.remaining[color] - running;
    },
    /** Whether the running side's flag has fallen by `at` (it then stays fallen): the side whose
     * flag fell, or null.
     * @param {number} at */
    check(at) {
      if (!clock.flagged && clock.running && clock.left(clock.running, at) <= 0) {
        clock.settle(at);
        clock.remaining[clock.running] = 0;
        clock.flagged = clock.running;
        clock.running = null;
      }
      return clock.flagged;
    },
    /** @returns {SavedClock} */
    toJSON() {
      return { spec: spec.text, remaining: { ...clock.remaining }, flagged: clock.flagged };
    },
  };
  return clock;
}
