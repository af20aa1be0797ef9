// Predict the next step, on the page: whether the replay stops for a question before a step, the
// answer recorded, the controls (on, what is asked, projector mode, the score) and the question's
// bubble over its node. The questions themselves and their judging: predict.js.

import { t } from './language.js';
import { questionAt, questionText, answerText, placeBubble } from './predict.js';
import { state, render, exerciseSheet } from './page-state.js';
import { byId as $, setText } from '../common/dom.js';

/** @typedef {import('./lessons.js').LessonView} LessonView */

/** The question the teacher asked for before event `step` (not yet answered), or null.
 * @param {number} step */
export function questionBefore(step) {
  const view = state.view;
  const predict = state.predict;
  if (!view || !predict.on || state.exercise || predict.answered.has(step)) return null;
  return questionAt(view, step, predict);
}

/** A question left unanswered goes when the teacher moves elsewhere. */
export function clearPrediction() {
  state.predict.pending = null;
  state.predict.shown = null;
}

/** The prediction controls: the options while on, the score of the answers given, the question on the tree.
 * @param {LessonView} view
 * @param {(given: string | null) => void} onAnswer  answers the question waiting (null: revealed) */
export function renderPredictControls(view, onAnswer) {
  const predict = state.predict;
  $('predict', HTMLInputElement).checked = predict.on;
  $('predict-options').hidden = !predict.on;
  const answers = [...predict.answered.values()].filter((a) => a !== null);
  const right = answers.filter((a) => a?.right).length;
  setText($('predict-score'), answers.length ? t('predict.score', { right, total: answers.length }) : '');
  const bubble = $('predict-bubble');
  const pending = predict.pending;
  const shown = predict.shown;
  if (!predict.on || (!pending && !shown) || exerciseSheet()) {
    bubble.hidden = true;
    return;
  }
  bubble.hidden = false;
  if (pending) {
    const text = Object.assign(document.createElement('p'), { className: 'predict-question', textContent: questionText(view, pending) });
    const row = document.createElement('p');
    row.className = 'predict-row';
    if (predict.projector) {
      const reveal = Object.assign(document.createElement('button'), { type: 'button', className: 'primary', textContent: t('predict.reveal') });
      reveal.dataset.testid = 'predict-reveal';
      reveal.addEventListener('click', () => onAnswer(null));
      row.append(reveal);
    } else if (pending.kind === 'value') {
      const input = Object.assign(document.createElement('input'), { type: 'text', id: 'predict-answer', autocomplete: 'off', spellcheck: false });
      input.setAttribute('aria-label', questionText(view, pending));
      input.dataset.testid = 'predict-answer';
      const ok = Object.assign(document.createElement('button'), { type: 'submit', className: 'primary', textContent: t('predict.answer') });
      ok.dataset.testid = 'predict-submit';
      const form = document.createElement('form');
      form.className = 'predict-form';
      form.append(input, ok);
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        onAnswer(input.value);
      });
      row.append(form);
    } else {
      for (const [answer, key] of [['yes', 'predict.yes'], ['no', 'predict.no']]) {
        const button = Object.assign(document.createElement('button'), { type: 'button', textContent: t(key) });
        button.dataset.testid = `predict-${answer}`;
        button.addEventListener('click', () => onAnswer(answer));
        row.append(button);
      }
    }
    bubble.replaceChildren(text, row);
    bubble.dataset.state = 'question';
  } else if (shown) {
    bubble.replaceChildren(Object.assign(document.createElement('p'), { className: 'predict-answer-text', textContent: answerText(view, shown.question, shown.answered) }));
    bubble.dataset.state = shown.answered === null ? 'revealed' : shown.answered.right ? 'right' : 'wrong';
  }
}

/** After a drawing: the question's bubble over the node it is about.
 * @param {import('./tree-view.js').Geometry} geometry */
export function placePredictBubble(geometry) {
  const about = state.predict.pending?.node ?? state.predict.shown?.question.node;
  if (about !== undefined && !$('predict-bubble').hidden) placeBubble($('predict-bubble'), geometry, about);
}

/** Predictions: on or off, and what is asked; the question goes when the choices change. */
export function wirePredict() {
  for (const [id, key] of /** @type {const} */ ([['predict', 'on'], ['predict-values', 'values'], ['predict-cuts', 'cuts'], ['predict-projector', 'projector']])) {
    $(id).addEventListener('change', (event) => {
      state.predict[key] = /** @type {HTMLInputElement} */ (event.target).checked;
      clearPrediction();
      render();
    });
  }
}
