//! The FFO positions the game page offers as endgame drills (`data/fforum-*.obf`, served with the
//! page): the page judges a move by the values the files give, so every file must list every
//! legal move once, best first, and the values must be the solver's.

use reversi::othello::records::notation::{parse_obf, ObfEntry};
use reversi::othello::search::endgame::Solver;
use reversi::Move;

/// The four files, in the drills' order (#1–79), as the page fetches them.
const FILES: [(&str, &str); 4] = [
    ("fforum-1-19.obf", include_str!("../data/fforum-1-19.obf")),
    ("fforum-20-39.obf", include_str!("../data/fforum-20-39.obf")),
    ("fforum-40-59.obf", include_str!("../data/fforum-40-59.obf")),
    ("fforum-60-79.obf", include_str!("../data/fforum-60-79.obf")),
];

fn drills() -> Vec<ObfEntry> {
    FILES
        .iter()
        .flat_map(|(name, text)| parse_obf(text).unwrap_or_else(|(line, e)| panic!("{name}, line {line}: {e}")))
        .collect()
}

#[test]
fn every_drill_lists_each_legal_move_once_best_first() {
    let drills = drills();
    assert_eq!(drills.len(), 79);
    for (i, drill) in drills.iter().enumerate() {
        let number = i + 1;
        let board = drill.position.board();
        let mut legal: Vec<Move> = board.legal_moves().map(Move::Play).collect();
        let mut listed: Vec<Move> = drill.solutions.iter().map(|&(mv, _)| mv).collect();
        assert!(!legal.is_empty(), "#{number}: the side to move has a move");
        legal.sort_by_key(|m| m.to_string());
        listed.sort_by_key(|m| m.to_string());
        assert_eq!(listed, legal, "#{number}: the moves listed are the legal moves");
        let scores: Vec<i32> = drill.solutions.iter().map(|&(_, s)| s).collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "#{number}: best first: {scores:?}");
    }
}

/// Each move's value solved again (FFO #1–19 and #20–21, the drills up to 16 empties: quick), the
/// value of a move being minus the value of the position after it.
#[test]
fn the_listed_values_of_the_smaller_drills_are_the_solver_s() {
    let mut solver = Solver::new(16);
    for (i, drill) in drills().iter().enumerate().filter(|(_, d)| d.position.board().empty_count() <= 16) {
        for &(mv, value) in &drill.solutions {
            let after = drill.position.board().play(mv).expect("a listed move is legal");
            let solved = if after.is_game_over() {
                -after.final_score()
            } else if after.must_pass() {
                solver.solve_exact(after.passed()).score
            } else {
                -solver.solve_exact(after).score
            };
            assert_eq!(solved, value, "FFO #{}: {mv}", i + 1);
        }
    }
}
