//! Multi-ProbCut parameters, written by `train probcut-fit --positions 480 --depth 11 --seed 11`:
//! positions with 12 to 60 empties searched by iterative deepening with the pattern evaluation, and
//! per stage and deep depth the least-squares line deep ≈ a·shallow + b through their values.
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
        [1.0012, 69.6, 341.8],
        // depth 4 from 2: 89 samples
        [1.0147, 51.1, 406.5],
        // depth 5 from 1: 89 samples
        [0.9966, 93.3, 470.5],
        // depth 6 from 2: 89 samples
        [0.9979, 63.6, 491.7],
        // depth 7 from 3: 89 samples
        [1.0079, 26.8, 428.0],
        // depth 8 from 4: 89 samples
        [0.9969, 45.7, 413.1],
        // depth 9 from 3: 89 samples
        [1.0228, 23.7, 482.0],
        // depth 10 from 4: 89 samples
        [1.0087, 53.1, 451.6],
        // depth 11 from 5: 88 samples
        [1.0332, -12.9, 436.5],
    ],
    // empties 21–30
    [
        // depth 3 from 1: 98 samples
        [1.0273, 116.9, 369.0],
        // depth 4 from 2: 98 samples
        [1.0093, 1.8, 369.9],
        // depth 5 from 1: 98 samples
        [1.0264, 162.6, 499.6],
        // depth 6 from 2: 98 samples
        [1.0385, 77.1, 479.3],
        // depth 7 from 3: 98 samples
        [1.0172, 115.0, 377.5],
        // depth 8 from 4: 98 samples
        [1.0348, 155.7, 386.2],
        // depth 9 from 3: 98 samples
        [1.0326, 139.5, 411.5],
        // depth 10 from 4: 98 samples
        [1.0454, 156.5, 411.8],
        // depth 11 from 5: 98 samples
        [1.0309, 86.0, 316.9],
    ],
    // empties 31–40
    [
        // depth 3 from 1: 98 samples
        [1.0213, 4.4, 335.2],
        // depth 4 from 2: 98 samples
        [1.0147, -9.9, 276.0],
        // depth 5 from 1: 98 samples
        [1.0436, 65.4, 398.7],
        // depth 6 from 2: 98 samples
        [1.0311, 37.6, 312.9],
        // depth 7 from 3: 98 samples
        [1.0561, 60.2, 314.0],
        // depth 8 from 4: 98 samples
        [1.0387, 91.0, 356.0],
        // depth 9 from 3: 98 samples
        [1.0764, 80.5, 357.7],
        // depth 10 from 4: 98 samples
        [1.0635, 72.1, 374.1],
        // depth 11 from 5: 98 samples
        [1.0620, -14.3, 332.4],
    ],
    // empties 41–50
    [
        // depth 3 from 1: 97 samples
        [0.9460, 70.2, 311.4],
        // depth 4 from 2: 97 samples
        [0.9459, 17.3, 247.1],
        // depth 5 from 1: 97 samples
        [0.9264, 80.9, 319.2],
        // depth 6 from 2: 97 samples
        [0.9446, 54.1, 256.1],
        // depth 7 from 3: 97 samples
        [0.9772, 8.4, 242.8],
        // depth 8 from 4: 97 samples
        [1.0099, 23.3, 181.1],
        // depth 9 from 3: 97 samples
        [0.9882, 6.2, 248.6],
        // depth 10 from 4: 97 samples
        [1.0374, 33.9, 198.9],
        // depth 11 from 5: 97 samples
        [1.0312, -7.7, 215.0],
    ],
    // empties 51–60
    [
        // depth 3 from 1: 98 samples
        [0.7810, 131.8, 350.2],
        // depth 4 from 2: 98 samples
        [0.7668, -67.4, 255.5],
        // depth 5 from 1: 98 samples
        [0.6810, 140.6, 416.9],
        // depth 6 from 2: 98 samples
        [0.7508, -80.8, 330.1],
        // depth 7 from 3: 98 samples
        [0.8787, -20.8, 281.6],
        // depth 8 from 4: 98 samples
        [0.9639, 61.7, 185.6],
        // depth 9 from 3: 98 samples
        [0.8820, -40.9, 282.8],
        // depth 10 from 4: 98 samples
        [1.0309, 75.9, 185.9],
        // depth 11 from 5: 98 samples
        [1.0033, -33.8, 196.6],
    ],
];
