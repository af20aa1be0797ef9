//! The course notes' game search, generic over any game: the game abstraction (seed 000's
//! GERMOV, ESTÁTICA and PROFUNDO-O-SUFICIENTE) and the reference algorithms written to be read in
//! class, the classroom's traced versions of every algorithm of the course and the replay of a
//! trace, and the teaching games (explicit trees, tic-tac-toe, Othello). The Othello engine is
//! one game among others here; nothing in the engine depends on this folder.

pub mod algorithms;
pub mod answers;
pub mod attempt;
pub mod exercise;
pub mod game;
pub mod grading;
pub mod json;
pub mod lesson;
pub mod minimax;
pub mod replay;
pub mod sentence;
pub mod tictactoe;
pub mod trace;
pub mod tree;
