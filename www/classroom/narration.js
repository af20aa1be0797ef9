// One sentence for the replay's current moment: the event just applied, in the chosen language.
// The reasons of cut-offs are the engine's own sentences (it writes them in both languages).
// In a game the same move appears on several levels, so a node is named by its moves from the
// root ("b2 → a1"); a node's successors, listed when it is entered, by their moves alone.

import { t, language } from './i18n.js';
import { formatValue, boundsText, playerName, minusSigns } from './format.js';

function boundsSentence(view, event) {
  const bounds = boundsText(view.boundsKind, event);
  if (!bounds) return '';
  return 'alpha' in bounds ? t('narration.bounds', bounds) : t('narration.limits', bounds);
}

/** The sentence for the state after `step` events of `view`. */
export function narrate(view, step) {
  const root = t('tree.root');
  const name = (id) => view.nameOf(id, root);
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
      break;
    case 'leaf':
      sentence = t('narration.leaf', { node: name(event.node), value: formatValue(event.value) });
      break;
    case 'update':
      sentence =
        t('narration.update', { node: name(event.node), value: formatValue(event.value), child: name(event.best) }) +
        boundsSentence(view, event);
      break;
    case 'cutoff':
      sentence = t('narration.cutoff', { node: name(event.node), reason: minusSigns(event.reason[language().slice(0, 2)] ?? event.reason.en) });
      break;
    case 'return':
      sentence = t('narration.return', { node: name(event.node), value: formatValue(event.value), path: event.path.join(', ') });
      break;
    default:
      sentence = event.kind;
  }
  if (step === view.eventCount) sentence += ` ${t('narration.finished', { result: minusSigns(view.result.text) })}`;
  return sentence;
}
