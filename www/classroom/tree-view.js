// The search tree as SVG (crisp on a projector at any size): one <g> per node carrying
// data-node="<label>" and an aria-label with its state, edges from parent to child, pruned edges
// dashed and cut, the principal path in green, the current node outlined. Drawing only: what is
// shown comes in a model, clicks go out through onActivate(id).

import { layoutTree, GEOMETRY } from './tree-layout.js';
import { t } from './i18n.js';
import { formatValue, boundsText, playerName } from './format.js';

const NS = 'http://www.w3.org/2000/svg';

function svgElement(tag, attributes = {}, text) {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/** Box width for every node of a lesson: vectors need room for one number per player. */
function boxWidth(view) {
  if (view.players > 2) return 30 + view.players * 30;
  return view.kind === 'othello' ? 70 : 62;
}

/** Smaller type for longer values, so that "-1234" or "(10, 2, 6)" still fits its box. */
function valueFontSize(text, width) {
  const fits = Math.floor((width - 10) / (text.length * 0.6));
  return Math.max(12, Math.min(24, fits));
}

/**
 * @param {HTMLElement} container  scrolls horizontally when the tree is wider than it
 * @param {{onActivate: (id: number) => void}} handlers
 */
export function createTreeView(container, { onActivate }) {
  const svg = svgElement('svg', { role: 'group', class: 'tree-svg' });
  container.append(svg);

  svg.addEventListener('click', (event) => {
    const target = event.target.closest('[data-id]');
    if (target) onActivate(Number(target.dataset.id));
  });
  svg.addEventListener('keydown', (event) => {
    const target = event.target.closest('[data-id]');
    if (target && event.key === 'Enter') {
      event.preventDefault();
      onActivate(Number(target.dataset.id));
    }
  });

  /**
   * model = {view, states: Map<id, nodeState>, current, selected, principal: Set<id>,
   *          showsChildren(id), rootName}
   */
  function draw(model) {
    const { view, states } = model;
    const width = boxWidth(view);
    const levelHeight = view.boundsKind === 'none' ? GEOMETRY.levelHeight : GEOMETRY.levelHeightWithBounds;
    const layout = layoutTree((id) => view.node(id), model.showsChildren, () => width, levelHeight);
    const focusedId = document.activeElement?.closest?.('[data-id]')?.dataset.id;

    svg.setAttribute('viewBox', `0 0 ${layout.width} ${layout.height}`);
    svg.setAttribute('aria-label', t('tree.label'));
    const levels = svgElement('g', { class: 'levels', 'aria-hidden': 'true' });
    const edges = svgElement('g', { class: 'edges' });
    const nodes = svgElement('g', { class: 'nodes' });

    // One band per level, named by who moves there (levels alternate, so any node of the row says).
    const playerAtDepth = new Map();
    for (const [id, box] of layout.boxes) if (!playerAtDepth.has(box.depth)) playerAtDepth.set(box.depth, view.node(id).player);
    for (let depth = 0; depth < layout.depths; depth++) {
      const y = GEOMETRY.top + depth * layout.levelHeight;
      const player = playerAtDepth.get(depth);
      levels.append(
        svgElement('rect', {
          class: `band ${depth % 2 ? 'odd' : 'even'}`,
          x: 0,
          y: y - 24,
          width: layout.width,
          height: layout.levelHeight,
        }),
        svgElement(
          'text',
          { class: `level-name ${player === 'MIN' ? 'min' : 'max'}`, x: 10, y: y + GEOMETRY.boxHeight / 2 + 7 },
          playerName(player, true),
        ),
      );
    }

    for (const [id, box] of layout.boxes) {
      const node = view.node(id);
      const state = states.get(id);
      const status = state ? state.status : 'unvisited';
      const onPath = model.principal.has(id);
      const isCurrent = id === model.current;
      const caption = view.captionOf(id, model.rootName);

      if (node.parent >= 0) {
        const parent = layout.boxes.get(node.parent);
        const x1 = parent.x;
        const y1 = parent.y + GEOMETRY.boxHeight;
        const x2 = box.x;
        const y2 = box.y - 20;
        const edgeClass = ['edge', status, onPath && model.principal.has(node.parent) ? 'principal' : ''].join(' ').trim();
        edges.append(svgElement('line', { class: edgeClass, x1, y1, x2, y2 }));
        if (status === 'pruned') {
          // The classic cut: two short strokes across the edge just above the child (the
          // parent's bounds are written just under the parent).
          const my = y2 - 12;
          const mx = x1 + ((x2 - x1) * (my - y1)) / (y2 - y1);
          const cut = svgElement('g', { class: 'cut' });
          for (const offset of [-5, 5]) {
            cut.append(svgElement('line', { x1: mx - 11 + offset, y1: my + 7, x2: mx + 11 + offset, y2: my - 7 }));
          }
          const cutoff = view.cutoffOf(id);
          if (cutoff) cut.append(svgElement('title', {}, cutoff.reason[document.documentElement.lang] ?? cutoff.reason.en));
          edges.append(cut);
        }
      }

      const classes = ['node', node.player === 'MIN' ? 'min' : node.player === 'MAX' ? 'max' : `p${node.player}`, status];
      if (onPath) classes.push('principal');
      if (isCurrent) classes.push('current');
      if (id === model.selected) classes.push('selected');
      const group = svgElement('g', {
        class: classes.join(' '),
        'data-id': id,
        'data-node': node.label,
        role: 'button',
        tabindex: 0,
        'aria-label': ariaLabel(view, node, state, caption) + (isCurrent ? t('aria.current') : ''),
      });
      if (isCurrent) group.setAttribute('aria-current', 'step');

      const left = box.x - width / 2;
      group.append(svgElement('text', { class: 'caption', x: box.x, y: box.y - 8 }, caption));
      // MAX: square corners; MIN (and the players of max^n after the first): round, so the shape
      // says it where colour cannot (a grey projector, colour blindness).
      const round = node.player === 'MIN' || (typeof node.player === 'number' && node.player % 2 === 0);
      group.append(
        svgElement('rect', {
          class: 'box',
          x: left,
          y: box.y,
          width,
          height: GEOMETRY.boxHeight,
          rx: round ? GEOMETRY.boxHeight / 2 : 4,
        }),
      );
      const shown = status === 'unvisited' || status === 'pruned' ? '' : formatValue(state.value);
      if (shown) {
        group.append(
          svgElement(
            'text',
            {
              class: 'value',
              x: box.x,
              y: box.y + GEOMETRY.boxHeight / 2 + 1,
              'font-size': valueFontSize(shown, width),
            },
            shown,
          ),
        );
      }
      const bounds = state && !node.leaf && status !== 'pruned' ? boundsText(view.boundsKind, state) : null;
      if (bounds) {
        const lines = 'alpha' in bounds ? [`α ${bounds.alpha}`, `β ${bounds.beta}`] : [`U ${bounds.use}`, `P ${bounds.pass}`];
        lines.forEach((line, i) => {
          group.append(svgElement('text', { class: 'bounds', x: box.x, y: box.y + GEOMETRY.boxHeight + 19 + i * 19 }, line));
        });
      }
      const hidden = node.children.length > 0 && !model.showsChildren(id);
      if (hidden) {
        group.setAttribute('aria-expanded', 'false');
        group.setAttribute('aria-description', t('tree.expand', { n: node.children.length }));
        // On the box's lower right corner, clear of the bounds written under the box.
        const badgeX = box.x + width / 2 - 8;
        const badgeY = box.y + GEOMETRY.boxHeight;
        group.append(
          svgElement('rect', { class: 'badge', x: badgeX - 17, y: badgeY - 11, width: 34, height: 22, rx: 11 }),
          svgElement('text', { class: 'badge-text', x: badgeX, y: badgeY + 1 }, `+${node.children.length}`),
        );
      } else if (node.children.length > 0 && view.isGame) {
        group.setAttribute('aria-expanded', 'true');
      }
      nodes.append(group);
    }

    svg.replaceChildren(levels, edges, nodes);
    fit(layout);
    if (focusedId !== undefined) svg.querySelector(`[data-id="${focusedId}"]`)?.focus({ preventScroll: true });
    keepInView(layout.boxes.get(model.current), layout);
  }

  let scale = 1;
  /**
   * Small trees grow to fill the width (read from the back of a room) but stay within the window's
   * height below the tree's top (a 1024×768 projector shows the whole lecture tree); large ones
   * shrink down to 60 % and then scroll.
   */
  function fit(layout) {
    const available = Math.max(200, container.clientWidth - 4);
    const top = container.getBoundingClientRect().top + window.scrollY;
    const height = Math.max(200, window.innerHeight - top - 44);
    scale = Math.min(1.5, available / layout.width, Math.max(0.85, height / layout.height));
    scale = Math.max(0.6, scale);
    svg.style.width = `${Math.round(layout.width * scale)}px`;
    svg.style.height = `${Math.round(layout.height * scale)}px`;
  }

  /** Scrolls the container sideways so that the current node stays visible during a replay. */
  function keepInView(box) {
    if (!box) return;
    const x = box.x * scale;
    const margin = 80;
    if (x < container.scrollLeft + margin || x > container.scrollLeft + container.clientWidth - margin) {
      container.scrollLeft = Math.max(0, x - container.clientWidth / 2);
    }
  }

  return { draw };
}

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
      return t('aria.value', { label, player, value: formatValue(state.value) });
  }
}
