//! The wasm SIMD build's own code paths (`legal_moves_both`, the pattern evaluation's images of
//! both disc sets), run in headless Chromium against the scalar code they replace. `make test`
//! runs this file twice: in the build without SIMD, where the paths are the scalar ones, and with
//! `-C target-feature=+simd128`, the build the page loads in every current browser.
#![cfg(target_arch = "wasm32")]

use reversi::othello::eval::pattern::file::bundled;
use reversi::othello::rules::board::{legal_moves, legal_moves_both, Board};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Positions of random games (a fixed xorshift), every ply of each, passes included.
fn random_positions(games: usize) -> Vec<Board> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut out = Vec::new();
    for _ in 0..games {
        let mut board = Board::start();
        loop {
            out.push(board);
            let moves = legal_moves(board.player, board.opponent);
            if moves == 0 {
                if legal_moves(board.opponent, board.player) == 0 {
                    break;
                }
                board = board.passed();
                continue;
            }
            let mut pick = next() % u64::from(moves.count_ones());
            let mut rest = moves;
            while pick > 0 {
                rest &= rest - 1;
                pick -= 1;
            }
            let square = reversi::othello::rules::square::Square::new(rest.trailing_zeros() as u8).unwrap();
            board = board.play_unchecked(square);
        }
    }
    out
}

#[wasm_bindgen_test]
fn both_sides_moves_are_each_sides_legal_moves() {
    let positions = random_positions(60);
    assert!(positions.len() > 3_000);
    for b in positions {
        assert_eq!(
            legal_moves_both(b.player, b.opponent),
            (legal_moves(b.player, b.opponent), legal_moves(b.opponent, b.player)),
            "{b:?}"
        );
    }
}

#[wasm_bindgen_test]
fn the_pattern_evaluation_equals_its_feature_by_feature_breakdown() {
    // `breakdown` reads the features through the scalar images of `full_features`; `evaluate`
    // through the images of both disc sets (the SIMD ones in the SIMD build).
    let weights = bundled().expect("the committed weights");
    for b in random_positions(60) {
        assert_eq!(weights.evaluate(b), weights.breakdown(b).total, "{b:?}");
    }
}
