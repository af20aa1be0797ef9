// What <othello-board> shows, drawn from its state: the canvas and the accessible grid over it,
// the scores, the status line, the move list, and the notice of a board that cannot play.

import { createRenderer, GUTTER } from '../common/render.js';
import { createGrid } from '../common/grid.js';
import { squareIndex } from '../common/squares.js';
import { sideScore, signedDiscs, forBlack } from '../common/score-text.js';
import { setText } from '../common/dom.js';

/** @typedef {import('../pkg/reversi.js').Game} Game */
/** @typedef {import('../pkg/reversi.js').Hint} Hint */
/** @typedef {import('../pkg/reversi.js').Side} Side */
/** @typedef {import('./config.js').PlayerKind} PlayerKind */
/** @typedef {import('./text.js').Words} Words */
/** The move just played, animated once. @typedef {{placed: number, flipped: number[], startedAt: number}} MoveAnimation */

/**
 * The state a drawing is made from.
 * @typedef {object} BoardScene
 * @property {Game} game
 * @property {Record<Side, PlayerKind>} players
 * @property {boolean} thinking the AI is searching
 * @property {boolean} interactive a person may play on the board now
 * @property {Hint[] | null} hints for the position shown, or null while unknown
 * @property {MoveAnimation | null} animation
 * @property {string} note what just happened (a sentence), said before whose turn it is
 * @property {boolean} coordinates
 * @property {boolean} showMoves
 * @property {Words} words
 */

export class BoardView {
  /** @type {ShadowRoot} */
  #root;
  /** @type {ReturnType<typeof createRenderer>} */
  #renderer;
  /** @type {ReturnType<typeof createGrid>} */
  #grid;

  /** @param {ShadowRoot} root the element's shadow root, with the template's markup
   * @param {{onSquare: (square: string) => void}} actions */
  constructor(root, { onSquare }) {
    this.#root = root;
    this.board.style.setProperty('--gutter', `${GUTTER * 100}%`);
    this.#renderer = createRenderer(/** @type {HTMLCanvasElement} */ (this.$('canvas')));
    this.#grid = createGrid(this.$('.board-grid'), { onActivate: onSquare });
  }

  /** The element of the shadow root that `selector` names (the template has them all).
   * @param {string} selector */
  $(selector) {
    return /** @type {HTMLElement} */ (this.#root.querySelector(selector));
  }

  /** The board's box: where the pointer and the shortcut keys are listened to. */
  get board() {
    return this.$('.board');
  }

  /** @param {Words} words */
  setLabels(words) {
    this.#grid.setLabels(words.grid);
  }

  /** @param {string} text */
  showStatus(text) {
    setText(this.$('.status'), text);
  }

  /**
   * The notice of a board whose files come from another site, in the board's language, with a
   * link to the iframe page that shows the same board.
   * @param {Words} words
   * @param {string} foreignOrigin
   * @param {string} iframeHref
   */
  showUnavailable(words, foreignOrigin, iframeHref) {
    const t = words.foreign;
    setText(this.$('.unavailable-title'), t.title);
    setText(this.$('.unavailable-why'), t.why(foreignOrigin, self.origin));
    setText(this.$('.unavailable-iframe'), t.iframe);
    setText(this.$('.unavailable-end'), t.end);
    const link = /** @type {HTMLAnchorElement} */ (this.$('.unavailable-link'));
    link.href = iframeHref;
    setText(link, t.link);
    this.$('.unavailable').hidden = false;
    this.$('.layout').hidden = true;
  }

  /** @param {BoardScene} scene */
  render(scene) {
    const { game, words: t } = scene;
    const squares = game.squares();
    const legal = scene.interactive ? game.legalMoves().map(squareIndex) : [];
    const hints = hintMarks(scene);
    this.#renderer.restyle(); // the host page may have changed the --othello-* properties
    this.#renderer.draw({
      squares,
      legal,
      moverColor: game.sideToMove,
      lastMove: game.lastMove ? squareIndex(game.lastMove) : -1,
      hints,
      animation: scene.animation,
      coordinates: scene.coordinates,
    });
    this.#grid.update({ squares, legal: new Set(legal), hints: new Map(hints.map((h) => [h.square, { label: h.label, best: h.best }])) });

    setText(this.$('[data-testid="score-black"]'), String(game.scoreBlack));
    setText(this.$('[data-testid="score-white"]'), String(game.scoreWhite));
    for (const score of this.#root.querySelectorAll('.score')) {
      const color = /** @type {Side} */ (/** @type {HTMLElement} */ (score).dataset.color);
      setText(/** @type {Element} */ (score.querySelector('.score-name')), `${t.score[color]}: `);
      score.classList.toggle('to-move', !game.isGameOver && game.sideToMove === color);
    }
    this.showStatus([scene.note, situation(scene)].filter(Boolean).join(' '));

    const side = this.$('.side');
    side.hidden = !scene.showMoves;
    side.setAttribute('aria-label', t.moves);
    setText(this.$('.side-title'), t.moves);
    setText(this.$('[data-testid="moves"]'), game.transcript(false));
    this.#renderMoveList(game, t);
  }

  /** @param {Game} game
   * @param {Words} t */
  #renderMoveList(game, t) {
    const list = this.$('.move-list');
    const moves = game.moves;
    const ply = game.ply;
    const signature = `${moves.join(',')}|${ply}|${t.lang}`;
    if (list.dataset.signature === signature) return;
    list.dataset.signature = signature;
    list.replaceChildren(
      ...moves.map((move, i) => {
        const item = document.createElement('li');
        const button = document.createElement('button');
        const name = move === 'pa' ? t.pass : move;
        button.type = 'button';
        button.dataset.ply = String(i + 1);
        button.textContent = name;
        button.setAttribute('aria-label', t.showMove(i + 1, name));
        if (i + 1 === ply) button.setAttribute('aria-current', 'step');
        if (i + 1 > ply) button.classList.add('future');
        item.append(button);
        return item;
      }),
    );
    // Scroll the list itself, never the host page (scrollIntoView would move the whole page).
    const current = /** @type {HTMLElement | null} */ (list.querySelector('[aria-current]'));
    const side = this.$('.side');
    if (current && !side.hidden) {
      const top = current.offsetTop;
      const bottom = top + current.offsetHeight;
      if (top < side.scrollTop) side.scrollTop = top;
      else if (bottom > side.scrollTop + side.clientHeight) side.scrollTop = bottom - side.clientHeight;
    }
  }
}

/** Whose turn it is, or the result. @param {BoardScene} scene */
function situation({ game, players, thinking, words: t }) {
  if (game.isGameOver) {
    const { scoreBlack: b, scoreWhite: w, winner } = game;
    if (winner === 'draw') return t.draw(b, w);
    return winner === 'black' ? t.wins(t.color.black, b, w) : t.wins(t.color.white, w, b);
  }
  const side = t.color[game.sideToMove];
  if (players[game.sideToMove] === 'human') return t.toMove(side);
  return thinking ? t.thinking(side) : t.aiToMove(side);
}

/** The hints as marks on their squares (none while a person cannot play). @param {BoardScene} scene */
function hintMarks({ hints, interactive, game, words: t }) {
  if (!hints || !interactive) return [];
  // Hints come best first, unknown ones last: the best is the first known score, and a move
  // without a score is never the best.
  // Scores in discs as on the game page: the square shows the mover's ("+2.4"), the label the
  // side ahead ("score Black +2.4").
  const firstKnown = hints.find((h) => !h.unknown);
  const side = game.sideToMove;
  return hints.map((h) => ({
    square: squareIndex(h.move),
    text: h.unknown || h.discs === null ? '?' : signedDiscs(h.discs, h.exact, t.scoreWords),
    label: h.unknown || h.discs === null ? t.scoreUnknown : t.hintScore(sideScore(forBlack(h.discs, side), h.exact, t.scoreWords)),
    exact: h.exact,
    best: !h.unknown && firstKnown !== undefined && h.score === firstKnown.score && h.exact === firstKnown.exact,
  }));
}
