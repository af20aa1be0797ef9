// Where the game stands in the opening: the name of the opening it reached (the named lines of
// "Play an opening" and of the address's opening=…), and where it left the opening book.

import { Searcher, openingName, openingLines } from '../pkg/reversi.js';
import { recordKey } from './record.js';
import { t } from '../i18n/page.js';

/** @typedef {import('../pkg/reversi.js').Game} Game */
/** @typedef {import('../pkg/reversi.js').OpeningLine} OpeningLine */

/** A name as an address writes it: "Rose-Bill" → "rose-bill", "Heath/Tobidashi" → "heath-tobidashi".
 * @param {string} name */
export function openingSlug(name) {
  return name.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** The named opening an address or the menu asks for: by its slug, or by one of its names ("heath"
 * for "Heath/Tobidashi"); null when none.
 * @param {string} wanted
 * @returns {OpeningLine | null} */
export function findOpening(wanted) {
  const slug = openingSlug(wanted);
  return (
    openingLines().find((o) => openingSlug(o.name) === slug) ||
    openingLines().find((o) => o.name.split('/').some((part) => openingSlug(part) === slug)) ||
    null
  );
}

/** Fills the "Play an opening" menu: every named line, by name, with its number of moves.
 * @param {HTMLSelectElement} select */
export function fillOpenings(select) {
  const lines = [...openingLines()].sort((a, b) => a.name.localeCompare(b.name));
  for (const line of lines) {
    const option = document.createElement('option');
    option.value = line.name;
    option.textContent = `${line.name} (${line.moves.length / 2})`;
    select.append(option);
  }
}

/** The name of the opening of the position shown ('' for none, or a game not from the start).
 * @param {Game} game
 * @param {string} startBoard the standard start as board text */
export function currentOpeningName(game, startBoard) {
  if (game.startBoard !== startBoard) return '';
  try {
    return openingName(game.transcript(false)) || '';
  } catch {
    return '';
  }
}

/** A reader of the opening book on the page's thread (the AI worker has its own, for playing):
 * how many of a game's moves are book moves in a row, remembered for the record last asked. */
export class BookReader {
  /** @param {ArrayBuffer} bytes the book's file; throws when it is not a valid book */
  constructor(bytes) {
    this.searcher = new Searcher(1);
    this.searcher.setBook(new Uint8Array(bytes));
    /** @type {{key: string, ply: number | null}} */
    this.cache = { key: '', ply: null };
  }

  /** How many of the game's moves are book moves in a row (null if the record does not read).
   * @param {Game} game */
  bookPly(game) {
    const key = recordKey(game);
    if (this.cache.key !== key) {
      let ply = null;
      try {
        ply = this.searcher.outOfBookPly(game.startBoard, game.fullTranscript);
      } catch {
        ply = null;
      }
      this.cache = { key, ply };
    }
    return this.cache.ply;
  }
}

/** "Out of book after move 14" once the game has left the book; "In the opening book (6
 * moves)" before; '' without a book or a move.
 * @param {number | null} ply the book moves in a row (see BookReader), null without a book
 * @param {number} total the game's moves */
export function bookText(ply, total) {
  if (ply === null || total === 0) return '';
  if (ply >= total) return t('game.inBook', { moves: t('moves', { n: total }) });
  return ply === 0 ? t('game.outOfBookFirst') : t('game.outOfBook', { ply });
}
