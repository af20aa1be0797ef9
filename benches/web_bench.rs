//! The native half of the browser benchmark (`make bench`): the same fixed searches that
//! `tests/e2e/bench.mjs` runs in headless Chromium, so nodes per second can be compared.
//!
//! `cargo bench --bench web_bench` prints one JSON line: {"nodes": …, "ms": …, "nps": …,
//! "level9": {"nodes": …, "ms": …, "nps": …}}. The first figures are depth-10 searches with the
//! default limits (the course's evaluation, no ProbCut); `level9` is level 9's own search (the
//! pattern evaluation and ProbCut, no book, no exact solve) at depth 15, what the page's AI runs.

use reversi::clock::monotonic_ms;
use reversi::othello::eval::pattern::PatternWeights;
use reversi::othello::records::notation::replay;
use reversi::othello::search::levels::level;
use reversi::othello::search::{Control, Engine, Limits};
use reversi::Position;
use std::sync::Arc;

/// Openings searched to a fixed depth; keep in step with `tests/e2e/bench.mjs`.
pub const OPENINGS: [&str; 3] = ["f5d6c3d3c4f4f6f3e6e7", "f5f6e6f4e3c5c4d3", "f5d6c3d3c4f4c5b3c2"];
const DEPTH: u32 = 10;
const LEVEL9_DEPTH: u32 = 15;
const TT_MEGABYTES: usize = 64;

/// Searches every opening with a fresh engine (as in the browser: no table carried over).
fn run(limits: &Limits, weights: Option<&Arc<PatternWeights>>) -> (u64, f64) {
    let (mut nodes, mut ms) = (0u64, 0f64);
    for opening in OPENINGS {
        let (_, position) = replay(Position::start(), opening).expect("bench openings are legal");
        let mut engine = Engine::new(TT_MEGABYTES);
        engine.set_pattern_weights(weights.cloned());
        let started = monotonic_ms();
        let result = engine.search(position.board(), limits, &mut Control::new(&monotonic_ms));
        ms += monotonic_ms() - started;
        nodes += result.stats.nodes;
        eprintln!("{opening}: {} {} nodes {}", result.best_move, result.score, result.stats.nodes);
    }
    (nodes, ms)
}

fn main() {
    let (nodes, ms) = run(&Limits::depth(DEPTH), None);
    let nine = level(9).expect("level 9").limits(0);
    let nine = Limits {
        depth: Some(LEVEL9_DEPTH),
        time_ms: None,
        exact_from_empties: Some(0),
        book: None,
        plan_solve: false,
        ..nine
    };
    let weights = reversi::othello::eval::pattern::file::bundled().expect("the bundled weights");
    let (nodes9, ms9) = run(&nine, Some(&weights));
    let nps = |n: u64, ms: f64| n as f64 / (ms / 1000.0);
    println!(
        "{{\"nodes\": {nodes}, \"ms\": {ms:.1}, \"nps\": {:.0}, \"level9\": {{\"nodes\": {nodes9}, \"ms\": {ms9:.1}, \"nps\": {:.0}}}}}",
        nps(nodes, ms),
        nps(nodes9, ms9)
    );
}
