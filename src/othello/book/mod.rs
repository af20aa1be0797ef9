//! The opening book: positions of the first moves with values found by our own searches, and the
//! moves worth playing from each (built by `train book-build`, see `crate::train::book`).
//!
//! Every position is stored once up to the board's 8 symmetries, under its canonical image
//! ([`Board::canonical`]), with:
//!
//! * its **book moves** (the children kept in the book), as squares of the canonical image;
//! * its **own value**: the best value, in discs for the side to move, of the moves *not* in the
//!   book (a deep search of each when the book was built), or none when every move is in the book.
//!   A position without book moves (a leaf) has only this value: its deep search.
//!
//! A position's value is the negamax of the tree: the best of its own value and of each deep
//! book move's value (minus the value of the position it leads to). Values are whole discs from the
//! side to move's point of view. Looking a position up ([`Book::entry`]) finds it under any of its
//! 8 images and gives its book moves mapped back onto the board as given, with their values.
//!
//! A book move is **deep** when the tree after it reaches the book's depth (every move the build
//! kept), **shallow** when it ends early: a line added by `train book-add` beyond what was built,
//! valued by one search of the position it leads to, like a move outside the book. Values of
//! subtrees of different depths do not compare (the searches' horizons differ, and with them the
//! evaluation's bias between the sides to move), so a player chooses among deep moves only
//! ([`Book::choose`]), and a position's value leaves its shallow moves out: the own value already
//! covers every move outside the built tree (shallow moves count only where nothing else gives a
//! value). The review and the names use every book move.
//!
//! The file format is in [`file`](mod@file); the opening names (Tiger, Rose, Cow…) in [`names`].
//!
//! ```
//! use reversi::othello::book::file::bundled;
//! use reversi::{Board, Move};
//! let book = bundled().unwrap();
//! let entry = book.entry(Board::start()).unwrap();
//! // The four first moves are symmetric: all four are book moves of the same value.
//! assert_eq!(entry.moves.len(), 4);
//! assert!(entry.moves.iter().all(|m| m.value == entry.value));
//! ```

pub mod explorer;
pub mod file;
pub mod names;

use crate::othello::rules::bitboard::inverse_symmetry;
use crate::othello::rules::board::{Board, Position};
use crate::othello::rules::square::{Move, Square};
use crate::rng::mix_seed;
use std::collections::BTreeMap;

pub use file::BookError;

/// A book move's square standing for a pass (a position whose side to move must pass).
pub const PASS: u8 = 64;

/// The canonical image of a board, as a key.
fn key(board: Board) -> (u64, u64) {
    (board.player, board.opponent)
}

/// The position a stored move (a square of the canonical image, or [`PASS`]) leads to.
fn child_of(board: Board, square: u8) -> Board {
    match Square::new(square) {
        Some(sq) => board.play_unchecked(sq),
        None => board.passed(),
    }
}

/// One position as the builder and the file see it: its own value (the best move outside the
/// book, in discs for the side to move; `None` when every move is in the book) and its book
/// moves, as squares of the canonical image ([`PASS`] for a pass).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawNode {
    pub own: Option<i8>,
    pub children: Vec<u8>,
}

/// The editable form of a book: canonical boards (as `(player, opponent)`) and their nodes.
pub type RawBook = BTreeMap<(u64, u64), RawNode>;

/// A move of the book, on the board as given, with its value in discs for the side that plays
/// it (the negamax value of the book after it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    pub value: i32,
    /// The tree after it reaches the book's depth (see the module's documentation).
    pub deep: bool,
}

/// What the book knows of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The position's value in discs for the side to move.
    pub value: i32,
    /// The best value of a move outside the book, if any was searched.
    pub out_of_book: Option<i32>,
    /// The book moves, best first (equal values in square order).
    pub moves: Vec<BookMove>,
}

impl BookEntry {
    /// Whether the best move is a book move (no move outside the book was found better).
    pub fn best_in_book(&self) -> bool {
        self.moves.first().is_some_and(|m| self.out_of_book.is_none_or(|o| m.value >= o))
    }

    /// The value of the best deep book move, when a player should play from the book: `None` when
    /// there is no deep book move, or a move outside the book or a shallow book move was found
    /// better than every deep one (the player should search).
    pub fn playable_value(&self) -> Option<i32> {
        // One pass, i32::MIN for "none" (less code in the page's wasm than iterator chains).
        let (mut deep, mut outside) = (i32::MIN, self.out_of_book.unwrap_or(i32::MIN));
        for m in &self.moves {
            if m.deep {
                deep = deep.max(m.value);
            } else {
                outside = outside.max(m.value);
            }
        }
        (deep > i32::MIN && outside <= deep).then_some(deep)
    }
}

/// How a player uses the book: a move is drawn at random among the book moves whose value is
/// within `margin` discs of the best (0 = always a best one), while fewer than `until_ply` moves
/// have been played (counted by the discs on the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookUse {
    pub margin: i32,
    pub until_ply: u32,
}

impl BookUse {
    /// The book as the strongest levels use it: always a move of the best value (drawn among equal
    /// whole-disc values, so games still vary), for as long as the book lasts.
    pub const STRONG: BookUse = BookUse { margin: 0, until_ply: 60 };
}

/// An opening book, read-only: positions in the file's order (depth first from the start), found
/// by a hash index of their canonical boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    keys: Vec<(u64, u64)>,
    index: Index,
    values: Vec<i8>,
    own: Vec<i8>,
    /// Whether the tree from position `i` reaches the book's depth (a leaf at the book's depth or
    /// at the end of the game, or a position with such a book move).
    deep: Vec<bool>,
    /// Book moves of position `i`: `children[child_start[i]..child_start[i + 1]]`.
    child_start: Vec<u32>,
    children: Vec<u8>,
    plies: u8,
    leaf_depth: u8,
}

/// The stored byte for "no value" (own value of a position whose every move is in the book).
pub(crate) const NO_VALUE: i8 = i8::MIN;

impl Book {
    /// Positions stored.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// How many moves deep the book was built (the deepest book position's move count).
    pub fn plies(&self) -> u32 {
        u32::from(self.plies)
    }

    /// The depth of the searches that valued its positions.
    pub fn leaf_depth(&self) -> u32 {
        u32::from(self.leaf_depth)
    }

    fn index(&self, canonical: Board) -> Option<usize> {
        self.index.find(&self.keys, key(canonical))
    }

    fn moves_of(&self, i: usize) -> &[u8] {
        &self.children[self.child_start[i] as usize..self.child_start[i + 1] as usize]
    }

    /// Whether the position (any of its 8 images) is in the book.
    pub fn contains(&self, board: Board) -> bool {
        self.index(board.canonical().0).is_some()
    }

    /// The position's value in discs for the side to move, if it is in the book.
    pub fn value(&self, board: Board) -> Option<i32> {
        self.index(board.canonical().0).map(|i| i32::from(self.values[i]))
    }

    /// The position's value, own value and book moves mapped back onto `board` (best first).
    pub fn entry(&self, board: Board) -> Option<BookEntry> {
        let (canonical, k) = board.canonical();
        let i = self.index(canonical)?;
        let back = inverse_symmetry(k);
        let mut moves: Vec<BookMove> = Vec::new();
        for &s in self.moves_of(i) {
            // Every book move leads to a book position (the file's reader checks it).
            let Some(child) = self.index(child_of(canonical, s).canonical().0) else { continue };
            let mv = match Square::new(s) {
                Some(sq) => Move::Play(sq.symmetric(back)),
                None => Move::Pass,
            };
            moves.push(BookMove { mv, value: -i32::from(self.values[child]), deep: self.deep[child] });
        }
        let order = |m: &BookMove| (-m.value, m.mv.square().map_or(PASS, Square::index));
        sort_small(&mut moves, |a, b| order(a) < order(b));
        let own = self.own[i];
        Some(BookEntry {
            value: i32::from(self.values[i]),
            out_of_book: (own != NO_VALUE).then_some(i32::from(own)),
            moves,
        })
    }

    /// A move for a player using the book: drawn among the deep book moves within `margin` discs
    /// of the best, `random` choosing which (any number: it is mixed first). `None` when the
    /// position is not in the book, has no deep book move, or a move outside the book or a
    /// shallow book move was found better than every deep one (the player should search):
    /// [`BookEntry::playable_value`].
    pub fn choose(&self, board: Board, margin: i32, random: u64) -> Option<BookMove> {
        let entry = self.entry(board)?;
        let best = entry.playable_value()?;
        let candidates: Vec<BookMove> =
            entry.moves.iter().copied().filter(|m| m.deep && m.value >= best - margin.max(0)).collect();
        let pick = (mix_seed(random) % candidates.len() as u64) as usize;
        Some(candidates[pick])
    }

    /// How many of `moves`, played from `start`, are book moves in a row: the game left the book
    /// after that many moves (all of them when it never left; 0 when `start` is not in the book).
    pub fn moves_in_book(&self, start: Position, moves: &[Move]) -> usize {
        let mut position = start;
        for (n, &mv) in moves.iter().enumerate() {
            let in_book = self.entry(position.board()).is_some_and(|e| e.moves.iter().any(|m| m.mv == mv));
            match position.play(mv) {
                Ok(next) if in_book => position = next,
                _ => return n,
            }
        }
        moves.len()
    }

    /// The book as editable nodes (for adding lines).
    pub fn to_raw(&self) -> RawBook {
        (0..self.len())
            .map(|i| {
                let own = (self.own[i] != NO_VALUE).then_some(self.own[i]);
                (self.keys[i], RawNode { own, children: self.moves_of(i).to_vec() })
            })
            .collect()
    }

    /// A book from editable nodes: the positions reachable from the start through book moves
    /// (others are left out), checked as a file is ([`file::encode`], then [`file::parse`]).
    pub fn from_raw(raw: &RawBook, plies: u32, leaf_depth: u32) -> Result<Book, BookError> {
        file::parse(&file::encode(raw, plies, leaf_depth)?)
    }

    /// The canonical boards of the positions, in the file's order (for sampling).
    pub fn boards(&self) -> impl Iterator<Item = Board> + '_ {
        self.keys.iter().map(|&(player, opponent)| Board { player, opponent })
    }
}

/// Sorts a short list (a position's moves) by `less`: an insertion sort, a few hundred bytes of
/// wasm where each use of the standard library's sorts adds several kilobytes.
pub fn sort_small<T>(items: &mut [T], less: impl Fn(&T, &T) -> bool) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && less(&items[j], &items[j - 1]) {
            items.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// An open-addressing hash index of canonical boards (a `HashMap` or `BTreeMap` would add about
/// 10 KB to the page's wasm): slots hold a position's number + 1, 0 when empty; at least twice
/// as many slots as positions, so probes stay short and always end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Index {
    slots: Vec<u32>,
}

impl Index {
    pub(crate) fn new(positions: usize) -> Index {
        Index { slots: vec![0; (2 * positions + 2).next_power_of_two()] }
    }

    fn first_slot(&self, k: (u64, u64)) -> usize {
        (Board { player: k.0, opponent: k.1 }.hash() as usize) & (self.slots.len() - 1)
    }

    /// The number of the position `k` among `keys`, if it is there.
    pub(crate) fn find(&self, keys: &[(u64, u64)], k: (u64, u64)) -> Option<usize> {
        let mut slot = self.first_slot(k);
        loop {
            match self.slots[slot] {
                0 => return None,
                n if keys[n as usize - 1] == k => return Some(n as usize - 1),
                _ => slot = (slot + 1) & (self.slots.len() - 1),
            }
        }
    }

    /// Records that `keys[number]` is `k` (not yet in the index).
    pub(crate) fn insert(&mut self, k: (u64, u64), number: usize) {
        let mut slot = self.first_slot(k);
        while self.slots[slot] != 0 {
            slot = (slot + 1) & (self.slots.len() - 1);
        }
        self.slots[slot] = number as u32 + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small book by hand: the start (own value none), its canonical child after f5 with two
    /// book replies valued as leaves.
    pub(crate) fn tiny() -> RawBook {
        let mut raw = RawBook::new();
        let (start, _) = Board::start().canonical();
        let legal: Vec<Square> = start.legal_moves().collect();
        raw.insert(key(start), RawNode { own: None, children: legal.iter().map(|s| s.index()).collect() });
        let (after, _) = start.play_unchecked(legal[0]).canonical();
        let replies: Vec<Square> = after.legal_moves().collect();
        raw.insert(key(after), RawNode { own: Some(-3), children: vec![replies[0].index(), replies[1].index()] });
        for (n, &r) in replies[..2].iter().enumerate() {
            let (leaf, _) = after.play_unchecked(r).canonical();
            raw.insert(key(leaf), RawNode { own: Some(n as i8 * 4 - 1), children: vec![] });
        }
        raw
    }

    #[test]
    fn values_back_up_by_negamax_and_moves_map_back() {
        let book = Book::from_raw(&tiny(), 2, 4).unwrap();
        assert_eq!(book.len(), 4);
        // Leaves -1 and 3 for the side to move after the reply: the replies are worth 1 and -3
        // to the replier, its own best outside the book -3: the position after f5 is worth 1 to
        // White, so -1 to Black at the start.
        let f5 = Board::start().play("f5".parse().unwrap()).unwrap();
        let entry = book.entry(f5).unwrap();
        assert_eq!(entry.value, 1);
        assert_eq!(entry.out_of_book, Some(-3));
        assert_eq!(entry.moves.iter().map(|m| m.value).collect::<Vec<_>>(), [1, -3]);
        let start = book.entry(Board::start()).unwrap();
        assert_eq!(start.value, -1);
        assert_eq!(start.moves.len(), 4);
        // Every image of the position gives the same entry, its moves mapped onto that image.
        for first in ["f5", "d3", "c4", "e6"] {
            let after = Board::start().play(first.parse().unwrap()).unwrap();
            let e = book.entry(after).unwrap();
            assert_eq!((e.value, e.moves.len()), (1, 2));
            for m in &e.moves {
                assert!(after.play(m.mv).is_ok(), "{first}: {} is legal", m.mv);
                assert_eq!(book.value(after.play(m.mv).unwrap()), Some(-m.value));
            }
        }
        // choose: margin 0 always the best; a wide margin draws both.
        let drawn: std::collections::HashSet<Move> = (0..64).map(|r| book.choose(f5, 10, r).unwrap().mv).collect();
        assert_eq!(drawn.len(), 2);
        assert!((0..64).all(|r| book.choose(f5, 0, r).unwrap() == entry.moves[0]));
    }

    #[test]
    fn a_better_move_outside_the_book_leaves_the_book() {
        let mut raw = tiny();
        let (after, _) = Board::start().play("f5".parse().unwrap()).unwrap().canonical();
        raw.get_mut(&key(after)).unwrap().own = Some(5);
        let book = Book::from_raw(&raw, 2, 4).unwrap();
        let f5 = Board::start().play("f5".parse().unwrap()).unwrap();
        assert_eq!(book.entry(f5).unwrap().value, 5);
        assert_eq!(book.choose(f5, 1, 7), None);
        assert!(book.choose(Board::start(), 0, 7).is_some());
    }

    /// `tiny()` built one move deeper below one of the two replies after f5: that reply is deep,
    /// the other a shallow leaf (as a line added by `book-add`).
    fn tiny_with_one_deep_reply(deep_reply: usize) -> (Book, Board, Vec<Move>) {
        let mut raw = tiny();
        let (after, _) = Board::start()
            .canonical()
            .0
            .play_unchecked(Board::start().canonical().0.legal_moves().next().unwrap())
            .canonical();
        let replies: Vec<Square> = after.legal_moves().collect();
        let (leaf, _) = after.play_unchecked(replies[deep_reply]).canonical();
        let next = leaf.legal_moves().next().unwrap();
        // The leaf keeps its value (its own) and gets one book move to a position at ply 3.
        raw.get_mut(&key(leaf)).unwrap().children = vec![next.index()];
        // Worth −5 to its side to move: the leaf keeps its own value as its best.
        raw.insert(key(leaf.play_unchecked(next).canonical().0), RawNode { own: Some(5), children: vec![] });
        let book = Book::from_raw(&raw, 3, 4).unwrap();
        let f5 = Board::start().play("f5".parse().unwrap()).unwrap();
        let moves = book.entry(f5).unwrap().moves.iter().map(|m| m.mv).collect();
        (book, f5, moves)
    }

    #[test]
    fn players_choose_deep_book_moves_only() {
        // Reply 0 is worth 1 to White, reply 1 −3 (see the test above).
        let (book, f5, _) = tiny_with_one_deep_reply(0);
        let entry = book.entry(f5).unwrap();
        assert_eq!(entry.moves.iter().map(|m| (m.value, m.deep)).collect::<Vec<_>>(), [(1, true), (-3, false)]);
        assert_eq!(entry.playable_value(), Some(1));
        assert!((0..64).all(|r| book.choose(f5, 10, r) == Some(entry.moves[0])), "the shallow reply is never drawn");
        // The better reply shallow: its one search beats every deep move, so the player searches.
        let (book, f5, _) = tiny_with_one_deep_reply(1);
        let entry = book.entry(f5).unwrap();
        assert_eq!(entry.moves.iter().map(|m| (m.value, m.deep)).collect::<Vec<_>>(), [(1, false), (-3, true)]);
        assert_eq!((entry.playable_value(), book.choose(f5, 10, 3)), (None, None));
        // The review still sees both as book moves; the position's value leaves the shallow one
        // out (its own value, −3, covers the moves outside the built tree).
        assert_eq!(entry.value, -3);
        // Where only shallow moves give a value (no own value, nothing deep), they do: built to 2
        // plies and announced as 3, every move is shallow; after f5 the own value −3 is the
        // position's value, so the start (no own value) is worth 3.
        let start = Book::from_raw(&tiny(), 3, 4).unwrap().entry(Board::start()).unwrap();
        assert_eq!(start.value, 3);
        // A book whose every leaf is shallow (built to 2 plies, announced as 3) plays nothing.
        let book = Book::from_raw(&tiny(), 3, 4).unwrap();
        assert_eq!(book.choose(Board::start(), 0, 1), None);
        assert!(book.entry(f5).unwrap().moves.iter().all(|m| !m.deep));
    }

    #[test]
    fn moves_in_book_counts_the_leading_book_moves() {
        let book = Book::from_raw(&tiny(), 2, 4).unwrap();
        let moves = |t: &str| crate::othello::records::notation::replay(Position::start(), t).unwrap().0;
        let f5 = Board::start().play("f5".parse().unwrap()).unwrap();
        let reply = book.entry(f5).unwrap().moves[0].mv;
        assert_eq!(book.moves_in_book(Position::start(), &moves(&format!("f5{reply}"))), 2);
        assert_eq!(book.moves_in_book(Position::start(), &moves(&format!("f5{reply}c3"))), 2);
        assert_eq!(book.moves_in_book(Position::start(), &moves("")), 0);
        let other = f5
            .legal_moves()
            .into_iter()
            .map(Move::Play)
            .find(|&m| book.entry(f5).unwrap().moves.iter().all(|b| b.mv != m))
            .unwrap();
        assert_eq!(book.moves_in_book(Position::start(), &moves(&format!("f5{other}"))), 1);
    }
}
