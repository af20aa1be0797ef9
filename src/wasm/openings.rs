//! The named openings (77, from Robert Gatliff's catalogue, compiled in): the name a game has
//! reached, and every named line to start a game from.

use super::convert::{js_error, ObjectBuilder};
use crate::othello::book::names;
use js_sys::Array;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const OPENING_TYPES: &'static str = r#"
/** A named opening line (see `openingLines()`). */
export interface OpeningLine {
  name: string;
  /** A transcript from the standard start, such as "f5d6c3d3c4". */
  moves: string;
}
"#;

/// The name of the opening a transcript from the standard start has reached (`"Tiger"`, `"Rose"`,
/// the deepest named line, up to the board's symmetries: see `othello::book::names`), or
/// `undefined` when it reached none. A transcript that does not read is an error.
#[wasm_bindgen(js_name = openingName)]
pub fn opening_name(transcript: &str) -> Result<Option<String>, JsError> {
    names::opening_name(transcript).map(|name| name.map(str::to_string)).map_err(js_error)
}

/// Every named opening line: `[{name, moves}]` (`moves` a transcript from the standard start, such
/// as `"f5d6c3d3c4"`), in the names table's order: what "Play an opening" offers.
#[wasm_bindgen(js_name = openingLines, unchecked_return_type = "OpeningLine[]")]
pub fn opening_lines() -> Array {
    names::openings().iter().map(|o| ObjectBuilder::new().set("name", o.name).set("moves", o.moves).build()).collect()
}
