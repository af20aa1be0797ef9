//! Multi-ProbCut (Buro, 1997): at a node that a deep search must decide against a null window, a
//! much shallower search predicts the deep value, `deep ≈ a·shallow + b` with a normal error of
//! deviation `sigma`; when the prediction clears the window by [`CUT_SIGMAS`] deviations, the node
//! is cut without the deep search. The regression is fitted per game stage and per depth from our
//! own searches (`train probcut-fit`, [`crate::train::probcut`], which writes [`params`]), for the
//! pattern evaluation it was fitted with.
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

/// The confidence of a cut in per cent: the chance, under the regression's normal error, that the
/// deep search would have agreed ([`CUT_SIGMAS`] deviations: 93 %), as analyses report a
/// selective depth ("depth 21 @ 93 %").
///
/// ```
/// assert_eq!(reversi::othello::search::probcut::confidence_percent(), 93);
/// ```
pub fn confidence_percent() -> u32 {
    (100.0 * normal_cdf(CUT_SIGMAS)).round() as u32
}

/// The standard normal distribution function, by Abramowitz and Stegun's 7.1.26 (error below
/// 1.5e-7): enough for a percentage.
fn normal_cdf(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-z * z).exp();
    0.5 * (1.0 + erf.copysign(x))
}

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
}
