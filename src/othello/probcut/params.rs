//! Multi-ProbCut parameters, written by `reversi probcut-fit --positions 480 --depth 11 --seed 11`
//! for the built-in weights/pattern.bin: 480 positions with 12 to 60 empties, each searched by iterative deepening
//! with the pattern evaluation; a least-squares line deep ≈ a·shallow + b per stage and depth.
//!
//! Rows: stage (empties 1–10 … 51–60); columns: deep depth from `FIRST_DEPTH`, with
//! `[a, b, sigma]` (search units) and, in the comment, the samples fitted.

/// Deep depths fitted: `FIRST_DEPTH..FIRST_DEPTH + DEPTHS`.
pub const DEPTHS: usize = 9;
/// `TABLE[stage][depth − FIRST_DEPTH] = [a, b, sigma]`; sigma 0 means no cut-off there.
pub const TABLE: [[[f32; 3]; DEPTHS]; super::STAGES] = [
    // empties 1–10
    [
        // depth 3: too few samples
        [0.0, 0.0, 0.0],
        // depth 4: too few samples
        [0.0, 0.0, 0.0],
        // depth 5: too few samples
        [0.0, 0.0, 0.0],
        // depth 6: too few samples
        [0.0, 0.0, 0.0],
        // depth 7: too few samples
        [0.0, 0.0, 0.0],
        // depth 8: too few samples
        [0.0, 0.0, 0.0],
        // depth 9: too few samples
        [0.0, 0.0, 0.0],
        // depth 10: too few samples
        [0.0, 0.0, 0.0],
        // depth 11: too few samples
        [0.0, 0.0, 0.0],
    ],
    // empties 11–20
    [
        // depth 3 from 1: 89 samples
        [1.0120, 65.4, 455.6],
        // depth 4 from 2: 89 samples
        [0.9932, 68.9, 373.4],
        // depth 5 from 1: 89 samples
        [1.0402, 99.7, 568.7],
        // depth 6 from 2: 89 samples
        [0.9971, 96.3, 516.1],
        // depth 7 from 3: 89 samples
        [1.0213, 37.1, 394.6],
        // depth 8 from 4: 89 samples
        [1.0224, 27.0, 413.1],
        // depth 9 from 3: 88 samples
        [1.0426, 33.1, 462.9],
        // depth 10 from 4: 88 samples
        [1.0375, 68.4, 499.1],
        // depth 11 from 5: 88 samples
        [1.0133, -24.1, 473.7],
    ],
    // empties 21–30
    [
        // depth 3 from 1: 98 samples
        [1.0252, 97.6, 443.6],
        // depth 4 from 2: 98 samples
        [1.0373, 6.3, 361.2],
        // depth 5 from 1: 98 samples
        [1.0433, 114.4, 570.6],
        // depth 6 from 2: 98 samples
        [1.0659, 57.4, 473.6],
        // depth 7 from 3: 98 samples
        [1.0303, 52.6, 453.3],
        // depth 8 from 4: 98 samples
        [1.0502, 49.7, 387.3],
        // depth 9 from 3: 98 samples
        [1.0309, 56.6, 480.5],
        // depth 10 from 4: 98 samples
        [1.0575, 100.7, 436.6],
        // depth 11 from 5: 98 samples
        [1.0363, -9.6, 396.7],
    ],
    // empties 31–40
    [
        // depth 3 from 1: 98 samples
        [0.9994, 116.6, 331.9],
        // depth 4 from 2: 98 samples
        [1.0118, 15.7, 318.7],
        // depth 5 from 1: 98 samples
        [1.0234, 159.4, 410.7],
        // depth 6 from 2: 98 samples
        [1.0147, 51.9, 430.4],
        // depth 7 from 3: 98 samples
        [1.0478, 48.6, 367.5],
        // depth 8 from 4: 98 samples
        [0.9975, 12.4, 347.3],
        // depth 9 from 3: 98 samples
        [1.0775, 34.3, 431.2],
        // depth 10 from 4: 98 samples
        [1.0276, 46.0, 408.0],
        // depth 11 from 5: 98 samples
        [1.0617, -24.1, 385.3],
    ],
    // empties 41–50
    [
        // depth 3 from 1: 97 samples
        [0.9996, 109.8, 292.5],
        // depth 4 from 2: 97 samples
        [1.0015, 12.4, 231.2],
        // depth 5 from 1: 97 samples
        [0.9733, 131.0, 368.8],
        // depth 6 from 2: 97 samples
        [1.0152, 24.7, 310.8],
        // depth 7 from 3: 97 samples
        [0.9837, 26.3, 296.9],
        // depth 8 from 4: 97 samples
        [1.0181, 42.1, 229.6],
        // depth 9 from 3: 97 samples
        [1.0006, 30.9, 296.2],
        // depth 10 from 4: 97 samples
        [1.0723, 57.6, 242.6],
        // depth 11 from 5: 97 samples
        [1.0693, -2.7, 212.4],
    ],
    // empties 51–60
    [
        // depth 3 from 1: 98 samples
        [0.7486, 146.2, 361.2],
        // depth 4 from 2: 98 samples
        [0.7446, -32.0, 264.6],
        // depth 5 from 1: 98 samples
        [0.6527, 143.5, 416.9],
        // depth 6 from 2: 98 samples
        [0.6972, -52.1, 311.7],
        // depth 7 from 3: 98 samples
        [0.8595, 27.3, 282.7],
        // depth 8 from 4: 98 samples
        [0.9312, -3.9, 203.2],
        // depth 9 from 3: 98 samples
        [0.8647, 43.9, 330.2],
        // depth 10 from 4: 98 samples
        [0.9962, -28.1, 240.8],
        // depth 11 from 5: 98 samples
        [1.0081, 54.6, 222.0],
    ],
];
