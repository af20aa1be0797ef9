// The AI's thread: owns one Searcher (engine + transposition table) and answers requests in order.
//
// Messages in:  {type: 'init', module, ttMegabytes} · {id, type: 'search', board, options}
//               {id, type: 'analyze', board, options} · {type: 'clear'}
//               {id, type: 'review', startBoard, moves, options} (progress: {done, total})
// Messages out: {id, type: 'progress', progress} · {id, type: 'result', result}
//               {id, type: 'error', message} · {type: 'fatal', message}

import init, { Searcher } from '../pkg/reversi.js';

let ready = null;
let searcher = null;

function start({ module, ttMegabytes }) {
  // With a module compiled by the page, instantiating is quick and needs no second download.
  ready = init(module ? { module_or_path: module } : undefined).then(() => {
    searcher = new Searcher(ttMegabytes || 16);
  });
  ready.catch((error) => self.postMessage({ type: 'fatal', message: String(error && error.message || error) }));
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
  if (message.type === 'clear') searcher.clear();
  else answer(message);
});
