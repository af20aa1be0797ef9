//! `notation::format_obf_line` writes what `parse_obf_line` reads: any line that parses is written
//! and read back to the same position and solutions.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::othello::records::notation::{format_obf_line, parse_obf_line};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(entry) = parse_obf_line(&text) {
        let again = parse_obf_line(&format_obf_line(entry.position, &entry.solutions)).expect("a written line reads back");
        assert_eq!(again, entry);
    }
});
