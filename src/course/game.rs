//! The game abstraction the search algorithms run on, after the course notes (seed 000):
//! GERMOV (the move generator), ESTÁTICA (the static evaluation) and PROFUNDO-O-SUFICIENTE (the
//! depth cut-off). Othello implements it here; the lecture's example trees and tic-tac-toe
//! implement it the same way, so one search code serves them all.
//!
//! Everything is generic and monomorphised, so using it for Othello costs nothing at run time:
//! the move list is a bitboard iterator, not a heap-allocated vector.

use crate::othello::board::{legal_moves, Board};
use crate::othello::score::terminal_value;
use crate::othello::square::{Move, Square};
use std::fmt::Debug;

/// A two-player, zero-sum, perfect-information game seen by a negamax search: every value is from
/// the point of view of the side to move.
pub trait Game {
    type Position: Clone + Debug;
    type Move: Copy + PartialEq + Debug;
    type Moves: Iterator<Item = Self::Move>;

    /// GERMOV: the moves of the side to move. Empty exactly when the game is over.
    fn moves(&self, pos: &Self::Position) -> Self::Moves;

    /// The position after `mv` (which came from `moves`).
    fn play(&self, pos: &Self::Position, mv: Self::Move) -> Self::Position;

    /// ESTÁTICA: the value of `pos` for the side to move (exact at the end of the game).
    fn evaluate(&self, pos: &Self::Position) -> i32;

    /// PROFUNDO-O-SUFICIENTE: stop searching here? By default, when no depth remains.
    fn deep_enough(&self, _pos: &Self::Position, depth_remaining: u32) -> bool {
        depth_remaining == 0
    }
}

/// Othello for the generic searches, with a choice of static evaluation.
///
/// A pass is a move (and a ply) when the side to move has no square but the opponent has one.
///
/// ```
/// use reversi::{course::game::{Game, Othello}, Board};
/// let g = Othello::new(|b: Board| (b.player.count_ones() as i32) - (b.opponent.count_ones() as i32));
/// assert_eq!(g.moves(&Board::start()).count(), 4);
/// ```
#[derive(Clone, Copy)]
pub struct Othello<E: Fn(Board) -> i32> {
    eval: E,
}

impl<E: Fn(Board) -> i32> Othello<E> {
    /// Othello scored by `eval` at the depth cut-off (finished games are scored exactly).
    pub const fn new(eval: E) -> Othello<E> {
        Othello { eval }
    }
}

/// Othello scored by the engine's evaluation.
pub fn othello() -> Othello<fn(Board) -> i32> {
    Othello::new(crate::othello::eval::evaluate as fn(Board) -> i32)
}

/// The moves of an Othello position: the legal squares, or a single pass, or nothing.
#[derive(Clone, Copy, Debug)]
pub struct OthelloMoves {
    squares: u64,
    pass: bool,
}

impl Iterator for OthelloMoves {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        if self.squares != 0 {
            let sq = Square::new(self.squares.trailing_zeros() as u8)?;
            self.squares &= self.squares - 1;
            Some(Move::Play(sq))
        } else if self.pass {
            self.pass = false;
            Some(Move::Pass)
        } else {
            None
        }
    }
}

impl<E: Fn(Board) -> i32> Game for Othello<E> {
    type Position = Board;
    type Move = Move;
    type Moves = OthelloMoves;

    #[inline]
    fn moves(&self, b: &Board) -> OthelloMoves {
        let squares = legal_moves(b.player, b.opponent);
        let pass = squares == 0 && legal_moves(b.opponent, b.player) != 0;
        OthelloMoves { squares, pass }
    }

    #[inline]
    fn play(&self, b: &Board, mv: Move) -> Board {
        match mv {
            Move::Play(sq) => b.play_unchecked(sq),
            Move::Pass => b.passed(),
        }
    }

    #[inline]
    fn evaluate(&self, b: &Board) -> i32 {
        if b.is_game_over() {
            terminal_value(b.final_score())
        } else {
            (self.eval)(*b)
        }
    }
}
