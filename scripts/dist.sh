#!/usr/bin/env bash
# Builds the site as one folder of static files (default dist/): the game, the classroom, the
# <othello-board> element, the iframe page, the demo and both wasm packages. Every link inside is
# relative, so any static host serves the folder as it is, at the site root or under a sub-path.
# The site's own ES modules are minified, each a file of its own with its source map beside it
# (scripts/tools/minify.mjs; the wasm-bindgen bindings are minified by scripts/build-wasm.sh), and
# the offline manifest is written for the files as shipped (scripts/build-offline.sh).
# Copies only what changed, removes what no longer exists, and says nothing when up to date.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-dist}
scripts/build-wasm.sh

# The files of the site: the pages at the root (with the game's service worker and web app
# manifest, the pattern weights and the opening book), the FFO positions of the practice's endgame
# drills, and what they load from www/ (sources, styles, icons, the wasm-bindgen output and the
# service worker's offline page; nothing else of the repository is served).
mapfile -t files < <(
  printf '%s\n' index.html classroom.html embed.html embed-demo.html sw.js manifest.webmanifest weights/pattern.bin weights/book.bin
  printf '%s\n' data/fforum-1-19.obf data/fforum-20-39.obf data/fforum-40-59.obf data/fforum-60-79.obf
  find www -type f \( -name '*.js' -o -name '*.css' -o -name '*.wasm' -o -name '*.svg' -o -name '*.png' -o -name '*.html' \) | sort
)

# Minified: the modules of www/ but the bindings (already minified) and the offline manifest
# (written below for the shipped files).
manifest=www/offline/manifest.js
declare -A wanted=()
minified=()
updated=0
for file in "${files[@]}"; do
  wanted[$file]=1
  if [[ $file == www/*.js && $file != www/pkg/* && $file != "$manifest" ]]; then
    wanted[$file.map]=1
    minified+=("$file")
  elif [ "$file" != "$manifest" ] && ! cmp -s "$file" "$out/$file"; then
    mkdir -p "$out/$(dirname "$file")"
    cp "$file" "$out/$file"
    updated=$((updated + 1))
  fi
done
written=$(node scripts/tools/minify.mjs . "$out" "${minified[@]}")
[ -z "$written" ] || updated=$((updated + $(printf '%s\n' "$written" | wc -l)))
# The service worker checks every file it keeps against this manifest: the hashes of dist's files.
scripts/build-offline.sh "$out" >/dev/null

removed=0
while IFS= read -r -d '' path; do
  if [ -z "${wanted[${path#"$out"/}]:-}" ]; then
    rm -f "$path"
    removed=$((removed + 1))
  fi
done < <(find "$out" -type f -print0)
find "$out" -mindepth 1 -type d -empty -delete

if [ $((updated + removed)) -gt 0 ]; then
  echo "$out/: $updated files written, $removed removed ($(du -sk "$out" | cut -f1) KB, ${#files[@]} files)."
fi
