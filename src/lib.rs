//! An Othello (Reversi) engine and the course's game-search algorithms, for native use and for
//! WebAssembly. Four parts, each in its own folder, depending only downwards, and three small
//! modules they share:
//!
//! * [`othello`] — the engine: bitboard rules, notation and game records, the course's evaluation
//!   heuristics and the trained pattern evaluation, the opening book, the playing search and the
//!   exact endgame solver, and the analyses built on them (review, matches). Depends on nothing
//!   else here but the shared modules below.
//! * [`course`] — the course notes' generic search (GERMOV / ESTÁTICA / PROFUNDO-O-SUFICIENTE,
//!   MINIMAX, MINIMAX-A-B), the classroom's traced algorithms with their replay, and the teaching
//!   games (explicit trees, tic-tac-toe, Othello); uses the engine for its Othello game.
//! * [`train`] — offline tooling run natively by the `train` program: the pattern evaluation's
//!   self-play data and fit, and the opening book's build; uses the engine.
//! * `wasm` — thin WebAssembly bindings over the engine and the course (built for `wasm32` only).
//! * [`clock`] — a monotonic clock in milliseconds, natively and in a browser; [`capped_read`] — a
//!   file read up to a size limit, and [`safe_write`] — a file replaced whole or not at all, for
//!   the command-line programs; [`rng`] — the crate's small, fixed pseudo-random generators (the
//!   same numbers on every machine); [`text`] — input quoted in a message, short and escaped.
//!   These import nothing of the crate: the game's rules (`othello::rules`) use only them.
//!
//! ```
//! use reversi::{Position, Move};
//! let pos = Position::start().play("f5".parse::<Move>().unwrap()).unwrap();
//! assert_eq!(pos.legal_moves().count(), 3);
//! ```

pub mod capped_read;
pub mod clock;
pub mod course;
pub mod othello;
pub mod rng;
pub mod safe_write;
pub mod text;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use othello::rules::bitboard::Bitboard;
pub use othello::rules::board::{Board, MoveError, Position};
pub use othello::rules::perft::perft;
pub use othello::rules::square::{Color, Move, Square};
/// Offline tooling (driven by the `train` program of `cli/`). The page never calls it, so none of
/// it reaches the browser's wasm.
pub mod train;
