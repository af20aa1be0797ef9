//! One side of a match as the command line describes it: a level or limits, the
//! evaluation, a weights file, the book and a game clock, as comma-separated `key=value` settings
//! ([`PlayerConfig::parse`]), and the engine player they make ([`PlayerConfig::player`]).

use crate::othello::analysis::arena::{EnginePlayer, GameClock};
use crate::othello::book::{Book, BookUse};
use crate::othello::eval::pattern::PatternWeights;
use crate::othello::rules::board::Board;
use crate::othello::search::levels::level;
use crate::othello::search::{EvalChoice, Limits};
use crate::rng::GOLDEN_GAMMA;
use crate::text::excerpt;
use std::sync::Arc;

/// One side of a match as the command line describes it: `level=9`, `depth=8,eval=pattern`,
/// `time=200,eval=course,exact=14`… (see [`PlayerConfig::parse`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerConfig {
    /// The limits of every move (the seed of a weak level's random choices is mixed per move).
    pub limits: Limits,
    /// A pattern weights file; `None` means the built-in weights (when the evaluation is
    /// the pattern one).
    pub weights: Option<String>,
    /// A game clock (`clock=M+S`) instead of a time per move.
    pub game_clock: Option<GameClock>,
    /// Threads searching each move together (`threads=N`, 1 by default; natively).
    pub threads: usize,
    /// The text it was parsed from, for reports.
    pub text: String,
}

/// A configuration that cannot be parsed; the message names the part at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

impl PlayerConfig {
    /// Parses comma-separated `key=value` settings, applied in order:
    ///
    /// | key | value |
    /// |---|---|
    /// | `level` | a playing level (1–9): its depth, exact solving, time, randomness, evaluation; later keys override |
    /// | `depth` | plies (1–60) |
    /// | `nodes` | positions per move |
    /// | `time` | milliseconds per move |
    /// | `clock` | a game clock, `M+S`: M minutes for the game, S seconds added after each move (`+S` optional); each move's time is planned from the time left, and a player whose clock runs out loses (counted as lost by 64 discs) |
    /// | `exact` | solve exactly from this many empties |
    /// | `eval` | `course` or `pattern` |
    /// | `weights` | a pattern weights file (implies `eval=pattern`) |
    /// | `probcut` | `on` or `off` (default: on with the pattern evaluation, off with the course's) |
    /// | `book` | `on` or `off`: play from the opening book (default: as the level does, level 9 a best book move; off without a level; `on` without a level: as level 9) |
    /// | `book-margin` | discs from the best within which book moves are drawn (0–64; implies `book=on`) |
    /// | `threads` | threads searching each move together, sharing the player's table (1–64, default 1; [`crate::othello::search::parallel`]) |
    ///
    /// A bare number is a level (`9` is `level=9`). A configuration needs a level, a depth, a node
    /// limit or a time.
    ///
    /// ```
    /// use reversi::othello::analysis::player_config::PlayerConfig;
    /// use reversi::othello::search::EvalChoice;
    /// let c = PlayerConfig::parse("level=9,eval=course,time=200").unwrap();
    /// assert_eq!((c.limits.eval, c.limits.time_ms, c.limits.probcut), (EvalChoice::Course, Some(200), false));
    /// assert!(PlayerConfig::parse("depth=0").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<PlayerConfig, ConfigError> {
        let fail = |what: String| Err(ConfigError(format!("player '{}': {what}", excerpt(text))));
        let mut limits = Limits::default();
        let mut weights = None;
        let mut probcut = None;
        let mut book = None;
        let mut book_margin = None;
        let mut bounded = false;
        let mut game_clock = None;
        let mut threads = 1;
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').unwrap_or(if part.bytes().all(|c| c.is_ascii_digit()) {
                ("level", part)
            } else {
                (part, "")
            });
            let number = |max: u64| -> Result<u64, ConfigError> {
                value.parse::<u64>().ok().filter(|n| (1..=max).contains(n)).ok_or_else(|| {
                    ConfigError(format!(
                        "player '{}': {key} '{}' is not a number from 1 to {max}",
                        excerpt(text),
                        excerpt(value)
                    ))
                })
            };
            // A setting of two words (on/off, plan/always): true for the first.
            let either = |yes: &str, no: &str| -> Result<bool, ConfigError> {
                match value {
                    v if v == yes => Ok(true),
                    v if v == no => Ok(false),
                    _ => Err(ConfigError(format!(
                        "player '{}': {key} '{}' is not {yes} or {no}",
                        excerpt(text),
                        excerpt(value)
                    ))),
                }
            };
            match key {
                "level" => {
                    limits = level(number(255)? as i64).map_err(|e| ConfigError(e.to_string()))?.limits(0);
                    bounded = true;
                }
                "depth" => {
                    limits.depth = Some(number(60)? as u32);
                    bounded = true;
                }
                "nodes" => {
                    limits.nodes = Some(number(u64::MAX)?);
                    bounded = true;
                }
                "time" => {
                    limits.time_ms = Some(number(3_600_000)?);
                    bounded = true;
                }
                "clock" => {
                    game_clock = Some(GameClock::parse(value).ok_or_else(|| {
                        ConfigError(format!(
                            "player '{}': clock '{}' is not minutes for the game and seconds a move, such as 1+1 or 0.5",
                            excerpt(text),
                            excerpt(value)
                        ))
                    })?);
                    bounded = true;
                }
                "exact" => {
                    limits.exact_from_empties = Some(value.parse().ok().filter(|e| *e <= 60).ok_or_else(|| {
                        ConfigError(format!(
                            "player '{}': exact '{}' is not 0 to 60 empties",
                            excerpt(text),
                            excerpt(value)
                        ))
                    })?)
                }
                "solve" => limits.plan_solve = either("plan", "always")?,
                "eval" => {
                    limits.eval = match value {
                        "course" => EvalChoice::Course,
                        "pattern" => EvalChoice::Pattern,
                        _ => {
                            return fail(format!(
                                "eval '{}' is not course or pattern",
                                excerpt(value)
                            ))
                        }
                    }
                }
                "weights" => {
                    if value.is_empty() {
                        return fail("weights needs a file".into());
                    }
                    weights = Some(value.to_string());
                    limits.eval = EvalChoice::Pattern;
                }
                "book" => book = Some(either("on", "off")?),
                "book-margin" => {
                    book_margin = Some(value.parse::<i32>().ok().filter(|m| (0..=64).contains(m)).ok_or_else(|| {
                        ConfigError(format!(
                            "player '{}': book-margin '{}' is not 0 to 64 discs",
                            excerpt(text),
                            excerpt(value)
                        ))
                    })?)
                }
                "probcut" => probcut = Some(either("on", "off")?),
                "threads" => threads = number(64)? as usize,
                _ => {
                    return fail(format!(
                        "'{}' is not a setting (level, depth, nodes, time, clock, exact, solve, eval, weights, probcut, book, book-margin, threads)",
                        excerpt(part)
                    ))
                }
            }
        }
        if !bounded {
            return fail("give a level, a depth, a node limit, a time or a clock".into());
        }
        limits.probcut = probcut.unwrap_or(limits.eval == EvalChoice::Pattern);
        match book {
            Some(false) => limits.book = None,
            Some(true) => limits.book = limits.book.or(Some(BookUse::STRONG)),
            None => {}
        }
        if let Some(margin) = book_margin {
            limits.book = Some(BookUse { margin, ..limits.book.unwrap_or(BookUse::STRONG) });
        }
        Ok(PlayerConfig { limits, weights, game_clock, threads, text: text.to_string() })
    }

    /// An engine player with these limits, `weights` (for the pattern evaluation) and `book` (for
    /// limits that play from it), whose random choices (weak levels, the book's moves) are drawn
    /// from `seed`, the game of the match, the position and the ply.
    pub fn player(
        &self,
        tt_megabytes: usize,
        weights: Option<Arc<PatternWeights>>,
        book: Option<Arc<Book>>,
        seed: u64,
    ) -> EnginePlayer<impl FnMut(Board, u32) -> Limits> {
        let limits = self.limits.clone();
        EnginePlayer::new(tt_megabytes, move |board: Board, ply| Limits {
            seed: seed ^ limits.seed ^ board.hash() ^ u64::from(ply).wrapping_mul(GOLDEN_GAMMA),
            ..limits.clone()
        })
        .with_threads(self.threads)
        .with_pattern_weights(weights)
        .with_book(book)
        .with_game_clock(self.game_clock)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_clock_parses_as_a_setting() {
        let c = PlayerConfig::parse("level=9,clock=1+1").unwrap();
        assert_eq!(c.game_clock, Some(GameClock { total_ms: 60_000, increment_ms: 1_000 }));
        assert!(PlayerConfig::parse("clock=2").is_ok(), "a clock alone bounds the search");
        assert!(PlayerConfig::parse("depth=4,clock=soon").unwrap_err().to_string().contains("clock 'soon'"));
    }

    #[test]
    fn player_configurations_parse_and_fail_clearly() {
        let c = PlayerConfig::parse("depth=8,eval=pattern").unwrap();
        assert_eq!(c.limits.depth, Some(8));
        assert_eq!(c.limits.eval, EvalChoice::Pattern);
        assert!(c.limits.probcut, "ProbCut goes with the pattern evaluation by default");
        let c = PlayerConfig::parse("depth=8,eval=pattern,probcut=off,exact=12").unwrap();
        assert!(!c.limits.probcut);
        assert_eq!(c.limits.exact_from_empties, Some(12));
        let nine = level(9).unwrap();
        assert_eq!(PlayerConfig::parse("9").unwrap().limits, nine.limits(0));
        let c = PlayerConfig::parse("level=9,eval=course,time=150").unwrap();
        assert_eq!((c.limits.time_ms, c.limits.eval, c.limits.probcut), (Some(150), EvalChoice::Course, false));
        assert_eq!(c.limits.depth, Some(nine.depth));
        let c = PlayerConfig::parse("level=9,threads=2").unwrap();
        assert_eq!((c.threads, c.limits), (2, nine.limits(0)));
        assert_eq!(PlayerConfig::parse("9").unwrap().threads, 1);
        let c = PlayerConfig::parse("nodes=5000,weights=w.bin").unwrap();
        assert_eq!((c.weights.as_deref(), c.limits.eval), (Some("w.bin"), EvalChoice::Pattern));
        for (bad, says) in [
            ("", "give a level"),
            ("eval=pattern", "give a level"),
            ("depth=x", "depth 'x'"),
            ("level=12", "level 12 does not exist"),
            ("time=0", "time '0'"),
            ("eval=great,depth=2", "eval 'great'"),
            ("probcut=maybe,depth=2", "probcut 'maybe'"),
            ("colour=red", "'colour=red' is not a setting"),
            ("level=9,threads=0", "threads '0' is not a number from 1 to 64"),
            ("level=9,threads=65", "threads '65'"),
        ] {
            let e = PlayerConfig::parse(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }
}
