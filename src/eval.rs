//! The static evaluation: the course's Othello heuristics (seed 004), each a named term, combined
//! with weights that depend on the game phase.
//!
//! | term | raw value (side to move minus opponent) |
//! |---|---|
//! | [`Term::Positional`] | sum of square weights of own discs − the opponent's ([`POSITIONAL`], [`EDGE_ACCESS`] once a corner is taken, the squares next to a taken corner re-scored 12 / 12 / 8) |
//! | [`Term::Mobility`] | own legal moves − the opponent's |
//! | [`Term::Stability`] | own stable discs − the opponent's ([`crate::stability::stable_discs`]) |
//! | [`Term::DiscDifference`] | own discs − the opponent's |
//!
//! `evaluate(b) = Σ raw(term) × WEIGHTS[phase(b)][term]`, clamped to ±[`MAX_EVAL`]. [`evaluate`] is
//! the cheap leaf function (no allocation: popcounts over precomputed masks); [`breakdown`] gives
//! the same number with every term's raw value, weight and contribution, for the classroom.
//!
//! ```
//! use reversi::{Board, eval::{breakdown, evaluate, Term}};
//! let b = Board::start();
//! assert_eq!(evaluate(b), 0); // the start is symmetric
//! let after = b.play_unchecked("f5".parse().unwrap());
//! let report = breakdown(after);
//! assert_eq!(report.total, evaluate(after));
//! assert_eq!(report.terms[1].term, Term::Mobility);
//! // White to move has d6, f4, f6; black would have c3, c4, d3.
//! assert_eq!(report.terms[1].raw, 3 - 3);
//! ```

use crate::board::{legal_moves, Board};
use crate::stability::stable_discs;
use std::fmt;

/// The largest magnitude [`evaluate`] returns; the search keeps larger numbers for decided games.
pub const MAX_EVAL: i32 = 30_000;

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
    /// use reversi::eval::Term;
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
    /// use reversi::eval::Phase;
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
/// | opening (4–20) | 1 | 10 | 10 | 0 |
/// | midgame (21–40) | 1 | 8 | 15 | 0 |
/// | late (41–52) | 1 | 6 | 20 | 2 |
/// | endgame (53–64) | 1 | 4 | 20 | 8 |
///
/// Scale: one positional point is the unit (a corner is worth 99). Mobility counts moves, so a
/// move of difference is worth roughly a third of an edge square early on. Stability rises with
/// the phase because stable discs are the ones that will still be there at the end, and the
/// disc difference only matters once the end is near (early on, fewer discs usually means more
/// mobility later, as the seed notes).
///
/// How it was chosen: see the match figures in the `examples/selfplay.rs` documentation and the
/// comment on [`CANDIDATES`].
pub const WEIGHTS: Weights = [[1, 10, 10, 0], [1, 8, 15, 0], [1, 6, 20, 2], [1, 4, 20, 8]];

/// The weight tables compared in self-play (`examples/selfplay.rs`), by name; [`WEIGHTS`] is one of
/// them.
pub const CANDIDATES: [(&str, Weights); 6] = [
    ("phased", WEIGHTS),
    ("positional-only", [[1, 0, 0, 0]; 4]),
    ("flat", [[1, 8, 15, 1]; 4]),
    ("mobility-heavy", [[1, 25, 10, 0], [1, 20, 15, 0], [1, 12, 20, 2], [1, 6, 20, 8]]),
    ("stability-heavy", [[1, 5, 30, 0], [1, 5, 40, 0], [1, 4, 50, 2], [1, 2, 50, 8]]),
    ("evaporation", [[1, 10, 10, -3], [1, 8, 15, -1], [1, 6, 20, 3], [1, 2, 20, 15]]),
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

/// A square table as (weight, mask of squares with that weight) pairs, so a weighted sum over a
/// disc set is a handful of popcounts instead of a loop over 64 squares.
struct Planes {
    weights: [i32; 16],
    masks: [u64; 16],
    len: usize,
}

const fn planes(table: &[[i32; 8]; 8]) -> Planes {
    let mut p = Planes { weights: [0; 16], masks: [0; 16], len: 0 };
    let mut sq = 0;
    while sq < 64 {
        let w = table[sq / 8][sq % 8];
        let mut i = 0;
        while i < p.len && p.weights[i] != w {
            i += 1;
        }
        if i == p.len {
            // More than 16 distinct weights would fail to compile (index out of bounds).
            p.weights[i] = w;
            p.len += 1;
        }
        p.masks[i] |= 1u64 << sq;
        sq += 1;
    }
    p
}

static POSITIONAL_PLANES: Planes = planes(&POSITIONAL);
static EDGE_ACCESS_PLANES: Planes = planes(&EDGE_ACCESS);

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

#[inline(always)]
fn diff(player: u64, opponent: u64, mask: u64) -> i32 {
    (player & mask).count_ones() as i32 - (opponent & mask).count_ones() as i32
}

/// The positional term: Σ weight(own discs) − Σ weight(opponent discs), with the table chosen by
/// corner occupancy as the seed describes.
///
/// ```
/// use reversi::eval::positional;
/// // Own a1 (99) against an opponent b2 (X-square, re-scored 8 once a1 is taken).
/// assert_eq!(positional(1, 1 << 9), 99 - 8);
/// ```
#[inline]
pub fn positional(player: u64, opponent: u64) -> i32 {
    let occupied = player | opponent;
    let corners = occupied & 0x8100_0000_0000_0081;
    let planes = if corners == 0 { &POSITIONAL_PLANES } else { &EDGE_ACCESS_PLANES };
    let mut sum = 0;
    for i in 0..planes.len {
        sum += planes.weights[i] * diff(player, opponent, planes.masks[i]);
    }
    if corners != 0 {
        for (c, &(edge, diagonal)) in CORNERS.iter().zip(&CORNER_NEIGHBOURS) {
            if corners >> c & 1 != 0 {
                sum += EDGE_NEIGHBOUR_DELTA * diff(player, opponent, edge)
                    + DIAGONAL_NEIGHBOUR_DELTA * diff(player, opponent, diagonal);
            }
        }
    }
    sum
}

/// The square weights in force for a board whose occupied squares are `occupied` (index = square,
/// a1 = 0): what the classroom shows, and the slow reference for [`positional`].
///
/// ```
/// use reversi::eval::square_weights;
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
    legal_moves(player, opponent).count_ones() as i32 - legal_moves(opponent, player).count_ones() as i32
}

/// Own stable discs minus the opponent's.
#[inline]
pub fn stability(player: u64, opponent: u64) -> i32 {
    stable_discs(player, opponent).count_ones() as i32 - stable_discs(opponent, player).count_ones() as i32
}

/// The raw value of one term for the side to move.
///
/// ```
/// use reversi::{Board, eval::{raw, Term}};
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
/// use reversi::{Board, eval::evaluate};
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
/// use reversi::{Board, eval::{breakdown, Phase}};
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
    fn planes_cover_each_table_exactly_once() {
        for planes in [&POSITIONAL_PLANES, &EDGE_ACCESS_PLANES] {
            let mut all = 0u64;
            for i in 0..planes.len {
                assert_eq!(all & planes.masks[i], 0);
                all |= planes.masks[i];
            }
            assert_eq!(all, u64::MAX);
        }
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
