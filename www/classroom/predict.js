// Predict the next step: during a replay, at the steps a teacher chooses (every value a node
// returns, every point where the search may cut), the replay stops and asks on the tree itself
// "what does n3 return?" or "is the rest of x pruned?"; the student answers (the engine judges a
// number with its bound), then the step is shown with why. In projector mode nobody types: the
// class answers aloud and the teacher reveals.

import { t, minusSigns } from './language.js';
import { formatBounded, formatNumber } from './format.js';
import { judgeValue } from '../pkg/classroom/reversi.js';

/** @typedef {import('./lessons.js').LessonView} LessonView */
/** @typedef {import('./tree-view.js').Geometry} Geometry */

/**
 * A question asked before event `step` (0-based: the step about to be shown).
 * @typedef {{step: number, kind: 'value' | 'cut', node: number, about: number[], answer: string, cut: boolean}} Question
 */
/** What a student answered. @typedef {{right: boolean, given: string, mistake: string | null}} Answered */

/** The teacher's choices. @typedef {{on: boolean, values: boolean, cuts: boolean, projector: boolean}} PredictSettings */

const PRUNING = ['alphabeta', 'alphabeta-negamax', 'alphabeta-ordered', 'pvs'];

/**
 * The question asked before event `step` of `view`, or null: a `return` of an inner node asks its
 * number; in a pruning search, the step after a child's number is taken at a node with children
 * left asks whether the rest is pruned (yes when that step is the cut-off, no when it enters the
 * next child).
 * @param {LessonView} view
 * @param {number} step
 * @param {PredictSettings} settings
 * @returns {Question | null}
 */
export function questionAt(view, step, settings) {
  if (!settings.on || step >= view.eventCount) return null;
  const event = view.event(step);
  if (settings.values && event.kind === 'return') {
    const node = view.node(event.node);
    if (node.leaf || node.children.length === 0) return null;
    return { step, kind: 'value', node: event.node, about: [event.node], answer: formatBounded(event.value, event.bound), cut: false };
  }
  if (!settings.cuts || !PRUNING.includes(view.algorithm)) return null;
  if (event.kind === 'cutoff') {
    return { step, kind: 'cut', node: event.node, about: [event.node, ...event.skipped], answer: '', cut: true };
  }
  if (event.kind === 'enter' && event.search !== 'research' && step > 0) {
    const node = view.node(event.node);
    if (node.parent < 0) return null;
    const siblings = view.childrenOf(node.parent);
    const index = siblings.indexOf(event.node);
    if (index <= 0) return null;
    // Only where a cut could have happened: the parent has a number from an elder child.
    const before = view.event(step - 1);
    if (!['update', 'return', 'scout'].includes(before.kind)) return null;
    return { step, kind: 'cut', node: node.parent, about: [node.parent, ...siblings.slice(index)], answer: '', cut: false };
  }
  return null;
}

/** The question in words. @param {LessonView} view @param {Question} q */
export function questionText(view, q) {
  const root = t('tree.root');
  const name = view.nameOf(q.node, root);
  if (q.kind === 'value') return t('predict.askValue', { node: name });
  const rest = q.about.slice(1).map((id) => view.captionOf(id, root));
  return t('predict.askCut', { node: name, rest: list(rest) });
}

/** "a", "a and b", "a, b and c" in the page's language. @param {string[]} items */
function list(items) {
  const and = t('predict.and');
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

/**
 * Judges an answer: a number with its bound for a value question (the engine's judge, the
 * algorithm's view), yes or no for a cut question.
 * @param {LessonView} view
 * @param {Question} q
 * @param {string} given  the text typed, or 'yes' / 'no'
 * @returns {Answered}
 */
export function judge(view, q, given) {
  if (q.kind === 'cut') {
    const right = (given === 'yes') === q.cut;
    return { right, given, mistake: right ? null : q.cut ? 'missed-cut' : 'no-cut' };
  }
  const event = view.event(q.step);
  if (event.kind !== 'return') return { right: false, given, mistake: 'wrong' };
  if (Array.isArray(event.value)) {
    // max^n: the vector, written (1,2,6), 1 2 6 or with true minus signs.
    const vector = event.value;
    const numbers = (given.replace(/\u2212/g, '-').match(/-?\d+/g) ?? []).map(Number);
    const right = numbers.length === vector.length && numbers.every((n, i) => n === vector[i]);
    return { right, given, mistake: right ? null : given.trim() ? 'wrong' : 'blank' };
  }
  const negamax = view.negamaxView;
  // The engine answers no mistake (undefined) for a right answer.
  const mistake = /** @type {string | undefined} */ (judgeValue(given, event.value, event.bound, negamax)) ?? null;
  return { right: mistake === null, given, mistake };
}

/** What the bubble says once the step is shown: right or wrong, and the answer.
 * @param {LessonView} view
 * @param {Question} q
 * @param {Answered | null} answered null when revealed by the teacher */
export function answerText(view, q, answered) {
  const name = view.nameOf(q.node, t('tree.root'));
  const answer = q.kind === 'value' ? t('predict.answerValue', { node: name, value: minusSigns(q.answer) }) : t(q.cut ? 'predict.answerCut' : 'predict.answerNoCut', { node: name });
  if (!answered) return answer;
  if (answered.right) return `✓ ${t('predict.right')} ${answer}`;
  const mistake = answered.mistake === 'missed-cut' ? missedCut(view, q) : answered.mistake ? t(`predict.mistake.${answered.mistake}`) : '';
  return `✗ ${t('predict.wrong', { given: minusSigns(answered.given) || '—' })} ${answer}${mistake ? ` ${mistake}` : ''}`;
}

/**
 * Why the search cut where the student said it goes on: the test of the algorithm at that node
 * (v ≥ β at MAX, v ≤ α at MIN, Pass-Thresh ≥ Use-Thresh in the negamax forms) with its numbers,
 * "equality included" said only where the numbers are equal.
 * @param {LessonView} view
 * @param {Question} q
 */
function missedCut(view, q) {
  const event = view.event(q.step);
  if (event.kind !== 'cutoff' || typeof event.value !== 'number') return '';
  const v = event.value;
  /** @param {string} test @param {number | null | undefined} bound @param {Record<string, string>} values */
  const say = (test, bound, values) => t(`predict.mistake.missed-cut.${test}${v === bound ? '-equal' : ''}`, values);
  if ('useLimit' in event) {
    return say('limits', event.useLimit, { pass: formatNumber(v), use: formatNumber(event.useLimit ?? 0) });
  }
  if (view.node(event.node).player === 'MIN') return say('min', event.alpha, { v: formatNumber(v), alpha: formatNumber(event.alpha ?? 0) });
  return say('max', event.beta, { v: formatNumber(v), beta: formatNumber(event.beta ?? 0) });
}

/**
 * Puts the question (or its answer) on the tree beside the node it is about: on its right when the
 * tree's box has room there, else on its left, else above it; never over the node.
 * @param {HTMLElement} bubble
 * @param {Geometry} geometry
 * @param {number} node
 */
export function placeBubble(bubble, geometry, node) {
  const box = geometry.boxOf(node);
  const canvas = /** @type {HTMLElement | null} */ (bubble.parentElement);
  const tree = /** @type {HTMLElement | null} */ (canvas?.parentElement);
  if (!box || !canvas || !tree) {
    bubble.hidden = true;
    return;
  }
  const { scale } = geometry;
  const width = bubble.offsetWidth;
  const height = bubble.offsetHeight;
  // The part of the tree's box in view, in the drawing's coordinates (the drawing may be
  // narrower than the box, centred).
  const least = -canvas.offsetLeft;
  const most = tree.scrollWidth - canvas.offsetLeft;
  const visibleTop = tree.scrollTop - canvas.offsetTop;
  const visibleBottom = visibleTop + tree.clientHeight;
  // Every node's box with its label, where the bubble must not go.
  const taken = geometry.boxes().map((b) => ({
    left: (b.x - b.width / 2) * scale - 4,
    right: (b.x + b.width / 2) * scale + 4,
    top: (b.y - 34) * scale,
    bottom: (b.y + geometry.boxHeight + 40) * scale,
  }));
  const right = (box.x + box.width / 2 + 14) * scale;
  const left = (box.x - box.width / 2 - 14) * scale - width;
  const level = (box.y - 34) * scale;
  const above = level - height - 4;
  const below = (box.y + geometry.boxHeight + 40) * scale;
  /** @type {[number, number][]} */
  const candidates = [[right, level], [left, level], [right, above], [left, above], [right, below], [left, below]];
  const fits = (/** @type {[number, number]} */ [x, y]) =>
    x >= least &&
    x + width <= most &&
    y >= visibleTop &&
    y + height <= visibleBottom &&
    taken.every((t) => x + width <= t.left || x >= t.right || y + height <= t.top || y >= t.bottom);
  const [x, y] = candidates.find(fits) ?? [right + width <= most ? right : Math.max(least, left), Math.max(visibleTop, Math.min(level, visibleBottom - height - 4))];
  bubble.style.left = `${geometry.left + x}px`;
  bubble.style.top = `${geometry.top + y}px`;
}
