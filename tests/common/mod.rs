//! Helpers shared by the integration tests.
#![allow(dead_code)]

use reversi::rng::XorShift64Star;
use reversi::{Board, Move, Position, Square};

/// A random legal move of the position (a pass if it must pass), or `None` when the game is over.
pub fn random_move(pos: Position, rng: &mut XorShift64Star) -> Option<Move> {
    let moves: Vec<Square> = pos.legal_moves().collect();
    if moves.is_empty() {
        return if pos.must_pass() { Some(Move::Pass) } else { None };
    }
    Some(Move::Play(moves[rng.below(moves.len())]))
}

/// The position after `plies` random moves from the start (fewer if the game ends).
pub fn random_position(rng: &mut XorShift64Star, plies: usize) -> Position {
    let mut pos = Position::start();
    for _ in 0..plies {
        match random_move(pos, rng) {
            Some(mv) => pos = pos.play(mv).unwrap(),
            None => break,
        }
    }
    pos
}

/// Random positions with 4..=60 discs.
pub fn random_boards(seed: u64, count: usize, min_plies: usize, max_plies: usize) -> Vec<Board> {
    let mut rng = XorShift64Star::from_state(seed);
    (0..count)
        .map(|_| {
            let plies = min_plies + rng.below(max_plies - min_plies + 1);
            random_position(&mut rng, plies).board()
        })
        .collect()
}
