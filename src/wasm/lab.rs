//! The classroom's heuristic lab: the seed-004 evaluation with weights of one's own, the expert
//! moves of a position, and engine-against-engine games between two settings of the course's
//! player (`othello::analysis::arena`), one game per call so that a worker can report after each game.
//!
//! Settings cross as `{weights: [[positional, mobility, stability, discs] × 4 phases], depth,
//! ordering: ["take_corner", …], overrides: […]}`; every bad field is an `Error` naming it.

use super::convert::{field, parse_position, shown, square_names, ObjectBuilder};
use crate::othello::analysis::arena::{openings, play_game, HeuristicPlayer, HeuristicSettings};
use crate::othello::eval::course::{breakdown_with, Phase, Term, Weights, CANDIDATES};
use crate::othello::eval::expert::{ExpertRules, Rule};
use crate::othello::records::notation::format_board;
use js_sys::Array;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const LAB_TYPES: &'static str = r#"
/** A setting of the course's player (see `labPlayGame`). */
export interface LabSettings {
  /** One row per phase (opening, midgame, late, endgame) of four weights (positional, mobility,
   * stability, discs). */
  weights: number[][];
  depth: number;
  /** The expert rules that order the moves, by name. */
  ordering?: string[];
  /** The expert rules that override the search, by name. */
  overrides?: string[];
}

/** One game of a lab match. */
export interface LabGame {
  moves: string[];
  /** Discs, Black minus White (the empty squares to the winner). */
  scoreBlack: number;
  /** The final position, as board text. */
  end: string;
  nodesBlack: number;
  nodesWhite: number;
}
"#;

/// Weights beyond this would only saturate the evaluation; the lab refuses them with a message.
const MAX_WEIGHT: i32 = 1_000;
/// Deeper than this, one game takes seconds in a browser (depth 4: a few milliseconds per game,
/// each ply multiplies that by about 4–6): too slow to watch a match.
const MAX_DEPTH: u32 = 6;

fn parse_weights(value: &JsValue) -> Result<Weights, String> {
    let shape = || {
        format!(
            "weights must be {} rows (one per phase: {}) of {} whole numbers from -{MAX_WEIGHT} to {MAX_WEIGHT} ({})",
            Phase::ALL.len(),
            Phase::ALL.map(|p| p.name()).join(", "),
            Term::ALL.len(),
            Term::ALL.map(|t| t.name()).join(", ")
        )
    };
    let rows = value.dyn_ref::<Array>().ok_or_else(shape)?;
    if rows.length() as usize != Phase::ALL.len() {
        return Err(shape());
    }
    let mut weights: Weights = [[0; 4]; 4];
    for (p, row) in rows.iter().enumerate() {
        let row = row.dyn_ref::<Array>().ok_or_else(shape)?.clone();
        if row.length() as usize != Term::ALL.len() {
            return Err(shape());
        }
        for (t, cell) in row.iter().enumerate() {
            match cell.as_f64() {
                Some(n) if n.fract() == 0.0 && n.abs() <= f64::from(MAX_WEIGHT) => weights[p][t] = n as i32,
                _ => {
                    return Err(format!(
                        "weight of {} in the {} phase: {} is not a whole number from -{MAX_WEIGHT} to {MAX_WEIGHT}",
                        Term::ALL[t].name(),
                        Phase::ALL[p].name(),
                        shown(&cell)
                    ))
                }
            }
        }
    }
    Ok(weights)
}

fn parse_rules(value: &JsValue, key: &str) -> Result<ExpertRules, String> {
    if value.is_undefined() || value.is_null() {
        return Ok(ExpertRules::NONE);
    }
    let names = value.dyn_ref::<Array>().ok_or_else(|| format!("{key} must be a list of rule names"))?;
    let mut rules = ExpertRules::NONE;
    for name in names.iter() {
        let name = name.as_string().unwrap_or_default();
        let rule = Rule::ALL.into_iter().find(|r| r.name() == name).ok_or_else(|| {
            format!("{key}: unknown expert rule '{name}' (known: {})", Rule::ALL.map(|r| r.name()).join(", "))
        })?;
        rules = rules.with(rule, true);
    }
    Ok(rules)
}

fn parse_settings(value: &JsValue, who: &str) -> Result<HeuristicSettings, JsError> {
    let settings = || -> Result<HeuristicSettings, String> {
        if !value.is_object() {
            return Err("settings must be an object {weights, depth, ordering, overrides}".into());
        }
        let weights = parse_weights(&field(value, "weights"))?;
        let depth = match field(value, "depth").as_f64() {
            Some(d) if d.fract() == 0.0 && (1.0..=f64::from(MAX_DEPTH)).contains(&d) => d as u32,
            _ => return Err(format!("depth must be a whole number from 1 to {MAX_DEPTH}")),
        };
        let ordering = parse_rules(&field(value, "ordering"), "ordering")?;
        let overrides = parse_rules(&field(value, "overrides"), "overrides")?;
        Ok(HeuristicSettings { weights, depth, ordering, overrides })
    };
    settings().map_err(|e| JsError::new(&format!("{who}: {e}")))
}

fn weights_array(weights: &Weights) -> Array {
    weights.iter().map(|row| row.iter().map(|&w| JsValue::from(w)).collect::<Array>()).map(JsValue::from).collect()
}

/// The evaluation's terms in weight-column order: `[{term, label}]`.
#[wasm_bindgen(js_name = labTerms, unchecked_return_type = "{ term: string; label: string }[]")]
pub fn lab_terms() -> Array {
    Term::ALL.iter().map(|t| ObjectBuilder::new().set("term", t.name()).set("label", t.label()).build()).collect()
}

/// The phases in weight-row order: `[{phase, label}]`.
#[wasm_bindgen(js_name = labPhases, unchecked_return_type = "{ phase: string; label: string }[]")]
pub fn lab_phases() -> Array {
    Phase::ALL.iter().map(|p| ObjectBuilder::new().set("phase", p.name()).set("label", p.label()).build()).collect()
}

/// The seed-004 expert moves: `[{rule, label}]`, in the order the engine tries them.
#[wasm_bindgen(js_name = labRules, unchecked_return_type = "{ rule: string; label: string }[]")]
pub fn lab_rules() -> Array {
    Rule::ALL.iter().map(|r| ObjectBuilder::new().set("rule", r.name()).set("label", r.label()).build()).collect()
}

/// The weight tables measured in self-play, the engine's own first: `[{name, weights}]`.
#[wasm_bindgen(js_name = labCandidates, unchecked_return_type = "{ name: string; weights: number[][] }[]")]
pub fn lab_candidates() -> Array {
    CANDIDATES
        .iter()
        .map(|(name, weights)| ObjectBuilder::new().set("name", *name).set("weights", weights_array(weights)).build())
        .collect()
}

/// `evaluationBreakdown` with the given weights: `{phase, discs, total, terms: [{term, label, raw,
/// weight, contribution}]}`, from the side to move's point of view.
#[wasm_bindgen(js_name = labBreakdown, unchecked_return_type = "CourseBreakdown")]
pub fn lab_breakdown(
    board: &str,
    #[wasm_bindgen(unchecked_param_type = "number[][]")] weights: JsValue,
) -> Result<JsValue, JsError> {
    let weights = parse_weights(&weights).map_err(|e| JsError::new(&e))?;
    Ok(super::evaluation::breakdown_object(&breakdown_with(parse_position(board)?.board(), &weights)))
}

/// Which squares each expert rule recommends to the side to move: `[{rule, label, squares}]`.
#[wasm_bindgen(js_name = labExpertMoves, unchecked_return_type = "{ rule: string; label: string; squares: string[] }[]")]
pub fn lab_expert_moves(board: &str) -> Result<Array, JsError> {
    let board = parse_position(board)?.board();
    Ok(Rule::ALL
        .iter()
        .map(|r| {
            ObjectBuilder::new()
                .set("rule", r.name())
                .set("label", r.label())
                .set("squares", square_names(r.squares(board)))
                .build()
        })
        .collect())
}

/// `count` different unfinished positions after `plies` random moves from the start, as board
/// text; the same seed gives the same openings (both sides of a match play the same starts).
#[wasm_bindgen(js_name = labOpenings, unchecked_return_type = "string[]")]
pub fn lab_openings(count: u32, plies: u32, seed: f64) -> Result<Array, JsError> {
    if count == 0 || count > 100 || plies > 20 {
        return Err(JsError::new("openings: count from 1 to 100, plies from 0 to 20"));
    }
    let seed = if seed.is_finite() && seed >= 0.0 { seed as u64 } else { 0 };
    Ok(openings(count as usize, plies as usize, seed)
        .into_iter()
        .map(|p| JsValue::from_str(&format_board(p)))
        .collect())
}

/// One game from `start` (board text) between two settings: `{moves: ["d3", …, "pa"], scoreBlack
/// (discs, black minus white, empties to the winner), end (board text), nodesBlack, nodesWhite}`.
#[wasm_bindgen(js_name = labPlayGame, unchecked_return_type = "LabGame")]
pub fn lab_play_game(
    start: &str,
    #[wasm_bindgen(unchecked_param_type = "LabSettings")] black: JsValue,
    #[wasm_bindgen(unchecked_param_type = "LabSettings")] white: JsValue,
) -> Result<JsValue, JsError> {
    let start = parse_position(start)?;
    let mut black = HeuristicPlayer::new(parse_settings(&black, "black")?);
    let mut white = HeuristicPlayer::new(parse_settings(&white, "white")?);
    let record = play_game(start, &mut black, &mut white);
    let moves: Array = record.moves.iter().map(|m| JsValue::from_str(&m.to_string())).collect();
    Ok(ObjectBuilder::new()
        .set("moves", moves)
        .set("scoreBlack", record.score_black)
        .set("end", format_board(record.end))
        .set("nodesBlack", black.nodes as f64)
        .set("nodesWhite", white.nodes as f64)
        .build())
}
