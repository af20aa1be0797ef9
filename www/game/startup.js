// The game page's start-up (start.js calls `start`, and says why when it fails): the language,
// the wasm compiled once for the page and every worker, this tab's game claimed in the game
// store, the page's parts made (game-state.js's `parts`), the controls wired, then the game: the
// address's parameters, else the saved game, else a fresh one.

import init, { Game } from '../pkg/reversi.js';
import { ENGINE_WASM, THREADS_WASM, threadsSupported } from '../common/engine-wasm.js';
import { createRenderer, GUTTER } from '../common/render.js';
import { createGrid } from '../common/grid.js';
import { attachInput } from '../common/input.js';
import { byId } from '../common/dom.js';
import { MessageList } from '../common/message-list.js';
import { t, language, gridLabels, LANGUAGES } from '../i18n/page.js';
import * as storage from './storage.js';
import { TabGame } from './tab-game.js';
import { reloadHealed } from './start.js';
import { bounded, excerpt } from './messages.js';
import { Engines, maxWorkers } from './engines.js';
import { createReviewPanel } from './review-panel.js';
import { BookReader, fillOpenings } from './openings.js';
import { gameFromAddress } from './address.js';
import { clockOptionNames, fillLevels } from './settings.js';
import { registerOffline } from './offline.js';
import { startLanguage, applyLanguage, fillLanguageMenu } from './language.js';
import { Lines, movesOf } from './lines.js';
import { attachSetup, readBoardText, SETUP_PARAM } from './setup.js';
import { createLiveAnalysis } from './live-analysis.js';
import { attachLinePreview } from './line-preview.js';
import { createExplorer } from './explorer.js';
import { restoreSaved, saveGame } from './saved-game.js';
import { wireControls } from './controls.js';
import { onWeights, panelToTop, render, showError, showNotice, trackStateStrip } from './view.js';
import { changed, goToPly, newGame, onSquare, playLine, redo, settleForcedPasses, undo } from './app.js';
import { config, state, parts, announce, bookPly, isAiTurn, loadClockModule, shownMoves } from './game-state.js';

/** The page's start (called by start.js, which says why when it fails). */
export async function start() {
  const params = new URLSearchParams(location.search);
  const startingLanguage = startLanguage(params);
  await applyLanguage(startingLanguage.lang);
  const messages = (parts.messages = new MessageList(byId('notices'), { dismissLabel: () => t('dismiss') }));
  // An address that starts a game of its own takes no stored game: those in progress stay for
  // the tabs that will want them.
  const addressGame = ['moves', 'board', 'opening', 'clock'].some((name) => params.has(name));
  // One compilation serves the page and every worker the AI will ever need; this tab's game is
  // looked up in the game store meanwhile.
  const wasmUrl = new URL(`../pkg/${ENGINE_WASM}`, import.meta.url);
  // Where the page is cross-origin isolated, the AI's workers run the threads build (a failure to
  // compile it leaves the page as it is elsewhere), if they can be more than one: on a device
  // whose cores leave the AI one worker, the team would be that worker on a slower build.
  const teamPossible = maxWorkers() > 1 || Number(params.get('workers')) > 1 || (storage.loadSettings().workers ?? 1) > 1;
  const threadsUrl = threadsSupported && teamPossible ? new URL(`../pkg/${THREADS_WASM}`, import.meta.url) : null;
  const [module, threadsModule, claimed] = await Promise.all([
    WebAssembly.compileStreaming(fetch(wasmUrl)),
    threadsUrl ? WebAssembly.compileStreaming(fetch(threadsUrl)).catch(() => null) : null,
    TabGame.claim({
      resume: !addressGame,
      onSaved: (record) => {
        // What was last written durably, for whoever needs to know (tests, the game library).
        document.documentElement.dataset.savedMoves = record.moves;
        document.documentElement.dataset.savedStatus = record.status;
        messages.clear('storage');
        parts.library?.refresh();
      },
      onProblem: (problem) => {
        if (problem) showNotice('storage', problem);
      },
    }),
  ]);
  parts.tabGame = claimed.tab;
  // The clock's module only when the address or the saved game has a clock.
  if (params.has('clock') || claimed.restored?.clock) await loadClockModule();
  await init({ module_or_path: module });

  makeParts(module, threadsModule);
  trackStateStrip();
  fillLevels(byId('level', HTMLSelectElement));
  fillOpenings(byId('play-opening', HTMLSelectElement));
  wireControls();
  Object.assign(state.settings, storage.loadSettings());
  if (startingLanguage.fromAddress) {
    // A language asked for by the address is kept, as one chosen from the menu is.
    state.settings.language = startingLanguage.lang;
    storage.saveSettings(state.settings);
  }
  fillLanguageMenu(byId('language', HTMLSelectElement), language());
  clockOptionNames(byId('clock', HTMLSelectElement));

  const game = gameToStart(params, claimed, startingLanguage);
  state.game = game || new Game();
  const notes = settleForcedPasses();
  // The turn line says whose turn it is; the status line only says what happened (nothing yet).
  announce(notes.length ? notes.join('. ') + '.' : '');
  changed();
  // A position being set up, shared by its address: the editor opens on it.
  const setupText = params.get(SETUP_PARAM);
  if (setupText !== null) {
    const position = readBoardText(setupText);
    if (position) parts.setup.open(position);
    else showError('address', t('setup.badAddress', { value: excerpt(setupText) }));
  }

  // Registered when the weights have arrived (onWeights); a fetch still hanging after 30 s does
  // not keep the game from working offline.
  setTimeout(registerOffline, 30_000);
  // Which way the AI's workers search, for tests and for anyone curious: 'team' (one shared table)
  // or 'split'.
  document.documentElement.dataset.aiWorkers = parts.engines.team ? 'team' : 'split';
  document.documentElement.dataset.ready = 'true';
  // Since navigation start: what a visitor waits before the board can be played.
  document.documentElement.dataset.readyMs = String(Math.round(performance.now()));
}

/**
 * The board, its grid and input, the AI's and the review's workers, and the panels: the page's
 * parts (game-state.js), made once.
 * @param {WebAssembly.Module} module the engine, compiled once for the page and every worker
 * @param {WebAssembly.Module | null} threadsModule the threads build, where the AI's workers can share memory
 */
function makeParts(module, threadsModule) {
  const board = byId('board');
  board.style.setProperty('--gutter', `${GUTTER * 100}%`);
  parts.startBoard = new Game().startBoard;
  parts.renderer = createRenderer(byId('board-canvas', HTMLCanvasElement));
  parts.grid = createGrid(byId('board-grid'), { onActivate: onSquare, labels: gridLabels() });
  attachInput(board, { onSquare, onUndo: undo, onRedo: redo, onToggleHints: () => byId('hints').click() });
  const engines = (parts.engines = new Engines({
    module,
    threadsModule,
    ttMegabytes: config.ttMegabytes,
    reviewTtMegabytes: config.reviewTtMegabytes,
    workers: () => state.settings.workers,
    onWeights,
    onFile: onDataFile,
    onBroken: (error) => {
      // The AI's worker did not start (a damaged or missing file, say): the board still plays,
      // the AI cannot; a reload fetches the files again.
      parts.messages.show({ key: 'ai', kind: 'error', text: t('error.aiStart', { message: error.message }), action: { label: t('page.reload'), run: reloadHealed } });
      render();
    },
  }));
  const reviewPanel = (parts.reviewPanel = createReviewPanel({
    game: () => state.game,
    engines,
    options: config.reviewOptions,
    bookPly,
    announce,
    render,
    showError: (message) => showError('review', message),
    goToPly,
    // A review of the main line stays while a variation is looked at (the record is its key).
    keeps: (key) => {
      const [startBoard, moves] = key.split('|');
      return startBoard === state.game.startBoard && state.lines.node(movesOf(moves)) !== null;
    },
    onReviewed: saveGame,
  }));
  const setup = (parts.setup = attachSetup({
    game: () => state.game,
    standardStart: () => parts.startBoard,
    changed,
    announce,
    play: (game) => {
      state.record = null;
      panelToTop();
      newGame(game, t('setup.started'));
    },
  }));
  import('./practice-panel.js').then(
    ({ createPracticePanel }) => {
      parts.practicePanel = createPracticePanel({ review: () => reviewPanel.current(), game: () => state.game, engines, options: config.reviewOptions });
    },
    (error) => showError('practice', t('error.practice', { message: error.message })),
  );
  const linePreview = (parts.linePreview = attachLinePreview({
    startBoard: () => state.game.startBoard,
    shownMoves,
    render,
    play: playLine,
  }));
  parts.liveAnalysis = createLiveAnalysis({
    engines,
    // A game lost on time has moves left on its board: its positions are analysed as any other.
    position: () => (setup.active ? { waiting: 'setup' } : state.game.isGameOver ? { waiting: 'over' } : isAiTurn() ? { waiting: 'ai' } : { board: state.game.board, side: state.game.sideToMove, empties: 64 - state.game.scoreBlack - state.game.scoreWhite }),
    onChange: changed,
    onUpdate: render,
    onOpenLine: (pv, step, details) => linePreview.open(pv, step, details),
    previewed: () => linePreview.shown(),
  });
  parts.explorer = createExplorer({ reader: () => parts.bookReader, bookState: () => engines.ai.files.book.state, onPlay: onSquare });
}

/**
 * The game the page starts with: the address's when it has one (applied once), else this tab's
 * saved game, else null (a fresh one); the address's players, level and workers apply either way.
 * @param {URLSearchParams} params
 * @param {Awaited<ReturnType<typeof TabGame.claim>>} claimed
 * @param {ReturnType<typeof startLanguage>} startingLanguage
 */
function gameToStart(params, claimed, startingLanguage) {
  for (const [i, problem] of claimed.problems.entries()) showNotice(`saved-game-${i}`, problem);
  /** @type {Game | null} */
  let game = null;
  if (claimed.restored) {
    const restored = restoreSaved(claimed.restored);
    game = restored.game;
    if (!game) {
      parts.tabGame.giveUp();
      showNotice('saved-game', restored.problem);
    }
  }
  if ([...params.keys()].length > 0) {
    const fromAddress = gameFromAddress(params, state, parts.clockModule?.parseClockSpec ?? null);
    state.players = fromAddress.players;
    state.level = fromAddress.level;
    if (fromAddress.game || fromAddress.clockSpec) {
      // The address starts a game of its own: nothing of the saved one carries over.
      if (fromAddress.game) game = fromAddress.game;
      else game = new Game();
      state.lines = new Lines();
      state.record = null;
      state.viewing = false;
      const clockModule = parts.clockModule;
      state.clock = fromAddress.clockSpec && clockModule ? clockModule.createClock(fromAddress.clockSpec, performance.now()) : null;
    }
    if (fromAddress.workers) state.settings.workers = fromAddress.workers;
    if (startingLanguage.unknown) fromAddress.problems.push(t('address.lang', { value: excerpt(startingLanguage.unknown), languages: LANGUAGES.join(', ') }));
    if (fromAddress.problems.length) parts.messages.show({ key: 'address', kind: 'error', text: t('error.address', { problems: fromAddress.problems.join('; ') }) });
    // Applied once: a reload must bring back the game in progress, not the address's start.
    history.replaceState(null, '', location.pathname);
  }
  return game;
}

/** The opening book arrived in the AI worker (the strong levels now play from it), or cannot be
 * had: said once, and the AI thinks about the opening itself. The page keeps a reader of its own
 * for where the game left the book.
 * @param {string} name
 * @param {import('../common/engine-client.js').FileEvent} event */
function onDataFile(name, event) {
  if (name !== 'book') return;
  if (!event.ok) {
    showNotice('book', t('error.book', { message: bounded(event.message) }));
  } else {
    try {
      parts.bookReader = new BookReader(event.bytes);
    } catch {
      parts.bookReader = null;
    }
  }
  render();
}
