//! Game-like sample positions for `reversi bench-time` and `train probcut-fit`.

use reversi::clock::monotonic_ms;
use reversi::othello::eval::pattern::PatternWeights;
use reversi::othello::search::{Control, Engine, EvalChoice, Limits};
use reversi::rng::XorShift64Star as Rng;
use reversi::{Bitboard, Board, Move, Square};
use std::sync::Arc;

/// A position with `empties` empty squares: a few random plies, then moves of a 2-ply pattern
/// search (one in ten random). Game-like, varied, and the same for the same seed.
pub fn sample_position(seed: u64, empties: u32, weights: &Option<Arc<PatternWeights>>) -> Board {
    let mut rng = Rng::new(seed);
    let mut engine = Engine::new(1);
    engine.set_pattern_weights(weights.clone());
    let limits = Limits { eval: EvalChoice::Pattern, ..Limits::depth(2) };
    let random_plies = 2 + rng.below(7) as u32;
    loop {
        let mut board = Board::start();
        let mut ply = 0;
        while board.empty_count() > empties {
            let moves: Vec<Square> = board.legal_moves().collect();
            if moves.is_empty() {
                if board.passed().legal_moves() == Bitboard(0) {
                    break; // finished early: try another game
                }
                board = board.passed();
                continue;
            }
            let sq = if ply < random_plies || rng.below(10) == 0 {
                moves[rng.below(moves.len())]
            } else {
                match engine.search(board, &limits, &mut Control::new(&monotonic_ms)).best_move {
                    Move::Play(sq) => sq,
                    Move::Pass => moves[0],
                }
            };
            board = board.play_unchecked(sq);
            ply += 1;
        }
        if board.empty_count() <= empties && !board.legal_moves().is_empty() {
            return board;
        }
        rng.next_u64();
    }
}
