//! The searches against plain minimax: alpha-beta (course version) and the engine's PVS must give
//! minimax's value; the lecture's worked examples are reproduced exactly.

use crate::common;
use reversi::clock::monotonic_ms;
use reversi::course::game::{othello, Game};
use reversi::course::minimax::{alpha_beta, minimax};
use reversi::othello::search::score::Score;
use reversi::othello::search::{Control, Engine, Limits};
use reversi::{Board, Move};

#[test]
fn alpha_beta_equals_minimax_value_and_path_on_random_positions() {
    let g = othello();
    for (i, b) in common::random_boards(11, 300, 0, 58).into_iter().enumerate() {
        let depth = 1 + (i % 4) as u32;
        let mm = minimax(&g, &b, depth);
        let ab = alpha_beta(&g, &b, depth, -i32::MAX, i32::MAX);
        assert_eq!(ab.value, mm.value, "position {i} depth {depth}: {b:?}");
        assert_eq!(ab.path, mm.path, "position {i} depth {depth}");
        assert!(ab.nodes <= mm.nodes);
        // The path is legal and leads to a position whose static value gives the root value.
        let mut pos = b;
        for &mv in &mm.path {
            pos = pos.play(mv).expect("path moves are legal");
        }
        let leaf = g.evaluate(&pos);
        let sign = if mm.path.len() % 2 == 0 { 1 } else { -1 };
        assert_eq!(sign * leaf, mm.value, "position {i}: the path ends where the value comes from");
    }
}

#[test]
fn alpha_beta_prunes_on_average() {
    let g = othello();
    let (mut ab_nodes, mut mm_nodes) = (0, 0);
    for b in common::random_boards(12, 40, 10, 40) {
        mm_nodes += minimax(&g, &b, 4).nodes;
        ab_nodes += alpha_beta(&g, &b, 4, -i32::MAX, i32::MAX).nodes;
    }
    assert!(ab_nodes * 2 < mm_nodes, "alpha-beta {ab_nodes} vs minimax {mm_nodes}");
}

#[test]
fn engine_fixed_depth_value_equals_minimax() {
    let g = othello();
    for (i, b) in common::random_boards(13, 200, 0, 58).into_iter().enumerate() {
        let depth = 1 + (i % 5) as u32;
        let mm = minimax(&g, &b, depth);
        let mut engine = Engine::new(1);
        let r = engine.search(b, &Limits::depth(depth), &mut Control::new(&monotonic_ms));
        if b.is_game_over() {
            assert_eq!(r.best_move, Move::Pass);
            continue;
        }
        assert_eq!(r.score.to_value(), mm.value, "position {i} depth {depth}: {b:?}");
        // The engine's move is one that achieves the minimax value.
        let child = g.play(&b, r.best_move);
        assert_eq!(-minimax(&g, &child, depth - 1).value, mm.value, "position {i}: best move {}", r.best_move);
        assert_eq!(r.pv.first(), Some(&r.best_move));
    }
}

#[test]
fn limits_stop_the_search() {
    let b = Board::start();
    let mut engine = Engine::new(4);
    let r = engine.search(b, &Limits { nodes: Some(5_000), ..Limits::default() }, &mut Control::new(&monotonic_ms));
    assert!(r.stats.nodes <= 5_000);
    assert!(b.legal_moves().contains(r.best_move.square().unwrap()));

    let stop = std::sync::atomic::AtomicBool::new(true);
    let mut control = Control::new(&monotonic_ms);
    control.stop = Some(&stop);
    let r = engine.search(b, &Limits::default(), &mut control);
    assert!(b.legal_moves().contains(r.best_move.square().unwrap()), "a stopped search still names a legal move");

    let start = monotonic_ms();
    let r = engine.search(b, &Limits { time_ms: Some(100), ..Limits::default() }, &mut Control::new(&monotonic_ms));
    assert!(monotonic_ms() - start < 2_000.0);
    assert!(r.stats.depth >= 1);
}

#[test]
fn progress_is_reported_for_each_depth() {
    let mut depths = Vec::new();
    let mut record = |p: &reversi::othello::search::Progress| depths.push(p.depth);
    let mut control = Control::new(&monotonic_ms);
    control.on_progress = Some(&mut record);
    Engine::new(4).search(Board::start(), &Limits::depth(5), &mut control);
    assert_eq!(depths, [1, 2, 3, 4, 5]);
}

/// The weak levels score every move by a search of the position after it, from the opponent's
/// side: that search's progress is not the mover's. Only the move drawn is reported, once, with
/// its score for the side to move and a line that starts with it.
#[test]
fn a_randomized_search_reports_only_the_move_it_plays() {
    for level in 1..=3 {
        for b in common::random_boards(10, 30, 4, 50) {
            if b.legal_moves().count() < 2 {
                continue;
            }
            let mut reports = Vec::new();
            let mut record = |p: &reversi::othello::search::Progress| reports.push(p.clone());
            let mut control = Control::new(&monotonic_ms);
            control.on_progress = Some(&mut record);
            let limits = reversi::othello::search::levels::level(level).unwrap().limits(7);
            let r = Engine::new(1).search(b, &limits, &mut control);
            // Level 2 takes a corner outright, without a search, and reports nothing then.
            let took_corner = level == 2 && r.pv.len() == 1 && reports.is_empty();
            if took_corner {
                continue;
            }
            assert_eq!(reports.len(), 1, "level {level}: {reports:?}");
            let p = &reports[0];
            assert_eq!((p.best_move, p.score), (r.best_move, r.score), "level {level}");
            assert_eq!(p.pv.first(), Some(&r.best_move), "level {level}");
            assert!(b.legal_moves().contains(r.best_move.square().unwrap()), "level {level}");
        }
    }
}

#[test]
fn pass_and_game_over_positions() {
    let mut engine = Engine::new(1);
    // Black to move must pass: row 1 is "-XOOOOOO", the centre white.
    let pos = reversi::othello::records::notation::parse_board(&format!(
        "-XOOOOOO{}OO{}OO{} X",
        "-".repeat(19),
        "-".repeat(6),
        "-".repeat(27)
    ))
    .unwrap();
    let r = engine.search(pos.board(), &Limits::depth(3), &mut Control::new(&monotonic_ms));
    assert_eq!(r.best_move, Move::Pass);
    let over = reversi::othello::records::notation::parse_board(&format!("{} X", "X".repeat(64))).unwrap();
    let r = engine.search(over.board(), &Limits::depth(3), &mut Control::new(&monotonic_ms));
    assert_eq!((r.best_move, r.score), (Move::Pass, Score::Exact(64)));
}

#[test]
fn analyze_scores_every_legal_move() {
    let mut engine = Engine::new(4);
    for b in common::random_boards(14, 20, 5, 55) {
        let scored = engine.analyze_moves(
            b,
            &Limits { depth: Some(3), exact_from_empties: Some(8), ..Limits::default() },
            &mut Control::new(&monotonic_ms),
        );
        assert!(scored.iter().all(|(_, score)| score.is_some()), "no limit ran out: every score is known");
        let moves: Vec<Move> = scored.iter().map(|(m, _)| *m).collect();
        let legal: Vec<Move> = b.legal_moves().map(Move::Play).collect();
        if legal.is_empty() {
            assert!(moves.is_empty() || moves == [Move::Pass]);
        } else {
            assert_eq!(moves, legal);
        }
    }
}

#[test]
fn analyze_scores_every_move_at_one_depth_or_none() {
    let g = othello();
    // The hints are the last completed step of the analysis: under a node limit that runs out
    // during a step, every move has the score of the step before, all of one depth.
    let limits = Limits { depth: Some(4), nodes: Some(60), ..Limits::default() };
    let mut checked = 0;
    for b in common::random_boards(15, 20, 10, 30) {
        if b.legal_moves().count() < 4 {
            continue;
        }
        let scored = Engine::new(1).analyze_moves(b, &limits, &mut Control::new(&monotonic_ms));
        let legal: Vec<Move> = b.legal_moves().map(Move::Play).collect();
        assert_eq!(scored.iter().map(|(m, _)| *m).collect::<Vec<_>>(), legal, "every move is listed");
        assert!(scored.iter().all(|(_, s)| s.is_some()), "a first step fits in 60 nodes: {scored:?}");
        // Each score is the move's value at one depth d (the step's plies, counting the move),
        // the same d for every move, never a placeholder.
        let at_depth = |d: u32| {
            scored.iter().all(|&(mv, score)| -minimax(&g, &g.play(&b, mv), d - 1).value == score.unwrap().to_value())
        };
        assert!((1..=4).any(at_depth), "{scored:?}");
        checked += 1;
    }
    assert!(checked >= 5, "{checked} positions checked");

    // One node: nothing can be searched, so nothing is scored.
    let one = Limits { depth: Some(4), nodes: Some(1), ..Limits::default() };
    let scored = Engine::new(1).analyze_moves(Board::start(), &one, &mut Control::new(&monotonic_ms));
    assert_eq!(scored.len(), 4);
    assert!(scored.iter().all(|(_, score)| score.is_none()), "{scored:?}");
    // A weak level's random choice under that budget still plays a legal move.
    let weak = Limits { randomness: 100, ..one };
    let r = Engine::new(1).search(Board::start(), &weak, &mut Control::new(&monotonic_ms));
    assert!(Board::start().legal_moves().contains(r.best_move.square().unwrap()));
}

/// The lecture tree of seed 001 (ISEP notes): a → b, c; b → d, e; c → f, g; d → h, i; e → j, l;
/// f → m, n; g → o, p; leaves h=1 i=4 j=5 l=6 m=2 n=1 o=1 p=1, MAX at a. Answer: b, 4, [b, d, i].
struct LectureTree;

impl Game for LectureTree {
    type Position = char;
    type Move = char;
    type Moves = std::vec::IntoIter<char>;

    fn moves(&self, p: &char) -> Self::Moves {
        let children: &[char] = match p {
            'a' => &['b', 'c'],
            'b' => &['d', 'e'],
            'c' => &['f', 'g'],
            'd' => &['h', 'i'],
            'e' => &['j', 'l'],
            'f' => &['m', 'n'],
            'g' => &['o', 'p'],
            _ => &[],
        };
        #[allow(clippy::unnecessary_to_owned)] // the Moves type must own its items
        children.to_vec().into_iter()
    }

    fn play(&self, _p: &char, mv: char) -> char {
        mv
    }

    /// static_eval is from MAX's view; negamax wants the side to move's view. MAX moves at a, d,
    /// e, f, g; the leaves h..p are MIN to move (two levels below d..g).
    fn evaluate(&self, p: &char) -> i32 {
        let v = match p {
            'h' => 1,
            'i' => 4,
            'j' => 5,
            'l' => 6,
            'm' => 2,
            'n' => 1,
            'o' => 1,
            'p' => 1,
            _ => 0,
        };
        -v // every leaf has MIN to move
    }

    fn deep_enough(&self, _p: &char, _depth: u32) -> bool {
        false
    }
}

#[test]
fn lecture_tree_of_seed_001_is_reproduced() {
    let line = minimax(&LectureTree, &'a', 10);
    assert_eq!(line.value, 4);
    assert_eq!(line.path, ['b', 'd', 'i']);
    let ab = alpha_beta(&LectureTree, &'a', 10, -i32::MAX, i32::MAX);
    assert_eq!((ab.value, ab.path), (4, vec!['b', 'd', 'i']));
}

/// Seed 004's pruning example: Min{Max{12, 7, 18}, Max{25, A, B}} = 18, with A and B never looked at.
struct PruningExample;

impl Game for PruningExample {
    type Position = &'static str;
    type Move = &'static str;
    type Moves = std::vec::IntoIter<&'static str>;

    fn moves(&self, p: &&'static str) -> Self::Moves {
        match *p {
            "root" => vec!["L", "R"],
            "L" => vec!["12", "7", "18"],
            "R" => vec!["25", "A", "B"],
            _ => vec![],
        }
        .into_iter()
    }

    fn play(&self, _p: &&'static str, mv: &'static str) -> &'static str {
        mv
    }

    /// Leaves are scored from MAX's view, and MIN is to move at the root, so MAX is to move at
    /// the leaves' parents and MIN at the leaves: negamax takes the negation. A and B panic:
    /// alpha-beta must never evaluate them.
    fn evaluate(&self, p: &&'static str) -> i32 {
        match *p {
            "A" | "B" => panic!("{p} should have been pruned"),
            leaf => -leaf.parse::<i32>().unwrap(),
        }
    }

    fn deep_enough(&self, _p: &&'static str, _d: u32) -> bool {
        false
    }
}

#[test]
fn pruning_example_of_seed_004() {
    // The root is a MIN node: its negamax value is -18 for MIN, i.e. 18 for MAX.
    let ab = alpha_beta(&PruningExample, &"root", 3, -i32::MAX, i32::MAX);
    assert_eq!(-ab.value, 18);
    assert_eq!(ab.path, ["L", "18"]);
    assert_eq!(ab.nodes, 1 + 1 + 3 + 1 + 1, "root, L, its 3 leaves, R and only the leaf 25");
}

#[test]
fn expert_rules_steer_but_ordering_never_changes_the_value() {
    use reversi::othello::eval::expert::{ExpertRules, Rule};
    use reversi::othello::search::ExpertUse;
    for b in common::random_boards(15, 60, 8, 50) {
        let plain = Engine::new(1).search(b, &Limits::depth(4), &mut Control::new(&monotonic_ms));
        let ordered = Engine::new(1).search(
            b,
            &Limits { expert: ExpertUse::Ordering(ExpertRules::ALL), ..Limits::depth(4) },
            &mut Control::new(&monotonic_ms),
        );
        assert_eq!(plain.score, ordered.score, "{b:?}");
        // With the take-corner override, an available corner is always played.
        let corners = b.legal_moves() & reversi::Bitboard::CORNERS;
        let r = Engine::new(1).search(
            b,
            &Limits { expert: ExpertUse::Override(ExpertRules::only(Rule::TakeCorner)), ..Limits::depth(4) },
            &mut Control::new(&monotonic_ms),
        );
        if !corners.is_empty() {
            assert!(corners.contains(r.best_move.square().unwrap()), "{b:?}");
        }
    }
}

/// A timed search with `plan_solve` solves only what fits its budget: with ten seconds a
/// 20-empty position (a few million positions) is solved exactly; with 5 ms the solve would be
/// lost, so the midgame search plays (and still names a legal move) instead of starting it.
#[test]
fn a_planned_solve_starts_only_when_it_fits_the_budget() {
    // An FFO position with 20 empties: Black's best is d8, for a draw.
    let board = reversi::othello::records::notation::parse_board(
        "-OOOOO----OXXO---OOOOXXO-OOOXOXX-OOXOOXX-XOXXOXX--O-XXXX--O----O X",
    )
    .expect("a board")
    .board();
    assert_eq!(board.empty_count(), 20);
    let limits = |time_ms| Limits {
        time_ms: Some(time_ms),
        exact_from_empties: Some(20),
        plan_solve: true,
        ..Limits::depth(60)
    };
    let mut engine = Engine::new(8);
    let r = engine.search(board, &limits(10_000), &mut Control::new(&monotonic_ms));
    assert_eq!(r.score, Score::Exact(0), "solved within ten seconds");
    let r = Engine::new(8).search(board, &limits(5), &mut Control::new(&monotonic_ms));
    assert!(!matches!(r.score, Score::Exact(_)), "5 ms is no time for a 20-empty solve: {:?}", r.score);
    assert!(board.legal_moves().contains(r.best_move.square().expect("a move")));
    // Unplanned, the solve starts whatever the budget, and is abandoned at the deadline.
    let always = Limits { plan_solve: false, ..limits(5) };
    let r = Engine::new(8).search(board, &always, &mut Control::new(&monotonic_ms));
    assert!(board.legal_moves().contains(r.best_move.square().expect("a move")));
}
