//! Fixed-depth midgame searches with level 9's settings (pattern evaluation, ProbCut, no book, no
//! exact solve) on positions of 8 to 40 random plies: nodes, time and nodes per second, the
//! measure of the midgame search's speed and node efficiency.
//!
//! `cargo bench --bench midgame -- [POSITIONS] [DEPTH] [SEED] [--threads N]` (default 40 12 5, one
//! thread; with N threads each position is searched by N threads sharing the table,
//! `othello::search::parallel`: the time to the same depth).

mod common;

use reversi::clock::monotonic_ms;
use reversi::othello::analysis::arena::random_walk;
use reversi::othello::search::levels::level;
use reversi::othello::search::parallel::Team;
use reversi::othello::search::{Control, Engine, Limits};
use reversi::rng::XorShift64Star as Rng;
use std::time::Instant;

fn main() {
    let mut args = common::arguments();
    let threads = common::threads(&mut args);
    let args: Vec<u64> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let count = args.first().copied().unwrap_or(40) as usize;
    let depth = args.get(1).copied().unwrap_or(12) as u32;
    let mut rng = Rng::new(args.get(2).copied().unwrap_or(5));
    let weights = reversi::othello::eval::pattern::file::bundled().expect("bundled weights");
    let nine = level(9).expect("level 9").limits(0);
    let limits =
        Limits { depth: Some(depth), time_ms: None, exact_from_empties: None, book: None, plan_solve: false, ..nine };
    // One thread: the engine alone, as every command without --threads.
    let mut engine = Engine::new(64);
    engine.set_pattern_weights(Some(weights.clone()));
    let mut team = (threads > 1).then(|| Team::new(threads, 64));
    if let Some(team) = team.as_mut() {
        team.set_pattern_weights(Some(weights));
    }
    let (mut nodes, mut secs, mut checksum) = (0u64, 0f64, 0i64);
    for i in 0..count {
        let board = loop {
            let b = random_walk(&mut rng, 8 + i % 33);
            if !b.legal_moves().is_empty() {
                break b;
            }
        };
        match team.as_mut() {
            Some(team) => team.clear(),
            None => engine.clear(),
        }
        let t = Instant::now();
        let r = match team.as_mut() {
            Some(team) => team.search(board, &limits, &mut Control::new(&monotonic_ms)),
            None => engine.search(board, &limits, &mut Control::new(&monotonic_ms)),
        };
        secs += t.elapsed().as_secs_f64();
        nodes += r.stats.nodes;
        checksum += i64::from(r.score.to_value());
    }
    println!(
        "{count} positions, depth {depth}, {threads} thread{}: {nodes} nodes, {secs:.2} s, {:.2} Mn/s (score sum {checksum})",
        if threads == 1 { "" } else { "s" },
        nodes as f64 / secs / 1e6
    );
}
