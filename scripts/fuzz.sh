#!/usr/bin/env bash
# `make fuzz [RUNS=N] [TARGETS="tree lesson_tree"]`: builds every fuzz target of fuzz/ on stable
# Rust and runs each under libFuzzer for N inputs (default 10000), from its corpus
# fuzz/corpus/TARGET/ (kept between runs, ignored by git), seeded from fuzz/seeds/TARGET/ and the
# project's data named in fuzz/seeds.txt. Prints each target's coverage when it started and when it
# ended. A failing input is left in fuzz/artifacts/TARGET/ and fails the run.
#
# cargo-fuzz needs nightly (-Zsanitizer); the instrumentation libFuzzer needs is also reachable on
# stable, so the targets are built here with the flags cargo-fuzz passes, without AddressSanitizer
# (nightly only; the parsers are safe Rust: a panic is the failure looked for).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

runs="${1:-10000}"
read -r -a targets <<<"${2:-}"
if [ "${#targets[@]}" -eq 0 ]; then
  mapfile -t targets < <(sed -n 's/^name = "\(.*\)"$/\1/p' fuzz/Cargo.toml | grep -v '^reversi')
fi

# The host named explicitly: the flags then reach the targets and not the build scripts.
host=$(rustc -vV | sed -n 's/^host: //p')
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions -Coverflow-checks"
start=$(date +%s)
(cd fuzz && nice cargo build --quiet --release --target "$host" --bins)
echo "fuzz: targets built in $(($(date +%s) - start)) s"
bin="fuzz/target/$host/release"

# Copies a target's seeds into its corpus (the same names each time: nothing piles up).
seed_corpus() {
  local target=$1 corpus=$2 n=0 kind path line
  if [ -d "fuzz/seeds/$target" ]; then
    for f in "fuzz/seeds/$target"/*; do cp "$f" "$corpus/seed-$(basename "$f")"; done
  fi
  while read -r name kind path; do
    [ "$name" = "$target" ] || continue
    case "$kind" in
      file) cp "$path" "$corpus/seed-$(basename "$path")" ;;
      lines | words)
        while IFS= read -r line; do
          case "$line" in '' | '#'* | '%'*) continue ;; esac
          [ "$kind" = words ] && line=${line%%[[:space:]]*}
          n=$((n + 1))
          printf '%s' "$line" >"$corpus/seed-$(basename "$path")-$n"
        done <"$path"
        ;;
    esac
  done < <(grep -v '^#' fuzz/seeds.txt)
}

status=0
for target in "${targets[@]}"; do
  corpus="fuzz/corpus/$target"
  mkdir -p "$corpus" "fuzz/artifacts/$target"
  seed_corpus "$target" "$corpus"
  dict=()
  case "$target" in
    parse_board | replay | obf | obf_write | game_text | ggf) dict=(-dict=fuzz/moves.dict) ;;
    tree | lesson_tree | lesson_othello) dict=(-dict=fuzz/lesson.dict) ;;
  esac
  log="fuzz/artifacts/$target/last-run.log"
  t0=$(date +%s)
  if "$bin/$target" -runs="$runs" "${dict[@]}" -artifact_prefix="fuzz/artifacts/$target/" \
    -print_final_stats=1 "$corpus" >"$log" 2>&1; then
    first=$(grep -m1 -o 'INITED cov: [0-9]* ft: [0-9]*' "$log" || true)
    last=$(grep -o 'DONE *cov: [0-9]* ft: [0-9]*' "$log" | tail -1 | tr -s ' ')
    echo "fuzz: $target: $runs inputs in $(($(date +%s) - t0)) s, ${first#INITED } → ${last#DONE }, corpus $(ls "$corpus" | wc -l) files"
  else
    echo "fuzz: $target FAILED (the input is in fuzz/artifacts/$target/; the log: $log):"
    grep -A12 -m1 'panicked\|ERROR' "$log" || tail -20 "$log"
    status=1
  fi
done
exit $status
