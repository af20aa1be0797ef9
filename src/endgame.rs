//! Placeholder exact solver (replaced by the fast solver on the `endgame` branch).

use crate::board::{legal_moves, Board};
use crate::square::{Move, Square};

/// An exact result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub score: i32,
    pub best_move: Move,
    pub pv: Vec<Move>,
    pub nodes: u64,
}

/// Exact solver.
pub struct Solver {
    nodes: u64,
}

impl Solver {
    pub fn new(_tt_megabytes: usize) -> Solver {
        Solver { nodes: 0 }
    }

    pub fn clear(&mut self) {}

    pub fn solve(
        &mut self,
        board: Board,
        alpha: i32,
        beta: i32,
        should_stop: &mut dyn FnMut(u64) -> bool,
    ) -> Option<Solution> {
        self.nodes = 0;
        let (score, pv) = self.negamax(board, alpha, beta, should_stop)?;
        Some(Solution { score, best_move: pv.first().copied().unwrap_or(Move::Pass), pv, nodes: self.nodes })
    }

    pub fn solve_exact(&mut self, board: Board) -> Solution {
        self.solve(board, -64, 64, &mut |_| false).expect("never stopped")
    }

    fn negamax(
        &mut self,
        b: Board,
        mut alpha: i32,
        beta: i32,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> Option<(i32, Vec<Move>)> {
        self.nodes += 1;
        if self.nodes % 4096 == 0 && stop(self.nodes) {
            return None;
        }
        let mut moves = legal_moves(b.player, b.opponent);
        if moves == 0 {
            if legal_moves(b.opponent, b.player) == 0 {
                return Some((b.final_score(), Vec::new()));
            }
            let (s, mut pv) = self.negamax(b.passed(), -beta, -alpha, stop)?;
            pv.insert(0, Move::Pass);
            return Some((-s, pv));
        }
        let mut best = -65;
        let mut best_pv = Vec::new();
        while moves != 0 {
            let sq = Square::new(moves.trailing_zeros() as u8).unwrap();
            moves &= moves - 1;
            let (s, pv) = self.negamax(b.play_unchecked(sq), -beta, -alpha, stop)?;
            let s = -s;
            if s > best {
                best = s;
                best_pv = pv;
                best_pv.insert(0, Move::Play(sq));
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        Some((best, best_pv))
    }
}
