// One sentence for the replay's current moment: the event just applied, in the chosen language.
// The reasons of cut-offs are worded from the catalogues as the engine names them (course-words.js).
// In a game the same move appears on several levels, so a node is named by its moves from the
// root ("b2 → a1"); a node's successors, listed when it is entered, by their moves alone.

import { t, language } from './language.js';
import { formatValue, formatBounded, formatNumber, boundsText, playerName, minusSigns } from './format.js';
import { ticTacToeLines } from '../pkg/classroom/reversi.js';
import { reasonText } from './course-words.js';

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
  const last = step === view.eventCount;
  // The search's end: its result said once, the way the result counter says it.
  if (last && event.kind === 'return' && event.node === view.lastRoot) return finished(view, event);
  let sentence;
  switch (event.kind) {
    case 'enter':
      if (node.leaf || node.children.length === 0) {
        sentence = t('narration.enterLeaf', { node: name(event.node), player: playerName(node.player) });
      } else {
        const list = node.children.map((child) => view.captionOf(child, root)).join(', ');
        const legal = symmetricMoves(view, event.node);
        sentence = t(legal ? 'narration.enterSymmetry' : 'narration.enterInner', {
          node: name(event.node),
          player: playerName(node.player),
          k: node.children.length,
          legal,
          list,
        });
      }
      sentence += boundsSentence(view, event);
      if (event.search === 'null') sentence += t('narration.enterNull');
      if (event.search === 'research') sentence += t('narration.enterResearch');
      break;
    case 'leaf':
      sentence = t('narration.leaf', { node: name(event.node), value: formatValue(event.value) }) + openLines(view, event.node, event.value);
      break;
    case 'update': {
      const childState = view.stateOf(event.best);
      const negated = view.negamaxView && childState && typeof childState.value === 'number';
      sentence =
        t(negated ? 'narration.updateNegamax' : 'narration.update', {
          node: name(event.node),
          value: formatBounded(event.value, event.bound),
          child: name(event.best),
          childValue: negated ? formatBounded(childState.value, childState.status === 'leaf' ? 'exact' : childState.bound) : '',
        }) + boundsSentence(view, event);
      break;
    }
    case 'cutoff':
      sentence = t('narration.cutoff', { node: name(event.node), reason: minusSigns(reasonText(event.reason, language())) });
      break;
    case 'return':
      sentence = t(event.bound === 'lower' || event.bound === 'upper' ? 'narration.returnBound' : 'narration.return', {
        node: name(event.node),
        value: formatBounded(event.value, event.bound),
        kind: t(`bound.${event.bound}`),
        path: event.path.join(', '),
      });
      if (node.leaf || node.children.length === 0) sentence = t('narration.returnLeaf', { node: name(event.node), value: formatValue(event.value) });
      sentence += keeps(view, step, event);
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
  if (last) sentence += ` ${t('narration.finished', { result: minusSigns(view.result.text) })}`;
  return sentence;
}

/** The last step: the result, and in a negamax form with MIN at the root, the change of view.
 * @param {LessonView} view
 * @param {import('../pkg/classroom/reversi.js').LessonEvent & {kind: 'return'}} event */
function finished(view, event) {
  const sentence = t('narration.finished', { result: minusSigns(view.result.text) });
  const root = view.node(event.node);
  if (view.negamaxView && root.player === 'MIN' && typeof event.value === 'number') {
    return `${sentence} ${t('narration.finishedNegamax', { node: view.nameOf(event.node, t('tree.root')), value: formatValue(event.value), max: formatValue(-event.value) })}`;
  }
  return sentence;
}

/**
 * After a child returns, when its parent does not take its number: why ("7 < 12: x keeps 12"),
 * in the algorithm's terms (with the sign changed in the negamax forms, each player's own
 * component in max^n, where a tie keeps the first).
 * @param {LessonView} view
 * @param {number} step
 * @param {{node: number, value: import('../pkg/classroom/reversi.js').LessonValue}} event
 */
function keeps(view, step, event) {
  const node = view.node(event.node);
  if (node.parent < 0 || step >= view.eventCount) return '';
  const next = view.event(step);
  if (next.kind === 'update' && next.node === node.parent) return '';
  // PVS compares its null-window test in a scout event of its own.
  if (next.kind === 'scout') return '';
  const parentState = view.stateOf(node.parent);
  if (!parentState) return '';
  const parent = view.node(node.parent);
  const name = view.nameOf(node.parent, t('tree.root'));
  // MINIMAX-A-B compares NEW-VALUE with Pass-Thresh (step 4(c)), which the node may have received
  // from above before any child of its own beat it.
  if (view.algorithm === 'alphabeta-negamax' && typeof event.value === 'number' && typeof parentState.passLimit === 'number') {
    return ` ${t('narration.keepsPass', { value: formatNumber(-event.value), pass: formatNumber(parentState.passLimit), node: name })}`;
  }
  if (parentState.value === undefined || parentState.value === null) return '';
  const best = parentState.value;
  if (Array.isArray(event.value) && Array.isArray(best) && typeof parent.player === 'number') {
    const k = parent.player;
    const tie = event.value[k - 1] === best[k - 1];
    return ` ${t(tie ? 'narration.keepsTie' : 'narration.keepsMaxn', { child: formatValue(event.value), k, x: formatNumber(event.value[k - 1]), y: formatNumber(best[k - 1]), node: name, best: formatValue(best) })}`;
  }
  if (typeof event.value !== 'number' || typeof best !== 'number') return '';
  const bestText = formatBounded(best, parentState.status === 'open' ? null : parentState.bound);
  if (view.negamaxView) {
    const negated = -event.value;
    return ` ${t(negated === best ? 'narration.keepsNegamaxTie' : 'narration.keepsNegamax', { value: formatNumber(negated), child: formatNumber(event.value), best: bestText, node: name })}`;
  }
  const op = event.value === best ? '=' : parent.player === 'MIN' ? '>' : '<';
  return ` ${t(op === '=' ? 'narration.keepsTieTwo' : 'narration.keeps', { value: formatNumber(event.value), op, best: bestText, node: name })}`;
}

/** A tic-tac-toe node's moves before symmetry removal, when some were removed (0 otherwise).
 * @param {LessonView} view
 * @param {number} id */
function symmetricMoves(view, id) {
  if (view.kind !== 'tictactoe' || !view.source.symmetry) return 0;
  const board = view.node(id).board;
  if (!board) return 0;
  const legal = [...board.slice(0, 9)].filter((c) => c === '-').length;
  return legal > view.node(id).children.length ? legal : 0;
}

/** A tic-tac-toe leaf cut off by depth: its open-lines value's two terms.
 * @param {LessonView} view
 * @param {number} id
 * @param {import('../pkg/classroom/reversi.js').LessonValue} value */
function openLines(view, id, value) {
  if (view.kind !== 'tictactoe' || !view.source.depth || typeof value !== 'number' || Math.abs(value) >= 100) return '';
  const board = view.node(id).board;
  const rootBoard = view.node(view.pathTo(id)[0]).board;
  if (!board || !rootBoard) return '';
  const marks = (/** @type {string} */ b, /** @type {string} */ c) => [...b.slice(0, 9)].filter((x) => x === c).length;
  // MAX is the side to move at the root: X when both have as many marks.
  const maxIsX = marks(rootBoard, 'X') === marks(rootBoard, 'O');
  const lines = /** @type {{x: number, o: number}} */ (ticTacToeLines(board.slice(0, 9)));
  const forMax = maxIsX ? lines.x : lines.o;
  const forMin = maxIsX ? lines.o : lines.x;
  if (forMax - forMin === value) return t('narration.openLines', { max: forMax, min: forMin, value: formatNumber(value) });
  // A negamax form writes it for the side to move at the leaf.
  return t('narration.openLinesMin', { max: forMax, min: forMin, value: formatNumber(value) });
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
