//! The pattern evaluation: the board cut into lines and corner blocks whose every configuration has
//! a weight fitted to game results (as in Logistello and its successors), one weight set per game
//! stage, plus small tables for each side's mobility and a constant per stage. The value is in
//! hundredths of a disc: the predicted final disc difference for the side to move.
//!
//! The patterns (base square lists; every image under the 8 board symmetries is an instance, and
//! all instances of a pattern share one table, so the evaluation is symmetric by construction):
//!
//! | pattern | squares | instances | configurations |
//! |---|---|---:|---:|
//! | edge + 2X | a1–h1, b2, g2 | 4 | 3¹⁰ |
//! | corner 3×3 | a1–c3 | 4 | 3⁹ |
//! | corner 2×5 | a1–e1, a2–e2 | 8 | 3¹⁰ |
//! | rows 2, 3, 4 | a2–h2, a3–h3, a4–h4 | 4 each | 3⁸ |
//! | diagonals of 8, 7, 6, 5, 4 | a1–h8, b1–h7, c1–h6, d1–h5, e1–h4 | 2 or 4 | 3⁸ … 3⁴ |
//!
//! A configuration's index is `Σ digit(square j) × 3^j` with digit 0 empty, 1 the side to move,
//! 2 the opponent. Extraction needs no per-square loop: the 8 symmetric images of both disc sets are
//! computed once (a few dozen bit operations each), each instance reads its squares from the image
//! that brings it to the base position, with shifts and masks (a multiply gathers a diagonal), and
//! a table turns the gathered bits into base 3. Configurations that a pattern's own symmetry
//! (reading the edge from the other end) makes equivalent share one trained weight.
//!
//! The weights file format and its checks are in [`file`](mod@file); weights may also come as
//! pattern networks, expanded into the tables at load ([`network`]).

pub mod file;
pub mod network;

pub use crate::othello::rules::bitboard::{flip, map_square, mirror, symmetry, transpose};
use crate::othello::rules::board::{legal_moves, legal_moves_both, Board};
use std::sync::OnceLock;

/// Evaluation units per disc: the evaluation is in hundredths of a disc.
pub const UNITS_PER_DISC: i32 = 100;

/// The largest evaluation: a 64-disc win.
pub const MAX_VALUE: i32 = 64 * UNITS_PER_DISC;

/// The number of patterns (tables per stage that are not mobility or the constant).
pub const PATTERN_COUNT: usize = 11;

/// A pattern: its name and its squares in digit order (a1 = 0, b1 = 1, … h8 = 63).
pub struct PatternDef {
    pub name: &'static str,
    pub squares: &'static [u8],
}

/// The patterns, in table order.
pub const PATTERNS: [PatternDef; PATTERN_COUNT] = [
    PatternDef { name: "edge+2x", squares: &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14] },
    PatternDef { name: "corner3x3", squares: &[0, 1, 2, 8, 9, 10, 16, 17, 18] },
    PatternDef { name: "corner2x5", squares: &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12] },
    PatternDef { name: "row2", squares: &[8, 9, 10, 11, 12, 13, 14, 15] },
    PatternDef { name: "row3", squares: &[16, 17, 18, 19, 20, 21, 22, 23] },
    PatternDef { name: "row4", squares: &[24, 25, 26, 27, 28, 29, 30, 31] },
    PatternDef { name: "diag8", squares: &[0, 9, 18, 27, 36, 45, 54, 63] },
    PatternDef { name: "diag7", squares: &[1, 10, 19, 28, 37, 46, 55] },
    PatternDef { name: "diag6", squares: &[2, 11, 20, 29, 38, 47] },
    PatternDef { name: "diag5", squares: &[3, 12, 21, 30, 39] },
    PatternDef { name: "diag4", squares: &[4, 13, 22, 31] },
];

/// Mobility (legal moves of one side) is counted up to this value.
pub const MOBILITY_CAP: usize = 31;

/// Stages of a set of weights: one per number of discs at most (the game has 61 of them).
pub const MAX_STAGES: usize = 61;

/// The bits of `b` on the base squares of pattern `p`, square j at bit j.
#[inline(always)]
fn gather(p: usize, b: u64) -> usize {
    const COLUMNS: u64 = 0x0101_0101_0101_0101;
    (match p {
        0 => (b & 0xff) | (b >> 1 & 0x100) | (b >> 5 & 0x200),
        1 => (b & 7) | (b >> 5 & 0x38) | (b >> 10 & 0x1c0),
        2 => (b & 0x1f) | (b >> 3 & 0x3e0),
        3 => b >> 8 & 0xff,
        4 => b >> 16 & 0xff,
        5 => b >> 24 & 0xff,
        // One square per column: the multiply stacks the columns into the top byte, no carries.
        6 => (b & 0x8040_2010_0804_0201).wrapping_mul(COLUMNS) >> 56,
        7 => (b & 0x0080_4020_1008_0402).wrapping_mul(COLUMNS) >> 57,
        8 => (b & 0x0000_8040_2010_0804).wrapping_mul(COLUMNS) >> 58,
        9 => (b & 0x0000_0080_4020_1008).wrapping_mul(COLUMNS) >> 59,
        _ => (b & 0x0000_0000_8040_2010).wrapping_mul(COLUMNS) >> 60,
    }) as usize
}

/// `TERNARY[bits]`: the bits read as base-3 digits 0/1.
static TERNARY: [u16; 1024] = {
    let mut t = [0u16; 1024];
    let mut bits = 0;
    while bits < 1024 {
        let (mut v, mut pow, mut j) = (0u32, 1u32, 0);
        while j < 10 {
            if bits >> j & 1 != 0 {
                v += pow;
            }
            pow *= 3;
            j += 1;
        }
        t[bits] = v as u16;
        bits += 1;
    }
    t
};

/// All 8 images of a disc set, in the order of [`symmetry`].
#[inline(always)]
fn images(b: u64) -> [u64; 8] {
    let m = mirror(b);
    let f = flip(b);
    let fm = flip(m);
    [b, m, f, fm, transpose(b), transpose(m), transpose(f), transpose(fm)]
}

/// The 8 images of both disc sets of `board`, as [`images`] gives them.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline(always)]
fn board_images(board: Board) -> ([u64; 8], [u64; 8]) {
    (images(board.player), images(board.opponent))
}

/// The 8 images of both disc sets of `board`, as [`images`] gives them, in the wasm SIMD build:
/// both sets side by side in one vector, so that each step is one instruction for the two, and
/// the top–bottom flip one byte shuffle (scalar wasm has no byte swap); what it buys with
/// `legal_moves_both`: docs/log/browser.md, "SIMD". Tested against the scalar features in
/// `tests/wasm_simd.rs`.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
fn board_images(board: Board) -> ([u64; 8], [u64; 8]) {
    use core::arch::wasm32::*;
    #[inline(always)]
    fn swap(v: v128, mask: u64, shift: u32) -> v128 {
        let mask = u64x2_splat(mask);
        v128_or(v128_and(u64x2_shr(v, shift), mask), u64x2_shl(v128_and(v, mask), shift))
    }
    #[inline(always)]
    fn delta(v: v128, mask: u64, shift: u32) -> v128 {
        let t = v128_and(u64x2_splat(mask), v128_xor(v, u64x2_shl(v, shift)));
        v128_xor(v, v128_xor(t, u64x2_shr(t, shift)))
    }
    let mirror = |v| swap(swap(swap(v, 0x5555_5555_5555_5555, 1), 0x3333_3333_3333_3333, 2), 0x0f0f_0f0f_0f0f_0f0f, 4);
    let flip = |v| i8x16_swizzle(v, i8x16(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8));
    let transpose =
        |v| delta(delta(delta(v, 0x0f0f_0f0f_0000_0000, 28), 0x3333_0000_3333_0000, 14), 0x5500_5500_5500_5500, 7);
    let b = u64x2(board.player, board.opponent);
    let m = mirror(b);
    let f = flip(b);
    let fm = flip(m);
    let all = [b, m, f, fm, transpose(b), transpose(m), transpose(f), transpose(fm)];
    (all.map(|v| u64x2_extract_lane::<0>(v)), all.map(|v| u64x2_extract_lane::<1>(v)))
}

/// Per pattern, the symmetries of its instances in instance order, as [`Layout`] finds them (it
/// checks this list when it is built): constants, so that [`PatternWeights::evaluate`]'s loops
/// unroll into fixed reads of the images.
const SYMMETRIES: [&[usize]; PATTERN_COUNT] = [
    &[0, 2, 4, 5],
    &[0, 1, 2, 3],
    &[0, 1, 2, 3, 4, 5, 6, 7],
    &[0, 2, 4, 5],
    &[0, 2, 4, 5],
    &[0, 2, 4, 5],
    &[0, 1],
    &[0, 1, 2, 3],
    &[0, 1, 2, 3],
    &[0, 1, 2, 3],
    &[0, 1, 2, 3],
];

/// One instance of a pattern on the board.
#[derive(Clone, Copy, Debug)]
pub struct Instance {
    pub pattern: usize,
    /// The symmetry that brings this instance to the pattern's base squares.
    pub symmetry: usize,
}

/// Everything derived from [`PATTERNS`]: the instances, and for each pattern the table size and
/// the class (shared trained weight) of every configuration.
pub struct Layout {
    pub instances: Vec<Instance>,
    /// `3^n` per pattern.
    pub sizes: [usize; PATTERN_COUNT],
    /// Start of each pattern's table in a stage's full table; mobility and the constant follow.
    pub full_offsets: [usize; PATTERN_COUNT],
    /// `class[p][index]`: the trained weight a configuration uses (within pattern p).
    pub class: Vec<Vec<u32>>,
    /// Start of each pattern's classes in a stage's trained weights; mobility and the constant follow.
    pub class_offsets: [usize; PATTERN_COUNT],
    /// Length of a stage's full table (patterns, own mobility, opponent mobility, constant).
    pub full_len: usize,
    /// Trained weights per stage.
    pub class_len: usize,
}

impl Layout {
    fn build() -> Layout {
        let mut instances = Vec::new();
        let mut sizes = [0; PATTERN_COUNT];
        let mut full_offsets = [0; PATTERN_COUNT];
        let mut class_offsets = [0; PATTERN_COUNT];
        let mut class = Vec::new();
        let (mut full, mut classes) = (0, 0);
        for (p, def) in PATTERNS.iter().enumerate() {
            let n = def.squares.len();
            // The squares read in board b by symmetry k's instance: those that k moves onto the base.
            let image = |k: usize| -> Vec<u8> {
                def.squares.iter().map(|&t| (0..64u8).find(|&s| map_square(s, k) == t).expect("a bijection")).collect()
            };
            let mut sets: Vec<u64> = Vec::new();
            // Permutations of the digit order that leave the pattern's square set unchanged.
            let mut self_maps: Vec<Vec<usize>> = Vec::new();
            let base = image(0);
            for k in 0..8 {
                let squares = image(k);
                let set = squares.iter().fold(0u64, |acc, &s| acc | 1 << s);
                if !sets.contains(&set) {
                    sets.push(set);
                    instances.push(Instance { pattern: p, symmetry: k });
                }
                if squares.iter().all(|s| base.contains(s)) {
                    self_maps
                        .push(squares.iter().map(|s| base.iter().position(|b| b == s).expect("same set")).collect());
                }
            }
            let size = 3usize.pow(n as u32);
            let mut canon = vec![0u32; size];
            let mut ids = vec![u32::MAX; size];
            let mut next = 0u32;
            // A configuration's class is named by its least image under the self-maps. The images
            // are kept as the digits count up (an odometer), not recomputed digit by digit: the
            // first load of the weights in a page builds this layout in the browser's baseline
            // code, where dividing out every configuration's digits cost tens of milliseconds.
            // A self-map moves the digit of square `from` to square j: `place[from]` is 3^j.
            let places: Vec<Vec<usize>> = self_maps
                .iter()
                .map(|map| {
                    let mut place = vec![0; n];
                    for (j, &from) in map.iter().enumerate() {
                        place[from] = 3usize.pow(j as u32);
                    }
                    place
                })
                .collect();
            let mut images = vec![0usize; places.len()];
            let mut digits = vec![0u8; n];
            for class in canon.iter_mut() {
                let least = *images.iter().min().expect("the identity is a self-map");
                if ids[least] == u32::MAX {
                    ids[least] = next;
                    next += 1;
                }
                *class = ids[least];
                for (square, digit) in digits.iter_mut().enumerate() {
                    if *digit < 2 {
                        *digit += 1;
                        images.iter_mut().zip(&places).for_each(|(image, place)| *image += place[square]);
                        break;
                    }
                    *digit = 0;
                    images.iter_mut().zip(&places).for_each(|(image, place)| *image -= 2 * place[square]);
                }
            }
            sizes[p] = size;
            full_offsets[p] = full;
            class_offsets[p] = classes;
            full += size;
            classes += next as usize;
            class.push(canon);
        }
        let extra = 2 * (MOBILITY_CAP + 1) + 1;
        for (p, list) in SYMMETRIES.iter().enumerate() {
            let built: Vec<usize> = instances.iter().filter(|i| i.pattern == p).map(|i| i.symmetry).collect();
            assert_eq!(built, *list, "SYMMETRIES[{p}] lists pattern {p}'s instances");
        }
        Layout {
            instances,
            sizes,
            full_offsets,
            class,
            class_offsets,
            full_len: full + extra,
            class_len: classes + extra,
        }
    }

    /// The layout (built once).
    pub fn get() -> &'static Layout {
        static LAYOUT: OnceLock<Layout> = OnceLock::new();
        LAYOUT.get_or_init(Layout::build)
    }

    /// Offset of the own-mobility table in a full table (then the opponent's, then the constant).
    pub fn full_mobility(&self) -> usize {
        self.full_len - 2 * (MOBILITY_CAP + 1) - 1
    }

    /// The number of classes (trained weights per stage) of pattern `p`.
    pub fn class_len_of(&self, p: usize) -> usize {
        let end = if p + 1 < PATTERN_COUNT { self.class_offsets[p + 1] } else { self.class_mobility() };
        end - self.class_offsets[p]
    }

    pub fn class_mobility(&self) -> usize {
        self.class_len - 2 * (MOBILITY_CAP + 1) - 1
    }
}

/// Number of features of one position (pattern instances, two mobilities, the constant).
pub const FEATURES: usize = 46 + 3;

/// The stage of a board with `discs` discs when there are `stages` stages (equal disc ranges).
#[inline]
pub fn stage_of(discs: u32, stages: usize) -> usize {
    ((discs.clamp(4, 64) - 4) as usize * stages / 61).min(stages - 1)
}

/// Indices into a stage's full table of every feature of `board` (side to move's view).
#[inline]
pub fn full_features(layout: &Layout, board: Board) -> [u32; FEATURES] {
    let (ps, os) = (images(board.player), images(board.opponent));
    let mut out = [0u32; FEATURES];
    for (slot, inst) in out.iter_mut().zip(&layout.instances) {
        let (p, k) = (inst.pattern, inst.symmetry);
        let index = TERNARY[gather(p, ps[k])] as usize + 2 * TERNARY[gather(p, os[k])] as usize;
        *slot = (layout.full_offsets[p] + index) as u32;
    }
    let mobility = layout.full_mobility();
    let own = (legal_moves(board.player, board.opponent).count_ones() as usize).min(MOBILITY_CAP);
    let theirs = (legal_moves(board.opponent, board.player).count_ones() as usize).min(MOBILITY_CAP);
    out[46] = (mobility + own) as u32;
    out[47] = (mobility + MOBILITY_CAP + 1 + theirs) as u32;
    out[48] = (layout.full_len - 1) as u32;
    out
}

/// Indices into a stage's trained weights (configurations made equivalent by a pattern's own
/// symmetry share one) of every feature of `board`.
pub fn class_features(layout: &Layout, board: Board) -> [u32; FEATURES] {
    let full = full_features(layout, board);
    let mut out = [0u32; FEATURES];
    for (i, (slot, &f)) in out.iter_mut().zip(&full).enumerate() {
        *slot = if i < 46 {
            let p = layout.instances[i].pattern;
            (layout.class_offsets[p] + layout.class[p][f as usize - layout.full_offsets[p]] as usize) as u32
        } else {
            (f as usize + layout.class_len - layout.full_len) as u32
        };
    }
    out
}

/// Fitted weights ready to evaluate: one full table per stage, in hundredths of a disc.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternWeights {
    stages: usize,
    /// `stages × layout.full_len` entries.
    tables: Vec<i16>,
}

/// Discs to the tables' hundredths of a disc, rounded by `round`.
#[inline]
pub(super) fn to_units(discs: f32, round: impl Fn(f32) -> f32) -> i16 {
    round(discs * UNITS_PER_DISC as f32).clamp(-32767.0, 32767.0) as i16
}

/// A pattern's table of one stage: each configuration its class's value (`values`, in discs), in
/// hundredths of a disc rounded by `round`. A function of its own, called once per pattern and
/// stage, that the wasm build keeps apart (`--no-inline` in scripts/build-wasm.sh): a browser runs
/// a long call in its baseline code until it returns and optimises a function once it has been
/// called often enough, so these loops, inlined into the one call that loads the weights, would
/// run unoptimised to the end.
#[inline(never)]
pub(super) fn fill_table(table: &mut [i16], class_of: &[u32], values: &[f32], round: impl Fn(f32) -> f32 + Copy) {
    for (entry, &c) in table.iter_mut().zip(class_of) {
        *entry = to_units(values[c as usize], round);
    }
}

impl PatternWeights {
    /// From trained weights in discs (`stages × layout.class_len`, as [`class_features`] indexes
    /// them): every configuration gets its class's weight, rounded to hundredths of a disc.
    pub fn from_class_weights(stages: usize, weights: &[f32]) -> PatternWeights {
        let layout = Layout::get();
        assert_eq!(weights.len(), stages * layout.class_len, "weights for {stages} stages");
        let mut tables = vec![0i16; stages * layout.full_len];
        for s in 0..stages {
            let w = &weights[s * layout.class_len..(s + 1) * layout.class_len];
            let t = &mut tables[s * layout.full_len..(s + 1) * layout.full_len];
            for p in 0..PATTERN_COUNT {
                let table = &mut t[layout.full_offsets[p]..][..layout.sizes[p]];
                fill_table(table, &layout.class[p], &w[layout.class_offsets[p]..], f32::round);
            }
            let extra = layout.full_len - layout.full_mobility();
            for i in 0..extra {
                t[layout.full_mobility() + i] = to_units(w[layout.class_mobility() + i], f32::round);
            }
        }
        PatternWeights { stages, tables }
    }

    pub fn stages(&self) -> usize {
        self.stages
    }

    /// The predicted final disc difference for the side to move, in hundredths of a disc, within
    /// ±[`MAX_VALUE`] (so that no weights, however odd, can reach the search's values of finished
    /// games).
    #[inline]
    pub fn evaluate(&self, board: Board) -> i32 {
        let (moves, replies) = legal_moves_both(board.player, board.opponent);
        self.evaluate_with_mobility(board, moves, replies)
    }

    /// [`Self::evaluate`] for a search that has both sides' legal moves already: `moves` the side
    /// to move's, `replies` the opponent's (as [`crate::othello::rules::board::legal_moves_both`]
    /// gives them).
    #[inline]
    pub fn evaluate_with_mobility(&self, board: Board, moves: u64, replies: u64) -> i32 {
        let layout = Layout::get();
        let stage = stage_of((board.player | board.opponent).count_ones(), self.stages);
        let table = &self.tables[stage * layout.full_len..(stage + 1) * layout.full_len];
        // As `full_features`, the patterns written out one by one: with the pattern a constant,
        // each instance's gather is a few fixed shifts (not a branch on the pattern per instance)
        // and the table loads of an instance do not wait on the loop. `the_evaluation_is_symmetric`
        // checks it against the features.
        let (ps, os) = board_images(board);
        let mut sum = 0i32;
        macro_rules! add_pattern {
            ($p:literal) => {{
                let t = &table[layout.full_offsets[$p]..layout.full_offsets[$p] + layout.sizes[$p]];
                for &k in SYMMETRIES[$p] {
                    let index = TERNARY[gather($p, ps[k])] as usize + 2 * TERNARY[gather($p, os[k])] as usize;
                    sum += i32::from(t[index]);
                }
            }};
        }
        add_pattern!(0);
        add_pattern!(1);
        add_pattern!(2);
        add_pattern!(3);
        add_pattern!(4);
        add_pattern!(5);
        add_pattern!(6);
        add_pattern!(7);
        add_pattern!(8);
        add_pattern!(9);
        add_pattern!(10);
        const _: () = assert!(PATTERN_COUNT == 11, "one add_pattern! per pattern");
        let mobility = layout.full_mobility();
        let own = (moves.count_ones() as usize).min(MOBILITY_CAP);
        let theirs = (replies.count_ones() as usize).min(MOBILITY_CAP);
        sum += i32::from(table[mobility + own]) + i32::from(table[mobility + MOBILITY_CAP + 1 + theirs]);
        sum += i32::from(table[layout.full_len - 1]);
        sum.clamp(-MAX_VALUE, MAX_VALUE)
    }
}

/// One line of [`PatternWeights::breakdown`]: a pattern's instances (or mobility, or the
/// constant) and what they add to the evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BreakdownTerm {
    pub name: &'static str,
    /// Instances of the pattern on the board (for mobility: the number of moves).
    pub count: u32,
    /// Hundredths of a disc.
    pub contribution: i32,
}

/// The pattern evaluation of one position, explained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternBreakdown {
    /// The weight set used (0 = the opening's), and how many there are.
    pub stage: usize,
    pub stages: usize,
    pub terms: Vec<BreakdownTerm>,
    /// Sum of the contributions within ±[`MAX_VALUE`]: equal to [`PatternWeights::evaluate`].
    pub total: i32,
}

impl PatternWeights {
    /// The evaluation of `board` term by term: each pattern's instances summed, then both
    /// mobilities and the stage's constant.
    pub fn breakdown(&self, board: Board) -> PatternBreakdown {
        let layout = Layout::get();
        let stage = stage_of((board.player | board.opponent).count_ones(), self.stages);
        let table = &self.tables[stage * layout.full_len..(stage + 1) * layout.full_len];
        let features = full_features(layout, board);
        let mut terms: Vec<BreakdownTerm> =
            PATTERNS.iter().map(|p| BreakdownTerm { name: p.name, count: 0, contribution: 0 }).collect();
        for (inst, &f) in layout.instances.iter().zip(&features) {
            terms[inst.pattern].count += 1;
            terms[inst.pattern].contribution += i32::from(table[f as usize]);
        }
        let own = legal_moves(board.player, board.opponent).count_ones();
        let theirs = legal_moves(board.opponent, board.player).count_ones();
        terms.push(BreakdownTerm {
            name: "mobility",
            count: own,
            contribution: i32::from(table[features[46] as usize]),
        });
        terms.push(BreakdownTerm {
            name: "opponent mobility",
            count: theirs,
            contribution: i32::from(table[features[47] as usize]),
        });
        terms.push(BreakdownTerm { name: "constant", count: 1, contribution: i32::from(table[features[48] as usize]) });
        let total = terms.iter().map(|t| t.contribution).sum::<i32>().clamp(-MAX_VALUE, MAX_VALUE);
        PatternBreakdown { stage, stages: self.stages, terms, total }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_boards(count: usize, seed: u64) -> Vec<Board> {
        let mut rng = crate::rng::XorShift64Star::new(seed);
        (0..count)
            .map(|_| {
                let occupied = rng.next_u64() | rng.next_u64();
                let player = occupied & rng.next_u64();
                Board { player, opponent: occupied & !player }
            })
            .collect()
    }

    #[test]
    fn symmetries_move_squares_as_their_maps_say() {
        for k in 0..8 {
            for s in 0..64u8 {
                assert_eq!(symmetry(1 << s, k), 1 << map_square(s, k), "symmetry {k} square {s}");
            }
        }
    }

    #[test]
    fn fast_extraction_matches_reading_the_squares() {
        let layout = Layout::get();
        assert_eq!(layout.instances.len(), 46);
        for b in random_boards(300, 1) {
            let f = full_features(layout, b);
            for (i, inst) in layout.instances.iter().enumerate() {
                let def = &PATTERNS[inst.pattern];
                // Square j of this instance: the one the symmetry moves onto base square j.
                let mut index = 0;
                for (j, &t) in def.squares.iter().enumerate() {
                    let s = (0..64u8).find(|&s| map_square(s, inst.symmetry) == t).unwrap();
                    let digit = if b.player >> s & 1 != 0 {
                        1
                    } else if b.opponent >> s & 1 != 0 {
                        2
                    } else {
                        0
                    };
                    index += digit * 3usize.pow(j as u32);
                }
                assert_eq!(f[i] as usize, layout.full_offsets[inst.pattern] + index, "instance {i}");
            }
        }
    }

    #[test]
    fn instances_cover_each_pattern_under_all_symmetries() {
        let layout = Layout::get();
        let counts: Vec<usize> =
            (0..PATTERN_COUNT).map(|p| layout.instances.iter().filter(|i| i.pattern == p).count()).collect();
        assert_eq!(counts, [4, 4, 8, 4, 4, 4, 2, 4, 4, 4, 4]);
        // The edge read backwards is the same configuration; the 2×5 block has no such symmetry.
        assert_eq!(layout.class[0][1], layout.class[0][3usize.pow(7)]);
        assert_ne!(layout.class[2][1], layout.class[2][3usize.pow(4)]);
    }

    #[test]
    fn the_evaluation_is_symmetric() {
        let layout = Layout::get();
        let mut rng = crate::rng::XorShift64Star::new(9);
        let stages = 3;
        let weights: Vec<f32> =
            (0..stages * layout.class_len).map(|_| (rng.next_u64() % 2001) as f32 / 100.0 - 10.0).collect();
        let w = PatternWeights::from_class_weights(stages, &weights);
        for b in random_boards(200, 2) {
            let v = w.evaluate(b);
            assert_eq!(w.breakdown(b).total, v, "the breakdown adds up");
            for k in 1..8 {
                let t = Board { player: symmetry(b.player, k), opponent: symmetry(b.opponent, k) };
                assert_eq!(w.evaluate(t), v, "symmetry {k}");
            }
        }
    }
}
