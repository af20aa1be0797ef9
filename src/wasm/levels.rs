//! How the AI plays: the playing levels, and its time for a move on a game clock.

use super::convert::ObjectBuilder;
use crate::othello::search::levels::LEVELS;
use js_sys::Array;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const LEVEL_TYPES: &'static str = r#"
/** A playing level (see `levels()`). */
export interface Level {
  /** 1 = weakest. */
  number: number;
  name: string;
  /** Midgame depth in plies. */
  depth: number;
  /** Perfect play from this many empty squares. */
  exactFromEmpties: number;
  /** Time for a move, for the levels that have a limit. */
  timeMs: number | undefined;
  /** How the level plays from the opening book: within this many discs of the best move… */
  bookMargin: number | undefined;
  /** …up to this ply; both undefined for the levels that do not use the book. */
  bookUntilPly: number | undefined;
}
"#;

/// The playing levels: `[{number, name, depth, exactFromEmpties, timeMs, bookMargin,
/// bookUntilPly}]`, weakest first (`bookMargin`, `bookUntilPly`: how the level plays from the
/// opening book, `undefined` for the levels that do not).
#[wasm_bindgen(unchecked_return_type = "Level[]")]
pub fn levels() -> Array {
    LEVELS
        .iter()
        .map(|level| {
            ObjectBuilder::new()
                .set("number", level.number)
                .set("name", level.name)
                .set("depth", level.depth)
                .set("exactFromEmpties", level.exact_from_empties)
                .set("timeMs", level.time_ms.map(|t| t as f64))
                .set("bookMargin", level.book.map(|b| b.margin))
                .set("bookUntilPly", level.book.map(|b| b.until_ply.min(60)))
                .build()
        })
        .collect()
}

/// The milliseconds to give the engine's move now on a game clock (`othello::search::timing::
/// clock_move_budget_ms`): `remainingMs` left on the mover's clock, `incrementMs` added after
/// each of its moves, `empties` empty squares. Never more than half of `remainingMs`; a negative
/// or non-number time counts as 0, `empties` is taken within 0–60.
#[wasm_bindgen(js_name = moveBudgetMs)]
pub fn move_budget_ms(remaining_ms: f64, increment_ms: f64, empties: f64) -> f64 {
    // Whole milliseconds up to a year's worth: far beyond any clock, exact in a JS number.
    let ms = |x: f64| if x.is_finite() { x.clamp(0.0, 3.2e10).floor() as u64 } else { 0 };
    let empties = if empties.is_finite() { empties.clamp(0.0, 60.0) as u32 } else { 0 };
    crate::othello::search::timing::clock_move_budget_ms(ms(remaining_ms), ms(increment_ms), empties) as f64
}
