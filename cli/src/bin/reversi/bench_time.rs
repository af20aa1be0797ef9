//! `reversi bench-time`: the time management benchmark, many positions searched with a time
//! budget per move, the time used measured against the budget.

use crate::clock::ClockChoice;
use crate::engines::{describe, new_engine, pattern_weights};
use reversi::othello::search::{Control, EvalChoice, Limits};
use reversi_cli::options::{number, UsageError};
use reversi_cli::sample::sample_position;
use reversi_cli::say;
use std::process::ExitCode;

/// The evaluation of `--eval`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EvalName {
    Pattern,
    Course,
}

/// The time management benchmark.
///
/// The time used by searches with a time budget, against the budget, over positions of 14 to 54
/// empties.
#[derive(clap::Args)]
#[command(args_override_self = true)]
pub struct Args {
    /// Positions searched (1 to 100000).
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = number::<usize>)]
    positions: usize,
    /// Time budget of each search in milliseconds (1 to 600000).
    #[arg(long = "time-ms", value_name = "T", default_value_t = 200, value_parser = number::<u64>)]
    time_ms: u64,
    /// The evaluation (pattern: with ProbCut).
    #[arg(long, value_enum, default_value_t = EvalName::Pattern)]
    eval: EvalName,
    /// Solve exactly from this many empties.
    #[arg(long, value_name = "E", default_value_t = 20, value_parser = number::<u32>)]
    exact: u32,
    /// Seed of the positions.
    #[arg(long, value_name = "S", default_value_t = 7, value_parser = number::<u64>)]
    seed: u64,
    /// The clock that times the searches.
    #[arg(long, value_enum, default_value_t = ClockChoice::Wall)]
    clock: ClockChoice,
    /// A line per search.
    #[arg(long, value_enum, default_value_t = YesNo::No)]
    verbose: YesNo,
}

/// `--verbose yes|no`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum YesNo {
    Yes,
    No,
}

pub fn run(args: Args) -> Result<ExitCode, UsageError> {
    let cpu_clock = args.clock == ClockChoice::Cpu;
    let clock = args.clock.clock()?;
    let Args { positions: count, time_ms: budget, seed, exact, .. } = args;
    let eval = match args.eval {
        EvalName::Pattern => EvalChoice::Pattern,
        EvalName::Course => EvalChoice::Course,
    };
    if !(1..=100_000).contains(&count) || !(1..=600_000).contains(&budget) {
        return Err(UsageError("out of range: --positions 1 to 100000, --time-ms 1 to 600000".into()));
    }
    let weights = pattern_weights();
    let mut engine = new_engine(64);
    let limits = Limits {
        time_ms: Some(budget),
        exact_from_empties: Some(exact),
        eval,
        probcut: eval == EvalChoice::Pattern,
        ..Limits::default()
    };
    say!(
        "reversi bench-time: {count} positions (14 to 54 empties), {}, {} clock",
        describe(&limits, weights.is_some()),
        if cpu_clock { "processor-time" } else { "wall" }
    );
    let mut used = Vec::with_capacity(count);
    let mut depths = 0u64;
    for i in 0..count {
        let empties = 14 + (i as u32 * 7) % 41;
        let board = sample_position(seed.wrapping_add(i as u64).wrapping_mul(0x9E37_79B9), empties, &weights);
        engine.clear();
        let t0 = clock();
        let r = engine.search(board, &limits, &mut Control::new(&clock));
        let ms = clock() - t0;
        used.push(ms / budget as f64);
        depths += u64::from(r.stats.depth);
        if args.verbose == YesNo::Yes {
            say!(
                "{i:>4} empties {empties:>2} depth {:>2} {:>9} nodes {ms:>8.1} ms {} {}",
                r.stats.depth,
                r.stats.nodes,
                r.best_move,
                r.score
            );
        }
    }
    let mut sorted = used.clone();
    sorted.sort_by(f64::total_cmp);
    let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
    let over = |x: f64| sorted.iter().filter(|&&u| u > x).count();
    say!(
        "time used / budget: mean {:.3}, min {:.3}, median {:.3}, 90 % {:.3}, max {:.3}",
        used.iter().sum::<f64>() / count as f64,
        at(0.0),
        at(0.5),
        at(0.9),
        at(1.0)
    );
    say!(
        "searches over the budget: {} (by more than 1 %: {}, 3 %: {}); mean depth {:.1}",
        over(1.0),
        over(1.01),
        over(1.03),
        depths as f64 / count as f64
    );
    Ok(ExitCode::SUCCESS)
}
