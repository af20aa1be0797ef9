//! Search values: a heuristic evaluation, or the exact final disc difference of a finished game.
//! Internally one `i32` holds both (finished games lie beyond every heuristic value); [`Score`]
//! is the form shown to callers.

use std::fmt;

/// Values of finished Othello games: beyond any heuristic value, and still ordered by the final
/// disc difference (a bigger win is better).
pub const WIN_BASE: i32 = 1_000_000;

/// The negamax value of a finished game, from the disc difference `diff` for the side to move.
pub const fn terminal_value(diff: i32) -> i32 {
    if diff > 0 {
        WIN_BASE + diff
    } else if diff < 0 {
        -WIN_BASE + diff
    } else {
        0
    }
}

/// The final disc difference encoded in a search value, if it is a finished-game value.
pub const fn value_to_exact(value: i32) -> Option<i32> {
    if value >= WIN_BASE - 64 {
        Some(value - WIN_BASE)
    } else if value <= -WIN_BASE + 64 {
        Some(value + WIN_BASE)
    } else {
        None
    }
}

/// A search value: a heuristic evaluation, or the exact final disc difference with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Heuristic units, from the side to move's point of view.
    Eval(i32),
    /// Final disc difference for the side to move (empty squares to the winner).
    Exact(i32),
}

impl Score {
    /// The score of an internal search value.
    pub const fn from_value(value: i32) -> Score {
        match value_to_exact(value) {
            Some(d) => Score::Exact(d),
            None => Score::Eval(value),
        }
    }

    /// The internal value (exact scores mapped above every heuristic value).
    pub const fn to_value(self) -> i32 {
        match self {
            Score::Eval(v) => v,
            Score::Exact(d) => terminal_value(d),
        }
    }

    /// The same score seen from the other side.
    pub const fn negate(self) -> Score {
        match self {
            Score::Eval(v) => Score::Eval(-v),
            Score::Exact(d) => Score::Exact(-d),
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Eval(v) | Score::Exact(v) => write!(f, "{v:+}"),
        }
    }
}
