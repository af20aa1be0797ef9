//! Self-play games for training: how one is played from its index, how it is stored, and the
//! resumable generator that appends them to a file.
//!
//! A game is stored, not its positions: the moves are enough to replay every position, and a later
//! phase can relabel them (deeper searches) without playing again. Each game starts with a random
//! opening of varied length (its positions are not used: they are what random play reaches, not
//! Othello); then the engine plays both sides until `exact_empties` squares are empty, and from
//! there both sides play perfectly (the exact solver picks every move). So the game's final score
//! is the exact value of every position from that point on, and the game's result (of a
//! reasonable midgame and a perfect endgame) for the earlier ones.
//!
//! File layout (`games-<seed>-<shard>.bin`, little endian):
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `RVSPGAME` |
//! | 1 | format version ([`FORMAT_VERSION`]) |
//! | 32 | [`GeneratorSettings`] (seed, shard, shards, depth, exact empties, opening plies) |
//! | 4 | FNV-1a checksum of the 41 bytes above |
//! | … | records, one per game, in the order of their index |
//!
//! A record: game index (u32), random plies (u8), first perfect move (u8, `NO_SOLVE` if the game
//! ended before), final score for Black (i8), number of moves (u8), the moves (one byte each:
//! square 0–63, 64 = pass), FNV-1a checksum (u32) of everything before it in the record. A record
//! cut short (the generator was stopped while writing) is dropped and replayed on restart; any other
//! damage is an error that names the byte offset.
//!
//! The records of a file are consecutive games of its shard (index `shard`, `shard + shards`, …),
//! starting with any of them: the generator's working file continues where the games kept
//! elsewhere (the committed, compressed shards of `data/games/`) stop.

use crate::capped_read::CappedReadError;
use crate::othello::eval::pattern::PatternWeights;
use crate::othello::rules::board::Position;
use crate::othello::rules::square::{Move, Square};
use crate::othello::search::endgame::Solver;
use crate::othello::search::{Control, Engine, EvalChoice, Limits};
use crate::rng::{mix_seed, XorShift64Star};
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub const MAGIC: &[u8; 8] = b"RVSPGAME";
pub const FORMAT_VERSION: u8 = 1;
/// `exact_from` of a game that never reached the exact-solve threshold.
pub const NO_SOLVE: u8 = 255;
const PASS_BYTE: u8 = 64;
const HEADER_LEN: usize = 8 + 1 + 32 + 4;

/// What a generator does; stored in the file header, so that a restart with other settings is
/// refused instead of mixing two kinds of games in one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GeneratorSettings {
    /// Every game is a function of the seed and its index.
    pub seed: u64,
    /// This file holds the games whose index is `shard` modulo `shards`.
    pub shard: u32,
    pub shards: u32,
    /// Midgame search depth of the players.
    pub depth: u32,
    /// Perfect play from this many empty squares.
    pub exact_empties: u32,
    /// The random opening has between `min_random` and `max_random` plies.
    pub min_random: u32,
    pub max_random: u32,
    /// The players use the pattern evaluation (else the course's).
    pub pattern_eval: bool,
}

impl GeneratorSettings {
    fn to_bytes(self) -> [u8; 32] {
        let mut b = [0u8; 32];
        b[0..8].copy_from_slice(&self.seed.to_le_bytes());
        b[8..12].copy_from_slice(&self.shard.to_le_bytes());
        b[12..16].copy_from_slice(&self.shards.to_le_bytes());
        b[16..20].copy_from_slice(&self.depth.to_le_bytes());
        b[20..24].copy_from_slice(&self.exact_empties.to_le_bytes());
        b[24] = self.min_random as u8;
        b[25] = self.max_random as u8;
        b[26] = self.pattern_eval as u8;
        b
    }

    fn from_bytes(b: &[u8]) -> GeneratorSettings {
        let u32_at = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        GeneratorSettings {
            seed: u64::from_le_bytes(b[0..8].try_into().expect("8 bytes")),
            shard: u32_at(8),
            shards: u32_at(12),
            depth: u32_at(16),
            exact_empties: u32_at(20),
            min_random: u32::from(b[24]),
            max_random: u32::from(b[25]),
            pattern_eval: b[26] != 0,
        }
    }

    /// Refuses settings the generator cannot honour.
    pub fn check(&self) -> Result<(), DataError> {
        let bad = |what: String| Err(DataError::Settings(what));
        if self.shards == 0 || self.shard >= self.shards {
            return bad(format!("shard {} of {} does not exist", self.shard, self.shards));
        }
        if self.depth == 0 || self.depth > 20 {
            return bad(format!("depth {} is out of range (1 to 20)", self.depth));
        }
        if self.exact_empties > 30 {
            return bad(format!("exact solving from {} empties would take days", self.exact_empties));
        }
        if self.min_random > self.max_random || self.max_random > 50 {
            return bad(format!("random plies {}..{} are out of range (at most 50)", self.min_random, self.max_random));
        }
        Ok(())
    }

    /// The file of these settings in `dir`.
    pub fn file_in(&self, dir: &Path) -> PathBuf {
        dir.join(format!("games-{}-{}of{}.bin", self.seed, self.shard, self.shards))
    }
}

/// One stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub index: u32,
    /// The first `random_plies` moves were drawn at random.
    pub random_plies: u8,
    /// From this move on both sides played perfectly ([`NO_SOLVE`] if the game ended before).
    pub exact_from: u8,
    /// Final disc difference for Black.
    pub score_black: i8,
    /// Every move from the start, passes included.
    pub moves: Vec<Move>,
}

/// A position of a game with its training label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LabelledPosition {
    pub position: Position,
    /// Final disc difference for the side to move.
    pub score: i8,
    /// `score` is the exact value (perfect play from here), not just the game's result.
    pub exact: bool,
}

impl GameRecord {
    /// The positions after the random opening (finished positions left out), each with the final
    /// score from its side to move's point of view.
    pub fn positions(&self) -> Result<Vec<LabelledPosition>, DataError> {
        let mut pos = Position::start();
        let mut out = Vec::with_capacity(self.moves.len());
        for (k, &mv) in self.moves.iter().enumerate() {
            if k >= usize::from(self.random_plies) && !pos.is_game_over() {
                let black = pos.side_to_move() == crate::othello::rules::square::Color::Black;
                let score = if black { self.score_black } else { -self.score_black };
                out.push(LabelledPosition { position: pos, score, exact: k >= usize::from(self.exact_from) });
            }
            pos = pos.play(mv).map_err(|e| DataError::Corrupt(format!("game {}: move {}: {e}", self.index, k + 1)))?;
        }
        if !pos.is_game_over() || pos.final_score_black() != i32::from(self.score_black) {
            return Err(DataError::Corrupt(format!("game {}: the moves do not end with the stored score", self.index)));
        }
        Ok(out)
    }

    /// The record's bytes, checksum included.
    pub fn encode(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(12 + self.moves.len());
        b.extend_from_slice(&self.index.to_le_bytes());
        b.push(self.random_plies);
        b.push(self.exact_from);
        b.push(self.score_black as u8);
        b.push(self.moves.len() as u8);
        b.extend(self.moves.iter().map(|m| m.square().map_or(PASS_BYTE, Square::index)));
        let sum = fnv1a(&b);
        b.extend_from_slice(&sum.to_le_bytes());
        b
    }
}

/// Why a data file cannot be used.
#[derive(Debug)]
pub enum DataError {
    Io(PathBuf, std::io::Error),
    /// The file is not what it should be (names the place).
    Corrupt(String),
    /// Settings that make no sense, or that differ from the file's.
    Settings(String),
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Io(path, e) => write!(f, "{}: {e}", path.display()),
            DataError::Corrupt(what) => write!(f, "corrupt data: {what}"),
            DataError::Settings(what) => write!(f, "{what}"),
        }
    }
}

impl std::error::Error for DataError {}

/// FNV-1a, 32 bits: small, and enough to catch torn or damaged records.
pub fn fnv1a(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in bytes {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// Plays games: holds the engine and the solver, reused (and cleared) from game to game.
pub struct GamePlayer {
    settings: GeneratorSettings,
    engine: Engine,
    solver: Solver,
}

impl GamePlayer {
    /// `weights` is used when the settings ask for the pattern evaluation.
    pub fn new(settings: GeneratorSettings, weights: Option<Arc<PatternWeights>>) -> GamePlayer {
        let mut engine = Engine::new(8);
        engine.set_pattern_weights(weights);
        GamePlayer { settings, engine, solver: Solver::new(16) }
    }

    /// Game number `index`: the same moves every time (the tables are cleared first).
    pub fn play(&mut self, index: u32) -> GameRecord {
        let s = self.settings;
        self.engine.clear();
        self.solver.clear();
        // Mixed twice, so that consecutive game indices get unrelated games.
        let mut rng = XorShift64Star::new(mix_seed(s.seed ^ mix_seed(u64::from(index))));
        let random_plies = s.min_random + rng.below((s.max_random - s.min_random + 1) as usize) as u32;
        let limits = Limits {
            eval: if s.pattern_eval { EvalChoice::Pattern } else { EvalChoice::Course },
            ..Limits::depth(s.depth)
        };
        let mut pos = Position::start();
        let mut moves = Vec::with_capacity(64);
        let mut exact_from = NO_SOLVE;
        while !pos.is_game_over() {
            let past_opening = moves.len() >= random_plies as usize;
            if exact_from == NO_SOLVE && past_opening && pos.board().empty_count() <= s.exact_empties {
                exact_from = moves.len() as u8;
            }
            let legal: Vec<Square> = pos.legal_moves().collect();
            let mv = if legal.is_empty() {
                Move::Pass
            } else if !past_opening {
                Move::Play(legal[rng.below(legal.len())])
            } else if exact_from != NO_SOLVE {
                self.solver.solve_exact(pos.board()).best_move
            } else {
                let clock = || 0.0;
                self.engine.search(pos.board(), &limits, &mut Control::new(&clock)).best_move
            };
            pos = pos.play(mv).expect("the engine and the solver play legal moves");
            moves.push(mv);
        }
        GameRecord {
            index,
            random_plies: random_plies.min(moves.len() as u32) as u8,
            exact_from,
            score_black: pos.final_score_black() as i8,
            moves,
        }
    }
}

/// Reads every record of a games file, checking the header and each record; `settings` is the
/// header's. A record cut short at the end (an interrupted write) is reported as `torn_bytes`.
pub struct GamesFile {
    pub settings: GeneratorSettings,
    pub games: Vec<GameRecord>,
    /// Length of the valid part of the file.
    pub valid_len: u64,
    /// Bytes after the last complete record (0 for a clean file).
    pub torn_bytes: u64,
}

/// A games file's header for `settings`.
fn header_bytes(settings: &GeneratorSettings) -> Vec<u8> {
    let mut header = Vec::with_capacity(HEADER_LEN);
    header.extend_from_slice(MAGIC);
    header.push(FORMAT_VERSION);
    header.extend_from_slice(&settings.to_bytes());
    let sum = fnv1a(&header);
    header.extend_from_slice(&sum.to_le_bytes());
    header
}

/// The bytes of a games file holding `games` (consecutive games of the settings' shard).
pub fn games_file_bytes(settings: &GeneratorSettings, games: &[GameRecord]) -> Vec<u8> {
    let mut bytes = header_bytes(settings);
    for game in games {
        bytes.extend_from_slice(&game.encode());
    }
    bytes
}

/// Parses a games file from its bytes (`name` is used in errors).
pub fn parse_games(bytes: &[u8], name: &str) -> Result<GamesFile, DataError> {
    let corrupt = |what: String| DataError::Corrupt(format!("{name}: {what}"));
    if bytes.len() < HEADER_LEN {
        return Err(corrupt(format!("{} bytes is too short for the header ({HEADER_LEN})", bytes.len())));
    }
    if &bytes[..8] != MAGIC {
        return Err(corrupt("not a games file (bad magic)".into()));
    }
    if bytes[8] != FORMAT_VERSION {
        return Err(corrupt(format!("format version {} (this program reads {FORMAT_VERSION})", bytes[8])));
    }
    let stored = u32::from_le_bytes(bytes[41..45].try_into().expect("4 bytes"));
    if fnv1a(&bytes[..41]) != stored {
        return Err(corrupt("header checksum mismatch".into()));
    }
    let settings = GeneratorSettings::from_bytes(&bytes[9..41]);
    // A header with a valid checksum can still be made by hand: its shard count divides below.
    settings.check().map_err(|e| corrupt(format!("header: {e}")))?;
    let mut games = Vec::new();
    let mut at = HEADER_LEN;
    // The first record may be any game of the shard; the others follow it.
    let mut expected_index: Option<u64> = None;
    while at < bytes.len() {
        let rest = &bytes[at..];
        if rest.len() < 8 || rest.len() < 8 + rest[7] as usize + 4 {
            // Only the last record may be short: it was being written when the generator stopped.
            return Ok(GamesFile { settings, games, valid_len: at as u64, torn_bytes: rest.len() as u64 });
        }
        let n = rest[7] as usize;
        let body = &rest[..8 + n];
        let stored = u32::from_le_bytes(rest[8 + n..12 + n].try_into().expect("4 bytes"));
        if fnv1a(body) != stored {
            return Err(corrupt(format!("record at byte {at}: checksum mismatch")));
        }
        let index = u32::from_le_bytes(body[0..4].try_into().expect("4 bytes"));
        match expected_index {
            Some(expected) if u64::from(index) != expected => {
                return Err(corrupt(format!("record at byte {at}: game {index}, expected game {expected}")));
            }
            None if index % settings.shards != settings.shard => {
                return Err(corrupt(format!(
                    "record at byte {at}: game {index} is not of shard {}/{}",
                    settings.shard, settings.shards
                )));
            }
            _ => {}
        }
        let mut moves = Vec::with_capacity(n);
        for &m in &body[8..] {
            moves.push(match m {
                PASS_BYTE => Move::Pass,
                sq => {
                    Move::Play(Square::new(sq).ok_or_else(|| corrupt(format!("record at byte {at}: move byte {sq}")))?)
                }
            });
        }
        games.push(GameRecord { index, random_plies: body[4], exact_from: body[5], score_black: body[6] as i8, moves });
        expected_index = Some(u64::from(index) + u64::from(settings.shards));
        at += 12 + n;
    }
    Ok(GamesFile { settings, games, valid_len: at as u64, torn_bytes: 0 })
}

/// The largest games file read (about 15 million games): a larger file, or an endless device, is
/// refused before it fills the memory.
pub const GAMES_FILE_LIMIT: u64 = 1 << 30;

/// Reads a games file (at most [`GAMES_FILE_LIMIT`] bytes).
pub fn read_games(path: &Path) -> Result<GamesFile, DataError> {
    let bytes = crate::capped_read::read_capped(path, GAMES_FILE_LIMIT).map_err(|e| match e {
        CappedReadError::Io(e) => DataError::Io(path.to_path_buf(), e),
        CappedReadError::TooLarge => too_large(path),
        CappedReadError::Device => {
            DataError::Settings(format!("games file '{}' is a device, not a file", path.display()))
        }
    })?;
    parse_games(&bytes, &path.display().to_string())
}

fn too_large(path: &Path) -> DataError {
    DataError::Settings(format!("games file '{}' is larger than {GAMES_FILE_LIMIT} bytes", path.display()))
}

/// The working file of a generator, append-only: existing games are kept, a torn last record is
/// cut off, and the next game follows the last one stored here or kept elsewhere. The file is
/// created with its first game (header and record in one write, removed if that fails), so that a
/// full disk never leaves a file without games behind.
pub struct GamesWriter {
    file: Option<File>,
    path: PathBuf,
    settings: GeneratorSettings,
    /// Games of this shard before the next one to play (those kept elsewhere and those in the file).
    pub done: u32,
    /// Games in the working file.
    pub in_file: u32,
    /// Bytes of a torn record that were cut off on opening.
    pub dropped_bytes: u64,
}

impl GamesWriter {
    /// Opens (or prepares) the working file of `settings` in `dir`, from the shard's first game.
    pub fn open(dir: &Path, settings: GeneratorSettings) -> Result<GamesWriter, DataError> {
        GamesWriter::open_after(dir, settings, 0)
    }

    /// Opens the working file of `settings` in `dir` when the shard's first `kept` games are kept
    /// elsewhere: games of the file among them (a seal interrupted before it removed the file) are
    /// dropped, and a file that starts after them is an error (the games between would be lost).
    pub fn open_after(dir: &Path, settings: GeneratorSettings, kept: u32) -> Result<GamesWriter, DataError> {
        settings.check()?;
        std::fs::create_dir_all(dir).map_err(|e| DataError::Io(dir.to_path_buf(), e))?;
        let path = settings.file_in(dir);
        let io = |e| DataError::Io(path.clone(), e);
        // Appended to and cut back: a device or a pipe in its place is refused before it is read.
        match std::fs::metadata(&path) {
            Ok(m) if !m.is_file() => {
                return Err(DataError::Settings(format!("games file '{}' is not a regular file", path.display())))
            }
            Ok(m) if m.len() > GAMES_FILE_LIMIT => return Err(too_large(&path)),
            _ => {}
        }
        let mut writer =
            GamesWriter { file: None, path: path.clone(), settings, done: kept, in_file: 0, dropped_bytes: 0 };
        let bytes = match crate::capped_read::read_capped(&path, GAMES_FILE_LIMIT) {
            Ok(bytes) => bytes,
            Err(CappedReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => return Ok(writer),
            Err(CappedReadError::Io(e)) => return Err(io(e)),
            Err(_) => return Err(too_large(&path)),
        };
        // An empty file is what an older generator left on a full disk: no game is lost with it.
        if bytes.is_empty() {
            std::fs::remove_file(&path).map_err(io)?;
            return Ok(writer);
        }
        let parsed = parse_games(&bytes, &path.display().to_string())?;
        if parsed.settings != settings {
            return Err(DataError::Settings(format!(
                "{} was made with other settings ({:?}); use another folder or the same settings",
                path.display(),
                parsed.settings
            )));
        }
        writer.dropped_bytes = parsed.torn_bytes;
        let k_of = |game: &GameRecord| (game.index - settings.shard) / settings.shards;
        let Some(first) = parsed.games.first().map(k_of) else {
            std::fs::remove_file(&path).map_err(io)?;
            return Ok(writer);
        };
        if first > kept {
            return Err(DataError::Corrupt(format!(
                "{} starts at game {}, but the kept games of its shard stop before game {}: the games between are missing",
                path.display(),
                parsed.games[0].index,
                game_index(&settings, kept)
            )));
        }
        let fresh: Vec<GameRecord> = parsed.games.into_iter().filter(|g| k_of(g) >= kept).collect();
        if fresh.is_empty() {
            std::fs::remove_file(&path).map_err(io)?;
            return Ok(writer);
        }
        if first < kept {
            crate::safe_write::write_file(&path, &games_file_bytes(&settings, &fresh)).map_err(io)?;
        } else if parsed.torn_bytes > 0 {
            OpenOptions::new().write(true).open(&path).and_then(|f| f.set_len(parsed.valid_len)).map_err(io)?;
        }
        let mut file = OpenOptions::new().read(true).write(true).open(&path).map_err(io)?;
        file.seek(SeekFrom::End(0)).map_err(io)?;
        writer.in_file = fresh.len() as u32;
        writer.done = kept + writer.in_file;
        writer.file = Some(file);
        Ok(writer)
    }

    /// Appends one game (one write call, then flushed to the disk's cache). A failed write is cut
    /// back off, and a file that a failed first write would leave without games is removed.
    pub fn append(&mut self, game: &GameRecord) -> Result<(), DataError> {
        let io = |e| DataError::Io(self.path.clone(), e);
        match &mut self.file {
            Some(file) => {
                let len = file.stream_position().map_err(io)?;
                if let Err(e) = file.write_all(&game.encode()) {
                    let _ = file.set_len(len).and_then(|()| file.seek(SeekFrom::Start(len)).map(drop));
                    return Err(io(e));
                }
            }
            None => {
                let bytes = games_file_bytes(&self.settings, std::slice::from_ref(game));
                let mut file =
                    OpenOptions::new().read(true).write(true).create_new(true).open(&self.path).map_err(io)?;
                if let Err(e) = file.write_all(&bytes) {
                    let _ = std::fs::remove_file(&self.path);
                    return Err(io(e));
                }
                self.file = Some(file);
            }
        }
        self.done += 1;
        self.in_file += 1;
        Ok(())
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// The game index of the `k`-th game of a shard.
pub fn game_index(settings: &GeneratorSettings, k: u32) -> u32 {
    settings.shard + k * settings.shards
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> GeneratorSettings {
        GeneratorSettings {
            seed: 5,
            shard: 0,
            shards: 1,
            depth: 2,
            exact_empties: 10,
            min_random: 2,
            max_random: 8,
            pattern_eval: false,
        }
    }

    #[test]
    fn games_are_deterministic_and_labelled() {
        let mut player = GamePlayer::new(settings(), None);
        let a = player.play(3);
        let b = GamePlayer::new(settings(), None).play(3);
        assert_eq!(a, b);
        assert_ne!(a, player.play(4));
        assert!((2..=8).contains(&a.random_plies));
        let positions = a.positions().unwrap();
        assert!(!positions.is_empty());
        let exact: Vec<_> = positions.iter().filter(|p| p.exact).collect();
        assert!(!exact.is_empty());
        let mut solver = Solver::new(1);
        for p in exact.iter().take(3) {
            assert!(p.position.board().empty_count() <= 10);
            assert_eq!(i32::from(p.score), solver.solve_exact(p.position.board()).score);
        }
    }

    #[test]
    fn a_torn_record_is_dropped_and_damage_is_an_error() {
        let dir = std::env::temp_dir().join(format!("reversi-games-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let s = settings();
        let mut w = GamesWriter::open(&dir, s).unwrap();
        let mut player = GamePlayer::new(s, None);
        for k in 0..3 {
            w.append(&player.play(game_index(&s, k))).unwrap();
        }
        let path = w.path().to_path_buf();
        drop(w);
        let full = std::fs::read(&path).unwrap();
        // Cut the last record short: reopening drops it and resumes at game 2.
        std::fs::write(&path, &full[..full.len() - 5]).unwrap();
        let w = GamesWriter::open(&dir, s).unwrap();
        assert_eq!(w.done, 2);
        assert!(w.dropped_bytes > 0);
        drop(w);
        assert_eq!(read_games(&path).unwrap().games.len(), 2);
        // Other settings are refused.
        assert!(matches!(GamesWriter::open(&dir, GeneratorSettings { depth: 3, ..s }), Err(DataError::Settings(_))));
        // A flipped byte inside a record is an error naming the offset.
        let mut damaged = std::fs::read(&path).unwrap();
        damaged[HEADER_LEN + 9] ^= 0x40;
        let err = parse_games(&damaged, "x").err().unwrap().to_string();
        assert!(err.contains("byte 45") && err.contains("checksum"), "{err}");
        assert!(parse_games(b"RVSPGAME", "x").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
