//! The game itself: squares and moves, sets of squares, the rules on bitboards, leaf counts
//! (perft) and stable discs. Depends on nothing else in the engine.

pub mod bitboard;
pub mod board;
pub mod perft;
pub mod square;
pub mod stability;
