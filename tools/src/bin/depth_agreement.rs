//! How often two searches of the same position, `d` and `d + 4` plies deep, choose the same move:
//! the ceiling of `train book-verify`'s agreement wherever the book's choice rests on searches.
//! Book positions 19 to 23 moves from the start (where the book's sample lies), level
//! 9's evaluation and ProbCut, tables cleared before each search. Also, among each position's four
//! best moves by a shallow search, whether valuing the moves by the mean of two depths (`d − 1` and
//! `d`) agrees more often with the deeper search.
//!
//! `cargo run --release --bin depth_agreement -- [POSITIONS] [SEED]` (120 and 7 by default).

use reversi::othello::book::file::bundled;
use reversi::rng::XorShift64Star as Rng;
use reversi::train::book::{book_engine, search, weights};
use reversi::Board;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Root depths whose best moves are compared with the best move 4 plies deeper.
const DEPTHS: [u32; 6] = [8, 10, 12, 14, 16, 18];
/// The candidates' values are searched at these depths after the move (root depths 10 to 18).
const CHILD_DEPTHS: std::ops::RangeInclusive<u32> = 9..=17;

type Key = (u64, u64);

/// One position's findings: the best move (as the canonical board it leads to) at each of
/// [`DEPTHS`], and its four best candidates' values at each of [`CHILD_DEPTHS`].
type Found = (Vec<Key>, Vec<(Key, Vec<i32>)>);

fn key(board: Board) -> Key {
    let c = board.canonical().0;
    (c.player, c.opponent)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let wanted: usize = args.first().and_then(|s| s.parse().ok()).unwrap_or(120);
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(7);
    let book = bundled().expect("the built-in book");
    let mut boards: Vec<Board> =
        book.boards().filter(|b| (19..=23).contains(&(60 - b.empty_count())) && b.legal_moves().count() >= 2).collect();
    let mut rng = Rng::new(seed);
    let n = wanted.min(boards.len());
    for i in 0..n {
        let j = i + rng.below(boards.len() - i);
        boards.swap(i, j);
    }
    boards.truncate(n);
    let weights = weights().expect("the built-in weights");
    let next = AtomicUsize::new(0);
    let found: Mutex<Vec<Found>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                let mut engine = book_engine(&weights);
                while let Some(&board) = boards.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let bests = DEPTHS
                        .iter()
                        .map(|&d| {
                            engine.clear();
                            key(board.play(search(&mut engine, board, d).1).expect("a legal best move"))
                        })
                        .collect();
                    let mut children: Vec<(i32, Board)> = Vec::new();
                    for sq in board.legal_moves() {
                        let child = board.play_unchecked(sq).canonical().0;
                        if children.iter().all(|c| c.1 != child) {
                            engine.clear();
                            children.push((-search(&mut engine, child, 3).0, child));
                        }
                    }
                    children.sort_by_key(|c| std::cmp::Reverse(c.0));
                    let candidates = children
                        .iter()
                        .take(4)
                        .map(|&(_, child)| {
                            let values = CHILD_DEPTHS
                                .map(|d| {
                                    engine.clear();
                                    -search(&mut engine, child, d).0
                                })
                                .collect();
                            (key(child), values)
                        })
                        .collect();
                    let mut all = found.lock().unwrap_or_else(|p| p.into_inner());
                    all.push((bests, candidates));
                    eprintln!("{}/{}", all.len(), boards.len());
                }
            });
        }
    });
    let found = found.into_inner().unwrap_or_else(|p| p.into_inner());
    let percent = |count: usize| 100.0 * count as f64 / found.len().max(1) as f64;
    println!("{} book positions, 19 to 23 moves played", found.len());
    for (i, d) in DEPTHS.iter().enumerate() {
        if let Some(j) = DEPTHS.iter().position(|&e| e == d + 4) {
            let same = found.iter().filter(|(bests, _)| bests[i] == bests[j]).count();
            println!("best move at depth {d} and at depth {}: the same in {:.1} %", d + 4, percent(same));
        }
    }
    // The candidate with the best value by `value`; `k` indexes CHILD_DEPTHS (root depth 10 + k).
    let best_by = |candidates: &[(Key, Vec<i32>)], value: &dyn Fn(&[i32]) -> i32| {
        candidates.iter().max_by_key(|(_, v)| value(v)).map(|c| c.0)
    };
    println!("among the four best moves by a depth-4 search:");
    for k in 1..=4usize {
        let d = 10 + k as u32;
        let plain = found.iter().filter(|(_, c)| best_by(c, &|v| v[k]) == best_by(c, &|v| v[k + 4])).count();
        let mean = found.iter().filter(|(_, c)| best_by(c, &|v| v[k] + v[k - 1]) == best_by(c, &|v| v[k + 4])).count();
        println!(
            "  depth {d} against depth {}: {:.1} %; the mean of depths {} and {d} against depth {}: {:.1} %",
            d + 4,
            percent(plain),
            d - 1,
            d + 4,
            percent(mean)
        );
    }
}
