// Which build of the engine's wasm this browser runs. scripts/build-wasm.sh makes two of the same
// code with the same bindings (www/pkg/reversi.js): reversi_simd_bg.wasm, compiled with 128-bit
// SIMD (Chrome 91, Firefox 89, Safari 16.4 and later: the faster build, see docs/log/browser.md), and
// reversi_bg.wasm without it for older browsers. sw.js makes the same choice with the same probes (keep them in step;
// tests/e2e/engine-wasm.test.js checks that they are).
//
// A third build, www/pkg/threads/ (SIMD and a shared memory, bindings of its own), lets the AI's
// workers search one position together (team-search.js). It needs SharedArrayBuffer, which a
// browser gives only to a cross-origin isolated page (served with the headers
// Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp): the
// game page where its server or its service worker sends them, never an embedding page that
// does not.

/** A module whose one function returns a v128 (`i32.const 0; i8x16.splat`): valid only where the
 * browser has wasm SIMD. */
export const SIMD_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 15, 11];

/** A module with one shared memory of one page: valid only where the browser has wasm threads. */
export const THREADS_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 5, 4, 1, 3, 1, 1];

/** Whether this browser runs the SIMD build. */
export const simdSupported = WebAssembly.validate(new Uint8Array(SIMD_PROBE));

/** The file name of the build this browser runs, in www/pkg/. */
export const ENGINE_WASM = simdSupported ? 'reversi_simd_bg.wasm' : 'reversi_bg.wasm';

/** Whether this page's AI workers run the threads build: the page is cross-origin isolated (so
 * SharedArrayBuffer exists) and the browser has wasm SIMD and threads. */
export const threadsSupported =
  simdSupported && globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function' && WebAssembly.validate(new Uint8Array(THREADS_PROBE));

/** The threads build, in www/pkg/. */
export const THREADS_WASM = 'threads/reversi_bg.wasm';

/** The shared memory the threads build's workers are given, in 64 KiB pages (scripts/build-wasm.sh
 * checks that it suits the build: at least its initial size, exactly its maximum, 1 GiB). */
export const THREADS_MEMORY = { initial: 80, maximum: 16384 };
