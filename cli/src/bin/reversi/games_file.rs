//! `reversi match --games FILE`: every game written as it ends, one whole line each, so that a
//! match stopped anywhere (Ctrl+C, a failing program player, a full disk) leaves every finished
//! game in the file and nothing else; once the match is over, the file holds them in game order.

use reversi::othello::analysis::arena::GameOutcome;
use reversi::othello::records::notation::{format_board, format_transcript};
use reversi::Position;
use reversi_cli::files::{write_output, LinesFile};
use reversi_cli::io::OutputError;
use reversi_cli::options::UsageError;
use std::path::Path;

/// The games file of a match being played.
pub struct GamesFile {
    file: LinesFile,
    /// Every game written: its number in the match and its line, in the order the games ended.
    lines: Vec<(usize, String)>,
}

impl GamesFile {
    /// Checks the path before the first game, so that one that cannot be written costs nothing;
    /// the file is created (an old one emptied) when the first game ends ([`LinesFile`]).
    pub fn create(path: &str) -> Result<GamesFile, UsageError> {
        Ok(GamesFile { file: LinesFile::new(Path::new(path), "--games file")?, lines: Vec::new() })
    }

    /// Appends a finished game's line, whole or not at all, straight to the system (no buffer in
    /// this process): a process stopped afterwards keeps it.
    pub fn append(&mut self, game: &GameOutcome, start: Position) -> Result<(), OutputError> {
        let line = game_line(game, start);
        self.file.write_line(&line)?;
        self.lines.push((2 * game.opening + usize::from(!game.a_black), line));
        Ok(())
    }

    /// After the last game: games that ended out of order (several threads) are put in game order,
    /// the file replaced whole ([`write_output`]; a device or a pipe stays in the order written),
    /// and the file reaches the disk.
    pub fn finish(mut self) -> Result<(), OutputError> {
        let Some(file) = self.file.file() else { return Ok(()) };
        let in_order = self.lines.windows(2).all(|w| w[0].0 < w[1].0);
        let regular = file.metadata().is_ok_and(|m| m.is_file());
        if in_order || !regular {
            return match file.sync_all() {
                // A pipe or a terminal cannot be synced; what was written is with its reader.
                Err(e) if regular => Err(self.file.error(&e)),
                _ => Ok(()),
            };
        }
        self.lines.sort_by_key(|&(game, _)| game);
        let text: String = self.lines.iter().map(|(_, line)| format!("{line}\n")).collect();
        write_output(self.file.path(), text.as_bytes(), "--games file")
    }
}

/// A game as a line: the moves as a transcript (what `train book-add --lines` reads), A's colour,
/// A's disc difference, and the opening's position unless it is the standard start.
fn game_line(game: &GameOutcome, start: Position) -> String {
    let colour = if game.a_black { "black" } else { "white" };
    let mut line = format!("{} A={colour} discs={:+}", format_transcript(&game.moves, false), game.diff);
    if start != Position::start() {
        line.push_str(&format!(" from={}", format_board(start).replace(' ', "")));
    }
    line
}
