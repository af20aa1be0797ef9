//! `--clock wall|cpu`: the clock that times searches in matches and the time benchmark.

use reversi::clock::monotonic_ms;
use reversi_cli::options::UsageError;

/// Which clock measures a search's time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ClockChoice {
    /// Elapsed time.
    #[default]
    Wall,
    /// This thread's processor time (Linux): stands still while other processes run.
    Cpu,
}

impl ClockChoice {
    /// The clock, in milliseconds; the processor-time clock only where it can be read.
    pub fn clock(self) -> Result<fn() -> f64, UsageError> {
        match self {
            ClockChoice::Wall => Ok(monotonic_ms),
            ClockChoice::Cpu if thread_cpu_ms().is_some() => Ok(|| thread_cpu_ms().unwrap_or(0.0)),
            ClockChoice::Cpu => Err(UsageError("--clock cpu needs /proc/thread-self/schedstat (Linux)".into())),
        }
    }
}

/// Milliseconds of processor time used by this thread (from `/proc/thread-self/schedstat`, in
/// nanoseconds): a clock that stands still while other processes have the processor, so that a
/// benchmark measures the engine rather than the machine's load. `None` where the file is missing
/// (not Linux).
fn thread_cpu_ms() -> Option<f64> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open("/proc/thread-self/schedstat").ok()?.read_to_string(&mut text).ok()?;
    Some(text.split_whitespace().next()?.parse::<f64>().ok()? / 1e6)
}
