//! The wasm SIMD build's own code paths (`legal_moves_both`, the pattern evaluation's images of
//! both disc sets), run in headless Chromium against the scalar code they replace. `make test`
//! runs this file in the build with `-C target-feature=+simd128`, the one the page loads in every
//! current browser (in the build without SIMD these paths are the scalar code itself).
#![cfg(target_arch = "wasm32")]

mod common;

use reversi::othello::eval::pattern::file::bundled;
use reversi::othello::rules::board::{legal_moves, legal_moves_both, Board};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Positions after 0 to 60 random plies (the shared test generator, a fixed seed).
fn random_positions() -> Vec<Board> {
    common::random_boards(0x9E37_79B9_7F4A_7C15, 4_000, 0, 60)
}

#[wasm_bindgen_test]
fn both_sides_moves_are_each_sides_legal_moves() {
    for b in random_positions() {
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
    for b in random_positions() {
        assert_eq!(weights.evaluate(b), weights.breakdown(b).total, "{b:?}");
    }
}
