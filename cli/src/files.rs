//! The project's files as the programs read and write them: read through [`crate::io`]'s size
//! limits, with errors that name the file, as one line ([`UsageError`]: exit code 2); written whole
//! or not at all ([`reversi::safe_write`]), or a whole line at a time ([`LinesFile`]), the
//! output's path checked before the work.

use crate::io::{
    path_excerpt, read_capped, read_error, read_text_capped, write_whole_line, OutputError, LARGE_LIMIT, TEXT_LIMIT,
    WEIGHTS_LIMIT,
};
use crate::options::UsageError;
use reversi::capped_read::CappedReadError;
use reversi::othello::book::{file as book_file, Book};
use reversi::othello::eval::pattern::{file as weights_file, PatternWeights};
use reversi::othello::records::notation::{parse_obf, ObfEntry};
use reversi::train::book::{parse_state, state_bytes, BuildState, STATE_FILE_LIMIT};
use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A pattern weights file of at most [`WEIGHTS_LIMIT`] bytes.
pub fn load_weights(path: &str) -> Result<PatternWeights, UsageError> {
    let bytes = read_capped(path, WEIGHTS_LIMIT, "weights file").map_err(UsageError)?;
    weights_file::parse(&bytes).map_err(|e| UsageError(format!("'{}': {e}", path_excerpt(path))))
}

/// An opening book file of at most [`LARGE_LIMIT`] bytes.
pub fn load_book(path: &str) -> Result<Book, UsageError> {
    let bytes = read_capped(path, LARGE_LIMIT, "book file").map_err(UsageError)?;
    book_file::parse(&bytes).map_err(|e| UsageError(format!("'{}': {e}", path_excerpt(path))))
}

/// The positions of an OBF file. An unreadable file, one larger than [`TEXT_LIMIT`], a bad line
/// or a file without positions is an error naming it.
pub fn read_obf(path: &str) -> Result<Vec<ObfEntry>, UsageError> {
    let text = read_text_capped(path, TEXT_LIMIT, "OBF file").map_err(UsageError)?;
    let entries = parse_obf(&text).map_err(|(line, e)| UsageError(format!("{}:{line}: {e}", path_excerpt(path))))?;
    if entries.is_empty() {
        return Err(UsageError(format!("OBF file '{}' holds no positions", path_excerpt(path))));
    }
    Ok(entries)
}

/// The built-in pattern weights; if they cannot be read, says so once (`what_instead`: what the
/// program does without them) and returns `None`.
pub fn bundled_weights(what_instead: &str) -> Option<Arc<PatternWeights>> {
    static WARNED: std::sync::Once = std::sync::Once::new();
    match weights_file::bundled() {
        Ok(weights) => Some(weights),
        Err(e) => {
            WARNED.call_once(|| crate::note!("{}: {e}; {what_instead}", crate::io::program()));
            None
        }
    }
}

/// The built-in opening book; if it cannot be read, says so once and returns `None` (the
/// engine plays without it).
pub fn bundled_book() -> Option<Arc<Book>> {
    static WARNED: std::sync::Once = std::sync::Once::new();
    match book_file::bundled() {
        Ok(book) => Some(book),
        Err(e) => {
            WARNED.call_once(|| crate::note!("{}: {e}; playing without the opening book", crate::io::program()));
            None
        }
    }
}

/// Checks, before any work is done, that `path` can be written at the end: its folder exists and
/// takes a new file ([`reversi::safe_write::check_writable`]). Nothing is left behind, and an
/// existing file is not touched. `what` names the file in the message.
pub fn check_writable(path: &Path, what: &str) -> Result<(), UsageError> {
    reversi::safe_write::check_writable(path).map_err(|e| UsageError(cannot_write(path, what, &e)))
}

/// Writes `bytes` to `path` whole or not at all ([`reversi::safe_write::write_file`]): on a full
/// disk or any other error the old file is untouched. The error is the message to print (an output
/// failure, exit status 1: [`crate::io::output_failed`]).
pub fn write_output(path: &Path, bytes: &[u8], what: &str) -> Result<(), OutputError> {
    reversi::safe_write::write_file(path, bytes).map_err(|e| OutputError(cannot_write(path, what, &e)))
}

/// A line-oriented output file (`reversi match --games`): every line written whole or not at all
/// ([`write_whole_line`]). The path is checked before the work; the file is created (an old one
/// emptied) with the first line, so that a run that writes none leaves an old file as it was and
/// no empty one, and one whose first line fails removes what it created.
pub struct LinesFile {
    path: PathBuf,
    what: &'static str,
    file: Option<File>,
    /// Lines written whole.
    lines: usize,
}

impl LinesFile {
    /// Checks, before any work, that `path` can be written ([`check_writable`]; an existing file
    /// must open for writing, and is not touched yet). `what` names the file in messages.
    pub fn new(path: &Path, what: &'static str) -> Result<LinesFile, UsageError> {
        check_writable(path, what)?;
        if std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
            OpenOptions::new().write(true).open(path).map_err(|e| UsageError(cannot_write(path, what, &e)))?;
        }
        Ok(LinesFile { path: path.to_path_buf(), what, file: None, lines: 0 })
    }

    /// Writes `line` (without its newline) whole, or returns the message of an output failure.
    pub fn write_line(&mut self, line: &str) -> Result<(), OutputError> {
        let file = match self.file.take() {
            Some(file) => file,
            None => OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(true)
                .open(&self.path)
                .map_err(|e| self.error(&e))?,
        };
        let file = self.file.insert(file);
        if let Err(e) = write_whole_line(file, line) {
            // Nothing whole was written: a regular file is not left empty (a link is kept).
            let regular = std::fs::symlink_metadata(&self.path).is_ok_and(|m| m.is_file());
            if self.lines == 0 && regular {
                self.file = None;
                let _ = std::fs::remove_file(&self.path);
            }
            return Err(self.error(&e));
        }
        self.lines += 1;
        Ok(())
    }

    /// The file, once its first line is written.
    pub fn file(&self) -> Option<&File> {
        self.file.as_ref()
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The message of a failure to write it.
    pub fn error(&self, error: &std::io::Error) -> OutputError {
        OutputError(cannot_write(&self.path, self.what, error))
    }
}

fn cannot_write(path: &Path, what: &str, error: &std::io::Error) -> String {
    format!("cannot write {what} '{}': {error}", path_excerpt(&path.to_string_lossy()))
}

/// A book build's state file of at most [`STATE_FILE_LIMIT`] bytes; `None` when there is none.
pub fn load_state(path: &Path) -> Result<Option<BuildState>, UsageError> {
    let name = path.to_string_lossy();
    match reversi::capped_read::read_capped(path, STATE_FILE_LIMIT) {
        Ok(bytes) => parse_state(&bytes).map(Some).map_err(|e| UsageError(format!("'{}': {e}", path_excerpt(&name)))),
        Err(CappedReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(UsageError(read_error(&name, STATE_FILE_LIMIT, "build state", &e))),
    }
}

/// Writes a book build's state file ([`write_output`]).
pub fn save_state(path: &Path, state: &BuildState) -> Result<(), String> {
    Ok(write_output(path, &state_bytes(state), "build state")?)
}
