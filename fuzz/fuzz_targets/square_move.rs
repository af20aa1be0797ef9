//! `Square` and `Move` `FromStr` never panic, and what they accept round-trips through `Display`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::{Move, Square};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(square) = text.parse::<Square>() {
        assert_eq!(square.to_string().parse::<Square>(), Ok(square));
    }
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }
});
