//! Why a player leaves the book early: for a book build's state (`train book-build --state`), by
//! moves played, how far each expanded position's value backed up from its tree lies from its own
//! one-shot deep search (the value it had as a leaf), and how often the best move outside the book
//! is valued above every book move (so a player searches instead of playing from the book).
//!
//! `cargo run --release --bin book_bias -- STATE_FILE`

use reversi::train::book::{load_state, BuildState};
use reversi::{Board, Square};
use std::collections::BTreeMap;

type Key = (u64, u64);

fn child(key: Key, square: u8) -> Key {
    let board = Board { player: key.0, opponent: key.1 };
    let next = match Square::new(square) {
        Some(sq) => board.play_unchecked(sq),
        None => board.passed(),
    };
    let canonical = next.canonical().0;
    (canonical.player, canonical.opponent)
}

/// The negamax value (hundredths, for the side to move) of the tree from `key`.
fn value(key: Key, state: &BuildState, memo: &mut BTreeMap<Key, i32>) -> i32 {
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let node = &state.nodes[&key];
    let v = if node.expanded {
        let children = node.children.iter().map(|&s| -value(child(key, s), state, memo));
        children.fold(node.own.unwrap_or(i32::MIN), i32::max)
    } else {
        node.searched
    };
    memo.insert(key, v);
    v
}

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: book_bias STATE_FILE");
        std::process::exit(2);
    };
    // Read with a size limit: a device or a huge file is refused.
    let state = match load_state(std::path::Path::new(&path)) {
        Ok(Some(state)) => state,
        Ok(None) => fail(&format!("{path}: no such file")),
        Err(e) => fail(&e),
    };
    let mut memo = BTreeMap::new();
    // Per level: positions, sum of (backed-up − one-shot) in discs, positions whose own value wins.
    let mut levels: BTreeMap<u8, (usize, f64, usize)> = BTreeMap::new();
    for (&key, node) in &state.nodes {
        if !node.expanded || node.level == 0 {
            continue;
        }
        let backed_up = value(key, &state, &mut memo);
        let best_book = node.children.iter().map(|&s| -value(child(key, s), &state, &mut memo)).max();
        let level = levels.entry(node.level).or_default();
        level.0 += 1;
        level.1 += f64::from(backed_up - node.searched) / 100.0;
        level.2 += usize::from(node.own.is_some_and(|own| best_book.is_none_or(|b| own > b)));
    }
    println!("moves played: positions, backed-up value minus one-shot search (mean), own value above every book move");
    for (level, (n, drift, own_wins)) in levels {
        println!("{level:2}: {n:5}, {:+.2} discs, {:.0} %", drift / n as f64, 100.0 * own_wins as f64 / n as f64);
    }
}

fn fail(message: &str) -> ! {
    eprintln!("book_bias: {message}");
    std::process::exit(2)
}
