#!/usr/bin/env bash
# Serves a folder (default: the repository root; make play passes dist/) with the headers that
# make the game page cross-origin isolated (scripts/serve.py), on 127.0.0.1, or with HOST=0.0.0.0
# on every address of this machine, so that the other devices of the network (a class's phones)
# can open it: then it prints the addresses they use.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-8000}
folder=${2:-.}
host=${3:-127.0.0.1}
if [ "$host" = "0.0.0.0" ]; then
  echo "Othello is served at http://127.0.0.1:$port/ on this machine (Ctrl+C stops it)"
  # The machine's own addresses, as the other devices of its networks reach it.
  addresses=$(hostname -I 2>/dev/null || true)
  found=0
  for address in $addresses; do
    case "$address" in
      127.*|::1|*:*) ;;
      *) echo "  and at http://$address:$port/ for the other devices of its network"; found=1 ;;
    esac
  done
  if [ "$found" = 0 ]; then
    echo "  (no network address found: other devices use this machine's address on its network)"
  fi
  echo "  Over plain http from another device the page is not a secure context: no offline copy and"
  echo "  one AI worker there (docs/classroom.md, 'A link the room can open')."
else
  echo "Othello is served at http://$host:$port/  (Ctrl+C stops it; HOST=0.0.0.0 make play serves the network)"
fi
exec python3 scripts/serve.py "$port" "$folder" "$host"
