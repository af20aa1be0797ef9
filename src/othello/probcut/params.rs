//! Multi-ProbCut parameters (not fitted yet: no cut-offs).

/// Deep depths fitted: `FIRST_DEPTH..FIRST_DEPTH + DEPTHS`.
pub const DEPTHS: usize = 0;
/// `TABLE[stage][depth − FIRST_DEPTH] = [a, b, sigma]`; sigma 0 means no cut-off there.
pub const TABLE: [[[f32; 3]; DEPTHS]; super::STAGES] = [[]; super::STAGES];
