//! The time to read a weights file into the tables the search reads — for a network file, its
//! expansion (`cargo bench --bench expansion -- FILE [RUNS]`; RUNS 5 by default): every run's
//! time, then the best and the median, and a fingerprint of the tables (their evaluations of a
//! fixed set of positions) that a faster expansion must leave unchanged.

mod common;

use reversi::othello::analysis::arena::random_walk;
use reversi::othello::eval::pattern::file::parse;
use reversi::othello::eval::pattern::{Layout, PatternWeights};
use reversi::rng::XorShift64Star;
use std::time::Instant;

/// The evaluations of 20,000 positions of random games (every number of plies from 0 to 59),
/// hashed.
fn fingerprint(weights: &PatternWeights) -> u64 {
    let mut rng = XorShift64Star::new(1);
    (0..20_000).fold(0xcbf2_9ce4_8422_2325u64, |hash, i| {
        let board = random_walk(&mut rng, i % 60);
        (hash ^ weights.evaluate(board) as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

fn main() {
    let args = common::arguments();
    let Some(path) = args.first() else {
        eprintln!("usage: cargo bench --bench expansion -- FILE [RUNS]");
        std::process::exit(2)
    };
    let runs: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(5).max(1);
    let bytes = std::fs::read(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2)
    });
    // The tables' layout is built once per process, on the first load: timed apart.
    let start = Instant::now();
    std::hint::black_box(Layout::get());
    let layout_ms = start.elapsed().as_secs_f64() * 1e3;
    let mut times = Vec::with_capacity(runs);
    let mut stages = 0;
    let mut print = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let weights = parse(&bytes).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(2)
        });
        times.push(start.elapsed().as_secs_f64() * 1e3);
        stages = weights.stages();
        print = fingerprint(&weights);
    }
    let shown: Vec<String> = times.iter().map(|t| format!("{t:.1}")).collect();
    times.sort_by(f64::total_cmp);
    println!(
        "{path}: {} bytes, {stages} stages; layout {layout_ms:.1} ms, then ms: {} (best {:.1}, median {:.1}); tables' fingerprint {print:016x}",
        bytes.len(),
        shown.join(" "),
        times[0],
        times[runs / 2]
    );
}
