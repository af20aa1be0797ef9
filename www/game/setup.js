// Setting up a position: an editor in the Study area where a tap or a click on a square cycles it
// empty → black → white (or puts what the palette holds, for a touch screen), with the side to
// move, Clear, the start position and the position of the game. Play from here starts a game from
// it, once the rules' constructor accepts it (it says why when not: a centre square is empty).
// While it is open the board shows the position set up, and the address holds it
// (`?setup=<board>`), so that a link shares it; beside it, a link that starts a game from the
// position shown (`?board=<board>`).

import { Game } from '../pkg/reversi.js';
import { studySection } from './study-panel.js';
import { byId, setText } from '../common/dom.js';
import { t, translateStatic, engineText } from '../i18n/page.js';

/** @typedef {import('../pkg/reversi.js').Side} Side */
/** @typedef {'cycle' | 'black' | 'white' | 'empty'} SetupTool */

/** A square's value (0 empty, 1 black, 2 white) as board text writes it, and back. */
const LETTERS = ['-', 'X', 'O'];
/** What a palette choice puts on a square. */
const TOOL_VALUES = { black: 1, white: 2, empty: 0 };
/** The address parameter that holds the position set up. */
export const SETUP_PARAM = 'setup';

/** Board text (64 squares, a space, the side to move) of `squares` and `side`.
 * @param {ArrayLike<number>} squares
 * @param {Side} side */
export function boardText(squares, side) {
  return `${Array.from(squares, (v) => LETTERS[v] ?? '-').join('')} ${side === 'white' ? 'O' : 'X'}`;
}

/** The squares and side of board text as the address holds it, or null when it does not read
 * as 64 squares and a side (whether the position is possible is the rules' to say, on Play).
 * @param {string} text
 * @returns {{squares: Uint8Array, side: Side} | null} */
export function readBoardText(text) {
  const match = /^([XO-]{64})\s*([XO])$/.exec(text.trim());
  if (!match) return null;
  const squares = Uint8Array.from(match[1], (c) => LETTERS.indexOf(c));
  return { squares, side: match[2] === 'O' ? 'white' : 'black' };
}

const EDITOR_HTML = `
  <p class="setup-intro" data-i18n="setup.intro"></p>
  <div class="controls">
    <button type="button" id="setup-open" data-testid="setup-open" data-i18n="setup.open"></button>
    <a id="position-link" data-testid="position-link" data-i18n="setup.link" href="?"></a>
  </div>
  <div id="setup-editor" class="setup-editor" data-testid="setup" hidden>
    <p class="setup-help" data-i18n="setup.help"></p>
    <fieldset class="setup-palette" data-testid="setup-palette">
      <legend data-i18n="setup.palette"></legend>
      <label><input type="radio" name="setup-tool" value="cycle" data-testid="setup-tool-cycle" checked> <span data-i18n="setup.tool.cycle"></span></label>
      <label><input type="radio" name="setup-tool" value="black" data-testid="setup-tool-black"> <span class="swatch swatch-black" aria-hidden="true"></span><span data-i18n="setup.tool.black"></span></label>
      <label><input type="radio" name="setup-tool" value="white" data-testid="setup-tool-white"> <span class="swatch swatch-white" aria-hidden="true"></span><span data-i18n="setup.tool.white"></span></label>
      <label><input type="radio" name="setup-tool" value="empty" data-testid="setup-tool-empty"> <span data-i18n="setup.tool.empty"></span></label>
    </fieldset>
    <div class="controls">
      <label><span data-i18n="setup.side"></span> <select id="setup-side" data-testid="setup-side">
        <option value="black" data-i18n="side.black"></option><option value="white" data-i18n="side.white"></option>
      </select></label>
      <span class="setup-count" id="setup-count" data-testid="setup-count"></span>
    </div>
    <div class="controls">
      <button type="button" id="setup-clear" data-testid="setup-clear" data-i18n="setup.clear"></button>
      <button type="button" id="setup-start" data-testid="setup-start" data-i18n="setup.start"></button>
      <button type="button" id="setup-from-game" data-testid="setup-from-game" data-i18n="setup.fromGame"></button>
    </div>
    <p class="setup-error" id="setup-error" data-testid="setup-error" role="alert" hidden></p>
    <div class="controls">
      <button type="button" id="setup-play" data-testid="setup-play" data-i18n="setup.play"></button>
      <button type="button" id="setup-cancel" data-testid="setup-cancel" data-i18n="setup.cancel"></button>
    </div>
  </div>`;

/**
 * The editor, in the Study area's `study-setup` section.
 * @param {{game: () => Game, standardStart: () => string, changed: () => void,
 *          announce: (text: string) => void, play: (game: Game) => void}} page `changed`: the
 *   page redraws and stops or restarts what it was doing (the editor took the board, or gave it
 *   back); `announce`: the status line's news; `play`: a game from the position set up starts
 */
export function attachSetup({ game, standardStart, changed, announce, play }) {
  const section = studySection('study-setup', 'setup.title');
  section.insertAdjacentHTML('beforeend', EDITOR_HTML);
  translateStatic(section);
  const editor = byId('setup-editor');
  const sideMenu = byId('setup-side', HTMLSelectElement);
  const error = byId('setup-error');

  let active = false;
  let squares = new Uint8Array(64);
  /** @type {Side} */
  let side = 'black';
  let problem = '';

  /** The address holds the position while it is set up; nothing once the editor is closed (the
   * game in progress comes back on a reload). */
  const writeAddress = () => {
    const params = new URLSearchParams(active ? { [SETUP_PARAM]: boardText(squares, side) } : {});
    const query = params.toString();
    history.replaceState(null, '', query ? `${location.pathname}?${query}` : location.pathname);
  };
  /** @param {{squares: ArrayLike<number>, side: Side}} position */
  const load = (position) => {
    squares = Uint8Array.from(position.squares);
    side = position.side;
    problem = '';
  };
  const edited = () => {
    problem = '';
    writeAddress();
    changed();
  };
  const fromGame = () => load({ squares: game().squares(), side: game().sideToMove });
  const tool = () => /** @type {SetupTool} */ (section.querySelector('input[name="setup-tool"]:checked')?.getAttribute('value') ?? 'cycle');

  /** Opens the editor on `position` (the game's position when not given).
   * @param {{squares: ArrayLike<number>, side: Side}} [position] */
  const open = (position) => {
    active = true;
    if (position) load(position);
    else fromGame();
    announce(''); // the game's last news is not the editor's
    writeAddress();
    changed();
    editor.querySelector('button')?.focus({ preventScroll: true });
  };
  const close = () => {
    active = false;
    problem = '';
    announce(t('setup.cancelled'));
    writeAddress();
    changed();
  };

  byId('setup-open').addEventListener('click', () => open());
  byId('setup-clear').addEventListener('click', () => {
    squares = new Uint8Array(64);
    edited();
  });
  byId('setup-start').addEventListener('click', () => {
    load(/** @type {NonNullable<ReturnType<typeof readBoardText>>} */ (readBoardText(standardStart())));
    edited();
  });
  byId('setup-from-game').addEventListener('click', () => {
    fromGame();
    edited();
  });
  sideMenu.addEventListener('change', () => {
    side = sideMenu.value === 'white' ? 'white' : 'black';
    edited();
  });
  byId('setup-cancel').addEventListener('click', close);
  byId('setup-play').addEventListener('click', () => {
    let started;
    try {
      started = Game.fromBoard(boardText(squares, side));
    } catch (refused) {
      problem = t('setup.refused', { reason: engineText(/** @type {Error} */ (refused).message) });
      changed();
      return;
    }
    active = false;
    problem = '';
    writeAddress();
    play(started);
  });

  return {
    get active() {
      return active;
    },
    open,
    /** Closes the editor without redrawing: another game is starting. */
    leave() {
      if (!active) return;
      active = false;
      problem = '';
      writeAddress();
    },
    squares: () => squares,
    side: () => side,
    /** A tap or a click on a square while the editor is open.
     * @param {number} index 0 (a1) … 63 (h8) */
    tap(index) {
      const chosen = tool();
      squares[index] = chosen === 'cycle' ? (squares[index] + 1) % 3 : TOOL_VALUES[chosen];
      edited();
    },
    render() {
      byId('setup-open').hidden = active;
      // A link that starts a game from the position shown (the address's `board`), to share it.
      const link = byId('position-link');
      link.hidden = active;
      const href = `?${new URLSearchParams({ board: game().board })}`;
      if (link.getAttribute('href') !== href) link.setAttribute('href', href);
      editor.hidden = !active;
      section.classList.toggle('editing', active);
      if (!active) return;
      sideMenu.value = side;
      const count = (/** @type {number} */ v) => squares.reduce((n, s) => n + (s === v ? 1 : 0), 0);
      setText(byId('setup-count'), t('setup.count', { black: count(1), white: count(2) }));
      error.hidden = !problem;
      setText(error, problem);
    },
  };
}
