// The search tree as SVG (crisp on a projector at any size): one <g> per node carrying
// data-node="<label>" and an aria-label with its state, edges from parent to child, pruned edges
// dashed and cut, the principal path in green, the current node outlined. Drawing only: what is
// shown comes in a model, clicks go out through onActivate(id).
//
// Drawing costs what is on screen, not what the tree holds: each node and edge keeps its element
// and is redrawn only when what it shows changed (a step changes one or two nodes), and a large
// tree (typed trees go up to 20,000 nodes) has elements only for the part in view, made as it
// scrolls in.

import { layoutTree, GEOMETRY } from './tree-layout.js';
import { t, language } from './i18n.js';
import { formatValue, formatBounded, boundsText, playerName, minusSigns } from './format.js';
import { closestTarget } from '../common/dom.js';

/** @typedef {import('./lessons.js').LessonView} LessonView */
/** @typedef {import('../pkg/classroom/reversi.js').LessonNode} LessonNode */
/** @typedef {import('../pkg/classroom/reversi.js').NodeState} NodeState */
/** @typedef {import('./tree-layout.js').Box} Box */
/**
 * What the tree shows: the lesson, each node's state at the step on show, the current and the
 * selected node, the principal path, which nodes show their children, the root's name, the nodes
 * to keep in view (the first above all) and, during an `order` step, each child's place.
 * @typedef {object} TreeModel
 * @property {LessonView} view
 * @property {(id: number) => NodeState | undefined} stateOf
 * @property {number} current
 * @property {number | null} selected
 * @property {Set<number>} principal
 * @property {(id: number) => boolean} showsChildren
 * @property {string} rootName
 * @property {number[]} [focus]
 * @property {Map<number, number>} [orderMarks]
 * @property {Sheet} [sheet] an exercise's answer sheet: every node drawn, leaves with their values,
 *   inner nodes blank, the room its fields need (exercise.js lays them over the drawing)
 * @property {Set<number>} [asked] nodes a prediction asks about (outlined)
 */
/** An answer sheet's drawing: rows with fields under their boxes, room under the leaves, the
 * nodes whose edges start under their fields.
 * @typedef {{below: (depth: number) => number, bottom: number, stems: Set<number>}} Sheet */
/** A layout with the style it was made with. @typedef {import('./tree-layout.js').Layout & {boxWidth: number, style: ReturnType<typeof styleOf>}} DrawnLayout */
/** What one element shows: its tag, a signature of its content, and how to draw it.
 * @typedef {{tag: string, sig: string, build: (element: SVGElement) => void}} Drawing */

const NS = 'http://www.w3.org/2000/svg';

/** Every tunable of the drawing, in one place (lengths in the SVG's user units). */
export const TREE_CONFIG = {
  /** Largest type of a node's value; longer values shrink to fit their box, down to minValueSize. */
  valueSize: 28,
  minValueSize: 23,
  /** The labels above the boxes, the bounds under them, the marks beside the labels. */
  captionSize: 24,
  boundsSize: 24,
  markSize: 24,
  /**
   * Smallest scale of the drawing before it scrolls instead: every text a student reads is then
   * at least 23 × 0.8 ≈ 18 px at zoom 1, from the back of a room.
   */
  minScale: 0.8,
  /** An answer sheet's least scale: 24 × 0.75 = 18 px labels, 28 × 0.75 = 21 px leaf values. */
  sheetMinScale: 0.75,
  /**
   * Games (Othello, tic-tac-toe) share the width with the position beside the tree on a 1024 px
   * projector: a smaller least scale (24 × 0.75 = 18 px), wider gaps for the marks beside labels.
   */
  game: { valueSize: 30, minScale: 0.75, gap: 22 },
  maxScale: 1.5,
  /** More shown nodes than this: only the part in view (and a margin) has elements. */
  virtualizeAbove: 400,
  /** Margin drawn around the part in view, so that a short scroll shows no gap. */
  overscan: 300,
  /** A node with more children than this draws its edges as one bus (a fan of lines would be a smear). */
  busAbove: 12,
  /** Room kept under the tree for the legend when fitting it to the window's height. */
  belowTree: 64,
};

/**
 * An SVG element with these attributes and its text (or children).
 * @param {string} tag
 * @param {Record<string, string | number>} [attributes]
 * @param {string | (Node | string)[]} [text]
 */
function svgElement(tag, attributes = {}, text) {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (Array.isArray(text)) element.append(...text);
  else if (text !== undefined) element.textContent = text;
  return element;
}

/** Box widths of a lesson, inner nodes and leaves: room for the widest value (a bound's "≥ −23"
 * where the algorithm cuts), one number per player for vectors, tic-tac-toe's board.
 * @param {LessonView} view */
function boxWidths(view) {
  if (view.kind === 'tictactoe') return { inner: 150, leaf: 150 };
  if (view.kind === 'othello') return { inner: 116, leaf: 116 };
  // The longest values written (the same number of characters are about as wide), measured.
  /** @type {Set<string>} */
  let longest = new Set();
  let length = 0;
  for (let id = 0; id < view.nodeCount; id++) {
    const value = view.node(id).staticValue;
    if (value === undefined) continue;
    const text = formatValue(value);
    if (text.length > length) {
      length = text.length;
      longest = new Set([text]);
    } else if (text.length === length && longest.size < 8) {
      longest.add(text);
    }
  }
  const widest = Math.max(0, ...[...longest].map(emWidth));
  const fits = (/** @type {number} */ em) => Math.ceil(em * TREE_CONFIG.valueSize + 18);
  const leaf = Math.max(66, fits(widest));
  const inner = view.boundsKind === 'none' ? leaf : Math.max(leaf, 90, fits(widest + emWidth('≥ ')));
  return { inner, leaf };
}

/** How a lesson's tree is drawn: sizes of boxes, rows, gaps, type and the least scale.
 * @param {LessonView} view
 * @param {Sheet | undefined} sheet */
function styleOf(view, sheet) {
  /** @type {{valueSize?: number, minScale?: number, gap?: number}} */
  const game = view.isGame ? TREE_CONFIG.game : {};
  const boxHeight = view.kind === 'tictactoe' ? TTT.boxHeight : GEOMETRY.boxHeight;
  const bounds = !sheet && view.boundsKind !== 'none';
  // A game's boxes stand close (its collapsed moves side by side): its α and β one above the
  // other right of the stem, where no neighbour's can meet them.
  const stacked = bounds && view.isGame;
  const { inner, leaf } = boxWidths(view);
  return {
    width: inner,
    leafWidth: leaf,
    boxHeight,
    stacked,
    levelHeight: (bounds ? GEOMETRY.levelHeightWithBounds + (stacked ? 32 : 0) : GEOMETRY.levelHeight) + boxHeight - GEOMETRY.boxHeight,
    gap: game.gap ?? GEOMETRY.gap,
    underInner: bounds ? (stacked ? 78 : 46) : 0,
    /** The stem under an inner node, between its α and β (or left of them), before its edges fan out. */
    stem: bounds ? (stacked ? 70 : 38) : 0,
    below: sheet?.below,
    bottom: sheet?.bottom ?? 0,
    valueSize: game.valueSize ?? TREE_CONFIG.valueSize,
    /** The least type of a value: 18 px at the least scale (24 × 0.75 in games). */
    minValueSize: view.isGame ? 24 : TREE_CONFIG.minValueSize,
    // An answer sheet is read at a desk, its fields sized on their own (≥ 18 px): a little smaller fits 1024×768.
    minScale: sheet ? TREE_CONFIG.sheetMinScale : (game.minScale ?? TREE_CONFIG.minScale),
  };
}

/** A canvas to measure text with (never drawn). @type {CanvasRenderingContext2D | null} */
let measurer = null;
const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Width of `text` in ems of the bold value font, measured as the browser draws it.
 * @param {string} text */
function emWidth(text) {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (!measurer) return text.length * 0.65;
  measurer.font = `800 100px ${FONT_FAMILY}`;
  return measurer.measureText(text).width / 100;
}

/** A node's value as SVG text content: a bound's sign ("≥ 25") as large as its number, so that
 * the sign is read from the back of the room too.
 * @param {string} text */
function valueContent(text) {
  const sign = /^[≥≤] /.exec(text);
  if (!sign) return text;
  return [svgElement('tspan', { class: 'bound-sign' }, sign[0]), text.slice(2)];
}

/** Width of a label in the caption font, in user units (its characters at about 0.62 em).
 * @param {string} text
 * @param {number} size */
function captionWidth(text, size) {
  return text.length * 0.62 * size;
}

/** The largest type (up to `largest`) at which `text` fits in `width`.
 * @param {string} text
 * @param {number} width
 * @param {number} largest */
function valueFontSize(text, width, largest, least = TREE_CONFIG.minValueSize) {
  const fits = Math.floor((width - 14) / emWidth(text));
  return Math.max(least, Math.min(largest, fits));
}

/** The label above a box: 24 units, smaller only for a long one (n19667) so that neighbours never overlap.
 * @param {string} text
 * @param {number} width
 * @param {number} gap */
function captionFontSize(text, width, gap) {
  return Math.max(11, Math.min(TREE_CONFIG.captionSize, Math.floor((width + gap - 6) / (text.length * 0.62))));
}

/**
 * Where the drawing is, for what is laid over it (in the drawing's own box, `canvas`): its offset
 * there (CSS px), its size in user units, its scale, and each shown node's box in user units.
 * @typedef {{left: number, top: number, width: number, height: number, scale: number,
 *            boxOf: (id: number) => Box | undefined, boxes: () => Box[], boxHeight: number,
 *            rowTop: (depth: number) => number}} Geometry
 */

/** A tic-tac-toe node's small board: its side, its inset in the box, and the taller box that holds it. */
const TTT = { size: 54, inset: 5, boxHeight: 64 };

/**
 * @param {HTMLElement} container  scrolls when the tree is larger than it
 * @param {{onActivate: (id: number) => void, topOf?: () => number, afterDraw?: (geometry: Geometry) => void,
 *          roomBelow?: () => number}} handlers
 *   `topOf`: the box's top in the page to fit the tree under (the page may say where it stands when the
 *   text above it is of usual length, so that a long sentence does not shrink the tree for one step);
 *   `afterDraw`: told where the boxes are after each drawing (the exercise's fields, a prediction's
 *   question are laid over them); `roomBelow`: the height to keep under the tree's box (its legend)
 */
export function createTreeView(container, { onActivate, topOf = () => container.getBoundingClientRect().top + window.scrollY, afterDraw, roomBelow = () => TREE_CONFIG.belowTree }) {
  const svg = svgElement('svg', { role: 'group', class: 'tree-svg' });
  const levels = svgElement('g', { class: 'levels', 'aria-hidden': 'true' });
  const edgeLayer = svgElement('g', { class: 'edges' });
  const nodeLayer = svgElement('g', { class: 'nodes' });
  // The names of the levels on top: they stay at the left edge while a wide tree scrolls under them.
  const levelNames = svgElement('g', { class: 'level-names', 'aria-hidden': 'true' });
  svg.append(levels, edgeLayer, nodeLayer, levelNames);
  // The drawing and what is laid over it (an answer sheet's fields, a question) share one box, so
  // that the fields follow the drawing whatever its size (a print stylesheet resizes it).
  const canvas = document.createElement('div');
  canvas.className = 'tree-canvas';
  canvas.append(svg);
  container.append(canvas);

  /** Drawn elements by key, each with the signature of what it shows.
   * @type {Map<string, {element: SVGElement, sig: string}>} */
  const nodeElements = new Map();
  /** @type {Map<string, {element: SVGElement, sig: string}>} */
  const edgeElements = new Map();
  // Set by the first draw, before anything reads them (the scroll handler waits for a model).
  let model = /** @type {TreeModel} */ (/** @type {unknown} */ (null));
  let layout = /** @type {DrawnLayout} */ (/** @type {unknown} */ (null));
  /** @type {{view: LessonView | null, sheet?: Sheet, layout: DrawnLayout | null}} */
  let layoutCache = { view: null, layout: null };
  let scale = 1;
  let zoom = 1;
  /** The scale each tree shape had at zoom 1 in each window size. @type {Map<string, number>} */
  const fitted = new Map();
  let scheduled = false;
  /** The box of a shown node (every node the layout placed). @param {number} id */
  const boxOf = (id) => /** @type {Box} */ (layout.boxes.get(id));

  svg.addEventListener('click', (event) => {
    const target = closestTarget(event, '[data-id]');
    if (target) onActivate(Number(target.dataset.id));
  });
  svg.addEventListener('keydown', (event) => {
    const target = closestTarget(event, '[data-id]');
    if (target && event.key === 'Enter') {
      event.preventDefault();
      onActivate(Number(target.dataset.id));
    }
  });
  // Scrolling a large tree brings other nodes into view: draw them (once a frame).
  container.addEventListener('scroll', () => {
    if (scheduled || !model) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      paint();
    });
  }, { passive: true });

  /**
   * model = {view, stateOf(id), current, selected, principal: Set<id>, showsChildren(id), rootName,
   *          focus: [id…]} — `focus`: the nodes to keep in view, the first above all (the node the
   *          last step was about, then the current node when both fit).
   * @param {TreeModel} next
   */
  function draw(next) {
    model = next;
    layout = layoutFor(model);
    fit(layout);
    keepInView(/** @type {Box[]} */ ((model.focus ?? [model.current]).map((id) => layout.boxes.get(id)).filter(Boolean)));
    paint();
    afterDraw?.({
      left: 0,
      top: 0,
      width: layout.width,
      height: layout.height,
      scale,
      boxOf: (id) => layout.boxes.get(id),
      boxes: () => [...layout.boxes.values()],
      boxHeight: layout.boxHeight,
      rowTop: layout.rowTop,
    });
  }

  /** A node's children in the order they are drawn: the order searched, once known. @param {number} id */
  const childrenOf = (id) => model.view.childrenOf(id);

  /** The layout of what is shown; a typed tree shows all of it, so its layout is made once.
   * @param {TreeModel} model
   * @returns {DrawnLayout} */
  function layoutFor({ view, showsChildren, sheet }) {
    if (!view.isGame && layoutCache.view === view && layoutCache.sheet === sheet && layoutCache.layout) return layoutCache.layout;
    const style = styleOf(view, sheet);
    const nodeOf = (/** @type {number} */ id) => ({ children: view.childrenOf(id) });
    // Room right of the last box for a β (or a game's +3) that reaches past it.
    const right = style.stem || view.isGame ? 80 : 0;
    const result = /** @type {DrawnLayout} */ (layoutTree(nodeOf, showsChildren, { ...style, right, root: view.shownRoot?.() ?? 0 }));
    result.boxWidth = style.width;
    result.style = style;
    layoutCache = { view, sheet, layout: result };
    return result;
  }

  /** The part of the drawing in view, in user units, with a margin; everything for small trees. */
  function visibleWindow() {
    if (layout.boxes.size <= TREE_CONFIG.virtualizeAbove) return null;
    const outer = container.getBoundingClientRect();
    const inner = svg.getBoundingClientRect();
    const left = outer.left + container.clientLeft;
    const top = outer.top + container.clientTop;
    const pad = TREE_CONFIG.overscan;
    return {
      x0: (left - inner.left) / scale - pad,
      x1: (left + container.clientWidth - inner.left) / scale + pad,
      y0: (top - inner.top) / scale - pad,
      y1: (top + container.clientHeight - inner.top) / scale + pad,
    };
  }

  /** @param {Box} box
   * @param {{x0: number, x1: number, y0: number, y1: number}} area */
  function inWindow(box, area) {
    const half = box.width / 2;
    return box.x + half >= area.x0 && box.x - half <= area.x1 && box.y + layout.boxHeight + 60 >= area.y0 && box.y - 30 <= area.y1;
  }

  /** Brings the elements in line with the model: only what changed is touched. */
  function paint() {
    const { view } = model;
    const area = visibleWindow();
    let shown = layout.order;
    if (area) shown = shown.filter((id) => inWindow(boxOf(id), area));

    paintLevels(area);

    // Edges: each shown node's edge from its parent; a shown parent's edges to all its children
    // (they reach into view even when the child does not), or its bus.
    /** @type {Map<string, () => Drawing>} */
    const edges = new Map();
    const busOf = (/** @type {number} */ id) => model.showsChildren(id) && childrenOf(id).length > TREE_CONFIG.busAbove;
    const addEdge = (/** @type {number} */ child) => {
      const parent = view.node(child).parent;
      if (parent < 0 || !layout.boxes.has(child)) return;
      if (busOf(parent)) {
        edges.set(`s${child}`, () => stub(parent, child));
        if (!edges.has(`b${parent}`)) edges.set(`b${parent}`, () => bus(parent));
      } else {
        edges.set(`e${child}`, () => straight(parent, child));
      }
    };
    for (const id of shown) {
      addEdge(id);
      const children = childrenOf(id);
      if (!model.showsChildren(id) || children.length === 0) continue;
      if (busOf(id)) edges.set(`b${id}`, () => bus(id));
      else for (const child of children) addEdge(child);
    }
    reconcile(edgeLayer, edgeElements, edges, false);

    /** @type {Map<string, () => Drawing>} */
    const nodes = new Map();
    for (const id of shown) nodes.set(`n${id}`, () => nodeDrawing(id));
    const focusedId = /** @type {HTMLElement | null | undefined} */ (document.activeElement?.closest?.('[data-id]'))?.dataset.id;
    reconcile(nodeLayer, nodeElements, nodes, true);
    if (focusedId !== undefined && document.activeElement === document.body) {
      /** @type {SVGElement | null} */ (svg.querySelector(`[data-id="${focusedId}"]`))?.focus({ preventScroll: true });
    }
  }

  /**
   * Makes `layer` hold one element per entry of `wanted` (key → () => {sig, build(element)}):
   * elements whose signature is unchanged are left alone, others rebuilt, missing ones made,
   * unwanted ones removed. `ordered`: keep the elements in the order of `wanted`.
   * @param {Element} layer
   * @param {Map<string, {element: SVGElement, sig: string}>} drawn
   * @param {Map<string, () => Drawing>} wanted
   * @param {boolean} ordered
   */
  function reconcile(layer, drawn, wanted, ordered) {
    let added = false;
    for (const [key, entry] of drawn) {
      if (!wanted.has(key)) {
        entry.element.remove();
        drawn.delete(key);
      }
    }
    for (const [key, describe] of wanted) {
      const { sig, tag, build } = describe();
      const entry = drawn.get(key);
      if (entry && entry.sig === sig) continue;
      if (entry) {
        build(entry.element);
        entry.sig = sig;
      } else {
        const element = svgElement(tag);
        build(element);
        drawn.set(key, { element, sig });
        layer.append(element);
        added = true;
      }
    }
    // Screen readers and Tab follow the document's order: keep it the tree's order.
    if (ordered && added) for (const key of wanted.keys()) layer.append(/** @type {{element: SVGElement}} */ (drawn.get(key)).element);
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

  // --- Levels ---------------------------------------------------------------------------------

  /** @param {{x0: number} | null} area */
  function paintLevels(area) {
    const { view } = model;
    // The level names stay at the left edge of the view while a wide tree scrolls.
    const nameX = Math.max(10, (area ? area.x0 + TREE_CONFIG.overscan : 0) + 10);
    /** @type {Map<number, import('../pkg/classroom/reversi.js').LessonPlayer>} */
    const playerAtDepth = new Map();
    for (const id of layout.order) {
      const depth = boxOf(id).depth;
      if (!playerAtDepth.has(depth)) playerAtDepth.set(depth, view.node(id).player);
      if (playerAtDepth.size === layout.depths) break;
    }
    const bands = [];
    const names = [];
    for (let depth = 0; depth < layout.depths; depth++) {
      const y = layout.rowTop(depth);
      const player = /** @type {import('../pkg/classroom/reversi.js').LessonPlayer} */ (playerAtDepth.get(depth));
      const height = (depth + 1 < layout.depths ? layout.rowTop(depth + 1) : layout.height + GEOMETRY.top) - y;
      bands.push(svgElement('rect', { class: `band ${depth % 2 ? 'odd' : 'even'}`, x: 0, y: y - 40, width: layout.width, height }));
      const kind = player === 'MIN' ? 'min' : player === 'MAX' ? 'max' : `p${player}`;
      names.push(svgElement('text', { class: `level-name ${kind}`, x: nameX, y: y + layout.boxHeight / 2 + 8 }, playerName(player, true)));
    }
    levels.replaceChildren(...bands);
    levelNames.replaceChildren(...names);
  }

  // --- Edges ----------------------------------------------------------------------------------

  /** @param {number} id */
  function edgeStatus(id) {
    const state = model.stateOf(id);
    return state ? state.status : 'unvisited';
  }

  /** @param {number} parent
   * @param {number} child */
  function onPrincipal(parent, child) {
    return model.principal.has(parent) && model.principal.has(child);
  }

  /** @param {number} id */
  function cutTitle(id) {
    const cutoff = model.view.cutoffOf(id);
    return cutoff ? minusSigns(cutoff.reason[/** @type {'en' | 'pt'} */ (language().slice(0, 2))] ?? cutoff.reason.en) : '';
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
  const edgeTop = (box) => box.y - TREE_CONFIG.captionSize - 14;
  /** Where a parent's edges leave it: under the box, under its α and β when they are written, under
   * an answer sheet's fields (the stem hidden behind them). @param {Box} box */
  const edgeFoot = (box) => box.y + layout.boxHeight + layout.style.stem + (model.sheet?.stems.has(box.id) ? model.sheet.below(box.depth) : 0);

  /** @param {number} parent
   * @param {number} child
   * @returns {Drawing} */
  function straight(parent, child) {
    const from = boxOf(parent);
    const to = boxOf(child);
    const status = edgeStatus(child);
    const x1 = from.x;
    const y0 = from.y + layout.boxHeight;
    const y1 = edgeFoot(from);
    const x2 = to.x;
    const y2 = edgeTop(to);
    const classes = ['edge', status, onPrincipal(parent, child) ? 'principal' : ''].join(' ').trim();
    const title = status === 'pruned' ? cutTitle(child) : '';
    return {
      tag: 'g',
      sig: `${x1},${y0},${y1},${x2},${y2},${classes},${title}`,
      build(group) {
        // A stem straight down between the parent's α and β, then the edge to the child's label.
        group.replaceChildren(svgElement('polyline', { class: classes, points: `${x1},${y0} ${x1},${y1} ${x2},${y2}` }));
        if (status === 'pruned') {
          // Just above the child's label (the parent's bounds are written under the parent).
          const my = y2 - 14;
          const mx = x1 + ((x2 - x1) * (my - y1)) / (y2 - y1);
          cutMarks(group, mx, my, title);
        }
      },
    };
  }

  const busY = (/** @type {number} */ child) => edgeTop(boxOf(child)) - 18;

  /** A wide node's bus: down from the parent, then across its children (the principal part green).
   * @param {number} parent
   * @returns {Drawing} */
  function bus(parent) {
    const children = childrenOf(parent);
    const from = boxOf(parent);
    const first = boxOf(children[0]);
    const last = boxOf(children[children.length - 1]);
    const y = busY(children[0]);
    const principalChild = model.principal.has(parent) ? children.find((c) => model.principal.has(c)) : undefined;
    const px = principalChild === undefined ? null : boxOf(principalChild).x;
    const classes = `edge ${edgeStatus(parent) === 'unvisited' ? 'unvisited' : 'done'}`;
    return {
      tag: 'g',
      sig: `${from.x},${from.y},${first.x},${last.x},${y},${px},${classes}`,
      build(group) {
        group.replaceChildren(
          svgElement('line', { class: classes, x1: from.x, y1: from.y + layout.boxHeight, x2: from.x, y2: y }),
          svgElement('line', { class: classes, x1: first.x, y1: y, x2: last.x, y2: y }),
        );
        if (px !== null) {
          group.append(
            svgElement('line', { class: 'edge principal', x1: from.x, y1: from.y + layout.boxHeight, x2: from.x, y2: y }),
            svgElement('line', { class: 'edge principal', x1: from.x, y1: y, x2: px, y2: y }),
          );
        }
      },
    };
  }

  /** A child's stub down from its parent's bus.
   * @param {number} parent
   * @param {number} child
   * @returns {Drawing} */
  function stub(parent, child) {
    const to = boxOf(child);
    const status = edgeStatus(child);
    const y1 = busY(child);
    const y2 = edgeTop(to);
    const classes = ['edge', status, onPrincipal(parent, child) ? 'principal' : ''].join(' ').trim();
    const title = status === 'pruned' ? cutTitle(child) : '';
    return {
      tag: 'g',
      sig: `${to.x},${y1},${y2},${classes},${title}`,
      build(group) {
        group.replaceChildren(svgElement('line', { class: classes, x1: to.x, y1, x2: to.x, y2 }));
        if (status === 'pruned') cutMarks(group, to.x, (y1 + y2) / 2, title);
      },
    };
  }

  // --- Nodes ----------------------------------------------------------------------------------

  /** @param {number} id
   * @returns {Drawing} */
  function nodeDrawing(id) {
    const { view } = model;
    const node = view.node(id);
    const box = boxOf(id);
    const width = box.width;
    const sheet = Boolean(model.sheet);
    const state = sheet ? undefined : model.stateOf(id);
    const status = sheet ? 'sheet' : state ? state.status : 'unvisited';
    const isCurrent = !sheet && id === model.current;
    const caption = view.captionOf(id, model.rootName);
    const isLeaf = node.leaf || node.children.length === 0;
    const classes = ['node', node.player === 'MIN' ? 'min' : node.player === 'MAX' ? 'max' : `p${node.player}`, status];
    if (isLeaf) classes.push('leaf');
    if (model.principal.has(id)) classes.push('principal');
    if (isCurrent) classes.push('current');
    if (id === model.selected) classes.push('selected');
    if (model.asked?.has(id)) classes.push('asked');
    const hidden = node.children.length > 0 && !model.showsChildren(id);
    const label = sheet ? sheetLabel(view, node, caption) : ariaLabel(view, node, state, caption) + (isCurrent ? t('aria.current') : '');
    const attributes = {
      class: classes.join(' '),
      'data-id': id,
      'data-node': node.label,
      role: 'button',
      tabindex: 0,
      'aria-label': label,
      'aria-current': isCurrent ? 'step' : null,
      'aria-expanded': hidden ? 'false' : node.children.length > 0 && view.isGame ? 'true' : null,
      'aria-description': hidden ? t('tree.expand', { n: node.children.length }) : null,
    };
    // A node whose search was cut shows its bound ("≥ 25"): only exact nodes a plain value. An
    // answer sheet shows the leaves' values only.
    let shown;
    if (sheet) shown = isLeaf ? formatValue(node.staticValue) : '';
    else shown = !state || status === 'unvisited' || status === 'pruned' ? '' : status === 'open' ? formatValue(state.value) : formatBounded(state.value, state.bound);
    // While an `order` event is the step on show: each child's place in the search order.
    const orderMark = model.orderMarks?.get(id) ?? '';
    const tableMark = !sheet && state?.table === true;
    const bounds = !sheet && state && !isLeaf && status !== 'pruned' ? boundsText(view.boundsKind, state) : null;
    const sides = bounds ? ('alpha' in bounds ? [`α ${bounds.alpha}`, `β ${bounds.beta}`] : [`P ${bounds.pass}`, `U ${bounds.use}`]) : [];
    const board = view.kind === 'tictactoe' && node.board ? node.board.slice(0, 9) : '';
    const sig = [box.x, box.y, width, attributes.class, attributes['aria-label'], attributes['aria-description'], shown, sides.join('/'), caption, board, hidden, orderMark, tableMark].join('|');
    return {
      tag: 'g',
      sig,
      build(group) {
        setAttributes(group, attributes);
        const left = box.x - width / 2;
        const captionSize = captionFontSize(caption, width, layout.style.gap);
        const captionY = box.y - 10;
        const parts = [svgElement('text', { class: 'caption', x: box.x, y: captionY, 'font-size': captionSize }, caption)];
        // MAX: square corners; MIN (and the players of max^n after the first): round, so the
        // shape says it where colour cannot (a grey projector, colour blindness).
        const round = node.player === 'MIN' || (typeof node.player === 'number' && node.player % 2 === 0);
        parts.push(svgElement('rect', { class: 'box', x: left, y: box.y, width, height: layout.boxHeight, rx: round ? (board ? 20 : layout.boxHeight / 2) : 4 }));
        let valueX = box.x;
        let valueWidth = width;
        if (board) {
          // Which a1? The position itself, on a small board at the box's left.
          const boardLeft = left + (round ? 8 : TTT.inset);
          parts.push(ticTacToeBoard(board, node.move, boardLeft, box.y + (layout.boxHeight - TTT.size) / 2));
          const rest = left + width - (boardLeft + TTT.size);
          valueX = boardLeft + TTT.size + rest / 2 - (round ? 4 : 0);
          valueWidth = rest - (round ? 8 : 0);
        }
        if (shown) {
          parts.push(svgElement('text', { class: 'value', x: valueX, y: box.y + layout.boxHeight / 2 + 1, 'font-size': valueFontSize(shown, valueWidth, layout.style.valueSize, layout.style.minValueSize) }, valueContent(shown)));
        }
        if (sides.length && layout.style.stacked) {
          // A game's: α over β, right of the stem.
          const y = box.y + layout.boxHeight + 24;
          parts.push(
            svgElement('text', { class: 'bounds bounds-low', x: box.x + 9, y, 'text-anchor': 'start' }, sides[0]),
            svgElement('text', { class: 'bounds bounds-high', x: box.x + 9, y: y + 31, 'text-anchor': 'start' }, sides[1]),
          );
        } else if (sides.length) {
          // α (or Pass-Thresh) left of the stem, β (Use-Thresh) right of it: the edges pass between them.
          const y = box.y + layout.boxHeight + 26;
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

  /**
   * Sizes the drawing: small trees grow to fill the width (read from the back of a room) but stay
   * within the window's height below the tree's top (a 1024×768 projector shows the whole lecture
   * tree); large ones shrink down to their least scale (TREE_CONFIG) and then scroll. The zoom multiplies it.
   * @param {DrawnLayout} shape
   */
  function fit(shape) {
    const available = Math.max(200, container.clientWidth - 4);
    const pageTop = topOf();
    // The box ends above the legend at the bottom of the window (at least 40 % of the window on a
    // phone, where the tree starts low): the node the replay is at, kept in view in the box, is
    // then on the screen.
    const below = roomBelow();
    container.style.maxHeight = `${Math.round(Math.max(window.innerHeight * 0.4, window.innerHeight - pageTop - below))}px`;
    // Fitted as at zoom 1 (the text above the tree grows with the zoom too), then zoomed: + and −
    // change the tree's size by the zoom's factor, and it scrolls when it outgrows its box.
    const top = pageTop / zoom;
    // The box's content: its height less its borders.
    const height = Math.max(200, window.innerHeight - top - below - 2 * container.clientTop);
    const least = shape.style.minScale;
    let base = Math.min(TREE_CONFIG.maxScale, available / shape.width, Math.max(least, height / shape.height));
    base = Math.max(least, base);
    // The size at zoom 1 is remembered for this tree and window: zoomed, the text above the tree
    // wraps onto more lines, which must not make the tree smaller.
    const key = `${shape.width}x${shape.height}@${window.innerWidth}x${window.innerHeight}`;
    if (zoom === 1) fitted.set(key, base);
    else base = fitted.get(key) ?? base;
    scale = base * zoom;
    svg.setAttribute('viewBox', `0 0 ${shape.width} ${shape.height}`);
    svg.setAttribute('aria-label', t('tree.label'));
    svg.style.width = `${Math.round(shape.width * scale)}px`;
    svg.style.height = `${Math.round(shape.height * scale)}px`;
  }

  /**
   * Scrolls the tree's box so that the first of `boxes` is in view during a replay, and the others
   * with it when they fit (a leaf and its parent, whose box may be far away above a wide fan). The
   * box scrolls only when the first node is out of view: a replay does not jump about.
   * @param {Box[]} boxes
   */
  function keepInView(boxes) {
    if (!boxes.length) return;
    const outer = container.getBoundingClientRect();
    const inner = svg.getBoundingClientRect();
    // The drawing's origin in the box's scrolled content.
    const originX = inner.left - outer.left - container.clientLeft + container.scrollLeft;
    const originY = inner.top - outer.top - container.clientTop + container.scrollTop;
    const half = (layout.boxWidth / 2 + 50) * scale;
    const span = (/** @type {Box} */ box) => ({
      left: originX + box.x * scale - half,
      right: originX + box.x * scale + half,
      top: originY + (box.y - 44) * scale,
      bottom: originY + (box.y + layout.boxHeight + (layout.style.stem ? 34 : 8)) * scale,
    });
    const [first, ...others] = boxes.map(span);
    const width = container.clientWidth;
    const height = container.clientHeight;
    if (first.left < container.scrollLeft || first.right > container.scrollLeft + width) {
      let left = first.left;
      let right = first.right;
      for (const other of others) {
        if (Math.max(right, other.right) - Math.min(left, other.left) > width) continue;
        left = Math.min(left, other.left);
        right = Math.max(right, other.right);
      }
      container.scrollLeft = Math.max(0, (left + right) / 2 - width / 2);
    }
    const root = layout.boxes.get(layout.order[layout.order.length - 1]);
    const rootTop = originY + ((root?.y ?? 0) - 2) * scale;
    // The first node's box without what is written under it: the root comes before its bounds.
    const firstBox = originY + (boxes[0].y + layout.boxHeight + 4) * scale;
    if (firstBox - rootTop <= height && (rootTop < container.scrollTop || firstBox > container.scrollTop + height)) {
      container.scrollTop = Math.max(0, Math.min(rootTop, first.bottom - height + 2));
    } else if (first.top < container.scrollTop || first.bottom > container.scrollTop + height) {
      // From the root's box down when that fits (a cut's reason is about bounds from above; the
      // root's label may go), else the node near the bottom of the box with as many of its
      // ancestors as fit above it.
      if (first.bottom - rootTop <= height) container.scrollTop = Math.max(0, Math.min(rootTop, first.bottom - height + 2));
      else container.scrollTop = Math.max(0, first.bottom - height + 2);
    } else if (container.scrollTop > rootTop && first.bottom - height <= rootTop) {
      // The node is in view, the root above it is not but would fit with it: bring it back.
      container.scrollTop = Math.max(0, first.bottom - height);
    }
  }

  return {
    draw,
    /** The box holding the drawing, where what is laid over it goes. */
    canvas,
    /** Zoom factor (1 = fitted): the teacher's + / −.
     * @param {number} value */
    setZoom(value) {
      zoom = value;
    },
    /** The drawing's scale now (CSS pixels per user unit). */
    get scale() {
      return scale;
    },
    /** The width the drawing needs at its least scale (and the zoom), in CSS pixels: more than its
     * column has, the page gives it the page's width. */
    get leastWidth() {
      return layout ? layout.width * layout.style.minScale * zoom : 0;
    },
  };
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
