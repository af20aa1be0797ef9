//! The AI's engine in a worker: searches with limits and progress, every move's score for hints,
//! the opening book, and one share of a search split among several workers.

use super::convert::{field, js_error, parse_position, strings, ObjectBuilder};
use super::options::{analysis_limits_from, limits_from, session_from};
use super::team::TeamEntry;
use crate::othello::analysis::review::score_in_tenths;
use crate::othello::book::{self, BookEntry};
use crate::othello::eval::pattern;
use crate::othello::records::notation::replay;
use crate::othello::rules::board::Board;
use crate::othello::rules::square::Move;
use crate::othello::search::parallel::Teamwork;
use crate::othello::search::score::Score;
use crate::othello::search::{Control, Engine, EvalChoice, Progress, SearchResult, INFINITY};
use js_sys::{Array, Function};
use std::sync::Arc;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const SEARCH_TYPES: &'static str = r#"
/** A score from the side to move's point of view, as numbers: the page writes its text. */
export interface Scored {
  /** In the evaluation's units (an estimate), or discs when `exact`. */
  score: number;
  /** A final disc difference (perfect play to the end), not an estimate. */
  exact: boolean;
  /** Discs: exact, or the estimate converted and rounded to a tenth. */
  discs: number;
  /** The evaluation that scored it. */
  evaluation: Evaluation;
}

/** A search's progress after each completed depth (see `Searcher.search`). */
export interface SearchProgress extends Scored {
  depth: number;
  move: string;
  pv: string[];
  nodes: number;
  elapsedMs: number;
}

/** A search's answer (see `Searcher.search`). */
export interface SearchResult extends Scored {
  /** "pa" when the side to move must pass. */
  move: string;
  /** The move came from the opening book: `discs` is its book value (whole discs), no search
   * was made. */
  book: boolean;
  pv: string[];
  depth: number;
  nodes: number;
  elapsedMs: number;
  nps: number;
  ttHits: number;
  cutoffs: number;
}

/** A move's score for hints (see `Searcher.analyze`). */
export interface Hint {
  move: string;
  /** The limits left no time for it: no score (`score` and `discs` null). */
  unknown: boolean;
  /** A move of the opening book: `discs` is its book value (whole discs). */
  book: boolean;
  score: number | null;
  exact: boolean;
  discs: number | null;
  evaluation?: Evaluation;
}

/** A move of the opening book and its value for the side to move, in whole discs. */
export interface BookMove {
  move: string;
  discs: number;
}

/** One share of a split search (see `Searcher.searchWindow`). */
export interface WindowResult extends Scored {
  /** The value in the engine's internal units: at or below alpha an upper bound, at or above
   * beta a lower bound. */
  value: number;
  solved: boolean;
  depth: number;
  pv: string[];
  nodes: number;
  /** The time or node limit stopped it: `value` means nothing. */
  aborted: boolean;
}
"#;

/// The search engine, with a transposition table kept between calls. Meant for a Web Worker:
/// a search blocks its thread until it ends (to cancel one, terminate the worker; in a team, write
/// 0 into the session word: see `startTeam`).
#[wasm_bindgen]
pub struct Searcher {
    pub(super) engine: Engine,
    /// The team this engine leads or helps (`team.rs`), if any.
    pub(super) team: Option<Arc<TeamEntry>>,
}

#[wasm_bindgen]
impl Searcher {
    /// An engine with about `ttMegabytes` MiB of tables (at least 1).
    #[wasm_bindgen(constructor)]
    pub fn new(tt_megabytes: u32) -> Searcher {
        Searcher { engine: Engine::new((tt_megabytes as usize).clamp(1, 1024)), team: None }
    }

    /// Forgets what earlier searches learnt (call it for a new game).
    pub fn clear(&mut self) {
        self.engine.clear();
    }

    /// Gives the engine the pattern weights (the bytes of `weights/pattern.bin`): the levels that
    /// ask for the pattern evaluation use them from the next search on. Bytes that are not a valid
    /// weights file are an error saying what is wrong, and the engine keeps the course's
    /// evaluation.
    #[wasm_bindgen(js_name = setPatternWeights)]
    pub fn set_pattern_weights(&mut self, bytes: &[u8]) -> Result<(), JsError> {
        let weights = Some(Arc::new(pattern::file::parse(bytes).map_err(js_error)?));
        if let Some(team) = &self.team {
            team.set_weights(weights.clone());
        }
        self.engine.set_pattern_weights(weights);
        Ok(())
    }

    /// Whether the engine has pattern weights.
    #[wasm_bindgen(getter, js_name = hasPatternWeights)]
    pub fn has_pattern_weights(&self) -> bool {
        self.engine.has_pattern_weights()
    }

    /// Gives the engine the opening book (the bytes of `weights/book.bin`): searches whose
    /// options or level ask for the book play from it, hints mark its moves, reviews call its best
    /// moves "book". Bytes that are not a valid book are an error saying what is wrong, and the
    /// engine keeps playing without a book.
    #[wasm_bindgen(js_name = setBook)]
    pub fn set_book(&mut self, bytes: &[u8]) -> Result<(), JsError> {
        let book = book::file::parse(bytes).map_err(js_error)?;
        self.engine.set_book(Some(Arc::new(book)));
        Ok(())
    }

    /// Whether the engine has an opening book.
    #[wasm_bindgen(getter, js_name = hasBook)]
    pub fn has_book(&self) -> bool {
        self.engine.book().is_some()
    }

    /// The book's moves of `board` (board text), best first: `[{move, discs}]` with `discs` the
    /// move's book value for the side to move (whole discs); empty when the position is not in
    /// the book or there is no book.
    #[wasm_bindgen(js_name = bookMoves, unchecked_return_type = "BookMove[]")]
    pub fn book_moves(&self, board: &str) -> Result<Array, JsError> {
        let position = parse_position(board)?;
        Ok(self
            .book_entry(position.board())
            .map(|e| {
                e.moves
                    .iter()
                    .map(|m| ObjectBuilder::new().set("move", m.mv.to_string()).set("discs", m.value).build())
                    .collect()
            })
            .unwrap_or_default())
    }

    /// How many of the moves of `transcript`, played from `startBoard` (board text), are book
    /// moves in a row: the game left the book after that many moves ("out of book after move 14"
    /// when it returns 14 and the game is longer). 0 without a book or when the start is not in
    /// it; the transcript's length when it never left the book.
    #[wasm_bindgen(js_name = outOfBookPly)]
    pub fn out_of_book_ply(&self, start_board: &str, transcript: &str) -> Result<u32, JsError> {
        let start = parse_position(start_board)?;
        let (moves, _) = replay(start, transcript).map_err(js_error)?;
        Ok(self.engine.book().map_or(0, |book| book.moves_in_book(start, &moves)) as u32)
    }

    /// Finds the best move on `board` (board text) under `options` (see `options::limits_from`);
    /// `onProgress` gets `{depth, move, score, exact, discs, evaluation, pv, nodes, elapsedMs}`
    /// after each completed depth. Returns `{move, book, score, exact, discs, evaluation, pv,
    /// depth, nodes, elapsedMs, nps, ttHits, cutoffs}`; scores are from the side to move's point
    /// of view (`score` in the evaluation's units or exact discs, `discs` in discs), `move` is
    /// `"pa"` when it must pass. With `session` among the options, the search is that session of
    /// the engine's team (see `startTeam`): its helpers search along, and `nodes` counts theirs.
    #[wasm_bindgen(unchecked_return_type = "SearchResult")]
    pub fn search(
        &mut self,
        board: &str,
        #[wasm_bindgen(unchecked_param_type = "SearchOptions")] options: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "((progress: SearchProgress) => void) | null | undefined")]
        on_progress: Option<Function>,
    ) -> Result<JsValue, JsError> {
        let position = parse_position(board)?;
        if position.is_game_over() {
            return Err(JsError::new("search: the game is over, there is nothing to search"));
        }
        let limits = limits_from(options)?;
        let session = session_from(options)?;
        let pattern = self.engine.uses_pattern(&limits);
        let mut callback_error: Option<JsValue> = None;
        let mut report = |progress: &Progress| {
            if let Some(callback) = &on_progress {
                if let Err(e) = callback.call1(&JsValue::NULL, &progress_object(progress, pattern)) {
                    callback_error.get_or_insert(e);
                }
            }
        };
        let clock = crate::clock::monotonic_ms;
        let mut control = Control::new(&clock);
        control.on_progress = Some(&mut report);
        control.team = team_part(&self.team, session, "search")?;
        let result = self.engine.search(position.board(), &limits, &mut control);
        if let Some(e) = callback_error {
            return Err(JsError::new(&format!(
                "search: the progress callback threw: {}",
                e.as_string()
                    .or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())))
                    .unwrap_or_default()
            )));
        }
        // A book move's value in whole discs, as the book has it.
        let book_value = if result.book {
            self.book_entry(position.board())
                .and_then(|e| e.moves.iter().find(|m| m.mv == result.best_move).map(|m| m.value))
        } else {
            None
        };
        Ok(result_object(&result, pattern, book_value))
    }

    /// One share of a search split among several workers (see `othello::search::split` and
    /// `www/common/parallel-search.js`): `board` (board text) searched within the window
    /// (`alpha`, `beta`) in the engine's internal units, under `options` (as `search`; `depth` is
    /// the depth of this share, and an exact solve when `exactFromEmpties` covers the position).
    /// Fail-soft: `value` at or below `alpha` is an upper bound, at or above `beta` a lower bound.
    /// Returns `{value, solved, depth, pv, nodes, aborted, score, exact, discs, evaluation}`
    /// (`aborted`: the time or node limit stopped it, and `value` means nothing); the fields after
    /// `aborted` describe `value` for the side to move, as `search` does.
    #[wasm_bindgen(js_name = searchWindow, unchecked_return_type = "WindowResult")]
    pub fn search_window(
        &mut self,
        board: &str,
        #[wasm_bindgen(unchecked_param_type = "SearchOptions")] options: &JsValue,
        alpha: f64,
        beta: f64,
    ) -> Result<JsValue, JsError> {
        let position = parse_position(board)?;
        let limits = limits_from(options)?;
        let bound = |x: f64| x.clamp(-f64::from(INFINITY), f64::from(INFINITY)) as i32;
        let (alpha, beta) = (bound(alpha), bound(beta));
        if alpha.checked_add(1).is_none_or(|a| a > beta) {
            return Err(JsError::new("searchWindow: alpha must be below beta"));
        }
        let pattern = self.engine.uses_pattern(&limits);
        let clock = crate::clock::monotonic_ms;
        let found = self.engine.search_window(position.board(), &limits, alpha, beta, &mut Control::new(&clock));
        let builder = ObjectBuilder::new()
            .set("value", found.value)
            .set("solved", found.solved)
            .set("depth", found.depth)
            .set("pv", strings(&found.pv))
            .set("nodes", found.nodes as f64)
            .set("aborted", found.aborted);
        Ok(score_fields(builder, Score::from_value(found.value), pattern).build())
    }

    /// A score for every legal move of `board` (for hints): `[{move, score, exact, unknown, discs,
    /// evaluation, book}]`, best first, from the side to move's point of view: the last completed
    /// step of the live analysis's search (`analyzeDeep`) under `options` (`{level: 9, depth,
    /// timeMs, exactFromEmpties}`: selective, as deep as the time allows). When the limits left
    /// no time for a first step, every move has `score: null, discs: null, unknown: true` (and no
    /// `evaluation`). The pass alone (`"pa"`) when the side to move must pass; empty when the game
    /// is over. When the engine has a book and the position is in it (unless the options say `book: false`), its book moves have `book: true`
    /// and their `discs` are the book's value (whole discs; `unknown: false` even if the search
    /// had no time for them); the list is then ordered by `discs`. With `session`, as `search`:
    /// the team's helpers search each move along.
    #[wasm_bindgen(unchecked_return_type = "Hint[]")]
    pub fn analyze(
        &mut self,
        board: &str,
        #[wasm_bindgen(unchecked_param_type = "SearchOptions")] options: &JsValue,
    ) -> Result<Array, JsError> {
        let position = parse_position(board)?;
        let limits = analysis_limits_from(options)?;
        let session = session_from(options)?;
        let use_book = field(options, "book").as_bool() != Some(false);
        let book = if use_book { self.book_entry(position.board()) } else { None };
        let pattern = self.engine.uses_pattern(&limits);
        let clock = crate::clock::monotonic_ms;
        let mut control = Control::new(&clock);
        control.team = team_part(&self.team, session, "analyze")?;
        let mut scored = self.engine.analyze_moves(position.board(), &limits, &mut control);
        let book_value = |mv: Move| book.as_ref().and_then(|e| e.moves.iter().find(|m| m.mv == mv)).map(|m| m.value);
        match &book {
            // Book values (whole discs) and searched scores (in discs) together, best first.
            Some(_) => {
                let discs = |&(mv, score): &(Move, Option<Score>)| {
                    book_value(mv).map(f64::from).or_else(|| score.map(|s| score_in_tenths(s, eval_of(pattern))))
                };
                let key = |x: &(Move, Option<Score>)| discs(x).unwrap_or(f64::NEG_INFINITY);
                book::sort_small(&mut scored, |a, b| key(a) > key(b));
            }
            // Known scores best first (`None` sorts below every `Some`), unknown ones after them.
            None => scored.sort_by_key(|&(_, score)| std::cmp::Reverse(score.map(Score::to_value))),
        }
        Ok(scored
            .into_iter()
            .map(|(mv, score)| {
                let value = book_value(mv);
                let entry = ObjectBuilder::new()
                    .set("move", mv.to_string())
                    .set("unknown", score.is_none() && value.is_none())
                    .set("book", value.is_some());
                let entry = match score {
                    Some(score) => score_fields(entry, score, pattern),
                    None => entry.set("score", JsValue::NULL).set("discs", JsValue::NULL).set("exact", false),
                };
                match value {
                    Some(discs) => entry.set("discs", discs),
                    None => entry,
                }
                .build()
            })
            .collect())
    }
}

impl Searcher {
    fn book_entry(&self, board: Board) -> Option<BookEntry> {
        self.engine.book().and_then(|book| book.entry(board))
    }
}

/// A search's part in its team's session `session`, if the options named one.
pub(super) fn team_part<'a>(
    team: &'a Option<Arc<TeamEntry>>,
    session: Option<u32>,
    call: &str,
) -> Result<Option<Teamwork<'a>>, JsError> {
    match (session, team) {
        (None, _) => Ok(None),
        (Some(session), Some(team)) => Ok(Some(Teamwork::main(&team.share, session))),
        (Some(_), None) => Err(JsError::new(&format!("{call}: a session needs a team (startTeam)"))),
    }
}

fn eval_of(pattern: bool) -> EvalChoice {
    if pattern {
        EvalChoice::Pattern
    } else {
        EvalChoice::Course
    }
}

/// A score's fields, numbers only: `score` (the evaluation's units, or discs when `exact`),
/// `exact`, the evaluation that scored it (`evaluation`) and the score in discs (`discs`: exact,
/// or the estimate converted and rounded to a tenth, see
/// `othello::analysis::review::score_in_tenths`).
pub(super) fn score_fields(builder: ObjectBuilder, score: Score, pattern: bool) -> ObjectBuilder {
    let (value, exact) = match score {
        Score::Eval(v) => (v, false),
        Score::Exact(d) => (d, true),
    };
    builder
        .set("score", value)
        .set("exact", exact)
        .set("evaluation", if pattern { "pattern" } else { "course" })
        .set("discs", score_in_tenths(score, eval_of(pattern)))
}

fn progress_object(progress: &Progress, pattern: bool) -> JsValue {
    score_fields(ObjectBuilder::new(), progress.score, pattern)
        .set("depth", progress.depth)
        .set("move", progress.best_move.to_string())
        .set("pv", strings(&progress.pv))
        .set("nodes", progress.nodes as f64)
        .set("elapsedMs", progress.elapsed_ms as f64)
        .build()
}

/// `book_value`: the book's value of a book move (whole discs), which replaces the estimate.
fn result_object(result: &SearchResult, pattern: bool, book_value: Option<i32>) -> JsValue {
    let stats = result.stats;
    let builder = score_fields(ObjectBuilder::new(), result.score, pattern);
    let builder = match book_value {
        Some(discs) => builder.set("discs", discs),
        None => builder,
    };
    builder
        .set("book", result.book)
        .set("move", result.best_move.to_string())
        .set("pv", strings(&result.pv))
        .set("depth", stats.depth)
        .set("nodes", stats.nodes as f64)
        .set("elapsedMs", stats.elapsed_ms as f64)
        .set("nps", stats.nps as f64)
        .set("ttHits", stats.tt_hits as f64)
        .set("cutoffs", stats.cutoffs as f64)
        .build()
}
