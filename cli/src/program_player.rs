//! `reversi match`'s `program=PATH` players: another `reversi` binary (an older build, or this
//! one) asked for every move as `PATH best "<position>" --level L --time-ms T [--depth D]`, one
//! fresh process a move. Native command line only: the library (and its wasm build) knows nothing
//! of processes.

use reversi::othello::analysis::arena::Player;
use reversi::othello::records::notation::format_board;
use reversi::text::excerpt;
use reversi::{Board, Color, Move, Position};
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, Once};
use std::time::Duration;

/// A `program=PATH,level=L,time=T[,depth=D]` player.
#[derive(Clone, Debug)]
pub struct ProgramConfig {
    pub program: String,
    pub level: u32,
    pub time_ms: u64,
    pub depth: Option<u32>,
    /// The text it was parsed from, for reports.
    pub text: String,
}

/// Whether a match player's settings name a program (`…,program=PATH,…`).
pub fn names_program(text: &str) -> bool {
    text.split(',').any(|part| part.trim().starts_with("program="))
}

impl ProgramConfig {
    /// Parses `program=PATH` with `level=L` and `time=T` (both required) and optionally
    /// `depth=D`; any other setting is refused (the other program plays its own level's
    /// settings). The program must be an existing file.
    pub fn parse(text: &str) -> Result<ProgramConfig, String> {
        let fail = |what: String| Err(format!("player '{}': {what}", excerpt(text)));
        let (mut program, mut level, mut time_ms, mut depth) = (None, None, None, None);
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            let number = |max: u64| {
                value.parse::<u64>().ok().filter(|n| (1..=max).contains(n)).ok_or_else(|| {
                    format!("player '{}': {key} '{}' is not a number from 1 to {max}", excerpt(text), excerpt(value))
                })
            };
            match key {
                "program" => program = Some(value.to_string()),
                "level" => level = Some(number(9)? as u32),
                "time" => time_ms = Some(number(3_600_000)?),
                "depth" => depth = Some(number(60)? as u32),
                _ => {
                    return fail(format!(
                        "'{}' cannot go with program= (only level=, time= and depth=: the program plays its own level's settings)",
                        excerpt(part)
                    ))
                }
            }
        }
        let (Some(program), Some(level), Some(time_ms)) = (program, level, time_ms) else {
            return fail("program= needs level= and time= (passed on as best --level L --time-ms T)".into());
        };
        if !std::path::Path::new(&program).is_file() {
            return fail(format!("program '{}' is not a file", crate::io::path_excerpt(&program)));
        }
        Ok(ProgramConfig { program, level, time_ms, depth, text: text.to_string() })
    }

    /// What this player does, in a few words.
    pub fn describe(&self) -> String {
        let depth = self.depth.map_or(String::new(), |d| format!(" --depth {d}"));
        format!(
            "{} best --level {} --time-ms {}{depth}, a fresh process each move",
            self.program, self.level, self.time_ms
        )
    }

    /// The program's move in `board` (side to move as `X`), or what went wrong, naming the program
    /// and quoting what it printed.
    fn ask(&self, board: Board) -> Result<Move, String> {
        let name = crate::io::path_excerpt(&self.program);
        // The side to move written as Black (X): the program needs only who is to move.
        let position = Position::from_colors(board.player, board.opponent, Color::Black)
            .map(format_board)
            .map_err(|e| format!("program '{name}': cannot write the position: {e}"))?;
        let mut command = Command::new(&self.program);
        command.arg("best").arg(&position).args(["--level", &self.level.to_string()]);
        command.args(["--time-ms", &self.time_ms.to_string()]);
        if let Some(d) = self.depth {
            command.args(["--depth", &d.to_string()]);
        }
        command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let (mut child, group) =
            Group::start(&mut command).map_err(|e| format!("program '{name}' could not be started: {e}"))?;
        // Its output is read on another thread, so that a program that never ends can be waited
        // for with a limit (and killed).
        let (out, err) = (child.stdout.take(), child.stderr.take());
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = send.send((read_text(out), read_text(err)));
        });
        let limit = Duration::from_millis(10 * self.time_ms + 5_000);
        let Ok((stdout, stderr)) = receive.recv_timeout(limit) else {
            // Its processor time tells a program that hung from one starved by a busy machine.
            let used =
                cpu_seconds(child.id()).map_or(String::new(), |s| format!(", having used {s:.2} s of processor time"));
            // The group is killed before the program is reaped: until then its number cannot be
            // anyone else's.
            drop(group);
            let _ = child.wait();
            return Err(format!(
                "program '{name}' gave no move within {} s (10 times its time + 5 s{used}) in {position}",
                limit.as_secs_f64()
            ));
        };
        let status = child.wait().map_err(|e| format!("program '{name}': {e}"));
        // Whatever it left running is stopped with it: the group keeps its number while any of
        // them lives (an empty group's number comes back only once process numbers wrap around).
        drop(group);
        let status = status?;
        if !status.success() {
            let said = if stderr.trim().is_empty() { &stdout } else { &stderr };
            return Err(format!(
                "program '{name}' failed ({status}) in {position}, printing '{}'",
                excerpt(said.trim())
            ));
        }
        let answer = stdout.split_whitespace().next().unwrap_or("");
        match answer.parse::<Move>() {
            Ok(mv @ Move::Play(sq)) if board.legal_moves().any(|s| s == sq) => Ok(mv),
            Ok(_) => Err(format!("program '{name}' answered the illegal move '{answer}' in {position}")),
            Err(_) => Err(format!("program '{name}' printed '{}' instead of a move", excerpt(stdout.trim()))),
        }
    }
}

/// The process groups of the programs running now (0: a free slot), so that a match that stops
/// stops them all: a program that failed, a games file that cannot be written ([`stop_all`]), or
/// a signal that ends the match (Ctrl+C's SIGINT, SIGTERM, SIGHUP: [`on_stop`], which can read
/// atomics but take no lock). At most 64 games are played at once, each asking one program at a
/// time.
static LIVE: [AtomicU32; 128] = [const { AtomicU32::new(0) }; 128];

/// Held while a program is started, so that none starts once they are being stopped.
static STARTING: Mutex<()> = Mutex::new(());

/// A running program's process group (and its slot in [`LIVE`]), killed with everything in it
/// when dropped.
struct Group(u32, Option<usize>);

impl Group {
    /// Starts `command` in a process group of its own (numbered as its process), so that stopping
    /// it stops whatever it started too. Its own process group no longer receives the terminal's
    /// Ctrl+C: the match passes it on.
    fn start(command: &mut Command) -> std::io::Result<(Child, Group)> {
        static PASSING_STOPS_ON: Once = Once::new();
        PASSING_STOPS_ON.call_once(pass_stops_on);
        let _starting = STARTING.lock().unwrap_or_else(|p| p.into_inner());
        let child = command.process_group(0).spawn()?;
        let id = child.id();
        let slot = LIVE.iter().position(|s| s.compare_exchange(0, id, Ordering::SeqCst, Ordering::SeqCst).is_ok());
        Ok((child, Group(id, slot)))
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        if let Some(slot) = self.1 {
            LIVE[slot].store(0, Ordering::SeqCst);
        }
        kill_group(self.0);
    }
}

/// Kills every program running now with everything it started; none starts afterwards (the lock
/// is kept until the process ends). For a match that stops.
pub fn stop_all() {
    std::mem::forget(STARTING.lock().unwrap_or_else(|p| p.into_inner()));
    kill_all();
}

fn kill_all() {
    for slot in &LIVE {
        match slot.load(Ordering::SeqCst) {
            0 => {}
            group => kill_group(group),
        }
    }
}

extern "C" {
    fn kill(pid: i32, signal: i32) -> i32;
    fn signal(signal: i32, handler: usize) -> usize;
    fn raise(signal: i32) -> i32;
}
const SIGHUP: i32 = 1;
const SIGINT: i32 = 2;
const SIGKILL: i32 = 9;
const SIGTERM: i32 = 15;
const SIG_DFL: usize = 0;
const SIG_IGN: usize = 1;

/// Sends SIGKILL to the process group `group` (an empty one: nothing happens).
fn kill_group(group: u32) {
    if let Ok(group) = i32::try_from(group) {
        // SAFETY: kill(2) only sends a signal; a negative number names the group the program
        // leads, which no other process can take while the program is not reaped or any of its
        // group lives.
        unsafe { kill(-group, SIGKILL) };
    }
}

/// Makes the signals that end a match end its programs too ([`on_stop`]); one ignored when the
/// match started (a match started in the background by a shell ignores SIGINT) stays ignored.
fn pass_stops_on() {
    for stop in [SIGHUP, SIGINT, SIGTERM] {
        // SAFETY: signal(2) installs a handler that only makes calls safe in a signal handler.
        unsafe {
            if signal(stop, on_stop as extern "C" fn(i32) as usize) == SIG_IGN {
                signal(stop, SIG_IGN);
            }
        }
    }
}

/// A signal that ends the match: its programs are killed, then the signal does what it would
/// have done (the match ends as stopped by it).
extern "C" fn on_stop(stop: i32) {
    kill_all();
    // SAFETY: signal(2) and raise(3) may be called in a signal handler; the signal raised again
    // is delivered, with its default action, once this handler returns.
    unsafe {
        signal(stop, SIG_DFL);
        raise(stop);
    }
}

/// The processor time (user and system) a running process has used, from `/proc/PID/stat` (in
/// ticks of 1/100 s, the usual `USER_HZ`); `None` where it cannot be read (not Linux).
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command's name (in parentheses, which may hold anything): state is field 3,
    // utime and stime fields 14 and 15.
    let mut fields = stat.rsplit_once(')')?.1.split_whitespace().skip(11);
    let (user, system): (f64, f64) = (fields.next()?.parse().ok()?, fields.next()?.parse().ok()?);
    Some((user + system) / 100.0)
}

/// Up to 64 KiB of a pipe's text (`best` prints a few lines).
fn read_text(pipe: Option<impl Read>) -> String {
    let mut bytes = Vec::new();
    if let Some(pipe) = pipe {
        let _ = pipe.take(64 << 10).read_to_end(&mut bytes);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Plays what the program answers. A program that cannot answer stops the match: the error goes
/// to stderr and `reversi` exits with status 2 (the [`Player`] trait has no way to fail).
pub struct ProgramPlayer(pub ProgramConfig);

impl Player for ProgramPlayer {
    fn choose(&mut self, board: Board, _ply: u32) -> Move {
        if board.legal_moves().is_empty() {
            return Move::Pass;
        }
        self.0.ask(board).unwrap_or_else(|message| {
            // One message even when several games fail at once: the first holds the lock to the
            // end. It waits for a game being written (`match --games`) to be written whole.
            let _stopping = crate::io::WRITING.lock();
            crate::note!("{}: {message}", crate::io::program());
            stop_all();
            std::process::exit(2)
        })
    }
}

/// Either kind of match player, as one type for [`reversi::othello::analysis::arena::play_match`].
pub struct AnyPlayer(pub Box<dyn Player>);

impl Player for AnyPlayer {
    fn choose(&mut self, board: Board, ply: u32) -> Move {
        self.0.choose(board, ply)
    }
    fn new_game(&mut self) {
        self.0.new_game()
    }
    fn set_game(&mut self, game: u64) {
        self.0.set_game(game)
    }
    fn out_of_time(&self) -> bool {
        self.0.out_of_time()
    }
}
