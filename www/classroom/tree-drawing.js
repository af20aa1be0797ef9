// The search tree's elements, each described as a Drawing (a tag, a signature of what it shows,
// how to build it) so that tree-view.js rebuilds only what changed: edges (straight, or a wide
// node's bus and its children's stubs, a pruned one cut), nodes (box, value, bounds, marks, a
// tic-tac-toe position) and what a screen reader says of each.

import { t, language } from './language.js';
import { formatValue, formatBounded, boundsText, boundsLabels, playerName, minusSigns } from './format.js';
import { TREE_CONFIG, TTT, svgElement, valueContent, captionWidth, valueFontSize, captionFontSize } from './tree-style.js';
import { reasonText } from './course-words.js';

/** @typedef {import('./lessons.js').LessonView} LessonView */
/** @typedef {import('../pkg/classroom/reversi.js').LessonNode} LessonNode */
/** @typedef {import('../pkg/classroom/reversi.js').NodeState} NodeState */
/** @typedef {import('./tree-layout.js').Box} Box */
/** What is drawn, and where: the model shown and its layout.
 * @typedef {{model: import('./tree-view.js').TreeModel, layout: import('./tree-view.js').DrawnLayout}} Scene */
/** What one element shows: its tag, a signature of its content, and how to draw it.
 * @typedef {{tag: string, sig: string, build: (element: SVGElement) => void}} Drawing */

/** The box of a shown node (every node the layout placed).
 * @param {Scene} scene
 * @param {number} id */
export function boxOf(scene, id) {
  return /** @type {Box} */ (scene.layout.boxes.get(id));
}

/** A node's children in the order they are drawn: the order searched, once known.
 * @param {Scene} scene
 * @param {number} id */
export function childrenOf(scene, id) {
  return scene.model.view.childrenOf(id);
}

// --- Edges ----------------------------------------------------------------------------------

/** @param {number} id
 * @param {Scene} scene */
function edgeStatus(scene, id) {
  const state = scene.model.stateOf(id);
  return state ? state.status : underCut(scene, id) ? 'pruned' : 'unvisited';
}

/** Whether a node the search never reached lies under a cut (a typed tree's whole subtree is
 * drawn: it greys with the cut, at the moment of the cut).
 * @param {Scene} scene
 * @param {number} id */
function underCut(scene, id) {
  const { view } = scene.model;
  for (let parent = view.node(id).parent; parent >= 0; parent = view.node(parent).parent) {
    const state = scene.model.stateOf(parent);
    if (state) return state.status === 'pruned';
  }
  return false;
}

/** @param {number} parent
 * @param {number} child
 * @param {Scene} scene */
function onPrincipal(scene, parent, child) {
  return scene.model.principal.has(parent) && scene.model.principal.has(child);
}

/** @param {number} id
 * @param {Scene} scene */
function cutTitle(scene, id) {
  const cutoff = scene.model.view.cutoffOf(id);
  return cutoff ? minusSigns(reasonText(cutoff.reason, language())) : '';
}

/** The classic cut: two short strokes across an edge at (mx, my), the reason as its title.
 * @param {Element} group
 * @param {number} mx
 * @param {number} my
 * @param {string} title */
function cutMarks(group, mx, my, title) {
  const cut = svgElement('g', { class: 'cut' });
  for (const offset of [-5, 5]) cut.append(svgElement('line', { x1: mx - 11 + offset, y1: my + 7, x2: mx + 11 + offset, y2: my - 7 }));
  if (title) cut.append(svgElement('title', {}, title));
  group.append(cut);
}

/** The top of the edges coming into a box: above its label. @param {Box} box */
const edgeTop = (/** @type {Box} */ box) => box.y - TREE_CONFIG.captionSize - 14;
/** Where a parent's edges leave it: under the box, under its α and β when they are written, under
 * an answer sheet's fields (the stem hidden behind them). @param {Box} box */
const edgeFoot = (/** @type {Scene} */ scene, /** @type {Box} */ box) => box.y + scene.layout.boxHeight + scene.layout.style.stem + (scene.model.sheet?.stems.has(box.id) ? scene.model.sheet.below(box.depth) : 0);

/** @param {number} parent
 * @param {number} child
 * @returns {Drawing}
 * @param {Scene} scene */
export function straight(scene, parent, child) {
  const from = boxOf(scene, parent);
  const to = boxOf(scene, child);
  const status = edgeStatus(scene, child);
  const cut = status === 'pruned' && scene.model.stateOf(child)?.status === 'pruned';
  const x1 = from.x;
  const y0 = from.y + scene.layout.boxHeight;
  const y1 = edgeFoot(scene, from);
  const x2 = to.x;
  const y2 = edgeTop(to);
  const classes = ['edge', status, onPrincipal(scene, parent, child) ? 'principal' : ''].join(' ').trim();
  const title = cut ? cutTitle(scene, child) : '';
  return {
    tag: 'g',
    sig: `${x1},${y0},${y1},${x2},${y2},${classes},${title},${cut}`,
    build(group) {
      // A stem straight down between the parent's α and β, then the edge to the child's label.
      group.replaceChildren(svgElement('polyline', { class: classes, points: `${x1},${y0} ${x1},${y1} ${x2},${y2}` }));
      if (cut) {
        // Just above the child's label (the parent's bounds are written under the parent).
        const my = y2 - 14;
        const mx = x1 + ((x2 - x1) * (my - y1)) / (y2 - y1);
        cutMarks(group, mx, my, title);
      }
    },
  };
}

const busY = (/** @type {Scene} */ scene, /** @type {number} */ child) => edgeTop(boxOf(scene, child)) - 18;

/** A wide node's bus: down from the parent, then across its children (the principal part green).
 * @param {number} parent
 * @returns {Drawing}
 * @param {Scene} scene */
export function bus(scene, parent) {
  const children = childrenOf(scene, parent);
  const from = boxOf(scene, parent);
  const first = boxOf(scene, children[0]);
  const last = boxOf(scene, children[children.length - 1]);
  const y = busY(scene, children[0]);
  const principalChild = scene.model.principal.has(parent) ? children.find((c) => scene.model.principal.has(c)) : undefined;
  const px = principalChild === undefined ? null : boxOf(scene, principalChild).x;
  const classes = `edge ${edgeStatus(scene, parent) === 'unvisited' ? 'unvisited' : 'done'}`;
  return {
    tag: 'g',
    sig: `${from.x},${from.y},${first.x},${last.x},${y},${px},${classes}`,
    build(group) {
      group.replaceChildren(
        svgElement('line', { class: classes, x1: from.x, y1: from.y + scene.layout.boxHeight, x2: from.x, y2: y }),
        svgElement('line', { class: classes, x1: first.x, y1: y, x2: last.x, y2: y }),
      );
      if (px !== null) {
        group.append(
          svgElement('line', { class: 'edge principal', x1: from.x, y1: from.y + scene.layout.boxHeight, x2: from.x, y2: y }),
          svgElement('line', { class: 'edge principal', x1: from.x, y1: y, x2: px, y2: y }),
        );
      }
    },
  };
}

/** A child's stub down from its parent's bus.
 * @param {number} parent
 * @param {number} child
 * @returns {Drawing}
 * @param {Scene} scene */
export function stub(scene, parent, child) {
  const to = boxOf(scene, child);
  const status = edgeStatus(scene, child);
  const y1 = busY(scene, child);
  const y2 = edgeTop(to);
  const classes = ['edge', status, onPrincipal(scene, parent, child) ? 'principal' : ''].join(' ').trim();
  const cut = status === 'pruned' && scene.model.stateOf(child)?.status === 'pruned';
  const title = cut ? cutTitle(scene, child) : '';
  return {
    tag: 'g',
    sig: `${to.x},${y1},${y2},${classes},${title},${cut}`,
    build(group) {
      group.replaceChildren(svgElement('line', { class: classes, x1: to.x, y1, x2: to.x, y2 }));
      if (cut) cutMarks(group, to.x, (y1 + y2) / 2, title);
    },
  };
}

// --- Nodes ----------------------------------------------------------------------------------

/** @param {number} id
 * @returns {Drawing}
 * @param {Scene} scene */
export function nodeDrawing(scene, id) {
  const { view } = scene.model;
  const node = view.node(id);
  const box = boxOf(scene, id);
  const width = box.width;
  const sheet = Boolean(scene.model.sheet);
  const state = sheet ? undefined : scene.model.stateOf(id);
  const status = sheet ? 'sheet' : state ? state.status : underCut(scene, id) ? 'pruned' : 'unvisited';
  const isCurrent = !sheet && id === scene.model.current;
  const caption = view.captionOf(id, scene.model.rootName);
  const isLeaf = node.leaf || node.children.length === 0;
  const classes = ['node', node.player === 'MIN' ? 'min' : node.player === 'MAX' ? 'max' : `p${node.player}`, status];
  if (isLeaf) classes.push('leaf');
  if (scene.model.principal.has(id)) classes.push('principal');
  if (isCurrent) classes.push('current');
  if (id === scene.model.selected) classes.push('selected');
  if (scene.model.asked?.has(id)) classes.push('asked');
  const hidden = node.children.length > 0 && !scene.model.showsChildren(id);
  const label = sheet ? sheetLabel(view, node, caption) : ariaLabel(view, node, state, caption) + (isCurrent ? t('aria.current') : '');
  const attributes = {
    class: classes.join(' '),
    'data-id': id,
    'data-node': node.label,
    role: 'button',
    tabindex: 0,
    'aria-label': label,
    'aria-current': isCurrent ? 'step' : null,
    'aria-expanded': hidden ? 'false' : node.children.length > 0 && (view.isGame || scene.model.folded) ? 'true' : null,
    'aria-description': hidden ? t('tree.expand', { n: node.children.length }) : null,
  };
  // A node whose search was cut shows its bound ("≥ 25"): only exact nodes a plain value. An
  // answer sheet shows the leaves' values only.
  // A typed tree's leaves are the data the class reasons from: their values are drawn from step 0
  // (faint until evaluated, grey where cut), as in the course's figures.
  let shown;
  if (sheet) shown = isLeaf ? formatValue(node.staticValue) : '';
  else if (!state || status === 'unvisited' || status === 'pruned') shown = isLeaf && view.kind === 'tree' && node.staticValue !== undefined ? formatValue(node.staticValue) : '';
  else shown = status === 'open' ? formatValue(state.value) : formatBounded(state.value, state.bound);
  // While an `order` event is the step on show: each child's place in the search order.
  const orderMark = scene.model.orderMarks?.get(id) ?? '';
  const tableMark = !sheet && state?.table === true;
  const bounds = !sheet && scene.layout.style.showsBounds !== false && state && !isLeaf && status !== 'pruned' ? boundsText(view.boundsKind, state) : null;
  const sides = bounds ? boundsLabels(bounds) : [];
  const board = view.kind === 'tictactoe' && node.board ? node.board.slice(0, 9) : '';
  const sig = [box.x, box.y, width, attributes.class, attributes['aria-label'], attributes['aria-description'], shown, sides.join('/'), caption, board, hidden, orderMark, tableMark].join('|');
  return {
    tag: 'g',
    sig,
    build(group) {
      setAttributes(group, attributes);
      const left = box.x - width / 2;
      const captionSize = captionFontSize(caption, width, scene.layout.style.gap);
      const captionY = box.y - 10;
      const parts = [svgElement('text', { class: 'caption', x: box.x, y: captionY, 'font-size': captionSize }, caption)];
      // MAX: square corners; MIN (and the players of max^n after the first): round, so the
      // shape says it where colour cannot (a grey projector, colour blindness).
      const round = node.player === 'MIN' || (typeof node.player === 'number' && node.player % 2 === 0);
      parts.push(svgElement('rect', { class: 'box', x: left, y: box.y, width, height: scene.layout.boxHeight, rx: round ? (board ? 20 : scene.layout.boxHeight / 2) : 4 }));
      let valueX = box.x;
      let valueWidth = width;
      if (board) {
        // Which a1? The position itself, on a small board at the box's left.
        const boardLeft = left + (round ? 8 : TTT.inset);
        parts.push(ticTacToeBoard(board, node.move, boardLeft, box.y + (scene.layout.boxHeight - TTT.size) / 2));
        const rest = left + width - (boardLeft + TTT.size);
        valueX = boardLeft + TTT.size + rest / 2 - (round ? 4 : 0);
        valueWidth = rest - (round ? 8 : 0);
      }
      if (shown) {
        parts.push(svgElement('text', { class: 'value', x: valueX, y: box.y + scene.layout.boxHeight / 2 + 1, 'font-size': valueFontSize(shown, valueWidth, scene.layout.style.valueSize, scene.layout.style.minValueSize) }, valueContent(shown)));
      }
      if (sides.length && scene.layout.style.stacked) {
        // A game's: α over β, right of the stem.
        const y = box.y + scene.layout.boxHeight + 24;
        parts.push(
          svgElement('text', { class: 'bounds bounds-low', x: box.x + 9, y, 'text-anchor': 'start' }, sides[0]),
          svgElement('text', { class: 'bounds bounds-high', x: box.x + 9, y: y + 31, 'text-anchor': 'start' }, sides[1]),
        );
      } else if (sides.length) {
        // α (or Pass-Thresh) left of the stem, β (Use-Thresh) right of it: the edges pass between them.
        const y = box.y + scene.layout.boxHeight + 26;
        parts.push(
          svgElement('text', { class: 'bounds bounds-low', x: box.x - 9, y, 'text-anchor': 'end' }, sides[0]),
          svgElement('text', { class: 'bounds bounds-high', x: box.x + 9, y, 'text-anchor': 'start' }, sides[1]),
        );
      }
      // Beside the label: the search order (or the table's answer) on its left, the moves hidden below on its right.
      const halfCaption = captionWidth(caption, captionSize) / 2;
      const markSize = TREE_CONFIG.markSize;
      const markY = captionY - captionSize * 0.35;
      if (orderMark) {
        const cx = box.x - halfCaption - 6 - 15;
        parts.push(
          svgElement('circle', { class: 'order-mark', cx, cy: markY, r: 15 }),
          svgElement('text', { class: 'order-mark-text', x: cx, y: markY + 1, 'font-size': markSize, 'data-order': orderMark }, String(orderMark)),
        );
      } else if (tableMark) {
        const w = 40;
        const x = box.x - halfCaption - 6 - w;
        parts.push(
          svgElement('rect', { class: 'table-mark', x, y: markY - 14, width: w, height: 28, rx: 6 }),
          svgElement('text', { class: 'table-mark-text', x: x + w / 2, y: markY + 1, 'font-size': markSize }, t('tree.tableMark')),
        );
      }
      if (hidden) {
        const text = `+${node.children.length}`;
        const w = text.length * 0.6 * markSize + 12;
        const x = box.x + halfCaption + 6;
        parts.push(
          svgElement('rect', { class: 'badge', x, y: markY - 14, width: w, height: 28, rx: 14 }),
          svgElement('text', { class: 'badge-text', x: x + w / 2, y: markY + 1, 'font-size': markSize }, text),
        );
      }
      group.replaceChildren(...parts);
    },
  };
}

/** Sets exactly these attributes (null and undefined: absent).
 * @param {Element} element
 * @param {Record<string, string | number | null | undefined>} attributes */
function setAttributes(element, attributes) {
  for (const name of [...element.getAttributeNames()]) if (!(name in attributes)) element.removeAttribute(name);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined) element.removeAttribute(name);
    else element.setAttribute(name, String(value));
  }
}


/** A 3×3 board: lines, X as two strokes, O as a ring, the last move's cell shaded.
 * @param {string} cells
 * @param {string} lastMove
 * @param {number} x
 * @param {number} y */
function ticTacToeBoard(cells, lastMove, x, y) {
  const cell = TTT.size / 3;
  const group = svgElement('g', { class: 'ttt-mini', 'aria-hidden': 'true' });
  group.append(svgElement('rect', { class: 'ttt-back', x, y, width: TTT.size, height: TTT.size }));
  [...cells].forEach((mark, i) => {
    const cx = x + (i % 3) * cell;
    const cy = y + Math.floor(i / 3) * cell;
    const name = 'abc'[i % 3] + String(Math.floor(i / 3) + 1);
    if (name === lastMove) group.append(svgElement('rect', { class: 'ttt-last', x: cx, y: cy, width: cell, height: cell }));
    const pad = cell * 0.22;
    if (mark === 'X') {
      group.append(
        svgElement('line', { class: 'ttt-x', x1: cx + pad, y1: cy + pad, x2: cx + cell - pad, y2: cy + cell - pad }),
        svgElement('line', { class: 'ttt-x', x1: cx + cell - pad, y1: cy + pad, x2: cx + pad, y2: cy + cell - pad }),
      );
    } else if (mark === 'O') {
      group.append(svgElement('circle', { class: 'ttt-o', cx: cx + cell / 2, cy: cy + cell / 2, r: cell / 2 - pad }));
    }
  });
  for (const k of [1, 2]) {
    group.append(
      svgElement('line', { class: 'ttt-line', x1: x + k * cell, y1: y, x2: x + k * cell, y2: y + TTT.size }),
      svgElement('line', { class: 'ttt-line', x1: x, y1: y + k * cell, x2: x + TTT.size, y2: y + k * cell }),
    );
  }
  return group;
}

/** What a screen reader says of a node of an answer sheet: a leaf's value, nothing of an inner node's.
 * @param {LessonView} view
 * @param {LessonNode} node
 * @param {string} caption */
function sheetLabel(view, node, caption) {
  const label = view.isGame ? caption : node.label;
  const player = playerName(node.player);
  if (node.children.length === 0) return t('aria.sheetLeaf', { label, player, value: formatValue(node.staticValue) });
  return t('aria.sheetInner', { label, player });
}

/** What a screen reader says of a node.
 * @param {LessonView} view
 * @param {LessonNode} node
 * @param {NodeState | undefined} state
 * @param {string} caption */
function ariaLabel(view, node, state, caption) {
  const label = view.isGame ? caption : node.label;
  const player = playerName(node.player);
  if (!state) return t('aria.unvisited', { label, player });
  switch (state.status) {
    case 'pruned':
      return t('aria.pruned', { label });
    case 'open':
      return state.value === undefined || state.value === null
        ? t('aria.open', { label, player })
        : t('aria.openValue', { label, player, value: formatValue(state.value) });
    default:
      if (state.bound === 'lower' || state.bound === 'upper') {
        return t(`aria.${state.bound}`, { label, player, value: formatValue(state.value) });
      }
      return t('aria.value', { label, player, value: formatValue(state.value) });
  }
}
