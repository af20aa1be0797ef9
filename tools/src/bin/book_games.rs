//! Where the book led in a match's games (`reversi match … --games FILE`): for each distinct
//! game (most frequent first), every position while the game is in the book, with the book's
//! value and a deeper search's value for the side to move, and where the game left the book.
//!
//! `cargo run --release --bin book_games -- FILE [GAMES] [CHECK_DEPTH]` (8 and 16 by default).

use reversi::clock::monotonic_ms;
use reversi::othello::records::notation::replay;
use reversi::othello::search::score::Score;
use reversi::othello::search::{Control, Engine, EvalChoice, Limits};
use reversi::{Move, Position};

fn discs(score: Score) -> f64 {
    match score {
        Score::Exact(d) => f64::from(d),
        Score::Eval(u) => f64::from(u) / f64::from(reversi::othello::eval::pattern::UNITS_PER_DISC),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: book_games FILE [GAMES] [CHECK_DEPTH]");
        std::process::exit(2);
    };
    let text = read_text(path);
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(8);
    let check_depth: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(16);
    let weights = reversi::othello::eval::pattern::file::bundled().expect("weights");
    let book = reversi::othello::book::file::bundled().expect("book");
    let mut engine = Engine::new(64);
    engine.set_pattern_weights(Some(weights));
    let check =
        Limits { eval: EvalChoice::Pattern, probcut: true, exact_from_empties: Some(20), ..Limits::depth(check_depth) };
    // Distinct games with how often each was played and A's results.
    let mut counts: Vec<(String, usize, String)> = Vec::new();
    for line in text.lines() {
        let mut parts = line.split_whitespace();
        let (Some(moves), rest) = (parts.next(), parts.collect::<Vec<_>>().join(" ")) else { continue };
        match counts.iter_mut().find(|(m, _, _)| m == moves) {
            Some(entry) => entry.1 += 1,
            None => counts.push((moves.to_string(), 1, rest)),
        }
    }
    counts.sort_by_key(|c| std::cmp::Reverse(c.1));
    for (moves, count, rest) in counts.iter().take(games) {
        println!("{count}× {rest}\n  {moves}");
        let (played, _) = replay(Position::start(), moves).expect("a legal game");
        let mut pos = Position::start();
        for (ply, &mv) in played.iter().enumerate() {
            let board = pos.board();
            let Some(entry) = book.entry(board) else {
                println!("  ply {ply:2}: out of the book before {mv}");
                break;
            };
            engine.clear();
            let c = engine.search(board, &check, &mut Control::new(&monotonic_ms));
            let in_book = entry.moves.iter().find(|m| m.mv == mv);
            let book_moves: Vec<String> = entry.moves.iter().map(|m| format!("{}{:+}", m.mv, m.value)).collect();
            println!(
                "  ply {ply:2} {mv} {}: book {:+} (moves {}; out {:?}), depth {check_depth} {:+.1} best {}",
                if in_book.is_some() { "book " } else { "other" },
                entry.value,
                book_moves.join(" "),
                entry.out_of_book,
                discs(c.score),
                c.best_move
            );
            pos = match pos.play(mv) {
                Ok(next) => next,
                Err(_) => break,
            };
            if mv == Move::Pass {
                continue;
            }
        }
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
    eprintln!("book_games: {message}");
    std::process::exit(2)
}
