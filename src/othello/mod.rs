//! The Othello engine: rules, notation, evaluation, search and the exact endgame solver.
//! Plain Rust with no dependency on the bindings or on the teaching code.

pub mod arena;
pub mod bitboard;
pub mod board;
pub mod endgame;
pub mod eval;
pub mod expert;
pub mod ggf;
pub mod history;
pub mod levels;
pub mod notation;
pub mod pattern;
pub mod perft;
pub mod probcut;
pub mod rating;
pub mod record;
pub mod review;
pub mod score;
pub mod search;
pub mod square;
pub mod stability;
pub mod timing;
pub mod tt;
