//! The weights file: trained weights quantised to one byte each (at most ±63 steps) with a scale
//! per pattern and stage, runs of zeros (configurations never seen in training) compressed, a header and a
//! checksum. Loading checks everything and names what is wrong.
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `RVPATTRN` |
//! | 1 | format version ([`VERSION`]) |
//! | 1 | stages |
//! | 4 | trained weights per stage (u32; identifies the pattern set) |
//! | 4 | payload length (u32) |
//! | … | payload: `stages × 12` scales (f32, discs per step: one per pattern, one for mobility and the constant), then the weights as i8 steps, where byte `0x80` followed by `n` stands for `n + 1` zeros |
//! | 8 | FNV-1a (64 bits) of everything before |

use super::{Layout, PatternWeights, MAX_STAGES, PATTERN_COUNT};
pub use crate::othello::file_format::FileError as WeightsError;
use crate::othello::file_format::Frame;
use std::path::Path;

pub const MAGIC: &[u8; 8] = b"RVPATTRN";
pub const VERSION: u8 = 1;
/// The weights file's frame: its fields are the stages (u8) and the weights per stage (u32).
pub const FRAME: Frame = Frame { magic: MAGIC, version: VERSION, fields: 5, kind: "weights" };
#[cfg(test)]
const HEADER_LEN: usize = FRAME.header_len();
const ZERO_RUN: u8 = 0x80;
/// Quantisation steps on each side of zero (the largest weight of a block is this many steps):
/// fewer begin to cost accuracy on held-out positions, more only make the file larger.
const STEPS: f32 = 63.0;
/// Scales per stage: one per pattern, one for the mobility tables and the constant.
const BLOCKS: usize = PATTERN_COUNT + 1;

/// The block (scale) of trained weight `i` within a stage.
fn block_ranges(layout: &Layout) -> [(usize, usize); BLOCKS] {
    let mut r = [(0, 0); BLOCKS];
    for (p, range) in r.iter_mut().enumerate().take(PATTERN_COUNT) {
        *range = (layout.class_offsets[p], layout.class_offsets[p] + layout.class_len_of(p));
    }
    r[PATTERN_COUNT] = (layout.class_mobility(), layout.class_len);
    r
}

/// Quantises and encodes trained weights (`stages × class_len`, in discs).
pub fn encode(stages: usize, weights: &[f32]) -> Vec<u8> {
    let layout = Layout::get();
    assert!((1..=MAX_STAGES).contains(&stages) && weights.len() == stages * layout.class_len);
    let ranges = block_ranges(layout);
    let mut scales = Vec::with_capacity(stages * BLOCKS);
    let mut steps = Vec::with_capacity(weights.len());
    for s in 0..stages {
        let w = &weights[s * layout.class_len..(s + 1) * layout.class_len];
        for &(a, b) in &ranges {
            let max = w[a..b].iter().fold(0f32, |m, x| m.max(x.abs()));
            let scale = if max > 0.0 { max / STEPS } else { 0.0 };
            scales.push(scale);
            steps.extend(w[a..b].iter().map(|&x| if scale > 0.0 { (x / scale).round() as i8 } else { 0 }));
        }
    }
    let mut payload: Vec<u8> = scales.iter().flat_map(|s| s.to_le_bytes()).collect();
    let mut i = 0;
    while i < steps.len() {
        if steps[i] == 0 {
            let run = steps[i..].iter().take(256).take_while(|&&x| x == 0).count();
            payload.push(ZERO_RUN);
            payload.push((run - 1) as u8);
            i += run;
        } else {
            payload.push(steps[i] as u8);
            i += 1;
        }
    }
    frame(stages as u8, &payload)
}

/// A weights file around `payload`: the header (this program's pattern set) and the checksum.
pub fn frame(stages: u8, payload: &[u8]) -> Vec<u8> {
    let mut fields = vec![stages];
    fields.extend_from_slice(&(Layout::get().class_len as u32).to_le_bytes());
    FRAME.frame(&fields, payload)
}

/// Decodes a weights file into its stage count and trained weights (in discs, as quantised).
pub fn decode(bytes: &[u8]) -> Result<(usize, Vec<f32>), WeightsError> {
    let bad = |what: String| Err(FRAME.invalid(what));
    let layout = Layout::get();
    let (fields, payload) = FRAME.unframe(bytes)?;
    let stages = fields[0] as usize;
    let per_stage = u32::from_le_bytes(fields[1..5].try_into().expect("4 bytes")) as usize;
    if stages == 0 || stages > MAX_STAGES {
        return bad(format!("{stages} stages (1 to {MAX_STAGES})"));
    }
    if per_stage != layout.class_len {
        return bad(format!(
            "made for another pattern set ({per_stage} weights per stage, expected {})",
            layout.class_len
        ));
    }
    let scale_bytes = stages * BLOCKS * 4;
    if payload.len() < scale_bytes {
        return bad("payload too short for the scales".into());
    }
    let scales: Vec<f32> =
        payload[..scale_bytes].chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes"))).collect();
    if let Some(i) = scales.iter().position(|s| !s.is_finite() || *s < 0.0) {
        // Named by position: formatting the float would pull float printing into the wasm.
        return bad(format!("invalid scale (number {} is negative, infinite or not a number)", i + 1));
    }
    let total = stages * per_stage;
    let mut steps: Vec<i8> = Vec::with_capacity(total);
    let mut i = scale_bytes;
    while i < payload.len() {
        if payload[i] == ZERO_RUN {
            let Some(&n) = payload.get(i + 1) else { return bad("zero run cut off at the end".into()) };
            steps.extend(std::iter::repeat_n(0, n as usize + 1));
            i += 2;
        } else {
            steps.push(payload[i] as i8);
            i += 1;
        }
        if steps.len() > total {
            return bad(format!("more than the {total} weights expected"));
        }
    }
    if steps.len() != total {
        return bad(format!("{} weights, expected {total}", steps.len()));
    }
    let ranges = block_ranges(layout);
    let mut weights = vec![0f32; total];
    for s in 0..stages {
        for (b, &(lo, hi)) in ranges.iter().enumerate() {
            let scale = scales[s * BLOCKS + b];
            for i in lo..hi {
                weights[s * per_stage + i] = f32::from(steps[s * per_stage + i]) * scale;
            }
        }
    }
    Ok((stages, weights))
}

/// Parses a weights file into weights ready to evaluate: a file of fitted tables, or a file of
/// pattern networks ([`super::network`]), expanded into tables.
pub fn parse(bytes: &[u8]) -> Result<PatternWeights, WeightsError> {
    if bytes.starts_with(super::network::MAGIC) {
        return Ok(super::network::PatternNetwork::decode(bytes)?.expand());
    }
    let (stages, weights) = decode(bytes)?;
    Ok(PatternWeights::from_class_weights(stages, &weights))
}

/// Loads a weights file.
pub fn load(path: &Path) -> Result<PatternWeights, WeightsError> {
    let bytes = std::fs::read(path).map_err(|e| FRAME.unreadable(path, e))?;
    parse(&bytes)
}

/// The weights committed with the repository (`weights/pattern.bin`), built into native programs
/// and parsed once. The browser's bindings never call this (the page fetches the file after the
/// board is up, so that the first load stays small), so the linker leaves the bytes out of the
/// wasm.
pub fn bundled() -> Result<std::sync::Arc<PatternWeights>, String> {
    static BUNDLED: std::sync::OnceLock<Result<std::sync::Arc<PatternWeights>, String>> = std::sync::OnceLock::new();
    BUNDLED
        .get_or_init(|| {
            parse(include_bytes!("../../../../weights/pattern.bin"))
                .map(std::sync::Arc::new)
                .map_err(|e| format!("weights/pattern.bin (built in): {e}"))
        })
        .clone()
}

/// Writes trained weights to a file: whole, or not at all ([`crate::safe_write`]).
pub fn save(path: &Path, stages: usize, weights: &[f32]) -> Result<(), WeightsError> {
    crate::safe_write::write_file(path, &encode(stages, weights)).map_err(|e| FRAME.unwritable(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(stages: usize) -> Vec<f32> {
        let layout = Layout::get();
        let mut rng = crate::rng::XorShift64Star::new(4);
        (0..stages * layout.class_len)
            .map(|i| if i % 3 == 0 { 0.0 } else { (rng.next_u64() % 4001) as f32 / 100.0 - 20.0 })
            .collect()
    }

    #[test]
    fn weights_round_trip_within_a_quantisation_step() {
        let w = sample(2);
        let bytes = encode(2, &w);
        let (stages, back) = decode(&bytes).unwrap();
        assert_eq!(stages, 2);
        // Each block's step is at most 20/STEPS disc; rounding errs by half a step.
        for (a, b) in w.iter().zip(&back) {
            assert!((a - b).abs() <= 0.5 * 20.0 / STEPS + 1e-4, "{a} {b}");
        }
        assert_eq!(encode(2, &back), bytes, "encoding quantised weights is exact");
        assert_eq!(parse(&bytes).unwrap(), PatternWeights::from_class_weights(2, &back));
    }

    #[test]
    fn damaged_truncated_or_missing_files_are_clear_errors() {
        let bytes = encode(1, &sample(1));
        let err = |b: &[u8]| parse(b).expect_err("must fail").to_string();
        assert!(err(&bytes[..bytes.len() - 1]).contains("truncated"));
        assert!(err(&bytes[..10]).contains("too short"));
        let mut flipped = bytes.clone();
        flipped[HEADER_LEN + 100] ^= 1;
        assert!(err(&flipped).contains("checksum"));
        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert!(err(&magic).contains("magic"));
        let mut version = bytes.clone();
        version[8] = 9;
        assert!(err(&version).contains("version 9"));
        // Valid frames around bad payloads: too many stages, a cut zero run, too few weights.
        assert!(err(&frame(62, &[])).contains("62 stages"));
        let mut cut = vec![0u8; BLOCKS * 4];
        cut.push(ZERO_RUN);
        assert!(err(&frame(1, &cut)).contains("zero run cut off"));
        assert!(err(&frame(1, &[0; BLOCKS * 4 + 3])).contains("3 weights, expected"));
        let missing = load(Path::new("/nonexistent/weights.bin")).err().unwrap().to_string();
        assert!(missing.contains("cannot read weights file /nonexistent/weights.bin"), "{missing}");
        assert!(err(&[]).contains("too short"));
    }

    #[test]
    fn the_committed_weights_load_and_round_trip() {
        let bytes = include_bytes!("../../../../weights/pattern.bin");
        let (stages, weights) = decode(bytes).expect("weights/pattern.bin is valid");
        assert_eq!(encode(stages, &weights), bytes.to_vec(), "re-encoding the file gives the same bytes");
        assert_eq!(*bundled().unwrap(), parse(bytes).unwrap());
        // A fitted evaluation: with rows 1–7 Black's and White to move on row 8 ("OXXXXXX-"), White
        // loses by far (exactly 62 discs); the evaluation says so from both sides.
        let board =
            crate::othello::records::notation::parse_board(&format!("{}OXXXXXX- O", "X".repeat(56))).unwrap().board();
        let w = bundled().unwrap();
        assert!(w.evaluate(board) < -30 * super::super::UNITS_PER_DISC, "{}", w.evaluate(board));
        assert!(w.evaluate(board.passed()) > 30 * super::super::UNITS_PER_DISC);
    }
}
