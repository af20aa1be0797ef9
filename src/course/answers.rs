//! A student's answers read: a number with its bound sign (`≥ 25`, `>=25`, `−3`), a bound of a
//! window (`−∞`, `inf`), a vector (`(1, 2, 6)`, `1 2 6`), a path (`b d i`, `[b, d, i]`), the marks
//! that say "never visited" (`-`, `x`, `podado`); and a number judged against the search's, the
//! mistake named ([`judge_scalar`]). The sentences that explain it: [`crate::course::grading`].

use crate::course::trace::{Bound, ValueKind};

/// What is wrong with a number given for a node ([`judge_scalar`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// Nothing written.
    Blank,
    /// Not a number (nor a bound, nor a "never visited" mark).
    Unreadable,
    /// "Never visited" (`−`) for a node the search visits.
    NotVisited,
    /// The right number as an exact value, where the search gives only a bound.
    BoundAsExact,
    /// The right number as a bound, where it is exact.
    ExactAsBound,
    /// The right number, the wrong bound (≥ for ≤ or the other way).
    BoundDirection,
    /// The number from the other side's view, in a negamax form.
    NegamaxSign,
    /// Another number.
    Wrong,
}

impl Mistake {
    pub const fn code(self) -> &'static str {
        match self {
            Mistake::Blank => "blank",
            Mistake::Unreadable => "unreadable",
            Mistake::NotVisited => "not-visited",
            Mistake::BoundAsExact => "bound-as-exact",
            Mistake::ExactAsBound => "exact-as-bound",
            Mistake::BoundDirection => "bound-direction",
            Mistake::NegamaxSign => "negamax-sign",
            Mistake::Wrong => "wrong",
        }
    }
}

/// A student's scalar answer: an optional bound sign and an integer (ASCII or true minus).
fn read_scalar(text: &str) -> Option<(Option<ValueKind>, i32)> {
    let t = text.trim();
    let (kind, rest) = if let Some(r) = t.strip_prefix('≥').or_else(|| t.strip_prefix(">=")) {
        (Some(ValueKind::Lower), r)
    } else if let Some(r) = t.strip_prefix('≤').or_else(|| t.strip_prefix("<=")) {
        (Some(ValueKind::Upper), r)
    } else if let Some(r) = t.strip_prefix('=') {
        (Some(ValueKind::Exact), r)
    } else {
        (None, t)
    };
    let digits = rest.trim().replace(['−', '–'], "-").replace(' ', "");
    digits.strip_prefix('+').unwrap_or(&digits).parse::<i32>().ok().map(|v| (kind, v))
}

/// Judges `text` as the number of a node whose search gives `value` of kind `kind` (exact, or a
/// lower or upper bound), with `negamax` when numbers are in the side to move's view. A bound is
/// right only with its sign: `25` is not `≥ 25`.
///
/// ```
/// use reversi::course::grading::{judge_scalar, Mistake};
/// use reversi::course::trace::ValueKind;
/// assert_eq!(judge_scalar("≥ 25", 25, ValueKind::Lower, false), Ok(()));
/// assert_eq!(judge_scalar(">=25", 25, ValueKind::Lower, false), Ok(()));
/// assert_eq!(judge_scalar("25", 25, ValueKind::Lower, false), Err(Mistake::BoundAsExact));
/// assert_eq!(judge_scalar("≤ 25", 25, ValueKind::Lower, false), Err(Mistake::BoundDirection));
/// assert_eq!(judge_scalar("4", -4, ValueKind::Exact, true), Err(Mistake::NegamaxSign));
/// assert_eq!(judge_scalar("-", 4, ValueKind::Exact, false), Err(Mistake::NotVisited));
/// ```
pub fn judge_scalar(text: &str, value: i32, kind: ValueKind, negamax: bool) -> Result<(), Mistake> {
    if text.trim().is_empty() {
        return Err(Mistake::Blank);
    }
    if says_not_visited(text) {
        return Err(Mistake::NotVisited);
    }
    let (given, x) = read_scalar(text).ok_or(Mistake::Unreadable)?;
    let given = given.unwrap_or(ValueKind::Exact);
    if x == value {
        return match (kind, given) {
            (k, g) if k == g => Ok(()),
            (ValueKind::Exact, _) => Err(Mistake::ExactAsBound),
            (_, ValueKind::Exact) => Err(Mistake::BoundAsExact),
            _ => Err(Mistake::BoundDirection),
        };
    }
    if negamax && value != 0 && x == -value && given == kind.negated() {
        return Err(Mistake::NegamaxSign);
    }
    Err(Mistake::Wrong)
}

/// A bound typed by a student: a number or an infinity (`inf`, `∞`, `+∞`, `-inf`, `−∞`).
pub(crate) fn read_bound(text: &str) -> Option<Bound> {
    let t = text.trim().replace(['−', '–'], "-").to_lowercase();
    let t = t.replace(' ', "");
    match t.as_str() {
        "∞" | "+∞" | "inf" | "+inf" | "infinity" | "+infinity" | "infinito" | "+infinito" => Some(Bound::PosInf),
        "-∞" | "-inf" | "-infinity" | "-infinito" => Some(Bound::NegInf),
        _ => t.strip_prefix('+').unwrap_or(&t).parse::<i32>().ok().map(Bound::Finite),
    }
}

pub(crate) fn read_vector(text: &str) -> Option<Vec<i32>> {
    let t = text.trim().trim_start_matches('(').trim_end_matches(')').replace(['−', '–'], "-");
    t.split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<i32>().ok())
        .collect()
}

/// A student's "never visited" written in a field: `-`, `−`, `—`, `x`, `pruned`, `podado`.
pub(crate) fn says_not_visited(text: &str) -> bool {
    let t = text.trim().to_lowercase();
    matches!(t.as_str(), "-" | "−" | "—" | "–" | "x" | "pruned" | "podado" | "cut" | "cortado")
}

/// The labels of a path as a student writes it: `b d i`, `[b, d, i]`, `b → d → i`.
pub(crate) fn read_path(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|s| !s.is_empty()).map(str::to_string).collect()
}
