// Live analysis: while the Analyse switch is on, every legal move of the position shown is
// searched one depth after another, then solved exactly when the endgame is in reach, by the
// AI's workers (the team, where the page is cross-origin isolated; its one worker elsewhere).
// Each step's answer replaces the last: the squares show the moves' scores as hints do, and the
// Study area shows an evaluation bar and the best three lines. A change of position, a move or a
// new game stops it (the page cancels the AI's searches on every change) and it starts again
// for the new position; a hidden tab stops it, and it resumes where it was when the tab is seen.

import { t, scoreWords } from '../i18n/page.js';
import { forBlack, sideScore } from '../common/score-text.js';
import { SearchCancelled } from '../common/engine-client.js';
import { setText } from '../common/dom.js';
import { onceAFrame } from '../common/frames.js';
import { hintMarks } from './hints.js';
import { depthText } from './thinking.js';
import { studySection } from './study-panel.js';

/** @typedef {import('../pkg/reversi.js').MoveLine} MoveLine */
/** @typedef {import('../pkg/reversi.js').SearchOptions} SearchOptions */
/** @typedef {import('../pkg/reversi.js').Side} Side */
/** @typedef {import('./hints.js').HintMark} HintMark */

/** How deep the analysis goes: from `firstDepth` one ply more each step up to `maxDepth`; with
 * at most `exactFrom` empty squares, up to `depthBeforeExact` (quick, and it fills the table
 * with a good move order) and then an exact solve of every move. */
export const ANALYSIS_DEPTHS = { firstDepth: 2, maxDepth: 24, exactFrom: 20, depthBeforeExact: 8 };

/** The lines shown beside the board. */
const LINES_SHOWN = 3;
/** Moves of a line shown (the rest is in its title). */
const LINE_MOVES = 12;

/**
 * The search options of each step of an analysis of a position with `empties` empty squares: one
 * depth after another, the last one an exact solve when the endgame is in reach.
 * @param {number} empties
 * @param {typeof ANALYSIS_DEPTHS} [depths]
 * @returns {SearchOptions[]}
 */
export function analysisSteps(empties, depths = ANALYSIS_DEPTHS) {
  const exact = empties <= depths.exactFrom;
  const last = exact ? Math.min(depths.depthBeforeExact, empties - 1) : depths.maxDepth;
  /** @type {SearchOptions[]} */
  const steps = [];
  for (let depth = depths.firstDepth; depth <= last; depth++) steps.push({ depth, evaluation: 'pattern', book: false });
  if (exact) steps.push({ depth: 60, exactFromEmpties: 64, evaluation: 'pattern', book: false });
  return steps;
}

/** Black's share of the evaluation bar (per cent) for a score in discs for Black: half each for
 * an even game, three quarters at Black +10 (small leads must show), nearly all beyond +32.
 * @param {number} discsForBlack */
export function blackShare(discsForBlack) {
  return 50 + 50 * Math.tanh(discsForBlack / 20);
}

/** The position to analyse, or why there is none now ('ai': the AI is to move; 'over').
 * @typedef {{board: string, side: Side, empties: number} | {waiting: 'ai' | 'over' | 'setup'}} Analysable */

/**
 * @param {{engines: import('./engines.js').Engines, position: () => Analysable,
 *          onChange: () => void, onUpdate: () => void}} options
 *   `position()`: the position shown, if it is to be analysed; `onChange()`: the switch was
 *   turned (the page redraws and starts what comes next, this analysis included); `onUpdate()`:
 *   a step's answer arrived (the page redraws the board's marks)
 */
export function createLiveAnalysis({ engines, position, onChange, onUpdate }) {
  const section = studySection('study-analysis', 'analysis.title');
  section.insertAdjacentHTML(
    'beforeend',
    `<label class="toggle analysis-switch"><input type="checkbox" id="analysis-switch" data-testid="analysis-switch"> <span data-i18n="analysis.switch">${t('analysis.switch')}</span></label>
     <p class="analysis-status" id="analysis-status" data-testid="analysis-status"></p>
     <div class="analysis-evaluation" id="analysis-evaluation" hidden>
       <div class="analysis-bar" id="analysis-bar" data-testid="analysis-bar" role="meter" aria-valuemin="-64" aria-valuemax="64"><div class="analysis-bar-black"></div></div>
       <p class="analysis-score" id="analysis-score" data-testid="analysis-score"></p>
     </div>
     <ol class="analysis-lines" id="analysis-lines" data-testid="analysis-lines"></ol>`,
  );
  const toggle = /** @type {HTMLInputElement} */ (section.querySelector('#analysis-switch'));
  const status = /** @type {HTMLElement} */ (section.querySelector('#analysis-status'));
  const evaluation = /** @type {HTMLElement} */ (section.querySelector('#analysis-evaluation'));
  const bar = /** @type {HTMLElement} */ (section.querySelector('#analysis-bar'));
  const barBlack = /** @type {HTMLElement} */ (bar.firstElementChild);
  const score = /** @type {HTMLElement} */ (section.querySelector('#analysis-score'));
  const list = /** @type {HTMLOListElement} */ (section.querySelector('#analysis-lines'));

  let on = false;
  /** Bumped by every start and stop: an answer for an older run is dropped. */
  let run = 0;
  /** A step is being searched. */
  let running = false;
  /** Stopped because the tab is hidden (resumed when it is seen). */
  let paused = false;
  /** Why the last step failed, or ''. */
  let problem = '';
  /** Why there is no position to analyse now. @type {'ai' | 'over' | 'setup'} */
  let waitingFor = 'over';
  /** The position analysed, its latest answer and the next step.
   * @type {{board: string, side: Side, empties: number, lines: MoveLine[] | null, step: number, steps: SearchOptions[]} | null} */
  let current = null;

  const updates = onceAFrame(onUpdate);

  /** The search of one step, on the team or the AI's worker.
   * @param {string} board
   * @param {SearchOptions} options */
  const analyzeLines = (board, options) => (engines.team ? engines.team.analyzeLines(board, options) : engines.ai.analyzeLines(board, options));

  toggle.addEventListener('change', () => {
    on = toggle.checked;
    if (!on) stop();
    onChange();
  });

  document.addEventListener('visibilitychange', () => {
    if (!on) return;
    if (document.hidden) {
      if (running) {
        stop();
        paused = true;
        render();
      }
    } else if (paused) {
      paused = false;
      start();
    }
  });

  /** Stops the step being searched (the AI's workers are free: nothing else runs while the
   * analysis does). */
  function stop() {
    run++;
    if (running) engines.cancelAi();
    running = false;
  }

  /** Starts, or resumes, the analysis of the position shown (the page has cancelled the AI's
   * searches since the last step, if it changed anything). */
  function start() {
    const id = ++run;
    running = false;
    problem = '';
    if (!on) return render();
    if (document.hidden) {
      paused = true;
      return render();
    }
    const wanted = position();
    if ('waiting' in wanted) {
      waitingFor = wanted.waiting;
      current = null;
      return render();
    }
    if (!current || current.board !== wanted.board) {
      current = { ...wanted, lines: null, step: 0, steps: analysisSteps(wanted.empties) };
    }
    render();
    if (current.step < current.steps.length) step(id, current);
  }

  /** Searches the next step of `analysis`, then the one after, until the last.
   * @param {number} id
   * @param {NonNullable<typeof current>} analysis */
  function step(id, analysis) {
    running = true;
    analyzeLines(analysis.board, analysis.steps[analysis.step]).then(
      (lines) => {
        if (id !== run) return;
        analysis.lines = lines;
        analysis.step++;
        running = false;
        if (analysis.step < analysis.steps.length) step(id, analysis);
        render();
        updates.update();
      },
      (error) => {
        if (id !== run) return;
        running = false;
        if (!(error instanceof SearchCancelled)) problem = error.message;
        render();
      },
    );
  }

  /** The best line whose score is known. */
  function bestLine() {
    return current?.lines?.find((line) => !line.unknown) ?? null;
  }

  /** Where the analysis stands, in words. */
  function statusText() {
    if (!on) return t('analysis.off');
    if (problem) return t('analysis.failed', { message: problem });
    if (paused) return t('analysis.paused');
    if (!current) return t(waitingFor === 'ai' ? 'analysis.waitingAi' : waitingFor === 'setup' ? 'analysis.waitingSetup' : 'analysis.over');
    const best = bestLine();
    if (!best) return t('analysis.starting');
    const depth = depthText({ depth: best.depth, exact: best.exact, nodes: 0, pv: [] }, current.empties);
    return t(current.step < current.steps.length ? 'analysis.running' : 'analysis.done', { depth });
  }

  function render() {
    toggle.checked = on;
    const state = !on ? 'off' : problem ? 'failed' : paused ? 'paused' : !current ? 'waiting' : current.step < current.steps.length ? 'running' : 'done';
    status.dataset.state = state;
    setText(status, statusText());
    const best = bestLine();
    evaluation.hidden = !on || !best;
    if (current && best && best.discs !== null) {
      const forBlackDiscs = forBlack(best.discs, current.side);
      const text = sideScore(forBlackDiscs, best.exact, scoreWords());
      setText(score, t('analysis.evaluation', { score: text }));
      barBlack.style.width = `${blackShare(forBlackDiscs)}%`;
      bar.setAttribute('aria-valuenow', String(forBlackDiscs));
      bar.setAttribute('aria-valuetext', text);
      bar.setAttribute('aria-label', t('analysis.bar'));
      status.dataset.depth = String(best.depth);
      status.dataset.exact = String(best.exact);
    } else {
      delete status.dataset.depth;
      delete status.dataset.exact;
    }
    const shown = on && current?.lines ? current.lines.filter((line) => !line.unknown).slice(0, LINES_SHOWN) : [];
    list.replaceChildren(...shown.map((line) => lineItem(line, /** @type {NonNullable<typeof current>} */ (current))));
  }

  /** @param {MoveLine} line
   * @param {NonNullable<typeof current>} analysis */
  function lineItem(line, analysis) {
    const item = document.createElement('li');
    item.dataset.testid = 'analysis-line';
    item.dataset.pv = line.pv.join(' ');
    const moves = line.pv.map((move) => (move === 'pa' ? t('move.pass') : move));
    const lineScore = document.createElement('span');
    lineScore.className = 'analysis-line-score';
    lineScore.textContent = sideScore(forBlack(line.discs ?? 0, analysis.side), line.exact, scoreWords());
    const pv = document.createElement('span');
    pv.className = 'analysis-line-moves';
    pv.textContent = moves.slice(0, LINE_MOVES).join(' ') + (moves.length > LINE_MOVES ? ' …' : '');
    pv.title = moves.join(' ');
    const depth = document.createElement('span');
    depth.className = 'analysis-line-depth';
    depth.textContent = depthText({ depth: line.depth, exact: line.exact, nodes: 0, pv: [] }, analysis.empties);
    item.append(lineScore, ' ', pv, ' ', depth);
    return item;
  }

  return {
    /** Whether the switch is on. */
    get on() {
      return on;
    },
    start,
    render,
    /** The board's marks for the analysis' latest scores (as hints) of `board` (board text),
     * while it is on.
     * @param {string} board
     * @returns {HintMark[]} */
    marks(board) {
      if (!on || !current?.lines || current.board !== board) return [];
      const hints = current.lines.filter((line) => line.move !== 'pa').map((line) => ({ ...line, book: false }));
      return hintMarks(hints, current.side);
    },
  };
}
