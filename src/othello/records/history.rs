//! The record of one game as a player sees it: where it started, every move played (passes
//! included), and a cursor for undo, redo and "show me the position after move 12".
//!
//! Plain Rust with no web types, so the browser bindings stay thin and everything here is tested
//! natively. Moves after the cursor are the redo line: playing a different move there cuts it off,
//! playing the same move as the redo line keeps it (so replaying a game by hand does not lose it).
//!
//! ```
//! use reversi::othello::records::history::History;
//! use reversi::{Move, Position};
//! let mut game = History::new(Position::start());
//! game.play("f5".parse::<Move>().unwrap()).unwrap();
//! game.play("d6".parse::<Move>().unwrap()).unwrap();
//! assert_eq!(game.transcript(false), "f5d6");
//! game.undo();
//! assert_eq!(game.transcript(false), "f5");
//! assert!(game.can_redo());
//! ```

use crate::othello::records::notation::{self, TranscriptError};
use crate::othello::records::record::{self, RecordError};
use crate::othello::rules::board::{MoveError, Position};
use crate::othello::rules::square::{Color, Move};
use std::fmt;

/// A game record with an undo/redo cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// `positions[i]` is the position after `moves[..i]`; `positions[0]` is the start.
    /// Kept alongside the moves so that viewing any ply is a lookup, not a replay.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Number of moves currently applied: the position shown is `positions[cursor]`.
    cursor: usize,
}

/// Why a stored or pasted game could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    Transcript(TranscriptError),
    Board(notation::BoardParseError),
    /// Pasted text: what was recognised in it and what is wrong with it.
    Pasted(RecordError),
    /// A cursor past the end of the moves.
    Cursor {
        cursor: usize,
        moves: usize,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Transcript(e) => e.fmt(f),
            LoadError::Board(e) => e.fmt(f),
            LoadError::Pasted(e) => e.fmt(f),
            LoadError::Cursor { cursor, moves } => {
                write!(f, "game record: cursor {cursor} is past the {moves} moves")
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// A ply number outside the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyOutOfRange {
    pub ply: usize,
    pub moves: usize,
}

impl fmt::Display for PlyOutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ply {} is outside the game (0 … {} moves)", self.ply, self.moves)
    }
}

impl std::error::Error for PlyOutOfRange {}

impl History {
    /// An empty record starting at `start`.
    pub fn new(start: Position) -> History {
        History { positions: vec![start], moves: Vec::new(), cursor: 0 }
    }

    /// Replays `transcript` from `start` (forced passes are inserted if the text leaves them out);
    /// the cursor ends after the last move.
    pub fn from_transcript(start: Position, transcript: &str) -> Result<History, LoadError> {
        let (moves, _) = notation::replay(start, transcript).map_err(LoadError::Transcript)?;
        let mut history = History::new(start);
        for mv in moves {
            history.push(mv).expect("replay checked every move");
        }
        Ok(history)
    }

    /// A record starting from a board string such as `"---…--- X"`.
    pub fn from_board_text(text: &str) -> Result<History, LoadError> {
        notation::parse_board(text).map(History::new).map_err(LoadError::Board)
    }

    /// What a user pastes, in any notation [`record`] recognises: a transcript from the start, or
    /// a board or OBF line (a new game from that position).
    pub fn from_game_text(text: &str) -> Result<History, LoadError> {
        let pasted = record::read_record(text).map_err(LoadError::Pasted)?;
        let mut history = History::new(pasted.start);
        for mv in pasted.moves {
            history.push(mv).expect("read_record checked every move");
        }
        Ok(history)
    }

    /// Rebuilds a stored record: start board text, every move (passes included or not) and the
    /// cursor. Anything inconsistent is an error, never a panic: stores get corrupted.
    pub fn restore(start_board: &str, moves: &str, cursor: usize) -> Result<History, LoadError> {
        let start = notation::parse_board(start_board).map_err(LoadError::Board)?;
        let mut history = History::from_transcript(start, moves)?;
        if cursor > history.moves.len() {
            return Err(LoadError::Cursor { cursor, moves: history.moves.len() });
        }
        history.cursor = cursor;
        Ok(history)
    }

    /// Appends a legal move at the end and moves the cursor there (used while building a record).
    fn push(&mut self, mv: Move) -> Result<Position, MoveError> {
        let next = self.positions[self.moves.len()].play(mv)?;
        self.moves.push(mv);
        self.positions.push(next);
        self.cursor = self.moves.len();
        Ok(next)
    }

    /// Plays `mv` at the cursor. A different move than the redo line's next one discards the redo
    /// line; the same move just steps forward along it.
    pub fn play(&mut self, mv: Move) -> Result<Position, MoveError> {
        let next = self.position().play(mv)?;
        if self.moves.get(self.cursor) != Some(&mv) {
            self.moves.truncate(self.cursor);
            self.positions.truncate(self.cursor + 1);
            self.moves.push(mv);
            self.positions.push(next);
        }
        self.cursor += 1;
        Ok(next)
    }

    /// Steps back one move; returns the move taken back, `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        if self.cursor == 0 {
            return None;
        }
        self.cursor -= 1;
        Some(self.moves[self.cursor])
    }

    /// Steps forward along the redo line; returns the move replayed, `None` at its end.
    pub fn redo(&mut self) -> Option<Move> {
        let mv = *self.moves.get(self.cursor)?;
        self.cursor += 1;
        Some(mv)
    }

    /// Drops the redo line: the moves after the cursor.
    pub fn discard_redo(&mut self) {
        self.moves.truncate(self.cursor);
        self.positions.truncate(self.cursor + 1);
    }

    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    pub fn can_redo(&self) -> bool {
        self.cursor < self.moves.len()
    }

    /// Moves the cursor to `ply` (0 = the start): "click a move to view it".
    pub fn go_to(&mut self, ply: usize) -> Result<Position, PlyOutOfRange> {
        let position = self.position_at(ply)?;
        self.cursor = ply;
        Ok(position)
    }

    /// The position at the cursor.
    pub fn position(&self) -> Position {
        self.positions[self.cursor]
    }

    /// The position after `ply` moves of the record (redo line included).
    pub fn position_at(&self, ply: usize) -> Result<Position, PlyOutOfRange> {
        self.positions.get(ply).copied().ok_or(PlyOutOfRange { ply, moves: self.moves.len() })
    }

    pub fn start(&self) -> Position {
        self.positions[0]
    }

    /// Moves applied so far (up to the cursor).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Every move of the record, the redo line included.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves up to the cursor.
    pub fn played(&self) -> &[Move] {
        &self.moves[..self.cursor]
    }

    /// The last move applied, with the colour that played it.
    pub fn last_move(&self) -> Option<(Color, Move)> {
        let ply = self.cursor.checked_sub(1)?;
        Some((self.positions[ply].side_to_move(), self.moves[ply]))
    }

    /// Discs the move at `ply` (0-based index into `moves()`) flipped, as a bit set.
    pub fn flipped_by(&self, ply: usize) -> Option<u64> {
        let before = self.positions.get(ply)?;
        let after = self.positions.get(ply + 1)?;
        let mover = before.side_to_move();
        // The mover's new discs minus the one placed are exactly the flipped discs.
        let placed = self.moves[ply].square().map_or(0, |sq| sq.bit());
        Some(after.discs(mover) & !before.discs(mover) & !placed)
    }

    /// The moves up to the cursor as text, e.g. `f5d6c3`; passes as `pa` only if asked.
    pub fn transcript(&self, with_passes: bool) -> String {
        notation::format_transcript(self.played(), with_passes)
    }

    /// The whole record (redo line included) as text, passes written: what a store keeps.
    pub fn full_transcript(&self) -> String {
        notation::format_transcript(&self.moves, true)
    }
}

impl Default for History {
    fn default() -> History {
        History::new(Position::start())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::othello::records::notation::{format_board, parse_board};

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    /// A position where White (to move) has no move but Black has: from a real game.
    fn white_must_pass() -> Position {
        // a1 empty, a white disc on b1, black everywhere else: only Black can flip (a1 takes b1).
        let mut text = String::from("-O");
        text.push_str(&"X".repeat(62));
        text.push_str(" O");
        let p = parse_board(&text).unwrap();
        assert!(p.must_pass(), "fixture must be a pass position");
        p
    }

    /// A stored game or a board whose start has an empty centre square is refused.
    #[test]
    fn a_start_with_an_empty_centre_is_refused() {
        let empty_d5 = format_board(Position::start()).replacen('X', "-", 1);
        let message = "the centre square e4 is empty; in Othello the four centre squares are never empty";
        let e = History::restore(&empty_d5, "", 0).unwrap_err();
        assert!(e.to_string().contains(message), "{e}");
        let e = History::from_board_text(&empty_d5).unwrap_err();
        assert!(e.to_string().contains(message), "{e}");
        let e = History::from_game_text(&empty_d5).unwrap_err();
        assert!(e.to_string().contains(message), "{e}");
        assert!(History::restore(&format_board(Position::start()), "f5d6", 2).is_ok());
    }

    #[test]
    fn play_undo_redo_walk_the_record() {
        let mut h = History::default();
        for m in ["f5", "d6", "c3"] {
            h.play(mv(m)).unwrap();
        }
        assert_eq!(h.cursor(), 3);
        assert_eq!(h.undo(), Some(mv("c3")));
        assert_eq!(h.undo(), Some(mv("d6")));
        assert_eq!(h.transcript(false), "f5");
        assert_eq!(h.full_transcript(), "f5d6c3");
        assert_eq!(h.redo(), Some(mv("d6")));
        assert_eq!(h.position().side_to_move(), Color::Black);
        assert_eq!(h.redo(), Some(mv("c3")));
        assert_eq!(h.redo(), None);
        while h.undo().is_some() {}
        assert_eq!(h.position(), Position::start());
        assert!(!h.can_undo());
        assert!(h.can_redo());
    }

    #[test]
    fn a_different_move_cuts_the_redo_line_the_same_move_keeps_it() {
        let mut h = History::from_transcript(Position::start(), "f5d6c3d3").unwrap();
        h.go_to(1).unwrap();
        h.play(mv("d6")).unwrap();
        assert_eq!(h.moves().len(), 4, "same move keeps the line");
        h.go_to(1).unwrap();
        h.play(mv("f6")).unwrap();
        assert_eq!(h.full_transcript(), "f5f6");
        assert!(!h.can_redo());
        h.undo();
        h.discard_redo();
        assert_eq!(h.full_transcript(), "f5");
        assert_eq!(h.position_at(2).unwrap_err(), PlyOutOfRange { ply: 2, moves: 1 });
    }

    #[test]
    fn illegal_moves_leave_the_record_unchanged() {
        let mut h = History::from_transcript(Position::start(), "f5").unwrap();
        let before = h.clone();
        assert!(matches!(h.play(mv("a1")), Err(MoveError::NoFlip(_))));
        assert!(matches!(h.play(mv("f5")), Err(MoveError::Occupied(_))));
        assert!(matches!(h.play(Move::Pass), Err(MoveError::PassNotAllowed { .. })));
        assert_eq!(h, before);
    }

    #[test]
    fn viewing_a_ply_returns_that_position() {
        let mut h = History::from_transcript(Position::start(), "f5d6c3").unwrap();
        let after_one = Position::start().play(mv("f5")).unwrap();
        assert_eq!(h.position_at(1).unwrap(), after_one);
        assert_eq!(h.go_to(1).unwrap(), after_one);
        assert_eq!(h.position(), after_one);
        assert_eq!(h.go_to(9).unwrap_err(), PlyOutOfRange { ply: 9, moves: 3 });
        assert_eq!(h.cursor(), 1, "a bad ply leaves the cursor");
    }

    #[test]
    fn flipped_and_last_move_report_the_mover() {
        let h = History::from_transcript(Position::start(), "f5d6").unwrap();
        assert_eq!(h.last_move(), Some((Color::White, mv("d6"))));
        // f5 flips e5; d6 flips d5.
        assert_eq!(h.flipped_by(0), Some("e5".parse::<crate::Square>().unwrap().bit()));
        assert_eq!(h.flipped_by(1), Some("d5".parse::<crate::Square>().unwrap().bit()));
        assert_eq!(h.flipped_by(2), None);
        assert_eq!(History::default().last_move(), None);
    }

    #[test]
    fn passes_are_recorded_and_exported_on_request() {
        let start = white_must_pass();
        let mut h = History::new(start);
        h.play(Move::Pass).unwrap();
        let black_move = h.position().legal_moves().first().unwrap();
        h.play(Move::Play(black_move)).unwrap();
        assert_eq!(h.transcript(true), format!("pa{black_move}"));
        assert_eq!(h.transcript(false), black_move.to_string());
        assert_eq!(h.flipped_by(0), Some(0));
        assert_eq!(h.last_move().unwrap().0, Color::Black);
    }

    #[test]
    fn restore_round_trips_and_rejects_corruption() {
        let mut h = History::from_transcript(Position::start(), "f5d6c3d3c4").unwrap();
        h.undo();
        h.undo();
        let back = History::restore(&format_board(h.start()), &h.full_transcript(), h.cursor()).unwrap();
        assert_eq!(back, h);
        assert!(matches!(
            History::restore(&format_board(h.start()), "f5d6", 7),
            Err(LoadError::Cursor { cursor: 7, moves: 2 })
        ));
        assert!(matches!(History::restore("garbage", "f5", 0), Err(LoadError::Board(_))));
        assert!(matches!(History::restore(&format_board(h.start()), "f5f5", 0), Err(LoadError::Transcript(_))));
    }

    #[test]
    fn pasted_text_is_a_transcript_a_board_or_an_obf_line() {
        let from_moves = History::from_game_text("f5 d6 c3").unwrap();
        assert_eq!(from_moves.cursor(), 3);
        let board = format_board(from_moves.position());
        let from_board = History::from_game_text(&board).unwrap();
        assert_eq!(from_board.position(), from_moves.position());
        assert_eq!(from_board.cursor(), 0);
        let err = History::from_game_text("f5 zz").unwrap_err();
        assert!(err.to_string().contains("'zz'"), "{err}");
        assert!(History::from_game_text("   ").is_err());
        // An OBF line (here FFO #40) starts a game from its position, with no moves yet.
        let obf = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36;";
        let from_obf = History::from_game_text(obf).unwrap();
        assert_eq!(format_board(from_obf.start()), format!("{} X", &obf[..64]));
        assert_eq!((from_obf.cursor(), from_obf.transcript(false).as_str()), (0, ""));
        let err = History::from_game_text(&format!("{} Z", &obf[..64])).unwrap_err();
        assert_eq!(err.to_string(), "board: side to move 'Z' at character 66 is not X or O");
    }

    #[test]
    fn a_transcript_may_leave_forced_passes_out() {
        let start = white_must_pass();
        let black_move = start.play(Move::Pass).unwrap().legal_moves().first().unwrap();
        let h = History::from_transcript(start, &black_move.to_string()).unwrap();
        assert_eq!(h.moves(), &[Move::Pass, Move::Play(black_move)]);
    }
}
