//! `train generate`: self-play games labelled by the exact solver, appended to a shard's file.

use reversi::clock::hms;
use reversi::train::games::{game_index, DataError, GamePlayer, GamesWriter, GeneratorSettings};
use reversi_cli::files::load_weights;
use reversi_cli::io::{output_failed, path_excerpt};
use reversi_cli::note;
use reversi_cli::options::{number, pair, UsageError};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// Self-play games labelled by the exact solver.
///
/// Plays games N of this shard (resumes where the file stops), appending them to
/// DIR/games-S-KofN.bin; a progress line every 10 games.
#[derive(clap::Args)]
#[command(args_override_self = true)]
pub struct Args {
    /// Folder of the games files.
    #[arg(long, value_name = "DIR", default_value = "train-data")]
    dir: PathBuf,
    /// Every game is a function of the seed and its index.
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = number::<u64>)]
    seed: u64,
    /// Games of all shards together.
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = number::<u32>)]
    games: u32,
    /// This file's share: the games whose index is K modulo N.
    #[arg(long, value_name = "K/N", default_value = "0/1", value_parser = pair::<'/'>)]
    shard: (u32, u32),
    /// Midgame search depth of the players.
    #[arg(long, value_name = "D", default_value_t = 6, value_parser = number::<u32>)]
    depth: u32,
    /// Perfect play from this many empty squares.
    #[arg(long, value_name = "E", default_value_t = 20, value_parser = number::<u32>)]
    exact: u32,
    /// Random plies of the opening, from MIN to MAX.
    #[arg(long, value_name = "MIN-MAX", default_value = "4-24", value_parser = pair::<'-'>)]
    random: (u32, u32),
    /// Pattern weights the players evaluate with (else the course's evaluation).
    #[arg(long, value_name = "FILE")]
    weights: Option<String>,
}

pub fn run(args: Args) -> Result<ExitCode, UsageError> {
    let (shard, shards) = args.shard;
    if shard >= shards {
        return Err(UsageError(format!("--shard {shard}/{shards}: K must be below N")));
    }
    let (min_random, max_random) = args.random;
    let weights = match &args.weights {
        Some(path) => Some(Arc::new(load_weights(path)?)),
        None => None,
    };
    let settings = GeneratorSettings {
        seed: args.seed,
        shard,
        shards,
        depth: args.depth,
        exact_empties: args.exact,
        min_random,
        max_random,
        pattern_eval: weights.is_some(),
    };
    let mut writer = GamesWriter::open(&args.dir, settings).map_err(|e| UsageError(data_error(e)))?;
    // Games of this shard among the first `args.games`.
    let target = args.games.saturating_sub(shard).div_ceil(shards);
    if writer.dropped_bytes > 0 {
        note!("train: cut off {} bytes of an interrupted record", writer.dropped_bytes);
    }
    note!("train: {} holds {} games; playing up to {target}", writer.path().display(), writer.done);
    let mut player = GamePlayer::new(settings, weights);
    let start = Instant::now();
    let first = writer.done;
    let mut positions = 0usize;
    while writer.done < target {
        let game = player.play(game_index(&settings, writer.done));
        positions += game.moves.len().saturating_sub(usize::from(game.random_plies));
        // A record cut short by a full disk is dropped when the file is opened again.
        if let Err(e) = writer.append(&game) {
            return Ok(output_failed(&format!("cannot write games file {}", data_error(e))));
        }
        let played = writer.done - first;
        if played % 10 == 0 || writer.done == target {
            let secs = start.elapsed().as_secs_f64();
            let rate = f64::from(played) / secs.max(1e-9);
            note!(
                "train: {}/{target} games, {:.0} games/h, {:.0} positions/h, elapsed {}, left {}",
                writer.done,
                rate * 3600.0,
                positions as f64 / secs.max(1e-9) * 3600.0,
                hms(secs),
                hms(f64::from(target - writer.done) / rate.max(1e-9))
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A games file's error, with a long path cut to an excerpt.
fn data_error(error: DataError) -> String {
    match error {
        DataError::Io(path, e) => format!("'{}': {e}", path_excerpt(&path.to_string_lossy())),
        e => e.to_string(),
    }
}
