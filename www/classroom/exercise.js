// An exercise's answer sheet, laid on the tree as in the worked example: every leaf's value drawn,
// a field in each inner node's box for its number (`data-answer="<label>"`), under a node whose
// window is asked its α and β (Passar-/Usar-Limite for the negamax forms: `data-window-alpha` /
// `data-window-beta`), under each leaf a ✂ box "never evaluated" (`data-pruned`); the path and the
// number of leaves evaluated in the form above the tree. The questions come from the engine
// (`exerciseQuestions`), so the score is always out of all of them; Check marks each field ✓ or ✗
// (`data-verdict`, `aria-invalid`) and says what is wrong without giving the solution; "Show the
// solution" explains each wrong answer. The fields live in an overlay of the tree's box and belong
// to the form through their `form` attribute (Enter checks).

import { t, language, minusSigns } from './language.js';
import { sentenceText } from './course-words.js';

/** @typedef {import('../pkg/classroom/reversi.js').ExerciseQuestion} ExerciseQuestion */
/** @typedef {import('../pkg/classroom/reversi.js').ExerciseAnswers} ExerciseAnswers */
/** @typedef {import('../pkg/classroom/reversi.js').ExerciseReport} ExerciseReport */
/** @typedef {import('../pkg/classroom/reversi.js').ExerciseSentence} ExerciseSentence */
/** @typedef {import('./lessons.js').LessonView} LessonView */
/** @typedef {import('./tree-view.js').Geometry} Geometry */
/** @typedef {import('./tree-view.js').Sheet} Sheet */

export const PRUNING = ['alphabeta', 'alphabeta-negamax', 'alphabeta-ordered', 'pvs'];
/** The algorithms whose window is Passar-Limite / Usar-Limite (the notes' MINIMAX-A-B form). */
const LIMITS = ['alphabeta-negamax', 'pvs'];

/** Room under a row whose nodes have window fields (two rows of fields), and under the leaves (the ✂ boxes), in user units. */
const WINDOW_ROOM = 86;
const PRUNED_ROOM = 38;

/** A sentence of the grading in the page's language.
 * @param {ExerciseSentence | null} sentence */
function words(sentence) {
  if (!sentence) return '';
  return minusSigns(sentenceText(sentence, language()));
}

/** The answer sheet's room in the drawing: rows with window fields get taller, the leaves get room for their boxes.
 * @param {ExerciseQuestion[]} questions
 * @param {LessonView} view the whole tree */
export function sheetShape(questions, view) {
  const byLabel = new Map();
  for (let id = 0; id < view.nodeCount; id++) byLabel.set(view.node(id).label, view.node(id));
  /** @type {Set<number>} */
  const windowDepths = new Set();
  /** @type {Set<number>} */
  const stems = new Set();
  let pruned = false;
  for (const q of questions) {
    if (q.field === 'alpha') {
      const node = byLabel.get(q.label);
      windowDepths.add(node.depth);
      stems.add(node.id);
    }
    if (q.field === 'pruned') pruned = true;
  }
  /** @type {Sheet} */
  const sheet = { below: (depth) => (windowDepths.has(depth) ? WINDOW_ROOM : 0), bottom: pruned ? PRUNED_ROOM : 0, stems };
  return sheet;
}

/** An element with a class and a text.
 * @param {string} tag
 * @param {string} [className]
 * @param {string} [text] */
function element(tag, className = '', text = '') {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text) e.textContent = text;
  return e;
}

/** A text field of the sheet.
 * @param {Record<string, string>} data
 * @param {string} label what a screen reader calls it
 * @param {string} describedBy */
function field(data, label, describedBy) {
  const input = document.createElement('input');
  input.type = 'text';
  input.setAttribute('form', 'exercise');
  input.autocomplete = 'off';
  input.spellcheck = false;
  input.setAttribute('aria-label', label);
  input.setAttribute('aria-describedby', describedBy);
  Object.assign(input.dataset, data);
  return input;
}

let ids = 0;
/** A "why" element (read with its field, shown in the feedback list) and its id. */
function whyElement() {
  const why = element('span', 'exercise-why visually-hidden');
  why.id = `exercise-why-${++ids}`;
  return why;
}

/** A ✓ / ✗ beside a field, for the eye (the field's state is said by aria-invalid and its why). */
function markElement() {
  const mark = element('span', 'sheet-mark');
  mark.setAttribute('aria-hidden', 'true');
  return mark;
}

/**
 * Builds the sheet of an exercise: the form's intro, fields and buttons (`form`), and the fields on
 * the tree (`overlay`), for `questions` on the whole tree `view` searched by `algorithm`.
 * @param {HTMLFormElement} form
 * @param {HTMLElement} overlay
 * @param {HTMLElement} below where the list of what is wrong goes (under the tree)
 * @param {{view: LessonView, algorithm: string, questions: ExerciseQuestion[], solution: boolean,
 *          leave: boolean, newExercise: boolean, drill: boolean, variant: number}} options
 */
export function buildSheet(form, overlay, below, { view, algorithm, questions, solution, leave, newExercise, drill, variant }) {
  const byLabel = new Map();
  for (let id = 0; id < view.nodeCount; id++) byLabel.set(view.node(id).label, view.node(id));
  const limits = LIMITS.includes(algorithm);
  const asked = new Set(questions.map((q) => q.field));
  const windowNodes = [...new Set(questions.filter((q) => q.field === 'alpha').map((q) => q.label))];

  // The instructions: what to write where, in the course's terms.
  /** @type {string[]} */
  const steps = [];
  if (asked.has('value')) steps.push(t(PRUNING.includes(algorithm) ? 'sheet.values.pruning' : view.players > 2 ? 'sheet.values.maxn' : view.negamaxView ? 'sheet.values.negamax' : 'sheet.values'));
  if (windowNodes.length === 1) steps.push(t(limits ? 'sheet.windowLimits' : 'sheet.window', { node: windowNodes[0] }));
  else if (windowNodes.length > 1) steps.push(t(limits ? 'sheet.windowsLimits' : 'sheet.windows'));
  if (asked.has('pruned')) steps.push(t('sheet.pruned'));
  if (asked.has('path')) steps.push(t('sheet.path'));
  if (asked.has('leaves')) steps.push(t('sheet.leaves'));
  const intro = element('p', 'exercise-intro', t('sheet.intro', { algorithm: t(`algorithm.${algorithm}`), steps: steps.join(' '), variant }));
  if (drill) intro.append(' ', t('sheet.drill'));
  if (variant) intro.append(' ', element('span', 'exercise-variant', t('sheet.variant', { variant })));

  // On paper: a line for the student's name.
  const nameLine = element('p', 'print-only exercise-name-line', t('sheet.nameLine'));
  /** @type {HTMLElement[]} */
  const parts = [nameLine, intro];
  const extra = element('div', 'exercise-extra');
  if (asked.has('path')) {
    const label = element('label', 'exercise-item exercise-path');
    const why = whyElement();
    label.append(element('span', '', t('sheet.pathLabel')), field({ answerPath: 'path' }, t('sheet.pathLabel'), why.id), markElement(), why);
    extra.append(label);
  }
  if (asked.has('leaves')) {
    const label = element('label', 'exercise-item exercise-leaves-count');
    const why = whyElement();
    const input = field({ answerLeaves: 'leaves' }, t('sheet.leavesLabel'), why.id);
    input.inputMode = 'numeric';
    label.append(element('span', '', t('sheet.leavesLabel')), input, markElement(), why);
    extra.append(label);
  }
  if (extra.childElementCount) parts.push(extra);

  const actions = element('p', 'exercise-actions');
  /** @type {[string, string, string][]} */
  const buttons = [['check', 'exercise.check', 'submit']];
  if (solution) buttons.push(['show-solution', 'exercise.solution', 'button']);
  if (newExercise) buttons.push(['new-exercise', 'exercise.new', 'button']);
  buttons.push(['print', 'exercise.print', 'button']);
  if (leave) buttons.push(['leave', 'exercise.leave', 'button']);
  for (const [id, key, type] of buttons) {
    const button = element('button', id === 'check' ? 'primary' : '', t(key));
    button.setAttribute('type', type);
    button.id = `exercise-${id}`;
    button.dataset.testid = id;
    actions.append(button);
  }
  const score = element('p', 'exercise-score');
  const scoreValue = element('strong');
  scoreValue.dataset.testid = 'exercise-score';
  score.append(element('span', '', `${t('exercise.score')} `), scoreValue, element('span', 'exercise-verdict'));
  score.hidden = true;
  const code = element('p', 'exercise-code');
  code.dataset.testid = 'attempt';
  code.hidden = true;
  code.setAttribute('aria-live', 'polite');
  const feedback = element('ol', 'exercise-feedback');
  feedback.dataset.testid = 'exercise-feedback';
  parts.push(actions, score, code);
  form.replaceChildren(...parts);
  // What is wrong, under the tree: the tree stays on the screen above it.
  below.replaceChildren(feedback);

  // The fields on the tree.
  /** @type {HTMLElement[]} */
  const fields = [];
  for (const q of questions) {
    const node = byLabel.get(q.label);
    if (q.field === 'value') {
      const item = element('label', 'exercise-item sheet-value');
      item.dataset.for = q.label;
      const why = whyElement();
      const player = node.player === 'MAX' || node.player === 'MIN' ? node.player : t('player.n', { n: node.player });
      item.append(field({ answer: q.label }, t('sheet.valueField', { label: q.label, player }), why.id), markElement(), why);
      fields.push(item);
    } else if (q.field === 'alpha') {
      const row = element('div', 'exercise-item exercise-window sheet-window');
      row.dataset.for = q.label;
      const why = whyElement();
      // The moment asked: the window the search enters the node with (entry-windows.js).
      const moment = element('span', 'sheet-moment', t('sheet.onEntry'));
      moment.setAttribute('aria-hidden', 'true');
      row.append(moment);
      /** @type {[string, string, string][]} */
      const bounds = limits
        ? [['windowAlpha', 'P', t('bounds.pass')], ['windowBeta', 'U', t('bounds.use')]]
        : [['windowAlpha', 'α', 'α'], ['windowBeta', 'β', 'β']];
      for (const [key, short, name] of bounds) {
        const label = element('label', 'sheet-bound');
        const visible = element('span', '', `${short} = `);
        visible.setAttribute('aria-hidden', 'true');
        const spoken = element('span', 'visually-hidden', `${name} = `);
        const input = field({ [key]: q.label }, t('sheet.boundField', { name, label: q.label }), why.id);
        label.append(visible, spoken, input, markElement());
        row.append(label);
      }
      row.append(why);
      fields.push(row);
    } else if (q.field === 'pruned') {
      const item = element('label', 'exercise-item sheet-pruned');
      item.dataset.for = q.label;
      const why = whyElement();
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.setAttribute('form', 'exercise');
      box.dataset.pruned = q.label;
      box.setAttribute('aria-label', t('sheet.prunedField', { label: q.label }));
      box.setAttribute('aria-describedby', why.id);
      const scissors = element('span', 'sheet-scissors', '✂');
      scissors.setAttribute('aria-hidden', 'true');
      item.append(box, scissors, markElement(), why);
      fields.push(item);
    }
  }
  overlay.replaceChildren(...fields);
}

/**
 * Lays the fields over the drawing: a value in its node's box, a window's two rows under the box,
 * a ✂ box under each leaf. Sizes follow the drawing's scale, so the fields stay on their boxes at
 * any zoom.
 * @param {HTMLElement} overlay
 * @param {LessonView} view
 * @param {Geometry} geometry
 */
export function placeSheet(overlay, view, geometry) {
  const idOf = new Map();
  for (let id = 0; id < view.nodeCount; id++) idOf.set(view.node(id).label, id);
  const { scale, width, height } = geometry;
  // In shares of the drawing's size: the fields stay on their boxes when a stylesheet resizes it.
  const x = (/** @type {number} */ units) => `${((units / width) * 100).toFixed(3)}%`;
  const y = (/** @type {number} */ units) => `${((units / height) * 100).toFixed(3)}%`;
  overlay.style.setProperty('--scale', String(scale));
  // The drawing's width in its units: printed, the fields' type follows the drawing's size.
  overlay.style.setProperty('--units', String(width));
  for (const item of /** @type {NodeListOf<HTMLElement>} */ (overlay.querySelectorAll('[data-for]'))) {
    const box = geometry.boxOf(idOf.get(item.dataset.for));
    if (!box) {
      item.hidden = true;
      continue;
    }
    item.hidden = false;
    if (item.classList.contains('sheet-value')) {
      Object.assign(item.style, { left: x(box.x - box.width / 2), top: y(box.y), width: x(box.width), height: y(geometry.boxHeight) });
    } else if (item.classList.contains('sheet-window')) {
      Object.assign(item.style, { left: x(box.x), top: y(box.y + geometry.boxHeight + 8) });
    } else {
      Object.assign(item.style, { left: x(box.x), top: y(box.y + geometry.boxHeight + 6) });
    }
  }
}

/** The answers typed, as `checkExercise` takes them.
 * @param {ParentNode[]} roots the form and the overlay
 * @returns {ExerciseAnswers} */
export function answersOf(roots) {
  /** The inputs under the roots that `selector` names. @param {string} selector */
  const inputs = (selector) => roots.flatMap((root) => [.../** @type {NodeListOf<HTMLInputElement>} */ (root.querySelectorAll(selector))]);
  /** @type {Record<string, string>} */
  const values = {};
  for (const input of inputs('[data-answer]')) if (input.value.trim()) values[/** @type {string} */ (input.dataset.answer)] = input.value.trim();
  const pruned = inputs('[data-pruned]').filter((box) => box.checked).map((box) => /** @type {string} */ (box.dataset.pruned));
  /** @type {{label: string, alpha: string, beta: string}[]} */
  const windows = [];
  for (const alpha of inputs('[data-window-alpha]')) {
    const label = /** @type {string} */ (alpha.dataset.windowAlpha);
    const beta = inputs(`[data-window-beta="${CSS.escape(label)}"]`)[0];
    windows.push({ label, alpha: alpha.value.trim(), beta: beta ? beta.value.trim() : '' });
  }
  /** @type {ExerciseAnswers} */
  const answers = { values, pruned, windows };
  const path = inputs('[data-answer-path]')[0];
  if (path) answers.path = path.value.trim();
  const leaves = inputs('[data-answer-leaves]')[0];
  if (leaves) answers.leaves = leaves.value.trim();
  return answers;
}

/** Puts answers back into a sheet rebuilt (in another language, say).
 * @param {ParentNode[]} roots
 * @param {ExerciseAnswers} answers */
export function restoreAnswers(roots, answers) {
  const first = (/** @type {string} */ selector) => {
    for (const root of roots) {
      const found = /** @type {HTMLInputElement | null} */ (root.querySelector(selector));
      if (found) return found;
    }
    return null;
  };
  for (const [label, value] of Object.entries(answers.values ?? {})) {
    const input = first(`[data-answer="${CSS.escape(label)}"]`);
    if (input) input.value = String(value);
  }
  for (const label of answers.pruned ?? []) {
    const box = first(`[data-pruned="${CSS.escape(label)}"]`);
    if (box) box.checked = true;
  }
  for (const w of answers.windows ?? []) {
    const alpha = first(`[data-window-alpha="${CSS.escape(w.label)}"]`);
    const beta = first(`[data-window-beta="${CSS.escape(w.label)}"]`);
    if (alpha) alpha.value = String(w.alpha ?? '');
    if (beta) beta.value = String(w.beta ?? '');
  }
  const path = first('[data-answer-path]');
  if (path && answers.path) path.value = answers.path;
  const leaves = first('[data-answer-leaves]');
  if (leaves && answers.leaves !== undefined) leaves.value = String(answers.leaves);
}

/** The field of a verdict.
 * @param {ParentNode[]} roots
 * @param {ExerciseReport['verdicts'][number]} verdict */
function fieldOf(roots, verdict) {
  const label = CSS.escape(verdict.label);
  /** @type {Record<string, string>} */
  const selectors = {
    value: `[data-answer="${label}"]`,
    pruned: `[data-pruned="${label}"]`,
    alpha: `[data-window-alpha="${label}"]`,
    beta: `[data-window-beta="${label}"]`,
    path: '[data-answer-path]',
    leaves: '[data-answer-leaves]',
  };
  const selector = selectors[verdict.field];
  for (const root of roots) {
    const found = /** @type {HTMLInputElement | null} */ (root.querySelector(selector));
    if (found) return found;
  }
  return null;
}

/**
 * Marks each field by the engine's verdicts, lists what is wrong (the hints; with the solution
 * shown, the explanations) and writes the score.
 * @param {HTMLFormElement} form
 * @param {ParentNode[]} roots the form and the overlay
 * @param {ExerciseReport} report
 * @param {boolean} solutionShown
 */
export function showVerdicts(form, roots, report, solutionShown) {
  for (const root of roots) {
    for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (root.querySelectorAll('[data-answer], [data-pruned], [data-window-alpha], [data-window-beta], [data-answer-path], [data-answer-leaves]'))) {
      delete input.dataset.verdict;
      input.removeAttribute('aria-invalid');
      const item = /** @type {HTMLElement} */ (input.closest('.exercise-item'));
      item.querySelectorAll('.exercise-why').forEach((why) => { why.textContent = ''; });
      const mark = input.parentElement?.querySelector('.sheet-mark');
      if (mark) mark.textContent = '';
    }
  }
  const feedback = /** @type {HTMLElement} */ (document.querySelector('.exercise-feedback'));
  /** @type {HTMLElement[]} */
  const items = [];
  for (const verdict of report.verdicts) {
    const input = fieldOf(roots, verdict);
    if (!input) continue;
    input.dataset.verdict = verdict.right ? 'right' : 'wrong';
    input.setAttribute('aria-invalid', String(!verdict.right));
    const mark = input.parentElement?.querySelector('.sheet-mark');
    if (mark) mark.textContent = verdict.right ? '✓' : '✗';
    const sentence = verdict.right ? t('sheet.right') : words(solutionShown ? verdict.why : verdict.hint);
    const why = /** @type {HTMLElement} */ (/** @type {HTMLElement} */ (input.closest('.exercise-item')).querySelector('.exercise-why'));
    // Both bounds of a window share one sentence: the wrong one's, or both.
    const previous = why.textContent ?? '';
    if (verdict.right && previous) continue;
    why.textContent = verdict.right || !previous || previous === ` ${t('sheet.right')}` ? ` ${sentence}` : `${previous}; ${sentence}`;
    if (!verdict.right) {
      // Each sentence names its node; a leaf's ✂ and the path's or the count's name say what it is about.
      const item = element('li', 'exercise-feedback-item');
      item.append(element('span', 'feedback-mark', '✗'));
      const name = feedbackName(verdict);
      if (name) item.append(element('strong', '', `${name} `));
      item.append(sentence);
      items.push(item);
    }
  }
  feedback.replaceChildren(...items);
  const score = /** @type {HTMLElement} */ (form.querySelector('.exercise-score'));
  score.hidden = false;
  /** @type {HTMLElement} */ (form.querySelector('[data-testid="exercise-score"]')).textContent = report.score;
  /** @type {HTMLElement} */ (score.querySelector('.exercise-verdict')).textContent = report.allCorrect ? ` ${t('exercise.allCorrect')}` : ` ${t('sheet.wrongCount', { n: report.total - report.right })}`;
}

/** What a feedback line starts with, where its sentence does not say it: a leaf's ✂, the path, the count.
 * @param {ExerciseReport['verdicts'][number]} verdict */
function feedbackName(verdict) {
  switch (verdict.field) {
    case 'pruned':
      return '✂';
    case 'path':
      return `${t('sheet.pathLabel')}:`;
    case 'leaves':
      return `${t('sheet.leavesLabel')}:`;
    default:
      return '';
  }
}

/** Shows the attempt code a student hands in.
 * @param {HTMLFormElement} form
 * @param {string} code
 * @param {{attempt: number, variant: number, right: number, total: number}} numbers */
export function showAttemptCode(form, code, numbers) {
  const element = /** @type {HTMLElement} */ (form.querySelector('.exercise-code'));
  element.hidden = false;
  const strong = document.createElement('strong');
  strong.dataset.testid = 'attempt-code';
  strong.textContent = code;
  element.replaceChildren(`${t('sheet.codeBefore')} `, strong, ` ${t('sheet.codeAfter', numbers)}`);
}
