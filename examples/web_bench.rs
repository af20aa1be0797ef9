//! The native half of the browser benchmark (`make bench`): the same fixed searches that
//! `scripts/bench.mjs` runs in headless Chromium, so nodes per second can be compared.
//!
//! `cargo run --release --example web_bench` prints one JSON line: {"nodes": …, "ms": …, "nps": …}.

use reversi::clock::monotonic_ms;
use reversi::othello::records::notation::replay;
use reversi::othello::search::{Control, Engine, Limits};
use reversi::Position;

/// Openings searched to a fixed depth; keep in step with `scripts/bench.mjs`.
pub const OPENINGS: [&str; 3] = ["f5d6c3d3c4f4f6f3e6e7", "f5f6e6f4e3c5c4d3", "f5d6c3d3c4f4c5b3c2"];
const DEPTH: u32 = 10;
const TT_MEGABYTES: usize = 64;

fn main() {
    let (mut nodes, mut ms) = (0u64, 0f64);
    for opening in OPENINGS {
        let (_, position) = replay(Position::start(), opening).expect("bench openings are legal");
        // A fresh engine per position, as in the browser: no table carried over.
        let mut engine = Engine::new(TT_MEGABYTES);
        let started = monotonic_ms();
        let result = engine.search(position.board(), &Limits::depth(DEPTH), &mut Control::new(&monotonic_ms));
        ms += monotonic_ms() - started;
        nodes += result.stats.nodes;
        eprintln!("{opening}: {} {} nodes {}", result.best_move, result.score, result.stats.nodes);
    }
    println!("{{\"nodes\": {nodes}, \"ms\": {ms:.1}, \"nps\": {:.0}}}", nodes as f64 / (ms / 1000.0));
}
