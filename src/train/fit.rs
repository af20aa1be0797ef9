//! The least-squares fit of the pattern weights to labelled positions, and its error report.
//!
//! Each stage is fitted on its own: minimise `Σ (Σ features' weights − label)² + λ Σ weight²` by
//! conjugate gradients on the normal equations (CGLS: no step size to tune, and it converges in a
//! few dozen iterations). The ridge term λ pulls the weights of rarely seen configurations towards
//! zero (a configuration seen in one game should not carry that game's result), while weights seen
//! thousands of times barely feel it. Given a prior (weights fitted before, on other data), the
//! pull is towards the prior instead: `λ Σ (weight − prior)²`, so new data with better labels
//! corrects the weights it sees often and leaves the rest as they were.

use crate::othello::eval::pattern::{class_features, stage_of, Layout, PatternWeights, FEATURES};
use crate::othello::rules::board::Board;
use crate::train::games::{DataError, GamesFile};

/// One training position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    pub board: Board,
    /// Final disc difference for the side to move.
    pub score: i8,
    /// `score` is the exact value of the position.
    pub exact: bool,
}

/// Whether game `index` of the files made with `seed` is held out of the fit (a fixed hash, so
/// `fit` and `test` agree, and a whole game is on one side: its positions are correlated).
pub fn is_held_out(seed: u64, index: u32, percent: u32) -> bool {
    let mut z = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::from(index).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z ^= z >> 31;
    z = z.wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 29;
    z % 100 < u64::from(percent)
}

/// Training and held-out positions of `files`, and the number of games.
pub fn samples_of(files: &[GamesFile], holdout_percent: u32) -> Result<(Vec<Sample>, Vec<Sample>, usize), DataError> {
    let (mut train, mut held, mut games) = (Vec::new(), Vec::new(), 0);
    for file in files {
        for game in &file.games {
            let out = if is_held_out(file.settings.seed, game.index, holdout_percent) { &mut held } else { &mut train };
            for p in game.positions()? {
                out.push(Sample { board: p.position.board(), score: p.score, exact: p.exact });
            }
            games += 1;
        }
    }
    Ok((train, held, games))
}

/// How to fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitSettings {
    pub stages: usize,
    /// Ridge weight λ.
    pub lambda: f32,
    pub iterations: usize,
    /// Each stage is also fitted on the positions up to this many discs outside its own range:
    /// neighbouring stages share data, so their weights change smoothly and rare configurations
    /// get more examples.
    pub overlap: u32,
}

/// A position's value under weights `w`: the sum of its features' weights (one row of `A w`).
fn row_sum(features: &[u32; FEATURES], w: &[f32]) -> f32 {
    features.iter().map(|&j| w[j as usize]).sum()
}

/// Fits the weights of one stage by CGLS; returns them (in discs, `layout.class_len` of them).
/// With a `prior`, fits the difference from it (ridge towards the prior) and returns prior + it.
fn fit_stage(
    features: &[[u32; FEATURES]],
    labels: &[f32],
    prior: Option<&[f32]>,
    len: usize,
    lambda: f32,
    iterations: usize,
) -> Vec<f32> {
    let n = labels.len();
    let mut w = vec![0f32; len];
    if n == 0 {
        return prior.map_or(w, <[f32]>::to_vec);
    }
    // Residuals r = y − A (prior + w), and s = Aᵀ r − λ w.
    let mut r: Vec<f32> = match prior {
        None => labels.to_vec(),
        Some(w0) => labels.iter().zip(features).map(|(y, f)| y - row_sum(f, w0)).collect(),
    };
    let transposed = |r: &[f32], w: &[f32]| -> Vec<f32> {
        let mut s: Vec<f32> = w.iter().map(|x| -lambda * x).collect();
        for (f, &ri) in features.iter().zip(r) {
            for &j in f {
                s[j as usize] += ri;
            }
        }
        s
    };
    let mut s = transposed(&r, &w);
    let mut p = s.clone();
    let mut gamma: f64 = s.iter().map(|x| f64::from(*x) * f64::from(*x)).sum();
    let mut q = vec![0f32; n];
    for _ in 0..iterations {
        if gamma < 1e-12 {
            break;
        }
        for (qi, f) in q.iter_mut().zip(features) {
            *qi = row_sum(f, &p);
        }
        let delta: f64 = q.iter().map(|x| f64::from(*x) * f64::from(*x)).sum::<f64>()
            + f64::from(lambda) * p.iter().map(|x| f64::from(*x) * f64::from(*x)).sum::<f64>();
        let alpha = (gamma / delta) as f32;
        for (wi, pi) in w.iter_mut().zip(&p) {
            *wi += alpha * pi;
        }
        for (ri, qi) in r.iter_mut().zip(&q) {
            *ri -= alpha * qi;
        }
        s = transposed(&r, &w);
        let next: f64 = s.iter().map(|x| f64::from(*x) * f64::from(*x)).sum();
        let beta = (next / gamma) as f32;
        for (pi, si) in p.iter_mut().zip(&s) {
            *pi = si + beta * *pi;
        }
        gamma = next;
    }
    if let Some(w0) = prior {
        for (wi, p) in w.iter_mut().zip(w0) {
            *wi += p;
        }
    }
    w
}

/// Fits every stage (on as many threads as there are cores); `progress` hears about each
/// finished stage. Returns `stages × layout.class_len` weights in discs. A `prior` (weights of
/// `settings.stages` stages, as [`crate::othello::eval::pattern::file::decode`] gives them) is
/// what the ridge term pulls towards instead of zero.
pub fn fit(
    samples: &[Sample],
    settings: &FitSettings,
    prior: Option<&[f32]>,
    progress: &(dyn Fn(&str) + Sync),
) -> Vec<f32> {
    let layout = Layout::get();
    let stages = settings.stages.max(1);
    assert!(prior.is_none_or(|p| p.len() == stages * layout.class_len), "a prior of {stages} stages");
    // The disc counts of each stage, widened by the overlap.
    let ranges: Vec<(u32, u32)> = (0..stages)
        .map(|st| {
            let discs: Vec<u32> = (4..=64).filter(|&d| stage_of(d, stages) == st).collect();
            let (lo, hi) = (discs.first().copied().unwrap_or(64), discs.last().copied().unwrap_or(0));
            (lo.saturating_sub(settings.overlap), hi + settings.overlap)
        })
        .collect();
    let mut by_stage: Vec<Vec<&Sample>> = vec![Vec::new(); stages];
    for s in samples {
        let discs = (s.board.player | s.board.opponent).count_ones();
        for (st, &(lo, hi)) in ranges.iter().enumerate() {
            if (lo..=hi).contains(&discs) {
                by_stage[st].push(s);
            }
        }
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(stages);
    let mut weights = vec![0f32; stages * layout.class_len];
    std::thread::scope(|scope| {
        let chunks: Vec<_> = weights.chunks_mut(layout.class_len).zip(by_stage.iter()).enumerate().collect();
        let mut per_thread: Vec<Vec<_>> = (0..threads).map(|_| Vec::new()).collect();
        for (i, c) in chunks.into_iter().enumerate() {
            per_thread[i % threads].push(c);
        }
        for work in per_thread {
            scope.spawn(move || {
                for (stage, (out, stage_samples)) in work {
                    let features: Vec<[u32; FEATURES]> =
                        stage_samples.iter().map(|s| class_features(layout, s.board)).collect();
                    let labels: Vec<f32> = stage_samples.iter().map(|s| f32::from(s.score)).collect();
                    let len = layout.class_len;
                    let prior = prior.map(|p| &p[stage * len..(stage + 1) * len]);
                    let w = fit_stage(&features, &labels, prior, len, settings.lambda, settings.iterations);
                    out.copy_from_slice(&w);
                    progress(&format!("stage {stage}: {} positions fitted", labels.len()));
                }
            });
        }
    });
    weights
}

/// Mean absolute errors of an evaluation, by number of empty squares.
#[derive(Clone, Debug, Default)]
pub struct ErrorReport {
    /// `(sum of |error| in discs, count)` over positions with an exact label, by empties.
    pub exact: Vec<(f64, u64)>,
    /// The same over all positions (labels are game results above the exact-solve threshold).
    pub all: Vec<(f64, u64)>,
}

impl ErrorReport {
    /// Mean absolute error over empties `lo..=hi` (exact labels only if `exact`), and the count.
    pub fn mean(&self, lo: usize, hi: usize, exact: bool) -> (f64, u64) {
        let table = if exact { &self.exact } else { &self.all };
        let (sum, n) = table[lo.min(60)..=hi.min(60)].iter().fold((0.0, 0), |(s, c), (a, b)| (s + a, c + b));
        (sum / (n.max(1) as f64), n)
    }
}

/// The error of `evaluate` (in hundredths of a disc) on `samples`.
pub fn errors(samples: &[Sample], evaluate: &dyn Fn(Board) -> i32) -> ErrorReport {
    let mut report = ErrorReport { exact: vec![(0.0, 0); 61], all: vec![(0.0, 0); 61] };
    for s in samples {
        let e = s.board.empty_count() as usize;
        let err = (f64::from(evaluate(s.board)) / 100.0 - f64::from(s.score)).abs();
        report.all[e].0 += err;
        report.all[e].1 += 1;
        if s.exact {
            report.exact[e].0 += err;
            report.exact[e].1 += 1;
        }
    }
    report
}

/// [`errors`] of fitted weights.
pub fn weight_errors(samples: &[Sample], weights: &PatternWeights) -> ErrorReport {
    errors(samples, &|b| weights.evaluate(b))
}
