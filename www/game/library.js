// My games: every game of the game store (game-store.js) listed, the latest first, with its
// date, players, level and result; one opened to replay or review it, all exported as one GGF
// file, one deleted (with an undo while its notice stays). The list is read when the section is
// opened and again after each change while it is open; nothing here writes the game in progress
// (tab-game.js does).

import { Game } from '../pkg/reversi.js';
import { checkRecord } from './game-store.js';
import { playerName } from './record.js';
import { downloadFile, exportText } from './export.js';
import { byId, closestTarget, setText } from '../common/dom.js';
import { bounded } from './messages.js';
import { t, language } from '../i18n/page.js';

/** @typedef {import('./game-store.js').GameRecord} GameRecord */
/** @typedef {import('./game-store.js').GameStore} GameStore */

/** The section's words, in the page's language (www/i18n/game/). */
export const text = {
  get empty() {
    return t('library.empty');
  },
  get unavailable() {
    return t('library.unavailable');
  },
  /** @param {string} reason */
  unreadable: (reason) => t('library.unreadable', { reason }),
  get open() {
    return t('library.open');
  },
  get delete() {
    return t('library.delete');
  },
  get undo() {
    return t('library.undo');
  },
  get thisGame() {
    return t('library.thisGame');
  },
  /** @param {number} level */
  level: (level) => t('library.level', { level }),
  get inProgress() {
    return t('library.inProgress');
  },
  /** @param {number} moves */
  abandoned: (moves) => t('library.abandoned', { n: moves }),
  /** @param {string} what */
  damaged: (what) => t('library.damaged', { what }),
  /** @param {string} black @param {string} white */
  players: (black, white) => t('library.players', { black, white }),
  /** @param {string} when @param {string} players */
  openLabel: (when, players) => t('library.openLabel', { when, players }),
  /** @param {string} when @param {string} players */
  deleteLabel: (when, players) => t('library.deleteLabel', { when, players }),
  /** @param {string} when @param {string} players */
  deleted: (when, players) => t('library.deleted', { when, players }),
  /** @param {string} reason */
  deleteFailed: (reason) => t('library.deleteFailed', { reason }),
  /** @param {string} reason */
  undoFailed: (reason) => t('library.undoFailed', { reason }),
  /** @param {number} count @param {string} file */
  exported: (count, file) => t('library.exported', { n: count, file }),
  /** @param {number} count */
  skipped: (count) => ` ${t('library.skipped', { n: count })}`,
  get nothingToExport() {
    return t('library.nothingToExport');
  },
  /** @param {string} reason */
  exportFailed: (reason) => t('library.exportFailed', { reason }),
  get busy() {
    return t('library.busy');
  },
};

/** The file all games are exported to. */
export const LIBRARY_FILE = 'othello-games.ggf';

/** When a stored game started, as the list says it.
 * @param {GameRecord} record */
export function gameDate(record) {
  const when = Number.isFinite(record.created) ? record.created : record.updated;
  return new Date(when).toLocaleString(language(), { dateStyle: 'medium', timeStyle: 'short' });
}

/** A stored game's player of `color` without replaying it: an imported record's name, else who
 * played it here.
 * @param {GameRecord} record
 * @param {'black' | 'white'} color */
function storedPlayer(record, color) {
  const imported = record.record && record.record[color];
  if (imported) return imported;
  return record.players[color] === 'ai' ? t('player.ai', { level: record.level }) : t('player.human');
}

/** The moves of a stored game (passes included), from its whole record.
 * @param {GameRecord} record */
const moveCount = (record) => Math.floor(record.moves.length / 2);

/** A stored game's main line, when it kept variations (its first line) and that line replays;
 * else null (its moves are its one line).
 * @param {GameRecord} record */
function mainLine(record) {
  const first = Array.isArray(record.lines) ? record.lines[0] : undefined;
  if (typeof first !== 'string') return null;
  try {
    return Game.restore(record.startBoard, first, Math.floor(first.length / 2));
  } catch {
    return null;
  }
}

/** What is wrong with a stored record, or null when it is a game that opens: its fields
 * (`checkRecord`), else its board and moves, replayed by the engine as Open replays them (a
 * record whose moves do not replay is damaged too, not a game of that many moves). The list and
 * Export all leave out the same records.
 * @param {any} record
 * @returns {string | null} */
export function damage(record) {
  const wrong = checkRecord(record);
  if (wrong) return wrong;
  try {
    Game.restore(record.startBoard, record.moves, record.ply).free();
    return null;
  } catch (error) {
    return bounded(String(/** @type {Error} */ (error).message || error));
  }
}

/** The stored game as a GGF record of its main line, as the page's own export writes it.
 * @param {GameRecord} record */
export function storedGgf(record) {
  const game = mainLine(record) ?? Game.restore(record.startBoard, record.moves, moveCount(record));
  const setup = { players: record.players, level: record.level };
  return exportText('ggf', {
    game,
    review: null,
    reviewed: record.review ?? null,
    record: record.record,
    playerName: (color) => playerName(game, record.record, setup, color),
    date: Number.isFinite(record.created) ? record.created : record.updated,
  });
}

/**
 * Wires the My games section.
 * @param {{store: () => GameStore | null, currentId: () => string,
 *          open: (record: GameRecord) => Promise<boolean>,
 *          notify: (news: string) => void,
 *          showMessage: (message: import('../common/message-list.js').Message) => void,
 *          clearMessage: (key: string) => void}} page
 *   `open` shows the record's game in this tab (false: it could not); `notify` says news in the
 *   status line; `showMessage` a problem or a notice until dismissed
 */
export function attachLibrary(page) {
  const section = byId('library', HTMLDetailsElement);
  const list = byId('library-list', HTMLOListElement);
  const status = byId('library-status');
  /** The records listed, by id. @type {Map<string, GameRecord>} */
  let listed = new Map();
  let reading = false;
  let again = false;

  /** Reads the store and redraws the list (once more if asked while reading). */
  async function refresh() {
    if (!section.open) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      const store = page.store();
      if (!store) {
        setText(status, text.unavailable);
        list.replaceChildren();
        return;
      }
      let records;
      try {
        records = await store.all();
      } catch (error) {
        setText(status, text.unreadable(bounded(String(/** @type {Error} */ (error).message || error))));
        return;
      }
      listed = new Map(records.map((r) => [String(r.id), r]));
      list.replaceChildren(...records.map((r) => entry(r)));
      setText(status, records.length ? '' : text.empty);
      section.dataset.count = String(records.length);
    } finally {
      reading = false;
      if (again) {
        again = false;
        refresh();
      }
    }
  }

  /** @param {any} record */
  function entry(record) {
    const item = document.createElement('li');
    item.dataset.testid = 'library-game';
    item.dataset.id = String(record.id);
    const wrong = damage(record);
    const what = document.createElement('span');
    what.className = 'library-game';
    const buttons = document.createElement('span');
    buttons.className = 'library-actions';
    if (wrong) {
      what.textContent = text.damaged(wrong);
      item.append(what, buttons);
      return item;
    }
    const when = gameDate(record);
    const players = text.players(storedPlayer(record, 'black'), storedPlayer(record, 'white'));
    const level = record.players.black === 'ai' || record.players.white === 'ai' ? text.level(record.level) : '';
    const outcome =
      record.status === 'finished' ? record.result : record.status === 'abandoned' ? text.abandoned(moveCount(record)) : text.inProgress;
    const current = record.id === page.currentId();
    const parts = [
      ['library-date', when],
      ['library-players', players],
      ['library-level', level],
      ['library-result', current ? `${outcome} (${text.thisGame})` : outcome],
    ];
    for (const [name, value] of parts) {
      if (!value) continue;
      const part = document.createElement('span');
      part.className = name;
      part.dataset.testid = name;
      part.textContent = value;
      what.append(part);
    }
    const open = document.createElement('button');
    open.type = 'button';
    open.dataset.action = 'open';
    open.dataset.testid = 'library-open';
    open.textContent = text.open;
    open.setAttribute('aria-label', text.openLabel(when, players));
    open.disabled = current;
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.dataset.action = 'delete';
    remove.dataset.testid = 'library-delete';
    remove.textContent = text.delete;
    remove.setAttribute('aria-label', text.deleteLabel(when, players));
    // The game on the board is not deleted from under it: start another first.
    remove.disabled = current;
    buttons.append(open, remove);
    item.append(what, buttons);
    return item;
  }

  /** Deletes a game, with an undo while its notice stays (the record put back as it was).
   * @param {GameRecord} record */
  async function remove(record) {
    const store = page.store();
    if (!store) return;
    try {
      await store.delete(record.id);
    } catch (error) {
      page.showMessage({ key: 'library', kind: 'error', text: text.deleteFailed(String(/** @type {Error} */ (error).message || error)) });
      return;
    }
    const described = checkRecord(record) ? '' : text.players(storedPlayer(record, 'black'), storedPlayer(record, 'white'));
    page.showMessage({
      key: 'library',
      kind: 'notice',
      text: text.deleted(checkRecord(record) ? '' : gameDate(record), described),
      action: {
        label: text.undo,
        run: () => {
          store.put(record).then(
            () => {
              page.clearMessage('library');
              refresh();
            },
            (error) => page.showMessage({ key: 'library', kind: 'error', text: text.undoFailed(String(error.message || error)) }),
          );
        },
      },
    });
    refresh();
  }

  /** Every readable game as one GGF file (one record a line), downloaded. */
  async function exportAll() {
    const store = page.store();
    if (!store) {
      page.notify(text.unavailable);
      return;
    }
    try {
      // The oldest first, as a file of games reads: by when each game started (opening an old
      // game again updates it, and must not move it to the end).
      const started = (/** @type {GameRecord} */ r) => (Number.isFinite(r.created) ? r.created : r.updated);
      const records = (await store.all()).sort((a, b) => started(a) - started(b));
      const lines = [];
      let skipped = 0;
      for (const record of records) {
        try {
          if (damage(record)) throw new Error('damaged');
          lines.push(storedGgf(record));
        } catch {
          skipped++;
        }
      }
      if (lines.length === 0) {
        page.notify(text.nothingToExport + (skipped ? text.skipped(skipped) : ''));
        return;
      }
      downloadFile(LIBRARY_FILE, lines.join('\n') + '\n', 'application/x-ggf');
      page.notify(text.exported(lines.length, LIBRARY_FILE) + (skipped ? text.skipped(skipped) : ''));
    } catch (error) {
      page.notify(text.exportFailed(String(/** @type {Error} */ (error).message || error)));
    }
  }

  section.addEventListener('toggle', refresh);
  byId('library-export').addEventListener('click', exportAll);
  list.addEventListener('click', async (event) => {
    const button = /** @type {HTMLButtonElement | null} */ (closestTarget(event, 'button[data-action]'));
    const id = button?.closest('li')?.dataset.id;
    const record = id === undefined ? undefined : listed.get(id);
    if (!button || !record) return;
    if (button.dataset.action === 'delete') remove(record);
    else if (button.dataset.action === 'open') {
      if (!(await page.open(record))) page.showMessage({ key: 'library', kind: 'error', text: text.busy });
      else refresh();
    }
  });
  return { refresh };
}
