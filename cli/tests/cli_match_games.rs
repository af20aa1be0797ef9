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

/// The progress lines of a match's stderr: one per game written.
fn progress_lines(err: &str) -> usize {
    err.lines().filter(|l| l.starts_with("game ")).count()
}

/// A match of quick games (several hundred a second) writing `games`, its stdout dropped.
fn quick_match(openings: &str, games: &str) -> Vec<String> {
    ["match", "depth=1,eval=course", "depth=1,eval=course", "--threads", "1", "--openings", openings, "--games", games]
        .map(String::from)
        .to_vec()
}

#[test]
fn a_full_disk_leaves_whole_games_only_and_no_empty_file() {
    let dir = temp_dir("match-full");
    // A limit of 2 blocks (1 or 2 KiB) is reached within the first 20 games, in a line's middle.
    let file = dir.join("games.txt");
    let args = quick_match("100", arg(&file));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, out, err) = common::with_file_size_limit(2, REVERSI, &args);
    let line = write_failed("reversi", "match --games on a full disk", (code, out, err.clone()));
    assert!(line.contains("--games file") && line.contains("File too large"), "{err}");
    let text = std::fs::read_to_string(&file).unwrap();
    let games = games_in(&text);
    assert!(games >= 1 && games == progress_lines(&err), "{games} games written: {err}");
    // A disk full before the first game: no file, neither a new one nor an old one emptied.
    for old in [None, Some("an older match\n")] {
        if let Some(old) = old {
            std::fs::write(&file, old).unwrap();
        }
        let (code, out, err) = common::with_file_size_limit(0, REVERSI, &args);
        write_failed("reversi", "match --games on a full disk", (code, out, err.clone()));
        assert_eq!(progress_lines(&err), 0, "{err}");
        assert_eq!(common::files_in(&dir), Vec::<String>::new(), "{old:?}: no file is left");
    }
    // A path that cannot be written is refused before any game, and nothing is created.
    let missing = dir.join("no/such/games.txt");
    let line = common::refused(
        "reversi",
        "--games in no folder",
        common::reversi(&["match", "1", "1", "--games", arg(&missing)]),
    );
    assert!(line.starts_with("reversi: cannot write --games file '"), "{line}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_small_file_system_filled_up_leaves_whole_games_only() {
    // A 64 KiB tmpfs mounted in a namespace of the test's own, where the machine allows it.
    let probe = Command::new("unshare").args(["-rm", "sh", "-c", "mount -t tmpfs -o size=64k none /mnt"]).output();
    if !probe.is_ok_and(|p| p.status.success()) {
        eprintln!("skipped: no tmpfs can be mounted here (unshare -rm)");
        return;
    }
    let dir = temp_dir("match-tmpfs");
    let mount = dir.join("small");
    std::fs::create_dir(&mount).unwrap();
    // The file is read back before the namespace, and the file system with it, goes away.
    let script = "m=$1; shift; mount -t tmpfs -o size=64k none \"$m\" || exit 99; \
                  \"$0\" \"$@\" >/dev/null; echo \"exit $?\" >&2; cat \"$m/games.txt\"";
    let games = mount.join("games.txt");
    let mut command = Command::new("unshare");
    command.args(["-rm", "sh", "-c", script, REVERSI, arg(&mount)]).args(quick_match("1000", arg(&games)));
    let (_, text, err) = output(&mut command);
    assert!(err.contains("reversi: cannot write --games file") && err.contains("No space left on device"), "{err}");
    assert!(err.contains("exit 1"), "{err}");
    let games = games_in(&text);
    assert!(games > 100 && games == progress_lines(&err), "{games} games written: {err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_line_cut_short_is_refused_by_book_add() {
    let dir = temp_dir("match-cut");
    let file = dir.join("games.txt");
    let args = quick_match("2", arg(&file));
    let (code, _, err) = output(Command::new(REVERSI).args(&args));
    assert_eq!(code, 0, "{err}");
    let whole = std::fs::read_to_string(&file).unwrap();
    assert_eq!(games_in(&whole), 4);
    // What a writer stopped in a line's middle would leave: three games and half of the fourth.
    let cut = &whole[..whole.len() - 40];
    std::fs::write(&file, cut).unwrap();
    let out = dir.join("book.bin");
    let answer = common::train(&["book-add", "--lines", arg(&file), "--out", arg(&out)]);
    let line = common::refused("train", "book-add --lines of a cut file", answer);
    assert!(line.contains(&format!("{}:4: the last line has no newline", file.display())), "{line}");
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).ok();
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
