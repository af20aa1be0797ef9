// The game in progress, kept in localStorage so that it survives a reload. Reading never throws:
// a store that cannot be used is reported so the page can show a notice and start fresh.

const KEY = 'reversi.game.v1';

/**
 * @returns {{saved: object|null, problem: string|null}}
 *   saved = {startBoard, moves, ply, players: {black, white}, level, hints}
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
    return { saved: null, problem: `the saved game could not be read (${error.message})` };
  }
}

export function save(record) {
  try {
    localStorage.setItem(KEY, JSON.stringify(record));
  } catch {
    // Private browsing or a full quota: the game still works, it just will not survive a reload.
  }
}

export function forget() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // see save()
  }
}

export const STORAGE_KEY = KEY;
