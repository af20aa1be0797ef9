//! Attempt codes: what a student hands in after checking an exercise, and a teacher checks
//! without a server. A code such as `7K2M-9QXD-4TPA` holds the student's variant (0 for the
//! exercise everyone shares), the score (right and total), the attempt's number, and a 20-bit
//! checksum keyed by the exercise: SipHash-2-4 of those numbers under a key made from the
//! exercise's link (its tree or seed and shape, algorithm, what it asks, and the class key the
//! teacher's link carries).
//!
//! What it guards against: a score changed by hand or mistyped (any changed character, and most
//! swaps, fail the checksum; a made-up code passes with a chance of one in a million), and a code
//! of another exercise, another variant or last year's class key. What it cannot stop, like any
//! check made without a server: a student who reads the page's code can compute a code for any
//! score. For marked work, collect the answers too.
//!
//! Layout, 60 bits in 12 Crockford base-32 symbols (`0-9 A-Z` without `I L O U`; read case-blind,
//! with `I`/`L` read as 1 and `O` as 0): version (2 bits), variant (16), right (8), total (8),
//! attempt (6, 1 to 63), checksum (20).

use std::fmt;

/// The numbers an attempt code carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attempt {
    /// The student's variant (1 to 65,535), or 0 for the exercise everyone shares.
    pub variant: u16,
    pub right: u8,
    pub total: u8,
    /// The attempt's number, 1 to 63 (later attempts count as 63).
    pub attempt: u8,
}

/// Why a code does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttemptError {
    /// Not 12 symbols (hyphens and spaces aside).
    Length(usize),
    /// A character that is not a code symbol, and its position (1-based, in the text given).
    Character(char, usize),
    /// A version this page does not know.
    Version(u8),
    /// The checksum does not match: another exercise or class key, or a mistyped code.
    Checksum,
    /// The numbers do not make sense (more right than total, attempt 0).
    Numbers,
}

impl fmt::Display for AttemptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttemptError::Length(n) => write!(f, "a code has 12 symbols, this one {n}"),
            AttemptError::Character(c, at) => write!(f, "'{c}' (character {at}) is not a symbol of a code"),
            AttemptError::Version(v) => write!(f, "this code is of version {v}, which this page does not know"),
            AttemptError::Checksum => {
                f.write_str("the checksum does not match: not a code of this exercise (or a mistyped one)")
            }
            AttemptError::Numbers => f.write_str("the numbers in this code do not make sense"),
        }
    }
}

impl std::error::Error for AttemptError {}

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const VERSION: u64 = 1;
const CHECK_BITS: u32 = 20;

/// One SipHash round (Aumasson and Bernstein, "SipHash: a fast short-input PRF", 2012).
fn sip_round(v: &mut [u64; 4]) {
    v[0] = v[0].wrapping_add(v[1]);
    v[1] = v[1].rotate_left(13) ^ v[0];
    v[0] = v[0].rotate_left(32);
    v[2] = v[2].wrapping_add(v[3]);
    v[3] = v[3].rotate_left(16) ^ v[2];
    v[0] = v[0].wrapping_add(v[3]);
    v[3] = v[3].rotate_left(21) ^ v[0];
    v[2] = v[2].wrapping_add(v[1]);
    v[1] = v[1].rotate_left(17) ^ v[2];
    v[2] = v[2].rotate_left(32);
}

/// SipHash-2-4 of `data` under the key `(k0, k1)` (little-endian halves of the 128-bit key).
///
/// ```
/// use reversi::course::attempt::siphash24;
/// // The reference implementation's vector: key 00 01 … 0f, message 00 01 … 0e.
/// let message: Vec<u8> = (0..15).collect();
/// assert_eq!(siphash24(0x0706050403020100, 0x0f0e0d0c0b0a0908, &message), 0xa129ca6149be45e5);
/// ```
pub fn siphash24(k0: u64, k1: u64, data: &[u8]) -> u64 {
    let mut v = [
        k0 ^ 0x736f_6d65_7073_6575,
        k1 ^ 0x646f_7261_6e64_6f6d,
        k0 ^ 0x6c79_6765_6e65_7261,
        k1 ^ 0x7465_6462_7974_6573,
    ];
    let mut chunks = data.chunks_exact(8);
    for chunk in &mut chunks {
        let m = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        v[3] ^= m;
        sip_round(&mut v);
        sip_round(&mut v);
        v[0] ^= m;
    }
    let mut last = (data.len() as u64) << 56;
    for (i, &b) in chunks.remainder().iter().enumerate() {
        last |= u64::from(b) << (8 * i);
    }
    v[3] ^= last;
    sip_round(&mut v);
    sip_round(&mut v);
    v[0] ^= last;
    v[2] ^= 0xff;
    for _ in 0..4 {
        sip_round(&mut v);
    }
    v[0] ^ v[1] ^ v[2] ^ v[3]
}

/// The exercise's key: SipHash's two halves, made from the exercise's text.
fn keys(exercise: &str) -> (u64, u64) {
    let mut keyed = b"reversi classroom attempt code\0".to_vec();
    keyed.extend_from_slice(exercise.as_bytes());
    let k0 = siphash24(0x5265_7665_7273_6931, 0x436c_6173_7372_6f6f, &keyed);
    let k1 = siphash24(0x4174_7465_6d70_7473, 0x4578_6572_6369_7365, &keyed);
    (k0, k1)
}

/// The checksum of the code's first 40 bits under the exercise's key.
fn keyed_checksum((k0, k1): (u64, u64), data: u64) -> u64 {
    siphash24(k0, k1, &data.to_le_bytes()[..5]) & ((1 << CHECK_BITS) - 1)
}

/// The checksum of the code's first 40 bits under the exercise's key.
fn checksum(exercise: &str, data: u64) -> u64 {
    keyed_checksum(keys(exercise), data)
}

/// The code of `attempt` at `exercise` (the exercise's canonical text: the page's link without
/// its language or student).
///
/// ```
/// use reversi::course::attempt::{encode, decode, Attempt};
/// let a = Attempt { variant: 4821, right: 7, total: 9, attempt: 2 };
/// let code = encode("exercise=42&shape=3x2&algorithm=alphabeta", &a);
/// assert_eq!(code.len(), 14);
/// assert_eq!(decode("exercise=42&shape=3x2&algorithm=alphabeta", &code), Ok(a));
/// assert!(decode("exercise=43&shape=3x2&algorithm=alphabeta", &code).is_err());
/// ```
pub fn encode(exercise: &str, attempt: &Attempt) -> String {
    let data = (VERSION << 38)
        | (u64::from(attempt.variant) << 22)
        | (u64::from(attempt.right) << 14)
        | (u64::from(attempt.total) << 6)
        | u64::from(attempt.attempt.clamp(1, 63));
    let bits = (data << CHECK_BITS) | checksum(exercise, data);
    let symbols: Vec<u8> = (0..12).rev().map(|i| ALPHABET[((bits >> (5 * i)) & 31) as usize]).collect();
    let text = String::from_utf8(symbols).expect("ascii");
    format!("{}-{}-{}", &text[0..4], &text[4..8], &text[8..12])
}

/// Reads a code and checks it against `exercise`.
pub fn decode(exercise: &str, code: &str) -> Result<Attempt, AttemptError> {
    let bits = symbols(code)?;
    let data = bits >> CHECK_BITS;
    let version = (data >> 38) as u8;
    if u64::from(version) != VERSION {
        return Err(AttemptError::Version(version));
    }
    if bits & ((1 << CHECK_BITS) - 1) != checksum(exercise, data) {
        return Err(AttemptError::Checksum);
    }
    let attempt = numbers(data);
    if attempt.right > attempt.total || attempt.attempt == 0 {
        return Err(AttemptError::Numbers);
    }
    Ok(attempt)
}

/// The numbers of a code's first 40 bits, as they read, checked or not.
fn numbers(data: u64) -> Attempt {
    Attempt {
        variant: (data >> 22) as u16,
        right: (data >> 14) as u8,
        total: (data >> 6) as u8,
        attempt: (data & 63) as u8,
    }
}

/// What a code is to an exercise, for a teacher checking a whole class's codes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Diagnosis {
    /// A code of this exercise.
    Valid(Attempt),
    /// Not a code of this page: the wrong number of symbols, a character that is not a symbol,
    /// another version, or numbers no page writes (and no one symbol explains it).
    Unreadable(AttemptError),
    /// One symbol away from a code of this exercise: a code of it altered by hand or mistyped.
    /// `claimed` is what the code says as it is, `original` the code it was, and `position`
    /// the symbol changed (1 to 12).
    Altered { claimed: Attempt, original: Attempt, position: usize },
    /// A well-formed code whose checksum is not this exercise's, and no one symbol explains it:
    /// a code of another exercise or class key (or changed in more than one place). `claimed`:
    /// what it says, unchecked (its `total` is the number of questions of its exercise).
    Other { claimed: Attempt },
}

/// Reads a code against `exercise` and, when it is not one of its codes, says why: unreadable,
/// altered in one symbol (every one of the 12 × 31 codes one symbol away is tried: a code of
/// another exercise is taken for an altered one with a chance of about 1 in 2,800), or of
/// another exercise.
///
/// ```
/// use reversi::course::attempt::{diagnose, encode, Attempt, Diagnosis};
/// let ex = "exercise=42&shape=3x2&algorithm=alphabeta";
/// let a = Attempt { variant: 0, right: 3, total: 9, attempt: 1 };
/// let code = encode(ex, &a);
/// assert_eq!(diagnose(ex, &code), Diagnosis::Valid(a));
/// // 3/9 made into 9/9 by hand: the symbol that holds the score changed.
/// let forged = encode(ex, &Attempt { right: 9, ..a });
/// let forged = format!("{}{}", &forged[..10], &code[10..]);
/// assert!(matches!(diagnose(ex, &forged), Diagnosis::Altered { original, .. } if original == a));
/// assert!(matches!(diagnose("exercise=7&shape=3x2&algorithm=alphabeta", &code), Diagnosis::Other { .. }));
/// assert!(matches!(diagnose(ex, "hello"), Diagnosis::Unreadable(_)));
/// ```
pub fn diagnose(exercise: &str, code: &str) -> Diagnosis {
    let bits = match symbols(code) {
        Ok(bits) => bits,
        Err(e) => return Diagnosis::Unreadable(e),
    };
    let keys = keys(exercise);
    let valid = |bits: u64| {
        let data = bits >> CHECK_BITS;
        let a = numbers(data);
        ((data >> 38) == VERSION
            && bits & ((1 << CHECK_BITS) - 1) == keyed_checksum(keys, data)
            && a.right <= a.total
            && a.attempt > 0)
            .then_some(a)
    };
    let claimed = numbers(bits >> CHECK_BITS);
    if let Some(a) = valid(bits) {
        return Diagnosis::Valid(a);
    }
    for position in 0..12 {
        let shift = 5 * (11 - position);
        for symbol in 0..32u64 {
            let changed = (bits & !(31 << shift)) | (symbol << shift);
            if changed == bits {
                continue;
            }
            if let Some(original) = valid(changed) {
                return Diagnosis::Altered { claimed, original, position: position + 1 };
            }
        }
    }
    // Made by no exercise of this page: another version, or numbers no page writes.
    let version = (bits >> CHECK_BITS >> 38) as u8;
    if u64::from(version) != VERSION {
        return Diagnosis::Unreadable(AttemptError::Version(version));
    }
    if claimed.right > claimed.total || claimed.attempt == 0 || claimed.total == 0 {
        return Diagnosis::Unreadable(AttemptError::Numbers);
    }
    Diagnosis::Other { claimed }
}

/// A code's 60 bits: 12 symbols, hyphens and spaces aside (I and L read as 1, O as 0).
fn symbols(code: &str) -> Result<u64, AttemptError> {
    let mut bits: u64 = 0;
    let mut count = 0;
    for (i, c) in code.chars().enumerate() {
        if c == '-' || c.is_whitespace() {
            continue;
        }
        let symbol = match c.to_ascii_uppercase() {
            'I' | 'L' => '1',
            'O' => '0',
            other => other,
        };
        let value = ALPHABET.iter().position(|&a| char::from(a) == symbol).ok_or(AttemptError::Character(c, i + 1))?;
        count += 1;
        if count <= 12 {
            bits = (bits << 5) | value as u64;
        }
    }
    if count != 12 {
        return Err(AttemptError::Length(count));
    }
    Ok(bits)
}
