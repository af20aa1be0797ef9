//! Helpers shared by the integration tests.
#![allow(dead_code)]

use reversi::{Board, Move, Position, Square};

/// A tiny deterministic generator (xorshift64*), so failures are reproducible.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random legal move of the position (a pass if it must pass), or `None` when the game is over.
pub fn random_move(pos: Position, rng: &mut Rng) -> Option<Move> {
    let moves: Vec<Square> = pos.legal_moves().collect();
    if moves.is_empty() {
        return if pos.must_pass() { Some(Move::Pass) } else { None };
    }
    Some(Move::Play(moves[rng.below(moves.len() as u64) as usize]))
}

/// The position after `plies` random moves from the start (fewer if the game ends).
pub fn random_position(rng: &mut Rng, plies: usize) -> Position {
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
    let mut rng = Rng(seed);
    (0..count)
        .map(|_| {
            let plies = min_plies + rng.below((max_plies - min_plies + 1) as u64) as usize;
            random_position(&mut rng, plies).board()
        })
        .collect()
}
