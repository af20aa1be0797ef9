// The opening explorer: for the position shown, what the opening book knows (its moves with
// their values, how far the book follows each line, the named openings each reaches or leads
// to), read on the page's thread from its own reader of the book (openings.js); beyond the
// book, it says so. A move's button plays it, as a click on its square would.

import { t, scoreWords } from '../i18n/page.js';
import { forBlack, sideScore } from '../common/score-text.js';
import { setText } from '../common/dom.js';
import { studySection } from './study-panel.js';

/** @typedef {import('../pkg/reversi.js').Exploration} Exploration */
/** @typedef {import('../pkg/reversi.js').ExploredMove} ExploredMove */
/** @typedef {import('../pkg/reversi.js').Side} Side */
/** @typedef {import('./openings.js').BookReader} BookReader */

/** Moves of a book line shown (the rest is in its title), and names of the openings further on. */
const LINE_MOVES = 8;
const NAMES_SHOWN = 4;

/**
 * @param {{reader: () => BookReader | null, bookState: () => 'loading' | 'ready' | 'failed' | 'none',
 *          onPlay: (move: string) => void}} options
 *   `reader()`: the page's reader of the book, once it has one; `bookState()`: how loading the
 *   book went; `onPlay(move)`: a book move's button was pressed
 */
export function createExplorer({ reader, bookState, onPlay }) {
  const section = studySection('study-explorer', 'explorer.title');
  section.insertAdjacentHTML(
    'beforeend',
    `<p class="explorer-status" id="explorer-status" data-testid="explorer-status"></p>
     <div class="explorer-table-wrap" role="region" tabindex="0" aria-labelledby="study-explorer-heading" hidden>
       <table class="explorer-table" data-testid="explorer-moves">
         <thead><tr><th scope="col" data-i18n="explorer.colMove">${t('explorer.colMove')}</th><th scope="col" data-i18n="explorer.colValue">${t('explorer.colValue')}</th><th scope="col" data-i18n="explorer.colLine">${t('explorer.colLine')}</th><th scope="col" data-i18n="explorer.colOpenings">${t('explorer.colOpenings')}</th></tr></thead>
         <tbody id="explorer-rows"></tbody>
       </table>
     </div>`,
  );
  const status = /** @type {HTMLElement} */ (section.querySelector('#explorer-status'));
  const wrap = /** @type {HTMLElement} */ (section.querySelector('.explorer-table-wrap'));
  const rows = /** @type {HTMLElement} */ (section.querySelector('#explorer-rows'));
  rows.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-move]') : null;
    if (button instanceof HTMLButtonElement) onPlay(/** @type {string} */ (button.dataset.move));
  });

  /** What was drawn last (the same position in the same language is not drawn again). */
  let drawn = '';

  /** What the book knows of `board`, or null beyond it (or without a reader).
   * @param {string} board */
  function explore(board) {
    const book = reader();
    if (!book) return null;
    try {
      return book.searcher.exploreBook(board);
    } catch {
      return null;
    }
  }

  /**
   * Draws what the book knows of the position shown.
   * @param {string} board the position shown (board text)
   * @param {Side} side the side to move
   * @param {boolean} canPlay whether a move may be played now (a human's turn)
   */
  function render(board, side, canPlay) {
    const state = reader() ? 'ready' : bookState() === 'loading' ? 'loading' : 'failed';
    const key = [board, side, canPlay, state, t('explorer.title')].join('|');
    if (key === drawn) return;
    drawn = key;
    const found = state === 'ready' ? explore(board) : null;
    section.dataset.state = state === 'ready' ? (found ? 'book' : 'beyond') : state;
    wrap.hidden = !found;
    if (!found) {
      setText(status, t(state === 'loading' ? 'explorer.loading' : state === 'failed' ? 'explorer.noBook' : 'explorer.beyond'));
      rows.replaceChildren();
      return;
    }
    const value = sideScore(forBlack(found.discs, side), false, scoreWords());
    setText(status, t('explorer.value', { score: value, n: found.moves.length }));
    rows.replaceChildren(...found.moves.map((move) => row(move, side, canPlay)));
  }

  /** @param {ExploredMove} move
   * @param {Side} side
   * @param {boolean} canPlay */
  function row(move, side, canPlay) {
    const tr = document.createElement('tr');
    tr.dataset.testid = 'explorer-move';
    tr.dataset.move = move.move;
    const name = move.move === 'pa' ? t('move.pass') : move.move;
    const play = document.createElement('button');
    play.type = 'button';
    play.className = 'explorer-play';
    play.dataset.move = move.move;
    play.textContent = name;
    play.disabled = !canPlay;
    play.setAttribute('aria-label', t('explorer.play', { move: name }));
    const cells = [document.createElement('th'), document.createElement('td'), document.createElement('td'), document.createElement('td')];
    cells[0].scope = 'row';
    cells[0].append(play);
    cells[1].textContent = sideScore(forBlack(move.discs, side), false, scoreWords());
    const line = move.line.map((m) => (m === 'pa' ? t('move.pass') : m));
    cells[2].textContent = line.length
      ? t('explorer.further', { n: line.length, line: line.slice(0, LINE_MOVES).join(' ') + (line.length > LINE_MOVES ? ' …' : '') })
      : t('explorer.ends');
    cells[2].title = line.join(' ');
    const names = [];
    if (move.name) {
      const reached = document.createElement('strong');
      reached.textContent = move.name;
      names.push(reached);
    }
    if (move.leadsTo.length) {
      const shown = move.leadsTo.slice(0, NAMES_SHOWN).join(', ');
      const more = move.leadsTo.length - NAMES_SHOWN;
      const text = t('explorer.leadsTo', { names: more > 0 ? t('explorer.andMore', { names: shown, n: more }) : shown });
      const span = document.createElement('span');
      span.textContent = text;
      span.title = move.leadsTo.join(', ');
      if (names.length) names.push(document.createElement('br'));
      names.push(span);
    }
    cells[3].append(...names);
    tr.append(...cells);
    return tr;
  }

  return { render };
}
