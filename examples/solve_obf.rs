//! The exact score and best move of a position given as an OBF line (the 64 squares, the side to
//! move, and optionally `; MOVE:SCORE;` solutions to check against).
//!
//! `cargo run --release --example solve_obf -- "<64 squares> X; G8:+18;"` (FFO #1 by default)

use reversi::othello::records::notation::parse_obf_line;
use reversi::othello::search::endgame::Solver;

/// FFO #1 (14 empties), from `data/fforum-1-19.obf`.
const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";

fn main() {
    let line = std::env::args().nth(1).unwrap_or_else(|| FFO_1.to_string());
    let entry = parse_obf_line(&line).unwrap_or_else(|e| {
        eprintln!("solve_obf: {e}");
        std::process::exit(2)
    });
    // The solver searches to the end of the game; its table (here 64 MiB) is what makes it fast.
    let mut solver = Solver::new(64);
    // Optional: order moves by the built-in pattern evaluation (fewer nodes than the course's).
    if let Ok(weights) = reversi::othello::eval::pattern::file::bundled() {
        solver.set_pattern_weights(Some(weights));
    }
    let solution = solver.solve_exact(entry.position.board());
    // The score is the final disc difference for the side to move under perfect play.
    println!(
        "{} to move, {} empties: best move {}, score {:+} ({} nodes)",
        entry.position.side_to_move(),
        entry.position.board().empty_count(),
        solution.best_move,
        solution.score,
        solution.nodes
    );
    let pv: Vec<String> = solution.pv.iter().map(ToString::to_string).collect();
    println!("perfect play: {}", pv.join(" "));
    if let Some(expected) = entry.best_score() {
        println!("the line says {expected:+}: {}", if expected == solution.score { "agreed" } else { "DIFFERENT" });
    }
}
