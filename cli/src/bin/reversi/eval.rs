//! `reversi eval`: the static pattern evaluation of every position of an OBF file against the
//! exact score the file gives, as mean absolute errors by number of empty squares.

use reversi::othello::eval::pattern::PatternWeights;
use reversi::train::fit::{errors, Sample};
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
    let mut samples = Vec::with_capacity(entries.len());
    for (i, entry) in entries.iter().enumerate() {
        let score = entry.best_score().ok_or_else(|| {
            UsageError(format!(
                "position {} of the OBF file has no score to compare with (eval needs every position's)",
                i + 1
            ))
        })?;
        let score = i8::try_from(score)
            .map_err(|_| UsageError(format!("position {}: score {score} is out of range", i + 1)))?;
        samples.push(Sample { board: entry.position.board(), score, exact: true });
    }
    let report = errors(&samples, &|board| weights.evaluate(board));
    let bias = bias_by_empties(&samples, &weights);
    say!("{:>7} {:>9} {:>9} {:>9}", "empties", "positions", "abs error", "bias");
    for (empties, (&(sum, n), &(signed, _))) in report.exact.iter().zip(&bias).enumerate() {
        if n > 0 {
            say!("{empties:>7} {n:>9} {:>9.2} {:>+9.2}", sum / n as f64, signed / n as f64);
        }
    }
    let (mean, n) = report.mean(0, 60, true);
    let total_bias: f64 = bias.iter().map(|(s, _)| s).sum();
    say!("{:>7} {n:>9} {mean:>9.2} {:>+9.2}", "all", total_bias / n.max(1) as f64);
    Ok(ExitCode::SUCCESS)
}

/// The sum of signed errors (evaluation − score, in discs) and the count, by empties.
fn bias_by_empties(samples: &[Sample], weights: &PatternWeights) -> Vec<(f64, u64)> {
    let mut bias = vec![(0.0, 0); 61];
    for s in samples {
        let slot = &mut bias[s.board.empty_count() as usize];
        slot.0 += f64::from(weights.evaluate(s.board)) / 100.0 - f64::from(s.score);
        slot.1 += 1;
    }
    bias
}
