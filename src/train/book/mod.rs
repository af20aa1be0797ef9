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
//!
//! The parts: the build's state and its file (`state.rs`), the build level by level
//! (`build.rs`), deeper searches of a built book (`deepen.rs`), lines added to a book (`add.rs`)
//! and the check against deeper searches (`verify.rs`); the searches and the walk of the lines
//! players reach, which they share, are here.

mod add;
mod build;
mod deepen;
mod state;
mod verify;

pub use add::{add_lines, ggf_games};
pub use build::{build, expand, Expansion};
pub use deepen::{deepen, DeepenScope};
pub use state::{
    load_state, parse_state, save_state, state_bytes, BuildNode, BuildSettings, BuildState, STATE_FILE_LIMIT,
};
pub use verify::{verify, Reference, Verification, VerifySettings};

use crate::othello::book::file::root;
use crate::othello::book::{Book, PASS};
use crate::othello::eval::pattern::file::bundled;
use crate::othello::eval::pattern::PatternWeights;
use crate::othello::rules::board::Board;
use crate::othello::rules::square::{Move, Square};
use crate::othello::search::parallel::Team;
use crate::othello::search::score::Score;
use crate::othello::search::{Control, Engine, EvalChoice, Limits, SearchResult};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Discs beyond the widest margin within which a move's shallow value must be to get a deep
/// search.
pub const SLACK: i32 = 4;
/// The engine plays the side to move in this book (the narrow margin applies here).
const NARROW: u8 = 1;
/// The engine plays the other side (the wide margin applies here).
const WIDE: u8 = 2;
/// Transposition tables of each build engine, MiB.
const TT_MB: usize = 16;

/// A board as the build's key: its two bitboards (the map's order is board order).
fn key(board: Board) -> (u64, u64) {
    (board.player, board.opponent)
}

/// The board of a key.
fn board_of(key: (u64, u64)) -> Board {
    Board { player: key.0, opponent: key.1 }
}

/// The board after a stored move: a square's index, or [`PASS`].
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

/// [`book_engine`] on `threads` threads sharing its tables.
pub fn book_team(weights: &Arc<PatternWeights>, threads: usize) -> Team {
    let mut team = Team::new(threads, TT_MB);
    team.set_pattern_weights(Some(weights.clone()));
    team
}

/// The built-in pattern weights (book searches need them).
pub fn weights() -> Result<Arc<PatternWeights>, String> {
    bundled()
}

/// The value of `board` for its side to move, hundredths of a disc, by a search of `depth` plies
/// with the pattern evaluation and ProbCut (as level 9 searches), and its best move.
pub fn search(engine: &mut Engine, board: Board, depth: u32) -> (i32, Move) {
    let clock = crate::clock::monotonic_ms;
    value_and_move(engine.search(board, &search_limits(depth), &mut Control::new(&clock)))
}

/// [`search`] on several threads ([`crate::othello::search::parallel`]: the value may differ from
/// one run to the next by what ProbCut cuts, as the threads' order of work varies).
pub fn search_on(team: &mut Team, board: Board, depth: u32) -> (i32, Move) {
    let clock = crate::clock::monotonic_ms;
    value_and_move(team.search(board, &search_limits(depth), &mut Control::new(&clock)))
}

/// The limits of a book search of `depth` plies.
fn search_limits(depth: u32) -> Limits {
    Limits { eval: EvalChoice::Pattern, probcut: true, exact_from_empties: Some(0), ..Limits::depth(depth.max(1)) }
}

/// A search's value in hundredths of a disc, and its move.
fn value_and_move(found: SearchResult) -> (i32, Move) {
    let value = match found.score {
        Score::Exact(d) => d * 100,
        Score::Eval(u) => u,
    };
    (value, found.best_move)
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

/// Whether the own value of an expanded position at `level` (a search of the position one move
/// further) has the same side to move at its horizon as the leaves at `plies`, searched as deep.
fn own_horizon_matches(level: u8, plies: u32) -> bool {
    plies.saturating_sub(u32::from(level) + 1).is_multiple_of(2)
}

/// The depth of the searches of an own value at `level` in a book whose leaves at `plies` are
/// searched at `leaf_depth`: the same, or one ply shallower where that puts the leaves' side to
/// move at the horizon (a search's value swings with the side to move at its horizon: values with
/// different sides there do not compare).
pub fn own_depth(leaf_depth: u32, level: u8, plies: u32) -> u32 {
    if own_horizon_matches(level, plies) || leaf_depth < 2 {
        leaf_depth
    } else {
        leaf_depth - 1
    }
}

/// Saves a build's state ([`save_state`] to a file), or says why it could not.
pub type SaveState<'a> = dyn FnMut(&BuildState) -> Result<(), String> + 'a;

/// Where a build writes and how it reports.
pub struct BuildRun<'a> {
    pub threads: usize,
    /// Saves the state (every `save_every_s` seconds and after each level), if anything does.
    pub save: Option<&'a mut SaveState<'a>>,
    pub save_every_s: f64,
    /// Called after each level with the book so far.
    pub on_level: &'a mut dyn FnMut(u32, &BuildState) -> Result<(), String>,
    pub progress: &'a dyn Fn(&str),
}

impl BuildRun<'_> {
    fn save(&mut self, state: &BuildState) -> Result<(), String> {
        match &mut self.save {
            Some(save) => save(state),
            None => Ok(()),
        }
    }
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
