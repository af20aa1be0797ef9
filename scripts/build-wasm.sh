#!/usr/bin/env bash
# Builds the engine for the browser into www/pkg (ES module + .wasm); silent when up to date.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
scripts/ensure-wasm-toolchain.sh

wasm=target/wasm32-unknown-unknown/release/reversi.wasm
out=www/pkg/reversi_bg.wasm
# --lib: the CLI binary has the same output name and is of no use in a browser.
nice cargo build --quiet --lib --release --target wasm32-unknown-unknown
if [ -f "$out" ] && [ ! "$wasm" -nt "$out" ] && [ www/pkg/reversi.js -nt "$wasm" ]; then
  exit 0
fi
wasm-bindgen --target web --no-typescript --out-dir www/pkg "$wasm"
touch www/pkg/reversi.js
echo "Built www/pkg: $(wc -c <"$out") bytes of wasm, $(gzip -9c "$out" | wc -c) gzipped."
