//! A game's review in parts: each position scored on its own (`Searcher.reviewPart`, so that
//! several workers can share a review), then the parts put together (`reviewAssemble`). The
//! review itself is `othello::analysis::review`'s.

use super::convert::{color_name, field, js_error, parse_position, strings, ObjectBuilder};
use super::options::limits_from;
use super::searcher::Searcher;
use crate::othello::analysis::review::{
    assemble, game_positions, review_part, Class, MoveValue, Review, ReviewLimits, ReviewPart, ReviewedPosition,
};
use crate::othello::records::notation::replay;
use crate::othello::rules::square::{Color, Move};
use crate::othello::search::EvalChoice;
use js_sys::Array;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const REVIEW_TYPES: &'static str = r#"
/** How the review judges a move, by its loss. */
export type MoveClass = 'forced' | 'book' | 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';

/** A legal move of a reviewed position with its score in discs for the side to move. */
export interface MoveValue {
  move: string;
  discs: number;
  exact: boolean;
}

/** A position of a review: its score in discs for Black, the best line from it, and every legal
 * move's score (best first; empty when the game is over). */
export interface ReviewedPosition {
  toMove: Side;
  scoreBlack: number;
  exact: boolean;
  bestLine: string[];
  values: MoveValue[];
}

/** One position's share of a review (see `Searcher.reviewPart`). */
export interface ReviewPart {
  index: number;
  position: ReviewedPosition;
  /** The move played from it is not judged: the only move, or a best book move. */
  free: 'forced' | 'book' | undefined;
}

/** A move of a review, judged: its score after it in discs for Black, and what it lost. */
export interface JudgedMove {
  move: string;
  mover: Side;
  scoreBlack: number;
  exact: boolean;
  loss: number;
  class: MoveClass;
}

/** A game's review (see `reviewAssemble`): `positions[i]` before `moves[i]`. */
export interface Review {
  positions: ReviewedPosition[];
  moves: JudgedMove[];
}

/** What a review searches: this deep, and exactly from this many empty squares. */
export interface ReviewOptions {
  depth: number;
  exactFromEmpties?: number;
}
"#;

#[wasm_bindgen]
impl Searcher {
    /// One position's share of a review (`othello::analysis::review::review_part`): position
    /// `index` of the game played from `startBoard` with `moves` (0 = the start, `index` = after
    /// that many moves) analysed, every legal move scored: `{index, position: {toMove,
    /// scoreBlack, exact, bestLine, values: [{move, discs, exact}]}, free: 'forced' | 'book' |
    /// undefined}`. `options`: `{depth, exactFromEmpties?}` (the pattern evaluation, selective,
    /// once the engine has its weights). A review asks for every position, on one worker or
    /// several, and `reviewAssemble` puts the parts together; the practice asks for one position
    /// (`moves` empty, `index` 0) and gets the review's numbers for it.
    #[wasm_bindgen(js_name = reviewPart, unchecked_return_type = "ReviewPart")]
    pub fn review_part(
        &mut self,
        start_board: &str,
        moves: &str,
        #[wasm_bindgen(unchecked_param_type = "ReviewOptions")] options: &JsValue,
        index: u32,
    ) -> Result<JsValue, JsError> {
        let start = parse_position(start_board)?;
        let (moves, _) = replay(start, moves).map_err(|e| JsError::new(&format!("review: {e}")))?;
        let limits = review_limits(options)?;
        let positions = game_positions(start, &moves);
        let i = index as usize;
        if i >= positions.len() {
            return Err(JsError::new(&format!(
                "reviewPart: index {index} is beyond the game's {} positions",
                positions.len()
            )));
        }
        let clock = crate::clock::monotonic_ms;
        let part = review_part(&mut self.engine, &positions, &moves, i, &limits, &clock);
        Ok(ObjectBuilder::new()
            .set("index", index)
            .set("position", position_object(&part.position))
            .set("free", part.free.map(Class::name))
            .build())
    }
}

/// Puts a review together: `parts` are the results of `Searcher.reviewPart` for every position of
/// the game from `startBoard` with `moves`, in any order. Returns `{positions: [{toMove,
/// scoreBlack, exact, bestLine, values}], moves: [{move, mover, scoreBlack, exact, loss, class}]}`
/// (`othello::analysis::review::review_game`'s review); parts that do not fit the game are an
/// error saying so.
#[wasm_bindgen(js_name = reviewAssemble, unchecked_return_type = "Review")]
pub fn review_assemble(
    start_board: &str,
    moves: &str,
    #[wasm_bindgen(unchecked_param_type = "ReviewPart[]")] parts: &Array,
) -> Result<JsValue, JsError> {
    let start = parse_position(start_board)?;
    let (moves, _) = replay(start, moves).map_err(|e| JsError::new(&format!("review: {e}")))?;
    let positions = game_positions(start, &moves);
    let mut slots: Vec<Option<ReviewPart>> = vec![None; positions.len()];
    for part in parts.iter() {
        let (i, part) = part_from(&part, positions.len())
            .ok_or_else(|| JsError::new("reviewAssemble: a part is not a review part of this game"))?;
        slots[i] = Some(part);
    }
    let parts = slots
        .into_iter()
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| JsError::new("reviewAssemble: a position of the game has no part"))?;
    let review = assemble(&positions, &moves, parts).map_err(js_error)?;
    Ok(review_object(&review))
}

/// The review's limits from `{depth, exactFromEmpties?}`: the pattern evaluation once its
/// weights have arrived (`review_game` falls back to the course's).
fn review_limits(options: &JsValue) -> Result<ReviewLimits, JsError> {
    let limits = limits_from(options)?;
    Ok(ReviewLimits {
        depth: limits.depth.ok_or_else(|| JsError::new("review options: give a depth"))?,
        exact_from_empties: limits.exact_from_empties.unwrap_or(0),
        eval: EvalChoice::Pattern,
    })
}

fn position_object(p: &ReviewedPosition) -> JsValue {
    ObjectBuilder::new()
        .set("toMove", color_name(p.to_move))
        .set("scoreBlack", p.score_black)
        .set("exact", p.exact)
        .set("bestLine", strings(&p.best_line))
        .set("values", p.values.iter().map(value_object).collect::<Array>())
        .build()
}

fn value_object(v: &MoveValue) -> JsValue {
    ObjectBuilder::new().set("move", v.mv.to_string()).set("discs", v.discs).set("exact", v.exact).build()
}

/// A move's value read back; None when it is not one.
fn value_from(value: &JsValue) -> Option<MoveValue> {
    let mv = field(value, "move").as_string()?.parse::<Move>().ok()?;
    let discs = field(value, "discs").as_f64().filter(|x| x.abs() <= 64.0)?;
    Some(MoveValue { mv, discs, exact: field(value, "exact").as_bool()? })
}

/// `{positions, moves}` as `reviewAssemble` returns it.
fn review_object(review: &Review) -> JsValue {
    let positions: Array = review.positions.iter().map(position_object).collect();
    let judged: Array = review
        .moves
        .iter()
        .map(|m| {
            ObjectBuilder::new()
                .set("move", m.mv.to_string())
                .set("mover", color_name(m.mover))
                .set("scoreBlack", m.score_black)
                .set("exact", m.exact)
                .set("loss", m.loss)
                .set("class", m.class.name())
                .build()
        })
        .collect();
    ObjectBuilder::new().set("positions", positions).set("moves", judged).build()
}

/// A position of a review part read back (see `Searcher.reviewPart`); None when it is not one.
fn position_from(value: &JsValue) -> Option<ReviewedPosition> {
    let to_move = match field(value, "toMove").as_string()?.as_str() {
        "black" => Color::Black,
        "white" => Color::White,
        _ => return None,
    };
    let score_black = field(value, "scoreBlack").as_f64().filter(|x| x.abs() <= 64.0)?;
    let exact = field(value, "exact").as_bool()?;
    let line = field(value, "bestLine").dyn_into::<Array>().ok()?;
    let best_line = line.iter().map(|m| m.as_string()?.parse::<Move>().ok()).collect::<Option<Vec<Move>>>()?;
    let values = field(value, "values").dyn_into::<Array>().ok()?;
    let values = values.iter().map(|v| value_from(&v)).collect::<Option<Vec<MoveValue>>>()?;
    Some(ReviewedPosition { to_move, score_black, exact, best_line, values })
}

/// A review part read back; None when it is not one.
fn part_from(value: &JsValue, positions: usize) -> Option<(usize, ReviewPart)> {
    let index = field(value, "index").as_f64().filter(|i| i.fract() == 0.0 && *i >= 0.0 && *i < positions as f64)?;
    let free = match field(value, "free").as_string().as_deref() {
        None => None,
        Some("forced") => Some(Class::Forced),
        Some("book") => Some(Class::Book),
        Some(_) => return None,
    };
    Some((index as usize, ReviewPart { position: position_from(&field(value, "position"))?, free }))
}
