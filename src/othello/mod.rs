//! The Othello engine: rules, notation, evaluation, search and the exact endgame solver.
//! Plain Rust with no dependency on the bindings or on the teaching code.
//!
//! One folder per concern, each depending only on those above it in this list:
//!
//! * [`rules`] — squares, bitboards, the rules of the game, perft, stable discs;
//! * [`records`] — positions and games as text (boards, transcripts, OBF, GGF), pasted records,
//!   a game's history with undo and redo;
//! * [`eval`] — static evaluations: the course's heuristics, its expert moves, the trained
//!   pattern evaluation;
//! * [`book`] — the opening book (positions, values and moves of the first moves, up to the
//!   board's symmetries; its file format) and the openings' names;
//! * [`search`] — the playing engine: search, exact endgame solver, transposition table,
//!   Multi-ProbCut, time management, scores, playing levels;
//! * [`analysis`] — what is built on the engine to study games and players: the game review,
//!   engine-against-engine matches and their statistics.

pub mod analysis;
pub mod book;
pub mod eval;
pub mod file_format;
pub mod records;
pub mod rules;
pub mod search;
