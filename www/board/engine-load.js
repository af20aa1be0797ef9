// The engine of <othello-board>: the bindings initialised with the wasm module, and the compiled
// module for the boards' AI workers. One download and one compilation per page, however many
// boards; everything is found relative to this file, so the element loads from any folder.

import { ENGINE_WASM } from '../common/engine-wasm.js';

/** The bindings, initialised, and the compiled module for the workers.
 * @typedef {{bindings: typeof import('../pkg/reversi.js'), module: WebAssembly.Module}} Engine */

const BINDINGS_URL = new URL('../pkg/reversi.js', import.meta.url);
const WASM_URL = new URL(`../pkg/${ENGINE_WASM}`, import.meta.url);

async function compileWasm() {
  const response = await fetch(WASM_URL);
  if (!response.ok) throw new Error(`could not load ${WASM_URL.pathname} (HTTP ${response.status})`);
  // compileStreaming insists on the application/wasm type; some static hosts send another one.
  const type = (response.headers.get('content-type') || '').split(';')[0].trim();
  if (type === 'application/wasm') return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}

/** @type {Promise<Engine> | null} */
let engineLoad = null;

/** The engine, loaded on the first call; a failure is retried by the next call (the next board).
 * @returns {Promise<Engine>} */
export function loadEngine() {
  engineLoad ??= Promise.all([/** @type {Promise<typeof import('../pkg/reversi.js')>} */ (import(BINDINGS_URL.href)), compileWasm()])
    .then(async ([bindings, module]) => {
      await bindings.default({ module_or_path: module });
      return { bindings, module };
    })
    .catch((error) => {
      engineLoad = null;
      throw error;
    });
  return engineLoad;
}
