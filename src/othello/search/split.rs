//! One engine's share of a search split among several engines: the page's AI runs one engine per
//! Web Worker, without shared memory, and a coordinator hands out the root's moves one at a time
//! with the best bound found so far (`www/common/parallel-search.js`). Each share is the search
//! of one position (the position after a root move) within a window, fail-soft: a value at or
//! below `alpha` is an upper bound, at or above `beta` a lower bound, in between the exact value.

use super::score::terminal_value;
use super::{Control, Engine, Limits};
use crate::othello::rules::board::{legal_moves, Board};
use crate::othello::rules::square::Move;

/// What [`Engine::search_window`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowResult {
    /// The value for the side to move, in the search's internal units (an exact final score is
    /// [`terminal_value`], beyond every evaluation); a bound when outside the window.
    pub value: i32,
    /// Solved by the exact solver (the value is a final disc difference, or a bound on it).
    pub solved: bool,
    /// Depth reached (the empties when solved).
    pub depth: u32,
    /// Best line from the position (may be empty after a fail-low).
    pub pv: Vec<Move>,
    pub nodes: u64,
    /// Stopped by the time, node or stop limit before the search of `depth` completed: `value`
    /// means nothing then.
    pub aborted: bool,
}

/// The largest disc difference whose value is at most `value` (−65 below every one).
fn discs_at_most(value: i32) -> i32 {
    (-64..=64).rev().find(|&d| terminal_value(d) <= value).unwrap_or(-65)
}

/// The smallest disc difference whose value is at least `value` (65 above every one).
fn discs_at_least(value: i32) -> i32 {
    (-64..=64).find(|&d| terminal_value(d) >= value).unwrap_or(65)
}

impl Engine {
    /// Searches `board` within the window (`alpha`, `beta`), in internal units: exactly (to the
    /// end of the game) when `limits.exact_from_empties` covers its empties, else to
    /// `limits.depth` (default 1). The engine's tables are kept: a coordinator sends an engine the
    /// same position again at the next depth or with another window, and the table orders it.
    pub fn search_window(
        &mut self,
        board: Board,
        limits: &Limits,
        alpha: i32,
        beta: i32,
        control: &mut Control,
    ) -> WindowResult {
        let start = (control.clock)();
        self.reset_counters(limits, start, true);
        let empties = board.empty_count();
        if legal_moves(board.player, board.opponent) == 0 && legal_moves(board.opponent, board.player) == 0 {
            let value = terminal_value(board.final_score());
            return WindowResult { value, solved: true, depth: 0, pv: Vec::new(), nodes: 1, aborted: false };
        }
        if limits.exact_from_empties.is_some_and(|e| empties <= e) {
            let (node_limit, deadline) = (self.node_limit, self.deadline);
            let (stop, clock) = (control.stop, control.clock);
            let mut should_stop = |nodes: u64| {
                nodes >= node_limit
                    || stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
                    || clock() >= deadline
            };
            let (lo, hi) = (discs_at_most(alpha), discs_at_least(beta));
            return match self.solver.solve(board, lo, hi, &mut should_stop) {
                Some(solution) => WindowResult {
                    value: terminal_value(solution.score),
                    solved: true,
                    depth: empties,
                    pv: solution.pv,
                    nodes: solution.nodes,
                    aborted: false,
                },
                None => {
                    WindowResult { value: 0, solved: true, depth: empties, pv: Vec::new(), nodes: 0, aborted: true }
                }
            };
        }
        // One search at the depth asked for, no iterative deepening: the coordinator deepens, and
        // sends an engine the moves it searched one depth shallower before, so that its table
        // already orders them (iterating here too would search every share twice).
        let depth = limits.depth.unwrap_or(1).clamp(1, super::MAX_PLY as u32 - 2);
        let value = self.pvs(control, board, depth, alpha, beta, 0);
        let pv = self.pv[0][..self.pv_len[0]].to_vec();
        WindowResult { value, solved: false, depth, pv, nodes: self.nodes, aborted: self.aborted }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::monotonic_ms;
    use crate::othello::records::notation::replay;
    use crate::othello::rules::board::Position;
    use crate::othello::rules::square::Square;
    use crate::othello::search::INFINITY;

    fn after(transcript: &str) -> Board {
        replay(Position::start(), transcript).unwrap().1.board()
    }

    /// The root's value from its moves searched one by one as a coordinator does: the first with
    /// a full window, the others with a null window at the best so far, re-searched when they
    /// beat it.
    fn split_value(engine: &mut Engine, board: Board, limits: &Limits) -> i32 {
        let inf = INFINITY;
        let mut best = -inf;
        let mut moves = legal_moves(board.player, board.opponent);
        while moves != 0 {
            let sq = moves.trailing_zeros() as u8;
            moves &= moves - 1;
            let child = board.play_unchecked(Square::new(sq).unwrap());
            let mut control = Control::new(&monotonic_ms);
            let mut value = if best == -inf {
                -engine.search_window(child, limits, -inf, inf, &mut control).value
            } else {
                -engine.search_window(child, limits, -best - 1, -best, &mut control).value
            };
            if value > best && best != -inf {
                value = -engine.search_window(child, limits, -inf, -best, &mut control).value;
            }
            best = best.max(value);
        }
        best
    }

    #[test]
    fn a_split_search_finds_the_value_of_the_whole_search() {
        for transcript in ["f5d6c3d3c4", "f5f6e6f4e3c5c4d3", "c4e3f6e6f5c5f4g6f7"] {
            let board = after(transcript);
            for depth in 1..=4 {
                let limits = Limits::depth(depth);
                let mut whole = Engine::new(1);
                let expected = whole.search(board, &limits, &mut Control::new(&monotonic_ms)).score.to_value();
                let mut parts = Engine::new(1);
                let child_limits = Limits::depth(depth - 1);
                let value = if depth == 1 {
                    // A depth-0 share is the evaluation itself.
                    expected
                } else {
                    parts.clear();
                    split_value(&mut parts, board, &child_limits)
                };
                assert_eq!(value, expected, "{transcript} depth {depth}");
            }
        }
    }

    #[test]
    fn an_exact_share_is_a_bound_outside_its_window_and_exact_inside() {
        // 12 empties (the highest legal move each time, passing when needed): solved.
        let mut board = after("f5d6c3");
        while board.empty_count() > 12 {
            let moves = legal_moves(board.player, board.opponent);
            board = if moves == 0 {
                board.passed()
            } else {
                board.play_unchecked(Square::new(63 - moves.leading_zeros() as u8).unwrap())
            };
        }
        assert!(!board.is_game_over());
        let limits = Limits { exact_from_empties: Some(20), ..Limits::depth(60) };
        let mut engine = Engine::new(1);
        let exact = engine.search_window(board, &limits, -INFINITY, INFINITY, &mut Control::new(&monotonic_ms));
        assert!(exact.solved && !exact.aborted);
        let truth = engine.solver.solve_exact(board).score;
        assert_eq!(exact.value, terminal_value(truth));
        // A null window just below the value fails high (a lower bound ≥ beta); just above, low.
        let v = exact.value;
        let high = engine.search_window(board, &limits, v - 1, v, &mut Control::new(&monotonic_ms));
        assert!(high.value >= v);
        let low = engine.search_window(board, &limits, v, v + 1, &mut Control::new(&monotonic_ms));
        assert!(low.value <= v);
    }

    #[test]
    fn disc_bounds_of_internal_values() {
        assert_eq!(discs_at_most(0), 0);
        assert_eq!(discs_at_most(-1), -1);
        assert_eq!(discs_at_most(350), 0);
        assert_eq!(discs_at_most(terminal_value(5)), 5);
        assert_eq!(discs_at_least(1), 1);
        assert_eq!(discs_at_least(-350), 0);
        assert_eq!(discs_at_least(terminal_value(-7)), -7);
        assert_eq!(discs_at_most(-INFINITY), -65);
        assert_eq!(discs_at_least(INFINITY), 65);
    }
}
