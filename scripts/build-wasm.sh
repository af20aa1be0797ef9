#!/usr/bin/env bash
# Builds the engine for the browser (ES module + .wasm), silent when up to date:
#   www/pkg/            the game and the embeddable board (engine bindings only): reversi.js and two
#                       builds of the same code, reversi_simd_bg.wasm (128-bit SIMD, what every
#                       current browser runs) and reversi_bg.wasm (without, for older browsers);
#                       www/common/engine-wasm.js picks one
#   www/pkg/threads/    the same engine with shared memory (SIMD and threads: its workers search
#                       one position together), loaded by the game page's AI workers only where the
#                       page is cross-origin isolated; bindings of its own (they import the memory)
#   www/pkg/classroom/  the classroom page (the same, plus the traced lessons and the heuristic lab)
# Each package also gets reversi.d.ts, the bindings' TypeScript types (the shapes of what they
# return included): what `make typecheck` checks the page's JavaScript against; it is not served.
# Two packages so that players do not download the classroom (about 124 KB gzipped more).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
scripts/ensure-wasm-toolchain.sh
scripts/ensure-npm-packages.sh scripts/tools
wasm_opt=scripts/tools/node_modules/.bin/wasm-opt
terser=scripts/tools/node_modules/.bin/terser

# The threads build's memory, in 64 KiB pages: the page creates it (www/common/engine-wasm.js:
# THREADS_MEMORY) and hands it to every worker, so its size must suit the module (checked below:
# at least the module's initial size, exactly its maximum). At most 1 GiB: a game page's AI table
# is at most 128 MiB (www/game/app.js), and a phone is asked for little address space.
threads_initial_pages=80
threads_max_pages=16384

# The threads build's flags. Shared memory needs the standard library compiled with atomics:
# stable Rust ships it compiled without, so the build compiles it (-Z build-std, with the
# rust-src component), a flag of nightly Rust that RUSTC_BOOTSTRAP=1 allows on the stable
# toolchain the rest of the project uses. A nightly toolchain would do without RUSTC_BOOTSTRAP;
# the day build-std is stable, neither is needed. The linker then shares and imports the memory
# and exports what wasm-bindgen needs to start each worker's thread-local storage.
threads_rustflags="-C target-feature=+atomics,+bulk-memory,+mutable-globals,+simd128"
for arg in --shared-memory --import-memory --max-memory=$((threads_max_pages * 65536)) \
  --export=__wasm_init_tls --export=__tls_size --export=__tls_align --export=__tls_base; do
  threads_rustflags+=" -C link-arg=$arg"
done

# compile TARGET_DIR KIND [cargo options…]: one build's wasm (KIND plain, simd or threads). Each
# build has a target folder of its own, so that switching features or flags never rebuilds another.
compile() {
  local target_dir=$1 kind=$2
  shift 2
  local rustflags=""
  local extra=() bootstrap=()
  case "$kind" in
    simd)
      rustflags="-C target-feature=+simd128"
      ;;
    threads)
      rustflags=$threads_rustflags
      bootstrap=(RUSTC_BOOTSTRAP=1)
      extra=(-Z build-std=std,panic_abort)
      ;;
  esac
  # -p reversi --lib: the engine's library alone (the workspace's command-line programs are of no
  # use in a browser). rustc warns on every build that the atomics feature is unstable (the
  # reason for RUSTC_BOOTSTRAP above): that warning is dropped, any other is shown.
  env "${bootstrap[@]}" RUSTFLAGS="$rustflags" nice cargo build --quiet -p reversi --lib --release \
    --target wasm32-unknown-unknown --target-dir "$target_dir" "${extra[@]}" "$@" 2> >(
    awk '/^warning: unstable feature specified for `-Ctarget-feature`: `atomics`/ { skip = 1 }
         skip && /^$/ { skip = 0; next } !skip' >&2
  )
}

# Functions the optimiser must leave apart, though each has a single caller: loops called many
# times within the one call that loads the weights (src/othello/eval/pattern/mod.rs, fill_table).
# A browser runs a long call in its baseline code until it returns and optimises a function once
# it has been called often enough; inlined into that call, they ran unoptimised to its end (the
# first load of a network file took twice the next). Each must be found in the build's names, so
# that a rename cannot drop its mark unseen.
keep_apart=(pattern_outputs mix_heads fill_table)

# package OUT_DIR TARGET_DIR WASM_NAME KIND: a compiled build's optimised wasm, and its bindings
# unless WASM_NAME is the SIMD build's (the bindings of the plain and SIMD builds are the same
# file: checked; the threads build has its own folder).
package() {
  local out=$1 target_dir=$2 name=$3 kind=$4
  local wasm=$target_dir/wasm32-unknown-unknown/release/reversi.wasm
  local opt_features=""
  case "$kind" in
    simd) opt_features="--enable-simd" ;;
    threads) opt_features="--enable-simd --enable-threads" ;;
  esac
  if [ -f "$out/$name" ] && [ ! "$wasm" -nt "$out/$name" ] && [ "$out/reversi.js" -nt "$wasm" ] && [ -f "$out/reversi.d.ts" ]; then
    return 0
  fi
  local tmp
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  wasm-bindgen --target web --out-dir "$tmp" "$wasm"
  if [ "$kind" = threads ]; then
    local declared
    declared=$(grep -o 'new WebAssembly.Memory({initial:[0-9]*,maximum:[0-9]*,shared:true})' "$tmp/reversi.js" || true)
    local initial=${declared#*initial:}
    initial=${initial%%,*}
    if [ -z "$declared" ] || [ "$initial" -gt "$threads_initial_pages" ] ||
      [[ $declared != *"maximum:$threads_max_pages,"* ]]; then
      echo "build-wasm: the threads build wants a memory of '${declared:-?}', not the $threads_initial_pages to $threads_max_pages pages www/common/engine-wasm.js creates" >&2
      exit 1
    fi
  fi
  local no_inline=()
  local function
  for function in "${keep_apart[@]}"; do
    if ! grep -qa "::$function" "$tmp/reversi_bg.wasm"; then
      echo "build-wasm: no function named $function in $wasm (scripts/build-wasm.sh's keep_apart)" >&2
      rm -f "$out/reversi.js"
      exit 1
    fi
    no_inline+=("--no-inline=*::$function*")
  done
  # -O3 (speed) also makes the game's wasm about 12 % smaller gzipped: what keeps the first load
  # within its budget (tests/e2e/embed.test.js). The features are those rustc's wasm32 target
  # emits (and SIMD in the SIMD build, SIMD and threads in the threads build).
  # On failure the bindings go, so that the next run does not take the package for up to date.
  # --no-inline comes before -O3: passes run in the order given.
  # shellcheck disable=SC2086 # opt_features is empty or flags
  if ! "$wasm_opt" "${no_inline[@]}" -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals $opt_features "$tmp/reversi_bg.wasm" -o "$tmp/opt.wasm"; then
    rm -f "$out/reversi.js"
    exit 1
  fi
  # The bindings are generated code with a doc comment for every export: minified they are less
  # than half as heavy gzipped, and the page and its worker each load them before the first move.
  if ! "$terser" "$tmp/reversi.js" --module --compress --mangle -o "$tmp/reversi.min.js"; then
    rm -f "$out/reversi.js"
    exit 1
  fi
  mkdir -p "$out"
  if [ "$kind" = simd ]; then
    # One set of bindings serves both builds of the wasm: they must be the same file.
    if [ -f "$out/reversi.js" ] && ! cmp -s "$tmp/reversi.min.js" "$out/reversi.js"; then
      echo "build-wasm: the SIMD build's bindings differ from $out/reversi.js" >&2
      rm -f "$out/reversi.js"
      exit 1
    fi
  else
    mv "$tmp/reversi.min.js" "$out/reversi.js"
    mv "$tmp/reversi.d.ts" "$out/reversi.d.ts"
  fi
  mv "$tmp/opt.wasm" "$out/$name"
  touch "$out/reversi.js"
  echo "Built $out/$name: $(wc -c <"$out/$name") bytes, $(gzip -9c "$out/$name" | wc -c) gzipped; bindings $(gzip -9c "$out/reversi.js" | wc -c) gzipped."
}

# The four compilations side by side: each ends in one long single-threaded step (link-time
# optimisation of one codegen unit), so together they keep every core busy (measured:
# docs/log/suite.md). Packaged afterwards, in order.
pids=()
compile target plain & pids+=($!)
compile target/simd simd & pids+=($!)
compile target/threads threads & pids+=($!)
compile target/classroom plain --features classroom & pids+=($!)
failed=0
for pid in "${pids[@]}"; do
  wait "$pid" || failed=1
done
[ "$failed" = 0 ] || exit 1
package www/pkg target reversi_bg.wasm plain
package www/pkg target/simd reversi_simd_bg.wasm simd
package www/pkg/threads target/threads reversi_bg.wasm threads
package www/pkg/classroom target/classroom reversi_bg.wasm plain
scripts/build-offline.sh
