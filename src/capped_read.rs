//! Reading a file of at most a given size, for the command-line tools: a larger file, or an
//! endless device such as `/dev/zero`, is refused before it fills the memory. The callers word
//! the error for their own messages.

use std::io::Read;
use std::path::Path;

/// Why [`read_capped`] gave no bytes.
#[derive(Debug)]
pub enum CappedReadError {
    Io(std::io::Error),
    /// The file holds more than the limit.
    TooLarge,
}

/// The bytes of the file at `path`, if it holds at most `limit` bytes. A regular file that says
/// it is larger is refused without being read; anything else is read up to `limit + 1` bytes.
pub fn read_capped(path: &Path, limit: u64) -> Result<Vec<u8>, CappedReadError> {
    let file = std::fs::File::open(path).map_err(CappedReadError::Io)?;
    if file.metadata().is_ok_and(|m| m.is_file() && m.len() > limit) {
        return Err(CappedReadError::TooLarge);
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes).map_err(CappedReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(CappedReadError::TooLarge);
    }
    Ok(bytes)
}
