//! `pattern::file::parse` (the weights file the page fetches) never panics: neither on raw bytes
//! nor on bytes framed with a valid header and checksum, which reach the payload's decoder.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::othello::eval::pattern::file::{frame, parse};

fuzz_target!(|data: &[u8]| {
    let _ = parse(data);
    if let Some((&stages, payload)) = data.split_first() {
        // At most 4 stages: a large stage count only makes each run slower.
        let _ = parse(&frame(stages % 5, payload));
    }
});
