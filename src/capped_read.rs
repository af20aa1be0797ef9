//! Reading a file of at most a given size, for the command-line tools: a larger file, or an
//! endless stream such as a pipe from `yes`, is refused before it fills the memory, and a device
//! (`/dev/zero`, `/dev/urandom`, a terminal, or a link to one) at once, before it is opened. The
//! callers word the error for their own messages.

use std::io::Read;
use std::path::Path;

/// Why [`read_capped`] gave no bytes.
#[derive(Debug)]
pub enum CappedReadError {
    Io(std::io::Error),
    /// The file holds more than the limit.
    TooLarge,
    /// The path names a device, not a file.
    Device,
}

/// The bytes of the file at `path`, if it holds at most `limit` bytes. A regular file that says
/// it is larger is refused without being read; a device is refused without being opened (opening
/// some has effects); anything else (a pipe) is read up to `limit + 1` bytes.
pub fn read_capped(path: &Path, limit: u64) -> Result<Vec<u8>, CappedReadError> {
    if is_device(path) {
        return Err(CappedReadError::Device);
    }
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

/// Whether `path` (links followed) is a character or block device.
pub fn is_device(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        std::fs::metadata(path).is_ok_and(|m| m.file_type().is_char_device() || m.file_type().is_block_device())
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}
