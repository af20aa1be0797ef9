// The lesson's option fields (algorithm, depth, position, symmetries, iterative deepening, the
// table) and the replay's speeds: filled from the lesson shown, and read back as a game's source.

import { t, language } from './language.js';
import { algorithmsFor, DEPTHS } from './address.js';
import { config, state } from './page-state.js';
import { byId as $ } from '../common/dom.js';

/** @typedef {import('./address.js').Source} Source */

/** The option fields show the lesson's source and offer what applies to it. */
export function fillOptions() {
  const source = state.source;
  const select = $('algorithm', HTMLSelectElement);
  const algorithms = algorithmsFor(source);
  const options = algorithms.map((algorithm) => {
    const option = document.createElement('option');
    option.value = algorithm;
    option.textContent = t(`algorithm.${algorithm}`);
    return option;
  });
  select.replaceChildren(...options);
  select.value = state.algorithm;
  select.disabled = algorithms.length === 1;
  const game = source.kind === 'tictactoe' || source.kind === 'othello';
  if (game) {
    const range = DEPTHS[source.kind];
    const depth = $('depth', HTMLInputElement);
    depth.min = String(range.min);
    depth.max = String(range.max);
    depth.value = String(source.depth);
    depth.title = source.kind === 'tictactoe' ? t('options.depthFull') : '';
    const position = $('position', HTMLInputElement);
    position.value = /** @type {string} */ (source.board ? `${source.board}${source.moves ? ` ${source.moves}` : ''}` : source.moves);
    position.placeholder = t(source.kind === 'othello' ? 'options.positionOthello' : 'options.positionTicTacToe');
    $('symmetry', HTMLInputElement).checked = /** @type {boolean} */ (source.kind === 'tictactoe' && source.symmetry);
    $('iterative', HTMLInputElement).checked = Boolean(source.iterative);
    $('table', HTMLInputElement).checked = Boolean(source.table);
  }
}

export function fillSpeeds() {
  const select = $('speed', HTMLSelectElement);
  select.replaceChildren(
    ...config.speeds.map((speed) => {
      const option = document.createElement('option');
      option.value = String(speed);
      option.textContent = t('controls.perSecond', { n: speed.toLocaleString(language()) });
      return option;
    }),
  );
  select.value = String(state.speed);
}

/** The game source the option fields describe (position text: a board, a board and moves, or moves). */
export function sourceFromOptions() {
  const kind = state.source.kind;
  const range = DEPTHS[kind];
  const depth = Number($('depth', HTMLInputElement).value);
  if (!Number.isInteger(depth) || depth < range.min || depth > range.max) {
    throw new Error(`${t('options.depth')}: ${range.min}–${range.max}`);
  }
  const text = $('position', HTMLInputElement).value.trim();
  let board = '';
  let moves = text.replace(/\s+/g, '');
  const boardLength = kind === 'othello' ? 64 : 9;
  const compact = text.replace(/\s+/g, '');
  // A board is the squares (X O -) first, then for Othello the side to move; moves may follow.
  const match = compact.match(kind === 'othello' ? /^([XO-]{64}[XO])(.*)$/i : /^([XO-]{9})(.*)$/i);
  if (match && compact.length >= boardLength) {
    board = match[1].toUpperCase();
    moves = match[2];
  }
  /** @type {Source} */
  const source = { kind, moves, board, depth };
  if (kind === 'tictactoe') source.symmetry = $('symmetry', HTMLInputElement).checked;
  if ($('iterative', HTMLInputElement).checked) source.iterative = true;
  if ($('table', HTMLInputElement).checked) source.table = true;
  return source;
}
