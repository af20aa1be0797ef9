//! Offline training of the pattern evaluation (run natively): self-play games labelled by the
//! exact solver ([`games`]), and the least-squares fit of the weights ([`fit`]); and the opening
//! book's build ([`book`]); Multi-ProbCut's regressions ([`probcut`]). Driven by the `train`
//! program (`cli/src/bin/train/`).

pub mod book;
pub mod fit;
pub mod games;
pub mod probcut;
