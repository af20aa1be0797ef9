// Exercise mode: the answer sheet built from the engine's questions (the student's name first
// when each has a variant), the answers checked and reported with an attempt code, the solution
// shown on request, a new random exercise, and the way back to the lesson. The sheet's fields
// and verdicts themselves: exercise.js.

import { t, language, engineText } from './language.js';
import { exerciseText, algorithmsFor } from './address.js';
import { createLesson, LessonView, specOf } from './lessons.js';
import { exerciseTree, checkExercise, exerciseQuestions, studentVariant, treeVariant, attemptCode } from '../pkg/classroom/reversi.js';
import { buildSheet, answersOf, restoreAnswers, showVerdicts, showAttemptCode } from './exercise.js';
import { drawWorksheet } from './worksheet.js';
import { state, render, exerciseSheet, exerciseLocked } from './page-state.js';
import { load, showError, updateAddress } from './lesson-loading.js';
import { byId as $, closestTarget, setText } from '../common/dom.js';

/** @typedef {import('./address.js').Source} Source */
/** @typedef {import('./page-state.js').Exercise} Exercise */

/** Exercise mode as a link hands it out (its settings): the solution hidden, nothing checked yet.
 * @param {import('./address.js').ExerciseSettings} settings
 * @returns {Exercise} */
export function newExerciseMode(settings) {
  return {
    settings,
    base: null,
    solution: false,
    sheetView: null,
    questions: [],
    sheetKey: '',
    unavailable: '',
    student: '',
    variant: settings.variant ?? 0,
    variantSource: null,
    report: null,
  };
}

/** The spec of the exercise on show, with what it asks (the engine's default when the link does not say). */
function exerciseSpec() {
  const exercise = /** @type {Exercise} */ (state.exercise);
  return { ...specOf(state.source, state.algorithm), ask: exercise.settings.ask || 'default' };
}

/** Whether the exercise waits for the student's name or number (each student has a variant).
 * @param {Exercise} exercise */
function waitingForStudent(exercise) {
  return exercise.settings.students && exercise.settings.variant === null && !exercise.student;
}

/**
 * What the page is in exercise mode (`body[data-exercise]`, which the stylesheet follows): ''
 * (no exercise), 'gate' (the student's name first: nothing else), 'sheet' (the answer sheet, no
 * replay), 'locked' (`solution=off` where no sheet can be shown: nothing of the lesson either),
 * 'unavailable' (a tree too large, shown as a lesson), 'solution' (the solution shown).
 */
export function exerciseMode() {
  const exercise = state.exercise;
  if (!exercise) return '';
  if (waitingForStudent(exercise)) return 'gate';
  if (exerciseSheet()) return 'sheet';
  if (exerciseLocked()) return 'locked';
  return exercise.unavailable ? 'unavailable' : 'solution';
}

/** The exercise's form and answer sheet: built once per lesson and language; the student's name first when each has a variant.
 * @param {LessonView} view */
export function renderExercise(view) {
  const form = $('exercise', HTMLFormElement);
  const exercise = state.exercise;
  const shown = Boolean(exercise) && !view.isGame;
  form.hidden = !shown;
  $('exercise-below').hidden = !shown;
  $('sheet').hidden = !shown || !exerciseSheet();
  if (!shown || !exercise) return;
  const waiting = waitingForStudent(exercise);
  document.body.dataset.gate = waiting ? 'student' : '';
  const key = `${language()}|${waiting}`;
  if (exercise.sheetKey === key && exercise.sheetView !== null) return;
  if (exercise.sheetKey === key && exercise.unavailable) return;
  exercise.sheetKey = key;
  if (waiting) {
    buildStudentGate(form);
    return;
  }
  let questions;
  try {
    questions = /** @type {import('../pkg/classroom/reversi.js').ExerciseQuestion[]} */ (exerciseQuestions(exerciseSpec()));
  } catch (error) {
    // Not a tree a student can do: said, and the lesson shown as a lesson.
    exercise.unavailable = engineText(/** @type {Error} */ (error).message);
    form.replaceChildren(Object.assign(document.createElement('p'), { className: 'exercise-unavailable', textContent: t('exercise.unavailable', { message: exercise.unavailable }) }));
    $('sheet').hidden = true;
    return;
  }
  exercise.unavailable = '';
  // Answers typed before a rebuild (the language switched) stay.
  const typed = exercise.sheetView && exercise.sheetView.source === state.source ? answersOf([form, $('sheet')]) : null;
  // The whole tree (minimax or max^n visits every node), whatever the exercise's algorithm: a
  // pruning search's lesson holds no node under a subtree it cut, which would give the cut away.
  exercise.sheetView?.free();
  const whole = new LessonView(createLesson(state.source, view.players > 2 ? 'maxn' : 'minimax'), state.source);
  whole.readNodes();
  exercise.sheetView = whole;
  exercise.questions = questions;
  buildSheet(form, $('sheet'), $('exercise-below'), {
    view: whole,
    algorithm: state.algorithm,
    questions,
    solution: exercise.settings.solution,
    // Without the solution, no way back to the lesson either (it would replay the tree).
    leave: exercise.settings.solution,
    newExercise: !exercise.settings.key && !exercise.settings.drill && Boolean(state.source.exercise),
    drill: Boolean(exercise.settings.drill),
    variant: exercise.variant,
  });
  // Built now: shown from this drawing on (hidden above while there was none).
  $('sheet').hidden = !exerciseSheet();
  drawForPaper(false);
  if (typed) restoreAnswers([form, $('sheet')], typed);
  if (exercise.report) showVerdicts(form, [form, $('sheet')], exercise.report, exercise.solution);
  if (exercise.report && exercise.settings.drill) offerNextTree(form, false);
}

/** The form asking a student's name or number, which picks their variant of the exercise.
 * @param {HTMLFormElement} form */
function buildStudentGate(form) {
  const intro = Object.assign(document.createElement('p'), { className: 'exercise-intro', textContent: t('student.intro') });
  const label = document.createElement('label');
  label.className = 'exercise-item student-field';
  const input = Object.assign(document.createElement('input'), { type: 'text', id: 'student-name', autocomplete: 'name' });
  input.dataset.testid = 'student-name';
  label.append(Object.assign(document.createElement('span'), { textContent: t('student.label') }), input);
  const start = Object.assign(document.createElement('button'), { type: 'button', id: 'student-start', className: 'primary', textContent: t('student.start') });
  start.dataset.testid = 'student-start';
  const error = Object.assign(document.createElement('p'), { className: 'error', id: 'student-error', hidden: true });
  form.replaceChildren(intro, label, start, error);
}

/**
 * The sheet on show drawn for paper (worksheet.js), which style.css prints instead of the tree:
 * blank as built, and with the answers typed when the page is printed.
 * @param {boolean} withAnswers
 */
function drawForPaper(withAnswers) {
  const exercise = state.exercise;
  if (!exercise?.sheetView) return;
  let container = document.getElementById('worksheet');
  if (!container) {
    container = Object.assign(document.createElement('div'), { id: 'worksheet', className: 'worksheet' });
    container.dataset.testid = 'worksheet';
    $('tree-row').after(container);
  }
  const answers = withAnswers ? answersOf([$('exercise'), $('sheet')]) : null;
  drawWorksheet(container, { view: exercise.sheetView, questions: exercise.questions, algorithm: state.algorithm, answers });
}

/** The student's name given: their variant of the exercise, searched and shown as a sheet. */
async function startStudent() {
  const exercise = state.exercise;
  if (!exercise?.base) return;
  const name = $('student-name', HTMLInputElement).value.trim();
  let variant;
  try {
    variant = studentVariant(name);
  } catch (error) {
    const element = $('student-error');
    element.hidden = false;
    setText(element, t('student.bad'));
    return;
  }
  exercise.student = name;
  exercise.variant = variant;
  await loadVariant();
}

/** Loads the exercise's variant for the student (or the one the link names). */
export async function loadVariant() {
  const exercise = /** @type {Exercise} */ (state.exercise);
  const base = /** @type {{source: Source, algorithm: string}} */ (exercise.base);
  const variant = exercise.variant;
  /** @type {Source} */
  let source = base.source;
  if (variant) {
    if (base.source.exercise) {
      source = { kind: 'tree', text: exerciseTree(base.source.exercise.seed, base.source.exercise.shape, variant).text, exercise: base.source.exercise };
    } else {
      const lesson = createLesson(base.source, 'minimax');
      const text = lesson.treeText;
      lesson.free();
      source = { kind: 'tree', text: treeVariant(text, variant) };
    }
  }
  exercise.sheetKey = '';
  exercise.variantSource = source;
  await load(source, base.algorithm);
}

/** @param {Event} event */
function checkAnswers(event) {
  event.preventDefault();
  const exercise = state.exercise;
  if (!state.view || !exercise || exercise.unavailable) return;
  // A drill's tree is checked once: its code is that tree's; the next tree is one press away.
  if (exercise.settings.drill && exercise.report) return;
  const form = $('exercise', HTMLFormElement);
  try {
    const report = checkExercise(exerciseSpec(), answersOf([form, $('sheet')]));
    exercise.report = report;
    showVerdicts(form, [form, $('sheet')], report, exercise.solution);
    const base = /** @type {{source: Source, algorithm: string}} */ (exercise.base);
    const text = exerciseText(base.source, base.algorithm, exercise.settings);
    // A drill counts its trees: each tree is the next attempt, with its own code.
    const attempt = countAttempt(exercise.settings.drill ? `${text}#drill` : `${text}#${exercise.variant}`);
    const numbers = { variant: exercise.variant, right: report.right, total: report.total, attempt };
    showAttemptCode(form, attemptCode(text, numbers), numbers);
    if (exercise.settings.drill) offerNextTree(form, true);
  } catch (error) {
    showError(t('error.search', { message: engineText(/** @type {Error} */ (error).message) }));
  }
}

/**
 * A drill's tree checked: Check is done for it, and "Next tree" (focused when just checked, so
 * that Enter goes on) draws the next.
 * @param {HTMLFormElement} form
 * @param {boolean} focus
 */
function offerNextTree(form, focus) {
  form.querySelector('#exercise-check')?.setAttribute('disabled', '');
  let next = /** @type {HTMLButtonElement | null} */ (form.querySelector('#exercise-next'));
  if (!next) {
    next = Object.assign(document.createElement('button'), { type: 'button', id: 'exercise-next', className: 'primary', textContent: t('exercise.nextTree') });
    next.dataset.testid = 'next-tree';
    form.querySelector('#exercise-check')?.after(next);
  }
  if (focus) next.focus();
}

/** A drill's next tree: another variant of the exercise, drawn at random (1 to 65,535; the code names it). */
async function nextDrillTree() {
  const exercise = state.exercise;
  if (!exercise?.base || !exercise.settings.drill) return;
  const [random] = crypto.getRandomValues(new Uint16Array(1));
  let variant = 1 + (random % 65535);
  if (variant === exercise.variant) variant = 1 + (variant % 65535);
  exercise.variant = variant;
  await loadVariant();
  /** @type {HTMLElement | null} */ ($('sheet').querySelector('input[type="text"]') ?? $('exercise').querySelector('input[type="text"]'))?.focus();
}

/** The number of this attempt at an exercise (kept in the browser, so that a reload does not reset it).
 * @param {string} key */
function countAttempt(key) {
  const storageKey = `classroom.attempts.${key}`;
  let count = 1;
  try {
    count = Number(localStorage.getItem(storageKey) || 0) + 1;
    localStorage.setItem(storageKey, String(count));
  } catch {
    // Storage refused: each attempt is the first.
  }
  return count;
}

function newExercise() {
  const shape = state.source.exercise?.shape ?? '3x2';
  const seed = String(Math.floor(Math.random() * 1_000_000));
  const tree = exerciseTree(seed, shape);
  /** @type {Source} */
  const source = { kind: 'tree', text: tree.text, exercise: { seed: tree.seed, shape: tree.shape } };
  if (state.exercise) state.exercise.base = { source, algorithm: algorithmsFor(source).includes(state.algorithm) ? state.algorithm : 'minimax' };
  load(source, algorithmsFor(source).includes(state.algorithm) ? state.algorithm : 'minimax');
}

/** Leaves exercise mode: the lesson as a lesson again (the teacher's way back). */
function leaveExercise() {
  if (!state.exercise || exerciseLocked()) return;
  state.exercise.sheetView?.free();
  state.exercise = null;
  $('sheet').replaceChildren();
  document.body.dataset.gate = '';
  updateAddress();
  render();
}

/** "Show the solution": the replay steps again, each answer's verdict beside the right one. */
function showSolution() {
  const exercise = /** @type {Exercise} */ (state.exercise);
  if (exerciseLocked()) return;
  exercise.solution = true;
  const form = $('exercise', HTMLFormElement);
  /** @type {HTMLButtonElement | null} */ (form.querySelector('#exercise-check'))?.setAttribute('disabled', '');
  if (exercise.report) showVerdicts(form, [form, $('sheet')], exercise.report, true);
  render();
}

/** The exercise form's buttons and keys. */
export function wireExercise() {
  $('exercise').addEventListener('submit', checkAnswers);
  window.addEventListener('beforeprint', () => {
    if (exerciseSheet()) drawForPaper(true);
  });
  $('exercise').addEventListener('click', (event) => {
    const id = closestTarget(event, 'button')?.id;
    if (id === 'exercise-show-solution' && state.exercise) {
      showSolution();
    } else if (id === 'exercise-new-exercise') {
      newExercise();
    } else if (id === 'exercise-print') {
      window.print();
    } else if (id === 'exercise-leave') {
      leaveExercise();
    } else if (id === 'exercise-next') {
      nextDrillTree();
    } else if (id === 'student-start') {
      startStudent();
    }
  });
  $('exercise').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && /** @type {HTMLElement} */ (event.target).id === 'student-name') {
      event.preventDefault();
      startStudent();
    }
  });
}
