//! What the command-line tests share: the programs run from the repository's root, the answer to
//! a bad input, a full disk (a file size limit), temporary folders.
#![allow(dead_code)] // each test file uses some of these

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

pub const REVERSI: &str = env!("CARGO_BIN_EXE_reversi");
pub const TRAIN: &str = env!("CARGO_BIN_EXE_train");

/// The repository's root, where the default paths (such as `weights/pattern.bin`) are.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Exit code, stdout, stderr of `command`.
pub fn output(command: &mut Command) -> (i32, String, String) {
    let out = command.current_dir(ROOT).output().expect("the program runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Exit code, stdout, stderr of `program` run with `args` from the repository's root.
pub fn run<S: AsRef<OsStr>>(program: &str, args: &[S]) -> (i32, String, String) {
    output(Command::new(program).args(args))
}

pub fn reversi(args: &[&str]) -> (i32, String, String) {
    run(REVERSI, args)
}

pub fn train(args: &[&str]) -> (i32, String, String) {
    run(TRAIN, args)
}

/// `program` run with writes to files limited to `blocks` blocks of the shell's `ulimit -f` (512
/// or 1024 bytes): a write past the limit fails with "File too large", as on a full disk. SIGXFSZ
/// is ignored so that the write fails instead of killing the program (an ignored signal stays
/// ignored across `exec`).
pub fn with_file_size_limit(blocks: u32, program: &str, args: &[&str]) -> (i32, String, String) {
    let script = format!("trap '' XFSZ; ulimit -f {blocks}; exec \"$0\" \"$@\"");
    output(Command::new("sh").arg("-c").arg(script).arg(program).args(args))
}

/// A bad input's answer: exit code 2, one line on stderr starting with the program's name, no
/// panic, nothing on stdout. Returns the line.
pub fn refused(program: &str, what: &str, (code, out, err): (i32, String, String)) -> String {
    assert!(!err.contains("panicked"), "{what}: {err}");
    assert_eq!(code, 2, "{what}: {out}{err}");
    assert_eq!(err.lines().count(), 1, "{what}: {err}");
    assert!(err.starts_with(&format!("{program}: ")), "{what}: {err}");
    assert!(out.is_empty(), "{what}: nothing may be printed before the error: {out}");
    err.trim_end().to_string()
}

/// An output that could not be written: exit code 1, one line on stderr saying so. Returns it.
pub fn write_failed(program: &str, what: &str, (code, out, err): (i32, String, String)) -> String {
    assert!(!err.contains("panicked"), "{what}: {err}");
    assert_eq!(code, 1, "{what}: {out}{err}");
    let line = err.lines().last().unwrap_or("");
    assert!(line.starts_with(&format!("{program}: cannot write ")), "{what}: {err}");
    line.to_string()
}

/// A fresh, empty folder for one test's files.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reversi-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in a folder, sorted (to see that no temporary file was left behind).
pub fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// A path as an argument.
pub fn arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// Asserts that `message` (a program's stderr) is one line with no control character in it: any it
/// quotes (an escape sequence, a newline) is written as an escape such as `\u{1b}`.
pub fn one_clean_line(what: &str, message: &str) {
    let line = message.strip_suffix('\n').unwrap_or(message);
    assert!(!line.contains('\n'), "{what}: several lines: {message:?}");
    assert!(!line.chars().any(char::is_control), "{what}: a control character: {message:?}");
}
