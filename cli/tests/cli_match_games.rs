//! `reversi match --games FILE` keeps every finished game: each is written as it ends, so a match
//! interrupted (Ctrl+C) or killed, stopped by a failing player or by a full disk leaves every game it
//! finished, whole, in the file; a write failure is exit code 1 and one line.

mod common;

use common::{arg, output, temp_dir, write_failed, REVERSI};
use reversi::othello::records::notation::{parse_board, replay};
use reversi::Position;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The games of a `--games` file, each checked: a whole line whose moves play from its opening to
/// the end of the game.
fn games_in(text: &str) -> usize {
    assert!(text.is_empty() || text.ends_with('\n'), "a line cut short: {text}");
    for line in text.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        let start = match fields.get(3).and_then(|f| f.strip_prefix("from=")) {
            Some(board) => parse_board(&format!("{} {}", &board[..64], &board[64..])).unwrap(),
            None => Position::start(),
        };
        let (_, end) = replay(start, fields[0]).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert!(end.is_game_over(), "{line}");
    }
    text.lines().count()
}

#[test]
fn a_full_disk_stops_the_match_with_one_line() {
    let line = write_failed(
        "reversi",
        "match --games /dev/full",
        common::reversi(&["match", "1", "1", "--games", "/dev/full"]),
    );
    assert!(line.contains("'/dev/full': No space left on device"), "{line}");
}

#[test]
fn a_killed_match_keeps_every_finished_game() {
    let dir = temp_dir("match-killed");
    let file = dir.join("games.txt");
    // Quick games, but many: the first 20 take a fraction of a second, all 20,000 minutes, so the
    // match is killed long before its end even when this thread waits seconds for a core.
    let mut child = Command::new(REVERSI)
        .args(["match", "depth=4,eval=course", "depth=5,eval=course", "--openings", "10000", "--games", arg(&file)])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    let lines_now = || std::fs::read_to_string(&file).map_or(0, |t| t.lines().count());
    while lines_now() < 20 {
        assert!(Instant::now() < deadline && child.try_wait().unwrap().is_none(), "no 20 games written");
        std::thread::sleep(Duration::from_millis(20));
    }
    let seen = lines_now();
    // SIGKILL, not Ctrl+C's SIGINT: a test started in the background by a shell inherits SIGINT
    // ignored, and a process killed outright keeps no less than one interrupted.
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert_eq!(std::os::unix::process::ExitStatusExt::signal(&status), Some(9), "{status}");
    let games = games_in(&std::fs::read_to_string(&file).unwrap());
    assert!(games >= seen && games < 20_000, "{games} games, {seen} seen before the interruption");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_failing_player_leaves_the_games_played_before() {
    let dir = temp_dir("match-failing");
    let calls = dir.join("calls");
    // A program player that answers as this binary at level 1 twenty times, then fails: the
    // first game (20 empty squares) ends before, a later one stops the match.
    let player = dir.join("player");
    let script = format!(
        "#!/bin/sh\nn=$(cat '{calls}' 2>/dev/null || echo 0)\necho $((n + 1)) > '{calls}'\n\
         if [ \"$n\" -ge 20 ]; then echo 'out of order' >&2; exit 3; fi\nexec '{REVERSI}' \"$@\"\n",
        calls = calls.display()
    );
    std::fs::write(&player, script).unwrap();
    std::fs::set_permissions(&player, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let file = dir.join("games.txt");
    let b = format!("program={},level=1,time=100", player.display());
    let args = ["match", "depth=1,eval=course", &b, "--openings", "4", "--plies", "40", "--threads", "1"];
    let (code, _, err) = output(Command::new(REVERSI).args(args).args(["--games", arg(&file)]));
    assert_eq!(code, 2, "{err}");
    assert!(err.lines().last().unwrap().contains("failed (exit status: 3)"), "{err}");
    let finished = err.lines().filter(|l| l.starts_with("game ")).count();
    assert!(finished >= 1, "{err}");
    assert_eq!(games_in(&std::fs::read_to_string(&file).unwrap()), finished, "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn games_that_end_out_of_order_are_in_game_order_at_the_end() {
    let dir = temp_dir("match-order");
    // The same deterministic match on one thread (games end in order) and on four.
    let files = ["1", "4"].map(|threads| {
        let file = dir.join(format!("games-{threads}.txt"));
        let args = ["match", "depth=1,eval=course", "depth=3,eval=course", "--openings", "12", "--threads", threads];
        let (code, _, err) = output(Command::new(REVERSI).args(args).args(["--games", arg(&file)]));
        assert_eq!(code, 0, "{err}");
        std::fs::read_to_string(&file).unwrap()
    });
    assert_eq!(games_in(&files[0]), 24);
    assert_eq!(files[1], files[0]);
    assert_eq!(common::files_in(&dir), ["games-1.txt", "games-4.txt"], "no temporary file is left");
    std::fs::remove_dir_all(&dir).ok();
}
