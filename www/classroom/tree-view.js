// The search tree as SVG (crisp on a projector at any size): one <g> per node carrying
// data-node="<label>" and an aria-label with its state, edges from parent to child, pruned edges
// dashed and cut, the principal path in green, the current node outlined. Drawing only: what is
// shown comes in a model, clicks go out through onActivate(id).
//
// Drawing costs what is on screen, not what the tree holds: each node and edge keeps its element
// and is redrawn only when what it shows changed (a step changes one or two nodes), and a large
// tree (typed trees go up to 20,000 nodes) has elements only for the part in view, made as it
// scrolls in. The elements themselves: tree-drawing.js; the drawing's sizes: tree-style.js.

import { layoutTree, GEOMETRY } from './tree-layout.js';
import { t } from './language.js';
import { playerName } from './format.js';
import { TREE_CONFIG, DENSITIES, svgElement, styleOf } from './tree-style.js';
import { boxOf, childrenOf, straight, bus, stub, nodeDrawing } from './tree-drawing.js';
import { closestTarget } from '../common/dom.js';

export { TREE_CONFIG } from './tree-style.js';

/** @typedef {import('./lessons.js').LessonView} LessonView */
/** @typedef {import('../pkg/classroom/reversi.js').NodeState} NodeState */
/** @typedef {import('./tree-layout.js').Box} Box */
/** @typedef {import('./tree-drawing.js').Drawing} Drawing */
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
 * @property {boolean} [folded] a typed tree too large to show whole: only the nodes open are drawn
 */
/** An answer sheet's drawing: rows with fields under their boxes, room under the leaves, the
 * nodes whose edges start under their fields.
 * @typedef {{below: (depth: number) => number, bottom: number, stems: Set<number>}} Sheet */
/** A layout with the style it was made with. @typedef {import('./tree-layout.js').Layout & {boxWidth: number, style: ReturnType<typeof import('./tree-style.js').styleOf>}} DrawnLayout */

/**
 * Where the drawing is, for what is laid over it (in the drawing's own box, `canvas`): its offset
 * there (CSS px), its size in user units, its scale, and each shown node's box in user units.
 * @typedef {{left: number, top: number, width: number, height: number, scale: number,
 *            boxOf: (id: number) => Box | undefined, boxes: () => Box[], boxHeight: number,
 *            rowTop: (depth: number) => number}} Geometry
 */


/**
 * A tree view: its box and drawing, the elements drawn by key (each with the signature of what it
 * shows), the model and layout drawn last, the scale, the zoom and the scales fitted so far.
 * @typedef {object} TreeView
 * @property {HTMLElement} container
 * @property {SVGElement} svg
 * @property {SVGElement} levels
 * @property {SVGElement} levelNames
 * @property {SVGElement} edgeLayer
 * @property {SVGElement} nodeLayer
 * @property {Map<string, {element: SVGElement, sig: string}>} nodeElements
 * @property {Map<string, {element: SVGElement, sig: string}>} edgeElements
 * @property {TreeModel} model set by the first draw, before anything reads it (the scroll handler waits for a model)
 * @property {DrawnLayout} layout
 * @property {{view: LessonView | null, sheet?: Sheet, key?: string, layout: DrawnLayout | null, narrowest?: DrawnLayout | null}} layoutCache
 * @property {{view: LessonView | null, key: string, fits: boolean}} wholeCache
 * @property {{view: LessonView | null, byDensity: Map<string, ReturnType<typeof styleOf>>}} styles
 * @property {number} scale
 * @property {number} zoom
 * @property {Map<string, number>} fitted the scale each tree shape had at zoom 1 in each window size
 * @property {() => number} topOf
 * @property {((geometry: Geometry) => void) | undefined} afterDraw
 * @property {() => number} roomBelow
 */

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

  /** @type {TreeView} */
  const tv = {
    container,
    svg,
    levels,
    levelNames,
    edgeLayer,
    nodeLayer,
    nodeElements: new Map(),
    edgeElements: new Map(),
    model: /** @type {TreeModel} */ (/** @type {unknown} */ (null)),
    layout: /** @type {DrawnLayout} */ (/** @type {unknown} */ (null)),
    layoutCache: { view: null, layout: null },
    wholeCache: { view: null, key: '', fits: true },
    styles: { view: null, byDensity: new Map() },
    scale: 1,
    zoom: 1,
    fitted: new Map(),
    topOf,
    afterDraw,
    roomBelow,
  };

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
  let scheduled = false;
  container.addEventListener('scroll', () => {
    if (scheduled || !tv.model) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      paint(tv);
    });
  }, { passive: true });

  return {
    /** @param {TreeModel} next */
    draw: (next) => draw(tv, next),
    /** The box holding the drawing, where what is laid over it goes. */
    canvas,
    /** Zoom factor (1 = fitted): the teacher's + / −.
     * @param {number} value */
    setZoom(value) {
      tv.zoom = value;
    },
    /** The drawing's scale now (CSS pixels per user unit). */
    get scale() {
      return tv.scale;
    },
    /** The width the drawing needs at its least scale (and the zoom), in CSS pixels: more than its
     * column has, the page gives it the page's width. */
    get leastWidth() {
      return tv.layout ? tv.layout.width * tv.layout.style.minScale * tv.zoom : 0;
    },
    /** The width the most compact drawing of the tree needs at its least scale (and the zoom). */
    get narrowestWidth() {
      const narrowest = tv.layoutCache.narrowest ?? tv.layout;
      return narrowest ? narrowest.width * narrowest.style.minScale * tv.zoom : 0;
    },
    /**
     * Whether a typed tree drawn whole, as compactly as it can be, fits its box: a larger one is
     * folded (the page opens the path searched, and the nodes the class clicks).
     * @param {LessonView} view
     */
    wholeFits(view) {
      const room = roomOf(tv);
      const key = `${room.width}x${Math.round(room.height)}`;
      if (tv.wholeCache.view === view && tv.wholeCache.key === key) return tv.wholeCache.fits;
      const style = styleFor(tv, view, undefined, DENSITIES[DENSITIES.length - 1]);
      const layout = layoutTree((id) => ({ children: view.childrenOf(id) }), () => true, { ...style, root: view.shownRoot?.() ?? 0 });
      const fits = !layout.overlaps && layout.width * style.minScale <= room.width && layout.height * style.minScale <= room.height;
      tv.wholeCache = { view, key, fits };
      return fits;
    },
    /** The height the most compact drawing of the tree needs at its least scale (and the zoom). */
    get narrowestHeight() {
      const narrowest = tv.layoutCache.narrowest ?? tv.layout;
      return narrowest ? narrowest.height * narrowest.style.minScale * tv.zoom : 0;
    },
    /** Whether the drawing writes each node's bounds under its box (a dense one does not). */
    get showsBounds() {
      return tv.layout ? tv.layout.style.showsBounds : true;
    },
  };
}

/**
 * model = {view, stateOf(id), current, selected, principal: Set<id>, showsChildren(id), rootName,
 *          focus: [id…]} — `focus`: the nodes to keep in view, the first above all (the node the
 *          last step was about, then the current node when both fit).
 * @param {TreeModel} next
 * @param {TreeView} tv */
function draw(tv, next) {
  tv.model = next;
  const room = roomOf(tv);
  tv.layout = layoutFor(tv, tv.model, room);
  fit(tv, tv.layout, room);
  keepInView(tv, /** @type {Box[]} */ ((tv.model.focus ?? [tv.model.current]).map((id) => tv.layout.boxes.get(id)).filter(Boolean)));
  paint(tv);
  tv.afterDraw?.({
    left: 0,
    top: 0,
    width: tv.layout.width,
    height: tv.layout.height,
    scale: tv.scale,
    boxOf: (id) => tv.layout.boxes.get(id),
    boxes: () => [...tv.layout.boxes.values()],
    boxHeight: tv.layout.boxHeight,
    rowTop: tv.layout.rowTop,
  });
}


/**
 * The room the drawing has, in CSS pixels as at zoom 1: its box's width, and the window's height
 * under the box's top less what stays under the box (the legend).
 * @param {TreeView} tv
 */
function roomOf(tv) {
  const pageTop = tv.topOf();
  const below = tv.roomBelow();
  return {
    width: Math.max(200, tv.container.clientWidth - 10),
    height: Math.max(200, window.innerHeight - pageTop / tv.zoom - below - 2 * tv.container.clientTop),
    pageTop,
    below,
  };
}

/** @typedef {ReturnType<typeof roomOf>} Room */

/**
 * A lesson's style at a density, made once (its box widths read every node's value: a folded
 * tree of 20,000 nodes is laid out at each step).
 * @param {TreeView} tv
 * @param {LessonView} view
 * @param {Sheet | undefined} sheet
 * @param {import('./tree-style.js').Density} density
 */
function styleFor(tv, view, sheet, density) {
  if (sheet) return styleOf(view, sheet, density);
  if (tv.styles.view !== view) tv.styles = { view, byDensity: new Map() };
  let style = tv.styles.byDensity.get(density);
  if (!style) {
    style = styleOf(view, undefined, density);
    tv.styles.byDensity.set(density, style);
  }
  return style;
}

/**
 * The layout of what is shown. A typed tree shows all of it, drawn as generously as the room
 * allows at its least scale (tree-style.js's densities: the first that fits the box's width and
 * height, else the first that fits its width, else the most compact, which scrolls); its layout is
 * made once for each room.
 * @param {TreeView} tv
 * @param {TreeModel} model
 * @param {Room} room
 * @returns {DrawnLayout} */
function layoutFor(tv, { view, showsChildren, sheet, folded }, room) {
  // A game's tree and a folded one change shape as nodes open: laid out at each drawing.
  const changing = view.isGame || folded;
  const key = changing ? '' : `${room.width}x${Math.round(room.height)}`;
  const cache = tv.layoutCache;
  if (!changing && cache.view === view && cache.sheet === sheet && cache.key === key && cache.layout) return cache.layout;
  const make = (/** @type {import('./tree-style.js').Density} */ density) => {
    const style = styleFor(tv, view, sheet, density);
    const nodeOf = (/** @type {number} */ id) => ({ children: view.childrenOf(id) });
    // Room right of the last box for a β (or a folded node's +3) that reaches past it.
    const right = style.stem || changing ? 80 : 0;
    const result = /** @type {DrawnLayout} */ (layoutTree(nodeOf, showsChildren, { ...style, right, root: view.shownRoot?.() ?? 0 }));
    result.boxWidth = style.width;
    result.style = style;
    return result;
  };
  const densities = view.kind === 'tree' && !sheet ? DENSITIES : /** @type {const} */ (['normal']);
  const fitsWidth = (/** @type {DrawnLayout} */ l) => l.width * l.style.minScale <= room.width && !l.overlaps;
  const fitsHeight = (/** @type {DrawnLayout} */ l) => l.height * l.style.minScale <= room.height;
  // The most compact drawing first: a tree it does not fit (up to 20,000 nodes) is drawn as usual
  // and scrolls, without laying out the densities between.
  const narrowest = densities.length > 1 ? make(densities[densities.length - 1]) : null;
  /** @type {DrawnLayout | null} */
  let layout = null;
  /** @type {DrawnLayout | null} */
  let usual = null;
  if (!narrowest || narrowest.width * narrowest.style.minScale <= room.width) {
    /** @type {DrawnLayout | null} */
    let widthOnly = null;
    for (const density of densities) {
      const candidate = density === narrowest?.style.density ? narrowest : make(density);
      usual ??= candidate;
      if (fitsWidth(candidate) && fitsHeight(candidate)) {
        layout = candidate;
        break;
      }
      if (fitsWidth(candidate)) widthOnly ??= candidate;
    }
    layout ??= widthOnly;
  }
  layout ??= usual ?? make('normal');
  tv.layoutCache = { view, sheet, key, layout, narrowest: narrowest ?? layout };
  return layout;
}

/** The part of the drawing in view, in user units, with a margin; everything for small trees.
 * @param {TreeView} tv */
function visibleWindow(tv) {
  if (tv.layout.boxes.size <= TREE_CONFIG.virtualizeAbove) return null;
  const outer = tv.container.getBoundingClientRect();
  const inner = tv.svg.getBoundingClientRect();
  const left = outer.left + tv.container.clientLeft;
  const top = outer.top + tv.container.clientTop;
  const pad = TREE_CONFIG.overscan;
  return {
    x0: (left - inner.left) / tv.scale - pad,
    x1: (left + tv.container.clientWidth - inner.left) / tv.scale + pad,
    y0: (top - inner.top) / tv.scale - pad,
    y1: (top + tv.container.clientHeight - inner.top) / tv.scale + pad,
  };
}

/** @param {Box} box
 * @param {{x0: number, x1: number, y0: number, y1: number}} area
 * @param {TreeView} tv */
function inWindow(tv, box, area) {
  const half = box.width / 2;
  return box.x + half >= area.x0 && box.x - half <= area.x1 && box.y + tv.layout.boxHeight + 60 >= area.y0 && box.y - 30 <= area.y1;
}

/** Brings the elements in line with the model: only what changed is touched.
 * @param {TreeView} tv */
function paint(tv) {
  const { view } = tv.model;
  const area = visibleWindow(tv);
  let shown = tv.layout.order;
  if (area) shown = shown.filter((id) => inWindow(tv, boxOf(tv, id), area));

  paintLevels(tv, area);

  // Edges: each shown node's edge from its parent; a shown parent's edges to all its children
  // (they reach into view even when the child does not), or its bus.
  /** @type {Map<string, () => Drawing>} */
  const edges = new Map();
  const busOf = (/** @type {number} */ id) => tv.model.showsChildren(id) && childrenOf(tv, id).length > TREE_CONFIG.busAbove;
  const addEdge = (/** @type {number} */ child) => {
    const parent = view.node(child).parent;
    if (parent < 0 || !tv.layout.boxes.has(child)) return;
    if (busOf(parent)) {
      edges.set(`s${child}`, () => stub(tv, parent, child));
      if (!edges.has(`b${parent}`)) edges.set(`b${parent}`, () => bus(tv, parent));
    } else {
      edges.set(`e${child}`, () => straight(tv, parent, child));
    }
  };
  for (const id of shown) {
    addEdge(id);
    const children = childrenOf(tv, id);
    if (!tv.model.showsChildren(id) || children.length === 0) continue;
    if (busOf(id)) edges.set(`b${id}`, () => bus(tv, id));
    else for (const child of children) addEdge(child);
  }
  reconcile(tv.edgeLayer, tv.edgeElements, edges, false);

  /** @type {Map<string, () => Drawing>} */
  const nodes = new Map();
  for (const id of shown) nodes.set(`n${id}`, () => nodeDrawing(tv, id));
  const focusedId = /** @type {HTMLElement | null | undefined} */ (document.activeElement?.closest?.('[data-id]'))?.dataset.id;
  reconcile(tv.nodeLayer, tv.nodeElements, nodes, true);
  if (focusedId !== undefined && document.activeElement === document.body) {
    /** @type {SVGElement | null} */ (tv.svg.querySelector(`[data-id="${focusedId}"]`))?.focus({ preventScroll: true });
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

/** @param {{x0: number} | null} area
 * @param {TreeView} tv */
function paintLevels(tv, area) {
  const { view } = tv.model;
  // The level names stay at the left edge of the view while a wide tree scrolls.
  const nameX = Math.max(10, (area ? area.x0 + TREE_CONFIG.overscan : 0) + 10);
  /** @type {Map<number, import('../pkg/classroom/reversi.js').LessonPlayer>} */
  const playerAtDepth = new Map();
  for (const id of tv.layout.order) {
    const depth = boxOf(tv, id).depth;
    if (!playerAtDepth.has(depth)) playerAtDepth.set(depth, view.node(id).player);
    if (playerAtDepth.size === tv.layout.depths) break;
  }
  const bands = [];
  const names = [];
  for (let depth = 0; depth < tv.layout.depths; depth++) {
    const y = tv.layout.rowTop(depth);
    const player = /** @type {import('../pkg/classroom/reversi.js').LessonPlayer} */ (playerAtDepth.get(depth));
    const height = (depth + 1 < tv.layout.depths ? tv.layout.rowTop(depth + 1) : tv.layout.height + GEOMETRY.top) - y;
    bands.push(svgElement('rect', { class: `band ${depth % 2 ? 'odd' : 'even'}`, x: 0, y: y - 40, width: tv.layout.width, height }));
    const kind = player === 'MIN' ? 'min' : player === 'MAX' ? 'max' : `p${player}`;
    names.push(svgElement('text', { class: `level-name ${kind}`, x: nameX, y: y + tv.layout.boxHeight / 2 + 8 }, playerName(player, true)));
  }
  tv.levels.replaceChildren(...bands);
  tv.levelNames.replaceChildren(...names);
}

/**
 * Sizes the drawing: small trees grow to fill the width (read from the back of a room) but stay
 * within the window's height below the tree's top (a 1024×768 projector shows the whole lecture
 * tree); large ones shrink down to their least scale (TREE_CONFIG) and then scroll. The zoom multiplies it.
 * @param {DrawnLayout} shape
 * @param {Room} room
 * @param {TreeView} tv */
function fit(tv, shape, room) {
  const available = room.width;
  // The box ends above the legend at the bottom of the window (at least 40 % of the window on a
  // phone, where the tree starts low): the node the replay is at, kept in view in the box, is
  // then on the screen.
  tv.container.style.maxHeight = `${Math.round(Math.max(window.innerHeight * 0.4, window.innerHeight - room.pageTop - room.below))}px`;
  // Fitted as at zoom 1 (the text above the tree grows with the zoom too), then zoomed: + and −
  // change the tree's size by the zoom's factor, and it scrolls when it outgrows its box. The
  // box's content: its height less its borders.
  const height = room.height;
  const least = shape.style.minScale;
  let base = Math.min(TREE_CONFIG.maxScale, available / shape.width, Math.max(least, height / shape.height));
  base = Math.max(least, base);
  // The size at zoom 1 is remembered for this tree and window: zoomed, the text above the tree
  // wraps onto more lines, which must not make the tree smaller.
  const key = `${shape.width}x${shape.height}@${window.innerWidth}x${window.innerHeight}`;
  if (tv.zoom === 1) tv.fitted.set(key, base);
  else base = tv.fitted.get(key) ?? base;
  tv.scale = base * tv.zoom;
  tv.svg.setAttribute('viewBox', `0 0 ${shape.width} ${shape.height}`);
  tv.svg.setAttribute('aria-label', t('tree.label'));
  tv.svg.style.width = `${Math.round(shape.width * tv.scale)}px`;
  tv.svg.style.height = `${Math.round(shape.height * tv.scale)}px`;
}

/**
 * Scrolls the tree's box so that the first of `boxes` is in view during a replay, and the others
 * with it when they fit (a leaf and its parent, whose box may be far away above a wide fan). The
 * box scrolls only when the first node is out of view: a replay does not jump about.
 * @param {Box[]} boxes
 * @param {TreeView} tv */
function keepInView(tv, boxes) {
  if (!boxes.length) return;
  const outer = tv.container.getBoundingClientRect();
  const inner = tv.svg.getBoundingClientRect();
  // The drawing's origin in the box's scrolled content.
  const originX = inner.left - outer.left - tv.container.clientLeft + tv.container.scrollLeft;
  const originY = inner.top - outer.top - tv.container.clientTop + tv.container.scrollTop;
  const half = (tv.layout.boxWidth / 2 + 50) * tv.scale;
  const span = (/** @type {Box} */ box) => ({
    left: originX + box.x * tv.scale - half,
    right: originX + box.x * tv.scale + half,
    top: originY + (box.y - 44) * tv.scale,
    bottom: originY + (box.y + tv.layout.boxHeight + (tv.layout.style.stem ? 34 : 8)) * tv.scale,
  });
  const [first, ...others] = boxes.map(span);
  const width = tv.container.clientWidth;
  const height = tv.container.clientHeight;
  if (first.left < tv.container.scrollLeft || first.right > tv.container.scrollLeft + width) {
    let left = first.left;
    let right = first.right;
    for (const other of others) {
      if (Math.max(right, other.right) - Math.min(left, other.left) > width) continue;
      left = Math.min(left, other.left);
      right = Math.max(right, other.right);
    }
    tv.container.scrollLeft = Math.max(0, (left + right) / 2 - width / 2);
  }
  const root = tv.layout.boxes.get(tv.layout.order[tv.layout.order.length - 1]);
  const rootTop = originY + ((root?.y ?? 0) - 2) * tv.scale;
  // The first node's box without what is written under it: the root comes before its bounds.
  const firstBox = originY + (boxes[0].y + tv.layout.boxHeight + 4) * tv.scale;
  if (firstBox - rootTop <= height && (rootTop < tv.container.scrollTop || firstBox > tv.container.scrollTop + height)) {
    tv.container.scrollTop = Math.max(0, Math.min(rootTop, first.bottom - height + 2));
  } else if (first.top < tv.container.scrollTop || first.bottom > tv.container.scrollTop + height) {
    // From the root's box down when that fits (a cut's reason is about bounds from above; the
    // root's label may go), else the node near the bottom of the box with as many of its
    // ancestors as fit above it.
    if (first.bottom - rootTop <= height) tv.container.scrollTop = Math.max(0, Math.min(rootTop, first.bottom - height + 2));
    else tv.container.scrollTop = Math.max(0, first.bottom - height + 2);
  } else if (tv.container.scrollTop > rootTop && first.bottom - height <= rootTop) {
    // The node is in view, the root above it is not but would fit with it: bring it back.
    tv.container.scrollTop = Math.max(0, first.bottom - height);
  }
}
