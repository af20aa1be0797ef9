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
//! use reversi::othello::search::timing::{Decision, Iteration, TimePlan};
//! use reversi::Move;
//! let mut plan = TimePlan::new(1000.0, 0.4, 100);
//! let e6 = Move::Play("e6".parse().unwrap());
//! // 10 ms in, the next iteration should take about 40 ms: go on.
//! assert_eq!(plan.after_iteration(Iteration { depth: 6, nodes: 3_000, elapsed_ms: 10.0, best_move: e6, value: 0 }), Decision::Continue);
//! // 500 ms in (past the quiet share), and the next one would end far past the budget.
//! assert_eq!(plan.after_iteration(Iteration { depth: 7, nodes: 150_000, elapsed_ms: 500.0, best_move: e6, value: 0 }), Decision::Stop);
//! ```

use crate::othello::rules::square::Move;

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

/// Nodes an exact solve at 20 empty squares needs: about the 75th percentile of positions of real
/// games (`cargo run --release --bin solve_cost` measures it), erring on the side of caution.
pub const SOLVE_NODES_AT_20: f64 = 4.0e6;
/// How much each further empty square multiplies a solve's nodes.
pub const SOLVE_GROWTH_PER_EMPTY: f64 = 2.3;
/// A solve is started when its prediction (a 75th percentile) is at most this share of the time
/// left. Even a solve that may not finish is worth starting: when it runs out of time the move
/// comes from the depth-8 search before it, not much worse than the whole budget's midgame search,
/// while a finished solve plays perfectly.
pub const SOLVE_FIT_SHARE: f64 = 1.0;
/// Before the solver has run on this machine, its speed is guessed as this many times the midgame
/// search's, in positions per millisecond (`cargo bench --bench midgame` against the solver's rate
/// printed by `cargo run --release --bin solve_cost` measures it).
pub const SOLVER_SPEED_OVER_MIDGAME: f64 = 3.0;

/// What an exact solve is expected to cost here: the solver's speed on this machine, learnt from
/// the solves completed so far, and the growth of a solve's size with the empty squares. Lets a
/// timed search solve exactly as early as its budget allows (the last exact solve reachable),
/// and not start a solve predicted to need more than the time left (the midgame search then has
/// the whole budget).
///
/// ```
/// use reversi::othello::search::timing::SolveCost;
/// let mut cost = SolveCost::default();
/// cost.record(3_000_000, 100.0); // 30,000 positions per millisecond
/// assert!(cost.fits(20, 1_000.0, None) && !cost.fits(20, 100.0, None));
/// assert!(cost.predicted_ms(22, None).unwrap() > 4.0 * cost.predicted_ms(20, None).unwrap());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SolveCost {
    /// The solver's positions per millisecond (a moving average), once it has run long enough to
    /// tell.
    nodes_per_ms: Option<f64>,
}

impl SolveCost {
    /// Solves shorter than this say more about start-up costs than about speed.
    const MIN_MS: f64 = 20.0;

    /// Learns from a finished solve of `nodes` positions in `ms` milliseconds.
    pub fn record(&mut self, nodes: u64, ms: f64) {
        if ms < Self::MIN_MS {
            return;
        }
        let rate = nodes as f64 / ms;
        self.nodes_per_ms = Some(self.nodes_per_ms.map_or(rate, |r| 0.7 * r + 0.3 * rate));
    }

    /// The solver's speed: learnt, or guessed from the midgame search's (`midgame_nodes_per_ms`).
    fn rate(&self, midgame_nodes_per_ms: Option<f64>) -> Option<f64> {
        self.nodes_per_ms.or(midgame_nodes_per_ms.map(|r| r * SOLVER_SPEED_OVER_MIDGAME)).filter(|r| *r > 0.0)
    }

    /// Milliseconds a solve at `empties` empty squares is predicted to need (`None` when the speed
    /// is not known at all).
    pub fn predicted_ms(&self, empties: u32, midgame_nodes_per_ms: Option<f64>) -> Option<f64> {
        let nodes = SOLVE_NODES_AT_20 * SOLVE_GROWTH_PER_EMPTY.powi(empties as i32 - 20);
        Some(nodes / self.rate(midgame_nodes_per_ms)?)
    }

    /// Whether a solve at `empties` is predicted to fit in [`SOLVE_FIT_SHARE`] of `ms_left`.
    /// With no idea of the speed, only small solves (at most 14 empties, a few hundred thousand
    /// positions) are started.
    pub fn fits(&self, empties: u32, ms_left: f64, midgame_nodes_per_ms: Option<f64>) -> bool {
        match self.predicted_ms(empties, midgame_nodes_per_ms) {
            Some(ms) => ms <= SOLVE_FIT_SHARE * ms_left,
            None => empties <= 14,
        }
    }
}

/// The share of a game clock's time one move may use at most: whatever the plan says, at least
/// as much time stays on the clock as a move takes, so the engine alone never runs out of time
/// (the search also stops at its budget: see the module's "Never overrun").
pub const CLOCK_MAX_SHARE: f64 = 0.5;
/// The shortest budget given (a search needs a few milliseconds to find any move), unless the
/// clock itself has less than twice that left.
pub const CLOCK_MIN_MS: u64 = 5;
/// The share of the planned time a move is given: the rest covers what the clock counts beyond
/// the search (messages between the page and the worker, drawing, a late look at the deadline).
const CLOCK_SAFETY: f64 = 0.9;

/// How much a move at `empties` empty squares deserves, relative to a midgame move: the opening
/// is quick, the midgame decides, the band where an exact solve first becomes reachable (level 9
/// solves from 24 to 20 empties, as its time allows) pays most, and once the game is solved the
/// table answers the later moves at once.
fn clock_weight(empties: u32) -> f64 {
    match empties {
        45.. => 0.5,
        25..=44 => 1.0,
        19..=24 => 2.0,
        _ => 0.25,
    }
}

/// The milliseconds to give the move now on a game clock: `remaining_ms` on the mover's clock,
/// `increment_ms` added after each of its moves (0 for none), `empties` empty squares on the
/// board. The time there is (what remains, plus the increments still to come) is shared among the
/// mover's remaining moves (about half the empty squares) by a weight per move (the opening
/// quick, the band where an exact solve first becomes reachable the most), less a safety share; the result is at least [`CLOCK_MIN_MS`] and never more than [`CLOCK_MAX_SHARE`] of
/// `remaining_ms`. It grows with `remaining_ms`.
///
/// ```
/// use reversi::othello::search::timing::clock_move_budget_ms;
/// let opening = clock_move_budget_ms(300_000, 0, 58);
/// let midgame = clock_move_budget_ms(300_000, 0, 36);
/// let solve = clock_move_budget_ms(300_000, 0, 22);
/// assert!(opening < midgame && midgame < solve && solve <= 150_000);
/// assert_eq!(clock_move_budget_ms(6, 0, 30), 3);
/// ```
pub fn clock_move_budget_ms(remaining_ms: u64, increment_ms: u64, empties: u32) -> u64 {
    let cap = (remaining_ms as f64 * CLOCK_MAX_SHARE).floor() as u64;
    // This move and the mover's later ones: every other empty square.
    let own_moves = empties.div_ceil(2).max(1);
    let weights: f64 = (0..own_moves).map(|k| clock_weight(empties.saturating_sub(2 * k))).sum();
    let available = remaining_ms as f64 + increment_ms as f64 * f64::from(own_moves - 1);
    let planned = (available * clock_weight(empties) / weights * CLOCK_SAFETY).floor() as u64;
    planned.max(CLOCK_MIN_MS).min(cap)
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

    /// A whole game on a clock, with the mover using all its budget every move (the worst case):
    /// the flag never falls, and the clock is used.
    fn play_on_the_clock(start_ms: u64, increment_ms: u64, first_empties: u32) -> (u64, Vec<(u32, u64)>) {
        let mut remaining = start_ms;
        let mut spent = Vec::new();
        let mut empties = first_empties;
        loop {
            let budget = clock_move_budget_ms(remaining, increment_ms, empties);
            assert!(budget <= remaining / 2, "{budget} of {remaining} ms at {empties} empties");
            remaining = remaining - budget + increment_ms;
            spent.push((empties, budget));
            if empties <= 2 {
                return (remaining, spent);
            }
            empties -= 2;
        }
    }

    #[test]
    fn a_game_on_the_clock_never_flags_and_uses_its_time() {
        for (start, increment) in [(60_000, 0), (300_000, 0), (180_000, 2_000), (10_000, 500), (1_000, 0), (30, 0)] {
            for first in [60, 59] {
                let (left, spent) = play_on_the_clock(start, increment, first);
                let total: u64 = spent.iter().map(|&(_, b)| b).sum();
                let given = start + increment * spent.len() as u64;
                assert!(left > 0 && total + left == given, "{start} + {increment}: {total} spent, {left} left");
                if start >= 10_000 {
                    assert!(total * 10 >= given * 6, "{start} + {increment}: only {total} of {given} ms used");
                    // The most goes where an exact solve becomes reachable, the least to the opening.
                    let (empties, _) = *spent.iter().max_by_key(|&&(_, b)| b).unwrap();
                    assert!((19..=24).contains(&empties), "{start} + {increment}: the longest move is at {empties}");
                    let at = |e: u32| spent.iter().find(|&&(x, _)| x == e || x == e - 1).unwrap().1;
                    assert!(at(56) < at(36), "{start} + {increment}: {spent:?}");
                }
            }
        }
    }

    #[test]
    fn the_budget_grows_with_the_clock_and_stays_within_half_of_it() {
        for empties in [0, 1, 2, 13, 20, 33, 60] {
            for increment in [0, 1_000] {
                let mut last = 0;
                for remaining in (0..2_000).chain((2_000..4_000_000).step_by(997)) {
                    let budget = clock_move_budget_ms(remaining, increment, empties);
                    assert!(budget >= last, "{remaining} ms, {empties} empties: {budget} < {last}");
                    assert!(budget <= remaining / 2);
                    if remaining >= 2 * CLOCK_MIN_MS {
                        assert!(budget >= CLOCK_MIN_MS);
                    }
                    last = budget;
                }
            }
        }
        assert_eq!(clock_move_budget_ms(0, 5_000, 30), 0);
        // With a large increment the last moves may take much of the clock, but never over half.
        assert_eq!(clock_move_budget_ms(1_000, 60_000, 40), 500);
    }

    #[test]
    fn shallow_changes_of_mind_do_not_count() {
        let mut plan = TimePlan::new(100.0, 0.4, 100);
        plan.after_iteration(it(1, 10, 10.0, "d3", 0));
        plan.after_iteration(it(2, 30, 45.0, "c4", -500));
        assert_eq!(plan.share(), 0.4);
    }

    #[test]
    fn solve_cost_learns_the_solvers_speed_and_guesses_before() {
        let mut cost = SolveCost::default();
        // Nothing known: only small solves.
        assert!(cost.fits(14, 10.0, None) && !cost.fits(15, 1e9, None));
        // Guessed from the midgame's speed: 1,000 positions/ms → 3,000 for the solver.
        let guess = cost.predicted_ms(20, Some(1_000.0)).unwrap();
        assert!((guess - SOLVE_NODES_AT_20 / 3_000.0).abs() < 1e-6);
        // A solve too short to tell is not learnt from; a longer one is, and beats the guess.
        cost.record(1_000, 1.0);
        assert_eq!(cost.predicted_ms(20, None), None);
        cost.record(2_000_000, 100.0);
        assert!((cost.predicted_ms(20, Some(1.0)).unwrap() - SOLVE_NODES_AT_20 / 20_000.0).abs() < 1e-6);
        // A moving average: a second, slower solve moves it part of the way.
        cost.record(1_000_000, 100.0);
        let rate = SOLVE_NODES_AT_20 / cost.predicted_ms(20, None).unwrap();
        assert!(10_000.0 < rate && rate < 20_000.0);
        // Each empty square more multiplies the prediction, and the budget decides.
        let at = |e| cost.predicted_ms(e, None).unwrap();
        assert!((at(21) / at(20) - SOLVE_GROWTH_PER_EMPTY).abs() < 1e-9);
        assert!(cost.fits(20, at(20), None) && !cost.fits(20, 0.95 * at(20), None));
    }
}
