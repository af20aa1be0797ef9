//! Squares, colours and moves: the small types every other module speaks.
//!
//! Bit order: a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63. Columns a–h run left to right,
//! rows 1–8 top to bottom (the Othello convention, unlike chess).

use std::fmt;
use std::str::FromStr;

/// One of the 64 squares, `a1` = 0 … `h8` = 63.
///
/// ```
/// use reversi::Square;
/// let d3: Square = "D3".parse().unwrap();
/// assert_eq!(d3.index(), 19);
/// assert_eq!(d3.to_string(), "d3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square with this index, or `None` when `index >= 64`.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at column `col` (0 = a) and row `row` (0 = row 1), if both are below 8.
    pub const fn from_coords(col: u8, row: u8) -> Option<Square> {
        if col < 8 && row < 8 {
            Some(Square(row * 8 + col))
        } else {
            None
        }
    }

    /// Index 0..64 (a1 = 0, h8 = 63).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Column 0..8 (0 = a).
    pub const fn col(self) -> u8 {
        self.0 % 8
    }

    /// Row 0..8 (0 = row 1).
    pub const fn row(self) -> u8 {
        self.0 / 8
    }

    /// Where symmetry `k` (0–7, see [`crate::othello::rules::bitboard::symmetry`]) takes this square.
    pub const fn symmetric(self, k: usize) -> Square {
        Square(crate::othello::rules::bitboard::map_square(self.0, k))
    }

    /// The single-bit mask of this square.
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// All 64 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// Parses a square from the first two bytes of `bytes`, case-insensitively.
    pub(crate) fn from_bytes(bytes: &[u8]) -> Option<Square> {
        match bytes {
            [c, r, ..] => {
                let col = c.to_ascii_lowercase().wrapping_sub(b'a');
                let row = r.wrapping_sub(b'1');
                Square::from_coords(col, row)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, (b'1' + self.row()) as char)
    }
}

/// A string that is not a square name (`a1` … `h8`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    /// The text that was given.
    pub input: String,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a square (expected a1 … h8)", self.input)
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let t = s.trim();
        if t.len() == 2 {
            if let Some(sq) = Square::from_bytes(t.as_bytes()) {
                return Ok(sq);
            }
        }
        Err(ParseSquareError { input: crate::text::excerpt(s) })
    }
}

impl TryFrom<u8> for Square {
    type Error = ParseSquareError;

    fn try_from(index: u8) -> Result<Square, ParseSquareError> {
        Square::new(index).ok_or(ParseSquareError { input: index.to_string() })
    }
}

impl From<Square> for u8 {
    fn from(sq: Square) -> u8 {
        sq.0
    }
}

/// A disc colour; also names a player. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Black,
    White,
}

impl Color {
    /// The other colour.
    pub const fn opposite(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `X` for black, `O` for white (the letters used by board strings and OBF).
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// "Black" or "White".
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move: a disc placed on a square, or a pass (allowed only when there is no legal square).
///
/// ```
/// use reversi::Move;
/// assert_eq!("f5".parse::<Move>().unwrap().to_string(), "f5");
/// assert_eq!("PS".parse::<Move>().unwrap(), Move::Pass);
/// assert_eq!(Move::Pass.to_string(), "pa");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Square),
    Pass,
}

impl Move {
    /// The square played, or `None` for a pass.
    pub const fn square(self) -> Option<Square> {
        match self {
            Move::Play(sq) => Some(sq),
            Move::Pass => None,
        }
    }

    /// The same move on the board's image under symmetry `k` (see
    /// [`crate::othello::rules::bitboard::symmetry`]); a pass stays a pass.
    pub const fn symmetric(self, k: usize) -> Move {
        match self {
            Move::Play(sq) => Move::Play(sq.symmetric(k)),
            Move::Pass => Move::Pass,
        }
    }
}

impl From<Square> for Move {
    fn from(sq: Square) -> Move {
        Move::Play(sq)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(sq) => sq.fmt(f),
            Move::Pass => f.write_str("pa"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseSquareError;

    /// A square (`d3`) or a pass (`pa` or `ps`), case-insensitive.
    fn from_str(s: &str) -> Result<Move, ParseSquareError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("pa") || t.eq_ignore_ascii_case("ps") {
            return Ok(Move::Pass);
        }
        t.parse::<Square>().map(Move::Play).map_err(|_| ParseSquareError { input: crate::text::excerpt(s) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_round_trips() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
            assert_eq!(sq.to_string().to_uppercase().parse::<Square>().unwrap(), sq);
        }
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("h1".parse::<Square>().unwrap().index(), 7);
        assert_eq!("a2".parse::<Square>().unwrap().index(), 8);
        assert_eq!("h8".parse::<Square>().unwrap().index(), 63);
    }

    #[test]
    fn bad_squares_are_errors() {
        for bad in ["", "a", "a0", "a9", "i1", "11", "aa", "a10", "é1", "\u{0}1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?}");
        }
        assert!(Square::new(64).is_none());
        assert!(Square::try_from(200u8).is_err());
    }
}
