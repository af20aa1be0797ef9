// The page's address: the parameters that start a game (black, white, level, opening, board,
// moves, clock, workers), read once at start, and the classroom's address for the position shown.

import { Game, levels } from '../pkg/reversi.js';
import { excerpt, bounded } from './messages.js';
import { findOpening } from './openings.js';
import { t } from '../i18n/page.js';

/** @typedef {import('../pkg/reversi.js').Side} Side */
/** @typedef {import('./record.js').PlayerKind} PlayerKind */
/** @typedef {{initialMs: number, incrementMs: number, text: string}} ClockSpec */

/**
 * What the address asks for, over the players and level the page has: the players, the level, a
 * game (its board and moves, its moves, or a named opening) or null, a clock or null, the number
 * of the AI's workers or null, and a problem for each parameter that does not read.
 * @param {URLSearchParams} params
 * @param {{players: Record<Side, PlayerKind>, level: number}} current
 * @param {((text: string) => ClockSpec) | null} parseClockSpec clock.js's, loaded when the address has a clock
 */
export function gameFromAddress(params, current, parseClockSpec) {
  /** @type {string[]} */
  const problems = [];
  const players = { ...current.players };
  for (const color of /** @type {const} */ (['black', 'white'])) {
    const value = params.get(color);
    if (value === null) continue;
    if (value === 'human' || value === 'ai') players[color] = value;
    else problems.push(t('address.player', { name: color, value: excerpt(value) }));
  }
  let level = current.level;
  const levelParam = params.get('level');
  if (levelParam !== null) {
    const n = Number(levelParam);
    if (Number.isInteger(n) && n >= 1 && n <= levels().length) level = n;
    else problems.push(t('address.level', { value: excerpt(levelParam), max: levels().length }));
  }
  let opening = null;
  const openingParam = params.get('opening');
  if (openingParam !== null) {
    opening = findOpening(openingParam);
    if (!opening) problems.push(t('address.opening', { value: excerpt(openingParam) }));
  }
  let clockSpec = null;
  const clockParam = params.get('clock');
  if (clockParam !== null && parseClockSpec) {
    try {
      clockSpec = parseClockSpec(clockParam);
    } catch (error) {
      problems.push(excerpt(/** @type {Error} */ (error).message, 160));
    }
  }
  let game = null;
  try {
    const board = params.get('board');
    const moves = params.get('moves');
    if (board !== null) {
      game = Game.fromBoardAndTranscript(board, moves || '');
    } else if (moves !== null) {
      game = Game.fromTranscript(moves);
    } else if (opening) {
      game = Game.fromTranscript(opening.moves);
    }
  } catch (error) {
    problems.push(bounded(/** @type {Error} */ (error).message));
    game = null;
  }
  // The AI's workers (1–8), for this visit: more than the device's cores can be tried this way.
  let workers = null;
  const workersParam = params.get('workers');
  if (workersParam !== null) {
    const n = Number(workersParam);
    if (Number.isInteger(n) && n >= 1 && n <= 8) workers = n;
    else problems.push(t('address.workers', { value: excerpt(workersParam) }));
  }
  return { players, level, game, problems, clockSpec, workers };
}

/** The classroom's address for a position (board text: works from any start). */
export function classroomHref(/** @type {string} */ board) {
  const params = new URLSearchParams({ example: 'othello', board });
  return `classroom.html?${params}`;
}
