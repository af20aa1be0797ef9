//! libFuzzer's inputs to [`reversi_fuzz::lesson_tree`], which says what it checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    reversi_fuzz::lesson_tree(data);
});
