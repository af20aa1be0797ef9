//! `train`: self-play data and the pattern evaluation's fit (offline tooling; see the README,
//! "Pattern evaluation and the train tool").

use reversi::clock::hms;
use reversi::othello::book::file as book_file;
use reversi::othello::eval::pattern::file as weights_file;
use reversi::train::book::{BuildRun, BuildSettings, BuildState};
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
            [--iterations 150] [--lambda 20] [--overlap 2] [--prior FILE]
      fits the pattern weights to every games file in DIR (ridge least squares per stage, each
      stage also fitted on positions up to OVERLAP discs outside it), reports the held-out error;
      with --prior, the ridge pulls towards FILE's weights instead of zero (new data corrects
      weights fitted before; --stages defaults to FILE's)
  train test [--dir train-data] [--weights FILE] [--holdout PERCENT]
      the mean absolute error of the weights on the held-out games, by empties (--holdout 100:
      every game of DIR, for a folder of games kept out of the fit)
  train book-build [--out weights/book.bin] [--state book-state.bin] [--plies 22] [--leaf-depth 12]
                   [--screen-depth 4] [--book-margin 1] [--other-margin 4] [--book-moves 2]
                   [--other-moves 3] [--seed 1] [--threads 2]
      builds the opening book level by level (moves played) with our own searches; the state file
      is saved every minute and the book written after each level; the same command continues an
      interrupted build, and a larger --plies a finished one
  train book-deepen --state FILE --depth D [--scope played|all] [--out weights/book.bin] [--threads 2]
      searches the lines players reach (--scope all: every position) again at depth D (leaves)
      and their positions' own values (at D, or D - 1 where the leaves' side to move at the
      horizon needs it), until every such line is deepened (values change, and with them the
      lines); saved to the state as the build is, the book written after each round. At the
      build's own leaf depth, --scope all re-searches the own values whose horizon had the other
      side to move
  train book-add --book weights/book.bin (--line TRANSCRIPT | --lines FILE | --games FILE.ggf)
                 [--out FILE] [--plies P] [--leaf-depth D]
      adds the moves of a transcript, of a file of transcripts (one a line, anything after the
      first space ignored, '#' comments: data/openings.txt reads as one) or of GGF games (from
      the standard start, up to P moves: the book's depth by default) missing from the book as
      shallow moves (each new position searched once; no value of the book changes), writes
      the book
  train book-verify [--book weights/book.bin] [--positions 500] [--leaves 0] [--deeper 4]
                    [--reference tree|leaves] [--max-depth 20] [--seed 1] [--threads 2]
                    [--sample book|choices]
      searches a sample of book positions DEEPER plies deeper than the book: how often the
      deeper search's best move is one of the book's best, and the mean value error. The book's
      depth at a position is its tree below it and the leaves' searches (--reference tree, at
      most --max-depth plies) or the leaves' depth alone (--reference leaves); --sample choices
      draws only the positions where a player using the book chooses its move from it";

struct Fail(String);

#[path = "../cli_io.rs"]
mod cli_io;

/// `println!` that never panics (see `cli_io::write_stdout`).
macro_rules! say {
    ($($arg:tt)*) => {{
        if let Err(code) = cli_io::write_stdout("train", format_args!($($arg)*)) {
            std::process::exit(code);
        }
    }};
}

/// `eprintln!` that never panics.
macro_rules! note {
    ($($arg:tt)*) => {
        cli_io::write_stderr(format_args!($($arg)*))
    };
}

fn main() -> ExitCode {
    if cli_io::stdout_was_closed() {
        note!("train: standard output is closed: the result would be lost (redirect it to a file or to /dev/null)");
        return ExitCode::from(cli_io::OUTPUT_FAILED);
    }
    let args = match cli_io::args() {
        Ok(args) => args,
        Err(message) => {
            note!("train: {message}");
            return ExitCode::from(2);
        }
    };
    let result = match args.first().map(String::as_str) {
        Some("generate") => generate(&args[1..]),
        Some("fit") => fit(&args[1..]),
        Some("test") => test(&args[1..]),
        Some("book-build") => book_build(&args[1..]),
        Some("book-add") => book_add(&args[1..]),
        Some("book-deepen") => book_deepen(&args[1..]),
        Some("book-verify") => book_verify(&args[1..]),
        Some("-h" | "--help" | "help") => {
            say!("{USAGE}");
            Ok(())
        }
        _ => Err(Fail(format!("expected a command\n{USAGE}"))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(message)) => {
            note!("train: {message}");
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
        Some(path) => Some(Arc::new(load_weights(path)?)),
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
        writer.append(&game).map_err(|e| Fail(e.to_string()))?;
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
    Ok(())
}

fn fit(args: &[String]) -> Result<(), Fail> {
    let opts = options(args, &["dir", "out", "stages", "holdout", "iterations", "lambda", "overlap", "prior"])?;
    let dir = PathBuf::from(get(&opts, "dir").unwrap_or("train-data"));
    let out = PathBuf::from(get(&opts, "out").unwrap_or("weights/pattern.bin"));
    let prior = match get(&opts, "prior") {
        None => None,
        Some(path) => {
            let bytes = cli_io::read_capped(path, cli_io::WEIGHTS_LIMIT, "weights file").map_err(Fail)?;
            Some(weights_file::decode(&bytes).map_err(|e| Fail(format!("--prior {path}: {e}")))?)
        }
    };
    let default_stages = prior.as_ref().map_or(8, |(stages, _)| *stages);
    let settings = FitSettings {
        stages: number(&opts, "stages", default_stages)?,
        lambda: number(&opts, "lambda", 20.0)?,
        iterations: number(&opts, "iterations", 150)?,
        overlap: number(&opts, "overlap", 2)?,
    };
    if !(1..=61).contains(&settings.stages) {
        return Err(Fail(format!("--stages {} is out of range (1 to 61)", settings.stages)));
    }
    if let Some((stages, _)) = &prior {
        if *stages != settings.stages {
            return Err(Fail(format!("--prior has {stages} stages, --stages asks for {}", settings.stages)));
        }
    }
    let holdout: u32 = number(&opts, "holdout", 10)?;
    let start = Instant::now();
    let (train, held, games) = load_samples(&dir, holdout.min(90)).map_err(|e| Fail(e.to_string()))?;
    if train.is_empty() {
        return Err(Fail(format!("no training positions in {}", dir.display())));
    }
    note!(
        "train: {games} games, {} training and {} held-out positions, read in {:.1} s",
        train.len(),
        held.len(),
        start.elapsed().as_secs_f64()
    );
    let prior = prior.as_ref().map(|(_, w)| w.as_slice());
    let weights = reversi::train::fit::fit(&train, &settings, prior, &|line| note!("train: {line}"));
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| Fail(format!("{}: {e}", parent.display())))?;
    }
    weights_file::save(&out, settings.stages, &weights).map_err(|e| Fail(e.to_string()))?;
    let size = std::fs::metadata(&out).map(|m| m.len()).unwrap_or(0);
    note!("train: wrote {} ({size} bytes) in {:.1} s", out.display(), start.elapsed().as_secs_f64());
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
    let weights = load_weights(&path.to_string_lossy())?;
    let holdout: u32 = number(&opts, "holdout", 10)?;
    let (_, held, _) = load_samples(&dir, holdout.min(100)).map_err(|e| Fail(e.to_string()))?;
    print_errors("held-out", &weight_errors(&held, &weights));
    Ok(())
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

/// Writes a book file, creating its folder; returns its size.
fn write_book(path: &Path, book: &reversi::othello::book::Book) -> Result<u64, Fail> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| Fail(format!("{}: {e}", parent.display())))?;
    }
    book_file::save(path, book).map_err(|e| Fail(e.to_string()))?;
    Ok(std::fs::metadata(path).map(|m| m.len()).unwrap_or(0))
}

fn book_build(args: &[String]) -> Result<(), Fail> {
    let opts = options(
        args,
        &[
            "out",
            "state",
            "plies",
            "leaf-depth",
            "screen-depth",
            "book-margin",
            "other-margin",
            "book-moves",
            "other-moves",
            "seed",
            "threads",
        ],
    )?;
    let out = PathBuf::from(get(&opts, "out").unwrap_or("weights/book.bin"));
    let state_path = PathBuf::from(get(&opts, "state").unwrap_or("book-state.bin"));
    let settings = BuildSettings {
        plies: number(&opts, "plies", 22)?,
        leaf_depth: number(&opts, "leaf-depth", 12)?,
        screen_depth: number(&opts, "screen-depth", 4)?,
        book_margin: number(&opts, "book-margin", 1)?,
        other_margin: number(&opts, "other-margin", 4)?,
        book_moves: number(&opts, "book-moves", 2)?,
        other_moves: number(&opts, "other-moves", 3)?,
        seed: number(&opts, "seed", 1)?,
    };
    if !(1..=40).contains(&settings.plies) || !(1..=30).contains(&settings.leaf_depth) || settings.screen_depth > 30 {
        return Err(Fail("out of range: --plies 1 to 40, --leaf-depth 1 to 30, --screen-depth 0 to 30".into()));
    }
    if settings.book_moves == 0 || settings.other_moves == 0 || settings.book_margin < 0 || settings.other_margin < 0 {
        return Err(Fail("--book-moves and --other-moves must be at least 1, the margins at least 0".into()));
    }
    let threads: usize = number(&opts, "threads", 2)?;
    let mut state = match reversi::train::book::load_state(&state_path).map_err(Fail)? {
        Some(mut state) => {
            if !settings.continues(&state.settings) {
                return Err(Fail(format!(
                    "{} holds a build with other settings ({:?}); only --plies may change",
                    state_path.display(),
                    state.settings
                )));
            }
            note!(
                "train: continuing the build in {} ({} positions, {} of building so far)",
                state_path.display(),
                state.nodes.len(),
                hms(state.seconds)
            );
            state.settings.plies = settings.plies;
            state
        }
        None => {
            let weights = reversi::train::book::weights().map_err(Fail)?;
            let state = BuildState::new(settings, &mut reversi::train::book::book_engine(&weights));
            reversi::train::book::save_state(&state_path, &state).map_err(Fail)?;
            state
        }
    };
    let mut on_level = |level: u32, state: &BuildState| -> Result<(), String> {
        let book = state.book()?;
        let size = write_book(&out, &book).map_err(|Fail(e)| e)?;
        note!(
            "train: level {level} done: wrote {} ({} positions, {size} bytes), {} searches, {} of building",
            out.display(),
            book.len(),
            state.searches,
            hms(state.seconds)
        );
        Ok(())
    };
    let mut run = BuildRun {
        threads,
        state_path: Some(&state_path),
        save_every_s: 60.0,
        on_level: &mut on_level,
        progress: &|line| note!("train: {line}"),
    };
    reversi::train::book::build(&mut state, &mut run).map_err(Fail)?;
    let book = state.book().map_err(Fail)?;
    let size = write_book(&out, &book)?;
    let levels = state.levels();
    say!(
        "book: {} positions, {} plies, leaf depth {}, {size} bytes, {} searches, {} of building",
        book.len(),
        book.plies(),
        book.leaf_depth(),
        state.searches,
        hms(state.seconds)
    );
    let counts: Vec<String> = levels.iter().enumerate().map(|(l, (n, _))| format!("{l}:{n}")).collect();
    say!("positions by moves played: {}", counts.join(" "));
    Ok(())
}

fn book_deepen(args: &[String]) -> Result<(), Fail> {
    let opts = options(args, &["state", "depth", "out", "threads", "scope"])?;
    let out = PathBuf::from(get(&opts, "out").unwrap_or("weights/book.bin"));
    let state_path = PathBuf::from(get(&opts, "state").ok_or_else(|| Fail("book-deepen needs --state FILE".into()))?);
    let mut state = reversi::train::book::load_state(&state_path)
        .map_err(Fail)?
        .ok_or_else(|| Fail(format!("{}: no such build state", state_path.display())))?;
    let depth: u32 = number(&opts, "depth", state.settings.leaf_depth + 4)?;
    if depth < state.settings.leaf_depth || depth > 30 {
        return Err(Fail(format!(
            "--depth must be at least the build's leaf depth ({}) and at most 30",
            state.settings.leaf_depth
        )));
    }
    let scope = match get(&opts, "scope").unwrap_or("played") {
        "played" => reversi::train::book::DeepenScope::Played,
        "all" => reversi::train::book::DeepenScope::All,
        other => return Err(Fail(format!("--scope must be played or all, not {other:?}"))),
    };
    if state.next_level().is_some() {
        return Err(Fail(format!("{}: the build is not finished (run book-build first)", state_path.display())));
    }
    let threads: usize = number(&opts, "threads", 2)?;
    let mut on_round = |round: u32, state: &BuildState| -> Result<(), String> {
        let book = state.book()?;
        let size = write_book(&out, &book).map_err(|Fail(e)| e)?;
        note!("train: round {round} done: wrote {} ({} positions, {size} bytes)", out.display(), book.len());
        Ok(())
    };
    let mut run = BuildRun {
        threads,
        state_path: Some(&state_path),
        save_every_s: 60.0,
        on_level: &mut on_round,
        progress: &|line| note!("train: {line}"),
    };
    let done = reversi::train::book::deepen(&mut state, depth, scope, &mut run).map_err(Fail)?;
    let book = state.book().map_err(Fail)?;
    let size = write_book(&out, &book)?;
    let deepened = state.nodes.values().filter(|n| u32::from(n.deepened) >= depth).count();
    say!(
        "book: {} positions, {deepened} of them searched again at depth {depth} ({done} in this run), {size} bytes, {} of building",
        book.len(),
        hms(state.seconds)
    );
    Ok(())
}

fn book_add(args: &[String]) -> Result<(), Fail> {
    let opts = options(args, &["book", "line", "lines", "games", "out", "plies", "leaf-depth"])?;
    let path = PathBuf::from(get(&opts, "book").unwrap_or("weights/book.bin"));
    let book = load_book(&path)?;
    let replay = |text: &str| reversi::othello::records::notation::replay(reversi::Position::start(), text);
    let games = match (get(&opts, "line"), get(&opts, "lines"), get(&opts, "games")) {
        (Some(line), None, None) => vec![replay(line).map_err(|e| Fail(format!("--line: {e}")))?.0],
        (None, Some(file), None) => {
            let text = cli_io::read_text_capped(file, cli_io::TEXT_LIMIT, "transcripts file").map_err(Fail)?;
            let mut games = Vec::new();
            for (n, line) in text.lines().enumerate() {
                let moves = line.split_whitespace().next().unwrap_or("");
                if moves.is_empty() || moves.starts_with('#') {
                    continue;
                }
                games.push(replay(moves).map_err(|e| Fail(format!("{file}:{}: {e}", n + 1)))?.0);
            }
            games
        }
        (None, None, Some(file)) => {
            let text = cli_io::read_text_capped(file, cli_io::LARGE_LIMIT, "GGF file").map_err(Fail)?;
            reversi::train::book::ggf_games(&text).map_err(|e| Fail(format!("{file}: {e}")))?
        }
        _ => return Err(Fail("give one of --line TRANSCRIPT, --lines FILE, --games FILE".into())),
    };
    let plies: usize = number(&opts, "plies", book.plies() as usize)?;
    let leaf_depth: u32 = number(&opts, "leaf-depth", book.leaf_depth())?;
    let start = Instant::now();
    let (new_book, added) = reversi::train::book::add_lines(&book, &games, plies, leaf_depth).map_err(Fail)?;
    let out = get(&opts, "out").map_or(path.clone(), PathBuf::from);
    let size = write_book(&out, &new_book)?;
    say!(
        "book-add: {} game(s), {added} positions added ({} → {}), wrote {} ({size} bytes) in {:.1} s",
        games.len(),
        book.len(),
        new_book.len(),
        out.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn book_verify(args: &[String]) -> Result<(), Fail> {
    let opts = options(
        args,
        &["book", "positions", "leaves", "deeper", "seed", "threads", "sample", "reference", "max-depth"],
    )?;
    let path = PathBuf::from(get(&opts, "book").unwrap_or("weights/book.bin"));
    let book = load_book(&path)?;
    let deeper: u32 = number(&opts, "deeper", 4)?;
    let start = Instant::now();
    let choices = match get(&opts, "sample").unwrap_or("book") {
        "book" => false,
        "choices" => true,
        other => return Err(Fail(format!("--sample '{other}' is not book or choices"))),
    };
    let max_depth: u32 = number(&opts, "max-depth", 20)?;
    if !(1..=60).contains(&max_depth) || deeper > 30 {
        return Err(Fail("out of range: --max-depth 1 to 60, --deeper 0 to 30".into()));
    }
    let reference = match get(&opts, "reference").unwrap_or("tree") {
        "tree" => reversi::train::book::Reference::Tree { max_depth },
        "leaves" => reversi::train::book::Reference::Leaves,
        other => return Err(Fail(format!("--reference '{other}' is not tree or leaves"))),
    };
    let settings = reversi::train::book::VerifySettings {
        choices,
        positions: number(&opts, "positions", 500)?,
        leaves: number(&opts, "leaves", 0)?,
        deeper,
        reference,
        seed: number(&opts, "seed", 1)?,
        threads: number(&opts, "threads", 2)?,
    };
    let v = reversi::train::book::verify(&book, &settings, &|line| note!("train: {line}")).map_err(Fail)?;
    let checked_against = match reference {
        reversi::train::book::Reference::Tree { max_depth } => {
            let (last, _) = settings.reference_depth(&book, book.plies().saturating_sub(1));
            format!(
                "positions with book moves checked {deeper} plies beyond the book's own depth there \
                 (its tree and leaves: depth {last} at its last level, at most {max_depth}: {} capped)",
                v.capped
            )
        }
        reversi::train::book::Reference::Leaves => format!("checked against depth {}", book.leaf_depth() + deeper),
    };
    say!(
        "book {}: {} positions, {} plies, valued at depth {}; {checked_against}",
        path.display(),
        book.len(),
        book.plies(),
        book.leaf_depth(),
    );
    if v.positions > 0 {
        say!(
            "{}: {}; the deeper search's best move is a best book move in {} ({:.1} %); \
             mean value error {:.2} discs",
            if choices { "positions where the book chooses a player's move" } else { "positions with book moves" },
            v.positions,
            v.agree,
            100.0 * v.agree as f64 / v.positions as f64,
            v.mean_error
        );
        say!(
            "the book's best move searched as deep: within 1 disc of the deeper search's best in {} ({:.1} %); \
             mean loss {:.2} discs",
            v.within_one_disc,
            100.0 * v.within_one_disc as f64 / v.positions as f64,
            v.regret / v.positions as f64
        );
        // Agreement by how deep in the book: near its end a choice rests on one search per move.
        let levels: Vec<String> = (v.by_level.iter().enumerate())
            .filter(|(_, &(n, _))| n > 0)
            .map(|(level, (n, agree))| format!("{level}: {agree}/{n}"))
            .collect();
        say!("agreement by moves played: {}", levels.join(", "));
    }
    if v.leaves > 0 {
        say!(
            "leaves: {}; same best move at depth {} and {} in {} ({:.1} %); mean value error {:.2} discs",
            v.leaves,
            book.leaf_depth(),
            book.leaf_depth() + deeper,
            v.leaf_agree,
            100.0 * v.leaf_agree as f64 / v.leaves as f64,
            v.leaf_mean_error
        );
    }
    say!("{:.0} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// A pattern weights file of at most `cli_io::WEIGHTS_LIMIT` bytes.
fn load_weights(path: &str) -> Result<reversi::othello::eval::pattern::PatternWeights, Fail> {
    let bytes = cli_io::read_capped(path, cli_io::WEIGHTS_LIMIT, "weights file").map_err(Fail)?;
    weights_file::parse(&bytes).map_err(|e| Fail(format!("{path}: {e}")))
}

/// An opening book file of at most `cli_io::LARGE_LIMIT` bytes.
fn load_book(path: &Path) -> Result<reversi::othello::book::Book, Fail> {
    let name = path.to_string_lossy();
    let bytes = cli_io::read_capped(&name, cli_io::LARGE_LIMIT, "book file").map_err(Fail)?;
    book_file::parse(&bytes).map_err(|e| Fail(format!("{name}: {e}")))
}
