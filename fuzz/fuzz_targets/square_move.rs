//! libFuzzer's inputs to [`reversi_fuzz::square_move`], which says what it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    reversi_fuzz::square_move(data);
});
