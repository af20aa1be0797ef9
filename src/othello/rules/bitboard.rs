//! `Bitboard`: a set of squares as one `u64` (bit i = square i).

use crate::othello::rules::square::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

// The 8 symmetries of the board (the dihedral group of the square) on disc sets and squares.

/// Mirror left–right (a ↔ h).
#[inline(always)]
pub fn mirror(b: u64) -> u64 {
    let b = (b >> 1 & 0x5555_5555_5555_5555) | (b & 0x5555_5555_5555_5555) << 1;
    let b = (b >> 2 & 0x3333_3333_3333_3333) | (b & 0x3333_3333_3333_3333) << 2;
    (b >> 4 & 0x0f0f_0f0f_0f0f_0f0f) | (b & 0x0f0f_0f0f_0f0f_0f0f) << 4
}

/// Flip top–bottom (row 1 ↔ row 8).
#[inline(always)]
pub fn flip(b: u64) -> u64 {
    // WebAssembly has no byte swap: LLVM spells `swap_bytes` out in 22 shifts, masks and ors,
    // where two swaps of neighbours and a rotation take 11.
    #[cfg(target_arch = "wasm32")]
    {
        let b = (b >> 8 & 0x00ff_00ff_00ff_00ff) | (b & 0x00ff_00ff_00ff_00ff) << 8;
        let b = (b >> 16 & 0x0000_ffff_0000_ffff) | (b & 0x0000_ffff_0000_ffff) << 16;
        b.rotate_left(32)
    }
    #[cfg(not(target_arch = "wasm32"))]
    b.swap_bytes()
}

/// Reflect in the a1–h8 diagonal.
#[inline(always)]
pub fn transpose(mut b: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (b ^ b << 28);
    b ^= t ^ t >> 28;
    let t = 0x3333_0000_3333_0000 & (b ^ b << 14);
    b ^= t ^ t >> 14;
    let t = 0x5500_5500_5500_5500 & (b ^ b << 7);
    b ^= t ^ t >> 7;
    b
}

/// Symmetry `k` (0–7) of a disc set: mirror if bit 0, then flip if bit 1, then transpose if bit 2.
#[inline(always)]
pub fn symmetry(b: u64, k: usize) -> u64 {
    let b = if k & 1 != 0 { mirror(b) } else { b };
    let b = if k & 2 != 0 { flip(b) } else { b };
    if k & 4 != 0 {
        transpose(b)
    } else {
        b
    }
}

/// Where symmetry `k` moves square `s`.
pub const fn map_square(s: u8, k: usize) -> u8 {
    let (mut r, mut c) = (s / 8, s % 8);
    if k & 1 != 0 {
        c = 7 - c;
    }
    if k & 2 != 0 {
        r = 7 - r;
    }
    if k & 4 != 0 {
        (r, c) = (c, r);
    }
    r * 8 + c
}

/// The symmetry that undoes symmetry `k`: `symmetry(symmetry(b, k), inverse_symmetry(k)) == b`.
/// The reflections (mirror, flip) undo themselves; with the transpose, a mirror done before it is
/// undone by a flip after it, and the other way round.
pub const fn inverse_symmetry(k: usize) -> usize {
    if k & 4 != 0 {
        4 | (k & 1) << 1 | (k >> 1 & 1)
    } else {
        k
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_symmetry_is_undone_by_its_inverse() {
        for k in 0..8 {
            let back = inverse_symmetry(k);
            for s in 0..64u8 {
                assert_eq!(map_square(map_square(s, k), back), s, "symmetry {k} square {s}");
                assert_eq!(symmetry(1 << s, k), 1 << map_square(s, k), "symmetry {k} square {s}");
            }
            let b = 0x0123_4567_89ab_cdef_u64;
            assert_eq!(symmetry(symmetry(b, k), back), b, "symmetry {k}");
        }
    }
}
