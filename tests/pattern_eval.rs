//! The committed pattern weights (`weights/pattern.bin`) in the engine: the evaluation is
//! symmetric, a search with it returns the plain negamax value (move ordering by it changes
//! nothing but the node count), the exact solver's results do not depend on which evaluation
//! orders its moves, the strong levels use it, and a missing or damaged file is a clear error.

use crate::common;

use reversi::clock::monotonic_ms;
use reversi::othello::eval::pattern::{file, symmetry, PatternWeights};
use reversi::othello::search::endgame::Solver;
use reversi::othello::search::levels::LEVELS;
use reversi::othello::search::score::terminal_value;
use reversi::othello::search::{Control, Engine, EvalChoice, Limits};
use reversi::Board;
use std::path::Path;

fn weights() -> std::sync::Arc<PatternWeights> {
    file::bundled().expect("the committed weights load")
}

/// Plain negamax to `depth` with the pattern evaluation at the leaves (a pass is a ply).
fn negamax(w: &PatternWeights, b: Board, depth: u32) -> i32 {
    if b.is_game_over() {
        return terminal_value(b.final_score());
    }
    if depth == 0 {
        return w.evaluate(b);
    }
    if b.must_pass() {
        return -negamax(w, b.passed(), depth - 1);
    }
    b.legal_moves().map(|sq| -negamax(w, b.play_unchecked(sq), depth - 1)).max().expect("a move")
}

#[test]
fn the_evaluation_is_the_same_under_the_eight_symmetries() {
    let w = weights();
    for b in common::random_boards(21, 300, 0, 58) {
        let v = w.evaluate(b);
        for k in 1..8 {
            let image = Board { player: symmetry(b.player, k), opponent: symmetry(b.opponent, k) };
            assert_eq!(w.evaluate(image), v, "symmetry {k} of {b:?}");
        }
    }
}

#[test]
fn a_search_with_the_pattern_evaluation_returns_the_negamax_value() {
    let w = weights();
    for (i, b) in common::random_boards(22, 60, 0, 50).into_iter().enumerate() {
        if b.is_game_over() {
            continue;
        }
        // Depth 5 reaches the nodes ordered by the pattern evaluation.
        let depth = if i % 4 == 0 { 5 } else { 1 + (i % 4) as u32 };
        let mut engine = Engine::new(1);
        engine.set_pattern_weights(Some(w.clone()));
        let limits = Limits { eval: EvalChoice::Pattern, ..Limits::depth(depth) };
        let r = engine.search(b, &limits, &mut Control::new(&monotonic_ms));
        assert_eq!(r.score.to_value(), negamax(&w, b, depth), "position {i} depth {depth}: {b:?}");
    }
}

#[test]
fn the_solver_gives_the_same_results_whichever_evaluation_orders_its_moves() {
    let mut course = Solver::new(4);
    let mut pattern = Solver::new(4);
    pattern.set_pattern_weights(Some(weights()));
    for b in common::random_boards(23, 12, 44, 46) {
        let (a, p) = (course.solve_exact(b), pattern.solve_exact(b));
        assert_eq!(a.score, p.score, "{b:?}");
    }
}

#[test]
fn levels_six_to_nine_evaluate_with_the_patterns_and_the_others_as_the_course() {
    for level in LEVELS {
        let expected = if level.number >= 6 { EvalChoice::Pattern } else { EvalChoice::Course };
        assert_eq!(level.limits(0).eval, expected, "level {}", level.number);
    }
    // Without weights, a level asking for the patterns plays with the course's evaluation.
    let engine = Engine::new(1);
    assert!(!engine.uses_pattern(&LEVELS[8].limits(0)));
}

#[test]
fn a_missing_or_damaged_weights_file_is_a_clear_error() {
    let missing = file::load(Path::new("weights/no-such-file.bin")).unwrap_err().to_string();
    assert!(missing.starts_with("cannot read weights file weights/no-such-file.bin"), "{missing}");
    let mut bytes = std::fs::read("weights/pattern.bin").unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    let damaged = file::parse(&bytes).unwrap_err().to_string();
    assert_eq!(damaged, "invalid weights file: checksum mismatch (the file is damaged)");
    let truncated = file::parse(&bytes[..middle]).unwrap_err().to_string();
    assert!(truncated.contains("truncated"), "{truncated}");
}
