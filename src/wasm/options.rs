//! Search options read from JavaScript: `{level?, depth?, timeMs?, nodes?, exactFromEmpties?,
//! seed?, evaluation?, book?}` into the engine's [`Limits`].

use super::convert::{field, js_error, shown};
use crate::othello::book::BookUse;
use crate::othello::search::levels;
use crate::othello::search::{EvalChoice, Limits};
use js_sys::Object;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const SEARCH_OPTIONS: &'static str = r#"
/** How long and how a search runs (see `Searcher.search`); a level's limits, with any explicit
 * field overriding them. At least one of `level`, `depth`, `timeMs` or `nodes`. */
export interface SearchOptions {
  /** A playing level, 1 to 9 (see `levels()`). */
  level?: number;
  /** Midgame depth in plies, 0 to 60. */
  depth?: number;
  timeMs?: number;
  nodes?: number;
  /** Solve exactly from this many empty squares. */
  exactFromEmpties?: number;
  /** Draws among a level's near-best moves; a whole number below 2^53. */
  seed?: number;
  /** The trained evaluation once the engine has its weights (the course's until then). */
  evaluation?: Evaluation;
  /** Play from the opening book while it has a move (without it: as the level does). */
  book?: boolean;
  /** The team's session this search is (a searcher that started a team, see `startTeam`): at
   * least 1, the number the page wrote into the session word. */
  session?: number;
}

/** The static evaluation that scored a search: the course's, or the trained pattern one. */
export type Evaluation = 'course' | 'pattern';
"#;

const OPTION_KEYS: [&str; 9] =
    ["level", "depth", "timeMs", "nodes", "exactFromEmpties", "seed", "evaluation", "book", "session"];

/// Reads an optional whole number in `0..=max` from `options[key]`.
fn option_number(options: &JsValue, key: &str, max: u64) -> Result<Option<f64>, JsError> {
    let value = field(options, key);
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=max as f64).contains(&n) => Ok(Some(n)),
        _ => Err(JsError::new(&format!(
            "search options: {key} must be a whole number from 0 to {max}, not {}",
            shown(&value)
        ))),
    }
}

/// The team session of `{session?}` (1 to 2^32 − 1), if given (see `team.rs`).
pub(super) fn session_from(options: &JsValue) -> Result<Option<u32>, JsError> {
    match option_number(options, "session", u64::from(u32::MAX))? {
        Some(0.0) => Err(JsError::new("search options: session must be a whole number from 1 to 4294967295, not 0")),
        n => Ok(n.map(|n| n as u32)),
    }
}

/// Search limits from `{level?, depth?, timeMs?, nodes?, exactFromEmpties?, seed?, evaluation?,
/// book?}`: a level's limits, with any explicit field overriding it. `evaluation` is `'course'` or
/// `'pattern'` (the trained evaluation, when the engine has its weights: the course's otherwise;
/// results say which one scored them); without it, the level's evaluation, or the course's.
/// `book` is `true` or `false`: play from the opening book (`setBook`) while it has a move; without
/// it, as the level does (levels 4–9), or not at all without a level; `true` without a level plays
/// as level 9 does (a best book move).
pub(super) fn limits_from(options: &JsValue) -> Result<Limits, JsError> {
    if !options.is_object() {
        return Err(JsError::new("search options must be an object such as {depth: 6}"));
    }
    for key in Object::keys(options.unchecked_ref::<Object>()) {
        let key = key.as_string().unwrap_or_default();
        if !OPTION_KEYS.contains(&key.as_str()) {
            return Err(JsError::new(&format!(
                "search options: unknown option '{key}' (known: {})",
                OPTION_KEYS.join(", ")
            )));
        }
    }
    // Seeds come from Math.random() * 2^32: whole numbers below 2^53 are exact in a JS number.
    let seed = option_number(options, "seed", 9_007_199_254_740_991)?.unwrap_or(0.0) as u64;
    let mut limits = match option_number(options, "level", 255)? {
        Some(n) => levels::level(n as i64).map_err(js_error)?.limits(seed),
        None => Limits { seed, ..Limits::default() },
    };
    if let Some(depth) = option_number(options, "depth", 60)? {
        limits.depth = Some(depth as u32);
    }
    if let Some(time) = option_number(options, "timeMs", 3_600_000)? {
        limits.time_ms = Some(time as u64);
    }
    if let Some(nodes) = option_number(options, "nodes", 9_007_199_254_740_991)? {
        limits.nodes = Some(nodes as u64);
    }
    if let Some(empties) = option_number(options, "exactFromEmpties", 64)? {
        limits.exact_from_empties = Some(empties as u32);
    }
    let evaluation = field(options, "evaluation");
    if !(evaluation.is_undefined() || evaluation.is_null()) {
        limits.eval = match evaluation.as_string().as_deref() {
            Some("course") => EvalChoice::Course,
            Some("pattern") => EvalChoice::Pattern,
            _ => {
                return Err(JsError::new(&format!(
                    "search options: evaluation must be 'course' or 'pattern', not {}",
                    shown(&evaluation)
                )))
            }
        };
    }
    let book = field(options, "book");
    if !(book.is_undefined() || book.is_null()) {
        limits.book = match book.as_bool() {
            Some(true) => limits.book.or(Some(BookUse::STRONG)),
            Some(false) => None,
            None => {
                return Err(JsError::new(&format!("search options: book must be true or false, not {}", shown(&book))))
            }
        };
    }
    if limits.depth.is_none() && limits.time_ms.is_none() && limits.nodes.is_none() {
        return Err(JsError::new(
            "search options: give a level, depth, timeMs or nodes, or the search would never end",
        ));
    }
    Ok(limits)
}

/// The limits of an analysis of every move (the live analysis, the hints) from `options`: a
/// level's own time and solving threshold are for playing a move, so with a level only the time
/// and the empties the options name apply (`{level: 9, depth: 16}` runs until depth 16); the
/// book is never searched (its values are added by the caller).
pub(super) fn analysis_limits_from(options: &JsValue) -> Result<Limits, JsError> {
    let limits = limits_from(options)?;
    let asked = |key: &str| !super::convert::field(options, key).is_undefined();
    Ok(Limits {
        book: None,
        time_ms: limits.time_ms.filter(|_| asked("timeMs")),
        exact_from_empties: limits.exact_from_empties.filter(|_| asked("exactFromEmpties")),
        ..limits
    })
}
