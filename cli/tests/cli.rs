//! The `reversi` command line: output formats, exit codes, and one-line errors.

use std::process::Command;

fn reversi(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_reversi")).args(args).output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const START: &str = "---------------------------OX------XO--------------------------- X";

fn ffo(file: &str) -> String {
    format!("{}/../data/{file}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn perft_prints_the_exact_last_line() {
    let (code, out, _) = reversi(&["perft", "6"]);
    assert_eq!(code, 0);
    let last = out.lines().last().unwrap();
    let re_ok = last.starts_with("perft 6: 8200 leaves, ") && last.ends_with(" Mn/s") && last.contains(" s, ");
    assert!(re_ok, "{last}");
    let (code, out, _) = reversi(&["perft", "3", START]);
    assert_eq!(code, 0);
    assert!(out.lines().last().unwrap().starts_with("perft 3: 56 leaves"));
}

#[test]
fn best_prints_move_and_score_first() {
    let (code, out, _) = reversi(&["best", START, "--depth", "4"]);
    assert_eq!(code, 0);
    let first = out.lines().next().unwrap();
    let (mv, score) = first.split_once(' ').unwrap();
    assert!(["d3", "c4", "f5", "e6"].contains(&mv), "{first}");
    assert!(score.starts_with('+') || score.starts_with('-'), "{first}");
    assert!(out.contains("pv: "));
    // Side given as a second argument works too; a side that must pass answers "pa".
    let pass = format!("-XOOOOOO{}OO{}OO{} X", "-".repeat(19), "-".repeat(6), "-".repeat(27));
    let (code, out, _) = reversi(&["best", &pass, "--depth", "3"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("pa "), "{out}");
}

#[test]
fn best_solves_exactly_near_the_end() {
    // FFO #1-era position solved by level 9's exact solver (14 empties): score is a disc count.
    let text = std::fs::read_to_string(ffo("fforum-1-19.obf")).unwrap();
    let line = text.lines().next().unwrap();
    let board = line.split(';').next().unwrap();
    let expected = line.split(';').nth(1).unwrap().split(':').nth(1).unwrap().trim();
    let (code, out, _) = reversi(&["best", board, "--level", "9"]);
    assert_eq!(code, 0);
    let score = out.lines().next().unwrap().split(' ').nth(1).unwrap();
    assert_eq!(score.trim_start_matches('+'), expected.trim_start_matches('+'), "{out}");
    assert!(out.lines().next().unwrap().ends_with(" exact"), "{out}");
}

#[test]
fn invalid_input_is_one_line_on_stderr_and_exit_2() {
    for args in [
        vec!["best", "zz X"],
        vec!["best", START, "--depth", "x"],
        vec!["best", START, "--bogus", "1"],
        vec!["best", START, "--level", "99"],
        vec!["perft"],
        vec!["perft", "-3"],
        vec!["solve", "/nonexistent.obf"],
        vec!["eval"],
        vec!["eval", "/nonexistent.obf"],
        vec!["eval", &ffo("fforum-1-19.obf"), "--weights", "/nonexistent.bin"],
        vec!["frobnicate"],
        vec![],
    ] {
        let (code, out, err) = reversi(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("reversi: "));
    }
}

#[test]
fn solve_prints_one_line_per_position_and_checks_scores() {
    let dir = std::env::temp_dir().join(format!("reversi-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(ffo("fforum-1-19.obf")).unwrap();
    let two: Vec<&str> = text.lines().take(2).collect();
    let good = dir.join("good.obf");
    std::fs::write(&good, two.join("\n")).unwrap();
    let (code, out, _) = reversi(&["solve", good.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    for (i, l) in lines[..2].iter().enumerate() {
        let f: Vec<&str> = l.split(' ').collect();
        assert_eq!(f[0], format!("#{}", i + 1));
        assert_eq!(f.len(), 5, "{l}");
        assert!(f[2].starts_with('+') || f[2].starts_with('-') || f[2] == "+0");
    }
    assert!(lines[2].starts_with("total: ") && lines[2].ends_with(" Mn/s"));

    // A file whose first score is wrong makes the command fail.
    let wrong = dir.join("wrong.obf");
    let (board, _) = two[0].split_once(';').unwrap();
    std::fs::write(&wrong, format!("{board}; A1:+64;")).unwrap();
    let (code, _, _) = reversi(&["solve", wrong.to_str().unwrap()]);
    assert_eq!(code, 1);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn match_plays_every_opening_with_both_colours() {
    let (code, out, err) = reversi(&["match", "2", "depth=1,eval=course", "--openings", "2", "--seed", "5"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("A: 2 (depth 2, exact from 4 empties, course eval"), "{out}");
    assert_eq!(lines[1], "B: depth=1,eval=course (depth 1, course eval)", "{out}");
    assert!(lines[2].starts_with("4 games (2 openings of 6 random plies, seed 5, both colours): A "), "{out}");
    assert!(lines[3].starts_with("score ") && lines[3].contains("Elo "), "{out}");
    // A progress line per game on stderr.
    assert_eq!(err.lines().filter(|l| l.starts_with("game ")).count(), 4, "{err}");
    assert!(err.contains("game 4/4: A "), "{err}");
    // The same seed, the same games (no time limit involved).
    let (_, again, _) = reversi(&["match", "2", "depth=1,eval=course", "--openings", "2", "--seed", "5"]);
    assert_eq!(again.lines().nth(2), lines.get(2).copied());
    for bad in
        [&["match", "2", "10"][..], &["match", "2", "depth=x"], &["match", "2"], &["match", "2", "1", "--threads", "0"]]
    {
        let (code, _, err) = reversi(bad);
        assert_eq!(code, 2, "{bad:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let (code, _, err) = reversi(&["match", "depth=2,weights=/no/such/file", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("/no/such/file"), "{err}");
}

#[test]
fn a_board_starting_with_dashes_is_a_position_not_an_option() {
    // The start position written as board and side in two arguments.
    let (board, side) = START.split_once(' ').unwrap();
    let (code, out, err) = reversi(&["best", board, side, "--depth", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(["d3", "c4", "f5", "e6"].contains(&out.split(' ').next().unwrap()), "{out}");
    let (code, out, _) = reversi(&["perft", "2", board, side]);
    assert_eq!(code, 0);
    assert!(out.starts_with("perft 2: 12 leaves"), "{out}");
    // Without the side: the message says the side is missing, not that the board is an option.
    let (code, _, err) = reversi(&["perft", "2", board]);
    assert_eq!(code, 2);
    assert!(err.contains("side to move") && err.contains("missing"), "{err}");
    assert!(!err.contains("option"), "{err}");
}

/// A board with an empty centre square is no Othello position: every command that reads a board
/// (or an OBF file) refuses it with exit code 2 and says why.
#[test]
fn a_board_with_an_empty_centre_square_is_refused() {
    let message = "the centre square d5 is empty; in Othello the four centre squares are never empty";
    let empty_d5 = format!("{}-{}", &START[..35], &START[36..]);
    assert_eq!(empty_d5.matches('-').count(), 61, "{empty_d5}");
    for args in [vec!["best", empty_d5.as_str()], vec!["perft", "2", empty_d5.as_str()]] {
        let (code, out, err) = reversi(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.trim(), format!("reversi: board: {message}"), "{args:?}");
    }
    let dir = std::env::temp_dir().join(format!("reversi-cli-centre-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let obf = dir.join("centre.obf");
    std::fs::write(&obf, format!("{empty_d5}; A1:+64;\n")).unwrap();
    let (code, _, err) = reversi(&["solve", obf.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(message) && err.contains(":1:"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_closed_output_pipe_ends_the_program_quietly() {
    // `true` exits at once, so reversi writes into a pipe nobody reads.
    let script = r#"set -o pipefail; "$0" perft 9 | true; echo "status ${PIPESTATUS[0]}" >&2"#;
    let out = Command::new("bash").args(["-c", script, env!("CARGO_BIN_EXE_reversi")]).output().expect("bash runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.trim(), "status 141", "{err}");
}

#[test]
fn bench_with_an_unreadable_file_fails_at_once() {
    let (code, out, err) = reversi(&["bench", "/nonexistent/ffo.obf"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("/nonexistent/ffo.obf"), "{err}");
    assert!(out.is_empty(), "the benchmark must not start: {out}");
}

#[test]
fn error_messages_quote_a_short_excerpt_of_huge_input() {
    let huge = "x".repeat(100_000);
    for args in [
        vec!["best", huge.as_str()],
        vec!["best", START, "--depth", huge.as_str()],
        vec!["perft", huge.as_str()],
        vec![huge.as_str()],
        vec!["solve", huge.as_str()],
    ] {
        let (code, _, err) = reversi(&args);
        assert_eq!(code, 2);
        assert!(err.len() < 300, "{} bytes: {}", err.len(), &err[..300.min(err.len())]);
    }
    let bad_side = format!("{} {}", &START[..64], "Z".repeat(10_000));
    let (_, _, err) = reversi(&["best", &bad_side]);
    assert!(err.contains("at character 66") && err.len() < 300, "{err}");
}

#[test]
fn solve_fails_on_a_wrong_best_move_with_the_right_score() {
    let dir = std::env::temp_dir().join(format!("reversi-cli-move-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(ffo("fforum-1-19.obf")).unwrap();
    let (board, solutions) = text.lines().next().unwrap().split_once(';').unwrap();
    // FFO #1: G8 is the only move scoring +18; claim that H1 scores +18 instead.
    assert!(solutions.trim_start().starts_with("G8:+18; H1:+12;"), "{solutions}");
    let wrong = dir.join("wrong-move.obf");
    std::fs::write(&wrong, format!("{board}; H1:+18; G8:+12;")).unwrap();
    let (code, out, err) = reversi(&["solve", wrong.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("best moves are h1"), "{out}");
    let right = dir.join("right.obf");
    std::fs::write(&right, format!("{board};{solutions}")).unwrap();
    let (code, out, _) = reversi(&["solve", right.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn book_name_prints_the_opening_or_nothing() {
    for (transcript, name) in [
        ("f5d6c3d3c4", "Tiger\n"),
        ("c4e3f6e6f5", "Tiger\n"),
        ("f5f6e6d6c5", "Cow\n"),
        ("f5d6c5f4e3c6d3f6e6d7", "Rose\n"),
        ("f5", ""),
        ("", ""),
    ] {
        let (code, out, err) = reversi(&["book-name", transcript]);
        assert_eq!((code, out.as_str()), (0, name), "{transcript}: {err}");
    }
    let (code, _, err) = reversi(&["book-name", "f5 z9"]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn best_plays_from_the_book_at_level_9_unless_told_not_to() {
    // Level 9 (the default) answers from the book at once, saying so.
    let (code, out, err) = reversi(&["best", START]);
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap();
    assert!(first.ends_with(" book"), "{first}");
    assert!(["d3", "c4", "f5", "e6"].contains(&first.split(' ').next().unwrap()), "{first}");
    let (_, out, _) = reversi(&["best", START, "--level", "9", "book=on"]);
    assert!(out.lines().next().unwrap().ends_with(" book"), "{out}");
    // book=off searches; a depth alone does not use the book, book=on makes it.
    let (_, out, _) = reversi(&["best", START, "--depth", "3", "book=off"]);
    assert!(!out.lines().next().unwrap().ends_with(" book"), "{out}");
    let (_, out, _) = reversi(&["best", START, "--depth", "3"]);
    assert!(!out.lines().next().unwrap().ends_with(" book"), "{out}");
    let (_, out, _) = reversi(&["best", "book=on", START, "--depth", "3"]);
    assert!(out.lines().next().unwrap().ends_with(" book"), "{out}");
    let (code, _, err) = reversi(&["best", START, "book=maybe"]);
    assert_eq!(code, 2);
    assert!(err.contains("book 'maybe' is not on or off"), "{err}");
}

#[test]
fn match_settings_take_book_on_or_off() {
    let (code, out, err) = reversi(&[
        "match",
        "depth=1,eval=course,book=on",
        "depth=1,eval=course,book=off",
        "--openings",
        "2",
        "--plies",
        "0",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().next().unwrap().contains("book within 0 discs"), "{out}");
    assert!(out.lines().nth(1).unwrap().ends_with("(depth 1, course eval)"), "{out}");
    assert!(out.lines().nth(2).unwrap().starts_with("4 games (2 openings of 0 random plies"), "{out}");
    let (code, _, err) = reversi(&["match", "depth=1,book=yes", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("book 'yes' is not on or off"), "{err}");
}

#[test]
fn match_writes_its_games_for_book_add() {
    let dir = std::env::temp_dir().join(format!("reversi-match-games-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.txt");
    let path = file.to_str().unwrap();
    let (code, out, err) = reversi(&[
        "match",
        "depth=1,eval=course,book=on",
        "depth=2,eval=course",
        "--openings",
        "2",
        "--plies",
        "0",
        "--games",
        path,
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    // Game order: opening 0 with A Black, then White; each game replays from the start to its end,
    // and the disc differences add up to the match's mean.
    let mut sum = 0;
    for (i, line) in lines.iter().enumerate() {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields[1], if i % 2 == 0 { "A=black" } else { "A=white" }, "{line}");
        let (_, end) = reversi::othello::records::notation::replay(reversi::Position::start(), fields[0]).unwrap();
        assert!(end.is_game_over(), "{line}");
        let a_black = end.final_score_black() * if i % 2 == 0 { 1 } else { -1 };
        assert_eq!(fields[2], format!("discs={a_black:+}"), "{line}");
        sum += a_black;
    }
    let mean =
        format!("mean disc difference {}", if sum == 0 { "0.0".into() } else { format!("{:+.1}", sum as f64 / 4.0) });
    assert!(out.contains(&mean), "{out} / {mean}");
    // Random openings: the opening's position follows.
    let (code, _, err) =
        reversi(&["match", "depth=1,eval=course", "depth=1,eval=course", "--openings", "1", "--games", path]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.lines().all(|l| l.split(' ').nth(3).is_some_and(|f| f.starts_with("from=") && f.len() == 70)),
        "{text}"
    );
    // A path that cannot be written is refused before any game.
    let (code, _, err) = reversi(&["match", "1", "1", "--games", dir.join("no/such/dir/games.txt").to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.starts_with("reversi: cannot write --games file '") && !err.contains("game 1/"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn best_says_what_kind_of_score_it_prints_in_the_pages_units() {
    // The pattern evaluation's estimate in discs to a tenth, as the page shows it.
    let (code, out, err) = reversi(&["best", START, "--level", "9", "--depth", "4", "book=off"]);
    assert_eq!(code, 0, "{err}");
    let words: Vec<&str> = out.lines().next().unwrap().split(' ').collect();
    assert_eq!(words.len(), 3, "{out}");
    assert_eq!(words[2], "estimate", "{out}");
    let discs: f64 = words[1].parse().expect("a number");
    assert!(discs.abs() < 10.0 && (discs * 10.0).fract() == 0.0, "{out}");
    // The course's evaluation in its own units; the book in discs.
    let (_, out, _) = reversi(&["best", START, "--depth", "2"]);
    assert!(out.lines().next().unwrap().ends_with(" course units"), "{out}");
    let (_, out, _) = reversi(&["best", START]);
    assert!(out.lines().next().unwrap().ends_with(" book"), "{out}");
}

#[test]
fn extra_arguments_are_refused_before_any_work() {
    let (board, side) = START.split_once(' ').unwrap();
    let obf = ffo("fforum-1-19.obf");
    for (args, extra) in [
        (vec!["solve", obf.as_str(), "/nonexistent"], "/nonexistent"),
        (vec!["bench", obf.as_str(), "more.obf"], "more.obf"),
        (vec!["perft", "2", board, side, "extra"], "extra"),
        (vec!["best", board, side, "book=on", "extra"], "extra"),
        (vec!["match", "1", "2", "3"], "3"),
        (vec!["bench-time", "extra"], "extra"),
        (vec!["eval", obf.as_str(), "more.obf"], "more.obf"),
    ] {
        let (code, out, err) = reversi(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.trim_end(), format!("reversi: unexpected argument '{extra}'"), "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_train")).args(["test", "extra"]).output().expect("train runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr).trim_end(), "train: unexpected argument 'extra'");
}

#[test]
fn help_prints_the_usage_and_exits_0() {
    for args in [vec!["--help"], vec!["-h"], vec!["help"], vec!["help", "match"], vec!["best", "--help"]] {
        let (code, out, err) = reversi(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains("reversi"), "{args:?}: {out}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
    let (_, out, _) = reversi(&["help"]);
    for command in ["perft", "solve", "best", "book-name", "bench", "match", "bench-time", "eval"] {
        assert!(out.contains(command), "{command}: {out}");
    }
    let (_, out, _) = reversi(&["help", "match"]);
    assert!(out.contains("program=PATH,level=L,time=T"), "{out}");
}

#[test]
fn option_mistakes_name_the_option_in_one_line() {
    for (args, says) in [
        (vec!["best", START, "--bogus", "1"], "reversi: unknown option '--bogus'"),
        (vec!["best", START, "--depth", "x"], "reversi: --depth 'x' is not a valid number"),
        (vec!["best", START, "--depth"], "reversi: option '--depth' needs a value"),
        (vec!["best", START, "--level", "9", "--level", "8"], "reversi: --level is given more than once"),
        (vec!["match", "1", "2", "--clock", "sundial"], "reversi: --clock 'sundial' is not wall or cpu"),
        (
            vec!["frobnicate"],
            "reversi: unknown command 'frobnicate' (commands: perft, solve, best, book-name, bench, match, bench-time, eval)",
        ),
        (vec![], "reversi: no command given (commands: perft, solve, best, book-name, bench, match, bench-time, eval)"),
    ] {
        let (code, out, err) = reversi(&args);
        assert_eq!((code, err.trim_end()), (2, says), "{args:?}: {out}");
    }
}

#[test]
fn threads_search_together_and_give_the_same_exact_scores() {
    // FFO #1 (14 empties) solved by `best` at level 9 on two threads, and a fixed-depth search.
    let text = std::fs::read_to_string(ffo("fforum-1-19.obf")).unwrap();
    let line = text.lines().next().unwrap();
    let board = line.split(';').next().unwrap();
    let (code, out, err) = reversi(&["best", board, "--level", "9", "--threads", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().next().unwrap().starts_with("g8 +18 exact"), "{out}");
    assert!(out.lines().nth(2).unwrap().ends_with(" threads 2"), "{out}");
    let (_, one, _) = reversi(&["best", START, "--depth", "6"]);
    let (_, two, _) = reversi(&["best", START, "--depth", "6", "--threads", "2"]);
    let score = |out: &str| out.lines().next().unwrap().split(' ').nth(1).unwrap().to_string();
    assert_eq!(score(&two), score(&one));

    // `solve --threads 2` checks its scores against the file as one thread does.
    let dir = std::env::temp_dir().join(format!("reversi-cli-threads-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let two_positions = dir.join("two.obf");
    std::fs::write(&two_positions, text.lines().take(2).collect::<Vec<_>>().join("\n")).unwrap();
    let (code, out, err) = reversi(&["solve", two_positions.to_str().unwrap(), "--threads", "2"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.lines().count(), 3, "{out}");
    std::fs::remove_dir_all(&dir).ok();

    // A match whose player searches on two threads.
    let (code, out, err) = reversi(&[
        "match",
        "depth=3,eval=course,threads=2",
        "depth=3,eval=course",
        "--openings",
        "1",
        "--threads",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().next().unwrap().ends_with(", 2 threads)"), "{out}");

    for (bad, says) in [
        (&["best", START, "--threads", "0"][..], "--threads 0 is out of range (1 to 64)"),
        (&["best", START, "--threads", "65"], "--threads 65"),
        (&["solve", "x.obf", "--threads", "0"], "--threads 0"),
        (&["match", "9,threads=2", "9", "--clock", "cpu"], "needs --clock wall"),
        (&["match", "9,threads=0", "9"], "threads '0'"),
    ] {
        let (code, _, err) = reversi(bad);
        assert_eq!(code, 2, "{bad:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{bad:?}: {err}");
    }
}

#[test]
fn eval_prints_the_evaluation_error_by_empties_and_in_all() {
    let (code, out, err) = reversi(&["eval", &ffo("fforum-40-59.obf")]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0].split_whitespace().collect::<Vec<_>>(), ["empties", "positions", "abs", "error", "bias"]);
    // One line per number of empties present, their positions adding up to the file's 20.
    let rows: Vec<Vec<&str>> = lines[1..].iter().map(|l| l.split_whitespace().collect()).collect();
    let (all, by_empties) = rows.split_last().unwrap();
    assert_eq!(all[0], "all");
    assert_eq!(all[1], "20");
    let counted: u32 = by_empties.iter().map(|r| r[1].parse::<u32>().unwrap()).sum();
    assert_eq!(counted, 20);
    assert!(by_empties.iter().all(|r| (20..=34).contains(&r[0].parse::<u32>().unwrap())), "{out}");
    // Errors are non-negative discs; the mean in all lies between the rows' smallest and largest.
    let errors: Vec<f64> = by_empties.iter().map(|r| r[2].parse().unwrap()).collect();
    let mean: f64 = all[2].parse().unwrap();
    assert!(errors.iter().all(|e| *e >= 0.0));
    assert!(
        errors.iter().cloned().fold(f64::MAX, f64::min) <= mean && mean <= errors.iter().cloned().fold(0.0, f64::max)
    );
    assert!(mean > 1.0 && mean < 20.0, "a plausible evaluation: {mean}");

    // The built-in weights and the same file given with --weights say the same.
    let weights = format!("{}/../weights/pattern.bin", env!("CARGO_MANIFEST_DIR"));
    let (code, again, _) = reversi(&["eval", &ffo("fforum-40-59.obf"), "--weights", &weights]);
    assert_eq!((code, again.as_str()), (0, out.as_str()));

    // Every position needs a score; a file of another kind is refused by name.
    let dir = std::env::temp_dir().join(format!("reversi-cli-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(ffo("fforum-1-19.obf")).unwrap();
    let (board, _) = text.lines().nth(1).unwrap().split_once(';').unwrap();
    let unscored = dir.join("unscored.obf");
    std::fs::write(&unscored, format!("{}\n{board};\n", text.lines().next().unwrap())).unwrap();
    let (code, _, err) = reversi(&["eval", unscored.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_eq!(
        err.trim_end(),
        "reversi: position 2 of the OBF file has no score to compare with (eval needs every position's)"
    );
    let not_weights = dir.join("weights.bin");
    std::fs::write(&not_weights, b"not a weights file").unwrap();
    let (code, _, err) = reversi(&["eval", &ffo("fforum-1-19.obf"), "--weights", not_weights.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1);
    assert!(err.contains("weights.bin"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn eval_reads_pattern_networks_as_weights() {
    use reversi::othello::eval::pattern::network::PatternNetwork;
    // A small network: 9 heads, one hidden layer of 4, each of the 61 stages one head's.
    let (heads, stages) = (9, 61);
    let mixes = (0..stages * heads)
        .map(|i| if i % heads == (i / heads) * (heads - 1) / (stages - 1) { 1.0 } else { 0.0 })
        .collect();
    let values = (0..PatternNetwork::count(heads, 4, 0)).map(|i| ((i * 37 % 101) as f32 - 50.0) / 200.0).collect();
    let bytes = PatternNetwork::new(heads, 4, 0, mixes, values).encode();
    let dir = std::env::temp_dir().join(format!("reversi-cli-eval-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let net = dir.join("net.bin");
    std::fs::write(&net, &bytes).unwrap();
    let (code, out, err) = reversi(&["eval", &ffo("fforum-40-59.obf"), "--weights", net.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let all: Vec<&str> = out.lines().last().unwrap().split_whitespace().collect();
    assert_eq!(all[..2], ["all", "20"]);
    let (_, tables, _) = reversi(&["eval", &ffo("fforum-40-59.obf")]);
    assert_ne!(out, tables, "the network's evaluation, not the built-in tables'");
    // A damaged network is one line naming the file and what is wrong.
    let mut damaged = bytes.clone();
    damaged[40] ^= 1;
    std::fs::write(&net, &damaged).unwrap();
    let (code, _, err) = reversi(&["eval", &ffo("fforum-40-59.obf"), "--weights", net.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1);
    assert!(err.contains("net.bin") && err.contains("checksum mismatch"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
