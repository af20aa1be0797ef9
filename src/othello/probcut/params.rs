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
        [0.9986, 87.2, 431.9],
        // depth 4 from 2: 89 samples
        [0.9954, 73.9, 360.0],
        // depth 5 from 1: 89 samples
        [1.0045, 148.0, 584.8],
        // depth 6 from 2: 89 samples
        [0.9918, 158.4, 524.7],
        // depth 7 from 3: 89 samples
        [1.0056, 77.0, 457.9],
        // depth 8 from 4: 89 samples
        [0.9847, 63.4, 455.6],
        // depth 9 from 3: 89 samples
        [0.9900, 54.1, 476.7],
        // depth 10 from 4: 89 samples
        [0.9869, 108.6, 485.1],
        // depth 11 from 5: 89 samples
        [0.9836, -32.6, 446.5],
    ],
    // empties 21–30
    [
        // depth 3 from 1: 98 samples
        [0.9811, 117.3, 448.7],
        // depth 4 from 2: 98 samples
        [1.0150, 64.4, 346.9],
        // depth 5 from 1: 98 samples
        [1.0195, 129.4, 558.0],
        // depth 6 from 2: 98 samples
        [1.0699, 95.7, 489.5],
        // depth 7 from 3: 98 samples
        [1.0791, 55.1, 537.6],
        // depth 8 from 4: 98 samples
        [1.0693, 64.1, 446.1],
        // depth 9 from 3: 98 samples
        [1.0779, 45.0, 582.0],
        // depth 10 from 4: 98 samples
        [1.0859, 108.8, 508.7],
        // depth 11 from 5: 98 samples
        [1.0595, 50.8, 464.6],
    ],
    // empties 31–40
    [
        // depth 3 from 1: 98 samples
        [0.9910, 78.7, 425.0],
        // depth 4 from 2: 98 samples
        [1.0121, 0.2, 257.6],
        // depth 5 from 1: 98 samples
        [1.0286, 83.2, 508.4],
        // depth 6 from 2: 98 samples
        [1.0358, -6.0, 360.4],
        // depth 7 from 3: 98 samples
        [1.0542, 6.2, 328.9],
        // depth 8 from 4: 98 samples
        [1.0505, -28.0, 283.6],
        // depth 9 from 3: 98 samples
        [1.0662, -2.7, 379.6],
        // depth 10 from 4: 98 samples
        [1.0862, -29.5, 333.7],
        // depth 11 from 5: 98 samples
        [1.0386, -13.6, 320.5],
    ],
    // empties 41–50
    [
        // depth 3 from 1: 97 samples
        [0.9997, 132.2, 278.2],
        // depth 4 from 2: 97 samples
        [0.9860, -25.7, 254.6],
        // depth 5 from 1: 97 samples
        [0.9465, 112.4, 372.4],
        // depth 6 from 2: 97 samples
        [1.0144, -4.7, 323.6],
        // depth 7 from 3: 97 samples
        [0.9849, 3.0, 346.5],
        // depth 8 from 4: 97 samples
        [1.0345, 26.0, 261.0],
        // depth 9 from 3: 97 samples
        [0.9755, 8.8, 374.9],
        // depth 10 from 4: 97 samples
        [1.0523, 36.8, 284.8],
        // depth 11 from 5: 97 samples
        [1.0558, 32.5, 260.5],
    ],
    // empties 51–60
    [
        // depth 3 from 1: 98 samples
        [0.7796, 106.2, 383.7],
        // depth 4 from 2: 98 samples
        [0.7496, -17.3, 279.2],
        // depth 5 from 1: 98 samples
        [0.6699, 121.0, 439.9],
        // depth 6 from 2: 98 samples
        [0.6582, -32.5, 322.4],
        // depth 7 from 3: 98 samples
        [0.8112, 16.8, 301.2],
        // depth 8 from 4: 98 samples
        [0.8505, 15.3, 210.0],
        // depth 9 from 3: 98 samples
        [0.8002, 34.6, 302.2],
        // depth 10 from 4: 98 samples
        [0.8480, 1.5, 205.7],
        // depth 11 from 5: 98 samples
        [0.9491, 23.4, 211.2],
    ],
];
