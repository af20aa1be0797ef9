//! `reversi bench`: perft, fixed-depth midgame searches and exact solves of FFO #40–49, one
//! thread, with their speeds.

use crate::engines::{new_engine, new_solver};
use reversi::clock::monotonic_ms;
use reversi::othello::records::notation::{parse_obf, replay};
use reversi::othello::search::{Control, Limits};
use reversi::{perft, Board, Position};
use reversi_cli::files::read_obf;
use reversi_cli::options::UsageError;
use reversi_cli::say;
use std::process::ExitCode;
use std::time::Instant;

/// The FFO positions #40–59 (`data/fforum-40-59.obf`), compiled in: `reversi bench` runs from any
/// folder.
const FFO_40_59: &str = include_str!("../../../../data/fforum-40-59.obf");

/// Fixed midgame positions for the benchmark: the start and a few openings, searched to
/// [`BENCH_DEPTH`].
const BENCH_OPENINGS: &[&str] = &["", "f5d6c3d3c4", "f5f6e6f4e3", "c4c3d3c5b4", "f5d6c3d3c4f4c5b3c2"];
const BENCH_DEPTH: u32 = 12;

/// The engine's speed on one thread.
///
/// perft(11), fixed-depth midgame searches, and the exact solves of the first ten positions of
/// the file (FFO #40–49 by default).
#[derive(clap::Args)]
pub struct Args {
    /// OBF file of the positions to solve (the built-in FFO #40–59 by default).
    #[arg(value_name = "FFO-40-59.obf")]
    file: Option<String>,
}

pub fn run(args: Args) -> Result<ExitCode, UsageError> {
    // Read the file before the long benchmark starts: a bad path fails at once.
    let entries = match &args.file {
        Some(path) => read_obf(path)?,
        None => parse_obf(FFO_40_59).map_err(|(l, e)| UsageError(format!("data/fforum-40-59.obf:{l}: {e}")))?,
    };
    let line = |what: &str, nodes: u64, secs: f64| {
        say!("{what:<34} {nodes:>12} nodes {secs:>9.3} s {:>8.2} Mn/s", nodes as f64 / secs.max(1e-9) / 1e6);
    };
    say!("reversi bench (one thread)");

    let start = Instant::now();
    let leaves = perft(Board::start(), 11);
    line("perft(11)", leaves, start.elapsed().as_secs_f64());

    let mut engine = new_engine(64);
    let (mut mid_nodes, mut mid_secs) = (0, 0.0);
    for opening in BENCH_OPENINGS {
        let (_, pos) = replay(Position::start(), opening).expect("bench openings are legal");
        engine.clear();
        let start = Instant::now();
        let r = engine.search(pos.board(), &Limits::depth(BENCH_DEPTH), &mut Control::new(&monotonic_ms));
        let secs = start.elapsed().as_secs_f64();
        line(
            &format!("midgame d{BENCH_DEPTH} {}", if opening.is_empty() { "start" } else { opening }),
            r.stats.nodes,
            secs,
        );
        mid_nodes += r.stats.nodes;
        mid_secs += secs;
    }
    line("midgame total", mid_nodes, mid_secs);

    let mut solver = new_solver(64);
    let (mut nodes, mut secs) = (0, 0.0);
    for (i, entry) in entries.iter().enumerate().take(10) {
        solver.clear();
        let start = Instant::now();
        let s = solver.solve_exact(entry.position.board());
        let t = start.elapsed().as_secs_f64();
        line(&format!("FFO #{} {} {:+}", 40 + i, s.best_move, s.score), s.nodes, t);
        nodes += s.nodes;
        secs += t;
    }
    line("FFO #40-49 total", nodes, secs);
    Ok(ExitCode::SUCCESS)
}
