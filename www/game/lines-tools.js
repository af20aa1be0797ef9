// The tools for the variations, under the move list: where the position shown is on a variation,
// make its line the main line or delete it. Also the lines as a saved record keeps them, and each
// line as a Game of its own (for the GGF export).

import { Game } from '../pkg/reversi.js';
import { Lines, movesOf } from './lines.js';
import { byId, setText } from '../common/dom.js';
import { t } from '../i18n/page.js';

/** The lines of a saved record: its `lines` (every line, the main line first), when it has them
 * and they replay from its start, and its `moves` (the line shown) in any case. A line that does
 * not replay is left out: the record's own moves always load.
 * @param {string} startBoard
 * @param {string} moves
 * @param {unknown} lines
 */
export function linesFromSaved(startBoard, moves, lines) {
  /** @param {unknown} line @returns {line is string} */
  const replays = (line) => {
    if (typeof line !== 'string') return false;
    try {
      Game.restore(startBoard, line, 0).free();
      return true;
    } catch {
      return false;
    }
  };
  const replayed = (Array.isArray(lines) ? lines : []).filter(replays);
  const tree = Lines.fromTranscripts(replayed);
  tree.add(movesOf(moves));
  return tree;
}

/** Every variation (each line but the main line) as a game of its own, from `startBoard`, in
 * the order of the tree.
 * @param {Lines} lines
 * @param {string} startBoard */
export function variationGames(lines, startBoard) {
  const main = lines.mainLine().join('');
  return lines
    .transcripts()
    .filter((line) => line !== main)
    .map((line) => Game.restore(startBoard, line, movesOf(line).length));
}

/**
 * Wires the variation tools (`line-tools`): Make main line and Delete variation, shown while the
 * position shown is on a variation.
 * @param {{lines: () => Lines, game: () => Game, goToLine: (moves: string[], message?: string) => void,
 *          changed: () => void, announce: (text: string) => void}} page
 */
export function attachLineTools({ lines, game, goToLine, changed, announce }) {
  const tools = byId('line-tools');
  const shown = () => game().moves.slice(0, game().ply);

  byId('line-promote').addEventListener('click', () => {
    lines().promote(game().moves);
    announce(t('lines.promoted'));
    changed();
  });
  byId('line-delete').addEventListener('click', () => {
    const from = lines().remove(shown());
    if (from) goToLine(from, t('lines.deleted'));
  });

  return {
    render() {
      const variation = lines().variationOf(shown());
      tools.hidden = !variation;
      const move = variation?.[variation.length - 1];
      if (variation) setText(byId('line-where'), t('lines.where', { n: variation.length, move: move === 'pa' ? t('move.pass') : move }));
    },
  };
}
