//! Every move with its line: the live analysis of the analysis board, which asks for one depth
//! after another (then an exact solve) and shows each move's score, its principal variation and
//! how deep it was searched.

use super::score::{value_to_exact, Score};
use super::{Control, Engine, Limits};
use crate::othello::rules::board::Board;
use crate::othello::rules::square::Move;

/// A legal move as the analysis found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLine {
    pub mv: Move,
    /// The score for the side that plays `mv`; `None` when the search was stopped before it
    /// completed one iteration (no number is made up).
    pub score: Option<Score>,
    /// The principal variation, starting with `mv` (just `mv` while the score is unknown).
    pub pv: Vec<Move>,
    /// Plies searched counting `mv` (the empty squares before it, when the score is exact).
    pub depth: u32,
}

impl Engine {
    /// Every legal move with its score, its principal variation and its depth, best first (known
    /// scores before unknown ones, equal scores in square order). Each move's search is the one
    /// [`Engine::analyze_moves`] makes (one ply less deep, the same exact limit), so the scores
    /// are the hints'; this keeps the lines. The time and node limits apply to the whole call (no
    /// share per move: the live analysis bounds each call by its depth). A side that must pass
    /// gets one line starting with `Move::Pass`; a finished game gets none. With
    /// [`Control::team`], the team's helpers search each move along.
    ///
    /// ```
    /// use reversi::{clock::monotonic_ms, othello::search::{Control, Engine, Limits}, Board};
    /// let lines = Engine::new(1).analyze_lines(Board::start(), &Limits::depth(3), &mut Control::new(&monotonic_ms));
    /// assert_eq!(lines.len(), 4);
    /// assert!(lines.iter().all(|l| l.pv[0] == l.mv && l.depth == 3));
    /// ```
    pub fn analyze_lines(&mut self, board: Board, limits: &Limits, control: &mut Control) -> Vec<MoveLine> {
        let mut lines = super::in_session(control, |control| {
            let start = (control.clock)();
            self.reset_counters(limits, start, true);
            self.lines(board, limits, control, start)
        });
        // Insertion sort, stable: equal scores keep their square order.
        let key = |l: &MoveLine| l.score.map_or(i64::MIN, |s| i64::from(s.to_value()));
        crate::othello::book::sort_small(&mut lines, |a, b| key(a) > key(b));
        lines
    }

    fn lines(&mut self, board: Board, limits: &Limits, control: &mut Control, start: f64) -> Vec<MoveLine> {
        let searched = self.search_each_move(board, limits, control, start, false);
        searched
            .into_iter()
            .map(|(mv, found)| {
                let score = found.score();
                let mut pv = vec![mv];
                let mut depth = 1;
                if score.is_some() {
                    pv.extend_from_slice(&found.result.pv);
                    depth += found.result.stats.depth;
                }
                MoveLine { mv, score, pv, depth }
            })
            .collect()
    }
}

/// How sure a score of the deep analysis is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Certainty {
    /// A midgame search `depth` plies deep (counting the move), selective at `percent` confidence
    /// (Multi-ProbCut: the chance that a cut agrees with the full search), or full width (`None`).
    Depth { depth: u32, percent: Option<u32> },
    /// The game's outcome under perfect play: the score's sign alone (win, draw, loss).
    Outcome,
    /// The final disc difference under perfect play.
    Exact,
}

/// One completed step of the deep analysis: every legal move's line, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisStep {
    pub certainty: Certainty,
    /// Each line's score is the step's ([`MoveLine::depth`]: the plies of the step).
    pub lines: Vec<MoveLine>,
    /// Positions visited since the analysis started, and milliseconds.
    pub nodes: u64,
    pub elapsed_ms: u64,
}

/// Before the solves, the midgame steps stop this many plies short of the end (but not before
/// the playing search's fallback depth): next to every move's exact solve they cost little, and
/// their scores are what the player reads until the solves are done.
const PRE_SOLVE_PLIES_SHORT: u32 = 10;

/// Half-width of a move's first window around its last score (two discs): the odd/even swing of
/// the pattern evaluation is about a disc, so most moves are settled by the first window.
const ASPIRATION: i32 = 2 * crate::othello::eval::pattern::UNITS_PER_DISC;

impl Engine {
    /// Every legal move scored, deeper and deeper, one step at a time, as a strong player's
    /// analysis board shows it: each step searches every move with a window around its score of
    /// the step before (widened when the score falls outside), the moves in the order of that
    /// step, the transposition table shared by all of them, Multi-ProbCut when the limits ask
    /// for it (with the pattern evaluation). At `limits.exact_from_empties` or fewer empties, the
    /// midgame steps stop 10 plies short of the end (at 8 plies at least, the playing search's
    /// fallback before a solve) and the exact solver gives every move's outcome, then its exact
    /// score, when it is predicted to fit the time left.
    ///
    /// `on_step` gets every completed step; a step the limits cut short is not reported (a score
    /// is shown only from a completed step). Returns the last completed step (`None`: none was
    /// completed, or the game is over). A side that must pass gets one line, the pass.
    pub fn analyze_deep(
        &mut self,
        board: Board,
        limits: &Limits,
        control: &mut Control,
        on_step: &mut dyn FnMut(&AnalysisStep),
    ) -> Option<AnalysisStep> {
        super::in_session(control, |control| {
            let start = (control.clock)();
            self.reset_counters(limits, start, true);
            self.deepen_all(board, limits, control, start, on_step)
        })
    }

    fn deepen_all(
        &mut self,
        board: Board,
        limits: &Limits,
        control: &mut Control,
        start: f64,
        on_step: &mut dyn FnMut(&AnalysisStep),
    ) -> Option<AnalysisStep> {
        let mut moves: Vec<Move> = board.legal_moves().map(Move::Play).collect();
        if moves.is_empty() {
            if board.passed().legal_moves().is_empty() {
                return None;
            }
            moves.push(Move::Pass);
        }
        let child_of = |mv: Move| match mv {
            Move::Play(sq) => board.play_unchecked(sq),
            Move::Pass => board.passed(),
        };
        let empties = board.empty_count();
        let solve = limits.exact_from_empties.is_some_and(|e| empties <= e);
        let max_depth = limits.depth.unwrap_or(60).clamp(1, super::MAX_PLY as u32 - 2);
        let midgame_depth = if solve {
            max_depth.min(super::SOLVE_FALLBACK_DEPTH.max(empties.saturating_sub(PRE_SOLVE_PLIES_SHORT)))
        } else {
            max_depth
        };
        let percent = self.probcut.then(super::probcut::confidence_percent);
        self.publish_midgame(control, limits);
        // Each move's line of the last completed step, in the order of its scores.
        let mut lines: Vec<MoveLine> =
            moves.iter().map(|&mv| MoveLine { mv, score: None, pv: vec![mv], depth: 0 }).collect();
        let mut last = None;
        for depth in 1..=midgame_depth {
            self.hit_horizon = false;
            let mut next = Vec::with_capacity(lines.len());
            for line in &lines {
                let child = child_of(line.mv);
                let guess = line.score.map(|s| -s.to_value());
                let Some(value) = self.aspiration(control, child, depth - 1, guess) else { break };
                let mut pv = vec![line.mv];
                pv.extend_from_slice(&self.pv[1][1..self.pv_len[1]]);
                next.push(MoveLine { mv: line.mv, score: Some(Score::from_value(-value)), pv, depth });
            }
            if self.aborted || next.len() < lines.len() {
                break;
            }
            sort_best_first(&mut next);
            lines = next;
            let step = self.step(Certainty::Depth { depth, percent }, &lines, control, start);
            on_step(&step);
            last = Some(step);
            // Every line reached the end of the game: deeper steps change nothing.
            if !self.hit_horizon {
                return last;
            }
        }
        if !solve || self.aborted || !self.solve_fits(empties, limits, control, start) {
            return last;
        }
        // The outcome of every move first (a window around a draw is fast), then its score within
        // the outcome's side (a draw is already exact).
        for certainty in [Certainty::Outcome, Certainty::Exact] {
            let mut next = Vec::with_capacity(lines.len());
            for line in &lines {
                let known = line.score.filter(|_| certainty == Certainty::Exact).map(Score::to_value);
                let window = match known.map(i32::signum) {
                    None => (-1, 1),
                    Some(1) => (0, 64),
                    Some(-1) => (-64, 0),
                    Some(_) => {
                        next.push(line.clone());
                        continue;
                    }
                };
                // Stopped: the last completed step stands.
                let Some(solution) = self.solve_child(control, child_of(line.mv), window) else { return last };
                let mut pv = vec![line.mv];
                pv.extend_from_slice(&solution.pv);
                let score = Score::Exact((-solution.score).clamp(window.0, window.1));
                next.push(MoveLine { mv: line.mv, score: Some(score), pv, depth: empties });
            }
            sort_best_first(&mut next);
            lines = next;
            let step = self.step(certainty, &lines, control, start);
            on_step(&step);
            last = Some(step);
        }
        last
    }

    /// The value of `child` searched `depth` plies (the side to move's view), first within a
    /// window around `guess`, widened until the value falls inside; `None` when stopped.
    ///
    /// A heuristic guess's windows stay inside the evaluation's range: at its edge (a position
    /// evaluated as a wipe-out) the values all meet, ProbCut can no longer cut, and telling the
    /// edge from beyond it takes a full-width search (seconds for one hopeless move at depth 16).
    /// A value at the edge is taken as it is; only a decided game's widens the window further.
    fn aspiration(&mut self, control: &Control, child: Board, depth: u32, guess: Option<i32>) -> Option<i32> {
        const EDGE: i32 = super::PROBCUT_MAX_VALUE - 1;
        let heuristic = guess.is_some_and(|g| g.abs() <= EDGE + 1) && depth > 0;
        let (mut alpha, mut beta) = match guess {
            Some(g) if heuristic => ((g - ASPIRATION).max(-EDGE), (g + ASPIRATION).min(EDGE)),
            Some(g) if depth > 0 => (g - ASPIRATION, g + ASPIRATION),
            _ => (-super::INFINITY, super::INFINITY),
        };
        let mut width = ASPIRATION;
        loop {
            // (At depth 0 too: the search's leaf is one copy of the evaluation in the code.)
            let value = self.pvs(control, child, depth, alpha, beta, 1);
            if self.aborted {
                return None;
            }
            let decided = value_to_exact(value).is_some();
            // How far a widened window may reach.
            let far = if decided || !heuristic { super::INFINITY } else { EDGE };
            if value <= alpha && alpha > -super::INFINITY {
                if alpha == -EDGE && heuristic && !decided {
                    return Some(value);
                }
                width *= 4;
                alpha = (value - width).max(-far);
            } else if value >= beta && beta < super::INFINITY {
                if beta == EDGE && heuristic && !decided {
                    return Some(value);
                }
                width *= 4;
                beta = (value + width).min(far);
            } else {
                return Some(value);
            }
        }
    }

    /// Whether the solves of every move are predicted to fit the time left (always, without a
    /// time limit).
    fn solve_fits(&self, empties: u32, limits: &Limits, control: &Control, start: f64) -> bool {
        let Some(budget) = limits.time_ms else { return true };
        let elapsed = ((control.clock)() - start).max(1e-3);
        let rate = (self.nodes > 0).then(|| self.nodes as f64 / elapsed);
        // Every move is a solve one empty smaller; together about as costly as the position's.
        self.solve_cost.fits(empties, budget as f64 - elapsed, rate)
    }

    /// `child` solved within `window` (the parent's view) by the engine's solver, under the
    /// search's limits, the team's helpers solving along.
    fn solve_child(&mut self, control: &Control, child: Board, window: (i32, i32)) -> Option<super::endgame::Solution> {
        self.solve_under_limits(control, child, -window.1, -window.0)
    }

    fn step(&self, certainty: Certainty, lines: &[MoveLine], control: &Control, start: f64) -> AnalysisStep {
        AnalysisStep {
            certainty,
            lines: lines.to_vec(),
            nodes: self.nodes + control.team.map_or(0, |t| t.share.helper_nodes()),
            elapsed_ms: ((control.clock)() - start).max(0.0) as u64,
        }
    }
}

/// Best first, equal scores keeping their order (the previous step's).
fn sort_best_first(lines: &mut [MoveLine]) {
    let key = |l: &MoveLine| l.score.map_or(i64::MIN, |s| i64::from(s.to_value()));
    crate::othello::book::sort_small(lines, |a, b| key(a) > key(b));
}
