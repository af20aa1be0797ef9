// An exercise printed as a worksheet: the tree drawn for paper in millimetres (one SVG user unit
// is 1 mm), with answer boxes a hand can write "≥ −12" in (20 × 9 mm for a number, 13 × 8 mm for
// each bound of a window, 5 mm for a ✂), on A4 landscape pages. A tree too wide for one page is
// split between pages by its subtrees: each page draws some subtrees whole, with the nodes above
// them as context; every box is drawn once, on the first page where its node is (a node drawn
// again later is a dashed box that names the page of its box). The answers typed on the screen
// are written in their boxes. Screens never show it (style.css prints it instead of the tree).

import { t } from './language.js';
import { formatValue, minusSigns } from './format.js';

/** @typedef {import('./lessons.js').LessonView} LessonView */
/** @typedef {import('../pkg/classroom/reversi.js').ExerciseQuestion} ExerciseQuestion */
/** @typedef {import('../pkg/classroom/reversi.js').ExerciseAnswers} ExerciseAnswers */

/** The paper, in mm: an A4 landscape page's room inside its margins (style.css's @page), the
 * first page's instructions above its tree, and the worksheet's measures. */
export const PAPER = {
  width: 273,
  /** The tree's height on a page: what is left of 186 mm under the first page's name line and instructions. */
  height: 146,
  rowLabels: 14,
  leafWidth: 10,
  leafHeight: 7,
  valueWidth: 20,
  vectorWidth: 27,
  valueHeight: 9,
  boundWidth: 13,
  boundHeight: 8,
  boundLabel: 4,
  pruned: 5,
  label: 4,
  /** An inner node's label, left of its box. */
  sideLabel: 4,
  edges: 5,
  gap: 3,
  font: 3.4,
};

const SVG = 'http://www.w3.org/2000/svg';

/** @param {string} tag @param {Record<string, string | number>} attributes @param {string} [text] */
function svg(tag, attributes, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) e.setAttribute(name, String(value));
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * What the worksheet asks of each node, and how its rows are measured: windows side by side
 * (`stacked` false: shorter, wider) or α over β (narrower, taller).
 * @param {LessonView} view the whole tree
 * @param {ExerciseQuestion[]} questions
 * @param {boolean} stacked
 */
function measures(view, questions, stacked) {
  const asked = (/** @type {string} */ field) => new Set(questions.filter((q) => q.field === field).map((q) => q.label));
  const values = asked('value');
  const windows = asked('alpha');
  const pruned = asked('pruned');
  const vector = view.players > 2;
  const valueWidth = vector ? PAPER.vectorWidth : PAPER.valueWidth;
  const bound = PAPER.boundLabel + PAPER.boundWidth;
  const windowWidth = stacked ? bound : 2 * bound + PAPER.gap;
  const windowHeight = PAPER.font + (stacked ? 2 * PAPER.boundHeight + 1.5 : PAPER.boundHeight) + 1.5;
  /** Each node's own width: its box, its window. @param {number} id */
  const own = (id) => {
    const node = view.node(id);
    if (node.leaf) return Math.max(vector ? 22 : PAPER.leafWidth, pruned.size ? PAPER.pruned * 2 + 1 : 0) + PAPER.gap;
    return Math.max(valueWidth + 2 * PAPER.sideLabel, windows.has(node.label) ? windowWidth : 0) + PAPER.gap;
  };
  /** What each subtree needs across: the most of its own width and its children's. @type {Map<number, number>} */
  const need = new Map();
  const measure = (/** @type {number} */ id) => {
    const children = view.node(id).children;
    const value = Math.max(own(id), children.reduce((sum, c) => sum + measure(c), 0));
    need.set(id, value);
    return value;
  };
  measure(0);
  // Each depth's row: the leaves' labels over them (an inner node's is left of its box), the
  // box, a window row where one is asked at that depth, the edges.
  let depths = 0;
  /** @type {Set<number>} */
  const windowDepths = new Set();
  /** @type {Set<number>} */
  const leafDepths = new Set();
  for (let id = 0; id < view.nodeCount; id++) {
    const node = view.node(id);
    depths = Math.max(depths, node.depth + 1);
    if (windows.has(node.label)) windowDepths.add(node.depth);
    if (node.leaf) leafDepths.add(node.depth);
  }
  /** @type {number[]} */
  const rowTop = [];
  let y = 1;
  for (let depth = 0; depth < depths; depth++) {
    const label = leafDepths.has(depth) ? PAPER.label : 0;
    rowTop.push(y + label);
    y += label + PAPER.valueHeight + (windowDepths.has(depth) ? windowHeight : 0) + PAPER.edges;
  }
  const height = rowTop[depths - 1] + PAPER.leafHeight + (pruned.size ? PAPER.pruned + 2.5 : 0) + 1;
  return { values, windows, pruned, vector, valueWidth, stacked, own, need, rowTop, height, depths };
}

/**
 * The nodes a page draws (its subtrees and the nodes above them) and what each needs across
 * there: a node above the subtrees counts only its children on the page.
 * @param {LessonView} view
 * @param {ReturnType<typeof measures>} m
 * @param {number[]} units
 */
function pageTree(view, m, units) {
  /** @type {Set<number>} */
  const nodes = new Set();
  for (const unit of units) {
    const stack = [unit];
    while (stack.length) {
      const id = /** @type {number} */ (stack.pop());
      nodes.add(id);
      stack.push(...view.node(id).children);
    }
    for (let up = view.node(unit).parent; up >= 0; up = view.node(up).parent) nodes.add(up);
  }
  /** @type {Map<number, number>} */
  const need = new Map();
  const measure = (/** @type {number} */ id) => {
    const children = view.node(id).children.filter((c) => nodes.has(c));
    const value = Math.max(m.own(id), children.reduce((sum, c) => sum + measure(c), 0));
    need.set(id, value);
    return value;
  };
  measure(0);
  return { nodes, need };
}

/**
 * The pages: subtrees that fit a page's width (the largest ones: a subtree too wide is split
 * into its children's), packed in order.
 * @param {LessonView} view
 * @param {ReturnType<typeof measures>} m
 * @param {number} width
 */
function paginate(view, m, width) {
  /** @type {number[][] | null} */
  let best = null;
  // The units a page takes: the subtrees from `depth` down that fit a page (a leaf always does),
  // as many in a row as fit with the nodes above them; the depth that needs the fewest pages
  // wins, the shallowest on a tie (fewer nodes drawn twice).
  for (let depth = 0; ; depth++) {
    /** @type {number[]} */
    const units = [];
    const split = (/** @type {number} */ id) => {
      const node = view.node(id);
      if (node.leaf || (/** @type {number} */ (m.need.get(id)) <= width && node.depth >= depth)) units.push(id);
      else for (const child of node.children) split(child);
    };
    split(0);
    /** @type {number[][]} */
    const pages = [];
    for (const unit of units) {
      const last = pages[pages.length - 1];
      if (last && /** @type {number} */ (pageTree(view, m, [...last, unit]).need.get(0)) <= width) last.push(unit);
      else pages.push([unit]);
    }
    if (!best || pages.length < best.length) best = pages;
    if (units.every((u) => view.node(u).leaf)) return best;
  }
}

/**
 * The worksheet's layout: the measures that give the fewest pages among those whose tree fits
 * the page's height (else the shortest, scaled down to fit), and its pages.
 * @param {LessonView} view
 * @param {ExerciseQuestion[]} questions
 */
export function worksheetLayout(view, questions) {
  const width = PAPER.width - PAPER.rowLabels;
  const options = [false, true].map((stacked) => {
    const m = measures(view, questions, stacked);
    return { m, pages: paginate(view, m, width) };
  });
  const fitting = options.filter((o) => o.m.height <= PAPER.height).sort((a, b) => a.pages.length - b.pages.length);
  const chosen = fitting[0] ?? [...options].sort((a, b) => a.m.height - b.m.height)[0];
  return { ...chosen, scale: Math.min(1, PAPER.height / chosen.m.height) };
}

/**
 * Draws the worksheet of an exercise into `container`: one `.worksheet-page` per page, each an
 * SVG in millimetres. Boxes carry `data-box` (`value`, `alpha`, `beta`, `pruned`) and `data-for`
 * (the node's label), for tests and for screen readers' sake a title.
 * @param {HTMLElement} container
 * @param {{view: LessonView, questions: ExerciseQuestion[], algorithm: string, answers: ExerciseAnswers | null}} sheet
 */
export function drawWorksheet(container, { view, questions, algorithm, answers }) {
  const { m, pages, scale } = worksheetLayout(view, questions);
  const limits = algorithm === 'alphabeta-negamax' || algorithm === 'pvs';
  const width = PAPER.width - PAPER.rowLabels;
  /** The page whose boxes a node's are on (the first it is drawn on). @type {Map<number, number>} */
  const home = new Map();
  const trees = pages.map((units) => pageTree(view, m, units));
  trees.forEach((tree, page) => {
    for (const id of tree.nodes) if (!home.has(id)) home.set(id, page);
  });
  const typed = answersByLabel(answers);
  const parts = trees.map((tree, page) => {
    // Each node centred in its room, its children sharing it in proportion to what they need;
    // the page's width shared out the same way.
    /** @type {Map<number, number>} */
    const x = new Map();
    const place = (/** @type {number} */ id, /** @type {number} */ from, /** @type {number} */ span) => {
      x.set(id, from + span / 2);
      const children = view.node(id).children.filter((c) => tree.nodes.has(c));
      const sum = children.reduce((total, c) => total + /** @type {number} */ (tree.need.get(c)), 0);
      let at = from;
      for (const child of children) {
        const share = (span * /** @type {number} */ (tree.need.get(child))) / sum;
        place(child, at, share);
        at += share;
      }
    };
    place(0, PAPER.rowLabels, width);
    return drawPage({ view, m, x, page, pages: pages.length, home, limits, typed, scale });
  });
  container.replaceChildren(...parts);
  container.dataset.pages = String(pages.length);
}

/** An answer as a hand would write it: ≥ and ≤ for >= and <=, ∞ for inf, true minus signs. @param {string} text */
function written(text) {
  return minusSigns(text.replace(/>=/g, '≥').replace(/<=/g, '≤').replace(/([+-]?)inf(inity)?\b/gi, (_, sign) => `${sign === '-' ? '−' : '+'}∞`));
}

/** The answers typed, by node label. @param {ExerciseAnswers | null} answers */
function answersByLabel(answers) {
  const values = new Map(Object.entries(answers?.values ?? {}).map(([label, value]) => [label, String(value)]));
  const windows = new Map((answers?.windows ?? []).map((w) => [w.label, { alpha: String(w.alpha ?? ''), beta: String(w.beta ?? '') }]));
  const pruned = new Set(answers?.pruned ?? []);
  return { values, windows, pruned };
}

/**
 * One page of the worksheet.
 * @param {{view: LessonView, m: ReturnType<typeof measures>, x: Map<number, number>, page: number, pages: number,
 *   home: Map<number, number>, limits: boolean, typed: ReturnType<typeof answersByLabel>, scale: number}} p
 */
function drawPage({ view, m, x, page, pages, home, limits, typed, scale }) {
  const height = m.height;
  const root = svg('svg', {
    class: 'worksheet-svg',
    viewBox: `0 0 ${PAPER.width} ${height.toFixed(1)}`,
    width: `${(PAPER.width * scale).toFixed(1)}mm`,
    height: `${(height * scale).toFixed(1)}mm`,
    role: 'img',
    'aria-label': pages > 1 ? t('worksheet.page', { page: page + 1, pages }) : t('tree.label'),
  });
  const font = PAPER.font;
  // The rows' players, on the left.
  for (let depth = 0; depth < m.depths; depth++) {
    let player = null;
    for (let id = 0; id < view.nodeCount && player === null; id++) if (view.node(id).depth === depth) player = view.node(id).player;
    const name = typeof player === 'number' ? t('player.n', { n: player }) : String(player ?? '');
    root.append(svg('text', { x: 1, y: m.rowTop[depth] + PAPER.valueHeight / 2 + font / 3, 'font-size': font, 'font-weight': 700, class: 'worksheet-row' }, name));
  }
  const top = (/** @type {number} */ id) => m.rowTop[view.node(id).depth];
  // Edges first, under the boxes. Children on other pages: a dashed stub from the box's side
  // towards them, with their labels and page ("c → p. 2", "p. 1 ← j").
  for (const [id, px] of x) {
    const node = view.node(id);
    const bottom = top(id) + (node.leaf ? PAPER.leafHeight : PAPER.valueHeight) + (m.windows.has(node.label) ? windowRoom(m) : 0);
    /** @type {Map<number, string[]>} */
    const elsewhere = new Map();
    for (const child of node.children) {
      const cx = x.get(child);
      if (cx !== undefined) {
        root.append(svg('line', { x1: px, y1: bottom, x2: cx, y2: top(child) - (view.node(child).leaf ? PAPER.label - 0.5 : 0), class: 'worksheet-edge' }));
        continue;
      }
      const other = /** @type {number} */ (home.get(child));
      elsewhere.set(other, [...(elsewhere.get(other) ?? []), view.node(child).label]);
    }
    for (const [other, labels] of elsewhere) {
      const side = other < page ? -1 : 1;
      const from = px + side * (m.valueWidth / 2);
      const y = top(id) + PAPER.valueHeight / 2;
      root.append(svg('line', { x1: from, y1: y, x2: from + side * 5, y2: y, class: 'worksheet-edge worksheet-elsewhere' }));
      const where = t('worksheet.pageShort', { page: other + 1 });
      const words = side > 0 ? `${labels.join(', ')} → ${where}` : `${where} ← ${labels.join(', ')}`;
      root.append(svg('text', { x: from + side * 6, y: y + font / 3, 'font-size': font * 0.8, 'text-anchor': side < 0 ? 'end' : 'start' }, words));
    }
  }
  for (const [id, cx] of x) {
    const node = view.node(id);
    const y = top(id);
    const here = home.get(id) === page;
    if (node.leaf) {
      root.append(svg('text', { x: cx, y: y - 1, 'font-size': font, 'text-anchor': 'middle', 'font-weight': 700 }, node.label));
      const w = m.vector ? 20 : PAPER.leafWidth;
      root.append(svg('rect', { x: cx - w / 2, y, width: w, height: PAPER.leafHeight, rx: 1.5, class: 'worksheet-leaf' }));
      root.append(svg('text', { x: cx, y: y + PAPER.leafHeight / 2 + font / 3, 'font-size': font, 'text-anchor': 'middle' }, minusSigns(formatValue(node.staticValue))));
      if (m.pruned.has(node.label)) {
        const by = y + PAPER.leafHeight + 2;
        const box = svg('rect', { x: cx - PAPER.pruned - 0.5, y: by, width: PAPER.pruned, height: PAPER.pruned, class: 'worksheet-box', 'data-box': 'pruned', 'data-for': node.label });
        box.append(svg('title', {}, t('sheet.prunedField', { label: node.label })));
        root.append(box, svg('text', { x: cx + 0.8, y: by + PAPER.pruned - 1, 'font-size': font * 1.1, class: 'worksheet-scissors' }, '✂'));
        if (typed.pruned.has(node.label)) root.append(svg('text', { x: cx - PAPER.pruned / 2 - 0.5, y: by + PAPER.pruned - 1, 'font-size': font * 1.2, 'text-anchor': 'middle' }, '✗'));
      }
      continue;
    }
    const round = node.player === 'MIN' || (typeof node.player === 'number' && node.player % 2 === 0);
    const box = svg('rect', { x: cx - m.valueWidth / 2, y, width: m.valueWidth, height: PAPER.valueHeight, rx: round ? PAPER.valueHeight / 2 : 1, class: here ? 'worksheet-box' : 'worksheet-box worksheet-elsewhere' });
    if (here && m.values.has(node.label)) {
      box.setAttribute('data-box', 'value');
      box.setAttribute('data-for', node.label);
      box.append(svg('title', {}, t('sheet.valueField', { label: node.label, player: node.player })));
    }
    root.append(box, svg('text', { x: cx - m.valueWidth / 2 - 0.8, y: y + font, 'font-size': font, 'text-anchor': 'end', 'font-weight': 700 }, node.label));
    const answer = here ? typed.values.get(node.label) : null;
    const inside = answer ? written(answer) : here ? '' : t('worksheet.pageShort', { page: /** @type {number} */ (home.get(id)) + 1 });
    if (inside) root.append(svg('text', { x: cx, y: y + PAPER.valueHeight / 2 + font / 2.6, 'font-size': here ? font * 1.3 : font * 0.8, 'text-anchor': 'middle', class: 'worksheet-typed' }, inside));
    if (here && m.windows.has(node.label)) root.append(windowBoxes(node.label, cx, y + PAPER.valueHeight, m.stacked, limits, typed.windows.get(node.label)));
  }
  const wrapper = document.createElement('div');
  wrapper.className = 'worksheet-page';
  if (pages > 1) {
    const caption = document.createElement('p');
    caption.className = 'worksheet-caption';
    caption.textContent = t('worksheet.page', { page: page + 1, pages });
    wrapper.append(caption);
  }
  wrapper.append(root);
  return wrapper;
}

/** The height a window's row takes under its box. @param {ReturnType<typeof measures>} m */
function windowRoom(m) {
  return PAPER.font + (m.stacked ? 2 * PAPER.boundHeight + 1.5 : PAPER.boundHeight) + 1.5;
}

/**
 * A window's two boxes under a node's box: the moment asked over them, then α and β (P and U).
 * @param {string} label
 * @param {number} cx
 * @param {number} top
 * @param {boolean} stacked
 * @param {boolean} limits
 * @param {{alpha: string, beta: string} | undefined} typed
 */
function windowBoxes(label, cx, top, stacked, limits, typed) {
  const group = svg('g', { class: 'worksheet-window' });
  const font = PAPER.font;
  group.append(svg('text', { x: cx, y: top + font, 'font-size': font * 0.85, 'text-anchor': 'middle', 'font-style': 'italic' }, t('sheet.onEntry')));
  const bound = PAPER.boundLabel + PAPER.boundWidth;
  const names = limits ? ['P', 'U'] : ['α', 'β'];
  ['alpha', 'beta'].forEach((key, i) => {
    const left = stacked ? cx - bound / 2 : cx - bound - PAPER.gap / 2 + i * (bound + PAPER.gap);
    const y = top + font + 1 + (stacked ? i * (PAPER.boundHeight + 1.5) : 0);
    group.append(svg('text', { x: left + PAPER.boundLabel - 0.8, y: y + PAPER.boundHeight / 2 + font / 3, 'font-size': font, 'text-anchor': 'end', 'font-weight': 700 }, names[i]));
    const box = svg('rect', { x: left + PAPER.boundLabel, y, width: PAPER.boundWidth, height: PAPER.boundHeight, rx: 1, class: 'worksheet-box', 'data-box': key, 'data-for': label });
    box.append(svg('title', {}, t('sheet.boundField', { name: limits ? t(i ? 'bounds.use' : 'bounds.pass') : names[i], label })));
    group.append(box);
    const value = typed?.[/** @type {'alpha' | 'beta'} */ (key)];
    if (value) group.append(svg('text', { x: left + PAPER.boundLabel + PAPER.boundWidth / 2, y: y + PAPER.boundHeight / 2 + font / 2.6, 'font-size': font * 1.2, 'text-anchor': 'middle', class: 'worksheet-typed' }, written(value)));
  });
  return group;
}
