//! `book-add`: the moves of given lines missing from a book added as shallow moves, without
//! changing any value of the book.

use super::{book_team, child_of, key, moves_by_child, own_depth, search_on, to_discs, weights};
use crate::othello::book::{Book, RawNode, PASS};
use crate::othello::rules::board::Position;
use crate::othello::rules::square::Move;

/// Adds lines to a book: each game (moves from the standard start) is followed while its
/// positions are in the book, up to `plies` moves; a move missing from the book is added, a
/// shallow move, with the position it leads to (searched at [`own_depth`] of `leaf_depth`, unless
/// the book has it already). No value of the book changes: the own values stay those of the build,
/// which cover the moves outside the built tree, the added ones among them, and a position's value
/// leaves its shallow moves out (one search of a position a few moves from the start does not
/// compare with a tree reaching the book's depth). Each search runs on `threads` threads (with
/// more than one, a value may vary from run to run by what ProbCut cuts). Returns the new book and
/// how many positions were added.
pub fn add_lines(
    book: &Book,
    games: &[Vec<Move>],
    plies: usize,
    leaf_depth: u32,
    threads: usize,
) -> Result<(Book, usize), String> {
    let weights = weights()?;
    let mut engine = book_team(&weights, threads);
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
                    let (value, _) = search_on(&mut engine, child, own_depth(leaf_depth, level, book.plies()));
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
