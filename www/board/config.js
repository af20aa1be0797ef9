// Every tunable of <othello-board>, in one place (othello-board.js exports it as `config`).

/** @typedef {import('../pkg/reversi.js').SearchOptions} SearchOptions */
/** @typedef {'human' | 'ai'} PlayerKind */

export const config = {
  /** @type {{black: PlayerKind, white: PlayerKind, level: number}} */
  defaults: { black: 'human', white: 'ai', level: 4 },
  /** Per board: several boards on a page each have a worker with its own table. */
  ttMegabytes: 16,
  /** @type {SearchOptions} */
  hintOptions: { depth: 6, exactFromEmpties: 14, timeMs: 3000, evaluation: 'pattern' },
  /** The AI waits at least this long before moving, so that a human sees the position change. */
  aiMinimumDelayMs: 300,
};
