//! `reversi match` with `program=PATH` players: another `reversi` binary asked for each move.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_reversi");

fn reversi(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN).args(args).output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_binary_plays_itself_as_two_programs() {
    // 40 random plies leave 20 empties: a short game of about 20 processes a side.
    let player = format!("program={BIN},level=9,time=100,depth=2");
    let (code, out, err) = reversi(&["match", &player, &player, "--openings", "1", "--plies", "40", "--threads", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("best --level 9 --time-ms 100 --depth 2, a fresh process each move"), "{out}");
    assert!(out.contains("2 games (1 openings of 40 random plies"), "{out}");
    assert!(out.contains("score "), "{out}");
}

#[test]
fn program_settings_are_checked_before_any_game() {
    for (player, says) in [
        ("program=/no/such/reversi,level=9,time=50", "program '/no/such/reversi' is not a file"),
        (&format!("program={BIN},level=9") as &str, "program= needs level= and time="),
        (&format!("program={BIN},time=50"), "program= needs level= and time="),
        (&format!("program={BIN},level=9,time=50,eval=course"), "'eval=course' cannot go with program="),
        (&format!("program={BIN},level=9,time=50,depth=0"), "depth '0' is not a number from 1 to 60"),
    ] {
        let (code, out, err) = reversi(&["match", player, "1", "--openings", "1"]);
        assert_eq!(code, 2, "{player}: {out}{err}");
        assert!(err.contains(says) && err.lines().count() == 1, "{player}: {err}");
        assert!(out.is_empty(), "{player}: {out}");
    }
}

#[test]
fn a_program_that_cannot_answer_stops_the_match() {
    // All scripts written before any is run (a file still open for writing cannot be run).
    let dir = std::env::temp_dir().join(format!("reversi-match-program-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Two of them start a process that outlives them (its number written to a file): stopping
    // the program stops it too.
    let child =
        |name: &str| format!("sleep 1000 </dev/null >/dev/null 2>&1 & echo $! > '{}/{name}.child'", dir.display());
    let cases = [
        ("garbage", "echo hello world".to_string(), "printed 'hello world' instead of a move"),
        ("illegal", "echo a1 +3 exact".to_string(), "answered the illegal move 'a1' in "),
        ("fails", format!("{}; echo oops >&2; exit 3", child("fails")), "failed (exit status: 3) in "),
        (
            "slow",
            format!("{}; exec sleep 30", child("slow")),
            "gave no move within 5.01 s (10 times its time + 5 s, having used 0.00 s of processor time)",
        ),
        // What it prints is quoted on one line, with the escape sequences that would retitle and
        // clear a terminal written as escapes.
        (
            "escapes",
            r"printf '\033]0;pwned\007\033[2J'".to_string(),
            r"printed '\u{1b}]0;pwned\u{7}\u{1b}[2J' instead of a move",
        ),
        ("lines", r"printf 'first\nsecond\nthird\n' >&2; exit 4".to_string(), r"failed (exit status: 4) in "),
    ];
    for (name, body, _) in &cases {
        let path = dir.join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    }
    for (name, _, says) in &cases {
        let path = dir.join(name);
        let player = format!("program={},level=9,time=1", path.display());
        let (code, out, err) = reversi(&["match", &player, "1", "--openings", "1", "--threads", "1"]);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(err.contains(&format!("program '{}'", path.display())) && err.contains(says), "{name}: {err}");
        assert!(!err.contains("panicked"), "{name}: {err}");
        let line = err.lines().last().unwrap();
        assert!(!line.chars().any(char::is_control), "{name}: a control character: {err:?}");
        if *name == "lines" {
            assert!(line.ends_with(r"printing 'first\nsecond\nthird'"), "{name}: {err:?}");
        }
        if let Ok(pid) = std::fs::read_to_string(dir.join(format!("{name}.child"))) {
            assert!(ended(pid.trim()), "{name}: the process it started, {}, still runs", pid.trim());
        }
    }
    for name in ["fails", "slow"] {
        assert!(dir.join(format!("{name}.child")).exists(), "{name} started no process");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether process `pid` has ended (gone, or a zombie not yet reaped by its new parent), waiting
/// a little for the signal to land.
fn ended(pid: &str) -> bool {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        // The state is the first field after the command's name in parentheses.
        let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok().and_then(|stat| {
            stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().next().map(String::from))
        });
        match state.as_deref() {
            None | Some("Z" | "X") => return true,
            _ if std::time::Instant::now() > deadline => return false,
            _ => std::thread::sleep(std::time::Duration::from_millis(50)),
        }
    }
}

#[test]
fn a_match_stopped_by_a_signal_ends_its_programs() {
    let dir = std::env::temp_dir().join(format!("reversi-match-signal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A program that starts a process of its own, then thinks for longer than the test waits.
    let path = dir.join("thinking");
    let script = format!(
        "#!/bin/sh\necho $$ > '{d}/program.pid'\nsleep 1000 </dev/null >/dev/null 2>&1 &\necho $! > '{d}/child.pid'\nexec sleep 30\n",
        d = dir.display()
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let player = format!("program={},level=9,time=1000", path.display());
    // Alone in a process group, as a match run from a shell is: the signal is for it only.
    let mut reversi = std::os::unix::process::CommandExt::process_group(
        Command::new(BIN).args(["match", &player, "1", "--openings", "1", "--threads", "1"]),
        0,
    )
    .stdout(std::process::Stdio::null())
    .stderr(std::process::Stdio::null())
    .spawn()
    .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while !dir.join("child.pid").exists() || std::fs::read_to_string(dir.join("child.pid")).unwrap().is_empty() {
        assert!(std::time::Instant::now() < deadline, "the program never started");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let status = Command::new("kill").args(["-TERM", &reversi.id().to_string()]).status().unwrap();
    assert!(status.success());
    let status = reversi.wait().unwrap();
    assert_eq!(std::os::unix::process::ExitStatusExt::signal(&status), Some(15), "{status}");
    for name in ["program", "child"] {
        let pid = std::fs::read_to_string(dir.join(format!("{name}.pid"))).unwrap();
        assert!(ended(pid.trim()), "the {name}, {}, still runs", pid.trim());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
