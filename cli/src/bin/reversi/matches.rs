//! `reversi match`: two players (settings of this engine, or other `reversi` binaries) over every
//! opening of a set, both colours; the result with its confidence interval and Elo difference.

use crate::clock::ClockChoice;
use crate::engines::{describe, pattern_weights, signed_tenths};
use crate::games_file::GamesFile;
use reversi::clock::hms;
use reversi::othello::analysis::rating::format_elo;
use reversi::othello::analysis::{arena, player_config};
use reversi::othello::book::Book;
use reversi::othello::eval::pattern::PatternWeights;
use reversi::text::excerpt;
use reversi::Position;
use reversi_cli::files::{bundled_book, load_weights};
use reversi_cli::io::{output_failed, OUTPUT_FAILED, WRITING};
use reversi_cli::options::{number, UsageError};
use reversi_cli::program_player::{names_program, stop_all, AnyPlayer, ProgramConfig, ProgramPlayer};
use reversi_cli::{note, say};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Random plies from the start that make a match's openings, and their default seed (the same
/// openings every run).
const MATCH_OPENING_PLIES: usize = 6;
const MATCH_SEED: u64 = 0x0123_4567_89ab_cdef;

/// A match between two players.
///
/// Every opening twice, colours swapped; a progress line per game on stderr, the result with its
/// confidence interval and Elo difference on stdout. --threads is how many games are played at
/// once; a player's own threads=N is how many threads search each of its moves together.
#[derive(clap::Args)]
#[command(
    args_override_self = true,
    override_usage = "reversi match A B [--openings N] [--plies P] [--seed S] [--threads T] [--tt MIB] [--clock wall|cpu] [--games FILE]",
    after_help = "A, B: a level (9) or settings: level=9,eval=course,time=200,depth=8,nodes=N,exact=E,
      weights=FILE,probcut=on|off,book=on|off,threads=N
      or another reversi binary: program=PATH,level=L,time=T[,depth=D]"
)]
pub struct Args {
    /// Player A.
    #[arg(value_name = "A")]
    a: Option<String>,
    /// Player B.
    #[arg(value_name = "B")]
    b: Option<String>,
    /// Openings, each played twice (1 to 10000).
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = number::<usize>)]
    openings: usize,
    /// Random plies from the start that make an opening (0 to 40; 0: every game from the start).
    #[arg(long, value_name = "P", default_value_t = MATCH_OPENING_PLIES, value_parser = number::<usize>)]
    plies: usize,
    /// Seed of the openings and of the players' random choices.
    #[arg(long, value_name = "S", default_value_t = MATCH_SEED, value_parser = number::<u64>)]
    seed: u64,
    /// Games played at once (1 to 64; a player's threads=N searches each of its moves on N threads).
    #[arg(long, value_name = "T", default_value_t = 2, value_parser = number::<usize>)]
    threads: usize,
    /// Each player's transposition table in MiB (1 to 4096).
    #[arg(long, value_name = "MIB", default_value_t = 16, value_parser = number::<usize>)]
    tt: usize,
    /// The clock that times the players.
    #[arg(long, value_enum, default_value_t = ClockChoice::Wall)]
    clock: ClockChoice,
    /// Write every game as it ends, one a line (in game order once the match is over): its moves,
    /// A's colour and disc difference (and the opening's position when it is not the start);
    /// `train book-add --lines` reads it.
    #[arg(long, value_name = "FILE")]
    games: Option<String>,
}

/// One side of a match: this engine at some settings, or another `reversi` binary.
enum MatchSide {
    Engine(player_config::PlayerConfig),
    Program(ProgramConfig),
}

impl MatchSide {
    fn parse(text: &str) -> Result<MatchSide, UsageError> {
        if names_program(text) {
            ProgramConfig::parse(text).map(MatchSide::Program).map_err(UsageError)
        } else {
            player_config::PlayerConfig::parse(text).map(MatchSide::Engine).map_err(|e| UsageError(e.to_string()))
        }
    }

    fn text(&self) -> &str {
        match self {
            MatchSide::Engine(c) => &c.text,
            MatchSide::Program(p) => &p.text,
        }
    }

    fn has_game_clock(&self) -> bool {
        matches!(self, MatchSide::Engine(c) if c.game_clock.is_some())
    }

    /// Threads searching each of its moves.
    fn threads(&self) -> usize {
        match self {
            MatchSide::Engine(c) => c.threads,
            MatchSide::Program(_) => 1,
        }
    }

    /// The pattern weights an engine side plays with: its file, else the built-in ones (none for
    /// a program).
    fn weights(&self) -> Result<Option<Arc<PatternWeights>>, UsageError> {
        match self {
            MatchSide::Engine(c) => match &c.weights {
                Some(path) => load_weights(path)
                    .map(|w| Some(Arc::new(w)))
                    .map_err(|UsageError(e)| UsageError(format!("player '{}': {e}", excerpt(&c.text)))),
                None => Ok(pattern_weights()),
            },
            MatchSide::Program(_) => Ok(None),
        }
    }

    fn player(
        &self,
        tt: usize,
        weights: Option<Arc<PatternWeights>>,
        book: Option<Arc<Book>>,
        seed: u64,
        clock: fn() -> f64,
    ) -> AnyPlayer {
        AnyPlayer(match self {
            MatchSide::Engine(c) => Box::new(c.player(tt, weights, book, seed).with_clock(clock)),
            MatchSide::Program(p) => Box::new(ProgramPlayer(p.clone())),
        })
    }

    /// What this side plays, in a few words.
    fn describe(&self, has_weights: bool) -> String {
        match self {
            MatchSide::Program(p) => p.describe(),
            MatchSide::Engine(c) => {
                match c.game_clock {
                    Some(g) => format!(
                        "{}, game clock {} s + {} s a move",
                        describe(&c.limits, has_weights),
                        g.total_ms as f64 / 1000.0,
                        g.increment_ms as f64 / 1000.0
                    ),
                    None => describe(&c.limits, has_weights),
                }
                .to_string()
                    + &if c.threads > 1 { format!(", {} threads", c.threads) } else { String::new() }
            }
        }
    }
}

/// The memory the system says is available (`MemAvailable` of `/proc/meminfo`), in MiB; `None`
/// where it cannot tell (not Linux).
fn available_memory_mib() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

pub fn run(args: Args) -> Result<ExitCode, UsageError> {
    let clock = args.clock.clock()?;
    let (Some(a), Some(b)) = (&args.a, &args.b) else {
        return Err(UsageError("match needs two players (a level, or settings such as depth=8,eval=pattern)".into()));
    };
    let (a, b) = (MatchSide::parse(a)?, MatchSide::parse(b)?);
    let (weights_a, weights_b) = (a.weights()?, b.weights()?);
    let Args { openings, plies, seed, threads, tt, .. } = args;
    if !(1..=10_000).contains(&openings) || plies > 40 || !(1..=64).contains(&threads) || !(1..=4096).contains(&tt) {
        return Err(UsageError(
            "out of range: --openings 1 to 10000, --plies 0 to 40, --threads 1 to 64, --tt 1 to 4096 (MiB)".into(),
        ));
    }
    let player_threads = a.threads().max(b.threads());
    if player_threads > 1 && args.clock == ClockChoice::Cpu {
        return Err(UsageError(
            "a player on several threads needs --clock wall: the processor time of one thread does not count its helpers' work".into(),
        ));
    }
    // Each thread holds two engines (one per player) of --tt MiB each.
    let needed_mib = (threads * 2 * tt) as u64;
    if let Some(available) = available_memory_mib().filter(|&a| needed_mib > a) {
        return Err(UsageError(format!(
            "--threads {threads} × 2 players × --tt {tt} MiB = {needed_mib} MiB of tables, more than the {available} MiB of memory available"
        )));
    }
    // From the standard start (--plies 0) every pair of games starts alike: only the players'
    // random choices (the book's, weak levels') tell the games apart.
    let starts = if plies == 0 { vec![Position::start(); openings] } else { arena::openings(openings, plies, seed) };
    // The games file is created before the first game, so that a bad path costs nothing.
    let games_file = args.games.as_deref().map(GamesFile::create).transpose()?.map(Mutex::new);
    // Said once everything is checked: a warning, not a refusal.
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    if threads * player_threads > cores {
        note!(
            "reversi: {threads} game(s) at once × {player_threads} thread(s) a move = more threads than the {cores} cores: the players share them (for a fair timed match, --threads {})",
            (cores / player_threads).max(1)
        );
    }
    let book = bundled_book();
    let start = Instant::now();
    let on_game = |report: &arena::MatchReport, total: usize| {
        if let (Some(file), Some(game)) = (&games_file, report.outcomes.last()) {
            let _writing = WRITING.lock().unwrap_or_else(|p| p.into_inner());
            let mut file = file.lock().unwrap_or_else(|p| p.into_inner());
            if let Err(e) = file.append(game, starts[game.opening]) {
                note!("reversi: {e}");
                stop_all();
                std::process::exit(i32::from(OUTPUT_FAILED));
            }
        }
        let t = report.tally();
        let e = report.estimate();
        let done = report.outcomes.len();
        let secs = start.elapsed().as_secs_f64();
        note!(
            "game {done}/{total}: A +{} ={} -{}, score {:.1} % ± {:.1}, Elo {}, discs {}, elapsed {}, left {}",
            t.wins,
            t.draws,
            t.losses,
            100.0 * e.score,
            100.0 * e.margin(),
            format_elo(e.elo()),
            signed_tenths(t.mean_discs()),
            hms(secs),
            hms(secs / done as f64 * (total - done) as f64)
        );
    };
    let report = arena::play_match(
        &starts,
        || a.player(tt, weights_a.clone(), book.clone(), seed, clock),
        || b.player(tt, weights_b.clone(), book.clone(), seed ^ 1, clock),
        threads,
        &on_game,
    );
    let t = report.tally();
    let e = report.estimate();
    let (elo_low, elo_high) = e.elo_interval();
    say!("A: {} ({})", a.text(), a.describe(weights_a.is_some()));
    say!("B: {} ({})", b.text(), b.describe(weights_b.is_some()));
    say!(
        "{} games ({} openings of {plies} random plies, seed {seed}, both colours): A {} wins, {} draws, {} losses",
        t.games(),
        starts.len(),
        t.wins,
        t.draws,
        t.losses
    );
    say!(
        "score {:.1} % (95 %: {:.1} to {:.1} %), Elo {} (95 %: {} to {}), mean disc difference {}, {:.0} s",
        100.0 * e.score,
        100.0 * e.low,
        100.0 * e.high,
        format_elo(e.elo()),
        format_elo(elo_low),
        format_elo(elo_high),
        signed_tenths(t.mean_discs()),
        start.elapsed().as_secs_f64()
    );
    if a.has_game_clock() || b.has_game_clock() {
        let on_time = |side: bool| report.outcomes.iter().filter(|o| o.a_lost_on_time == Some(side)).count();
        say!("lost on time: A {}, B {}", on_time(true), on_time(false));
    }
    if let Some(file) = games_file {
        if let Err(e) = file.into_inner().unwrap_or_else(|p| p.into_inner()).finish() {
            return Ok(output_failed(&e));
        }
    }
    Ok(ExitCode::SUCCESS)
}
