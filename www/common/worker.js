// The AI's thread: owns one Searcher (engine + transposition table) and answers requests in order.
//
// Messages in:  {type: 'init', module, ttMegabytes, weights} · {id, type: 'search', board, options}
//               {id, type: 'analyze', board, options} · {type: 'clear'}
//               {id, type: 'review', startBoard, moves, options} (progress: {done, total})
// Messages out: {id, type: 'progress', progress} · {id, type: 'result', result}
//               {id, type: 'error', message} · {type: 'fatal', message}
//               {type: 'weights', ok, bytes?, message?}
//
// The pattern evaluation's weights (levels 6–9) load after the engine is ready, so that the game
// never waits for them: until they arrive, every level plays with the course's evaluation. `weights`
// in 'init' says where they come from: an ArrayBuffer (a worker restarted after a cancel gets the
// bytes its predecessor fetched), 'fetch' (fetch the file next to the page's files, then report
// with a 'weights' message carrying a copy of the bytes), or 'none' (an earlier load failed).

import init, { Searcher } from '../pkg/reversi.js';

/** The committed weights file, relative to this module (www/common/ → the repository root). */
const WEIGHTS_URL = new URL('../../weights/pattern.bin', import.meta.url);

let ready = null;
let searcher = null;
/** Settles when the weights are in the engine or known to be unavailable: a review waits for it,
 * so that a game is always reviewed with the strongest evaluation the page will have (the AI and
 * the hints never wait). */
let weightsSettled = Promise.resolve();

function start({ module, ttMegabytes, weights = 'fetch' }) {
  // With a module compiled by the page, instantiating is quick and needs no second download.
  ready = init(module ? { module_or_path: module } : undefined).then(() => {
    searcher = new Searcher(ttMegabytes || 16);
    if (weights instanceof ArrayBuffer) useWeights(new Uint8Array(weights));
  });
  ready.catch((error) => self.postMessage({ type: 'fatal', message: String(error && error.message || error) }));
  if (weights === 'fetch') weightsSettled = ready.then(fetchWeights, () => {});
}

/** Hands weights to the engine; false (after reporting why) when they are not a valid file. */
function useWeights(bytes) {
  try {
    searcher.setPatternWeights(bytes);
    return true;
  } catch (error) {
    self.postMessage({ type: 'weights', ok: false, message: String(error && error.message || error) });
    return false;
  }
}

async function fetchWeights() {
  let bytes;
  try {
    const response = await fetch(WEIGHTS_URL);
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    self.postMessage({ type: 'weights', ok: false, message: `cannot load weights/pattern.bin: ${error.message || error}` });
    return;
  }
  // A copy goes to the page: the engine keeps its own tables, built from the bytes.
  if (useWeights(bytes)) self.postMessage({ type: 'weights', ok: true, bytes: bytes.buffer }, [bytes.buffer]);
}

function answer(message) {
  const { id, type, board, options } = message;
  const progress = (value) => self.postMessage({ id, type: 'progress', progress: value });
  try {
    let result;
    if (type === 'search') {
      result = searcher.search(board, options, progress);
    } else if (type === 'analyze') {
      result = searcher.analyze(board, options);
    } else if (type === 'review') {
      result = searcher.review(message.startBoard, message.moves, options, (done, total) => progress({ done, total }));
    } else {
      throw new Error(`unknown request '${type}'`);
    }
    self.postMessage({ id, type: 'result', result });
  } catch (error) {
    self.postMessage({ id, type: 'error', message: String(error && error.message || error) });
  }
}

self.addEventListener('message', async (event) => {
  const message = event.data;
  if (message.type === 'init') {
    start(message);
    return;
  }
  if (!ready) start({});
  await ready;
  if (message.type === 'review') await weightsSettled;
  if (message.type === 'clear') searcher.clear();
  else answer(message);
});
