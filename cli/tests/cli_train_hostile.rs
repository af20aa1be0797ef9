//! `train` against a full disk, endless files and careless values. Every file it writes is written
//! whole or not at all (a full disk leaves the old file byte for byte and no temporary file; exit
//! code 1, one line); every file it reads is capped (a device is refused at once); every bad value
//! and every output path it cannot write is one line, exit code 2, before any work and without an
//! output file.

mod common;

use common::{arg, files_in, refused, reversi, temp_dir, train, with_file_size_limit, write_failed, TRAIN};
use reversi::othello::book::file as book_file;
use reversi::train::book::parse_state;
use std::path::Path;

/// Self-play games for `fit` and `test` in `dir` (six short games, well under a second).
fn games_in(dir: &Path) {
    let (code, _, err) = train(&["generate", "--dir", arg(dir), "--games", "6", "--depth", "1", "--exact", "4"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_full_disk_leaves_the_book_as_it_was() {
    let dir = temp_dir("full-book");
    let book = dir.join("book.bin");
    std::fs::copy(format!("{}/weights/book.bin", common::ROOT), &book).unwrap();
    let original = std::fs::read(&book).unwrap();
    let lines = dir.join("lines.txt");
    std::fs::write(&lines, "f5d6c3d3c4f4\n").unwrap();
    // The default --out is the book itself; the limit (about 50 KB) is half the book's size.
    let answer = with_file_size_limit(100, TRAIN, &["book-add", "--book", arg(&book), "--lines", arg(&lines)]);
    let line = write_failed("train", "book-add on a full disk", answer.clone());
    assert_eq!(answer.2.lines().count(), 1, "{}", answer.2);
    assert!(line.contains(&format!("book file '{}'", book.display())) && line.contains("File too large"), "{line}");
    assert!(std::fs::read(&book).unwrap() == original, "the book changed");
    // Another --out: an existing file is kept whole, a new one is not created.
    let out = dir.join("out.bin");
    std::fs::write(&out, "an older book").unwrap();
    for target in [&out, &dir.join("new.bin")] {
        let answer = with_file_size_limit(
            100,
            TRAIN,
            &["book-add", "--book", arg(&book), "--line", "f5d6", "--out", arg(target)],
        );
        write_failed("train", "book-add --out on a full disk", answer);
    }
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "an older book");
    assert_eq!(files_in(&dir), ["book.bin", "lines.txt", "out.bin"], "no temporary file is left");
    // Without the limit the same command works and replaces the file.
    let (code, _, err) = train(&["book-add", "--book", arg(&book), "--line", "f5d6", "--out", arg(&out)]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read(&out).unwrap() == original);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_full_disk_leaves_the_weights_and_the_build_as_they_were() {
    let dir = temp_dir("full-fit");
    games_in(&dir);
    let weights = dir.join("pattern.bin");
    std::fs::write(&weights, "older weights").unwrap();
    let fit = ["fit", "--dir", arg(&dir), "--out", arg(&weights), "--stages", "2", "--iterations", "2"];
    let line = write_failed("train", "fit on a full disk", with_file_size_limit(1, TRAIN, &fit));
    assert!(line.contains(&format!("weights file '{}'", weights.display())), "{line}");
    assert_eq!(std::fs::read_to_string(&weights).unwrap(), "older weights");
    assert_eq!(files_in(&dir), ["games-1-0of1.bin", "pattern.bin"]);
    // A book build writes its state and the book at every level: the first write failing stops it
    // at once; a later one leaves each file old or whole (a complete book and a state it continues).
    let book = dir.join("book.bin");
    std::fs::write(&book, "older book").unwrap();
    let state = dir.join("state.bin");
    let (b, s) = (arg(&book), arg(&state));
    let build = ["book-build", "--out", b, "--state", s, "--plies", "8", "--leaf-depth", "1", "--screen-depth", "0"];
    write_failed("train", "book-build on a full disk", with_file_size_limit(0, TRAIN, &build));
    assert_eq!(std::fs::read_to_string(&book).unwrap(), "older book");
    assert!(!state.exists());
    write_failed("train", "book-build on a nearly full disk", with_file_size_limit(1, TRAIN, &build));
    let written = std::fs::read(&book).unwrap();
    assert!(written == b"older book" || book_file::parse(&written).is_ok(), "a damaged book");
    let saved = std::fs::read(&state).unwrap();
    assert!(parse_state(&saved).is_ok(), "a damaged state");
    let (code, out, err) = train(&build);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("continuing the build") && out.starts_with("book: "), "{out}{err}");
    assert_eq!(files_in(&dir), ["book.bin", "games-1-0of1.bin", "pattern.bin", "state.bin"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn devices_and_oversized_files_are_refused_before_they_are_read() {
    let dir = temp_dir("devices");
    let out = dir.join("out.bin");
    let games = dir.join("games");
    std::fs::create_dir(&games).unwrap();
    std::os::unix::fs::symlink("/dev/zero", games.join("games-1-0of1.bin")).unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["book-deepen", "--state", "/dev/zero", "--out", arg(&out)], "build state '/dev/zero' is a device"),
        (vec!["book-build", "--state", "/dev/urandom", "--out", arg(&out)], "build state '/dev/urandom' is a device"),
        (vec!["book-add", "--book", "/dev/zero", "--line", "f5", "--out", arg(&out)], "'/dev/zero' is a device"),
        (vec!["book-add", "--lines", "/dev/zero", "--out", arg(&out)], "transcripts file '/dev/zero' is a device"),
        (vec!["book-add", "--games", "/dev/urandom", "--out", arg(&out)], "GGF file '/dev/urandom' is a device"),
        (vec!["test", "--dir", arg(&games)], "games-1-0of1.bin' is a device"),
        (vec!["fit", "--dir", arg(&games), "--out", arg(&out)], "games-1-0of1.bin' is a device"),
        (vec!["generate", "--dir", arg(&games), "--games", "1"], "games-1-0of1.bin' is not a regular file"),
    ];
    for (args, says) in cases {
        let line = refused("train", &format!("{args:?}"), train(&args));
        assert!(line.contains(says), "{args:?}: {line}");
    }
    // A state file over its limit (sparse: no disk space used) is refused without being read.
    let state = dir.join("state.bin");
    std::fs::File::create(&state).unwrap().set_len((256 << 20) + 1).unwrap();
    let line = refused("train", "a huge state", train(&["book-deepen", "--state", arg(&state), "--out", arg(&out)]));
    assert!(line.contains("is larger than 268435456 bytes"), "{line}");
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_values_are_refused_before_any_work() {
    let dir = temp_dir("values");
    let out = dir.join("out.bin");
    let o = arg(&out);
    let empty_dir = dir.join("empty");
    std::fs::create_dir(&empty_dir).unwrap();
    let empty = dir.join("empty.ggf");
    std::fs::write(&empty, "").unwrap();
    let comments = dir.join("comments.txt");
    std::fs::write(&comments, "# only a comment\n\n").unwrap();
    let (e, c, d) = (arg(&empty), arg(&comments), arg(&empty_dir));
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["fit", "--lambda", "NaN", "--out", o], "--lambda 'NaN' is not a number from 0 to 1000000"),
        (vec!["fit", "--lambda", "inf", "--out", o], "--lambda 'inf' is not a number from 0 to 1000000"),
        (vec!["fit", "--lambda", "-1", "--out", o], "--lambda '-1' is not a number from 0 to 1000000"),
        (vec!["fit", "--holdout", "95", "--out", o], "--holdout '95' is not a number from 0 to 90"),
        (vec!["fit", "--iterations", "0", "--out", o], "--iterations '0' is not a number from 1 to 100000"),
        (
            vec!["book-add", "--line", "f5", "--leaf-depth", "99", "--out", o],
            "--leaf-depth '99' is not a number from 1 to 30",
        ),
        (
            vec!["book-add", "--line", "f5", "--leaf-depth", "0", "--out", o],
            "--leaf-depth '0' is not a number from 1 to 30",
        ),
        (vec!["book-add", "--line", "f5", "--plies", "0", "--out", o], "--plies '0' is not a number from 1 to 60"),
        (vec!["book-build", "--threads", "0", "--out", o], "--threads '0' is not a number from 1 to 64"),
        (vec!["book-deepen", "--threads", "0", "--out", o], "--threads '0' is not a number from 1 to 64"),
        (vec!["book-verify", "--threads", "0"], "--threads '0' is not a number from 1 to 64"),
        (vec!["book-verify", "--positions", "0"], "nothing to check"),
        (vec!["probcut-fit", "--threads", "0", "--out", o], "out of range"),
        (vec!["book-add", "--games", e, "--out", o], "holds no games from the standard start"),
        (vec!["book-add", "--lines", c, "--out", o], "holds no transcripts"),
        (vec!["test", "--dir", d], "no games files (games-*.bin, games-*.bin.gz) in"),
        (vec!["fit", "--dir", d, "--out", o], "no games files (games-*.bin, games-*.bin.gz) in"),
        (vec!["fit", "extra", "--out", o], "unexpected argument 'extra'"),
    ];
    for (args, says) in cases {
        let line = refused("train", &format!("{args:?}"), train(&args));
        assert!(line.contains(says), "{args:?}: {line}");
    }
    assert!(!out.exists());
    for (args, says) in [
        (vec!["bench-time", "--verbose", "maybe"], "--verbose 'maybe' is not yes or no"),
        (vec!["match", "1", "1", "--threads", "0"], "--threads 1 to 64"),
        (vec!["solve", "data/fforum-1-19.obf", "/nonexistent"], "unexpected argument '/nonexistent'"),
    ] {
        let line = refused("reversi", &format!("{args:?}"), reversi(&args));
        assert!(line.contains(says), "{args:?}: {line}");
    }
    // Games that hold no held-out game at that percentage test nothing.
    games_in(&dir);
    let line = refused("train", "test --holdout 1", train(&["test", "--dir", arg(&dir), "--holdout", "1"]));
    assert!(line.contains("none of the 6 games") && line.contains("--holdout 100"), "{line}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn output_paths_are_checked_before_any_work() {
    let dir = temp_dir("outputs");
    games_in(&dir);
    let state = dir.join("state.bin");
    let under_a_file = dir.join("games-1-0of1.bin/p.bin");
    // A missing folder, a path under a file, a folder, and a place no one may write (even root).
    for out in ["/nonexistent-dir/p.bin", arg(&under_a_file), arg(&dir), "/sys/p.bin"] {
        for args in [
            vec!["fit", "--dir", arg(&dir), "--out", out],
            vec!["book-build", "--out", out, "--state", arg(&state)],
            vec!["book-build", "--state", out],
            vec!["book-deepen", "--state", arg(&state), "--out", out],
            vec!["book-add", "--line", "f5d6", "--out", out],
            vec!["probcut-fit", "--out", out, "--positions", "10", "--depth", "3"],
        ] {
            // No progress line and no result: `refused` checks stderr has one line, stdout none.
            let line = refused("train", &format!("{args:?}"), train(&args));
            assert!(line.contains("cannot write ") && line.contains(&format!("'{out}': ")), "{args:?}: {line}");
        }
    }
    assert_eq!(files_in(&dir), ["games-1-0of1.bin"], "nothing was written");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_long_argument_is_quoted_as_an_excerpt_never_whole() {
    let long = format!("/tmp/{}", "a".repeat(100_000));
    for args in [
        vec!["book-add", "--lines", &long],
        vec!["book-add", "--line", "f5", "--out", &long],
        vec!["book-deepen", "--state", &long],
        vec!["fit", "--dir", &long],
        vec!["fit", "--out", &long],
        vec!["generate", "--dir", &long],
        vec!["test", "--dir", &long],
        vec!["fit", "--lambda", &long],
    ] {
        let line = refused("train", &args[..2].join(" "), train(&args));
        assert!(line.chars().count() < 700, "{}: {} characters", args[..2].join(" "), line.chars().count());
        assert!(!line.contains("Usage"), "{line}");
    }
}

#[test]
fn a_disk_full_from_the_start_leaves_no_games_file() {
    let dir = temp_dir("full-generate");
    let data = dir.join("data");
    let generate = ["generate", "--dir", arg(&data), "--games", "6", "--depth", "1", "--exact", "4"];
    let line = write_failed("train", "generate on a full disk", with_file_size_limit(0, TRAIN, &generate));
    assert!(line.contains("cannot write games file") && line.contains("File too large"), "{line}");
    // No empty file for fit and test to stumble on: they find no games, and generate starts anew.
    assert!(files_in(&data).is_empty(), "{:?}", files_in(&data));
    let line = refused("train", "test after a full disk", train(&["test", "--dir", arg(&data)]));
    assert!(line.contains("no games files"), "{line}");
    let (code, _, err) = train(&generate);
    assert_eq!(code, 0, "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn net_export_and_import_that_cannot_write_are_output_failures() {
    let dir = temp_dir("net-full");
    games_in(&dir);
    let line = write_failed("train", "net-export", train(&["net-export", "--dir", arg(&dir), "--out", "/dev/full"]));
    assert!(line.contains("positions file '/dev/full': No space left on device"), "{line}");
    // One stage of zeros, as many as a stage has weights (the refusal of a short file says how many).
    let tables = dir.join("tables.f32");
    std::fs::write(&tables, [0u8; 4]).unwrap();
    let line = refused(
        "train",
        "net-import",
        train(&["net-import", "--in", arg(&tables), "--stages", "1", "--out", "/dev/full"]),
    );
    let bytes: usize = line.rsplit(' ').next().unwrap().parse().unwrap();
    std::fs::write(&tables, vec![0u8; bytes]).unwrap();
    let answer = train(&["net-import", "--in", arg(&tables), "--stages", "1", "--out", "/dev/full"]);
    let line = write_failed("train", "net-import", answer);
    assert!(line.contains("weights file '/dev/full': No space left on device"), "{line}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn files_quoted_in_a_message_cannot_drive_the_terminal() {
    let dir = temp_dir("train-escapes");
    let hostile = "\u{1b}]0;pwned\u{7}\u{1b}[2J";
    let lines = dir.join("lines.txt");
    std::fs::write(&lines, format!("f5d6\nf5{hostile}\n")).unwrap();
    let ggf = dir.join("games.ggf");
    std::fs::write(&ggf, format!("(;GM[Othello]{hostile};)\n")).unwrap();
    let out = dir.join("out.bin");
    for (args, says) in [
        (
            ["book-add", "--lines", arg(&lines), "--out", arg(&out)],
            format!(r"{}:2: transcript: '\u{{1b}}]'", lines.display()),
        ),
        (["book-add", "--games", arg(&ggf), "--out", arg(&out)], r"found '\u{1b}'".to_string()),
    ] {
        let answer = train(&args);
        common::one_clean_line(args[1], &answer.2);
        let line = refused("train", args[1], answer);
        assert!(line.contains(&says), "{}: {line}", args[1]);
    }
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).ok();
}
