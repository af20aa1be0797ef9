// One sentence for the replay's current moment: the event just applied, in the chosen language.
// The reasons of cut-offs are the engine's own sentences (it writes them in both languages).
// In a game the same move appears on several levels, so a node is named by its moves from the
// root ("b2 → a1"); a node's successors, listed when it is entered, by their moves alone.

import { t, language } from './i18n.js';
import { formatValue, formatBounded, formatNumber, boundsText, playerName, minusSigns } from './format.js';

/** @typedef {import('./lessons.js').LessonView} LessonView */
/** @typedef {import('../pkg/classroom/reversi.js').OrderEvent} OrderEvent */

/** @param {LessonView} view
 * @param {import('../pkg/classroom/reversi.js').SearchWindow} event */
function boundsSentence(view, event) {
  const bounds = boundsText(view.boundsKind, event);
  if (!bounds) return '';
  return 'alpha' in bounds ? t('narration.bounds', bounds) : t('narration.limits', bounds);
}

/** The sentence for the state after `step` events of `view`.
 * @param {LessonView} view
 * @param {number} step */
export function narrate(view, step) {
  const root = t('tree.root');
  const name = (/** @type {number} */ id) => view.nameOf(id, root);
  if (step === 0) return t('narration.ready', { n: view.eventCount.toLocaleString(language()) });
  const event = view.event(step - 1);
  const node = view.node(event.node);
  let sentence;
  switch (event.kind) {
    case 'enter':
      if (node.leaf || node.children.length === 0) {
        sentence = t('narration.enterLeaf', { node: name(event.node), player: playerName(node.player) });
      } else {
        const list = node.children.map((child) => view.captionOf(child, root)).join(', ');
        sentence = t('narration.enterInner', {
          node: name(event.node),
          player: playerName(node.player),
          k: node.children.length,
          list,
        });
      }
      sentence += boundsSentence(view, event);
      if (event.search === 'null') sentence += t('narration.enterNull');
      if (event.search === 'research') sentence += t('narration.enterResearch');
      break;
    case 'leaf':
      sentence = t('narration.leaf', { node: name(event.node), value: formatValue(event.value) });
      break;
    case 'update':
      sentence =
        t('narration.update', { node: name(event.node), value: formatBounded(event.value, event.bound), child: name(event.best) }) +
        boundsSentence(view, event);
      break;
    case 'cutoff':
      sentence = t('narration.cutoff', { node: name(event.node), reason: minusSigns(event.reason[/** @type {'en' | 'pt'} */ (language().slice(0, 2))] ?? event.reason.en) });
      break;
    case 'return':
      sentence = t(event.bound === 'lower' || event.bound === 'upper' ? 'narration.returnBound' : 'narration.return', {
        node: name(event.node),
        value: formatBounded(event.value, event.bound),
        kind: t(`bound.${event.bound}`),
        path: event.path.join(', '),
      });
      break;
    case 'order':
      sentence = orderSentence(view, event, name, root);
      break;
    case 'iteration':
      sentence = t('narration.iteration', { n: event.depth });
      break;
    case 'table':
      sentence = t('narration.table', {
        node: name(event.node),
        value: formatBounded(event.value, event.bound),
        kind: t(`bound.${event.bound ?? 'exact'}`),
        depth: event.depth,
      });
      break;
    case 'scout':
      sentence = t(`narration.scout.${event.outcome}`, {
        node: name(event.node),
        child: name(event.child),
        value: formatBounded(event.value, event.bound),
        pass: event.passLimit === null || event.passLimit === undefined ? '−∞' : formatNumber(event.passLimit),
        use: event.useLimit === null || event.useLimit === undefined ? '+∞' : formatNumber(event.useLimit),
      });
      break;
    default:
      sentence = /** @type {{kind: string}} */ (event).kind;
  }
  if (step === view.eventCount) sentence += ` ${t('narration.finished', { result: minusSigns(view.result.text) })}`;
  return sentence;
}

/** How a node's children were put in order (move ordering, iterative deepening, the table).
 * @param {LessonView} view
 * @param {OrderEvent} event
 * @param {(id: number) => string} name
 * @param {string} root */
function orderSentence(view, event, name, root) {
  const node = view.node(event.node);
  let sentence;
  const first = event.first ? view.captionOf(event.first.node, root) : '';
  if (event.by === 'estimate') {
    const list = event.children
      .map((child, i) => {
        const key = event.keys?.[i];
        const caption = view.captionOf(child, root);
        return key === null || key === undefined ? caption : `${caption} (${formatValue(key)})`;
      })
      .join(', ');
    sentence = t('narration.order.estimate', { node: name(event.node), player: playerName(node.player), list });
  } else if (event.by === 'written') {
    sentence = t('narration.order.written', { node: name(event.node) });
  } else {
    sentence = t('narration.order.generated', { node: name(event.node), first });
  }
  if (event.first) sentence += t(`narration.order.${event.first.why}`, { first });
  return sentence;
}
