#!/usr/bin/env bash
# Installs the npm packages pinned in FOLDER/package-lock.json (npm ci) when FOLDER/node_modules is
# missing or older than the lock file; silent otherwise. Never downloads a browser: Debian's
# Chromium is used.
#   scripts/ensure-npm-packages.sh tests/e2e      playwright-core, for the end-to-end tests
#   scripts/ensure-npm-packages.sh scripts/tools  binaryen's wasm-opt and terser, for the wasm build;
#                                                 TypeScript, for make typecheck
set -euo pipefail
cd "$(dirname "$0")/../$1"
stamp=node_modules/.package-lock.json
if [ -f "$stamp" ] && [ ! package-lock.json -nt "$stamp" ]; then
  exit 0
fi
echo "Installing the npm packages of $1 (npm ci)…"
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
touch "$stamp"
