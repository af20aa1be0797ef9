//! The parallel search (`othello::search::parallel`): several threads on one shared table give the
//! one-thread scores where the algorithm guarantees them, stop when asked, and the lock-free table
//! never answers a probe with another board's entry.

use reversi::clock::monotonic_ms;
use reversi::othello::records::notation::parse_obf;
use reversi::othello::search::endgame::Solver;
use reversi::othello::search::parallel::{SearchShare, SharedTables, Team, Teamwork};
use reversi::othello::search::score::Score;
use reversi::othello::search::tt::{Bound, TranspositionTable};
use reversi::othello::search::{Control, Engine, Limits};
use reversi::rng::XorShift64Star;
use reversi::Board;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A position reached by random play with about `empties` empty squares, not finished.
fn played_out(rng: &mut XorShift64Star, empties: u32) -> Board {
    loop {
        let mut board = Board::start();
        while board.empty_count() > empties && !board.is_game_over() {
            let moves: Vec<_> = board.legal_moves().collect();
            board = if moves.is_empty() { board.passed() } else { board.play_unchecked(moves[rng.below(moves.len())]) };
        }
        if !board.is_game_over() {
            return board;
        }
    }
}

fn weights() -> Arc<reversi::othello::eval::pattern::PatternWeights> {
    reversi::othello::eval::pattern::file::bundled().expect("the bundled weights")
}

#[test]
fn a_parallel_solve_gives_the_one_thread_score() {
    let mut solver = Solver::new(4);
    solver.set_pattern_weights(Some(weights()));
    let mut team = Team::new(3, 8);
    team.set_pattern_weights(Some(weights()));
    let mut rng = XorShift64Star::new(32);
    let mut boards: Vec<Board> = (0..6).map(|i| played_out(&mut rng, 12 + 2 * (i % 3))).collect();
    // FFO #40 (20 empties), the suite's quickest.
    let ffo = parse_obf(include_str!("../data/fforum-40-59.obf")).unwrap();
    boards.push(ffo[0].position.board());
    for board in boards {
        solver.clear();
        team.clear();
        let alone = solver.solve_exact(board);
        let together = team.solve(board, -64, 64, &mut Control::new(&monotonic_ms)).expect("never stopped");
        assert_eq!(together.score, alone.score, "{board:?}");
        // The move may differ among equals: it must achieve the score.
        let after = board.play(together.best_move).expect("a legal move");
        assert_eq!(-Solver::new(1).solve_exact(after).score, alone.score, "{board:?}: {}", together.best_move);
        // The same through the engine's search, exact from these empties.
        let limits = Limits { exact_from_empties: Some(60), ..Limits::depth(60) };
        team.clear();
        let searched = team.search(board, &limits, &mut Control::new(&monotonic_ms));
        assert_eq!(searched.score, Score::Exact(alone.score), "{board:?}");
    }
}

#[test]
fn a_parallel_fixed_depth_search_gives_the_one_thread_value() {
    // Without ProbCut, every table entry is a true bound of the same depth's search, so the main
    // thread's value is the one-thread (minimax) value, however the threads share the nodes out.
    let mut rng = XorShift64Star::new(9);
    for threads in [2, 3, 4] {
        let mut team = Team::new(threads, 8);
        team.set_pattern_weights(Some(weights()));
        let mut engine = Engine::new(8);
        engine.set_pattern_weights(Some(weights()));
        for i in 0..8 {
            let board = played_out(&mut rng, 44 - 4 * i);
            let limits = Limits {
                eval: if i < 4 { reversi::othello::search::EvalChoice::Pattern } else { Default::default() },
                ..Limits::depth(6 + i % 4)
            };
            engine.clear();
            team.clear();
            let alone = engine.search(board, &limits, &mut Control::new(&monotonic_ms));
            let together = team.search(board, &limits, &mut Control::new(&monotonic_ms));
            assert_eq!(together.score, alone.score, "{threads} threads, {board:?}, depth {:?}", limits.depth);
            assert_eq!(together.stats.depth, alone.stats.depth);
            assert_eq!(together.pv.first(), Some(&together.best_move));
        }
        assert!(team.split_points() > 0, "{threads} threads never shared a node's moves");
        assert!(team.split_joins() > 0, "{threads} threads: no helper ever joined a split point");
    }
}

#[test]
fn a_parallel_analysis_scores_every_move_as_one_thread() {
    let mut rng = XorShift64Star::new(4);
    let board = played_out(&mut rng, 40);
    let limits = Limits::depth(5);
    let alone = Engine::new(4).analyze_moves(board, &limits, &mut Control::new(&monotonic_ms));
    let together = Team::new(2, 4).analyze_moves(board, &limits, &mut Control::new(&monotonic_ms));
    assert_eq!(together, alone);
}

#[test]
fn a_parallel_deep_analysis_solves_every_move_as_one_thread() {
    // In the exact phase the helpers solve each move along (the solve is posted to them): every
    // move's outcome and exact score are one thread's.
    let mut rng = XorShift64Star::new(9);
    let limits = Limits { depth: Some(8), exact_from_empties: Some(18), ..Limits::default() };
    for _ in 0..2 {
        let board = played_out(&mut rng, 17);
        let steps = |team: Option<&mut Team>| {
            let mut steps = Vec::new();
            let mut record = |step: &reversi::othello::search::lines::AnalysisStep| steps.push(step.clone());
            match team {
                Some(team) => team.analyze_deep(board, &limits, &mut Control::new(&monotonic_ms), &mut record),
                None => Engine::new(4).analyze_deep(board, &limits, &mut Control::new(&monotonic_ms), &mut record),
            };
            steps
        };
        let scores = |steps: &[reversi::othello::search::lines::AnalysisStep]| {
            let last = steps.last().expect("an exact step");
            let mut scores: Vec<_> = last.lines.iter().map(|l| (l.mv, l.score)).collect();
            scores.sort_by_key(|(m, _)| m.square().map(|s| s.index()));
            (last.certainty, scores)
        };
        let mut team = Team::new(2, 4);
        let together = steps(Some(&mut team));
        let alone = steps(None);
        assert_eq!(scores(&together), scores(&alone));
        assert_eq!(together.last().unwrap().certainty, reversi::othello::search::lines::Certainty::Exact);
    }
}

#[test]
fn a_search_stops_when_its_session_ends() {
    // The main thread and a helper on one share; another thread ends the session mid-search.
    let tables = Arc::new(SharedTables::new(8));
    let mut main = Engine::with_tables(Arc::clone(&tables));
    let mut helper = Engine::with_tables(tables);
    for engine in [&mut main, &mut helper] {
        engine.set_pattern_weights(Some(weights()));
    }
    let share = SearchShare::new();
    let mut rng = XorShift64Star::new(77);
    let board = played_out(&mut rng, 40);
    let limits = Limits { eval: reversi::othello::search::EvalChoice::Pattern, ..Limits::depth(40) };
    let stopped_at = AtomicU64::new(0);
    let done = AtomicBool::new(false);
    share.serve(1);
    let result = std::thread::scope(|scope| {
        scope.spawn(|| helper.help(&share, 1));
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(100));
            stopped_at.store(monotonic_ms() as u64, Ordering::SeqCst);
            share.serve(0);
        });
        let mut control = Control::new(&monotonic_ms);
        control.team = Some(Teamwork::main(&share, 1));
        let result = main.search(board, &limits, &mut control);
        done.store(true, Ordering::SeqCst);
        (result, monotonic_ms() as u64)
    });
    let (result, ended) = result;
    let asked = stopped_at.load(Ordering::SeqCst);
    assert!(asked > 0, "the search ended before it was stopped (depth 40 in 100 ms?)");
    // Checked every 1,024 positions: well under a second, even on a loaded machine.
    assert!(ended.saturating_sub(asked) < 1_000, "stopped {} ms after the request", ended - asked);
    assert!(board.legal_moves().contains(result.best_move.square().expect("a move")));
    assert!(result.stats.depth < 40);
}

#[test]
fn a_helper_that_started_without_the_weights_takes_them_up_with_a_job() {
    // A page's helper worker joins its session before the main worker's weights have arrived: the
    // job carries them, so the helper evaluates as the main thread does and joins its splits.
    let tables = Arc::new(SharedTables::new(8));
    let mut main = Engine::with_tables(Arc::clone(&tables));
    let mut helper = Engine::with_tables(tables);
    main.set_pattern_weights(Some(weights()));
    assert!(!helper.has_pattern_weights());
    let share = SearchShare::new();
    let board = played_out(&mut XorShift64Star::new(78), 36);
    let limits = Limits { eval: reversi::othello::search::EvalChoice::Pattern, ..Limits::depth(11) };
    share.serve(1);
    std::thread::scope(|scope| {
        scope.spawn(|| helper.help(&share, 1));
        let mut control = Control::new(&monotonic_ms);
        control.team = Some(Teamwork::main(&share, 1));
        main.search(board, &limits, &mut control);
        share.serve(0);
    });
    assert!(helper.has_pattern_weights(), "the helper took the weights the job carried");
}

#[test]
fn a_helper_of_a_session_that_never_opens_goes_home_when_the_session_changes() {
    let share = SearchShare::new();
    let mut helper = Engine::new(1);
    share.serve(5);
    std::thread::scope(|scope| {
        let waiting = scope.spawn(|| helper.help(&share, 5));
        std::thread::sleep(Duration::from_millis(30));
        assert!(!waiting.is_finished(), "the helper waits for its session's first job");
        share.serve(6);
        waiting.join().expect("the helper returns");
    });
}

#[test]
fn torn_writes_never_answer_for_another_board() {
    // Four threads store and probe at once boards that all fall into one bucket, so that writes
    // of different boards into one entry overlap often (without the XOR check this test fails
    // within a second); each
    // board's entries carry a score and depth derived from the board alone, so an entry mixed
    // from two writes, if it were ever accepted, would show another board's.
    let table = TranspositionTable::with_bytes(0);
    let score_of = |b: Board| (b.hash() % 100_000) as i32 - 50_000;
    let depth_of = |b: Board| (b.hash() >> 20) as u8;
    let boards: Vec<Board> = {
        // Boards of one bucket of the smallest table (1,024 buckets, chosen by the low bits of
        // the board's hash).
        let mut rng = XorShift64Star::new(1);
        let mut boards = Vec::new();
        while boards.len() < 6 {
            let player = rng.next_u64() & rng.next_u64();
            let b = Board { player, opponent: rng.next_u64() & !player };
            if b.hash().is_multiple_of(1024) {
                boards.push(b);
            }
        }
        boards
    };
    let hits = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for t in 0..4u64 {
            let (table, boards, hits) = (&table, &boards, &hits);
            scope.spawn(move || {
                let mut rng = XorShift64Star::new(100 + t);
                for _ in 0..2_000_000 {
                    let b = boards[rng.below(boards.len())];
                    if rng.below(2) == 0 {
                        table.store(b, score_of(b), Bound::Exact, depth_of(b), (b.hash() % 64) as u8);
                    } else if let Some(e) = table.probe(b) {
                        assert_eq!((e.player, e.opponent), (b.player, b.opponent));
                        assert_eq!(e.score, score_of(b), "a probe answered with another write's score");
                        assert_eq!(e.depth, depth_of(b));
                        hits.fetch_add(1, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    assert!(hits.load(Ordering::Relaxed) > 100_000, "the test probed too little to mean anything");
}
