//! The kept training games (`data/games/`): every shard whole, named for what it holds, made again
//! by its folder's command; and the generator that fills it: resumed after the shards, stopped at
//! any moment without losing a finished game, sealing its working file whole.

mod common;

use common::{arg, temp_dir, train, with_file_size_limit, ROOT, TRAIN};
use reversi::train::games::{GamePlayer, GeneratorSettings};
use reversi_cli::games_store::{games_files, parse_shard_name, read_all, read_games_file, shard_name};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

fn kept_dir() -> PathBuf {
    Path::new(ROOT).join("data/games")
}

fn shards() -> Vec<PathBuf> {
    games_files(&kept_dir()).unwrap().into_iter().filter(|p| parse_shard_name(&name(p)).is_some()).collect()
}

fn name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn every_kept_shard_is_whole_and_every_shard_follows_the_last() {
    // The shards alone: a working file beside them is a running generator's, never committed.
    let files: Vec<_> = shards().iter().map(|path| read_games_file(path).unwrap()).collect();
    assert!(!files.is_empty(), "no kept games in {}", kept_dir().display());
    // The shards of each stream of games (one generator's settings), by first game.
    let mut streams: Vec<(GeneratorSettings, Vec<(u32, u32)>)> = Vec::new();
    let (mut games, mut bytes) = (0, 0);
    for (path, file) in shards().iter().zip(&files) {
        bytes += std::fs::metadata(path).unwrap().len();
        for game in &file.games {
            // The moves are legal and end with the stored score.
            game.positions().unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
        games += file.games.len();
        let (settings, first, last) = parse_shard_name(&name(path)).unwrap();
        match streams.iter_mut().find(|(s, _)| *s == settings) {
            Some((_, ranges)) => ranges.push((first, last)),
            None => streams.push((settings, vec![(first, last)])),
        }
    }
    // Each stream starts at its first game and has no gap: no shard was lost.
    for (settings, mut ranges) in streams {
        ranges.sort_unstable();
        let mut next = settings.shard;
        for (first, last) in ranges {
            assert_eq!(first, next, "{settings:?}: the shard from game {next} on is missing");
            next = last + settings.shards;
        }
    }
    assert!(bytes <= 40 << 20, "the kept games take {bytes} bytes, more than 40 MiB");
    eprintln!("{games} kept games in {bytes} bytes");
}

#[test]
fn every_kept_shard_is_made_again_by_the_folders_command() {
    let readme = std::fs::read_to_string(kept_dir().join("README.md")).unwrap();
    for path in shards() {
        let (settings, first, _) = parse_shard_name(&name(&path)).unwrap();
        // The README's command for this stream of games (its shard written out, or as the loop's $k).
        let command = |shard: &str| {
            format!(
                "--seed {} --shard {shard}/{} --depth {} --exact {} --random {}-{}",
                settings.seed,
                settings.shards,
                settings.depth,
                settings.exact_empties,
                settings.min_random,
                settings.max_random
            )
        };
        let written = [command(&settings.shard.to_string()), command("$k")];
        assert!(written.iter().any(|c| readme.contains(c)), "data/games/README.md has no `{}`", written[0]);
        assert!(!settings.pattern_eval, "a shard played with pattern weights must name them in the README");
        // Its first game played again is the stored one, move for move.
        let stored = read_games_file(&path).unwrap().games.remove(0);
        assert_eq!(stored.index, first);
        assert_eq!(GamePlayer::new(settings, None).play(first), stored, "{}", path.display());
    }
}

fn small(seed: u64) -> GeneratorSettings {
    GeneratorSettings {
        seed,
        shard: 0,
        shards: 1,
        depth: 1,
        exact_empties: 6,
        min_random: 4,
        max_random: 24,
        pattern_eval: false,
    }
}

/// `train generate` of the small settings into `dir`.
fn generate(dir: &Path, games: u32, seal: u32) -> (i32, String, String) {
    let games = games.to_string();
    let seal = seal.to_string();
    train(&[
        "generate",
        "--dir",
        arg(dir),
        "--seed",
        "3",
        "--games",
        &games,
        "--depth",
        "1",
        "--exact",
        "6",
        "--seal",
        &seal,
    ])
}

/// Every game of `dir`'s files, in order of index.
fn all_games(dir: &Path) -> Vec<reversi::train::games::GameRecord> {
    let mut games: Vec<_> = read_all(dir).unwrap().into_iter().flat_map(|f| f.games).collect();
    games.sort_by_key(|g| g.index);
    games
}

#[test]
fn the_generator_seals_shards_resumes_after_them_and_makes_them_again() {
    let dir = temp_dir("games-seal");
    let (code, _, err) = generate(&dir, 7, 3);
    assert_eq!(code, 0, "{err}");
    let s = small(3);
    let names: Vec<String> = games_files(&dir).unwrap().iter().map(|p| name(p)).collect();
    assert_eq!(names, [shard_name(&s, 0, 2), shard_name(&s, 3, 5), "games-3-0of1.bin".to_string()]);
    // `seal` seals the rest; the next run continues after the shards, never repeating a game.
    let (code, _, err) = train(&["seal", "--dir", arg(&dir)]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains(&shard_name(&s, 6, 6)), "{err}");
    let (code, _, err) = generate(&dir, 10, 0);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("holds 7 games"), "{err}");
    let games = all_games(&dir);
    assert_eq!(games.iter().map(|g| g.index).collect::<Vec<_>>(), (0..10).collect::<Vec<_>>());
    for game in &games {
        assert_eq!(*game, GamePlayer::new(s, None).play(game.index));
    }
    // A shard is made again, byte for byte, in another folder from its first game.
    let again = temp_dir("games-seal-again");
    let (code, _, err) = train(&[
        "generate",
        "--dir",
        arg(&again),
        "--seed",
        "3",
        "--games",
        "6",
        "--depth",
        "1",
        "--exact",
        "6",
        "--first",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = train(&["seal", "--dir", arg(&again)]);
    assert_eq!(code, 0, "{err}");
    let shard = shard_name(&s, 3, 5);
    assert_eq!(std::fs::read(again.join(&shard)).unwrap(), std::fs::read(dir.join(&shard)).unwrap());
    // --first is refused where games of the settings already are.
    let (code, _, err) = train(&[
        "generate",
        "--dir",
        arg(&dir),
        "--seed",
        "3",
        "--games",
        "12",
        "--depth",
        "1",
        "--exact",
        "6",
        "--first",
        "11",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("already holds games"), "{err}");
    // A seal interrupted after its shard was written and before the working file went: the next
    // run drops the games the shard keeps instead of holding them twice.
    let (code, _, err) = train(&["seal", "--dir", arg(&dir)]);
    assert_eq!(code, 0, "{err}");
    let working = dir.join("games-3-0of1.bin");
    let shard_path = dir.join(shard_name(&s, 7, 9));
    std::fs::write(&working, read_plain(&shard_path)).unwrap();
    let (code, _, err) = generate(&dir, 11, 0);
    assert_eq!(code, 0, "{err}");
    let games = all_games(&dir);
    assert_eq!(games.iter().map(|g| g.index).collect::<Vec<_>>(), (0..11).collect::<Vec<_>>());
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&again).unwrap();
}

/// A shard's games file, unpacked.
fn read_plain(path: &Path) -> Vec<u8> {
    unpack(&std::fs::read(path).unwrap())
}

#[test]
fn a_generator_killed_at_any_moment_loses_no_finished_game() {
    let dir = temp_dir("games-kill");
    for wait_ms in [150, 40, 300, 90] {
        let mut child = Command::new(TRAIN)
            .args(["generate", "--dir", arg(&dir), "--seed", "3", "--games", "100000", "--depth", "1"])
            .args(["--exact", "6", "--seal", "25"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(wait_ms));
        child.kill().unwrap();
        child.wait().unwrap();
    }
    let (code, _, err) = train(&["seal", "--dir", arg(&dir)]);
    assert_eq!(code, 0, "{err}");
    let games = all_games(&dir);
    assert!(games.len() > 25, "only {} games in four runs", games.len());
    assert_eq!(games.iter().map(|g| g.index).collect::<Vec<_>>(), (0..games.len() as u32).collect::<Vec<_>>());
    let s = small(3);
    for game in games.iter().step_by(7) {
        assert_eq!(*game, GamePlayer::new(s, None).play(game.index));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_full_disk_leaves_no_games_file_without_games() {
    let dir = temp_dir("games-full");
    // 0 blocks: not even the header fits. The working file is not left behind empty.
    let (code, _, err) = with_file_size_limit(
        0,
        TRAIN,
        &["generate", "--dir", arg(&dir), "--seed", "3", "--games", "3", "--depth", "1", "--exact", "6"],
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("cannot write games file"), "{err}");
    assert!(games_files(&dir).unwrap().is_empty(), "{:?}", games_files(&dir));
    // A file that an older generator left empty is dropped, not an error that blocks the folder.
    std::fs::write(dir.join("games-3-0of1.bin"), b"").unwrap();
    let (code, _, err) = generate(&dir, 2, 0);
    assert_eq!(code, 0, "{err}");
    assert_eq!(all_games(&dir).len(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_damaged_shard_is_an_error_naming_it() {
    let dir = temp_dir("games-damaged");
    let (code, _, err) = generate(&dir, 4, 4);
    assert_eq!(code, 0, "{err}");
    let s = small(3);
    let shard = dir.join(shard_name(&s, 0, 3));
    let good = std::fs::read(&shard).unwrap();
    let fails = |what: &str, expect: &str| {
        let (code, _, err) =
            train(&["test", "--dir", arg(&dir), "--weights", "weights/pattern.bin", "--holdout", "100"]);
        assert_eq!(code, 2, "{what}: {err}");
        assert!(err.contains(&name(&shard)) || err.contains("games-3-0of1"), "{what}: {err}");
        assert!(err.contains(expect), "{what}: {err}");
    };
    // A byte of the compressed stream, the stream cut short, and a record damaged inside.
    let mut flipped = good.clone();
    flipped[good.len() / 2] ^= 0x10;
    std::fs::write(&shard, &flipped).unwrap();
    fails("a flipped byte", "");
    std::fs::write(&shard, &good[..good.len() - 9]).unwrap();
    fails("cut short", "gzip");
    let mut plain = unpack(&good);
    let at = plain.len() - 3;
    plain[at] ^= 1;
    std::fs::write(&shard, gzip(&plain)).unwrap();
    fails("a damaged record", "checksum");
    // A shard whose name says other games than it holds.
    std::fs::write(&shard, &good).unwrap();
    std::fs::rename(&shard, dir.join(shard_name(&s, 0, 4))).unwrap();
    let (code, _, err) = train(&["test", "--dir", arg(&dir), "--weights", "weights/pattern.bin", "--holdout", "100"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not what its name says"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn unpack(gz: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(gz).read_to_end(&mut out).unwrap();
    out
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap()
}
