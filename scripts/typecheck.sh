#!/usr/bin/env bash
# Type-checks the page's JavaScript with TypeScript's checker (tsc --noEmit over the JSDoc types;
# nothing is built): tsconfig.json for the pages' modules, tsconfig.workers.json for the workers'.
# The engine's imports are typed by the reversi.d.ts files of www/pkg/ (make wasm writes them).
# Silent when the code is clean; otherwise the checker's findings, and a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-npm-packages.sh scripts/tools
for pkg in www/pkg www/pkg/classroom; do
  if [ ! -f "$pkg/reversi.d.ts" ]; then
    echo "typecheck: $pkg/reversi.d.ts is missing: run make wasm first" >&2
    exit 1
  fi
done
tsc=scripts/tools/node_modules/.bin/tsc
status=0
for project in tsconfig.json tsconfig.workers.json; do
  "$tsc" --project "$project" --pretty false || status=1
done
exit $status
