//! `reversi`: the engine on the command line (perft, exact solving, best move, benchmark).

use reversi::clock::monotonic_ms;
use reversi::othello::arena;
use reversi::othello::endgame::Solver;
use reversi::othello::levels;
use reversi::othello::notation::{excerpt, parse_board, parse_obf, ObfEntry};
use reversi::othello::pattern::PatternWeights;
use reversi::othello::score::Score;
use reversi::othello::search::{Control, Engine, Limits};
use reversi::{perft, Board, Move, Position};
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// `println!` that ends the program quietly when standard output is closed (`reversi … | head -1`),
/// as Unix tools do, instead of panicking. Exit status 141 is what a shell reports for a process
/// stopped by SIGPIPE.
macro_rules! say {
    ($($arg:tt)*) => {{
        let mut out = std::io::stdout().lock();
        if let Err(e) = writeln!(out, $($arg)*).and_then(|_| out.flush()) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(141);
            }
            eprintln!("reversi: cannot write the output: {e}");
            std::process::exit(1);
        }
    }};
}

/// The FFO positions #40–59 (`data/fforum-40-59.obf`), compiled in: `reversi bench` runs from any
/// folder.
const FFO_40_59: &str = include_str!("../data/fforum-40-59.obf");

const USAGE: &str = "usage:
  reversi perft DEPTH [\"<64 squares> <X|O>\"]
  reversi solve FILE.obf [--level L]
  reversi best \"<64 squares> <X|O>\" [--level L | --depth D | --time-ms T]
  reversi bench [FFO-40-59.obf]
  reversi match LEVEL_A LEVEL_B [--openings N]";

/// A command-line mistake: printed as one line on stderr, exit code 2.
struct UsageError(String);

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("perft") => cmd_perft(&args[1..]),
        Some("solve") => cmd_solve(&args[1..]),
        Some("best") => cmd_best(&args[1..]),
        Some("bench") => cmd_bench(&args[1..]),
        Some("match") => cmd_match(&args[1..]),
        Some("-h" | "--help" | "help") => {
            say!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        Some(other) => Err(UsageError(format!(
            "unknown command '{}' (commands: perft, solve, best, bench, match)",
            excerpt(other)
        ))),
        None => Err(UsageError("no command given (commands: perft, solve, best, bench, match)".into())),
    };
    match result {
        Ok(code) => code,
        Err(UsageError(message)) => {
            eprintln!("reversi: {message}");
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
    match reversi::othello::pattern::file::bundled() {
        Ok(weights) => Some(weights),
        Err(e) => {
            WARNED.call_once(|| eprintln!("reversi: {e}; the course's evaluation is used instead"));
            None
        }
    }
}

fn new_engine(tt_megabytes: usize) -> Engine {
    let mut engine = Engine::new(tt_megabytes);
    engine.set_pattern_weights(pattern_weights());
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
    let text = read_file(path)?;
    let entries = parse_obf(&text).map_err(|(line, e)| UsageError(format!("{}:{line}: {e}", excerpt(path))))?;
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
        eprintln!("reversi: {wrong} position(s) solved to a score or move that contradicts the file");
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

/// A whole text file; an unreadable one is a usage error (exit 2) naming it.
fn read_file(path: &str) -> Result<String, UsageError> {
    std::fs::read_to_string(path).map_err(|e| UsageError(format!("cannot read '{}': {e}", excerpt(path))))
}

fn cmd_best(args: &[String]) -> Result<ExitCode, UsageError> {
    let (positional, options) = option_values(args, &["level", "depth", "time-ms"])?;
    if positional.is_empty() {
        return Err(UsageError("best needs a position \"<64 squares> <X|O>\"".into()));
    }
    let position = position_from(&positional)?;
    if options.len() > 1 {
        return Err(UsageError("give at most one of --level, --depth, --time-ms".into()));
    }
    let limits = match options.first() {
        Some(("level", v)) => {
            levels::level(parse_number("level", v)?).map_err(|e| UsageError(e.to_string()))?.limits(0)
        }
        Some(("depth", v)) => {
            let d: u32 = parse_number("depth", v)?;
            if d == 0 || d > 60 {
                return Err(UsageError(format!("depth {d} is out of range (1 to 60)")));
            }
            Limits { exact_from_empties: Some(0), ..Limits::depth(d) }
        }
        Some((_, v)) => Limits {
            time_ms: Some(parse_number("time in milliseconds", v)?),
            exact_from_empties: Some(14),
            ..Limits::default()
        },
        None => levels::LEVELS[levels::LEVELS.len() - 1].limits(0),
    };
    let mut engine = new_engine(64);
    let r = engine.search(position.board(), &limits, &mut Control::new(&monotonic_ms));
    say!("{} {}", r.best_move, r.score);
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
    Ok(ExitCode::SUCCESS)
}

/// Fixed midgame positions for the benchmark: the start and a few openings, searched to depth 10.
const BENCH_OPENINGS: &[&str] = &["", "f5d6c3d3c4", "f5f6e6f4e3", "c4c3d3c5b4", "f5d6c3d3c4f4c5b3c2"];
const BENCH_DEPTH: u32 = 12;

fn cmd_bench(args: &[String]) -> Result<ExitCode, UsageError> {
    let (positional, _) = option_values(args, &[])?;
    // Read the file before the long benchmark starts: a bad path fails at once.
    let (name, text) = match positional.first() {
        Some(path) => (excerpt(path), read_file(path)?),
        None => ("data/fforum-40-59.obf".to_string(), FFO_40_59.to_string()),
    };
    let entries = parse_obf(&text).map_err(|(l, e)| UsageError(format!("{name}:{l}: {e}")))?;
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
            reversi::othello::notation::replay(Position::start(), opening).expect("bench openings are legal");
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

/// Random plies from the start that make a match's openings, and their seed (fixed: the same
/// openings every run).
const MATCH_OPENING_PLIES: usize = 6;
const MATCH_SEED: u64 = 0x0123_4567_89ab_cdef;

/// A match between two levels: every opening twice, colours swapped, on two threads.
fn cmd_match(args: &[String]) -> Result<ExitCode, UsageError> {
    let (positional, options) = option_values(args, &["openings"])?;
    if positional.len() != 2 {
        return Err(UsageError("match needs two levels".into()));
    }
    let level_of = |text: &str| -> Result<levels::Level, UsageError> {
        levels::level(parse_number("level", text)?).map_err(|e| UsageError(e.to_string()))
    };
    let (a, b) = (level_of(positional[0])?, level_of(positional[1])?);
    let openings = match options.first() {
        Some((_, v)) => parse_number::<usize>("openings", v)?.clamp(1, 1000),
        None => 20,
    };
    let start = Instant::now();
    let starts = arena::openings(openings, MATCH_OPENING_PLIES, MATCH_SEED);
    let level_player = |level: levels::Level| {
        move || {
            arena::EnginePlayer::new(16, move |board: Board, ply| level.limits(board.hash() ^ u64::from(ply)))
                .with_pattern_weights(pattern_weights())
        }
    };
    let t = arena::run_match(&starts, level_player(a), level_player(b), 2);
    say!(
        "level {} ({}) vs level {} ({}): {} games, {} wins, {} draws, {} losses for level {}, mean disc difference {:+.1}, {:.1} s",
        a.number,
        a.name,
        b.number,
        b.name,
        t.games(),
        t.wins,
        t.draws,
        t.losses,
        a.number,
        t.mean_discs(),
        start.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}
