//! The project's files as the programs read them: through [`crate::io`]'s size limits, with errors
//! that name the file, as one line ([`UsageError`]: exit code 2).

use crate::io::{path_excerpt, read_capped, read_text_capped, LARGE_LIMIT, TEXT_LIMIT, WEIGHTS_LIMIT};
use crate::options::UsageError;
use reversi::othello::book::{file as book_file, Book};
use reversi::othello::eval::pattern::{file as weights_file, PatternWeights};
use reversi::othello::records::notation::{parse_obf, ObfEntry};
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

/// Checks that `path` can be written before any work is done: a file there opens for writing, or
/// its folder takes a new one. An existing file is left as it is; a file created for the check is
/// removed again.
pub fn check_writable(path: &str) -> Result<(), UsageError> {
    let p = std::path::Path::new(path);
    let cannot = |why: String| UsageError(format!("cannot write '{}': {why}", path_excerpt(path)));
    if p.is_dir() {
        return Err(cannot("it is a folder".into()));
    }
    let existed = std::fs::symlink_metadata(p).is_ok();
    std::fs::OpenOptions::new().append(true).create(true).open(p).map_err(|e| cannot(e.to_string()))?;
    if !existed {
        std::fs::remove_file(p).map_err(|e| cannot(e.to_string()))?;
    }
    Ok(())
}
