//! `Bitboard`: a set of squares as one `u64` (bit i = square i).

use crate::othello::square::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// A set of squares. Iterating yields the squares in index order.
///
/// ```
/// use reversi::{Bitboard, Square};
/// let b = Bitboard::from_square("d3".parse().unwrap()) | Bitboard(1);
/// assert_eq!(b.count(), 2);
/// assert_eq!(b.into_iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["a1", "d3"]);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(u64::MAX);
    /// The four corners a1, h1, a8, h8.
    pub const CORNERS: Bitboard = Bitboard(0x8100_0000_0000_0081);

    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(sq.bit())
    }

    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }

    /// The lowest square of the set, if any.
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new(self.0.trailing_zeros() as u8)
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        Bitboard(iter.into_iter().fold(0, |acc, sq| acc | sq.bit()))
    }
}

impl From<u64> for Bitboard {
    fn from(bits: u64) -> Bitboard {
        Bitboard(bits)
    }
}

impl From<Bitboard> for u64 {
    fn from(b: Bitboard) -> u64 {
        b.0
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

/// An 8×8 picture, row 1 first, `#` for members and `.` otherwise.
impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..8 {
            for col in 0..8 {
                let set = self.0 >> (row * 8 + col) & 1 != 0;
                f.write_str(if set { "#" } else { "." })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}
