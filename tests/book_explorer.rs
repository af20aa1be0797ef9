//! The opening explorer (`othello::book::explorer`): the book's moves of a position with their
//! values, the book's line after each, and the named openings each reaches or leads to.

use crate::common;

use reversi::othello::book::explorer::explore;
use reversi::othello::book::file::bundled;
use reversi::othello::records::notation::replay;
use reversi::{Board, Position};

fn after(transcript: &str) -> Board {
    replay(Position::start(), transcript).unwrap().1.board()
}

#[test]
fn the_start_has_the_four_symmetric_first_moves() {
    let book = bundled().unwrap();
    let start = explore(&book, Board::start()).unwrap();
    let mut squares: Vec<String> = start.moves.iter().map(|m| m.mv.to_string()).collect();
    squares.sort();
    assert_eq!(squares, ["c4", "d3", "e6", "f5"]);
    assert!(start.moves.iter().all(|m| m.value == start.value && m.deep), "{:?}", start.moves);
    for m in &start.moves {
        assert_eq!(m.name, None, "no opening is named after one move");
        for name in ["Tiger", "Rose", "Cow"] {
            assert!(m.leads_to.contains(&name), "{} leads to {name}: {:?}", m.mv, m.leads_to);
        }
        assert!(!m.line.is_empty() && m.line.len() < book.plies() as usize, "{}: the book's line: {:?}", m.mv, m.line);
    }
}

#[test]
fn a_move_is_named_by_the_opening_it_reaches() {
    let book = bundled().unwrap();
    // f5 d6 c3 d3 c4 is Tiger; in a mirror (c4 e3 f6 e6 f5) too.
    for (before, mv) in [("f5d6c3d3", "c4"), ("c4e3f6e6", "f5")] {
        let explored = explore(&book, after(before)).unwrap();
        let tiger = explored.moves.iter().find(|m| m.mv.to_string() == mv).unwrap();
        assert_eq!(tiger.name, Some("Tiger"), "{before} {mv}");
        assert!(!tiger.leads_to.contains(&"Tiger"), "a name once: {:?}", tiger.leads_to);
    }
}

#[test]
fn the_book_line_is_made_of_book_moves_and_the_values_are_best_first() {
    let book = bundled().unwrap();
    let board = after("f5d6");
    let explored = explore(&book, board).unwrap();
    assert!(explored.moves.windows(2).all(|w| w[0].value >= w[1].value));
    for m in &explored.moves {
        let mut position = board;
        for &mv in std::iter::once(&m.mv).chain(&m.line) {
            let entry = book.entry(position).expect("each position of the line is in the book");
            assert!(entry.moves.iter().any(|b| b.mv == mv), "{mv} is a book move");
            position = position.play_unchecked(mv.square().unwrap());
        }
        assert!(book.entry(position).is_none_or(|e| e.moves.is_empty()), "the line goes as far as the book");
    }
    // The same position seen in a mirror: the same values.
    let mirrored = explore(&book, after("d3c5")).unwrap();
    assert_eq!(mirrored.value, explored.value);
    let values =
        |e: &reversi::othello::book::explorer::Exploration| e.moves.iter().map(|m| m.value).collect::<Vec<_>>();
    assert_eq!(values(&mirrored), values(&explored));
}

#[test]
fn beyond_the_book_there_is_nothing_to_explore() {
    let book = bundled().unwrap();
    // A position 40 moves into a game is far beyond the book.
    let mut rng = reversi::rng::XorShift64Star::new(3);
    let board = common::random_position(&mut rng, 40).board();
    assert!(board.empty_count() <= 20);
    assert_eq!(explore(&book, board), None);
}
