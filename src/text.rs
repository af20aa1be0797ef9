//! Quoting what a person typed (or a program printed) in a message: one rule for every parser and
//! program of the crate, so that a message stays one line, stays short, and cannot drive a
//! terminal. It depends on nothing else of the crate, so that the rules of the game can quote a
//! bad square as the records quote a bad transcript.

/// The longest piece of user input an error message quotes, in characters.
pub const EXCERPT_CHARS: usize = 24;

/// `text` cut to [`EXCERPT_CHARS`] characters with an ellipsis, [`escaped`]: error messages quote
/// what was wrong without repeating a whole (possibly huge) input, and without a character that a
/// terminal would obey. The escapes count too: an excerpt is at most four times as long.
///
/// ```
/// use reversi::text::excerpt;
/// assert_eq!(excerpt("d3"), "d3");
/// assert_eq!(excerpt(&"x".repeat(100_000)).chars().count(), 25);
/// assert_eq!(excerpt("f5\u{1b}]0;pwned\u{7}"), "f5\\u{1b}]0;pwned\\u{7}");
/// assert_eq!(excerpt(&"\u{1b}".repeat(100)).chars().count(), 97);
/// ```
pub fn excerpt(text: &str) -> String {
    let mut out = String::new();
    let (mut taken, mut length) = (0, 0);
    for c in text.chars() {
        let at = out.len();
        push_escaped(c, &mut out);
        length += out[at..].chars().count();
        taken += 1;
        if taken > EXCERPT_CHARS || length > 4 * EXCERPT_CHARS {
            out.truncate(at);
            out.push('…');
            break;
        }
    }
    out
}

/// `text` with every character that is not printed as itself (control characters such as ESC and
/// newlines, format characters, unassigned code points) written as Rust's debug form writes it:
/// `\u{1b}`, `\n`. The one rule for quoting input in a message (a board's bad square is
/// `'\u{1b}'` too): a message stays one line and cannot retitle or clear a terminal. Letters of
/// any script, combining marks, quotes and backslashes are kept as they are.
///
/// ```
/// use reversi::text::escaped;
/// assert_eq!(escaped("a\u{1b}[2J\nb"), "a\\u{1b}[2J\\nb");
/// assert_eq!(escaped("Café \"é\" \\"), "Café \"é\" \\");
/// ```
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(c, &mut out);
    }
    out
}

/// Appends `c` to `out`, [`escaped`].
fn push_escaped(c: char, out: &mut String) {
    if matches!(c, '\'' | '"' | '\\') {
        out.push(c);
    } else if c.is_control() {
        out.extend(c.escape_debug());
    } else {
        // A string's debug form escapes a combining mark only as its first character: after a
        // letter, only what is not printable is escaped.
        let mut pair = String::from("a");
        pair.push(c);
        out.extend(pair.escape_debug().skip(1));
    }
}
