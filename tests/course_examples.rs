//! The course's worked examples through every traced algorithm: each gives exactly the notes'
//! answer and evaluates exactly the leaves the notes' algorithm evaluates.

use reversi::course::game::Value;
use reversi::course::lesson::{Lesson, LECTURE, MAXN, PRUNING};
use reversi::course::trace::{Algorithm, Event};

fn lesson(text: &str, algorithm: Algorithm) -> Lesson {
    Lesson::tree(text, algorithm.name()).unwrap_or_else(|e| panic!("{algorithm}: {e}"))
}

#[test]
fn lecture_tree_of_seed_001_gives_b_4_b_d_i_with_every_algorithm() {
    for algorithm in Algorithm::TWO_PLAYER {
        let l = lesson(LECTURE, algorithm);
        let r = l.result();
        assert_eq!(r.text, "4 [b, d, i]", "{algorithm}");
        assert_eq!(r.value, Value::Scalar(4));
        assert_eq!(r.path, ["b", "d", "i"]);
        let leaves = l.trace().leaf_labels();
        match algorithm {
            Algorithm::Minimax | Algorithm::Negamax => {
                assert_eq!(leaves, ["h", "i", "j", "l", "m", "n", "o", "p"], "{algorithm}")
            }
            // e is cut after j (5 ≥ β = 4), c after f (2 ≤ α = 4): l, g, o and p are never seen.
            _ => assert_eq!(leaves, ["h", "i", "j", "m", "n"], "{algorithm}"),
        }
    }
}

#[test]
fn pruning_example_of_seed_004_gives_18_and_never_evaluates_a_or_b() {
    for algorithm in Algorithm::TWO_PLAYER {
        let l = lesson(PRUNING, algorithm);
        let r = l.result();
        assert_eq!(r.value, Value::Scalar(18), "{algorithm}: 18 in MAX's view, the root being MIN");
        assert_eq!(r.path, ["x", "n4"], "{algorithm}: x, then its leaf 18 (generated label n4)");
        let leaves = l.trace().leaf_labels();
        let t = l.trace();
        if matches!(algorithm, Algorithm::Minimax | Algorithm::Negamax) {
            assert_eq!(leaves, ["n2", "n3", "n4", "n5", "A", "B"]);
        } else {
            assert_eq!(leaves, ["n2", "n3", "n4", "n5"], "{algorithm}: A and B are never evaluated");
            let cut = t.events.iter().find_map(|e| match e {
                Event::Cutoff { node, skipped, reason, .. } => Some((*node, skipped.clone(), reason.clone())),
                _ => None,
            });
            let (node, skipped, reason) = cut.expect("one cut-off");
            assert_eq!(t.nodes[node].label, "y");
            let names: Vec<&str> = skipped.iter().map(|&id| t.nodes[id].label.as_str()).collect();
            assert_eq!(names, ["A", "B"]);
            // "… A and B are skipped": the reason names them, and its numbers.
            assert_eq!((reason.skipped.as_slice(), reason.count), (["A", "B"].map(String::from).as_slice(), 2));
            let numbers: Vec<&str> = reason.args.iter().map(|(_, n)| n.as_str()).collect();
            assert!(numbers.contains(&"25") && numbers.contains(&"18"), "{reason:?}");
        }
    }
}

#[test]
fn maxn_example_of_seed_003_gives_1_2_6() {
    let l = lesson(MAXN, Algorithm::MaxN);
    let r = l.result();
    assert_eq!(r.value, Value::Vector(vec![1, 2, 6]));
    assert!(r.text.starts_with("(1, 2, 6) ["), "{}", r.text);
    assert_eq!(l.players(), 3);
    assert_eq!(l.trace().leaves().len(), 8);
    // Intermediate values of the slide: (1,2,6) (6,1,2) (1,5,2) (5,4,5), then (1,2,6) (1,5,2).
    let t = l.trace();
    let returned = |label: &str| {
        let id = t.nodes.iter().position(|n| n.label == label).unwrap();
        t.events
            .iter()
            .find_map(|e| match e {
                Event::Return { node, value, .. } if *node == id => Some(value.to_string()),
                _ => None,
            })
            .unwrap()
    };
    let root_children = &t.nodes[0].children;
    let first = &t.nodes[root_children[0]].label;
    let second = &t.nodes[root_children[1]].label;
    assert_eq!(returned(first), "(1, 2, 6)");
    assert_eq!(returned(second), "(1, 5, 2)", "the tie on player 1's component goes to the first child");
}

#[test]
fn cut_off_reasons_use_the_course_terms() {
    let reason = |algorithm: Algorithm| {
        let l = lesson(PRUNING, algorithm);
        l.trace()
            .events
            .iter()
            .find_map(|e| match e {
                Event::Cutoff { reason, .. } => Some(reason.clone()),
                _ => None,
            })
            .unwrap()
    };
    // The reasons are keys of the catalogues with their arguments (www/i18n/classroom/<tag>.js
    // words them; tests/e2e/course-words.test.js checks the words): "v ≥ β (25 ≥ 18): MIN
    // already has 18 above, MAX can only raise 25 here; A and B are skipped".
    let ab = reason(Algorithm::AlphaBeta);
    assert_eq!((ab.key, ab.arg("v"), ab.arg("beta")), ("max-cut", Some("25"), Some("18")));
    assert_eq!((ab.skipped.join(" "), ab.count), ("A B".to_string(), 2));
    // "Pass-Thresh ≥ Use-Thresh (25 ≥ 18): MIN already has a move above worth 18 to MAX, MAX can
    // only raise 25 here; A and B are skipped"
    let nega = reason(Algorithm::AlphaBetaNegamax);
    assert_eq!((nega.key, nega.arg("pass"), nega.arg("use")), ("limits-cut", Some("25"), Some("18")));
    assert_eq!((nega.arg("me"), nega.arg("them")), (Some("MAX"), Some("MIN")));
    // A MIN node's cut in the lecture tree: c after f returned 2, MAX already has 4 at a.
    let l = lesson(LECTURE, Algorithm::AlphaBeta);
    // "v ≥ β (5 ≥ 4): MIN already has 4 above, MAX can only raise 5 here; l is skipped", then
    // "v ≤ α (2 ≤ 4): MAX already has 4 above, MIN can only lower 2 here; g is skipped".
    let reasons: Vec<(&str, &str, &str, String, usize)> = l
        .trace()
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Cutoff { reason, .. } => Some((
                reason.key,
                reason.arg("v").unwrap(),
                reason.arg(if reason.key == "max-cut" { "beta" } else { "alpha" }).unwrap(),
                reason.skipped.join(" "),
                reason.count,
            )),
            _ => None,
        })
        .collect();
    assert_eq!(reasons, [("max-cut", "5", "4", "l".to_string(), 1), ("min-cut", "2", "4", "g".to_string(), 1)]);
}
