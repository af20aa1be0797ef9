//! Reading and writing positions and games as text: board strings, transcripts and OBF lines.
//!
//! Every parser is case-insensitive, never panics, and fails with an error that names the offending
//! input and where it is (1-based character positions).

use crate::othello::rules::board::{MoveError, Position, PositionError};
use crate::othello::rules::square::{Color, Move, Square};
use crate::text::excerpt;
use std::fmt;

/// Why a board string could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardParseError {
    /// Fewer than 64 square characters.
    TooShort { squares: usize },
    /// A character that is neither a disc, an empty square nor whitespace.
    BadSquareChar { ch: char, at: usize },
    /// No side to move after the 64 squares.
    MissingSide,
    /// The side to move is not `X` or `O` (`text` is a short excerpt, `at` its 1-based position).
    BadSide { text: String, at: usize },
    /// Something follows the side to move (`text` is a short excerpt, `at` its 1-based position).
    TrailingText { text: String, at: usize },
    /// The squares are no Othello position (a centre square is empty).
    Impossible(PositionError),
}

impl fmt::Display for BoardParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardParseError::TooShort { squares } => {
                write!(f, "board: only {squares} squares given, 64 are needed (X/x/* black, O/o white, -/. empty)")
            }
            BoardParseError::BadSquareChar { ch, at } => {
                write!(
                    f,
                    "board: {} at character {at} is not a square (X/x/* black, O/o white, -/. empty)",
                    crate::text::quoted(*ch)
                )
            }
            BoardParseError::MissingSide => {
                write!(f, "board: the side to move (X or O) is missing after the 64 squares")
            }
            BoardParseError::BadSide { text, at } => {
                write!(f, "board: side to move '{text}' at character {at} is not X or O")
            }
            BoardParseError::TrailingText { text, at } => {
                write!(f, "board: unexpected text '{text}' at character {at} after the side to move")
            }
            BoardParseError::Impossible(e) => write!(f, "board: {e}"),
        }
    }
}

impl std::error::Error for BoardParseError {}

fn square_char(c: char) -> Option<Option<Color>> {
    match c {
        'X' | 'x' | '*' => Some(Some(Color::Black)),
        'O' | 'o' => Some(Some(Color::White)),
        '-' | '.' => Some(None),
        _ => None,
    }
}

fn side_from_text(text: &str) -> Option<Color> {
    match text {
        "X" | "x" | "*" | "B" | "b" => Some(Color::Black),
        "O" | "o" | "W" | "w" => Some(Color::White),
        _ => None,
    }
}

/// The whitespace-separated words of `text` with their byte offsets in it.
fn words_with_offsets(text: &str) -> impl Iterator<Item = (usize, &str)> {
    // Each word is a subslice of `text`, so its offset is the distance between the two pointers.
    text.split_whitespace().map(move |word| (word.as_ptr() as usize - text.as_ptr() as usize, word))
}

/// Reads 64 squares (a1 … h8; whitespace between them allowed) followed by the side to move.
///
/// ```
/// use reversi::othello::records::notation::parse_board;
/// let text = format!("{}{}{} X", "-".repeat(27), "OX------XO", "-".repeat(27));
/// let p = parse_board(&text).unwrap();
/// assert_eq!(p, reversi::Position::start());
/// assert!(parse_board("XO").is_err());
/// ```
pub fn parse_board(text: &str) -> Result<Position, BoardParseError> {
    let mut black = 0u64;
    let mut white = 0u64;
    let mut n = 0usize;
    let mut chars = text.char_indices().peekable();
    while n < 64 {
        let Some((i, c)) = chars.next() else {
            return Err(BoardParseError::TooShort { squares: n });
        };
        if c.is_whitespace() {
            continue;
        }
        match square_char(c) {
            Some(Some(Color::Black)) => black |= 1 << n,
            Some(Some(Color::White)) => white |= 1 << n,
            Some(None) => {}
            None => {
                let at = text[..i].chars().count() + 1;
                return Err(BoardParseError::BadSquareChar { ch: c, at });
            }
        }
        n += 1;
    }
    let rest_start = chars.peek().map_or(text.len(), |&(i, _)| i);
    let mut words = words_with_offsets(&text[rest_start..]).map(|(i, w)| (rest_start + i, w));
    let (side_offset, side_word) = words.next().ok_or(BoardParseError::MissingSide)?;
    let side_word = side_word.strip_suffix(';').unwrap_or(side_word);
    let at_char = |offset: usize| text[..offset].chars().count() + 1;
    let side = side_from_text(side_word)
        .ok_or_else(|| BoardParseError::BadSide { text: excerpt(side_word), at: at_char(side_offset) })?;
    if let Some((offset, extra)) = words.next() {
        return Err(BoardParseError::TrailingText { text: excerpt(extra), at: at_char(offset) });
    }
    Position::from_colors(black, white, side).map_err(BoardParseError::Impossible)
}

/// Writes a position as 64 characters (`X` black, `O` white, `-` empty), a space and the side.
///
/// ```
/// use reversi::{othello::records::notation::format_board, Position};
/// let s = format_board(Position::start());
/// assert_eq!(s.len(), 66);
/// assert!(s.ends_with(" X"));
/// ```
pub fn format_board(pos: Position) -> String {
    let mut s = String::with_capacity(66);
    for sq in Square::all() {
        s.push(match pos.at(sq) {
            Some(c) => c.letter(),
            None => '-',
        });
    }
    s.push(' ');
    s.push(pos.side_to_move().letter());
    s
}

/// Why a transcript could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TranscriptError {
    /// Two characters that are not a square nor a pass.
    NotAMove { text: String, at: usize },
    /// A move that the rules do not allow at that point.
    Illegal { number: usize, mv: Move, at: usize, reason: MoveError },
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TranscriptError::NotAMove { text, at } => {
                write!(f, "transcript: '{}' at character {at} is not a square", excerpt(text))
            }
            TranscriptError::Illegal { number, mv, at, reason } => {
                write!(f, "transcript: move {number} '{mv}' at character {at} is illegal ({reason})")
            }
        }
    }
}

impl std::error::Error for TranscriptError {}

/// Splits a transcript into moves with their 1-based character positions; whitespace, commas and
/// move numbers such as `1.` are skipped.
pub fn parse_moves(text: &str) -> Result<Vec<(Move, usize)>, TranscriptError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' || c == ';' {
            i += 1;
            continue;
        }
        // Move numbers ("1." or "12.") are tolerated so that annotated games paste cleanly.
        if c.is_ascii_digit() {
            let mut j = i;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            if j < chars.len() && chars[j] == '.' {
                i = j + 1;
                continue;
            }
        }
        let pair: String = chars[i..chars.len().min(i + 2)].iter().collect();
        match pair.parse::<Move>() {
            Ok(mv) if pair.chars().count() == 2 => out.push((mv, i + 1)),
            _ => return Err(TranscriptError::NotAMove { text: pair, at: i + 1 }),
        }
        i += 2;
    }
    Ok(out)
}

/// Replays a transcript from `start`, returning every move played (forced passes included, even
/// when the transcript leaves them out) and the final position.
///
/// ```
/// use reversi::{othello::records::notation::replay, Position};
/// let (moves, pos) = replay(Position::start(), "f5 D6 c3").unwrap();
/// assert_eq!(moves.len(), 3);
/// assert_eq!(pos.side_to_move(), reversi::Color::White);
/// assert!(replay(Position::start(), "f5f5").is_err());
/// ```
pub fn replay(start: Position, text: &str) -> Result<(Vec<Move>, Position), TranscriptError> {
    let mut pos = start;
    let mut played = Vec::new();
    for (number, (mv, at)) in parse_moves(text)?.into_iter().enumerate() {
        // A pass the transcript leaves out is inserted: "passes optional where forced".
        if let Move::Play(_) = mv {
            if pos.must_pass() {
                pos = pos.play(Move::Pass).expect("a forced pass is legal");
                played.push(Move::Pass);
            }
        }
        pos = pos.play(mv).map_err(|reason| TranscriptError::Illegal { number: number + 1, mv, at, reason })?;
        played.push(mv);
    }
    Ok((played, pos))
}

/// Writes moves as a transcript such as `f5d6c3`; passes are written as `pa` only if asked.
pub fn format_transcript(moves: &[Move], with_passes: bool) -> String {
    moves.iter().filter(|m| with_passes || **m != Move::Pass).map(|m| m.to_string()).collect()
}

/// One line of an OBF file: a position and its known solutions, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObfEntry {
    pub position: Position,
    /// Moves with their exact final disc difference for the side to move, best first.
    pub solutions: Vec<(Move, i32)>,
}

impl ObfEntry {
    /// The exact score of the position: the first solution's score, if any is given.
    pub fn best_score(&self) -> Option<i32> {
        self.solutions.first().map(|&(_, s)| s)
    }
}

/// Why an OBF line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ObfError {
    Board(BoardParseError),
    /// A solution that is not `MOVE:score`.
    BadSolution {
        text: String,
        reason: String,
    },
}

impl fmt::Display for ObfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ObfError::Board(e) => write!(f, "obf: {e}"),
            ObfError::BadSolution { text, reason } => write!(f, "obf: solution '{text}' {reason}"),
        }
    }
}

impl std::error::Error for ObfError {}

/// Reads one OBF line: `<64 squares> <X|O>; <MOVE>:<score>; …` (the solutions are optional).
///
/// ```
/// use reversi::othello::records::notation::parse_obf_line;
/// let line = format!("{} X; A2:+38; C7:+36;", "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------");
/// let e = parse_obf_line(&line).unwrap();
/// assert_eq!(e.best_score(), Some(38));
/// assert_eq!(e.solutions[0].0.to_string(), "a2");
/// ```
pub fn parse_obf_line(line: &str) -> Result<ObfEntry, ObfError> {
    let mut parts = line.split(';');
    let board_text = parts.next().unwrap_or("");
    let position = parse_board(board_text).map_err(ObfError::Board)?;
    let mut solutions = Vec::new();
    for part in parts {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let bad = |reason: &str| ObfError::BadSolution { text: excerpt(part), reason: reason.to_string() };
        let (mv, score) = part.split_once(':').ok_or_else(|| bad("has no ':' between move and score"))?;
        let mv: Move = mv.trim().parse().map_err(|_| bad("does not start with a square or pass"))?;
        let score: i32 = score.trim().parse().map_err(|_| bad("has a score that is not a number"))?;
        if !(-64..=64).contains(&score) {
            return Err(bad("has a score outside -64..64"));
        }
        solutions.push((mv, score));
    }
    Ok(ObfEntry { position, solutions })
}

/// Writes one OBF line, the inverse of [`parse_obf_line`]: `<64 squares> <X|O>;` then each
/// solution as ` <MOVE>:<score>;` (moves in capitals, scores signed).
///
/// ```
/// use reversi::othello::records::notation::{format_obf_line, parse_obf_line};
/// use reversi::{Move, Position};
/// let line = format_obf_line(Position::start(), &[("f5".parse::<Move>().unwrap(), 0)]);
/// assert_eq!(line, format!("{} X; F5:+0;", "---------------------------OX------XO---------------------------"));
/// assert_eq!(parse_obf_line(&line).unwrap().solutions.len(), 1);
/// ```
pub fn format_obf_line(position: Position, solutions: &[(Move, i32)]) -> String {
    let mut line = format_board(position);
    line.push(';');
    for (mv, score) in solutions {
        let name = match mv {
            Move::Play(sq) => sq.to_string().to_ascii_uppercase(),
            Move::Pass => "PA".to_string(),
        };
        line.push_str(&format!(" {name}:{score:+};"));
    }
    line
}

/// Reads a whole OBF file: one entry per non-empty line (lines starting with `%` or `#` are
/// comments). Errors name the line number.
pub fn parse_obf(text: &str) -> Result<Vec<ObfEntry>, (usize, ObfError)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with('%') && !t.starts_with('#')
        })
        .map(|(i, l)| parse_obf_line(l).map_err(|e| (i + 1, e)))
        .collect()
}

/// True for a character that writes a square's content in a board (`X x *` black, `O o` white,
/// `- .` empty): what tells a pasted board from a transcript (see [`crate::othello::records::record`]).
pub fn is_square_content(c: char) -> bool {
    square_char(c).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_round_trips() {
        let p = Position::start();
        assert_eq!(parse_board(&format_board(p)).unwrap(), p);
        let spaced: String = format_board(p).chars().flat_map(|c| [c, ' ']).collect();
        assert_eq!(parse_board(&spaced).unwrap(), p);
        assert_eq!(parse_board(&format_board(p).to_lowercase()).unwrap(), p);
    }

    #[test]
    fn board_errors_say_what_and_where() {
        let e = parse_board(&format!("{}z{} X", "-".repeat(10), "-".repeat(53))).unwrap_err();
        assert_eq!(e, BoardParseError::BadSquareChar { ch: 'z', at: 11 });
        assert!(e.to_string().contains("character 11"));
        assert_eq!(parse_board(&"-".repeat(64)).unwrap_err(), BoardParseError::MissingSide);
        assert!(matches!(parse_board(&format!("{} Q", "-".repeat(64))), Err(BoardParseError::BadSide { .. })));
        assert!(matches!(parse_board(&format!("{} X y", "-".repeat(64))), Err(BoardParseError::TrailingText { .. })));
        assert_eq!(parse_board("--").unwrap_err(), BoardParseError::TooShort { squares: 2 });
        // 65 characters with the side glued on (the URL form) is accepted.
        let start = format_board(Position::start()).replace(' ', "");
        assert_eq!(parse_board(&start).unwrap(), Position::start());
    }

    /// The four centre squares are never empty in Othello: a board with one empty is refused,
    /// naming the square (the first in a1 … h8 order), whatever else is on the board.
    #[test]
    fn an_empty_centre_square_is_refused() {
        let start = format_board(Position::start());
        for (square, index) in [("d4", 27), ("e4", 28), ("d5", 35), ("e5", 36)] {
            let mut text: Vec<char> = start.chars().collect();
            text[index] = '-';
            let text: String = text.into_iter().collect();
            let e = parse_board(&text).unwrap_err();
            assert_eq!(e, BoardParseError::Impossible(PositionError::EmptyCentre(square.parse().unwrap())));
            assert_eq!(
                e.to_string(),
                format!(
                    "board: the centre square {square} is empty; in Othello the four centre squares are never empty"
                )
            );
            assert!(parse_obf_line(&format!("{text}; d3:+2")).unwrap_err().to_string().contains(&e.to_string()));
        }
        let all_empty = parse_board(&format!("{} X", "-".repeat(64))).unwrap_err();
        assert_eq!(all_empty, BoardParseError::Impossible(PositionError::EmptyCentre("d4".parse().unwrap())));
        // A full board, and a board whose centre alone is filled, are fine.
        assert!(parse_board(&format!("{}{} X", "X".repeat(40), "O".repeat(24))).is_ok());
        assert!(parse_board(&format!("{}XO{}OX{} O", "-".repeat(27), "-".repeat(6), "-".repeat(27))).is_ok());
    }

    #[test]
    fn transcript_errors_say_what_and_where() {
        let e = replay(Position::start(), "f5d6z9").unwrap_err();
        assert_eq!(e, TranscriptError::NotAMove { text: "z9".into(), at: 5 });
        assert_eq!(e.to_string(), "transcript: 'z9' at character 5 is not a square");
        let e = replay(Position::start(), "f5 a1").unwrap_err();
        assert!(matches!(e, TranscriptError::Illegal { number: 2, at: 4, .. }), "{e:?}");
        assert!(replay(Position::start(), "f").is_err());
        assert!(replay(Position::start(), "pa").is_err());
    }

    #[test]
    fn annotated_transcripts_are_accepted() {
        let (moves, _) = replay(Position::start(), "1. F5 2. d6, c3").unwrap();
        assert_eq!(format_transcript(&moves, false), "f5d6c3");
    }
}
