// The game page's controls wired to the game: undo and redo, New game (with its clock), an
// opening to play, Play on, the players and the level, the hints, the settings, the move list,
// loading a pasted record, exporting, the review, and My games (a kept game opened here).

import { Game } from '../pkg/reversi.js';
import { byId, closestTarget } from '../common/dom.js';
import { t, language, gridLabels, engineText } from '../i18n/page.js';
import { bounded } from './messages.js';
import { attachMoveList } from './move-list.js';
import { findOpening } from './openings.js';
import { readPasted } from './record.js';
import { attachExport } from './export.js';
import { attachSettings, clockOptionNames, fillLevels } from './settings.js';
import { applyLanguage, fillLanguageMenu } from './language.js';
import { attachLibrary, gameDate } from './library.js';
import { attachLineTools, variationGames } from './lines-tools.js';
import { restoreSaved } from './saved-game.js';
import { resultSentence } from './result.js';
import { render, reveal, panelToTop, showError, showNotice } from './view.js';
import { changed, goToLine, goToPly, newGame, playSound, redo, undo } from './app.js';
import { state, parts, announce, isFinished, nameOf, loadClockModule } from './game-state.js';

/** @typedef {import('./record.js').PlayerKind} PlayerKind */

/** Every control of the page, wired once at start-up. */
export function wireControls() {
  const { engines, reviewPanel, messages } = parts;
  byId('undo').addEventListener('click', undo);
  byId('redo').addEventListener('click', redo);
  const clockMenu = byId('clock', HTMLSelectElement);
  byId('new-game').addEventListener('click', async () => {
    const spec = clockMenu.value;
    if (spec && !parts.clockModule) {
      try {
        await loadClockModule();
      } catch (error) {
        showError('clock', t('error.clock', { message: bounded(/** @type {Error} */ (error).message) }));
        return;
      }
    }
    state.record = null;
    messages.clear('clock-setting');
    panelToTop();
    const clockModule = parts.clockModule;
    newGame(new Game(), spec ? t('game.newClock', { clock: clockMenu.selectedOptions[0].textContent }) : t('game.new'), {
      clockSpec: spec && clockModule ? clockModule.parseClockSpec(spec) : null,
    });
  });
  clockMenu.addEventListener('change', () => {
    const spec = clockMenu.value;
    const text = spec ? t('game.clockNext') : state.clock ? t('game.clockNone') : '';
    if (text) showNotice('clock-setting', text);
    else messages.clear('clock-setting');
    render();
  });
  byId('play-opening', HTMLSelectElement).addEventListener('change', (event) => {
    const menu = /** @type {HTMLSelectElement} */ (event.target);
    const opening = menu.value && findOpening(menu.value);
    menu.value = '';
    if (!opening) return;
    state.record = null;
    panelToTop();
    newGame(Game.fromTranscript(opening.moves), t('game.newOpening', { name: opening.name, n: opening.moves.length / 2 }));
  });
  byId('play-on').addEventListener('click', () => {
    state.viewing = false;
    announce(t('game.playingOn'));
    changed();
  });
  byId('hints', HTMLInputElement).addEventListener('change', (event) => {
    state.hintsOn = /** @type {HTMLInputElement} */ (event.target).checked;
    changed();
  });
  attachSettings(state.settings, {
    hintStrength: changed, // hints shown are searched again at the new strength
    flipped: render,
    workers: () => {
      engines.closeExtraHelpers();
      changed();
    },
    sound: () => {
      if (state.settings.sound) playSound(1); // what it will sound like
    },
    language: () => {
      applyLanguage(state.settings.language).then(retranslate);
    },
  });
  for (const color of /** @type {const} */ (['black', 'white'])) {
    byId(`${color}-player`, HTMLSelectElement).addEventListener('change', (event) => {
      state.players[color] = /** @type {PlayerKind} */ (/** @type {HTMLSelectElement} */ (event.target).value);
      changed();
    });
  }
  byId('level', HTMLSelectElement).addEventListener('change', (event) => {
    state.level = Number(/** @type {HTMLSelectElement} */ (event.target).value);
    changed(); // a search in progress restarts at the new level
  });
  attachMoveList(byId('move-list', HTMLOListElement), { game: () => state.game, lines: () => state.lines, goToPly, goToLine });
  byId('evaluation').addEventListener('toggle', render);
  byId('load').addEventListener('click', loadPasted);
  parts.lineTools = attachLineTools({ lines: () => state.lines, game: () => state.game, goToLine, changed, announce });
  attachExport({
    game: () => state.game,
    source: () => {
      // A GGF record is of the main line (with the review's scores when the review is of it);
      // each variation as a record of its own when asked.
      const main = state.lines.mainLine().join('');
      const showingMain = state.game.fullTranscript === main;
      const mainLine = showingMain ? state.game : Game.restore(state.game.startBoard, main, main.length / 2);
      return {
        game: state.game,
        review: reviewPanel.current(),
        // A game opened from My games has its review's scores, not the review itself.
        reviewed: state.savedReview,
        record: state.record,
        playerName: nameOf,
        mainLine: { game: mainLine, review: showingMain ? reviewPanel.current() : null },
        variations: byId('export-variations', HTMLInputElement).checked ? variationGames(state.lines, state.game.startBoard) : [],
      };
    },
    // What an export did ("Copied.") is news for the status line, not a standing notice.
    notify: (news) => {
      announce(news);
      render();
    },
  });
  for (const id of ['review', 'review-offer']) {
    byId(id).addEventListener('click', () => {
      reviewPanel.start();
      reveal(byId('review-section'));
    });
  }
  byId('review-cancel').addEventListener('click', reviewPanel.cancel);
  parts.library = attachLibrary({
    store: () => parts.tabGame.store,
    currentId: () => parts.tabGame.id,
    open: openStored,
    notify: (news) => {
      announce(news);
      render();
    },
    showMessage: (message) => {
      messages.show(message);
      render();
    },
    clearMessage: (key) => messages.clear(key),
  });
  byId('review-rows').addEventListener('click', (event) => {
    const button = closestTarget(event, 'button[data-ply]');
    if (button) goToPly(Number(button.dataset.ply));
  });
}

/** A game of My games shown in this tab, where it was left (it becomes this tab's game). False
 * when another tab holds it, or it cannot be replayed (said).
 * @param {import('./game-store.js').GameRecord} record */
async function openStored(record) {
  if (record.clock && !parts.clockModule) {
    try {
      await loadClockModule();
    } catch {
      // the game is shown without its clock
    }
  }
  const check = Game.restore; // the engine refuses a damaged record before this tab takes it
  try {
    check(record.startBoard, record.moves, record.ply).free();
  } catch (error) {
    showError('library', t('library.openFailed', { reason: bounded(/** @type {Error} */ (error).message) }));
    return true;
  }
  if (!(await parts.tabGame.open(record))) return false;
  parts.setup.leave();
  parts.engines.cancelAi();
  parts.engines.clearAi();
  state.record = null;
  state.clock = null;
  const { game } = restoreSaved(record);
  state.game = /** @type {Game} */ (game);
  // Shown, not continued: the AI waits for Play on, as for a loaded record.
  state.viewing = !isFinished();
  state.animation = null;
  parts.messages.clear('move');
  parts.messages.clear('library');
  panelToTop();
  announce(t('library.opened', { when: gameDate(record) }));
  changed();
  return true;
}

function loadPasted() {
  const paste = byId('paste', HTMLTextAreaElement);
  let pasted;
  try {
    pasted = readPasted(paste.value);
  } catch (error) {
    showError('paste', t('error.paste', { message: bounded(engineText(/** @type {Error} */ (error).message)) }));
    return;
  }
  paste.value = '';
  parts.messages.clear('paste');
  if (pasted.cut) showNotice('record-cut', pasted.cut);
  else parts.messages.clear('record-cut');
  state.record = pasted.record;
  panelToTop();
  // A loaded game is shown, not continued: the AI waits for Play on (a human's move plays on too).
  const { others, unreadable } = pasted;
  const message = others.length || unreadable ? `${pasted.message} ${t('record.loadedMany', { n: others.length + 1 })}${unreadable ? ` ${t('record.unreadableMany', { n: unreadable })}` : ''}` : pasted.message;
  newGame(pasted.game, message, { viewing: true });
  // The file's other games go into My games, after the first in the file's order.
  const now = Date.now();
  const kept = others.map(({ game, record }, index) => {
    const snapshot = loadedSnapshot(game, record);
    game.free();
    return parts.tabGame.keep(snapshot, now + index + 1);
  });
  if (kept.length) Promise.all(kept).then(() => parts.library?.refresh());
}

/** A loaded game as My games keeps it: shown, not played (finished, or left where the record stops).
 * @param {Game} game
 * @param {import('./record.js').ImportedRecord} record
 * @returns {import('./tab-game.js').GameSnapshot} */
function loadedSnapshot(game, record) {
  const over = game.isGameOver;
  return {
    status: over ? 'finished' : 'abandoned',
    startBoard: game.startBoard,
    moves: game.fullTranscript,
    ply: game.ply,
    players: { ...state.players },
    level: state.level,
    hints: false,
    viewing: true,
    record,
    clock: null,
    result: over ? resultSentence(game.scoreBlack, game.scoreWhite) : '',
  };
}

/** After the language changed: every text the page wrote itself is written again in it (the fixed
 * text is, by applyLanguage); what the status line said is not repeated. */
function retranslate() {
  fillLevels(byId('level', HTMLSelectElement));
  clockOptionNames(byId('clock', HTMLSelectElement));
  fillLanguageMenu(byId('language', HTMLSelectElement), language());
  parts.grid.setLabels(gridLabels());
  parts.library?.refresh(); // its dates, players and results in the new language
  announce('');
  changed();
}
