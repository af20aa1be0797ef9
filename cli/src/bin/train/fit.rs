//! `train fit` and `train test`: the pattern weights fitted to the games files, and their error on
//! held-out games.

use reversi::othello::eval::pattern::file as weights_file;
use reversi::train::fit::{samples_of, weight_errors, ErrorReport, FitSettings, Sample};
use reversi::train::games::DataError;
use reversi_cli::files::{check_writable, load_weights, write_output};
use reversi_cli::games_store::{games_files, read_all};
use reversi_cli::io::{output_failed, path_excerpt, read_capped, WEIGHTS_LIMIT};
use reversi_cli::options::{in_range, UsageError};
use reversi_cli::{note, say};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Fits the pattern weights to the games.
///
/// Fits the pattern weights to every games file in DIR (ridge least squares per stage, each stage
/// also fitted on positions up to OVERLAP discs outside it), reports the held-out error; with
/// --prior, the ridge pulls towards FILE's weights instead of zero (new data corrects weights
/// fitted before; --stages defaults to FILE's).
#[derive(clap::Args)]
#[command(args_override_self = true)]
pub struct FitArgs {
    /// Folder of the games files.
    #[arg(long, value_name = "DIR", default_value = "train-data")]
    dir: PathBuf,
    /// The weights file written.
    #[arg(long, value_name = "FILE", default_value = "weights/pattern.bin")]
    out: PathBuf,
    /// Game stages, each with weights of its own (1 to 61; 8, or the prior's).
    #[arg(long, value_name = "N", value_parser = in_range::<usize>(1, 61))]
    stages: Option<usize>,
    /// Percent of the games held out of the fit to measure it (0 to 90).
    #[arg(long, value_name = "PERCENT", default_value_t = 10, value_parser = in_range::<u32>(0, 90))]
    holdout: u32,
    /// Conjugate-gradient iterations per stage (1 to 100000).
    #[arg(long, value_name = "N", default_value_t = 150, value_parser = in_range::<usize>(1, 100_000))]
    iterations: usize,
    /// Ridge weight λ (0 to 1000000).
    #[arg(long, value_name = "L", default_value_t = 20.0, allow_negative_numbers = true, value_parser = in_range::<f32>(0.0, 1e6))]
    lambda: f32,
    /// Discs outside its own range a stage is also fitted on (0 to 60).
    #[arg(long, value_name = "DISCS", default_value_t = 2, value_parser = in_range::<u32>(0, 60))]
    overlap: u32,
    /// Weights the ridge pulls towards.
    #[arg(long, value_name = "FILE")]
    prior: Option<String>,
}

/// The error of pattern weights on held-out games.
///
/// The mean absolute error of the weights on the held-out games, by empties (--holdout 100: every
/// game of DIR, for a folder of games kept out of the fit).
#[derive(clap::Args)]
#[command(args_override_self = true)]
pub struct TestArgs {
    /// Folder of the games files.
    #[arg(long, value_name = "DIR", default_value = "train-data")]
    dir: PathBuf,
    /// The weights tested.
    #[arg(long, value_name = "FILE", default_value = "weights/pattern.bin")]
    weights: String,
    /// Percent of the games held out (as in the fit; 1 to 100), 100: all.
    #[arg(long, value_name = "PERCENT", default_value_t = 10, value_parser = in_range::<u32>(1, 100))]
    holdout: u32,
}

pub fn fit(args: FitArgs) -> Result<ExitCode, UsageError> {
    // The fit takes minutes to hours: a path it cannot write fails now, not after the work.
    check_writable(&args.out, "weights file")?;
    let prior = match &args.prior {
        None => None,
        Some(path) => {
            let bytes = read_capped(path, WEIGHTS_LIMIT, "weights file").map_err(UsageError)?;
            let decoded = weights_file::decode(&bytes);
            Some(decoded.map_err(|e| UsageError(format!("--prior '{}': {e}", path_excerpt(path))))?)
        }
    };
    let default_stages = prior.as_ref().map_or(8, |(stages, _)| *stages);
    let settings = FitSettings {
        stages: args.stages.unwrap_or(default_stages),
        lambda: args.lambda,
        iterations: args.iterations,
        overlap: args.overlap,
    };
    if let Some((stages, _)) = &prior {
        if *stages != settings.stages {
            return Err(UsageError(format!("--prior has {stages} stages, --stages asks for {}", settings.stages)));
        }
    }
    let start = Instant::now();
    let (train, held, games) = read_games(&args.dir, args.holdout)?;
    if train.is_empty() {
        return Err(UsageError(format!("no training positions in '{}'", shown(&args.dir))));
    }
    note!(
        "train: {games} games, {} training and {} held-out positions, read in {:.1} s",
        train.len(),
        held.len(),
        start.elapsed().as_secs_f64()
    );
    let prior = prior.as_ref().map(|(_, w)| w.as_slice());
    let weights = reversi::train::fit::fit(&train, &settings, prior, &|line| note!("train: {line}"));
    let out = &args.out;
    let bytes = weights_file::encode(settings.stages, &weights);
    if let Err(e) = write_output(out, &bytes, "weights file") {
        return Ok(output_failed(&e));
    }
    note!("train: wrote {} ({} bytes) in {:.1} s", shown(out), bytes.len(), start.elapsed().as_secs_f64());
    // Report with the weights as saved (quantised), read the way the engine reads them.
    let saved = weights_file::parse(&bytes).map_err(|e| UsageError(e.to_string()))?;
    print_errors("training", &weight_errors(&train, &saved));
    print_errors("held-out", &weight_errors(&held, &saved));
    Ok(ExitCode::SUCCESS)
}

pub fn test(args: TestArgs) -> Result<ExitCode, UsageError> {
    let weights = load_weights(&args.weights)?;
    let (_, held, games) = read_games(&args.dir, args.holdout)?;
    if held.is_empty() {
        return Err(UsageError(format!(
            "none of the {games} games in '{}' is held out at --holdout {} (--holdout 100 tests them all)",
            shown(&args.dir),
            args.holdout
        )));
    }
    print_errors("held-out", &weight_errors(&held, &weights));
    Ok(ExitCode::SUCCESS)
}

/// The positions of every games file in `dir` (working files and shards), split into those of the
/// fit and those held out; a folder without games files is an error.
pub fn read_games(dir: &Path, holdout: u32) -> Result<(Vec<Sample>, Vec<Sample>, usize), UsageError> {
    let files = games_files(dir).map_err(|e| match e {
        DataError::Io(_, e) => UsageError(format!("cannot read the folder '{}': {e}", shown(dir))),
        e => UsageError(e.to_string()),
    })?;
    if files.is_empty() {
        return Err(UsageError(format!("no games files (games-*.bin, games-*.bin.gz) in '{}'", shown(dir))));
    }
    let files = read_all(dir).map_err(|e| UsageError(e.to_string()))?;
    samples_of(&files, holdout).map_err(|e| UsageError(e.to_string()))
}

/// A path for a message.
fn shown(path: &Path) -> String {
    path_excerpt(&path.to_string_lossy())
}

/// Mean absolute errors by bands of empties: against exact scores where the label is exact, and
/// against all labels (game results above the solve threshold).
fn print_errors(what: &str, report: &ErrorReport) {
    say!("{what}: mean absolute error in discs (positions)");
    say!("{:>9} {:>16} {:>16}", "empties", "exact labels", "all labels");
    let bands: [(usize, usize); 15] = [
        (0, 4),
        (5, 9),
        (10, 14),
        (15, 15),
        (16, 16),
        (18, 18),
        (20, 20),
        (22, 22),
        (24, 24),
        (16, 20),
        (21, 24),
        (16, 24),
        (25, 34),
        (35, 44),
        (45, 60),
    ];
    for (lo, hi) in bands {
        let (e, en) = report.mean(lo, hi, true);
        let (a, an) = report.mean(lo, hi, false);
        let band = if lo == hi { format!("{lo}") } else { format!("{lo}-{hi}") };
        let exact = if en > 0 { format!("{e:.2} ({en})") } else { "-".into() };
        say!("{band:>9} {exact:>16} {:>16}", format!("{a:.2} ({an})"));
    }
}
