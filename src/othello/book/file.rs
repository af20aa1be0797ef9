//! The book file: the book as a move tree from the start, depth first, one value byte per
//! position, in the engine's file frame ([`crate::othello::file_format`]). Reading checks everything, names what is wrong, and
//! never panics, whatever the bytes.
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `RVOPBOOK` |
//! | 1 | format version ([`VERSION`]) |
//! | 1 | plies: how many moves deep the book was built |
//! | 1 | the depth of the searches that valued its positions |
//! | 1 | 0 (reserved) |
//! | 4 | positions (u32) |
//! | 4 | payload length (u32) |
//! | … | payload: the tree (below) |
//! | 8 | FNV-1a (64 bits) of everything before |
//!
//! The tree starts at the canonical image of the standard start; each position is
//!
//! ```text
//! position := own children-count { move [position] }     moves in increasing rank
//! own      := i8: the best value of a move outside the book (discs, side to move), or -128 for none
//! move     := u8: bits 0–6 the move's rank among the position's legal moves in square order (0 for
//!             a pass), bit 7 set when the position it leads to was described before (a
//!             transposition: no position follows)
//! ```
//!
//! Moves are squares of the position's canonical image, and every position that follows a move
//! is the canonical image of the board after it, so a reader rebuilds each board by playing the
//! moves. Values are not stored but backed up (negamax) as the tree is read.

use super::{child_of, key, Book, Index, RawBook, RawNode, NO_VALUE, PASS};
pub use crate::othello::file_format::FileError as BookError;
use crate::othello::file_format::Frame;
use crate::othello::rules::board::Board;
use crate::othello::rules::square::Square;
use std::collections::BTreeSet;
use std::path::Path;

pub const MAGIC: &[u8; 8] = b"RVOPBOOK";
pub const VERSION: u8 = 1;
/// The book file's frame: its fields are the plies, the leaf depth, a reserved 0 and the number of
/// positions (u32).
pub const FRAME: Frame = Frame { magic: MAGIC, version: VERSION, fields: 7, kind: "book" };
#[cfg(test)]
const HEADER_LEN: usize = FRAME.header_len();
/// Bit 7 of a move byte: the position it leads to was described before.
const SEEN: u8 = 0x80;
/// Deeper than any game (60 moves and a few passes): a tree deeper than this is damaged.
const MAX_DEPTH: usize = 80;

fn bad<T>(what: String) -> Result<T, BookError> {
    Err(FRAME.invalid(what))
}

/// The canonical image of the standard start: the tree's root.
pub fn root() -> Board {
    Board::start().canonical().0
}

/// The stored squares of a position's legal moves in square order (a pass alone when the side to
/// move must pass; none when the game is over).
fn legal_squares(board: Board) -> Vec<u8> {
    let moves: Vec<u8> = board.legal_moves().map(Square::index).collect();
    if moves.is_empty() && !board.passed().legal_moves().is_empty() {
        vec![PASS]
    } else {
        moves
    }
}

/// A book file around `payload`: the header and the checksum.
pub fn frame(plies: u8, leaf_depth: u8, positions: u32, payload: &[u8]) -> Vec<u8> {
    let mut fields = vec![plies, leaf_depth, 0];
    fields.extend_from_slice(&positions.to_le_bytes());
    FRAME.frame(&fields, payload)
}

/// Writes the positions of `raw` reachable from the start through book moves as a book file.
/// An error when a book move is illegal, leads to a position missing from `raw`, or a position
/// has neither a value nor a book move.
pub fn encode(raw: &RawBook, plies: u32, leaf_depth: u32) -> Result<Vec<u8>, BookError> {
    struct Writer<'a> {
        raw: &'a RawBook,
        seen: BTreeSet<(u64, u64)>,
        out: Vec<u8>,
    }
    impl Writer<'_> {
        fn node(&mut self, board: Board, depth: usize) -> Result<(), BookError> {
            let Some(node) = self.raw.get(&key(board)) else {
                return bad(format!("a book move leads to a position not in the book ({board:?})"));
            };
            if depth > MAX_DEPTH {
                return bad("the tree is deeper than any game".into());
            }
            if node.own.is_none() && node.children.is_empty() {
                return bad(format!("a position has neither a value nor a book move ({board:?})"));
            }
            self.seen.insert(key(board));
            let legal = legal_squares(board);
            let mut ranks = Vec::with_capacity(node.children.len());
            for &s in &node.children {
                match legal.iter().position(|&l| l == s) {
                    Some(rank) if !ranks.contains(&rank) => ranks.push(rank),
                    Some(_) => return bad(format!("book move {s} twice ({board:?})")),
                    None => return bad(format!("book move {s} is not legal ({board:?})")),
                }
            }
            ranks.sort_unstable();
            self.out.push(node.own.map_or(NO_VALUE, |v| v.clamp(-64, 64)) as u8);
            self.out.push(ranks.len() as u8);
            for rank in ranks {
                let child = child_of(board, legal[rank]).canonical().0;
                if self.seen.contains(&key(child)) {
                    self.out.push(rank as u8 | SEEN);
                } else {
                    self.out.push(rank as u8);
                    self.node(child, depth + 1)?;
                }
            }
            Ok(())
        }
    }
    let mut writer = Writer { raw, seen: BTreeSet::new(), out: Vec::new() };
    writer.node(root(), 0)?;
    let clamp = |n: u32| n.min(255) as u8;
    Ok(frame(clamp(plies), clamp(leaf_depth), writer.seen.len() as u32, &writer.out))
}

/// The bytes of a book (what [`parse`] reads back to the same book).
pub fn to_bytes(book: &Book) -> Vec<u8> {
    encode(&book.to_raw(), book.plies(), book.leaf_depth()).expect("a loaded book is consistent")
}

/// Reads a book file.
pub fn parse(bytes: &[u8]) -> Result<Book, BookError> {
    let (fields, payload) = FRAME.unframe(bytes)?;
    let (plies, leaf_depth) = (fields[0], fields[1]);
    let positions = u32::from_le_bytes(fields[3..7].try_into().expect("4 bytes")) as usize;
    let payload_len = payload.len();
    if fields[2] != 0 {
        return bad(format!("reserved byte {} is not 0", fields[2]));
    }
    // Each position takes at least 2 bytes: a count beyond that is a lie.
    if positions == 0 || positions > payload_len / 2 {
        return bad(format!("{positions} positions in a payload of {payload_len} bytes"));
    }

    struct Reader<'a> {
        payload: &'a [u8],
        at: usize,
        positions: usize,
        /// The positions read, in order, and what the book keeps of them.
        keys: Vec<(u64, u64)>,
        values: Vec<i8>,
        own: Vec<i8>,
        deep: Vec<bool>,
        child_start: Vec<u32>,
        children: Vec<u8>,
        index: Index,
        plies: usize,
    }
    impl Reader<'_> {
        fn byte(&mut self) -> Result<u8, BookError> {
            let b = self.payload.get(self.at).copied();
            self.at += 1;
            b.ok_or_else(|| FRAME.invalid("the tree is cut short".into()))
        }

        /// Reads the position `board` (a canonical image) and returns its backed-up value and
        /// whether its tree reaches the book's depth.
        fn node(&mut self, board: Board, depth: usize) -> Result<(i8, bool), BookError> {
            let number = self.keys.len() + 1;
            // One message shape (the position's number in the tree, and what is wrong with it)
            // keeps the reader small in the page's wasm.
            let fail = |what: &str| bad(format!("position {number}: {what}"));
            if depth > MAX_DEPTH {
                return fail("the tree is deeper than any game");
            }
            let own = self.byte()? as i8;
            if own != NO_VALUE && !(-64..=64).contains(&own) {
                return fail("a value beyond ±64 discs");
            }
            let count = self.byte()? as usize;
            let legal = legal_squares(board);
            if count > legal.len() {
                return fail("more book moves than legal moves");
            }
            if count == 0 && own == NO_VALUE {
                return fail("neither a value nor a book move");
            }
            let mut best = if own == NO_VALUE { i32::MIN } else { i32::from(own) };
            // The best shallow move: it counts only where neither the own value nor a deep move
            // gives a value (see `Book`'s documentation: the own value covers the shallow moves).
            let mut best_shallow = i32::MIN;
            // A leaf is deep at the book's depth or at the end of the game (no legal move, not
            // even a pass). Moves played: the discs on the board − 4 (a pass plays none).
            let mut deep = count == 0 && (board.empty_count() as usize + self.plies <= 60 || legal.is_empty());
            let mut children = Vec::with_capacity(count);
            let mut previous_rank: Option<usize> = None;
            for _ in 0..count {
                let b = self.byte()?;
                let rank = usize::from(b & !SEEN);
                let Some(&square) = legal.get(rank) else {
                    return fail("a move beyond the legal moves");
                };
                if previous_rank.is_some_and(|p| p >= rank) {
                    return fail("book moves out of order or twice");
                }
                previous_rank = Some(rank);
                children.push(square);
                let child = child_of(board, square).canonical().0;
                let (value, child_deep) = if b & SEEN != 0 {
                    match self.index.find(&self.keys, key(child)) {
                        Some(i) => (self.values[i], self.deep[i]),
                        None => return fail("a move refers to a position not described before"),
                    }
                } else {
                    if self.index.find(&self.keys, key(child)).is_some() {
                        return fail("a move leads to a position described twice");
                    }
                    if self.keys.len() >= self.positions {
                        return fail("more positions than the header announces");
                    }
                    self.node(child, depth + 1)?
                };
                if child_deep {
                    best = best.max(-i32::from(value));
                } else {
                    best_shallow = best_shallow.max(-i32::from(value));
                }
                deep |= child_deep;
            }
            if best == i32::MIN {
                best = best_shallow;
            }
            let value = best.clamp(-64, 64) as i8;
            if self.keys.len() >= self.positions {
                return fail("more positions than the header announces");
            }
            self.index.insert(key(board), self.keys.len());
            self.keys.push(key(board));
            self.values.push(value);
            self.own.push(own);
            self.deep.push(deep);
            self.child_start.push(self.children.len() as u32);
            self.children.extend_from_slice(&children);
            Ok((value, deep))
        }
    }

    let mut reader = Reader {
        payload,
        at: 0,
        positions,
        keys: Vec::with_capacity(positions),
        values: Vec::with_capacity(positions),
        own: Vec::with_capacity(positions),
        deep: Vec::with_capacity(positions),
        child_start: Vec::with_capacity(positions + 1),
        children: Vec::new(),
        index: Index::new(positions),
        plies: usize::from(plies),
    };
    reader.node(root(), 0)?;
    if reader.at != payload_len {
        return bad(format!("{} bytes left after the tree", payload_len - reader.at));
    }
    if reader.keys.len() != positions {
        return bad(format!("{} positions, the header announces {positions}", reader.keys.len()));
    }
    reader.child_start.push(reader.children.len() as u32);
    Ok(Book {
        keys: reader.keys,
        index: reader.index,
        values: reader.values,
        own: reader.own,
        deep: reader.deep,
        child_start: reader.child_start,
        children: reader.children,
        plies,
        leaf_depth,
    })
}

/// Loads a book file.
pub fn load(path: &Path) -> Result<Book, BookError> {
    let bytes = std::fs::read(path).map_err(|e| FRAME.unreadable(path, e))?;
    parse(&bytes)
}

/// Writes a book file: whole, or not at all ([`crate::safe_write`]).
pub fn save(path: &Path, book: &Book) -> Result<(), BookError> {
    crate::safe_write::write_file(path, &to_bytes(book)).map_err(|e| FRAME.unwritable(path, e))
}

/// The book committed with the repository (`weights/book.bin`), built into native programs and
/// parsed once. The browser's bindings never call this (the page fetches the file after the
/// board is up), so the linker leaves the bytes out of the wasm.
pub fn bundled() -> Result<std::sync::Arc<Book>, String> {
    static BUNDLED: std::sync::OnceLock<Result<std::sync::Arc<Book>, String>> = std::sync::OnceLock::new();
    BUNDLED
        .get_or_init(|| {
            parse(include_bytes!("../../../weights/book.bin"))
                .map(std::sync::Arc::new)
                .map_err(|e| format!("weights/book.bin (built in): {e}"))
        })
        .clone()
}

/// A raw node for tests and tools: its own value and book moves.
pub fn raw_node(own: Option<i8>, children: &[u8]) -> RawNode {
    RawNode { own, children: children.to_vec() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::othello::book::tests::tiny;

    fn err(bytes: &[u8]) -> String {
        parse(bytes).expect_err("must fail").to_string()
    }

    #[test]
    fn a_book_round_trips() {
        let bytes = encode(&tiny(), 2, 4).unwrap();
        let book = parse(&bytes).unwrap();
        assert_eq!((book.len(), book.plies(), book.leaf_depth()), (4, 2, 4));
        assert_eq!(to_bytes(&book), bytes);
        assert_eq!(Book::from_raw(&book.to_raw(), 2, 4).unwrap(), book);
    }

    #[test]
    fn damaged_truncated_or_missing_files_are_clear_errors() {
        let bytes = encode(&tiny(), 2, 4).unwrap();
        assert!(err(&bytes[..bytes.len() - 1]).contains("truncated"));
        assert!(err(&bytes[..10]).contains("too short"));
        assert!(err(&[]).contains("too short"));
        let mut flipped = bytes.clone();
        flipped[HEADER_LEN + 1] ^= 1;
        assert!(err(&flipped).contains("checksum"));
        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert!(err(&magic).contains("magic"));
        let mut version = bytes.clone();
        version[8] = 9;
        assert!(err(&version).contains("version 9"));
        let missing = load(Path::new("/nonexistent/book.bin")).err().unwrap().to_string();
        assert!(missing.contains("cannot read book file /nonexistent/book.bin"), "{missing}");
        // Valid frames around bad trees.
        let no_move = NO_VALUE as u8;
        assert!(err(&frame(1, 1, 1, &[no_move, 0])).contains("position 1: neither a value nor a book move"));
        assert!(err(&frame(1, 1, 1, &[0, 5])).contains("more book moves than legal moves"));
        assert!(err(&frame(1, 1, 1, &[100, 0])).contains("beyond ±64"));
        assert!(err(&frame(1, 1, 2, &[0, 1, 7, 0, 0])).contains("a move beyond the legal moves"));
        assert!(err(&frame(1, 1, 1, &[0, 1, SEEN])).contains("not described before"));
        assert!(err(&frame(1, 1, 1, &[0, 1, 0])).contains("cut short"));
        assert!(err(&frame(1, 1, 1, &[0, 0, 0])).contains("1 bytes left"));
        assert!(err(&frame(1, 1, 1, &[0, 1, 0, 0, 0])).contains("more positions than the header announces"));
        assert!(err(&frame(1, 1, 2, &[0, 2, 0, 1, 0, 1])).contains("described twice"));
        assert!(err(&frame(1, 1, 2, &[0, 2, 1, 1, 0, 0])).contains("out of order"));
        assert!(err(&frame(1, 1, 9, &[0, 0])).contains("9 positions in a payload of 2"));
    }

    #[test]
    fn inconsistent_raw_books_are_refused_when_written() {
        let mut raw = tiny();
        raw.get_mut(&key(root())).unwrap().children.push(63);
        assert!(encode(&raw, 2, 4).unwrap_err().to_string().contains("not legal"));
        let mut raw = tiny();
        raw.retain(|k, _| *k == key(root()));
        assert!(encode(&raw, 2, 4).unwrap_err().to_string().contains("not in the book"));
    }
}
