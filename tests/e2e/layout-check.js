// The layout check of tests/e2e/layout.test.js, for any test to reuse (after moves, in a review…):
// `await layoutProblems(page, {boardSelector})` lists what is wrong with the page as laid out now,
// one sentence a problem; an empty list means it fits.
//
// What it checks, in the page and in each of its same-test iframes:
// - no sideways scrolling: the document is no wider than the viewport;
// - every visible control (button, select, input, textarea, a, summary, [tabindex], also inside
//   open shadow roots) lies inside the viewport's width, 1 px allowed;
// - no control is clipped by an ancestor whose overflow is not visible, except by a box meant to
//   scroll that way (a move list scrolling vertically, a wide tree scrolling sideways on a phone);
// - no box scrolls sideways when the screen is wide enough for its content (a table whose last
//   column is hidden in a narrow column of a wide screen);
// - the board (`boardSelector`, searched in shadow roots too) is wholly inside the viewport
//   (`board: 'whole'`, the default) or at least inside its width (`board: 'width'`).

/** The screen sizes of layout.test.js, phones (≤ 414 px wide: isMobile, hasTouch) to monitors: at
 * least one in each range of the style sheets' media queries (a 414 px phone and an 820 px
 * portrait tablet fall in the ranges of 390 and 768, and are no longer checked apart). */
export const SCREENS = [
  [320, 640], [360, 740], [390, 844],
  [768, 1024], [1024, 768], [1280, 800], [1440, 900], [1920, 1080], [2560, 1440],
];

/**
 * @param {import('playwright-core').Page} page
 * @param {{boardSelector?: string, board?: 'whole' | 'width', frames?: boolean}} options
 * @returns {Promise<string[]>} human-readable problems, empty when the page fits
 */
export async function layoutProblems(page, { boardSelector, board = 'whole', frames = true } = {}) {
  const problems = await page.evaluate(checkDocument, { boardSelector, board, viewportWidth: page.viewportSize()?.width ?? null });
  if (frames) {
    for (const frame of page.mainFrame().childFrames()) {
      if (!frame.url().startsWith('http')) continue;
      const inner = await frame.evaluate(checkDocument, { boardSelector: null, board, viewportWidth: null }).catch((error) => [`could not check: ${error.message}`]);
      problems.push(...inner.map((p) => `in the iframe ${new URL(frame.url()).pathname}: ${p}`));
    }
  }
  return problems;
}

/** Runs in the page: the problems of this document. Self-contained (serialised by Playwright). */
function checkDocument({ boardSelector, board, viewportWidth }) {
  const SLACK = 1;
  const problems = [];
  // With isMobile, a page wider than the device makes Chromium zoom out and widen the layout
  // viewport: compare with the width the test asked for too.
  const width = Math.min(innerWidth, document.documentElement.clientWidth, viewportWidth ?? Infinity);
  const height = innerHeight;
  const round = (n) => Math.round(n * 10) / 10;
  const box = (r) => `[${round(r.left)}, ${round(r.top)}, ${round(r.right)}, ${round(r.bottom)}]`;

  function describe(element, withLabel = true) {
    const parts = [];
    for (let e = element; e && parts.length < 3; e = e.parentElement || e.getRootNode().host) {
      let name = e.localName;
      if (e.id) name += `#${e.id}`;
      else if (e.dataset?.testid) name += `[data-testid="${e.dataset.testid}"]`;
      else if (e.dataset?.square) name += `[data-square="${e.dataset.square}"]`;
      else if (e.dataset?.node) name += `[data-node="${e.dataset.node}"]`;
      else if (typeof e.className === 'string' && e.className.trim()) name += `.${e.className.trim().split(/\s+/).join('.')}`;
      parts.unshift(name);
      if (e.id || e.dataset?.testid) break;
    }
    if (!withLabel) return parts.join(' > ');
    const label = (element.getAttribute('aria-label') || element.textContent || element.value || '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `${parts.join(' > ')}${label ? ` "${label}"` : ''}`;
  }

  /** Every element of the document and of the open shadow roots inside it, in document order. */
  function* allElements(root) {
    for (const element of root.querySelectorAll('*')) {
      yield element;
      if (element.shadowRoot) yield* allElements(element.shadowRoot);
    }
  }
  const deepQuery = (selector) => {
    if (document.querySelector(selector)) return document.querySelector(selector);
    for (const element of allElements(document)) {
      const found = element.shadowRoot?.querySelector(selector);
      if (found) return found;
    }
    return null;
  };
  const parentOf = (element) => element.parentElement || (element.getRootNode() instanceof ShadowRoot ? element.getRootNode().host : null);

  // 1. Sideways scrolling.
  const scrollWidth = document.scrollingElement.scrollWidth;
  if (scrollWidth > width + SLACK) {
    // Name the widest culprits: elements reaching past the right edge whose parent does not.
    const culprits = [];
    for (const element of allElements(document)) {
      const r = element.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + SLACK) continue;
      const parent = parentOf(element);
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > width + SLACK) continue;
      if (insideClipX(element)) continue;
      culprits.push(`${describe(element, false)} ${box(r)}`);
      if (culprits.length === 3) break;
    }
    problems.push(`the page scrolls sideways: ${scrollWidth} px wide in a ${width} px viewport (past the right edge: ${culprits.join('; ') || 'nothing found'})`);
  }

  /** True when an ancestor clips `element` sideways (then it cannot be what widens the page). */
  function insideClipX(element) {
    for (let a = parentOf(element); a && a !== document.body && a !== document.documentElement; a = parentOf(a)) {
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    }
    return false;
  }

  // 2. Controls: inside the width, not clipped.
  const CONTROLS = 'button, select, input, textarea, a[href], summary, [tabindex]';
  for (const element of allElements(document)) {
    if (!element.matches(CONTROLS)) continue;
    if (!element.checkVisibility({ checkVisibilityCSS: true })) continue;
    const r = element.getBoundingClientRect();
    // Visually hidden on purpose (1 px, clipped): for screen readers only.
    if (r.width < 2 && r.height < 2) continue;
    const name = describe(element);

    let scrolledAway = false; // out of sight in a box meant to scroll: reachable, fine
    let reported = false;
    let hiddenOnPurpose = false;
    for (let a = parentOf(element); a && a !== document.body && a !== document.documentElement; a = parentOf(a)) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const outer = a.getBoundingClientRect();
      if (outer.width < 2 && outer.height < 2) {
        hiddenOnPurpose = true; // inside a visually hidden box
        break;
      }
      // The clip is the padding box.
      const clip = {
        left: outer.left + a.clientLeft,
        top: outer.top + a.clientTop,
        right: outer.left + a.clientLeft + a.clientWidth,
        bottom: outer.top + a.clientTop + a.clientHeight,
      };
      const outX = style.overflowX !== 'visible' && (r.left < clip.left - SLACK || r.right > clip.right + SLACK);
      const outY = style.overflowY !== 'visible' && (r.top < clip.top - SLACK || r.bottom > clip.bottom + SLACK);
      if (!outX && !outY) continue;
      const scrollsX = /auto|scroll/.test(style.overflowX) && a.scrollWidth > a.clientWidth;
      const scrollsY = /auto|scroll/.test(style.overflowY) && a.scrollHeight > a.clientHeight;
      const where = `${describe(a, false)} ${box(clip)}`;
      reported = true;
      if (outY && !scrollsY) problems.push(`${name} ${box(r)} is cut off by ${where} (overflow-y: ${style.overflowY})`);
      else if (outX && !scrollsX) problems.push(`${name} ${box(r)} is cut off by ${where} (overflow-x: ${style.overflowX})`);
      else {
        // Out of sight in a box that scrolls that way: reachable. (A box scrolling sideways
        // while the screen has room for its content is reported below, once.)
        reported = false;
        scrolledAway = true;
      }
      break; // the innermost clipping box decides
    }
    if (scrolledAway || reported || hiddenOnPurpose) continue;
    if (r.left < -SLACK || r.right > width + SLACK) problems.push(`${name} ${box(r)} is outside the viewport's width (${width} px)`);
  }

  // 3. Boxes scrolled sideways while the screen has room for their content (a table's last
  // column hidden in a narrow column of a wide screen), whether or not a control is hidden.
  for (const element of allElements(document)) {
    if (element === document.documentElement || element === document.body) continue;
    if (element.scrollWidth <= element.clientWidth + SLACK) continue;
    const style = getComputedStyle(element);
    if (!/auto|scroll/.test(style.overflowX)) continue;
    if (!element.checkVisibility({ checkVisibilityCSS: true })) continue;
    // The room it could have: the screen less the margins, borders and paddings around it.
    const px = (value) => parseFloat(value) || 0;
    const frame = (s, own) =>
      px(s.marginLeft) + px(s.marginRight) + px(s.borderLeftWidth) + px(s.borderRightWidth) + (own ? 0 : px(s.paddingLeft) + px(s.paddingRight));
    let around = frame(style, true);
    for (let a = parentOf(element); a; a = parentOf(a)) around += frame(getComputedStyle(a), false);
    if (element.scrollWidth + around <= width) {
      problems.push(
        `${describe(element, false)} scrolls sideways (shows ${element.clientWidth} of ${element.scrollWidth} px) on a ${width} px screen that has room for it (${Math.round(around)} px around it)`,
      );
    }
  }

  // 4. The board in view.
  if (boardSelector) {
    const element = deepQuery(boardSelector);
    if (!element) problems.push(`no board: nothing matches ${boardSelector}`);
    else {
      const r = element.getBoundingClientRect();
      const inWidth = r.left >= -SLACK && r.right <= width + SLACK;
      const inHeight = r.top >= -SLACK && r.bottom <= height + SLACK;
      if (r.width < 2 || r.height < 2) problems.push(`the board ${boardSelector} is not shown ${box(r)}`);
      else if (!inWidth || (board === 'whole' && !inHeight)) {
        problems.push(`the board ${boardSelector} ${box(r)} is not ${board === 'whole' ? 'wholly inside' : 'inside the width of'} the ${width}×${height} viewport`);
      }
    }
  }
  return problems;
}
