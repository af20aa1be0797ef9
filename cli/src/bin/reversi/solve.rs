//! `reversi solve`: every position of an OBF file solved exactly (and checked against the file's
//! solutions), or searched at a level.

use crate::engines::{checked_threads, new_solver, new_team};
use reversi::clock::monotonic_ms;
use reversi::othello::records::notation::ObfEntry;
use reversi::othello::search::endgame::Solver;
use reversi::othello::search::levels::{self, Level};
use reversi::othello::search::parallel::Team;
use reversi::othello::search::score::Score;
use reversi::othello::search::Control;
use reversi::Move;
use reversi_cli::files::read_obf;
use reversi_cli::options::{number, UsageError};
use reversi_cli::{note, say};
use std::process::ExitCode;
use std::time::Instant;

/// Solves the positions of an OBF file exactly.
///
/// One line each (move, score, nodes, seconds); exit code 1 when a solution contradicts the
/// file's. With --level, that level's search instead. --threads N solves (or searches) each
/// position on N threads sharing one table; nodes are then every thread's.
#[derive(clap::Args)]
#[command(args_override_self = true)]
pub struct Args {
    /// The OBF file.
    #[arg(value_name = "FILE.obf")]
    file: Option<String>,
    /// Search at this level (1 to 9) instead of solving.
    #[arg(long, value_name = "L", value_parser = number::<i64>, allow_negative_numbers = true)]
    level: Option<i64>,
    /// Threads solving each position together, sharing one transposition table (1 to 64).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = number::<usize>)]
    threads: usize,
}

pub fn run(args: Args) -> Result<ExitCode, UsageError> {
    let path = args.file.ok_or_else(|| UsageError("solve needs an OBF file".into()))?;
    let level = match args.level {
        Some(l) => Some(levels::level(l).map_err(|e| UsageError(e.to_string()))?),
        None => None,
    };
    let threads = checked_threads(args.threads)?;
    let entries = read_obf(&path)?;
    let mut solver = new_solver(64);
    let mut engine = new_team(threads, 64);
    let (mut total_nodes, mut total_secs, mut wrong) = (0u64, 0f64, 0);
    for (i, entry) in entries.iter().enumerate() {
        let (mv, score, nodes, secs) = solve_entry(&mut solver, &mut engine, entry, level);
        total_nodes += nodes;
        total_secs += secs;
        // Only an exact solve can be checked: a level's move and score are its own opinion.
        let problem = if level.is_none() { contradiction(entry, mv, score) } else { None };
        say!("#{} {mv} {score:+} {nodes} {secs:.3}{}", i + 1, problem.as_deref().unwrap_or(""));
        if problem.is_some() {
            wrong += 1;
        }
    }
    say!("total: {total_nodes} nodes, {total_secs:.3} s, {:.1} Mn/s", total_nodes as f64 / total_secs.max(1e-9) / 1e6);
    if wrong > 0 {
        note!("reversi: {wrong} position(s) solved to a score or move that contradicts the file");
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// Solves one OBF entry; returns (move, score, nodes, seconds).
fn solve_entry(
    solver: &mut Solver,
    engine: &mut Team,
    entry: &ObfEntry,
    level: Option<Level>,
) -> (Move, i32, u64, f64) {
    let start = Instant::now();
    match level {
        None if engine.threads() == 1 => {
            solver.clear();
            let s = solver.solve_exact(entry.position.board());
            (s.best_move, s.score, s.nodes, start.elapsed().as_secs_f64())
        }
        None => {
            engine.clear();
            let s = engine
                .solve(entry.position.board(), -64, 64, &mut Control::new(&monotonic_ms))
                .expect("a solve that is never stopped finishes");
            (s.best_move, s.score, s.nodes, start.elapsed().as_secs_f64())
        }
        Some(level) => {
            engine.clear();
            let r = engine.search(entry.position.board(), &level.limits(0), &mut Control::new(&monotonic_ms));
            let score = match r.score {
                Score::Exact(d) | Score::Eval(d) => d,
            };
            (r.best_move, score, r.stats.nodes, start.elapsed().as_secs_f64())
        }
    }
}

/// How an exact solution contradicts the file's solutions, if it does: the score must be the
/// first (best) score, and the move one of the moves listed with that score. A file with no
/// solutions cannot be contradicted.
fn contradiction(entry: &ObfEntry, mv: Move, score: i32) -> Option<String> {
    let best = entry.best_score()?;
    if score != best {
        return Some(format!("  (the file says {best:+})"));
    }
    let best_moves: Vec<Move> = entry.solutions.iter().filter(|(_, s)| *s == best).map(|(m, _)| *m).collect();
    if !best_moves.contains(&mv) {
        let listed: Vec<String> = best_moves.iter().map(Move::to_string).collect();
        return Some(format!("  (the file's best moves are {})", listed.join(" ")));
    }
    None
}
