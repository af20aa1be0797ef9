// Practice, the rules without the page: which positions a reviewed game gives back to practise
// (where a move lost 3 discs or more), the FFO endgame drills read from their OBF files, and how a
// move tried is judged against every move's value. practice-panel.js shows and wires them.

import { Game } from '../pkg/reversi.js';
import { forBlack } from '../common/score-text.js';

/** @typedef {import('../pkg/reversi.js').Review} Review */
/** @typedef {import('../pkg/reversi.js').Side} Side */

/** A move's value for the side to move, in discs (exact: a final disc difference).
 * @typedef {{move: string, discs: number, exact: boolean}} MoveValue */

/**
 * A position to practise: a mistake of a reviewed game, or an FFO endgame drill.
 * - `key` names it in the practice's store (the same position from two games is one);
 * - `board`: board text; `toMove`: the side to move;
 * - a mistake: `ply` (the moves before it), `played` and `loss` (the move of the game and what it
 *   lost, `exact` when the review solved it), `bestLine`, `scoreBlack` and `scoreExact` (the
 *   review's answer: its best move's score), `values` (every legal move's score in the review's
 *   analysis of the position; absent from a set kept before the review kept them);
 * - a drill: `number` (FFO #), `empties`, `values` (every legal move's exact value, from the file).
 * @typedef {{kind: 'mistake', key: string, board: string, toMove: Side, ply: number, played: string,
 *            loss: number, exact: boolean, bestLine: string[], scoreBlack: number, scoreExact: boolean,
 *            values?: MoveValue[]}} Mistake
 * @typedef {{kind: 'drill', key: string, board: string, toMove: Side, number: number, empties: number,
 *            values: MoveValue[]}} Drill
 * @typedef {Mistake | Drill} PracticeItem
 */

/** A move that loses this many discs or more is given back to practise (an inaccuracy's). */
export const PRACTICE_LOSS = 3;
/** A mistake is put right by a move within this many discs of the best. */
export const MISTAKE_TOLERANCE = 1;

/** Whether a move of a review is given back to practise: it lost `PRACTICE_LOSS` discs or more,
 * and was neither forced nor a book move.
 * @param {import('../pkg/reversi.js').JudgedMove} move */
export function worthPractising(move) {
  return move.loss >= PRACTICE_LOSS && move.class !== 'forced' && move.class !== 'book';
}

/**
 * The positions of a reviewed game where the move played lost `PRACTICE_LOSS` discs or more (of
 * either player; forced moves and book moves are never among them), in the order played.
 * @param {Review} review
 * @param {string} startBoard the game's start (board text)
 * @param {string} transcript the game's moves, passes included (the review's moves)
 * @returns {Mistake[]}
 */
export function mistakesOf(review, startBoard, transcript) {
  /** @type {Mistake[]} */
  const mistakes = [];
  review.moves.forEach((move, ply) => {
    if (!worthPractising(move)) return;
    const position = review.positions[ply];
    const game = Game.restore(startBoard, transcript, ply);
    const board = game.board;
    game.free();
    // The review's analysis of this position: the loss is its best move's score less the
    // played move's, the numbers the practice judges tries with.
    const best = position.values?.[0];
    mistakes.push({
      kind: 'mistake',
      key: `position:${board}`,
      board,
      toMove: position.toMove,
      ply,
      played: move.move,
      loss: move.loss,
      exact: move.exact,
      bestLine: position.bestLine,
      scoreBlack: best ? forBlack(best.discs, position.toMove) : position.scoreBlack,
      scoreExact: best ? best.exact : position.exact,
      values: position.values,
    });
  });
  return mistakes;
}

/** How the OBF files number their positions: each file's first FFO number. */
export const FFO_FILES = [
  { file: 'fforum-1-19.obf', first: 1 },
  { file: 'fforum-20-39.obf', first: 20 },
  { file: 'fforum-40-59.obf', first: 40 },
  { file: 'fforum-60-79.obf', first: 60 },
];

/**
 * The drills of one OBF file (`<64 squares> <X|O>; <MOVE>:<score>; …` a line, every legal move
 * with its exact value: tests/ffo_drills.rs checks the files), numbered from `first`. A line that
 * is not one is an error naming the file, the line and what is wrong.
 * @param {string} text
 * @param {string} file the file's name, for errors
 * @param {number} first the FFO number of its first position
 * @returns {Drill[]}
 */
export function parseDrills(text, file, first) {
  const lines = text.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('%') && !line.startsWith('#'));
  return lines.map((line, i) => {
    const fail = (/** @type {string} */ reason) => new Error(`${file}, line ${i + 1}: ${reason}`);
    const [boardPart, ...solutionParts] = line.split(';');
    let game;
    try {
      game = Game.fromBoard(boardPart.trim());
    } catch (error) {
      throw fail(/** @type {Error} */ (error).message);
    }
    const board = game.board;
    const toMove = game.sideToMove;
    const legal = game.legalMoves();
    const empties = [...game.squares()].filter((s) => s === 0).length;
    game.free();
    /** @type {MoveValue[]} */
    const values = [];
    for (const part of solutionParts.map((p) => p.trim()).filter(Boolean)) {
      const match = /^([A-Ha-h][1-8]):([+-]?\d{1,2})$/.exec(part);
      if (!match) throw fail(`'${part.slice(0, 20)}' is not a move and its value (such as G8:+18)`);
      const move = match[1].toLowerCase();
      if (!legal.includes(move)) throw fail(`${move} is not a legal move`);
      values.push({ move, discs: Number(match[2]), exact: true });
    }
    if (values.length !== legal.length) throw fail(`${values.length} moves valued, but ${legal.length} are legal`);
    return { kind: 'drill', key: `ffo:${first + i}`, board, toMove, number: first + i, empties, values };
  });
}

/**
 * A move tried, judged against every move's value: what it is worth, what the best is worth, what
 * it loses, and whether it is good enough (within `tolerance` discs of the best). Null for a move
 * that has no value (not a legal move).
 * @param {MoveValue[]} values
 * @param {string} move
 * @param {number} tolerance
 */
export function judge(values, move, tolerance) {
  const tried = values.find((v) => v.move === move);
  if (!tried || values.length === 0) return null;
  const best = values.reduce((a, b) => (b.discs > a.discs ? b : a));
  const loss = Math.max(0, best.discs - tried.discs);
  return { tried, best, loss, good: loss <= tolerance + 1e-6 };
}

/** The moves of `values` as good as the best (several may share its value), best first.
 * @param {MoveValue[]} values */
export function bestMoves(values) {
  const best = Math.max(...values.map((v) => v.discs));
  return values.filter((v) => v.discs === best).map((v) => v.move);
}
