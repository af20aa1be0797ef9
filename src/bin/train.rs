//! `train`: self-play data and the pattern evaluation's fit (offline tooling; see the README,
//! "Pattern evaluation and the train tool").

use reversi::clock::hms;
use reversi::othello::eval::pattern::file as weights_file;
use reversi::train::fit::{load_samples, weight_errors, ErrorReport, FitSettings};
use reversi::train::games::{game_index, GamePlayer, GamesWriter, GeneratorSettings};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

const USAGE: &str = "usage:
  train generate [--dir train-data] [--seed S] [--games N] [--shard K/N] [--depth D] [--exact E]
                 [--random MIN-MAX] [--weights FILE]
      plays games N of this shard (resumes where the file stops), appending them to
      DIR/games-S-KofN.bin; a progress line every 10 games
  train fit [--dir train-data] [--out weights/pattern.bin] [--stages 8] [--holdout 10]
            [--iterations 150] [--lambda 20] [--overlap 2]
      fits the pattern weights to every games file in DIR (ridge least squares per stage, each
      stage also fitted on positions up to OVERLAP discs outside it), reports the held-out error
  train test [--dir train-data] [--weights FILE] [--holdout PERCENT]
      the mean absolute error of the weights on the held-out games, by empties (--holdout 100:
      every game of DIR, for a folder of games kept out of the fit)";

struct Fail(String);

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("generate") => generate(&args[1..]),
        Some("fit") => fit(&args[1..]),
        Some("test") => test(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(Fail(format!("expected a command\n{USAGE}"))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(message)) => {
            eprintln!("train: {message}");
            ExitCode::from(2)
        }
    }
}

/// `--name value` options; anything else is an error.
fn options<'a>(args: &'a [String], allowed: &[&str]) -> Result<Vec<(&'a str, &'a str)>, Fail> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let name = args[i].strip_prefix("--").filter(|n| allowed.contains(n));
        let Some(name) = name else { return Err(Fail(format!("unexpected argument '{}'\n{USAGE}", args[i]))) };
        let value = args.get(i + 1).ok_or_else(|| Fail(format!("option --{name} needs a value")))?;
        out.push((name, value.as_str()));
        i += 2;
    }
    Ok(out)
}

fn get<'a>(opts: &[(&str, &'a str)], name: &str) -> Option<&'a str> {
    opts.iter().rev().find(|(n, _)| *n == name).map(|(_, v)| *v)
}

fn number<T: std::str::FromStr>(opts: &[(&str, &str)], name: &str, default: T) -> Result<T, Fail> {
    match get(opts, name) {
        None => Ok(default),
        Some(v) => v.parse().map_err(|_| Fail(format!("--{name}: '{v}' is not a valid number"))),
    }
}

fn pair(opts: &[(&str, &str)], name: &str, sep: char, default: (u32, u32)) -> Result<(u32, u32), Fail> {
    let Some(v) = get(opts, name) else { return Ok(default) };
    let parsed = v.split_once(sep).and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
    parsed.ok_or_else(|| Fail(format!("--{name}: '{v}' is not of the form A{sep}B")))
}

fn generate(args: &[String]) -> Result<(), Fail> {
    let opts = options(args, &["dir", "seed", "games", "shard", "depth", "exact", "random", "weights"])?;
    let dir = PathBuf::from(get(&opts, "dir").unwrap_or("train-data"));
    let (shard, shards) = pair(&opts, "shard", '/', (0, 1))?;
    let (min_random, max_random) = pair(&opts, "random", '-', (4, 24))?;
    let weights = match get(&opts, "weights") {
        Some(path) => Some(Arc::new(weights_file::load(Path::new(path)).map_err(|e| Fail(e.to_string()))?)),
        None => None,
    };
    let settings = GeneratorSettings {
        seed: number(&opts, "seed", 1)?,
        shard,
        shards,
        depth: number(&opts, "depth", 6)?,
        exact_empties: number(&opts, "exact", 20)?,
        min_random,
        max_random,
        pattern_eval: weights.is_some(),
    };
    let total: u32 = number(&opts, "games", 100_000)?;
    let mut writer = GamesWriter::open(&dir, settings).map_err(|e| Fail(e.to_string()))?;
    // Games of this shard among the first `total`.
    let target = total.saturating_sub(shard).div_ceil(shards);
    if writer.dropped_bytes > 0 {
        eprintln!("train: cut off {} bytes of an interrupted record", writer.dropped_bytes);
    }
    eprintln!("train: {} holds {} games; playing up to {target}", writer.path().display(), writer.done);
    let mut player = GamePlayer::new(settings, weights);
    let start = Instant::now();
    let first = writer.done;
    let mut positions = 0usize;
    while writer.done < target {
        let game = player.play(game_index(&settings, writer.done));
        positions += game.moves.len().saturating_sub(usize::from(game.random_plies));
        writer.append(&game).map_err(|e| Fail(e.to_string()))?;
        let played = writer.done - first;
        if played % 10 == 0 || writer.done == target {
            let secs = start.elapsed().as_secs_f64();
            let rate = f64::from(played) / secs.max(1e-9);
            eprintln!(
                "train: {}/{target} games, {:.0} games/h, {:.0} positions/h, elapsed {}, left {}",
                writer.done,
                rate * 3600.0,
                positions as f64 / secs.max(1e-9) * 3600.0,
                hms(secs),
                hms(f64::from(target - writer.done) / rate.max(1e-9))
            );
        }
    }
    Ok(())
}

fn fit(args: &[String]) -> Result<(), Fail> {
    let opts = options(args, &["dir", "out", "stages", "holdout", "iterations", "lambda", "overlap"])?;
    let dir = PathBuf::from(get(&opts, "dir").unwrap_or("train-data"));
    let out = PathBuf::from(get(&opts, "out").unwrap_or("weights/pattern.bin"));
    let settings = FitSettings {
        stages: number(&opts, "stages", 8)?,
        lambda: number(&opts, "lambda", 20.0)?,
        iterations: number(&opts, "iterations", 150)?,
        overlap: number(&opts, "overlap", 2)?,
    };
    if !(1..=61).contains(&settings.stages) {
        return Err(Fail(format!("--stages {} is out of range (1 to 61)", settings.stages)));
    }
    let holdout: u32 = number(&opts, "holdout", 10)?;
    let start = Instant::now();
    let (train, held, games) = load_samples(&dir, holdout.min(90)).map_err(|e| Fail(e.to_string()))?;
    if train.is_empty() {
        return Err(Fail(format!("no training positions in {}", dir.display())));
    }
    eprintln!(
        "train: {games} games, {} training and {} held-out positions, read in {:.1} s",
        train.len(),
        held.len(),
        start.elapsed().as_secs_f64()
    );
    let weights = reversi::train::fit::fit(&train, &settings, &|line| eprintln!("train: {line}"));
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| Fail(format!("{}: {e}", parent.display())))?;
    }
    weights_file::save(&out, settings.stages, &weights).map_err(|e| Fail(e.to_string()))?;
    let size = std::fs::metadata(&out).map(|m| m.len()).unwrap_or(0);
    eprintln!("train: wrote {} ({size} bytes) in {:.1} s", out.display(), start.elapsed().as_secs_f64());
    // Report with the weights as saved (quantised), read back the way the engine reads them.
    let saved = weights_file::load(&out).map_err(|e| Fail(e.to_string()))?;
    print_errors("training", &weight_errors(&train, &saved));
    print_errors("held-out", &weight_errors(&held, &saved));
    Ok(())
}

fn test(args: &[String]) -> Result<(), Fail> {
    let opts = options(args, &["dir", "weights", "holdout"])?;
    let dir = PathBuf::from(get(&opts, "dir").unwrap_or("train-data"));
    let path = PathBuf::from(get(&opts, "weights").unwrap_or("weights/pattern.bin"));
    let weights = weights_file::load(&path).map_err(|e| Fail(e.to_string()))?;
    let holdout: u32 = number(&opts, "holdout", 10)?;
    let (_, held, _) = load_samples(&dir, holdout.min(100)).map_err(|e| Fail(e.to_string()))?;
    print_errors("held-out", &weight_errors(&held, &weights));
    Ok(())
}

/// Mean absolute errors by bands of empties: against exact scores where the label is exact, and
/// against all labels (game results above the solve threshold).
fn print_errors(what: &str, report: &ErrorReport) {
    println!("{what}: mean absolute error in discs (positions)");
    println!("{:>9} {:>16} {:>16}", "empties", "exact labels", "all labels");
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
        println!("{band:>9} {exact:>16} {:>16}", format!("{a:.2} ({an})"));
    }
}
