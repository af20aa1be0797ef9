//! What a player pastes to load a game: recognising which notation it is written in, then reading
//! it with that notation's parser.
//!
//! The notations start differently, so the first characters decide: a GGF record starts with
//! `(;`, a transcript with a square or a move number (`f5`, `1.`), a board or an OBF line with a
//! square's content (`X x * O o - .`), and an OBF line has a `;` after the side to move. Once recognised, the text
//! is read strictly, and an error says which notation was recognised and what is wrong with it
//! ("board: side to move 'Z' at character 66 is not X or O") rather than guessing again. Another
//! notation is one more [`Notation`] case, one more test in [`recognise`] and one more arm in
//! [`read_record`].
//!
//! ```
//! use reversi::othello::records::record::{read_record, Notation};
//! let record = read_record("f5 d6 c3").unwrap();
//! assert_eq!((record.notation, record.moves.len()), (Notation::Transcript, 3));
//! let obf = format!("{} X; A2:+38;", "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------");
//! assert_eq!(read_record(&obf).unwrap().notation, Notation::Obf);
//! let bad = format!("{} Z", "-".repeat(64));
//! assert_eq!(read_record(&bad).unwrap_err().to_string(), "board: side to move 'Z' at character 66 is not X or O");
//! let ggf = "(;GM[Othello]PB[Ann]PW[Bob]BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6];)";
//! assert_eq!(read_record(ggf).unwrap().moves.len(), 2);
//! ```

use crate::othello::records::ggf::{parse_ggf, GgfError};
use crate::othello::records::notation::{self, BoardParseError, ObfError, TranscriptError};
use crate::othello::rules::board::Position;
use crate::othello::rules::square::Move;
use std::fmt;

/// The notations a pasted game may be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Moves from the standard start: `f5d6c3`, spaces, commas and move numbers allowed.
    Transcript,
    /// 64 squares a1 … h8 and the side to move: a new game from that position.
    Board,
    /// One line of an OBF file (`<64 squares> <X|O>; <move>:<score>; …`): its position.
    Obf,
    /// A GGF game record `(;GM[Othello]…BO[…]B[f5]W[d6]…;)`: its start and its moves.
    Ggf,
}

impl Notation {
    /// The name a player reads in messages.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Transcript => "transcript",
            Notation::Board => "board",
            Notation::Obf => "OBF line",
            Notation::Ggf => "GGF record",
        }
    }
}

/// A pasted game, read: where it starts and the moves played from there (forced passes included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub notation: Notation,
    pub start: Position,
    pub moves: Vec<Move>,
}

impl Record {
    /// The position after the moves.
    pub fn end(&self) -> Position {
        self.moves.iter().fold(self.start, |position, &mv| position.play(mv).expect("read_record checked every move"))
    }
}

/// Why pasted text could not be loaded: nothing was pasted, or what was recognised is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Only whitespace.
    Empty,
    Transcript(TranscriptError),
    Board(BoardParseError),
    Obf(ObfError),
    /// Its message names the line and column.
    Ggf(GgfError),
    /// Several OBF lines: a game starts from one position.
    SeveralObfLines {
        lines: usize,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Empty => f.write_str(
                "nothing to load: paste a transcript such as f5d6c3, a board (64 squares X O - and the side \
                 to move), an OBF line or a GGF record",
            ),
            // These already name their notation ("transcript: …", "board: …").
            RecordError::Transcript(e) => e.fmt(f),
            RecordError::Board(e) => e.fmt(f),
            RecordError::Obf(ObfError::Board(e)) => write!(f, "OBF line: {e}"),
            RecordError::Obf(ObfError::BadSolution { text, reason }) => {
                write!(f, "OBF line: solution '{text}' {reason}")
            }
            RecordError::Ggf(e) => e.fmt(f),
            RecordError::SeveralObfLines { lines } => {
                write!(f, "OBF: {lines} lines pasted, but a game starts from one position: paste one line")
            }
        }
    }
}

impl std::error::Error for RecordError {}

/// The notation `text` is written in, from its first character; `None` when it is blank.
pub fn recognise(text: &str) -> Option<Notation> {
    let trimmed = text.trim_start();
    let first = trimmed.chars().next()?;
    Some(if trimmed.starts_with("(;") {
        Notation::Ggf
    } else if !notation::is_square_content(first) {
        Notation::Transcript
    } else if text.contains(';') {
        Notation::Obf
    } else {
        Notation::Board
    })
}

/// Recognises the notation of `text` and reads it. Character positions in errors count from the
/// start of `text`, leading whitespace included.
pub fn read_record(text: &str) -> Result<Record, RecordError> {
    let notation = recognise(text).ok_or(RecordError::Empty)?;
    match notation {
        Notation::Transcript => {
            let start = Position::start();
            let (moves, _) = notation::replay(start, text).map_err(RecordError::Transcript)?;
            Ok(Record { notation, start, moves })
        }
        Notation::Board => {
            let start = notation::parse_board(text).map_err(RecordError::Board)?;
            Ok(Record { notation, start, moves: Vec::new() })
        }
        Notation::Obf => {
            // A board may be pasted over several rows, but each OBF position is one line with a ';'.
            let lines = text.lines().filter(|line| line.contains(';')).count();
            if lines > 1 {
                return Err(RecordError::SeveralObfLines { lines });
            }
            let entry = notation::parse_obf_line(text).map_err(RecordError::Obf)?;
            Ok(Record { notation, start: entry.position, moves: Vec::new() })
        }
        Notation::Ggf => {
            let game = parse_ggf(text).map_err(RecordError::Ggf)?;
            Ok(Record { notation, start: game.start, moves: game.plain_moves() })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::othello::records::notation::format_board;

    /// FFO #40's line from `data/fforum-40-59.obf`.
    const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36;";

    #[test]
    fn each_notation_is_recognised_by_its_start() {
        assert_eq!(recognise("f5d6"), Some(Notation::Transcript));
        assert_eq!(recognise("  1. f5 2. d6"), Some(Notation::Transcript));
        assert_eq!(recognise("pa"), Some(Notation::Transcript));
        assert_eq!(recognise(&format_board(Position::start())), Some(Notation::Board));
        assert_eq!(recognise(&format!("{} Z", "-".repeat(64))), Some(Notation::Board));
        assert_eq!(recognise(&format!("x{}", "-".repeat(9))), Some(Notation::Board));
        assert_eq!(recognise(FFO_40), Some(Notation::Obf));
        assert_eq!(
            recognise("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOO--- X;"),
            Some(Notation::Obf)
        );
        assert_eq!(recognise(" \n\t"), None);
        assert_eq!(recognise("\n (;GM[Othello];)"), Some(Notation::Ggf));
    }

    #[test]
    fn transcripts_boards_and_obf_lines_load() {
        let moves = read_record("f5 d6 c3").unwrap();
        assert_eq!((moves.start, moves.moves.len()), (Position::start(), 3));
        assert_eq!(moves.end(), notation::replay(Position::start(), "f5d6c3").unwrap().1);

        let board = format_board(Position::start().play("f5".parse().unwrap()).unwrap());
        let record = read_record(&board).unwrap();
        assert_eq!((record.notation, format_board(record.start), record.moves.len()), (Notation::Board, board, 0));

        let record = read_record(&format!("\n{FFO_40}\n")).unwrap();
        assert_eq!(record.notation, Notation::Obf);
        assert_eq!(record.start, notation::parse_obf_line(FFO_40).unwrap().position);
        assert!(record.moves.is_empty());
        // The FFO files' bare form: a side followed by ';' and nothing else.
        let bare = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOO--- X;";
        let record = read_record(bare).unwrap();
        assert_eq!(format_board(record.start), format!("{} X", &bare[..64]));
    }

    #[test]
    fn ggf_records_load_with_their_start_and_moves() {
        let text = "(;GM[Othello]PB[Ann]PW[Bob]RE[-2.00]TY[8]\nBO[8 ---------------------------O*------*O--------------------------- *]\nB[f5//1]W[d6/0.5]B[c3];)";
        let record = read_record(text).unwrap();
        assert_eq!(record.notation, Notation::Ggf);
        assert_eq!(record.start, Position::start());
        assert_eq!(record.end(), notation::replay(Position::start(), "f5d6c3").unwrap().1);
        // From a board that is not the start (after f5, white to move): the record keeps it.
        let after_f5 = notation::replay(Position::start(), "f5").unwrap().1;
        let squares = &format_board(after_f5).replace('X', "*")[..64];
        let record = read_record(&format!("(;GM[Othello]BO[8 {squares} O]W[d6];)")).unwrap();
        assert_eq!(record.start, after_f5);
        assert_eq!(record.end(), notation::replay(Position::start(), "f5d6").unwrap().1);
    }

    #[test]
    fn errors_name_what_was_recognised_and_what_is_wrong() {
        let message = |text: &str| read_record(text).unwrap_err().to_string();
        // A board with a bad side letter is reported as a board, not as a transcript.
        assert_eq!(message(&format!("{} Z", "-".repeat(64))), "board: side to move 'Z' at character 66 is not X or O");
        assert_eq!(message(&format!("{}Z", "X".repeat(64))), "board: side to move 'Z' at character 65 is not X or O");
        assert!(message(&format!("{}q{} X", "-".repeat(10), "-".repeat(53))).starts_with("board: 'q' at character 11"));
        assert!(message("-XO").starts_with("board: only 3 squares"));
        assert_eq!(message("f5 zz"), "transcript: 'zz' at character 4 is not a square");
        assert!(message(&format!("{} Z; A2:+38;", "-".repeat(64))).starts_with("OBF line: board: side to move 'Z'"));
        let start = format_board(Position::start());
        assert!(message(&format!("{start}; A2+38;")).starts_with("OBF line: solution 'A2+38' has no ':'"));
        assert!(message(&format!("{} X; A2:+38;", "-".repeat(64)))
            .starts_with("OBF line: board: the centre square d4 is empty; in Othello the four centre squares"));
        assert_eq!(
            message(&format!("{FFO_40}\n{FFO_40}")),
            "OBF: 2 lines pasted, but a game starts from one position: paste one line"
        );
        assert_eq!(read_record("  "), Err(RecordError::Empty));
        let start = "BO[8 ---------------------------O*------*O--------------------------- *]";
        assert_eq!(
            message(&format!("(;GM[Othello]{start}\nB[f5]B[e6];)")),
            "GGF, line 2, column 8: move 2 is B[…] but white is to move"
        );
        assert!(message("(;GM[Othello]B[f5];)").contains("no board"));
    }

    #[test]
    fn huge_input_gives_a_short_error() {
        for text in ["x".repeat(100_000), "-".repeat(5_000), format!("f5 {}", "q".repeat(100_000))] {
            let message = read_record(&text).unwrap_err().to_string();
            assert!(message.len() < 200, "{} characters: {message}", message.len());
        }
    }
}
