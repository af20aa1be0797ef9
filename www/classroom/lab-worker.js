// A thread of the heuristic lab's match: plays the games it is given, one at a time, between two
// settings of the course's player (`labPlayGame`, the engine's own arena game loop).
//
// Messages in:  {type: 'init', module} · {id, type: 'game', start, black, white}
// Messages out: {id, type: 'result', game} · {id, type: 'error', message} · {type: 'fatal', message}

import init, { labPlayGame } from '../pkg/classroom/reversi.js';

/** Settles when the engine is ready ('init' comes first). @type {Promise<unknown> | null} */
let ready = null;

self.addEventListener('message', (event) => {
  const message = /** @type {MessageEvent} */ (event).data;
  if (message.type === 'init') {
    // The page compiled the module once; instantiating it here needs no second download.
    ready = init({ module_or_path: message.module });
    ready.catch((/** @type {any} */ error) => self.postMessage({ type: 'fatal', message: String(error?.message || error) }));
    return;
  }
  /** @type {Promise<unknown>} */ (ready).then(() => {
    try {
      const game = labPlayGame(message.start, message.black, message.white);
      self.postMessage({ id: message.id, type: 'result', game });
    } catch (error) {
      self.postMessage({ id: message.id, type: 'error', message: String(/** @type {any} */ (error)?.message || error) });
    }
  });
});
