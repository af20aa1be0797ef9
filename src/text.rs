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

/// `text` with every character that a terminal would obey or that would hide or reorder the text
/// written as an escape: newlines and tabs as `\n`, `\r`, `\t`, the other control characters
/// (ESC among them) and the invisible format characters (bidirectional overrides and isolates,
/// zero-width characters, the byte order mark) as `\u{1b}`, as Rust's debug form writes them. The
/// one rule for quoting input in a message: a message stays one line and cannot retitle or clear a
/// terminal. Letters of any script, combining marks, quotes and backslashes are kept as they are.
/// (Written out rather than by `char::escape_debug`, whose Unicode tables would weigh on the page's
/// WebAssembly.)
///
/// ```
/// use reversi::text::escaped;
/// assert_eq!(escaped("a\u{1b}[2J\nb"), "a\\u{1b}[2J\\nb");
/// assert_eq!(escaped("Café \"é\" \\"), "Café \"é\" \\");
/// assert_eq!(escaped("x\u{202e}y\u{200b}\u{7f}\u{85}"), "x\\u{202e}y\\u{200b}\\u{7f}\\u{85}");
/// ```
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(c, &mut out);
    }
    out
}

/// One character of input in single quotes, [`escaped`]: `'x'`, `'\u{1b}'` (as a character's
/// debug form writes it, without its tables).
///
/// ```
/// assert_eq!(reversi::text::quoted('\u{1b}'), "'\\u{1b}'");
/// ```
pub fn quoted(c: char) -> String {
    let mut out = String::from("'");
    push_escaped(c, &mut out);
    out.push('\'');
    out
}

/// Appends `c` to `out`, [`escaped`].
fn push_escaped(c: char, out: &mut String) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if c.is_control() || is_invisible_format(c) => {
            out.push_str("\\u{");
            let code = u32::from(c);
            let digits = (32 - code.leading_zeros()).div_ceil(4).max(1);
            for shift in (0..digits).rev() {
                out.push(char::from_digit((code >> (4 * shift)) & 0xf, 16).expect("a hex digit"));
            }
            out.push('}');
        }
        c => out.push(c),
    }
}

/// The format characters that change how the text around them shows without showing themselves:
/// the soft hyphen, the Arabic letter mark, the Mongolian vowel separator, zero-width spaces and
/// joiners, the directional marks, overrides, embeddings and isolates, the invisible operators,
/// the byte order mark.
fn is_invisible_format(c: char) -> bool {
    matches!(c, '\u{ad}' | '\u{61c}' | '\u{180e}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206f}' | '\u{feff}')
}
