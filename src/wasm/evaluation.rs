//! The static evaluations explained: the course's (terms, weights, phase) and the trained pattern
//! evaluation's (one share per pattern), for the evaluation panel and the classroom.

use super::convert::{js_error, parse_position, ObjectBuilder};
use crate::othello::analysis::review::score_in_tenths;
use crate::othello::eval::course::{self, Breakdown};
use crate::othello::eval::pattern::{file, PatternWeights};
use crate::othello::search::score::Score;
use crate::othello::search::EvalChoice;
use js_sys::{Array, Reflect};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const EVALUATION_TYPES: &'static str = r#"
/** The course's evaluation explained (see `evaluationBreakdown`), from the side to move's view. */
export interface CourseBreakdown {
  /** The phase whose weights apply: 'opening', 'midgame', 'late' or 'endgame'. */
  phase: string;
  /** Discs on the board (what decides the phase). */
  discs: number;
  /** The evaluation, in course units: equal to `evaluate(board)`. */
  total: number;
  terms: { term: string; label: string; raw: number; weight: number; contribution: number }[];
}

/** `evaluationBreakdown`'s: the course's evaluation explained, with its total in discs. */
export interface EvaluationBreakdown extends CourseBreakdown {
  /** `total` as an estimated disc difference, within ±64, to a tenth. */
  totalDiscs: number;
}

/** The pattern evaluation explained (see `PatternEvaluation.breakdown`), in hundredths of a disc. */
export interface PatternBreakdown {
  stage: number;
  stages: number;
  /** The sum of the contributions (within ±64 discs). */
  total: number;
  /** `total` in discs, to a tenth. */
  totalDiscs: number;
  terms: { term: string; count: number; contribution: number }[];
}
"#;

/// The static evaluation of a board, from the side to move's point of view.
#[wasm_bindgen]
pub fn evaluate(board: &str) -> Result<i32, JsError> {
    Ok(course::evaluate(parse_position(board)?.board()))
}

/// The evaluation explained: `{phase, discs, total, totalDiscs, terms: [{term, label, raw,
/// weight, contribution}]}`, from the side to move's point of view; `discs` is the number of discs
/// on the board (what decides the phase), `total` equals `evaluate(board)` (course units) and
/// `totalDiscs` is that total as an estimated disc difference (`othello::analysis::review::eval_to_discs`,
/// within ±64, to a tenth).
#[wasm_bindgen(js_name = evaluationBreakdown, unchecked_return_type = "EvaluationBreakdown")]
pub fn evaluation_breakdown(board: &str) -> Result<JsValue, JsError> {
    let report = course::breakdown(parse_position(board)?.board());
    let total_discs = score_in_tenths(Score::Eval(report.total), EvalChoice::Course);
    let object = breakdown_object(&report);
    let _ = Reflect::set(&object, &JsValue::from_str("totalDiscs"), &JsValue::from_f64(total_discs));
    Ok(object)
}

/// A breakdown as the plain object `evaluationBreakdown` returns (the lab returns the same, less
/// `totalDiscs`: the disc scale is measured for the course's own weights only).
pub(super) fn breakdown_object(report: &Breakdown) -> JsValue {
    let terms: Array = report
        .terms
        .iter()
        .map(|t| {
            ObjectBuilder::new()
                .set("term", t.term.name())
                .set("label", t.term.label())
                .set("raw", t.raw)
                .set("weight", t.weight)
                .set("contribution", t.contribution)
                .build()
        })
        .collect();
    ObjectBuilder::new()
        .set("phase", report.phase.name())
        .set("discs", report.discs)
        .set("total", report.total)
        .set("terms", terms)
        .build()
}

/// The trained pattern evaluation, for explaining positions on the page (the worker's engine has
/// its own copy for searching).
#[wasm_bindgen]
pub struct PatternEvaluation {
    weights: PatternWeights,
}

#[wasm_bindgen]
impl PatternEvaluation {
    /// From the bytes of a weights file; an error says what is wrong with them.
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: &[u8]) -> Result<PatternEvaluation, JsError> {
        file::parse(bytes).map(|weights| PatternEvaluation { weights }).map_err(js_error)
    }

    /// `{stage, stages, total, totalDiscs, terms: [{term, count, contribution}]}` from the side to
    /// move's point of view, in hundredths of a disc; `total` is the sum of the contributions
    /// (within ±64 discs), `totalDiscs` the same in discs, to a tenth.
    #[wasm_bindgen(unchecked_return_type = "PatternBreakdown")]
    pub fn breakdown(&self, board: &str) -> Result<JsValue, JsError> {
        let report = self.weights.breakdown(parse_position(board)?.board());
        let terms: Array = report
            .terms
            .iter()
            .map(|t| {
                ObjectBuilder::new()
                    .set("term", t.name)
                    .set("count", t.count)
                    .set("contribution", t.contribution)
                    .build()
            })
            .collect();
        Ok(ObjectBuilder::new()
            .set("stage", report.stage as u32)
            .set("stages", report.stages as u32)
            .set("total", report.total)
            .set("totalDiscs", score_in_tenths(Score::Eval(report.total), EvalChoice::Pattern))
            .set("terms", terms)
            .build())
    }
}
