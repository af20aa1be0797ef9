//! The conversions every binding shares: plain objects built field by field, squares and colours
//! as names, positions and moves parsed from text, fields read from JavaScript objects, and
//! errors as JavaScript `Error`s.

use crate::othello::records::notation::parse_board;
use crate::othello::rules::board::Position;
use crate::othello::rules::square::{Color, Move, Square};
use js_sys::{Array, Object, Reflect};
use std::fmt::Display;
use wasm_bindgen::prelude::*;

/// Builds plain JS objects field by field (no serde: it would add more size than it saves).
pub(super) struct ObjectBuilder(Object);

impl ObjectBuilder {
    pub(super) fn new() -> ObjectBuilder {
        ObjectBuilder(Object::new())
    }

    pub(super) fn set(self, key: &str, value: impl Into<JsValue>) -> ObjectBuilder {
        // Setting a property on a fresh ordinary object cannot fail.
        let _ = Reflect::set(&self.0, &JsValue::from_str(key), &value.into());
        self
    }

    pub(super) fn build(self) -> JsValue {
        self.0.into()
    }
}

/// A JavaScript `Error` whose message is the engine's own (its parsers name what was wrong).
pub(super) fn js_error(e: impl Display) -> JsError {
    JsError::new(&e.to_string())
}

/// An array of names, one per item (moves, squares).
pub(super) fn strings<T: ToString>(items: impl IntoIterator<Item = T>) -> Array {
    items.into_iter().map(|item| JsValue::from_str(&item.to_string())).collect()
}

/// The names of the squares of a bitboard, a1 first.
pub(super) fn square_names(squares: u64) -> Array {
    strings(Square::all().filter(|sq| squares & sq.bit() != 0))
}

pub(super) fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// 64 bytes, a1 first: 0 empty, 1 black, 2 white.
pub(super) fn squares_of(position: Position) -> Vec<u8> {
    Square::all()
        .map(|sq| match position.at(sq) {
            None => 0,
            Some(Color::Black) => 1,
            Some(Color::White) => 2,
        })
        .collect()
}

/// A square name (`"d3"`) or `"pa"`.
pub(super) fn parse_move(text: &str) -> Result<Move, JsError> {
    text.parse::<Move>().map_err(|e| JsError::new(&format!("move: {e} (or 'pa' to pass)")))
}

/// Board text: 64 squares (`X`, `O`, `-`) then the side to move.
pub(super) fn parse_position(text: &str) -> Result<Position, JsError> {
    parse_board(text).map_err(js_error)
}

/// A field of a JS object (`undefined` when missing or when the value is not an object).
pub(super) fn field(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// A JavaScript value as an error message quotes it (its JSON).
pub(super) fn shown(value: &JsValue) -> String {
    js_sys::JSON::stringify(value).map(String::from).unwrap_or_else(|_| "that".into())
}
