// The evaluation panel: the static evaluation of the position shown, term by term, with a switch
// between the two evaluations the engine has. The course's (the notes' heuristics: levels 1–5 and
// the hints) is always there; the trained pattern evaluation (levels 6–9) once its weights have
// arrived from the AI worker. No game state here: the page hands in the board to explain.

import { evaluationBreakdown, PatternEvaluation } from '../pkg/reversi.js';
import { bounded } from './messages.js';
import { sideScore, forBlack } from '../common/score-text.js';
import { setText } from '../common/dom.js';
import { t, num, sideName, scoreWords, MINUS } from '../i18n/page.js';

/** The table's column headings for each evaluation, in the page's language.
 * @param {'course' | 'pattern'} kind */
const headings = (kind) => t(`evaluation.${kind}`).split('|');

/** A course term's name in the page's language (the engine's label for a term the catalogues lack).
 * @param {string} term
 * @param {string} label */
function termName(term, label) {
  try {
    return t(`evaluation.term.${term}`);
  } catch {
    return label;
  }
}

/** Discs from hundredths of a disc, signed: "+1.25".
 * @param {number} hundredths */
function discs(hundredths) {
  return `${hundredths >= 0 ? '+' : MINUS}${num(Math.abs(hundredths) / 100, 2)}`;
}

/**
 * @param {{details: HTMLDetailsElement, onChange: () => void}} options `onChange` is called when
 *   the panel needs redrawing (the switch moved, the weights arrived or failed).
 */
export function createEvaluationPanel({ details, onChange }) {
  const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (details.querySelector(`#${id}`));
  const choice = {
    course: /** @type {HTMLInputElement} */ ($('evaluation-course')),
    pattern: /** @type {HTMLInputElement} */ ($('evaluation-pattern')),
  };
  /** The weights' bytes (the worker has checked them), and their evaluation built on first use:
   * most players never open the panel, so the page does not parse the tables at start. */
  /** @type {Uint8Array | null} */
  let patternBytes = null;
  /** @type {PatternEvaluation | null} */
  let pattern = null;
  /** 'loading', 'ready' or the reason the weights are unavailable. */
  let weights = 'loading';

  for (const input of Object.values(choice)) input.addEventListener('change', onChange);

  /** The table's rows: a heading cell, then the values.
   * @param {(string | number)[][]} cells */
  function rows(cells) {
    return cells.map(([label, ...values]) => {
      const row = document.createElement('tr');
      const name = document.createElement('th');
      name.scope = 'row';
      name.textContent = String(label);
      row.append(name);
      for (const value of values) {
        const cell = document.createElement('td');
        cell.textContent = String(value);
        row.append(cell);
      }
      return row;
    });
  }

  /**
   * @param {'course' | 'pattern'} kind
   * @param {string} intro
   * @param {(string | number)[][]} cells
   * @param {string} total
   */
  function show(kind, intro, cells, total) {
    details.dataset.shown = kind;
    setText($('evaluation-intro'), intro);
    headings(kind).forEach((text, i) => setText($(`evaluation-heading-${i}`), text));
    const body = $('evaluation-terms');
    const signature = JSON.stringify([kind, cells]);
    if (body.dataset.signature !== signature) {
      body.dataset.signature = signature;
      body.replaceChildren(...rows(cells));
    }
    setText($('evaluation-total'), total);
  }

  return {
    /** The weights arrived (`{ok: true, bytes}`) or cannot be had (`{ok: false, message}`).
     * @param {import('../common/engine-client.js').FileEvent} event */
    weightsLoaded(event) {
      if (event.ok) {
        patternBytes = new Uint8Array(event.bytes);
        weights = 'ready';
      } else {
        weights = bounded(event.message);
      }
      onChange();
    },

    /** Draws the evaluation of `board` (board text), `color` ('black' | 'white') to move; only
     * while the panel is open.
     * @param {string} board
     * @param {'black' | 'white'} color */
    render(board, color) {
      const side = sideName(color);
      const available = weights === 'ready';
      choice.pattern.disabled = !available;
      if (!available && choice.pattern.checked) choice.course.checked = true;
      setText(
        $('evaluation-weights'),
        available
          ? t('evaluation.weightsLoaded')
          : weights === 'loading'
            ? t('evaluation.weightsLoading')
            : t('evaluation.weightsMissing', { message: weights }),
      );
      if (!details.open) return;
      if (choice.pattern.checked && available && !pattern && patternBytes) {
        try {
          pattern = new PatternEvaluation(patternBytes);
        } catch (error) {
          weights = bounded(/** @type {Error} */ (error).message);
          choice.course.checked = true;
        }
      }
      if (choice.pattern.checked && pattern) {
        const report = pattern.breakdown(board);
        show(
          'pattern',
          t('evaluation.patternIntro', { side, stage: report.stage + 1, stages: report.stages }),
          report.terms.map((term) => [term.term, num(term.count), '', discs(term.contribution)]),
          discs(report.total),
        );
        setText($('evaluation-estimate'), t('evaluation.patternEstimate', { score: sideScore(forBlack(report.totalDiscs, color), false, scoreWords()) }));
      } else {
        const report = evaluationBreakdown(board);
        show(
          'course',
          t('evaluation.courseIntro', { side, phase: t(`evaluation.phase.${report.phase}`), discs: report.discs }),
          report.terms.map((term) => [termName(term.term, term.label), num(term.raw), num(term.weight), num(term.contribution)]),
          num(report.total),
        );
        setText(
          $('evaluation-estimate'),
          t('evaluation.courseEstimate', { score: sideScore(forBlack(report.totalDiscs, color), false, scoreWords()), total: report.total, side }),
        );
      }
    },
  };
}
