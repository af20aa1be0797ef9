#!/usr/bin/env bash
# Serves a folder (default: the repository root; make play passes dist/) on 127.0.0.1.
# No special headers needed.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-8000}
cd "${2:-.}"
echo "Othello is served at http://127.0.0.1:$port/  (Ctrl+C stops it)"
exec python3 -m http.server "$port" --bind 127.0.0.1
