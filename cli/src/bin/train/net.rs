//! `train net-export` and `train net-import`: the bridge to the pattern networks' training script
//! (`tools/pattern-net/train.py`). The script learns, per pattern, a small network of the
//! pattern's squares and the game's phase; it reads the positions as `net-export` writes them and
//! hands back the networks expanded into the tables the engine reads, which `net-import` turns
//! into a weights file.
//!
//! The positions file (little-endian): `RVNET001`, the number of positions (u32), the number of
//! pattern instances per position (u32, 46), each instance's pattern (u8 each); per pattern, its
//! number of trained weights (classes, u32) and each class's representative configuration (u32
//! each: the least index of the configurations that share the class); then per position the
//! representative configuration of each instance (u16 each), the side to move's and the
//! opponent's mobility (u8 each, capped as the evaluation caps them), the discs on the board
//! (u8), the label (i8: the final disc difference for the side to move) and flags (u8: 1 exact
//! label, 2 held out of the fit).

use reversi::othello::eval::pattern::file as weights_file;
use reversi::othello::eval::pattern::MAX_STAGES;
use reversi::othello::eval::pattern::{full_features, Layout, FEATURES, MOBILITY_CAP, PATTERN_COUNT};
use reversi::train::fit::Sample;
use reversi_cli::files::{check_writable, write_output};
use reversi_cli::io::{output_failed, path_excerpt, read_capped};
use reversi_cli::options::{in_range, UsageError};
use reversi_cli::say;
use std::path::PathBuf;
use std::process::ExitCode;

/// Pattern instances per position.
const INSTANCES: usize = FEATURES - 3;

/// Writes every position of the games files for the pattern networks' training script.
#[derive(clap::Args)]
#[command(args_override_self = true)]
pub struct ExportArgs {
    /// Folder of the games files.
    #[arg(long, value_name = "DIR", default_value = "train-data")]
    dir: PathBuf,
    /// The positions file written.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Percent of the games marked held out (the same games as `train fit --holdout`'s).
    #[arg(long, value_name = "PERCENT", default_value_t = 10, value_parser = in_range::<u32>(0, 90))]
    holdout: u32,
}

pub fn export(args: ExportArgs) -> Result<ExitCode, UsageError> {
    check_writable(&args.out, "positions file")?;
    let (train, held, games) = crate::fit::read_games(&args.dir, args.holdout)?;
    let layout = Layout::get();
    let representatives = representatives(layout);
    let mut out = Vec::with_capacity(64 + (train.len() + held.len()) * (2 * INSTANCES + 5));
    out.extend_from_slice(b"RVNET001");
    out.extend_from_slice(&((train.len() + held.len()) as u32).to_le_bytes());
    out.extend_from_slice(&(INSTANCES as u32).to_le_bytes());
    out.extend(layout.instances.iter().map(|i| i.pattern as u8));
    for reps in &representatives {
        out.extend_from_slice(&(reps.len() as u32).to_le_bytes());
        out.extend(reps.iter().flat_map(|r| r.to_le_bytes()));
    }
    for (samples, held_out) in [(&train, false), (&held, true)] {
        for s in samples {
            write_position(&mut out, layout, &representatives, s, held_out);
        }
    }
    if let Err(e) = write_output(&args.out, &out, "positions file") {
        return Ok(output_failed(&e));
    }
    say!(
        "{} positions of {games} games ({} held out) written to {}",
        train.len() + held.len(),
        held.len(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Per pattern, the least configuration of each class, by class.
fn representatives(layout: &Layout) -> Vec<Vec<u32>> {
    (0..PATTERN_COUNT)
        .map(|p| {
            let classes = layout.class[p].iter().max().map_or(0, |&m| m as usize + 1);
            let mut reps = vec![u32::MAX; classes];
            for (index, &c) in layout.class[p].iter().enumerate() {
                let r = &mut reps[c as usize];
                *r = (*r).min(index as u32);
            }
            reps
        })
        .collect()
}

fn write_position(out: &mut Vec<u8>, layout: &Layout, reps: &[Vec<u32>], s: &Sample, held_out: bool) {
    let features = full_features(layout, s.board);
    for (i, &f) in features[..INSTANCES].iter().enumerate() {
        let p = layout.instances[i].pattern;
        let class = layout.class[p][f as usize - layout.full_offsets[p]];
        out.extend_from_slice(&(reps[p][class as usize] as u16).to_le_bytes());
    }
    let mobility = layout.full_mobility();
    let own = features[INSTANCES] as usize - mobility;
    let opponent = features[INSTANCES + 1] as usize - mobility - (MOBILITY_CAP + 1);
    let discs = (s.board.player | s.board.opponent).count_ones();
    out.extend_from_slice(&[own as u8, opponent as u8, discs as u8, s.score as u8]);
    out.push(u8::from(s.exact) | if held_out { 2 } else { 0 });
}

/// Makes a weights file of the tables the training script expanded its networks into.
#[derive(clap::Args)]
#[command(args_override_self = true)]
pub struct ImportArgs {
    /// The expanded tables: `stages × weights per stage` little-endian f32, in discs, in the
    /// order of a weights file's stage.
    #[arg(long = "in", value_name = "FILE")]
    input: PathBuf,
    /// Stages in the file (1 to 61).
    #[arg(long, value_name = "N", value_parser = in_range::<usize>(1, MAX_STAGES))]
    stages: usize,
    /// The weights file written.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

pub fn import(args: ImportArgs) -> Result<ExitCode, UsageError> {
    check_writable(&args.out, "weights file")?;
    let per_stage = Layout::get().class_len;
    let expected = args.stages * per_stage * 4;
    let bytes =
        read_capped(&args.input.to_string_lossy(), expected as u64 + 1, "expanded tables").map_err(UsageError)?;
    if bytes.len() != expected {
        return Err(UsageError(format!(
            "'{}' holds {} bytes; {} stages of {per_stage} weights are {expected}",
            path_excerpt(&args.input.to_string_lossy()),
            bytes.len(),
            args.stages
        )));
    }
    let weights: Vec<f32> = bytes.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
    if let Some(i) = weights.iter().position(|w| !w.is_finite() || w.abs() > 64.0) {
        return Err(UsageError(format!(
            "weight {i} of '{}' is {} (not a value in discs)",
            path_excerpt(&args.input.to_string_lossy()),
            weights[i]
        )));
    }
    if let Err(e) = write_output(&args.out, &weights_file::encode(args.stages, &weights), "weights file") {
        return Ok(output_failed(&e));
    }
    say!("{} stages written to {}", args.stages, args.out.display());
    Ok(ExitCode::SUCCESS)
}
