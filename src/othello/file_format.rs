//! The frame that the engine's binary files share (the pattern weights, the pattern networks, the
//! opening book), its checksum and its one error type:
//!
//! | bytes | content |
//! |---|---|
//! | 8 | the format's magic |
//! | 1 | format version |
//! | … | the format's own header fields |
//! | 4 | payload length (u32) |
//! | … | payload |
//! | 8 | FNV-1a (64 bits) of everything before |
//!
//! Unframing checks all of it and names what is wrong; each format then reads its fields and
//! payload, and says what is wrong with them through [`Frame::invalid`].

use std::fmt;
use std::path::{Path, PathBuf};

/// FNV-1a, 64 bits: the files' checksum (also the book build state's).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// One format's frame.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    pub magic: &'static [u8; 8],
    pub version: u8,
    /// Bytes of the format's own header fields, between the version and the payload's length.
    pub fields: usize,
    /// What the file is, in messages ("weights", "book").
    pub kind: &'static str,
}

impl Frame {
    /// The header's length: magic, version, fields, payload length.
    pub const fn header_len(&self) -> usize {
        8 + 1 + self.fields + 4
    }

    /// A file of this format around `payload`, with the header `fields`.
    pub fn frame(&self, fields: &[u8], payload: &[u8]) -> Vec<u8> {
        assert_eq!(fields.len(), self.fields, "the {} file's header fields", self.kind);
        let mut out = Vec::with_capacity(self.header_len() + payload.len() + 8);
        out.extend_from_slice(self.magic);
        out.push(self.version);
        out.extend_from_slice(fields);
        out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
        out.extend_from_slice(payload);
        let sum = fnv1a64(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// The header fields and the payload of a file of this format, checked (magic, version,
    /// length, checksum).
    pub fn unframe<'a>(&self, bytes: &'a [u8]) -> Result<(&'a [u8], &'a [u8]), FileError> {
        let header_len = self.header_len();
        if bytes.len() < header_len + 8 {
            return Err(self.invalid(format!("{} bytes is too short for a header", bytes.len())));
        }
        if &bytes[..8] != self.magic {
            return Err(self.invalid(format!("not a {} file (bad magic)", self.kind)));
        }
        if bytes[8] != self.version {
            return Err(
                self.invalid(format!("format version {} (this program reads version {})", bytes[8], self.version))
            );
        }
        let payload_len = u32::from_le_bytes(bytes[header_len - 4..header_len].try_into().expect("4 bytes")) as u64;
        let whole = header_len as u64 + payload_len + 8;
        if bytes.len() as u64 != whole {
            return Err(self.invalid(format!(
                "the header announces {whole} bytes, the file has {} (truncated or padded)",
                bytes.len()
            )));
        }
        let end = header_len + payload_len as usize;
        let stored = u64::from_le_bytes(bytes[end..end + 8].try_into().expect("8 bytes"));
        if fnv1a64(&bytes[..end]) != stored {
            return Err(self.invalid("checksum mismatch (the file is damaged)".into()));
        }
        Ok((&bytes[9..header_len - 4], &bytes[header_len..end]))
    }

    /// The error of a file of this format whose bytes are wrong (says what is wrong).
    pub fn invalid(&self, what: String) -> FileError {
        FileError::Format { kind: self.kind, what }
    }

    /// The error of a file of this format that could not be read.
    pub fn unreadable(&self, path: &Path, error: std::io::Error) -> FileError {
        FileError::Io { kind: self.kind, path: path.to_path_buf(), error }
    }

    /// The error of a file of this format that could not be written (the old one is untouched).
    pub fn unwritable(&self, path: &Path, error: std::io::Error) -> FileError {
        FileError::Write { kind: self.kind, path: path.to_path_buf(), error }
    }
}

/// Why a file cannot be loaded or written.
#[derive(Debug)]
pub enum FileError {
    Io {
        kind: &'static str,
        path: PathBuf,
        error: std::io::Error,
    },
    /// The file could not be written (the old one, if any, is untouched).
    Write {
        kind: &'static str,
        path: PathBuf,
        error: std::io::Error,
    },
    /// The bytes are not a valid file of the kind (says what is wrong).
    Format {
        kind: &'static str,
        what: String,
    },
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io { kind, path, error } => write!(f, "cannot read {kind} file {}: {error}", path.display()),
            FileError::Write { kind, path, error } => write!(f, "cannot write {kind} file {}: {error}", path.display()),
            FileError::Format { kind, what } => write!(f, "invalid {kind} file: {what}"),
        }
    }
}

impl std::error::Error for FileError {}

#[cfg(test)]
mod tests {
    use super::*;

    const TEST: Frame = Frame { magic: b"RVTEST01", version: 3, fields: 2, kind: "test" };

    #[test]
    fn a_frame_round_trips_and_every_damage_is_named() {
        let bytes = TEST.frame(&[7, 9], b"payload");
        assert_eq!(bytes.len(), TEST.header_len() + 7 + 8);
        assert_eq!(TEST.unframe(&bytes).unwrap(), (&[7u8, 9][..], &b"payload"[..]));
        let err = |b: &[u8]| TEST.unframe(b).expect_err("must fail").to_string();
        assert!(err(&bytes[..bytes.len() - 1]).contains("truncated or padded"));
        assert!(err(&bytes[..5]).contains("too short"));
        let mut flipped = bytes.clone();
        flipped[TEST.header_len() + 2] ^= 1;
        assert!(err(&flipped).contains("checksum"));
        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert_eq!(err(&magic), "invalid test file: not a test file (bad magic)");
        let mut version = bytes.clone();
        version[8] = 4;
        assert!(err(&version).contains("format version 4 (this program reads version 3)"));
        // A length that would overflow on 32 bits is a length mismatch, not a panic.
        let mut huge = bytes.clone();
        huge[TEST.header_len() - 4..TEST.header_len()].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(err(&huge).contains("announces"));
        let missing = TEST.unreadable(Path::new("/x"), std::io::Error::other("gone")).to_string();
        assert_eq!(missing, "cannot read test file /x: gone");
    }
}
