// The words of <othello-board>, in each language of the shared catalogues (www/i18n/; the lang
// attribute, or the page's language, chooses): every sentence the board shows or sends in an
// event.

import { excerpt } from '../common/excerpt.js';
import { translate, scoreWords, gridLabels, engineText } from '../i18n/i18n.js';

/** Outside text quoted in a message, cut short: a huge attribute must not flood the status line.
 * @param {unknown} text */
function quote(text) {
  return `"${excerpt(text, 40)}"`;
}

/**
 * The board's words in one language. `c` is a side's name as `color` writes it.
 * @typedef {object} Words
 * @property {{black: string, white: string}} color
 * @property {(c: string) => string} toMove
 * @property {(c: string) => string} aiToMove
 * @property {(c: string) => string} thinking
 * @property {(c: string, square: string, n: number) => string} played
 * @property {(c: string, other: string) => string} passed
 * @property {(c: string, high: number, low: number) => string} wins
 * @property {(b: number, w: number) => string} draw
 * @property {string} newGame
 * @property {(n: number) => string} loaded
 * @property {string} takenBack
 * @property {string} replayed
 * @property {(ply: number, total: number) => string} showing
 * @property {(square: string) => string} notLegal
 * @property {string} loading
 * @property {string} dismiss the close button of a message
 * @property {string} moves
 * @property {string} pass
 * @property {(n: number, move: string) => string} showMove
 * @property {{black: string, white: string}} score
 * @property {(text: string) => string} hintScore
 * @property {import('../common/score-text.js').ScoreWords} scoreWords
 * @property {string} scoreUnknown
 * @property {{title: string, why: (files: string, page: string) => string, iframe: string,
 *             link: string, end: string, error: (files: string, page: string, iframe: string) => string}} foreign
 *   a board whose files come from another site: why it cannot play, and the iframe to use
 * @property {{start: (m: string) => string, game: (m: string) => string,
 *             player: (name: string, value: string) => string, level: (value: string, max: number) => string,
 *             play: (m: string) => string, notReady: (what: string) => string,
 *             ai: (m: string) => string, hints: (m: string) => string,
 *             weights: (m: string) => string, book: (m: string) => string}} errors
 * @property {import('../common/grid.js').GridLabels} grid the accessible grid's labels
 * @property {string} lang the catalogue's language tag
 */

/** @type {Map<string, Words>} */
const made = new Map();

/**
 * The board's words in `lang` (a catalogue's tag, see i18n.js's normalizeLanguage).
 * @param {string} lang
 * @returns {Words}
 */
export function boardWords(lang) {
  const known = made.get(lang);
  if (known) return known;
  const w = (/** @type {string} */ key, /** @type {Record<string, unknown>} */ values = {}) => translate(lang, key, values);
  /** @type {Words} */
  const words = {
    lang,
    color: { black: w('side.black'), white: w('side.white') },
    toMove: (c) => w('board.toMove', { side: c }),
    aiToMove: (c) => w('board.aiToMove', { side: c }),
    thinking: (c) => w('board.thinking', { side: c }),
    played: (c, square, n) => w('board.played', { side: c, square, n }),
    passed: (c, other) => w('board.passed', { side: c, other }),
    wins: (c, high, low) => w('board.wins', { side: c, high, low }),
    draw: (b, wh) => w('board.draw', { black: b, white: wh }),
    newGame: w('board.new'),
    loaded: (n) => w('board.loaded', { n }),
    takenBack: w('game.takenBack'),
    replayed: w('game.replayed'),
    showing: (ply, total) => (ply === total ? w('game.latest') : w('game.showing', { ply, total })),
    notLegal: (square) => w('game.notLegal', { square }),
    loading: w('loading'),
    dismiss: w('dismiss'),
    moves: w('page.moves'),
    pass: w('move.pass'),
    showMove: (n, move) => w('board.showMove', { n, move }),
    score: { black: w('board.discsBlack'), white: w('board.discsWhite') },
    hintScore: (text) => w('score.hint', { score: text }),
    scoreWords: scoreWords(lang),
    scoreUnknown: w('score.unknown'),
    foreign: {
      title: w('board.foreignTitle'),
      why: (files, page) => w('board.foreignWhy', { files, page }),
      iframe: w('board.foreignIframe'),
      link: 'embed.html',
      end: '.',
      error: (files, page, iframe) => w('board.foreignError', { files, page, iframe }),
    },
    errors: {
      start: (m) => w('board.errorStart', { message: m }),
      game: (m) => w('board.errorGame', { message: engineText(m, lang) }),
      player: (name, value) => w('board.errorPlayer', { name, value: quote(value) }),
      level: (value, max) => w('board.errorLevel', { value: quote(value), max }),
      play: (m) => w('board.errorPlay', { message: engineText(m, lang) }),
      notReady: (what) => w('board.errorNotReady', { what }),
      ai: (m) => w('error.ai', { message: m }),
      hints: (m) => w('error.hints', { message: m }),
      weights: (m) => w('error.weights', { message: m }),
      book: (m) => w('error.book', { message: m }),
    },
    grid: gridLabels(lang),
  };
  made.set(lang, words);
  return words;
}
