// The game clock on the page: when it runs (the side to move's time, from the moment the last
// move's discs have turned over), its ticks and the flag's fall, its display, and the AI's time
// for a move under it. The clock itself (times left, the flag) is clock.js's.

import * as wasm from '../pkg/reversi.js';
import { byId, setText } from '../common/dom.js';
import { t, sideName } from '../i18n/page.js';
import { changed } from './app.js';
import { state, parts, announce, isFinished, inVariation, lookingBack, moveFlipsEnd } from './game-state.js';

/** @typedef {import('../pkg/reversi.js').Side} Side */
/** @typedef {import('./game-state.js').Clock} Clock */

/** The clock's ticks, while it runs (a page without a running clock does nothing on a timer).
 * @type {ReturnType<typeof setInterval> | null} */
let clockTicks = null;

/** The clock runs for the side to move at the latest position of a game in play; it stops while
 * a loaded record is shown, while the player looks back through the moves, and at the end. */
export function runClock() {
  const clock = state.clock;
  const live = Boolean(clock) && !parts.setup.active && !isFinished() && !state.viewing && !lookingBack() && !inVariation();
  // The side to move's time starts once the last move's discs have turned over.
  const now = performance.now();
  if (clock) clock.run(live ? state.game.sideToMove : null, now, moveFlipsEnd() ?? now);
  if (live && !clockTicks) clockTicks = setInterval(tickClock, 100);
  else if (!live && clockTicks) {
    clearInterval(clockTicks);
    clockTicks = null;
  }
}

/** Ten times a second while a clock runs: redraw it, and end the game when a flag falls. */
function tickClock() {
  const clock = state.clock;
  if (!clock || !clock.running) return;
  const side = clock.running;
  if (clock.check(performance.now())) {
    // The notice about the next game's clock has nothing more to say once this game's clock ended.
    parts.messages.clear('clock-setting');
    announce(t('game.timeRanOut', { side: sideName(side) }));
    changed();
    return;
  }
  renderClocks();
}

/** Each side's time left, the running one and a low one marked (hidden without a clock). */
export function renderClocks() {
  const clock = state.clock;
  const clockModule = parts.clockModule;
  const now = performance.now();
  for (const color of /** @type {const} */ (['black', 'white'])) {
    const element = byId(`clock-${color}`);
    element.hidden = !clock;
    if (!clock || !clockModule) continue;
    const left = clock.left(color, now);
    setText(element, clockModule.formatClock(left));
    element.classList.toggle('running', clock.running === color);
    element.classList.toggle('low', left < 10_000);
    element.setAttribute('aria-label', t('game.clockLabel', { side: sideName(color), time: clockModule.formatClock(left) }));
  }
}

/** The AI's time for this move under the game clock: the engine's plan for the time left.
 * @param {Clock} clock
 * @param {Side} side */
export function clockBudgetMs(clock, side) {
  const left = clock.left(side, performance.now());
  const empties = state.game.squares().filter((v) => v === 0).length;
  if (typeof wasm.moveBudgetMs === 'function') return wasm.moveBudgetMs(Math.max(0, left), clock.spec.incrementMs, empties);
  return Math.max(20, Math.floor(left / Math.max(4, empties / 2 + 4)));
}
