//! The course notes' game search, generic over any game: the game abstraction (seed 000's
//! GERMOV, ESTÁTICA and PROFUNDO-O-SUFICIENTE) and the reference algorithms written to be read in
//! class. The Othello engine is one game among others here; nothing in the engine depends on
//! this folder.

pub mod game;
pub mod minimax;
