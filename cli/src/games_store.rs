//! The training games on disk. A generator appends to its working file (`games-S-KofN.bin`, game
//! by game, so that a stop loses no finished game) and seals it, every so many games, into a shard:
//! the same games file, gzipped, named by what made it and which games it holds
//! (`games-S-KofN-dD-eE-rMIN-MAX-EVAL-FIRST-LAST.bin.gz`), written whole or not at all. The
//! project's kept games (`data/games/`) are shards; `train fit`, `test` and `net-export` read both
//! kinds, and a damaged file of either is an error naming it.

use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;
use reversi::capped_read::{read_capped, CappedReadError};
use reversi::train::games::{games_file_bytes, parse_games, DataError, GamesFile, GeneratorSettings, GAMES_FILE_LIMIT};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

const SHARD_SUFFIX: &str = ".bin.gz";

/// The name of the shard of `settings` holding games `first` to `last` (indices).
pub fn shard_name(settings: &GeneratorSettings, first: u32, last: u32) -> String {
    let s = settings;
    format!(
        "games-{}-{}of{}-d{}-e{}-r{}-{}-{}-{first:07}-{last:07}{SHARD_SUFFIX}",
        s.seed,
        s.shard,
        s.shards,
        s.depth,
        s.exact_empties,
        s.min_random,
        s.max_random,
        if s.pattern_eval { "pattern" } else { "course" }
    )
}

/// The settings and the first and last game of a shard's name, or `None` for another name.
pub fn parse_shard_name(name: &str) -> Option<(GeneratorSettings, u32, u32)> {
    let parts: Vec<&str> = name.strip_prefix("games-")?.strip_suffix(SHARD_SUFFIX)?.split('-').collect();
    let [seed, shard, depth, exact, min, max, eval, first, last] = parts[..] else { return None };
    let (shard, shards) = shard.split_once("of")?;
    let settings = GeneratorSettings {
        seed: seed.parse().ok()?,
        shard: shard.parse().ok()?,
        shards: shards.parse().ok()?,
        depth: depth.strip_prefix('d')?.parse().ok()?,
        exact_empties: exact.strip_prefix('e')?.parse().ok()?,
        min_random: min.strip_prefix('r')?.parse().ok()?,
        max_random: max.parse().ok()?,
        pattern_eval: match eval {
            "pattern" => true,
            "course" => false,
            _ => return None,
        },
    };
    let (first, last): (u32, u32) = (first.parse().ok()?, last.parse().ok()?);
    // A name is also what `kept_games` counts from: one that no generator writes is no shard.
    settings.check().ok()?;
    let of_shard = |i: u32| i % settings.shards == settings.shard;
    (first <= last && of_shard(first) && of_shard(last)).then_some((settings, first, last))
}

/// Whether `name` is a working file (`games-*.bin`) or a shard (`games-*.bin.gz`).
fn is_games_file(name: &str) -> bool {
    name.starts_with("games-") && (name.ends_with(".bin") || name.ends_with(SHARD_SUFFIX))
}

/// Every games file of `dir` (working files and shards), sorted by name.
pub fn games_files(dir: &Path) -> Result<Vec<PathBuf>, DataError> {
    let entries = std::fs::read_dir(dir).map_err(|e| DataError::Io(dir.to_path_buf(), e))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(is_games_file))
        .collect();
    files.sort();
    Ok(files)
}

/// Reads one games file. A shard must be whole (no torn record) and hold exactly the games its
/// name says, made with the settings its name says.
pub fn read_games_file(path: &Path) -> Result<GamesFile, DataError> {
    let name = path.display().to_string();
    let corrupt = |what: String| DataError::Corrupt(format!("{name}: {what}"));
    let bytes = read_capped(path, GAMES_FILE_LIMIT).map_err(|e| match e {
        CappedReadError::Io(e) => DataError::Io(path.to_path_buf(), e),
        CappedReadError::TooLarge => {
            DataError::Settings(format!("games file '{name}' is larger than {GAMES_FILE_LIMIT} bytes"))
        }
        CappedReadError::Device => DataError::Settings(format!("games file '{name}' is a device, not a file")),
    })?;
    let file_name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if !file_name.ends_with(SHARD_SUFFIX) {
        return parse_games(&bytes, &name);
    }
    let mut plain = Vec::new();
    GzDecoder::new(&bytes[..])
        .take(GAMES_FILE_LIMIT + 1)
        .read_to_end(&mut plain)
        .map_err(|e| corrupt(format!("not a whole gzip stream ({e})")))?;
    if plain.len() as u64 > GAMES_FILE_LIMIT {
        return Err(corrupt(format!("unpacks to more than {GAMES_FILE_LIMIT} bytes")));
    }
    let file = parse_games(&plain, &name)?;
    if file.torn_bytes > 0 {
        return Err(corrupt(format!("its last {} bytes are a torn record", file.torn_bytes)));
    }
    let named = parse_shard_name(file_name).ok_or_else(|| corrupt("not a shard's name".into()))?;
    let held = (file.settings, file.games.first().map(|g| g.index), file.games.last().map(|g| g.index));
    if held != (named.0, Some(named.1), Some(named.2)) {
        return Err(corrupt(format!(
            "holds games {:?} to {:?} made with {:?}, not what its name says",
            held.1, held.2, file.settings
        )));
    }
    Ok(file)
}

/// Every games file of `dir`, read; two files holding the same game (a shard sealed twice, a
/// working file beside its own shard) are an error naming both.
pub fn read_all(dir: &Path) -> Result<Vec<GamesFile>, DataError> {
    let paths = games_files(dir)?;
    let mut files = Vec::with_capacity(paths.len());
    for path in &paths {
        files.push(read_games_file(path)?);
    }
    for (i, a) in files.iter().enumerate() {
        for (j, b) in files.iter().enumerate().skip(i + 1) {
            if a.settings == b.settings && overlap(a, b) {
                return Err(DataError::Corrupt(format!(
                    "{} and {} hold the same games",
                    paths[i].display(),
                    paths[j].display()
                )));
            }
        }
    }
    Ok(files)
}

fn overlap(a: &GamesFile, b: &GamesFile) -> bool {
    let range = |f: &GamesFile| f.games.first().zip(f.games.last()).map(|(x, y)| (x.index, y.index));
    matches!((range(a), range(b)), (Some((a0, a1)), Some((b0, b1))) if a0 <= b1 && b0 <= a1)
}

/// How many games of the shard of `settings` the shards of `dir` keep (by their names): the
/// generator continues after them.
pub fn kept_games(dir: &Path, settings: &GeneratorSettings) -> Result<u32, DataError> {
    let mut kept = 0;
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(DataError::Io(dir.to_path_buf(), e)),
    };
    for entry in entries.filter_map(Result::ok) {
        if let Some((named, _, last)) = entry.file_name().to_str().and_then(parse_shard_name) {
            if named == *settings {
                kept = kept.max((last - settings.shard) / settings.shards + 1);
            }
        }
    }
    Ok(kept)
}

/// Seals the working file of `settings` in `dir` into a shard (written whole, then the working
/// file removed); returns the shard's path and its number of games, or `None` when the working
/// file holds no new game. Games that a shard of `dir` already keeps (a seal interrupted before
/// it removed the working file) and a torn last record are left out.
pub fn seal(dir: &Path, settings: &GeneratorSettings) -> Result<Option<(PathBuf, usize)>, DataError> {
    let working = settings.file_in(dir);
    if !working.exists() {
        return Ok(None);
    }
    let kept = kept_games(dir, settings)?;
    let mut file = read_games_file(&working)?;
    if file.settings != *settings {
        return Err(DataError::Settings(format!("{} was made with other settings", working.display())));
    }
    file.games.retain(|g| (g.index - settings.shard) / settings.shards >= kept);
    if let (Some(first), Some(last)) = (file.games.first(), file.games.last()) {
        let path = dir.join(shard_name(settings, first.index, last.index));
        let io = |e| DataError::Io(path.clone(), e);
        let mut gz = GzEncoder::new(Vec::new(), Compression::best());
        gz.write_all(&games_file_bytes(settings, &file.games)).map_err(io)?;
        let packed = gz.finish().map_err(io)?;
        reversi::safe_write::write_file(&path, &packed).map_err(io)?;
        std::fs::remove_file(&working).map_err(|e| DataError::Io(working.clone(), e))?;
        return Ok(Some((path, file.games.len())));
    }
    std::fs::remove_file(&working).map_err(|e| DataError::Io(working.clone(), e))?;
    Ok(None)
}

/// The settings of every working file of `dir` (to seal them all).
pub fn working_files(dir: &Path) -> Result<Vec<GeneratorSettings>, DataError> {
    let mut out = Vec::new();
    for path in games_files(dir)? {
        if path.extension().is_some_and(|e| e == "bin") {
            out.push(read_games_file(&path)?.settings);
        }
    }
    Ok(out)
}
