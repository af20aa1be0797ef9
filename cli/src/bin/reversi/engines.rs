//! The engine and solver as the commands use them (the built-in weights and book), and the words
//! that describe their settings.

use reversi::othello::eval::pattern::PatternWeights;
use reversi::othello::search::endgame::Solver;
use reversi::othello::search::parallel::Team;
use reversi::othello::search::{Engine, EvalChoice, Limits};
use reversi_cli::files::{bundled_book, bundled_weights};
use reversi_cli::options::UsageError;
use std::sync::Arc;

/// The built-in pattern weights (levels 6–9 evaluate with them, the solver orders its moves with
/// them); if they cannot be read, says so once and plays with the course's evaluation.
pub fn pattern_weights() -> Option<Arc<PatternWeights>> {
    bundled_weights("the course's evaluation is used instead")
}

/// An engine with the built-in weights and opening book and a table of `tt_megabytes`.
pub fn new_engine(tt_megabytes: usize) -> Engine {
    let mut engine = Engine::new(tt_megabytes);
    engine.set_pattern_weights(pattern_weights());
    engine.set_book(bundled_book());
    engine
}

/// `new_engine` on `threads` threads sharing its tables (`--threads`).
pub fn new_team(threads: usize, tt_megabytes: usize) -> Team {
    let mut team = Team::new(threads, tt_megabytes);
    team.set_pattern_weights(pattern_weights());
    team.set_book(bundled_book());
    team
}

/// The most threads `--threads` and `threads=` accept.
pub const MAX_THREADS: usize = 64;

/// Checks a `--threads` value: threads searching one position together.
pub fn checked_threads(threads: usize) -> Result<usize, UsageError> {
    if (1..=MAX_THREADS).contains(&threads) {
        Ok(threads)
    } else {
        Err(UsageError(format!("--threads {threads} is out of range (1 to {MAX_THREADS})")))
    }
}

/// An exact solver ordering its moves with the built-in weights.
pub fn new_solver(tt_megabytes: usize) -> Solver {
    let mut solver = Solver::new(tt_megabytes);
    solver.set_pattern_weights(pattern_weights());
    solver
}

/// What a configuration's limits mean, in a few words.
pub fn describe(limits: &Limits, has_weights: bool) -> String {
    let mut parts = Vec::new();
    if let Some(d) = limits.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(n) = limits.nodes {
        parts.push(format!("{n} nodes"));
    }
    if let Some(t) = limits.time_ms {
        parts.push(format!("{t} ms/move"));
    }
    if let Some(e) = limits.exact_from_empties.filter(|&e| e > 0) {
        let when = if limits.plan_solve && limits.time_ms.is_some() { " when it fits the time" } else { "" };
        parts.push(format!("exact from {e} empties{when}"));
    }
    let pattern = limits.eval == EvalChoice::Pattern && has_weights;
    parts.push(if pattern { "pattern eval".into() } else { "course eval".into() });
    if limits.probcut && pattern {
        parts.push("ProbCut".into());
    }
    if limits.randomness > 0 {
        parts.push(format!("randomness {}", limits.randomness));
    }
    if let Some(book) = limits.book {
        parts.push(format!("book within {} discs up to move {}", book.margin, book.until_ply.min(60)));
    }
    parts.join(", ")
}

/// A signed number to one decimal, `+1.5` or `-0.3`; `0.0` for what rounds to zero (`{:+.1}`
/// prints -0.04 as "-0.0").
pub fn signed_tenths(x: f64) -> String {
    if (x * 10.0).round() == 0.0 {
        "0.0".into()
    } else {
        format!("{x:+.1}")
    }
}
