// The record out: the transcript copied, and exports in three formats — a GGF record (with the
// review's scores, or an imported record's own), an OBF line of the position shown (with its
// solution when the review solved it) and the transcript — shown, copied or downloaded.

import { importedRecord, playedPastRecord, stillApplies } from './record.js';
import { byId } from '../common/dom.js';
import { t } from '../i18n/page.js';

/** @typedef {import('../pkg/reversi.js').Game} Game */
/** @typedef {import('../pkg/reversi.js').Review} Review */
/** @typedef {import('./record.js').ImportedRecord} ImportedRecord */
/** @typedef {'ggf' | 'obf' | 'transcript'} ExportFormat */

/** Each format's file name and type when downloaded. */
const EXPORT_FILES = { ggf: ['othello.ggf', 'application/x-ggf'], transcript: ['othello.txt', 'text/plain'], obf: ['othello-position.obf', 'text/plain'] };

/**
 * Saves text as a file the browser downloads (the URL is kept a while: some browsers read it late).
 * @param {string} name
 * @param {string} contents
 * @param {string} type
 */
export function downloadFile(name, contents, type) {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A review's scores as a GGF record writes them: each move's, for its mover (the review's are
 * Black's). What My games keeps of a review, with the record it reviewed.
 * @param {Review} review
 * @returns {number[]} */
export function moverScores(review) {
  return review.moves.map((m) => (m.mover === 'black' ? m.scoreBlack : -m.scoreBlack));
}

/** A review's scores as a game saved keeps them: `key` names the record reviewed (record.js's
 * `recordKey`), `scores` are `moverScores`.
 * @typedef {{key: string, scores: number[]}} SavedReview */

/**
 * The exported text of `format`.
 * @param {string} format 'ggf', 'obf' or 'transcript'
 * @param {{game: Game, review: Review | null, reviewed?: SavedReview | null, record: ImportedRecord | null,
 *          playerName: (color: 'black' | 'white') => string, date?: number,
 *          mainLine?: {game: Game, review: Review | null}, variations?: Game[]}} source `review`:
 *   the finished review of the record shown, if any; `reviewed`: a review's scores kept with a
 *   saved game, written when there is no `review` and the game still begins with the record
 *   reviewed; `record`: the imported record, if any;
 *   `date`: when the game was played (milliseconds since 1970), now if not given; `mainLine`: the
 *   game's main line and its review, which a GGF record writes (the line shown when not given);
 *   `variations`: lines written as GGF records of their own after it
 */
export function exportText(format, { game, review, reviewed = null, record, playerName, date = Date.now(), mainLine, variations = [] }) {
  if (format === 'ggf') {
    const place = t('record.place');
    const main = mainLine ?? { game, review };
    // Each variation is a record of its own from the same start, after the main line's.
    const others = variations.map((line) => line.toGgf(playerName('black'), playerName('white'), new Float64Array(0), undefined, date, place, []));
    const kept = reviewed && stillApplies(main.game, reviewed.key) ? reviewed.scores : null;
    return [ggfRecord(main.game, main.review ? moverScores(main.review) : kept, record, playerName, date, place), ...others].join('\n');
  }
  if (format === 'obf') {
    // An OBF solution is exact: written only when the review solved this position.
    const position = review && review.positions[game.ply];
    if (position && position.exact && position.bestLine.length) {
      const score = position.toMove === 'black' ? position.scoreBlack : -position.scoreBlack;
      return game.toObf(position.bestLine[0], Math.round(score));
    }
    return game.toObf(undefined, undefined);
  }
  return game.fullTranscript;
}

/**
 * A GGF record of `game`. GGF scores are the mover's (`moverScores`). Without a review's, an
 * imported record's own scores are kept, for its own moves only. Its result stands only while
 * the game is the record itself: moves played on after it are not the original players'.
 * @param {Game} game
 * @param {number[] | null} reviewScores
 * @param {ImportedRecord | null} record
 * @param {(color: 'black' | 'white') => string} playerName
 * @param {number} date
 * @param {string} place
 */
function ggfRecord(game, reviewScores, record, playerName, date, place) {
  const imported = importedRecord(game, record);
  /** @type {number[]} */
  let evaluations = [];
  if (reviewScores) evaluations = reviewScores;
  else if (imported) evaluations = imported.evaluations.map((e) => (e === null ? NaN : e));
  const result = imported && imported.result && !playedPastRecord(game, imported) ? imported.result : undefined;
  // The record's own fields are kept (its place, date, time control…); the page's place and
  // date are written only where it has none.
  const fields = imported && Array.isArray(imported.fields) ? imported.fields.flat().map(String) : [];
  return game.toGgf(playerName('black'), playerName('white'), Float64Array.from(evaluations), result, date, place, fields);
}

/**
 * Wires the Copy transcript, Export, Copy and Download buttons.
 * @param {{game: () => Game, source: () => Parameters<typeof exportText>[1],
 *          notify: (notice: string) => void}} page `source()`: what the export writes (see
 *   exportText); `notify` shows a notice and redraws
 */
export function attachExport({ game, source, notify }) {
  const format = byId('export-format', HTMLSelectElement);
  const output = byId('export-output', HTMLTextAreaElement);

  byId('copy').addEventListener('click', async () => {
    const text = game().transcript(false);
    try {
      await navigator.clipboard.writeText(text);
      notify(t('export.copied', { moves: t('moves', { n: text.length / 2 }) }));
    } catch {
      // No clipboard permission: select the text so that Ctrl+C copies it.
      getSelection()?.selectAllChildren(byId('moves'));
      notify(t('export.pressCopy'));
    }
  });

  byId('export').addEventListener('click', () => {
    const chosen = format.value;
    const from = source();
    output.value = exportText(chosen, from);
    // The games made for this export (the main line when another line is shown, the variations)
    // are its own: their engine memory goes back now.
    for (const made of [from.mainLine?.game, ...(from.variations ?? [])]) if (made && made !== from.game) made.free();
    output.dataset.format = chosen;
    output.hidden = false;
    byId('export-actions').hidden = false;
    const what = format.selectedOptions[0].textContent;
    notify(t(chosen === 'ggf' && from.review ? 'export.belowReview' : 'export.below', { what }));
  });

  byId('export-copy').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(output.value);
      notify(t('export.copiedText'));
    } catch {
      output.focus({ preventScroll: true });
      output.select();
      notify(t('export.noClipboard'));
    }
  });

  byId('export-download').addEventListener('click', () => {
    const chosen = /** @type {ExportFormat} */ (output.dataset.format);
    const [name, type] = EXPORT_FILES[chosen] || EXPORT_FILES.transcript;
    downloadFile(name, output.value + '\n', type);
    notify(t('export.saved', { name }));
  });
}
