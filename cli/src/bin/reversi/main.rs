//! `reversi`: the engine on the command line (perft, exact solving, best move, matches,
//! benchmarks, the evaluation's error). One module per command.

mod bench;
mod bench_time;
mod best;
mod book_name;
mod clock;
mod engines;
mod eval;
mod games_file;
mod matches;
mod perft;
mod solve;

use clap::{Parser, Subcommand};
use reversi_cli::options::{run_program, UsageError};
use std::process::ExitCode;

/// The Othello engine on the command line.
#[derive(Parser)]
#[command(name = "reversi", subcommand_required = true, after_help = "`reversi help COMMAND` says more of each.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Perft(perft::Args),
    Solve(solve::Args),
    Best(best::Args),
    BookName(book_name::Args),
    Bench(bench::Args),
    Match(matches::Args),
    BenchTime(bench_time::Args),
    Eval(eval::Args),
}

fn main() -> ExitCode {
    run_program("reversi", |cli: Cli| -> Result<ExitCode, UsageError> {
        match cli.command {
            Command::Perft(args) => perft::run(args),
            Command::Solve(args) => solve::run(args),
            Command::Best(args) => best::run(args),
            Command::BookName(args) => book_name::run(args),
            Command::Bench(args) => bench::run(args),
            Command::Match(args) => matches::run(args),
            Command::BenchTime(args) => bench_time::run(args),
            Command::Eval(args) => eval::run(args),
        }
    })
}
