// The exercise form (issue 16): the students predict, the engine checks (`checkExercise`). One
// field per inner node for its number in the algorithm's view (`data-answer="<label>"`), and with
// a pruning algorithm one "never evaluated" toggle per leaf (`data-pruned="<label>"`, the leaf's
// value beside it, since the tree shows no value before the search). Check marks each answer
// right or wrong (`data-verdict`), explains each wrong one in a sentence and gives the score.

import { t, language } from './i18n.js';
import { formatValue } from './format.js';

const PRUNING = ['alphabeta', 'alphabeta-negamax', 'alphabeta-ordered', 'pvs'];

/**
 * Fills `form` for `view`; `nodes` are the whole tree's (a pruning search's lesson holds no node
 * under a subtree it cut, but the students answer on the whole tree). The fields carry the labels.
 */
export function buildExercise(form, view, nodes) {
  const inner = [];
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

/** The answers typed in `form`, as `checkExercise` takes them. */
export function answersOf(form) {
  const values = {};
  for (const input of form.querySelectorAll('[data-answer]')) if (input.value.trim()) values[input.dataset.answer] = input.value.trim();
  const pruned = [...form.querySelectorAll('[data-pruned]')].filter((box) => box.checked).map((box) => box.dataset.pruned);
  return { values, pruned };
}

/** Marks each answer of `form` by the engine's verdicts and writes the score. */
export function showVerdicts(form, checked) {
  for (const element of form.querySelectorAll('[data-answer], [data-pruned]')) {
    delete element.dataset.verdict;
    element.parentElement.querySelector('.exercise-why').textContent = '';
  }
  const lang = language();
  for (const verdict of checked.verdicts) {
    const selector = verdict.item === 'value' ? `[data-answer="${CSS.escape(verdict.label)}"]` : verdict.item === 'pruned' ? `[data-pruned="${CSS.escape(verdict.label)}"]` : null;
    const element = selector && form.querySelector(selector);
    if (!element) continue;
    element.dataset.verdict = verdict.right ? 'right' : 'wrong';
    const why = verdict.why ? (lang === 'pt-PT' ? verdict.why.ptPT : lang.startsWith('pt') ? verdict.why.ptBR : verdict.why.en) : '';
    element.parentElement.querySelector('.exercise-why').textContent = why ? ` ${why.replace(/(^|[^\w])-(?=\d)/g, '$1\u2212')}` : '';
  }
  const score = form.querySelector('.exercise-score');
  score.hidden = false;
  form.querySelector('[data-testid="exercise-score"]').textContent = checked.score;
  score.querySelector('.exercise-verdict').textContent = checked.allCorrect ? ` ${t('exercise.allCorrect')}` : '';
}
