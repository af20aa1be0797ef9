//! `train probcut-fit`: Multi-ProbCut's regressions fitted to our own searches
//! ([`reversi::train::probcut`]) and written as the search's `params.rs`.

use reversi::clock::hms;
use reversi::othello::search::probcut::{shallow_depth, FIRST_DEPTH};
use reversi::othello::search::Engine;
use reversi::train::probcut::{fit_table, params_source, sample, Sample};
use reversi::Board;
use reversi_cli::files::{bundled_weights, check_writable, load_weights, write_output};
use reversi_cli::io::output_failed;
use reversi_cli::options::{number, UsageError};
use reversi_cli::sample::sample_position;
use reversi_cli::{note, say};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Fits Multi-ProbCut's regressions.
///
/// Positions of every stage searched by iterative deepening to --depth with the
/// pattern evaluation (no ProbCut), the value of every depth recorded; for each deep depth, the
/// regression on its shallow depth's value per stage; the table written as Rust source.
#[derive(clap::Args)]
#[command(args_override_self = true)]
pub struct Args {
    /// Positions searched (10 to 100000).
    #[arg(long, value_name = "N", default_value_t = 600, value_parser = number::<usize>)]
    positions: usize,
    /// The deepest search (3 to 16).
    #[arg(long, value_name = "D", default_value_t = 10, value_parser = number::<u32>)]
    depth: u32,
    /// Seed of the positions.
    #[arg(long, value_name = "S", default_value_t = 11, value_parser = number::<u64>)]
    seed: u64,
    /// The pattern weights fitted for (the built-in ones by default).
    #[arg(long, value_name = "FILE")]
    weights: Option<String>,
    /// The Rust source written.
    #[arg(long, value_name = "FILE", default_value = "src/othello/search/probcut/params.rs")]
    out: String,
    /// Searches run at once (1 to 64).
    #[arg(long, value_name = "T", default_value_t = 2, value_parser = number::<usize>)]
    threads: usize,
}

pub fn run(args: Args) -> Result<ExitCode, UsageError> {
    let Args { positions: count, depth: max_depth, seed, threads, .. } = args;
    let out = args.out.as_str();
    if !(10..=100_000).contains(&count) || !(FIRST_DEPTH..=16).contains(&max_depth) || !(1..=64).contains(&threads) {
        return Err(UsageError("out of range: --positions 10 to 100000, --depth 3 to 16, --threads 1 to 64".into()));
    }
    // The fit takes minutes to hours: a path it cannot write fails now, not after the work.
    check_writable(Path::new(out), "ProbCut parameters")?;
    let weights = match &args.weights {
        Some(path) => Arc::new(load_weights(path)?),
        None => bundled_weights("no ProbCut can be fitted")
            .ok_or_else(|| UsageError("no pattern weights to fit ProbCut for".into()))?,
    };
    let weights = Some(weights);
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let samples: Mutex<Vec<Sample>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut engine = Engine::new(16);
                engine.set_pattern_weights(weights.clone());
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    let empties = 12 + (i as u32 * 13) % 49; // 12 to 60
                    let board = if empties >= 60 {
                        Board::start()
                    } else {
                        sample_position(seed.wrapping_add(i as u64).wrapping_mul(0x2545_F491), empties, &weights)
                    };
                    let found = sample(&mut engine, board, max_depth);
                    let mut all = samples.lock().unwrap_or_else(|p| p.into_inner());
                    all.push(found);
                    let done = all.len();
                    if done.is_multiple_of(20) || done == count {
                        let secs = start.elapsed().as_secs_f64();
                        note!(
                            "probcut-fit: {done}/{count} positions, elapsed {}, left {}",
                            hms(secs),
                            hms(secs / done as f64 * (count - done) as f64)
                        );
                    }
                }
            });
        }
    });
    let samples = samples.into_inner().unwrap_or_else(|p| p.into_inner());
    let rows = fit_table(&samples, max_depth);
    for (st, row) in rows.iter().enumerate() {
        for (fitted, depth) in row.iter().zip(FIRST_DEPTH..) {
            if let Some(f) = fitted {
                say!(
                    "stage {st} depth {depth} from {}: a {:.3} b {:+.1} sigma {:.1} ({} pairs)",
                    shallow_depth(depth),
                    f.a,
                    f.b,
                    f.sigma,
                    f.samples
                );
            }
        }
    }
    let weights_option = args.weights.as_ref().map_or(String::new(), |path| format!(" --weights {path}"));
    let header = format!(
        "Multi-ProbCut parameters, written by `train probcut-fit --positions {count} --depth {max_depth} --seed {seed}{weights_option}`:\n\
         positions with 12 to 60 empties searched by iterative deepening with the pattern evaluation, and\n\
         per stage and deep depth the least-squares line deep ≈ a·shallow + b through their values."
    );
    if let Err(e) = write_output(Path::new(out), params_source(&rows, &header).as_bytes(), "ProbCut parameters") {
        return Ok(output_failed(&e));
    }
    say!("wrote {out} in {:.0} s", start.elapsed().as_secs_f64());
    Ok(ExitCode::SUCCESS)
}
