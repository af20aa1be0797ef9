//! The names of the openings (Tiger, Rose, Buffalo, Cow, Heath…): `data/openings.txt`, compiled
//! in, matched by position up to the board's 8 symmetries. A game's opening is the name of the
//! deepest named line whose final position the game reaches after as many moves: `f5d6c3d3c4`
//! and `c4e3f6e6f5` are both Tiger, and `f5f6e6d6c5` reaches Cow's position (`f5f6e6f4e3` seen in
//! a mirror).
//!
//! ```
//! use reversi::othello::book::names::opening_name;
//! assert_eq!(opening_name("f5d6c3d3c4").unwrap(), Some("Tiger"));
//! assert_eq!(opening_name("c4e3f6e6f5").unwrap(), Some("Tiger"));
//! assert_eq!(opening_name("f5f6e6d6c5").unwrap(), Some("Cow"));
//! assert_eq!(opening_name("f5d6c5f4e3c6d3f6e6d7").unwrap(), Some("Rose"));
//! assert_eq!(opening_name("").unwrap(), None);
//! ```

use crate::othello::records::notation::{replay, TranscriptError};
use crate::othello::rules::board::{Board, Position};
use crate::othello::rules::square::Move;
use std::sync::OnceLock;

/// The names file as it is in the repository (its header gives the source).
pub const OPENINGS_TEXT: &str = include_str!("../../../data/openings.txt");

/// What the program keeps of it (compiled in): the lines without the header's comments and with
/// each run of spaces made one, computed at compile time (2.5 KB instead of 5.5 KB in the wasm).
const COMPACT: &[u8] = &compact::<{ compact_len(OPENINGS_TEXT.as_bytes()) }>(OPENINGS_TEXT.as_bytes());

/// Whether byte `i` of `text` is kept: not in a comment line, not a space after a space.
const fn kept(text: &[u8], i: usize, in_comment: bool) -> bool {
    !(in_comment || text[i] == b' ' && i > 0 && text[i - 1] == b' ')
}

/// How many bytes of `text` are kept ([`compact`] copies them; the same walk twice, as a const
/// fn cannot allocate).
const fn compact_len(text: &[u8]) -> usize {
    let (mut i, mut n, mut line_start, mut in_comment) = (0, 0, true, false);
    while i < text.len() {
        if line_start {
            in_comment = text[i] == b'#';
        }
        if kept(text, i, in_comment) {
            n += 1;
        }
        line_start = text[i] == b'\n';
        i += 1;
    }
    n
}

const fn compact<const N: usize>(text: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    let (mut i, mut n, mut line_start, mut in_comment) = (0, 0, true, false);
    while i < text.len() {
        if line_start {
            in_comment = text[i] == b'#';
        }
        if kept(text, i, in_comment) {
            out[n] = text[i];
            n += 1;
        }
        line_start = text[i] == b'\n';
        i += 1;
    }
    out
}

/// The compiled-in names text (ASCII, so always valid UTF-8).
fn compact_text() -> &'static str {
    std::str::from_utf8(COMPACT).unwrap_or("")
}

/// One named line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub name: &'static str,
    /// The moves from the standard start, as written in the file (`f5d6c3d3c4`).
    pub moves: &'static str,
    /// How many moves.
    pub plies: usize,
    /// The canonical image of the position after them.
    canonical: Board,
}

/// The lines of `text` that are not blank or comments, as (moves, name).
fn entries(text: &'static str) -> impl Iterator<Item = (usize, &'static str, &'static str)> {
    text.lines().enumerate().filter_map(|(n, line)| {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return None;
        }
        let (moves, name) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        Some((n + 1, moves, name.trim()))
    })
}

/// Reads a names file; an error names the line and what is wrong with it.
pub fn parse_openings(text: &'static str) -> Result<Vec<Opening>, String> {
    entries(text)
        .map(|(line, moves, name)| {
            if name.is_empty() {
                return Err(format!("line {line}: no name after the moves"));
            }
            let (played, end) = replay(Position::start(), moves).map_err(|e| format!("line {line}: {e}"))?;
            Ok(Opening { name, moves, plies: played.len(), canonical: end.board().canonical().0 })
        })
        .collect()
}

/// The compiled-in openings (a line that does not read is left out; a test checks there is none).
pub fn openings() -> &'static [Opening] {
    static OPENINGS: OnceLock<Vec<Opening>> = OnceLock::new();
    OPENINGS.get_or_init(|| {
        entries(compact_text())
            .filter_map(|(_, moves, name)| {
                let (played, end) = replay(Position::start(), moves).ok()?;
                (!name.is_empty()).then(|| Opening {
                    name,
                    moves,
                    plies: played.len(),
                    canonical: end.board().canonical().0,
                })
            })
            .collect()
    })
}

/// The named line a game played from the standard start with `moves` is in: the deepest one
/// whose position it reaches after as many moves (the first of the file among equals).
pub fn opening_of(moves: &[Move]) -> Option<&'static Opening> {
    let mut position = Position::start();
    let mut found = None;
    for (n, &mv) in moves.iter().enumerate() {
        let Ok(next) = position.play(mv) else { break };
        position = next;
        let canonical = position.board().canonical().0;
        if let Some(opening) = openings().iter().find(|o| o.plies == n + 1 && o.canonical == canonical) {
            found = Some(opening);
        }
    }
    found
}

/// The opening name of a transcript from the standard start (`None` when no named line is
/// reached); an error when the transcript does not read.
pub fn opening_name(transcript: &str) -> Result<Option<&'static str>, TranscriptError> {
    let (moves, _) = replay(Position::start(), transcript)?;
    Ok(opening_of(&moves).map(|o| o.name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_the_file_reads() {
        let all = parse_openings(OPENINGS_TEXT).unwrap();
        assert!(OPENINGS_TEXT.is_ascii(), "the compact copy keeps bytes, so the file must be ASCII");
        assert_eq!(parse_openings(compact_text()).unwrap(), all);
        assert!(COMPACT.len() < 3000, "{} bytes", COMPACT.len());
        assert_eq!(all.len(), 77);
        assert_eq!(openings(), &all[..]);
        assert!(parse_openings("f5 Tiger\nf5z9 Bad\n").unwrap_err().starts_with("line 2:"));
        assert!(parse_openings("f5d6\n").unwrap_err().contains("no name"));
    }

    #[test]
    fn names_are_found_under_every_symmetry_and_the_deepest_wins() {
        let cases = [
            ("f5d6c3d3c4", Some("Tiger")),
            ("c4e3f6e6f5", Some("Tiger")),
            ("d3c5f6f5e6", Some("Tiger")),
            ("e6f4c3c4d3", Some("Tiger")),
            ("f5d6c3d3c4f4c5b3", Some("Tiger")),
            ("f5d6c3d3c4f4c5b3c2", Some("Rose-Bill")),
            ("f5d6c3d3c4f4e6", Some("Leader's Tiger")),
            ("f5f6e6d6c5", Some("Cow")),
            ("f5f6e6f4e3", Some("Cow")),
            ("f5d6c5f4e3c6d3f6e6d7", Some("Rose")),
            ("f5d6", Some("Perpendicular Opening")),
            ("f5", None),
            ("", None),
        ];
        for (transcript, name) in cases {
            assert_eq!(opening_name(transcript).unwrap(), name, "{transcript}");
        }
        assert!(opening_name("f5 z9").is_err());
    }
}
