#!/usr/bin/env bash
# Builds the engine for the browser (ES module + .wasm), silent when up to date:
#   www/pkg/            the game and the embeddable board (engine bindings only): reversi.js and two
#                       builds of the same code, reversi_simd_bg.wasm (128-bit SIMD, what every
#                       current browser runs) and reversi_bg.wasm (without, for older browsers);
#                       www/common/engine-wasm.js picks one
#   www/pkg/classroom/  the classroom page (the same, plus the traced lessons and the heuristic lab)
# Each package also gets reversi.d.ts, the bindings' TypeScript types (the shapes of what they
# return included): what `make typecheck` checks the page's JavaScript against; it is not served.
# Two packages so that players do not download the classroom (about 124 KB gzipped more).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
scripts/ensure-wasm-toolchain.sh
scripts/ensure-npm-packages.sh scripts/tools
wasm_opt=scripts/tools/node_modules/.bin/wasm-opt
terser=scripts/tools/node_modules/.bin/terser

# build OUT_DIR TARGET_DIR WASM_NAME SIMD [cargo options…]: one package's wasm, and its bindings
# unless WASM_NAME is the SIMD build's (the bindings of both builds are the same file: checked).
# Each build has a target folder of its own, so that switching features or flags never rebuilds
# another.
build() {
  local out=$1 target_dir=$2 name=$3 simd=$4
  shift 4
  local wasm=$target_dir/wasm32-unknown-unknown/release/reversi.wasm
  local rustflags="" opt_features=""
  if [ "$simd" = simd ]; then
    rustflags="-C target-feature=+simd128"
    opt_features="--enable-simd"
  fi
  # -p reversi --lib: the engine's library alone (the workspace's command-line programs are of no
  # use in a browser).
  RUSTFLAGS="$rustflags" nice cargo build --quiet -p reversi --lib --release --target wasm32-unknown-unknown --target-dir "$target_dir" "$@"
  if [ -f "$out/$name" ] && [ ! "$wasm" -nt "$out/$name" ] && [ "$out/reversi.js" -nt "$wasm" ] && [ -f "$out/reversi.d.ts" ]; then
    return 0
  fi
  local tmp
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  wasm-bindgen --target web --out-dir "$tmp" "$wasm"
  # -O3 (speed) also makes the game's wasm about 12 % smaller gzipped: what keeps the first load
  # under 150 KB. The features are those rustc's wasm32 target emits (and SIMD in the SIMD build).
  # On failure the bindings go, so that the next run does not take the package for up to date.
  # shellcheck disable=SC2086 # opt_features is empty or one flag
  if ! "$wasm_opt" -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals $opt_features "$tmp/reversi_bg.wasm" -o "$tmp/opt.wasm"; then
    rm -f "$out/reversi.js"
    exit 1
  fi
  # The bindings are generated code with a doc comment for every export: minified they are less
  # than half as heavy gzipped, and the page and its worker each load them before the first move.
  if ! "$terser" "$tmp/reversi.js" --module --compress --mangle -o "$tmp/reversi.min.js"; then
    rm -f "$out/reversi.js"
    exit 1
  fi
  mkdir -p "$out"
  if [ "$simd" = simd ]; then
    # One set of bindings serves both builds of the wasm: they must be the same file.
    if [ -f "$out/reversi.js" ] && ! cmp -s "$tmp/reversi.min.js" "$out/reversi.js"; then
      echo "build-wasm: the SIMD build's bindings differ from $out/reversi.js" >&2
      rm -f "$out/reversi.js"
      exit 1
    fi
  else
    mv "$tmp/reversi.min.js" "$out/reversi.js"
    mv "$tmp/reversi.d.ts" "$out/reversi.d.ts"
  fi
  mv "$tmp/opt.wasm" "$out/$name"
  touch "$out/reversi.js"
  echo "Built $out/$name: $(wc -c <"$out/$name") bytes, $(gzip -9c "$out/$name" | wc -c) gzipped; bindings $(gzip -9c "$out/reversi.js" | wc -c) gzipped."
}

build www/pkg target reversi_bg.wasm plain
build www/pkg target/simd reversi_simd_bg.wasm simd
build www/pkg/classroom target/classroom reversi_bg.wasm plain --features classroom
scripts/build-offline.sh
