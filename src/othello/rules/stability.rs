//! Stable discs: discs that can never be flipped again, whatever either side plays. One
//! implementation, used by the evaluation (the course's stability term, seed 004 "Heurística –
//! Estabilidade") and by the exact solver (its stability cut-off).
//!
//! A disc can only be flipped along one of the four axes through it (row, column, two diagonals),
//! by a disc placed on that axis. Two rules, both sound:
//!
//! 1. **Edges, exactly.** A disc on an edge can only be flipped along that edge. A table over all
//!    3^8 patterns of an edge says which discs survive *every* sequence of placements on the edge,
//!    by either colour, flipping or not (a placement may be legal through another direction); it
//!    is built once, by increasing number of empties, each pattern from its successors.
//! 2. **Inner squares, by a fixed point.** An inner disc is stable when, on each of the four axes,
//!    its line is full (nothing can be placed on it) or a neighbour on that axis is a stable disc
//!    of its own colour (a bracket would have to flip that neighbour too). Stability is grown from
//!    the stable edge discs until nothing changes; starting from proven discs only keeps the
//!    result sound (a greatest fixed point would accept circular proofs).
//!
//! The result may still miss some stable inner discs, never counts a disc that can be flipped
//! (`tests/stability.rs` checks it against exhaustive play), and finds every stable edge disc.

use std::sync::OnceLock;

/// Column a (bits 0, 8, …, 56).
const COL_A: u64 = 0x0101_0101_0101_0101;
/// Row 1 (bits 0..8).
const ROW_1: u64 = 0xFF;
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
/// ```
/// use reversi::othello::rules::stability::stable_discs;
/// // Black holds a1, b1, c1 (a corner and the edge run from it) and d4; white holds e4.
/// let own = 0b111 | 1 << 27;
/// let other = 1 << 28;
/// assert_eq!(stable_discs(own, other), 0b111);
/// // A full board: every disc is stable.
/// assert_eq!(stable_discs(0xF0F0_F0F0_F0F0_F0F0, 0x0F0F_0F0F_0F0F_0F0F), 0xF0F0_F0F0_F0F0_F0F0);
/// ```
#[inline]
pub fn stable_discs(own: u64, other: u64) -> u64 {
    let own = own & !other; // overlapping input is meaningless; never let it confuse the fill
    let edges = stable_edge_discs(own, other);
    if own & INNER == 0 {
        return edges; // the solver's common case: skip the full-line masks
    }
    grow_inner(own, edges, &full_lines(own | other))
}

/// Stable discs of both sides, `(stable_discs(player, opponent), stable_discs(opponent, player))`,
/// sharing the full-line masks; what the evaluation calls.
///
/// ```
/// use reversi::othello::rules::stability::stable_pair;
/// assert_eq!(stable_pair(1, 1 << 63), (1, 1 << 63));
/// ```
#[inline]
pub fn stable_pair(player: u64, opponent: u64) -> (u64, u64) {
    let (player, opponent) = (player & !opponent, opponent & !player);
    let occupied = player | opponent;
    let (player_edges, opponent_edges) = (stable_edge_discs(player, opponent), stable_edge_discs(opponent, player));
    let full = full_lines(occupied);
    // Inner discs become stable only through full lines or stable neighbours: without either,
    // as in most midgame positions, the fixed point has nothing to grow from.
    if player_edges | opponent_edges == 0 && full == [0; 4] {
        return (0, 0);
    }
    (grow_inner(player, player_edges, &full), grow_inner(opponent, opponent_edges, &full))
}

/// The stable discs of `own` on the four edges, from the edge table.
#[inline]
fn stable_edge_discs(own: u64, other: u64) -> u64 {
    let table = edge_stability_table();
    let edge = |o: u8, t: u8| table[usize::from(o) << 8 | usize::from(t)];
    u64::from(edge(own as u8, other as u8))
        | u64::from(edge((own >> 56) as u8, (other >> 56) as u8)) << 56
        | byte_to_file(edge(file_to_byte(own, 0), file_to_byte(other, 0)), 0)
        | byte_to_file(edge(file_to_byte(own, 7), file_to_byte(other, 7)), 7)
}

/// Adds to `stable` (own discs already proven stable) the inner discs of `own` that are stable
/// by full lines and stable neighbours, to a fixed point.
#[inline]
fn grow_inner(own: u64, mut stable: u64, full: &[u64; 4]) -> u64 {
    let inner_own = own & INNER;
    if inner_own == 0 {
        return stable;
    }
    let [rows, columns, diagonals, anti] = *full;
    stable |= inner_own & rows & columns & diagonals & anti;
    // Inner squares have all eight neighbours on the board, so shifts cannot wrap for them.
    loop {
        let across = rows | stable << 1 | stable >> 1;
        let down = columns | stable << 8 | stable >> 8;
        let diagonal = diagonals | stable << 9 | stable >> 9;
        let anti_diagonal = anti | stable << 7 | stable >> 7;
        let grown = stable | (inner_own & across & down & diagonal & anti_diagonal);
        if grown == stable {
            return stable;
        }
        stable = grown;
    }
}

/// Squares off the edges: the only ones flippable in all four directions.
const INNER: u64 = 0x007E_7E7E_7E7E_7E00;

/// Table of the discs of an 8-square edge that can never be flipped by play along the edge.
/// Index `own << 8 | other`; bit i of the entry: square i of the edge is stable for `own`.
/// Built on first use (about a millisecond); the solver builds it before its first timed solve.
pub fn edge_stability_table() -> &'static [u8; 1 << 16] {
    static TABLE: OnceLock<Box<[u8; 1 << 16]>> = OnceLock::new();
    TABLE.get_or_init(build_edge_stability)
}

/// Flips along an 8-square line when `own` plays at `sq`.
fn line_flips(own: u8, other: u8, sq: u32) -> u8 {
    let mut flipped = 0u8;
    for step in [-1i32, 1] {
        let mut run = 0u8;
        let mut i = sq as i32 + step;
        while (0..8).contains(&i) && other >> i & 1 == 1 {
            run |= 1 << i;
            i += step;
        }
        if (0..8).contains(&i) && own >> i & 1 == 1 {
            flipped |= run;
        }
    }
    flipped
}

/// A disc is stable on an edge if it stays its colour after any sequence of placements on the
/// edge, of either colour, flipping or not (a move may be legal through the other directions).
/// States are computed by increasing number of empties, so each successor is already known.
fn build_edge_stability() -> Box<[u8; 1 << 16]> {
    let mut table = Box::new([0u8; 1 << 16]);
    for empties in 0..=8u32 {
        for own in 0..=255u8 {
            for other in 0..=255u8 {
                if own & other != 0 || (!(own | other)).count_ones() != empties {
                    continue;
                }
                let mut stable = own;
                let empty = !(own | other);
                for sq in 0..8 {
                    if empty >> sq & 1 == 0 {
                        continue;
                    }
                    let bit = 1u8 << sq;
                    // `own` plays: its discs stay; stable ones must stay in every successor.
                    let f = line_flips(own, other, sq);
                    stable &= table[usize::from(own | f | bit) << 8 | usize::from(other & !f)];
                    // `other` plays: flipped discs of `own` are lost.
                    let f = line_flips(other, own, sq);
                    stable &= table[usize::from(own & !f) << 8 | usize::from(other | f | bit)] & !f;
                }
                table[usize::from(own) << 8 | usize::from(other)] = stable;
            }
        }
    }
    table
}

/// Gathers a file (column) into a byte, row r → bit r: shifted to file a, the multiplication
/// stacks the rows into the top byte without carries.
#[inline]
fn file_to_byte(bits: u64, file: u32) -> u8 {
    (((bits >> file) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// The inverse of [`file_to_byte`], by table.
#[inline]
fn byte_to_file(byte: u8, file: u32) -> u64 {
    FILE_SPREAD[usize::from(byte)] << file
}

/// `FILE_SPREAD[b]`: bit r of `b` moved to row r of file a.
static FILE_SPREAD: [u64; 256] = build_file_spread();

const fn build_file_spread() -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut row = 0;
        while row < 8 {
            if byte >> row & 1 == 1 {
                table[byte] |= 1 << (row * 8);
            }
            row += 1;
        }
        byte += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::othello::rules::board::{flips_at, legal_moves, Board};

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

    #[test]
    fn edge_table_knows_corners_and_anchored_runs() {
        let table = edge_stability_table();
        // A lone corner is stable; a lone middle disc is not.
        assert_eq!(table[0b0000_0001 << 8], 0b0000_0001);
        assert_eq!(table[0b0000_1000 << 8], 0);
        // A run from the corner is stable up to the first gap.
        assert_eq!(table[(0b0000_0111 << 8) | 0b0001_0000], 0b0000_0111);
        // A full edge is stable in both colours.
        assert_eq!(table[(0b1010_1010 << 8) | 0b0101_0101], 0b1010_1010);
    }

    #[test]
    fn an_edge_disc_can_be_stable_without_a_corner() {
        // Row 1 "-OXOO-O-": whatever is played on the edge, c1 stays black (every run of black
        // through it stays bracketed by white or reaches a corner black takes).
        let table = edge_stability_table();
        assert_eq!(table[0b0000_0100 << 8 | 0b0101_1010], 0b0000_0100);
    }

    #[test]
    fn files_round_trip() {
        for file in [0, 7] {
            let bits = 0x8142_2418_1824_4281u64 & (0x0101_0101_0101_0101 << file);
            assert_eq!(byte_to_file(file_to_byte(bits, file), file), bits);
        }
    }

    #[test]
    fn the_pair_equals_two_single_calls() {
        let cases = [
            (1u64, 1u64 << 63),
            (0xFF, 0xFF00),
            (0x0F0F_F0F0_1234_5678, !0x0F0F_F0F0_1234_5678u64),
            (1 << 27, 1 << 28),
        ];
        for (a, b) in cases {
            assert_eq!(stable_pair(a, b), (stable_discs(a, b), stable_discs(b, a)));
        }
        // And on positions of random games, where the pair's shortcut is taken or not.
        let mut rng = crate::rng::XorShift64::from_state(0x2545_F491_4F6C_DD1D);
        for _ in 0..200 {
            let mut board = Board::start();
            while !board.is_game_over() {
                board = random_step(board, rng.next_u64());
                let (p, o) = (board.player, board.opponent);
                assert_eq!(stable_pair(p, o), (stable_discs(p, o), stable_discs(o, p)));
            }
        }
    }

    #[test]
    fn a_full_board_is_all_stable() {
        let own = 0x0F0F_F0F0_1234_5678u64;
        assert_eq!(stable_discs(own, !own), own);
    }

    #[test]
    fn stable_discs_never_flip_in_random_play() {
        let mut rng = crate::rng::XorShift64::from_state(crate::rng::GOLDEN_GAMMA);
        let mut random = move || rng.next_u64();
        let mut found = 0;
        for _ in 0..300 {
            // A random game to some point, then random continuations to the end.
            let mut board = Board::start();
            let stop_at = 20 + random() % 40;
            while board.empty_count() > 60 - stop_at as u32 && !board.is_game_over() {
                board = random_step(board, random());
            }
            let (mine, theirs) =
                (stable_discs(board.player, board.opponent), stable_discs(board.opponent, board.player));
            found += (mine | theirs).count_ones();
            for _ in 0..5 {
                let (mut b, mut flipped_sides) = (board, false);
                while !b.is_game_over() {
                    b = random_step(b, random());
                    flipped_sides = !flipped_sides;
                    let (p, o) = if flipped_sides { (b.opponent, b.player) } else { (b.player, b.opponent) };
                    assert_eq!(p & mine, mine, "a stable disc of the side to move flipped");
                    assert_eq!(o & theirs, theirs, "a stable disc of the other side flipped");
                }
            }
        }
        assert!(found > 1000, "the positions have stable discs ({found})");
    }

    fn random_step(board: Board, r: u64) -> Board {
        let moves = legal_moves(board.player, board.opponent);
        if moves == 0 {
            return board.passed();
        }
        let mut m = moves;
        for _ in 0..r % u64::from(moves.count_ones()) {
            m &= m - 1;
        }
        let sq = m.trailing_zeros() as usize;
        let f = flips_at(board.player, board.opponent, sq);
        Board { player: board.opponent ^ f, opponent: board.player | f | 1 << sq }
    }

    #[test]
    fn full_rows_and_files_by_folding_match_the_masks() {
        for filled in
            [u64::MAX, 0xFF00_0000_0000_00FF, 0x0101_0101_0101_0101, 0xFF01_0101_0101_01FE, 0x8181_8181_8181_81FF]
        {
            let own = filled & 0x5555_5555_5555_5555;
            let other = filled & !own;
            // Inner discs on full rows/files/diagonals are stable only if all four are full; a full
            // board checks the folding, the others must not mark partial lines.
            let stable = stable_discs(own, other);
            if filled == u64::MAX {
                assert_eq!(stable, own);
            }
            assert_eq!(stable & !own, 0);
        }
    }
}
