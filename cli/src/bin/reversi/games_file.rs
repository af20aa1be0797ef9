//! `reversi match --games FILE`: every game written as it ends, one a line, so that a match stopped
//! anywhere (Ctrl+C, a failing program player, a full disk) leaves every finished game in the
//! file; once the match is over, the file holds them in game order.

use reversi::othello::analysis::arena::GameOutcome;
use reversi::othello::records::notation::{format_board, format_transcript};
use reversi::Position;
use reversi_cli::files::write_output;
use reversi_cli::io::path_excerpt;
use reversi_cli::options::UsageError;
use std::fs::File;
use std::io::Write;
use std::path::Path;

/// The games file of a match being played.
pub struct GamesFile {
    path: String,
    file: File,
    /// Every game written: its number in the match and its line, in the order the games ended.
    lines: Vec<(usize, String)>,
}

impl GamesFile {
    /// Creates the file (emptying one already there) before the first game, so that a path that
    /// cannot be written costs nothing.
    pub fn create(path: &str) -> Result<GamesFile, UsageError> {
        let file = File::create(path).map_err(|e| UsageError(format!("--games '{}': {e}", path_excerpt(path))))?;
        Ok(GamesFile { path: path.to_string(), file, lines: Vec::new() })
    }

    /// Appends a finished game's line in one write, straight to the system (no buffer in this
    /// process): a process stopped afterwards keeps it. The error is the message to print.
    pub fn append(&mut self, game: &GameOutcome, start: Position) -> Result<(), String> {
        let line = game_line(game, start);
        self.file.write_all(format!("{line}\n").as_bytes()).map_err(|e| self.cannot_write(&e))?;
        self.lines.push((2 * game.opening + usize::from(!game.a_black), line));
        Ok(())
    }

    /// After the last game: games that ended out of order (several threads) are put in game order,
    /// the file replaced whole ([`write_output`]; a device or a pipe stays in the order written),
    /// and the file reaches the disk.
    pub fn finish(mut self) -> Result<(), String> {
        let in_order = self.lines.windows(2).all(|w| w[0].0 < w[1].0);
        let regular = self.file.metadata().is_ok_and(|m| m.is_file());
        if in_order || !regular {
            return match self.file.sync_all() {
                // A pipe or a terminal cannot be synced; what was written is with its reader.
                Err(e) if regular => Err(self.cannot_write(&e)),
                _ => Ok(()),
            };
        }
        self.lines.sort_by_key(|&(game, _)| game);
        let text: String = self.lines.iter().map(|(_, line)| format!("{line}\n")).collect();
        write_output(Path::new(&self.path), text.as_bytes(), "--games file")
    }

    fn cannot_write(&self, error: &std::io::Error) -> String {
        format!("cannot write --games file '{}': {error}", path_excerpt(&self.path))
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
