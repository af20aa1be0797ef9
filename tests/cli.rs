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
    format!("{}/../shared/data/{file}", env!("CARGO_MANIFEST_DIR"))
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
    let pass = format!("-XOOOOOO{} X", "-".repeat(56));
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
    let (code, out, err) = reversi(&["match", "2", "1", "--openings", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("level 2 (Novice) vs level 1 (Beginner): 4 games, "), "{out}");
    let (code, _, _) = reversi(&["match", "2", "10"]);
    assert_eq!(code, 2);
}
