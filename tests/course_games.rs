//! The classroom's games: tic-tac-toe (seed 003) with both utilities and symmetry removal, and
//! Othello traced with the engine's evaluation, whose root value at depth D is the engine's
//! fixed-depth score (what `reversi best "<position>" --depth D` prints).

use crate::common;
use reversi::clock::monotonic_ms;
use reversi::course::algorithms::trace;
use reversi::course::game::{othello, Game, Othello, ShownOthello, Value};
use reversi::course::lesson::Lesson;
use reversi::course::minimax::minimax;
use reversi::course::tictactoe::{Board as TicTacToeBoard, TicTacToe, Utility};
use reversi::course::trace::{Algorithm, DEFAULT_LIMIT};
use reversi::othello::records::notation::format_board;
use reversi::othello::search::{Control, Engine, Limits};
use reversi::rng::XorShift64Star;
use reversi::Board;
use std::collections::HashSet;

const ALPHA_BETAS: [Algorithm; 3] = [Algorithm::AlphaBeta, Algorithm::AlphaBetaNegamax, Algorithm::AlphaBetaOrdered];

#[test]
fn tic_tac_toe_from_the_empty_board_at_full_depth_is_a_draw() {
    let game = TicTacToe { utility: Utility::Exact, symmetry: false };
    let reference = minimax(&game, &TicTacToeBoard::EMPTY, 9);
    assert_eq!(reference.value, 0);
    assert_eq!(reference.nodes, 549_946, "the full game tree of tic-tac-toe");
    for symmetry in [false, true] {
        for algorithm in ALPHA_BETAS {
            let l = Lesson::tic_tac_toe("", 0, symmetry, algorithm.name()).unwrap();
            assert_eq!(l.result().value, Value::Scalar(0), "{algorithm}, symmetry {symmetry}");
            assert_eq!(l.result().path.len(), 9, "a draw fills the board");
        }
    }
    // Minimax over the whole game is past the trace's bound: a clear error, not a frozen tab.
    let e = Lesson::tic_tac_toe("", 0, false, "minimax").unwrap_err();
    assert!(e.to_string().contains("too large to show step by step"), "{e}");
}

#[test]
fn with_open_lines_at_depth_2_the_centre_is_best_with_value_1() {
    for symmetry in [false, true] {
        for algorithm in Algorithm::TWO_PLAYER {
            let l = Lesson::tic_tac_toe("", 2, symmetry, algorithm.name()).unwrap();
            let r = l.result();
            assert_eq!(r.value, Value::Scalar(1), "{algorithm}");
            assert_eq!(r.path[0], "b2", "{algorithm}, symmetry {symmetry}");
            assert_eq!(r.text, "1 [b2, a1]", "{algorithm}: O's best reply is a corner");
        }
    }
    // The root's children at depth 2 (minimax, no symmetry): corner −1, edge −2, centre 1.
    let l = Lesson::tic_tac_toe("", 2, false, "minimax").unwrap();
    let t = l.trace();
    let value_of = |mv: &str| {
        let id = t.nodes[0].children.iter().copied().find(|&c| t.nodes[c].mv == mv).unwrap();
        t.events.iter().rev().find_map(|e| match e {
            reversi::course::trace::Event::Return { node, value, .. } if *node == id => Some(value.clone()),
            _ => None,
        })
    };
    assert_eq!(value_of("a1"), Some(Value::Scalar(-1)));
    assert_eq!(value_of("b1"), Some(Value::Scalar(-2)));
    assert_eq!(value_of("b2"), Some(Value::Scalar(1)));
    assert_eq!(t.nodes[0].board.as_deref(), Some("---------"));
}

#[test]
fn symmetry_removal_changes_node_counts_not_values_or_paths() {
    let cases: [(&str, u32); 6] = [("", 2), ("", 3), ("", 4), ("b2", 3), ("a1", 0), ("b2a1", 0)];
    for (moves, depth) in cases {
        for algorithm in Algorithm::TWO_PLAYER {
            if depth == 0 && matches!(algorithm, Algorithm::Minimax | Algorithm::Negamax) && moves.len() < 4 {
                continue; // past the trace bound without symmetry
            }
            let plain = Lesson::tic_tac_toe(moves, depth, false, algorithm.name()).unwrap();
            let reduced = Lesson::tic_tac_toe(moves, depth, true, algorithm.name()).unwrap();
            assert_eq!(plain.result().value, reduced.result().value, "{moves} depth {depth} {algorithm}");
            assert_eq!(plain.result().path, reduced.result().path, "{moves} depth {depth} {algorithm}");
            assert!(reduced.node_count() < plain.node_count(), "{moves} depth {depth} {algorithm}");
        }
    }
    // From the empty board, 9 first moves reduce to 3 (corner, edge, centre).
    let l = Lesson::tic_tac_toe("", 1, true, "minimax").unwrap();
    let firsts: Vec<&str> = l.trace().nodes[0].children.iter().map(|&c| l.trace().nodes[c].mv.as_str()).collect();
    assert_eq!(firsts, ["a1", "b1", "b2"]);
    assert_eq!(Lesson::tic_tac_toe("", 2, false, "minimax").unwrap().node_count(), 1 + 9 + 72);
    assert_eq!(Lesson::tic_tac_toe("", 2, true, "minimax").unwrap().node_count(), 1 + 3 + 12);
}

#[test]
fn tic_tac_toe_positions_and_errors() {
    // X has b2, a1; O has c3: X to move is MAX and wins with ... nothing yet; check who is MAX.
    let l = Lesson::tic_tac_toe("a1b2a2", 0, false, "minimax").unwrap();
    assert_eq!(l.trace().nodes[0].board.as_deref(), Some("X--XO----"));
    // O (MAX, to move) must block a3; X then cannot win: a draw or better for O is forced.
    assert_eq!(l.result().path[0], "a3");
    // A won position is a leaf worth −1 to the side to move (MAX).
    let won = Lesson::tic_tac_toe("a1b1a2b2a3", 0, false, "minimax").unwrap();
    assert_eq!(won.result().text, "-1 []");
    let e = |moves: &str, depth: u32| Lesson::tic_tac_toe(moves, depth, false, "minimax").unwrap_err().to_string();
    assert_eq!(e("b2d4", 1), "tic-tac-toe moves: 'd4' at character 3 is not a square (a1 to c3)");
    assert_eq!(e("b2b2", 1), "tic-tac-toe moves: b2 (character 3) is already taken");
    assert!(e("a1b1a2b2a3c3", 1).contains("already over before c3"));
    assert!(e("", 10).contains("at most 9"));
    assert!(Lesson::tic_tac_toe("", 2, false, "maxn").is_err());
}

/// The engine's fixed-depth score as `reversi best … --depth D` computes it.
fn engine_value(board: Board, depth: u32) -> i32 {
    let limits = Limits { exact_from_empties: Some(0), ..Limits::depth(depth) };
    let mut engine = Engine::new(1);
    engine.search(board, &limits, &mut Control::new(&monotonic_ms)).score.to_value()
}

#[test]
fn othello_trace_root_value_equals_the_engines_fixed_depth_score() {
    let mut rng = XorShift64Star::from_state(2024);
    let mut positions = vec![reversi::Position::start()];
    positions.extend((0..24).map(|i| common::random_position(&mut rng, 4 + i * 2)));
    let mut checked = 0;
    for (i, pos) in positions.into_iter().enumerate() {
        if pos.is_game_over() {
            continue;
        }
        let text = format_board(pos);
        for depth in 1..=4 {
            let expected = engine_value(pos.board(), depth);
            for algorithm in Algorithm::TWO_PLAYER {
                let l = Lesson::othello(&text, depth, algorithm.name()).unwrap();
                assert_eq!(l.result().value, Value::Scalar(expected), "position {i} depth {depth} {algorithm}: {text}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 400, "{checked}");
    // A transcript works the same way as a board.
    let l = Lesson::othello("f5d6c3", 3, "alphabeta").unwrap();
    let pos = reversi::othello::records::record::read_record("f5d6c3").unwrap().end();
    assert_eq!(l.result().value, Value::Scalar(engine_value(pos.board(), 3)));
}

#[test]
fn othello_lessons_draw_positions_and_explain_leaves() {
    let l = Lesson::othello("", 2, "alphabeta").unwrap();
    let t = l.trace();
    let start = format_board(reversi::Position::start());
    assert_eq!(t.nodes[0].board.as_deref(), Some(&start[..64]));
    let moves: Vec<&str> = t.nodes[0].children.iter().map(|&c| t.nodes[c].mv.as_str()).collect();
    assert_eq!(moves, ["d3", "c4", "f5", "e6"]);
    let leaf = t.leaves()[0];
    let board = l.leaf_board(leaf).unwrap();
    assert!(board.ends_with(" X"), "two plies down, black is to move again: {board}");
    let breakdown = reversi::othello::eval::course::breakdown(
        reversi::othello::records::notation::parse_board(&board).unwrap().board(),
    );
    assert_eq!(
        Value::Scalar(breakdown.total),
        t.nodes[leaf].static_value.clone().unwrap(),
        "MAX (black) to move at the leaf"
    );
    assert!(l.leaf_board(0).unwrap_err().to_string().contains("not an evaluated leaf"));
    assert!(Lesson::example("lecture", "minimax").unwrap().leaf_board(3).is_err());
    assert!(Lesson::othello("", 5, "minimax").unwrap_err().to_string().contains("1 to 4"));
    assert!(Lesson::othello("", 0, "minimax").is_err());
    assert!(Lesson::othello("f5z9", 2, "minimax").unwrap_err().to_string().contains("z9"));
    assert!(Lesson::othello("", 2, "maxn").is_err());
    // A board with an empty centre square is no Othello position (the classroom's
    // example=othello&board=… reads it here).
    let empty_e5 = format!("{}OX------X-{} X", "-".repeat(27), "-".repeat(27));
    let e = Lesson::othello(&empty_e5, 2, "minimax").unwrap_err().to_string();
    assert!(e.contains("the centre square e5 is empty; in Othello the four centre squares are never empty"), "{e}");
}

#[test]
fn othello_alpha_beta_leaves_are_a_subset_of_minimax_leaves_and_ordering_helps_overall() {
    let game = ShownOthello { game: othello(), max: reversi::Color::Black };
    let mut rng = XorShift64Star::from_state(99);
    let (mut plain, mut ordered) = (0, 0);
    for i in 0..40 {
        let pos = common::random_position(&mut rng, 6 + i);
        let leaf_lines = |algorithm| {
            let t = trace(&game, &pos.board(), 3, algorithm, DEFAULT_LIMIT).unwrap();
            // A leaf is named by its line of moves from the root.
            t.leaves()
                .into_iter()
                .map(|mut id| {
                    let mut line = Vec::new();
                    while let Some(parent) = t.nodes[id].parent {
                        line.push(t.nodes[id].mv.clone());
                        id = parent;
                    }
                    line
                })
                .collect::<Vec<_>>()
        };
        let all: HashSet<Vec<String>> = leaf_lines(Algorithm::Minimax).into_iter().collect();
        for algorithm in ALPHA_BETAS {
            let leaves = leaf_lines(algorithm);
            assert!(leaves.iter().all(|l| all.contains(l)), "position {i} {algorithm}");
        }
        assert_eq!(leaf_lines(Algorithm::AlphaBeta), leaf_lines(Algorithm::AlphaBetaNegamax), "position {i}");
        plain += leaf_lines(Algorithm::AlphaBeta).len();
        ordered += leaf_lines(Algorithm::AlphaBetaOrdered).len();
    }
    // Ordering by the static evaluation is a heuristic: it can evaluate more leaves in one
    // position (the start at depth 3 is such a case) but fewer over many.
    assert!(ordered < plain, "ordered {ordered} vs plain {plain}");
}

#[test]
fn the_traced_othello_game_is_the_course_othello_game() {
    let shown = ShownOthello {
        game: Othello::new(reversi::othello::eval::course::evaluate as fn(Board) -> i32),
        max: reversi::Color::White,
    };
    let plain = othello();
    let mut rng = XorShift64Star::from_state(5);
    for _ in 0..50 {
        let b = common::random_position(&mut rng, 20).board();
        assert_eq!(shown.evaluate(&b), plain.evaluate(&b));
        assert_eq!(minimax(&shown, &b, 2), minimax(&plain, &b, 2));
    }
}
