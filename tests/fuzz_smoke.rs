//! Every fuzz target's check (`fuzz/src/lib.rs`) run as a plain test: over the target's seed
//! corpus (`fuzz/seeds/TARGET/`, `fuzz/seeds.txt`) and a fixed number of mutations of it (bits
//! flipped, bytes and the formats' tokens inserted or replaced, ranges cut, doubled and spliced
//! between seeds), the same every run. `make test` checks every target so without building the
//! fuzzers; `make fuzz` runs them under libFuzzer, guided by coverage, for as long as asked.
//!
//! An input that fails is saved to `fuzz/artifacts/TARGET/smoke-N`, where the fuzzer's binary
//! replays it (`fuzz/README.md`).

#[path = "../fuzz/src/lib.rs"]
mod targets;

use reversi::rng::XorShift64Star;
use std::path::PathBuf;

/// Mutations tried per target; the slow targets (each input a search) try fewer.
fn mutations(target: &str) -> usize {
    match target {
        "solver" => 300,
        "lesson_othello" => 2_000,
        "lesson_tree" => 5_000,
        _ => 20_000,
    }
}

/// Tokens of the formats, inserted as a whole: squares, passes, tree punctuation and words, the
/// lessons' algorithm names and options, GGF's properties.
const TOKENS: &[&str] = &[
    "a1",
    "h8",
    "d3",
    "f5",
    "pa",
    "pass",
    "--",
    "X",
    "O",
    " X",
    " O",
    "(",
    ")",
    ":",
    ",",
    " ",
    "\n",
    "\0",
    "max ",
    "min ",
    "-7",
    "1000000001",
    "minimax",
    "negamax",
    "alphabeta",
    "alphabeta-negamax",
    "alphabeta-ordered",
    "pvs",
    "maxn",
    " iterative",
    " table",
    " 4",
    "(;GM[Othello]",
    "BO[8 ",
    "B[",
    "W[",
    "//1.5]",
    ";)",
    "; A1:+64;",
    "%",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A target's seeds: every file of `fuzz/seeds/TARGET/` and what `fuzz/seeds.txt` names for it.
fn seeds(target: &str) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    if let Ok(entries) = std::fs::read_dir(root().join("fuzz/seeds").join(target)) {
        let mut paths: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
        paths.sort();
        seeds.extend(paths.iter().map(|p| std::fs::read(p).unwrap()));
    }
    let list = std::fs::read_to_string(root().join("fuzz/seeds.txt")).unwrap();
    for line in list.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [name, kind, path] = words[..] else { panic!("fuzz/seeds.txt: '{line}' is not TARGET KIND PATH") };
        if name != target {
            continue;
        }
        let bytes = std::fs::read(root().join(path)).unwrap_or_else(|e| panic!("fuzz/seeds.txt: {path}: {e}"));
        let text = String::from_utf8_lossy(&bytes);
        let lines = text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with(['#', '%']));
        match kind {
            "file" => seeds.push(bytes.clone()),
            "lines" => seeds.extend(lines.map(|l| l.as_bytes().to_vec())),
            "words" => seeds.extend(lines.filter_map(|l| l.split_whitespace().next()).map(|w| w.as_bytes().to_vec())),
            _ => panic!("fuzz/seeds.txt: '{kind}' is not file, lines or words"),
        }
    }
    seeds
}

/// One to four random edits of `input`; `other` is another seed to splice in.
fn mutate(rng: &mut XorShift64Star, input: &[u8], other: &[u8]) -> Vec<u8> {
    let mut data = input.to_vec();
    // Half the time a single edit, which keeps most inputs close to valid.
    let edits = if rng.below(2) == 0 { 1 } else { 2 + rng.below(3) };
    for _ in 0..edits {
        let at = rng.below(data.len() + 1);
        match rng.below(7) {
            0 if !data.is_empty() => {
                let i = rng.below(data.len());
                data[i] ^= 1 << rng.below(8);
            }
            1 if !data.is_empty() => {
                let i = rng.below(data.len());
                data[i] = rng.next_u64() as u8;
            }
            2 => {
                let token = TOKENS[rng.below(TOKENS.len())].as_bytes();
                data.splice(at..at, token.iter().copied());
            }
            3 => {
                let end = (at + 1 + rng.below(16)).min(data.len());
                data.drain(at.min(end)..end);
            }
            4 => {
                let end = (at + 1 + rng.below(32)).min(data.len());
                let copy = data[at.min(end)..end].to_vec();
                data.splice(at..at, copy);
            }
            5 => {
                let from = rng.below(other.len() + 1);
                data.truncate(at);
                data.extend_from_slice(&other[from..]);
            }
            _ => data.insert(at, rng.next_u64() as u8),
        }
    }
    data
}

/// Runs `check` on `input` and says whether the input was accepted; a panic saves the input where
/// the fuzzer replays it and fails the test.
fn run(target: &str, check: targets::Check, input: &[u8], n: usize) -> bool {
    let result = std::panic::catch_unwind(|| check(input));
    if result.is_err() {
        let dir = root().join("fuzz/artifacts").join(target);
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join(format!("smoke-{n}"));
        let _ = std::fs::write(&path, input);
        let shown: String = String::from_utf8_lossy(input).chars().take(300).collect();
        panic!("{target}: input {n} fails, saved to {}: {shown:?}", path.display());
    }
    result.unwrap_or(false)
}

#[test]
fn every_fuzz_target_holds_on_its_seeds_and_their_mutations() {
    for (target, check) in targets::TARGETS {
        assert!(root().join("fuzz/fuzz_targets").join(format!("{target}.rs")).is_file(), "{target}");
        let seeds = seeds(target);
        let seeds_accepted = seeds.iter().enumerate().filter(|&(n, seed)| run(target, check, seed, n)).count();
        // A target without seeds (binary formats, the solver) mutates random bytes.
        let mut rng = XorShift64Star::new(0x5eed ^ target.len() as u64);
        let random: Vec<Vec<u8>> =
            (0..8).map(|_| (0..1 + rng.below(64)).map(|_| rng.next_u64() as u8).collect()).collect();
        let pool = if seeds.is_empty() { &random } else { &seeds };
        let mut accepted = 0;
        for n in 0..mutations(target) {
            let (input, other) = (rng.below(pool.len()), rng.below(pool.len()));
            let input = mutate(&mut rng, &pool[input], &pool[other]);
            accepted += usize::from(run(target, check, &input, seeds.len() + n));
        }
        println!(
            "{target}: {} seeds ({seeds_accepted} accepted), {} mutations ({accepted} accepted)",
            seeds.len(),
            mutations(target)
        );
        // Seeds that the parser refuses, or mutations that never get past it, would test little.
        // (The weights seed is tied to today's patterns: a new pattern set needs a new seed.)
        if !seeds.is_empty() && target != "weights" {
            assert!(
                seeds_accepted > 0 && accepted > 0,
                "{target}: {seeds_accepted} seeds, {accepted} mutations accepted"
            );
        }
    }
}

#[test]
fn every_fuzz_target_has_a_binary_and_the_classroom_targets_have_seeds() {
    let manifest = std::fs::read_to_string(root().join("fuzz/Cargo.toml")).unwrap();
    for (target, _) in targets::TARGETS {
        assert!(manifest.contains(&format!("name = \"{target}\"")), "{target} is not a [[bin]] of fuzz/Cargo.toml");
    }
    for target in ["tree", "lesson_tree", "lesson_othello"] {
        assert!(seeds(target).len() >= 5, "{target}");
    }
}
