//! The exact endgame solver against a dead-simple brute-force negamax on small endgames, and
//! against the published FFO solutions #40–44.

use reversi::othello::records::notation::parse_obf;
use reversi::othello::search::endgame::{Solution, Solver};
use reversi::rng::XorShift64Star;
use reversi::{Board, Move};

/// Plain negamax over every line of play to the end: the reference value.
fn brute_force(board: Board) -> i32 {
    let moves = board.legal_moves();
    if moves.is_empty() {
        return if board.is_game_over() { board.final_score() } else { -brute_force(board.passed()) };
    }
    moves.map(|sq| -brute_force(board.play_unchecked(sq))).max().expect("at least one move")
}

/// Positions reached by random play with `empties` empty squares left (fewer if a pass skipped
/// a ply count), or a random finished game.
fn played_out(rng: &mut XorShift64Star, empties: u32) -> Board {
    let mut board = Board::start();
    while board.empty_count() > empties {
        let moves: Vec<_> = board.legal_moves().collect();
        if moves.is_empty() {
            if board.is_game_over() {
                break;
            }
            board = board.passed();
        } else {
            board = board.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    board
}

/// A board filled at random (not necessarily reachable): passes and finished games are common,
/// the more so when one side is `sparse`.
fn random_fill(rng: &mut XorShift64Star, empties: u32, sparse: bool) -> Board {
    let mut empty = 0u64;
    while empty.count_ones() < empties {
        empty |= 1 << rng.below(64);
    }
    let player = if sparse { rng.next_u64() & rng.next_u64() & rng.next_u64() } else { rng.next_u64() } & !empty;
    Board { player, opponent: !empty & !player }
}

/// Checks everything a solution promises against the brute-force value of `board`.
fn check_solution(board: Board, solution: &Solution, expected: i32, label: &str) {
    assert_eq!(solution.score, expected, "{label}: score of {board:?}");
    let moves = board.legal_moves();
    if moves.is_empty() {
        assert_eq!(solution.best_move, Move::Pass, "{label}: no legal move, so a pass");
    } else {
        let after = board.play(solution.best_move).unwrap_or_else(|e| panic!("{label}: best move illegal: {e}"));
        assert_eq!(
            -brute_force(after),
            expected,
            "{label}: best move {} does not achieve the score",
            solution.best_move
        );
    }
    // The principal variation is legal and keeps the score all the way down.
    let mut position = board;
    let mut sign = 1;
    for (ply, &mv) in solution.pv.iter().enumerate() {
        position = position.play(mv).unwrap_or_else(|e| panic!("{label}: pv move {ply} ({mv}) illegal: {e}"));
        sign = -sign;
        assert_eq!(sign * brute_force(position), expected, "{label}: pv move {ply} ({mv}) loses score");
    }
    if !board.is_game_over() {
        assert!(!solution.pv.is_empty(), "{label}: the pv starts with the best move");
        assert_eq!(solution.pv[0], solution.best_move, "{label}");
    }
}

#[test]
fn solver_equals_brute_force_on_played_out_endgames() {
    let mut rng = XorShift64Star::from_state(0x5eed_0001);
    let mut solver = Solver::new(4);
    for i in 0..400 {
        // Mostly small endgames; every tenth position has 9 or 10 empties.
        let empties = if i % 10 == 0 { 9 + (i / 10) % 2 } else { 1 + rng.below(8) as u32 };
        let board = played_out(&mut rng, empties);
        let solution = solver.solve_exact(board);
        check_solution(board, &solution, brute_force(board), &format!("played-out #{i}"));
    }
}

#[test]
fn solver_equals_brute_force_with_passes_and_finished_games() {
    let mut rng = XorShift64Star::from_state(0x5eed_0002);
    let mut solver = Solver::new(4);
    let (mut passes, mut finished) = (0, 0);
    for i in 0..1000 {
        let empties = rng.below(11) as u32;
        let board = random_fill(&mut rng, empties, i % 2 == 0);
        passes += usize::from(board.must_pass());
        finished += usize::from(board.is_game_over());
        let solution = solver.solve_exact(board);
        check_solution(board, &solution, brute_force(board), &format!("random fill #{i}"));
    }
    assert!(passes >= 10 && finished >= 20, "the sample has passes ({passes}) and finished games ({finished})");
}

#[test]
fn windowed_solves_are_fail_soft_bounds() {
    let mut rng = XorShift64Star::from_state(0x5eed_0003);
    let mut solver = Solver::new(4);
    for i in 0..300 {
        let empties = 1 + rng.below(10) as u32;
        let board = played_out(&mut rng, empties);
        let exact = brute_force(board);
        let alpha = rng.below(100) as i32 - 50;
        let beta = alpha + 1 + rng.below(30) as i32;
        let score = solver.solve(board, alpha, beta, &mut |_| false).expect("not stopped").score;
        assert_fail_soft(i, score, exact, alpha, beta);
    }
}

/// `score`, the result of a solve within (`alpha`, `beta`), is a fail-soft bound of `exact`: the
/// value itself inside the window, a bound between the window and the value outside it.
fn assert_fail_soft(i: usize, score: i32, exact: i32, alpha: i32, beta: i32) {
    if exact <= alpha {
        assert!(exact <= score && score <= alpha, "#{i}: fail low {score} for {exact} in ({alpha}, {beta})");
    } else if exact >= beta {
        assert!(beta <= score && score <= exact, "#{i}: fail high {score} for {exact} in ({alpha}, {beta})");
    } else {
        assert_eq!(score, exact, "#{i}: inside ({alpha}, {beta})");
    }
}

#[test]
fn degenerate_boards_do_not_panic() {
    let mut solver = Solver::new(1);
    let no_discs = Board { player: 0, opponent: 0 };
    let full = Board { player: 0x0F0F_0F0F_0F0F_0F0F, opponent: 0xF0F0_F0F0_F0F0_F0F0 };
    let one_side = Board { player: 0xFF, opponent: 0 };
    let overlapping = Board { player: u64::MAX, opponent: u64::MAX };
    for board in [no_discs, full, one_side, one_side.passed(), overlapping] {
        let solution = solver.solve_exact(board);
        assert_eq!(solution.best_move, Move::Pass);
    }
    assert_eq!(solver.solve_exact(full).score, 0);
    assert_eq!(solver.solve_exact(one_side).score, 64);
    assert_eq!(solver.solve(full, 10, -10, &mut |_| false).unwrap().score, 0);
    assert_eq!(solver.solve(Board::start(), i32::MIN, i32::MAX, &mut |_| true), None);
}

fn ffo_entries() -> Vec<reversi::othello::records::notation::ObfEntry> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/fforum-40-59.obf"))
        .expect("FFO file present");
    parse_obf(&text).expect("FFO file parses")
}

#[test]
fn a_stop_request_abandons_the_solve() {
    let board = ffo_entries()[0].position.board();
    let mut solver = Solver::new(16);
    let mut calls = 0;
    let result = solver.solve(board, -64, 64, &mut |nodes| {
        calls += 1;
        nodes > 100_000
    });
    assert_eq!(result, None);
    assert!(calls > 0);
}

#[test]
fn ffo_40_to_44_are_solved_exactly() {
    let mut solver = Solver::new(64);
    for (number, entry) in (40..).zip(ffo_entries().iter().take(5)) {
        solver.clear();
        let board = entry.position.board();
        let solution = solver.solve_exact(board);
        let best = entry.best_score().expect("the file gives the score");
        assert_eq!(solution.score, best, "FFO #{number}");
        let best_moves: Vec<Move> = entry.solutions.iter().filter(|s| s.1 == best).map(|s| s.0).collect();
        assert!(
            best_moves.contains(&solution.best_move),
            "FFO #{number}: {} not in {best_moves:?}",
            solution.best_move
        );
        // The principal variation is a legal line.
        let mut position = board;
        for &mv in &solution.pv {
            position = position.play(mv).unwrap_or_else(|e| panic!("FFO #{number}: pv move {mv}: {e}"));
        }
        assert!(solution.pv.len() > 1, "FFO #{number}: pv {:?}", solution.pv);
    }
}

/// Plain fail-hard alpha-beta without table or ordering: a reference fast enough for 12–15
/// empties, where the solver's ordering searches, enhanced transposition cutoffs and aspiration
/// windows are in play.
fn alpha_beta(board: Board, mut alpha: i32, beta: i32) -> i32 {
    let moves = board.legal_moves();
    if moves.is_empty() {
        return if board.is_game_over() { board.final_score() } else { -alpha_beta(board.passed(), -beta, -alpha) };
    }
    for sq in moves {
        let score = -alpha_beta(board.play_unchecked(sq), -beta, -alpha);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

#[test]
fn solver_with_pattern_ordering_equals_alpha_beta_at_12_to_15_empties() {
    let weights = reversi::othello::eval::pattern::file::bundled().expect("bundled weights");
    let mut rng = XorShift64Star::from_state(0x5eed_0004);
    let mut solver = Solver::new(8);
    solver.set_pattern_weights(Some(weights));
    for i in 0..16 {
        let empties = 12 + (i % 4) as u32;
        let board = played_out(&mut rng, empties);
        let exact = alpha_beta(board, -65, 65);
        let solution = solver.solve_exact(board);
        assert_eq!(solution.score, exact, "#{i}: exact score of {board:?}");
        if !board.legal_moves().is_empty() {
            let after = board.play(solution.best_move).expect("legal best move");
            assert_eq!(-alpha_beta(after, -65, 65), exact, "#{i}: best move {}", solution.best_move);
        }
        // Windows around, below and above the value, and the win/loss/draw window (the selective
        // pre-solve from 14 empties then runs inside it too): fail-soft bounds on the right side.
        for (alpha, beta) in
            [(exact - 1, exact + 1), (exact + 2, exact + 10), (exact - 10, exact - 2), (exact - 3, exact + 5), (-1, 1)]
        {
            let score = solver.solve(board, alpha, beta, &mut |_| false).expect("not stopped").score;
            assert_fail_soft(i, score, exact, alpha, beta);
        }
        if i % 3 == 0 {
            solver.clear();
        }
    }
}
