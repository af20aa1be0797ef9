//! WebAssembly bindings: thin wrappers that convert types and call the engine, nothing more.
//!
//! Two handles, because the page and the AI worker need different things:
//! - [`Game`] (main thread): the rules and the game record — instant operations.
//! - [`Searcher`] (module worker): the search engine with its transposition table — long calls.
//!
//! Positions cross between them as board text (`format_board`), squares as names (`"d3"`, `"pa"` for a
//! pass) and boards as 64-byte arrays (0 empty, 1 black, 2 white, a1 first). Every bad input is a
//! JavaScript `Error` whose message says what was wrong.

use crate::othello::analysis::review::{
    assemble, game_positions, review_part, score_in_tenths, Class, Review, ReviewLimits, ReviewPart, ReviewedPosition,
};
use crate::othello::book::{BookEntry, BookUse};
use crate::othello::records::ggf::{format_ggf, format_ggf_date, parse_ggf, GgfGame};
use crate::othello::records::history::History;
use crate::othello::records::notation::{format_board, format_obf_line, parse_board, replay};
use crate::othello::rules::board::Position;
use crate::othello::rules::square::{Color, Move, Square};
use crate::othello::search::levels::{self, LEVELS};
use crate::othello::search::score::Score;
use crate::othello::search::{Control, Engine, EvalChoice, Limits, Progress, SearchResult, INFINITY};
use js_sys::{Array, Function, Object, Reflect};
use wasm_bindgen::prelude::*;

#[cfg(feature = "classroom")]
pub mod classroom;
#[cfg(feature = "classroom")]
mod lab;

#[wasm_bindgen(start)]
fn install_panic_hook() {
    // A panic would otherwise surface as an opaque "unreachable" trap.
    console_error_panic_hook::set_once();
}

/// Builds plain JS objects field by field (no serde: it would add more size than it saves).
struct ObjectBuilder(Object);

impl ObjectBuilder {
    fn new() -> ObjectBuilder {
        ObjectBuilder(Object::new())
    }

    fn set(self, key: &str, value: impl Into<JsValue>) -> ObjectBuilder {
        // Setting a property on a fresh ordinary object cannot fail.
        let _ = Reflect::set(&self.0, &JsValue::from_str(key), &value.into());
        self
    }

    fn build(self) -> JsValue {
        self.0.into()
    }
}

fn strings<T: ToString>(items: impl IntoIterator<Item = T>) -> Array {
    items.into_iter().map(|item| JsValue::from_str(&item.to_string())).collect()
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// 64 bytes, a1 first: 0 empty, 1 black, 2 white.
fn squares_of(position: Position) -> Vec<u8> {
    Square::all()
        .map(|sq| match position.at(sq) {
            None => 0,
            Some(Color::Black) => 1,
            Some(Color::White) => 2,
        })
        .collect()
}

fn parse_move(text: &str) -> Result<Move, JsError> {
    text.parse::<Move>().map_err(|e| JsError::new(&format!("move: {e} (or 'pa' to pass)")))
}

fn parse_position(text: &str) -> Result<Position, JsError> {
    parse_board(text).map_err(|e| JsError::new(&e.to_string()))
}

/// A game in progress: the rules, the record, undo/redo and viewing any earlier position.
#[wasm_bindgen]
pub struct Game {
    history: History,
}

#[wasm_bindgen]
impl Game {
    /// A new game from the standard start.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Game {
        Game { history: History::default() }
    }

    /// A game replayed from a transcript such as `"f5d6c3"` (forced passes may be left out).
    #[wasm_bindgen(js_name = fromTranscript)]
    pub fn from_transcript(transcript: &str) -> Result<Game, JsError> {
        History::from_transcript(Position::start(), transcript)
            .map(|history| Game { history })
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// A game starting from a board: 64 squares (`X`, `O`, `-`) then the side to move (`X`/`O`).
    #[wasm_bindgen(js_name = fromBoard)]
    pub fn from_board(board: &str) -> Result<Game, JsError> {
        History::from_board_text(board).map(|history| Game { history }).map_err(|e| JsError::new(&e.to_string()))
    }

    /// A game starting from `board` (as in `fromBoard`) with `transcript` played from there.
    #[wasm_bindgen(js_name = fromBoardAndTranscript)]
    pub fn from_board_and_transcript(board: &str, transcript: &str) -> Result<Game, JsError> {
        History::from_transcript(parse_position(board)?, transcript)
            .map(|history| Game { history })
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// Whatever a player pastes: a transcript from the start, a board or an OBF line (see
    /// `recogniseText`); an error names the notation recognised and what is wrong with it.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(text: &str) -> Result<Game, JsError> {
        History::from_game_text(text).map(|history| Game { history }).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Rebuilds a stored game from `startBoard`, `moves` (the full record, passes written) and
    /// `ply`, as returned by the getters of the same names.
    pub fn restore(start_board: &str, moves: &str, ply: u32) -> Result<Game, JsError> {
        History::restore(start_board, moves, ply as usize)
            .map(|history| Game { history })
            .map_err(|e| JsError::new(&format!("stored game: {e}")))
    }

    /// The position at the cursor as 64 bytes (a1 … h8): 0 empty, 1 black, 2 white.
    pub fn squares(&self) -> Vec<u8> {
        squares_of(self.history.position())
    }

    /// Legal squares for the side to move, e.g. `["d3", "c4"]` (empty when it must pass).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Array {
        strings(self.history.position().legal_moves())
    }

    /// Plays a square (`"d3"`) or a pass (`"pa"`) at the cursor; returns the squares flipped.
    pub fn play(&mut self, mv: &str) -> Result<Array, JsError> {
        let mv = parse_move(mv)?;
        self.history.play(mv).map_err(|e| JsError::new(&e.to_string()))?;
        let flipped = self.history.flipped_by(self.history.cursor() - 1).unwrap_or(0);
        Ok(strings(Square::all().filter(|sq| flipped & sq.bit() != 0)))
    }

    /// Passes; an error if the side to move has a legal square or the game is over.
    pub fn pass(&mut self) -> Result<(), JsError> {
        self.history.play(Move::Pass).map(|_| ()).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Takes back one move (a pass counts); returns it, or `undefined` at the start.
    pub fn undo(&mut self) -> Option<String> {
        self.history.undo().map(|m| m.to_string())
    }

    /// Replays the next move of the redo line; returns it, or `undefined` at its end.
    pub fn redo(&mut self) -> Option<String> {
        self.history.redo().map(|m| m.to_string())
    }

    /// Shows the position after `ply` moves (0 = the start); later moves stay for redo.
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(&mut self, ply: u32) -> Result<(), JsError> {
        self.history.go_to(ply as usize).map(|_| ()).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Drops the moves after the cursor (the redo line).
    #[wasm_bindgen(js_name = discardRedo)]
    pub fn discard_redo(&mut self) {
        self.history.discard_redo();
    }

    #[wasm_bindgen(getter, js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    #[wasm_bindgen(getter, js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Moves applied (the cursor).
    #[wasm_bindgen(getter)]
    pub fn ply(&self) -> u32 {
        self.history.cursor() as u32
    }

    /// `"black"` or `"white"`.
    #[wasm_bindgen(getter, js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        color_name(self.history.position().side_to_move()).to_string()
    }

    #[wasm_bindgen(getter, js_name = scoreBlack)]
    pub fn score_black(&self) -> u32 {
        self.history.position().count(Color::Black)
    }

    #[wasm_bindgen(getter, js_name = scoreWhite)]
    pub fn score_white(&self) -> u32 {
        self.history.position().count(Color::White)
    }

    /// True when the side to move has no square but the opponent has one.
    #[wasm_bindgen(getter, js_name = mustPass)]
    pub fn must_pass(&self) -> bool {
        self.history.position().must_pass()
    }

    #[wasm_bindgen(getter, js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.history.position().is_game_over()
    }

    /// When the game is over: `"black"`, `"white"` or `"draw"`; otherwise `undefined`.
    #[wasm_bindgen(getter)]
    pub fn winner(&self) -> Option<String> {
        let position = self.history.position();
        if !position.is_game_over() {
            return None;
        }
        Some(position.winner().map_or("draw", color_name).to_string())
    }

    /// The moves up to the cursor, e.g. `"f5d6c3"`; passes as `pa` only if asked.
    pub fn transcript(&self, with_passes: bool) -> String {
        self.history.transcript(with_passes)
    }

    /// Every move of the record, the redo line included, one name each (`"pa"` for a pass).
    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> Array {
        strings(self.history.moves())
    }

    /// The whole record as text with passes written: what `restore` takes back.
    #[wasm_bindgen(getter, js_name = fullTranscript)]
    pub fn full_transcript(&self) -> String {
        self.history.full_transcript()
    }

    /// The position at the cursor as board text, e.g. `"---…--- X"`: what the worker searches.
    #[wasm_bindgen(getter)]
    pub fn board(&self) -> String {
        format_board(self.history.position())
    }

    /// The start position as board text.
    #[wasm_bindgen(getter, js_name = startBoard)]
    pub fn start_board(&self) -> String {
        format_board(self.history.start())
    }

    /// The whole record (the redo line included) as one GGF line: `black` and `white` name the
    /// players, `evaluations[i]` is move i's score in discs from its mover's view (`NaN` or a
    /// missing entry: none written). The result is the final score when the game is over, else
    /// `result` if given (an imported record's, a resignation say). `date` (milliseconds since
    /// 1970 UTC, as `Date.now()` gives) is written `DT[2026.03.01_14:05:09.UTC]`, as the internet
    /// Othello server dates its records (not written when absent or not a date); `place` is
    /// written `PC[…]` when given and not empty.
    #[wasm_bindgen(js_name = toGgf)]
    pub fn to_ggf(
        &self,
        black: &str,
        white: &str,
        evaluations: Vec<f64>,
        result: Option<String>,
        date: Option<f64>,
        place: Option<String>,
    ) -> String {
        let mut game = GgfGame::new(self.history.start(), self.history.moves());
        // After GM, as the servers order them: PC, DT.
        let place = place.filter(|p| !p.is_empty()).map(|p| ("PC".to_string(), p));
        let date = date.and_then(format_ggf_date).map(|d| ("DT".to_string(), d));
        game.properties.splice(1..1, place.into_iter().chain(date));
        game.set_property("PB", black);
        game.set_property("PW", white);
        for (m, &e) in game.moves.iter_mut().zip(&evaluations) {
            m.evaluation = e.is_finite().then_some(e);
        }
        let end = self.history.position_at(self.history.moves().len()).unwrap_or(self.history.start());
        if end.is_game_over() {
            game.set_property("RE", &format!("{:+}.00", end.final_score_black()));
        } else if let Some(result) = result.filter(|r| !r.is_empty()) {
            game.set_property("RE", &result);
        }
        format_ggf(&game)
    }

    /// The position shown as an OBF line, with `bestMove` and its exact score for the side to
    /// move as the solution when both are given.
    #[wasm_bindgen(js_name = toObf)]
    pub fn to_obf(&self, best_move: Option<String>, exact_score: Option<i32>) -> Result<String, JsError> {
        let solutions = match (best_move, exact_score) {
            (Some(mv), Some(score)) => vec![(parse_move(&mv)?, score)],
            _ => Vec::new(),
        };
        Ok(format_obf_line(self.history.position(), &solutions))
    }

    /// The move that led to the position shown, or `undefined` at the start.
    #[wasm_bindgen(getter, js_name = lastMove)]
    pub fn last_move(&self) -> Option<String> {
        self.history.last_move().map(|(_, m)| m.to_string())
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

/// The notation pasted text is written in, as `fromText` reads it: `"transcript"`, `"board"` or
/// `"OBF line"`; `undefined` for blank text.
#[wasm_bindgen(js_name = recogniseText)]
pub fn recognise_text(text: &str) -> Option<String> {
    crate::othello::records::record::recognise(text).map(|notation| notation.name().to_string())
}

/// What a GGF record says besides its moves: `{black, white, result, date, place, evaluations}`
/// (players, result, `DT` and `PC` as written, `""` when absent; `evaluations[i]` is move i's
/// score or `null`).
#[wasm_bindgen(js_name = ggfDetails)]
pub fn ggf_details(text: &str) -> Result<JsValue, JsError> {
    let game = parse_ggf(text).map_err(|e| JsError::new(&e.to_string()))?;
    let evaluations: Array = game.moves.iter().map(|m| m.evaluation.map_or(JsValue::NULL, JsValue::from_f64)).collect();
    Ok(ObjectBuilder::new()
        .set("black", game.property("PB").unwrap_or(""))
        .set("white", game.property("PW").unwrap_or(""))
        .set("result", game.property("RE").unwrap_or(""))
        .set("date", game.property("DT").unwrap_or(""))
        .set("place", game.property("PC").unwrap_or(""))
        .set("evaluations", evaluations)
        .build())
}

/// The name of the opening a transcript from the standard start has reached (`"Tiger"`, `"Rose"`,
/// the deepest named line, up to the board's symmetries: see `othello::book::names`), or
/// `undefined` when it reached none. A transcript that does not read is an error. The names (77,
/// from Robert Gatliff's catalogue) are compiled in.
#[wasm_bindgen(js_name = openingName)]
pub fn opening_name(transcript: &str) -> Result<Option<String>, JsError> {
    crate::othello::book::names::opening_name(transcript)
        .map(|name| name.map(str::to_string))
        .map_err(|e| JsError::new(&e.to_string()))
}

/// Every named opening line: `[{name, moves}]` (`moves` a transcript from the standard start, such
/// as `"f5d6c3d3c4"`), in the names table's order: what "Play an opening" offers.
#[wasm_bindgen(js_name = openingLines)]
pub fn opening_lines() -> Array {
    crate::othello::book::names::openings()
        .iter()
        .map(|o| ObjectBuilder::new().set("name", o.name).set("moves", o.moves).build())
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

/// The playing levels: `[{number, name, depth, exactFromEmpties, timeMs, bookMargin,
/// bookUntilPly}]`, weakest first (`bookMargin`, `bookUntilPly`: how the level plays from the
/// opening book, `undefined` for the levels that do not).
#[wasm_bindgen]
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

/// The static evaluation of a board, from the side to move's point of view.
#[wasm_bindgen]
pub fn evaluate(board: &str) -> Result<i32, JsError> {
    Ok(crate::othello::eval::course::evaluate(parse_position(board)?.board()))
}

/// The evaluation explained: `{phase, discs, total, totalDiscs, terms: [{term, label, raw,
/// weight, contribution}]}`, from the side to move's point of view; `discs` is the number of discs
/// on the board (what decides the phase), `total` equals `evaluate(board)` (course units) and
/// `totalDiscs` is that total as an estimated disc difference (`othello::analysis::review::eval_to_discs`,
/// within ±64, to a tenth).
#[wasm_bindgen(js_name = evaluationBreakdown)]
pub fn evaluation_breakdown(board: &str) -> Result<JsValue, JsError> {
    let report = crate::othello::eval::course::breakdown(parse_position(board)?.board());
    let total_discs = score_in_tenths(Score::Eval(report.total), EvalChoice::Course);
    let object = breakdown_object(&report);
    let _ = Reflect::set(&object, &JsValue::from_str("totalDiscs"), &JsValue::from_f64(total_discs));
    Ok(object)
}

/// A breakdown as the plain object `evaluationBreakdown` returns (the lab returns the same, less
/// `totalDiscs`: the disc scale is measured for the course's own weights only).
pub(crate) fn breakdown_object(report: &crate::othello::eval::course::Breakdown) -> JsValue {
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
    weights: crate::othello::eval::pattern::PatternWeights,
}

#[wasm_bindgen]
impl PatternEvaluation {
    /// From the bytes of a weights file; an error says what is wrong with them.
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: &[u8]) -> Result<PatternEvaluation, JsError> {
        crate::othello::eval::pattern::file::parse(bytes)
            .map(|weights| PatternEvaluation { weights })
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// `{stage, stages, total, totalDiscs, terms: [{term, count, contribution}]}` from the side to
    /// move's point of view, in hundredths of a disc; `total` is the sum of the contributions
    /// (within ±64 discs), `totalDiscs` the same in discs, to a tenth.
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

/// Reads an optional whole number in `0..=max` from `options[key]`.
fn option_number(options: &JsValue, key: &str, max: u64) -> Result<Option<f64>, JsError> {
    let value = Reflect::get(options, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED);
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=max as f64).contains(&n) => Ok(Some(n)),
        _ => Err(JsError::new(&format!(
            "search options: {key} must be a whole number from 0 to {max}, not {}",
            js_sys::JSON::stringify(&value).map(String::from).unwrap_or_else(|_| "that".into())
        ))),
    }
}

const OPTION_KEYS: [&str; 8] = ["level", "depth", "timeMs", "nodes", "exactFromEmpties", "seed", "evaluation", "book"];

/// Search limits from `{level?, depth?, timeMs?, nodes?, exactFromEmpties?, seed?, evaluation?,
/// book?}`: a level's limits, with any explicit field overriding it. `evaluation` is `'course'` or
/// `'pattern'` (the trained evaluation, when the engine has its weights: the course's otherwise;
/// results say which one scored them); without it, the level's evaluation, or the course's.
/// `book` is `true` or `false`: play from the opening book (`setBook`) while it has a move; without
/// it, as the level does (levels 4–9), or not at all without a level; `true` without a level plays
/// as level 9 does (a best book move).
fn limits_from(options: &JsValue) -> Result<Limits, JsError> {
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
        Some(n) => levels::level(n as i64).map_err(|e| JsError::new(&e.to_string()))?.limits(seed),
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
    let evaluation = Reflect::get(options, &JsValue::from_str("evaluation")).unwrap_or(JsValue::UNDEFINED);
    if !(evaluation.is_undefined() || evaluation.is_null()) {
        limits.eval = match evaluation.as_string().as_deref() {
            Some("course") => EvalChoice::Course,
            Some("pattern") => EvalChoice::Pattern,
            _ => {
                return Err(JsError::new(&format!(
                    "search options: evaluation must be 'course' or 'pattern', not {}",
                    js_sys::JSON::stringify(&evaluation).map(String::from).unwrap_or_else(|_| "that".into())
                )))
            }
        };
    }
    let book = Reflect::get(options, &JsValue::from_str("book")).unwrap_or(JsValue::UNDEFINED);
    if !(book.is_undefined() || book.is_null()) {
        limits.book = match book.as_bool() {
            Some(true) => limits.book.or(Some(BookUse::STRONG)),
            Some(false) => None,
            None => {
                return Err(JsError::new(&format!(
                    "search options: book must be true or false, not {}",
                    js_sys::JSON::stringify(&book).map(String::from).unwrap_or_else(|_| "that".into())
                )))
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

fn score_fields(builder: ObjectBuilder, score: Score) -> ObjectBuilder {
    let (value, exact) = match score {
        Score::Eval(v) => (v, false),
        Score::Exact(d) => (d, true),
    };
    builder.set("score", value).set("exact", exact).set("scoreText", score.to_string())
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
        .build()
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

/// A field of a JS object (undefined when missing).
fn field(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
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
    Some(ReviewedPosition { to_move, score_black, exact, best_line })
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
    let best_after = field(value, "bestAfter");
    let best_after = if best_after.is_object() { Some(position_from(&best_after)?) } else { None };
    Some((index as usize, ReviewPart { position: position_from(&field(value, "position"))?, free, best_after }))
}

/// Puts a review together: `parts` are the results of `Searcher.reviewPart` for every position of
/// the game from `startBoard` with `moves`, in any order. Returns `{positions: [{toMove,
/// scoreBlack, exact, bestLine}], moves: [{move, mover, scoreBlack, exact, loss, class}]}`
/// (`othello::analysis::review::review_game`'s review); parts that do not fit the game are an
/// error saying so.
#[wasm_bindgen(js_name = reviewAssemble)]
pub fn review_assemble(start_board: &str, moves: &str, parts: &Array) -> Result<JsValue, JsError> {
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
    let review = assemble(&positions, &moves, parts).map_err(|e| JsError::new(&e))?;
    Ok(review_object(&review))
}

/// [`score_fields`], the evaluation that scored it (`evaluation`) and the score in discs
/// (`discs`: exact, or the estimate converted and rounded to a tenth, see
/// `othello::analysis::review::score_in_tenths`). After the pattern evaluation an estimate is in hundredths
/// of a disc, so its text is in discs (`"+2.4"`), which an exact score (`"+2"`) never looks like.
fn score_fields_in(builder: ObjectBuilder, score: Score, pattern: bool) -> ObjectBuilder {
    let eval = if pattern { EvalChoice::Pattern } else { EvalChoice::Course };
    let builder = score_fields(builder, score)
        .set("evaluation", if pattern { "pattern" } else { "course" })
        .set("discs", score_in_tenths(score, eval));
    match score {
        Score::Eval(v) if pattern => builder.set("scoreText", signed_tenths(v)),
        _ => builder,
    }
}

/// Hundredths of a disc as signed discs to one decimal (`"+2.4"`, `"-0.5"`), rounded half away
/// from zero. Integer arithmetic: float formatting would add about 8 KB gzipped to the game's wasm.
fn signed_tenths(hundredths: i32) -> String {
    let tenths = (hundredths.unsigned_abs() + 5) / 10;
    let sign = if hundredths < 0 && tenths > 0 { '-' } else { '+' };
    format!("{sign}{}.{}", tenths / 10, tenths % 10)
}

fn progress_object(progress: &Progress, pattern: bool) -> JsValue {
    score_fields_in(ObjectBuilder::new(), progress.score, pattern)
        .set("depth", progress.depth)
        .set("move", progress.best_move.to_string())
        .set("pv", strings(&progress.pv))
        .set("nodes", progress.nodes as f64)
        .set("elapsedMs", progress.elapsed_ms as f64)
        .build()
}

fn result_object(result: &SearchResult, pattern: bool, book_value: Option<i32>) -> JsValue {
    let stats = result.stats;
    let builder = score_fields_in(ObjectBuilder::new(), result.score, pattern);
    let builder = match book_value {
        Some(discs) => builder.set("discs", discs).set("scoreText", format!("{discs:+}")),
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

impl Searcher {
    fn book_entry(&self, board: crate::othello::rules::board::Board) -> Option<BookEntry> {
        self.engine.book().and_then(|book| book.entry(board))
    }
}

/// The search engine, with a transposition table kept between calls. Meant for a Web Worker:
/// a search blocks its thread until it ends (to cancel one, terminate the worker).
#[wasm_bindgen]
pub struct Searcher {
    engine: Engine,
}

#[wasm_bindgen]
impl Searcher {
    /// An engine with about `ttMegabytes` MiB of tables (at least 1).
    #[wasm_bindgen(constructor)]
    pub fn new(tt_megabytes: u32) -> Searcher {
        Searcher { engine: Engine::new((tt_megabytes as usize).clamp(1, 1024)) }
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
        let weights = crate::othello::eval::pattern::file::parse(bytes).map_err(|e| JsError::new(&e.to_string()))?;
        self.engine.set_pattern_weights(Some(std::sync::Arc::new(weights)));
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
        let book = crate::othello::book::file::parse(bytes).map_err(|e| JsError::new(&e.to_string()))?;
        self.engine.set_book(Some(std::sync::Arc::new(book)));
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
    #[wasm_bindgen(js_name = bookMoves)]
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
        let (moves, _) = replay(start, transcript).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(self.engine.book().map_or(0, |book| book.moves_in_book(start, &moves)) as u32)
    }

    /// Finds the best move on `board` (board text) under `options` (see `limits_from`);
    /// `onProgress` gets `{depth, move, score, exact, scoreText, discs, evaluation, pv, nodes,
    /// elapsedMs}` after each completed depth. Returns `{move, score, exact, scoreText, discs,
    /// evaluation, pv, depth, nodes, elapsedMs, nps, ttHits, cutoffs}`; scores are from the side to
    /// move's point of view (`score` in the evaluation's units or exact discs, `discs` in discs),
    /// `move` is `"pa"` when it must pass.
    pub fn search(
        &mut self,
        board: &str,
        options: &JsValue,
        on_progress: Option<Function>,
    ) -> Result<JsValue, JsError> {
        let position = parse_position(board)?;
        if position.is_game_over() {
            return Err(JsError::new("search: the game is over, there is nothing to search"));
        }
        let limits = limits_from(options)?;
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

    /// One position's share of a review (`othello::analysis::review::review_part`): position
    /// `index` of the game played from `startBoard` with `moves` (0 = the start, `index` = after
    /// that many moves) scored, with what judging the move played from it needs: `{index,
    /// position: {toMove, scoreBlack, exact, bestLine}, free: 'forced' | 'book' | undefined,
    /// bestAfter: {…} | undefined}`. `options`: `{depth, exactFromEmpties?}` (the pattern
    /// evaluation once the engine has its weights). A review asks for every position, on one
    /// worker or several, and `reviewAssemble` puts the parts together.
    #[wasm_bindgen(js_name = reviewPart)]
    pub fn review_part(
        &mut self,
        start_board: &str,
        moves: &str,
        options: &JsValue,
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
            .set("bestAfter", part.best_after.as_ref().map_or(JsValue::NULL, position_object))
            .build())
    }

    /// One share of a search split among several workers (see `othello::search::split` and
    /// `www/common/parallel-search.js`): `board` (board text) searched within the window
    /// (`alpha`, `beta`) in the engine's internal units, under `options` (as `search`; `depth` is
    /// the depth of this share, and an exact solve when `exactFromEmpties` covers the position).
    /// Fail-soft: `value` at or below `alpha` is an upper bound, at or above `beta` a lower bound.
    /// Returns `{value, solved, depth, pv, nodes, aborted, score, exact, scoreText, discs,
    /// evaluation}` (`aborted`: the time or node limit stopped it, and `value` means nothing);
    /// the fields after `aborted` describe `value` for the side to move, as `search` does.
    #[wasm_bindgen(js_name = searchWindow)]
    pub fn search_window(&mut self, board: &str, options: &JsValue, alpha: f64, beta: f64) -> Result<JsValue, JsError> {
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
        Ok(score_fields_in(builder, Score::from_value(found.value), pattern).build())
    }

    /// A score for every legal move of `board` (for hints): `[{move, score, exact, unknown,
    /// scoreText, discs, evaluation, book}]`, best first, from the side to move's point of view. A
    /// move the limits left no time to search has `score: null, discs: null, unknown: true,
    /// scoreText: "?"` and comes last. Empty when it must pass. When the engine has a book and the
    /// position is in it (unless the options say `book: false`), its book moves have `book: true`,
    /// and their `discs` and `scoreText` are the book's value (whole discs; `unknown: false`
    /// even if the search had no time for them); the list is then ordered by `discs`.
    pub fn analyze(&mut self, board: &str, options: &JsValue) -> Result<Array, JsError> {
        let position = parse_position(board)?;
        let limits = limits_from(options)?;
        let use_book = Reflect::get(options, &JsValue::from_str("book")).ok().and_then(|b| b.as_bool()) != Some(false);
        let book = if use_book { self.book_entry(position.board()) } else { None };
        let pattern = self.engine.uses_pattern(&limits);
        let clock = crate::clock::monotonic_ms;
        let mut control = Control::new(&clock);
        let mut scored = self.engine.analyze_moves(position.board(), &limits, &mut control);
        let book_value = |mv: Move| book.as_ref().and_then(|e| e.moves.iter().find(|m| m.mv == mv)).map(|m| m.value);
        match &book {
            // Book values (whole discs) and searched scores (in discs) together, best first.
            Some(_) => {
                let discs = |&(mv, score): &(Move, Option<Score>)| {
                    let eval = if pattern { EvalChoice::Pattern } else { EvalChoice::Course };
                    book_value(mv).map(f64::from).or_else(|| score.map(|s| score_in_tenths(s, eval)))
                };
                let key = |x: &(Move, Option<Score>)| discs(x).unwrap_or(f64::NEG_INFINITY);
                crate::othello::book::sort_small(&mut scored, |a, b| key(a) > key(b));
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
                    Some(score) => score_fields_in(entry, score, pattern),
                    None => entry
                        .set("score", JsValue::NULL)
                        .set("discs", JsValue::NULL)
                        .set("exact", false)
                        .set("scoreText", "?"),
                };
                match value {
                    Some(discs) => entry.set("discs", discs).set("scoreText", format!("{discs:+}")),
                    None => entry,
                }
                .build()
            })
            .collect())
    }
}
