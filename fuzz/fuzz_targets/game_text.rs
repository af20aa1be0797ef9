//! `notation::parse_game_text` (a pasted board or transcript) never panics, and its result is
//! consistent: replaying the moves from the start position gives the end position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::othello::notation::parse_game_text;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok((start, moves, end)) = parse_game_text(&text) {
        let replayed = moves.iter().try_fold(start, |position, &mv| position.play(mv));
        assert_eq!(replayed, Ok(end));
    }
});
