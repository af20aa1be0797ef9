//! The project's files as the programs read and write them: read through [`crate::io`]'s size
//! limits, with errors that name the file, as one line ([`UsageError`]: exit code 2); written whole
//! or not at all ([`reversi::safe_write`]), the output's path checked before the work.

use crate::io::{path_excerpt, read_capped, read_error, read_text_capped, LARGE_LIMIT, TEXT_LIMIT, WEIGHTS_LIMIT};
use crate::options::UsageError;
use reversi::capped_read::CappedReadError;
use reversi::othello::book::{file as book_file, Book};
use reversi::othello::eval::pattern::{file as weights_file, PatternWeights};
use reversi::othello::records::notation::{parse_obf, ObfEntry};
use reversi::train::book::{parse_state, state_bytes, BuildState, STATE_FILE_LIMIT};
use std::path::Path;
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
pub fn write_output(path: &Path, bytes: &[u8], what: &str) -> Result<(), String> {
    reversi::safe_write::write_file(path, bytes).map_err(|e| cannot_write(path, what, &e))
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
    write_output(path, &state_bytes(state), "build state")
}
