//! Pattern networks: per pattern, a small network (ReLU) of the pattern's squares whose outputs are
//! one value per *phase head* (points of the game), and for mobility and the constant a value per
//! head; each stage mixes the heads with the file's weights for it (the trainer's: bumps around
//! the heads' points, summing to one). Trained offline (`tools/pattern-net/train.py`), and expanded
//! at load into the same tables the search reads ([`PatternWeights`]): the network runs once per
//! configuration class, and each stage's table is a mix of the heads — which is what makes the
//! expansion fast enough for a page to do it after the board is up.
//!
//! The file (all numbers little-endian):
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `RVPNET01` |
//! | 1 | format version ([`VERSION`]) |
//! | 1 | heads `K` (1 to [`MAX_HEADS`]) |
//! | 1 | first hidden layer's width `h1` (1 to [`MAX_HIDDEN`]) |
//! | 1 | second hidden layer's width `h2` (0: one hidden layer) |
//! | 1 | stages `S` (1 to 61: the tables made, by equal ranges of discs as [`super::stage_of`]) |
//! | 4 | payload length (u32) |
//! | … | payload: each stage's mix of the heads (`S × K` f32); then per pattern in table order, each layer (`3n → h1`, [`h1 → h2`], `h → K`; a square's three inputs are empty, own, opponent): a scale per output (f32), the weights as signed bytes (inputs × outputs, row-major; a weight is its byte times its output's scale), the biases (bfloat16); then, bfloat16, own mobility `32 × K`, the opponent's `32 × K`, the constant `K` |
//! | 8 | FNV-1a (64 bits) of everything before |
//!
//! Eight-bit weights with a scale per output cost nothing measurable against bfloat16 (the held-out
//! error moved by at most 0.02 disc: docs/log/training.md) and make the file about 40 % smaller.
//!
//! The networks read a configuration as the least of its class (the configurations a pattern's own
//! symmetry makes equivalent), as `train net-export` wrote them for training.

use super::{fill_table, to_units, Layout, PatternWeights, MAX_STAGES, MOBILITY_CAP, PATTERNS, PATTERN_COUNT};
use crate::othello::file_format::{FileError, Frame};

pub const MAGIC: &[u8; 8] = b"RVPNET01";
pub const VERSION: u8 = 2;
/// The network file's frame: its fields are the heads and the two hidden layers' widths and the
/// stages (a byte each).
pub const FRAME: Frame = Frame { magic: MAGIC, version: VERSION, fields: 4, kind: "weights" };
#[cfg(test)]
const HEADER_LEN: usize = FRAME.header_len();
pub const MAX_HEADS: usize = 16;
pub const MAX_HIDDEN: usize = 128;

/// A pattern network, its phase heads, and the mobility and constant values per head.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternNetwork {
    heads: usize,
    hidden1: usize,
    /// 0: one hidden layer.
    hidden2: usize,
    /// `stages × heads`: how much each head counts in each stage's table.
    mixes: Vec<f32>,
    /// Every value in file order (see the module's table).
    values: Vec<f32>,
}

/// A bfloat16's value.
fn from_bf16(bits: u16) -> f32 {
    f32::from_bits(u32::from(bits) << 16)
}

/// The bfloat16 nearest to `x` (ties to even).
fn to_bf16(x: f32) -> u16 {
    let bits = x.to_bits();
    ((bits + 0x7fff + (bits >> 16 & 1)) >> 16) as u16
}

impl PatternNetwork {
    /// A network of this shape from its values in file order (`count` of them: see
    /// [`Self::count`]) and each stage's mix of the heads (`stages × heads`).
    pub fn new(heads: usize, hidden1: usize, hidden2: usize, mixes: Vec<f32>, values: Vec<f32>) -> PatternNetwork {
        assert_eq!(values.len(), Self::count(heads, hidden1, hidden2), "values of a network of this shape");
        assert!(!mixes.is_empty() && mixes.len().is_multiple_of(heads), "a mix per stage");
        PatternNetwork { heads, hidden1, hidden2, mixes, values }
    }

    /// The layers of pattern `p`'s network, as (inputs, outputs): the hidden layers, then the heads.
    fn layers(p: usize, heads: usize, hidden1: usize, hidden2: usize) -> [(usize, usize); 3] {
        let inputs = 3 * PATTERNS[p].squares.len();
        if hidden2 == 0 {
            [(inputs, hidden1), (hidden1, heads), (0, 0)]
        } else {
            [(inputs, hidden1), (hidden1, hidden2), (hidden2, heads)]
        }
    }

    /// The number of values of a network of this shape.
    pub fn count(heads: usize, hidden1: usize, hidden2: usize) -> usize {
        let patterns: usize = (0..PATTERN_COUNT)
            .flat_map(|p| Self::layers(p, heads, hidden1, hidden2))
            .map(|(inputs, outputs)| (inputs + 1) * outputs)
            .sum();
        patterns + (2 * (MOBILITY_CAP + 1) + 1) * heads
    }

    /// Where the mobility values start (then the opponent's, then the constant).
    fn mobility_start(&self) -> usize {
        self.values.len() - (2 * (MOBILITY_CAP + 1) + 1) * self.heads
    }

    /// The heads' outputs of pattern `p`'s network (its values from `start`) for configuration
    /// `index` (digits in base 3, square j the j-th: 0 empty, 1 own, 2 opponent), added to `out`.
    /// `scratch` holds the hidden layers (no allocation per configuration).
    #[inline(never)]
    fn pattern_outputs(&self, p: usize, start: usize, index: usize, out: &mut [f32], scratch: &mut Scratch) {
        let [(inputs, width), ..] = Self::layers(p, self.heads, self.hidden1, self.hidden2);
        let (weights, rest) = self.values[start..].split_at(inputs * width);
        let mut rest = rest;
        let hidden = &mut scratch.a[..width];
        hidden.copy_from_slice(&rest[..width]);
        rest = &rest[width..];
        let mut digits = index;
        for square in 0..inputs / 3 {
            let row = 3 * square + digits % 3;
            digits /= 3;
            for (h, w) in hidden.iter_mut().zip(&weights[row * width..(row + 1) * width]) {
                *h += w;
            }
        }
        let (mut from, mut to) = (&mut scratch.a, &mut scratch.b);
        let mut width = width;
        for (inputs, outputs) in Self::layers(p, self.heads, self.hidden1, self.hidden2).into_iter().skip(1) {
            if outputs == 0 {
                break;
            }
            let (weights, after) = rest.split_at(inputs * outputs);
            let next = &mut to[..outputs];
            next.copy_from_slice(&after[..outputs]);
            rest = &after[outputs..];
            // ReLU, then the layer over the inputs above zero only (about half): listed first
            // without a branch, since a branch per input would be mispredicted every other time.
            let mut live = 0;
            for (i, &h) in from[..width].iter().enumerate() {
                scratch.live[live] = i as u8;
                live += usize::from(h > 0.0);
            }
            for &i in &scratch.live[..live] {
                let i = usize::from(i);
                let h = from[i];
                for (n, w) in next.iter_mut().zip(&weights[i * outputs..(i + 1) * outputs]) {
                    *n += h * w;
                }
            }
            width = outputs;
            std::mem::swap(&mut from, &mut to);
        }
        for (o, h) in out.iter_mut().zip(&from[..width]) {
            *o += h;
        }
    }

    /// Where each pattern's values start.
    fn starts(&self) -> [usize; PATTERN_COUNT] {
        let mut starts = [0; PATTERN_COUNT];
        for p in 1..PATTERN_COUNT {
            starts[p] = starts[p - 1]
                + Self::layers(p - 1, self.heads, self.hidden1, self.hidden2)
                    .iter()
                    .map(|(inputs, outputs)| (inputs + 1) * outputs)
                    .sum::<usize>();
        }
        starts
    }

    /// The network's value (discs, side to move) of a position given as its features: per
    /// instance its pattern and configuration, both mobilities, and the stage. What the expanded
    /// tables give, before they round to hundredths of a disc (the tests compare the two).
    pub fn value(&self, instances: &[(usize, usize)], own: usize, theirs: usize, stage: usize) -> f32 {
        let k = self.heads;
        let layout = Layout::get();
        let starts = self.starts();
        let mut heads = vec![0f32; k];
        let mut scratch = Scratch::default();
        for &(p, index) in instances {
            self.pattern_outputs(p, starts[p], representative(layout, p, index), &mut heads, &mut scratch);
        }
        let (own, theirs) = (own.min(MOBILITY_CAP), theirs.min(MOBILITY_CAP));
        let m = self.mobility_start();
        let opponent = m + (MOBILITY_CAP + 1) * k;
        let constant = opponent + (MOBILITY_CAP + 1) * k;
        for (i, h) in heads.iter_mut().enumerate() {
            *h += self.values[m + own * k + i] + self.values[opponent + theirs * k + i] + self.values[constant + i];
        }
        heads.iter().zip(self.mix(stage)).map(|(h, m)| h * m).sum()
    }

    /// The number of tables the expansion makes.
    pub fn stages(&self) -> usize {
        self.mixes.len() / self.heads
    }

    /// How much each head counts in stage `stage`'s table.
    fn mix(&self, stage: usize) -> &[f32] {
        &self.mixes[stage * self.heads..(stage + 1) * self.heads]
    }

    /// The tables the search reads.
    pub fn expand(&self) -> PatternWeights {
        let layout = Layout::get();
        let k = self.heads;
        let stages = self.stages();
        let starts = self.starts();
        let mut tables = vec![0i16; stages * layout.full_len];
        let mut scratch = Scratch::default();
        let mut heads = vec![0f32; k];
        for p in 0..PATTERN_COUNT {
            // Each class's heads, computed once from its least configuration (classes are numbered
            // in the order their least configurations come: Layout::build), stored head by head
            // so that mixing a stage runs along the classes.
            let classes = layout.class_len_of(p);
            let mut by_head = vec![0f32; k * classes];
            let mut next = 0;
            for (index, &c) in layout.class[p].iter().enumerate() {
                if c as usize == next {
                    heads.fill(0.0);
                    self.pattern_outputs(p, starts[p], index, &mut heads, &mut scratch);
                    for (i, &h) in heads.iter().enumerate() {
                        by_head[i * classes + next] = h;
                    }
                    next += 1;
                }
            }
            let mut mixed = vec![0f32; classes];
            for s in 0..stages {
                mix_heads(self.mix(s), &by_head, &mut mixed);
                let table = &mut tables[s * layout.full_len + layout.full_offsets[p]..][..layout.sizes[p]];
                // Ties to even: one instruction, in wasm too.
                fill_table(table, &layout.class[p], &mixed, f32::round_ties_even);
            }
        }
        // Mobility and the constant: (MOBILITY_CAP + 1) × 2 + 1 rows of heads, in the tables' order.
        let rows = &self.values[self.mobility_start()..];
        let at = layout.full_mobility();
        for s in 0..stages {
            let mix = self.mix(s);
            for (entry, row) in
                tables[s * layout.full_len + at..(s + 1) * layout.full_len].iter_mut().zip(rows.chunks_exact(k))
            {
                *entry = to_units(row.iter().zip(mix).map(|(v, m)| v * m).sum(), f32::round_ties_even);
            }
        }
        PatternWeights { stages, tables }
    }

    /// The network as a file: each layer's weights to eight bits with a scale per output (the
    /// largest weight of an output becomes ±127), the other values rounded to bfloat16.
    pub fn encode(&self) -> Vec<u8> {
        let mut payload: Vec<u8> = self.mixes.iter().flat_map(|m| m.to_le_bytes()).collect();
        let mut values = self.values.as_slice();
        let bf16 = |payload: &mut Vec<u8>, values: &[f32]| {
            payload.extend(values.iter().flat_map(|&v| to_bf16(v).to_le_bytes()));
        };
        for p in 0..PATTERN_COUNT {
            for (inputs, outputs) in self.layers_of(p) {
                let (weights, rest) = values.split_at(inputs * outputs);
                let (biases, rest) = rest.split_at(outputs);
                values = rest;
                let scales: Vec<f32> = (0..outputs)
                    .map(|o| (0..inputs).map(|i| weights[i * outputs + o].abs()).fold(0.0, f32::max) / 127.0)
                    .collect();
                payload.extend(scales.iter().flat_map(|s| s.to_le_bytes()));
                payload.extend(weights.iter().enumerate().map(|(at, &w)| {
                    let scale = scales[at % outputs];
                    let q = if scale > 0.0 { (w / scale).round().clamp(-127.0, 127.0) } else { 0.0 };
                    q as i8 as u8
                }));
                bf16(&mut payload, biases);
            }
        }
        bf16(&mut payload, values);
        FRAME.frame(&[self.heads as u8, self.hidden1 as u8, self.hidden2 as u8, self.stages() as u8], &payload)
    }

    /// Pattern `p`'s layers as (inputs, outputs), those there are.
    fn layers_of(&self, p: usize) -> impl Iterator<Item = (usize, usize)> {
        Self::present_layers(p, self.heads, self.hidden1, self.hidden2)
    }

    /// [`Self::layers`] without the absent second hidden layer's place.
    fn present_layers(p: usize, heads: usize, hidden1: usize, hidden2: usize) -> impl Iterator<Item = (usize, usize)> {
        Self::layers(p, heads, hidden1, hidden2).into_iter().filter(|&(_, outputs)| outputs > 0)
    }

    /// The payload's length for a network of this shape (see the module's table).
    fn payload_len(heads: usize, hidden1: usize, hidden2: usize, stages: usize) -> usize {
        let layers: usize = (0..PATTERN_COUNT)
            .flat_map(|p| Self::layers(p, heads, hidden1, hidden2))
            .map(|(inputs, outputs)| 4 * outputs + inputs * outputs + 2 * outputs)
            .sum();
        4 * stages * heads + layers + 2 * (2 * (MOBILITY_CAP + 1) + 1) * heads
    }

    /// Reads a network file, checking everything (says what is wrong).
    pub fn decode(bytes: &[u8]) -> Result<PatternNetwork, FileError> {
        let bad = |what: String| Err(FRAME.invalid(what));
        let (fields, payload) = FRAME.unframe(bytes)?;
        let [heads, hidden1, hidden2, stages] = [fields[0], fields[1], fields[2], fields[3]].map(usize::from);
        if !(1..=MAX_HEADS).contains(&heads) {
            return bad(format!("{heads} phase heads (1 to {MAX_HEADS})"));
        }
        if !(1..=MAX_HIDDEN).contains(&hidden1) || hidden2 > MAX_HIDDEN {
            return bad(format!("hidden layers of {hidden1} and {hidden2} (1 to {MAX_HIDDEN}; the second 0 for none)"));
        }
        if !(1..=MAX_STAGES).contains(&stages) {
            return bad(format!("{stages} stages (1 to {MAX_STAGES})"));
        }
        let expected = Self::payload_len(heads, hidden1, hidden2, stages);
        if payload.len() != expected {
            return bad(format!("{} bytes of values, expected {expected} for this shape", payload.len()));
        }
        let f32_at = |at: usize| f32::from_le_bytes(payload[at..at + 4].try_into().expect("4 bytes"));
        let bf16_at = |at: usize| from_bf16(u16::from_le_bytes([payload[at], payload[at + 1]]));
        let mixes: Vec<f32> = (0..stages * heads).map(|i| f32_at(4 * i)).collect();
        let mut at = 4 * stages * heads;
        let mut values = Vec::with_capacity(Self::count(heads, hidden1, hidden2));
        for p in 0..PATTERN_COUNT {
            for (inputs, outputs) in Self::present_layers(p, heads, hidden1, hidden2) {
                // A scale that is not finite makes its weights so (0 × ∞ is not a number): the
                // check below finds them.
                let scales: Vec<f32> = (0..outputs).map(|o| f32_at(at + 4 * o)).collect();
                at += 4 * outputs;
                values.extend((0..inputs * outputs).map(|i| f32::from(payload[at + i] as i8) * scales[i % outputs]));
                at += inputs * outputs;
                values.extend((0..outputs).map(|o| bf16_at(at + 2 * o)));
                at += 2 * outputs;
            }
        }
        values.extend((at..payload.len()).step_by(2).map(bf16_at));
        // Numbered as read: the mixes, then the values.
        if let Some(i) = mixes.iter().chain(&values).position(|v| !v.is_finite()) {
            return bad(format!("value number {} is infinite or not a number", i + 1));
        }
        Ok(PatternNetwork { heads, hidden1, hidden2, mixes, values })
    }
}

/// Hidden layers' values while a network runs.
struct Scratch {
    a: [f32; MAX_HIDDEN],
    b: [f32; MAX_HIDDEN],
    /// The inputs above zero of the layer being computed.
    live: [u8; MAX_HIDDEN],
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch { a: [0.0; MAX_HIDDEN], b: [0.0; MAX_HIDDEN], live: [0; MAX_HIDDEN] }
    }
}

// The expansion's loops are functions of their own, called once per class, or per pattern and
// stage, and the wasm build keeps them apart (`--no-inline` in scripts/build-wasm.sh): a browser
// runs a long call in its baseline code until it returns, and optimises a function only once it
// has been called often enough; inlined into `expand`, these loops would run unoptimised in the
// page to the end.

/// `mixed[c]`: class c's heads (`by_head`, head by head) mixed by `mix`.
#[inline(never)]
fn mix_heads(mix: &[f32], by_head: &[f32], mixed: &mut [f32]) {
    let classes = mixed.len();
    mixed.fill(0.0);
    // Heads far from the stage count for nothing.
    for (i, &m) in mix.iter().enumerate().filter(|(_, &m)| m != 0.0) {
        for (x, &h) in mixed.iter_mut().zip(&by_head[i * classes..(i + 1) * classes]) {
            *x += m * h;
        }
    }
}

/// The least configuration of `index`'s class in pattern `p` (what the networks were trained on).
fn representative(layout: &Layout, p: usize, index: usize) -> usize {
    let class = layout.class[p][index];
    layout.class[p].iter().position(|&c| c == class).expect("the class has a configuration")
}

#[cfg(test)]
mod tests {
    use super::super::{full_features, stage_of, FEATURES, UNITS_PER_DISC};
    use super::*;
    use crate::othello::file_format::fnv1a64;
    use crate::othello::rules::board::{legal_moves, Board};

    /// Mixes as the trainer makes them: bumps of width 0.1 around evenly spaced heads, the small
    /// ones left out, summing to one.
    fn mixes(stages: usize, heads: usize) -> Vec<f32> {
        let mut out = Vec::new();
        for s in 0..stages {
            let phase = if stages == 1 { 0.5 } else { s as f32 / (stages - 1) as f32 };
            let bumps: Vec<f32> = (0..heads)
                .map(|i| {
                    let d = (phase - i as f32 / (heads - 1).max(1) as f32) / 0.1;
                    let b = (-d * d).exp();
                    if b < 1e-4 {
                        0.0
                    } else {
                        b
                    }
                })
                .collect();
            let total: f32 = bumps.iter().sum();
            out.extend(bumps.iter().map(|b| b / total));
        }
        out
    }

    /// Values from −0.5 to 0.5.
    fn sample(heads: usize, hidden1: usize, hidden2: usize, stages: usize, seed: u64) -> PatternNetwork {
        let mut rng = crate::rng::XorShift64Star::new(seed);
        let values = (0..PatternNetwork::count(heads, hidden1, hidden2))
            .map(|_| (rng.next_u64() % 2_000_001) as f32 / 2_000_000.0 - 0.5)
            .collect();
        PatternNetwork::new(heads, hidden1, hidden2, mixes(stages, heads), values)
    }

    fn random_boards(count: usize, seed: u64) -> Vec<Board> {
        let mut rng = crate::rng::XorShift64Star::new(seed);
        (0..count)
            .map(|_| {
                let occupied = rng.next_u64() | rng.next_u64() | 0x0000_0018_1800_0000;
                let player = occupied & rng.next_u64();
                Board { player, opponent: occupied & !player }
            })
            .collect()
    }

    #[test]
    fn a_network_file_round_trips() {
        for (h2, stages) in [(0, 61), (6, 7)] {
            let network = sample(5, 8, h2, stages, 3);
            let bytes = network.encode();
            let read = PatternNetwork::decode(&bytes).unwrap();
            assert_eq!((read.heads, read.hidden1, read.hidden2, &read.mixes), (5, 8, h2, &network.mixes));
            // A weight within half a step of its output's scale (at most 0.5 / 127), a bfloat16
            // within 2⁻⁹ of its value: both within 0.002 here.
            let error = network.values.iter().zip(&read.values).map(|(a, b)| (a - b).abs()).fold(0.0, f32::max);
            assert!(error > 0.0 && error <= 0.002, "{error}");
            // Written again, the file's values stay as read.
            let again = PatternNetwork::decode(&read.encode()).unwrap();
            assert!(read.values.iter().zip(&again.values).all(|(a, b)| (a - b).abs() <= 1e-6 * a.abs()));
            let tables = super::super::file::parse(&bytes).unwrap();
            assert_eq!(tables, read.expand(), "weights files may be networks");
            assert_eq!(tables.stages(), stages);
        }
    }

    #[test]
    fn weights_are_eight_bits_with_a_scale_per_output() {
        // One output's weights: the largest becomes ±127, the others their share of it.
        let mut network = sample(2, 3, 0, 1, 9);
        let (inputs, outputs) = (3 * PATTERNS[0].squares.len(), 3);
        for i in 0..inputs {
            network.values[i * outputs] = i as f32 * 0.01 - 0.1;
        }
        let bytes = network.encode();
        let scale = f32::from_le_bytes(bytes[HEADER_LEN + 8..HEADER_LEN + 12].try_into().unwrap());
        let largest = (inputs - 1) as f32 * 0.01 - 0.1;
        assert_eq!(scale, largest / 127.0);
        let first_weights = HEADER_LEN + 8 + 4 * outputs;
        assert_eq!(bytes[first_weights] as i8, (-0.1 / scale).round() as i8);
        assert_eq!(bytes[first_weights + (inputs - 1) * outputs] as i8, 127);
    }

    #[test]
    fn the_expanded_tables_give_the_networks_value() {
        let layout = Layout::get();
        for (h2, stages) in [(0, 61), (4, 61), (4, 13)] {
            let network = sample(9, 6, h2, stages, 7 + h2 as u64);
            let tables = network.expand();
            for board in random_boards(60, 11) {
                let features: [u32; FEATURES] = full_features(layout, board);
                let instances: Vec<(usize, usize)> = layout
                    .instances
                    .iter()
                    .zip(&features)
                    .map(|(inst, &f)| (inst.pattern, f as usize - layout.full_offsets[inst.pattern]))
                    .collect();
                let own = legal_moves(board.player, board.opponent).count_ones() as usize;
                let theirs = legal_moves(board.opponent, board.player).count_ones() as usize;
                let stage = stage_of((board.player | board.opponent).count_ones(), stages);
                let direct = network.value(&instances, own, theirs, stage) * UNITS_PER_DISC as f32;
                // Each of the 49 table entries rounds to a hundredth of a disc.
                let expanded = tables.evaluate(board) as f32;
                assert!((expanded - direct).abs() <= 49.0 * 0.5 + 0.5, "{expanded} against {direct}");
            }
        }
    }

    /// A pattern's network as written: the one-hot inputs through each layer, ReLU between.
    fn plain_forward(network: &PatternNetwork, p: usize, index: usize) -> Vec<f32> {
        let squares = PATTERNS[p].squares.len();
        let mut x: Vec<f32> = vec![0.0; 3 * squares];
        let mut digits = index;
        for square in 0..squares {
            x[3 * square + digits % 3] = 1.0;
            digits /= 3;
        }
        let mut at = network.starts()[p];
        let layers: Vec<(usize, usize)> = network.layers_of(p).collect();
        for (l, &(inputs, outputs)) in layers.iter().enumerate() {
            let w = &network.values[at..at + inputs * outputs];
            let b = &network.values[at + inputs * outputs..at + (inputs + 1) * outputs];
            at += (inputs + 1) * outputs;
            let mut y: Vec<f32> = b.to_vec();
            for (o, y) in y.iter_mut().enumerate() {
                *y += (0..inputs).map(|i| x[i] * w[i * outputs + o]).sum::<f32>();
            }
            x = if l + 1 < layers.len() { y.iter().map(|v| v.max(0.0)).collect() } else { y };
        }
        x
    }

    #[test]
    fn each_pattern_network_computes_what_it_is() {
        let mut rng = crate::rng::XorShift64Star::new(5);
        for h2 in [0, 7] {
            let network = sample(4, 9, h2, 3, 13 + h2 as u64);
            let starts = network.starts();
            let mut scratch = Scratch::default();
            for p in 0..PATTERN_COUNT {
                for _ in 0..50 {
                    let index = (rng.next_u64() % 3u64.pow(PATTERNS[p].squares.len() as u32)) as usize;
                    let mut out = vec![0.0; 4];
                    network.pattern_outputs(p, starts[p], index, &mut out, &mut scratch);
                    let plain = plain_forward(&network, p, index);
                    for (a, b) in out.iter().zip(&plain) {
                        assert!((a - b).abs() <= 1e-4, "pattern {p}, configuration {index}: {out:?} against {plain:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn each_stage_is_its_mix_of_the_heads() {
        // One head per stage, alone: each stage's constant is its head's.
        let heads = 3;
        let one_hot: Vec<f32> = (0..heads * heads).map(|i| if i % (heads + 1) == 0 { 1.0 } else { 0.0 }).collect();
        let mut values = vec![0.0; PatternNetwork::count(heads, 2, 0)];
        let n = values.len();
        values[n - heads..].copy_from_slice(&[1.0, -2.5, 7.0]);
        let network = PatternNetwork::new(heads, 2, 0, one_hot, values);
        let tables = network.expand();
        let full = Layout::get().full_len;
        let constants: Vec<i16> = (0..heads).map(|s| tables.tables[s * full + full - 1]).collect();
        assert_eq!(constants, [100, -250, 700]);
    }

    #[test]
    fn bad_network_files_are_clear_errors() {
        let bytes = sample(3, 4, 0, 5, 5).encode();
        let err = |b: &[u8]| PatternNetwork::decode(b).expect_err("must fail").to_string();
        assert!(err(&bytes[..bytes.len() - 2]).contains("truncated"));
        assert!(err(&bytes[..12]).contains("too short"));
        let mut damaged = bytes.clone();
        damaged[HEADER_LEN + 7] ^= 4;
        assert!(err(&damaged).contains("checksum"));
        // Valid checksums around bad contents.
        let reframe = |edit: &dyn Fn(&mut Vec<u8>)| {
            let mut b = bytes[..bytes.len() - 8].to_vec();
            edit(&mut b);
            let sum = fnv1a64(&b);
            b.extend_from_slice(&sum.to_le_bytes());
            b
        };
        assert!(err(&reframe(&|b| b[8] = 1)).contains("version 1"), "the bfloat16 format of before");
        assert!(err(&reframe(&|b| b[9] = 0)).contains("0 phase heads"));
        assert!(err(&reframe(&|b| b[10] = 0)).contains("hidden layers of 0"));
        assert!(err(&reframe(&|b| b[12] = 62)).contains("62 stages"));
        assert!(err(&reframe(&|b| b[11] = 2)).contains("expected"), "another shape than the values");
        let nan = f32::NAN.to_le_bytes();
        // Numbered as read: 15 mixes, then the first pattern's first layer (30 inputs, 4
        // outputs: scales, weights, biases).
        assert!(err(&reframe(&|b| b[HEADER_LEN + 4..HEADER_LEN + 8].copy_from_slice(&nan))).contains("value number 2"));
        let scales = HEADER_LEN + 4 * 5 * 3;
        // The second output's scale: its first weight is value 15 + 2.
        assert!(err(&reframe(&|b| b[scales + 4..scales + 8].copy_from_slice(&nan))).contains("value number 17"));
        let huge = f32::MAX.to_le_bytes();
        assert!(err(&reframe(&|b| b[scales..scales + 4].copy_from_slice(&huge))).contains("infinite"));
        let biases = scales + 4 * 4 + 30 * 4;
        assert!(err(&reframe(&|b| b[biases..biases + 2].copy_from_slice(&0x7fc0u16.to_le_bytes())))
            .contains("value number 136"));
        let file_error = super::super::file::parse(&reframe(&|b| b[9] = 0)).unwrap_err().to_string();
        assert!(file_error.starts_with("invalid weights file: 0 phase heads"), "{file_error}");
    }
}
