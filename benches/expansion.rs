//! The time to read a weights file into the tables the search reads — for a network file, its
//! expansion (`cargo bench --bench expansion -- FILE [RUNS]`; RUNS 5 by default): every run's
//! time, then the best and the median.

mod common;

use reversi::othello::eval::pattern::file::parse;
use std::time::Instant;

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
    let mut times = Vec::with_capacity(runs);
    let mut stages = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let weights = parse(&bytes).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(2)
        });
        times.push(start.elapsed().as_secs_f64() * 1e3);
        stages = weights.stages();
        std::hint::black_box(weights);
    }
    let shown: Vec<String> = times.iter().map(|t| format!("{t:.1}")).collect();
    times.sort_by(f64::total_cmp);
    println!(
        "{path}: {} bytes, {stages} stages; ms: {} (best {:.1}, median {:.1})",
        bytes.len(),
        shown.join(" "),
        times[0],
        times[runs / 2]
    );
}
