//! Offline training of the pattern evaluation (run natively): self-play games labelled by the
//! exact solver ([`games`](crate::train::games)), and the least-squares fit of the weights
//! ([`fit`](crate::train::fit)); the opening book's build ([`book`](crate::train::book));
//! Multi-ProbCut's regressions ([`probcut`](crate::train::probcut)). Driven by the `train` program
//! (`cli/src/bin/train/`).

pub mod book;
pub mod fit;
pub mod games;
pub mod probcut;
