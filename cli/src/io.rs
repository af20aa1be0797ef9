//! Input and output of the command-line programs (`reversi`, `train`), made safe against what a
//! hostile or careless caller gives them: arguments that are not UTF-8, files of any size (a
//! device such as `/dev/zero`), a standard output that was closed before the program started or
//! fails while it writes.
//!
//! Errors are returned as one line of text; the programs print it on stderr and exit with code 2
//! (bad input). A failure of the output exits with code 1 ([`OUTPUT_FAILED`]), a closed pipe with
//! 141 ([`BROKEN_PIPE`]), as for a process stopped by SIGPIPE. The [`say!`](crate::say) and
//! [`note!`](crate::note) macros are `println!` and `eprintln!` on these terms.

use reversi::capped_read::CappedReadError;
use reversi::text::{escaped, excerpt};
use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::sync::OnceLock;

/// Exit status when the output cannot be written (stdout closed, disk full, …).
pub const OUTPUT_FAILED: u8 = 1;
/// Exit status when the reader of the output went away (`reversi … | head -1`).
pub const BROKEN_PIPE: i32 = 141;

/// Largest text file read (OBF positions, transcripts): 8 MiB, some 100,000 positions.
pub const TEXT_LIMIT: u64 = 8 << 20;
/// Largest pattern weights file read: 16 MiB (61 stages of today's patterns, uncompressed, are
/// about 7 MB; the built-in file is 0.5 MB).
pub const WEIGHTS_LIMIT: u64 = 16 << 20;
/// Largest opening book or game collection read by the offline tools (`train`): 256 MiB.
pub const LARGE_LIMIT: u64 = 256 << 20;

/// A file's path for a message: whole up to 200 characters (a path cut to the 25 characters of
/// [`excerpt`] would not say which file), cut there otherwise; [`escaped`] as every excerpt is.
pub fn path_excerpt(path: &str) -> String {
    match path.char_indices().nth(200) {
        None => escaped(path),
        Some((cut, _)) => format!("{}…", escaped(&path[..cut])),
    }
}

/// The arguments after the program's name, as text. One that is not valid UTF-8 (a file name in
/// another encoding, stray bytes) is an error naming it by position.
pub fn args() -> Result<Vec<String>, String> {
    std::env::args_os()
        .skip(1)
        .enumerate()
        .map(|(i, arg)| {
            arg.into_string().map_err(|arg| {
                format!("argument {} is not valid UTF-8 text: '{}'", i + 1, excerpt(&arg.to_string_lossy()))
            })
        })
        .collect()
}

/// The bytes of a file of at most `limit` bytes. A larger file (or an endless device) is an error
/// once `limit + 1` bytes are read, before any more memory is used; `what` says what the file is
/// for the message.
pub fn read_capped(path: &str, limit: u64, what: &str) -> Result<Vec<u8>, String> {
    reversi::capped_read::read_capped(std::path::Path::new(path), limit).map_err(|e| read_error(path, limit, what, &e))
}

/// What [`read_capped`] says when it fails.
pub fn read_error(path: &str, limit: u64, what: &str, error: &CappedReadError) -> String {
    match error {
        CappedReadError::Io(e) => format!("cannot read {what} '{}': {e}", path_excerpt(path)),
        CappedReadError::TooLarge => format!("{what} '{}' is larger than {limit} bytes", path_excerpt(path)),
        CappedReadError::Device => format!("{what} '{}' is a device, not a file", path_excerpt(path)),
    }
}

/// An output that could not be written, as the message to print ("cannot write …"): its own type,
/// so that it is not taken for bad input (exit status 2) by mistake; [`output_failed`] ends with
/// it.
#[derive(Debug)]
pub struct OutputError(pub String);

impl std::fmt::Display for OutputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<OutputError> for String {
    fn from(error: OutputError) -> String {
        error.0
    }
}

/// Says on stderr that an output could not be written (`message`: "cannot write …") and gives the
/// exit status for it, [`OUTPUT_FAILED`].
pub fn output_failed(message: &(impl std::fmt::Display + ?Sized)) -> std::process::ExitCode {
    write_stderr(format_args!("{}: {}", program(), short_line(&message.to_string())));
    std::process::ExitCode::from(OUTPUT_FAILED)
}

/// A text file of at most `limit` bytes ([`read_capped`]) that must be UTF-8.
pub fn read_text_capped(path: &str, limit: u64, what: &str) -> Result<String, String> {
    String::from_utf8(read_capped(path, limit, what)?).map_err(|e| {
        format!("{what} '{}' is not UTF-8 text (byte {} is not)", path_excerpt(path), e.utf8_error().valid_up_to() + 1)
    })
}

/// The lines of a line-oriented text file (such as a `match --games` file), numbered from 1. A last
/// line without its newline is what a writer stopped in its middle leaves (a full disk, a kill):
/// it is refused, naming the file and the line, rather than read as if it were whole.
pub fn whole_lines<'a>(text: &'a str, path: &str) -> Result<impl Iterator<Item = (usize, &'a str)>, String> {
    if !text.is_empty() && !text.ends_with('\n') {
        return Err(format!(
            "{}:{}: the last line has no newline at its end, as a line cut short has (end it with one if it is whole)",
            path_excerpt(path),
            text.lines().count()
        ));
    }
    Ok(text.lines().enumerate().map(|(i, line)| (i + 1, line)))
}

/// Held while a thread writes an output file, and by a thread that ends the process: an exit
/// never cuts a write short (`reversi match` writes its games from the threads that play them).
pub static WRITING: std::sync::Mutex<()> = std::sync::Mutex::new(());

static PROGRAM: OnceLock<&'static str> = OnceLock::new();

/// Names the running program (`reversi`, `train`) for the messages that begin with its name.
pub fn set_program(name: &'static str) {
    let _ = PROGRAM.set(name);
}

/// The running program's name, as [`set_program`] gave it.
pub fn program() -> &'static str {
    PROGRAM.get().copied().unwrap_or("reversi")
}

/// Writes `line` and its newline to `file` whole or not at all: in one write call, and when that
/// fails or is cut short (a full disk, a file size limit), a regular file is cut back to where the
/// line began. Every line-oriented output goes through here (standard output, `match --games`), so
/// that a reader never finds half a line at the end. Written at the end of the file only: one
/// written in its middle is not cut.
pub fn write_whole_line(mut file: &File, line: &str) -> std::io::Result<()> {
    let mut bytes = Vec::with_capacity(line.len() + 1);
    bytes.extend_from_slice(line.as_bytes());
    bytes.push(b'\n');
    // Where the line begins, when it is the end of a regular file (a pipe or a device has none).
    let start = match file.metadata() {
        Ok(meta) if meta.is_file() => file.stream_position().ok().filter(|&at| at == meta.len()),
        _ => None,
    };
    let written = file.write_all(&bytes);
    if let (Err(_), Some(start)) = (&written, start) {
        let _ = file.set_len(start).and_then(|()| file.seek(SeekFrom::Start(start)));
    }
    written
}

/// Standard output as a file for [`write_whole_line`] (a copy of its descriptor, sharing its
/// position); `None` where it cannot be had.
fn stdout_file() -> Option<&'static File> {
    use std::os::fd::AsFd;
    static STDOUT: OnceLock<Option<File>> = OnceLock::new();
    STDOUT.get_or_init(|| std::io::stdout().as_fd().try_clone_to_owned().ok().map(File::from)).as_ref()
}

/// Writes a line to standard output, whole or not at all ([`write_whole_line`]); returns the exit
/// status to end with when it fails: 141 for a closed pipe (quietly), 1 otherwise (after saying
/// why on stderr).
pub fn write_stdout(args: std::fmt::Arguments) -> Result<(), i32> {
    // The lock keeps threads' lines apart; nothing is ever left in its buffer.
    let mut out = std::io::stdout().lock();
    let written = match stdout_file() {
        Some(file) => write_whole_line(file, &args.to_string()),
        None => out.write_fmt(args).and_then(|()| out.write_all(b"\n")).and_then(|()| out.flush()),
    };
    match written {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(BROKEN_PIPE),
        Err(e) => {
            write_stderr(format_args!("{}: cannot write the output: {e}", program()));
            Err(i32::from(OUTPUT_FAILED))
        }
    }
}

/// `println!` that never panics: when standard output is a closed pipe (`reversi … | head -1`)
/// the program ends quietly with status 141, as Unix tools stopped by SIGPIPE do; when writing
/// fails otherwise, it says so on stderr and ends with status 1.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        if let Err(code) = $crate::io::write_stdout(format_args!($($arg)*)) {
            std::process::exit(code);
        }
    }};
}

/// `eprintln!` that never panics (a closed stderr pipe is ignored).
#[macro_export]
macro_rules! note {
    ($($arg:tt)*) => {
        $crate::io::write_stderr(format_args!($($arg)*))
    };
}

/// Writes a line to standard error, ignoring failure (where else could it be reported?):
/// `eprintln!` panics when stderr is a closed pipe. Every message is one line that cannot drive a
/// terminal: whatever input it quotes, a newline or an escape sequence in it is [`escaped`].
pub fn write_stderr(args: std::fmt::Arguments) {
    let line = escaped(&args.to_string());
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(line.as_bytes()).and_then(|()| err.write_all(b"\n"));
}

/// Whether standard output was closed when the program started (`reversi best … >&-`).
///
/// Rust's runtime reopens a closed standard descriptor on `/dev/null` before `main` (so that no
/// file the program opens becomes its output by accident), after which everything written there
/// is lost without an error. So the descriptor is looked at before the runtime starts, from an
/// ELF initialiser, where the C library has run and Rust's has not.
pub fn stdout_was_closed() -> bool {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        startup::STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed)
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        false
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod startup {
    use std::sync::atomic::{AtomicBool, Ordering};

    pub static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" {
        fn fcntl(fd: i32, cmd: i32, ...) -> i32;
    }
    const F_GETFD: i32 = 1;

    extern "C" fn check_stdout() {
        // SAFETY: F_GETFD only reads the descriptor's flags; on a closed descriptor it fails with
        // EBADF and changes nothing.
        let closed = unsafe { fcntl(1, F_GETFD) } == -1;
        STDOUT_CLOSED.store(closed, Ordering::Relaxed);
    }

    /// Run by the C library before `main` (and before Rust's runtime reopens closed descriptors).
    #[used]
    #[link_section = ".init_array"]
    static CHECK_STDOUT: extern "C" fn() = check_stdout;
}

/// A message as one line of at most about 600 characters: its beginning and its end (where the
/// reason is), whatever long input it quotes; a newline or other control character in it is
/// written as an escape (`\n`, `\u{1b}`: [`escaped`]).
pub fn short_line(message: &str) -> String {
    let line = escaped(message);
    let chars: Vec<char> = line.chars().collect();
    if chars.len() <= 600 {
        return line;
    }
    let head: String = chars[..400].iter().collect();
    let tail: String = chars[chars.len() - 150..].iter().collect();
    format!("{head}…{tail}")
}
