//! Exact endgame solver: perfect play to the end of the game, scores in final disc difference.
//!
//! The search is a fail-soft negamax alpha-beta whose cost is dominated by the last plies, so each
//! depth band gets its own routine:
//!
//! * **The root** (from 12 empties): an aspiration window, the narrowest around a 4-ply estimate
//!   with the evaluation, widened on the side it fails until the value is inside.
//! * **≥ [`TT_MIN_EMPTIES`] empties**: principal-variation search (null windows after the first
//!   move) with the transposition table, a stability cutoff (the opponent's stable discs bound the
//!   score from above; tried only when alpha is high enough for it to succeed) and *fastest-first*
//!   ordering (the move leaving the opponent the fewest replies first, corners counted twice, then
//!   fewest empties next to our discs), the table's move always first. From
//!   `ETC_MIN_EMPTIES` (9) the children are looked up in the table before any is searched
//!   (enhanced transposition cutoff; every child's bucket is prefetched first, then all are
//!   probed, so that the cache misses overlap), and from `SORT_SEARCH_MIN_EMPTIES` (15) the moves are
//!   ordered by a 1–5 ply search with the midgame evaluation (deeper with more empties) less the
//!   opponent's replies (about 1.3 discs each) rather than by counting replies alone.
//! * **5 … [`TT_MIN_EMPTIES`]−1 empties**: plain alpha-beta without table, moves in *parity* order
//!   (quadrants with an odd number of empties first, since the side that moves last in a region
//!   usually gains there), then by square class (corners first, X/C squares last).
//! * **4, 3, 2 and 1 empties**: hard-coded routines (the stability cutoff at 4) on a small array
//!   of the empty squares, which test each square's flips directly (skipping squares with no opponent neighbour) instead of
//!   generating moves; the last move only counts the discs it would flip
//!   ([`crate::othello::rules::board::last_flip_count`], by table), never builds a board.
//!
//! Stable discs come from [`crate::othello::rules::stability`], the same implementation the evaluation
//! uses (an exact table of edge patterns, then full lines and stable neighbours for inner discs).
//!
//! Nothing in the search allocates; only the principal variation is collected into a `Vec`.

use crate::othello::eval::course::MAX_EVAL;
use crate::othello::eval::pattern::PatternWeights;
use crate::othello::rules::board::{flips_at, last_flip_count, legal_moves, Board};
use crate::othello::rules::square::{Move, Square};
use crate::othello::rules::stability::{edge_stability_table, stable_discs};
use crate::othello::search::parallel::Teamwork;
use crate::othello::search::tt::{Bound, TranspositionTable, NO_MOVE};
use std::sync::Arc;

/// Fewest empties at which the transposition table is used; below it the trees are so small that
/// probing costs more than it saves.
pub const TT_MIN_EMPTIES: u32 = 8;

/// From this many empties, moves are ordered by a shallow search with the midgame evaluation
/// instead of by counting replies: high in the tree a wrong first move is expensive, and the
/// evaluation knows more than mobility; lower, the ordering searches cost more than they save.
const SORT_SEARCH_MIN_EMPTIES: u32 = 15;
/// The ordering search is one ply deep from `SORT_SEARCH_MIN_EMPTIES`, one ply deeper for every
/// this many empties more (2 at 18–20, 3 at 21–23…).
const SORT_SEARCH_EMPTIES_PER_PLY: u32 = 3;
/// The deepest ordering search (the solver is never asked about more than about 30 empties in
/// play, but any position is accepted, and the ordering search does not poll `should_stop`).
const SORT_SEARCH_MAX_DEPTH: u32 = 6;

/// In the ordering search's key, each reply left to the opponent (corners counted twice) weighs
/// as much as this many hundredths of a disc of the shallow search's value, divided by
/// `SORT_SEARCH_VALUE_DIVISOR` (16 × 8: about 1.3 discs per reply).
const SORT_SEARCH_MOBILITY_WEIGHT: i32 = 16;
const SORT_SEARCH_VALUE_DIVISOR: i32 = 8;

/// From this many empties, the root is first searched with the narrowest window around an
/// estimate of the score (an `ASPIRATION_DEPTH`-ply search with the evaluation, rounded to an
/// even number of discs), widened on the failing side.
const ASPIRATION_MIN_EMPTIES: u32 = 12;
const ASPIRATION_DEPTH: u32 = 4;
const ASPIRATION_DELTA: i32 = 1;

/// Scale of a finished game's score inside the ordering search; a win or loss is also moved
/// beyond any evaluation.
const ORDERING_WIN_SCALE: i32 = 1000;

/// Selective pre-solve: from `PRESOLVE_MIN_EMPTIES` empties at the root, the position is first
/// solved within the caller's window with ProbCut cuts at nodes of `PROBCUT_MIN_EMPTIES` or more,
/// once for each of `PROBCUT_SIGMAS` (deviations of the shallow prediction's error, the more the
/// safer), and the exact proof's aspiration window is then centred on the last selective value;
/// the cheap passes also leave the table's best moves in the upper tree.
const PRESOLVE_MIN_EMPTIES: u32 = 14;
const PROBCUT_MIN_EMPTIES: u32 = 12;
/// Hundredths of a deviation, one selective pass each, the boldest first.
const PROBCUT_SIGMAS: [i32; 2] = [150, 250];
/// The assumed deviation of the exact score from the shallow search's value, in discs.
const PROBCUT_SIGMA_DISCS: i32 = 6;
/// The shallow search: one ply per this many empties, at least `PROBCUT_MIN_DEPTH`.
const PROBCUT_EMPTIES_PER_PLY: u32 = 5;
const PROBCUT_MIN_DEPTH: u32 = 2;
/// A selective pass's aspiration windows before it falls back to the full window (its values
/// need not agree between windows, so the windows need not close in).
const PRESOLVE_MAX_WINDOWS: u32 = 4;

/// Selectivity levels: a table entry's depth byte is four times its empties plus its level, and
/// an entry decides a cut only in a pass of its level or lower, so selective results never
/// decide anything in the exact proof (they only give their move first). Levels 0 and 1 are the
/// selective passes (`PROBCUT_SIGMAS`), 3 exact: nothing below the node was cut.
const EXACT_LEVEL: u8 = 3;

/// Nodes between two calls of the caller's `should_stop`.
const POLL_INTERVAL: u64 = 4096;

/// Larger than any score (scores lie in -64..=64).
const INFINITY: i32 = 127;

/// An exact (or bounded) result of [`Solver::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Final disc difference for the side to move under perfect play (empties to the winner) when
    /// it lies strictly inside the window; otherwise a bound on the side of the window it fell.
    pub score: i32,
    /// A move achieving `score`; `Move::Pass` when the side to move must pass (or the game is over).
    pub best_move: Move,
    /// Principal variation from the position, passes included; it may stop early where the
    /// solver no longer knows the best continuation.
    pub pv: Vec<Move>,
    /// Positions visited by the search.
    pub nodes: u64,
}

/// The exact endgame solver; its transposition table (its own, or shared with a parallel solve's
/// other threads) is kept between calls so that consecutive solves of one game reuse each
/// other's work.
///
/// ```
/// use reversi::{othello::search::endgame::Solver, othello::records::notation::parse_board, Move};
/// // Rows 1-7 black, row 8 "OXXXXXX-", white to move: h8 flips b8-g8, then the board is full.
/// let text = format!("{}OXXXXXX- O", "X".repeat(56));
/// let board = parse_board(&text).unwrap().board();
/// let mut solver = Solver::new(1);
/// let solution = solver.solve_exact(board);
/// assert_eq!(solution.best_move, "h8".parse::<Move>().unwrap());
/// assert_eq!(solution.score, 8 - 56);
/// assert_eq!(solution.pv, vec![solution.best_move]);
///
/// // A window: the value is only bounded when it falls outside.
/// let bounded = solver.solve(board, 0, 10, &mut |_nodes| false).unwrap();
/// assert!(bounded.score <= 0);
/// ```
pub struct Solver {
    tt: Arc<TranspositionTable>,
    /// Pattern weights for the ordering search's leaves, if given (the course's evaluation
    /// otherwise); they change the order of the moves, never the result.
    pattern: Option<Arc<PatternWeights>>,
}

impl Solver {
    /// A solver with a transposition table of about `tt_megabytes` MiB.
    pub fn new(tt_megabytes: usize) -> Solver {
        Solver::with_table(Arc::new(TranspositionTable::new(tt_megabytes)))
    }

    /// A solver using this table, which other solvers may share (a parallel solve's threads).
    pub fn with_table(tt: Arc<TranspositionTable>) -> Solver {
        edge_stability_table(); // build it now rather than inside the first timed solve
        Solver { tt, pattern: None }
    }

    /// Uses this table from now on.
    pub fn attach(&mut self, tt: Arc<TranspositionTable>) {
        self.tt = tt;
    }

    /// Orders moves with the pattern evaluation (or, with `None`, the course's): it knows more
    /// Othello, so the first move tried is more often the best one.
    pub fn set_pattern_weights(&mut self, weights: Option<Arc<PatternWeights>>) {
        self.pattern = weights;
    }

    /// Forgets everything learnt (between games).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The exact value of `board` if it lies inside `(alpha, beta)`, else a bound beyond the
    /// window (fail-soft). `should_stop` is called with the node count every few thousand nodes;
    /// when it returns true the search is abandoned and `None` returned.
    ///
    /// Any `Board` is accepted: one whose sets overlap is read as if the player's discs won the
    /// shared squares, and a window that is empty or wider than the score range is repaired.
    pub fn solve(
        &mut self,
        board: Board,
        alpha: i32,
        beta: i32,
        should_stop: &mut dyn FnMut(u64) -> bool,
    ) -> Option<Solution> {
        self.solve_in(board, alpha, beta, should_stop, None).ok()
    }

    /// [`Solver::solve`] as one thread of a parallel solve (`team`), or alone; `Err` with the
    /// positions visited when stopped. A helper leaves the principal variation to the main thread.
    pub(super) fn solve_in(
        &mut self,
        board: Board,
        alpha: i32,
        beta: i32,
        should_stop: &mut dyn FnMut(u64) -> bool,
        team: Option<Teamwork>,
    ) -> Result<Solution, u64> {
        let board = Board { player: board.player, opponent: board.opponent & !board.player };
        let alpha = alpha.clamp(-INFINITY + 1, 64);
        let beta = if beta > alpha { beta.min(INFINITY - 1) } else { alpha + 1 };
        let helper = team.is_some_and(|t| t.is_helper());
        if !helper {
            self.tt.new_search();
        }
        let mut search = Search::new(&self.tt, should_stop);
        search.team = team;
        search.pattern = self.pattern.as_deref();
        if search.pattern.is_none() {
            search.units_per_disc = crate::othello::eval::course::UNITS_PER_DISC;
        }
        let (score, best_move) = search.aspiration(board, alpha, beta);
        if search.stopped {
            return Err(search.nodes);
        }
        let exact = alpha < score && score < beta;
        let pv = if helper { Vec::new() } else { search.principal_variation(board, best_move, score, exact) };
        if search.stopped {
            return Err(search.nodes);
        }
        Ok(Solution { score, best_move, pv, nodes: search.nodes })
    }

    /// The exact value with the full window; never stops early.
    pub fn solve_exact(&mut self, board: Board) -> Solution {
        self.solve(board, -64, 64, &mut |_| false).expect("a search that is never stopped finishes")
    }
}

/// State of one solve: the table, counters and the stop request.
struct Search<'a> {
    tt: &'a TranspositionTable,
    /// The solve's part in a parallel solve, if it is one.
    team: Option<Teamwork<'a>>,
    nodes: u64,
    next_poll: u64,
    should_stop: &'a mut dyn FnMut(u64) -> bool,
    stopped: bool,
    /// The ordering search's evaluation: these weights, or the course's heuristics.
    pattern: Option<&'a PatternWeights>,
    /// Selectivity of the current pass: `EXACT_LEVEL` for the proof, lower with ProbCut cuts.
    level: u8,
    /// The evaluation's units in a disc (100 for the pattern weights).
    units_per_disc: i32,
}

/// Squares by class, best first, for the static part of move ordering.
const CORNERS: u64 = 0x8100_0000_0000_0081;
/// Squares diagonally next to a corner (giving the corner away).
const X_SQUARES: u64 = 0x0042_0000_0000_4200;
/// Edge squares next to a corner.
const C_SQUARES: u64 = 0x4281_0000_0000_8142;
/// Tried in this order inside each parity class in the shallow search.
const SQUARE_CLASSES: [u64; 3] = [CORNERS, !(CORNERS | X_SQUARES | C_SQUARES), X_SQUARES | C_SQUARES];

/// Move ordering weights (fastest-first): the opponent's replies dominate; empty squares next to
/// the mover's discs (the opponent's future moves), corners held and a move into a quadrant with
/// an odd number of empties (parity) break ties.
const W_MOBILITY: i32 = 64;
const W_POTENTIAL: i32 = 8;
const W_CORNER: i32 = 32;
const W_PARITY: i32 = 24;

/// In a parallel solve, a node with this many empties or more puts off a later move another thread
/// is solving (simplified ABDADA, [`crate::othello::search::parallel`]).
const DEFER_MIN_EMPTIES: u32 = 12;

/// Try enhanced transposition cutoffs down to this many empties (the children of 9 are the first
/// in the table). The probes come after every child's bucket has been prefetched, so that the
/// cache misses overlap instead of waiting one at a time.
const ETC_MIN_EMPTIES: u32 = 9;

/// Empty squares adjacent to `discs`: where the other side may later find moves.
#[inline]
fn potential_mobility(discs: u64, empty: u64) -> u32 {
    const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let west_east = ((discs >> 1) & NOT_H) | ((discs << 1) & NOT_A);
    let row_neighbours = discs | west_east;
    let around = west_east | row_neighbours << 8 | row_neighbours >> 8;
    (around & empty).count_ones()
}

/// The four 4×4 quadrants, the regions of parity ordering.
const QUADRANTS: [u64; 4] =
    [0x0000_0000_0F0F_0F0F, 0x0000_0000_F0F0_F0F0, 0x0F0F_0F0F_0000_0000, 0xF0F0_F0F0_0000_0000];

/// Squares of the quadrants holding an odd number of the `empty` squares.
#[inline]
fn odd_quadrants(empty: u64) -> u64 {
    let mut odd = 0;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 == 1 {
            odd |= q;
        }
    }
    odd
}

/// `NEIGHBOURS[sq]`: the up to 8 squares around `sq`. A move must flip an adjacent disc, so a
/// square with no opponent neighbour is skipped without computing flips.
static NEIGHBOURS: [u64; 64] = build_neighbours();

const fn build_neighbours() -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (nc, nr) = (c + dc, r + dr);
                if (dc != 0 || dr != 0) && nc >= 0 && nc < 8 && nr >= 0 && nr < 8 {
                    table[sq] |= 1u64 << (nr * 8 + nc);
                }
                dc += 1;
            }
            dr += 1;
        }
        sq += 1;
    }
    table
}

/// Final disc difference for `player` when the game ends with these discs (empties to the winner).
#[inline]
fn final_score(player: u64, opponent: u64) -> i32 {
    Board { player, opponent }.final_score()
}

/// Score of the last empty square `sq` with the rest of the board full, `player` to move.
///
/// Only flips are counted: with one empty, the opponent holds every other square.
#[inline]
fn last_move_score(player: u64, sq: usize) -> i32 {
    let discs = player.count_ones() as i32;
    let flipped = last_flip_count(player, sq) as i32;
    if flipped > 0 {
        return 2 * (discs + flipped + 1) - 64;
    }
    let opponent = !(player | 1u64 << sq);
    let flipped_back = last_flip_count(opponent, sq) as i32;
    if flipped_back > 0 {
        return 2 * (discs - flipped_back) - 64;
    }
    // Nobody can play: the empty square goes to the winner (63 discs, so never a draw).
    if discs >= 32 {
        2 * discs - 62
    } else {
        2 * discs - 64
    }
}

impl<'a> Search<'a> {
    fn new(tt: &'a TranspositionTable, should_stop: &'a mut dyn FnMut(u64) -> bool) -> Search<'a> {
        Search {
            tt,
            team: None,
            nodes: 0,
            next_poll: POLL_INTERVAL,
            should_stop,
            stopped: false,
            pattern: None,
            level: EXACT_LEVEL,
            units_per_disc: crate::othello::eval::pattern::UNITS_PER_DISC,
        }
    }

    /// The ordering search's static value of a leaf, within ±`MAX_EVAL` (the pattern evaluation
    /// stays within ±64 discs, 6,400).
    #[inline]
    fn ordering_eval(&self, board: Board) -> i32 {
        match self.pattern {
            Some(w) => w.evaluate(board),
            None => crate::othello::eval::course::evaluate(board),
        }
    }

    /// Asks the caller whether to stop, once every `POLL_INTERVAL` nodes.
    #[inline]
    fn poll(&mut self) {
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL_INTERVAL;
            if (self.should_stop)(self.nodes) {
                self.stopped = true;
            }
        }
    }

    /// Value of the position, dispatching on the number of empties.
    #[inline]
    fn search(&mut self, player: u64, opponent: u64, alpha: i32, beta: i32) -> i32 {
        let empty = !(player | opponent);
        match empty.count_ones() {
            0 => {
                self.nodes += 1;
                final_score(player, opponent)
            }
            1 => {
                self.nodes += 1;
                last_move_score(player, empty.trailing_zeros() as usize)
            }
            2 => {
                let x = empty.trailing_zeros() as usize;
                let y = 63 - empty.leading_zeros() as usize;
                self.solve2(player, opponent, alpha, beta, x, y)
            }
            3 => self.solve3(player, opponent, alpha, beta, parity_sorted(empty)),
            4 => self.solve4(player, opponent, alpha, beta, parity_sorted(empty)),
            n if n < TT_MIN_EMPTIES => self.shallow(player, opponent, alpha, beta),
            _ => self.pvs::<false>(player, opponent, alpha, beta).0,
        }
    }

    /// The root searched first inside the narrowest window around an estimate of the score, then
    /// widened on the side it failed (twice as far each time) until the value is inside or beyond
    /// `(alpha, beta)`. Exact values are consistent, so the windows close in on it.
    fn aspiration(&mut self, board: Board, alpha: i32, beta: i32) -> (i32, Move) {
        if board.empty_count() < ASPIRATION_MIN_EMPTIES || board.is_game_over() {
            return self.root(board, alpha, beta);
        }
        let window = INFINITY * ORDERING_WIN_SCALE;
        let estimate = self.ordering_search(board.player, board.opponent, ASPIRATION_DEPTH, -window, window);
        // Evaluation units to an even number of discs (every final score is even).
        let units = self.units_per_disc;
        let mut estimate = (2 * ((estimate + estimate.signum() * units) / (2 * units))).clamp(-64, 64);
        if board.empty_count() >= PRESOLVE_MIN_EMPTIES {
            // The selective passes only need what the proof will ask: inside a narrow window (a
            // win/loss/draw solve) they are as cheap as the proof, not a whole selective solve.
            let (lo, hi) = (alpha.max(-64), beta.min(64));
            for level in 0..PROBCUT_SIGMAS.len() as u8 {
                self.level = level;
                let (score, _) = self.window_loop(board, lo, hi, estimate.clamp(lo, hi), PRESOLVE_MAX_WINDOWS);
                self.level = EXACT_LEVEL;
                if self.stopped {
                    return (0, Move::Pass);
                }
                // Selective values are even too, but a cut returns a window bound.
                estimate = (score & !1).clamp(-64, 64);
            }
        }
        self.window_loop(board, alpha, beta, estimate, u32::MAX)
    }

    /// Aspiration around `estimate`: the narrowest window first, widened on the failing side;
    /// after `max_tries` windows (selective values need not agree between windows) the whole
    /// `(alpha, beta)`.
    fn window_loop(&mut self, board: Board, alpha: i32, beta: i32, estimate: i32, max_tries: u32) -> (i32, Move) {
        let mut delta = ASPIRATION_DELTA;
        let mut lo = (estimate - delta).max(alpha);
        let mut hi = (estimate + delta).min(beta);
        let mut tries = 0;
        loop {
            if lo >= hi || tries >= max_tries {
                return self.root(board, alpha, beta);
            }
            tries += 1;
            let (score, mv) = self.root(board, lo, hi);
            if self.stopped || score <= alpha || score >= beta || (lo < score && score < hi) {
                return (score, mv);
            }
            delta *= 2;
            if score <= lo {
                // The value is at most `score`, and more than `alpha`.
                hi = score + 1;
                lo = (score - delta).max(alpha);
            } else {
                lo = score - 1;
                hi = (score + delta).min(beta);
            }
        }
    }

    /// The root: like any table node, but it never returns early from the table or a stability
    /// bound, so it always knows a move.
    fn root(&mut self, board: Board, alpha: i32, beta: i32) -> (i32, Move) {
        let (p, o) = (board.player, board.opponent);
        if legal_moves(p, o) == 0 {
            self.nodes += 1;
            if legal_moves(o, p) == 0 {
                return (final_score(p, o), Move::Pass);
            }
            return (-self.search(o, p, -beta, -alpha), Move::Pass);
        }
        let (score, sq) = self.pvs::<true>(p, o, alpha, beta);
        let sq = Square::new(sq).unwrap_or_else(|| first_square(legal_moves(p, o)));
        (score, Move::Play(sq))
    }

    /// Principal-variation search with the transposition table. Returns the score and the best
    /// move's square (`NO_MOVE` if the node returned before trying moves).
    fn pvs<const ROOT: bool>(&mut self, player: u64, opponent: u64, mut alpha: i32, mut beta: i32) -> (i32, u8) {
        self.nodes += 1;
        self.poll();
        if self.stopped {
            return (0, NO_MOVE);
        }
        let board = Board { player, opponent };
        let empties = board.empty_count();

        if !ROOT {
            if let Some(bound) = self.stability_bound(player, opponent, alpha) {
                return (bound, NO_MOVE);
            }
        }

        let mut tt_move = NO_MOVE;
        if let Some(entry) = self.tt.probe(board) {
            tt_move = entry.best_move;
            if !ROOT && entry.depth & 3 >= self.level {
                match entry.bound {
                    Bound::Exact => return (entry.score, tt_move),
                    Bound::Lower if entry.score >= beta => return (entry.score, tt_move),
                    Bound::Upper if entry.score <= alpha => return (entry.score, tt_move),
                    Bound::Lower => alpha = alpha.max(entry.score),
                    Bound::Upper => beta = beta.min(entry.score),
                }
            }
        }

        // ProbCut in the selective passes (never at the root, which must know a move).
        let selective = self.level < EXACT_LEVEL && empties >= PROBCUT_MIN_EMPTIES;
        if !ROOT && selective {
            if let Some(bound) = self.probcut(player, opponent, alpha, beta, empties) {
                return (bound, tt_move);
            }
        }

        let moves = legal_moves(player, opponent);
        if moves == 0 {
            if legal_moves(opponent, player) == 0 {
                return (final_score(player, opponent), NO_MOVE);
            }
            let score = -self.search(opponent, player, -beta, -alpha);
            return (score, NO_MOVE);
        }

        // Order: the table's move, then fastest-first (fewest opponent replies, corners weighing
        // double; then fewest empties next to our discs, then corners held). On the way, the
        // children already in the table may prove a cutoff without any search (enhanced
        // transposition cutoff).
        let use_etc = !ROOT && empties >= ETC_MIN_EMPTIES;
        let odd = odd_quadrants(!(player | opponent));
        let mut keys = [0u32; 64];
        let mut flips = [0u64; 64];
        let mut count = 0;
        let mut remaining = moves;
        while remaining != 0 {
            let sq = remaining.trailing_zeros() as usize;
            remaining &= remaining - 1;
            let flipped = flips_at(player, opponent, sq);
            flips[sq] = flipped;
            if empties > TT_MIN_EMPTIES {
                // The child (and the cutoff check below) will probe the table: start every
                // child's load now, so that their latencies overlap.
                self.tt.prefetch(Board { player: opponent ^ flipped, opponent: player | flipped | (1u64 << sq) });
            }
        }
        if use_etc {
            let mut remaining = moves;
            while remaining != 0 {
                let sq = remaining.trailing_zeros() as usize;
                remaining &= remaining - 1;
                let flipped = flips[sq];
                let child = Board { player: opponent ^ flipped, opponent: player | flipped | (1u64 << sq) };
                if let Some(child) = self.tt.probe(child) {
                    if child.bound != Bound::Lower && -child.score >= beta && child.depth & 3 >= self.level {
                        return (-child.score, sq as u8);
                    }
                }
            }
        }
        let mut remaining = moves;
        while remaining != 0 {
            let sq = remaining.trailing_zeros() as usize;
            remaining &= remaining - 1;
            let flipped = flips[sq];
            let next_player = opponent ^ flipped;
            let next_opponent = player | flipped | (1u64 << sq);
            let value = if sq as u8 == tt_move {
                1 << 20
            } else if empties >= SORT_SEARCH_MIN_EMPTIES {
                let depth =
                    ((empties - SORT_SEARCH_MIN_EMPTIES) / SORT_SEARCH_EMPTIES_PER_PLY + 1).min(SORT_SEARCH_MAX_DEPTH);
                let window = INFINITY * ORDERING_WIN_SCALE;
                let value = self.ordering_search(next_player, next_opponent, depth, -window, window);
                let replies = legal_moves(next_player, next_opponent);
                let mobility = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
                // Within ±(1 << 17) once scaled down, so the key stays positive.
                (1 << 18) - value / SORT_SEARCH_VALUE_DIVISOR - mobility * SORT_SEARCH_MOBILITY_WEIGHT
            } else {
                let replies = legal_moves(next_player, next_opponent);
                let mobility = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
                let potential = potential_mobility(next_opponent, !(next_player | next_opponent)) as i32;
                let corners = (next_opponent & CORNERS).count_ones() as i32;
                let parity = (odd >> sq & 1) as i32;
                (1 << 18) - mobility * W_MOBILITY - potential * W_POTENTIAL + corners * W_CORNER + parity * W_PARITY
            };
            keys[count] = ((value as u32) << 6) | sq as u32;
            count += 1;
        }
        let keys = &mut keys[..count];
        keys.sort_unstable_by(|a, b| b.cmp(a));

        let (alpha_searched, beta_searched) = (alpha, beta);
        let mut best = -INFINITY;
        let mut best_move = NO_MOVE;
        // A parallel solve's moves put off because another thread is solving them, by index.
        let team = self.team.filter(|_| empties >= DEFER_MIN_EMPTIES);
        let mut deferred = 0u64;
        let mut i = 0;
        loop {
            let (key, put_off) = if i < keys.len() {
                i += 1;
                (keys[i - 1], false)
            } else if deferred != 0 {
                let k = deferred.trailing_zeros() as usize;
                deferred &= deferred - 1;
                (keys[k], true)
            } else {
                break;
            };
            let first = i == 1 && !put_off;
            let sq = (key & 63) as usize;
            let flipped = flips[sq];
            let next_player = opponent ^ flipped;
            let next_opponent = player | flipped | (1u64 << sq);
            let busy = match team {
                Some(team) if !first => {
                    // A selective pass's search of the position is another search than the proof's.
                    let hash = Board { player: next_player, opponent: next_opponent }.hash()
                        ^ u64::from(self.level).wrapping_mul(crate::rng::GOLDEN_GAMMA);
                    if !put_off && team.share.busy.contains(hash) {
                        deferred |= 1 << (i - 1);
                        continue;
                    }
                    team.share.busy.enter(hash);
                    Some((team, hash))
                }
                _ => None,
            };
            let score = if first {
                -self.search(next_player, next_opponent, -beta, -alpha)
            } else {
                let probe = -self.search(next_player, next_opponent, -alpha - 1, -alpha);
                if probe > alpha && probe < beta {
                    -self.search(next_player, next_opponent, -beta, -probe)
                } else {
                    probe
                }
            };
            if let Some((team, hash)) = busy {
                team.share.busy.leave(hash);
            }
            if self.stopped {
                return (0, NO_MOVE);
            }
            if score > best {
                best = score;
                best_move = sq as u8;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }

        let bound = if best <= alpha_searched {
            Bound::Upper
        } else if best >= beta_searched {
            Bound::Lower
        } else {
            Bound::Exact
        };
        // The depth byte: four times the empties plus the selectivity level of the result (a node
        // below the ProbCut band is exact whatever the pass: nothing under it was cut).
        let level = if selective { self.level } else { EXACT_LEVEL };
        self.tt.store(board, best, bound, (empties * 4) as u8 | level, best_move);
        (best, best_move)
    }

    /// A heuristic value for move ordering: a `depth`-ply alpha-beta search whose leaves are
    /// valued by [`Search::ordering_eval`] (finished games by their score, scaled above any
    /// evaluation).
    fn ordering_search(&mut self, player: u64, opponent: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if depth == 0 {
            return self.ordering_eval(Board { player, opponent });
        }
        let moves = legal_moves(player, opponent);
        if moves == 0 {
            if legal_moves(opponent, player) == 0 {
                let score = final_score(player, opponent);
                return score * ORDERING_WIN_SCALE + score.signum() * MAX_EVAL;
            }
            return -self.ordering_search(opponent, player, depth, -beta, -alpha);
        }
        let mut best = -INFINITY * ORDERING_WIN_SCALE;
        let mut remaining = moves;
        while remaining != 0 {
            let sq = remaining.trailing_zeros() as usize;
            remaining &= remaining - 1;
            let flipped = flips_at(player, opponent, sq);
            let score =
                -self.ordering_search(opponent ^ flipped, player | flipped | (1u64 << sq), depth - 1, -beta, -alpha);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Selective passes only (ProbCut): a bound when a shallow search with the evaluation clears
    /// the window by the level's number of deviations.
    fn probcut(&mut self, player: u64, opponent: u64, alpha: i32, beta: i32, empties: u32) -> Option<i32> {
        let depth = (empties / PROBCUT_EMPTIES_PER_PLY).max(PROBCUT_MIN_DEPTH);
        let units = self.units_per_disc;
        let sigmas = PROBCUT_SIGMAS[(self.level as usize).min(PROBCUT_SIGMAS.len() - 1)];
        let margin = sigmas * PROBCUT_SIGMA_DISCS * units / 100;
        if beta < 64 {
            let b = beta * units + margin;
            if self.ordering_search(player, opponent, depth, b - 1, b) >= b {
                return Some(beta);
            }
        }
        if alpha > -64 {
            let a = alpha * units - margin;
            if self.ordering_search(player, opponent, depth, a, a + 1) <= a {
                return Some(alpha);
            }
        }
        None
    }

    /// An upper bound on the score that already fails low (`<= alpha`), from the opponent's
    /// stable discs: they will be the opponent's at the end whatever happens.
    #[inline]
    fn stability_bound(&self, player: u64, opponent: u64, alpha: i32) -> Option<i32> {
        // Tried whenever it can succeed: impossible only if even all the opponent's discs being
        // stable would not bring the bound down to alpha.
        if 64 - 2 * opponent.count_ones() as i32 > alpha {
            return None;
        }
        let bound = 64 - 2 * stable_discs(opponent, player).count_ones() as i32;
        (bound <= alpha).then_some(bound)
    }

    /// Alpha-beta without table for the middle band of empties, in parity order.
    fn shallow(&mut self, player: u64, opponent: u64, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if let Some(bound) = self.stability_bound(player, opponent, alpha) {
            return bound;
        }
        let moves = legal_moves(player, opponent);
        if moves == 0 {
            if legal_moves(opponent, player) == 0 {
                return final_score(player, opponent);
            }
            return -self.search(opponent, player, -beta, -alpha);
        }
        let odd = odd_quadrants(!(player | opponent));
        let mut best = -INFINITY;
        for parity_class in [moves & odd, moves & !odd] {
            for square_class in SQUARE_CLASSES {
                let mut candidates = parity_class & square_class;
                while candidates != 0 {
                    let sq = candidates.trailing_zeros() as usize;
                    candidates &= candidates - 1;
                    let flipped = flips_at(player, opponent, sq);
                    let score = -self.search(opponent ^ flipped, player | flipped | (1u64 << sq), -beta, -alpha);
                    if score > best {
                        best = score;
                        if score > alpha {
                            alpha = score;
                            if alpha >= beta {
                                return best;
                            }
                        }
                    }
                }
            }
        }
        best
    }

    /// Four empties, `squares` in parity order. The stability cutoff is tried here too, the last
    /// depth where it saves more time than it costs.
    fn solve4(&mut self, player: u64, opponent: u64, alpha: i32, beta: i32, squares: [usize; 4]) -> i32 {
        self.nodes += 1;
        if let Some(bound) = self.stability_bound(player, opponent, alpha) {
            return bound;
        }
        if let Some(score) = self.moves4(player, opponent, alpha, beta, squares) {
            return score;
        }
        if let Some(score) = self.moves4(opponent, player, -beta, -alpha, squares) {
            return -score;
        }
        final_score(player, opponent)
    }

    /// The best of `player`'s moves among four empties, `None` if there is none.
    #[inline]
    fn moves4(&mut self, player: u64, opponent: u64, mut alpha: i32, beta: i32, s: [usize; 4]) -> Option<i32> {
        let mut best = -INFINITY;
        for (i, rest) in [(0, [1, 2, 3]), (1, [0, 2, 3]), (2, [0, 1, 3]), (3, [0, 1, 2])] {
            let sq = s[i];
            if NEIGHBOURS[sq] & opponent == 0 {
                continue;
            }
            let flipped = flips_at(player, opponent, sq);
            if flipped == 0 {
                continue;
            }
            let score = -self.solve3(
                opponent ^ flipped,
                player | flipped | (1u64 << sq),
                -beta,
                -alpha,
                [s[rest[0]], s[rest[1]], s[rest[2]]],
            );
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        return Some(best);
                    }
                }
            }
        }
        (best > -INFINITY).then_some(best)
    }

    /// Three empties, `squares` in parity order.
    fn solve3(&mut self, player: u64, opponent: u64, alpha: i32, beta: i32, squares: [usize; 3]) -> i32 {
        self.nodes += 1;
        if let Some(score) = self.moves3(player, opponent, alpha, beta, squares) {
            return score;
        }
        if let Some(score) = self.moves3(opponent, player, -beta, -alpha, squares) {
            return -score;
        }
        final_score(player, opponent)
    }

    #[inline]
    fn moves3(&mut self, player: u64, opponent: u64, mut alpha: i32, beta: i32, s: [usize; 3]) -> Option<i32> {
        let mut best = -INFINITY;
        for (i, rest) in [(0, [1, 2]), (1, [0, 2]), (2, [0, 1])] {
            let sq = s[i];
            if NEIGHBOURS[sq] & opponent == 0 {
                continue;
            }
            let flipped = flips_at(player, opponent, sq);
            if flipped == 0 {
                continue;
            }
            let score = -self.solve2(
                opponent ^ flipped,
                player | flipped | (1u64 << sq),
                -beta,
                -alpha,
                s[rest[0]],
                s[rest[1]],
            );
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        return Some(best);
                    }
                }
            }
        }
        (best > -INFINITY).then_some(best)
    }

    /// Two empties `x` and `y`.
    fn solve2(&mut self, player: u64, opponent: u64, alpha: i32, beta: i32, x: usize, y: usize) -> i32 {
        self.nodes += 1;
        if let Some(score) = self.moves2(player, opponent, beta, x, y) {
            return score;
        }
        if let Some(score) = self.moves2(opponent, player, -alpha, x, y) {
            return -score;
        }
        final_score(player, opponent)
    }

    /// `player`'s best move among the two empties; each reply is the last move, scored by counting.
    #[inline]
    fn moves2(&mut self, player: u64, opponent: u64, beta: i32, x: usize, y: usize) -> Option<i32> {
        let mut best = -INFINITY;
        if NEIGHBOURS[x] & opponent != 0 {
            let flipped = flips_at(player, opponent, x);
            if flipped != 0 {
                self.nodes += 1;
                best = -last_move_score(opponent ^ flipped, y);
                if best >= beta {
                    return Some(best);
                }
            }
        }
        if NEIGHBOURS[y] & opponent != 0 {
            let flipped = flips_at(player, opponent, y);
            if flipped != 0 {
                self.nodes += 1;
                best = best.max(-last_move_score(opponent ^ flipped, x));
            }
        }
        (best > -INFINITY).then_some(best)
    }

    /// The principal variation from `board`: `best_move`, then at each position the move that
    /// keeps the exact score, found by a narrow-window search around the known value (cheap:
    /// the table already holds most of the subtree, and gives the move first).
    fn principal_variation(&mut self, board: Board, best_move: Move, score: i32, exact: bool) -> Vec<Move> {
        let mut pv = Vec::new();
        if board.is_game_over() {
            return pv;
        }
        pv.push(best_move);
        if !exact {
            return pv;
        }
        let Ok(mut current) = board.play(best_move) else { return pv };
        let mut expected = -score;
        while !current.is_game_over() {
            let moves = legal_moves(current.player, current.opponent);
            let mv = if moves == 0 {
                Move::Pass
            } else {
                let (value, sq) = self.pvs::<true>(current.player, current.opponent, expected - 1, expected + 1);
                if self.stopped || value != expected || sq >= 64 || moves >> sq & 1 == 0 {
                    break;
                }
                Move::Play(first_square(1u64 << sq))
            };
            let Ok(after) = current.play(mv) else { break };
            pv.push(mv);
            current = after;
            expected = -expected;
        }
        pv
    }
}

/// The first square of a non-empty set.
fn first_square(set: u64) -> Square {
    Square::new(set.trailing_zeros() as u8).unwrap_or_else(|| Square::new(0).expect("a1 exists"))
}

/// The empty squares (3 or 4 of them) in parity order: those alone in an odd quadrant first.
#[inline]
fn parity_sorted<const N: usize>(empty: u64) -> [usize; N] {
    let odd = odd_quadrants(empty);
    let mut squares = [0usize; N];
    let mut i = 0;
    for class in [empty & odd, empty & !odd] {
        let mut set = class;
        while set != 0 && i < N {
            squares[i] = set.trailing_zeros() as usize;
            set &= set - 1;
            i += 1;
        }
    }
    squares
}
