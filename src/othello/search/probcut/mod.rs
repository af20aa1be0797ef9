//! Multi-ProbCut (Buro, 1997): at a node that a deep search must decide against a null window, a
//! much shallower search predicts the deep value, `deep ≈ a·shallow + b` with a normal error of
//! deviation `sigma`; when the prediction clears the window by [`CUT_SIGMAS`] deviations, the node
//! is cut without the deep search. The regression is fitted per game stage and per depth from our
//! own searches (`reversi probcut-fit`, which writes [`params`]), for the pattern evaluation it
//! was fitted with.
//!
//! Only the selective midgame search uses it, and only when asked ([`crate::othello::search::Limits::probcut`]):
//! fixed-depth searches without it still equal minimax, and the exact endgame solver never cuts.

pub mod params;

/// Game stages: empties 1–10, 11–20, … 51–60.
pub const STAGES: usize = 6;
/// The shallowest deep search that is cut (its shallow search is 1 ply).
pub const FIRST_DEPTH: u32 = 3;
/// How many deviations the prediction must clear the window by (Buro used about 1.5; larger is
/// safer and cuts less).
pub const CUT_SIGMAS: f64 = 1.5;

/// The game stage of a position with `empties` empty squares.
pub fn stage(empties: u32) -> usize {
    (empties.clamp(1, 60) as usize - 1) / 10
}

/// The shallow search that predicts a `depth`-ply one: about half the depth, of the same
/// parity (Othello evaluations differ between odd and even depths), at least 1 ply.
///
/// ```
/// use reversi::othello::search::probcut::shallow_depth;
/// assert_eq!([3, 4, 5, 6, 7, 8, 9, 10, 12].map(shallow_depth), [1, 2, 1, 2, 3, 4, 3, 4, 6]);
/// ```
pub fn shallow_depth(depth: u32) -> u32 {
    let half = depth / 2;
    let shallow = if half % 2 == depth % 2 { half } else { half.saturating_sub(1) };
    shallow.max(if depth % 2 == 1 { 1 } else { 2 }).min(depth.saturating_sub(1))
}

/// The regression that predicts a deep search from a shallow one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cut {
    pub shallow: u32,
    pub a: f64,
    pub b: f64,
    pub sigma: f64,
}

impl Cut {
    /// The shallow value at or above which the deep value is predicted to reach `beta`.
    pub fn beta_bound(&self, beta: i32) -> i32 {
        ((f64::from(beta) + CUT_SIGMAS * self.sigma - self.b) / self.a).ceil() as i32
    }

    /// The shallow value at or below which the deep value is predicted to stay at or below `alpha`.
    pub fn alpha_bound(&self, alpha: i32) -> i32 {
        ((f64::from(alpha) - CUT_SIGMAS * self.sigma - self.b) / self.a).floor() as i32
    }
}

/// The fitted cut for a `depth`-ply search of a position with `empties` empties, if any (depths
/// beyond the fitted ones use the deepest fitted row).
pub fn cut(empties: u32, depth: u32) -> Option<Cut> {
    if depth < FIRST_DEPTH || params::DEPTHS == 0 {
        return None;
    }
    let row = params::TABLE[stage(empties)];
    let i = ((depth - FIRST_DEPTH) as usize).min(params::DEPTHS - 1);
    let [a, b, sigma] = row[i];
    (sigma > 0.0 && a > 0.0).then(|| Cut {
        shallow: shallow_depth(FIRST_DEPTH + i as u32),
        a: f64::from(a),
        b: f64::from(b),
        sigma: f64::from(sigma),
    })
}

/// The least-squares line `deep ≈ a·shallow + b` through `(shallow, deep)` pairs and the
/// deviation of its residuals; `None` with fewer than 3 pairs or no spread in the shallow values.
///
/// ```
/// use reversi::othello::search::probcut::fit_line;
/// let (a, b, sigma) = fit_line(&[(0.0, 1.0), (1.0, 3.0), (2.0, 5.0)]).unwrap();
/// assert!((a - 2.0).abs() < 1e-12 && (b - 1.0).abs() < 1e-12 && sigma < 1e-12);
/// ```
pub fn fit_line(pairs: &[(f64, f64)]) -> Option<(f64, f64, f64)> {
    let n = pairs.len() as f64;
    if pairs.len() < 3 {
        return None;
    }
    let mx = pairs.iter().map(|p| p.0).sum::<f64>() / n;
    let my = pairs.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = pairs.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = pairs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    if sxx <= 0.0 {
        return None;
    }
    let a = sxy / sxx;
    let b = my - a * mx;
    let residuals: f64 = pairs.iter().map(|p| (p.1 - a * p.0 - b).powi(2)).sum();
    Some((a, b, (residuals / (n - 2.0)).sqrt()))
}

/// One fitted regression and the number of samples it was fitted on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fitted {
    pub a: f64,
    pub b: f64,
    pub sigma: f64,
    pub samples: usize,
}

/// Per stage, per deep depth from [`FIRST_DEPTH`]: the fit, or `None` (too few samples: no
/// cut-off there).
pub type FittedTable = [Vec<Option<Fitted>>; STAGES];

/// The Rust source of [`params`] for a fitted table, under a header saying how it was made.
pub fn params_source(rows: &FittedTable, header: &str) -> String {
    let depths = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut s = String::new();
    for line in header.lines() {
        s.push_str(&format!("//! {line}\n").replace("//! \n", "//!\n"));
    }
    s.push_str("//!\n//! Rows: stage (empties 1–10 … 51–60); columns: deep depth from `FIRST_DEPTH`, with\n");
    s.push_str("//! `[a, b, sigma]` (search units) and, in the comment, the samples fitted.\n\n");
    s.push_str("/// Deep depths fitted: `FIRST_DEPTH..FIRST_DEPTH + DEPTHS`.\n");
    s.push_str(&format!("pub const DEPTHS: usize = {depths};\n"));
    s.push_str("/// `TABLE[stage][depth − FIRST_DEPTH] = [a, b, sigma]`; sigma 0 means no cut-off there.\n");
    s.push_str("pub const TABLE: [[[f32; 3]; DEPTHS]; super::STAGES] = [\n");
    for (stage, row) in rows.iter().enumerate() {
        s.push_str(&format!("    // empties {}–{}\n    [\n", stage * 10 + 1, stage * 10 + 10));
        for d in 0..depths {
            let depth = FIRST_DEPTH + d as u32;
            match row.get(d).copied().flatten() {
                // Comments on lines of their own: the file is as rustfmt writes it.
                Some(Fitted { a, b, sigma, samples: n }) => s.push_str(&format!(
                    "        // depth {depth} from {}: {n} samples\n        [{a:.4}, {b:.1}, {sigma:.1}],\n",
                    shallow_depth(depth)
                )),
                None => s.push_str(&format!("        // depth {depth}: too few samples\n        [0.0, 0.0, 0.0],\n")),
            }
        }
        s.push_str("    ],\n");
    }
    s.push_str("];\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_cover_every_count_of_empties() {
        assert_eq!(stage(0), 0);
        assert_eq!(stage(10), 0);
        assert_eq!(stage(11), 1);
        assert_eq!(stage(60), 5);
        assert_eq!(stage(64), 5);
    }

    #[test]
    fn shallow_depths_keep_the_parity_and_stay_shallower() {
        for depth in FIRST_DEPTH..40 {
            let s = shallow_depth(depth);
            assert!(s >= 1 && s < depth, "{depth} → {s}");
            assert_eq!(s % 2, depth % 2, "{depth} → {s}");
        }
    }

    #[test]
    fn bounds_invert_the_regression() {
        let c = Cut { shallow: 2, a: 0.5, b: 100.0, sigma: 200.0 };
        // deep ≥ 1000 predicted when 0.5·s + 100 − 1.5·200 ≥ 1000, that is s ≥ 2400.
        assert_eq!(c.beta_bound(1000), 2400);
        // deep ≤ −1000 predicted when 0.5·s + 100 + 300 ≤ −1000, that is s ≤ −2800.
        assert_eq!(c.alpha_bound(-1000), -2800);
    }

    #[test]
    fn the_generated_source_has_one_row_per_stage() {
        let mut rows: FittedTable = Default::default();
        rows[2] = vec![Some(Fitted { a: 0.9, b: -12.0, sigma: 250.0, samples: 40 }), None];
        let text = params_source(&rows, "test");
        assert!(text.contains("pub const DEPTHS: usize = 2;"));
        assert!(text.contains("// depth 3 from 1: 40 samples\n        [0.9000, -12.0, 250.0],"));
        assert_eq!(text.matches("// empties").count(), STAGES);
    }
}
