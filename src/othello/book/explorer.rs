//! The opening explorer of the analysis board: at a position of the book, each book move with its
//! value, how far the book follows the line after it, and the named openings it reaches or leads
//! to (up to the board's 8 symmetries, so a set-up position in the book is explored as well).
//!
//! ```
//! use reversi::othello::book::{explorer::explore, file::bundled};
//! use reversi::Board;
//! let book = bundled().unwrap();
//! let start = explore(&book, Board::start()).unwrap();
//! assert_eq!(start.moves.len(), 4);
//! assert!(start.moves.iter().all(|m| m.leads_to.contains(&"Tiger")));
//! ```

use super::names::{openings, Opening};
use super::Book;
use crate::othello::records::notation::replay;
use crate::othello::rules::board::{Board, Position};
use crate::othello::rules::square::Move;
use std::sync::OnceLock;

/// A book move as the explorer shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExploredMove {
    pub mv: Move,
    /// Its book value in whole discs for the side that plays it.
    pub value: i32,
    /// The tree after it reaches the book's depth (see [`super::BookMove::deep`]).
    pub deep: bool,
    /// The book's best line after it (each position's best book move, until the book ends).
    pub line: Vec<Move>,
    /// The named opening whose position the move reaches, if any.
    pub name: Option<&'static str>,
    /// The named openings further along that pass through the position it reaches, shortest
    /// first (a name once).
    pub leads_to: Vec<&'static str>,
}

/// What the explorer shows of a position of the book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exploration {
    /// The position's value in whole discs for the side to move.
    pub value: i32,
    /// The book's moves, best first.
    pub moves: Vec<ExploredMove>,
}

/// The position's book moves with their lines and names; `None` when the position is not in the
/// book.
pub fn explore(book: &Book, board: Board) -> Option<Exploration> {
    let entry = book.entry(board)?;
    let moves = entry
        .moves
        .iter()
        .map(|m| {
            let after = play(board, m.mv);
            let (name, leads_to) = names_at(after);
            ExploredMove { mv: m.mv, value: m.value, deep: m.deep, line: best_line(book, after), name, leads_to }
        })
        .collect();
    Some(Exploration { value: entry.value, moves })
}

fn play(board: Board, mv: Move) -> Board {
    match mv.square() {
        Some(sq) => board.play_unchecked(sq),
        None => board.passed(),
    }
}

/// The book's best move from each position in turn, from `board` until the book has none.
fn best_line(book: &Book, mut board: Board) -> Vec<Move> {
    let mut line = Vec::new();
    while line.len() < 60 {
        let Some(best) = book.entry(board).and_then(|e| e.moves.first().copied()) else { break };
        line.push(best.mv);
        board = play(board, best.mv);
    }
    line
}

/// Each named opening with the canonical images of its positions, the start's first.
fn paths() -> &'static [(&'static Opening, Vec<Board>)] {
    static PATHS: OnceLock<Vec<(&'static Opening, Vec<Board>)>> = OnceLock::new();
    PATHS.get_or_init(|| {
        openings()
            .iter()
            .filter_map(|o| {
                let (moves, _) = replay(Position::start(), o.moves).ok()?;
                let mut position = Position::start();
                let mut path = vec![position.board().canonical().0];
                for mv in moves {
                    position = position.play(mv).ok()?;
                    path.push(position.board().canonical().0);
                }
                Some((o, path))
            })
            .collect()
    })
}

/// The opening named at `board` and those further along through it (positions compared after
/// as many moves, counted by the discs: the named lines have no pass).
fn names_at(board: Board) -> (Option<&'static str>, Vec<&'static str>) {
    let ply = (board.player | board.opponent).count_ones().saturating_sub(4) as usize;
    let canonical = board.canonical().0;
    let mut name = None;
    let mut further: Vec<&'static Opening> = Vec::new();
    for (opening, path) in paths() {
        if path.get(ply) != Some(&canonical) {
            continue;
        }
        if opening.plies == ply {
            name = name.or(Some(opening.name));
        } else if !further.iter().any(|o| o.name == opening.name) {
            further.push(opening);
        }
    }
    super::sort_small(&mut further, |a, b| a.plies < b.plies);
    (name, further.into_iter().map(|o| o.name).collect())
}
