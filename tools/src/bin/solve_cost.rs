//! What an exact solve costs by the number of empty squares, on positions of real games: the data
//! behind the time plan's solve predictions ([`reversi::othello::search::timing::SolveCost`]).
//!
//! `cargo run --release --bin solve_cost -- [GAMES] [MIN_EMPTIES] [MAX_EMPTIES]` (16 games,
//! 14 to 24 empties by default). Each game is played by a depth-6 pattern search from 8 random
//! moves (seeded: the same positions every run); the positions it passes through with
//! MIN_EMPTIES…MAX_EMPTIES empty squares are each solved from a cleared table, as level 9's
//! solver does. Prints, per number of empties, the median and 75th / 90th percentile of the
//! nodes, the growth of the median per empty square, and the solver's nodes per millisecond.

use reversi::clock::monotonic_ms;
use reversi::othello::rules::board::Board;
use reversi::othello::search::endgame::Solver;
use reversi::othello::search::{Control, Engine, EvalChoice, Limits};
use reversi::rng::XorShift64Star as Rng;
use std::time::Instant;

fn main() {
    let args: Vec<u32> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let games = args.first().copied().unwrap_or(16);
    let min_empties = args.get(1).copied().unwrap_or(14);
    let max_empties = args.get(2).copied().unwrap_or(24);
    let weights = reversi::othello::eval::pattern::file::bundled().unwrap_or_else(|e| {
        eprintln!("solve_cost: {e}");
        std::process::exit(2)
    });
    let mut engine = Engine::new(32);
    engine.set_pattern_weights(Some(weights.clone()));
    let mut solver = Solver::new(32);
    solver.set_pattern_weights(Some(weights));
    let limits = Limits { eval: EvalChoice::Pattern, probcut: true, ..Limits::depth(6) };
    let mut rng = Rng::new(0x5EED_C057);
    // nodes[e] and (nodes, ms) for the rate.
    let mut nodes: Vec<Vec<u64>> = vec![Vec::new(); 61];
    let (mut all_nodes, mut all_ms) = (0u64, 0f64);
    for game in 0..games {
        let mut board = Board::start();
        let mut ply = 0;
        while !board.is_game_over() {
            let moves: Vec<_> = board.legal_moves().collect();
            if moves.is_empty() {
                board = board.passed();
                continue;
            }
            let empties = board.empty_count();
            if (min_empties..=max_empties).contains(&empties) {
                solver.clear();
                let start = Instant::now();
                let solution = solver.solve(board, -64, 64, &mut |_| false).expect("never stopped");
                all_ms += start.elapsed().as_secs_f64() * 1000.0;
                all_nodes += solution.nodes;
                nodes[empties as usize].push(solution.nodes);
            }
            let next = if ply < 8 {
                moves[rng.below(moves.len())]
            } else {
                engine.clear();
                let found = engine.search(board, &limits, &mut Control::new(&monotonic_ms));
                found.best_move.square().expect("the side to move has moves")
            };
            board = board.play_unchecked(next);
            ply += 1;
        }
        eprintln!("game {}/{games} done", game + 1);
    }
    println!("empties  positions        median           p75           p90   median growth");
    let mut previous: Option<f64> = None;
    for (e, list) in nodes.iter_mut().enumerate() {
        if list.is_empty() {
            continue;
        }
        list.sort_unstable();
        let at = |q: f64| list[((list.len() - 1) as f64 * q).round() as usize];
        let median = at(0.5) as f64;
        let growth = previous.map_or(String::from("-"), |p| format!("{:.2}", median / p));
        println!("{e:7}  {:9}  {:12}  {:12}  {:12}   {growth}", list.len(), at(0.5), at(0.75), at(0.9));
        previous = Some(median);
    }
    println!("solver: {all_nodes} nodes in {all_ms:.0} ms, {:.0} nodes/ms", all_nodes as f64 / all_ms.max(1e-9));
}
