//! `train book-build`, `book-deepen`, `book-add`, `book-verify`: the opening book built, deepened,
//! extended and checked with our own searches.

use reversi::clock::hms;
use reversi::othello::book::{file as book_file, Book};
use reversi::othello::records::notation::replay;
use reversi::train::book::{
    add_lines, book_engine, deepen as deepen_book, ggf_games, verify as verify_book, weights, BuildRun, BuildSettings,
    BuildState, DeepenScope, Reference, VerifySettings,
};
use reversi::Position;
use reversi_cli::files::{check_writable, load_book, load_state, save_state, write_output};
use reversi_cli::io::{output_failed, path_excerpt, read_text_capped, whole_lines, LARGE_LIMIT, TEXT_LIMIT};
use reversi_cli::options::{in_range, number, threads, UsageError};
use reversi_cli::{note, say};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Builds the opening book.
///
/// Builds the opening book level by level (moves played) with our own searches; the state file is
/// saved every minute and the book written after each level; the same command continues an
/// interrupted build, and a larger --plies a finished one.
#[derive(clap::Args)]
#[command(args_override_self = true)]
pub struct BuildArgs {
    /// The book file written.
    #[arg(long, value_name = "FILE", default_value = "weights/book.bin")]
    out: PathBuf,
    /// The build's state, to continue it.
    #[arg(long, value_name = "FILE", default_value = "book-state.bin")]
    state: PathBuf,
    /// Moves played of the book's deepest positions (1 to 40).
    #[arg(long, value_name = "P", default_value_t = 22, value_parser = number::<u32>)]
    plies: u32,
    /// Depth of the searches that value positions (1 to 30).
    #[arg(long = "leaf-depth", value_name = "D", default_value_t = 12, value_parser = number::<u32>)]
    leaf_depth: u32,
    /// Depth of the searches that order the moves before the deep ones (0 to 30).
    #[arg(long = "screen-depth", value_name = "D", default_value_t = 4, value_parser = number::<u32>)]
    screen_depth: u32,
    /// Discs from the best within which the side the book plays keeps moves.
    #[arg(long = "book-margin", value_name = "DISCS", default_value_t = 1, value_parser = number::<i32>)]
    book_margin: i32,
    /// Discs from the best within which the other side's moves are kept.
    #[arg(long = "other-margin", value_name = "DISCS", default_value_t = 4, value_parser = number::<i32>)]
    other_margin: i32,
    /// At most this many moves for the side the book plays.
    #[arg(long = "book-moves", value_name = "N", default_value_t = 2, value_parser = number::<u32>)]
    book_moves: u32,
    /// At most this many moves for the other side.
    #[arg(long = "other-moves", value_name = "N", default_value_t = 3, value_parser = number::<u32>)]
    other_moves: u32,
    /// Breaks ties between moves of equal value.
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = number::<u64>)]
    seed: u64,
    /// Searches run at once (1 to 64).
    #[arg(long, value_name = "T", default_value_t = 2, value_parser = threads)]
    threads: usize,
}

/// Deepens a finished book build.
///
/// Searches the lines players reach (--scope all: every position) again at depth D (leaves) and
/// their positions' own values (at D, or D - 1 where the leaves' side to move at the horizon needs
/// it), until every such line is deepened (values change, and with them the lines); saved to the
/// state as the build is, the book written after each round. At the build's own leaf depth, --scope
/// all re-searches the own values whose horizon had the other side to move.
#[derive(clap::Args)]
#[command(args_override_self = true)]
pub struct DeepenArgs {
    /// The finished build's state.
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// The new depth (the build's leaf depth + 4 by default; at most 30).
    #[arg(long, value_name = "D", value_parser = number::<u32>)]
    depth: Option<u32>,
    /// The positions searched again.
    #[arg(long, value_enum, default_value_t = Scope::Played)]
    scope: Scope,
    /// The book file written.
    #[arg(long, value_name = "FILE", default_value = "weights/book.bin")]
    out: PathBuf,
    /// Searches run at once (1 to 64).
    #[arg(long, value_name = "T", default_value_t = 2, value_parser = threads)]
    threads: usize,
}

/// `--scope played|all`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Scope {
    /// The lines players reach.
    Played,
    /// Every position.
    All,
}

/// Adds games' moves to the book.
///
/// Adds the moves of a transcript, of a file of transcripts (one a line, anything after the first
/// space ignored, '#' comments: data/openings.txt reads as one) or of GGF games (from the standard
/// start, up to P moves: the book's depth by default) missing from the book as shallow moves (each
/// new position searched once; no value of the book changes), writes the book.
#[derive(clap::Args)]
#[command(
    args_override_self = true,
    override_usage = "train book-add --book weights/book.bin (--line TRANSCRIPT | --lines FILE | --games FILE.ggf) [--out FILE] [--plies P] [--leaf-depth D] [--threads N]"
)]
pub struct AddArgs {
    /// The book extended.
    #[arg(long, value_name = "FILE", default_value = "weights/book.bin")]
    book: String,
    /// One game's moves.
    #[arg(long, value_name = "TRANSCRIPT")]
    line: Option<String>,
    /// A file of transcripts, one a line.
    #[arg(long, value_name = "FILE")]
    lines: Option<String>,
    /// A file of GGF games.
    #[arg(long, value_name = "FILE.ggf")]
    games: Option<String>,
    /// The book file written (the --book file by default).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Moves of each game added (the book's depth by default; 1 to 60).
    #[arg(long, value_name = "P", value_parser = in_range::<usize>(1, 60))]
    plies: Option<usize>,
    /// Depth of the searches of new positions (the book's by default; 1 to 30).
    #[arg(long = "leaf-depth", value_name = "D", value_parser = in_range::<u32>(1, 30))]
    leaf_depth: Option<u32>,
    /// Threads searching each new position together, sharing one table (1 to 64; with more than
    /// one a value may vary from run to run by what ProbCut cuts).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = number::<usize>)]
    threads: usize,
}

/// Checks the book against deeper searches.
///
/// Searches a sample of book positions DEEPER plies deeper than the book: how often the deeper
/// search's best move is one of the book's best, and the mean value error. The book's depth at a
/// position is its tree below it and the leaves' searches (--reference tree, at most --max-depth
/// plies) or the leaves' depth alone (--reference leaves); --sample choices draws only the
/// positions where a player using the book chooses its move from it.
#[derive(clap::Args)]
#[command(args_override_self = true)]
pub struct VerifyArgs {
    /// The book checked.
    #[arg(long, value_name = "FILE", default_value = "weights/book.bin")]
    book: String,
    /// Positions with book moves checked.
    #[arg(long, value_name = "N", default_value_t = 500, value_parser = number::<usize>)]
    positions: usize,
    /// Leaves checked.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = number::<usize>)]
    leaves: usize,
    /// Plies beyond the book's depth the reference searches go (0 to 30).
    #[arg(long, value_name = "PLIES", default_value_t = 4, value_parser = number::<u32>)]
    deeper: u32,
    /// What the book's depth at a position is.
    #[arg(long, value_enum, default_value_t = ReferenceName::Tree)]
    reference: ReferenceName,
    /// The deepest reference search of --reference tree (1 to 60).
    #[arg(long = "max-depth", value_name = "D", default_value_t = 20, value_parser = number::<u32>)]
    max_depth: u32,
    /// Draws the sample.
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = number::<u64>)]
    seed: u64,
    /// Searches run at once (1 to 64).
    #[arg(long, value_name = "T", default_value_t = 2, value_parser = threads)]
    threads: usize,
    /// The positions drawn.
    #[arg(long, value_enum, default_value_t = Sample::Book)]
    sample: Sample,
}

/// `--reference tree|leaves`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ReferenceName {
    /// The book's tree below a position and its leaves' searches.
    Tree,
    /// The leaves' depth alone.
    Leaves,
}

/// `--sample book|choices`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Sample {
    /// Any book position with book moves.
    Book,
    /// Only where a player using the book chooses its move from it.
    Choices,
}

/// Writes a book file whole or not at all; returns its size, or the message of an output failure.
fn write_book(path: &Path, book: &Book) -> Result<u64, String> {
    let bytes = book_file::to_bytes(book);
    write_output(path, &bytes, "book file")?;
    Ok(bytes.len() as u64)
}

/// A path for a message.
fn shown(path: &Path) -> String {
    path_excerpt(&path.to_string_lossy())
}

/// The output failure a build's callbacks met (the build stops with an error; this says it was one
/// of writing, exit status 1, not of the input).
#[derive(Default)]
struct WriteFailure(RefCell<Option<String>>);

impl WriteFailure {
    /// `result`, remembering its error as a write failure.
    fn note<T>(&self, result: Result<T, String>) -> Result<T, String> {
        result.inspect_err(|e| *self.0.borrow_mut() = Some(e.clone()))
    }

    /// The exit of a build that failed with `error`.
    fn exit(self, error: String) -> Result<ExitCode, UsageError> {
        match self.0.into_inner() {
            Some(message) => Ok(output_failed(&message)),
            None => Err(UsageError(error)),
        }
    }
}

pub fn build(args: BuildArgs) -> Result<ExitCode, UsageError> {
    let settings = BuildSettings {
        plies: args.plies,
        leaf_depth: args.leaf_depth,
        screen_depth: args.screen_depth,
        book_margin: args.book_margin,
        other_margin: args.other_margin,
        book_moves: args.book_moves,
        other_moves: args.other_moves,
        seed: args.seed,
    };
    if !(1..=40).contains(&settings.plies) || !(1..=30).contains(&settings.leaf_depth) || settings.screen_depth > 30 {
        return Err(UsageError("out of range: --plies 1 to 40, --leaf-depth 1 to 30, --screen-depth 0 to 30".into()));
    }
    if settings.book_moves == 0 || settings.other_moves == 0 || settings.book_margin < 0 || settings.other_margin < 0 {
        return Err(UsageError("--book-moves and --other-moves must be at least 1, the margins at least 0".into()));
    }
    let (out, state_path) = (&args.out, &args.state);
    // A build takes hours: paths it cannot write fail now, not after the first level.
    check_writable(out, "book file")?;
    check_writable(state_path, "build state")?;
    let failure = WriteFailure::default();
    let mut state = match load_state(state_path)? {
        Some(mut state) => {
            if !settings.continues(&state.settings) {
                return Err(UsageError(format!(
                    "'{}' holds a build with other settings ({:?}); only --plies may change",
                    shown(state_path),
                    state.settings
                )));
            }
            note!(
                "train: continuing the build in {} ({} positions, {} of building so far)",
                shown(state_path),
                state.nodes.len(),
                hms(state.seconds)
            );
            state.settings.plies = settings.plies;
            state
        }
        None => {
            let weights = weights().map_err(UsageError)?;
            let state = BuildState::new(settings, &mut book_engine(&weights));
            if let Err(e) = save_state(state_path, &state) {
                return Ok(output_failed(&e));
            }
            state
        }
    };
    let mut save = |state: &BuildState| failure.note(save_state(state_path, state));
    let mut on_level = |level: u32, state: &BuildState| -> Result<(), String> {
        let book = state.book()?;
        let size = failure.note(write_book(out, &book))?;
        note!(
            "train: level {level} done: wrote {} ({} positions, {size} bytes), {} searches, {} of building",
            shown(out),
            book.len(),
            state.searches,
            hms(state.seconds)
        );
        Ok(())
    };
    let mut run = BuildRun {
        threads: args.threads,
        save: Some(&mut save),
        save_every_s: 60.0,
        on_level: &mut on_level,
        progress: &|line| note!("train: {line}"),
    };
    if let Err(e) = reversi::train::book::build(&mut state, &mut run) {
        return failure.exit(e);
    }
    let book = state.book().map_err(UsageError)?;
    let size = match write_book(out, &book) {
        Ok(size) => size,
        Err(e) => return Ok(output_failed(&e)),
    };
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
    Ok(ExitCode::SUCCESS)
}

pub fn deepen(args: DeepenArgs) -> Result<ExitCode, UsageError> {
    let out = &args.out;
    let state_path = args.state.ok_or_else(|| UsageError("book-deepen needs --state FILE".into()))?;
    check_writable(out, "book file")?;
    check_writable(&state_path, "build state")?;
    let mut state =
        load_state(&state_path)?.ok_or_else(|| UsageError(format!("'{}': no such build state", shown(&state_path))))?;
    let depth = args.depth.unwrap_or(state.settings.leaf_depth + 4);
    if depth < state.settings.leaf_depth || depth > 30 {
        return Err(UsageError(format!(
            "--depth must be at least the build's leaf depth ({}) and at most 30",
            state.settings.leaf_depth
        )));
    }
    let scope = match args.scope {
        Scope::Played => DeepenScope::Played,
        Scope::All => DeepenScope::All,
    };
    if state.next_level().is_some() {
        return Err(UsageError(format!("'{}': the build is not finished (run book-build first)", shown(&state_path))));
    }
    let failure = WriteFailure::default();
    let mut save = |state: &BuildState| failure.note(save_state(&state_path, state));
    let mut on_round = |round: u32, state: &BuildState| -> Result<(), String> {
        let book = state.book()?;
        let size = failure.note(write_book(out, &book))?;
        note!("train: round {round} done: wrote {} ({} positions, {size} bytes)", shown(out), book.len());
        Ok(())
    };
    let mut run = BuildRun {
        threads: args.threads,
        save: Some(&mut save),
        save_every_s: 60.0,
        on_level: &mut on_round,
        progress: &|line| note!("train: {line}"),
    };
    let done = match deepen_book(&mut state, depth, scope, &mut run) {
        Ok(done) => done,
        Err(e) => return failure.exit(e),
    };
    let book = state.book().map_err(UsageError)?;
    let size = match write_book(out, &book) {
        Ok(size) => size,
        Err(e) => return Ok(output_failed(&e)),
    };
    let deepened = state.nodes.values().filter(|n| u32::from(n.deepened) >= depth).count();
    say!(
        "book: {} positions, {deepened} of them searched again at depth {depth} ({done} in this run), {size} bytes, {} of building",
        book.len(),
        hms(state.seconds)
    );
    Ok(ExitCode::SUCCESS)
}

pub fn add(args: AddArgs) -> Result<ExitCode, UsageError> {
    if !(1..=64).contains(&args.threads) {
        return Err(UsageError(format!("--threads {} is out of range (1 to 64)", args.threads)));
    }
    let out = args.out.clone().unwrap_or_else(|| PathBuf::from(&args.book));
    check_writable(&out, "book file")?;
    let book = load_book(&args.book)?;
    let replay = |text: &str| replay(Position::start(), text);
    let games = match (&args.line, &args.lines, &args.games) {
        (Some(line), None, None) => vec![replay(line).map_err(|e| UsageError(format!("--line: {e}")))?.0],
        (None, Some(file), None) => {
            let text = read_text_capped(file, TEXT_LIMIT, "transcripts file").map_err(UsageError)?;
            let mut games = Vec::new();
            for (n, line) in whole_lines(&text, file).map_err(UsageError)? {
                let moves = line.split_whitespace().next().unwrap_or("");
                if moves.is_empty() || moves.starts_with('#') {
                    continue;
                }
                games.push(replay(moves).map_err(|e| UsageError(format!("{}:{n}: {e}", path_excerpt(file))))?.0);
            }
            if games.is_empty() {
                return Err(UsageError(format!("transcripts file '{}' holds no transcripts", path_excerpt(file))));
            }
            games
        }
        (None, None, Some(file)) => {
            let text = read_text_capped(file, LARGE_LIMIT, "GGF file").map_err(UsageError)?;
            let games = ggf_games(&text).map_err(|e| UsageError(format!("'{}': {e}", path_excerpt(file))))?;
            if games.is_empty() {
                return Err(UsageError(format!(
                    "GGF file '{}' holds no games from the standard start",
                    path_excerpt(file)
                )));
            }
            games
        }
        _ => return Err(UsageError("give one of --line TRANSCRIPT, --lines FILE, --games FILE".into())),
    };
    let plies = args.plies.unwrap_or(book.plies() as usize);
    let leaf_depth = args.leaf_depth.unwrap_or(book.leaf_depth());
    let start = Instant::now();
    let (new_book, added) = add_lines(&book, &games, plies, leaf_depth, args.threads).map_err(UsageError)?;
    let size = match write_book(&out, &new_book) {
        Ok(size) => size,
        Err(e) => return Ok(output_failed(&e)),
    };
    say!(
        "book-add: {} game(s), {added} positions added ({} → {}), wrote {} ({size} bytes) in {:.1} s",
        games.len(),
        book.len(),
        new_book.len(),
        shown(&out),
        start.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

pub fn verify(args: VerifyArgs) -> Result<ExitCode, UsageError> {
    let book = load_book(&args.book)?;
    let deeper = args.deeper;
    let start = Instant::now();
    let choices = args.sample == Sample::Choices;
    let max_depth = args.max_depth;
    if !(1..=60).contains(&max_depth) || deeper > 30 {
        return Err(UsageError("out of range: --max-depth 1 to 60, --deeper 0 to 30".into()));
    }
    if args.positions == 0 && args.leaves == 0 {
        return Err(UsageError("nothing to check: --positions and --leaves are both 0".into()));
    }
    let reference = match args.reference {
        ReferenceName::Tree => Reference::Tree { max_depth },
        ReferenceName::Leaves => Reference::Leaves,
    };
    let settings = VerifySettings {
        choices,
        positions: args.positions,
        leaves: args.leaves,
        deeper,
        reference,
        seed: args.seed,
        threads: args.threads,
    };
    let v = verify_book(&book, &settings, &|line| note!("train: {line}")).map_err(UsageError)?;
    let checked_against = match reference {
        Reference::Tree { max_depth } => {
            let (last, _) = settings.reference_depth(&book, book.plies().saturating_sub(1));
            format!(
                "positions with book moves checked {deeper} plies beyond the book's own depth there \
                 (its tree and leaves: depth {last} at its last level, at most {max_depth}: {} capped)",
                v.capped
            )
        }
        Reference::Leaves => format!("checked against depth {}", book.leaf_depth() + deeper),
    };
    say!(
        "book {}: {} positions, {} plies, valued at depth {}; {checked_against}",
        args.book,
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
    Ok(ExitCode::SUCCESS)
}
