#!/usr/bin/env bash
# Installs the end-to-end tests' npm packages (playwright-core) when node_modules is missing or
# older than package-lock.json; silent otherwise. Never downloads a browser: Debian's is used.
set -euo pipefail
cd "$(dirname "$0")/../tests/e2e"
stamp=node_modules/.package-lock.json
if [ -f "$stamp" ] && [ ! package-lock.json -nt "$stamp" ]; then
  exit 0
fi
echo "Installing the end-to-end test dependencies (npm ci)…"
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
touch "$stamp"
