//! `ggf::parse_ggf` never panics; a game it reads is written back and read again unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::othello::records::ggf::{format_ggf, parse_ggf};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(game) = parse_ggf(&text) {
        let again = parse_ggf(&format_ggf(&game)).expect("a written game reads back");
        assert_eq!(again.plain_moves(), game.plain_moves());
        assert_eq!(again.start, game.start);
        assert_eq!(again.properties, game.properties);
    }
});
