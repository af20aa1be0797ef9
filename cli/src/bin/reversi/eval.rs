//! `reversi eval`: the static pattern evaluation of every position of an OBF file against the
//! exact score the file gives, as mean absolute errors by number of empty squares.

use reversi::othello::eval::pattern::PatternWeights;
use reversi_cli::files::{bundled_weights, load_weights, read_obf};
use reversi_cli::options::UsageError;
use reversi_cli::say;
use std::process::ExitCode;
use std::sync::Arc;

/// The evaluation's error on the positions of an OBF file.
///
/// Each position's static evaluation (the pattern weights', in discs for the side to move, no
/// search) against the file's score for it (its best move's); prints the mean absolute error and
/// the mean signed error (the evaluation's bias) for each number of empty squares, then in all.
/// Every position needs a score.
#[derive(clap::Args)]
#[command(args_override_self = true)]
pub struct Args {
    /// The OBF file.
    #[arg(value_name = "FILE.obf")]
    file: Option<String>,
    /// Another pattern weights file (the built-in weights by default).
    #[arg(long, value_name = "FILE")]
    weights: Option<String>,
}

pub fn run(args: Args) -> Result<ExitCode, UsageError> {
    let path = args.file.ok_or_else(|| UsageError("eval needs an OBF file".into()))?;
    let weights: Arc<PatternWeights> = match &args.weights {
        Some(file) => Arc::new(load_weights(file)?),
        None => bundled_weights("cannot evaluate")
            .ok_or_else(|| UsageError("eval needs pattern weights: give --weights FILE".into()))?,
    };
    let entries = read_obf(&path)?;
    // By empties: (sum of |error|, sum of error, positions), errors in discs.
    let mut by_empties = [(0.0f64, 0.0f64, 0u64); 61];
    for (i, entry) in entries.iter().enumerate() {
        let score = entry.best_score().ok_or_else(|| {
            UsageError(format!(
                "position {} of the OBF file has no score to compare with (eval needs every position's)",
                i + 1
            ))
        })?;
        let board = entry.position.board();
        let error = f64::from(weights.evaluate(board)) / 100.0 - f64::from(score);
        let row = &mut by_empties[board.empty_count() as usize];
        *row = (row.0 + error.abs(), row.1 + error, row.2 + 1);
    }
    say!("{:>7} {:>9} {:>9} {:>9}", "empties", "positions", "abs error", "bias");
    for (empties, &(abs, signed, n)) in by_empties.iter().enumerate().filter(|(_, row)| row.2 > 0) {
        say!("{empties:>7} {n:>9} {:>9.2} {:>+9.2}", abs / n as f64, signed / n as f64);
    }
    let (abs, signed, n) = by_empties.iter().fold((0.0, 0.0, 0), |t, r| (t.0 + r.0, t.1 + r.1, t.2 + r.2));
    say!("{:>7} {n:>9} {:>9.2} {:>+9.2}", "all", abs / n as f64, signed / n as f64);
    Ok(ExitCode::SUCCESS)
}
