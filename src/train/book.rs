//! Building the opening book with our own searches (`train book-build`, `book-deepen`,
//! `book-add`, `book-verify`); the book itself, its file and its use are in
//! [`crate::othello::book`].
//!
//! **The build** expands the tree from the start one level (number of moves played) at a time, so
//! that a build stopped anywhere leaves a book complete to the last finished level. A position's
//! legal moves are first ordered by a shallow search (`screen_depth`) of the positions they lead
//! to; the most promising (within the widest margin in use plus [`SLACK`] discs of the best, at
//! least 2, at most the move limit + 2) are valued by a deep search (`leaf_depth`) of the position
//! after them. Every position is searched as its canonical image, with the engine's tables
//! cleared first, so that its value depends on nothing but the position and the settings.
//!
//! Which moves enter the book depends on who the book plays for. It serves both colours, so a
//! position belongs to the book of the engine playing the side to move (its moves: those within
//! `book_margin` discs of the best, at most `book_moves`), of the engine playing the other side
//! (the moves a player might reasonably choose: within `other_margin`, at most `other_moves`), or
//! both (the start). A move kept for one book leads to a position of that book with the roles
//! swapped. The position's own value is the best deep value of the searched moves left out (a
//! shallow one when none was searched deeply), and the book's values are backed up by negamax
//! when the file is read.
//!
//! The build is a function of the settings alone (the seed breaks ties between moves of equal
//! value), whatever the number of threads or the interruptions: positions of a level are expanded
//! in parallel but merged in board order. Its state (every position, expanded or not, with its
//! deep value and the books it belongs to) is saved to a state file every minute and at the end of
//! each level, and a build started again with the same settings continues from it; a larger
//! `plies` continues a finished build deeper.

use crate::clock::hms;
use crate::othello::book::file::root;
use crate::othello::book::{Book, RawBook, RawNode, PASS};
use crate::othello::eval::pattern::file::{bundled, fnv1a64};
use crate::othello::eval::pattern::PatternWeights;
use crate::othello::rules::board::{Board, Position};
use crate::othello::rules::square::{Move, Square};
use crate::othello::search::score::Score;
use crate::othello::search::{Control, Engine, EvalChoice, Limits};
use crate::rng::XorShift64Star;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Discs beyond the widest margin within which a move's shallow value must be to get a deep
/// search.
pub const SLACK: i32 = 4;
/// The engine plays the side to move in this book (the narrow margin applies here).
const NARROW: u8 = 1;
/// The engine plays the other side (the wide margin applies here).
const WIDE: u8 = 2;
/// Transposition tables of each build engine, MiB.
const TT_MB: usize = 16;

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
    pub fn continues(&self, other: &BuildSettings) -> bool {
        BuildSettings { plies: other.plies, ..*self } == *other && self.plies % 2 == other.plies % 2
    }
}

/// One position of a build, under its canonical board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildNode {
    /// Moves played to reach it (discs on the board − 4).
    pub level: u8,
    /// The books it belongs to ([`NARROW`], [`WIDE`]).
    pub flags: u8,
    pub expanded: bool,
    /// Its deep search, hundredths of a disc for the side to move.
    pub searched: i32,
    /// Once expanded: the best value of a move left out of the book (hundredths).
    pub own: Option<i32>,
    /// Once expanded: its book moves (squares of the canonical board, [`PASS`] for a pass).
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
    pub own_horizons_matched: bool,
}

fn key(board: Board) -> (u64, u64) {
    (board.player, board.opponent)
}

fn board_of(key: (u64, u64)) -> Board {
    Board { player: key.0, opponent: key.1 }
}

fn child_of(board: Board, square: u8) -> Board {
    match Square::new(square) {
        Some(sq) => board.play_unchecked(sq),
        None => board.passed(),
    }
}

/// Hundredths of a disc to whole discs for the file (within ±64).
pub fn to_discs(hundredths: i32) -> i8 {
    (f64::from(hundredths) / 100.0).round().clamp(-64.0, 64.0) as i8
}

/// An engine for book searches: the built-in pattern weights.
pub fn book_engine(weights: &Arc<PatternWeights>) -> Engine {
    let mut engine = Engine::new(TT_MB);
    engine.set_pattern_weights(Some(weights.clone()));
    engine
}

/// The built-in pattern weights (book searches need them).
pub fn weights() -> Result<Arc<PatternWeights>, String> {
    bundled()
}

/// The value of `board` for its side to move, hundredths of a disc, by a search of `depth` plies
/// with the pattern evaluation and ProbCut (as level 9 searches), and its best move.
pub fn search(engine: &mut Engine, board: Board, depth: u32) -> (i32, Move) {
    let limits =
        Limits { eval: EvalChoice::Pattern, probcut: true, exact_from_empties: Some(0), ..Limits::depth(depth.max(1)) };
    let clock = crate::clock::monotonic_ms;
    let found = engine.search(board, &limits, &mut Control::new(&clock));
    let value = match found.score {
        Score::Exact(d) => d * 100,
        Score::Eval(u) => u,
    };
    (value, found.best_move)
}

/// What expanding one position found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    pub own: Option<i32>,
    /// Book moves: square, the canonical board after it, its deep value (for its side to move)
    /// and the books it belongs to.
    pub children: Vec<(u8, Board, i32, u8)>,
    pub searches: u64,
}

/// The stored squares of a position's moves grouped by the canonical board they lead to, in
/// square order of their first square (a pass alone when the side must pass; none at the end).
fn moves_by_child(board: Board) -> Vec<(Board, Vec<u8>)> {
    let mut squares: Vec<u8> = board.legal_moves().map(Square::index).collect();
    if squares.is_empty() && !board.passed().legal_moves().is_empty() {
        squares.push(PASS);
    }
    let mut groups: Vec<(Board, Vec<u8>)> = Vec::new();
    for s in squares {
        let child = child_of(board, s).canonical().0;
        match groups.iter_mut().find(|(c, _)| *c == child) {
            Some((_, list)) => list.push(s),
            None => groups.push((child, vec![s])),
        }
    }
    groups
}

/// A tie-break between children of equal value, from the seed.
fn tie(seed: u64, child: Board) -> u64 {
    let mut rng = XorShift64Star::new(seed ^ child.hash());
    rng.next_u64()
}

/// Expands `board` (a canonical board belonging to the books `flags`): which moves enter the book,
/// their deep values, and the position's own value.
pub fn expand(engine: &mut Engine, board: Board, flags: u8, s: &BuildSettings) -> Expansion {
    engine.clear();
    let groups = moves_by_child(board);
    let mut searches = 0;
    if groups.is_empty() {
        return Expansion { own: Some(board.final_score() * 100), children: Vec::new(), searches };
    }
    // The screen: every move's shallow value for the side to move here.
    let mut screened: Vec<(i32, u64, usize)> = groups
        .iter()
        .enumerate()
        .map(|(i, (child, _))| {
            searches += 1;
            (-search(engine, *child, s.screen_depth).0, tie(s.seed, *child), i)
        })
        .collect();
    screened.sort_by_key(|&(v, t, _)| (std::cmp::Reverse(v), t));
    let (narrow, wide) = (flags & NARROW != 0, flags & WIDE != 0);
    let margin = if wide { s.other_margin.max(if narrow { s.book_margin } else { 0 }) } else { s.book_margin };
    let limit = if wide { s.other_moves.max(if narrow { s.book_moves } else { 0 }) } else { s.book_moves } as usize;
    let best_screen = screened[0].0;
    let deep_count = screened
        .iter()
        .take_while(|&&(v, _, _)| v >= best_screen - 100 * (margin + SLACK))
        .count()
        .clamp(2.min(screened.len()), limit + 2);
    // The deep searches: (value for the side to move here, tie-break, group).
    let mut deep: Vec<(i32, u64, usize)> = screened[..deep_count]
        .iter()
        .map(|&(_, t, i)| {
            searches += 1;
            (-search(engine, groups[i].0, s.leaf_depth).0, t, i)
        })
        .collect();
    deep.sort_by_key(|&(v, t, _)| (std::cmp::Reverse(v), t));
    let best = deep[0].0;
    let (mut narrow_kept, mut wide_kept) = (0, 0);
    let mut children = Vec::new();
    let mut own: Option<i32> = None;
    for &(value, _, i) in &deep {
        let keep_narrow = narrow && value >= best - 100 * s.book_margin && narrow_kept < s.book_moves;
        let keep_wide = wide && value >= best - 100 * s.other_margin && wide_kept < s.other_moves;
        narrow_kept += u32::from(keep_narrow);
        wide_kept += u32::from(keep_wide);
        // After the move the other side is to move: the roles swap.
        let child_flags = if keep_narrow { WIDE } else { 0 } | if keep_wide { NARROW } else { 0 };
        if child_flags == 0 {
            own = Some(own.map_or(value, |o| o.max(value)));
            continue;
        }
        let (child, squares) = &groups[i];
        for &sq in squares {
            children.push((sq, *child, -value, child_flags));
        }
    }
    let level = (60 - board.empty_count()) as u8;
    let own_depth = own_depth(s.leaf_depth, level, s.plies);
    if own.is_some() && own_depth != s.leaf_depth {
        // The moves left out were valued with the other side to move at the horizon than the
        // leaves: searched again one ply shallower.
        own = deep
            .iter()
            .filter(|&&(_, _, i)| children.iter().all(|c| c.1 != groups[i].0))
            .map(|&(_, _, i)| {
                searches += 1;
                -search(engine, groups[i].0, own_depth).0
            })
            .max();
    }
    if own.is_none() {
        // No move searched deeply was left out: the best of the others by the screen, if any.
        own = screened[deep_count..].iter().map(|&(v, _, _)| v).max();
    }
    children.sort_by_key(|c| c.0);
    Expansion { own, children, searches }
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

    /// The positions of `level` still to expand, in board order.
    fn pending(&self, level: u32) -> Vec<(Board, u8)> {
        self.nodes
            .iter()
            .filter(|(_, n)| !n.expanded && u32::from(n.level) == level && n.flags != 0)
            .map(|(&k, n)| (board_of(k), n.flags))
            .collect()
    }

    /// The first level with positions to expand (below `plies`), if any.
    pub fn next_level(&self) -> Option<u32> {
        self.nodes
            .values()
            .filter(|n| !n.expanded && u32::from(n.level) < self.settings.plies)
            .map(|n| u32::from(n.level))
            .min()
    }

    fn merge(&mut self, board: Board, found: Expansion) {
        self.searches += found.searches;
        let level = self.nodes[&key(board)].level;
        for &(square, child, value, flags) in &found.children {
            let child_level = if square == PASS { level } else { level + 1 };
            self.nodes
                .entry(key(child))
                .or_insert(BuildNode {
                    level: child_level,
                    flags: 0,
                    expanded: false,
                    searched: value,
                    own: None,
                    children: Vec::new(),
                    deepened: 0,
                })
                .flags |= flags;
        }
        let node = self.nodes.get_mut(&key(board)).expect("expanded positions are in the build");
        node.expanded = true;
        node.own = found.own;
        node.children = found.children.iter().map(|c| c.0).collect();
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

/// Writes the state beside its final name, then renames it: an interrupted write never leaves a
/// damaged state.
pub fn save_state(path: &Path, state: &BuildState) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, state_bytes(state)).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads a state file; `Ok(None)` when there is none.
pub fn load_state(path: &Path) -> Result<Option<BuildState>, String> {
    match std::fs::read(path) {
        Ok(bytes) => parse_state(&bytes).map(Some).map_err(|e| format!("{}: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// Where a build writes and how it reports.
pub struct BuildRun<'a> {
    pub threads: usize,
    /// The state file (saved every `save_every_s` seconds and after each level), if any.
    pub state_path: Option<&'a Path>,
    pub save_every_s: f64,
    /// Called after each level with the book so far.
    pub on_level: &'a mut dyn FnMut(u32, &BuildState) -> Result<(), String>,
    pub progress: &'a dyn Fn(&str),
}

/// `work` done on every item, shared out over the engines (one thread each, each taking the next
/// item not yet started); the results in the items' order.
fn on_engines<T: Sync, R: Send>(
    engines: &mut [Engine],
    items: &[T],
    work: impl Fn(&mut Engine, &T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for engine in engines.iter_mut() {
            let (next, results, work) = (&next, &results, &work);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let found = work(engine, item);
                results.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(found);
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|p| p.into_inner());
    results.into_iter().map(|r| r.expect("every item was worked on")).collect()
}

/// Runs (or continues) a build to its `plies`.
pub fn build(state: &mut BuildState, run: &mut BuildRun) -> Result<(), String> {
    if !state.own_horizons_matched && state.nodes.values().any(|n| n.expanded) {
        return Err(format!(
            "a build made before own values kept the leaves' side to move at their horizon (state version 2 or \
             older): search them again first with book-deepen --scope all --depth {}",
            state.settings.leaf_depth
        ));
    }
    state.own_horizons_matched = true;
    let weights = weights()?;
    let threads = run.threads.max(1);
    let mut engines: Vec<Engine> = (0..threads).map(|_| book_engine(&weights)).collect();
    let started = Instant::now();
    let seconds_before = state.seconds;
    let mut last_save = Instant::now();
    while let Some(level) = state.next_level() {
        let pending = state.pending(level);
        let level_start = Instant::now();
        let total = pending.len();
        let chunk = (threads * 4).max(1);
        let mut done = 0;
        for batch in pending.chunks(chunk) {
            let settings = state.settings;
            let results =
                on_engines(&mut engines, batch, |engine, &(board, flags)| expand(engine, board, flags, &settings));
            for (&(board, _), found) in batch.iter().zip(results) {
                state.merge(board, found);
            }
            done += batch.len();
            state.seconds = seconds_before + started.elapsed().as_secs_f64();
            let per_node = level_start.elapsed().as_secs_f64() / done as f64;
            let levels = state.levels();
            // The positions still to expand, the next levels estimated from this one's growth.
            // Growth: positions of the next level per position of this one expanded (in this run
            // or an earlier one).
            let next_count = levels.get(level as usize + 1).map_or(0, |l| l.0);
            let (at_level, expanded) = levels[level as usize];
            let growth = next_count as f64 / expanded.max(1) as f64;
            let mut left = (total - done) as f64;
            let mut size = growth * at_level as f64;
            for _ in level + 1..state.settings.plies {
                left += size;
                size *= growth;
            }
            (run.progress)(&format!(
                "level {level}/{}: {done}/{total} expanded, book {} positions, {} searches, {:.2} s a position, \
                 elapsed {}, level left {}, build left ~{}",
                state.settings.plies,
                state.nodes.len(),
                state.searches,
                per_node,
                hms(state.seconds),
                hms(per_node * (total - done) as f64),
                hms(per_node * left)
            ));
            if let Some(path) = run.state_path {
                if last_save.elapsed().as_secs_f64() >= run.save_every_s {
                    save_state(path, state)?;
                    last_save = Instant::now();
                }
            }
        }
        if state.pending(level).is_empty() {
            if let Some(path) = run.state_path {
                save_state(path, state)?;
                last_save = Instant::now();
            }
            (run.on_level)(level, state)?;
        }
    }
    Ok(())
}

/// The positions of the book that players reach: from the start, with the book playing either
/// colour, a player using the book plays its best deep moves (every one of equal value; nothing
/// where the book sends it to search) and the other side any book move. Canonical boards, in board
/// order.
pub fn played_positions(book: &Book) -> Vec<Board> {
    let mut boards: Vec<Board> = played(book).into_iter().map(|(k, _)| board_of(k)).collect();
    boards.dedup();
    boards
}

/// The positions where a player using the book chooses its move from it (the book's side to move,
/// reached as in [`played_positions`], with a deep book move to play), in board order.
pub fn book_choices(book: &Book) -> Vec<Board> {
    let choices = played(book).into_iter().filter(|&(_, book_to_move)| book_to_move).map(|(k, _)| board_of(k));
    choices.filter(|&b| book.entry(b).is_some_and(|e| e.playable_value().is_some())).collect()
}

/// The canonical boards players reach, each with whether the book's side is to move there.
fn played(book: &Book) -> std::collections::BTreeSet<((u64, u64), bool)> {
    let mut seen: std::collections::BTreeSet<((u64, u64), bool)> = std::collections::BTreeSet::new();
    let mut stack = vec![(root(), true), (root(), false)];
    while let Some((board, book_to_move)) = stack.pop() {
        if !seen.insert((key(board), book_to_move)) {
            continue;
        }
        let Some(entry) = book.entry(board) else { continue };
        let best = if book_to_move { entry.playable_value() } else { None };
        for m in &entry.moves {
            let follow = if book_to_move { m.deep && Some(m.value) == best } else { m.deep };
            if let (true, Ok(next)) = (follow, board.play(m.mv)) {
                stack.push((next.canonical().0, !book_to_move));
            }
        }
    }
    seen
}

/// Which positions `book-deepen` searches again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeepenScope {
    /// The lines players reach ([`played_positions`]).
    Played,
    /// Every position of the build. At the build's own leaf depth this re-searches only the own
    /// values whose search had the other side to move at its horizon than the leaves (expanded
    /// positions an odd number of moves above the book's last level): the rest already are
    /// searches at that depth with the leaves' side to move at the horizon.
    All,
}

/// Whether the build's own searches already give `node` what deepening to `depth` would: its leaf
/// value at the build's depth, or its own value at [`own_depth`] of that depth (always so since
/// state version 3; before, only where the leaf depth itself kept the leaves' side to move at the
/// horizon).
fn built_as_deep(node: &BuildNode, depth: u32, state: &BuildState) -> bool {
    node.deepened == 0
        && depth <= state.settings.leaf_depth
        && (!node.expanded || state.own_horizons_matched || own_horizon_matches(node.level, state.settings.plies))
}

/// Whether the own value of an expanded position at `level` (a search of the position one move
/// further) has the same side to move at its horizon as the leaves at `plies`, searched as deep.
fn own_horizon_matches(level: u8, plies: u32) -> bool {
    plies.saturating_sub(u32::from(level) + 1).is_multiple_of(2)
}

/// The depth of the searches of an own value at `level` in a book whose leaves at `plies` are
/// searched at `leaf_depth`: the same, or one ply shallower where that puts the leaves' side to
/// move at the horizon (a search's value swings with the side to move at its horizon, by about 4
/// discs at depth 12: values with different sides there do not compare).
pub fn own_depth(leaf_depth: u32, level: u8, plies: u32) -> u32 {
    if own_horizon_matches(level, plies) || leaf_depth < 2 {
        leaf_depth
    } else {
        leaf_depth - 1
    }
}

/// Searches positions of the book again, deeper (`train book-deepen`): every position of
/// `scope` not yet deepened to `depth` gets its value as a leaf searched at `depth`,
/// or, once expanded, its own value (the three best moves outside the book by the shallow search,
/// searched deeply). The own value's search is of the position after the move, one ply further
/// from the start than the leaves' searches are: at `depth` when the two horizons then have the
/// same side to move, at `depth − 1` otherwise (an evaluation's value depends on who is to move
/// at its horizon, and values with different sides there do not compare). Values change, so the
/// lines players reach change: repeated until every one of them is deepened. Saved and reported
/// as a build is; a state deepened to `depth` continues where it stopped.
pub fn deepen(state: &mut BuildState, depth: u32, scope: DeepenScope, run: &mut BuildRun) -> Result<usize, String> {
    if depth < 2 || depth > u32::from(u8::MAX) {
        return Err(format!("a deepening depth of {depth} (2 to 255)"));
    }
    let weights = weights()?;
    let threads = run.threads.max(1);
    let mut engines: Vec<Engine> = (0..threads).map(|_| book_engine(&weights)).collect();
    let (plies, screen_depth) = (state.settings.plies, state.settings.screen_depth);
    let depth_byte = depth as u8;
    let started = Instant::now();
    let seconds_before = state.seconds;
    let mut last_save = Instant::now();
    let mut total_done = 0;
    for round in 1.. {
        let boards = match scope {
            DeepenScope::Played => played_positions(&state.book()?),
            DeepenScope::All => state.nodes.keys().map(|&k| board_of(k)).collect(),
        };
        let pending: Vec<(Board, BuildNode)> = boards
            .into_iter()
            .filter_map(|b| state.nodes.get(&key(b)).map(|n| (b, n.clone())))
            .filter(|(_, n)| n.deepened < depth_byte && (n.expanded || u32::from(n.level) >= plies))
            .filter(|(_, n)| !built_as_deep(n, depth, state))
            .collect();
        if pending.is_empty() {
            break;
        }
        let round_start = Instant::now();
        let chunk = (threads * 4).max(1);
        for (index, batch) in pending.chunks(chunk).enumerate() {
            let results = on_engines(&mut engines, batch, |engine, (board, node)| {
                if node.expanded {
                    let own_depth = own_depth(depth, node.level, plies);
                    (node.searched, own_value(engine, *board, &node.children, own_depth, screen_depth))
                } else {
                    engine.clear();
                    (search(engine, *board, depth).0, None)
                }
            });
            for ((board, _), (searched, own)) in batch.iter().zip(results) {
                let node = state.nodes.get_mut(&key(*board)).expect("pending positions are in the build");
                if node.expanded {
                    node.own = own;
                } else {
                    node.searched = searched;
                }
                node.deepened = depth_byte;
            }
            let done = ((index + 1) * chunk).min(pending.len());
            total_done += batch.len();
            state.seconds = seconds_before + started.elapsed().as_secs_f64();
            let per_node = round_start.elapsed().as_secs_f64() / done as f64;
            (run.progress)(&format!(
                "deepen to {depth}, round {round}: {done}/{} positions, {} deepened in all, {:.2} s a position, \
                 elapsed {}, round left {}",
                pending.len(),
                total_done,
                per_node,
                hms(state.seconds),
                hms(per_node * (pending.len() - done) as f64)
            ));
            if let Some(path) = run.state_path {
                if last_save.elapsed().as_secs_f64() >= run.save_every_s {
                    save_state(path, state)?;
                    last_save = Instant::now();
                }
            }
        }
        if let Some(path) = run.state_path {
            save_state(path, state)?;
            last_save = Instant::now();
        }
        (run.on_level)(round, state)?;
    }
    if scope == DeepenScope::All && depth >= state.settings.leaf_depth && !state.own_horizons_matched {
        // Every own value is now a search at `own_depth`: the build can be continued.
        state.own_horizons_matched = true;
        if let Some(path) = run.state_path {
            save_state(path, state)?;
        }
    }
    Ok(total_done)
}

/// Adds lines to a book: each game (moves from the standard start) is followed while its
/// positions are in the book, up to `plies` moves; a move missing from the book is added, a
/// shallow move, with the position it leads to (searched at [`own_depth`] of `leaf_depth`, unless
/// the book has it already). No value of the book changes: the own values stay those of the build,
/// which cover the moves outside the built tree, the added ones among them, and a position's value
/// leaves its shallow moves out (one search of a position a few moves from the start does not
/// compare with a tree reaching the book's depth; counted in, the named lines moved the values of
/// the first moves by 2–3 discs and changed level 9's reply to d3). Returns the new book and how
/// many positions were added.
pub fn add_lines(book: &Book, games: &[Vec<Move>], plies: usize, leaf_depth: u32) -> Result<(Book, usize), String> {
    let weights = weights()?;
    let mut engine = book_engine(&weights);
    let mut raw = book.to_raw();
    let mut added = 0;
    for game in games {
        let mut position = Position::start();
        for &mv in game.iter().take(plies) {
            let (canonical, k) = position.board().canonical();
            let square = match mv {
                Move::Play(sq) => sq.symmetric(k).index(),
                Move::Pass => PASS,
            };
            let Ok(next) = position.play(mv) else { break };
            let node = raw.get(&key(canonical)).ok_or("a line left the book's positions")?;
            if !node.children.contains(&square) {
                let child = child_of(canonical, square).canonical().0;
                if let std::collections::btree_map::Entry::Vacant(slot) = raw.entry(key(child)) {
                    // Searched as an own value is (the same position one move further), so that
                    // its horizon has the leaves' side to move.
                    let level = (60 - canonical.empty_count()) as u8;
                    engine.clear();
                    let (value, _) = search(&mut engine, child, own_depth(leaf_depth, level, book.plies()));
                    slot.insert(RawNode { own: Some(to_discs(value)), children: Vec::new() });
                    added += 1;
                }
                // Every square leading to that position (symmetric moves) becomes a book move.
                let group = moves_by_child(canonical).into_iter().find(|(c, _)| *c == child);
                let node = raw.get_mut(&key(canonical)).expect("looked up above");
                for sq in group.map(|(_, squares)| squares).unwrap_or_default() {
                    if !node.children.contains(&sq) {
                        node.children.push(sq);
                    }
                }
                node.children.sort_unstable();
            }
            position = next;
        }
    }
    let book = Book::from_raw(&raw, book.plies(), book.leaf_depth()).map_err(|e| e.to_string())?;
    Ok((book, added))
}

/// The best value (hundredths) of the moves of `board` not among `children`: the three best by a
/// shallow search, searched deeply. `None` when every move is a book move.
fn own_value(engine: &mut Engine, board: Board, children: &[u8], leaf_depth: u32, screen_depth: u32) -> Option<i32> {
    engine.clear();
    let mut others: Vec<(i32, Board)> = moves_by_child(board)
        .into_iter()
        .filter(|(_, squares)| squares.iter().all(|s| !children.contains(s)))
        .map(|(child, _)| (-search(engine, child, screen_depth).0, child))
        .collect();
    others.sort_by_key(|&(v, child)| (std::cmp::Reverse(v), key(child)));
    others
        .iter()
        .take(3)
        .map(|&(_, child)| {
            engine.clear();
            -search(engine, child, leaf_depth).0
        })
        .max()
}

/// What `book-verify` measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Verification {
    /// Positions with book moves checked.
    pub positions: usize,
    /// Of them, how many have the deeper search's best move among the book's best moves.
    pub agree: usize,
    /// What playing the book's best move costs by the deeper search (its best value minus the
    /// value of the book's move, searched as deep; 0 where they agree), summed over the positions,
    /// in discs; and how many positions lose at most one disc that way.
    pub regret: f64,
    pub within_one_disc: usize,
    /// Mean of |book value − deeper search's value| over them, discs.
    pub mean_error: f64,
    /// Leaves checked, and the mean |stored value − deeper search's value| over them.
    pub leaves: usize,
    pub leaf_mean_error: f64,
    /// Of the leaves, how many have the same best move at the build's depth and deeper.
    pub leaf_agree: usize,
    /// The positions with book moves by moves played: `(positions, agree)` at each level.
    pub by_level: Vec<(usize, usize)>,
    /// Positions with book moves whose reference search was cut to [`Reference::Tree`]'s
    /// `max_depth` (less than `deeper` plies beyond the book's own depth there).
    pub capped: usize,
}

/// How deep the reference searches of `book-verify` are, for a position with book moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reference {
    /// `deeper` plies beyond the book's own depth at the position: its book moves' values come
    /// from the tree down to the book's last level (`plies` moves) and the leaves' searches
    /// below, `plies − moves played + leaf depth` plies in all, so the reference's horizon is
    /// `deeper` plies beyond the leaves' (and has the same side to move for an even `deeper`);
    /// at most `max_depth`, for the time it takes (near the start the tree is far deeper than
    /// any search).
    Tree { max_depth: u32 },
    /// `deeper` plies beyond the leaves' depth, wherever the position is.
    Leaves,
}

/// What `book-verify` checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerifySettings {
    /// Draw the positions with book moves from [`book_choices`] only (else from the whole book).
    pub choices: bool,
    /// Positions with book moves to check, and leaves.
    pub positions: usize,
    pub leaves: usize,
    /// Plies beyond the book's depth the reference searches go.
    pub deeper: u32,
    pub reference: Reference,
    /// Draws the sample.
    pub seed: u64,
    pub threads: usize,
}

impl VerifySettings {
    /// The depth of the reference search of a position with book moves `level` moves from the
    /// start, and whether [`Reference::Tree`]'s cap cut it.
    pub fn reference_depth(&self, book: &Book, level: u32) -> (u32, bool) {
        let leaves = book.leaf_depth() + self.deeper;
        match self.reference {
            Reference::Leaves => (leaves, false),
            Reference::Tree { max_depth } => {
                let tree = book.plies().saturating_sub(level) + leaves;
                (tree.min(max_depth).max(1), tree > max_depth)
            }
        }
    }
}

/// One sampled position checked.
#[derive(Clone, Copy, Debug)]
struct Checked {
    /// A position with book moves (else a leaf).
    inner: bool,
    /// |book value − deeper search's value|, discs.
    error: f64,
    /// The best moves agree.
    agree: bool,
    /// What the book's move gives away by the deeper search, discs.
    regret: f64,
    /// Moves played to reach it.
    level: usize,
    /// Its reference depth was cut to the cap.
    capped: bool,
}

/// Checks a sample of the book (drawn from the settings' seed) against deeper searches
/// ([`VerifySettings`]): positions with book moves, drawn from the whole book or from
/// [`book_choices`] (is the deeper search's best move one of the book's best, and how far apart
/// are the values), and leaves (how far is the stored value from the one `deeper` plies deeper;
/// does the build's depth find the same best move).
pub fn verify(
    book: &Book,
    settings: &VerifySettings,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Verification, String> {
    let VerifySettings { choices, positions, leaves, deeper, seed, threads, .. } = *settings;
    let weights = weights()?;
    let mut inner: Vec<Board> = Vec::new();
    let mut outer: Vec<Board> = Vec::new();
    for board in book.boards() {
        let Some(entry) = book.entry(board) else { continue };
        if board.is_game_over() {
            continue;
        }
        // Positions where a player uses the book (a deep book move), and the leaves at the
        // book's depth; a line added beyond the build (shallow) is neither.
        if !choices && entry.moves.iter().any(|m| m.deep) {
            inner.push(board);
        } else if entry.moves.is_empty() && 60 - board.empty_count() >= book.plies() {
            outer.push(board);
        }
    }
    if choices {
        inner = book_choices(book);
    }
    let mut rng = XorShift64Star::new(seed);
    let mut sample = |list: &mut Vec<Board>, n: usize| -> Vec<Board> {
        // A partial Fisher–Yates shuffle: the first n of a random order.
        let n = n.min(list.len());
        for i in 0..n {
            let j = i + rng.below(list.len() - i);
            list.swap(i, j);
        }
        list[..n].to_vec()
    };
    let jobs: Vec<(Board, bool)> = sample(&mut inner, positions)
        .into_iter()
        .map(|b| (b, true))
        .chain(sample(&mut outer, leaves).into_iter().map(|b| (b, false)))
        .collect();
    let leaf_reference = book.leaf_depth() + deeper;
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Checked>>> = Mutex::new(vec![None; jobs.len()]);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let (next, results, jobs, weights) = (&next, &results, &jobs, &weights);
            scope.spawn(move || {
                let mut engine = book_engine(weights);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(board, inner)) = jobs.get(i) else { break };
                    let level = 60 - board.empty_count() as usize;
                    let (depth, capped) =
                        if inner { settings.reference_depth(book, level as u32) } else { (leaf_reference, false) };
                    engine.clear();
                    let (value, best) = search(&mut engine, board, depth);
                    let entry = book.entry(board).expect("sampled from the book");
                    let error = (f64::from(entry.value) - f64::from(value) / 100.0).abs();
                    let child = |mv: Move| board.play(mv).map(|b| b.canonical().0).ok();
                    let mut regret = 0.0;
                    let agree = if inner {
                        // The book's best moves as a player draws them: the deep ones.
                        match entry.playable_value() {
                            Some(best_value) => {
                                let mut chosen = entry.moves.iter().filter(|m| m.deep && m.value == best_value);
                                let first = chosen.clone().next().expect("a deep move of the best value").mv;
                                let agree = chosen.any(|m| child(m.mv) == child(best));
                                if !agree {
                                    // The book's move searched as deep: how much does it give away?
                                    if let Ok(after) = board.play(first) {
                                        engine.clear();
                                        let (reply, _) = search(&mut engine, after, depth - 1);
                                        regret = (f64::from(value + reply) / 100.0).max(0.0);
                                    }
                                }
                                agree
                            }
                            // The book sends the player to search: right when the deeper search's
                            // best is none of its deep moves.
                            None => entry.moves.iter().filter(|m| m.deep).all(|m| child(m.mv) != child(best)),
                        }
                    } else {
                        engine.clear();
                        let (_, shallow) = search(&mut engine, board, book.leaf_depth());
                        child(shallow) == child(best)
                    };
                    let mut r = results.lock().unwrap_or_else(|p| p.into_inner());
                    r[i] = Some(Checked { inner, error, agree, regret, level, capped });
                    let done = r.iter().filter(|x| x.is_some()).count();
                    drop(r);
                    if done % 25 == 0 || done == jobs.len() {
                        let secs = started.elapsed().as_secs_f64();
                        progress(&format!(
                            "verify: {done}/{} positions, elapsed {}, left {}",
                            jobs.len(),
                            hms(secs),
                            hms(secs / done as f64 * (jobs.len() - done) as f64)
                        ));
                    }
                }
            });
        }
    });
    let mut v = Verification::default();
    for Checked { inner, error, agree, regret, level, capped } in
        results.into_inner().unwrap_or_else(|p| p.into_inner()).into_iter().flatten()
    {
        if inner {
            if v.by_level.len() <= level {
                v.by_level.resize(level + 1, (0, 0));
            }
            v.by_level[level].0 += 1;
            v.by_level[level].1 += usize::from(agree);
            v.positions += 1;
            v.agree += usize::from(agree);
            v.mean_error += error;
            v.regret += regret;
            v.within_one_disc += usize::from(regret <= 1.0);
            v.capped += usize::from(capped);
        } else {
            v.leaves += 1;
            v.leaf_agree += usize::from(agree);
            v.leaf_mean_error += error;
        }
    }
    v.mean_error /= v.positions.max(1) as f64;
    v.leaf_mean_error /= v.leaves.max(1) as f64;
    Ok(v)
}

/// The games of a file of GGF records (one or more `(;…;)`) that start from the standard start.
pub fn ggf_games(text: &str) -> Result<Vec<Vec<Move>>, String> {
    let mut games = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("(;") {
        let game = crate::othello::records::ggf::parse_ggf(&rest[at..]).map_err(|e| e.to_string())?;
        if game.start == Position::start() {
            games.push(game.plain_moves());
        }
        rest = &rest[at + 2..];
        match rest.find(";)") {
            Some(end) => rest = &rest[end + 2..],
            None => break,
        }
    }
    Ok(games)
}
