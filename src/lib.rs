//! An Othello (Reversi) engine: bitboard rules, the evaluation heuristics of the course notes,
//! minimax and alpha-beta with their principal variations, a strong iterative-deepening search and
//! an exact endgame solver. Plain Rust, usable natively and from WebAssembly (see `wasm`).
//!
//! ```
//! use reversi::{Position, Move};
//! let pos = Position::start().play("f5".parse::<Move>().unwrap()).unwrap();
//! assert_eq!(pos.legal_moves().count(), 3);
//! ```

pub mod bitboard;
pub mod board;
pub mod endgame;
pub mod eval;
pub mod expert;
pub mod game;
pub mod history;
pub mod levels;
pub mod minimax;
pub mod notation;
pub mod perft;
pub mod search;
pub mod square;
pub mod stability;
pub mod tt;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use bitboard::Bitboard;
pub use board::{Board, MoveError, Position};
pub use perft::perft;
pub use square::{Color, Move, Square};
