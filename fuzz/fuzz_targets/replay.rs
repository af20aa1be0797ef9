//! `notation::parse_moves` and `notation::replay` never panic; a replayed game written back out
//! (passes included) replays to the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::othello::records::notation::{format_transcript, parse_moves, replay};
use reversi::Position;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = parse_moves(&text);
    if let Ok((moves, end)) = replay(Position::start(), &text) {
        let again = replay(Position::start(), &format_transcript(&moves, true)).expect("a replayed game replays");
        assert_eq!(again, (moves, end));
    }
});
