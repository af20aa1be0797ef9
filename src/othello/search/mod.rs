//! The playing engine: iterative deepening over a principal-variation search (negamax alpha-beta
//! with null windows), a transposition table, move ordering, and the exact endgame solver for the
//! last empty squares. Limits by depth, nodes, time and an external stop flag; a timed search
//! follows a time plan ([`crate::othello::search::timing`]), and with the pattern evaluation the search
//! can be selective ([`crate::othello::search::probcut`], Multi-ProbCut).
//!
//! Depth counts plies, and a pass is a ply, exactly as in the reference [`crate::course::minimax`]
//! searches; with a fresh table, a fixed-depth search returns the same value as plain minimax.
//!
//! The engine ([`Engine`], [`Limits`]) and its iterative deepening and principal-variation search
//! are this module; its parts are the submodules: move ordering (`ordering.rs`), every move scored
//! for hints and weak play (`analysis.rs`: [`Engine::analyze_moves`]), the exact solver
//! ([`endgame`]), the transposition table ([`tt`]), Multi-ProbCut ([`probcut`]), the time plan
//! ([`timing`]), search values ([`score`]), the playing levels ([`levels`]), one share of a
//! search split among workers without shared memory ([`split`]) and one search on several
//! threads sharing the tables ([`parallel`]), whose midgame is divided at split points
//! (`split_point.rs`).

mod analysis;
pub mod endgame;
pub mod levels;
pub mod lines;
mod ordering;
pub mod parallel;
pub mod probcut;
pub mod score;
pub mod split;
mod split_point;
pub mod timing;
pub mod tt;

use crate::othello::book::{Book, BookUse};
use crate::othello::eval::course::evaluate;
use crate::othello::eval::expert::{override_move, ExpertRules};
use crate::othello::eval::pattern::{PatternWeights, UNITS_PER_DISC};
use crate::othello::rules::board::{legal_moves, legal_moves_both, Board};
use crate::othello::rules::square::{Move, Square};
use crate::othello::search::endgame::{Solution, Solver};
use crate::othello::search::ordering::MoveList;
use crate::othello::search::parallel::{Job, SharedTables, Teamwork};
use crate::othello::search::score::{terminal_value, value_to_exact, Score, WIN_BASE};
use crate::othello::search::timing::{Decision, Iteration, SolveCost, TimePlan, QUIET_SHARE};
use crate::othello::search::tt::{Bound, TranspositionTable, NO_MOVE};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What bounds a search. `None` means no limit of that kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum positions visited (checked at every node).
    pub nodes: Option<u64>,
    /// Maximum time in milliseconds (checked every 1024 nodes).
    pub time_ms: Option<u64>,
    /// Solve exactly (perfect play to the end) when at most this many squares are empty.
    pub exact_from_empties: Option<u32>,
    /// With a time budget, solve (at most `exact_from_empties` empties) only when the solve is
    /// predicted to fit the time left ([`SolveCost`]); otherwise the midgame search has the whole
    /// budget. Off: always solve at `exact_from_empties` or fewer, whatever the budget.
    pub plan_solve: bool,
    /// Weak play on purpose: the move is chosen at random among those whose score is within this
    /// many evaluation units of the best (0 = always the best move).
    pub randomness: i32,
    /// Seed of that random choice.
    pub seed: u64,
    /// Whether and how the course's expert moves steer the search.
    pub expert: ExpertUse,
    /// Which static evaluation values the leaves.
    pub eval: EvalChoice,
    /// Multi-ProbCut in the midgame search ([`crate::othello::search::probcut`]), where its parameters
    /// were fitted: with the pattern evaluation. Off, a fixed-depth search is exact minimax.
    pub probcut: bool,
    /// Play from the opening book while it has a move ([`Engine::set_book`]), drawing among the
    /// moves within the margin with `seed` (`None`: never).
    pub book: Option<BookUse>,
}

/// The static evaluation a search uses at its leaves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvalChoice {
    /// The course's heuristics ([`crate::othello::eval::course::evaluate`]), in their own units.
    #[default]
    Course,
    /// The trained pattern evaluation ([`crate::othello::eval::pattern`]), in hundredths of a disc, when
    /// the engine has weights ([`Engine::set_pattern_weights`]); the course's otherwise.
    Pattern,
}

/// How a search uses the course's expert moves (module [`crate::othello::eval::expert`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ExpertUse {
    #[default]
    Off,
    /// Moves the rules recommend are searched first (at nodes with enough depth below them to
    /// pay for recognising the patterns).
    Ordering(ExpertRules),
    /// A move the rules recommend is played at once, without search.
    Override(ExpertRules),
}

impl Limits {
    /// A fixed-depth search.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }
}

/// Search statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions visited (midgame search and endgame solver).
    pub nodes: u64,
    /// Depth of the last completed iteration (empties, when solved exactly).
    pub depth: u32,
    pub elapsed_ms: u64,
    pub nps: u64,
    /// Transposition-table probes that found the position.
    pub tt_hits: u64,
    /// Beta cutoffs.
    pub cutoffs: u64,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `Move::Pass` when the side to move must pass (or the game is over).
    pub best_move: Move,
    pub score: Score,
    /// Principal variation, starting with `best_move`.
    pub pv: Vec<Move>,
    pub stats: Stats,
    /// The move came from the opening book (its score is the book's value, converted to the
    /// units of the search's evaluation; no search was made).
    pub book: bool,
}

/// Reported after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    pub depth: u32,
    pub best_move: Move,
    pub score: Score,
    pub pv: Vec<Move>,
    pub nodes: u64,
    pub elapsed_ms: u64,
}

/// How the caller steers a running search: a clock, an optional stop flag and a progress callback.
pub struct Control<'a> {
    /// Set to true (from anywhere) to stop the search; it returns its best move so far.
    pub stop: Option<&'a AtomicBool>,
    /// Milliseconds on a monotonic clock (the engine has no clock of its own, so that it runs
    /// anywhere: use [`crate::clock::monotonic_ms`]).
    pub clock: &'a dyn Fn() -> f64,
    pub on_progress: Option<&'a mut dyn FnMut(&Progress)>,
    /// The search's part in a parallel search ([`parallel`]): helpers follow what it searches,
    /// and it stops when its session is no longer the one served. `None`: a search alone.
    pub team: Option<Teamwork<'a>>,
}

impl<'a> Control<'a> {
    pub fn new(clock: &'a dyn Fn() -> f64) -> Control<'a> {
        Control { stop: None, clock, on_progress: None, team: None }
    }

    /// Whether the stop flag is set or the team's session is over.
    #[inline]
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) || self.team.is_some_and(|t| t.cancelled())
    }
}

const MAX_PLY: usize = 128;
/// Beyond every value, exact ones included: the full window is (−INFINITY, INFINITY).
pub const INFINITY: i32 = WIN_BASE + 1000;
/// Depth of the midgame search run before an exact solve, as its fallback.
const SOLVE_FALLBACK_DEPTH: u32 = 8;

/// Nodes of this depth or more use the main transposition table, shallower ones a small one.
const TT_MIN_DEPTH: u32 = 2;

/// The small table's size.
const SHALLOW_TT_BYTES: usize = 64 << 10;

/// Positions between two looks at the clock and the stop flag.
const CHECK_INTERVAL: u64 = 1024;
/// Share of a timed search's budget after which the midgame iterations before an exact solve
/// start no new one (the solve needs the rest).
const PRE_SOLVE_SHARE: f64 = 0.1;
/// Values beyond this are not cut by ProbCut (decided games, or windows outside any evaluation).
const PROBCUT_MAX_VALUE: i32 = 64 * UNITS_PER_DISC;

/// The engine: its transposition tables (its own, or shared with the other engines of a parallel
/// search) and endgame solver, reused across searches.
pub struct Engine {
    /// The midgame and solver tables, and the midgame one at hand.
    tables: Arc<SharedTables>,
    tt: Arc<TranspositionTable>,
    /// The table of the nodes below [`TT_MIN_DEPTH`]: small enough to stay in the processor's
    /// cache, so that the most numerous nodes do not wait on the main table's memory.
    shallow_tt: TranspositionTable,
    solver: Solver,
    nodes: u64,
    tt_hits: u64,
    cutoffs: u64,
    aborted: bool,
    /// Rules whose moves are searched first in this search.
    expert_ordering: ExpertRules,
    /// Some line of the current iteration stopped at the depth limit before the game's end.
    hit_horizon: bool,
    node_limit: u64,
    deadline: f64,
    pv: Box<[[Move; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// Pattern weights, if loaded.
    pattern: Option<Arc<PatternWeights>>,
    /// The pattern weights when this search evaluates with them.
    leaf_pattern: Option<Arc<PatternWeights>>,
    /// Multi-ProbCut cut-offs in this search (asked for, and the pattern evaluation is on).
    probcut: bool,
    /// The opening book, if loaded.
    book: Option<Arc<Book>>,
    /// The split points this engine is working at, innermost last ([`split_point`]).
    split_stack: Vec<Arc<split_point::SplitPoint>>,
    /// The search was stopped by its limits or from outside (not by a cut-off at a split point).
    hard_stop: bool,
    /// The exact solver's speed on this machine, learnt from its solves (kept by `clear`).
    solve_cost: SolveCost,
}

impl Engine {
    /// An engine with transposition tables of about `tt_megabytes` MiB in all.
    ///
    /// ```
    /// use reversi::{clock::monotonic_ms, othello::search::{Engine, Limits, Control}, Board};
    /// let mut engine = Engine::new(4);
    /// let result = engine.search(Board::start(), &Limits::depth(4), &mut Control::new(&monotonic_ms));
    /// assert!(Board::start().legal_moves().contains(result.best_move.square().unwrap()));
    /// assert_eq!(result.pv[0], result.best_move);
    /// ```
    pub fn new(tt_megabytes: usize) -> Engine {
        Engine::with_tables(Arc::new(SharedTables::new(tt_megabytes)))
    }

    /// An engine using these tables, which other engines may share (a parallel search's threads:
    /// [`parallel`]).
    pub fn with_tables(tables: Arc<SharedTables>) -> Engine {
        Engine {
            tt: Arc::clone(&tables.midgame),
            solver: Solver::with_table(Arc::clone(&tables.endgame)),
            tables,
            shallow_tt: TranspositionTable::with_bytes(SHALLOW_TT_BYTES),
            nodes: 0,
            tt_hits: 0,
            cutoffs: 0,
            aborted: false,
            hit_horizon: false,
            expert_ordering: ExpertRules::NONE,
            node_limit: u64::MAX,
            deadline: f64::INFINITY,
            pv: Box::new([[Move::Pass; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            pattern: None,
            leaf_pattern: None,
            probcut: false,
            book: None,
            split_stack: Vec::new(),
            hard_stop: false,
            solve_cost: SolveCost::default(),
        }
    }

    /// Makes the engine use these tables from now on (those of a parallel search's main engine,
    /// for a helper), dropping its own.
    pub fn attach(&mut self, tables: Arc<SharedTables>) {
        self.tt = Arc::clone(&tables.midgame);
        self.solver.attach(Arc::clone(&tables.endgame));
        self.tables = tables;
    }

    /// The engine's tables (to share them with another engine: [`Engine::attach`]).
    pub fn tables(&self) -> &Arc<SharedTables> {
        &self.tables
    }

    /// Gives the engine an opening book (or takes it away): searches whose limits ask for it
    /// ([`Limits::book`]) play its moves while it has one.
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book;
    }

    /// The opening book, if the engine has one.
    pub fn book(&self) -> Option<&Arc<Book>> {
        self.book.as_ref()
    }

    /// Gives the engine pattern weights (or takes them away): searches whose limits ask for
    /// [`EvalChoice::Pattern`] use them; without them every search uses the course's evaluation.
    /// The exact solver orders its moves with them in every search (its results do not change).
    pub fn set_pattern_weights(&mut self, weights: Option<Arc<PatternWeights>>) {
        self.solver.set_pattern_weights(weights.clone());
        self.pattern = weights;
    }

    /// Whether a search under `limits` evaluates with the pattern weights (in hundredths of a
    /// disc) rather than the course's heuristics.
    pub fn uses_pattern(&self, limits: &Limits) -> bool {
        limits.eval == EvalChoice::Pattern && self.pattern.is_some()
    }

    /// The pattern weights, if the engine has them.
    pub fn pattern_weights(&self) -> Option<Arc<PatternWeights>> {
        self.pattern.clone()
    }

    /// Whether searches asking for the pattern evaluation get it.
    pub fn has_pattern_weights(&self) -> bool {
        self.pattern.is_some()
    }

    /// The value of a position at the horizon: the game's result when neither side can move,
    /// otherwise the static evaluation of the current search.
    #[inline]
    fn leaf_value(&mut self, b: Board) -> i32 {
        match &self.leaf_pattern {
            Some(w) => {
                // Both mobilities are features of the pattern evaluation (and in the wasm SIMD
                // build both cost about what one does).
                let (moves, replies) = legal_moves_both(b.player, b.opponent);
                if moves == 0 && replies == 0 {
                    return terminal_value(b.final_score());
                }
                self.hit_horizon = true;
                w.evaluate_with_mobility(b, moves, replies)
            }
            None => {
                if legal_moves(b.player, b.opponent) == 0 && legal_moves(b.opponent, b.player) == 0 {
                    return terminal_value(b.final_score());
                }
                self.hit_horizon = true;
                evaluate(b)
            }
        }
    }

    /// Forgets everything learnt (between games).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.shallow_tt.clear();
        self.solver.clear();
    }

    /// Forgets what the midgame searches learnt, keeping the exact solver's table: a midgame
    /// entry searched deeper than a later search needs is used by it and changes its score,
    /// while the solver's entries are exact values or true bounds, which change a solve's
    /// speed but never its score. After this, a fixed-depth search's score depends on the
    /// position and the limits alone.
    pub fn clear_midgame_table(&mut self) {
        self.tt.clear();
        self.shallow_tt.clear();
    }

    /// Resets the statistics and limits for a search under `limits` started at `start`; a new
    /// search of the shared tables too (`new_search`: not for a parallel search's helpers).
    fn reset_counters(&mut self, limits: &Limits, start: f64, new_search: bool) {
        self.nodes = 0;
        self.tt_hits = 0;
        self.cutoffs = 0;
        self.aborted = false;
        self.hard_stop = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.time_ms.map_or(f64::INFINITY, |t| start + t as f64);
        self.leaf_pattern = match limits.eval {
            EvalChoice::Pattern => self.pattern.clone(),
            EvalChoice::Course => None,
        };
        self.probcut = limits.probcut && self.leaf_pattern.is_some();
        self.expert_ordering = match limits.expert {
            ExpertUse::Ordering(rules) => rules,
            _ => ExpertRules::NONE,
        };
        if new_search {
            self.tt.new_search();
        }
        self.shallow_tt.new_search();
    }

    #[inline]
    fn out_of_budget(&mut self, control: &Control) -> bool {
        if !self.aborted {
            if self.nodes >= self.node_limit || self.nodes.is_multiple_of(CHECK_INTERVAL) && self.must_stop_now(control)
            {
                self.aborted = true;
                self.hard_stop = true;
            } else if self.split_stack.last().is_some_and(|sp| sp.stopped()) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    fn must_stop_now(&self, control: &Control) -> bool {
        if let Some(team) = control.team.filter(Teamwork::is_helper) {
            team.share.add_helper_nodes(CHECK_INTERVAL);
        }
        control.stopped() || (control.clock)() >= self.deadline
    }

    /// Finds the best move under `limits`.
    ///
    /// A side that must pass gets `Move::Pass` (with the score of the position after the pass);
    /// a finished game gets `Move::Pass` and its exact score.
    ///
    /// With [`Control::team`], the search is a parallel search's main thread: its helpers
    /// ([`Engine::help`]) search along, and its statistics count their positions too.
    pub fn search(&mut self, board: Board, limits: &Limits, control: &mut Control) -> SearchResult {
        in_session(control, |control| self.search_alone(board, limits, control))
    }

    fn search_alone(&mut self, board: Board, limits: &Limits, control: &mut Control) -> SearchResult {
        let start = (control.clock)();
        self.reset_counters(limits, start, true);
        if let Some(result) = self.book_move(board, limits) {
            return self.finish(result, control, start);
        }
        if let ExpertUse::Override(rules) = limits.expert {
            if let Some(sq) = override_move(board, &rules) {
                let score = Score::from_value(-evaluate(board.play_unchecked(sq)));
                let result = SearchResult {
                    best_move: Move::Play(sq),
                    score,
                    pv: vec![Move::Play(sq)],
                    stats: Stats::default(),
                    book: false,
                };
                return self.finish(result, control, start);
            }
        }
        let result = if limits.randomness > 0 && legal_moves(board.player, board.opponent).count_ones() > 1 {
            self.search_randomized(board, limits, control)
        } else {
            self.search_best(board, limits, control, start).result
        };
        self.finish(result, control, start)
    }

    /// The book's move under `limits`, if they ask for the book, the engine has one, fewer moves
    /// than the limit have been played (counted by the discs on the board) and the book has a
    /// move for the position.
    fn book_move(&self, board: Board, limits: &Limits) -> Option<SearchResult> {
        let (book_use, book) = (limits.book?, self.book.as_ref()?);
        if 60 - board.empty_count() >= book_use.until_ply {
            return None;
        }
        let chosen = book.choose(board, book_use.margin, limits.seed ^ board.hash())?;
        Some(SearchResult {
            best_move: chosen.mv,
            score: Score::Eval(chosen.value * self.units_per_disc()),
            pv: vec![chosen.mv],
            stats: Stats::default(),
            book: true,
        })
    }

    fn finish(&self, mut result: SearchResult, control: &Control, start: f64) -> SearchResult {
        let elapsed = ((control.clock)() - start).max(0.0);
        let nodes = self.nodes + control.team.map_or(0, |t| t.share.helper_nodes());
        result.stats.nodes = nodes;
        result.stats.tt_hits = self.tt_hits;
        result.stats.cutoffs = self.cutoffs;
        result.stats.elapsed_ms = elapsed as u64;
        result.stats.nps = if elapsed > 0.0 { (nodes as f64 * 1000.0 / elapsed) as u64 } else { 0 };
        result
    }

    /// The exact value of `board` within (`alpha`, `beta`) by the engine's solver (fail-soft, as
    /// [`Solver::solve`]), `None` when stopped (the stop flag, or the team's session ended). With
    /// [`Control::team`], the team's helpers solve along.
    pub fn solve(&mut self, board: Board, alpha: i32, beta: i32, control: &mut Control) -> Option<Solution> {
        let mut solution = in_session(control, |control| {
            if let Some(team) = control.team {
                team.publish(Job::Solve { board, alpha, beta, weights: self.pattern_weights() });
            }
            let control: &Control = control;
            let mut should_stop = |_| control.stopped();
            self.solver.solve_in(board, alpha, beta, &mut should_stop, control.team).ok()
        });
        if let (Some(team), Some(s)) = (control.team, solution.as_mut()) {
            s.nodes += team.share.helper_nodes();
        }
        solution
    }

    fn search_best(&mut self, board: Board, limits: &Limits, control: &mut Control, start: f64) -> Searched {
        let empties = board.empty_count();
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 2).clamp(1, MAX_PLY as u32 - 2);
        let mut solve = limits.exact_from_empties.is_some_and(|e| empties <= e);
        // Midgame iterations first. Before an exact solve, a moderate one gives the move to play
        // if the solve runs out of time (and fills the table with a good move order).
        let midgame_depth = if solve { max_depth.min(SOLVE_FALLBACK_DEPTH) } else { max_depth };
        // Before a solve, the fallback iterations leave most of the time to the solver.
        let quiet_share = if solve { PRE_SOLVE_SHARE } else { QUIET_SHARE };
        let mut plan = limits.time_ms.map(|t| TimePlan::new(t as f64, quiet_share, self.units_per_disc()));
        self.publish_midgame(control, limits);
        let Searched { mut result, mut score_known } =
            self.iterate(board, midgame_depth, plan.as_mut(), control, start);
        if solve && limits.plan_solve && !self.aborted {
            if let Some(budget) = limits.time_ms {
                let elapsed = ((control.clock)() - start).max(1e-3);
                let midgame_rate = (self.nodes > 0).then(|| self.nodes as f64 / elapsed);
                if !self.solve_cost.fits(empties, budget as f64 - elapsed, midgame_rate) {
                    // The solve would not finish: the midgame search gets the budget instead.
                    solve = false;
                    let mut plan = TimePlan::new(budget as f64, QUIET_SHARE, self.units_per_disc());
                    Searched { result, score_known } = self.iterate(board, max_depth, Some(&mut plan), control, start);
                }
            }
        }
        if solve && !self.aborted {
            if let Some(solution) = self.solve_under_limits(control, board, -64, 64) {
                result = SearchResult {
                    best_move: solution.best_move,
                    score: Score::Exact(solution.score),
                    pv: solution.pv,
                    stats: Stats { depth: empties, ..result.stats },
                    book: false,
                };
                let elapsed = ((control.clock)() - start).max(0.0) as u64;
                self.report(control, &result, elapsed);
                return Searched { result, score_known: true };
            }
        }
        Searched { result, score_known }
    }

    /// `board` solved within (`alpha`, `beta`) by the engine's solver under the search's limits
    /// (nodes, deadline, stop), the team's helpers solving along; its positions counted and its
    /// speed (every thread's positions) recorded for the time plan. `None` when stopped (the
    /// search is then aborted).
    fn solve_under_limits(&mut self, control: &Control, board: Board, alpha: i32, beta: i32) -> Option<Solution> {
        let (nodes_before, node_limit, deadline) = (self.nodes, self.node_limit, self.deadline);
        let clock = control.clock;
        let mut should_stop =
            |solver_nodes: u64| nodes_before + solver_nodes >= node_limit || control.stopped() || clock() >= deadline;
        let solve_start = clock();
        if let Some(team) = control.team {
            team.publish(Job::Solve { board, alpha, beta, weights: self.pattern_weights() });
        }
        let helper_nodes_before = control.team.map_or(0, |t| t.share.helper_nodes());
        let solution = self.solver.solve_in(board, alpha, beta, &mut should_stop, control.team).ok();
        match &solution {
            Some(s) => {
                self.nodes += s.nodes;
                let helped = control.team.map_or(0, |t| t.share.helper_nodes()) - helper_nodes_before;
                self.solve_cost.record(s.nodes + helped, clock() - solve_start);
            }
            None => self.aborted = true,
        }
        solution
    }

    /// Posts the midgame search about to run, for a parallel search's helpers to join its split
    /// points.
    fn publish_midgame(&self, control: &Control, limits: &Limits) {
        if let Some(team) = control.team {
            let limits = Limits { time_ms: None, nodes: None, ..limits.clone() };
            team.publish(Job::Midgame { pattern: self.uses_pattern(&limits), limits, weights: self.pattern_weights() });
        }
    }

    fn report(&self, control: &mut Control, result: &SearchResult, elapsed_ms: u64) {
        if let Some(cb) = control.on_progress.as_mut() {
            cb(&Progress {
                depth: result.stats.depth,
                best_move: result.best_move,
                score: result.score,
                pv: result.pv.clone(),
                nodes: self.nodes + control.team.map_or(0, |t| t.share.helper_nodes()),
                elapsed_ms,
            });
        }
    }

    /// Evaluation units per disc of the current search's evaluation, for the time plan (for the
    /// course's evaluation, the measured scale of [`crate::othello::eval::course::DISCS_PER_UNIT`]).
    fn units_per_disc(&self) -> i32 {
        if self.leaf_pattern.is_some() {
            UNITS_PER_DISC
        } else {
            crate::othello::eval::course::UNITS_PER_DISC
        }
    }

    /// Iterative deepening from depth 1 to `max_depth`, keeping the last completed iteration; a
    /// time plan, if any, decides after each iteration whether the next one is worth starting.
    fn iterate(
        &mut self,
        board: Board,
        max_depth: u32,
        mut plan: Option<&mut TimePlan>,
        control: &mut Control,
        start: f64,
    ) -> Searched {
        let moves = legal_moves(board.player, board.opponent);
        let fallback = match Square::new(moves.trailing_zeros() as u8) {
            Some(sq) if moves != 0 => Move::Play(sq),
            _ => Move::Pass,
        };
        // Eval(0) is a placeholder until an iteration completes (`score_known` says which).
        let mut best = SearchResult {
            best_move: fallback,
            score: Score::Eval(0),
            pv: vec![fallback],
            stats: Stats::default(),
            book: false,
        };
        if moves == 0 && legal_moves(board.opponent, board.player) == 0 {
            best.score = Score::Exact(board.final_score());
            best.pv.clear();
            return Searched { result: best, score_known: true };
        }
        let mut score_known = false;
        for depth in 1..=max_depth {
            self.hit_horizon = false;
            let nodes_before = self.nodes;
            let value = self.pvs(control, board, depth, -INFINITY, INFINITY, 0);
            if self.aborted {
                // A partial iteration is trusted only for its first (previous best) move.
                if depth == 1 && self.pv_len[0] > 0 {
                    best.best_move = self.pv[0][0];
                    best.pv = self.pv[0][..self.pv_len[0]].to_vec();
                }
                break;
            }
            let pv = self.pv[0][..self.pv_len[0]].to_vec();
            best = SearchResult {
                best_move: pv.first().copied().unwrap_or(fallback),
                score: Score::from_value(value),
                pv,
                stats: Stats { depth, ..Stats::default() },
                book: false,
            };
            score_known = true;
            let elapsed = ((control.clock)() - start).max(0.0);
            self.report(control, &best, elapsed as u64);
            // Every line has reached the end of the game: deeper iterations change nothing.
            if !self.hit_horizon {
                break;
            }
            if let Some(plan) = plan.as_deref_mut() {
                let it = Iteration {
                    depth,
                    nodes: self.nodes - nodes_before,
                    elapsed_ms: elapsed,
                    best_move: best.best_move,
                    value,
                };
                if plan.after_iteration(it) == Decision::Stop {
                    break;
                }
            }
        }
        Searched { result: best, score_known }
    }

    #[inline]
    fn set_pv(&mut self, ply: usize, mv: Move) {
        let child_len = if ply + 1 < MAX_PLY { self.pv_len[ply + 1] } else { ply + 1 };
        self.pv[ply][ply] = mv;
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len.max(ply + 1);
    }

    /// Principal-variation search (fail-soft negamax alpha-beta with null windows).
    fn pvs(&mut self, control: &Control, b: Board, depth: u32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        self.nodes += 1;
        if self.out_of_budget(control) {
            return 0;
        }
        if depth == 0 || ply + 1 >= MAX_PLY {
            return self.leaf_value(b);
        }
        let moves = legal_moves(b.player, b.opponent);
        if moves == 0 {
            if legal_moves(b.opponent, b.player) == 0 {
                return terminal_value(b.final_score());
            }
            let v = -self.pvs(control, b.passed(), depth - 1, -beta, -alpha, ply + 1);
            self.set_pv(ply, Move::Pass);
            return v;
        }

        let pv_node = beta - alpha > 1;
        let mut tt_move = NO_MOVE;
        if let Some(e) = if depth >= TT_MIN_DEPTH { self.tt.probe(b) } else { self.shallow_tt.probe(b) } {
            self.tt_hits += 1;
            tt_move = e.best_move;
            if !pv_node && u32::from(e.depth) >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if cut {
                    return e.score;
                }
            }
        }

        if !pv_node && self.probcut && depth >= probcut::FIRST_DEPTH {
            if let Some(v) = self.probcut_cut(control, b, depth, alpha, beta, ply) {
                return v;
            }
            if self.aborted {
                return 0;
            }
        }

        if depth > TT_MIN_DEPTH && TranspositionTable::PREFETCHES {
            // Every child probes the main table first thing: start loading their buckets now, so
            // that the misses overlap with this node's ordering and with each other.
            let mut rest = moves;
            while rest != 0 {
                let sq = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                self.tt.prefetch(b.play_unchecked(Square::new(sq).expect("a move's square")));
            }
        }
        let mut list = MoveList::ordered(b, moves, tt_move, depth, self.leaf_pattern.as_deref(), &self.expert_ordering);
        let alpha_at_start = alpha;
        let mut best = -INFINITY;
        let mut best_move = NO_MOVE;
        let mut first = true;
        loop {
            if !first && self.may_split(control, depth) {
                let mut rest = Vec::with_capacity(24);
                while let Some(sq) = list.next_best() {
                    rest.push(sq);
                }
                if rest.is_empty() {
                    break;
                }
                rest.reverse();
                let team = control.team.expect("may_split checked the team");
                (best, best_move) = self.split(control, team, b, depth, (alpha, beta), ply, rest, (best, best_move));
                if self.aborted {
                    return 0;
                }
                if best >= beta {
                    self.cutoffs += 1;
                }
                break;
            }
            let Some(sq) = list.next_best() else { break };
            let child = b.play_unchecked(sq);
            let v = if first {
                -self.pvs(control, child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let v = -self.pvs(control, child, depth - 1, -alpha - 1, -alpha, ply + 1);
                if v > alpha && v < beta && !self.aborted {
                    -self.pvs(control, child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    v
                }
            };
            if self.aborted {
                return 0;
            }
            first = false;
            if v > best {
                best = v;
                best_move = sq.index();
                if v > alpha {
                    alpha = v;
                    self.set_pv(ply, Move::Play(sq));
                    if alpha >= beta {
                        self.cutoffs += 1;
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_at_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let table = if depth >= TT_MIN_DEPTH { &self.tt } else { &self.shallow_tt };
        table.store(b, best, bound, depth.min(255) as u8, best_move);
        best
    }
}

impl Engine {
    /// Multi-ProbCut at a null-window node: a shallow search whose value, through the fitted
    /// regression, predicts the deep one beyond the window by [`probcut::CUT_SIGMAS`] deviations
    /// returns the window's bound without the deep search (`None`: search normally).
    fn probcut_cut(
        &mut self,
        control: &Control,
        b: Board,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        // A window wholly beyond every evaluation (beside a move valued as a wipe-out) asks only
        // whether a decided game lies within the horizon; the heuristic values all meet at the
        // edge, so either answer takes the full minimal tree. The shallow search's answer stands
        // in for the deep one's (no regression applies to decided games).
        let undecided = |bound: i32| value_to_exact(bound).is_none();
        let above = alpha >= PROBCUT_MAX_VALUE && undecided(alpha);
        let below = beta <= -PROBCUT_MAX_VALUE && undecided(beta);
        if above || below {
            let cut = probcut::cut(b.empty_count(), depth)?;
            let v = self.pvs(control, b, cut.shallow, alpha, beta, ply);
            if self.aborted {
                return None;
            }
            return if above { (v <= alpha).then_some(alpha) } else { (v >= beta).then_some(beta) };
        }
        if beta.abs() >= PROBCUT_MAX_VALUE || alpha.abs() >= PROBCUT_MAX_VALUE {
            return None;
        }
        let cut = probcut::cut(b.empty_count(), depth)?;
        let up = cut.beta_bound(beta);
        if up < PROBCUT_MAX_VALUE {
            let v = self.pvs(control, b, cut.shallow, up - 1, up, ply);
            if self.aborted {
                return None;
            }
            if v >= up {
                return Some(beta);
            }
        }
        let down = cut.alpha_bound(alpha);
        if down > -PROBCUT_MAX_VALUE {
            let v = self.pvs(control, b, cut.shallow, down, down + 1, ply);
            if self.aborted {
                return None;
            }
            if v <= down {
                return Some(alpha);
            }
        }
        None
    }
}

/// What a search of one position found: the result, and whether its score is real (from a
/// completed iteration, the solver or the end of the game) rather than the placeholder of a
/// search stopped before its first iteration completed.
struct Searched {
    result: SearchResult,
    score_known: bool,
}

impl Searched {
    /// The score for the side that moved into this position, if known.
    fn score(&self) -> Option<Score> {
        self.score_known.then(|| self.result.score.negate())
    }
}

/// Runs `run` as a session of `control`'s team, if it has one: opened before (the helpers wait
/// for its jobs) and closed after (they go home); without a team, just `run`.
fn in_session<T>(control: &mut Control, run: impl FnOnce(&mut Control) -> T) -> T {
    if let Some(team) = control.team {
        team.share.open(team.session);
    }
    let out = run(control);
    if let Some(team) = control.team {
        team.share.close(team.session);
    }
    out
}
