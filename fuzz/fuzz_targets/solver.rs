//! `endgame::Solver` on arbitrary boards with up to 14 empty squares (reachable or not): it never
//! panics, its best move is legal (a pass exactly when no square is), its principal variation is
//! a legal line, and a windowed solve is a fail-soft bound consistent with the exact value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::othello::search::endgame::Solver;
use reversi::{Board, Move};
use std::cell::RefCell;

thread_local! {
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new(8));
}

fn word(data: &[u8], i: usize) -> u64 {
    let mut bytes = [0u8; 8];
    for (k, b) in bytes.iter_mut().enumerate() {
        *b = data.get(i * 8 + k).copied().unwrap_or(0);
    }
    u64::from_le_bytes(bytes)
}

fuzz_target!(|data: &[u8]| {
    let mut empty = word(data, 0) & word(data, 1) & word(data, 2);
    while empty.count_ones() > 14 {
        empty &= empty - 1;
    }
    let player = word(data, 3) & !empty;
    let board = Board { player, opponent: !player & !empty };
    let alpha = i32::from(data.get(32).copied().unwrap_or(0) as i8) / 2;
    let beta = alpha + 1 + i32::from(data.get(33).copied().unwrap_or(0) % 40);

    SOLVER.with(|solver| {
        let mut solver = solver.borrow_mut();
        let exact = solver.solve_exact(board);
        assert!((-64..=64).contains(&exact.score));
        if board.legal_moves().is_empty() {
            assert_eq!(exact.best_move, Move::Pass);
        } else {
            assert!(board.play(exact.best_move).is_ok() && exact.best_move != Move::Pass);
        }
        let mut position = board;
        for &mv in &exact.pv {
            position = position.play(mv).expect("pv moves are legal");
        }
        let bounded = solver.solve(board, alpha, beta, &mut |_| false).expect("never stopped");
        if exact.score <= alpha {
            assert!(exact.score <= bounded.score && bounded.score <= alpha);
        } else if exact.score >= beta {
            assert!(beta <= bounded.score && bounded.score <= exact.score);
        } else {
            assert_eq!(bounded.score, exact.score);
        }
    });
});
