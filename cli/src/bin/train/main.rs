//! `train`: the offline fitting of what the engine plays with: self-play data and the pattern
//! evaluation's fit, the opening book, ProbCut's regressions (see docs/cli.md). One module per kind
//! of data.

mod book;
mod fit;
mod generate;
mod net;
mod probcut_fit;

use clap::{Parser, Subcommand};
use reversi_cli::options::{run_program, UsageError};
use std::process::ExitCode;

/// The offline fitting of the engine's evaluation, opening book and ProbCut.
#[derive(Parser)]
#[command(name = "train", subcommand_required = true, after_help = "`train help COMMAND` says more of each.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Generate(generate::Args),
    Seal(generate::SealArgs),
    Fit(fit::FitArgs),
    Test(fit::TestArgs),
    BookBuild(book::BuildArgs),
    BookDeepen(book::DeepenArgs),
    BookAdd(book::AddArgs),
    BookVerify(book::VerifyArgs),
    ProbcutFit(probcut_fit::Args),
    NetExport(net::ExportArgs),
    NetImport(net::ImportArgs),
}

fn main() -> ExitCode {
    run_program("train", |cli: Cli| -> Result<ExitCode, UsageError> {
        match cli.command {
            Command::Generate(args) => generate::run(args),
            Command::Seal(args) => generate::seal_folder(args),
            Command::Fit(args) => fit::fit(args),
            Command::Test(args) => fit::test(args),
            Command::BookBuild(args) => book::build(args),
            Command::BookDeepen(args) => book::deepen(args),
            Command::BookAdd(args) => book::add(args),
            Command::BookVerify(args) => book::verify(args),
            Command::ProbcutFit(args) => probcut_fit::run(args),
            Command::NetExport(args) => net::export(args),
            Command::NetImport(args) => net::import(args),
        }
    })
}
