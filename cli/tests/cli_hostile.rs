//! The command line against hostile and careless input: arguments that are not UTF-8,
//! files of any size, empty files, an output path that cannot be written, a closed standard
//! output. Bad input: one line on stderr, exit code 2, never a panic. A failure of the output
//! (standard output closed): exit code 1 and a line on stderr.
//!
//! Input quoted in a message is escaped (an escape sequence cannot retitle or clear the terminal),
//! and standard output written to a full disk holds whole lines only.
//!
//! Also `best` with a level and a time budget together, and no `Elo -0` in a match's result.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::process::Command;

mod common;

use common::{refused, reversi, run, temp_dir, train};

const START: &str = "---------------------------OX------XO--------------------------- X";

#[test]
fn an_argument_that_is_not_utf8_is_refused_by_position() {
    let bad = OsStr::from_bytes(b"\xff");
    let path = OsString::from(OsStr::from_bytes(b"/tmp/\xffpositions.obf"));
    let reversi = env!("CARGO_BIN_EXE_reversi");
    for (args, position) in
        [(vec![bad], 1), (vec![OsStr::new("best"), OsStr::new(START), bad], 3), (vec![OsStr::new("solve"), &path], 2)]
    {
        let line = refused("reversi", &format!("{args:?}"), run(reversi, &args));
        assert!(line.contains(&format!("argument {position} is not valid UTF-8")), "{line}");
    }
    let train = env!("CARGO_BIN_EXE_train");
    let line = refused("train", "train \\xff", run(train, &[OsStr::new("test"), bad]));
    assert!(line.contains("argument 2 is not valid UTF-8"), "{line}");
}

#[test]
fn a_device_is_refused_and_an_endless_pipe_is_cut_at_its_limit() {
    let device = "'/dev/zero' is a device, not a file";
    for (args, device) in [
        (vec!["solve", "/dev/zero"], device),
        (vec!["solve", "/dev/zero", "--level", "1"], device),
        (vec!["bench", "/dev/urandom"], "'/dev/urandom' is a device, not a file"),
        (vec!["match", "depth=1,weights=/dev/zero", "1"], device),
    ] {
        let line = refused("reversi", &format!("{args:?}"), reversi(&args));
        assert!(line.contains(device), "{args:?}: {line}");
    }
    let dir = temp_dir("endless");
    let out = dir.join("params.rs");
    let args =
        ["probcut-fit", "--weights", "/dev/zero", "--positions", "10", "--depth", "3", "--out", out.to_str().unwrap()];
    let line = refused("train", "probcut-fit --weights /dev/zero", train(&args));
    assert!(line.contains(device), "{line}");
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).ok();
    for args in
        [["test", "--weights", "/dev/zero"], ["book-verify", "--book", "/dev/zero"], ["fit", "--prior", "/dev/zero"]]
    {
        let line = refused("train", &format!("{args:?}"), train(&args));
        assert!(line.contains(device), "{line}");
    }
    // A pipe that never ends is read up to the limit, then refused.
    let script = "yes | exec \"$0\" solve /dev/stdin";
    let answer = common::output(Command::new("sh").args(["-c", script, common::REVERSI]));
    let line = refused("reversi", "yes | reversi solve /dev/stdin", answer);
    assert!(line.contains("'/dev/stdin' is larger than 8388608 bytes"), "{line}");
    // A prior of other stages than asked for is refused before any data is read.
    let args = ["fit", "--prior", "weights/pattern.bin", "--stages", "4", "--dir", "/nonexistent"];
    let line = refused("train", "fit with a prior of 8 stages", train(&args));
    assert!(line.contains("--prior has 8 stages, --stages asks for 4"), "{line}");
}

#[test]
fn a_regular_file_over_the_limit_is_refused_without_being_read() {
    let dir = temp_dir("large");
    let large = dir.join("large.obf");
    // Sparse: no disk space used.
    std::fs::File::create(&large).unwrap().set_len((8 << 20) + 1).unwrap();
    let path = large.to_str().unwrap();
    let line = refused("reversi", "solve large", reversi(&["solve", path]));
    assert!(line.contains(path) && line.contains("is larger than 8388608 bytes"), "{line}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_obf_file_without_positions_is_an_error_naming_it() {
    let dir = temp_dir("empty");
    let empty = dir.join("empty.obf");
    std::fs::write(&empty, "").unwrap();
    let comments = dir.join("comments.obf");
    std::fs::write(&comments, "% only a comment\n\n# and another\n").unwrap();
    for file in [&empty, &comments] {
        let path = file.to_str().unwrap();
        for args in [vec!["solve", path], vec!["solve", path, "--level", "2"], vec!["bench", path]] {
            let line = refused("reversi", &format!("{args:?}"), reversi(&args));
            assert!(line.contains(path) && line.contains("holds no positions"), "{line}");
        }
    }
    // Not UTF-8 inside: an error, not a panic.
    let binary = dir.join("binary.obf");
    std::fs::write(&binary, b"\xff\xfe\x00").unwrap();
    let line = refused("reversi", "binary", reversi(&["solve", binary.to_str().unwrap()]));
    assert!(line.contains("is not UTF-8 text"), "{line}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn probcut_fit_checks_its_output_path_before_the_work() {
    let dir = temp_dir("probcut");
    let folder = dir.to_str().unwrap().to_string();
    let missing = format!("{folder}/no-such-folder/params.rs");
    for (out, why) in [(missing.as_str(), "No such file or directory"), (folder.as_str(), "it is a folder")] {
        let args = ["probcut-fit", "--out", out, "--positions", "10", "--depth", "3", "--threads", "1"];
        // `refused` checks that stdout is empty and stderr is one line: no progress line
        // ("probcut-fit: 10/10 positions") and no fitted table means no work was done.
        let line = refused("train", out, train(&args));
        assert!(line.starts_with(&format!("train: cannot write ProbCut parameters '{out}': ")), "{line}");
        assert!(line.contains(why), "{line}");
    }
    // A path that can be written works, and the check leaves no file behind when it fails.
    let good = dir.join("params.rs");
    let (code, out, err) =
        train(&["probcut-fit", "--out", good.to_str().unwrap(), "--positions", "10", "--depth", "3", "--threads", "1"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("wrote "), "{out}");
    assert!(std::fs::read_to_string(&good).unwrap().contains("Multi-ProbCut parameters"));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "only params.rs");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_closed_standard_output_is_a_failure_not_a_silent_success() {
    for (program, args) in [
        (env!("CARGO_BIN_EXE_reversi"), format!("best '{START}' --depth 2")),
        (env!("CARGO_BIN_EXE_reversi"), "perft 3".to_string()),
        (env!("CARGO_BIN_EXE_reversi"), "help".to_string()),
        (env!("CARGO_BIN_EXE_train"), "help".to_string()),
    ] {
        let script = format!("exec \"$0\" {args} >&-");
        let out = Command::new("sh").args(["-c", &script, program]).output().expect("sh runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args}: {err}");
        assert_eq!(out.status.code(), Some(1), "{args}: {err}");
        assert!(err.contains("standard output is closed"), "{args}: {err}");
        assert_eq!(err.lines().count(), 1, "{args}: {err}");
    }
    // Output thrown away on purpose (/dev/null) is not closed.
    let status = Command::new(env!("CARGO_BIN_EXE_reversi"))
        .args(["perft", "3"])
        .stdout(std::process::Stdio::null())
        .status()
        .expect("the binary runs");
    assert_eq!(status.code(), Some(0));
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" perft 3 >/dev/null", env!("CARGO_BIN_EXE_reversi")])
        .output()
        .expect("sh runs");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}

/// `best`'s statistics line: (nodes, milliseconds).
fn nodes_and_time(out: &str) -> (u64, u64) {
    let line = out.lines().find(|l| l.starts_with("depth ")).unwrap_or_else(|| panic!("no statistics line: {out}"));
    let words: Vec<&str> = line.split(' ').collect();
    let after = |name: &str| -> u64 {
        let i = words.iter().position(|w| *w == name).unwrap_or_else(|| panic!("no {name}: {line}"));
        words[i + 1].parse().unwrap_or_else(|_| panic!("{name}: {line}"))
    };
    assert_eq!(words[words.iter().position(|w| *w == "time").unwrap() + 2], "ms", "{line}");
    (after("nodes"), after("time"))
}

fn settings(out: &str) -> &str {
    out.lines().find_map(|l| l.strip_prefix("settings: ")).unwrap_or_else(|| panic!("no settings line: {out}"))
}

#[test]
fn best_plays_a_level_with_a_time_budget() {
    // The start position is in the book: book=off makes the engine search.
    let (code, out, err) = reversi(&["best", START, "--level", "9", "--time-ms", "50", "book=off"]);
    assert_eq!(code, 0, "{err}");
    let (nodes, _ms) = nodes_and_time(&out);
    assert!(nodes > 0, "{out}");
    let level9 = settings(&out).to_string();
    for part in ["depth 60", "50 ms/move", "exact from 24 empties when it fits the time", "pattern eval", "ProbCut"] {
        assert!(level9.contains(part), "{part}: {level9}");
    }
    // A time alone: level 9's settings with that budget (not the course's evaluation).
    let (code, out, err) = reversi(&["best", START, "--time-ms", "50", "book=off"]);
    assert_eq!(code, 0, "{err}");
    assert!(nodes_and_time(&out).0 > 0, "{out}");
    assert_eq!(settings(&out), level9);
    // With the book (the default of the level), the settings say so.
    let (code, out, _) = reversi(&["best", START, "--time-ms", "50"]);
    assert_eq!(code, 0);
    assert!(settings(&out).contains("book"), "{out}");
    // Another level with a time, a level with a depth (the level's time budget dropped), a depth
    // alone (the plain fixed-depth search, as before).
    let (_, out, _) = reversi(&["best", START, "--level", "6", "--time-ms", "50", "book=off"]);
    assert_eq!(settings(&out), "depth 8, 50 ms/move, exact from 14 empties, pattern eval, ProbCut");
    let (_, out, _) = reversi(&["best", START, "--level", "6", "--depth", "3", "book=off"]);
    assert_eq!(settings(&out), "depth 3, exact from 14 empties, pattern eval, ProbCut");
    let (_, out, _) = reversi(&["best", START, "--depth", "3"]);
    assert_eq!(settings(&out), "depth 3, course eval");
    let (_, out, _) = reversi(&["best", START, "--level", "3", "--time-ms", "40", "--depth", "2"]);
    assert!(settings(&out).starts_with("depth 2, 40 ms/move, exact from 8 empties, course eval"), "{out}");
    // Mistakes are still one line and exit 2.
    for args in [
        vec!["best", START, "--level", "9", "--level", "8"],
        vec!["best", START, "--time-ms", "0"],
        vec!["best", START, "--time-ms", "-5"],
        vec!["best", START, "--level", "0", "--time-ms", "50"],
        vec!["best", START, "--level", "9", "--depth", "61"],
    ] {
        refused("reversi", &format!("{args:?}"), reversi(&args));
    }
}

#[test]
fn an_even_match_prints_elo_0_never_minus_0() {
    // The same deterministic player on both sides: each opening is won once by each colour (or
    // drawn twice), a score of exactly 50 %.
    let (code, out, err) =
        reversi(&["match", "depth=1,eval=course", "depth=1,eval=course", "--openings", "2", "--threads", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.contains("score 50.0 % ") && out.contains(", Elo 0 ("), "{out}");
    assert!(!out.contains("-0 ") && !out.contains("-0)") && !out.contains("-0.0"), "{out}");
    assert!(!err.contains("Elo -0") && !err.contains("Elo +0"), "{err}");
}

#[test]
fn a_games_file_over_the_limit_is_refused_without_being_read() {
    let dir = temp_dir("games");
    // Sparse: 1 GiB and a byte, no disk space used.
    std::fs::File::create(dir.join("games-1-1of1.bin")).unwrap().set_len((1 << 30) + 1).unwrap();
    let args: Vec<&OsStr> = ["test", "--dir", dir.to_str().unwrap()].into_iter().map(OsStr::new).collect();
    let line = refused("train", "train test on a huge games file", run(env!("CARGO_BIN_EXE_train"), &args));
    assert!(line.contains("games-1-1of1.bin") && line.contains("larger than 1073741824 bytes"), "{line}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_match_asking_for_more_table_memory_than_there_is_is_refused() {
    // 64 threads × 2 players × 4 GiB = 512 GiB: more than any machine running the tests has.
    let line = refused("reversi", "huge tables", reversi(&["match", "9", "9", "--threads", "64", "--tt", "4096"]));
    assert!(line.contains("524288 MiB") && line.contains("available"), "{line}");
}

#[test]
fn input_quoted_in_a_message_cannot_drive_the_terminal() {
    // The sequences that set a terminal's title and clear it.
    let hostile = "\u{1b}]0;pwned\u{7}\u{1b}[2J";
    let dir = temp_dir("escapes");
    let obf = dir.join("escape.obf");
    std::fs::write(&obf, format!("{}\u{1b}{} X;\n", "-".repeat(27), "-".repeat(36))).unwrap();
    for (args, says) in [
        (vec!["book-name".to_string(), format!("f5{hostile}")], r"transcript: '\u{1b}]' at character 3"),
        (vec!["best".to_string(), format!("{START}{hostile}")], r"side to move 'X\u{1b}]0;pwned\u{7}\u{1b}[2J'"),
        (vec!["match".to_string(), format!("depth=1,{hostile}"), "1".to_string()], r"'\u{1b}]0;pwned\u{7}\u{1b}[2J'"),
        (vec!["solve".to_string(), arg_of(&obf)], r"'\u{1b}' at character 28"),
        (vec!["solve".to_string(), format!("/tmp/{hostile}\n.obf")], r"'/tmp/\u{1b}]0;pwned\u{7}\u{1b}[2J\n.obf'"),
    ] {
        let answer = reversi(&args.iter().map(String::as_str).collect::<Vec<_>>());
        common::one_clean_line(&args[0], &answer.2);
        let line = refused("reversi", &args[0], answer);
        assert!(line.contains(says), "{}: {line}", args[0]);
    }
    std::fs::remove_dir_all(&dir).ok();
}

fn arg_of(path: &std::path::Path) -> String {
    path.to_str().unwrap().to_string()
}

#[test]
fn standard_output_on_a_full_disk_holds_whole_lines() {
    let dir = temp_dir("stdout-full");
    // 57 positions, a line each (some 1,250 bytes): a limit of one block (512 or 1,024 bytes)
    // is reached in a line's middle.
    let positions = std::fs::read_to_string(format!("{}/data/fforum-1-19.obf", common::ROOT)).unwrap().repeat(3);
    let obf = dir.join("positions.obf");
    std::fs::write(&obf, positions).unwrap();
    let out = dir.join("out.txt");
    let script =
        format!("trap '' XFSZ; ulimit -f 1; exec \"$0\" solve '{}' --level 1 > '{}'", obf.display(), out.display());
    let answer = common::output(Command::new("sh").args(["-c", &script, common::REVERSI]));
    let line = common::write_failed("reversi", "solve > a full disk", answer);
    assert!(line.contains("cannot write the output: File too large"), "{line}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(!text.is_empty() && text.ends_with('\n'), "a line cut short: {text:?}");
    assert!(text.lines().all(|l| l.starts_with('#') && l.split(' ').count() == 5), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}
