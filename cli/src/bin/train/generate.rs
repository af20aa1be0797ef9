//! `train generate`: self-play games labelled by the exact solver, appended to a shard's working
//! file and sealed into compressed shards; `train seal`: seals what the working files hold.

use reversi::clock::hms;
use reversi::train::games::{game_index, DataError, GamePlayer, GamesWriter, GeneratorSettings};
use reversi_cli::files::load_weights;
use reversi_cli::games_store::{kept_games, seal, working_files};
use reversi_cli::io::{output_failed, path_excerpt};
use reversi_cli::options::{number, pair, UsageError};
use reversi_cli::{note, say};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// Self-play games labelled by the exact solver.
///
/// Plays the games of this shard after those DIR already holds (its shards and its working file
/// DIR/games-S-KofN.bin), appending each to the working file; every --seal games, the working file
/// is sealed into a compressed shard. A progress line every 10 games.
#[derive(clap::Args)]
#[command(args_override_self = true)]
pub struct Args {
    /// Folder of the games files.
    #[arg(long, value_name = "DIR", default_value = "train-data")]
    dir: PathBuf,
    /// Every game is a function of the seed and its index.
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = number::<u64>)]
    seed: u64,
    /// Play up to game index N (of all shards together).
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
    /// Seal the working file into a shard when it holds this many games (0: never).
    #[arg(long, value_name = "GAMES", default_value_t = 10_000, value_parser = number::<u32>)]
    seal: u32,
    /// Start at this game index instead, in a folder without games of these settings (to make a
    /// kept shard again).
    #[arg(long, value_name = "INDEX", value_parser = number::<u32>)]
    first: Option<u32>,
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
    settings.check().map_err(|e| UsageError(data_error(e)))?;
    let usage = |e| UsageError(data_error(e));
    let mut kept = kept_games(&args.dir, &settings).map_err(usage)?;
    if let Some(first) = args.first {
        if first % shards != shard {
            return Err(UsageError(format!("--first {first}: not a game of shard {shard}/{shards}")));
        }
        if kept > 0 || settings.file_in(&args.dir).exists() {
            return Err(UsageError(format!(
                "--first {first}: '{}' already holds games of these settings",
                path_excerpt(&args.dir.to_string_lossy())
            )));
        }
        kept = (first - shard) / shards;
    }
    let mut writer = GamesWriter::open_after(&args.dir, settings, kept).map_err(usage)?;
    // Games of this shard among the first `args.games`.
    let target = args.games.saturating_sub(shard).div_ceil(shards);
    if writer.dropped_bytes > 0 {
        note!("train: cut off {} bytes of an interrupted record", writer.dropped_bytes);
    }
    note!(
        "train: {} holds {} games of shard {shard}/{shards} ({} in {}); playing up to {target}",
        path_excerpt(&args.dir.to_string_lossy()),
        writer.done,
        writer.in_file,
        writer.path().display()
    );
    let mut player = GamePlayer::new(settings, weights);
    let start = Instant::now();
    let first = writer.done;
    let mut positions = 0usize;
    while writer.done < target {
        let game = player.play(game_index(&settings, writer.done));
        positions += game.moves.len().saturating_sub(usize::from(game.random_plies));
        // A failed write leaves the file as it was before this game.
        if let Err(e) = writer.append(&game) {
            return Ok(output_failed(&format!("cannot write games file {}", data_error(e))));
        }
        if args.seal > 0 && writer.in_file >= args.seal {
            drop(writer);
            if let Err(e) = seal_and_say(&args.dir, &settings) {
                return Ok(output_failed(&format!("cannot seal games file {}", data_error(e))));
            }
            writer = GamesWriter::open_after(&args.dir, settings, kept_games(&args.dir, &settings).map_err(usage)?)
                .map_err(usage)?;
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

/// Seals every working file of a folder into a shard.
///
/// Each working file (games-S-KofN.bin) becomes a compressed shard named by its settings and its
/// first and last game, written whole before the working file is removed; the generator then
/// continues after it.
#[derive(clap::Args)]
#[command(args_override_self = true)]
pub struct SealArgs {
    /// Folder of the games files.
    #[arg(long, value_name = "DIR", default_value = "train-data")]
    dir: PathBuf,
}

pub fn seal_folder(args: SealArgs) -> Result<ExitCode, UsageError> {
    let usage = |e| UsageError(data_error(e));
    let working = working_files(&args.dir).map_err(usage)?;
    if working.is_empty() {
        say!("train: no working games file in {}", path_excerpt(&args.dir.to_string_lossy()));
    }
    for settings in working {
        if let Err(e) = seal_and_say(&args.dir, &settings) {
            return Ok(output_failed(&format!("cannot seal games file {}", data_error(e))));
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn seal_and_say(dir: &Path, settings: &GeneratorSettings) -> Result<(), DataError> {
    if let Some((path, games)) = seal(dir, settings)? {
        note!("train: sealed {games} games into {}", path.display());
    }
    Ok(())
}

/// A games file's error, with a long path cut to an excerpt.
fn data_error(error: DataError) -> String {
    match error {
        DataError::Io(path, e) => format!("'{}': {e}", path_excerpt(&path.to_string_lossy())),
        e => e.to_string(),
    }
}
