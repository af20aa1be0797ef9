//! `record::read_record` (whatever a player pastes: transcript, board, OBF line or GGF record)
//! never panics, and its result is consistent: the moves are legal from the start position it
//! returns.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::othello::records::record::read_record;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(record) = read_record(&text) {
        let replayed = record.moves.iter().try_fold(record.start, |position, &mv| position.play(mv));
        assert!(replayed.is_ok(), "{record:?}");
    }
});
