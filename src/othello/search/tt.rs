//! Transposition table: a fixed-size hash table of search results keyed by the exact board.
//!
//! Buckets of two entries: one kept by depth (the deeper result survives), one always replaced
//! (the most recent result). Entries store the full board, so a hit is never a false match.

use crate::othello::rules::board::Board;

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is the exact value (searched inside the window).
    Exact,
    /// The true value is at least the score (a beta cutoff).
    Lower,
    /// The true value is at most the score (every move failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    pub player: u64,
    pub opponent: u64,
    pub score: i32,
    /// Best or refuting move as a square index, `NO_MOVE` if none.
    pub best_move: u8,
    /// Remaining depth (plies or empties) the score was searched to.
    pub depth: u8,
    pub bound: Bound,
    /// Search generation that wrote the entry (older ones are replaced first).
    pub generation: u8,
}

/// `best_move` value meaning "no move recorded" (also used for a pass).
pub const NO_MOVE: u8 = 64;

impl TtEntry {
    /// An empty slot: the impossible move `u8::MAX` marks it, so an all-zero board never matches.
    const VACANT: TtEntry =
        TtEntry { player: 0, opponent: 0, score: 0, best_move: u8::MAX, depth: 0, bound: Bound::Upper, generation: 0 };

    fn matches(&self, board: Board) -> bool {
        self.player == board.player && self.opponent == board.opponent && self.best_move != u8::MAX
    }
}

/// Aligned to a cache line, so that a probe costs at most one memory access.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Bucket {
    deep: TtEntry,
    recent: TtEntry,
}

const VACANT_BUCKET: Bucket = Bucket { deep: TtEntry::VACANT, recent: TtEntry::VACANT };

/// Writes one byte of every 4 KiB page of `items` with its own value. A large fresh allocation is
/// zeroed memory mapped lazily: each page costs a fault on its first write, and without this the
/// faults land in the first search instead of where the table is made (a worker makes its engine
/// at start-up, long before the first move).
fn touch_pages<T>(items: &mut [T]) {
    let start = items.as_mut_ptr().cast::<u8>();
    for offset in (0..std::mem::size_of_val(items)).step_by(4096) {
        // SAFETY: `offset` is inside the slice's bytes, which are initialised and borrowed
        // mutably here; the byte is written back unchanged. Volatile, because an ordinary
        // write of the value just read (or of zeros over zeroed memory) is removed by the
        // optimiser, and the point is the write.
        unsafe {
            let byte = start.add(offset);
            std::ptr::write_volatile(byte, std::ptr::read_volatile(byte));
        }
    }
}

/// A transposition table of a settable size.
///
/// ```
/// use reversi::{Board, othello::search::tt::{TranspositionTable, TtEntry, Bound, NO_MOVE}};
/// let mut tt = TranspositionTable::new(1);
/// let b = Board::start();
/// tt.store(b, 12, Bound::Exact, 5, NO_MOVE);
/// assert_eq!(tt.probe(b).unwrap().score, 12);
/// tt.clear();
/// assert!(tt.probe(b).is_none());
/// ```
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    mask: usize,
    generation: u8,
}

impl TranspositionTable {
    /// A table of about `megabytes` MiB (rounded down to a power of two buckets, at least 1024).
    pub fn new(megabytes: usize) -> TranspositionTable {
        TranspositionTable::with_bytes(megabytes.max(1).saturating_mul(1 << 20))
    }

    /// A table of about `bytes` bytes (rounded down to a power of two buckets, at least 1024).
    pub fn with_bytes(bytes: usize) -> TranspositionTable {
        let wanted = (bytes / std::mem::size_of::<Bucket>()).max(1024);
        let count = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() >> 1 };
        let mut buckets = vec![VACANT_BUCKET; count];
        touch_pages(&mut buckets);
        TranspositionTable { buckets, mask: count - 1, generation: 0 }
    }

    /// Size in bytes.
    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Forgets everything (between games, on request).
    pub fn clear(&mut self) {
        self.buckets.fill(VACANT_BUCKET);
        self.generation = 0;
    }

    /// Starts a new search: entries of earlier searches become preferred victims.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, board: Board) -> usize {
        board.hash() as usize & self.mask
    }

    /// Whether [`Self::prefetch`] does anything on this target (callers skip the work of finding
    /// what to prefetch where it does not).
    pub const PREFETCHES: bool = cfg!(target_arch = "x86_64");

    /// Asks the processor to start loading the bucket of `board`, so that a probe of it soon
    /// after does not stall on memory (the table is far larger than the caches). A hint only.
    #[inline]
    pub fn prefetch(&self, board: Board) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let start = self.buckets.as_ptr().wrapping_add(self.bucket(board)) as *const i8;
            let end = start.wrapping_add(std::mem::size_of::<Bucket>() - 1);
            // SAFETY: a prefetch never faults nor changes memory, whatever the address; both
            // addresses lie inside the bucket anyway (which may straddle two cache lines).
            unsafe {
                _mm_prefetch(start, _MM_HINT_T0);
                _mm_prefetch(end, _MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = board;
    }

    /// The entry stored for this exact board, if any.
    #[inline]
    pub fn probe(&self, board: Board) -> Option<TtEntry> {
        let b = &self.buckets[self.bucket(board)];
        if b.deep.matches(board) {
            Some(b.deep)
        } else if b.recent.matches(board) {
            Some(b.recent)
        } else {
            None
        }
    }

    /// Stores a result. The deep slot keeps the deepest result of the current search; anything
    /// else goes to the recent slot.
    #[inline]
    pub fn store(&mut self, board: Board, score: i32, bound: Bound, depth: u8, best_move: u8) {
        let generation = self.generation;
        let i = self.bucket(board);
        let b = &mut self.buckets[i];
        let entry =
            TtEntry { player: board.player, opponent: board.opponent, score, best_move, depth, bound, generation };
        if b.deep.matches(board) || b.deep.generation != generation || depth >= b.deep.depth {
            // Keep a known best move if the new result has none.
            let keep_move = if best_move == NO_MOVE && b.deep.matches(board) { b.deep.best_move } else { best_move };
            if !b.deep.matches(board) && b.deep.best_move != u8::MAX {
                b.recent = b.deep;
            }
            b.deep = TtEntry { best_move: keep_move, ..entry };
        } else {
            b.recent = entry;
        }
    }
}
