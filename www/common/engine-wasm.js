// Which build of the engine's wasm this browser runs. scripts/build-wasm.sh makes two of the same
// code with the same bindings (www/pkg/reversi.js): reversi_simd_bg.wasm, compiled with 128-bit
// SIMD (Chrome 91, Firefox 89, Safari 16.4 and later: the faster build, see docs/log/browser.md), and
// reversi_bg.wasm without it for older browsers. sw.js makes the same choice with the same probe (keep them in step;
// tests/e2e/engine-wasm.test.js checks that they are).

/** A module whose one function returns a v128 (`i32.const 0; i8x16.splat`): valid only where the
 * browser has wasm SIMD. */
export const SIMD_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 15, 11];

/** Whether this browser runs the SIMD build. */
export const simdSupported = WebAssembly.validate(new Uint8Array(SIMD_PROBE));

/** The file name of the build this browser runs, in www/pkg/. */
export const ENGINE_WASM = simdSupported ? 'reversi_simd_bg.wasm' : 'reversi_bg.wasm';
