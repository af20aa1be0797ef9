// The replay: the step on show and how the teacher moves it (step, back, start, end, play at a
// speed), a long jump in slices of the trace, and the stops for a prediction's question.

import { yieldToPage } from './lessons.js';
import { judge } from './predict.js';
import { state, render, shownView, exerciseHidesSolution } from './page-state.js';
import { questionBefore, clearPrediction } from './predict-flow.js';
import { byId as $ } from '../common/dom.js';

/** @typedef {import('./lessons.js').LessonView} LessonView */

/** The next tick of play, while playing. @type {ReturnType<typeof setTimeout> | null} */
let timer = null;

/**
 * Shows the replay after `step` events: at once when it is near (every step, any jump on a trace
 * of usual length), else in slices of the trace, the page answering in between and saying how far
 * it got (End on a 200,000-event trace).
 * @param {number} step
 */
export function goTo(step) {
  const view = shownView();
  const clamped = Math.max(0, Math.min(view.eventCount, step));
  if (!view.isNear(clamped)) {
    const pending = state.pendingStep === null;
    state.pendingStep = clamped;
    if (pending) jump(view);
    render();
    return;
  }
  state.pendingStep = null;
  if (state.predict.shown && clamped !== state.predict.shown.question.step + 1) state.predict.shown = null;
  view.moveTo(clamped);
  const counters = view.counters;
  state.step = clamped;
  state.current = counters.current;
  state.leaves = counters.leaves;
  state.nodesVisited = counters.nodesVisited;
  // The current path is always open: a node closed by hand opens again when the search gets there.
  if (state.current >= 0) for (const id of view.pathTo(state.current)) state.collapsed.delete(id);
  if (clamped === view.eventCount) pause();
  render();
}

/** A long jump, one slice a task, towards the latest step asked for (state.pendingStep).
 * @param {LessonView} view */
async function jump(view) {
  while (state.view === view && state.pendingStep !== null && !view.isNear(state.pendingStep)) {
    view.moveTowards(state.pendingStep);
    state.step = view.step;
    render();
    await yieldToPage();
  }
  if (state.view === view && state.pendingStep !== null) goTo(state.pendingStep);
}

/** A step asked for by the teacher: the node panel follows the search again (a click showed another node).
 * @param {number} step */
export function stepTo(step) {
  if (!state.view || state.preparing || exerciseHidesSolution()) return;
  pause();
  state.selected = null;
  goTo(step);
}

export function stepForward() {
  if (!state.view || state.preparing || exerciseHidesSolution()) return;
  const from = state.pendingStep ?? state.step;
  const predict = state.predict;
  if (predict.pending) {
    // The question waits: the teacher's step reveals it (projector), a student answers first.
    if (predict.projector) answerPrediction(null);
    else $('predict-answer')?.focus();
    return;
  }
  if (askBefore(from)) return;
  stepTo(from + 1);
}

/** Stops before event `step` when the teacher asked for a prediction there (not yet answered): true if it did.
 * @param {number} step */
export function askBefore(step) {
  const question = questionBefore(step);
  if (!question) return false;
  pause();
  state.predict.pending = question;
  state.predict.shown = null;
  render();
  return true;
}

/**
 * The answer to the question waiting (null: revealed by the teacher): judged, then the step shown.
 * @param {string | null} given
 */
export function answerPrediction(given) {
  const view = state.view;
  const question = state.predict.pending;
  if (!view || !question) return;
  const answered = given === null ? null : judge(view, question, given);
  state.predict.answered.set(question.step, answered);
  state.predict.pending = null;
  state.selected = null;
  goTo(question.step + 1);
  state.predict.shown = { question, answered };
  render();
}

export function stepBack() {
  clearPrediction();
  stepTo((state.pendingStep ?? state.step) - 1);
}

export function toStart() {
  // From the start, the class predicts again.
  clearPrediction();
  state.predict.answered.clear();
  stepTo(0);
}

export function toEnd() {
  clearPrediction();
  if (state.view) stepTo(state.view.eventCount);
}

export function play() {
  if (state.playing || !state.view || state.preparing || exerciseHidesSolution()) return;
  // Playing from the end starts over: the teacher wants to see it again.
  if (state.step >= state.view.eventCount) goTo(0);
  state.playing = true;
  scheduleTick();
  render();
}

export function pause() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (state.playing) {
    state.playing = false;
    if (state.view) render();
  }
}

function scheduleTick() {
  timer = setTimeout(() => {
    timer = null;
    if (!state.playing) return;
    state.selected = null;
    if (askBefore(state.step)) return;
    state.predict.shown = null;
    goTo(state.step + 1);
    if (state.playing) scheduleTick();
  }, 1000 / state.speed);
}

export function togglePlay() {
  if (state.playing) pause();
  else play();
}

/** The replay's speed, in steps per second: a tick under way is rescheduled at once.
 * @param {number} speed */
export function setSpeed(speed) {
  state.speed = speed;
  if (state.playing) {
    clearTimeout(timer ?? undefined);
    scheduleTick();
  }
}
