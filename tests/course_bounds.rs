//! Bounds, not values, for cut nodes: every number a traced search gives a node (update, cut-off,
//! return, table hit, and the replay's final state) says whether it is the node's value or a
//! bound of it, and says it truly — a number called exact is the node's minimax value, a lower
//! bound is at most it, an upper bound at least it — in every algorithm's own view (MAX's for
//! the MAX/MIN forms, the side to move's for the negamax forms), on the notes' examples, on
//! thousands of random trees, and on tic-tac-toe and Othello positions with every option.

use crate::common;
use reversi::course::algorithms::trace_with;
use reversi::course::game::{Othello, ShownOthello, Side, Traceable, Value};
use reversi::course::lesson::{Lesson, Source, Spec, PRUNING};
use reversi::course::minimax::minimax;
use reversi::course::replay::Status;
use reversi::course::tictactoe::{Board as TicTacToeBoard, TicTacToe, Utility};
use reversi::course::trace::{Algorithm, Event, Options, Player, Trace, ValueKind, DEFAULT_LIMIT};
use reversi::course::tree::{ScalarTree, Tree};
use reversi::rng::XorShift64Star;
use reversi::Board;

const PRUNING_ALGORITHMS: [Algorithm; 4] =
    [Algorithm::AlphaBeta, Algorithm::AlphaBetaNegamax, Algorithm::AlphaBetaOrdered, Algorithm::Pvs];

fn final_of(lesson: &Lesson, label: &str) -> (Status, Value, Option<ValueKind>) {
    let t = lesson.trace();
    let id = t.nodes.iter().position(|n| n.label == label || n.mv == label).unwrap();
    let end = lesson.state(lesson.event_count()).unwrap();
    let (_, s) = end.nodes.iter().find(|(i, _)| *i == id).unwrap().clone();
    (s.status, s.value.unwrap(), s.bound)
}

#[test]
fn seed_004s_y_is_at_least_25_a_lower_bound_in_every_pruning_algorithm() {
    for algorithm in PRUNING_ALGORITHMS {
        let l = Lesson::tree(PRUNING, algorithm.name()).unwrap();
        // y is MAX, so its own view and MAX's agree: ≥ 25 in both forms.
        assert_eq!(final_of(&l, "y"), (Status::Done, Value::Scalar(25), Some(ValueKind::Lower)), "{algorithm}");
        let cut = l.trace().events.iter().find_map(|e| match e {
            Event::Cutoff { bound, value, .. } => Some((*bound, value.clone())),
            _ => None,
        });
        if algorithm != Algorithm::Pvs {
            assert_eq!(cut, Some((ValueKind::Lower, Value::Scalar(25))), "{algorithm}");
        }
        // x, fully searched, has its value; the root too.
        let x = final_of(&l, "x");
        assert_eq!(x.2, Some(ValueKind::Exact), "{algorithm}");
        assert_eq!(l.result().bound, ValueKind::Exact);
        assert_eq!(ValueKind::Lower.show(25), "≥ 25");
    }
    for algorithm in [Algorithm::Minimax, Algorithm::Negamax] {
        let l = Lesson::tree(PRUNING, algorithm.name()).unwrap();
        assert_eq!(final_of(&l, "y").2, Some(ValueKind::Exact), "{algorithm}: nothing is cut");
    }
}

#[test]
fn the_othello_start_at_depth_2_shows_c4_at_most_minus_23_and_f5_e6_exactly_minus_23() {
    // Black (MAX) to move; d3 is searched first and gives −23 for MAX. c4's first reply
    // reaches −23: its other two replies are cut, and c4 is ≤ −23 in MAX's view. f5 and e6
    // reach −23 only with their last reply: nothing is skipped, their value is −23 exactly.
    let l = Lesson::othello("", 2, "alphabeta").unwrap();
    assert_eq!(final_of(&l, "c4"), (Status::Done, Value::Scalar(-23), Some(ValueKind::Upper)));
    for mv in ["d3", "f5", "e6"] {
        assert_eq!(final_of(&l, mv), (Status::Done, Value::Scalar(-23), Some(ValueKind::Exact)), "{mv}");
    }
    assert_eq!(ValueKind::Upper.show(-23), "≤ −23");
    // In MINIMAX-A-B the same node is in the view of MIN, who moves there: ≥ 23.
    let l = Lesson::othello("", 2, "alphabeta-negamax").unwrap();
    assert_eq!(final_of(&l, "c4"), (Status::Done, Value::Scalar(23), Some(ValueKind::Lower)));
    assert_eq!(final_of(&l, "f5"), (Status::Done, Value::Scalar(23), Some(ValueKind::Exact)));
}

/// Whether a claim "v (of `kind`) in the algorithm's view" about a node where `side` moves holds
/// for its true value `truth` (MAX's view).
fn holds(truth: i32, v: i32, kind: ValueKind, side: Side, negamax: bool) -> bool {
    let (v, kind) = if negamax && side == Side::Min { (-v, kind.negated()) } else { (v, kind) };
    match kind {
        ValueKind::Exact => truth == v,
        ValueKind::Lower => truth >= v,
        ValueKind::Upper => truth <= v,
    }
}

/// Checks every number of the trace against `truth(node)` (MAX's view); returns how many
/// returns of each kind there were.
fn check_trace(t: &Trace, truth: &mut dyn FnMut(usize) -> i32, what: &str) -> [usize; 3] {
    let negamax = t.algorithm.is_negamax();
    let side = |id: usize| match t.nodes[id].player {
        Player::Side(s) => s,
        Player::Number(_) => unreachable!(),
    };
    let mut seen = [0; 3];
    let mut claim = |id: usize, value: &Value, kind: ValueKind, event: &str| {
        let Value::Scalar(v) = value else { unreachable!() };
        let truth = truth(id);
        assert!(
            holds(truth, *v, kind, side(id), negamax),
            "{what}: {event} of {} says {v} {kind:?} ({}), true value {truth} for MAX",
            t.nodes[id].label,
            t.algorithm
        );
    };
    for e in &t.events {
        if let Event::Return { bound, .. } = e {
            seen[*bound as usize] += 1;
        }
        match e {
            Event::Update { node, value, bound: Some(kind), .. } => claim(*node, value, *kind, "update"),
            Event::Cutoff { node, value, bound, .. } => claim(*node, value, *bound, "cutoff"),
            Event::Return { node, value, bound, .. } => claim(*node, value, *bound, "return"),
            Event::TableHit { node, value, bound, .. } => claim(*node, value, *bound, "table hit"),
            Event::Leaf { node, value } => claim(*node, value, ValueKind::Exact, "leaf"),
            _ => {}
        }
    }
    seen
}

/// A random tree as text: inner nodes with 1 to 4 children, leaves more likely deeper down,
/// values in −5..=5 so that ties are common.
fn random_tree_text(rng: &mut XorShift64Star) -> String {
    fn node(rng: &mut XorShift64Star, depth: u32, max_depth: u32, out: &mut String) {
        let leaf = depth == max_depth || (depth > 0 && rng.below(max_depth as usize + 1) < depth as usize / 2);
        if leaf {
            out.push_str(&(rng.below(11) as i32 - 5).to_string());
        } else {
            out.push('(');
            for i in 0..1 + rng.below(4) {
                if i > 0 {
                    out.push(' ');
                }
                node(rng, depth + 1, max_depth, out);
            }
            out.push(')');
        }
    }
    let mut out = String::from(if rng.below(2) == 0 { "max " } else { "min " });
    let max_depth = 1 + rng.below(6) as u32;
    node(rng, 0, max_depth, &mut out);
    out
}

/// Every tree node's minimax value in MAX's view.
fn tree_values(tree: &Tree) -> Vec<i32> {
    let mut values = vec![0; tree.nodes.len()];
    for id in (0..tree.nodes.len()).rev() {
        let n = &tree.nodes[id];
        values[id] = match &n.value {
            Some(Value::Scalar(v)) => *v,
            _ => {
                let vs = n.children.iter().map(|&c| values[c]);
                match tree.side_at(id) {
                    Side::Max => vs.max().unwrap(),
                    Side::Min => vs.min().unwrap(),
                }
            }
        };
    }
    values
}

#[test]
fn on_random_trees_exact_numbers_are_values_and_bounds_hold() {
    let mut rng = XorShift64Star::from_state(0xb0_0d5);
    let mut seen = [0; 3];
    for i in 0..3000 {
        let text = random_tree_text(&mut rng);
        let tree = Tree::parse(&text).unwrap();
        let values = tree_values(&tree);
        for algorithm in Algorithm::TWO_PLAYER {
            let t = trace_with(&ScalarTree(&tree), &0, u32::MAX, algorithm, Options::default(), DEFAULT_LIMIT).unwrap();
            let mut truth = |id: usize| values[tree.find(&t.nodes[id].label).unwrap()];
            let s = check_trace(&t, &mut truth, &format!("tree {i}: {text}"));
            for k in 0..3 {
                seen[k] += s[k];
            }
            if !algorithm.prunes() {
                assert_eq!(s[1] + s[2], 0, "{algorithm} never returns a bound");
            }
        }
    }
    assert!(seen[1] > 10_000 && seen[2] > 10_000, "lower and upper bounds are common: {seen:?}");
}

/// The position of trace node `id`: its moves played from the root.
fn position_of<G: Traceable>(game: &G, root: &G::Position, t: &Trace, id: usize) -> G::Position {
    let mut line = Vec::new();
    let mut at = id;
    while let Some(parent) = t.nodes[at].parent {
        line.push(at);
        at = parent;
    }
    let mut pos = root.clone();
    for &n in line.iter().rev() {
        let mv = game.moves(&pos).find(|&m| game.move_name(&pos, m) == t.nodes[n].mv).expect("a move of the position");
        pos = game.play(&pos, mv);
    }
    pos
}

/// The claims of every algorithm and option on a game position hold (`reference_depth(d)`: the
/// reference minimax's depth for a node `d` plies from the end of the search).
fn check_game<G: Traceable>(
    game: &G,
    root: &G::Position,
    depth: u32,
    exact_to_the_end: bool,
    what: &str,
) -> [usize; 3] {
    let mut seen = [0; 3];
    for algorithm in Algorithm::TWO_PLAYER {
        for (iterative, table) in [(false, false), (false, true), (true, false), (true, true)] {
            if iterative && exact_to_the_end {
                continue;
            }
            let options = Options { iterative, table };
            let t = trace_with(game, root, depth, algorithm, options, DEFAULT_LIMIT).unwrap();
            let root_side = game.root_side(root);
            let mut cache = std::collections::HashMap::new();
            let mut truth = |id: usize| {
                *cache.entry(id).or_insert_with(|| {
                    let n = &t.nodes[id];
                    let limit = if n.iteration > 0 { n.iteration } else { depth };
                    let remaining = if exact_to_the_end { 9 } else { limit - n.depth };
                    let pos = position_of(game, root, &t, id);
                    let side = if n.depth % 2 == 0 { root_side } else { root_side.opposite() };
                    side.sign() * minimax(game, &pos, remaining).value
                })
            };
            let s = check_trace(&t, &mut truth, &format!("{what} {algorithm} {options:?}"));
            for k in 0..3 {
                seen[k] += s[k];
            }
        }
    }
    seen
}

#[test]
fn on_tic_tac_toe_and_othello_with_every_option_the_claims_hold() {
    let mut seen = [0; 3];
    for (moves, depth) in [("", 2), ("b2", 3), ("a1c3", 4), ("b2a1c1", 0), ("a1b2c3a3", 0)] {
        let board = TicTacToeBoard::from_moves(moves).unwrap();
        let utility = if depth == 0 { Utility::Exact } else { Utility::OpenLines };
        for symmetry in [false, true] {
            let game = TicTacToe { utility, symmetry };
            let s = check_game(&game, &board, depth, depth == 0, &format!("tic-tac-toe {moves} depth {depth}"));
            for k in 0..3 {
                seen[k] += s[k];
            }
        }
    }
    let mut rng = XorShift64Star::from_state(404);
    for i in 0..8 {
        let pos = common::random_position(&mut rng, 4 + 6 * i);
        if pos.is_game_over() {
            continue;
        }
        let game = ShownOthello {
            game: Othello::new(reversi::othello::eval::course::evaluate as fn(Board) -> i32),
            max: pos.side_to_move(),
        };
        let s = check_game(&game, &pos.board(), 3, false, &format!("Othello {i}"));
        for k in 0..3 {
            seen[k] += s[k];
        }
    }
    assert!(seen.iter().all(|&n| n > 1000), "{seen:?}");
}

#[test]
fn lessons_say_bounds_in_their_result_and_final_states() {
    // Every returned number in the final state has its kind; a pruned node has none.
    let spec = Spec::new(Source::Othello { position: "f5d6".into(), depth: 3 }, "pvs", Options::default()).unwrap();
    let l = Lesson::build(&spec).unwrap();
    let end = l.state(l.event_count()).unwrap();
    for (id, s) in &end.nodes {
        match s.status {
            Status::Pruned => assert_eq!(s.bound, None, "node {id}"),
            _ => assert!(s.bound.is_some(), "node {id}"),
        }
    }
    assert!(end.nodes.iter().any(|(_, s)| matches!(s.bound, Some(ValueKind::Lower | ValueKind::Upper))));
    assert_eq!(end.nodes[0].1.bound, Some(ValueKind::Exact), "the root, searched with an open window");
}
