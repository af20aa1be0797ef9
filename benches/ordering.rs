//! Nodes of fixed-depth searches with the pattern evaluation from a few openings: a measure of
//! move ordering (`cargo bench --bench ordering -- [DEPTH]`).

mod common;

use reversi::othello::eval::pattern::file::bundled;
use reversi::othello::records::notation::replay;
use reversi::othello::search::{Control, Engine, EvalChoice, Limits};
use reversi::Position;
use std::time::Instant;

const OPENINGS: &[&str] = &["", "f5d6c3d3c4", "f5f6e6f4e3", "c4c3d3c5b4", "f5d6c3d3c4f4c5b3c2"];

fn main() {
    let depth: u32 = common::arguments().first().and_then(|d| d.parse().ok()).unwrap_or(10);
    let mut engine = Engine::new(64);
    engine.set_pattern_weights(Some(bundled().expect("built-in weights")));
    let (mut nodes, start) = (0u64, Instant::now());
    let random = reversi::othello::analysis::arena::openings(6, 12, 7);
    let named = OPENINGS.iter().map(|o| (o.to_string(), replay(Position::start(), o).expect("legal openings").1));
    for (opening, pos) in named.chain(random.into_iter().enumerate().map(|(i, p)| (format!("random {i}"), p))) {
        engine.clear();
        let limits = Limits { eval: EvalChoice::Pattern, ..Limits::depth(depth) };
        let r = engine.search(pos.board(), &limits, &mut Control::new(&reversi::clock::monotonic_ms));
        println!(
            "{:<20} {} {} {:>12} nodes",
            if opening.is_empty() { "start" } else { opening.as_str() },
            r.best_move,
            r.score,
            r.stats.nodes
        );
        nodes += r.stats.nodes;
    }
    println!("total {nodes} nodes, {:.2} s", start.elapsed().as_secs_f64());
}
