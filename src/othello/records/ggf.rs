//! GGF, the Generic Game Format of the internet Othello servers (GGS): one game as
//! `(;GM[Othello]PC[…]DT[…]PB[black]PW[white]RE[+12.00]TY[8]BO[8 <64 squares> <side>]B[f5]W[d6//1.5]…;)`.
//!
//! Properties are `NAME[value]`. The board `BO[8 …]` holds 64 squares (`-` empty, `*` black,
//! `O` white, spaces allowed between rows) and the side to move (`*` or `O`). Moves are
//! `B[square/evaluation/seconds]` and `W[…]`, evaluation and time optional, `PA` for a pass.
//! `RE` is the result for Black (the first colour), optionally with a flag: `:r` resigned,
//! `:t` time out, `:s` mutual score.
//!
//! The reader is strict: every move must be legal and of the colour to move, the board must be
//! an 8×8 Othello board, and every error names what is wrong and where (line and column). Other
//! properties are kept as they are and written back in their order.
//!
//! Free text is bounded: a player's name (`PB`, `PW`) keeps at most [`NAME_LIMIT`] characters and
//! any other property (place, date, event, time control, comment…) at most [`FIELD_LIMIT`]; a
//! longer value is cut, ending with an ellipsis, and [`parse_ggf_with_cuts`] says which were cut.
//! A property name longer than [`PROPERTY_NAME_LIMIT`] letters is an error.
//!
//! ```
//! use reversi::othello::records::ggf::{format_ggf, parse_ggf};
//! let text = "(;GM[Othello]PB[Ann]PW[Bob]RE[+2.00]TY[8]\
//!             BO[8 ---------------------------O*------*O--------------------------- *]\
//!             B[f5]W[d6/-1.5]B[c3/0.00/12];)";
//! let game = parse_ggf(text).unwrap();
//! assert_eq!(game.property("PB"), Some("Ann"));
//! assert_eq!(game.moves.len(), 3);
//! assert_eq!(game.moves[1].evaluation, Some(-1.5));
//! assert_eq!(parse_ggf(&format_ggf(&game)).unwrap(), game);
//! ```

use crate::othello::rules::board::Position;
use crate::othello::rules::square::{Color, Move, Square};
use crate::text::excerpt;
use std::fmt;

/// One game read from GGF.
#[derive(Clone, Debug, PartialEq)]
pub struct GgfGame {
    /// Every property but `BO` and the moves, in the order read (names upper-case).
    pub properties: Vec<(String, String)>,
    /// The position given by `BO`.
    pub start: Position,
    pub moves: Vec<GgfMove>,
}

/// A move with its optional evaluation (in discs, from the mover's view) and time (seconds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GgfMove {
    pub mv: Move,
    pub evaluation: Option<f64>,
    pub seconds: Option<f64>,
}

/// The longest player's name (`PB`, `PW`) a record keeps, in characters.
pub const NAME_LIMIT: usize = 64;
/// The longest value of any other property (place, date, event, comment…) a record keeps, in
/// characters.
pub const FIELD_LIMIT: usize = 256;
/// The longest property name, in letters (GGF's have two or three).
pub const PROPERTY_NAME_LIMIT: usize = 8;

/// A property whose value was longer than its limit and was cut to it (the last character kept
/// is an ellipsis).
///
/// ```
/// use reversi::othello::records::ggf::parse_ggf_with_cuts;
/// let text = format!("(;GM[Othello]PB[{}]BO[8 {}O*------*O{} *];)", "x".repeat(1000), "-".repeat(27), "-".repeat(27));
/// let (game, cuts) = parse_ggf_with_cuts(&text).unwrap();
/// assert_eq!(game.property("PB").unwrap().chars().count(), 64);
/// assert_eq!((cuts[0].name.as_str(), cuts[0].length, cuts[0].limit), ("PB", 1000, 64));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutField {
    /// The property's name (`PB`).
    pub name: String,
    /// Its length as written, in characters.
    pub length: usize,
    /// The length it was cut to.
    pub limit: usize,
}

/// `value` cut to `limit` characters, the last an ellipsis, when it is longer; with what was cut.
fn bounded(name: &str, value: String) -> (String, Option<CutField>) {
    let limit = if name == "PB" || name == "PW" { NAME_LIMIT } else { FIELD_LIMIT };
    match value.char_indices().nth(limit) {
        None => (value, None),
        Some(_) => {
            let length = value.chars().count();
            let end = value.char_indices().nth(limit - 1).map_or(value.len(), |(i, _)| i);
            let cut = format!("{}…", &value[..end]);
            (cut, Some(CutField { name: name.to_string(), length, limit }))
        }
    }
}

/// What is wrong with a GGF record, and where (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GgfError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for GgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GGF, line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for GgfError {}

impl GgfGame {
    /// A game from `start` with `moves`, and no other property but `GM[Othello]` and `TY[8]`.
    pub fn new(start: Position, moves: &[Move]) -> GgfGame {
        GgfGame {
            properties: vec![("GM".into(), "Othello".into()), ("TY".into(), "8".into())],
            start,
            moves: moves.iter().map(|&mv| GgfMove { mv, evaluation: None, seconds: None }).collect(),
        }
    }

    /// The value of a property (`PB`, `PW`, `RE`, `DT`…), if present.
    pub fn property(&self, name: &str) -> Option<&str> {
        self.properties.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets (or adds) a property.
    pub fn set_property(&mut self, name: &str, value: &str) {
        match self.properties.iter_mut().find(|(n, _)| n == name) {
            Some(entry) => entry.1 = value.to_string(),
            None => self.properties.push((name.to_string(), value.to_string())),
        }
    }

    /// The record's own fields: every property but `GM` (which names the game, not the record),
    /// in the order read — players, place, date, result, time control, event, comments… What a
    /// record keeps through a round trip (see [`GgfGame::keep_record_fields`]).
    pub fn record_fields(&self) -> Vec<(String, String)> {
        self.properties.iter().filter(|(name, _)| name != "GM").cloned().collect()
    }

    /// Puts a record's own `fields` (from [`GgfGame::record_fields`]) back into this game: in
    /// their order, just after `GM`, each in place of this game's value of the same name; this
    /// game's other properties follow. For the names in `except` (say `PB`, `RE`) this game's own
    /// value stands, in the record's place (or none, if this game has none). Names a record
    /// cannot hold (`GM`, `BO`, `B`, `W`, or not a property name) are ignored.
    ///
    /// ```
    /// use reversi::othello::records::ggf::{format_ggf, parse_ggf, GgfGame};
    /// let record = parse_ggf("(;GM[Othello]PC[GGS/os]DT[2003.12.15]PB[Ann]PW[Bob]RE[+2.00]TI[5:00]TY[8]\
    ///     BO[8 ---------------------------O*------*O--------------------------- *]B[f5];)").unwrap();
    /// let mut again = GgfGame::new(record.start, &record.plain_moves());
    /// again.set_property("PC", "Othello in the browser");
    /// again.keep_record_fields(&record.record_fields(), &[]);
    /// assert_eq!(format_ggf(&again), format_ggf(&record));
    /// ```
    pub fn keep_record_fields(&mut self, fields: &[(String, String)], except: &[&str]) {
        let can_hold = |name: &str| {
            !matches!(name, "GM" | "BO" | "B" | "W")
                && !name.is_empty()
                && name.len() <= PROPERTY_NAME_LIMIT
                && name.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
        };
        let kept: Vec<(String, String)> = fields
            .iter()
            .filter(|(name, _)| can_hold(name))
            .filter_map(|(name, value)| {
                let value =
                    if except.contains(&name.as_str()) { self.property(name)?.to_string() } else { value.clone() };
                Some((name.clone(), value))
            })
            .collect();
        self.properties.retain(|(name, _)| !kept.iter().any(|(k, _)| k == name));
        let at = self.properties.iter().position(|(name, _)| name == "GM").map_or(0, |i| i + 1);
        self.properties.splice(at..at, kept);
    }

    /// The moves without their evaluations and times.
    pub fn plain_moves(&self) -> Vec<Move> {
        self.moves.iter().map(|m| m.mv).collect()
    }

    /// The position after every move.
    pub fn end(&self) -> Position {
        self.moves.iter().fold(self.start, |p, m| p.play(m.mv).expect("moves were checked when read or built"))
    }
}

/// Reads the first game of `text` (text before `(;` is ignored; so is anything after `;)`).
/// Values longer than their limit are cut (see [`parse_ggf_with_cuts`]).
pub fn parse_ggf(text: &str) -> Result<GgfGame, GgfError> {
    parse_ggf_with_cuts(text).map(|(game, _)| game)
}

/// Reads the first game of `text`, as [`parse_ggf`], and says which values were longer than
/// their limit ([`NAME_LIMIT`], [`FIELD_LIMIT`]) and cut, in the order read.
pub fn parse_ggf_with_cuts(text: &str) -> Result<(GgfGame, Vec<CutField>), GgfError> {
    let mut cuts = Vec::new();
    let mut reader = Reader { text, pos: 0 };
    let open = text.find("(;").ok_or_else(|| reader.error_at(0, "no game: '(;' not found"))?;
    reader.pos = open + 2;
    let mut properties = Vec::new();
    let mut start: Option<Position> = None;
    let mut raw_moves: Vec<(usize, Color, String)> = Vec::new();
    loop {
        reader.skip_whitespace();
        if reader.rest().starts_with(";)") {
            break;
        }
        let name_at = reader.pos;
        let name = reader.name()?;
        reader.skip_whitespace();
        if !reader.rest().starts_with('[') {
            return Err(reader.error_at(reader.pos, &format!("'[' expected after property {}", excerpt(&name))));
        }
        let value_at = reader.pos + 1;
        let value = reader.value()?;
        match name.as_str() {
            "BO" => {
                if start.is_some() {
                    return Err(reader.error_at(name_at, "a second board (BO)"));
                }
                start = Some(parse_board(&value).map_err(|m| reader.error_at(value_at, &m))?);
            }
            "B" => raw_moves.push((value_at, Color::Black, value)),
            "W" => raw_moves.push((value_at, Color::White, value)),
            "GM" if !value.trim().eq_ignore_ascii_case("othello") => {
                return Err(reader.error_at(value_at, &format!("game '{}' is not Othello", excerpt(&value))));
            }
            "TY" if !value.trim().starts_with('8') => {
                return Err(reader.error_at(value_at, &format!("type '{}' is not 8×8 Othello", excerpt(&value))));
            }
            _ => {
                let (value, cut) = bounded(&name, value);
                cuts.extend(cut);
                properties.push((name, value));
            }
        }
    }
    let start = start.ok_or_else(|| reader.error_at(open, "no board: a game needs BO[8 … *|O]"))?;
    let mut position = start;
    let mut moves = Vec::with_capacity(raw_moves.len());
    for (number, (at, color, value)) in raw_moves.into_iter().enumerate() {
        let m = parse_move(&value).map_err(|e| reader.error_at(at, &e))?;
        if position.side_to_move() != color {
            let said = if color == Color::Black { "B" } else { "W" };
            let to_move = position.side_to_move().to_string().to_ascii_lowercase();
            return Err(reader.error_at(at, &format!("move {} is {said}[…] but {to_move} is to move", number + 1)));
        }
        position = position
            .play(m.mv)
            .map_err(|e| reader.error_at(at, &format!("move {} '{}' is illegal ({e})", number + 1, m.mv)))?;
        moves.push(m);
    }
    Ok((GgfGame { properties, start, moves }, cuts))
}

/// Each game's record in `text`, in order: from its `(;` to its `;)` (a file of games holds one
/// after another, often a line each). Values (`[…]`, with their `\` escapes) are skipped whole,
/// so a name or comment holding `;)` or `(;` does not split a record. An unfinished last record
/// runs to the end of the text (the reader then says what is missing).
///
/// ```
/// use reversi::othello::records::ggf::split_ggf;
/// let text = "(;GM[Othello]PB[a;)]B[f5];)\n(;GM[Othello]W[d6];)";
/// assert_eq!(split_ggf(text), ["(;GM[Othello]PB[a;)]B[f5];)", "(;GM[Othello]W[d6];)"]);
/// assert!(split_ggf("no game here").is_empty());
/// ```
pub fn split_ggf(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut records = Vec::new();
    let mut at = 0;
    while let Some(found) = text[at..].find("(;") {
        let open = at + found;
        let mut i = open + 2;
        let mut in_value = false;
        let mut end = text.len();
        while i < bytes.len() {
            match bytes[i] {
                b'\\' if in_value => i += 1,
                b'[' if !in_value => in_value = true,
                b']' if in_value => in_value = false,
                b';' if !in_value && bytes.get(i + 1) == Some(&b')') => {
                    end = i + 2;
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        records.push(&text[open..end]);
        at = end;
    }
    records
}

/// Writes a game as one GGF line; numbers with at most two decimals, as servers write them.
pub fn format_ggf(game: &GgfGame) -> String {
    let mut out = String::from("(;");
    for (name, value) in &game.properties {
        out.push_str(&format!("{name}[{}]", escape(value)));
    }
    out.push_str("BO[8 ");
    for sq in Square::all() {
        out.push(match game.start.at(sq) {
            Some(Color::Black) => '*',
            Some(Color::White) => 'O',
            None => '-',
        });
    }
    out.push_str(if game.start.side_to_move() == Color::Black { " *]" } else { " O]" });
    let mut position = game.start;
    for m in &game.moves {
        let tag = if position.side_to_move() == Color::Black { 'B' } else { 'W' };
        let square = match m.mv {
            Move::Play(sq) => sq.to_string(),
            Move::Pass => "PA".to_string(),
        };
        let number = |x: Option<f64>| x.map(format_hundredths).unwrap_or_default();
        let value = match (m.evaluation, m.seconds) {
            (None, None) => square,
            (eval, None) => format!("{square}/{}", number(eval)),
            (eval, seconds) => format!("{square}/{}/{}", number(eval), number(seconds)),
        };
        out.push_str(&format!("{tag}[{value}]"));
        position = position.play(m.mv).unwrap_or(position);
    }
    out.push_str(";)");
    out
}

/// A game's result as `RE` gives it: the margin for Black in discs (`+2.00`: Black won by 2,
/// `-6`: White by 6, `0`: a draw) and how it ended when said (`:r` resigned, `:t` on time, `:s`
/// a score agreed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GgfResult {
    pub margin_black: f64,
    pub ending: Option<GgfEnding>,
}

/// How a game ended, when its `RE` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GgfEnding {
    Resigned,
    Time,
    AgreedScore,
}

impl GgfEnding {
    /// The flag's letter, as `RE` writes it: `r`, `t` or `s`.
    pub fn letter(self) -> char {
        match self {
            GgfEnding::Resigned => 'r',
            GgfEnding::Time => 't',
            GgfEnding::AgreedScore => 's',
        }
    }
}

/// Reads an `RE` value (`+2.00`, `-64:r`, `0`); `None` when it is not a result.
///
/// ```
/// use reversi::othello::records::ggf::{parse_ggf_result, GgfEnding};
/// let result = parse_ggf_result("-64.00:r").unwrap();
/// assert_eq!((result.margin_black, result.ending), (-64.0, Some(GgfEnding::Resigned)));
/// assert_eq!(parse_ggf_result("+2.00").unwrap().margin_black, 2.0);
/// assert!(parse_ggf_result("Black won").is_none());
/// ```
pub fn parse_ggf_result(value: &str) -> Option<GgfResult> {
    let (margin, flag) = value.trim().split_once(':').unwrap_or((value.trim(), ""));
    let ending = match flag {
        "" => None,
        "r" => Some(GgfEnding::Resigned),
        "t" => Some(GgfEnding::Time),
        "s" => Some(GgfEnding::AgreedScore),
        _ => return None,
    };
    let margin_black = parse_decimal(margin).filter(|m| m.abs() <= 64.0)?;
    Some(GgfResult { margin_black, ending })
}

/// The `RE` value of a game over on the board, from Black's final margin: `+2.00`, `-64.00`,
/// `+0.00`.
pub fn format_ggf_result(margin_black: i32) -> String {
    format!("{margin_black:+}.00")
}

/// A moment, in milliseconds since 1970-01-01 00:00 UTC (JavaScript's `Date.now()`), as GGF's
/// `DT` property writes it: `year.month.day_hour:minute:second.zone`, here always in UTC, as in
/// the internet Othello server's records (`DT[2003.12.15_13:24:03.MST]` there). `None` for a
/// moment that is not a number or lies outside the years 0 to 9999.
///
/// ```
/// use reversi::othello::records::ggf::format_ggf_date;
/// assert_eq!(format_ggf_date(1_000_000_000_000.0).as_deref(), Some("2001.09.09_01:46:40.UTC"));
/// assert_eq!(format_ggf_date(f64::NAN), None);
/// ```
pub fn format_ggf_date(unix_ms: f64) -> Option<String> {
    if !unix_ms.is_finite() {
        return None;
    }
    let seconds = (unix_ms / 1000.0).floor();
    // Years 0 to 9999 (a generous margin, checked again below once the year is known).
    if !(-62_200_000_000.0..=253_500_000_000.0).contains(&seconds) {
        return None;
    }
    let seconds = seconds as i64;
    let (days, second_of_day) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    // Days since 1970-01-01 to a civil date (H. Hinnant's algorithm, proleptic Gregorian).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    if !(0..=9999).contains(&year) {
        return None;
    }
    let (hour, minute, second) = (second_of_day / 3600, second_of_day / 60 % 60, second_of_day % 60);
    Some(format!("{year:04}.{month:02}.{day:02}_{hour:02}:{minute:02}:{second:02}.UTC"))
}

/// A `]` or `\` inside a value is escaped with a backslash.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

fn parse_board(value: &str) -> Result<Position, String> {
    let mut words = value.split_whitespace();
    if words.next() != Some("8") {
        return Err("the board (BO) must start with its size 8".into());
    }
    let rest: Vec<&str> = words.collect();
    let Some((side, rows)) = rest.split_last() else {
        return Err("the board (BO) has no squares".into());
    };
    let squares: String = rows.concat();
    if squares.chars().count() != 64 {
        return Err(format!("the board (BO) has {} squares, 64 are needed", squares.chars().count()));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, c) in squares.chars().enumerate() {
        match c {
            '*' | 'X' | 'x' => black |= 1 << i,
            'O' | 'o' => white |= 1 << i,
            '-' | '.' => {}
            other => return Err(format!("board square {} is {}, not - * or O", i + 1, crate::text::quoted(other))),
        }
    }
    let side = match *side {
        "*" | "X" | "x" => Color::Black,
        "O" | "o" => Color::White,
        other => return Err(format!("the side to move is '{}', not * or O", excerpt(other))),
    };
    Position::from_colors(black, white, side).map_err(|e| format!("the board (BO): {e}"))
}

fn parse_move(value: &str) -> Result<GgfMove, String> {
    let mut parts = value.split('/');
    let square = parts.next().unwrap_or("").trim();
    let mv = if square.eq_ignore_ascii_case("pa") || square.eq_ignore_ascii_case("pass") {
        Move::Pass
    } else {
        Move::Play(square.parse::<Square>().map_err(|e| format!("move {e}"))?)
    };
    let number = |text: Option<&str>, what: &str| -> Result<Option<f64>, String> {
        match text.map(str::trim) {
            None | Some("") => Ok(None),
            Some(t) => parse_decimal(t).map(Some).ok_or_else(|| format!("{what} '{}' is not a number", excerpt(t))),
        }
    };
    let evaluation = number(parts.next(), "evaluation")?;
    let seconds = number(parts.next(), "time")?;
    if let Some(extra) = parts.next() {
        return Err(format!("unexpected '/{}' after the time", excerpt(extra)));
    }
    Ok(GgfMove { mv, evaluation, seconds })
}

// Numbers are read and written by hand: Rust's general float parsing and printing would add some
// 40 KB (gzipped) to the WebAssembly engine that every player downloads.

/// A decimal number as servers write them: optional sign, digits, optional fraction (`-1.5`,
/// `+12.00`, `.25`); no exponent, at most 15 digits.
fn parse_decimal(text: &str) -> Option<f64> {
    let (negative, unsigned) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits = || whole.bytes().chain(fraction.bytes());
    if whole.len() + fraction.len() == 0 || whole.len() + fraction.len() > 15 || !digits().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mantissa = digits().fold(0i64, |n, b| n * 10 + i64::from(b - b'0'));
    let value = mantissa as f64 / 10f64.powi(fraction.len() as i32);
    Some(if negative { -value } else { value })
}

/// `value` rounded to hundredths, without trailing zeros: `1.25`, `-0.5`, `3`.
fn format_hundredths(value: f64) -> String {
    let hundredths = (value * 100.0).round() as i64;
    let sign = if hundredths < 0 { "-" } else { "" };
    let (whole, fraction) = (hundredths.unsigned_abs() / 100, hundredths.unsigned_abs() % 100);
    match fraction {
        0 => format!("{sign}{whole}"),
        f if f % 10 == 0 => format!("{sign}{whole}.{}", f / 10),
        f => format!("{sign}{whole}.{f:02}"),
    }
}

/// A cursor over the text, for errors with line and column.
struct Reader<'a> {
    text: &'a str,
    pos: usize,
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        &self.text[self.pos..]
    }

    fn skip_whitespace(&mut self) {
        let trimmed = self.rest().trim_start();
        self.pos = self.text.len() - trimmed.len();
    }

    fn error_at(&self, at: usize, message: &str) -> GgfError {
        let before = &self.text[..at.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        GgfError { line, column, message: message.to_string() }
    }

    /// A property name: upper-case letters.
    fn name(&mut self) -> Result<String, GgfError> {
        let len = self.rest().find(|c: char| !c.is_ascii_uppercase()).unwrap_or(self.rest().len());
        if len == 0 {
            let found = self.rest().chars().next().map_or("the end".to_string(), crate::text::quoted);
            let message = if self.rest().is_empty() {
                "the game does not end: ';)' expected".to_string()
            } else {
                format!("a property name (capital letters) or ';)' expected, found {found}")
            };
            return Err(self.error_at(self.pos, &message));
        }
        if len > PROPERTY_NAME_LIMIT {
            let message = format!("a property name of {len} letters (at most {PROPERTY_NAME_LIMIT})");
            return Err(self.error_at(self.pos, &message));
        }
        let name = self.rest()[..len].to_string();
        self.pos += len;
        Ok(name)
    }

    /// A `[value]`, backslash escapes resolved; `pos` is on the `[`.
    fn value(&mut self) -> Result<String, GgfError> {
        let open = self.pos;
        let mut value = String::new();
        let mut chars = self.text[open + 1..].char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                ']' => {
                    self.pos = open + 1 + i + 1;
                    return Ok(value);
                }
                '\\' => {
                    if let Some((_, escaped)) = chars.next() {
                        value.push(escaped);
                    }
                }
                _ => value.push(c),
            }
        }
        Err(self.error_at(open, "this '[' is never closed by ']'"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::othello::records::notation::{parse_board as parse_board_text, replay};

    const START: &str = "BO[8 ---------------------------O*------*O--------------------------- *]";

    fn game(moves: &str) -> String {
        format!("(;GM[Othello]PC[GGS/os]PB[black]PW[white]RE[+4.00]TY[8]{START}{moves};)")
    }

    #[test]
    fn a_server_record_is_read_with_its_moves_and_properties() {
        let g = parse_ggf(&game("B[F5//0.01]W[d6/-2.5/1.2]B[c3]")).unwrap();
        assert_eq!(g.start, Position::start());
        assert_eq!(g.property("PC"), Some("GGS/os"));
        assert_eq!(g.property("RE"), Some("+4.00"));
        assert_eq!(g.plain_moves(), replay(Position::start(), "f5d6c3").unwrap().0);
        assert_eq!(g.moves[0].seconds, Some(0.01));
        assert_eq!(g.moves[1].evaluation, Some(-2.5));
    }

    #[test]
    fn rows_may_be_separated_by_spaces_and_passes_are_pa() {
        // White (to move) holds only b1 and has no move; black has a1: a pass, then a1.
        let board: String = format!("-O{}", "*".repeat(62));
        let rows: Vec<String> = board.as_bytes().chunks(8).map(|c| String::from_utf8_lossy(c).into_owned()).collect();
        let text = format!("(;GM[Othello]BO[8 {} O]W[pa]B[a1];)", rows.join(" "));
        let g = parse_ggf(&text).unwrap();
        assert_eq!(g.moves[0].mv, Move::Pass);
        assert!(g.end().is_game_over());
        assert_eq!(g.start, parse_board_text(&format!("{board} O")).unwrap());
    }

    #[test]
    fn round_trip_keeps_everything() {
        let g = parse_ggf(&game("B[f5/1.25/3]W[d6]B[c3//2]")).unwrap();
        let again = parse_ggf(&format_ggf(&g)).unwrap();
        assert_eq!(again, g);
        let mut h = GgfGame::new(Position::start(), &g.plain_moves());
        h.set_property("PB", "A [strange] name \\ here");
        assert_eq!(parse_ggf(&format_ggf(&h)).unwrap(), h);
        assert_eq!(h.end(), g.end());
    }

    #[test]
    fn errors_say_what_and_where() {
        let cases = [
            ("nothing here", "'(;' not found"),
            ("(;GM[Chess]BO[8 * ];)", "not Othello"),
            ("(;GM[Othello]B[f5];)", "no board"),
            (&game("B[f5]B[d6]"), "white is to move"),
            (&game("W[f5]"), "black is to move"),
            (&game("B[a1]"), "illegal"),
            (&game("B[z9]"), "not a square"),
            (&game("B[f5/x]"), "evaluation 'x' is not a number"),
            ("(;GM[Othello]BO[8 ---- *];)", "4 squares"),
            (&format!("(;GM[Othello]{START}B[f5]"), "does not end"),
            (&format!("(;GM[Othello]{START}B[f5"), "never closed"),
            ("(;GM[Othello]\n  bo[8];)", "line 2, column 3"),
            (
                &format!("(;GM[Othello]BO[8 {} *];)", "-".repeat(64)),
                "the board (BO): the centre square d4 is empty; in Othello the four centre squares are never empty",
            ),
            (
                &format!("(;GM[Othello]BO[8 {}**{}O-{} *];)", "-".repeat(27), "-".repeat(6), "-".repeat(27)),
                "the board (BO): the centre square e5 is empty",
            ),
        ];
        for (text, expected) in cases {
            let e = parse_ggf(text).unwrap_err();
            assert!(e.to_string().contains(expected), "{text:?}: {e}");
        }
    }

    #[test]
    fn dates_are_written_as_the_server_writes_them() {
        let cases = [
            (0.0, "1970.01.01_00:00:00.UTC"),
            (1_000_000_000_000.0, "2001.09.09_01:46:40.UTC"),
            (951_782_400_000.0, "2000.02.29_00:00:00.UTC"),
            (1_709_164_799_999.9, "2024.02.28_23:59:59.UTC"),
            (-1.0, "1969.12.31_23:59:59.UTC"),
            (253_402_300_799_000.0, "9999.12.31_23:59:59.UTC"),
        ];
        for (ms, text) in cases {
            assert_eq!(format_ggf_date(ms).as_deref(), Some(text), "{ms}");
        }
        for bad in [f64::NAN, f64::INFINITY, 253_402_300_800_000.0, -62_167_219_201_000.0, 8.64e15] {
            assert_eq!(format_ggf_date(bad), None, "{bad}");
        }
        assert_eq!(format_ggf_date(-62_167_219_200_000.0).as_deref(), Some("0000.01.01_00:00:00.UTC"));
    }

    /// A record with a date and a place, as the servers write them, is read and written back.
    #[test]
    fn date_and_place_round_trip() {
        let text = format!("(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[a]PW[b]{START}B[f5];)");
        let game = parse_ggf(&text).unwrap();
        assert_eq!((game.property("PC"), game.property("DT")), (Some("GGS/os"), Some("2003.12.15_13:24:03.MST")));
        assert_eq!(format_ggf(&game), text);
        let mut game = GgfGame::new(Position::start(), &[Move::Play("f5".parse().unwrap())]);
        game.set_property("DT", &format_ggf_date(1_000_000_000_000.0).unwrap());
        game.set_property("PC", "Reversi [web] \\ home");
        let again = parse_ggf(&format_ggf(&game)).unwrap();
        assert_eq!(again, game);
        assert_eq!(again.property("PC"), Some("Reversi [web] \\ home"));
    }

    #[test]
    fn numbers_are_read_and_written_as_servers_do() {
        let cases = [("1.5", 1.5), ("-2.00", -2.0), ("+12", 12.0), (".25", 0.25), ("0", 0.0), ("-0.01", -0.01)];
        for (text, value) in cases {
            assert_eq!(parse_decimal(text), Some(value), "{text}");
        }
        for bad in ["", "-", ".", "1e3", "NaN", "inf", "1.2.3", "--1", "1,5", "1234567890123456", " 1"] {
            assert_eq!(parse_decimal(bad), None, "{bad:?}");
        }
        let written =
            [(1.25, "1.25"), (-0.5, "-0.5"), (3.0, "3"), (0.004, "0"), (-54.0, "-54"), (2.999, "3"), (0.1, "0.1")];
        for (value, text) in written {
            assert_eq!(format_hundredths(value), text, "{value}");
        }
    }

    #[test]
    fn long_values_are_cut_and_said() {
        let name = "é".repeat(NAME_LIMIT + 1);
        let place = "p".repeat(1_000_000);
        let text = format!("(;GM[Othello]PB[{name}]PW[{}]PC[{place}]{START}B[f5];)", "w".repeat(NAME_LIMIT));
        let (game, cuts) = parse_ggf_with_cuts(&text).unwrap();
        assert_eq!(game.property("PB").unwrap(), format!("{}…", "é".repeat(NAME_LIMIT - 1)));
        assert_eq!(game.property("PW").unwrap(), "w".repeat(NAME_LIMIT), "a name of the limit's length is kept whole");
        assert_eq!(game.property("PC").unwrap().chars().count(), FIELD_LIMIT);
        let said: Vec<(&str, usize, usize)> = cuts.iter().map(|c| (c.name.as_str(), c.length, c.limit)).collect();
        assert_eq!(said, [("PB", NAME_LIMIT + 1, NAME_LIMIT), ("PC", 1_000_000, FIELD_LIMIT)]);
        // Written back and read again, the cut record is the same, and nothing more is cut.
        let (again, recut) = parse_ggf_with_cuts(&format_ggf(&game)).unwrap();
        assert_eq!((again, recut), (game, vec![]));
    }

    #[test]
    fn a_records_own_fields_survive_a_round_trip() {
        let text = format!(
            "(;GM[Othello]PC[test]DT[2003.12.15_13:24:03.MST]PB[Ann]PW[Bob]RE[+2.00]TI[5:00//2:00]TY[8]EV[Club]{START}B[f5];)"
        );
        let record = parse_ggf(&text).unwrap();
        // As the page writes it: its own place and date, its names, then the record's fields.
        let mut again = GgfGame::new(record.start, &record.plain_moves());
        again.properties.splice(
            1..1,
            [
                ("PC".to_string(), "Othello in the browser".to_string()),
                ("DT".to_string(), "2026.01.01_00:00:00.UTC".to_string()),
            ],
        );
        again.set_property("PB", "Ann");
        again.set_property("PW", "Bob");
        again.keep_record_fields(&record.record_fields(), &[]);
        assert_eq!(format_ggf(&again), text);
        // Moves played on after the record: the page's names and result stand, the rest is kept.
        let mut on = GgfGame::new(record.start, &record.plain_moves());
        on.set_property("PB", "Ann, then Human");
        on.keep_record_fields(&record.record_fields(), &["PB", "RE"]);
        assert_eq!(on.property("PB"), Some("Ann, then Human"));
        assert_eq!(on.property("RE"), None);
        assert_eq!(
            (on.property("PC"), on.property("TI"), on.property("EV")),
            (Some("test"), Some("5:00//2:00"), Some("Club"))
        );
        assert_eq!(on.properties[0].0, "GM");
    }

    #[test]
    fn fields_a_record_cannot_hold_are_not_kept() {
        let mut game = GgfGame::new(Position::start(), &[]);
        let fields: Vec<(String, String)> =
            [("GM", "Chess"), ("BO", "x"), ("B", "f5"), ("pc", "lower"), ("TOOLONGNAME", "x"), ("PC", "kept")]
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect();
        game.keep_record_fields(&fields, &[]);
        assert_eq!(
            game.properties,
            [("GM".into(), "Othello".into()), ("PC".into(), "kept".into()), ("TY".into(), "8".into())]
        );
        assert!(parse_ggf(&format_ggf(&game)).is_ok());
    }

    #[test]
    fn results_are_read_with_their_side_and_ending() {
        let read = |v: &str| parse_ggf_result(v).map(|r| (r.margin_black, r.ending));
        assert_eq!(read("+2.00"), Some((2.0, None)));
        assert_eq!(read(" -6 "), Some((-6.0, None)));
        assert_eq!(read("0"), Some((0.0, None)));
        assert_eq!(read("+64.00:t"), Some((64.0, Some(GgfEnding::Time))));
        assert_eq!(read("-3:s"), Some((-3.0, Some(GgfEnding::AgreedScore))));
        for bad in ["", "+", "+2:x", "Black", "+65", "1e3"] {
            assert_eq!(read(bad), None, "{bad:?}");
        }
        assert_eq!(
            (format_ggf_result(2), format_ggf_result(-64), format_ggf_result(0)),
            ("+2.00".into(), "-64.00".into(), "+0.00".into())
        );
    }

    #[test]
    fn a_long_property_name_is_an_error() {
        let e = parse_ggf(&format!("(;GM[Othello]{}[x]{START};)", "Q".repeat(100_000))).unwrap_err();
        assert_eq!(e.to_string(), "GGF, line 1, column 14: a property name of 100000 letters (at most 8)");
        assert!(parse_ggf(&format!("(;GM[Othello]ABCDEFGH[x]{START};)")).is_ok());
    }

    #[test]
    fn huge_input_gives_a_short_message() {
        let text = format!("(;GM[{}]", "x".repeat(100_000));
        let e = parse_ggf(&text).unwrap_err();
        assert!(e.to_string().len() < 200, "{}", e.to_string().len());
    }
}
