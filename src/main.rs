//! `reversi`: the engine on the command line (perft, exact solving, best move, benchmark).

use reversi::clock::{hms, monotonic_ms};
use reversi::othello::analysis::{arena, player_config};
use reversi::othello::book::{Book, BookUse};
use reversi::othello::eval::pattern::PatternWeights;
use reversi::othello::records::notation::{excerpt, parse_board, parse_obf, ObfEntry};
use reversi::othello::search::endgame::Solver;
use reversi::othello::search::levels;
use reversi::othello::search::score::Score;
use reversi::othello::search::{Control, Engine, Limits};
use reversi::{perft, Board, Move, Position};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

mod cli_io;
mod program_player;

/// `println!` that never panics: when standard output is a closed pipe (`reversi … | head -1`)
/// the program ends quietly with status 141, as Unix tools stopped by SIGPIPE do; when writing
/// fails otherwise, it says so on stderr and ends with status 1.
macro_rules! say {
    ($($arg:tt)*) => {{
        if let Err(code) = cli_io::write_stdout("reversi", format_args!($($arg)*)) {
            std::process::exit(code);
        }
    }};
}

/// `eprintln!` that never panics (a closed stderr pipe is ignored).
macro_rules! note {
    ($($arg:tt)*) => {
        cli_io::write_stderr(format_args!($($arg)*))
    };
}

/// The FFO positions #40–59 (`data/fforum-40-59.obf`), compiled in: `reversi bench` runs from any
/// folder.
const FFO_40_59: &str = include_str!("../data/fforum-40-59.obf");

const USAGE: &str = "usage:
  reversi perft DEPTH [\"<64 squares> <X|O>\"]
  reversi solve FILE.obf [--level L]
  reversi best \"<64 squares> <X|O>\" [--level L] [--time-ms T] [--depth D] [book=on|off]
      level L's settings (level 9's when not given) with that time or depth; --depth alone: a plain
      fixed-depth search
  reversi book-name \"<transcript>\"
  reversi bench [FFO-40-59.obf]
  reversi match A B [--openings N] [--plies P] [--seed S] [--threads T] [--tt MIB] [--clock wall|cpu]
                   [--games FILE]
      A, B: a level (9) or settings: level=9,eval=course,time=200,depth=8,nodes=N,exact=E,
            weights=FILE,probcut=on|off,book=on|off
            or another reversi binary: program=PATH,level=L,time=T[,depth=D]
      --games FILE: every game, one a line: its moves, A's colour and disc difference (and the
            opening's position when it is not the start); `train book-add --lines` reads it
  reversi bench-time [--positions N] [--time-ms T] [--eval pattern|course] [--exact E] [--seed S] [--clock wall|cpu]
                     [--verbose yes]
  reversi probcut-fit [--positions N] [--depth D] [--seed S] [--weights FILE] [--out FILE] [--threads T]";

/// A command-line mistake: printed as one line on stderr, exit code 2.
struct UsageError(String);

fn main() -> ExitCode {
    if cli_io::stdout_was_closed() {
        note!("reversi: standard output is closed: the result would be lost (redirect it to a file or to /dev/null)");
        return ExitCode::from(cli_io::OUTPUT_FAILED);
    }
    let args = match cli_io::args() {
        Ok(args) => args,
        Err(message) => {
            note!("reversi: {message}");
            return ExitCode::from(2);
        }
    };
    let result = match args.first().map(String::as_str) {
        Some("perft") => cmd_perft(&args[1..]),
        Some("solve") => cmd_solve(&args[1..]),
        Some("best") => cmd_best(&args[1..]),
        Some("book-name") => cmd_book_name(&args[1..]),
        Some("bench") => cmd_bench(&args[1..]),
        Some("match") => cmd_match(&args[1..]),
        Some("bench-time") => cmd_bench_time(&args[1..]),
        Some("probcut-fit") => cmd_probcut_fit(&args[1..]),
        Some("-h" | "--help" | "help") => {
            say!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        Some(other) => Err(UsageError(format!(
            "unknown command '{}' (commands: perft, solve, best, book-name, bench, match, bench-time, probcut-fit)",
            excerpt(other)
        ))),
        None => Err(UsageError(
            "no command given (commands: perft, solve, best, book-name, bench, match, bench-time, probcut-fit)".into(),
        )),
    };
    match result {
        Ok(code) => code,
        Err(UsageError(message)) => {
            note!("reversi: {message}");
            ExitCode::from(2)
        }
    }
}

fn parse_number<T: std::str::FromStr>(what: &str, text: &str) -> Result<T, UsageError> {
    text.parse().map_err(|_| UsageError(format!("{what} '{}' is not a valid number", excerpt(text))))
}

fn parse_position(text: &str) -> Result<Position, UsageError> {
    parse_board(text).map_err(|e| UsageError(e.to_string()))
}

/// A position given as one argument (`"<64 squares> X"`) or as two (`"<64 squares>" X`).
fn position_from(args: &[&str]) -> Result<Position, UsageError> {
    parse_position(&args.join(" "))
}

/// The name of an option argument (`--depth` → `depth`), or None for a positional one.
///
/// Boards start with "--" too (`---------------------------OX---… X`), so an option is only a short
/// lowercase word after the dashes: a board has 64 squares and contains `-`, `X`, `O` or `.`
/// runs that no option name has.
fn option_name(arg: &str) -> Option<&str> {
    let name = arg.strip_prefix("--")?;
    let word_like = name.len() <= 20
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_lowercase() || c == '-')
        && !name.contains("--");
    word_like.then_some(name)
}

/// Positional arguments, and options of the form `--name value`.
type Arguments<'a> = (Vec<&'a str>, Vec<(&'a str, &'a str)>);

fn option_values<'a>(args: &'a [String], allowed: &[&str]) -> Result<Arguments<'a>, UsageError> {
    let mut positional = Vec::new();
    let mut options = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if let Some(name) = option_name(a) {
            if !allowed.contains(&name) {
                return Err(UsageError(format!("unknown option '--{}'", excerpt(name))));
            }
            let value = args.get(i + 1).ok_or_else(|| UsageError(format!("option '--{name}' needs a value")))?;
            options.push((name, value.as_str()));
            i += 2;
        } else {
            positional.push(a);
            i += 1;
        }
    }
    Ok((positional, options))
}

fn cmd_perft(args: &[String]) -> Result<ExitCode, UsageError> {
    let (positional, _) = option_values(args, &[])?;
    let depth: u32 =
        parse_number("depth", positional.first().ok_or_else(|| UsageError("perft needs a depth".into()))?)?;
    if depth > 20 {
        return Err(UsageError(format!("depth {depth} is too deep for perft (at most 20)")));
    }
    let board = match positional.get(1..) {
        Some(rest) if !rest.is_empty() => position_from(rest)?.board(),
        _ => Board::start(),
    };
    let start = Instant::now();
    let leaves = perft(board, depth);
    let secs = start.elapsed().as_secs_f64();
    say!("perft {depth}: {leaves} leaves, {secs:.3} s, {:.1} Mn/s", leaves as f64 / secs.max(1e-9) / 1e6);
    Ok(ExitCode::SUCCESS)
}

/// The built-in pattern weights (levels 6–9 evaluate with them, the solver orders its moves with
/// them); if they cannot be read, says so once and plays with the course's evaluation.
fn pattern_weights() -> Option<Arc<PatternWeights>> {
    static WARNED: std::sync::Once = std::sync::Once::new();
    match reversi::othello::eval::pattern::file::bundled() {
        Ok(weights) => Some(weights),
        Err(e) => {
            WARNED.call_once(|| note!("reversi: {e}; the course's evaluation is used instead"));
            None
        }
    }
}

/// The built-in opening book (levels 4–9 play from it); if it cannot be read, says so once and
/// plays without it.
fn opening_book() -> Option<Arc<Book>> {
    static WARNED: std::sync::Once = std::sync::Once::new();
    match reversi::othello::book::file::bundled() {
        Ok(book) => Some(book),
        Err(e) => {
            WARNED.call_once(|| note!("reversi: {e}; playing without the opening book"));
            None
        }
    }
}

fn new_engine(tt_megabytes: usize) -> Engine {
    let mut engine = Engine::new(tt_megabytes);
    engine.set_pattern_weights(pattern_weights());
    engine.set_book(opening_book());
    engine
}

fn new_solver(tt_megabytes: usize) -> Solver {
    let mut solver = Solver::new(tt_megabytes);
    solver.set_pattern_weights(pattern_weights());
    solver
}

/// Solves one OBF entry; returns (move, score, nodes, seconds).
fn solve_entry(
    solver: &mut Solver,
    engine: &mut Engine,
    entry: &ObfEntry,
    level: Option<levels::Level>,
) -> (Move, i32, u64, f64) {
    let start = Instant::now();
    match level {
        None => {
            solver.clear();
            let s = solver.solve_exact(entry.position.board());
            (s.best_move, s.score, s.nodes, start.elapsed().as_secs_f64())
        }
        Some(level) => {
            engine.clear();
            let r = engine.search(entry.position.board(), &level.limits(0), &mut Control::new(&monotonic_ms));
            let score = match r.score {
                Score::Exact(d) | Score::Eval(d) => d,
            };
            (r.best_move, score, r.stats.nodes, start.elapsed().as_secs_f64())
        }
    }
}

fn cmd_solve(args: &[String]) -> Result<ExitCode, UsageError> {
    let (positional, options) = option_values(args, &["level"])?;
    let path = positional.first().ok_or_else(|| UsageError("solve needs an OBF file".into()))?;
    let level = match options.iter().find(|(n, _)| *n == "level") {
        Some((_, v)) => Some(levels::level(parse_number("level", v)?).map_err(|e| UsageError(e.to_string()))?),
        None => None,
    };
    let entries = read_obf(path)?;
    let mut solver = new_solver(64);
    let mut engine = new_engine(64);
    let (mut total_nodes, mut total_secs, mut wrong) = (0u64, 0f64, 0);
    for (i, entry) in entries.iter().enumerate() {
        let (mv, score, nodes, secs) = solve_entry(&mut solver, &mut engine, entry, level);
        total_nodes += nodes;
        total_secs += secs;
        // Only an exact solve can be checked: a level's move and score are its own opinion.
        let problem = if level.is_none() { contradiction(entry, mv, score) } else { None };
        say!("#{} {mv} {score:+} {nodes} {secs:.3}{}", i + 1, problem.as_deref().unwrap_or(""));
        if problem.is_some() {
            wrong += 1;
        }
    }
    say!("total: {total_nodes} nodes, {total_secs:.3} s, {:.1} Mn/s", total_nodes as f64 / total_secs.max(1e-9) / 1e6);
    if wrong > 0 {
        note!("reversi: {wrong} position(s) solved to a score or move that contradicts the file");
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// How an exact solution contradicts the file's solutions, if it does: the score must be the
/// first (best) score, and the move one of the moves listed with that score. A file with no
/// solutions cannot be contradicted.
fn contradiction(entry: &ObfEntry, mv: Move, score: i32) -> Option<String> {
    let best = entry.best_score()?;
    if score != best {
        return Some(format!("  (the file says {best:+})"));
    }
    let best_moves: Vec<Move> = entry.solutions.iter().filter(|(_, s)| *s == best).map(|(m, _)| *m).collect();
    if !best_moves.contains(&mv) {
        let listed: Vec<String> = best_moves.iter().map(Move::to_string).collect();
        return Some(format!("  (the file's best moves are {})", listed.join(" ")));
    }
    None
}

/// The positions of an OBF file. An unreadable file, one larger than [`cli_io::TEXT_LIMIT`], a
/// bad line or a file without positions is a usage error (exit 2) naming it.
fn read_obf(path: &str) -> Result<Vec<ObfEntry>, UsageError> {
    let text = cli_io::read_text_capped(path, cli_io::TEXT_LIMIT, "OBF file").map_err(UsageError)?;
    let entries =
        parse_obf(&text).map_err(|(line, e)| UsageError(format!("{}:{line}: {e}", cli_io::path_excerpt(path))))?;
    if entries.is_empty() {
        return Err(UsageError(format!("OBF file '{}' holds no positions", cli_io::path_excerpt(path))));
    }
    Ok(entries)
}

/// A pattern weights file of at most [`cli_io::WEIGHTS_LIMIT`] bytes.
fn load_weights(path: &str) -> Result<PatternWeights, String> {
    let bytes = cli_io::read_capped(path, cli_io::WEIGHTS_LIMIT, "weights file")?;
    reversi::othello::eval::pattern::file::parse(&bytes).map_err(|e| format!("'{}': {e}", cli_io::path_excerpt(path)))
}

fn cmd_best(args: &[String]) -> Result<ExitCode, UsageError> {
    let (mut positional, options) = option_values(args, &["level", "depth", "time-ms"])?;
    // `book=on|off`: play from the opening book (a level's default: level 9 does; a depth or a
    // time alone does not).
    let mut book = None;
    let mut i = 0;
    while i < positional.len() {
        if let Some(value) = positional[i].strip_prefix("book=") {
            book = Some(match value {
                "on" => true,
                "off" => false,
                _ => return Err(UsageError(format!("book '{}' is not on or off", excerpt(value)))),
            });
            positional.remove(i);
        } else {
            i += 1;
        }
    }
    if positional.is_empty() {
        return Err(UsageError("best needs a position \"<64 squares> <X|O>\"".into()));
    }
    let position = position_from(&positional)?;
    let limits = best_limits(&options)?;
    let limits = match book {
        Some(true) => Limits { book: limits.book.or(Some(BookUse::STRONG)), ..limits },
        Some(false) => Limits { book: None, ..limits },
        None => limits,
    };
    let mut engine = new_engine(64);
    let r = engine.search(position.board(), &limits, &mut Control::new(&monotonic_ms));
    if r.book {
        // The book's value is in discs whatever the evaluation.
        let discs = reversi::othello::analysis::review::score_in_tenths(r.score, limits.eval);
        say!("{} {:+} book", r.best_move, discs);
    } else {
        // As the page shows scores: discs (to a tenth for an estimate), and what kind of score.
        match r.score {
            Score::Exact(d) => say!("{} {:+} exact", r.best_move, d),
            Score::Eval(_) if engine.uses_pattern(&limits) => {
                let discs = reversi::othello::analysis::review::score_in_tenths(r.score, limits.eval);
                say!("{} {} estimate", r.best_move, signed_tenths(discs))
            }
            // The course's heuristic has no disc scale: its own units, as the course's examples.
            Score::Eval(units) => say!("{} {:+} course units", r.best_move, units),
        }
    }
    let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
    say!("pv: {}", pv.join(" "));
    say!(
        "depth {} nodes {} time {} ms nps {} tt_hits {} cutoffs {}",
        r.stats.depth,
        r.stats.nodes,
        r.stats.elapsed_ms,
        r.stats.nps,
        r.stats.tt_hits,
        r.stats.cutoffs
    );
    say!("settings: {}", describe(&limits, pattern_weights().is_some()));
    Ok(ExitCode::SUCCESS)
}

/// The limits of `reversi best`:
/// - `--level L`: level L's settings (evaluation, ProbCut, depth, exact solve, time, book);
/// - `--time-ms T` and `--depth D` change the level's time budget and depth (with `--depth`, the
///   level's time budget is dropped unless `--time-ms` is given too), level 9's settings when no
///   level is given;
/// - `--depth D` alone: a plain fixed-depth search (the course's evaluation, no ProbCut, no exact
///   solve, no book), the same minimax score every time;
/// - nothing: level 9.
fn best_limits(options: &[(&str, &str)]) -> Result<Limits, UsageError> {
    for name in ["level", "depth", "time-ms"] {
        if options.iter().filter(|(n, _)| *n == name).count() > 1 {
            return Err(UsageError(format!("--{name} is given more than once")));
        }
    }
    let value = |name: &str| options.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let depth = match value("depth") {
        Some(v) => {
            let d: u32 = parse_number("depth", v)?;
            if d == 0 || d > 60 {
                return Err(UsageError(format!("depth {d} is out of range (1 to 60)")));
            }
            Some(d)
        }
        None => None,
    };
    let time_ms = match value("time-ms") {
        Some(v) => {
            let t: u64 = parse_number("time in milliseconds", v)?;
            if !(1..=86_400_000).contains(&t) {
                return Err(UsageError(format!("time {t} ms is out of range (1 to 86400000)")));
            }
            Some(t)
        }
        None => None,
    };
    let level = match value("level") {
        Some(v) => Some(levels::level(parse_number("level", v)?).map_err(|e| UsageError(e.to_string()))?),
        None => None,
    };
    if let (Some(d), None, None) = (depth, level, time_ms) {
        return Ok(Limits { exact_from_empties: Some(0), ..Limits::depth(d) });
    }
    let strongest = levels::LEVELS[levels::LEVELS.len() - 1];
    let limits = level.unwrap_or(strongest).limits(0);
    Ok(match (depth, time_ms) {
        (None, None) => limits,
        (None, Some(t)) => Limits { time_ms: Some(t), ..limits },
        (Some(d), t) => Limits { depth: Some(d), time_ms: t, ..limits },
    })
}

/// `reversi book-name "<transcript>"`: the opening's name (the deepest named line the game
/// reaches, up to the board's symmetries), or nothing when it has none.
fn cmd_book_name(args: &[String]) -> Result<ExitCode, UsageError> {
    let (positional, _) = option_values(args, &[])?;
    let text = positional.join(" ");
    let name = reversi::othello::book::names::opening_name(&text).map_err(|e| UsageError(e.to_string()))?;
    if let Some(name) = name {
        say!("{name}");
    }
    Ok(ExitCode::SUCCESS)
}

/// Fixed midgame positions for the benchmark: the start and a few openings, searched to depth 10.
const BENCH_OPENINGS: &[&str] = &["", "f5d6c3d3c4", "f5f6e6f4e3", "c4c3d3c5b4", "f5d6c3d3c4f4c5b3c2"];
const BENCH_DEPTH: u32 = 12;

fn cmd_bench(args: &[String]) -> Result<ExitCode, UsageError> {
    let (positional, _) = option_values(args, &[])?;
    // Read the file before the long benchmark starts: a bad path fails at once.
    let entries = match positional.first() {
        Some(path) => read_obf(path)?,
        None => parse_obf(FFO_40_59).map_err(|(l, e)| UsageError(format!("data/fforum-40-59.obf:{l}: {e}")))?,
    };
    let line = |what: &str, nodes: u64, secs: f64| {
        say!("{what:<34} {nodes:>12} nodes {secs:>9.3} s {:>8.2} Mn/s", nodes as f64 / secs.max(1e-9) / 1e6);
    };
    say!("reversi bench (one thread)");

    let start = Instant::now();
    let leaves = perft(Board::start(), 11);
    line("perft(11)", leaves, start.elapsed().as_secs_f64());

    let mut engine = new_engine(64);
    let (mut mid_nodes, mut mid_secs) = (0, 0.0);
    for opening in BENCH_OPENINGS {
        let (_, pos) =
            reversi::othello::records::notation::replay(Position::start(), opening).expect("bench openings are legal");
        engine.clear();
        let start = Instant::now();
        let r = engine.search(pos.board(), &Limits::depth(BENCH_DEPTH), &mut Control::new(&monotonic_ms));
        let secs = start.elapsed().as_secs_f64();
        line(
            &format!("midgame d{BENCH_DEPTH} {}", if opening.is_empty() { "start" } else { opening }),
            r.stats.nodes,
            secs,
        );
        mid_nodes += r.stats.nodes;
        mid_secs += secs;
    }
    line("midgame total", mid_nodes, mid_secs);

    let mut solver = new_solver(64);
    let (mut nodes, mut secs) = (0, 0.0);
    for (i, entry) in entries.iter().enumerate().take(10) {
        solver.clear();
        let start = Instant::now();
        let s = solver.solve_exact(entry.position.board());
        let t = start.elapsed().as_secs_f64();
        line(&format!("FFO #{} {} {:+}", 40 + i, s.best_move, s.score), s.nodes, t);
        nodes += s.nodes;
        secs += t;
    }
    line("FFO #40-49 total", nodes, secs);
    Ok(ExitCode::SUCCESS)
}

/// Random plies from the start that make a match's openings, and their default seed (the same
/// openings every run).
const MATCH_OPENING_PLIES: usize = 6;
const MATCH_SEED: u64 = 0x0123_4567_89ab_cdef;

/// `--name value` as a number, or its default.
fn option_number<T: std::str::FromStr>(options: &[(&str, &str)], name: &str, default: T) -> Result<T, UsageError> {
    match options.iter().rev().find(|(n, _)| *n == name) {
        Some((_, v)) => parse_number(name, v),
        None => Ok(default),
    }
}

/// The pattern weights a configuration asks for: its file, else the built-in ones.
fn config_weights(config: &player_config::PlayerConfig) -> Result<Option<Arc<PatternWeights>>, UsageError> {
    match &config.weights {
        Some(path) => load_weights(path)
            .map(|w| Some(Arc::new(w)))
            .map_err(|e| UsageError(format!("player '{}': {e}", excerpt(&config.text)))),
        None => Ok(pattern_weights()),
    }
}

/// The memory the system says is available (`MemAvailable` of `/proc/meminfo`), in MiB; `None`
/// where it cannot tell (not Linux).
fn available_memory_mib() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// What a configuration's limits mean, in a few words.
fn describe(limits: &Limits, has_weights: bool) -> String {
    let mut parts = Vec::new();
    if let Some(d) = limits.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(n) = limits.nodes {
        parts.push(format!("{n} nodes"));
    }
    if let Some(t) = limits.time_ms {
        parts.push(format!("{t} ms/move"));
    }
    if let Some(e) = limits.exact_from_empties.filter(|&e| e > 0) {
        let when = if limits.plan_solve && limits.time_ms.is_some() { " when it fits the time" } else { "" };
        parts.push(format!("exact from {e} empties{when}"));
    }
    let pattern = limits.eval == reversi::othello::search::EvalChoice::Pattern && has_weights;
    parts.push(if pattern { "pattern eval".into() } else { "course eval".into() });
    if limits.probcut && pattern {
        parts.push("ProbCut".into());
    }
    if limits.randomness > 0 {
        parts.push(format!("randomness {}", limits.randomness));
    }
    if let Some(book) = limits.book {
        parts.push(format!("book within {} discs up to move {}", book.margin, book.until_ply.min(60)));
    }
    parts.join(", ")
}

/// A signed number to one decimal, `+1.5` or `-0.3`; `0.0` for what rounds to zero (`{:+.1}`
/// prints -0.04 as "-0.0").
fn signed_tenths(x: f64) -> String {
    if (x * 10.0).round() == 0.0 {
        "0.0".into()
    } else {
        format!("{x:+.1}")
    }
}

/// One side of a match: this engine at some settings, or another `reversi` binary.
enum MatchSide {
    Engine(player_config::PlayerConfig),
    Program(program_player::ProgramConfig),
}

impl MatchSide {
    fn parse(text: &str) -> Result<MatchSide, UsageError> {
        if program_player::names_program(text) {
            program_player::ProgramConfig::parse(text).map(MatchSide::Program).map_err(UsageError)
        } else {
            player_config::PlayerConfig::parse(text).map(MatchSide::Engine).map_err(|e| UsageError(e.to_string()))
        }
    }

    fn text(&self) -> &str {
        match self {
            MatchSide::Engine(c) => &c.text,
            MatchSide::Program(p) => &p.text,
        }
    }

    fn has_game_clock(&self) -> bool {
        matches!(self, MatchSide::Engine(c) if c.game_clock.is_some())
    }

    /// The pattern weights an engine side plays with (none for a program).
    fn weights(&self) -> Result<Option<Arc<PatternWeights>>, UsageError> {
        match self {
            MatchSide::Engine(c) => config_weights(c),
            MatchSide::Program(_) => Ok(None),
        }
    }

    fn player(
        &self,
        tt: usize,
        weights: Option<Arc<PatternWeights>>,
        book: Option<Arc<Book>>,
        seed: u64,
        clock: fn() -> f64,
    ) -> program_player::AnyPlayer {
        program_player::AnyPlayer(match self {
            MatchSide::Engine(c) => Box::new(c.player(tt, weights, book, seed).with_clock(clock)),
            MatchSide::Program(p) => Box::new(program_player::ProgramPlayer(p.clone())),
        })
    }
}

/// A match between two configurations: every opening twice, colours swapped; a progress line per
/// game on stderr, the result with its confidence interval and Elo difference on stdout.
fn cmd_match(args: &[String]) -> Result<ExitCode, UsageError> {
    let (positional, options) = option_values(args, &["openings", "plies", "seed", "threads", "tt", "clock", "games"])?;
    let clock = match options.iter().rev().find(|(n, _)| *n == "clock").map(|(_, v)| *v) {
        None | Some("wall") => monotonic_ms as fn() -> f64,
        Some("cpu") if thread_cpu_ms().is_some() => || thread_cpu_ms().unwrap_or(0.0),
        Some("cpu") => return Err(UsageError("--clock cpu needs /proc/thread-self/schedstat (Linux)".into())),
        Some(other) => return Err(UsageError(format!("--clock '{}' is not wall or cpu", excerpt(other)))),
    };
    if positional.len() != 2 {
        return Err(UsageError("match needs two players (a level, or settings such as depth=8,eval=pattern)".into()));
    }
    let (a, b) = (MatchSide::parse(positional[0])?, MatchSide::parse(positional[1])?);
    let (weights_a, weights_b) = (a.weights()?, b.weights()?);
    let openings: usize = option_number(&options, "openings", 20)?;
    let plies: usize = option_number(&options, "plies", MATCH_OPENING_PLIES)?;
    let seed: u64 = option_number(&options, "seed", MATCH_SEED)?;
    let threads: usize = option_number(&options, "threads", 2)?;
    let tt: usize = option_number(&options, "tt", 16)?;
    if !(1..=10_000).contains(&openings) || plies > 40 || !(1..=64).contains(&threads) || !(1..=4096).contains(&tt) {
        return Err(UsageError(
            "out of range: --openings 1 to 10000, --plies 0 to 40, --threads 1 to 64, --tt 1 to 4096 (MiB)".into(),
        ));
    }
    // Each thread holds two engines (one per player) of --tt MiB each.
    let needed_mib = (threads * 2 * tt) as u64;
    if let Some(available) = available_memory_mib().filter(|&a| needed_mib > a) {
        return Err(UsageError(format!(
            "--threads {threads} × 2 players × --tt {tt} MiB = {needed_mib} MiB of tables, more than the {available} MiB of memory available"
        )));
    }
    // From the standard start (--plies 0) every pair of games starts alike: only the players'
    // random choices (the book's, weak levels') tell the games apart.
    let starts = if plies == 0 { vec![Position::start(); openings] } else { arena::openings(openings, plies, seed) };
    // The games file is opened before the first game, so that a bad path costs nothing.
    let mut games_file = match options.iter().rev().find(|(n, _)| *n == "games").map(|(_, v)| *v) {
        Some(path) => Some((
            path,
            std::fs::File::create(path)
                .map_err(|e| UsageError(format!("--games '{}': {e}", cli_io::path_excerpt(path))))?,
        )),
        None => None,
    };
    let book = opening_book();
    let start = Instant::now();
    let progress = |report: &arena::MatchReport, total: usize| {
        let t = report.tally();
        let e = report.estimate();
        let done = report.outcomes.len();
        let secs = start.elapsed().as_secs_f64();
        note!(
            "game {done}/{total}: A +{} ={} -{}, score {:.1} % ± {:.1}, Elo {}, discs {}, elapsed {}, left {}",
            t.wins,
            t.draws,
            t.losses,
            100.0 * e.score,
            100.0 * e.margin(),
            reversi::othello::analysis::rating::format_elo(e.elo()),
            signed_tenths(t.mean_discs()),
            hms(secs),
            hms(secs / done as f64 * (total - done) as f64)
        );
    };
    let report = arena::play_match(
        &starts,
        || a.player(tt, weights_a.clone(), book.clone(), seed, clock),
        || b.player(tt, weights_b.clone(), book.clone(), seed ^ 1, clock),
        threads,
        &progress,
    );
    let t = report.tally();
    let e = report.estimate();
    let (elo_low, elo_high) = e.elo_interval();
    let elo = reversi::othello::analysis::rating::format_elo;
    let described = |side: &MatchSide, weights: bool| match side {
        MatchSide::Program(p) => p.describe(),
        MatchSide::Engine(c) => match c.game_clock {
            Some(g) => format!(
                "{}, game clock {} s + {} s a move",
                describe(&c.limits, weights),
                g.total_ms as f64 / 1000.0,
                g.increment_ms as f64 / 1000.0
            ),
            None => describe(&c.limits, weights),
        },
    };
    say!("A: {} ({})", a.text(), described(&a, weights_a.is_some()));
    say!("B: {} ({})", b.text(), described(&b, weights_b.is_some()));
    say!(
        "{} games ({} openings of {plies} random plies, seed {seed}, both colours): A {} wins, {} draws, {} losses",
        t.games(),
        starts.len(),
        t.wins,
        t.draws,
        t.losses
    );
    say!(
        "score {:.1} % (95 %: {:.1} to {:.1} %), Elo {} (95 %: {} to {}), mean disc difference {}, {:.0} s",
        100.0 * e.score,
        100.0 * e.low,
        100.0 * e.high,
        elo(e.elo()),
        elo(elo_low),
        elo(elo_high),
        signed_tenths(t.mean_discs()),
        start.elapsed().as_secs_f64()
    );
    if a.has_game_clock() || b.has_game_clock() {
        let on_time = |side: bool| report.outcomes.iter().filter(|o| o.a_lost_on_time == Some(side)).count();
        say!("lost on time: A {}, B {}", on_time(true), on_time(false));
    }
    if let Some((path, file)) = games_file.as_mut() {
        write_games(file, &report, &starts)
            .map_err(|e| UsageError(format!("--games '{}': {e}", cli_io::path_excerpt(path))))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A match's games, one a line in game order: the moves as a transcript (what `train book-add
/// --lines` reads), A's colour, A's disc difference, and the opening's position unless it is the
/// standard start.
fn write_games(file: &mut std::fs::File, report: &arena::MatchReport, starts: &[Position]) -> std::io::Result<()> {
    use reversi::othello::records::notation::{format_board, format_transcript};
    use std::io::Write;
    let mut out = std::io::BufWriter::new(file);
    for o in &report.outcomes {
        let colour = if o.a_black { "black" } else { "white" };
        write!(out, "{} A={colour} discs={:+}", format_transcript(&o.moves, false), o.diff)?;
        let start = starts[o.opening];
        if start != Position::start() {
            write!(out, " from={}", format_board(start).replace(' ', ""))?;
        }
        writeln!(out)?;
    }
    out.flush()
}

/// Positions for the timing benchmark and the ProbCut fit: a few random plies, then moves of a
/// 2-ply pattern search (one in ten random), until `empties` squares are left. Game-like, varied,
/// and the same for the same seed.
fn sample_position(seed: u64, empties: u32, weights: &Option<Arc<PatternWeights>>) -> Board {
    let mut rng = reversi::rng::XorShift64Star::new(seed);
    let mut engine = Engine::new(1);
    engine.set_pattern_weights(weights.clone());
    let limits = Limits { eval: reversi::othello::search::EvalChoice::Pattern, ..Limits::depth(2) };
    let random_plies = 2 + rng.below(7) as u32;
    loop {
        let mut board = Board::start();
        let mut ply = 0;
        while board.empty_count() > empties {
            let moves: Vec<reversi::Square> = board.legal_moves().collect();
            if moves.is_empty() {
                if board.passed().legal_moves() == reversi::Bitboard(0) {
                    break; // finished early: try another game
                }
                board = board.passed();
                continue;
            }
            let sq = if ply < random_plies || rng.below(10) == 0 {
                moves[rng.below(moves.len())]
            } else {
                match engine.search(board, &limits, &mut Control::new(&monotonic_ms)).best_move {
                    Move::Play(sq) => sq,
                    Move::Pass => moves[0],
                }
            };
            board = board.play_unchecked(sq);
            ply += 1;
        }
        if board.empty_count() <= empties && !board.legal_moves().is_empty() {
            return board;
        }
        rng.next_u64();
    }
}

/// Milliseconds of processor time used by this thread (from `/proc/thread-self/schedstat`, in
/// nanoseconds): a clock that stands still while other processes have the processor, so that the
/// time management benchmark measures the engine rather than the machine's load. `None` where the
/// file is missing (not Linux).
fn thread_cpu_ms() -> Option<f64> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open("/proc/thread-self/schedstat").ok()?.read_to_string(&mut text).ok()?;
    Some(text.split_whitespace().next()?.parse::<f64>().ok()? / 1e6)
}

/// The time management benchmark: many positions searched with a time budget per move, the time
/// used measured against the budget.
fn cmd_bench_time(args: &[String]) -> Result<ExitCode, UsageError> {
    let (_, options) = option_values(args, &["positions", "time-ms", "eval", "seed", "exact", "verbose", "clock"])?;
    let cpu_clock = match options.iter().rev().find(|(n, _)| *n == "clock").map(|(_, v)| *v) {
        None | Some("wall") => false,
        Some("cpu") if thread_cpu_ms().is_some() => true,
        Some("cpu") => return Err(UsageError("--clock cpu needs /proc/thread-self/schedstat (Linux)".into())),
        Some(other) => return Err(UsageError(format!("--clock '{}' is not wall or cpu", excerpt(other)))),
    };
    let cpu = || thread_cpu_ms().unwrap_or(0.0);
    let clock: &dyn Fn() -> f64 = if cpu_clock { &cpu } else { &monotonic_ms };
    let verbose = options.iter().any(|(n, v)| *n == "verbose" && *v == "yes");
    let count: usize = option_number(&options, "positions", 100)?;
    let budget: u64 = option_number(&options, "time-ms", 200)?;
    let seed: u64 = option_number(&options, "seed", 7)?;
    let exact: u32 = option_number(&options, "exact", 20)?;
    let eval = match options.iter().rev().find(|(n, _)| *n == "eval").map(|(_, v)| *v) {
        None | Some("pattern") => reversi::othello::search::EvalChoice::Pattern,
        Some("course") => reversi::othello::search::EvalChoice::Course,
        Some(other) => return Err(UsageError(format!("--eval '{}' is not course or pattern", excerpt(other)))),
    };
    if !(1..=100_000).contains(&count) || !(1..=600_000).contains(&budget) {
        return Err(UsageError("out of range: --positions 1 to 100000, --time-ms 1 to 600000".into()));
    }
    let weights = pattern_weights();
    let mut engine = new_engine(64);
    let limits = Limits {
        time_ms: Some(budget),
        exact_from_empties: Some(exact),
        eval,
        probcut: eval == reversi::othello::search::EvalChoice::Pattern,
        ..Limits::default()
    };
    say!(
        "reversi bench-time: {count} positions (14 to 54 empties), {}, {} clock",
        describe(&limits, weights.is_some()),
        if cpu_clock { "processor-time" } else { "wall" }
    );
    let mut used = Vec::with_capacity(count);
    let mut depths = 0u64;
    for i in 0..count {
        let empties = 14 + (i as u32 * 7) % 41;
        let board = sample_position(seed.wrapping_add(i as u64).wrapping_mul(0x9E37_79B9), empties, &weights);
        engine.clear();
        let t0 = clock();
        let r = engine.search(board, &limits, &mut Control::new(clock));
        let ms = clock() - t0;
        used.push(ms / budget as f64);
        depths += u64::from(r.stats.depth);
        if verbose {
            say!(
                "{i:>4} empties {empties:>2} depth {:>2} {:>9} nodes {ms:>8.1} ms {} {}",
                r.stats.depth,
                r.stats.nodes,
                r.best_move,
                r.score
            );
        }
    }
    let mut sorted = used.clone();
    sorted.sort_by(f64::total_cmp);
    let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
    let over = |x: f64| sorted.iter().filter(|&&u| u > x).count();
    say!(
        "time used / budget: mean {:.3}, min {:.3}, median {:.3}, 90 % {:.3}, max {:.3}",
        used.iter().sum::<f64>() / count as f64,
        at(0.0),
        at(0.5),
        at(0.9),
        at(1.0)
    );
    say!(
        "searches over the budget: {} (by more than 1 %: {}, 3 %: {}); mean depth {:.1}",
        over(1.0),
        over(1.01),
        over(1.03),
        depths as f64 / count as f64
    );
    Ok(ExitCode::SUCCESS)
}

/// Fits Multi-ProbCut: positions of every stage searched by iterative deepening to `--depth`
/// with the pattern evaluation (no ProbCut), the value of every depth recorded; for each deep
/// depth, the regression on its shallow depth's value per stage; the table written as Rust
/// source.
fn cmd_probcut_fit(args: &[String]) -> Result<ExitCode, UsageError> {
    use reversi::othello::search::probcut::{
        fit_line, params_source, shallow_depth, stage, Fitted, FittedTable, FIRST_DEPTH,
    };
    let (_, options) = option_values(args, &["positions", "depth", "seed", "weights", "out", "threads"])?;
    let count: usize = option_number(&options, "positions", 600)?;
    let max_depth: u32 = option_number(&options, "depth", 10)?;
    let seed: u64 = option_number(&options, "seed", 11)?;
    let threads: usize = option_number(&options, "threads", 2)?;
    let out =
        options.iter().rev().find(|(n, _)| *n == "out").map_or("src/othello/search/probcut/params.rs", |(_, v)| *v);
    if !(10..=100_000).contains(&count) || !(FIRST_DEPTH..=16).contains(&max_depth) || !(1..=64).contains(&threads) {
        return Err(UsageError("out of range: --positions 10 to 100000, --depth 3 to 16, --threads 1 to 64".into()));
    }
    // The fit takes minutes to hours: a path it cannot write fails now, not after the work.
    check_writable(out)?;
    let (weights, weights_name) = match options.iter().rev().find(|(n, _)| *n == "weights") {
        Some((_, path)) => (Arc::new(load_weights(path).map_err(UsageError)?), path.to_string()),
        None => (
            pattern_weights().ok_or_else(|| UsageError("no pattern weights to fit ProbCut for".into()))?,
            "the built-in weights/pattern.bin".to_string(),
        ),
    };
    let weights_opt = Some(weights.clone());
    let start = Instant::now();
    let next = std::sync::atomic::AtomicUsize::new(0);
    // (empties, value by depth: index d is depth d, None when not an evaluation)
    let samples: std::sync::Mutex<Vec<(u32, Vec<Option<i32>>)>> = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut engine = Engine::new(16);
                engine.set_pattern_weights(weights_opt.clone());
                let limits = Limits {
                    eval: reversi::othello::search::EvalChoice::Pattern,
                    probcut: false,
                    ..Limits::depth(max_depth)
                };
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    let empties = 12 + (i as u32 * 13) % 49; // 12 to 60
                    let board = if empties >= 60 {
                        Board::start()
                    } else {
                        sample_position(seed.wrapping_add(i as u64).wrapping_mul(0x2545_F491), empties, &weights_opt)
                    };
                    let mut values = vec![None; max_depth as usize + 1];
                    let mut record = |p: &reversi::othello::search::Progress| {
                        if let Score::Eval(v) = p.score {
                            if let Some(slot) = values.get_mut(p.depth as usize) {
                                *slot = Some(v);
                            }
                        }
                    };
                    engine.clear();
                    let mut control = Control::new(&monotonic_ms);
                    control.on_progress = Some(&mut record);
                    engine.search(board, &limits, &mut control);
                    let mut all = samples.lock().unwrap_or_else(|p| p.into_inner());
                    all.push((board.empty_count(), values));
                    let done = all.len();
                    if done.is_multiple_of(20) || done == count {
                        let secs = start.elapsed().as_secs_f64();
                        note!(
                            "probcut-fit: {done}/{count} positions, elapsed {}, left {}",
                            hms(secs),
                            hms(secs / done as f64 * (count - done) as f64)
                        );
                    }
                }
            });
        }
    });
    let samples = samples.into_inner().unwrap_or_else(|p| p.into_inner());
    let mut rows: FittedTable = Default::default();
    for (st, row) in rows.iter_mut().enumerate() {
        for depth in FIRST_DEPTH..=max_depth {
            let shallow = shallow_depth(depth) as usize;
            let pairs: Vec<(f64, f64)> = samples
                .iter()
                .filter(|(e, _)| stage(*e) == st)
                .filter_map(|(_, v)| Some((f64::from(v[shallow]?), f64::from(v[depth as usize]?))))
                .collect();
            // Fewer than 20 pairs make a sigma too uncertain to cut on.
            let fitted = if pairs.len() >= 20 { fit_line(&pairs) } else { None };
            row.push(fitted.map(|(a, b, sigma)| Fitted { a, b, sigma, samples: pairs.len() }));
            if let Some((a, b, sigma)) = fitted {
                say!(
                    "stage {st} depth {depth} from {shallow}: a {a:.3} b {b:+.1} sigma {sigma:.1} ({} pairs)",
                    pairs.len()
                );
            }
        }
    }
    let header = format!(
        "Multi-ProbCut parameters, written by `reversi probcut-fit --positions {count} --depth {max_depth} --seed {seed}`\n\
         for {weights_name}: {} positions with 12 to 60 empties, each searched by iterative deepening\n\
         with the pattern evaluation; a least-squares line deep ≈ a·shallow + b per stage and depth.",
        samples.len()
    );
    if let Err(e) = std::fs::write(out, params_source(&rows, &header)) {
        note!("reversi: cannot write '{}': {e}", cli_io::path_excerpt(out));
        return Ok(ExitCode::from(cli_io::OUTPUT_FAILED));
    }
    say!("wrote {out} in {:.0} s", start.elapsed().as_secs_f64());
    Ok(ExitCode::SUCCESS)
}

/// Checks that `path` can be written before any work is done: a file there opens for writing, or
/// its folder takes a new one. An existing file is left as it is; a file created for the check is
/// removed again.
fn check_writable(path: &str) -> Result<(), UsageError> {
    let p = std::path::Path::new(path);
    let cannot = |why: String| UsageError(format!("cannot write '{}': {why}", cli_io::path_excerpt(path)));
    if p.is_dir() {
        return Err(cannot("it is a folder".into()));
    }
    let existed = std::fs::symlink_metadata(p).is_ok();
    std::fs::OpenOptions::new().append(true).create(true).open(p).map_err(|e| cannot(e.to_string()))?;
    if !existed {
        std::fs::remove_file(p).map_err(|e| cannot(e.to_string()))?;
    }
    Ok(())
}
