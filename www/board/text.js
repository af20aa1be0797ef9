// The words of <othello-board>, in English and Portuguese (the lang attribute, or the page's
// language, chooses): every sentence the board shows or sends in an event.

import { ENGLISH_LABELS } from '../common/grid.js';
import { excerpt } from '../common/excerpt.js';

/** @param {number} n
 * @param {string} one
 * @param {string} many */
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

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
 * @property {typeof ENGLISH_LABELS} grid the accessible grid's labels
 */

/** @type {{en: Words, pt: Words}} */
export const TEXT = {
  en: {
    color: { black: 'Black', white: 'White' },
    toMove: (c) => `${c} to move.`,
    aiToMove: (c) => `${c} (AI) to move.`,
    thinking: (c) => `${c} (AI) is thinking…`,
    played: (c, square, n) => `${c} played ${square}, ${plural(n, 'disc', 'discs')} flipped.`,
    passed: (c, other) => `${c} has no move — ${other} plays again.`,
    wins: (c, high, low) => `Game over: ${c} wins ${high}–${low}.`,
    draw: (b, w) => `Game over: a draw, ${b}–${w}.`,
    newGame: 'New game.',
    loaded: (n) => `Position loaded after ${plural(n, 'move', 'moves')}.`,
    takenBack: 'Move taken back.',
    replayed: 'Move replayed.',
    showing: (ply, total) => (ply === total ? 'Back at the latest position.' : `Showing the position after move ${ply} of ${total}.`),
    notLegal: (square) => `${square} is not a legal move.`,
    loading: 'Loading…',
    dismiss: 'Dismiss this message',
    moves: 'Moves',
    pass: 'pass',
    showMove: (n, move) => `Move ${n}: ${move}, show this position`,
    score: { black: 'Black discs', white: 'White discs' },
    hintScore: (text) => `score ${text}`,
    scoreWords: { black: 'Black', white: 'White', even: 'Even', decimal: '.' },
    scoreUnknown: 'score unknown',
    foreign: {
      title: 'This board cannot play on this page.',
      why: (files, page) =>
        `Its files come from ${files} and this page is on ${page}: browsers start the AI’s worker only from the page’s own origin, so the <othello-board> element works only on pages of the site that hosts its files.`,
      iframe: 'On another site, put the board in an iframe: ',
      link: 'embed.html',
      end: '.',
      error: (files, page, iframe) => `<othello-board> from ${files} cannot play on a page of ${page} (browsers start workers only from the page's own origin): use the iframe, ${iframe}`,
    },
    errors: {
      start: (m) => `The board could not start: ${m}`,
      game: (m) => `Could not load that position: ${m}. The game in progress is kept.`,
      player: (name, value) => `${name}=${quote(value)} is not human or ai.`,
      level: (value, max) => `level=${quote(value)} is not a level from 1 to ${max}.`,
      play: (m) => `Could not play that: ${m}.`,
      notReady: (what) => `${what}() was called before the board was ready (wait for the ready event).`,
      ai: (m) => `The AI failed: ${m}`,
      hints: (m) => `Hints failed: ${m}`,
      weights: (m) => `The trained evaluation could not be loaded (${m}); levels 6–9 play with the course evaluation.`,
      book: (m) => `The opening book could not be loaded (${m}); the AI thinks about the opening itself.`,
    },
    grid: ENGLISH_LABELS,
  },
  pt: {
    color: { black: 'As pretas', white: 'As brancas' },
    toMove: (c) => `Jogam ${c.toLowerCase()}.`,
    aiToMove: (c) => `Jogam ${c.toLowerCase()} (IA).`,
    thinking: (c) => `${c} (IA) estão a pensar…`,
    played: (c, square, n) => `${c} jogaram ${square}, ${plural(n, 'peça virada', 'peças viradas')}.`,
    passed: (c, other) => `${c} não têm jogada — ${other.toLowerCase()} jogam de novo.`,
    wins: (c, high, low) => `Fim do jogo: ${c.toLowerCase()} ganham por ${high}–${low}.`,
    draw: (b, w) => `Fim do jogo: empate, ${b}–${w}.`,
    newGame: 'Novo jogo.',
    loaded: (n) => `Posição carregada depois de ${plural(n, 'jogada', 'jogadas')}.`,
    takenBack: 'Jogada anulada.',
    replayed: 'Jogada refeita.',
    showing: (ply, total) => (ply === total ? 'De volta à última posição.' : `Posição depois da jogada ${ply} de ${total}.`),
    notLegal: (square) => `${square} não é uma jogada legal.`,
    loading: 'A carregar…',
    dismiss: 'Fechar esta mensagem',
    moves: 'Jogadas',
    pass: 'passa',
    showMove: (n, move) => `Jogada ${n}: ${move}, mostrar esta posição`,
    score: { black: 'Peças pretas', white: 'Peças brancas' },
    hintScore: (text) => `valor ${text}`,
    scoreWords: { black: 'Pretas', white: 'Brancas', even: 'Empate', decimal: ',' },
    scoreUnknown: 'valor desconhecido',
    foreign: {
      title: 'Este tabuleiro não pode jogar nesta página.',
      why: (files, page) =>
        `Os seus ficheiros vêm de ${files} e esta página está em ${page}: os navegadores só iniciam o worker da IA a partir da origem da própria página, por isso o elemento <othello-board> só funciona em páginas do site que aloja os ficheiros.`,
      iframe: 'Noutro site, ponha o tabuleiro num iframe: ',
      link: 'embed.html',
      end: '.',
      error: (files, page, iframe) => `<othello-board> de ${files} não pode jogar numa página de ${page} (os navegadores só iniciam workers a partir da origem da própria página): use o iframe, ${iframe}`,
    },
    errors: {
      start: (m) => `Não foi possível iniciar o tabuleiro: ${m}`,
      game: (m) => `Não foi possível carregar essa posição: ${m}. O jogo em curso mantém-se.`,
      player: (name, value) => `${name}=${quote(value)} não é human nem ai.`,
      level: (value, max) => `level=${quote(value)} não é um nível de 1 a ${max}.`,
      play: (m) => `Não foi possível jogar isso: ${m}.`,
      notReady: (what) => `${what}() foi chamado antes de o tabuleiro estar pronto (espere pelo evento ready).`,
      ai: (m) => `A IA falhou: ${m}`,
      hints: (m) => `As sugestões falharam: ${m}`,
      weights: (m) => `Não foi possível carregar a avaliação treinada (${m}); os níveis 6–9 jogam com a avaliação do curso.`,
      book: (m) => `Não foi possível carregar o livro de aberturas (${m}); a IA pensa sozinha nas aberturas.`,
    },
    grid: {
      board: 'Tabuleiro de Othello, colunas a a h, linhas 1 a 8',
      black: 'peça preta',
      white: 'peça branca',
      empty: 'vazia',
      legal: 'jogada legal',
      reviewBest: 'a melhor jogada segundo a análise',
    },
  },
};
