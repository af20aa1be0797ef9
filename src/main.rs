//! `reversi`: the engine on the command line (perft, exact solving, best move, benchmark).

use reversi::clock::monotonic_ms;
use reversi::othello::endgame::Solver;
use reversi::othello::levels;
use reversi::othello::notation::{parse_board, parse_obf, ObfEntry};
use reversi::othello::score::Score;
use reversi::othello::search::{Control, Engine, Limits};
use reversi::{perft, Board, Move, Position};
use std::process::ExitCode;
use std::time::Instant;

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
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        Some(other) => {
            Err(UsageError(format!("unknown command '{other}' (commands: perft, solve, best, bench, match)")))
        }
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
    text.parse().map_err(|_| UsageError(format!("{what} '{text}' is not a valid number")))
}

fn parse_position(text: &str) -> Result<Position, UsageError> {
    parse_board(text).map_err(|e| UsageError(e.to_string()))
}

/// Positional arguments, and options of the form `--name value`.
type Arguments<'a> = (Vec<&'a str>, Vec<(&'a str, &'a str)>);

fn option_values<'a>(args: &'a [String], allowed: &[&str]) -> Result<Arguments<'a>, UsageError> {
    let mut positional = Vec::new();
    let mut options = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        // Board strings may start with "--", so only word-like arguments are options.
        let option_name =
            a.strip_prefix("--").filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphabetic() || c == '-'));
        if let Some(name) = option_name {
            if !allowed.contains(&name) {
                return Err(UsageError(format!("unknown option '{a}'")));
            }
            let value = args.get(i + 1).ok_or_else(|| UsageError(format!("option '{a}' needs a value")))?;
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
    let board = match positional.get(1) {
        Some(text) => parse_position(text)?.board(),
        None => Board::start(),
    };
    let start = Instant::now();
    let leaves = perft(board, depth);
    let secs = start.elapsed().as_secs_f64();
    println!("perft {depth}: {leaves} leaves, {secs:.3} s, {:.1} Mn/s", leaves as f64 / secs.max(1e-9) / 1e6);
    Ok(ExitCode::SUCCESS)
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
    let text = std::fs::read_to_string(path).map_err(|e| UsageError(format!("cannot read '{path}': {e}")))?;
    let entries = parse_obf(&text).map_err(|(line, e)| UsageError(format!("{path}:{line}: {e}")))?;
    let mut solver = Solver::new(64);
    let mut engine = Engine::new(64);
    let (mut total_nodes, mut total_secs, mut wrong) = (0u64, 0f64, 0);
    for (i, entry) in entries.iter().enumerate() {
        let (mv, score, nodes, secs) = solve_entry(&mut solver, &mut engine, entry, level);
        total_nodes += nodes;
        total_secs += secs;
        let mismatch = level.is_none() && entry.best_score().is_some_and(|s| s != score);
        println!(
            "#{} {mv} {score:+} {nodes} {secs:.3}{}",
            i + 1,
            if mismatch { "  (expected a different score)" } else { "" }
        );
        if mismatch {
            wrong += 1;
        }
    }
    println!(
        "total: {total_nodes} nodes, {total_secs:.3} s, {:.1} Mn/s",
        total_nodes as f64 / total_secs.max(1e-9) / 1e6
    );
    if wrong > 0 {
        eprintln!("reversi: {wrong} position(s) solved to a score that contradicts the file");
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

fn cmd_best(args: &[String]) -> Result<ExitCode, UsageError> {
    let (positional, options) = option_values(args, &["level", "depth", "time-ms"])?;
    let text = positional.first().ok_or_else(|| UsageError("best needs a position \"<64 squares> <X|O>\"".into()))?;
    // The board and its side may come as one argument or as two.
    let joined = positional.join(" ");
    let position = parse_position(if positional.len() > 1 { &joined } else { text })?;
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
    let mut engine = Engine::new(64);
    let r = engine.search(position.board(), &limits, &mut Control::new(&monotonic_ms));
    println!("{} {}", r.best_move, r.score);
    let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
    println!("pv: {}", pv.join(" "));
    println!(
        "depth {} nodes {} time {} ms nps {} tt_hits {} cutoffs {}",
        r.stats.depth, r.stats.nodes, r.stats.elapsed_ms, r.stats.nps, r.stats.tt_hits, r.stats.cutoffs
    );
    Ok(ExitCode::SUCCESS)
}

/// Fixed midgame positions for the benchmark: the start and a few openings, searched to depth 10.
const BENCH_OPENINGS: &[&str] = &["", "f5d6c3d3c4", "f5f6e6f4e3", "c4c3d3c5b4", "f5d6c3d3c4f4c5b3c2"];
const BENCH_DEPTH: u32 = 12;

fn cmd_bench(args: &[String]) -> Result<ExitCode, UsageError> {
    let (positional, _) = option_values(args, &[])?;
    let data = positional.first().copied().unwrap_or("../shared/data/fforum-40-59.obf");
    let line = |what: &str, nodes: u64, secs: f64| {
        println!("{what:<34} {nodes:>12} nodes {secs:>9.3} s {:>8.2} Mn/s", nodes as f64 / secs.max(1e-9) / 1e6);
    };
    println!("reversi bench (one thread)");

    let start = Instant::now();
    let leaves = perft(Board::start(), 11);
    line("perft(11)", leaves, start.elapsed().as_secs_f64());

    let mut engine = Engine::new(64);
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

    match std::fs::read_to_string(data) {
        Ok(text) => {
            let entries = parse_obf(&text).map_err(|(l, e)| UsageError(format!("{data}:{l}: {e}")))?;
            let mut solver = Solver::new(64);
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
        }
        Err(e) => {
            println!("FFO: skipped, cannot read '{data}': {e} (pass the path of fforum-40-59.obf)")
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Distinct, fair-ish openings: the positions after `plies` random plies, from a fixed seed.
fn random_openings(count: usize, plies: usize) -> Vec<Position> {
    let mut seed = 0x0123_4567_89ab_cdefu64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out: Vec<Position> = Vec::new();
    while out.len() < count {
        let mut pos = Position::start();
        for _ in 0..plies {
            let moves: Vec<_> = pos.legal_moves().collect();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(Move::Play(moves[(next() % moves.len() as u64) as usize])).expect("legal");
        }
        if !out.contains(&pos) {
            out.push(pos);
        }
    }
    out
}

/// Plays one game between two levels; returns the final disc difference for black.
fn play_game(start: Position, black: levels::Level, white: levels::Level, seed: u64) -> i32 {
    let mut engines = [Engine::new(16), Engine::new(16)];
    let mut pos = start;
    let mut ply = 0u64;
    while !pos.is_game_over() {
        let side = if pos.side_to_move() == reversi::Color::Black { 0 } else { 1 };
        let level = if side == 0 { black } else { white };
        let r = engines[side].search(pos.board(), &level.limits(seed ^ ply), &mut Control::new(&monotonic_ms));
        pos = pos.play(r.best_move).expect("the engine plays legal moves");
        ply += 1;
    }
    pos.final_score_black()
}

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
    let games: Vec<(Position, bool)> =
        random_openings(openings, 6).into_iter().flat_map(|p| [(p, true), (p, false)]).collect();
    let start = Instant::now();
    // Each game's result for level A: (win, draw, loss, disc difference).
    let results: Vec<i32> = std::thread::scope(|scope| {
        let halves: Vec<_> = games
            .chunks(games.len().div_ceil(2))
            .enumerate()
            .map(|(t, chunk)| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .enumerate()
                        .map(|(i, &(pos, a_is_black))| {
                            let seed = (t * 10_000 + i) as u64;
                            if a_is_black {
                                play_game(pos, a, b, seed)
                            } else {
                                -play_game(pos, b, a, seed)
                            }
                        })
                        .collect::<Vec<i32>>()
                })
            })
            .collect();
        halves.into_iter().flat_map(|h| h.join().expect("match thread")).collect()
    });
    let wins = results.iter().filter(|&&d| d > 0).count();
    let draws = results.iter().filter(|&&d| d == 0).count();
    let losses = results.len() - wins - draws;
    let mean = results.iter().sum::<i32>() as f64 / results.len() as f64;
    println!(
        "level {} ({}) vs level {} ({}): {} games, {wins} wins, {draws} draws, {losses} losses for level {}, mean disc difference {mean:+.1}, {:.1} s",
        a.number,
        a.name,
        b.number,
        b.name,
        results.len(),
        a.number,
        start.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}
