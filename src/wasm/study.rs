//! The analysis board's engine calls: every move with its line for the live analysis, and the
//! opening explorer.

use super::convert::{parse_position, strings, ObjectBuilder};
use super::options::{limits_from, session_from};
use super::searcher::{score_fields, team_part, Searcher};
use crate::othello::book::explorer::explore;
use crate::othello::search::Control;
use js_sys::Array;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const STUDY_TYPES: &'static str = r#"
/** A legal move with its line (see `Searcher.analyzeLines`). */
export interface MoveLine {
  move: string;
  /** The search was stopped before it scored this move: `score` and `discs` are null. */
  unknown: boolean;
  score: number | null;
  exact: boolean;
  discs: number | null;
  evaluation?: Evaluation;
  /** The principal variation, starting with `move` ("pa" for a pass). */
  pv: string[];
  /** Plies searched, `move` included (the empty squares, when exact). */
  depth: number;
}

/** A book move in the opening explorer (see `Searcher.exploreBook`). */
export interface ExploredMove {
  move: string;
  /** Its book value in whole discs for the side that plays it. */
  discs: number;
  /** The book's tree after it reaches the book's full depth. */
  deep: boolean;
  /** The book's best line after it, until the book ends. */
  line: string[];
  /** The named opening the move reaches, or null. */
  name: string | null;
  /** The named openings further along through the position it reaches, shortest first. */
  leadsTo: string[];
}

/** What the book knows of a position (see `Searcher.exploreBook`). */
export interface Exploration {
  /** The position's book value in whole discs for the side to move. */
  discs: number;
  moves: ExploredMove[];
}
"#;

#[wasm_bindgen]
impl Searcher {
    /// Every legal move of `board` (board text) with its score, line and depth, best first (see
    /// `othello::search::lines`): `[{move, unknown, score, exact, discs, evaluation, pv, depth}]`,
    /// scores for the side to move. `options` as `search`'s (a live analysis asks for one depth
    /// after another, then `exactFromEmpties`); the book is not used. With `session`, the team's
    /// helpers search each move along.
    #[wasm_bindgen(js_name = analyzeLines, unchecked_return_type = "MoveLine[]")]
    pub fn analyze_lines(
        &mut self,
        board: &str,
        #[wasm_bindgen(unchecked_param_type = "SearchOptions")] options: &JsValue,
    ) -> Result<Array, JsError> {
        let position = parse_position(board)?;
        let limits = limits_from(options)?;
        let session = session_from(options)?;
        let pattern = self.engine.uses_pattern(&limits);
        let clock = crate::clock::monotonic_ms;
        let mut control = Control::new(&clock);
        control.team = team_part(&self.team, session, "analyzeLines")?;
        let lines = self.engine.analyze_lines(position.board(), &limits, &mut control);
        Ok(lines
            .into_iter()
            .map(|line| {
                let entry = ObjectBuilder::new()
                    .set("move", line.mv.to_string())
                    .set("unknown", line.score.is_none())
                    .set("pv", strings(&line.pv))
                    .set("depth", line.depth);
                match line.score {
                    Some(score) => score_fields(entry, score, pattern),
                    None => entry.set("score", JsValue::NULL).set("discs", JsValue::NULL).set("exact", false),
                }
                .build()
            })
            .collect())
    }

    /// What the opening book knows of `board` (board text), for the opening explorer (see
    /// `othello::book::explorer`): `{discs, moves: [{move, discs, deep, line, name, leadsTo}]}`,
    /// values in whole discs for the side to move, moves best first; `null` when the position is
    /// not in the book or there is no book.
    #[wasm_bindgen(js_name = exploreBook, unchecked_return_type = "Exploration | null")]
    pub fn explore_book(&self, board: &str) -> Result<JsValue, JsError> {
        let position = parse_position(board)?;
        let Some(found) = self.engine.book().and_then(|book| explore(book, position.board())) else {
            return Ok(JsValue::NULL);
        };
        let moves: Array = found
            .moves
            .iter()
            .map(|m| {
                ObjectBuilder::new()
                    .set("move", m.mv.to_string())
                    .set("discs", m.value)
                    .set("deep", m.deep)
                    .set("line", strings(&m.line))
                    .set("name", m.name.map_or(JsValue::NULL, JsValue::from_str))
                    .set("leadsTo", strings(&m.leads_to))
                    .build()
            })
            .collect();
        Ok(ObjectBuilder::new().set("discs", found.value).set("moves", moves).build())
    }
}
