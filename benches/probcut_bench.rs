//! Multi-ProbCut's effect at a fixed depth: the same positions searched with and without it
//! (pattern evaluation, fresh tables), counting nodes, time, agreement on the move, and how far
//! the scores differ.
//!
//! `cargo bench --bench probcut_bench -- [POSITIONS] [DEPTH] [SEED]` (default 40 10 3).
//! Positions: 4 to 30 random plies from the start (56 to 30 empties).

mod common;

use reversi::clock::monotonic_ms;
use reversi::othello::analysis::arena::random_walk;
use reversi::othello::eval::pattern::file::bundled;
use reversi::othello::search::{Control, Engine, EvalChoice, Limits};
use reversi::rng::XorShift64Star as Rng;
use reversi::{Board, Move};
use std::time::Instant;

/// A position `plies` random plies from the start where the side to move has a move.
fn random_board(rng: &mut Rng, plies: usize) -> Board {
    loop {
        let board = random_walk(rng, plies);
        if !board.legal_moves().is_empty() {
            return board;
        }
    }
}

fn main() {
    let args: Vec<u64> = common::arguments().iter().filter_map(|a| a.parse().ok()).collect();
    let count = args.first().copied().unwrap_or(40) as usize;
    let depth = args.get(1).copied().unwrap_or(10) as u32;
    let mut rng = Rng::new(args.get(2).copied().unwrap_or(3));
    let weights = bundled().unwrap_or_else(|e| {
        eprintln!("probcut_bench: {e}");
        std::process::exit(2)
    });
    let (mut nodes, mut secs) = ([0u64; 2], [0f64; 2]);
    let (mut same, mut diff_sum) = (0, 0i64);
    for i in 0..count {
        let board = random_board(&mut rng, 4 + i % 27);
        let mut results = Vec::new();
        for (k, probcut) in [false, true].into_iter().enumerate() {
            let mut engine = Engine::new(16);
            engine.set_pattern_weights(Some(weights.clone()));
            let limits = Limits { eval: EvalChoice::Pattern, probcut, ..Limits::depth(depth) };
            let t = Instant::now();
            let r = engine.search(board, &limits, &mut Control::new(&monotonic_ms));
            secs[k] += t.elapsed().as_secs_f64();
            nodes[k] += r.stats.nodes;
            results.push((r.best_move, r.score.to_value()));
        }
        let ((m0, v0), (m1, v1)): ((Move, i32), (Move, i32)) = (results[0], results[1]);
        same += usize::from(m0 == m1);
        diff_sum += i64::from((v0 - v1).abs());
    }
    println!(
        "{count} positions, depth {depth}: without ProbCut {} nodes {:.2} s; with {} nodes {:.2} s \
         ({:.1} % of the nodes, {:.1} % of the time); same move {same}/{count}; mean |score difference| {:.2} discs",
        nodes[0],
        secs[0],
        nodes[1],
        secs[1],
        100.0 * nodes[1] as f64 / nodes[0].max(1) as f64,
        100.0 * secs[1] / secs[0].max(1e-9),
        diff_sum as f64 / count as f64 / 100.0
    );
}
