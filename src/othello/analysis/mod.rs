//! Built on the engine to study games and players: a game reviewed move by move ([`review`]),
//! engine against engine ([`arena`]), a player described in text ([`player_config`]) and the
//! statistics of a match ([`rating`]).

pub mod arena;
pub mod player_config;
pub mod rating;
pub mod review;
