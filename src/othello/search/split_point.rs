//! Young Brothers Wait with split points (Feldmann; as in Crafty and Edax): the midgame search of
//! a parallel search divides a node's later moves among the threads once its eldest move is
//! searched. The thread at the node (its *owner*) posts a split point with the moves left; idle
//! threads join it, each taking the next move and searching it against the node's current alpha,
//! and the owner searches moves too. So every subtree is searched by one thread, with that
//! thread's ProbCut decisions, and no subtree twice; a cut-off found by any of them stops the
//! others at once.
//!
//! When the owner runs out of moves while others are still searching theirs, it does not wait
//! idle: it joins the split points posted inside its own (*helpful master*), which are the only
//! ones whose end it is waiting for.

use super::parallel::Teamwork;
use super::{Control, Engine};
use crate::othello::rules::board::Board;
use crate::othello::rules::square::{Move, Square};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// Nodes of this depth or more may be split: below it a node's moves are cheaper to search than
/// to hand out.
pub(super) const SPLIT_MIN_DEPTH: u32 = 4;

/// Whether this build can run threads: a WebAssembly build without them never has a team, and
/// the split points' code is left out of it (the first load of the page is counted in bytes).
const THREADS: bool = cfg!(any(not(target_arch = "wasm32"), target_feature = "atomics"));

/// A node whose later moves are shared among threads.
pub(super) struct SplitPoint {
    board: Board,
    depth: u32,
    ply: usize,
    beta: i32,
    pv_node: bool,
    /// The node's alpha: the window's, raised by every move that beats it (written under
    /// `state`'s lock, read without it).
    alpha: AtomicI32,
    /// A move reached beta, or the owner stopped: every thread under it stops.
    cut: AtomicBool,
    /// Threads other than the owner working here.
    workers: AtomicU32,
    /// The split point the owner was working under when it posted this one.
    parent: Option<Arc<SplitPoint>>,
    state: Mutex<SplitState>,
}

struct SplitState {
    /// The moves not handed out yet, the next one last.
    moves: Vec<Square>,
    best: i32,
    best_move: u8,
    /// The line from this node when a move raised alpha (empty until one does).
    pv: Vec<Move>,
    /// Some line under a move searched here stopped at the depth limit.
    hit_horizon: bool,
}

impl SplitPoint {
    fn lock(&self) -> MutexGuard<'_, SplitState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether this split point or one it lies under is cut.
    #[inline]
    pub(super) fn stopped(&self) -> bool {
        self.cut.load(Ordering::Relaxed) || self.parent.as_ref().is_some_and(|p| p.stopped())
    }

    /// Whether `ancestor` is this split point or one it lies under.
    fn lies_under(&self, ancestor: &SplitPoint) -> bool {
        std::ptr::eq(self, ancestor) || self.parent.as_ref().is_some_and(|p| p.lies_under(ancestor))
    }

    fn has_moves(&self) -> bool {
        !self.stopped() && !self.lock().moves.is_empty()
    }
}

/// A value alone on its cache line: what one thread writes often does not slow another's reads
/// of its neighbours (64 bytes on the x86 and Arm cores that run the engine; 128 covers the
/// pairs of lines some fetch together).
#[repr(align(128))]
struct OwnLine<T>(T);

/// The split points open for joining, and how many threads are looking for one.
pub(super) struct SplitBoard {
    open: OwnLine<Mutex<Vec<Arc<SplitPoint>>>>,
    /// Read at every node that might split, written when a thread starts or stops looking.
    idle: OwnLine<AtomicU32>,
    /// Split points posted since the board was made, counted after each is in `open`: a thread
    /// that found nothing to join looks again only once this has changed (a split point's moves
    /// only ever run out, so nothing else makes work appear), reading one shared value instead
    /// of taking the locks that the working threads take.
    posted: OwnLine<AtomicU64>,
    /// Joins so far: each a thread taking part in a split point another thread posted.
    joined: OwnLine<AtomicU64>,
}

impl SplitBoard {
    pub(super) fn new() -> SplitBoard {
        SplitBoard {
            open: OwnLine(Mutex::new(Vec::new())),
            idle: OwnLine(AtomicU32::new(0)),
            posted: OwnLine(AtomicU64::new(0)),
            joined: OwnLine(AtomicU64::new(0)),
        }
    }

    fn open(&self) -> MutexGuard<'_, Vec<Arc<SplitPoint>>> {
        self.open.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether some thread is looking for work.
    #[inline]
    pub(super) fn has_idle(&self) -> bool {
        self.idle.0.load(Ordering::Relaxed) > 0
    }

    fn post(&self, sp: &Arc<SplitPoint>) {
        self.open().push(Arc::clone(sp));
        // Release: a thread that reads the new count finds the split point in `open`.
        self.posted.0.fetch_add(1, Ordering::Release);
    }

    /// Split points posted so far.
    pub(super) fn posted(&self) -> u64 {
        self.posted.0.load(Ordering::Acquire)
    }

    /// Split points joined so far by a thread other than their owner.
    pub(super) fn joined(&self) -> u64 {
        self.joined.0.load(Ordering::Relaxed)
    }

    fn withdraw(&self, sp: &Arc<SplitPoint>) {
        self.open().retain(|o| !Arc::ptr_eq(o, sp));
    }

    /// Joins the open split point with moves left nearest the root (the most work), among those
    /// under `within` if given; counted as one of its workers until [`Self::leave`].
    fn join(&self, within: Option<&SplitPoint>) -> Option<Arc<SplitPoint>> {
        let open = self.open();
        let sp = open
            .iter()
            .filter(|sp| within.is_none_or(|w| sp.lies_under(w)) && sp.has_moves())
            .min_by_key(|sp| sp.ply)?;
        sp.workers.fetch_add(1, Ordering::AcqRel);
        self.joined.0.fetch_add(1, Ordering::Relaxed);
        Some(Arc::clone(sp))
    }

    /// [`Self::join`], unless nothing was posted since the last look that found nothing
    /// (`looked_at`: the count of posts then; see `posted`).
    fn join_new(&self, within: Option<&SplitPoint>, looked_at: &mut Option<u64>) -> Option<Arc<SplitPoint>> {
        // Read before the look, so that a post during it is looked at next time.
        let posted = self.posted();
        if *looked_at == Some(posted) {
            return None;
        }
        let found = self.join(within);
        *looked_at = if found.is_some() { None } else { Some(posted) };
        found
    }

    fn leave(sp: &SplitPoint) {
        sp.workers.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Spins between two looks for work: a split point lives for a fraction of a millisecond, too
/// short for sleeping on a lock.
fn pause(rounds: &mut u32) {
    *rounds += 1;
    if *rounds < 64 {
        std::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
}

impl Engine {
    /// Whether a node of `depth` whose eldest move is searched should be split now.
    #[inline]
    pub(super) fn may_split(&self, control: &Control, depth: u32) -> bool {
        THREADS && depth >= SPLIT_MIN_DEPTH && control.team.is_some_and(|t| t.share.splits.has_idle())
    }

    /// Searches the moves `rest` (the next one last) of node `b` with the other threads, after
    /// its eldest: returns the node's best value and move, `best` and `best_move` being the
    /// eldest's. The node's line is left in the engine's PV at `ply`, as [`Engine::pvs`] leaves it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn split(
        &mut self,
        control: &Control,
        team: Teamwork,
        b: Board,
        depth: u32,
        (alpha, beta): (i32, i32),
        ply: usize,
        rest: Vec<Square>,
        (best, best_move): (i32, u8),
    ) -> (i32, u8) {
        let sp = Arc::new(SplitPoint {
            board: b,
            depth,
            ply,
            beta,
            pv_node: beta - alpha > 1,
            alpha: AtomicI32::new(alpha),
            cut: AtomicBool::new(false),
            workers: AtomicU32::new(0),
            parent: self.split_stack.last().cloned(),
            state: Mutex::new(SplitState { moves: rest, best, best_move, pv: Vec::new(), hit_horizon: false }),
        });
        let board = &team.share.splits;
        board.post(&sp);
        self.work_at(control, &sp);
        board.withdraw(&sp);
        if self.aborted {
            // Stopped from outside or by a cut above: the threads still here stop too.
            sp.cut.store(true, Ordering::Relaxed);
        }
        // Helpful master: until the others are done here, join what they split below.
        let mut rounds = 0;
        let mut idle = false;
        let mut looked_at = None;
        while sp.workers.load(Ordering::Acquire) > 0 {
            if !idle {
                board.idle.0.fetch_add(1, Ordering::Relaxed);
                idle = true;
            }
            match if self.aborted { None } else { board.join_new(Some(&sp), &mut looked_at) } {
                Some(below) => {
                    board.idle.0.fetch_sub(1, Ordering::Relaxed);
                    idle = false;
                    self.work_at(control, &below);
                    SplitBoard::leave(&below);
                    self.aborted = self.hard_stop;
                    rounds = 0;
                }
                None => pause(&mut rounds),
            }
        }
        if idle {
            board.idle.0.fetch_sub(1, Ordering::Relaxed);
        }
        if self.hard_stop || sp.parent.as_ref().is_some_and(|p| p.stopped()) {
            self.aborted = true;
            return (best, best_move);
        }
        // Stopped by a cut-off here (ours or another's): this node's search is over, not ours.
        self.aborted = false;
        let state = sp.lock();
        self.hit_horizon |= state.hit_horizon;
        if !state.pv.is_empty() {
            let len = (ply + state.pv.len()).min(self.pv[ply].len());
            self.pv[ply][ply..len].copy_from_slice(&state.pv[..len - ply]);
            self.pv_len[ply] = len;
        }
        (state.best, state.best_move)
    }

    /// Takes moves from `sp` and searches them until none are left or it is cut; stops (with
    /// `self.aborted` set) when this engine's search is stopped or `sp` is cut.
    fn work_at(&mut self, control: &Control, sp: &Arc<SplitPoint>) {
        self.split_stack.push(Arc::clone(sp));
        let (ply, beta) = (sp.ply, sp.beta);
        loop {
            let Some(sq) = (if sp.stopped() { None } else { sp.lock().moves.pop() }) else { break };
            let child = sp.board.play_unchecked(sq);
            let horizon_before = std::mem::replace(&mut self.hit_horizon, false);
            let v = self.search_move(control, sp, child);
            let reached_horizon = self.hit_horizon;
            self.hit_horizon |= horizon_before;
            if self.aborted {
                break;
            }
            let mut state = sp.lock();
            state.hit_horizon |= reached_horizon;
            if v > state.best {
                state.best = v;
                state.best_move = sq.index();
                if v > sp.alpha.load(Ordering::Relaxed) {
                    sp.alpha.store(v, Ordering::Relaxed);
                    if sp.pv_node {
                        let child_len = self.pv_len[ply + 1].max(ply + 1);
                        state.pv.clear();
                        state.pv.push(Move::Play(sq));
                        state.pv.extend_from_slice(&self.pv[ply + 1][ply + 1..child_len]);
                    }
                    if v >= beta {
                        sp.cut.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
        self.split_stack.pop();
    }

    /// The value of `child`, a move of `sp`, as principal-variation search finds a later move's:
    /// a null window at the node's alpha, and where the move beats it, a full one. Other threads
    /// may raise the alpha meanwhile: a move that beat an alpha since raised is tried again
    /// against the new one (its value may be below or above it).
    fn search_move(&mut self, control: &Control, sp: &SplitPoint, child: Board) -> i32 {
        let (depth, ply, beta) = (sp.depth, sp.ply, sp.beta);
        let mut alpha = sp.alpha.load(Ordering::Relaxed);
        loop {
            let v = -self.pvs(control, child, depth - 1, -alpha - 1, -alpha, ply + 1);
            if self.aborted || v <= alpha || v >= beta {
                return v;
            }
            let now = sp.alpha.load(Ordering::Relaxed);
            if now > alpha && v <= now {
                alpha = now;
                continue;
            }
            alpha = alpha.max(now);
            return -self.pvs(control, child, depth - 1, -beta, -alpha, ply + 1);
        }
    }

    /// A helper's part in a midgame job: joins split points until the job ends.
    pub(super) fn serve_splits(&mut self, control: &Control, team: Teamwork) {
        if !THREADS {
            return;
        }
        let board = &team.share.splits;
        let mut rounds = 0;
        let mut looked_at = None;
        board.idle.0.fetch_add(1, Ordering::Relaxed);
        while !team.cancelled() {
            match board.join_new(None, &mut looked_at) {
                Some(sp) => {
                    board.idle.0.fetch_sub(1, Ordering::Relaxed);
                    self.work_at(control, &sp);
                    SplitBoard::leave(&sp);
                    board.idle.0.fetch_add(1, Ordering::Relaxed);
                    if self.hard_stop {
                        break;
                    }
                    self.aborted = false;
                    rounds = 0;
                }
                None => pause(&mut rounds),
            }
        }
        board.idle.0.fetch_sub(1, Ordering::Relaxed);
    }
}
