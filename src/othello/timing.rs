//! Time management for a search with a time budget per move: after each completed iteration of
//! the iterative deepening, decide whether to start the next one.
//!
//! - **Finish what is started.** The next iteration's time is predicted from the growth of the
//!   node counts of the last iterations (Othello's odd/even effect makes consecutive ratios
//!   alternate, so the two-step ratio is used too) and the node rate so far; an iteration that
//!   would end past [`FINISH_SHARE`] of the budget is not started. The move played is the last
//!   completed iteration's.
//! - **Spend time where it matters.** In a quiet position no iteration starts after
//!   `quiet_share` of the budget; each sign of a critical position (the best move changed, or the
//!   score fell by more than two discs' worth since the iteration of the same parity) raises that
//!   share toward the whole budget.
//! - **Never overrun.** The engine also stops at the budget itself (the hard deadline, looked at
//!   every 1024 positions): if a prediction was wrong, the unfinished iteration is dropped.
//!
//! The plan only does arithmetic on what it is told, so it is tested without a clock.
//!
//! ```
//! use reversi::othello::timing::{Decision, Iteration, TimePlan};
//! use reversi::Move;
//! let mut plan = TimePlan::new(1000.0, 0.4, 100);
//! let e6 = Move::Play("e6".parse().unwrap());
//! // 10 ms in, the next iteration should take about 40 ms: go on.
//! assert_eq!(plan.after_iteration(Iteration { depth: 6, nodes: 3_000, elapsed_ms: 10.0, best_move: e6, value: 0 }), Decision::Continue);
//! // 500 ms in (past the quiet share), and the next one would end far past the budget.
//! assert_eq!(plan.after_iteration(Iteration { depth: 7, nodes: 150_000, elapsed_ms: 500.0, best_move: e6, value: 0 }), Decision::Stop);
//! ```

use crate::othello::square::Move;

/// No iteration starts that is predicted to end after this share of the budget (the rest is a
/// safety margin for mispredictions).
pub const FINISH_SHARE: f64 = 0.95;
/// In a quiet position, the usual share of the budget after which no iteration starts.
pub const QUIET_SHARE: f64 = 0.4;
/// What each sign of a critical position adds to that share.
const BEST_MOVE_CHANGED: f64 = 0.3;
const BEST_MOVE_CHANGED_BEFORE: f64 = 0.15;
const SCORE_FELL: f64 = 0.3;
/// Iterations below this depth are too shallow for their changes of mind to mean much.
const FIRST_TELLING_DEPTH: u32 = 4;
/// Bounds on the predicted growth of an iteration over the previous one.
const MIN_GROWTH: f64 = 1.5;
const MAX_GROWTH: f64 = 12.0;

/// A completed iteration, as the search reports it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Iteration {
    pub depth: u32,
    /// Positions visited by this iteration alone.
    pub nodes: u64,
    /// Milliseconds since the search started, at the end of this iteration.
    pub elapsed_ms: f64,
    pub best_move: Move,
    /// The iteration's value (search units).
    pub value: i32,
}

/// Whether to start another iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Continue,
    Stop,
}

/// The plan of one timed search.
#[derive(Clone, Debug)]
pub struct TimePlan {
    budget_ms: f64,
    quiet_share: f64,
    /// A score fall of more than this (search units) marks a critical position.
    fall_threshold: i32,
    history: Vec<Iteration>,
    total_nodes: u64,
    /// The share of the budget after which no iteration starts, as last decided.
    share: f64,
}

impl TimePlan {
    /// A plan for `budget_ms`, starting no iteration after `quiet_share` of it in a quiet
    /// position; the evaluation counts `units_per_disc` units per disc.
    pub fn new(budget_ms: f64, quiet_share: f64, units_per_disc: i32) -> TimePlan {
        TimePlan {
            budget_ms,
            quiet_share,
            fall_threshold: 2 * units_per_disc,
            history: Vec::new(),
            total_nodes: 0,
            share: quiet_share,
        }
    }

    /// The share of the budget after which no iteration starts, as last decided (for reports).
    pub fn share(&self) -> f64 {
        self.share
    }

    /// The predicted milliseconds of the iteration after the last one, if there is one.
    pub fn predicted_next_ms(&self) -> Option<f64> {
        let last = self.history.last()?;
        let n = self.history.len();
        let ratio = |a: &Iteration, b: &Iteration| a.nodes.max(1) as f64 / b.nodes.max(1) as f64;
        let mut growth = if n >= 2 { ratio(last, &self.history[n - 2]) } else { 4.0 };
        if n >= 3 {
            // Over two steps the odd/even alternation cancels out.
            growth = growth.max(ratio(last, &self.history[n - 3]).sqrt());
        }
        let growth = growth.clamp(MIN_GROWTH, MAX_GROWTH);
        let rate = self.total_nodes as f64 / last.elapsed_ms.max(1e-3); // positions per ms
        Some(last.nodes as f64 * growth / rate.max(1e-9))
    }

    /// Records a completed iteration and decides whether to start the next one.
    pub fn after_iteration(&mut self, it: Iteration) -> Decision {
        self.total_nodes += it.nodes;
        self.history.push(it);
        let n = self.history.len();
        let mut share = self.quiet_share;
        if it.depth >= FIRST_TELLING_DEPTH && n >= 2 {
            if self.history[n - 2].best_move != it.best_move {
                share += BEST_MOVE_CHANGED;
            }
            if n >= 3 && self.history[n - 3].best_move != self.history[n - 2].best_move {
                share += BEST_MOVE_CHANGED_BEFORE;
            }
            // Compare with the iteration of the same parity: odd and even depths differ by habit.
            let before = if n >= 3 { self.history[n - 3].value } else { self.history[n - 2].value };
            if it.value < before.saturating_sub(self.fall_threshold) {
                share += SCORE_FELL;
            }
        }
        self.share = share.min(FINISH_SHARE);
        let predicted_end = it.elapsed_ms + self.predicted_next_ms().unwrap_or(0.0);
        if it.elapsed_ms >= self.share * self.budget_ms || predicted_end > FINISH_SHARE * self.budget_ms {
            Decision::Stop
        } else {
            Decision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(name: &str) -> Move {
        Move::Play(name.parse().expect("square"))
    }

    fn it(depth: u32, nodes: u64, elapsed_ms: f64, best: &str, value: i32) -> Iteration {
        Iteration { depth, nodes, elapsed_ms, best_move: mv(best), value }
    }

    #[test]
    fn growth_is_predicted_from_the_node_counts() {
        let mut plan = TimePlan::new(1000.0, 0.4, 100);
        plan.after_iteration(it(1, 100, 1.0, "d3", 0));
        plan.after_iteration(it(2, 400, 5.0, "d3", 0));
        // 500 positions in 5 ms: 100 per ms; growth ×4: the next takes 1600 / 100 = 16 ms.
        assert!((plan.predicted_next_ms().unwrap() - 16.0).abs() < 1e-9);
        plan.after_iteration(it(3, 800, 13.0, "d3", 0));
        // Ratio ×2, but ×8 over two steps: growth √8 ≈ 2.83; rate 1300 / 13 = 100 per ms.
        assert!((plan.predicted_next_ms().unwrap() - 800.0 * 8f64.sqrt() / 100.0).abs() < 1e-9);
    }

    #[test]
    fn an_iteration_that_cannot_finish_is_not_started() {
        let mut plan = TimePlan::new(1000.0, 0.9, 100);
        assert_eq!(plan.after_iteration(it(4, 1000, 10.0, "d3", 0)), Decision::Continue);
        assert_eq!(plan.after_iteration(it(5, 5000, 60.0, "d3", 0)), Decision::Continue);
        // Next predicted ×6 of 30 000 positions at 100 per ms: 1800 ms, far beyond the budget.
        assert_eq!(plan.after_iteration(it(6, 30_000, 360.0, "d3", 0)), Decision::Stop);
    }

    #[test]
    fn a_quiet_position_stops_early_and_a_critical_one_goes_on() {
        let run = |second_best: &str, second_value: i32| {
            let mut plan = TimePlan::new(10_000.0, 0.4, 100);
            plan.after_iteration(it(4, 4000, 100.0, "d3", 50));
            plan.after_iteration(it(5, 5000, 250.0, "d3", 40));
            // 4500 ms in: past the quiet share (4000 ms); the next iteration (growth ×1.5) would
            // end near 4500 + 1.5 × 6000 / (15 000 / 4500) = 7200 ms, within the budget.
            plan.after_iteration(it(6, 6000, 4500.0, second_best, second_value))
        };
        assert_eq!(run("d3", 60), Decision::Stop);
        assert_eq!(run("c4", 60), Decision::Continue, "the best move changed");
        assert_eq!(run("d3", -300), Decision::Continue, "the score fell by 3.5 discs");
        assert_eq!(run("d3", -140), Decision::Stop, "a fall of under two discs is not critical");
    }

    #[test]
    fn shallow_changes_of_mind_do_not_count() {
        let mut plan = TimePlan::new(100.0, 0.4, 100);
        plan.after_iteration(it(1, 10, 10.0, "d3", 0));
        plan.after_iteration(it(2, 30, 45.0, "c4", -500));
        assert_eq!(plan.share(), 0.4);
    }
}
