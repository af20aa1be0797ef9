//! Perft: counting the leaves of the game tree to a fixed depth, the standard test of move
//! generation.
//!
//! Convention (that of `data/README.md`): a pass counts as a ply, and a game that ends
//! before the full depth counts as one leaf.

use crate::othello::rules::board::{flips, legal_moves, Board};
use crate::othello::rules::square::Square;

/// Leaves of the game tree `depth` plies below `board`.
///
/// ```
/// assert_eq!(reversi::perft(reversi::Board::start(), 3), 56);
/// ```
pub fn perft(board: Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_inner(board.player, board.opponent, depth, false)
}

/// `passed`: the previous ply was a pass, so no moves here means the game is over.
fn perft_inner(player: u64, opponent: u64, depth: u32, passed: bool) -> u64 {
    let mut moves = legal_moves(player, opponent);
    if moves == 0 {
        if passed {
            return 1; // game over: one leaf, whatever depth remains
        }
        if depth == 1 {
            // The pass is the last ply, or the game ends here: one leaf either way.
            return 1;
        }
        return perft_inner(opponent, player, depth - 1, true);
    }
    if depth == 1 {
        // Bulk counting: every legal move is one leaf.
        return u64::from(moves.count_ones());
    }
    let mut total = 0;
    while moves != 0 {
        let sq = Square::new(moves.trailing_zeros() as u8).expect("bit index < 64");
        moves &= moves - 1;
        let f = flips(player, opponent, sq);
        total += perft_inner(opponent ^ f, player | f | sq.bit(), depth - 1, false);
    }
    total
}
