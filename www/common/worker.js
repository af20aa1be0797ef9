// The AI's thread: owns one Searcher (engine + transposition table) and answers requests in order.
//
// Messages in:  {type: 'init', module, memory?, ttMegabytes, files} · {type: 'clear'}
//               {id, type: 'search', board, options} · {id, type: 'analyze', board, options}
//               {id, type: 'bookMoves', board} · {id, type: 'analyzeLines', board, options}
//               {id, type: 'analyzeDeep', board, options} (each completed step as progress)
//               {id, type: 'searchWindow', board, options, alpha, beta} (one share of a parallel
//               search, see parallel-search.js)
//               {id, type: 'reviewPart', startBoard, moves, options, index} (one position of a
//               review, see reviewInParallel in parallel-search.js)
//               {id, type: 'startTeam'} · {id, type: 'joinTeam', team} · {id, type: 'help', session}
//               {type: 'close'} (a team of workers on one shared memory, see team-search.js)
// Messages out: {id, type: 'progress', progress} · {id, type: 'result', result}
//               {id, type: 'error', message} · {type: 'fatal', message}
//               {type: 'file', name, ok, bytes?, message?}
//
// Two data files load after the engine is ready, so that the game never waits for them: the
// pattern evaluation's weights (levels 6–9 play with the course's evaluation until they arrive)
// and then the opening book (the AI thinks about the opening until it arrives). `files` in 'init'
// says where each comes from: an ArrayBuffer (a worker restarted after a cancel gets the bytes
// its predecessor fetched), 'fetch' (fetch the file next to the page's files, then report with a
// 'file' message carrying a copy of the bytes), or 'none' (an earlier load failed, or the page
// does not want it).
//
// With a shared `memory` in 'init', the worker runs the threads build (www/pkg/threads/: the same
// engine and bindings, its memory shared with the other workers of its team).

import initDefault, { Searcher as DefaultSearcher } from '../pkg/reversi.js';

/** @typedef {DefaultSearcher} Searcher (the threads build's is the same class) */

/** @typedef {'weights' | 'book'} FileName */
/** Where a data file comes from (see 'init'). @typedef {ArrayBuffer | 'fetch' | 'none'} FileSource */

/** The data files, relative to this module (www/common/ → the repository root), in the order
 * they load, and how the engine takes each.
 * @type {Record<FileName, {url: URL, path: string, use: (searcher: Searcher, bytes: Uint8Array) => void}>} */
const DATA_FILES = {
  weights: { url: new URL('../../weights/pattern.bin', import.meta.url), path: 'weights/pattern.bin', use: (s, bytes) => s.setPatternWeights(bytes) },
  book: { url: new URL('../../weights/book.bin', import.meta.url), path: 'weights/book.bin', use: (s, bytes) => s.setBook(bytes) },
};

/** Settles when the engine is ready. @type {Promise<void> | null} */
let ready = null;
/** What the threads build's start returns: its exports, which end this thread's share of the
 * memory (`__wbindgen_thread_destroy`). @type {any} */
let threadExports = null;
/** The engine, once ready. @type {Searcher} */
let searcher = /** @type {Searcher} */ (/** @type {unknown} */ (null));
/** Settles when every data file is in the engine or known to be unavailable: a review and a deep
 * analysis wait for it, so that they always have the strongest evaluation and the book the page
 * will have (the AI and the hints never wait). */
let filesSettled = Promise.resolve();

/** The bindings of the build this worker runs: the threads build on a shared memory.
 * @param {WebAssembly.Memory | undefined} memory
 * @returns {Promise<{init: (options: any) => Promise<any>, Searcher: typeof DefaultSearcher}>} */
async function bindings(memory) {
  if (!memory) return { init: initDefault, Searcher: DefaultSearcher };
  const threads = await import('../pkg/threads/reversi.js');
  return { init: threads.default, Searcher: threads.Searcher };
}

/** @param {{module?: WebAssembly.Module, memory?: WebAssembly.Memory, ttMegabytes?: number, files?: Partial<Record<string, FileSource>>}} init */
function start({ module, memory, ttMegabytes, files = { weights: 'fetch', book: 'fetch' } }) {
  // With a module compiled by the page, instantiating is quick and needs no second download.
  ready = bindings(memory ?? undefined).then(async ({ init, Searcher }) => {
    const exports = await init(module ? { module_or_path: module, ...(memory ? { memory } : {}) } : undefined);
    if (memory) threadExports = exports;
    searcher = new Searcher(ttMegabytes || 16);
    for (const [name, source] of Object.entries(files)) {
      if (source instanceof ArrayBuffer && DATA_FILES[/** @type {FileName} */ (name)]) useFile(/** @type {FileName} */ (name), new Uint8Array(source));
    }
  });
  ready.catch((error) => self.postMessage({ type: 'fatal', message: String(error && error.message || error) }));
  const toFetch = /** @type {FileName[]} */ (Object.keys(DATA_FILES)).filter((name) => files[name] === 'fetch');
  // One after the other: the weights matter more than the book.
  filesSettled = ready.then(async () => {
    for (const name of toFetch) await fetchFile(name);
  }, () => {});
}

/** Hands a file to the engine; false (after reporting why) when it is not a valid file.
 * @param {FileName} name
 * @param {Uint8Array} bytes */
function useFile(name, bytes) {
  try {
    DATA_FILES[name].use(searcher, bytes);
    return true;
  } catch (error) {
    self.postMessage({ type: 'file', name, ok: false, message: String(/** @type {any} */ (error)?.message || error) });
    return false;
  }
}

/** @param {FileName} name */
async function fetchFile(name) {
  const file = DATA_FILES[name];
  let bytes;
  try {
    const response = await fetch(file.url);
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    self.postMessage({ type: 'file', name, ok: false, message: `cannot load ${file.path}: ${/** @type {any} */ (error).message || error}` });
    return;
  }
  // A copy goes to the page: the engine keeps its own tables, built from the bytes.
  if (useFile(name, bytes)) self.postMessage({ type: 'file', name, ok: true, bytes: bytes.buffer }, [bytes.buffer]);
}

/** Answers one request (see the messages above). @param {any} message */
function answer(message) {
  const { id, type, board, options } = message;
  const progress = (/** @type {unknown} */ value) => self.postMessage({ id, type: 'progress', progress: value });
  try {
    let result;
    if (type === 'search') {
      result = searcher.search(board, options, progress);
    } else if (type === 'searchWindow') {
      result = searcher.searchWindow(board, options, message.alpha, message.beta);
    } else if (type === 'analyze') {
      result = searcher.analyze(board, options);
    } else if (type === 'analyzeLines') {
      result = searcher.analyzeLines(board, options);
    } else if (type === 'analyzeDeep') {
      result = searcher.analyzeDeep(board, options, progress);
    } else if (type === 'bookMoves') {
      result = searcher.bookMoves(board);
    } else if (type === 'reviewPart') {
      result = searcher.reviewPart(message.startBoard, message.moves, options, message.index);
    } else if (type === 'startTeam') {
      const team = searcher.startTeam();
      result = { team, sessionAddress: searcher.sessionAddress };
    } else if (type === 'joinTeam') {
      result = searcher.joinTeam(message.team);
    } else if (type === 'help') {
      result = searcher.help(message.session);
    } else {
      throw new Error(`unknown request '${type}'`);
    }
    self.postMessage({ id, type: 'result', result });
  } catch (error) {
    self.postMessage({ id, type: 'error', message: String(/** @type {any} */ (error)?.message || error) });
  }
}

self.addEventListener('message', async (event) => {
  const message = /** @type {MessageEvent} */ (event).data;
  if (message.type === 'init') {
    start(message);
    return;
  }
  if (!ready) start({});
  await ready;
  if (message.type === 'reviewPart' || message.type === 'analyzeDeep') await filesSettled;
  if (message.type === 'clear') searcher.clear();
  else if (message.type === 'close') {
    // A worker of a team on a shared memory gives back its engine and its thread's stack first.
    searcher.free();
    if (threadExports) threadExports.__wbindgen_thread_destroy();
    self.close();
  } else answer(message);
});
