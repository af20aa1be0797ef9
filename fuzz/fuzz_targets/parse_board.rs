//! `notation::parse_board` never panics, and what it accepts survives a format/parse round trip.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::othello::records::notation::{format_board, parse_board};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(position) = parse_board(&text) {
        assert_eq!(parse_board(&format_board(position)), Ok(position));
    }
});
