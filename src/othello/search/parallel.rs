//! One search on several threads sharing one transposition table: the main thread runs the
//! ordinary search and its answer is the result; helper threads search the same positions at the
//! same time, and what they find reaches the main thread through the shared tables.
//!
//! - **The tables** ([`SharedTables`]: the midgame search's and the exact solver's) are made once
//!   and handed to every engine ([`Engine::with_tables`], [`Engine::attach`]); they are lock-free
//!   ([`crate::othello::search::tt`]).
//! - **The share** ([`SearchShare`]) is where the main thread posts what it is searching (a
//!   *job*: iterative deepening of a position to a depth with its evaluation, or an exact solve
//!   within a window), which helpers ([`Engine::help`]) take up, and how a search is stopped from
//!   outside: a search serves one numbered *session*, and ends as soon as the share's current
//!   session is another.
//! - **Splitting the midgame** is by split points (Young Brothers Wait, `split_point.rs`):
//!   a node's eldest move is searched first, then its later moves are shared among the threads
//!   that are idle, each subtree searched by one thread. The helpers of a midgame job only join
//!   split points; the main thread's search is the one that posts them.
//! - **Splitting the exact solve** is by the shared table and *simplified ABDADA* (Kerrigan):
//!   every thread solves the same tree, the first move of a node first, and a later move that
//!   another thread is solving right now is put off until the node's other moves are done, by
//!   which time its result is usually in the table. No split point to coordinate: the endgame's
//!   nodes are many and small, and its trees are the same for every thread.
//! - The same code runs in the browser, with Web Workers on one shared memory as the threads.
//! - **Exact results stay exact.** Every table entry is a true bound of the search that wrote it
//!   (helpers run the main thread's job: the same evaluation, depths and windows), so an exact
//!   solve gives the one-thread score, and a fixed-depth search without ProbCut the one-thread
//!   value (a position met at two depths, through passes, is the one exception, as with one
//!   thread and a table kept between searches). Only the choice among equal moves and the
//!   node counts vary from run to run (and with ProbCut, whose cuts depend on what the table
//!   holds, the value).
//!
//! Natively, [`Team`] runs one engine per thread on `std::thread`.

use super::endgame::Solution;
use super::tt::TranspositionTable;
use super::{Control, Engine, Limits};
use super::{Progress, SearchResult};
use crate::othello::rules::board::Board;
use crate::othello::rules::square::Move;
use crate::othello::search::score::Score;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

/// The transposition tables of the midgame search and of the exact solver, shared by the engines
/// of one parallel search (each engine keeps only a small table of its own for the nodes next to
/// the leaves).
pub struct SharedTables {
    pub(super) midgame: Arc<TranspositionTable>,
    pub(super) endgame: Arc<TranspositionTable>,
}

impl SharedTables {
    /// Tables of about `megabytes` MiB in all, half for each.
    pub fn new(megabytes: usize) -> SharedTables {
        let half = (megabytes / 2).max(1);
        SharedTables {
            midgame: Arc::new(TranspositionTable::new(half)),
            endgame: Arc::new(TranspositionTable::new(half)),
        }
    }

    /// Their size in bytes.
    pub fn size_bytes(&self) -> usize {
        self.midgame.size_bytes() + self.endgame.size_bytes()
    }

    /// Forgets everything (between games; not while a search uses them).
    pub fn clear(&self) {
        self.midgame.clear();
        self.endgame.clear();
    }
}

/// Slots of the table of positions being searched now (a power of two): enough that two moves
/// searched at once seldom share one.
const BUSY_SLOTS: usize = 1 << 14;

/// The positions some thread is searching right now, by hash (simplified ABDADA): one hash per
/// slot, the last writer's. A lost or stale mark only costs a move searched twice or put off for
/// nothing, never a wrong value.
pub(super) struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Busy {
    fn new() -> Busy {
        Busy { slots: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect() }
    }

    #[inline]
    fn slot(&self, hash: u64) -> &AtomicU64 {
        &self.slots[hash as usize & (BUSY_SLOTS - 1)]
    }

    /// Whether another thread is searching the position of this hash.
    #[inline]
    pub(super) fn contains(&self, hash: u64) -> bool {
        self.slot(hash).load(Ordering::Relaxed) == hash
    }

    /// Marks the position as being searched.
    #[inline]
    pub(super) fn enter(&self, hash: u64) {
        self.slot(hash).store(hash, Ordering::Relaxed);
    }

    /// Clears the mark, unless another position took the slot since.
    #[inline]
    pub(super) fn leave(&self, hash: u64) {
        let _ = self.slot(hash).compare_exchange(hash, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// What the main thread is searching, for the helpers to take part in.
#[derive(Clone, Debug)]
pub(super) enum Job {
    /// The midgame search under `limits` (their evaluation, ProbCut and move ordering; no time
    /// or node limit: the helpers stop when the job ends), whose split points the helpers join.
    /// `pattern`: whether the main thread evaluates with the pattern weights (a helper that
    /// would evaluate otherwise sits the job out: its values would not compare).
    Midgame { limits: Limits, pattern: bool, weights: Weights },
    /// The exact solve of `board` within (`alpha`, `beta`).
    Solve { board: Board, alpha: i32, beta: i32, weights: Weights },
}

/// The main thread's pattern weights, posted with each job: a helper that started its session
/// before they arrived (a page's workers help from the first search on) takes them up then.
pub(super) type Weights = Option<Arc<crate::othello::eval::pattern::PatternWeights>>;

impl Job {
    fn weights(&self) -> &Weights {
        match self {
            Job::Midgame { weights, .. } | Job::Solve { weights, .. } => weights,
        }
    }
}

/// The job board, under the share's lock.
struct Post {
    /// The last session the main thread opened, and the last it closed.
    opened: u32,
    closed: u32,
    /// Changes with every job posted (and when a session opens or closes).
    id: u64,
    job: Option<Job>,
}

/// What the threads of one parallel search share besides the tables: the session being served,
/// the job posted by the main thread, and the positions being searched now. `Sync`: made once,
/// handed to every thread (natively by reference, in the browser as one object in the shared
/// WebAssembly memory).
pub struct SearchShare {
    /// The session the caller wants served (0: none). A search of another session stops.
    current: AtomicU32,
    post: Mutex<Post>,
    posted: Condvar,
    /// `post.id`, readable without the lock: a helper's job ends when it changes.
    job_id: AtomicU64,
    /// Positions visited by the helpers, added as they go (the main thread's statistics and time
    /// plan count every thread's work).
    helper_nodes: AtomicU64,
    pub(super) busy: Busy,
    pub(super) splits: super::split_point::SplitBoard,
}

impl Default for SearchShare {
    fn default() -> Self {
        SearchShare::new()
    }
}

/// How long a waiting helper sleeps before it looks at the session again (a stop written into
/// the shared memory by a page wakes nobody).
const HELPER_WAIT_MS: u64 = 10;

impl SearchShare {
    pub fn new() -> SearchShare {
        SearchShare {
            current: AtomicU32::new(0),
            post: Mutex::new(Post { opened: 0, closed: 0, id: 0, job: None }),
            posted: Condvar::new(),
            job_id: AtomicU64::new(0),
            helper_nodes: AtomicU64::new(0),
            busy: Busy::new(),
            splits: super::split_point::SplitBoard::new(),
        }
    }

    /// Asks for session `session` (at least 1) to be served: a search or helper of any other
    /// session stops at its next look (every thousand positions or so). 0 stops everything.
    pub fn serve(&self, session: u32) {
        self.current.store(session, Ordering::Release);
    }

    /// The session being served (0: none).
    pub fn current(&self) -> u32 {
        self.current.load(Ordering::Acquire)
    }

    /// Where the current session's number lives, for a page that stops a search by writing 0
    /// there (`Atomics.store` on the shared memory): the value's address in this process's
    /// memory.
    pub fn current_address(&self) -> usize {
        std::ptr::from_ref(&self.current) as usize
    }

    fn lock(&self) -> MutexGuard<'_, Post> {
        self.post.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn bump(&self, post: &mut Post) {
        post.id += 1;
        self.job_id.store(post.id, Ordering::Release);
        self.posted.notify_all();
    }

    pub(super) fn open(&self, session: u32) {
        let mut post = self.lock();
        post.opened = session;
        post.job = None;
        self.helper_nodes.store(0, Ordering::Relaxed);
        self.bump(&mut post);
    }

    pub(super) fn publish(&self, session: u32, job: Job) {
        let mut post = self.lock();
        if post.opened == session {
            post.job = Some(job);
            self.bump(&mut post);
        }
    }

    pub(super) fn close(&self, session: u32) {
        let mut post = self.lock();
        post.closed = session;
        post.job = None;
        self.bump(&mut post);
    }

    /// Positions the helpers have visited in the session so far.
    pub(super) fn helper_nodes(&self) -> u64 {
        self.helper_nodes.load(Ordering::Relaxed)
    }

    pub(super) fn add_helper_nodes(&self, nodes: u64) {
        self.helper_nodes.fetch_add(nodes, Ordering::Relaxed);
    }

    /// The next job of `session` after the job `seen`, waiting for it; `None` when the session is
    /// over (closed, or no longer the one served).
    fn next_job(&self, session: u32, seen: u64) -> Option<(Job, u64)> {
        let mut post = self.lock();
        loop {
            if self.current() != session || post.closed == session || post.opened > session {
                return None;
            }
            if post.opened == session && post.id != seen {
                if let Some(job) = post.job.clone() {
                    return Some((job, post.id));
                }
            }
            let wait = std::time::Duration::from_millis(HELPER_WAIT_MS);
            post = self.posted.wait_timeout(post, wait).unwrap_or_else(PoisonError::into_inner).0;
        }
    }
}

/// A search's part in a parallel search ([`Control::team`]): which share and session, and for a
/// helper, which job.
#[derive(Clone, Copy)]
pub struct Teamwork<'a> {
    pub(super) share: &'a SearchShare,
    pub(super) session: u32,
    /// The job a helper runs; 0 for the main thread.
    job: u64,
}

impl<'a> Teamwork<'a> {
    /// The main thread's part in `session` of `share`: its search posts jobs there, and stops
    /// when the session is no longer the one served.
    pub fn main(share: &'a SearchShare, session: u32) -> Teamwork<'a> {
        Teamwork { share, session, job: 0 }
    }

    pub(super) fn is_helper(&self) -> bool {
        self.job != 0
    }

    /// Whether this search should end: its session is over, or (a helper) its job changed.
    #[inline]
    pub(super) fn cancelled(&self) -> bool {
        self.share.current.load(Ordering::Relaxed) != self.session
            || (self.job != 0 && self.share.job_id.load(Ordering::Relaxed) != self.job)
    }

    pub(super) fn publish(&self, job: Job) {
        if !self.is_helper() {
            self.share.publish(self.session, job);
        }
    }
}

impl Engine {
    /// A helper thread's part in session `session` of a parallel search: runs each job the main
    /// thread posts there (see the module's documentation) and returns when the session ends.
    /// Its results reach the main thread through the shared tables; it needs the same tables
    /// ([`Engine::attach`]) and evaluation weights as the main thread's engine.
    pub fn help(&mut self, share: &SearchShare, session: u32) {
        let mut seen = 0;
        while let Some((job, id)) = share.next_job(session, seen) {
            seen = id;
            let team = Teamwork { share, session, job: id };
            let clock = crate::clock::monotonic_ms;
            let mut control = Control::new(&clock);
            control.team = Some(team);
            if self.pattern_weights().is_none() && job.weights().is_some() {
                self.set_pattern_weights(job.weights().clone());
            }
            match job {
                Job::Midgame { limits, pattern, .. } => {
                    self.reset_counters(&limits, clock(), false);
                    if self.uses_pattern(&limits) == pattern {
                        self.serve_splits(&control, team);
                    }
                    // (Counted by thousands as it went: see `must_stop_now`.)
                    share.add_helper_nodes(self.nodes % super::CHECK_INTERVAL);
                }
                Job::Solve { board, alpha, beta, .. } => {
                    let mut counted = 0;
                    let mut should_stop = |nodes: u64| {
                        share.add_helper_nodes(nodes - counted);
                        counted = nodes;
                        team.cancelled()
                    };
                    let nodes = match self.solver.solve_in(board, alpha, beta, &mut should_stop, Some(team)) {
                        Ok(solution) => solution.nodes,
                        Err(nodes) => nodes,
                    };
                    share.add_helper_nodes(nodes - counted);
                }
            }
        }
    }
}

/// One engine per thread on one shared table (natively, on `std::thread`): [`Team::search`]
/// answers as [`Engine::search`] does, the other threads helping. With one thread it is exactly
/// the one engine, and starts no thread (so it runs in a browser too, where the threads are
/// Web Workers running [`Engine::help`] instead).
///
/// ```
/// use reversi::{clock::monotonic_ms, othello::search::{Control, Limits, parallel::Team}, Board};
/// let mut team = Team::new(2, 4);
/// let result = team.search(Board::start(), &Limits::depth(6), &mut Control::new(&monotonic_ms));
/// assert!(Board::start().legal_moves().contains(result.best_move.square().unwrap()));
/// ```
pub struct Team {
    engines: Vec<Engine>,
    share: SearchShare,
    session: u32,
}

impl Team {
    /// `threads` engines (at least 1) sharing tables of about `tt_megabytes` MiB.
    pub fn new(threads: usize, tt_megabytes: usize) -> Team {
        let tables = Arc::new(SharedTables::new(tt_megabytes));
        let engines = (0..threads.max(1)).map(|_| Engine::with_tables(Arc::clone(&tables))).collect();
        Team { engines, share: SearchShare::new(), session: 0 }
    }

    /// Midgame nodes split among the threads so far (at split points): zero with one
    /// thread.
    pub fn split_points(&self) -> u64 {
        self.share.splits.posted()
    }

    /// Split points joined by a thread other than their owner so far: zero when the helpers
    /// never took part.
    pub fn split_joins(&self) -> u64 {
        self.share.splits.joined()
    }

    /// The number of threads.
    pub fn threads(&self) -> usize {
        self.engines.len()
    }

    /// Runs on `threads` threads (at least 1) from now on: helpers added share the main engine's
    /// tables and weights.
    pub fn set_threads(&mut self, threads: usize) {
        let main = &self.engines[0];
        let (tables, pattern) = (Arc::clone(&main.tables), main.pattern.clone());
        self.engines.truncate(threads.max(1));
        while self.engines.len() < threads {
            let mut helper = Engine::with_tables(Arc::clone(&tables));
            helper.set_pattern_weights(pattern.clone());
            self.engines.push(helper);
        }
    }

    /// The main thread's engine (its settings: the book, the weights; see [`Team::set_pattern_weights`]).
    pub fn main(&mut self) -> &mut Engine {
        &mut self.engines[0]
    }

    /// Gives every engine the pattern weights.
    pub fn set_pattern_weights(&mut self, weights: Option<Arc<crate::othello::eval::pattern::PatternWeights>>) {
        for engine in &mut self.engines {
            engine.set_pattern_weights(weights.clone());
        }
    }

    /// Gives the main engine the opening book (only the main thread answers from it).
    pub fn set_book(&mut self, book: Option<Arc<crate::othello::book::Book>>) {
        self.engines[0].set_book(book);
    }

    /// Forgets everything learnt (between games): the shared tables once, each engine's own.
    pub fn clear(&mut self) {
        self.engines[0].clear();
        for helper in &mut self.engines[1..] {
            helper.shallow_tt.clear();
        }
    }

    /// Runs `work` on the main engine with the helpers helping, in a new session.
    fn together<R>(&mut self, control: &mut Control, work: impl FnOnce(&mut Engine, &mut Control) -> R) -> R {
        let (main, helpers) = self.engines.split_first_mut().expect("a team has an engine");
        if helpers.is_empty() {
            return work(main, control);
        }
        self.session = self.session.wrapping_add(1).max(1);
        let (share, session) = (&self.share, self.session);
        share.serve(session);
        // However `work` ends (a panic included), the helpers go home: the scope waits for them.
        struct EndSession<'a>(&'a SearchShare);
        impl Drop for EndSession<'_> {
            fn drop(&mut self) {
                self.0.serve(0);
            }
        }
        std::thread::scope(|scope| {
            let _end = EndSession(share);
            for helper in helpers {
                scope.spawn(move || helper.help(share, session));
            }
            let mut forward = |p: &Progress| {
                if let Some(report) = control.on_progress.as_mut() {
                    report(p);
                }
            };
            let mut own =
                Control { stop: control.stop, clock: control.clock, on_progress: Some(&mut forward), team: None };
            own.team = Some(Teamwork::main(share, session));
            work(main, &mut own)
        })
    }

    /// The best move, as [`Engine::search`], searched by every thread.
    pub fn search(&mut self, board: Board, limits: &Limits, control: &mut Control) -> SearchResult {
        self.together(control, |engine, control| engine.search(board, limits, control))
    }

    /// Every move's score, as [`Engine::analyze_moves`], each searched by every thread.
    pub fn analyze_moves(
        &mut self,
        board: Board,
        limits: &Limits,
        control: &mut Control,
    ) -> Vec<(Move, Option<Score>)> {
        self.together(control, |engine, control| engine.analyze_moves(board, limits, control))
    }

    /// Every move with its line, as [`Engine::analyze_lines`], each searched by every thread.
    pub fn analyze_lines(
        &mut self,
        board: Board,
        limits: &Limits,
        control: &mut Control,
    ) -> Vec<super::lines::MoveLine> {
        self.together(control, |engine, control| engine.analyze_lines(board, limits, control))
    }

    /// Every move scored deeper and deeper, as [`Engine::analyze_deep`], each searched by every
    /// thread.
    pub fn analyze_deep(
        &mut self,
        board: Board,
        limits: &Limits,
        control: &mut Control,
        on_step: &mut dyn FnMut(&super::lines::AnalysisStep),
    ) -> Option<super::lines::AnalysisStep> {
        self.together(control, |engine, control| engine.analyze_deep(board, limits, control, on_step))
    }

    /// The exact value within (`alpha`, `beta`), as [`Engine::solve`], solved by every thread.
    pub fn solve(&mut self, board: Board, alpha: i32, beta: i32, control: &mut Control) -> Option<Solution> {
        self.together(control, |engine, control| engine.solve(board, alpha, beta, control))
    }
}
