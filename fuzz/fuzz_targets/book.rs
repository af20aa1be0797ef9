//! `book::file::parse` (the opening book the page fetches) never panics: neither on raw bytes nor
//! on bytes framed with a valid header and checksum, which reach the tree's reader; a book it
//! reads is written back to the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::othello::book::file::{frame, parse, to_bytes};

fuzz_target!(|data: &[u8]| {
    if let Ok(book) = parse(data) {
        assert_eq!(to_bytes(&book), data);
    }
    if let Some((&positions, payload)) = data.split_first() {
        if let Ok(book) = parse(&frame(20, 12, u32::from(positions), payload)) {
            assert_eq!(parse(&to_bytes(&book)).unwrap(), book);
        }
    }
});
