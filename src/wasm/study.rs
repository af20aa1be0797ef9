//! The analysis board's engine calls: every move with its line, deepened step by step for the live
//! analysis, and the opening explorer.

use super::convert::{parse_position, strings, ObjectBuilder};
use super::options::{analysis_limits_from, limits_from, session_from};
use super::searcher::{score_fields, team_part, Searcher};
use crate::othello::book::explorer::explore;
use crate::othello::search::lines::{AnalysisStep, Certainty, MoveLine};
use crate::othello::search::Control;
use js_sys::{Array, Function};
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

/** One completed step of the deep analysis (see `Searcher.analyzeDeep`): every legal move's
 * line, best first, all searched as deep and as surely as `certainty` says. */
export interface AnalysisStep {
  /** `depth`: a midgame search of `depth` plies (the move included), selective at `percent`
   * confidence (null: full width); `outcome`: each move's win, draw or loss under perfect play
   * (`discs` is +1, 0 or −1); `exact`: each move's final disc difference under perfect play. */
  certainty: { kind: 'depth'; depth: number; percent: number | null } | { kind: 'outcome' } | { kind: 'exact' };
  lines: MoveLine[];
  /** Positions visited and milliseconds since the analysis started. */
  nodes: number;
  elapsedMs: number;
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
        Ok(lines.iter().map(|line| line_object(line, pattern)).collect())
    }

    /// Every legal move of `board` (board text) deepened together, step after step, until the
    /// options' limits (see `othello::search::lines`, `Engine::analyze_deep`): `onStep` gets each
    /// completed step `{certainty, lines, nodes, elapsedMs}` (lines as `analyzeLines`'s, best
    /// first); returns the last one, or null when none was completed or the game is over.
    /// `options` as `search`'s: `{level: 9}` makes it selective (Multi-ProbCut) with the pattern
    /// evaluation, `exactFromEmpties` solves every move at that many empties or fewer (outcomes
    /// first, then exact scores); the book is not used. With `session`, the team's helpers
    /// search along.
    #[wasm_bindgen(js_name = analyzeDeep, unchecked_return_type = "AnalysisStep | null")]
    pub fn analyze_deep(
        &mut self,
        board: &str,
        #[wasm_bindgen(unchecked_param_type = "SearchOptions")] options: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "((step: AnalysisStep) => void) | null | undefined")] on_step: Option<
            Function,
        >,
    ) -> Result<JsValue, JsError> {
        let position = parse_position(board)?;
        // A level's own time and solving threshold are for playing a move: the analysis runs until
        // it is done or stopped, and solves where the options say.
        let limits = analysis_limits_from(options)?;
        let session = session_from(options)?;
        let pattern = self.engine.uses_pattern(&limits);
        let clock = crate::clock::monotonic_ms;
        let mut control = Control::new(&clock);
        control.team = team_part(&self.team, session, "analyzeDeep")?;
        let mut callback_error: Option<JsValue> = None;
        let mut report = |step: &AnalysisStep| {
            if let Some(callback) = &on_step {
                if let Err(e) = callback.call1(&JsValue::NULL, &step_object(step, pattern)) {
                    callback_error.get_or_insert(e);
                }
            }
        };
        let last = self.engine.analyze_deep(position.board(), &limits, &mut control, &mut report);
        if let Some(e) = callback_error {
            let message = e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())).or_else(|| e.as_string());
            return Err(JsError::new(&format!(
                "analyzeDeep: the step callback threw: {}",
                message.unwrap_or_default()
            )));
        }
        Ok(last.map_or(JsValue::NULL, |step| step_object(&step, pattern)))
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

/// A line as the page reads it (`MoveLine`).
fn line_object(line: &MoveLine, pattern: bool) -> JsValue {
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
}

/// A step as the page reads it (`AnalysisStep`).
fn step_object(step: &AnalysisStep, pattern: bool) -> JsValue {
    let certainty = match step.certainty {
        Certainty::Depth { depth, percent } => ObjectBuilder::new()
            .set("kind", "depth")
            .set("depth", depth)
            .set("percent", percent.map_or(JsValue::NULL, JsValue::from)),
        Certainty::Outcome => ObjectBuilder::new().set("kind", "outcome"),
        Certainty::Exact => ObjectBuilder::new().set("kind", "exact"),
    };
    ObjectBuilder::new()
        .set("certainty", certainty.build())
        .set("lines", step.lines.iter().map(|line| line_object(line, pattern)).collect::<Array>())
        .set("nodes", step.nodes as f64)
        .set("elapsedMs", step.elapsed_ms as f64)
        .build()
}
