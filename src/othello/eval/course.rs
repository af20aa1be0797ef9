//! The static evaluation: the course's Othello heuristics (seed 004), each a named term, combined
//! with weights that depend on the game phase.
//!
//! | term | raw value (side to move minus opponent) |
//! |---|---|
//! | [`Term::Positional`] | sum of square weights of own discs − the opponent's ([`POSITIONAL`], [`EDGE_ACCESS`] once a corner is taken, the squares next to a taken corner re-scored 12 / 12 / 8) |
//! | [`Term::Mobility`] | own legal moves − the opponent's |
//! | [`Term::Stability`] | own stable discs − the opponent's ([`crate::othello::rules::stability::stable_discs`]) |
//! | [`Term::DiscDifference`] | own discs − the opponent's |
//!
//! `evaluate(b) = Σ raw(term) × WEIGHTS[phase(b)][term]`, clamped to ±[`MAX_EVAL`]. [`evaluate`] is
//! the cheap leaf function (no allocation: row lookups in precomputed tables); [`breakdown`] gives
//! the same number with every term's raw value, weight and contribution, for the classroom.
//!
//! ```
//! use reversi::{Board, othello::eval::course::{breakdown, evaluate, Term}};
//! let b = Board::start();
//! assert_eq!(evaluate(b), 0); // the start is symmetric
//! let after = b.play_unchecked("f5".parse().unwrap());
//! let report = breakdown(after);
//! assert_eq!(report.total, evaluate(after));
//! assert_eq!(report.terms[1].term, Term::Mobility);
//! // White to move has d6, f4, f6; black would have c3, c4, d3.
//! assert_eq!(report.terms[1].raw, 3 - 3);
//! ```

use crate::othello::rules::board::{legal_moves_both, Board};
use crate::othello::rules::stability::stable_pair;
use std::fmt;

/// The largest magnitude [`evaluate`] returns; the search keeps larger numbers for decided games.
pub const MAX_EVAL: i32 = 30_000;

/// Discs per unit of this evaluation, measured by `tools/src/bin/eval_scale.rs`: the least-squares
/// slope through the origin of exact scores against search scores (the mean of the depth-5 and
/// depth-6 scores) on positions at 16–20 empty squares. An approximation: the evaluation is not
/// linear in discs. Used by the review's disc scores and the time plan's "score fell".
pub const DISCS_PER_UNIT: f64 = 0.0642;
/// A disc's worth in this evaluation's units, rounded (≈ 15.6): the time plan's "score fell" test
/// and the endgame solver's estimates and ProbCut margins when it orders with this evaluation.
pub const UNITS_PER_DISC: i32 = (1.0 / DISCS_PER_UNIT + 0.5) as i32;

/// One heuristic of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// Square weights: corners good, squares next to open corners bad.
    Positional,
    /// Own legal moves minus the opponent's.
    Mobility,
    /// Own stable discs minus the opponent's.
    Stability,
    /// Own discs minus the opponent's.
    DiscDifference,
}

impl Term {
    /// Every term, in the order of [`Weights`] columns and [`Breakdown::terms`].
    pub const ALL: [Term; 4] = [Term::Positional, Term::Mobility, Term::Stability, Term::DiscDifference];

    /// Column of this term in a [`PhaseWeights`] row.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Stable lowercase identifier (for JSON, the web front end, command lines).
    ///
    /// ```
    /// use reversi::othello::eval::course::Term;
    /// let ids: Vec<_> = Term::ALL.iter().map(|t| t.name()).collect();
    /// assert_eq!(ids, ["positional", "mobility", "stability", "discs"]);
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Term::Positional => "positional",
            Term::Mobility => "mobility",
            Term::Stability => "stability",
            Term::DiscDifference => "discs",
        }
    }

    /// Human-readable name for display.
    pub const fn label(self) -> &'static str {
        match self {
            Term::Positional => "Positional",
            Term::Mobility => "Mobility",
            Term::Stability => "Stability",
            Term::DiscDifference => "Disc difference",
        }
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Stage of the game, by the number of discs on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    /// 4–20 discs.
    Opening,
    /// 21–40 discs.
    Midgame,
    /// 41–52 discs.
    Late,
    /// 53–64 discs (at most 11 empties: the exact solver usually takes over here).
    Endgame,
}

impl Phase {
    /// Every phase, in the order of [`Weights`] rows.
    pub const ALL: [Phase; 4] = [Phase::Opening, Phase::Midgame, Phase::Late, Phase::Endgame];

    /// The phase of a board holding `discs` discs.
    ///
    /// ```
    /// use reversi::othello::eval::course::Phase;
    /// assert_eq!(Phase::of(4), Phase::Opening);
    /// assert_eq!(Phase::of(21), Phase::Midgame);
    /// assert_eq!(Phase::of(64), Phase::Endgame);
    /// ```
    pub const fn of(discs: u32) -> Phase {
        match discs {
            0..=20 => Phase::Opening,
            21..=40 => Phase::Midgame,
            41..=52 => Phase::Late,
            _ => Phase::Endgame,
        }
    }

    /// Row of this phase in [`Weights`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Stable lowercase identifier.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Opening => "opening",
            Phase::Midgame => "midgame",
            Phase::Late => "late",
            Phase::Endgame => "endgame",
        }
    }

    /// Human-readable name for display.
    pub const fn label(self) -> &'static str {
        match self {
            Phase::Opening => "Opening",
            Phase::Midgame => "Midgame",
            Phase::Late => "Late midgame",
            Phase::Endgame => "Endgame",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Integer weights of the four terms, indexed by [`Term::index`].
pub type PhaseWeights = [i32; 4];

/// One [`PhaseWeights`] row per [`Phase`], indexed by [`Phase::index`].
pub type Weights = [PhaseWeights; 4];

/// The weights the engine uses: `WEIGHTS[phase][term]`.
///
/// | phase (discs) | positional | mobility | stability | discs |
/// |---|---:|---:|---:|---:|
/// | opening (4–20) | 1 | 20 | 10 | 0 |
/// | midgame (21–40) | 1 | 20 | 10 | 0 |
/// | late (41–52) | 1 | 25 | 10 | 0 |
/// | endgame (53–64) | 1 | 30 | 10 | 1 |
///
/// Scale: one positional point is the unit (a corner is worth 99, an X-square −24), so one move of
/// mobility is worth about a fifth of a corner, and a stable disc a tenth.
///
/// Why these numbers (self-play matches of the fixed-depth alpha-beta of the `selfplay` tool,
/// random openings played with both colours; [`CANDIDATES`] are the final round's tables):
/// - Mobility is the term that wins games: the more weight on it, the better, and the seed's
///   positional table alone loses to every other table.
/// - Weighting the disc difference heavily late loses: at a search horizon, more discs mostly
///   means fewer moves next.
/// - Around the best flat table (1, 20, 10, 0–1) the differences are within noise, with a slight
///   edge for mobility rising towards the end and for no disc term before the end.
///
/// The endgame row matters little in the real engine, which solves the last empties exactly.
/// Not tuned: the phase boundaries (20 / 40 / 52 discs) and the positional scale (the seed's
/// tables are used as they are, weight 1).
/// Reproduce: `nice cargo run --release --bin selfplay -- weights --depth 5 --openings 150`.
pub const WEIGHTS: Weights = [[1, 20, 10, 0], [1, 20, 10, 0], [1, 25, 10, 0], [1, 30, 10, 1]];

/// The weight tables of the final self-play round (`selfplay -- weights`), by name;
/// [`WEIGHTS`] is the first. Kept so the classroom can show (and replay) the alternatives.
pub const CANDIDATES: [(&str, Weights); 6] = [
    ("chosen", WEIGHTS),
    ("flat-20-10-0", [[1, 20, 10, 0]; 4]),
    ("mobility-rising", [[1, 20, 10, 1], [1, 20, 10, 1], [1, 25, 10, 1], [1, 30, 10, 1]]),
    ("mobility-heavy", [[1, 25, 10, 0], [1, 20, 15, 0], [1, 12, 20, 2], [1, 6, 20, 8]]),
    ("first-guess", [[1, 10, 10, 0], [1, 8, 15, 0], [1, 6, 20, 2], [1, 4, 20, 8]]),
    ("positional-only", [[1, 0, 0, 0]; 4]),
];

/// The seed's positional table (8×8, row 1 first; symmetric, so orientation does not matter).
///
/// Corners 99; the squares next to a corner bad (−8 on the edge, −24 on the diagonal, the
/// X-squares), because they hand the corner to the opponent; other edge squares positive; the
/// ring around the edges slightly negative (edge access for the opponent); the centre 0.
pub const POSITIONAL: [[i32; 8]; 8] = [
    [99, -8, 8, 6, 6, 8, -8, 99],
    [-8, -24, -4, -3, -3, -4, -24, -8],
    [8, -4, 7, 4, 4, 7, -4, 8],
    [6, -3, 4, 0, 0, 4, -3, 6],
    [6, -3, 4, 0, 0, 4, -3, 6],
    [8, -4, 7, 4, 4, 7, -4, 8],
    [-8, -24, -4, -3, -3, -4, -24, -8],
    [99, -8, 8, 6, 6, 8, -8, 99],
];

/// The seed's "edge access" table ("Acessos às laterais"), used as soon as any corner is taken:
/// giving the opponent edge access is no longer bad, so the ring squares become 0 or 1.
pub const EDGE_ACCESS: [[i32; 8]; 8] = [
    [99, -8, 8, 6, 6, 8, -8, 99],
    [-8, -24, 0, 1, 1, 0, -24, -8],
    [8, 0, 7, 4, 4, 7, 0, 8],
    [6, 1, 4, 1, 1, 4, 1, 6],
    [6, 1, 4, 1, 1, 4, 1, 6],
    [8, 0, 7, 4, 4, 7, 0, 8],
    [-8, -24, 0, 1, 1, 0, -24, -8],
    [99, -8, 8, 6, 6, 8, -8, 99],
];

/// Weight of the two edge squares next to a taken corner (seed: "Adjacentes dos cantos").
pub const TAKEN_CORNER_EDGE: i32 = 12;
/// Weight of the diagonal (X) square next to a taken corner.
pub const TAKEN_CORNER_DIAGONAL: i32 = 8;

/// A square table folded into per-row lookups: `ROW_SUMS[row][byte]` is the summed weight of the
/// squares of that row whose bits are set in `byte`. A weighted sum over a disc set is then eight
/// loads (no popcount, which is slow on targets without the instruction).
type RowSums = [[i16; 256]; 8];

const fn row_sums(table: &[[i32; 8]; 8]) -> RowSums {
    let mut sums = [[0i16; 256]; 8];
    let mut row = 0;
    while row < 8 {
        let mut byte = 0;
        while byte < 256 {
            let mut sum = 0;
            let mut col = 0;
            while col < 8 {
                if byte >> col & 1 != 0 {
                    sum += table[row][col];
                }
                col += 1;
            }
            sums[row][byte] = sum as i16;
            byte += 1;
        }
        row += 1;
    }
    sums
}

static POSITIONAL_ROWS: RowSums = row_sums(&POSITIONAL);
static EDGE_ACCESS_ROWS: RowSums = row_sums(&EDGE_ACCESS);

#[inline(always)]
fn table_sum(rows: &RowSums, discs: u64) -> i32 {
    let mut sum = 0;
    let mut r = 0;
    while r < 8 {
        sum += rows[r][(discs >> (8 * r)) as u8 as usize] as i32;
        r += 1;
    }
    sum
}

/// Corners a1, h1, a8, h8.
const CORNERS: [u8; 4] = [0, 7, 56, 63];
/// For each corner: its two edge neighbours and its diagonal neighbour.
const CORNER_NEIGHBOURS: [(u64, u64); 4] = [
    (1 << 1 | 1 << 8, 1 << 9),
    (1 << 6 | 1 << 15, 1 << 14),
    (1 << 48 | 1 << 57, 1 << 49),
    (1 << 55 | 1 << 62, 1 << 54),
];
/// How much a taken corner changes its neighbours' weights relative to [`EDGE_ACCESS`] (which is
/// the table in force whenever a corner is taken). The table is symmetric, so one pair serves all
/// four corners.
const EDGE_NEIGHBOUR_DELTA: i32 = TAKEN_CORNER_EDGE - EDGE_ACCESS[0][1];
const DIAGONAL_NEIGHBOUR_DELTA: i32 = TAKEN_CORNER_DIAGONAL - EDGE_ACCESS[1][1];
const _: () = assert!(EDGE_ACCESS[0][1] == EDGE_ACCESS[1][0] && EDGE_ACCESS[0][6] == -8);
const _: () = assert!(EDGE_ACCESS[1][1] == EDGE_ACCESS[6][6] && EDGE_ACCESS[1][6] == -24);
const _: () = assert!(EDGE_ACCESS[6][0] == -8 && EDGE_ACCESS[7][1] == -8 && EDGE_ACCESS[7][6] == -8);

/// Own minus opponent discs among the (at most three) squares of `mask`.
#[inline(always)]
fn diff(player: u64, opponent: u64, mask: u64) -> i32 {
    // Popcount-free for tiny masks: test each member bit.
    let mut m = mask;
    let mut d = 0;
    while m != 0 {
        let bit = m & m.wrapping_neg();
        d += (player & bit != 0) as i32 - (opponent & bit != 0) as i32;
        m ^= bit;
    }
    d
}

/// The positional term: Σ weight(own discs) − Σ weight(opponent discs), with the table chosen by
/// corner occupancy as the seed describes.
///
/// ```
/// use reversi::othello::eval::course::positional;
/// // Own a1 (99) against an opponent b2 (X-square, re-scored 8 once a1 is taken).
/// assert_eq!(positional(1, 1 << 9), 99 - 8);
/// ```
#[inline]
pub fn positional(player: u64, opponent: u64) -> i32 {
    let corners = (player | opponent) & 0x8100_0000_0000_0081;
    if corners == 0 {
        return table_sum(&POSITIONAL_ROWS, player) - table_sum(&POSITIONAL_ROWS, opponent);
    }
    let mut sum = table_sum(&EDGE_ACCESS_ROWS, player) - table_sum(&EDGE_ACCESS_ROWS, opponent);
    for (c, &(edge, diagonal)) in CORNERS.iter().zip(&CORNER_NEIGHBOURS) {
        if corners >> c & 1 != 0 {
            sum += EDGE_NEIGHBOUR_DELTA * diff(player, opponent, edge)
                + DIAGONAL_NEIGHBOUR_DELTA * diff(player, opponent, diagonal);
        }
    }
    sum
}

/// The square weights in force for a board whose occupied squares are `occupied` (index = square,
/// a1 = 0): what the classroom shows, and the slow reference for [`positional`].
///
/// ```
/// use reversi::othello::eval::course::square_weights;
/// let open = square_weights(0);
/// assert_eq!((open[0], open[1], open[9]), (99, -8, -24));
/// let a1_taken = square_weights(1);
/// assert_eq!((a1_taken[1], a1_taken[8], a1_taken[9], a1_taken[14]), (12, 12, 8, -24));
/// ```
pub fn square_weights(occupied: u64) -> [i32; 64] {
    let corners_taken = CORNERS.iter().any(|&c| occupied >> c & 1 != 0);
    let table = if corners_taken { &EDGE_ACCESS } else { &POSITIONAL };
    let mut w = [0; 64];
    for (sq, weight) in w.iter_mut().enumerate() {
        *weight = table[sq / 8][sq % 8];
    }
    for (c, &(edge, diagonal)) in CORNERS.iter().zip(&CORNER_NEIGHBOURS) {
        if occupied >> c & 1 != 0 {
            for (sq, weight) in w.iter_mut().enumerate() {
                if edge >> sq & 1 != 0 {
                    *weight = TAKEN_CORNER_EDGE;
                }
                if diagonal >> sq & 1 != 0 {
                    *weight = TAKEN_CORNER_DIAGONAL;
                }
            }
        }
    }
    w
}

/// Own legal moves minus the opponent's.
#[inline]
pub fn mobility(player: u64, opponent: u64) -> i32 {
    let (own, theirs) = legal_moves_both(player, opponent);
    own.count_ones() as i32 - theirs.count_ones() as i32
}

/// Own stable discs minus the opponent's.
#[inline]
pub fn stability(player: u64, opponent: u64) -> i32 {
    let (own, theirs) = stable_pair(player, opponent);
    own.count_ones() as i32 - theirs.count_ones() as i32
}

/// The raw value of one term for the side to move.
///
/// ```
/// use reversi::{Board, othello::eval::course::{raw, Term}};
/// assert_eq!(raw(Board::start(), Term::DiscDifference), 0);
/// ```
#[inline]
pub fn raw(board: Board, term: Term) -> i32 {
    let (p, o) = (board.player, board.opponent);
    match term {
        Term::Positional => positional(p, o),
        Term::Mobility => mobility(p, o),
        Term::Stability => stability(p, o),
        Term::DiscDifference => p.count_ones() as i32 - o.count_ones() as i32,
    }
}

/// The evaluation with [`WEIGHTS`], from the side to move's point of view, within ±[`MAX_EVAL`].
///
/// ```
/// use reversi::{Board, othello::eval::course::evaluate};
/// let b = Board::start().play_unchecked("d3".parse().unwrap());
/// // The terms are differences, so swapping the sides negates the value.
/// assert_eq!(evaluate(b.passed()), -evaluate(b));
/// ```
#[inline]
pub fn evaluate(board: Board) -> i32 {
    evaluate_with(board, &WEIGHTS)
}

/// The evaluation with other weights (self-play tuning, classroom experiments). Terms whose weight
/// is zero in the current phase are not computed.
#[inline]
pub fn evaluate_with(board: Board, weights: &Weights) -> i32 {
    let discs = (board.player | board.opponent).count_ones();
    let w = &weights[Phase::of(discs).index()];
    let mut total = 0i32;
    for term in Term::ALL {
        let weight = w[term.index()];
        if weight != 0 {
            total = total.saturating_add(weight.saturating_mul(raw(board, term)));
        }
    }
    total.clamp(-MAX_EVAL, MAX_EVAL)
}

/// One term of a [`Breakdown`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TermScore {
    /// Which heuristic.
    pub term: Term,
    /// The term's value for the side to move (own − opponent's).
    pub raw: i32,
    /// Its weight in the current phase.
    pub weight: i32,
    /// `raw × weight`.
    pub contribution: i32,
}

/// The evaluation explained: the phase, and each term's raw value, weight and contribution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    /// The phase whose weights apply.
    pub phase: Phase,
    /// Discs on the board (what decides the phase).
    pub discs: u32,
    /// One entry per [`Term`], in [`Term::ALL`] order.
    pub terms: Vec<TermScore>,
    /// Sum of the contributions, clamped to ±[`MAX_EVAL`]; always equal to [`evaluate`].
    pub total: i32,
}

/// [`evaluate`] with its workings, for display. `breakdown(b).total == evaluate(b)`.
///
/// ```
/// use reversi::{Board, othello::eval::course::{breakdown, Phase}};
/// let report = breakdown(Board::start());
/// assert_eq!((report.phase, report.discs, report.total), (Phase::Opening, 4, 0));
/// assert_eq!(report.terms.len(), 4);
/// println!("{report}");
/// ```
pub fn breakdown(board: Board) -> Breakdown {
    breakdown_with(board, &WEIGHTS)
}

/// [`breakdown`] with other weights; `breakdown_with(b, w).total == evaluate_with(b, w)`.
pub fn breakdown_with(board: Board, weights: &Weights) -> Breakdown {
    let discs = (board.player | board.opponent).count_ones();
    let phase = Phase::of(discs);
    let w = &weights[phase.index()];
    let terms: Vec<TermScore> = Term::ALL
        .iter()
        .map(|&term| {
            let raw = raw(board, term);
            let weight = w[term.index()];
            TermScore { term, raw, weight, contribution: weight.saturating_mul(raw) }
        })
        .collect();
    let total = terms.iter().fold(0i32, |acc, t| acc.saturating_add(t.contribution)).clamp(-MAX_EVAL, MAX_EVAL);
    Breakdown { phase, discs, terms, total }
}

/// A small table: phase, then one line per term, then the total.
impl fmt::Display for Breakdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} ({} discs)", self.phase, self.discs)?;
        for t in &self.terms {
            writeln!(f, "{:<16} {:>5} x {:>3} = {:>6}", t.term.label(), t.raw, t.weight, t.contribution)?;
        }
        write!(f, "{:<16} {:>20}", "Total", self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_sums_add_up_the_tables() {
        assert_eq!(table_sum(&POSITIONAL_ROWS, u64::MAX), POSITIONAL.iter().flatten().sum::<i32>());
        assert_eq!(table_sum(&EDGE_ACCESS_ROWS, 1 << 63 | 1 << 9), 99 - 24);
        assert_eq!(table_sum(&POSITIONAL_ROWS, 0), 0);
    }

    #[test]
    fn tables_are_symmetric() {
        for t in [&POSITIONAL, &EDGE_ACCESS] {
            for r in 0..8 {
                for c in 0..8 {
                    assert_eq!(t[r][c], t[c][r]);
                    assert_eq!(t[r][c], t[7 - r][c]);
                    assert_eq!(t[r][c], t[r][7 - c]);
                }
            }
        }
    }

    #[test]
    fn positional_uses_the_corner_tables() {
        // Nothing taken: table 1. Own c3 (7) and d1 (6) vs opponent b2 (-24).
        let own = 1 << 18 | 1 << 3;
        assert_eq!(positional(own, 1 << 9), 7 + 6 + 24);
        // Opponent holds h8: edge access table, h8's neighbours re-scored, a1's are not.
        // Own b3 (0 in the edge-access table), g8 (12), b2 (-24); opponent h8 (99), g7 (8).
        let own = 1 << 17 | 1 << 62 | 1 << 9;
        let opp = 1 << 63 | 1 << 54;
        assert_eq!(positional(own, opp), (12 - 24) - (99 + 8));
    }
}
