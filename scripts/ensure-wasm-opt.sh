#!/usr/bin/env bash
# Installs binaryen's wasm-opt (npm package, pinned in scripts/tools/package-lock.json) when
# node_modules is missing or older than the lock file; silent otherwise.
set -euo pipefail
cd "$(dirname "$0")/tools"
stamp=node_modules/.package-lock.json
if [ -f "$stamp" ] && [ ! package-lock.json -nt "$stamp" ]; then
  exit 0
fi
echo "Installing wasm-opt (npm ci in scripts/tools)…"
npm ci --no-audit --no-fund --loglevel=error
touch "$stamp"
