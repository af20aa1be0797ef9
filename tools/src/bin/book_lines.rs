//! Where the opening book leads level 9: from the start, level 9 with the book plays each colour
//! against level 9 without it (both at a fixed depth, so the games are reproducible); for each book
//! move, the book's value and a deeper search's value of the position (both for the side to move),
//! and where the game leaves the book with the deeper search's value there.
//!
//! `cargo run --release --bin book_lines -- [DEPTH] [CHECK_DEPTH]` (10 and 14 by default).

use reversi::clock::monotonic_ms;
use reversi::othello::book::BookUse;
use reversi::othello::rules::board::Board;
use reversi::othello::search::score::Score;
use reversi::othello::search::{Control, Engine, EvalChoice, Limits};

fn discs(score: Score) -> f64 {
    match score {
        Score::Exact(d) => f64::from(d),
        Score::Eval(u) => f64::from(u) / f64::from(reversi::othello::eval::pattern::UNITS_PER_DISC),
    }
}

fn main() {
    let args: Vec<u32> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let depth = args.first().copied().unwrap_or(10);
    let check_depth = args.get(1).copied().unwrap_or(14);
    let weights = reversi::othello::eval::pattern::file::bundled().expect("weights");
    let book = reversi::othello::book::file::bundled().expect("book");
    let engine = || {
        let mut e = Engine::new(64);
        e.set_pattern_weights(Some(weights.clone()));
        e.set_book(Some(book.clone()));
        e
    };
    let plain =
        Limits { eval: EvalChoice::Pattern, probcut: true, exact_from_empties: Some(16), ..Limits::depth(depth) };
    let check = Limits { exact_from_empties: Some(16), ..Limits { depth: Some(check_depth), ..plain.clone() } };
    for book_black in [true, false] {
        let (mut with, mut without, mut checker) = (engine(), engine(), engine());
        let mut board = Board::start();
        let mut ply = 0u32;
        let mut line = String::new();
        let mut left_book = false;
        let mut black_to_move = true;
        println!("book side: {}", if book_black { "black" } else { "white" });
        while !board.is_game_over() {
            if board.legal_moves().is_empty() {
                board = board.passed();
                black_to_move = !black_to_move;
                continue;
            }
            let book_to_move = black_to_move == book_black;
            let limits = if book_to_move {
                Limits { book: Some(BookUse::STRONG), seed: 7, ..plain.clone() }
            } else {
                plain.clone()
            };
            let r = if book_to_move { &mut with } else { &mut without }.search(
                board,
                &limits,
                &mut Control::new(&monotonic_ms),
            );
            if !left_book && ply < 30 {
                checker.clear();
                let c = checker.search(board, &check, &mut Control::new(&monotonic_ms));
                let side = if book_to_move { "book" } else { "other" };
                let value = if r.book {
                    format!("book {:+.0}", discs(r.score))
                } else {
                    format!("search {:+.1}", discs(r.score))
                };
                println!(
                    "  ply {ply:2} {side:5} {} {value:12} depth-{check_depth}: {:+.1} (best {})",
                    r.best_move,
                    discs(c.score),
                    c.best_move
                );
                if book_to_move && !r.book {
                    left_book = true;
                    println!("  left the book at ply {ply}; the book side's value there: {:+.1}", discs(c.score));
                }
            }
            line.push_str(&r.best_move.to_string());
            board = board.play_unchecked(r.best_move.square().expect("a move"));
            black_to_move = !black_to_move;
            ply += 1;
        }
        let black = board.final_score() * if black_to_move { 1 } else { -1 };
        let book_result = if book_black { black } else { -black };
        println!("  {line}\n  final: book side {book_result:+}\n");
    }
}
