//! Every move with its line (`Engine::analyze_lines`, the analysis board's live analysis): the
//! same scores as the hints' analysis, exact scores equal to the solver's, lines that are legal
//! and keep their score.

use reversi::clock::monotonic_ms;
use reversi::othello::search::endgame::Solver;
use reversi::othello::search::lines::MoveLine;
use reversi::othello::search::parallel::Team;
use reversi::othello::search::score::Score;
use reversi::othello::search::{Control, Engine, Limits};
use reversi::rng::XorShift64Star;
use reversi::{Board, Move};

/// A position reached by random play with `empties` empty squares, not finished.
fn played_out(rng: &mut XorShift64Star, empties: u32) -> Board {
    loop {
        let mut board = Board::start();
        while board.empty_count() > empties && !board.is_game_over() {
            let moves: Vec<_> = board.legal_moves().collect();
            board = if moves.is_empty() { board.passed() } else { board.play_unchecked(moves[rng.below(moves.len())]) };
        }
        if !board.is_game_over() && board.empty_count() == empties {
            return board;
        }
    }
}

fn play(board: Board, mv: Move) -> Board {
    match mv {
        Move::Play(sq) => {
            assert!(board.legal_moves().contains(sq), "{mv} is not legal on {board:?}");
            board.play_unchecked(sq)
        }
        Move::Pass => {
            assert_eq!(board.legal_moves().count(), 0, "a pass with legal moves on {board:?}");
            assert!(!board.is_game_over(), "a pass after the end");
            board.passed()
        }
    }
}

fn lines(board: Board, limits: &Limits) -> Vec<MoveLine> {
    Engine::new(4).analyze_lines(board, limits, &mut Control::new(&monotonic_ms))
}

#[test]
fn exact_scores_are_the_solvers_and_the_best_line_keeps_its_score() {
    let mut rng = XorShift64Star::new(33);
    let exact = Limits { exact_from_empties: Some(64), ..Limits::default() };
    let mut solver = Solver::new(4);
    for _ in 0..3 {
        let board = played_out(&mut rng, 14);
        let found = lines(board, &exact);
        let legal: Vec<Move> = board.legal_moves().map(Move::Play).collect();
        let mut listed: Vec<Move> = found.iter().map(|l| l.mv).collect();
        listed.sort_by_key(|m| m.square().map(|s| s.index()));
        assert_eq!(listed, legal, "every legal move, once");
        for line in &found {
            let child = play(board, line.mv);
            let solved = -solver.solve_exact(child).score;
            assert_eq!(line.score, Some(Score::Exact(solved)), "{}: the solver's score", line.mv);
            assert_eq!(line.depth, 14, "{}: exact lines are as deep as the empty squares", line.mv);
            assert_eq!(line.pv[0], line.mv);
        }
        assert!(
            found.windows(2).all(|w| w[0].score.unwrap().to_value() >= w[1].score.unwrap().to_value()),
            "best first"
        );
        // The best line is legal, and each position along it has the line's score (for its mover).
        let best = &found[0];
        let Some(Score::Exact(score)) = best.score else { unreachable!() };
        let mut position = board;
        for (ply, &mv) in best.pv.iter().enumerate() {
            position = play(position, mv);
            let sign = if ply % 2 == 0 { -1 } else { 1 };
            assert_eq!(sign * solver.solve_exact(position).score, score, "after pv move {ply} ({mv})");
        }
        assert!(best.pv.len() > 1, "a line, not just the move: {:?}", best.pv);
    }
}

#[test]
fn midgame_lines_have_the_hints_scores_and_legal_lines() {
    let mut rng = XorShift64Star::new(7);
    for depth in [2, 3, 5] {
        let board = played_out(&mut rng, 40);
        let limits = Limits::depth(depth);
        let found = lines(board, &limits);
        let mut hints = Engine::new(4).analyze_moves(board, &limits, &mut Control::new(&monotonic_ms));
        hints.sort_by_key(|(m, _)| m.square().map(|s| s.index()));
        let mut scores: Vec<(Move, Option<Score>)> = found.iter().map(|l| (l.mv, l.score)).collect();
        scores.sort_by_key(|(m, _)| m.square().map(|s| s.index()));
        assert_eq!(scores, hints, "depth {depth}");
        for line in &found {
            // The search after the move looks at least one ply ahead.
            assert_eq!(line.depth, depth.max(2), "{}", line.mv);
            assert!(line.pv.len() as u32 <= line.depth);
            let mut position = board;
            for &mv in &line.pv {
                position = play(position, mv);
            }
        }
    }
}

#[test]
fn a_pass_a_finished_game_and_a_stopped_search() {
    // A position of a random game where the side to move must pass: one line, starting with the pass.
    let mut rng = XorShift64Star::new(5);
    let must_pass = loop {
        let mut board = Board::start();
        while !board.is_game_over() && board.legal_moves().count() > 0 {
            let moves: Vec<_> = board.legal_moves().collect();
            board = board.play_unchecked(moves[rng.below(moves.len())]);
        }
        if !board.is_game_over() {
            break board;
        }
    };
    let found = lines(must_pass, &Limits::depth(3));
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].mv, Move::Pass);
    assert!(found[0].score.is_some());
    let over = reversi::othello::records::notation::parse_board(&format!("{} X", "X".repeat(64))).unwrap();
    assert!(lines(over.board(), &Limits::depth(3)).is_empty());
    // One node: nothing is scored, and no number is made up.
    let one = Limits { depth: Some(4), nodes: Some(1), ..Limits::default() };
    let found = lines(Board::start(), &one);
    assert_eq!(found.len(), 4);
    assert!(found.iter().all(|l| l.score.is_none() && l.pv == [l.mv]), "{found:?}");
}

#[test]
fn a_team_finds_the_same_scores() {
    let mut rng = XorShift64Star::new(4);
    let board = played_out(&mut rng, 40);
    let limits = Limits::depth(5);
    let alone = lines(board, &limits);
    let together = Team::new(2, 4).analyze_lines(board, &limits, &mut Control::new(&monotonic_ms));
    let key = |l: &MoveLine| (l.mv, l.score, l.depth);
    assert_eq!(together.iter().map(key).collect::<Vec<_>>(), alone.iter().map(key).collect::<Vec<_>>());
}

/// Every step of the deep analysis of `board` under `limits`.
fn deep_steps(board: Board, limits: &Limits) -> Vec<reversi::othello::search::lines::AnalysisStep> {
    let mut engine = Engine::new(4);
    engine.set_pattern_weights(Some(reversi::othello::eval::pattern::file::bundled().unwrap()));
    let mut steps = Vec::new();
    engine.analyze_deep(board, limits, &mut Control::new(&monotonic_ms), &mut |s| steps.push(s.clone()));
    steps
}

#[test]
fn each_deep_step_scores_every_move_as_a_separate_full_width_search() {
    use reversi::othello::search::lines::Certainty;
    use reversi::othello::search::EvalChoice;
    let mut rng = XorShift64Star::new(31);
    for empties in [44, 36, 28] {
        let board = played_out(&mut rng, empties);
        // Full width (no ProbCut): each step's scores are plain minimax's, whatever the windows.
        let limits = Limits { depth: Some(5), eval: EvalChoice::Pattern, ..Limits::default() };
        let steps = deep_steps(board, &limits);
        assert_eq!(steps.len(), 5, "{board:?}");
        for (i, step) in steps.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(step.certainty, Certainty::Depth { depth, percent: None });
            // Best first, each line legal and as deep as the step.
            assert!(step.lines.windows(2).all(|w| w[0].score.unwrap().to_value() >= w[1].score.unwrap().to_value()));
            for line in &step.lines {
                assert_eq!(line.depth, depth);
                line.pv.iter().fold(board, |b, &mv| play(b, mv));
            }
            // (The separate analysis searches each move at least one ply below it.)
            if depth == 1 {
                continue;
            }
            let mut engine = Engine::new(4);
            engine.set_pattern_weights(Some(reversi::othello::eval::pattern::file::bundled().unwrap()));
            let separate = engine.analyze_lines(
                board,
                &Limits { depth: Some(depth), ..limits.clone() },
                &mut Control::new(&monotonic_ms),
            );
            let mut got: Vec<_> = step.lines.iter().map(|l| (l.mv, l.score)).collect();
            let mut want: Vec<_> = separate.iter().map(|l| (l.mv, l.score)).collect();
            got.sort_by_key(|(mv, _)| mv.to_string());
            want.sort_by_key(|(mv, _)| mv.to_string());
            assert_eq!(got, want, "depth {depth} of {board:?}");
        }
        // With ProbCut the steps say their confidence.
        let selective = deep_steps(board, &Limits { probcut: true, ..limits });
        assert_eq!(selective.last().unwrap().certainty, Certainty::Depth { depth: 5, percent: Some(93) });
    }
}

#[test]
fn a_deep_endgame_gives_every_moves_outcome_then_its_exact_score() {
    use reversi::othello::search::lines::Certainty;
    use reversi::othello::search::EvalChoice;
    let mut rng = XorShift64Star::new(8);
    for _ in 0..4 {
        let board = played_out(&mut rng, 14);
        let limits = Limits {
            depth: Some(60),
            eval: EvalChoice::Pattern,
            probcut: true,
            exact_from_empties: Some(16),
            ..Limits::default()
        };
        let steps = deep_steps(board, &limits);
        let outcome = steps.iter().find(|s| s.certainty == Certainty::Outcome).expect("an outcome step");
        let exact = steps.last().unwrap();
        assert_eq!(exact.certainty, Certainty::Exact);
        let mut solver = Solver::new(4);
        for line in &exact.lines {
            let want = -solver.solve_exact(play(board, line.mv)).score;
            assert_eq!(line.score, Some(Score::Exact(want)), "{} on {board:?}", line.mv);
            let won = outcome.lines.iter().find(|l| l.mv == line.mv).unwrap().score.unwrap().to_value();
            assert_eq!(won.signum(), Score::Exact(want).to_value().signum(), "{}", line.mv);
            // The line plays to the end with its score.
            let end = line.pv.iter().fold(board, |b, &mv| play(b, mv));
            if end.is_game_over() {
                assert_eq!(
                    Score::Exact(if line.pv.len() % 2 == 1 { -end.final_score() } else { end.final_score() }),
                    line.score.unwrap()
                );
            }
        }
        assert!(exact.lines.windows(2).all(|w| w[0].score.unwrap().to_value() >= w[1].score.unwrap().to_value()));
    }
}

#[test]
fn a_deep_analysis_stopped_reports_completed_steps_only() {
    let mut rng = XorShift64Star::new(5);
    let board = played_out(&mut rng, 40);
    let limits = Limits {
        depth: Some(30),
        nodes: Some(200_000),
        eval: reversi::othello::search::EvalChoice::Pattern,
        probcut: true,
        ..Limits::default()
    };
    let steps = deep_steps(board, &limits);
    assert!(!steps.is_empty() && steps.len() < 30);
    let moves = board.legal_moves().count() as usize;
    assert!(steps.iter().all(|s| s.lines.len() == moves && s.lines.iter().all(|l| l.score.is_some())));
    // A finished game has no step; a pass is the one line.
    let over = Board::new(u64::MAX, 0).unwrap();
    assert!(deep_steps(over, &limits).is_empty());
}

#[test]
fn a_deep_analysis_stopped_while_solving_returns_its_last_completed_step() {
    use reversi::othello::search::lines::Certainty;
    let mut rng = XorShift64Star::new(8);
    let board = played_out(&mut rng, 22);
    // Enough positions for the midgame steps (to depth 12) and not for every move's solves.
    let limits = Limits {
        depth: Some(60),
        nodes: Some(3_000_000),
        exact_from_empties: Some(22),
        eval: reversi::othello::search::EvalChoice::Pattern,
        probcut: true,
        ..Limits::default()
    };
    let mut engine = Engine::new(4);
    engine.set_pattern_weights(Some(reversi::othello::eval::pattern::file::bundled().unwrap()));
    let mut steps = Vec::new();
    let last = engine.analyze_deep(board, &limits, &mut Control::new(&monotonic_ms), &mut |s| steps.push(s.clone()));
    let reported = steps.last().expect("the midgame steps completed");
    // Stopped in the solves: after the last midgame step (12 plies, 10 short of the end) or the
    // outcomes, before the exact scores.
    let solving = matches!(reported.certainty, Certainty::Depth { depth: 12, .. } | Certainty::Outcome);
    assert!(solving, "stopped at {:?}", reported.certainty);
    let last = last.expect("a completed step is returned");
    assert_eq!((last.certainty, &last.lines), (reported.certainty, &reported.lines));
}

#[test]
fn moves_evaluated_as_wipe_outs_do_not_stall_the_deep_analysis() {
    use reversi::othello::analysis::arena::random_walk;
    use reversi::othello::search::levels::level;
    use reversi::othello::search::lines::Certainty;
    // 38 empties: the side to move loses by about 25 discs at best, and its worst moves reach
    // the evaluation's edge (a wipe-out) from depth 16, where each once took a full-width search
    // of 70 M positions.
    let board = random_walk(&mut XorShift64Star::new(11), 22);
    let nine = level(9).expect("level 9").limits(0);
    let limits = Limits { depth: Some(17), time_ms: None, book: None, exact_from_empties: None, ..nine };
    let steps = deep_steps(board, &limits);
    let last = steps.last().expect("steps");
    assert!(matches!(last.certainty, Certainty::Depth { depth: 17, .. }));
    assert!(last.nodes < 20_000_000, "{} positions to depth 17", last.nodes);
    let worst = last.lines.last().and_then(|l| l.score).expect("scored").to_value();
    assert!(worst <= -5_500, "the worst move is a wipe-out by evaluation: {worst}");
}
