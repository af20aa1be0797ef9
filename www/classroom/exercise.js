// The exercise form (issue 16): the students predict, the engine checks (`checkExercise`). One
// field per inner node for its number in the algorithm's view (`data-answer="<label>"`), and with
// a pruning algorithm one "never evaluated" toggle per leaf (`data-pruned="<label>"`, the leaf's
// value beside it, since the tree shows no value before the search), and the window a chosen node
// is searched with (α and β, or Passar-Limite and Usar-Limite for the negamax forms:
// `data-window-alpha` / `data-window-beta="<label>"`). Check marks each answer right or wrong
// (`data-verdict`), explains each wrong one in a sentence and gives the score.

import { t, language } from './i18n.js';
import { formatValue } from './format.js';

/** @typedef {import('../pkg/classroom/reversi.js').LessonNode} LessonNode */
/** @typedef {import('../pkg/classroom/reversi.js').ExerciseAnswers} ExerciseAnswers */
/** @typedef {import('../pkg/classroom/reversi.js').ExerciseReport} ExerciseReport */

const PRUNING = ['alphabeta', 'alphabeta-negamax', 'alphabeta-ordered', 'pvs'];
/** The algorithms whose window is Passar-Limite / Usar-Limite (the notes' MINIMAX-A-B form). */
const LIMITS = ['alphabeta-negamax', 'pvs'];

/** The node whose window is asked: the root's last child, which every search enters (no cut-off
 * happens at the root) with a window the first children have narrowed; null for a leaf.
 * @param {LessonNode[]} nodes */
function windowNode(nodes) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const root = nodes.find((n) => n.parent === -1);
  const last = root && root.children.length ? byId.get(root.children[root.children.length - 1]) : null;
  return last && !last.leaf && last.children.length ? last : null;
}

/**
 * Fills `form` for `view`; `nodes` are the whole tree's (a pruning search's lesson holds no node
 * under a subtree it cut, but the students answer on the whole tree). The fields carry the labels.
 * @param {HTMLFormElement} form
 * @param {import('./lessons.js').LessonView} view
 * @param {LessonNode[]} nodes
 */
export function buildExercise(form, view, nodes) {
  /** @type {LessonNode[]} */
  const inner = [];
  /** @type {LessonNode[]} */
  const leaves = [];
  for (const node of nodes) {
    if (node.leaf || node.children.length === 0) leaves.push(node);
    else inner.push(node);
  }
  const intro = document.createElement('p');
  intro.className = 'help';
  intro.textContent = t(PRUNING.includes(view.algorithm) ? 'exercise.introPruning' : 'exercise.intro', { algorithm: t(`algorithm.${view.algorithm}`) });
  const values = document.createElement('div');
  values.className = 'exercise-values';
  for (const node of inner) {
    const label = document.createElement('label');
    label.className = 'exercise-item';
    const name = document.createElement('span');
    name.textContent = `${node.label} (${node.player === 'MAX' || node.player === 'MIN' ? node.player : t('player.short', { n: node.player })})`;
    const input = document.createElement('input');
    input.type = 'text';
    input.dataset.answer = node.label;
    input.autocomplete = 'off';
    input.spellcheck = false;
    input.size = view.players > 2 ? 10 : 5;
    const why = document.createElement('span');
    why.className = 'exercise-why';
    label.append(name, input, why);
    values.append(label);
  }
  const parts = [intro, values];
  if (PRUNING.includes(view.algorithm)) {
    const heading = document.createElement('p');
    heading.className = 'exercise-subheading';
    heading.textContent = t('exercise.prunedHeading');
    const list = document.createElement('div');
    list.className = 'exercise-leaves';
    for (const node of leaves) {
      const label = document.createElement('label');
      label.className = 'exercise-item';
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.dataset.pruned = node.label;
      const name = document.createElement('span');
      name.textContent = `${node.label} = ${formatValue(node.staticValue)}`;
      const why = document.createElement('span');
      why.className = 'exercise-why';
      label.append(box, name, why);
      list.append(label);
    }
    parts.push(heading, list);
    const asked = windowNode(nodes);
    if (asked) {
      const limits = LIMITS.includes(view.algorithm);
      const windowHeading = document.createElement('p');
      windowHeading.className = 'exercise-subheading';
      windowHeading.textContent = t(limits ? 'exercise.windowLimits' : 'exercise.window', { node: asked.label });
      const row = document.createElement('div');
      row.className = 'exercise-item exercise-window';
      for (const [bound, name] of /** @type {[string, string][]} */ ([['alpha', limits ? 'Passar-Limite' : 'α'], ['beta', limits ? 'Usar-Limite' : 'β']])) {
        const label = document.createElement('label');
        const text = document.createElement('span');
        text.textContent = `${name} = `;
        const input = document.createElement('input');
        input.type = 'text';
        input.dataset[bound === 'alpha' ? 'windowAlpha' : 'windowBeta'] = asked.label;
        input.autocomplete = 'off';
        input.spellcheck = false;
        input.size = 5;
        label.append(text, input);
        row.append(label);
      }
      const why = document.createElement('span');
      why.className = 'exercise-why';
      row.append(why);
      parts.push(windowHeading, row);
    }
  }
  const actions = document.createElement('p');
  actions.className = 'exercise-actions';
  for (const [id, key] of [['check', 'exercise.check'], ['show-solution', 'exercise.solution'], ['new-exercise', 'exercise.new']]) {
    const button = document.createElement('button');
    button.type = id === 'check' ? 'submit' : 'button';
    button.id = `exercise-${id}`;
    button.dataset.testid = id;
    button.textContent = t(key);
    actions.append(button);
  }
  const score = document.createElement('p');
  score.className = 'exercise-score';
  score.innerHTML = '';
  const scoreLabel = document.createElement('span');
  scoreLabel.textContent = `${t('exercise.score')} `;
  const scoreValue = document.createElement('strong');
  scoreValue.dataset.testid = 'exercise-score';
  const verdict = document.createElement('span');
  verdict.className = 'exercise-verdict';
  score.append(scoreLabel, scoreValue, verdict);
  score.hidden = true;
  parts.push(actions, score);
  form.replaceChildren(...parts);
}

/** The answers typed in `form`, as `checkExercise` takes them.
 * @param {HTMLFormElement} form
 * @returns {ExerciseAnswers} */
export function answersOf(form) {
  /** @type {Record<string, string>} */
  const values = {};
  /** The form's inputs that `selector` names. @param {string} selector */
  const inputs = (selector) => /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll(selector));
  for (const input of inputs('[data-answer]')) if (input.value.trim()) values[/** @type {string} */ (input.dataset.answer)] = input.value.trim();
  const pruned = [...inputs('[data-pruned]')].filter((box) => box.checked).map((box) => /** @type {string} */ (box.dataset.pruned));
  /** @type {{label: string, alpha: string, beta: string}[]} */
  const windows = [];
  for (const alpha of inputs('[data-window-alpha]')) {
    const label = /** @type {string} */ (alpha.dataset.windowAlpha);
    const beta = /** @type {HTMLInputElement | null} */ (form.querySelector(`[data-window-beta="${CSS.escape(label)}"]`));
    if (alpha.value.trim() && beta && beta.value.trim()) windows.push({ label, alpha: alpha.value.trim(), beta: beta.value.trim() });
  }
  return { values, pruned, windows };
}

/** The "why" of the answer an element belongs to.
 * @param {Element} element */
function whyOf(element) {
  return /** @type {Element} */ (/** @type {Element} */ (element.closest('.exercise-item')).querySelector('.exercise-why'));
}

/** Marks each answer of `form` by the engine's verdicts and writes the score.
 * @param {HTMLFormElement} form
 * @param {ExerciseReport} checked */
export function showVerdicts(form, checked) {
  for (const element of form.querySelectorAll('[data-answer], [data-pruned], [data-window-alpha], [data-window-beta]')) {
    delete /** @type {HTMLElement} */ (element).dataset.verdict;
    whyOf(element).textContent = '';
  }
  const lang = language();
  for (const verdict of checked.verdicts) {
    const label = CSS.escape(verdict.label);
    /** @type {Record<string, string>} */
    const selectors = { value: `[data-answer="${label}"]`, pruned: `[data-pruned="${label}"]`, window: `[data-window-alpha="${label}"], [data-window-beta="${label}"]` };
    const selector = selectors[verdict.item];
    const elements = selector ? [.../** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll(selector))] : [];
    if (elements.length === 0) continue;
    for (const element of elements) element.dataset.verdict = verdict.right ? 'right' : 'wrong';
    const why = verdict.why ? (lang === 'pt-PT' ? verdict.why.ptPT : lang.startsWith('pt') ? verdict.why.ptBR : verdict.why.en) : '';
    whyOf(elements[0]).textContent = why ? ` ${why.replace(/(^|[^\w])-(?=\d)/g, '$1\u2212')}` : '';
  }
  const score = /** @type {HTMLElement} */ (form.querySelector('.exercise-score'));
  score.hidden = false;
  /** @type {HTMLElement} */ (form.querySelector('[data-testid="exercise-score"]')).textContent = checked.score;
  /** @type {HTMLElement} */ (score.querySelector('.exercise-verdict')).textContent = checked.allCorrect ? ` ${t('exercise.allCorrect')}` : '';
}
