//! What the command-line programs `reversi` and `train` share: safe input and output ([`io`]), the
//! command line's parsing and its one-line errors ([`options`]), the project's files read with
//! size limits ([`files`]), the training games' working files and shards ([`games_store`]), game-like sample positions ([`sample`]) and another program as a match
//! player ([`program_player`]). Native only: the engine's own crate (`reversi`, also built for
//! WebAssembly) knows nothing of command lines or processes.

pub mod files;
pub mod games_store;
pub mod io;
pub mod options;
pub mod program_player;
pub mod sample;
