//! Perft from the start against the published table (data/README.md).

use reversi::{othello::records::notation::parse_board, perft, Board};

#[test]
fn perft_matches_the_table_to_depth_9() {
    let expected = [1u64, 4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288];
    for (depth, &leaves) in expected.iter().enumerate() {
        assert_eq!(perft(Board::start(), depth as u32), leaves, "perft({depth})");
    }
}

#[test]
fn perft_counts_a_finished_game_as_one_leaf() {
    // Full board: the game is over at once, so every depth has exactly one leaf.
    let full = parse_board(&format!("{}{} X", "X".repeat(40), "O".repeat(24))).unwrap();
    for depth in 1..5 {
        assert_eq!(perft(full.board(), depth), 1);
    }
}

#[test]
fn perft_counts_a_pass_as_a_ply() {
    // Black (to move) has no move; white has exactly one (a1 flipping b1... via the row). The
    // centre squares, never empty in Othello, are white.
    // Row 1: - X O O O O O O ; black to move cannot play, white can play a1? No: white needs to
    // outflank black at b1 with a white disc beyond it, which c1 is. So: pass, then a1.
    let board = parse_board(&format!("-XOOOOOO{}OO{}OO{} X", "-".repeat(19), "-".repeat(6), "-".repeat(27))).unwrap();
    assert!(board.must_pass());
    assert_eq!(perft(board.board(), 1), 1); // the pass
    assert_eq!(perft(board.board(), 2), 1); // pass, a1
    assert_eq!(perft(board.board(), 3), 1); // pass, a1, then the game is over (one leaf)
}
