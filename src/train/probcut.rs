//! The fit of Multi-ProbCut's regressions ([`crate::othello::search::probcut`]): positions of every
//! stage searched by iterative deepening with the pattern evaluation (no ProbCut), the value of
//! every depth recorded; for each deep depth, the least-squares line through its shallow depth's
//! values per stage; the table written as the Rust source of the search's `params.rs`. Driven by
//! `train probcut-fit`.

use crate::clock::monotonic_ms;
use crate::othello::rules::board::Board;
use crate::othello::search::probcut::{shallow_depth, stage, FIRST_DEPTH, STAGES};
use crate::othello::search::score::Score;
use crate::othello::search::{Control, Engine, EvalChoice, Limits, Progress};

/// The fewest (shallow, deep) pairs a regression is fitted on: fewer make a sigma too uncertain to
/// cut on.
pub const MIN_PAIRS: usize = 20;

/// One position's search: its empty squares and the value of each depth (index `d` is depth `d`;
/// `None` where the depth was not searched or its value was no evaluation).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub empties: u32,
    pub values: Vec<Option<i32>>,
}

/// Searches `board` by iterative deepening to `max_depth` with the pattern evaluation, without
/// ProbCut (the engine should have pattern weights), recording every depth's value.
pub fn sample(engine: &mut Engine, board: Board, max_depth: u32) -> Sample {
    let limits = Limits { eval: EvalChoice::Pattern, probcut: false, ..Limits::depth(max_depth) };
    let mut values = vec![None; max_depth as usize + 1];
    let mut record = |p: &Progress| {
        if let Score::Eval(v) = p.score {
            if let Some(slot) = values.get_mut(p.depth as usize) {
                *slot = Some(v);
            }
        }
    };
    engine.clear();
    let mut control = Control::new(&monotonic_ms);
    control.on_progress = Some(&mut record);
    engine.search(board, &limits, &mut control);
    Sample { empties: board.empty_count(), values }
}

/// The least-squares line `deep ≈ a·shallow + b` through `(shallow, deep)` pairs and the
/// deviation of its residuals; `None` with fewer than 3 pairs or no spread in the shallow values.
///
/// ```
/// use reversi::train::probcut::fit_line;
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

/// The regressions of every stage and deep depth from [`FIRST_DEPTH`] to `max_depth`, each on
/// the samples of its stage where both depths have a value (at least [`MIN_PAIRS`] of them).
pub fn fit_table(samples: &[Sample], max_depth: u32) -> FittedTable {
    let mut rows: FittedTable = Default::default();
    for (st, row) in rows.iter_mut().enumerate() {
        for depth in FIRST_DEPTH..=max_depth {
            let shallow = shallow_depth(depth) as usize;
            let pairs: Vec<(f64, f64)> = samples
                .iter()
                .filter(|s| stage(s.empties) == st)
                .filter_map(|s| Some((f64::from(s.values[shallow]?), f64::from(s.values[depth as usize]?))))
                .collect();
            let fitted = if pairs.len() >= MIN_PAIRS { fit_line(&pairs) } else { None };
            row.push(fitted.map(|(a, b, sigma)| Fitted { a, b, sigma, samples: pairs.len() }));
        }
    }
    rows
}

/// The Rust source of the search's `probcut/params.rs` for a fitted table, under a header saying
/// how it was made.
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
    fn the_generated_source_has_one_row_per_stage() {
        let mut rows: FittedTable = Default::default();
        rows[2] = vec![Some(Fitted { a: 0.9, b: -12.0, sigma: 250.0, samples: 40 }), None];
        let text = params_source(&rows, "test");
        assert!(text.contains("pub const DEPTHS: usize = 2;"));
        assert!(text.contains("// depth 3 from 1: 40 samples\n        [0.9000, -12.0, 250.0],"));
        assert_eq!(text.matches("// empties").count(), STAGES);
    }

    #[test]
    fn a_table_fits_each_stage_on_its_own_samples() {
        // Stage 1 (11–20 empties): deep = 2·shallow + 1 exactly, at depth 3 (from 1) only.
        let samples: Vec<Sample> = (0..MIN_PAIRS as i32)
            .map(|i| Sample { empties: 15, values: vec![None, Some(i), None, Some(2 * i + 1)] })
            .collect();
        let rows = fit_table(&samples, 3);
        let fitted = rows[1][0].expect("stage 1, depth 3 fitted");
        assert!((fitted.a - 2.0).abs() < 1e-9 && (fitted.b - 1.0).abs() < 1e-9, "{fitted:?}");
        assert_eq!(fitted.samples, MIN_PAIRS);
        assert!(rows.iter().enumerate().all(|(st, row)| st == 1 || row == &vec![None]));
        // One pair fewer: too few to fit.
        assert_eq!(fit_table(&samples[1..], 3)[1][0], None);
    }
}
