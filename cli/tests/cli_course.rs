//! `reversi best --depth D` prints the course's own minimax value (the classroom's lessons and the
//! command line agree).

#[path = "../../tests/common/mod.rs"]
mod common;

use reversi::course::game::Value;
use reversi::course::lesson::Lesson;
use reversi::othello::records::notation::format_board;

#[test]
fn othello_root_value_is_what_reversi_best_prints() {
    use reversi::othello::search::score::Score;
    let mut rng = reversi::rng::XorShift64Star::from_state(7);
    for (i, plies) in [0usize, 9, 20, 33, 48].into_iter().enumerate() {
        let pos = common::random_position(&mut rng, plies);
        let text = format_board(pos);
        for depth in [1u32, 3, 4] {
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_reversi"))
                .args(["best", &text, "--depth", &depth.to_string()])
                .output()
                .expect("the binary runs");
            let stdout = String::from_utf8(out.stdout).unwrap();
            let printed = stdout.lines().next().unwrap().split_whitespace().nth(1).unwrap().to_string();
            let Value::Scalar(v) = Lesson::othello(&text, depth, "alphabeta-negamax").unwrap().result().value else {
                unreachable!()
            };
            assert_eq!(Score::from_value(v).to_string(), printed, "position {i} depth {depth}: {text}");
        }
    }
}
