//! Playing levels: from a beginner who blunders corners to the strongest play that fits a few
//! seconds a move. Each level is a search depth, a number of empty squares from which the game is
//! solved exactly, an optional time budget, and a deliberate randomness for the weak levels.

use crate::othello::book::BookUse;
use crate::othello::eval::expert::{ExpertRules, Rule};
use crate::othello::search::{EvalChoice, ExpertUse, Limits};
use std::fmt;

/// One playing level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// 1 = weakest.
    pub number: u8,
    pub name: &'static str,
    /// Midgame search depth in plies.
    pub depth: u32,
    /// Perfect play once this many squares (or fewer) are empty.
    pub exact_from_empties: u32,
    /// Time budget per move; the search stops at the last completed depth when it runs out.
    pub time_ms: Option<u64>,
    /// The move is drawn among those within this many evaluation units of the best (0 = none).
    pub randomness: i32,
    /// How the course's expert moves are used.
    pub expert: ExpertUse,
    /// The static evaluation: the course's for the levels that play as the course teaches, the
    /// trained pattern evaluation for the strong ones (when the engine has its weights; the
    /// course's until then).
    pub eval: EvalChoice,
    /// How it plays from the opening book (when the engine has one): the strongest levels always
    /// a best book move for as long as the book lasts, the middle ones within a margin of the best
    /// and only for the first moves, the weakest not at all (their randomness is their opening).
    pub book: Option<BookUse>,
}

/// The levels, weakest first.
///
/// Depths and solve thresholds were chosen so that each level answers within about a second in a
/// browser on a phone, except the last two, which use their time budget. Levels 1–5 evaluate as
/// the course teaches; 6–9 with the trained pattern evaluation (about as costly per position, and
/// worth several plies of search: see docs/log/training.md, "Against the course's evaluation").
pub const LEVELS: &[Level] = &[
    Level {
        number: 1,
        name: "Beginner",
        depth: 1,
        exact_from_empties: 0,
        time_ms: None,
        randomness: 400,
        expert: ExpertUse::Off,
        eval: EvalChoice::Course,
        book: None,
    },
    Level {
        number: 2,
        name: "Novice",
        depth: 2,
        exact_from_empties: 4,
        time_ms: None,
        randomness: 150,
        // A novice knows one thing for sure: take a corner when you can.
        expert: ExpertUse::Override(ExpertRules::only(Rule::TakeCorner)),
        eval: EvalChoice::Course,
        book: None,
    },
    Level {
        number: 3,
        name: "Casual",
        depth: 3,
        exact_from_empties: 8,
        time_ms: None,
        randomness: 40,
        expert: ExpertUse::Off,
        eval: EvalChoice::Course,
        book: None,
    },
    Level {
        number: 4,
        name: "Club",
        depth: 4,
        exact_from_empties: 10,
        time_ms: None,
        randomness: 0,
        expert: ExpertUse::Off,
        eval: EvalChoice::Course,
        book: Some(BookUse { margin: 4, until_ply: 8 }),
    },
    Level {
        number: 5,
        name: "Strong",
        depth: 6,
        exact_from_empties: 12,
        time_ms: None,
        randomness: 0,
        expert: ExpertUse::Off,
        eval: EvalChoice::Course,
        book: Some(BookUse { margin: 3, until_ply: 12 }),
    },
    Level {
        number: 6,
        name: "Expert",
        depth: 8,
        exact_from_empties: 14,
        time_ms: None,
        randomness: 0,
        expert: ExpertUse::Off,
        eval: EvalChoice::Pattern,
        book: Some(BookUse { margin: 2, until_ply: 16 }),
    },
    Level {
        number: 7,
        name: "Master",
        depth: 10,
        exact_from_empties: 16,
        time_ms: Some(2_000),
        randomness: 0,
        expert: ExpertUse::Off,
        eval: EvalChoice::Pattern,
        book: Some(BookUse { margin: 1, until_ply: 60 }),
    },
    Level {
        number: 8,
        name: "Grandmaster",
        depth: 14,
        exact_from_empties: 18,
        time_ms: Some(4_000),
        randomness: 0,
        expert: ExpertUse::Off,
        eval: EvalChoice::Pattern,
        book: Some(BookUse::STRONG),
    },
    Level {
        number: 9,
        name: "Maximum",
        depth: 60,
        // Up to 24 when the solve is predicted to fit its time (`Limits::plan_solve`).
        exact_from_empties: 24,
        time_ms: Some(6_000),
        randomness: 0,
        expert: ExpertUse::Off,
        eval: EvalChoice::Pattern,
        book: Some(BookUse::STRONG),
    },
];

/// A level number outside `1..=LEVELS.len()`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError {
    pub requested: i64,
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level {} does not exist (levels are 1 to {})", self.requested, LEVELS.len())
    }
}

impl std::error::Error for LevelError {}

/// The level with this number.
///
/// ```
/// assert_eq!(reversi::othello::search::levels::level(1).unwrap().name, "Beginner");
/// assert!(reversi::othello::search::levels::level(0).is_err());
/// ```
pub fn level(number: i64) -> Result<Level, LevelError> {
    usize::try_from(number)
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| LEVELS.get(i))
        .copied()
        .ok_or(LevelError { requested: number })
}

impl Level {
    /// The search limits of this level; `seed` drives the weak levels' random choices.
    pub fn limits(&self, seed: u64) -> Limits {
        Limits {
            depth: Some(self.depth),
            nodes: None,
            time_ms: self.time_ms,
            exact_from_empties: Some(self.exact_from_empties),
            plan_solve: self.time_ms.is_some(),
            randomness: self.randomness,
            seed,
            expert: self.expert,
            eval: self.eval,
            probcut: self.eval == EvalChoice::Pattern,
            book: self.book,
        }
    }
}
