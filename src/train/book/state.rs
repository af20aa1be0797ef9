//! The state of a build (every position, expanded or not, with its values and the books it
//! belongs to) and its file, saved during a build and read to continue it.

use super::{key, search, to_discs, NARROW, WIDE};
use crate::othello::book::file::root;
use crate::othello::book::{Book, RawBook, RawNode};
use crate::othello::file_format::fnv1a64;
use crate::othello::search::Engine;
use std::collections::BTreeMap;
use std::path::Path;

/// What a build does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildSettings {
    /// Expand positions with fewer moves played than this; the book's deepest positions have
    /// this many.
    pub plies: u32,
    /// Depth of the searches that value positions.
    pub leaf_depth: u32,
    /// Depth of the searches that order the moves before the deep ones.
    pub screen_depth: u32,
    /// Discs from the best within which the side the book plays keeps moves.
    pub book_margin: i32,
    /// Discs from the best within which the other side's moves are kept.
    pub other_margin: i32,
    /// At most this many moves for the side the book plays.
    pub book_moves: u32,
    /// At most this many moves for the other side.
    pub other_moves: u32,
    /// Breaks ties between moves of equal value.
    pub seed: u64,
}

impl BuildSettings {
    /// Whether a build with `self` can continue one made with `other`: only `plies` may differ,
    /// by an even number (the own values' searches depend on the parity of `plies`, see
    /// [`own_depth`]).
    ///
    /// [`own_depth`]: super::own_depth
    pub fn continues(&self, other: &BuildSettings) -> bool {
        BuildSettings { plies: other.plies, ..*self } == *other && self.plies % 2 == other.plies % 2
    }
}

/// One position of a build, under its canonical board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildNode {
    /// Moves played to reach it (discs on the board − 4).
    pub level: u8,
    /// The books it belongs to: bit 0, the book of the engine playing the side to move here (the
    /// narrow margin); bit 1, the book of the engine playing the other side (the wide margin).
    pub flags: u8,
    pub expanded: bool,
    /// Its deep search, hundredths of a disc for the side to move.
    pub searched: i32,
    /// Once expanded: the best value of a move left out of the book (hundredths).
    pub own: Option<i32>,
    /// Once expanded: its book moves (squares of the canonical board, [`PASS`] for a pass).
    ///
    /// [`PASS`]: crate::othello::book::PASS
    pub children: Vec<u8>,
    /// The depth `book-deepen` searched it again at (its value as a leaf, or its own value), 0
    /// when it keeps the build's searches.
    pub deepened: u8,
}

/// A build in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct BuildState {
    pub settings: BuildSettings,
    pub nodes: BTreeMap<(u64, u64), BuildNode>,
    /// Searches run so far (shallow and deep).
    pub searches: u64,
    /// Seconds of building so far (over every run).
    pub seconds: f64,
    /// Whether every own value was searched at [`own_depth`] (the leaves' side to move at its
    /// horizon): true for builds since state version 3; an older build's own values were all
    /// searched at the leaf depth until `book-deepen --scope all` searches them again.
    ///
    /// [`own_depth`]: super::own_depth
    pub own_horizons_matched: bool,
}

impl BuildState {
    /// A new build: the start, searched.
    pub fn new(settings: BuildSettings, engine: &mut Engine) -> BuildState {
        engine.clear();
        let (searched, _) = search(engine, root(), settings.leaf_depth);
        let node = BuildNode {
            level: 0,
            flags: NARROW | WIDE,
            expanded: false,
            searched,
            own: None,
            children: Vec::new(),
            deepened: 0,
        };
        BuildState {
            settings,
            nodes: BTreeMap::from([(key(root()), node)]),
            searches: 1,
            seconds: 0.0,
            own_horizons_matched: true,
        }
    }

    /// The first level with positions to expand (below `plies`), if any.
    pub fn next_level(&self) -> Option<u32> {
        self.nodes
            .values()
            .filter(|n| !n.expanded && u32::from(n.level) < self.settings.plies)
            .map(|n| u32::from(n.level))
            .min()
    }

    /// Positions at each level (moves played), and how many of them are expanded.
    pub fn levels(&self) -> Vec<(usize, usize)> {
        let mut out = vec![(0, 0); self.settings.plies as usize + 1];
        for n in self.nodes.values() {
            if let Some(slot) = out.get_mut(n.level as usize) {
                slot.0 += 1;
                slot.1 += usize::from(n.expanded);
            }
        }
        out
    }

    /// The book as it stands: expanded positions with their book moves and own value, the others
    /// as leaves valued by their deep search.
    pub fn to_raw(&self) -> RawBook {
        self.nodes
            .iter()
            .map(|(&k, n)| {
                let node = if n.expanded {
                    RawNode { own: n.own.map(to_discs), children: n.children.clone() }
                } else {
                    RawNode { own: Some(to_discs(n.searched)), children: Vec::new() }
                };
                (k, node)
            })
            .collect()
    }

    /// The book as it stands; its depth is that of its deepest positions (a build stopped within
    /// a level is complete to that level, with some positions one move deeper).
    pub fn book(&self) -> Result<Book, String> {
        let deepest = self.nodes.values().map(|n| u32::from(n.level)).max().unwrap_or(0);
        Book::from_raw(&self.to_raw(), deepest, self.settings.leaf_depth).map_err(|e| e.to_string())
    }
}

const STATE_MAGIC: &[u8; 8] = b"RVBKSTAT";
/// Version 2 added each position's `deepened` byte (version 1 is read as never deepened); version
/// 3 the byte saying whether the own values were searched at [`own_depth`] (older states: not).
///
/// [`own_depth`]: super::own_depth
const STATE_VERSION: u8 = 3;

/// The state as bytes (with a checksum).
pub fn state_bytes(state: &BuildState) -> Vec<u8> {
    let s = &state.settings;
    let mut out = Vec::new();
    out.extend_from_slice(STATE_MAGIC);
    out.push(STATE_VERSION);
    for v in [s.plies, s.leaf_depth, s.screen_depth, s.book_moves, s.other_moves] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for v in [s.book_margin, s.other_margin] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&s.seed.to_le_bytes());
    out.extend_from_slice(&state.searches.to_le_bytes());
    out.extend_from_slice(&state.seconds.to_le_bytes());
    out.push(u8::from(state.own_horizons_matched));
    out.extend_from_slice(&(state.nodes.len() as u32).to_le_bytes());
    for (&(player, opponent), n) in &state.nodes {
        out.extend_from_slice(&player.to_le_bytes());
        out.extend_from_slice(&opponent.to_le_bytes());
        out.extend_from_slice(&[n.level, n.flags, u8::from(n.expanded)]);
        out.extend_from_slice(&n.searched.to_le_bytes());
        out.extend_from_slice(&n.own.unwrap_or(i32::MIN).to_le_bytes());
        out.push(n.children.len() as u8);
        out.extend_from_slice(&n.children);
        out.push(n.deepened);
    }
    let sum = fnv1a64(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Reads a state file's bytes.
pub fn parse_state(bytes: &[u8]) -> Result<BuildState, String> {
    if bytes.len() < 8 + 8 || &bytes[..8] != STATE_MAGIC {
        return Err("not a book build state (bad magic)".into());
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    if fnv1a64(body).to_le_bytes() != sum {
        return Err("checksum mismatch (the state file is damaged)".into());
    }
    let mut at = 8;
    let mut take = |n: usize| -> Result<&[u8], String> {
        let slice = body.get(at..at + n).ok_or("the state file is cut short")?;
        at += n;
        Ok(slice)
    };
    let version = take(1)?[0];
    if !(1..=STATE_VERSION).contains(&version) {
        return Err(format!("a state file of version {version} (this program reads 1 to {STATE_VERSION})"));
    }
    let mut u32s = [0u32; 5];
    for v in u32s.iter_mut() {
        *v = u32::from_le_bytes(take(4)?.try_into().expect("4 bytes"));
    }
    let i32_at = |b: &[u8]| i32::from_le_bytes(b.try_into().expect("4 bytes"));
    let (book_margin, other_margin) = (i32_at(take(4)?), i32_at(take(4)?));
    let seed = u64::from_le_bytes(take(8)?.try_into().expect("8 bytes"));
    let searches = u64::from_le_bytes(take(8)?.try_into().expect("8 bytes"));
    let seconds = f64::from_le_bytes(take(8)?.try_into().expect("8 bytes"));
    let own_horizons_matched = version >= 3 && take(1)?[0] != 0;
    let count = u32::from_le_bytes(take(4)?.try_into().expect("4 bytes"));
    let settings = BuildSettings {
        plies: u32s[0],
        leaf_depth: u32s[1],
        screen_depth: u32s[2],
        book_moves: u32s[3],
        other_moves: u32s[4],
        book_margin,
        other_margin,
        seed,
    };
    let mut nodes = BTreeMap::new();
    for _ in 0..count {
        let player = u64::from_le_bytes(take(8)?.try_into().expect("8 bytes"));
        let opponent = u64::from_le_bytes(take(8)?.try_into().expect("8 bytes"));
        let small = take(3)?;
        let (level, flags, expanded) = (small[0], small[1], small[2] != 0);
        let searched = i32_at(take(4)?);
        let own = i32_at(take(4)?);
        let n = take(1)?[0] as usize;
        let children = take(n)?.to_vec();
        let deepened = if version >= 2 { take(1)?[0] } else { 0 };
        let own = (own != i32::MIN).then_some(own);
        nodes.insert((player, opponent), BuildNode { level, flags, expanded, searched, own, children, deepened });
    }
    Ok(BuildState { settings, nodes, searches, seconds, own_horizons_matched })
}

/// The largest state file read: 256 MiB, some 7 million positions (a book of 35,000 positions
/// comes from a state of about 2 MB).
pub const STATE_FILE_LIMIT: u64 = 256 << 20;

/// Writes the state file whole or not at all ([`crate::safe_write`]): an interrupted write or a
/// full disk never leaves a damaged state.
pub fn save_state(path: &Path, state: &BuildState) -> Result<(), String> {
    crate::safe_write::write_file(path, &state_bytes(state))
        .map_err(|e| format!("cannot write build state {}: {e}", path.display()))
}

/// Reads a state file (at most [`STATE_FILE_LIMIT`] bytes); `Ok(None)` when there is none.
pub fn load_state(path: &Path) -> Result<Option<BuildState>, String> {
    use crate::capped_read::{read_capped, CappedReadError};
    match read_capped(path, STATE_FILE_LIMIT) {
        Ok(bytes) => parse_state(&bytes).map(Some).map_err(|e| format!("{}: {e}", path.display())),
        Err(CappedReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(CappedReadError::Io(e)) => Err(format!("cannot read build state {}: {e}", path.display())),
        Err(CappedReadError::TooLarge) => {
            Err(format!("build state {} is larger than {STATE_FILE_LIMIT} bytes", path.display()))
        }
        Err(CappedReadError::Device) => Err(format!("build state {} is a device, not a file", path.display())),
    }
}
