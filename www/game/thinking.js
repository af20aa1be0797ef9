// The AI's thinking line: while it searches, its depth, nodes, score and line, in the panel's
// status area (the status line is covered meanwhile).

import { sideScore, forBlack } from '../common/score-text.js';
import { t, sideName, scoreWords } from '../i18n/page.js';
import { setText } from '../common/dom.js';

/** @typedef {import('../pkg/reversi.js').Side} Side */

/**
 * A search in progress: nothing known yet (depth 0), then each completed depth's progress.
 * @typedef {{depth: number, nodes: number, pv: string[], discs?: number, exact?: boolean}} Thinking
 */

/** A search's score (`discs` for `side`, the side to move) as players read it everywhere; '' while
 * it has none.
 * @param {{discs?: number | null, exact?: boolean}} result
 * @param {Side} side */
export function searchScore(result, side) {
  if (typeof result.discs !== 'number') return '';
  return sideScore(forBlack(result.discs, side), Boolean(result.exact), scoreWords());
}

/** What the search really did: its depth, or that it solved the position ("exact"). A depth
 * that counts passes may pass the empty squares without reaching the end on every line: it is
 * said as the empties, and as an estimate.
 * @param {Thinking} thinking
 * @param {number} empties */
export function depthText(thinking, empties) {
  if (thinking.exact) return t('game.thinkingExact');
  if (empties > 0 && thinking.depth >= empties) return t('game.thinkingAllEmpties', { n: empties });
  return t('game.thinkingDepth', { depth: thinking.depth });
}

/** "White (AI) is thinking · depth 6 · 12,345 nodes · Black +2.4 · line d3 c5".
 * @param {Thinking} thinking
 * @param {Side} side the side to move, which the AI plays
 * @param {number} empties the empty squares of the position searched */
export function thinkingText(thinking, side, empties) {
  const parts = [t('game.thinking', { side: sideName(side) })];
  if (thinking.depth) {
    parts.push(depthText(thinking, empties), t('game.thinkingNodes', { n: thinking.nodes }));
    const score = searchScore(thinking, side);
    if (score) parts.push(score);
    if (thinking.pv && thinking.pv.length) parts.push(t('game.thinkingLine', { line: thinking.pv.map((m) => (m === 'pa' ? t('move.pass') : m)).join(' ') }));
  }
  return parts.join(' · ');
}

/**
 * Shows the line while the AI thinks (`thinking` not null), hides it otherwise. Hidden by
 * visibility, not removed, and two lines high whatever it says (see the style sheet), so that the
 * panel does not jump at every AI move.
 * @param {HTMLElement} element the thinking line
 * @param {HTMLElement} status the status line it covers
 * @param {Thinking | null} thinking
 * @param {Side} side
 * @param {number} empties
 */
export function renderThinking(element, status, thinking, side, empties) {
  element.classList.toggle('idle', !thinking);
  status.classList.toggle('covered', Boolean(thinking));
  setText(element, thinking ? thinkingText(thinking, side, empties) : '');
}
