//! `reversi best`: the engine's move in a position, its score and principal variation.

use crate::engines::{checked_threads, describe, new_team, pattern_weights, signed_tenths};
use reversi::clock::monotonic_ms;
use reversi::othello::analysis::review::score_in_tenths;
use reversi::othello::book::BookUse;
use reversi::othello::search::levels;
use reversi::othello::search::score::Score;
use reversi::othello::search::{Control, Limits};
use reversi::text::excerpt;
use reversi_cli::options::{number, position_from, positional_words, UsageError};
use reversi_cli::say;
use std::process::ExitCode;

/// The best move in a position, its score and principal variation.
///
/// Level L's settings (level 9's when not given) with that time or depth; --depth alone: a plain
/// fixed-depth search. book=on|off plays from the opening book or not (a level's default: level 9
/// does; a depth or a time alone does not). --threads N searches on N threads sharing one table.
#[derive(clap::Args)]
#[command(
    override_usage = "reversi best \"<64 squares> <X|O>\" [--level L] [--time-ms T] [--depth D] [--threads N] [book=on|off]"
)]
pub struct Args {
    /// The position's 64 squares and the side to move (one argument, or two), and book=on|off.
    #[arg(value_name = "POSITION", allow_hyphen_values = true)]
    first: Option<String>,
    #[arg(hide = true, allow_hyphen_values = true)]
    second: Option<String>,
    #[arg(hide = true, allow_hyphen_values = true)]
    third: Option<String>,
    /// Level 1 to 9: its evaluation, ProbCut, depth, exact solve, time and book.
    #[arg(long, value_name = "L", value_parser = number::<i64>, allow_negative_numbers = true)]
    level: Option<i64>,
    /// Time budget in milliseconds (1 to 86400000).
    #[arg(long = "time-ms", value_name = "T", value_parser = number::<u64>, allow_negative_numbers = true)]
    time_ms: Option<u64>,
    /// Search depth (1 to 60); the level's time budget is dropped unless --time-ms is given too.
    #[arg(long, value_name = "D", value_parser = number::<u32>, allow_negative_numbers = true)]
    depth: Option<u32>,
    /// Threads searching together, sharing one transposition table (1 to 64).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = number::<usize>)]
    threads: usize,
}

pub fn run(args: Args) -> Result<ExitCode, UsageError> {
    let mut words = positional_words(&[&args.first, &args.second, &args.third])?;
    // `book=on|off`, anywhere among the words.
    let mut book = None;
    let mut i = 0;
    while i < words.len() {
        if let Some(value) = words[i].strip_prefix("book=") {
            book = Some(match value {
                "on" => true,
                "off" => false,
                _ => return Err(UsageError(format!("book '{}' is not on or off", excerpt(value)))),
            });
            words.remove(i);
        } else {
            i += 1;
        }
    }
    if words.is_empty() {
        return Err(UsageError("best needs a position \"<64 squares> <X|O>\"".into()));
    }
    let position = position_from(&words)?;
    let threads = checked_threads(args.threads)?;
    let limits = best_limits(&args)?;
    let limits = match book {
        Some(true) => Limits { book: limits.book.or(Some(BookUse::STRONG)), ..limits },
        Some(false) => Limits { book: None, ..limits },
        None => limits,
    };
    let mut engine = new_team(threads, 64);
    let r = engine.search(position.board(), &limits, &mut Control::new(&monotonic_ms));
    if r.book {
        // The book's value is in discs whatever the evaluation.
        say!("{} {:+} book", r.best_move, score_in_tenths(r.score, limits.eval));
    } else {
        // As the page shows scores: discs (to a tenth for an estimate), and what kind of score.
        match r.score {
            Score::Exact(d) => say!("{} {:+} exact", r.best_move, d),
            Score::Eval(_) if engine.main().uses_pattern(&limits) => {
                say!("{} {} estimate", r.best_move, signed_tenths(score_in_tenths(r.score, limits.eval)))
            }
            // The course's heuristic has no disc scale: its own units, as the course's examples.
            Score::Eval(units) => say!("{} {:+} course units", r.best_move, units),
        }
    }
    let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
    say!("pv: {}", pv.join(" "));
    say!(
        "depth {} nodes {} time {} ms nps {} tt_hits {} cutoffs {}{}",
        r.stats.depth,
        r.stats.nodes,
        r.stats.elapsed_ms,
        r.stats.nps,
        r.stats.tt_hits,
        r.stats.cutoffs,
        // Every thread's positions; the table hits and cut-offs are the main thread's.
        if threads > 1 { format!(" threads {threads}") } else { String::new() }
    );
    say!("settings: {}", describe(&limits, pattern_weights().is_some()));
    Ok(ExitCode::SUCCESS)
}

/// The limits of `reversi best`:
/// - `--level L`: level L's settings (evaluation, ProbCut, depth, exact solve, time, book);
/// - `--time-ms T` and `--depth D` change the level's time budget and depth (with `--depth`, the
///   level's time budget is dropped unless `--time-ms` is given too), level 9's settings when no
///   level is given;
/// - `--depth D` alone: a plain fixed-depth search (the course's evaluation, no ProbCut, no exact
///   solve, no book), the same minimax score every time;
/// - nothing: level 9.
fn best_limits(args: &Args) -> Result<Limits, UsageError> {
    if let Some(d) = args.depth.filter(|&d| d == 0 || d > 60) {
        return Err(UsageError(format!("depth {d} is out of range (1 to 60)")));
    }
    if let Some(t) = args.time_ms.filter(|t| !(1..=86_400_000).contains(t)) {
        return Err(UsageError(format!("time {t} ms is out of range (1 to 86400000)")));
    }
    let level = match args.level {
        Some(l) => Some(levels::level(l).map_err(|e| UsageError(e.to_string()))?),
        None => None,
    };
    if let (Some(d), None, None) = (args.depth, level, args.time_ms) {
        return Ok(Limits { exact_from_empties: Some(0), ..Limits::depth(d) });
    }
    let strongest = levels::LEVELS[levels::LEVELS.len() - 1];
    let limits = level.unwrap_or(strongest).limits(0);
    Ok(match (args.depth, args.time_ms) {
        (None, None) => limits,
        (None, Some(t)) => Limits { time_ms: Some(t), ..limits },
        (Some(d), t) => Limits { depth: Some(d), time_ms: t, ..limits },
    })
}
