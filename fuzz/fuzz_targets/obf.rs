//! `notation::parse_obf_line` and `notation::parse_obf` never panic and agree on single lines.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::othello::records::notation::{parse_obf, parse_obf_line};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let line = parse_obf_line(&text);
    let file = parse_obf(&text);
    if let (Ok(entry), Ok(entries)) = (&line, &file) {
        if !text.contains(['\n', '\r']) && !entries.is_empty() {
            assert_eq!(&entries[0], entry);
        }
    }
});
