//! Where the book's player leaves its book in a match's games (`reversi match … --games FILE`,
//! player A with the book): the first position where A is to move and the book has no move for it
//! to play ([`BookEntry::playable_value`]; the same with any margin, which only widens the draw
//! among the deep moves), how many distinct such positions the games reach, and
//! their value for A by a search (the mean of depths D − 1 and D, which cancels most of the swing
//! of a search's value with the side to move at its horizon). A match from the start whose games
//! leave the book at a handful of positions measures those few lines, however many games it
//! plays.
//!
//! `cargo run --release --bin book_exits -- BOOK_FILE GAMES_FILE [D]` (D = 16 by default)
//!
//! [`BookEntry::playable_value`]: reversi::othello::book::BookEntry::playable_value

use reversi::othello::book::file::parse;
use reversi::othello::records::notation::replay;
use reversi::train::book::{book_engine, search, weights};
use reversi::{Color, Position};
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(book_path), Some(games_path)) = (args.first(), args.get(1)) else {
        eprintln!("usage: book_exits BOOK_FILE GAMES_FILE [DEPTH]");
        std::process::exit(2);
    };
    let book = parse(&read(book_path)).unwrap_or_else(|e| fail(&format!("{book_path}: {e}")));
    let text = read_text(games_path);
    let depth: u32 = args.get(2).and_then(|s| s.parse().ok()).filter(|&d| d >= 2).unwrap_or(16);
    let weights = weights().expect("the built-in weights");
    let mut engine = book_engine(&weights);
    // Canonical exit position → (its value for A, games leaving there, A's score there).
    let mut exits: BTreeMap<(u64, u64), (f64, usize, f64)> = BTreeMap::new();
    let (mut games, mut exit_plies) = (0usize, 0usize);
    for line in text.lines() {
        // A game line: the moves, "A=black" or "A=white", "discs=N" (for A).
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [moves, side, discs, ..] = fields[..] else { continue };
        let a_black = side == "A=black";
        let Some(discs) = discs.strip_prefix("discs=").and_then(|d| d.parse::<i32>().ok()) else { continue };
        let Ok((moves, _)) = replay(Position::start(), moves) else { continue };
        let mut position = Position::start();
        let mut exit = None;
        for (ply, &mv) in moves.iter().enumerate() {
            let a_to_move = (position.side_to_move() == Color::Black) == a_black;
            if a_to_move && book.entry(position.board()).and_then(|e| e.playable_value()).is_none() {
                exit = Some((ply, position.board()));
                break;
            }
            let Ok(next) = position.play(mv) else { break };
            position = next;
        }
        let Some((ply, board)) = exit else { continue };
        games += 1;
        exit_plies += ply;
        let canonical = board.canonical().0;
        let slot = exits.entry((canonical.player, canonical.opponent)).or_insert_with(|| {
            let sum: i32 = [depth - 1, depth]
                .iter()
                .map(|&d| {
                    engine.clear();
                    search(&mut engine, board, d).0
                })
                .sum();
            (f64::from(sum) / 200.0, 0, 0.0)
        });
        slot.1 += 1;
        slot.2 += match discs.signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        };
    }
    println!(
        "{games} games leave the book at {} distinct positions (mean ply {:.1}); value for A there \
         (mean of depths {} and {depth}), games, A's score:",
        exits.len(),
        exit_plies as f64 / games.max(1) as f64,
        depth - 1
    );
    let mut rows: Vec<_> = exits.values().collect();
    rows.sort_by_key(|row| std::cmp::Reverse(row.1));
    for (value, n, score) in rows {
        println!("  {value:+6.2} discs, {n:3} games, {:5.1} %", 100.0 * score / *n as f64);
    }
}

/// A file of at most 256 MiB (a match's games file is some 200 bytes a game); a device or a larger
/// file is refused.
fn read(path: &str) -> Vec<u8> {
    use reversi::capped_read::{read_capped, CappedReadError};
    read_capped(std::path::Path::new(path), 256 << 20).unwrap_or_else(|e| match e {
        CappedReadError::Io(e) => fail(&format!("{path}: {e}")),
        CappedReadError::TooLarge => fail(&format!("{path}: larger than 256 MiB")),
        CappedReadError::Device => fail(&format!("{path}: a device, not a file")),
    })
}

fn read_text(path: &str) -> String {
    String::from_utf8(read(path)).unwrap_or_else(|_| fail(&format!("{path}: not UTF-8 text")))
}

fn fail(message: &str) -> ! {
    eprintln!("book_exits: {message}");
    std::process::exit(2)
}
