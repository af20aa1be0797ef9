//! The game abstraction the search algorithms run on, after the course notes (seed 000):
//! GERMOV (the move generator), ESTÁTICA (the static evaluation) and PROFUNDO-O-SUFICIENTE (the
//! depth cut-off). Othello implements it here; the lecture's example trees and tic-tac-toe
//! implement it the same way, so one search code serves them all.
//!
//! Everything is generic and monomorphised, so using it for Othello costs nothing at run time:
//! the move list is a bitboard iterator, not a heap-allocated vector.

use crate::othello::records::notation::format_board;
use crate::othello::rules::board::{legal_moves, Board, Position};
use crate::othello::rules::square::{Color, Move, Square};
use crate::othello::search::score::terminal_value;
use std::fmt::{self, Debug};

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
    Othello::new(crate::othello::eval::course::evaluate as fn(Board) -> i32)
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

/// The two players of the course's MAX/MIN forms. MAX is the side whose view values take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Max,
    Min,
}

impl Side {
    pub const fn opposite(self) -> Side {
        match self {
            Side::Max => Side::Min,
            Side::Min => Side::Max,
        }
    }

    /// `MAX` or `MIN`, as the course writes them.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Max => "MAX",
            Side::Min => "MIN",
        }
    }

    /// +1 for MAX, −1 for MIN: turns a MAX-view value into this side's view and back.
    pub const fn sign(self) -> i32 {
        match self {
            Side::Max => 1,
            Side::Min => -1,
        }
    }
}

/// A leaf's value: a number (MAX's view) or one utility per player (max^n).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Scalar(i32),
    Vector(Vec<i32>),
}

impl fmt::Display for Value {
    /// `7`, or `(1, 2, 6)` as the course writes vectors.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Scalar(v) => write!(f, "{v}"),
            Value::Vector(vs) => {
                let parts: Vec<String> = vs.iter().map(|v| v.to_string()).collect();
                write!(f, "({})", parts.join(", "))
            }
        }
    }
}

/// What the classroom's tracing searches need beyond [`Game`]: who moves at the root, names for
/// positions and moves, a picture of a position, and a cheap estimate to order moves by.
///
/// The turn passes at every move (a pass is a move), which is what negamax's negation assumes:
/// the side to move at depth `d` is the root's side if `d` is even, the other one if odd.
pub trait Traceable: Game {
    /// Who moves at `root` when a search starts there: MAX, unless the game says otherwise (a
    /// tree written `min …`).
    fn root_side(&self, _root: &Self::Position) -> Side {
        Side::Max
    }

    /// A name of the position itself (trees label their nodes; games name nodes by their move).
    fn label(&self, _pos: &Self::Position) -> Option<String> {
        None
    }

    /// The name of `mv` played in `pos` (`"d3"`, `"pass"`, `"b2"`, a child's label).
    fn move_name(&self, pos: &Self::Position, mv: Self::Move) -> String;

    /// The position as text (Othello: 64 squares, tic-tac-toe: 9), given who is to move in it.
    fn picture(&self, _pos: &Self::Position, _mover: Side) -> Option<String> {
        None
    }

    /// A quick value of `pos` for the side to move, to order moves by (best first). `None` when
    /// nothing is known before searching it: an explicit tree has no estimate for an inner node,
    /// and reading a leaf's value *is* its static evaluation.
    fn estimate(&self, _pos: &Self::Position) -> Option<i32> {
        None
    }

    /// A key naming the position exactly (side to move included), for a transposition table;
    /// `None` when positions never repeat (an explicit tree: every node is its own position).
    fn key(&self, _pos: &Self::Position) -> Option<u128> {
        None
    }
}

/// A game of n players for max^n (seed 003): each position has one player to move, who picks the
/// successor whose utility vector is best in their own component. Players move in turn, 1, 2, …,
/// n, 1, … from the root.
pub trait MultiplayerGame {
    type Position: Clone + Debug;
    type Move: Copy + PartialEq + Debug;

    /// n, the length of every utility vector.
    fn players(&self) -> usize;

    /// The successors' moves, in order; empty at a terminal position.
    fn moves(&self, pos: &Self::Position) -> Vec<Self::Move>;

    fn play(&self, pos: &Self::Position, mv: Self::Move) -> Self::Position;

    /// The utility vector of a terminal or cut-off position: one value per player, in turn order.
    fn utilities(&self, pos: &Self::Position) -> Vec<i32>;

    fn deep_enough(&self, _pos: &Self::Position, depth_remaining: u32) -> bool {
        depth_remaining == 0
    }

    fn label(&self, _pos: &Self::Position) -> Option<String> {
        None
    }

    fn move_name(&self, pos: &Self::Position, mv: Self::Move) -> String;
}

/// Othello as the classroom shows it: [`Othello`] on side-relative boards, with the colours known
/// (MAX is the colour to move at the root) so positions can be drawn.
#[derive(Clone, Copy)]
pub struct ShownOthello<E: Fn(Board) -> i32> {
    pub game: Othello<E>,
    /// The colour to move at the root: MAX.
    pub max: Color,
}

impl<E: Fn(Board) -> i32> Game for ShownOthello<E> {
    type Position = Board;
    type Move = Move;
    type Moves = OthelloMoves;

    fn moves(&self, b: &Board) -> OthelloMoves {
        self.game.moves(b)
    }

    fn play(&self, b: &Board, mv: Move) -> Board {
        self.game.play(b, mv)
    }

    fn evaluate(&self, b: &Board) -> i32 {
        self.game.evaluate(b)
    }
}

impl<E: Fn(Board) -> i32> Traceable for ShownOthello<E> {
    fn move_name(&self, _b: &Board, mv: Move) -> String {
        match mv {
            Move::Play(sq) => sq.to_string(),
            Move::Pass => "pass".to_string(),
        }
    }

    /// The 64 squares, a1 first (`X` black, `O` white, `-` empty), as `?board=` writes them.
    fn picture(&self, b: &Board, mover: Side) -> Option<String> {
        let color = match mover {
            Side::Max => self.max,
            Side::Min => self.max.opposite(),
        };
        let mut text = format_board(Position::from_board(*b, color));
        text.truncate(64);
        Some(text)
    }

    fn estimate(&self, b: &Board) -> Option<i32> {
        Some(self.game.evaluate(b))
    }

    /// The discs of the side to move and of the other side: the board and who is to move.
    fn key(&self, b: &Board) -> Option<u128> {
        Some((u128::from(b.player) << 64) | u128::from(b.opponent))
    }
}
