//! Stable discs: discs that can never be flipped again, whatever either side plays.
//!
//! The course notes (seed 004, "Heurística – Estabilidade") call a disc permanent when, along every
//! line through it, it cannot be outflanked. The test used here is the classic conservative one:
//!
//! A disc can only be flipped along one of the four axes (row, column, two diagonals), and only by
//! a disc placed on that axis. So a disc is safe on an axis when
//! 1. the whole line along that axis is full (no disc can ever be placed on it), or
//! 2. on one side along the axis there is the board edge (it cannot be bracketed), or
//! 3. one neighbour along the axis is a *stable* disc of the same colour (a bracket would have to
//!    flip that neighbour too, which never happens).
//!
//! A disc safe on all four axes is stable. Rule 3 refers to stability itself, so the set is built
//! as a least fixed point: start from nothing and add discs until nothing changes. Starting from
//! the empty set keeps the result sound (each round only relies on discs already proven stable);
//! a greatest fixed point would accept circular proofs. The result may miss some truly stable
//! discs, but never counts a disc that can still be flipped (checked against exhaustive play in
//! `tests/stability.rs`).

/// Column a (bits 0, 8, …, 56).
const COL_A: u64 = 0x0101_0101_0101_0101;
/// Column h.
const COL_H: u64 = COL_A << 7;
/// Row 1 (bits 0..8).
const ROW_1: u64 = 0xFF;
/// Row 8.
const ROW_8: u64 = ROW_1 << 56;
/// The 28 edge squares: a disc there cannot be bracketed across the edge on the three axes that
/// leave the board.
const EDGE: u64 = COL_A | COL_H | ROW_1 | ROW_8;

/// The 15 diagonals running a1–h8 (squares with equal `col - row`).
const DIAGONALS: [u64; 15] = build_diagonals(true);
/// The 15 anti-diagonals running h1–a8 (squares with equal `col + row`).
const ANTI_DIAGONALS: [u64; 15] = build_diagonals(false);

const fn build_diagonals(main: bool) -> [u64; 15] {
    let mut lines = [0u64; 15];
    let mut sq = 0;
    while sq < 64 {
        let (col, row) = (sq % 8, sq / 8);
        // col - row + 7 and col + row both span 0..15.
        let index = if main { col + 7 - row } else { col + row };
        lines[index] |= 1u64 << sq;
        sq += 1;
    }
    lines
}

/// For each axis, the squares whose whole line along that axis is occupied:
/// `[rows, columns, a1–h8 diagonals, h1–a8 diagonals]`.
///
/// Technique: rows by an AND-fold within each byte (shifts 1, 2, 4 leave "row full" on column a)
/// and columns by an AND-fold across rows (shifts 8, 16, 32 leave "column full" on row 1), each
/// spread back over its line by one multiply; diagonals by testing their 2 × 15 masks.
#[inline]
fn full_lines(occupied: u64) -> [u64; 4] {
    let mut fold = occupied;
    fold &= fold >> 1;
    fold &= fold >> 2;
    fold &= fold >> 4;
    let rows = (fold & COL_A).wrapping_mul(ROW_1);
    let mut fold = occupied;
    fold &= fold >> 32;
    fold &= fold >> 16;
    fold &= fold >> 8;
    let columns = (fold & ROW_1).wrapping_mul(COL_A);
    let mut diagonals = 0u64;
    let mut anti = 0u64;
    let mut i = 0;
    while i < 15 {
        if occupied & DIAGONALS[i] == DIAGONALS[i] {
            diagonals |= DIAGONALS[i];
        }
        if occupied & ANTI_DIAGONALS[i] == ANTI_DIAGONALS[i] {
            anti |= ANTI_DIAGONALS[i];
        }
        i += 1;
    }
    [rows, columns, diagonals, anti]
}

/// The discs of `own` that can never be flipped again (with `other` the opposing discs; which
/// side is to move does not matter).
///
/// Conservative: a stable disc may be missed, but a disc returned here is never flippable. Fast
/// enough for the endgame solver's stability cutoffs: full-line masks once, then a fixed point of
/// whole-board shifts (no per-square loop).
///
/// ```
/// use reversi::othello::stability::stable_discs;
/// // Black holds a1, b1, c1 (a corner and the edge run from it) and d4; white holds e4.
/// let own = 0b111 | 1 << 27;
/// let other = 1 << 28;
/// assert_eq!(stable_discs(own, other), 0b111);
/// // A full board: every disc is stable.
/// assert_eq!(stable_discs(0xF0F0_F0F0_F0F0_F0F0, 0x0F0F_0F0F_0F0F_0F0F), 0xF0F0_F0F0_F0F0_F0F0);
/// ```
pub fn stable_discs(own: u64, other: u64) -> u64 {
    let own = own & !other; // overlapping input is meaningless; never let it confuse the fill
    if own == 0 {
        return 0;
    }
    stable_given_full_lines(own, &full_lines(own | other))
}

/// The fixed point of [`stable_discs`], with the full-line masks already known (they depend only on
/// the occupied squares, so both colours can share them).
#[inline]
fn stable_given_full_lines(own: u64, full: &[u64; 4]) -> u64 {
    let [rows, columns, diagonals, anti] = *full;
    // Safe on an axis without help from neighbours: a full line or an edge on that axis.
    let horizontal_base = rows | COL_A | COL_H;
    let vertical_base = columns | ROW_1 | ROW_8;
    let diagonal_base = diagonals | EDGE;
    let anti_base = anti | EDGE;

    let mut stable = 0u64;
    loop {
        // A square is safe on an axis if a neighbour on that axis is stable. The masks stop
        // shifts from wrapping around a row: bit x gets neighbour x-1 (west) only if x is not in
        // column a, and so on.
        let horizontal = horizontal_base | ((stable << 1) & !COL_A) | ((stable >> 1) & !COL_H);
        let vertical = vertical_base | (stable << 8) | (stable >> 8);
        // a1–h8 direction: x-9 is north-west, x+9 south-east.
        let diagonal = diagonal_base | ((stable << 9) & !COL_A) | ((stable >> 9) & !COL_H);
        // h1–a8 direction: x-7 is north-east, x+7 south-west.
        let anti_diagonal = anti_base | ((stable << 7) & !COL_H) | ((stable >> 7) & !COL_A);
        let next = own & horizontal & vertical & diagonal & anti_diagonal;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// Stable discs of both sides, `(stable_discs(player, opponent), stable_discs(opponent, player))`,
/// sharing the full-line masks; what the evaluation calls.
///
/// ```
/// use reversi::othello::stability::stable_pair;
/// assert_eq!(stable_pair(1, 1 << 63), (1, 1 << 63));
/// ```
#[inline]
pub fn stable_pair(player: u64, opponent: u64) -> (u64, u64) {
    let (player, opponent) = (player & !opponent, opponent & !player);
    let occupied = player | opponent;
    // Without an occupied corner or a full line nothing can be stable: skip the fixed point.
    let full = full_lines(occupied);
    if occupied & 0x8100_0000_0000_0081 == 0 && full == [0; 4] {
        return (0, 0);
    }
    (stable_given_full_lines(player, &full), stable_given_full_lines(opponent, &full))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_masks_partition_the_board() {
        assert_eq!(DIAGONALS.iter().fold(0, |a, d| a | d), u64::MAX);
        assert_eq!(ANTI_DIAGONALS.iter().fold(0, |a, d| a | d), u64::MAX);
        assert_eq!(DIAGONALS[7], 0x8040_2010_0804_0201); // a1–h8
        assert_eq!(ANTI_DIAGONALS[7], 0x0102_0408_1020_4080); // h1–a8
    }

    #[test]
    fn full_lines_are_detected_per_axis() {
        let [rows, columns, diagonals, anti] = full_lines(ROW_1 | COL_A);
        assert_eq!(rows, ROW_1);
        assert_eq!(columns, COL_A);
        // a1 (a one-square anti-diagonal) and the h1 diagonal are full; so are a8 and h1 the other way.
        assert_eq!(diagonals, 1 << 7 | 1 << 56);
        assert_eq!(anti, 1 | 1 << 1 | 1 << 8);
    }

    #[test]
    fn a_lone_central_disc_is_not_stable() {
        assert_eq!(stable_discs(1 << 27, 1 << 28), 0);
        assert_eq!(stable_discs(0, 0), 0);
    }
}
