//! Offline training of the pattern evaluation (run natively): self-play games labelled by the
//! exact solver ([`games`](crate::train::games)), and the least-squares fit of the weights
//! ([`fit`](crate::train::fit)); and the opening book's build ([`book`](crate::train::book)).
//! Driven by the `train` binary (`src/bin/train.rs`).

pub mod book;
pub mod fit;
pub mod games;
