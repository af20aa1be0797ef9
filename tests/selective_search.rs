//! Time management and Multi-ProbCut, tested functionally: the clocks here are counters that
//! advance a fixed amount each time the engine looks at them, so nothing depends on the machine's
//! speed or load.

use crate::common;

use reversi::othello::eval::pattern::file::bundled;
use reversi::othello::search::endgame::Solver;
use reversi::othello::search::{Control, Engine, EvalChoice, Limits, Progress};
use reversi::{Board, Move};
use std::cell::Cell;

/// A clock that advances `step` milliseconds at every reading (the engine reads it every 1024
/// positions and after each iteration, so it runs roughly in step with the work done).
fn counting_clock(step: f64) -> impl Fn() -> f64 {
    let now = Cell::new(0.0);
    move || {
        now.set(now.get() + step);
        now.get()
    }
}

/// Searches `board` under `limits` with `clock`; returns the result and the completed iterations
/// reported, with the clock's reading at the end.
fn search_with(
    engine: &mut Engine,
    board: Board,
    limits: &Limits,
    clock: &dyn Fn() -> f64,
) -> (reversi::othello::search::SearchResult, Vec<Progress>, f64) {
    let mut iterations = Vec::new();
    let mut record = |p: &Progress| iterations.push(p.clone());
    let mut control = Control::new(clock);
    control.on_progress = Some(&mut record);
    let r = engine.search(board, limits, &mut control);
    let end = clock();
    (r, iterations, end)
}

fn midgame_boards(count: usize) -> Vec<Board> {
    common::random_boards(77, count, 12, 30).into_iter().filter(|b| !b.legal_moves().is_empty()).collect()
}

#[test]
fn a_timed_search_plays_the_move_of_its_last_completed_iteration() {
    for eval in [EvalChoice::Course, EvalChoice::Pattern] {
        let mut engine = Engine::new(4);
        engine.set_pattern_weights(bundled().ok());
        let limits = Limits { time_ms: Some(200), eval, probcut: true, ..Limits::default() };
        for board in midgame_boards(12) {
            let clock = counting_clock(0.25);
            let (r, iterations, end) = search_with(&mut engine, board, &limits, &clock);
            let last = iterations.last().expect("at least one iteration completes");
            assert_eq!(r.best_move, last.best_move);
            assert_eq!(r.score, last.score);
            assert_eq!(r.stats.depth, last.depth);
            // Never beyond the budget by more than the clock readings between two checks.
            assert!(end <= 202.0, "{eval:?}: ended at {end} ms");
        }
    }
}

#[test]
fn an_iteration_cut_by_the_deadline_is_dropped() {
    // The clock jumps past the budget at its 200th reading, inside some iteration: the search
    // stops there and keeps the iteration before.
    let mut engine = Engine::new(4);
    for board in midgame_boards(6) {
        let readings = Cell::new(0u32);
        let clock = || {
            readings.set(readings.get() + 1);
            if readings.get() >= 200 {
                1e9
            } else {
                f64::from(readings.get()) * 1e-3
            }
        };
        let (r, iterations, _) =
            search_with(&mut engine, board, &Limits { time_ms: Some(1000), ..Limits::default() }, &clock);
        let last = iterations.last().expect("the first iterations fit in 200 readings");
        assert_eq!((r.best_move, r.score, r.stats.depth), (last.best_move, last.score, last.depth));
    }
}

#[test]
fn most_timed_searches_end_at_an_iteration_they_chose_to_stop_at() {
    // With a clock in step with the work, the plan predicts well: the hard deadline (the search
    // running into the budget) is the exception.
    let mut engine = Engine::new(4);
    let boards = midgame_boards(20);
    let mut hit_deadline = 0;
    let mut used = 0.0;
    for &board in &boards {
        let clock = counting_clock(0.1);
        let (_, _, end) = search_with(&mut engine, board, &Limits { time_ms: Some(100), ..Limits::default() }, &clock);
        used += end / 100.0;
        if end >= 100.0 {
            hit_deadline += 1;
        }
    }
    assert!(hit_deadline * 5 <= boards.len(), "{hit_deadline} of {} searches ran into the deadline", boards.len());
    assert!(used / boards.len() as f64 > 0.15, "the budget is used, not wasted: mean share {used}");
}

#[test]
fn probcut_is_ignored_with_the_course_evaluation() {
    for (i, board) in common::random_boards(5, 40, 4, 40).into_iter().enumerate() {
        let depth = 3 + (i % 4) as u32;
        let plain = Engine::new(1).search(board, &Limits::depth(depth), &mut Control::new(&|| 0.0));
        let asked =
            Engine::new(1).search(board, &Limits { probcut: true, ..Limits::depth(depth) }, &mut Control::new(&|| 0.0));
        assert_eq!(plain, asked, "position {i}");
    }
}

#[test]
fn the_exact_endgame_is_untouched_by_probcut() {
    let weights = bundled().expect("the built-in weights");
    let mut solver = Solver::new(4);
    for (i, board) in common::random_boards(31, 12, 46, 48).into_iter().enumerate() {
        if board.is_game_over() {
            continue;
        }
        let mut engine = Engine::new(4);
        engine.set_pattern_weights(Some(weights.clone()));
        let limits =
            Limits { exact_from_empties: Some(14), eval: EvalChoice::Pattern, probcut: true, ..Limits::depth(20) };
        let r = engine.search(board, &limits, &mut Control::new(&|| 0.0));
        solver.clear();
        let exact = solver.solve_exact(board);
        assert_eq!(r.score, reversi::othello::search::score::Score::Exact(exact.score), "position {i}");
        if r.best_move != Move::Pass {
            let after = board.play_unchecked(r.best_move.square().unwrap());
            solver.clear();
            assert_eq!(
                -solver.solve_exact(after).score,
                exact.score,
                "position {i}: {} is not a best move",
                r.best_move
            );
        }
    }
}

#[test]
fn probcut_saves_nodes_in_the_midgame() {
    // ProbCut may change the move where two moves are close; what it must not do is play a move
    // the full-width search finds clearly worse. Each move it picks is judged by the full-width
    // search of the position after it (one ply less), on 40 positions so that the tally is stable.
    let weights = bundled().expect("the built-in weights");
    let search = |board: Board, depth: u32, probcut: bool| {
        let mut engine = Engine::new(8);
        engine.set_pattern_weights(Some(weights.clone()));
        engine.search(
            board,
            &Limits { eval: EvalChoice::Pattern, probcut, ..Limits::depth(depth) },
            &mut Control::new(&|| 0.0),
        )
    };
    let (mut with, mut without) = (0u64, 0u64);
    let (mut same_move, mut total_loss, mut worst_loss) = (0, 0i64, 0i32);
    let boards = midgame_boards(40);
    for &board in &boards {
        let (on, off) = (search(board, 8, true), search(board, 8, false));
        with += on.stats.nodes;
        without += off.stats.nodes;
        let square = on.best_move.square().expect("a midgame position has moves");
        assert!(board.legal_moves().contains(square));
        if on.best_move == off.best_move {
            same_move += 1;
        } else {
            let after = board.play_unchecked(square);
            let value_of_move = -search(after, 7, false).score.to_value();
            let loss = off.score.to_value() - value_of_move;
            assert!(loss >= 0, "the move is worth {loss} units more than the root's full-width value");
            total_loss += i64::from(loss);
            worst_loss = worst_loss.max(loss);
        }
    }
    eprintln!("ProbCut: {with} nodes against {without}; same move {same_move}/{}; {total_loss} units lost, worst {worst_loss}", boards.len());
    assert!(with * 10 < without * 8, "ProbCut {with} nodes, without {without}");
    assert!(same_move * 2 >= boards.len(), "the same move in only {same_move} of {} positions", boards.len());
    // Pattern units are hundredths of a disc: on average less than a disc lost a position (0.35
    // with the committed table; a ProbCut that cut on noise loses several discs a position).
    assert!(total_loss < 100 * boards.len() as i64, "{total_loss} units lost over {} positions", boards.len());
}

#[test]
fn a_position_won_by_a_wipe_out_is_searched_selectively_too() {
    use reversi::othello::analysis::arena::random_walk;
    use reversi::othello::search::levels::level;
    use reversi::rng::XorShift64Star;
    // 37 empties, the side to move winning by a wipe-out by evaluation (+57 discs, the edge at
    // +64 within reach): beside a move valued at the edge, each other move's null window asks
    // only whether a decided game lies within the horizon, which without ProbCut takes the full
    // minimal tree (70 M positions at depth 15).
    let board = random_walk(&mut XorShift64Star::new(11), 22);
    let child = board.play_unchecked("a4".parse().expect("a square"));
    let nine = level(9).expect("level 9").limits(0);
    let limits = Limits { depth: Some(15), time_ms: None, book: None, exact_from_empties: None, ..nine };
    let mut engine = Engine::new(16);
    engine.set_pattern_weights(Some(bundled().expect("the built-in weights")));
    let result = engine.search(child, &limits, &mut Control::new(&|| 0.0));
    assert!(result.stats.nodes < 5_000_000, "{} positions to depth 15", result.stats.nodes);
    assert!(result.score.to_value() >= 5_000, "a wipe-out by evaluation: {:?}", result.score);
}
