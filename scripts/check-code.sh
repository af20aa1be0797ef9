#!/usr/bin/env bash
# The gates that keep the code's habits: no source file over its size limit, formatting, lints
# (native and the wasm bindings) and the rustdoc links. Installs rustfmt and clippy when the
# toolchain lacks them; prints only problems, and the files allowed over the size limit.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

for component in rustfmt clippy; do
  if ! rustup component list --installed 2>/dev/null | grep -q "^$component"; then
    echo "Installing the Rust component $component…"
    rustup component add "$component"
  fi
done

node scripts/tools/check-sizes.mjs
cargo fmt --all --check
# fuzz/ is a package of its own (outside the workspace): its files are checked directly.
rustfmt --edition 2021 --check fuzz/src/lib.rs fuzz/fuzz_targets/*.rs
nice cargo clippy --quiet --workspace --all-targets -- -D warnings
nice cargo clippy --quiet -p reversi --target wasm32-unknown-unknown --features classroom --lib \
  --test wasm_bindings --test wasm_classroom --test wasm_simd -- -D warnings
RUSTDOCFLAGS="-D warnings" nice cargo doc --quiet --no-deps --workspace
