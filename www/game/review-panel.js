// The review panel's wiring: a review of the record shown, every position scored by the review's
// workers (so that the page and the AI stay free), its progress and result, and the view of it
// (review.js: the graph, the table, the words for the position shown, loaded while the first
// review runs). A review belongs to the record it reviewed: moves played on after it keep it (they
// are not reviewed), changing or taking back a reviewed move drops it, unless the page still keeps
// its line (a variation was being looked at: the review is back with its line).

import { SearchCancelled } from '../common/engine-client.js';
import { byId, setText } from '../common/dom.js';
import { recordKey, stillApplies } from './record.js';
import { t, num, language } from '../i18n/page.js';

/** @typedef {import('../pkg/reversi.js').Game} Game */
/** @typedef {import('../pkg/reversi.js').Review} Review */
/** @typedef {import('../pkg/reversi.js').ReviewOptions} ReviewOptions */

/**
 * The review of the record: running (with its progress) or done (with its result and how long it
 * took). `key` names the record reviewed.
 * @typedef {{key: string, running: true, done: number, total: number} |
 *           {key: string, running: false, result: Review, elapsedMs: number}} ReviewState
 */

/**
 * @param {{game: () => Game, engines: import('./engines.js').Engines, options: ReviewOptions,
 *          bookPly: () => number | null, announce: (text: string) => void, render: () => void,
 *          showError: (message: string) => void, goToPly: (ply: number) => void,
 *          keeps?: (key: string) => boolean, onReviewed?: () => void}} page `keeps`: whether the
 *   page still keeps the record `key` names (one of its lines), when it is not the one shown;
 *   `onReviewed`: a review finished (the game is saved with its scores)
 */
export function createReviewPanel({ game, engines, options, bookPly, announce, render, showError, goToPly, keeps = () => false, onReviewed = () => {} }) {
  /** @type {ReviewState | null} */
  let review = null;
  /** review.js, once loaded: a result is only kept once it can be shown.
   * @type {typeof import('./review.js') | null} */
  let view = null;
  /** @type {Promise<typeof import('./review.js')> | null} */
  let viewLoading = null;

  /** The finished review of the record shown (or of its first moves), or null. */
  function current() {
    return review && !review.running && stillApplies(game(), review.key) ? review.result : null;
  }

  function running() {
    return Boolean(review && review.running);
  }

  function start() {
    if (running() || game().moves.length === 0) return;
    engines.reviewWorker();
    const key = recordKey(game());
    const startedAt = performance.now();
    review = { key, running: true, done: 0, total: game().moves.length + 1 };
    announce(t('review.reviewing'));
    render();
    const onProgress = (/** @type {{done: number, total: number}} */ { done, total }) => {
      if (!review || review.key !== key || !review.running) return;
      Object.assign(review, { done, total });
      renderPanel();
    };
    const { startBoard, fullTranscript } = game();
    // Its positions shared out among as many workers as the AI may use (the same review with one).
    const scored = import('../common/parallel-search.js').then(({ reviewInParallel }) =>
      reviewInParallel(engines.reviewClients(), startBoard, fullTranscript, options, onProgress),
    );
    viewLoading ||= import('./review.js').then((module) => (view = module));
    Promise.all([scored, viewLoading]).then(
      ([result, loaded]) => {
        if (!review || review.key !== key) return;
        const elapsedMs = performance.now() - startedAt;
        review = { key, running: false, result, elapsedMs };
        document.documentElement.dataset.reviewMs = String(Math.round(elapsedMs));
        // The strip says it in a line: the summary, in the panel, is long, and the strip stays in
        // view over the graph on a phone.
        announce(t('review.finished', { n: result.moves.length }));
        onReviewed();
        render();
      },
      (error) => {
        if (error instanceof SearchCancelled) return;
        review = null;
        showError(t('error.review', { message: error.message }));
      },
    );
  }

  /** Forgets the review (stopping it if it runs): the record changed, or the player cancelled. */
  function drop() {
    if (running()) engines.cancelReview();
    review = null;
  }

  function cancel() {
    if (!running()) return;
    drop();
    announce(t('review.cancelled'));
    render();
  }

  /** After every change of the game: a review of another record is dropped (one of a line the
   * page keeps stays, for when its line is shown again). */
  function gameChanged() {
    if (review && !stillApplies(game(), review.key) && !keeps(review.key)) drop();
  }

  /** The panel, drawn from the review and the position shown. */
  function renderPanel() {
    const isRunning = review !== null && review.running;
    const result = current();
    const moves = game().moves.length;
    const button = byId('review', HTMLButtonElement);
    button.disabled = isRunning || moves === 0;
    button.textContent = result ? t('review.again') : t('review.start');
    byId('review-cancel').hidden = !isRunning;
    const progress = byId('review-progress', HTMLProgressElement);
    progress.hidden = !isRunning;
    if (review !== null && review.running) {
      progress.max = review.total;
      progress.value = review.done;
      setText(byId('review-summary'), t('review.progress', { done: review.done, total: review.total }));
    } else if (result && view && review !== null) {
      const since = moves - result.moves.length;
      const later = since > 0 ? ` ${t('review.since', { n: since })}` : '';
      setText(byId('review-summary'), `${view.summaryText(result, bookPly())} (${t('review.seconds', { seconds: num(review.elapsedMs / 1000, 1) })})${later}`);
    } else {
      setText(byId('review-summary'), moves ? '' : t('review.nothing'));
    }
    for (const id of ['review-graph', 'review-position', 'review-table-wrap']) byId(id).hidden = !result;
    if (!result || !view || review === null) return;
    const ply = game().ply;
    const signature = `${review.key}|${ply}|${language()}`;
    const graph = byId('review-graph');
    if (graph.dataset.signature !== signature) {
      graph.dataset.signature = signature;
      // A point of the graph, hovered, clicked or tapped: the board shows that position.
      view.drawGraph(graph, result, ply, (point) => {
        if (point !== game().ply) goToPly(point);
      });
      byId('review-rows').replaceChildren(...view.tableRows(result, ply));
    }
    setText(byId('review-position'), view.positionText(result, ply, { black: game().scoreBlack, white: game().scoreWhite }));
  }

  /** The square the finished review names best in the position shown, or null. */
  function bestMove() {
    const position = current()?.positions[game().ply];
    const best = position && position.bestLine[0];
    return best && best !== 'pa' ? best : null;
  }

  /** The review's classes worth a mark ('?!', '?', '??'), for the move list; none before a
   * review. */
  function marks() {
    const result = current();
    const symbols = result && view ? view.MARKED : {};
    /** @type {Record<string, string>} */
    const marked = symbols;
    return { marks: result ? result.moves.map((m) => (marked[m.class] ? m.class : '')) : [], symbols: marked };
  }

  return {
    start,
    cancel,
    drop,
    gameChanged,
    current,
    /** The finished review, whichever line is shown, with the key of the record it reviewed. */
    finished: () => (review && !review.running ? { key: review.key, result: review.result } : null),
    running,
    render: renderPanel,
    bestMove,
    marks,
  };
}
