//! `reversi book-name`: the name of a game's opening.

use reversi::othello::book::names::opening_name;
use reversi_cli::options::UsageError;
use reversi_cli::say;
use std::process::ExitCode;

/// The name of a game's opening.
///
/// The deepest named line the game reaches, up to the board's symmetries; nothing when it has
/// none.
#[derive(clap::Args)]
#[command(override_usage = "reversi book-name \"<transcript>\"")]
pub struct Args {
    /// The game's moves, such as f5d6c3d3c4.
    #[arg(value_name = "TRANSCRIPT")]
    transcript: Vec<String>,
}

pub fn run(args: Args) -> Result<ExitCode, UsageError> {
    let name = opening_name(&args.transcript.join(" ")).map_err(|e| UsageError(e.to_string()))?;
    if let Some(name) = name {
        say!("{name}");
    }
    Ok(ExitCode::SUCCESS)
}
