//! Match statistics: the score of a match, its 95 % confidence interval, and the Elo difference
//! that score means, with its interval.
//!
//! A match plays every opening twice, colours swapped ([`crate::othello::analysis::arena::play_match`]); the
//! two games of a pair share their opening, so they are not independent. The interval is therefore
//! computed from the pair scores (the mean of the two games, 0, ¼, ½, ¾ or 1), whose variance
//! includes what the opening adds; with single games it is computed from wins, draws and losses.
//!
//! ```
//! use reversi::othello::analysis::rating::{elo_from_score, score_from_elo};
//! assert!((elo_from_score(0.75) - 190.85).abs() < 0.01);
//! assert!((score_from_elo(400.0) - 10.0 / 11.0).abs() < 1e-12);
//! ```

/// The two-sided 95 % quantile of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference that an expected score `p` (0 to 1) means: `-400·log10(1/p − 1)`.
/// A score of 0 or 1 gives ∓∞.
pub fn elo_from_score(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// The expected score of a side `elo` points stronger: `1 / (1 + 10^(−elo/400))`.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A match's score with its 95 % confidence interval, and the same in Elo.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Points per game (a win 1, a draw ½).
    pub score: f64,
    /// The 95 % interval of the score, clamped to 0..1.
    pub low: f64,
    pub high: f64,
}

impl Estimate {
    /// From a mean, a standard error and the normal quantile.
    fn from_mean(score: f64, standard_error: f64) -> Estimate {
        let half = Z95 * standard_error;
        Estimate { score, low: (score - half).max(0.0), high: (score + half).min(1.0) }
    }

    /// From independent games: `wins`, `draws`, `losses`, the per-game variance estimated from
    /// them (the trinomial model).
    pub fn from_games(wins: u32, draws: u32, losses: u32) -> Estimate {
        let n = f64::from(wins + draws + losses);
        if n == 0.0 {
            return Estimate { score: 0.5, low: 0.0, high: 1.0 };
        }
        let p = (f64::from(wins) + f64::from(draws) / 2.0) / n;
        let variance = (f64::from(wins) * (1.0 - p).powi(2)
            + f64::from(draws) * (0.5 - p).powi(2)
            + f64::from(losses) * p.powi(2))
            / n;
        Estimate::from_mean(p, (variance / n).sqrt())
    }

    /// From pairs of games, each pair's score the mean of its two games (0 to 1).
    pub fn from_pairs(pair_scores: &[f64]) -> Estimate {
        let n = pair_scores.len() as f64;
        if pair_scores.is_empty() {
            return Estimate { score: 0.5, low: 0.0, high: 1.0 };
        }
        let p = pair_scores.iter().sum::<f64>() / n;
        let variance = pair_scores.iter().map(|s| (s - p).powi(2)).sum::<f64>() / n;
        Estimate::from_mean(p, (variance / n).sqrt())
    }

    /// Half the width of the interval, in score.
    pub fn margin(&self) -> f64 {
        (self.high - self.low) / 2.0
    }

    /// The Elo difference.
    pub fn elo(&self) -> f64 {
        elo_from_score(self.score)
    }

    /// The Elo interval (the score interval mapped through [`elo_from_score`]; not symmetric).
    pub fn elo_interval(&self) -> (f64, f64) {
        (elo_from_score(self.low), elo_from_score(self.high))
    }
}

/// An Elo number for a report: `+190`, `-35`, `0` (never `-0` or `+0`), `+inf`.
pub fn format_elo(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else if elo.is_nan() {
        "?".into()
    } else if elo.round() == 0.0 {
        // -0.4 rounds to -0, which `{:+.0}` prints as "-0".
        "0".into()
    } else {
        format!("{:+.0}", elo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_matches_known_values() {
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!(close(elo_from_score(0.75), 190.848, 0.001));
        assert!(close(elo_from_score(0.25), -190.848, 0.001));
        assert!(close(elo_from_score(0.9), 381.697, 0.001));
        assert!(close(elo_from_score(10.0 / 11.0), 400.0, 1e-9));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        for elo in [-600.0, -100.0, 0.0, 35.0, 381.0] {
            assert!(close(elo_from_score(score_from_elo(elo)), elo, 1e-9));
        }
    }

    #[test]
    fn trinomial_interval_matches_a_hand_computation() {
        // 60 wins, 20 draws, 20 losses: p = 0.7, per-game variance
        // (60·0.09 + 20·0.04 + 20·0.49) / 100 = 0.16, standard error 0.04.
        let e = Estimate::from_games(60, 20, 20);
        assert!(close(e.score, 0.7, 1e-12));
        assert!(close(e.margin(), Z95 * 0.04, 1e-12));
        assert!(close(e.low, 0.7 - 0.078_398_6, 1e-6));
        let (lo, hi) = e.elo_interval();
        assert!(lo < e.elo() && e.elo() < hi);
        assert!(close(e.elo(), 147.19, 0.01));
    }

    #[test]
    fn pair_interval_matches_a_hand_computation() {
        // Pair scores 1, ½, ½, 0: mean ½, variance (¼ + 0 + 0 + ¼) / 4 = ⅛, error √(⅛ / 4).
        let e = Estimate::from_pairs(&[1.0, 0.5, 0.5, 0.0]);
        assert!(close(e.score, 0.5, 1e-12));
        assert!(close(e.margin(), Z95 * (0.125f64 / 4.0).sqrt(), 1e-12));
        let (lo, hi) = e.elo_interval();
        assert!(close(lo, -hi, 1e-9));
    }

    #[test]
    fn a_clean_sweep_has_an_open_interval_and_nothing_is_nan() {
        let e = Estimate::from_games(10, 0, 0);
        assert_eq!((e.score, e.low, e.high), (1.0, 1.0, 1.0));
        assert_eq!(format_elo(e.elo()), "+inf");
        let none = Estimate::from_pairs(&[]);
        assert_eq!((none.low, none.high), (0.0, 1.0));
        assert_eq!(format_elo(-12.4), "-12");
    }

    #[test]
    fn an_even_score_is_elo_0_never_minus_0() {
        let even = Estimate::from_games(5, 2, 5);
        assert_eq!(even.score, 0.5);
        assert_eq!(format_elo(even.elo()), "0");
        let pairs = Estimate::from_pairs(&[1.0, 0.0, 0.5, 0.5]);
        let (lo, hi) = pairs.elo_interval();
        assert_eq!(format_elo(pairs.elo()), "0");
        assert!(format_elo(lo).starts_with('-') && format_elo(hi).starts_with('+'));
        for elo in [-0.0, 0.0, -0.4, 0.4, -1e-12, 1e-12] {
            assert_eq!(format_elo(elo), "0", "{elo}");
        }
        assert_eq!(format_elo(-0.6), "-1");
        assert_eq!(format_elo(0.6), "+1");
    }
}
