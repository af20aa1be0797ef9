//! Positions and games as text and as records: the notations (boards, transcripts, OBF lines),
//! GGF game records, recognising a pasted record, and a game's history with undo and redo.

pub mod ggf;
pub mod history;
pub mod notation;
pub mod record;
