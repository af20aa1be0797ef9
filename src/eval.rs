//! Placeholder evaluation (replaced by the course heuristics on the `eval` branch).

use crate::board::{legal_moves, Board};

/// Mobility plus corners, from the side to move's view.
pub fn evaluate(b: Board) -> i32 {
    let corners = 0x8100_0000_0000_0081u64;
    let mob =
        legal_moves(b.player, b.opponent).count_ones() as i32 - legal_moves(b.opponent, b.player).count_ones() as i32;
    let c = (b.player & corners).count_ones() as i32 - (b.opponent & corners).count_ones() as i32;
    mob * 10 + c * 100
}
