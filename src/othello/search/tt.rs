//! Transposition table: a fixed-size hash table of search results keyed by the exact board,
//! shared by every thread of a parallel search without locks.
//!
//! Buckets of two entries: one kept by depth (the deeper result survives), one always replaced
//! (the most recent result). Each entry is three 64-bit atomic words written and read one at a
//! time, so two threads writing the same entry at once can leave it *torn* (words of both). The
//! XOR trick makes a torn entry a miss, never another board's result: the entry holds the board's
//! two disc sets each XORed with a mix of the packed result, and the packed result itself; a probe
//! accepts it only when both disc sets, unmixed with the result word it read, are the probed
//! board's. A torn mix of two writes passes only if the boards' difference equals the difference
//! of two mixed results, a 64-bit coincidence.

use crate::othello::rules::board::Board;
use crate::rng::mix64;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

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

/// The packed result's layout: score in bits 0–31, move 32–39, depth 40–47, generation 48–55,
/// bound 56–57, and bit 63 set in every written entry (a vacant one is all zeros).
const WRITTEN: u64 = 1 << 63;

impl TtEntry {
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        u64::from(self.score as u32)
            | u64::from(self.best_move) << 32
            | u64::from(self.depth) << 40
            | u64::from(self.generation) << 48
            | bound << 56
            | WRITTEN
    }

    fn unpack(player: u64, opponent: u64, data: u64) -> TtEntry {
        TtEntry {
            player,
            opponent,
            score: data as u32 as i32,
            best_move: (data >> 32) as u8,
            depth: (data >> 40) as u8,
            generation: (data >> 48) as u8,
            bound: match (data >> 56) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
        }
    }
}

/// One entry: the disc sets XORed with the mixed result, and the result (see the module's
/// documentation).
#[derive(Default)]
struct Slot {
    player: AtomicU64,
    opponent: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry if it is whole and for `board`.
    #[inline]
    fn read_for(&self, board: Board) -> Option<TtEntry> {
        let (p, o) = (self.player.load(Relaxed), self.opponent.load(Relaxed));
        // The mix cancels out of p ^ o: a cheap test before the mix is computed.
        if p ^ o != board.player ^ board.opponent {
            return None;
        }
        let data = self.data.load(Relaxed);
        let mixed = mix64(data);
        (data & WRITTEN != 0 && p ^ mixed == board.player && o ^ mixed == board.opponent)
            .then(|| TtEntry::unpack(board.player, board.opponent, data))
    }

    #[inline]
    fn write(&self, entry: &TtEntry) {
        let data = entry.pack();
        let mixed = mix64(data);
        self.player.store(entry.player ^ mixed, Relaxed);
        self.opponent.store(entry.opponent ^ mixed, Relaxed);
        self.data.store(data, Relaxed);
    }

    fn vacate(&self) {
        self.player.store(0, Relaxed);
        self.opponent.store(0, Relaxed);
        self.data.store(0, Relaxed);
    }
}

/// Aligned to a cache line, so that a probe costs at most one memory access.
#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    deep: Slot,
    recent: Slot,
}

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

/// A transposition table of a settable size, safe to share between threads (`&self` everywhere).
///
/// ```
/// use reversi::{Board, othello::search::tt::{TranspositionTable, TtEntry, Bound, NO_MOVE}};
/// let tt = TranspositionTable::new(1);
/// let b = Board::start();
/// tt.store(b, 12, Bound::Exact, 5, NO_MOVE);
/// assert_eq!(tt.probe(b).unwrap().score, 12);
/// tt.clear();
/// assert!(tt.probe(b).is_none());
/// ```
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    mask: usize,
    generation: AtomicU8,
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
        let mut buckets: Vec<Bucket> = std::iter::repeat_with(Bucket::default).take(count).collect();
        touch_pages(&mut buckets);
        TranspositionTable { buckets, mask: count - 1, generation: AtomicU8::new(0) }
    }

    /// Size in bytes.
    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Forgets everything (between games, on request; not while a search uses the table).
    pub fn clear(&self) {
        for b in &self.buckets {
            b.deep.vacate();
            b.recent.vacate();
        }
        self.generation.store(0, Relaxed);
    }

    /// Starts a new search: entries of earlier searches become preferred victims. A parallel
    /// search calls it once, from its main thread.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    #[inline]
    fn bucket(&self, board: Board) -> &Bucket {
        &self.buckets[board.hash() as usize & self.mask]
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
            let start = std::ptr::from_ref(self.bucket(board)).cast::<i8>();
            // SAFETY: a prefetch never faults nor changes memory, whatever the address; this one
            // is the bucket's, which is one cache line.
            unsafe {
                _mm_prefetch(start, _MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = board;
    }

    /// The entry stored for this exact board, if any.
    #[inline]
    pub fn probe(&self, board: Board) -> Option<TtEntry> {
        let b = self.bucket(board);
        b.deep.read_for(board).or_else(|| b.recent.read_for(board))
    }

    /// Stores a result. The deep slot keeps the deepest result of the current search; anything
    /// else goes to the recent slot. Threads storing into one bucket at once may lose a result
    /// (a table is a cache), never mix two.
    #[inline]
    pub fn store(&self, board: Board, score: i32, bound: Bound, depth: u8, best_move: u8) {
        let generation = self.generation.load(Relaxed);
        let b = self.bucket(board);
        let entry =
            TtEntry { player: board.player, opponent: board.opponent, score, best_move, depth, bound, generation };
        // The deep slot's words as they are: its depth and generation only steer the replacement
        // (a torn entry misleads it at worst), and moved whole to the recent slot it stays as
        // whole, or as torn, as it was.
        let deep = [b.deep.player.load(Relaxed), b.deep.opponent.load(Relaxed), b.deep.data.load(Relaxed)];
        let vacant = deep[2] & WRITTEN == 0;
        let same = !vacant && b.deep.read_for(board).is_some();
        let (deep_depth, deep_generation) = ((deep[2] >> 40) as u8, (deep[2] >> 48) as u8);
        if vacant || same || deep_generation != generation || depth >= deep_depth {
            // Keep a known best move if the new result has none.
            let best_move = if same && best_move == NO_MOVE { (deep[2] >> 32) as u8 } else { best_move };
            if !vacant && !same {
                b.recent.player.store(deep[0], Relaxed);
                b.recent.opponent.store(deep[1], Relaxed);
                b.recent.data.store(deep[2], Relaxed);
            }
            b.deep.write(&TtEntry { best_move, ..entry });
        } else {
            b.recent.write(&entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_packs_and_unpacks_whole() {
        for (score, bound) in
            [(-1_000_999, Bound::Lower), (0, Bound::Exact), (64, Bound::Upper), (i32::MIN, Bound::Exact)]
        {
            let e = TtEntry { player: 1, opponent: 2, score, best_move: NO_MOVE, depth: 255, bound, generation: 200 };
            assert_eq!(TtEntry::unpack(1, 2, e.pack()), e);
        }
    }

    #[test]
    fn a_vacant_slot_matches_no_board() {
        let slot = Slot::default();
        assert_eq!(slot.read_for(Board { player: 0, opponent: 0 }), None);
    }
}
