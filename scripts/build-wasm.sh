#!/usr/bin/env bash
# Builds the engine for the browser (ES module + .wasm), silent when up to date:
#   www/pkg/            the game and the embeddable board (engine bindings only)
#   www/pkg/classroom/  the classroom page (the same, plus the traced lessons and the heuristic lab)
# Two packages so that players do not download the classroom (about 124 KB gzipped more).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
scripts/ensure-wasm-toolchain.sh
scripts/ensure-npm-packages.sh scripts/tools
wasm_opt=scripts/tools/node_modules/.bin/wasm-opt
terser=scripts/tools/node_modules/.bin/terser

# build OUT_DIR [cargo options…]: one package; each has a target folder of its own, so that
# switching features never rebuilds the other.
build() {
  local out=$1 target_dir=$2
  shift 2
  local wasm=$target_dir/wasm32-unknown-unknown/release/reversi.wasm
  # --lib: the CLI binary has the same output name and is of no use in a browser.
  nice cargo build --quiet --lib --release --target wasm32-unknown-unknown --target-dir "$target_dir" "$@"
  if [ -f "$out/reversi_bg.wasm" ] && [ ! "$wasm" -nt "$out/reversi_bg.wasm" ] && [ "$out/reversi.js" -nt "$wasm" ]; then
    return 0
  fi
  wasm-bindgen --target web --no-typescript --out-dir "$out" "$wasm"
  # -O3 (speed) also makes the game's wasm about 12 % smaller gzipped: what keeps the first load
  # under 150 KB. The features are those rustc's wasm32 target emits.
  # On failure the bindings go, so that the next run does not take the package for up to date.
  if ! "$wasm_opt" -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals "$out/reversi_bg.wasm" -o "$out/reversi_bg.opt.wasm"; then
    rm -f "$out/reversi.js" "$out/reversi_bg.opt.wasm"
    exit 1
  fi
  mv "$out/reversi_bg.opt.wasm" "$out/reversi_bg.wasm"
  # The bindings are generated code with a doc comment for every export: minified they are less
  # than half as heavy gzipped, and the page and its worker each load them before the first move.
  if ! "$terser" "$out/reversi.js" --module --compress --mangle -o "$out/reversi.min.js"; then
    rm -f "$out/reversi.js" "$out/reversi.min.js"
    exit 1
  fi
  mv "$out/reversi.min.js" "$out/reversi.js"
  touch "$out/reversi.js"
  echo "Built $out: $(wc -c <"$out/reversi_bg.wasm") bytes of wasm, $(gzip -9c "$out/reversi_bg.wasm" | wc -c) gzipped; bindings $(gzip -9c "$out/reversi.js" | wc -c) gzipped."
}

build www/pkg target
build www/pkg/classroom target/classroom --features classroom
scripts/build-offline.sh
