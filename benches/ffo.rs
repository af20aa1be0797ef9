//! Solves FFO positions exactly and prints time, nodes and speed per position.
//!
//! `cargo bench --bench ffo -- [FILE.obf] [FIRST] [LAST]` (table size in MiB from
//! `FFO_TT_MB`, 64 by default as in the command line; `FFO_EVAL=course` orders moves with the
//! course's evaluation instead of the built-in pattern weights; `--threads N` solves each
//! position on N threads sharing the table, `othello::search::parallel`), by default
//! `data/fforum-40-59.obf` (compiled in) positions 40 to 49 (the number of a line is its position
//! in the file plus the number of the file's first position, read from its name).

mod common;

use reversi::clock::monotonic_ms;
use reversi::othello::records::notation::parse_obf;
use reversi::othello::search::endgame::Solver;
use reversi::othello::search::parallel::Team;
use reversi::othello::search::Control;
use std::time::Instant;

/// The default positions, compiled in so that the example runs from any folder.
const FFO_40_59: &str = include_str!("../data/fforum-40-59.obf");

fn fail(message: &str) -> ! {
    eprintln!("ffo: {message}");
    std::process::exit(2);
}

fn main() {
    let mut args = common::arguments();
    let threads = common::threads(&mut args);
    let path = args.first().map_or("data/fforum-40-59.obf", String::as_str);
    let first_in_file: usize = path
        .rsplit('/')
        .next()
        .and_then(|name| name.strip_prefix("fforum-"))
        .and_then(|rest| rest.split('-').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let first: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(first_in_file);
    let last: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(first + 9);
    let text = match args.first() {
        Some(_) => std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("cannot read {path}: {e}"))),
        None => FFO_40_59.to_string(),
    };
    let entries = parse_obf(&text).unwrap_or_else(|(line, e)| fail(&format!("{path}:{line}: {e}")));

    let megabytes = std::env::var("FFO_TT_MB").ok().and_then(|v| v.parse().ok()).unwrap_or(64);
    // One thread: the solver alone, as the command line's `solve` without --threads.
    let mut solver = Solver::new(megabytes);
    let mut team = (threads > 1).then(|| Team::new(threads, 2 * megabytes));
    let course = std::env::var("FFO_EVAL").is_ok_and(|v| v == "course");
    if !course {
        let weights = reversi::othello::eval::pattern::file::bundled().unwrap_or_else(|e| fail(&e));
        solver.set_pattern_weights(Some(weights.clone()));
        if let Some(team) = team.as_mut() {
            team.set_pattern_weights(Some(weights));
        }
    }
    println!(
        "move ordering with the {} evaluation, {threads} thread{}",
        if course { "course" } else { "pattern" },
        if threads == 1 { "" } else { "s" }
    );
    let (mut total_nodes, mut total_seconds, mut wrong) = (0u64, 0f64, 0);
    println!("  #  empties  move  score  expected          nodes     seconds     Mn/s");
    for (i, entry) in entries.iter().enumerate() {
        let number = first_in_file + i;
        if number < first || number > last {
            continue;
        }
        solver.clear();
        if let Some(team) = team.as_mut() {
            team.clear();
        }
        let start = Instant::now();
        let expected = entry.best_score();
        // Diagnostic: `FFO_WINDOW=D` solves inside (score - D, score + D) around the known score.
        let (alpha, beta) = match std::env::var("FFO_WINDOW").ok().and_then(|v| v.parse::<i32>().ok()) {
            Some(d) => (expected.unwrap_or(0) - d, expected.unwrap_or(0) + d),
            None => (-64, 64),
        };
        let board = entry.position.board();
        let solution = match team.as_mut() {
            Some(team) => team.solve(board, alpha, beta, &mut Control::new(&monotonic_ms)),
            None => solver.solve(board, alpha, beta, &mut |_| false),
        }
        .expect("never stopped");
        let seconds = start.elapsed().as_secs_f64();
        let best_moves: Vec<_> = entry.solutions.iter().filter(|s| Some(s.1) == expected).map(|s| s.0).collect();
        let right = Some(solution.score) == expected && best_moves.contains(&solution.best_move);
        if !right {
            wrong += 1;
        }
        println!(
            "{number:>3}  {:>7}  {:>4}  {:>+5}  {:>+8}  {:>13}  {seconds:>10.3}  {:>7.2}{}",
            entry.position.board().empty_count(),
            solution.best_move.to_string(),
            solution.score,
            expected.unwrap_or(0),
            solution.nodes,
            solution.nodes as f64 / seconds.max(1e-9) / 1e6,
            if right { "" } else { "  WRONG" }
        );
        total_nodes += solution.nodes;
        total_seconds += seconds;
    }
    println!(
        "total: {total_nodes} nodes in {total_seconds:.3} s, {:.2} Mn/s, {wrong} wrong",
        total_nodes as f64 / total_seconds.max(1e-9) / 1e6
    );
}
