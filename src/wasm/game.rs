//! The game on the page: the rules, the record (undo, redo, any earlier position), and records
//! read from and written as text (transcripts, boards, OBF lines, GGF records).

use super::convert::{
    color_name, js_error, parse_move, parse_position, square_names, squares_of, strings, ObjectBuilder,
};
use crate::othello::records::ggf::{
    format_ggf, format_ggf_date, format_ggf_result, parse_ggf_result, parse_ggf_with_cuts, GgfEnding, GgfGame,
};
use crate::othello::records::history::History;
use crate::othello::records::notation::{format_board, format_obf_line};
use crate::othello::rules::board::Position;
use crate::othello::rules::square::{Color, Move};
use js_sys::Array;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const GAME_TYPES: &'static str = r#"
/** A side: who moves, who played a move, who won. */
export type Side = 'black' | 'white';

/** The notations `Game.fromText` reads, as `recogniseText` names them. */
export type Notation = 'transcript' | 'board' | 'OBF line' | 'GGF record';

/** What a GGF record says besides its moves (see `ggfDetails`). */
export interface GgfDetails {
  black: string;
  white: string;
  result: string;
  date: string;
  place: string;
  /** Move i's score in discs from its mover's view, or null where the record has none. */
  evaluations: (number | null)[];
  /** The values longer than their limit, cut: the property (`PB`), its length as written and the
   * length it was cut to, in characters. */
  cut: {field: string, length: number, limit: number}[];
  /** The record's own fields, `[name, value]`, in their order: every property but `GM` (what
   * `toGgf` keeps through a round trip). */
  fields: [string, string][];
  /** `RE` read: Black's margin in discs (negative: White won), or null when `RE` is absent or
   * not a result. */
  resultBlack: number | null;
  /** How the game ended when `RE` says: `'resigned'`, `'time'`, `'agreed score'`; else `''`. */
  resultEnding: '' | 'resigned' | 'time' | 'agreed score';
}
"#;

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
        History::from_transcript(Position::start(), transcript).map(|history| Game { history }).map_err(js_error)
    }

    /// A game starting from a board: 64 squares (`X`, `O`, `-`) then the side to move (`X`/`O`).
    #[wasm_bindgen(js_name = fromBoard)]
    pub fn from_board(board: &str) -> Result<Game, JsError> {
        History::from_board_text(board).map(|history| Game { history }).map_err(js_error)
    }

    /// A game starting from `board` (as in `fromBoard`) with `transcript` played from there.
    #[wasm_bindgen(js_name = fromBoardAndTranscript)]
    pub fn from_board_and_transcript(board: &str, transcript: &str) -> Result<Game, JsError> {
        History::from_transcript(parse_position(board)?, transcript).map(|history| Game { history }).map_err(js_error)
    }

    /// Whatever a player pastes: a transcript from the start, a board or an OBF line (see
    /// `recogniseText`); an error names the notation recognised and what is wrong with it.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(text: &str) -> Result<Game, JsError> {
        History::from_game_text(text).map(|history| Game { history }).map_err(js_error)
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
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "string[]")]
    pub fn legal_moves(&self) -> Array {
        strings(self.history.position().legal_moves())
    }

    /// Plays a square (`"d3"`) or a pass (`"pa"`) at the cursor; returns the squares flipped.
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn play(&mut self, mv: &str) -> Result<Array, JsError> {
        let mv = parse_move(mv)?;
        self.history.play(mv).map_err(js_error)?;
        let flipped = self.history.flipped_by(self.history.cursor() - 1).unwrap_or(0);
        Ok(square_names(flipped))
    }

    /// Passes; an error if the side to move has a legal square or the game is over.
    pub fn pass(&mut self) -> Result<(), JsError> {
        self.history.play(Move::Pass).map(|_| ()).map_err(js_error)
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
        self.history.go_to(ply as usize).map(|_| ()).map_err(js_error)
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
    #[wasm_bindgen(getter, js_name = sideToMove, unchecked_return_type = "Side")]
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
    #[wasm_bindgen(getter, unchecked_return_type = "Side | 'draw' | undefined")]
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
    #[wasm_bindgen(getter, unchecked_return_type = "string[]")]
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
    /// missing entry: none written). The result is `result` if given (an imported record's own),
    /// else the final score when the game is over. `date` (milliseconds since 1970 UTC, as
    /// `Date.now()` gives) is written `DT[2026.03.01_14:05:09.UTC]`, as the internet Othello
    /// server dates its records (not written when absent or not a date); `place` is written
    /// `PC[…]` when given and not empty.
    ///
    /// `fields` are an imported record's own fields as `ggfDetails` gives them, flattened
    /// (`[name, value, name, value, …]`), while the game still begins with that record: they are
    /// kept, in their order, in place of the page's place and date; the players' names are the
    /// page's (the record's own until moves are played on after it), and the record's `RE`
    /// stands only when `result` is given (no move was played on after it).
    #[allow(clippy::too_many_arguments)]
    #[wasm_bindgen(js_name = toGgf)]
    pub fn to_ggf(
        &self,
        black: &str,
        white: &str,
        evaluations: Vec<f64>,
        result: Option<String>,
        date: Option<f64>,
        place: Option<String>,
        fields: Option<Vec<String>>,
    ) -> String {
        let fields: Vec<(String, String)> =
            fields.unwrap_or_default().chunks_exact(2).map(|pair| (pair[0].clone(), pair[1].clone())).collect();
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
        let result = result.filter(|r| !r.is_empty());
        let result_stands = result.is_some();
        if let Some(result) = result {
            game.set_property("RE", &result);
        } else if end.is_game_over() {
            game.set_property("RE", &format_ggf_result(end.final_score_black()));
        }
        let except: &[&str] = if result_stands { &["PB", "PW"] } else { &["PB", "PW", "RE"] };
        game.keep_record_fields(&fields, except);
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

/// The notation pasted text is written in, as `fromText` reads it: `"transcript"`, `"board"`,
/// `"OBF line"` or `"GGF record"`; `undefined` for blank text.
#[wasm_bindgen(js_name = recogniseText, unchecked_return_type = "Notation | undefined")]
pub fn recognise_text(text: &str) -> Option<String> {
    crate::othello::records::record::recognise(text).map(|notation| notation.name().to_string())
}

/// Each game's record of a GGF text, in order (a file of games holds several): the text of each
/// from its `(;` to its `;)`, for `fromText` and `ggfDetails` to read one at a time.
#[wasm_bindgen(js_name = ggfRecords, unchecked_return_type = "string[]")]
pub fn ggf_records(text: &str) -> Array {
    crate::othello::records::ggf::split_ggf(text).into_iter().map(JsValue::from_str).collect()
}

/// What a GGF record says besides its moves: `{black, white, result, date, place, evaluations,
/// cut}` (players, result, `DT` and `PC` as written, `""` when absent, each bounded as
/// `othello::records::ggf` bounds them; `evaluations[i]` is move i's score or `null`; `cut` says
/// which values were too long and cut: `{field, length, limit}`; `fields` the record's own
/// fields as `[name, value]` pairs, for `toGgf` to keep; `resultBlack` and `resultEnding` the
/// `RE` read: Black's margin or null, and how the game ended, if said).
#[wasm_bindgen(js_name = ggfDetails, unchecked_return_type = "GgfDetails")]
pub fn ggf_details(text: &str) -> Result<JsValue, JsError> {
    let (game, cuts) = parse_ggf_with_cuts(text).map_err(js_error)?;
    let cut: Array = cuts
        .iter()
        .map(|c| {
            ObjectBuilder::new()
                .set("field", c.name.as_str())
                .set("length", c.length as f64)
                .set("limit", c.limit as f64)
                .build()
        })
        .collect();
    let evaluations: Array = game.moves.iter().map(|m| m.evaluation.map_or(JsValue::NULL, JsValue::from_f64)).collect();
    let fields: Array = game.record_fields().iter().map(|(name, value)| strings([name, value])).collect();
    let result = game.property("RE").and_then(parse_ggf_result);
    let ending = match result.and_then(|r| r.ending) {
        Some(GgfEnding::Resigned) => "resigned",
        Some(GgfEnding::Time) => "time",
        Some(GgfEnding::AgreedScore) => "agreed score",
        None => "",
    };
    Ok(ObjectBuilder::new()
        .set("black", game.property("PB").unwrap_or(""))
        .set("white", game.property("PW").unwrap_or(""))
        .set("result", game.property("RE").unwrap_or(""))
        .set("date", game.property("DT").unwrap_or(""))
        .set("place", game.property("PC").unwrap_or(""))
        .set("evaluations", evaluations)
        .set("cut", cut)
        .set("fields", fields)
        .set("resultBlack", result.map_or(JsValue::NULL, |r| JsValue::from_f64(r.margin_black)))
        .set("resultEnding", ending)
        .build())
}
