#!/usr/bin/env bash
# Installs the wasm32 target, the standard library's sources (rust-src: the threads build compiles
# the standard library with atomics, see build-wasm.sh) and the wasm-bindgen CLI if they are
# missing; silent otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "Installing the Rust target wasm32-unknown-unknown…"
  rustup target add wasm32-unknown-unknown
fi
if ! rustup component list --installed | grep -qx rust-src; then
  echo "Installing the Rust component rust-src (the threads build compiles the standard library)…"
  rustup component add rust-src
fi

# The CLI must match the wasm-bindgen crate in Cargo.lock exactly ("schema version" error otherwise).
wanted=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $wanted" ]; then
  echo "Installing wasm-bindgen-cli $wanted (a few minutes, once)…"
  # No --locked: its lockfile wants crate versions the registry mirror here lacks.
  nice cargo install wasm-bindgen-cli --version "$wanted"
fi
