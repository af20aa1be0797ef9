//! Multi-ProbCut parameters, written by `reversi probcut-fit --positions 480 --depth 12 --seed 11`
//! for the built-in weights/pattern.bin: 480 positions with 12 to 60 empties, each searched by iterative deepening
//! with the pattern evaluation; a least-squares line deep ≈ a·shallow + b per stage and depth.
//!
//! Rows: stage (empties 1–10 … 51–60); columns: deep depth from `FIRST_DEPTH`, with
//! `[a, b, sigma]` (search units) and, in the comment, the samples fitted.

/// Deep depths fitted: `FIRST_DEPTH..FIRST_DEPTH + DEPTHS`.
pub const DEPTHS: usize = 10;
/// `TABLE[stage][depth − FIRST_DEPTH] = [a, b, sigma]`; sigma 0 means no cut-off there.
pub const TABLE: [[[f32; 3]; DEPTHS]; super::STAGES] = [
    // empties 1–10
    [
        [0.0, 0.0, 0.0], // depth 3: too few samples
        [0.0, 0.0, 0.0], // depth 4: too few samples
        [0.0, 0.0, 0.0], // depth 5: too few samples
        [0.0, 0.0, 0.0], // depth 6: too few samples
        [0.0, 0.0, 0.0], // depth 7: too few samples
        [0.0, 0.0, 0.0], // depth 8: too few samples
        [0.0, 0.0, 0.0], // depth 9: too few samples
        [0.0, 0.0, 0.0], // depth 10: too few samples
        [0.0, 0.0, 0.0], // depth 11: too few samples
        [0.0, 0.0, 0.0], // depth 12: too few samples
    ],
    // empties 11–20
    [
        [1.0023, 240.0, 615.8], // depth 3 from 1: 89 samples
        [0.9909, 59.0, 513.8], // depth 4 from 2: 89 samples
        [0.9855, 259.9, 806.9], // depth 5 from 1: 89 samples
        [0.9855, 147.5, 630.5], // depth 6 from 2: 89 samples
        [0.9653, 142.7, 624.2], // depth 7 from 3: 89 samples
        [1.0126, 147.2, 648.7], // depth 8 from 4: 89 samples
        [0.9637, 118.6, 739.9], // depth 9 from 3: 89 samples
        [1.0045, 186.5, 708.7], // depth 10 from 4: 89 samples
        [0.9568, 51.3, 668.8], // depth 11 from 5: 88 samples
        [0.9972, 103.3, 589.5], // depth 12 from 6: 81 samples
    ],
    // empties 21–30
    [
        [1.0315, 204.8, 663.9], // depth 3 from 1: 98 samples
        [1.0362, 157.4, 563.5], // depth 4 from 2: 98 samples
        [1.0498, 270.9, 890.8], // depth 5 from 1: 98 samples
        [1.0523, 186.7, 713.8], // depth 6 from 2: 98 samples
        [1.0531, 17.4, 611.0], // depth 7 from 3: 98 samples
        [1.0547, 51.5, 585.8], // depth 8 from 4: 98 samples
        [1.0874, -11.5, 743.0], // depth 9 from 3: 98 samples
        [1.0863, 74.1, 624.5], // depth 10 from 4: 98 samples
        [1.0696, -53.9, 608.6], // depth 11 from 5: 98 samples
        [1.0634, 85.2, 579.4], // depth 12 from 6: 98 samples
    ],
    // empties 31–40
    [
        [0.8159, 191.6, 587.8], // depth 3 from 1: 98 samples
        [0.9377, -91.5, 518.4], // depth 4 from 2: 98 samples
        [0.8568, 248.2, 688.7], // depth 5 from 1: 98 samples
        [0.9816, -67.5, 594.4], // depth 6 from 2: 98 samples
        [1.0281, 52.5, 625.5], // depth 7 from 3: 98 samples
        [1.0868, 7.9, 504.0], // depth 8 from 4: 98 samples
        [1.0524, 54.2, 700.6], // depth 9 from 3: 98 samples
        [1.1177, 41.6, 579.4], // depth 10 from 4: 98 samples
        [1.0977, -27.6, 519.3], // depth 11 from 5: 98 samples
        [1.1341, 73.3, 463.6], // depth 12 from 6: 98 samples
    ],
    // empties 41–50
    [
        [1.0377, 259.4, 567.2], // depth 3 from 1: 97 samples
        [0.9612, -112.4, 518.9], // depth 4 from 2: 97 samples
        [0.9812, 275.9, 613.7], // depth 5 from 1: 97 samples
        [0.9487, -109.7, 630.2], // depth 6 from 2: 97 samples
        [0.8396, 51.7, 427.2], // depth 7 from 3: 97 samples
        [0.9765, -17.6, 411.2], // depth 8 from 4: 97 samples
        [0.8552, 95.4, 516.8], // depth 9 from 3: 97 samples
        [0.9690, 8.9, 460.5], // depth 10 from 4: 97 samples
        [0.9440, 46.9, 408.1], // depth 11 from 5: 97 samples
        [0.9741, 38.4, 336.0], // depth 12 from 6: 97 samples
    ],
    // empties 51–60
    [
        [0.4430, 366.3, 628.3], // depth 3 from 1: 98 samples
        [0.5598, -89.0, 484.2], // depth 4 from 2: 98 samples
        [0.3610, 332.8, 601.4], // depth 5 from 1: 98 samples
        [0.4334, -87.1, 516.6], // depth 6 from 2: 98 samples
        [0.7297, 89.4, 458.5], // depth 7 from 3: 98 samples
        [0.7948, -23.4, 368.3], // depth 8 from 4: 98 samples
        [0.6947, 113.6, 473.4], // depth 9 from 3: 98 samples
        [0.8278, -35.4, 370.4], // depth 10 from 4: 98 samples
        [0.8765, 48.2, 369.2], // depth 11 from 5: 98 samples
        [0.9849, 28.6, 306.9], // depth 12 from 6: 98 samples
    ],
];
