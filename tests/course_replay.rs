//! Replaying a trace: the state at step k agrees with applying the first k events one by one,
//! stepping forward then backward gives identical states, and a trace past its bound is an error.

use reversi::course::algorithms::trace;
use reversi::course::game::Value;
use reversi::course::lesson::{Lesson, LECTURE, PRUNING};
use reversi::course::lesson::{Source, Spec};
use reversi::course::replay::{NodeState, Status};
use reversi::course::trace::{Algorithm, Event, Options, TraceError, ValueKind};
use reversi::course::tree::{ScalarTree, Tree};
use std::collections::BTreeMap;

/// The reference: the first `k` events applied from scratch to a map of node states.
fn naive_state(lesson: &Lesson, k: usize) -> (BTreeMap<usize, NodeState>, usize, usize) {
    let mut nodes: BTreeMap<usize, NodeState> = BTreeMap::new();
    let (mut leaves, mut entered) = (0, 0);
    let change = |nodes: &mut BTreeMap<usize, NodeState>, id: usize, f: &dyn Fn(&mut NodeState)| {
        f(nodes.entry(id).or_insert_with(|| NodeState::BLANK.clone()));
    };
    for event in &lesson.trace().events[..k] {
        match event {
            Event::Enter { node, window, search } => {
                entered += 1;
                change(&mut nodes, *node, &|s| {
                    *s = NodeState { window: *window, search: *search, ..NodeState::BLANK.clone() };
                });
            }
            Event::Leaf { node, value } => {
                leaves += 1;
                change(&mut nodes, *node, &|s| {
                    s.status = Status::Leaf;
                    s.value = Some(value.clone());
                    s.bound = Some(ValueKind::Exact);
                });
            }
            Event::Update { node, value, best, window, bound } => change(&mut nodes, *node, &|s| {
                s.value = Some(value.clone());
                s.best = Some(*best);
                s.window = *window;
                s.bound = *bound;
            }),
            Event::Cutoff { node, value, skipped, window, bound, .. } => {
                change(&mut nodes, *node, &|s| {
                    s.value = Some(value.clone());
                    s.window = *window;
                    s.bound = Some(*bound);
                });
                for &c in skipped {
                    change(&mut nodes, c, &|s| s.status = Status::Pruned);
                }
            }
            Event::Return { node, value, bound, .. } => change(&mut nodes, *node, &|s| {
                if s.status != Status::Leaf {
                    s.status = Status::Done;
                }
                s.value = Some(value.clone());
                s.bound = Some(*bound);
            }),
            Event::TableHit { node, value, bound, .. } => change(&mut nodes, *node, &|s| {
                s.table = true;
                s.value = Some(value.clone());
                s.bound = Some(*bound);
            }),
            Event::Order { .. } | Event::Iteration { .. } | Event::Scout { .. } => {}
        }
    }
    (nodes, leaves, entered)
}

fn lessons() -> Vec<Lesson> {
    let mut all = Vec::new();
    for algorithm in Algorithm::TWO_PLAYER {
        all.push(Lesson::tree(LECTURE, algorithm.name()).unwrap());
        all.push(Lesson::tree(PRUNING, algorithm.name()).unwrap());
        all.push(Lesson::tic_tac_toe("b2", 3, true, algorithm.name()).unwrap());
        all.push(Lesson::othello("f5d6", 3, algorithm.name()).unwrap());
    }
    all.push(Lesson::example("maxn", "maxn").unwrap());
    // Iterative deepening, the table and both, on both games.
    for (iterative, table) in [(true, false), (false, true), (true, true)] {
        let options = Options { iterative, table };
        for algorithm in ["alphabeta-ordered", "pvs", "alphabeta-negamax", "minimax"] {
            let source = Source::TicTacToe { moves: "b2".into(), depth: 3, symmetry: false };
            all.push(Lesson::build(&Spec::new(source, algorithm, options).unwrap()).unwrap());
            let source = Source::Othello { position: "f5d6".into(), depth: 3 };
            all.push(Lesson::build(&Spec::new(source, algorithm, options).unwrap()).unwrap());
        }
    }
    all
}

#[test]
fn the_state_at_every_step_is_the_first_k_events_applied() {
    for lesson in lessons() {
        for k in 0..=lesson.event_count() {
            let state = lesson.state(k).unwrap();
            let (nodes, leaves, entered) = naive_state(&lesson, k);
            let listed: BTreeMap<usize, NodeState> = state.nodes.iter().cloned().collect();
            assert_eq!(listed, nodes, "{} step {k}", lesson.algorithm());
            assert_eq!((state.leaves, state.nodes_visited, state.step), (leaves, entered, k));
        }
        assert!(lesson.state(lesson.event_count() + 1).is_err());
    }
}

#[test]
fn stepping_forward_then_backward_gives_identical_states() {
    for lesson in lessons() {
        let forward: Vec<_> = (0..=lesson.event_count()).map(|k| lesson.state(k).unwrap()).collect();
        let backward: Vec<_> = (0..=lesson.event_count()).rev().map(|k| lesson.state(k).unwrap()).collect();
        assert!(forward.iter().eq(backward.iter().rev()));
        // Jumps in any order give the same states too.
        let n = lesson.event_count();
        for k in [n, 0, n / 2, 1, n, n / 3] {
            assert_eq!(lesson.state(k).unwrap(), forward[k]);
        }
    }
}

#[test]
fn replay_of_the_pruning_example_shows_the_cut() {
    let l = Lesson::example("pruning", "alphabeta").unwrap();
    let t = l.trace();
    assert_eq!(l.state(0).unwrap().nodes, []);
    assert_eq!(l.state(0).unwrap().current, None);
    let first = l.state(1).unwrap();
    assert_eq!(first.current, Some(0));
    assert_eq!(first.nodes_visited, 1);
    let cut = t.events.iter().position(|e| matches!(e, Event::Cutoff { .. })).unwrap();
    let id = |label: &str| t.nodes.iter().position(|n| n.label == label).unwrap();
    let before = l.state(cut).unwrap();
    assert!(before.nodes.iter().all(|(n, _)| *n != id("A")), "A untouched before the cut");
    let after = l.state(cut + 1).unwrap();
    let status =
        |s: &reversi::course::replay::State, n: usize| s.nodes.iter().find(|(i, _)| *i == n).map(|(_, st)| st.status);
    assert_eq!(status(&after, id("A")), Some(Status::Pruned));
    assert_eq!(status(&after, id("B")), Some(Status::Pruned));
    let end = l.state(l.event_count()).unwrap();
    assert_eq!(end.current, None, "the root has returned");
    let root = &end.nodes[0].1;
    assert_eq!((root.status, root.value.clone()), (Status::Done, Some(Value::Scalar(18))));
    assert_eq!(root.best, Some(id("x")));
    assert_eq!(end.leaves, l.result().leaves);
    assert_eq!(end.leaves, 4);
    assert_eq!(end.nodes_visited, l.result().nodes);
}

#[test]
fn a_trace_past_its_bound_is_an_error() {
    let tree = Tree::parse(LECTURE).unwrap();
    let full = trace(&ScalarTree(&tree), &0, u32::MAX, Algorithm::Minimax, 1_000).unwrap();
    let needed = full.events.len();
    assert_eq!(trace(&ScalarTree(&tree), &0, u32::MAX, Algorithm::Minimax, needed).unwrap(), full);
    let e = trace(&ScalarTree(&tree), &0, u32::MAX, Algorithm::Minimax, needed - 1).unwrap_err();
    assert_eq!(e, TraceError::TooLarge { limit: needed - 1 });
    assert!(e.to_string().contains("too large to show step by step"));
    let e = Lesson::tree_limited(LECTURE, "alphabeta", 10).unwrap_err();
    assert!(e.to_string().contains("more than 10 steps"), "{e}");
}

#[test]
fn lessons_check_their_arguments() {
    let err = |r: Result<Lesson, reversi::course::lesson::LessonError>| r.unwrap_err().to_string();
    assert!(err(Lesson::tree(LECTURE, "bogus")).contains("unknown algorithm 'bogus'"));
    assert!(err(Lesson::example("nope", "minimax")).contains("unknown example 'nope'"));
    assert!(err(Lesson::tree(LECTURE, "maxn")).contains("leaves are numbers"));
    assert!(err(Lesson::example("maxn", "alphabeta")).contains("use maxn"));
    assert_eq!(
        err(Lesson::tree("max a(b:1", "minimax")),
        "line 1, column 10: expected ')' to close the '(' of line 1, column 6, found the end of the text"
    );
    let l = Lesson::example("lecture", "minimax").unwrap();
    assert!(l.node(l.node_count()).is_err());
    assert!(l.event(l.event_count()).is_err());
    assert_eq!(l.tree_text(), LECTURE);
    let edited = l.set_leaf("i", "0").unwrap();
    assert_eq!(edited.result().text, "1 [b, d, h]", "d = max(1, 0), and b ties c at 1: the first wins");
    assert!(edited.tree_text().contains("i:0"));
    assert!(l.set_leaf("b", "3").is_err());
    assert!(Lesson::othello("", 1, "minimax").unwrap().set_leaf("d3", "1").is_err());
    assert_eq!(Lesson::othello("", 1, "minimax").unwrap().tree_text(), "");
}

#[test]
fn changes_between_two_steps_turn_one_state_into_the_other() {
    let mut rng = reversi::rng::XorShift64::from_state(12345);
    let mut next = |n: usize| (rng.next_u64() % n as u64) as usize;
    for lesson in lessons() {
        let n = lesson.event_count();
        let mut pairs: Vec<(usize, usize)> = (0..n).map(|k| (k, k + 1)).chain((0..n).map(|k| (k + 1, k))).collect();
        pairs.extend((0..40).map(|_| (next(n + 1), next(n + 1))));
        pairs.push((0, n));
        pairs.push((n, 0));
        for (a, b) in pairs {
            let mut nodes: BTreeMap<usize, NodeState> = lesson.state(a).unwrap().nodes.into_iter().collect();
            let c = lesson.changes(a, b).unwrap();
            for (id, s) in &c.nodes {
                match s {
                    Some(s) => nodes.insert(*id, s.clone()),
                    None => nodes.remove(id),
                };
            }
            let want = lesson.state(b).unwrap();
            assert_eq!(nodes, want.nodes.iter().cloned().collect::<BTreeMap<_, _>>(), "{a} → {b}");
            assert_eq!(
                (c.step, c.current, c.leaves, c.nodes_visited, c.iteration),
                (want.step, want.current, want.leaves, want.nodes_visited, want.iteration)
            );
        }
        assert!(lesson.changes(0, n + 1).is_err());
    }
}
