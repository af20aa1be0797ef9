// What the page keeps in localStorage: the settings, and the one slot where the earlier version
// of the page kept the game in progress (the games are now in IndexedDB, game-store.js; the slot
// is read once, moved there and removed, by tab-game.js). Reading never throws.

const KEY = 'reversi.game.v1';

/**
 * The game as the earlier version stored it: its record (start, every move, the position shown),
 * the players, the level, whether hints are on, whether a loaded game is being shown, an imported
 * record's details and the clock.
 * @typedef {object} SavedGame
 * @property {string} startBoard
 * @property {string} moves
 * @property {number} ply
 * @property {{black: 'human' | 'ai', white: 'human' | 'ai'}} players
 * @property {number} level
 * @property {boolean} hints
 * @property {boolean} [viewing]
 * @property {import('./record.js').ImportedRecord | null} [record]
 * @property {import('./clock.js').SavedClock | null} [clock]
 */

/**
 * The game of the earlier version's slot (its fields checked), or why it could not be read (a
 * slot that cannot be read is removed).
 * @returns {{saved: SavedGame | null, problem: string | null}}
 */
export function loadSaved() {
  let text;
  try {
    text = localStorage.getItem(KEY);
  } catch {
    return { saved: null, problem: null }; // storage disabled: nothing to restore, nothing wrong
  }
  if (text === null) return { saved: null, problem: null };
  try {
    const saved = JSON.parse(text);
    const valid =
      saved && typeof saved === 'object' &&
      typeof saved.startBoard === 'string' &&
      typeof saved.moves === 'string' &&
      Number.isInteger(saved.ply) && saved.ply >= 0 &&
      saved.players && ['human', 'ai'].includes(saved.players.black) && ['human', 'ai'].includes(saved.players.white) &&
      Number.isInteger(saved.level);
    if (!valid) throw new Error('fields are missing or of the wrong type');
    return { saved, problem: null };
  } catch (error) {
    forget();
    return { saved: null, problem: /** @type {Error} */ (error).message };
  }
}

/** Removes the earlier version's slot. */
export function forget() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // storage disabled: there is nothing to remove
  }
}

export const STORAGE_KEY = KEY;

// Settings that outlive a game (hint strength, board flipped, sound): a store of their own, so that
// a damaged saved game never loses them, nor they the game.
const SETTINGS_KEY = 'reversi.settings.v1';

/** The saved settings that are valid; anything else is left out (the page keeps its defaults). */
export function loadSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) || '{}');
    /** @type {Partial<import('./settings.js').Settings>} */
    const settings = {};
    if (saved.hintStrength === 'quick' || saved.hintStrength === 'deep') settings.hintStrength = saved.hintStrength;
    if (typeof saved.flipped === 'boolean') settings.flipped = saved.flipped;
    if (typeof saved.sound === 'boolean') settings.sound = saved.sound;
    if (Number.isInteger(saved.workers) && saved.workers >= 1 && saved.workers <= 8) settings.workers = saved.workers;
    return settings;
  } catch {
    return {};
  }
}

/** @param {import('./settings.js').Settings} settings */
export function saveSettings(settings) {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Private browsing or a full quota: the settings still apply, they just will not survive a reload.
  }
}
