//! `reversi perft`: the number of leaves of the move tree to a depth, and its speed.

use reversi::{perft, Board};
use reversi_cli::options::{parse_number, position_from, positional_words, UsageError};
use reversi_cli::say;
use std::process::ExitCode;
use std::time::Instant;

/// Counts the positions DEPTH plies ahead (from the start, or from the position given).
#[derive(clap::Args)]
#[command(override_usage = "reversi perft DEPTH [\"<64 squares> <X|O>\"]")]
pub struct Args {
    /// Plies to count, at most 20.
    #[arg(value_name = "DEPTH", allow_hyphen_values = true)]
    depth: Option<String>,
    /// The position's 64 squares and the side to move (one argument, or two).
    #[arg(value_name = "POSITION", allow_hyphen_values = true)]
    board: Option<String>,
    #[arg(hide = true, allow_hyphen_values = true)]
    side: Option<String>,
}

pub fn run(args: Args) -> Result<ExitCode, UsageError> {
    let words = positional_words(&[&args.depth, &args.board, &args.side])?;
    let (depth, position) = words.split_first().ok_or_else(|| UsageError("perft needs a depth".into()))?;
    let depth: u32 = parse_number("depth", depth)?;
    if depth > 20 {
        return Err(UsageError(format!("depth {depth} is too deep for perft (at most 20)")));
    }
    let board = if position.is_empty() { Board::start() } else { position_from(position)?.board() };
    let start = Instant::now();
    let leaves = perft(board, depth);
    let secs = start.elapsed().as_secs_f64();
    say!("perft {depth}: {leaves} leaves, {secs:.3} s, {:.1} Mn/s", leaves as f64 / secs.max(1e-9) / 1e6);
    Ok(ExitCode::SUCCESS)
}
