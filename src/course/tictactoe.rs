//! Tic-tac-toe (seed 003, after Nilsson) on the course's game abstraction.
//!
//! Squares `a1` … `c3`: columns a–c left to right, rows 1–3 top to bottom, like the Othello board;
//! the centre is `b2`. X moves first. MAX is the side to move where the search starts.
//!
//! Two utilities, as in the notes: searching to the end of the game, +1 / 0 / −1 (win, draw,
//! loss); or cutting off at a depth, "open lines for MAX − open lines for MIN" (lines — rows,
//! columns, diagonals — holding no piece of the opponent), with a finished game worth ±100 (beyond
//! any open-lines value) or 0 for a draw. Symmetry removal near the root (the notes' remark that
//! the branching factor there can be reduced by dropping symmetric states): in the first two plies
//! below the search's root, a move whose result is a rotation or reflection of an earlier
//! sibling's result is not generated. Positions equal up to symmetry have equal values, and the
//! first of them comes first, so values and paths are unchanged; only the node count falls.

use crate::course::game::{Game, Side, Traceable};
use std::fmt;

/// The eight lines, as square masks (bit i = square i, a1 = 0, b1 = 1, …, c3 = 8).
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// A finished game's value in the depth-limited (open-lines) form.
pub const WIN_WITH_HEURISTIC: i32 = 100;

/// A position: X's and O's squares, and how many plies below the search's root it lies (symmetry
/// removal applies only near the root).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub x: u16,
    pub o: u16,
    pub plies_from_root: u8,
}

/// A square `0..9`, a1 first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Square(pub u8);

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.0 % 3) as char, (b'1' + self.0 / 3) as char)
    }
}

impl Board {
    pub const EMPTY: Board = Board { x: 0, o: 0, plies_from_root: 0 };

    /// Whether X is to move (X moves first).
    pub const fn x_to_move(self) -> bool {
        self.x.count_ones() == self.o.count_ones()
    }

    /// The squares of the side to move and of the other side.
    const fn sides(self) -> (u16, u16) {
        if self.x_to_move() {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        }
    }

    fn has_line(squares: u16) -> bool {
        LINES.into_iter().any(|line| squares & line == line)
    }

    /// Someone has three in a row, or the board is full.
    pub fn is_over(self) -> bool {
        Board::has_line(self.x) || Board::has_line(self.o) || (self.x | self.o) == FULL
    }

    /// Lines holding none of `other`'s pieces: open for the player whose opponent is `other`.
    fn open_lines_against(other: u16) -> i32 {
        LINES.iter().filter(|&&l| l & other == 0).count() as i32
    }

    /// Reads a picture as [`Board::picture`] writes it: 9 squares, a1 first, `X`, `O` or `-`.
    ///
    /// ```
    /// use reversi::course::tictactoe::Board;
    /// let b = Board::from_picture("O---X----").unwrap();
    /// assert_eq!(b.picture(), "O---X----");
    /// assert_eq!(b.open_lines(), (5, 4));
    /// assert!(Board::from_picture("XX").is_err());
    /// ```
    pub fn from_picture(text: &str) -> Result<Board, String> {
        let cells: Vec<char> = text.trim().chars().collect();
        if cells.len() != 9 {
            return Err(format!("a tic-tac-toe picture has 9 squares (X, O or -), not {}", cells.len()));
        }
        let mut board = Board::EMPTY;
        for (i, c) in cells.iter().enumerate() {
            match c.to_ascii_uppercase() {
                'X' => board.x |= 1 << i,
                'O' => board.o |= 1 << i,
                '-' | '.' => {}
                other => return Err(format!("'{other}' (square {}) is not X, O or -", i + 1)),
            }
        }
        Ok(board)
    }

    /// The open lines of each side, `(X's, O's)`: the lines holding none of the other side's
    /// pieces, the two terms of the notes' "open lines for MAX − open lines for MIN".
    pub fn open_lines(self) -> (i32, i32) {
        (Board::open_lines_against(self.o), Board::open_lines_against(self.x))
    }

    /// The position after the side to move takes `sq` (which must be empty).
    pub fn play(self, sq: Square) -> Board {
        let bit = 1 << sq.0;
        let plies_from_root = self.plies_from_root.saturating_add(1);
        if self.x_to_move() {
            Board { x: self.x | bit, o: self.o, plies_from_root }
        } else {
            Board { x: self.x, o: self.o | bit, plies_from_root }
        }
    }

    /// The 9 squares as text, a1 first: `X`, `O` or `-`.
    pub fn picture(self) -> String {
        (0..9)
            .map(|i| {
                if self.x & (1 << i) != 0 {
                    'X'
                } else if self.o & (1 << i) != 0 {
                    'O'
                } else {
                    '-'
                }
            })
            .collect()
    }

    /// The least of the position's eight images under rotation and reflection: equal for
    /// symmetric positions.
    fn canonical(self) -> u32 {
        fn map(squares: u16, t: usize) -> u16 {
            let mut out = 0;
            for i in 0..9 {
                if squares & (1 << i) != 0 {
                    let (r, c) = (i / 3, i % 3);
                    let (r, c) = match t {
                        0 => (r, c),
                        1 => (c, 2 - r),
                        2 => (2 - r, 2 - c),
                        3 => (2 - c, r),
                        4 => (r, 2 - c),
                        5 => (2 - r, c),
                        6 => (c, r),
                        _ => (2 - c, 2 - r),
                    };
                    out |= 1 << (r * 3 + c);
                }
            }
            out
        }
        (0..8).map(|t| (u32::from(map(self.x, t)) << 9) | u32::from(map(self.o, t))).min().unwrap_or(0)
    }

    /// Reads the squares played from the empty board, X first: `"b2a1"` (spaces allowed).
    ///
    /// ```
    /// use reversi::course::tictactoe::Board;
    /// assert_eq!(Board::from_moves("b2 a1").unwrap().picture(), "O---X----");
    /// assert!(Board::from_moves("b2b2").unwrap_err().contains("taken"));
    /// ```
    pub fn from_moves(text: &str) -> Result<Board, String> {
        let mut board = Board::EMPTY;
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if chars[i].is_whitespace() || chars[i] == ',' {
                i += 1;
                continue;
            }
            let name: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            let sq = match name.to_ascii_lowercase().as_bytes() {
                [c @ b'a'..=b'c', r @ b'1'..=b'3'] => Square((r - b'1') * 3 + (c - b'a')),
                _ => {
                    return Err(format!(
                        "tic-tac-toe moves: '{name}' at character {} is not a square (a1 to c3)",
                        i + 1
                    ))
                }
            };
            if board.is_over() {
                return Err(format!("tic-tac-toe moves: the game is already over before {sq} (character {})", i + 1));
            }
            if (board.x | board.o) & (1 << sq.0) != 0 {
                return Err(format!("tic-tac-toe moves: {sq} (character {}) is already taken", i + 1));
            }
            board = board.play(sq);
            i += 2;
        }
        board.plies_from_root = 0;
        Ok(board)
    }
}

/// Which utility the search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Utility {
    /// To the end of the game: +1 / 0 / −1.
    Exact,
    /// Cut off at the search depth: open lines for MAX − open lines for MIN.
    OpenLines,
}

/// Tic-tac-toe for the course's searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    pub utility: Utility,
    /// Drop symmetric moves in the first two plies below the root.
    pub symmetry: bool,
}

impl Game for TicTacToe {
    type Position = Board;
    type Move = Square;
    type Moves = std::vec::IntoIter<Square>;

    fn moves(&self, b: &Board) -> Self::Moves {
        if b.is_over() {
            return Vec::new().into_iter();
        }
        let empty = !(b.x | b.o) & FULL;
        let mut moves: Vec<Square> = (0..9).filter(|i| empty & (1 << i) != 0).map(Square).collect();
        if self.symmetry && b.plies_from_root < 2 {
            let mut seen = Vec::new();
            moves.retain(|&sq| {
                let image = b.play(sq).canonical();
                let new = !seen.contains(&image);
                seen.push(image);
                new
            });
        }
        moves.into_iter()
    }

    fn play(&self, b: &Board, sq: Square) -> Board {
        b.play(sq)
    }

    /// From the side to move's view. A line completed means the *other* side just won.
    fn evaluate(&self, b: &Board) -> i32 {
        let (me, other) = b.sides();
        let win = match self.utility {
            Utility::Exact => 1,
            Utility::OpenLines => WIN_WITH_HEURISTIC,
        };
        if Board::has_line(other) {
            -win
        } else if Board::has_line(me) {
            win
        } else if (b.x | b.o) == FULL || self.utility == Utility::Exact {
            0
        } else {
            Board::open_lines_against(other) - Board::open_lines_against(me)
        }
    }

    fn deep_enough(&self, _b: &Board, depth_remaining: u32) -> bool {
        self.utility == Utility::OpenLines && depth_remaining == 0
    }
}

impl Traceable for TicTacToe {
    fn move_name(&self, _b: &Board, sq: Square) -> String {
        sq.to_string()
    }

    fn picture(&self, b: &Board, _mover: Side) -> Option<String> {
        Some(b.picture())
    }

    /// The open-lines value (a finished game ±100), whichever utility the search uses.
    fn estimate(&self, b: &Board) -> Option<i32> {
        Some(TicTacToe { utility: Utility::OpenLines, symmetry: self.symmetry }.evaluate(b))
    }

    /// X's and O's squares, and the plies from the root (symmetry removal depends on them).
    fn key(&self, b: &Board) -> Option<u128> {
        Some(u128::from(b.x) | (u128::from(b.o) << 16) | (u128::from(b.plies_from_root) << 32))
    }
}
