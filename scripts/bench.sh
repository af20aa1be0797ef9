#!/usr/bin/env bash
# The same fixed searches natively and in headless Chromium, plus page-ready time and transfer
# size. Best of five interleaved runs of each side: on a shared machine the best run is the one
# least disturbed by other work.
set -euo pipefail
cd "$(dirname "$0")/.."
# benches/web_bench.rs, built once here; each run below is `cargo bench` of the built program.
nice cargo bench --quiet --bench web_bench --no-run
# best PATH: the largest value at a dotted path over JSON lines on stdin
best() { python3 -c '
import json, sys
def at(d, path):
    for key in path.split("."):
        d = d[key]
    return d
print(max(at(json.loads(line), sys.argv[1]) for line in sys.stdin if line.strip()))' "$1"; }
native_runs=""
browser_runs=""
for run in 1 2 3 4 5; do
  native_runs+="$(cargo bench --quiet --bench web_bench 2>/dev/null)"$'\n'
  browser_runs+="$(node tests/e2e/bench.mjs)"$'\n'
done
echo "native:"; echo "$native_runs"
echo "browser:"; echo "$browser_runs"
n=$(echo "$native_runs" | best nps)
w=$(echo "$browser_runs" | best search.nps)
python3 -c "print(f'nodes/s, best of 5: native $n, wasm $w, wasm/native = {$w/$n:.2f}')"
# The same searches run again in the same page (wasm memory already grown and touched, code tiered
# up): engine speed without what a fresh page pays once. The native runs pay their page faults
# every time (a fresh process and table per search: about 15 % of their time, perf says), so this
# ratio flatters wasm somewhat.
w2=$(echo "$browser_runs" | best searchAgain.nps)
python3 -c "print(f'the same searches again in the page: wasm $w2, wasm/native = {$w2/$n:.2f}')"
# Level 9's own search (pattern evaluation, ProbCut): what the page's AI runs.
n9=$(echo "$native_runs" | best level9.nps)
w9=$(echo "$browser_runs" | best level9.nps)
python3 -c "print(f'level 9 search (pattern evaluation, ProbCut, depth 15), best of 5: native $n9, wasm $w9, wasm/native = {$w9/$n9:.2f}')"
echo "$browser_runs" | python3 -c '
import json, sys
runs = [json.loads(line)["parallel"] for line in sys.stdin if line.strip()]
best = max(runs, key=lambda r: r["speedup"])
one, two = best["1"]["ms"], best["2"]["ms"]
gap = max(r["2"]["longestFrameGapMs"] for r in runs)
print("AI split over two workers against one (fixed depth, same positions), best of %d: %.2fx (%d ms -> %d ms; all runs: %s); longest frame gap %d ms"
      % (len(runs), best["speedup"], one, two, [r["speedup"] for r in runs], gap))'
wasm=www/pkg/reversi_bg.wasm
echo "wasm: $(wc -c <$wasm) bytes raw, $(gzip -9c $wasm | wc -c) gzipped"

# The AI's team on a shared memory (the threads build, an isolated page) against one worker, and
# natively the same with threads: the time to the same depth, FFO #40–49 solved. WORKERS (make
# bench WORKERS=8 on a machine with the cores) is the most workers and threads measured.
workers=${WORKERS:-2}
echo "team on a shared memory, 1 to $workers workers (tests/e2e/bench-team.mjs):"
team=$(node tests/e2e/bench-team.mjs "$workers" ffo)
echo "$team"
echo "$team" | python3 -c '
import json, sys
r = json.load(sys.stdin)
mid, ffo = r["midgame"], r["ffo"]
teams = sorted((k for k in mid if k.startswith("team")), key=lambda k: int(k[4:]))
print("depth %d, level 9 evaluation and ProbCut, 4 positions: SIMD build, 1 worker %d ms; threads build %s"
      % (r["depth"], mid["simd"]["ms"], ", ".join("%s workers %d ms" % (k[4:], mid[k]["ms"]) for k in teams)))
print("FFO #40-49: SIMD build, 1 worker %d ms; threads build %s; exact scores alike: %s"
      % (ffo["simd"]["ms"], ", ".join("%s workers %d ms" % (k[4:], ffo[k]["ms"]) for k in teams),
         all(ffo[k]["scores"] == ffo["simd"]["scores"] for k in teams) or "NO"))
print("threads build on 1 worker / SIMD build: %.2f; 1 worker / 2 workers: midgame %.2fx, FFO %.2fx; longest frame gap %d ms"
      % (mid["team1"]["ms"] / mid["simd"]["ms"], mid["team1"]["ms"] / mid["team2"]["ms"] if "team2" in mid else 0,
         ffo["team1"]["ms"] / ffo["team2"]["ms"] if "team2" in ffo else 0, r["longestFrameGapMs"]))'
nice cargo bench --quiet --bench midgame --bench ffo --no-run
for threads in $(seq 1 "$workers"); do
  echo "native, $threads thread(s): $(cargo bench --quiet --bench midgame -- 4 15 5 --threads "$threads" 2>/dev/null | tail -1)"
  echo "native, $threads thread(s), FFO #40-49: $(cargo bench --quiet --bench ffo -- --threads "$threads" 2>/dev/null | tail -1)"
done
