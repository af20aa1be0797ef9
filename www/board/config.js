// Every tunable of <othello-board>, in one place (othello-board.js exports it as `config`).

/** @typedef {import('../pkg/reversi.js').SearchOptions} SearchOptions */
/** @typedef {'human' | 'ai'} PlayerKind */

export const config = {
  /** @type {{black: PlayerKind, white: PlayerKind, level: number}} */
  defaults: { black: 'human', white: 'ai', level: 4 },
  /** Per board: several boards on a page each have a worker with its own table. */
  ttMegabytes: 16,
  /** The game page's quick hints: the live analysis's search to depth 10 within 3 s. @type {SearchOptions} */
  hintOptions: { level: 9, depth: 10, exactFromEmpties: 18, timeMs: 3000, evaluation: 'pattern' },
  /** The AI waits at least this long before moving, so that a human sees the position change. */
  aiMinimumDelayMs: 300,
};
