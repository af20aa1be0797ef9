#!/usr/bin/env bash
# Serves a folder (default: the repository root; make play passes dist/) on 127.0.0.1, with the
# headers that make the game page cross-origin isolated (scripts/serve.py).
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-8000}
folder=${2:-.}
echo "Othello is served at http://127.0.0.1:$port/  (Ctrl+C stops it)"
exec python3 scripts/serve.py "$port" "$folder"
