// Live analysis: while the Analyse switch is on, every legal move of the position shown is
// deepened together by the engine's deep analysis (Searcher.analyzeDeep: one search, one table,
// selective at a stated confidence like the AI's own search), then solved (each move's outcome,
// then its exact score) when the endgame is in reach, by the AI's workers (the team, where the
// page is cross-origin isolated; its one worker elsewhere). Each completed step replaces the
// last: the squares show the moves' scores as hints do, and the Study area shows an evaluation
// bar and the best three lines (analysis-lines.js), each previewed on the board when chosen
// (line-preview.js). A change of position, a move or a new game stops it (the page
// cancels the AI's searches on every change) and it starts again for the new position; a hidden
// tab stops it, and it starts again when the tab is seen.

import { t, scoreWords } from '../i18n/page.js';
import { forBlack, sideScore } from '../common/score-text.js';
import { SearchCancelled } from '../common/engine-client.js';
import { setText } from '../common/dom.js';
import { onceAFrame } from '../common/frames.js';
import { hintMarks } from './hints.js';
import { depthText } from './thinking.js';
import { studySection } from './study-panel.js';
import { attachAnalysisLines, renderAnalysisLines } from './analysis-lines.js';

/** @typedef {import('../pkg/reversi.js').MoveLine} MoveLine */
/** @typedef {import('../pkg/reversi.js').AnalysisStep} AnalysisStep */
/** @typedef {import('../pkg/reversi.js').SearchOptions} SearchOptions */
/** @typedef {import('../pkg/reversi.js').Side} Side */
/** @typedef {import('./hints.js').HintMark} HintMark */

/** How the analysis goes: selective (level 9's search: the pattern evaluation, Multi-ProbCut)
 * to `maxDepth` plies; with at most `exactFrom` empty squares, every move solved (after midgame
 * steps to 10 plies short of the end, whose scores stand until the solves are done): first its
 * outcome, then its exact score. */
export const ANALYSIS_DEPTHS = { maxDepth: 60, exactFrom: 24 };

/** The lines shown beside the board. */
const LINES_SHOWN = 3;

/**
 * The search options of the analysis of a position with `empties` empty squares: one deep
 * analysis, its steps reported as they complete; no time limit (it runs until it is done or
 * stopped).
 * @param {number} empties
 * @param {typeof ANALYSIS_DEPTHS} [depths]
 * @returns {SearchOptions}
 */
export function analysisOptions(empties, depths = ANALYSIS_DEPTHS) {
  const options = { level: 9, depth: depths.maxDepth, evaluation: /** @type {const} */ ('pattern'), book: false };
  return empties <= depths.exactFrom ? { ...options, exactFromEmpties: depths.exactFrom } : options;
}

/** The certainty of a step in words: "depth 19 @ 93%", "depth 6", "outcomes", "exact: solved to
 * the end".
 * @param {AnalysisStep['certainty']} certainty
 * @param {number} empties */
export function certaintyText(certainty, empties) {
  if (certainty.kind === 'exact') return t('game.thinkingExact');
  if (certainty.kind === 'outcome') return t('analysis.outcomes');
  const depth = depthText({ depth: certainty.depth, exact: false, nodes: 0, pv: [] }, empties);
  return certainty.percent === null ? depth : t('analysis.selective', { depth, percent: certainty.percent });
}

/** Black's share of the evaluation bar (per cent) for a score in discs for Black: half each for
 * an even game, three quarters at Black +10 (small leads must show), nearly all beyond +32.
 * @param {number} discsForBlack */
export function blackShare(discsForBlack) {
  return 50 + 50 * Math.tanh(discsForBlack / 20);
}

/** The position to analyse, or why there is none now ('ai': the AI is to move; 'over').
 * @typedef {{board: string, side: Side, empties: number} | {waiting: 'ai' | 'over' | 'setup'}} Analysable */

/** A move's outcome under perfect play, from its score's sign for Black: "Black wins", "Draw".
 * @param {number} forBlackDiscs */
function outcomeText(forBlackDiscs) {
  if (forBlackDiscs === 0) return t('analysis.outcomeDraw');
  return t('analysis.outcomeWin', { side: t(forBlackDiscs > 0 ? 'score.black' : 'score.white') });
}

/** A step's certainty in a line's row: "18@93%", "exact"; nothing for outcomes (the score says
 * "Black wins").
 * @param {AnalysisStep['certainty']} certainty */
function shortCertainty(certainty) {
  if (certainty.kind === 'exact') return t('analysis.lineExact');
  if (certainty.kind === 'outcome') return '';
  return certainty.percent === null ? t('analysis.lineDepth', { depth: certainty.depth }) : t('analysis.lineSelective', { depth: certainty.depth, percent: certainty.percent });
}

/**
 * @param {{engines: import('./engines.js').Engines, position: () => Analysable,
 *          onChange: () => void, onUpdate: () => void,
 *          onOpenLine: (pv: string[], step: number, details: {score: string, opener: HTMLElement}) => void,
 *          previewed: () => {pv: string, step: number} | null}} options
 *   `position()`: the position shown, if it is to be analysed; `onChange()`: the switch was
 *   turned (the page redraws and starts what comes next, this analysis included); `onUpdate()`:
 *   a step's answer arrived (the page redraws the board's marks); `onOpenLine()`: a line was
 *   chosen, to preview from its move `step`; `previewed()`: the line previewed, if any
 */
export function createLiveAnalysis({ engines, position, onChange, onUpdate, onOpenLine, previewed }) {
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
  attachAnalysisLines(list, onOpenLine);

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
  /** The position analysed, its latest completed step, the latest step with scores (an outcome
   * step has signs only) and whether the analysis is over.
   * @type {{board: string, side: Side, empties: number, step: AnalysisStep | null, scored: AnalysisStep | null, done: boolean} | null} */
  let current = null;

  const updates = onceAFrame(onUpdate);

  /** The deep analysis, on the team or the AI's worker.
   * @param {string} board
   * @param {SearchOptions} options
   * @param {(step: AnalysisStep) => void} onStep */
  const analyzeDeep = (board, options, onStep) =>
    engines.team ? engines.team.analyzeDeep(board, options, onStep) : engines.ai.analyzeDeep(board, options, onStep);

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
      current = { ...wanted, step: null, scored: null, done: false };
    }
    render();
    if (!current.done) analyse(id, current);
  }

  /** Runs the deep analysis of `analysis` (from its first step: the engine's table keeps what
   * an interrupted run learnt), showing each step as it completes.
   * @param {number} id
   * @param {NonNullable<typeof current>} analysis */
  function analyse(id, analysis) {
    running = true;
    const onStep = (/** @type {AnalysisStep} */ step) => {
      if (id !== run) return;
      analysis.step = step;
      if (step.certainty.kind !== 'outcome') analysis.scored = step;
      render();
      updates.update();
    };
    analyzeDeep(analysis.board, analysisOptions(analysis.empties), onStep).then(
      () => {
        if (id !== run) return;
        analysis.done = true;
        running = false;
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

  /** The best line of the latest step. */
  function bestLine() {
    return current?.step?.lines.find((line) => !line.unknown) ?? null;
  }

  /** Where the analysis stands, in words. */
  function statusText() {
    if (!on) return t('analysis.off');
    if (problem) return t('analysis.failed', { message: problem });
    if (paused) return t('analysis.paused');
    if (!current) return t(waitingFor === 'ai' ? 'analysis.waitingAi' : waitingFor === 'setup' ? 'analysis.waitingSetup' : 'analysis.over');
    if (!current.step) return t(current.done ? 'analysis.over' : 'analysis.starting');
    const depth = certaintyText(current.step.certainty, current.empties);
    return t(current.done ? 'analysis.done' : 'analysis.running', { depth });
  }

  function render() {
    toggle.checked = on;
    const state = !on ? 'off' : problem ? 'failed' : paused ? 'paused' : !current ? 'waiting' : current.done ? 'done' : 'running';
    status.dataset.state = state;
    setText(status, statusText());
    const best = bestLine();
    evaluation.hidden = !on || !best;
    if (current?.step && best && best.discs !== null) {
      const outcome = current.step.certainty.kind === 'outcome';
      const forBlackDiscs = forBlack(best.discs, current.side);
      const text = outcome ? outcomeText(forBlackDiscs) : sideScore(forBlackDiscs, best.exact, scoreWords());
      setText(score, t('analysis.evaluation', { score: text }));
      barBlack.style.width = `${blackShare(forBlackDiscs)}%`;
      bar.setAttribute('aria-valuenow', String(forBlackDiscs));
      bar.setAttribute('aria-valuetext', text);
      bar.setAttribute('aria-label', t('analysis.bar'));
      status.dataset.depth = String(best.depth);
      status.dataset.exact = String(current.step.certainty.kind === 'exact');
      status.dataset.certainty = current.step.certainty.kind;
    } else {
      delete status.dataset.depth;
      delete status.dataset.exact;
      delete status.dataset.certainty;
    }
    const shown = on && current?.step ? current.step.lines.filter((line) => !line.unknown).slice(0, LINES_SHOWN) : [];
    const analysis = current;
    const certainty = analysis?.step?.certainty;
    renderAnalysisLines(
      list,
      shown.map((line) => ({ pv: line.pv, score: lineScore(line, /** @type {NonNullable<typeof current>} */ (analysis)) })),
      { depth: certainty ? shortCertainty(certainty) : '', depthWords: certainty && analysis ? certaintyText(certainty, analysis.empties) : '', previewed: previewed() },
    );
  }

  /** A line's score in words: its outcome ("Black wins") while only outcomes are known.
   * @param {MoveLine} line
   * @param {NonNullable<typeof current>} analysis */
  function lineScore(line, analysis) {
    const forBlackDiscs = forBlack(line.discs ?? 0, analysis.side);
    return analysis.step?.certainty.kind === 'outcome' ? outcomeText(forBlackDiscs) : sideScore(forBlackDiscs, line.exact, scoreWords());
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
      if (!on || !current?.scored || current.board !== board) return [];
      const hints = current.scored.lines.filter((line) => line.move !== 'pa').map((line) => ({ ...line, book: false }));
      return hintMarks(hints, current.side);
    },
  };
}
