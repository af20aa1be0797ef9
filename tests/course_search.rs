//! What real engines do, traced: searches without a trace when it would be too large, move
//! ordering said, iterative deepening, the transposition table, PVS, and the node counts of
//! every algorithm and option, whose root values all agree.

use crate::common;
use reversi::course::game::Value;
use reversi::course::lesson::{node_counts, search, Lesson, Source, Spec, LECTURE, PRUNING};
use reversi::course::trace::{
    Algorithm, Event, FirstBy, Options, OrderBy, Player, ScoutOutcome, SearchKind, Trace, ValueKind,
};
use reversi::othello::records::notation::format_board;
use reversi::rng::XorShift64Star;

fn spec(source: Source, algorithm: Algorithm, iterative: bool, table: bool) -> Spec {
    Spec { source, algorithm, options: Options { iterative, table } }
}

fn ttt(moves: &str, depth: u32, symmetry: bool) -> Source {
    Source::TicTacToe { moves: moves.into(), depth, symmetry }
}

fn othello(position: &str, depth: u32) -> Source {
    Source::Othello { position: position.into(), depth }
}

#[test]
fn tic_tac_toe_at_depth_9_by_minimax_is_searched_without_a_trace() {
    for (symmetry, nodes) in [(false, 549_946), (true, 549_946)] {
        let s = spec(ttt("", 9, symmetry), Algorithm::Minimax, false, false);
        let e = Lesson::build(&s).unwrap_err().to_string();
        assert!(e.contains("too large to show step by step"), "{e}");
        let r = search(&s).unwrap();
        assert_eq!(r.value, Value::Scalar(0), "a draw");
        assert_eq!(r.path.len(), 9);
        assert_eq!(r.bound, ValueKind::Exact);
        assert!(!r.traceable());
        if symmetry {
            assert!(r.nodes < nodes, "symmetry removal near the root: {} nodes", r.nodes);
        } else {
            assert_eq!(r.nodes, nodes, "the whole game tree");
        }
        // Alpha-beta on the same lesson fits a trace: what the page offers.
        let ab = spec(ttt("", 9, symmetry), Algorithm::AlphaBeta, false, false);
        let l = Lesson::build(&ab).unwrap();
        assert_eq!(l.result().value, Value::Scalar(0));
        assert!(search(&ab).unwrap().traceable());
    }
}

/// Specs of every kind, algorithm and option whose traces fit.
fn specs() -> Vec<Spec> {
    let mut all = Vec::new();
    for algorithm in Algorithm::TWO_PLAYER {
        all.push(spec(Source::Tree(LECTURE.into()), algorithm, false, false));
        all.push(spec(Source::Tree(PRUNING.into()), algorithm, false, false));
        all.push(spec(Source::Exercise { seed: 7, depth: 4, branching: 3 }, algorithm, false, false));
        for (iterative, table) in [(false, false), (true, false), (false, true), (true, true)] {
            all.push(spec(ttt("b2", 4, false), algorithm, iterative, table));
            all.push(spec(othello("f5d6c3", 3), algorithm, iterative, table));
            if !iterative {
                all.push(spec(ttt("a1b2", 0, true), algorithm, false, table));
            }
        }
    }
    all.push(spec(Source::Example("maxn".into()), Algorithm::MaxN, false, false));
    all
}

#[test]
fn a_search_without_a_trace_gives_exactly_the_traced_result_and_counts() {
    for s in specs() {
        let traced = Lesson::build(&s).unwrap();
        let r = traced.result();
        let mut untraced = search(&s).unwrap();
        // Iteration roots are node numbers of a trace: an untraced search has none (0).
        for (u, t) in untraced.iterations.iter_mut().zip(&r.iterations) {
            assert_eq!(u.root, 0);
            u.root = t.root;
        }
        assert_eq!(untraced, r, "{s:?}");
        assert_eq!(r.events, traced.event_count(), "{s:?}");
        assert_eq!(r.nodes, traced.trace().nodes_entered(), "{s:?}");
        assert_eq!(r.leaves, traced.trace().leaves().len(), "{s:?}");
        let hits = traced.trace().events.iter().filter(|e| matches!(e, Event::TableHit { .. })).count();
        assert_eq!(r.table_hits, hits, "{s:?}");
        assert!(r.traceable());
    }
}

/// The children of node `id` in the order the trace enters them (first entries only).
fn entered_children(t: &Trace, id: usize, from: usize) -> Vec<usize> {
    let mut seen = Vec::new();
    for e in &t.events[from..] {
        if let Event::Enter { node, .. } = e {
            if t.nodes[*node].parent == Some(id) && !seen.contains(node) {
                seen.push(*node);
            }
        }
        if let Event::Return { node, .. } = e {
            if *node == id {
                break;
            }
        }
    }
    seen
}

#[test]
fn alpha_beta_with_ordering_says_the_order_and_its_keys() {
    let l = Lesson::build(&spec(othello("f5d6c3d3", 3), Algorithm::AlphaBetaOrdered, false, false)).unwrap();
    let t = l.trace();
    let mut orders = 0;
    for (i, e) in t.events.iter().enumerate() {
        let Event::Order { node, children, keys, by, first } = e else { continue };
        orders += 1;
        assert_eq!(*by, OrderBy::Estimate);
        assert_eq!(*first, None);
        assert!(keys.iter().all(Option::is_some));
        let mut sorted = children.clone();
        sorted.sort();
        let mut all = t.nodes[*node].children.clone();
        all.sort();
        assert_eq!(sorted, all, "every child is ordered");
        // Best first for the side to move, in MAX's view.
        let keys: Vec<i32> = keys.iter().map(|k| k.unwrap()).collect();
        match t.nodes[*node].player {
            Player::Side(reversi::course::game::Side::Max) => assert!(keys.windows(2).all(|w| w[0] >= w[1])),
            _ => assert!(keys.windows(2).all(|w| w[0] <= w[1])),
        }
        // The children are searched in that order (up to a cut-off).
        let entered = entered_children(t, *node, i);
        assert_eq!(entered[..], children[..entered.len()]);
    }
    let inner = t.nodes.iter().filter(|n| !n.children.is_empty()).count();
    assert_eq!(orders, inner, "one order per inner node");
    // An explicit tree has nothing to order by: the written order, said as such.
    let l = Lesson::build(&spec(Source::Tree(LECTURE.into()), Algorithm::AlphaBetaOrdered, false, false)).unwrap();
    for e in &l.trace().events {
        if let Event::Order { node, children, keys, by, .. } = e {
            assert_eq!(*by, OrderBy::Written);
            assert!(keys.iter().all(Option::is_none));
            assert_eq!(children, &l.trace().nodes[*node].children);
        }
    }
    // Plain alpha-beta has no order to say.
    let l = Lesson::build(&spec(othello("f5d6c3d3", 3), Algorithm::AlphaBeta, false, false)).unwrap();
    assert!(!l.trace().events.iter().any(|e| matches!(e, Event::Order { .. })));
}

#[test]
fn pvs_says_its_order_in_the_view_of_the_node_ordered() {
    // PVS writes each node's numbers in the view of its side to move (its best so far, its
    // null-window tests): so do the keys of its order, best first = highest first, each the
    // child's estimate with the sign changed, the same number as alpha-beta with ordering's in
    // MAX's view at a MAX node and negated at a MIN node.
    let pvs = Lesson::build(&spec(othello("f5d6c3d3", 3), Algorithm::Pvs, false, false)).unwrap();
    let ordered = Lesson::build(&spec(othello("f5d6c3d3", 3), Algorithm::AlphaBetaOrdered, false, false)).unwrap();
    let orders = |t: &Trace| -> Vec<(String, Player, Vec<i32>)> {
        let path_name = |mut id: usize| {
            let mut moves = Vec::new();
            while let Some(parent) = t.nodes[id].parent {
                moves.push(t.nodes[id].mv.clone());
                id = parent;
            }
            moves.reverse();
            moves.join(" ")
        };
        t.events
            .iter()
            .filter_map(|e| match e {
                Event::Order { node, keys, by: OrderBy::Estimate, .. } => {
                    Some((path_name(*node), t.nodes[*node].player, keys.iter().map(|k| k.unwrap()).collect()))
                }
                _ => None,
            })
            .collect()
    };
    let (p, o) = (orders(pvs.trace()), orders(ordered.trace()));
    assert!(!p.is_empty());
    let by_name: std::collections::HashMap<&str, &Vec<i32>> = o.iter().map(|(n, _, k)| (n.as_str(), k)).collect();
    let mut compared = 0;
    for (name, player, keys) in &p {
        assert!(keys.windows(2).all(|w| w[0] >= w[1]), "{name}: best first for the side to move: {keys:?}");
        if let Some(max_view) = by_name.get(name.as_str()) {
            let sign = if *player == Player::Side(reversi::course::game::Side::Max) { 1 } else { -1 };
            let mut mine: Vec<i32> = keys.iter().map(|k| sign * k).collect();
            let mut theirs = (*max_view).clone();
            mine.sort_unstable();
            theirs.sort_unstable();
            assert_eq!(mine, theirs, "{name}");
            compared += 1;
        }
    }
    assert!(compared > 0);
}

#[test]
fn iterative_deepening_searches_depths_1_to_d_previous_best_first() {
    for (source, depth) in [(othello("f5d6", 4), 4), (ttt("b2", 5, false), 5)] {
        for algorithm in [Algorithm::AlphaBeta, Algorithm::AlphaBetaOrdered, Algorithm::Pvs] {
            let l = Lesson::build(&spec(source.clone(), algorithm, true, false)).unwrap();
            let t = l.trace();
            let r = l.result();
            assert_eq!(r.iterations.len(), depth as usize);
            let mut total = reversi::course::trace::Counts::default();
            for (k, it) in r.iterations.iter().enumerate() {
                assert_eq!(it.depth, k as u32 + 1);
                assert_eq!(t.events[it.first_event], Event::Iteration { node: it.root, depth: it.depth });
                assert_eq!(t.nodes[it.root].parent, None);
                // Every event of the iteration is about its own nodes.
                for e in &t.events[it.first_event..it.end_event] {
                    assert_eq!(t.nodes[e.node()].iteration, it.depth, "{algorithm}");
                }
                total.nodes += it.counts.nodes;
                total.leaves += it.counts.leaves;
                total.events += it.counts.events;
                if k > 0 {
                    // The previous iteration's best move is searched first, and said so.
                    let prev = &r.iterations[k - 1].path[0];
                    let order = t.events[it.first_event..it.end_event].iter().find_map(|e| match e {
                        Event::Order { node, children, first, .. } if *node == it.root => Some((children[0], *first)),
                        _ => None,
                    });
                    let (child, first) = order.expect("the root's order");
                    assert_eq!(&t.nodes[child].mv, prev);
                    assert_eq!(first, Some((child, FirstBy::PreviousIteration)));
                }
            }
            assert_eq!((total.nodes, total.leaves, total.events), (r.nodes, r.leaves, r.events));
            assert_eq!(t.root, r.iterations.last().unwrap().root);
            // Compared with one search straight to depth D: same value, its counts given.
            let single = Lesson::build(&spec(source.clone(), algorithm, false, false)).unwrap().result();
            assert_eq!(r.value, single.value, "{algorithm}");
            let c = r.single.expect("the single search's counts");
            assert_eq!((c.nodes, c.leaves), (single.nodes, single.leaves));
            assert!(r.iterations.last().unwrap().counts.nodes > 0);
        }
    }
    // Iterative deepening needs a depth and a game.
    let e = |s: Spec| Lesson::build(&s).unwrap_err().to_string();
    assert!(e(spec(ttt("", 0, true), Algorithm::AlphaBeta, true, false)).contains("needs a depth"));
    assert!(e(spec(Source::Tree(LECTURE.into()), Algorithm::AlphaBeta, true, false)).contains("for games"));
    assert!(e(spec(Source::Tree(LECTURE.into()), Algorithm::AlphaBeta, false, true)).contains("for games"));
}

#[test]
fn the_transposition_table_answers_transpositions_with_the_same_root_value() {
    for (source, algorithm) in [
        (ttt("", 0, false), Algorithm::AlphaBeta),
        (ttt("b2", 0, false), Algorithm::AlphaBetaNegamax),
        (ttt("b2", 0, true), Algorithm::Pvs),
        (ttt("a1", 6, false), Algorithm::AlphaBetaOrdered),
    ] {
        let with = Lesson::build(&spec(source.clone(), algorithm, false, true)).unwrap();
        let without = search(&spec(source.clone(), algorithm, false, false)).unwrap();
        let r = with.result();
        assert_eq!(r.value, without.value, "{source:?} {algorithm}");
        assert!(r.table_hits > 0, "{source:?} {algorithm}");
        assert!(r.nodes < without.nodes, "{source:?} {algorithm}: {} with, {} without", r.nodes, without.nodes);
        let t = with.trace();
        for (i, e) in t.events.iter().enumerate() {
            if let Event::TableHit { node, value, bound, .. } = e {
                // A hit answers the node just entered, and the node returns what the table said.
                assert!(matches!(t.events[i - 1], Event::Enter { node: n, .. } if n == *node));
                let Event::Return { node: n, value: v, bound: b, .. } = &t.events[i + 1] else { panic!() };
                assert_eq!((n, v, b), (node, value, bound));
            }
        }
    }
    // Othello has some transpositions (two moves that flip no common disc, in either order).
    let mut rng = XorShift64Star::from_state(8);
    let mut hits = 0;
    for _ in 0..10 {
        let plies = 8 + rng.below(30);
        let pos = common::random_position(&mut rng, plies);
        let source = othello(&format_board(pos), 4);
        let with = search(&spec(source.clone(), Algorithm::AlphaBetaOrdered, false, true)).unwrap();
        let without = search(&spec(source, Algorithm::AlphaBetaOrdered, false, false)).unwrap();
        assert_eq!(with.value, without.value);
        hits += with.table_hits;
    }
    assert!(hits > 0);
    // Minimax over the whole game of tic-tac-toe: the 549,946 nodes fall to a few thousand.
    let r = search(&spec(ttt("", 9, false), Algorithm::Minimax, false, true)).unwrap();
    assert_eq!(r.value, Value::Scalar(0));
    assert!(r.nodes < 20_000, "{}", r.nodes);
}

#[test]
fn pvs_shows_its_null_window_tests_and_re_searches() {
    let mut outcomes = std::collections::HashSet::new();
    let mut rng = XorShift64Star::from_state(31);
    for i in 0..12 {
        let pos = common::random_position(&mut rng, 6 + i * 3);
        if pos.is_game_over() {
            continue;
        }
        let l = Lesson::build(&spec(othello(&format_board(pos), 4), Algorithm::Pvs, false, false)).unwrap();
        let t = l.trace();
        for (k, e) in t.events.iter().enumerate() {
            let Event::Scout { node, child, outcome, pass, .. } = e else { continue };
            outcomes.insert(*outcome);
            assert_eq!(t.nodes[*child].parent, Some(*node));
            // The test was a null-window search of that child: (Pass-Limit, Pass-Limit + 1).
            let enter = t.events[..k].iter().rev().find_map(|e| match e {
                Event::Enter { node, window, search } if node == child => Some((*window, *search)),
                _ => None,
            });
            let (window, search) = enter.unwrap();
            if !t.nodes[*child].leaf {
                assert_eq!(search, SearchKind::Null);
                assert_eq!(
                    window,
                    reversi::course::trace::Window::Limits {
                        use_limit: reversi::course::trace::Bound::Finite(-pass),
                        pass_limit: reversi::course::trace::Bound::Finite(-pass - 1)
                    }
                );
            }
            if *outcome == ScoutOutcome::ReSearch {
                // The same child is searched again, with the full window.
                assert!(
                    matches!(t.events[k + 1], Event::Enter { node, search: SearchKind::ReSearch, .. } if node == *child)
                );
            }
        }
        assert_eq!(
            l.result().value,
            Lesson::othello(&format_board(pos), 4, "alphabeta").unwrap().result().value,
            "position {i}"
        );
    }
    // In the lecture tree, i (4) beats h (1) under d's open window: a leaf, exact, not searched
    // again.
    let l = Lesson::build(&spec(Source::Tree(LECTURE.into()), Algorithm::Pvs, false, false)).unwrap();
    for e in &l.trace().events {
        if let Event::Scout { outcome, .. } = e {
            outcomes.insert(*outcome);
        }
    }
    for o in [ScoutOutcome::FailLow, ScoutOutcome::ReSearch, ScoutOutcome::FailHigh, ScoutOutcome::Exact] {
        assert!(outcomes.contains(&o), "{o:?} seen");
    }
}

/// A random tree as text (shapes of every kind, values −9…9).
fn random_tree_text(rng: &mut XorShift64Star) -> String {
    fn node(rng: &mut XorShift64Star, depth: u32, max_depth: u32, out: &mut String) {
        if depth == max_depth || (depth > 0 && rng.below(max_depth as usize + 1) < depth as usize / 2) {
            out.push_str(&(rng.below(19) as i32 - 9).to_string());
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

fn agree(source: &Source, what: &str) -> usize {
    let rows = node_counts(source).unwrap_or_else(|e| panic!("{what}: {e}"));
    let value = &rows[0].result.value;
    for row in &rows {
        assert_eq!(&row.result.value, value, "{what}: {:?} {:?}", row.algorithm, row.options);
        assert!(row.result.nodes > 0);
    }
    rows.len()
}

#[test]
fn every_algorithm_and_option_agrees_on_the_root_value() {
    let mut rng = XorShift64Star::from_state(0xc0_117);
    for i in 0..3000 {
        let text = random_tree_text(&mut rng);
        assert_eq!(agree(&Source::Tree(text.clone()), &format!("tree {i}: {text}")), 6);
    }
    for i in 0..300 {
        let mut moves = String::new();
        let mut board = reversi::course::tictactoe::Board::EMPTY;
        for _ in 0..rng.below(6) {
            let free: Vec<u8> = (0..9).filter(|&s| (board.x | board.o) & (1 << s) == 0).collect();
            if board.is_over() {
                break;
            }
            let sq = reversi::course::tictactoe::Square(free[rng.below(free.len())]);
            moves.push_str(&sq.to_string());
            board = board.play(sq);
        }
        // To the end of the game only from four marks on (a few thousand nodes at most).
        let depth = if moves.len() >= 8 { rng.below(5) as u32 } else { 1 + rng.below(4) as u32 };
        let n = agree(&ttt(&moves, depth, rng.below(2) == 0), &format!("tic-tac-toe {i}: {moves} depth {depth}"));
        assert_eq!(n, if depth == 0 { 9 } else { 11 });
    }
    for i in 0..120 {
        let plies = rng.below(56);
        let pos = common::random_position(&mut rng, plies);
        let depth = [1, 2, 2, 3][i % 4];
        assert_eq!(agree(&othello(&format_board(pos), depth), &format!("Othello {i}")), 11);
    }
    // A max^n tree has one algorithm.
    assert_eq!(agree(&Source::Example("maxn".into()), "maxn"), 1);
}

#[test]
fn the_node_count_chart_of_tic_tac_toe_shows_what_each_idea_saves() {
    let rows = node_counts(&ttt("", 4, false)).unwrap();
    let nodes = |a: Algorithm, iterative: bool, table: bool| {
        rows.iter()
            .find(|r| r.algorithm == a && r.options == Options { iterative, table })
            .map(|r| r.result.nodes)
            .unwrap()
    };
    let minimax = nodes(Algorithm::Minimax, false, false);
    assert!(nodes(Algorithm::AlphaBeta, false, false) < minimax);
    assert!(nodes(Algorithm::Minimax, false, true) < minimax, "tic-tac-toe has many transpositions");
    assert!(nodes(Algorithm::AlphaBetaOrdered, false, true) < nodes(Algorithm::AlphaBetaOrdered, false, false));
    let names: Vec<String> = rows.iter().map(reversi::course::json::row_name).collect();
    assert_eq!(
        names,
        [
            "minimax",
            "negamax",
            "alphabeta",
            "alphabeta-negamax",
            "alphabeta-ordered",
            "pvs",
            "minimax + table",
            "alphabeta-ordered + table",
            "alphabeta-ordered + iterative",
            "alphabeta-ordered + iterative + table",
            "pvs + iterative + table",
        ]
    );
}
