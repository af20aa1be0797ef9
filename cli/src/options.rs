//! The command lines of both programs, parsed by clap (derive API), on the programs' terms: every
//! mistake is one short line on stderr naming what was wrong (`reversi: unknown option '--x'`),
//! with exit code 2, before any work; `--help` (and `help COMMAND`) prints the usage on stdout
//! and exits 0. Also the value parsers the options share, and the check that a word meant as a
//! position is not a mistyped option.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::Parser;
use reversi::othello::records::notation::parse_board;
use reversi::text::excerpt;
use reversi::Position;
use std::process::ExitCode;
use std::str::FromStr;

/// A command-line mistake: printed as one line on stderr, exit code 2.
#[derive(Debug)]
pub struct UsageError(pub String);

/// Exit status of a command-line mistake.
pub const USAGE_FAILED: u8 = 2;

/// A program's `main`: refuses a closed standard output, reads the arguments (UTF-8 only), parses
/// them into `P` and runs `run`; a mistake anywhere is one line on stderr and exit code 2.
pub fn run_program<P: Parser>(program: &'static str, run: impl FnOnce(P) -> Result<ExitCode, UsageError>) -> ExitCode {
    crate::io::set_program(program);
    if crate::io::stdout_was_closed() {
        crate::note!(
            "{program}: standard output is closed: the result would be lost (redirect it to a file or to /dev/null)"
        );
        return ExitCode::from(crate::io::OUTPUT_FAILED);
    }
    let result = crate::io::args().map_err(UsageError).and_then(|args| {
        match P::try_parse_from(std::iter::once(program.to_string()).chain(args)) {
            Ok(parsed) => run(parsed),
            Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
                crate::say!("{}", e.render().to_string().trim_end());
                Ok(ExitCode::SUCCESS)
            }
            Err(e) => Err(UsageError(one_line(&e, &P::command()))),
        }
    });
    match result {
        Ok(code) => code,
        Err(UsageError(message)) => {
            crate::note!("{program}: {}", crate::io::short_line(&message));
            ExitCode::from(USAGE_FAILED)
        }
    }
}

/// clap's error (several lines: the error, a tip, the usage) as one line naming what was wrong,
/// with long input cut to an excerpt.
fn one_line(error: &clap::Error, command: &clap::Command) -> String {
    let context = |kind| match error.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(list)) => Some(list.join(", ")),
        _ => None,
    };
    // "--depth <D>" names the option "--depth".
    let arg = || context(ContextKind::InvalidArg).map(|a| a.split(' ').next().unwrap_or("").to_string());
    let value = || context(ContextKind::InvalidValue).unwrap_or_default();
    let commands = || {
        let names: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).filter(|&n| n != "help").collect();
        names.join(", ")
    };
    match (error.kind(), arg()) {
        (ErrorKind::InvalidSubcommand, _) => {
            let given = context(ContextKind::InvalidSubcommand).unwrap_or_default();
            format!("unknown command '{}' (commands: {})", excerpt(&given), commands())
        }
        (ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand, _) => {
            format!("no command given (commands: {})", commands())
        }
        (ErrorKind::UnknownArgument, Some(given)) if given.starts_with('-') => {
            format!("unknown option '{}'", excerpt(&given))
        }
        (ErrorKind::UnknownArgument, Some(given)) => format!("unexpected argument '{}'", excerpt(&given)),
        (ErrorKind::ValueValidation, Some(option)) => match std::error::Error::source(error) {
            Some(why) => format!("{option} {why}"),
            None => format!("{option} '{}' is not valid", excerpt(&value())),
        },
        (ErrorKind::InvalidValue, Some(option)) if value().is_empty() => format!("option '{option}' needs a value"),
        (ErrorKind::InvalidValue, Some(option)) => {
            let valid = match error.get(ContextKind::ValidValue) {
                Some(ContextValue::Strings(list)) => list.clone(),
                _ => Vec::new(),
            };
            let valid = match valid.split_last() {
                Some((last, [])) => last.clone(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => "valid".into(),
            };
            format!("{option} '{}' is not {valid}", excerpt(&value()))
        }
        (ErrorKind::ArgumentConflict, Some(option)) => match context(ContextKind::PriorArg) {
            Some(prior) if prior.split(' ').next() == Some(option.as_str()) => {
                format!("{option} is given more than once")
            }
            Some(prior) => format!("{option} cannot go with {}", prior.split(' ').next().unwrap_or("")),
            None => first_line(error),
        },
        _ => first_line(error),
    }
}

/// The first line of clap's message, without its `error: ` and cut to 200 characters.
fn first_line(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    let line = rendered.lines().next().unwrap_or("");
    let line = line.strip_prefix("error: ").unwrap_or(line);
    match line.char_indices().nth(200) {
        None => line.to_string(),
        Some((cut, _)) => format!("{}…", &line[..cut]),
    }
}

/// A number; the message says which text is not one (clap adds the option's name).
pub fn number<T: FromStr>(text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("'{}' is not a valid number", excerpt(text)))
}

/// A number from `min` to `max`: a value parser for clap (`value_parser = in_range(1, 64)`). NaN
/// and the infinities are never in range.
pub fn in_range<T>(min: T, max: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |text: &str| match text.parse::<T>() {
        Ok(value) if min <= value && value <= max => Ok(value),
        _ => Err(format!("'{}' is not a number from {min} to {max}", excerpt(text))),
    }
}

/// `--threads T`: searches run at once, 1 to 64.
pub fn threads(text: &str) -> Result<usize, String> {
    in_range(1, 64)(text)
}

/// Two numbers separated by `SEP`: `3/8` (`--shard`), `4-24` (`--random`).
pub fn pair<const SEP: char>(text: &str) -> Result<(u32, u32), String> {
    let parsed = text.split_once(SEP).and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
    parsed.ok_or_else(|| format!("'{}' is not of the form A{SEP}B", excerpt(text)))
}

/// The name of what looks like an option (`--depth` → `depth`), or None for a word meant as a
/// position or a value.
///
/// Boards start with "--" too (`---------------------------OX---… X`), so the positional words of
/// a command that reads a board take any leading dashes (clap's `allow_hyphen_values`), and an
/// option clap does not know arrives among them: it is one if it is a short lowercase word after
/// the dashes, which a board (64 squares of `-`, `X`, `O` or `.`) never is.
pub fn looks_like_option(word: &str) -> Option<&str> {
    let name = word.strip_prefix("--")?;
    let word_like = name.len() <= 20
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_lowercase() || c == '-')
        && !name.contains("--");
    word_like.then_some(name)
}

/// The positional words given, refusing any that [`looks_like_option`] (an unknown option).
pub fn positional_words(words: &[&Option<String>]) -> Result<Vec<String>, UsageError> {
    let words: Vec<String> = words.iter().filter_map(|w| w.as_ref().cloned()).collect();
    match words.iter().find_map(|w| looks_like_option(w)) {
        Some(name) => Err(UsageError(format!("unknown option '--{}'", excerpt(name)))),
        None => Ok(words),
    }
}

/// A number given as a positional word; `what` names it in the message.
pub fn parse_number<T: FromStr>(what: &str, text: &str) -> Result<T, UsageError> {
    text.parse().map_err(|_| UsageError(format!("{what} '{}' is not a valid number", excerpt(text))))
}

/// A position given as one argument (`"<64 squares> X"`) or as two (`"<64 squares>" X`).
pub fn position_from(words: &[String]) -> Result<Position, UsageError> {
    parse_board(&words.join(" ")).map_err(|e| UsageError(e.to_string()))
}
