//! Evaluation against evaluation: a match between two fixed-depth players, each with its own
//! static evaluation, from paired openings (each played twice, colours swapped).
//!
//! `cargo run --release --example eval_match -- pattern:6 course:8 [OPENINGS] [PLIES]`
//! (60 openings of 6 random plies by default: 120 games). No exact solving beyond what the depth
//! reaches, so that only the evaluations and depths differ. The pattern weights are the built-in
//! ones (`weights/pattern.bin`), or those of the file named by `EVAL_WEIGHTS`.

use reversi::othello::arena::{openings, run_match, EnginePlayer};
use reversi::othello::pattern::file::{bundled, load};
use reversi::othello::search::{EvalChoice, Limits};
use reversi::Board;
use std::time::Instant;

/// Fixed: the same openings every run.
const OPENING_SEED: u64 = 0x0123_4567_89ab_cdef;

fn fail(message: &str) -> ! {
    eprintln!("eval_match: {message}");
    std::process::exit(2);
}

/// `course:D` or `pattern:D`.
fn player(text: &str) -> (EvalChoice, u32) {
    let (eval, depth) = text.split_once(':').unwrap_or_else(|| fail(&format!("'{text}' is not EVAL:DEPTH")));
    let eval = match eval {
        "course" => EvalChoice::Course,
        "pattern" => EvalChoice::Pattern,
        _ => fail(&format!("evaluation '{eval}' is not course or pattern")),
    };
    let depth = depth.parse().ok().filter(|d| (1..=20).contains(d)).unwrap_or_else(|| fail("depth is 1 to 20"));
    (eval, depth)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a = player(args.first().map_or("pattern:6", String::as_str));
    let b = player(args.get(1).map_or("course:8", String::as_str));
    let count: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(60);
    let plies: usize = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(6);
    let weights = match std::env::var("EVAL_WEIGHTS") {
        Ok(path) => std::sync::Arc::new(load(std::path::Path::new(&path)).unwrap_or_else(|e| fail(&e.to_string()))),
        Err(_) => bundled().unwrap_or_else(|e| fail(&e)),
    };
    let starts = openings(count, plies, OPENING_SEED);
    let make = |(eval, depth): (EvalChoice, u32)| {
        let weights = weights.clone();
        move || {
            EnginePlayer::new(16, move |_: Board, _| Limits { eval, ..Limits::depth(depth) })
                .with_pattern_weights(Some(weights.clone()))
        }
    };
    let start = Instant::now();
    let t = run_match(&starts, make(a), make(b), 2);
    println!(
        "{:?} depth {} vs {:?} depth {}: {} games from {} openings of {plies} plies: {} wins, {} draws, {} losses, \
         score {:.1} % ± {:.1}, mean disc difference {:+.1}, {:.0} s",
        a.0,
        a.1,
        b.0,
        b.1,
        t.games(),
        starts.len(),
        t.wins,
        t.draws,
        t.losses,
        100.0 * t.score(),
        100.0 * t.margin(),
        t.mean_discs(),
        start.elapsed().as_secs_f64()
    );
}
