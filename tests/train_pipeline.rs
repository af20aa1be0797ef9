//! The training pipeline end to end on a tiny data set: generate games, fit, save, load, evaluate,
//! and play with the result.

use reversi::clock::monotonic_ms;
use reversi::othello::eval::pattern::{file, PatternWeights};
use reversi::othello::search::{Control, Engine, EvalChoice, Limits};
use reversi::train::fit::{fit, samples_of, weight_errors, FitSettings};
use reversi::train::games::{game_index, read_games, GamePlayer, GamesFile, GamesWriter, GeneratorSettings};
use reversi::Board;
use std::sync::Arc;

/// `games` games of depth-2 play, solved exactly from 12 empties, written to a new folder `name`;
/// the folder and its file, read back.
fn generate(name: &str, games: u32) -> (std::path::PathBuf, [GamesFile; 1]) {
    let dir = std::env::temp_dir().join(format!("reversi-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let settings = GeneratorSettings {
        seed: 7,
        shard: 0,
        shards: 1,
        depth: 2,
        exact_empties: 12,
        min_random: 2,
        max_random: 10,
        pattern_eval: false,
    };
    let mut writer = GamesWriter::open(&dir, settings).unwrap();
    let mut player = GamePlayer::new(settings, None);
    for k in 0..games {
        writer.append(&player.play(game_index(&settings, k))).unwrap();
    }
    let file = read_games(writer.path()).unwrap();
    (dir, [file])
}

#[test]
fn generate_fit_save_load_and_search() {
    let (dir, files) = generate("pipeline", 40);

    let (train, held, games) = samples_of(&files, 20).unwrap();
    assert_eq!(games, 40);
    assert!(!held.is_empty() && train.len() > 2 * held.len(), "{} {}", train.len(), held.len());
    let weights = fit(&train, &FitSettings { stages: 2, lambda: 1.0, iterations: 30, overlap: 2 }, None, &|_| {});
    let path = dir.join("w.bin");
    file::save(&path, 2, &weights).unwrap();
    let loaded = Arc::new(file::load(&path).unwrap());

    // The fit explains its training data far better than predicting a draw everywhere.
    let fitted = weight_errors(&train, &loaded).mean(0, 60, false).0;
    let zero = train.iter().map(|s| f64::from(s.score).abs()).sum::<f64>() / train.len() as f64;
    assert!(fitted < zero / 2.0, "fitted {fitted:.2} vs {zero:.2}");

    // The engine searches with it, and falls back to the course's evaluation without it.
    let mut engine = Engine::new(1);
    let limits = Limits { eval: EvalChoice::Pattern, ..Limits::depth(3) };
    let course = engine.search(Board::start(), &Limits::depth(3), &mut Control::new(&monotonic_ms));
    let unloaded = engine.search(Board::start(), &limits, &mut Control::new(&monotonic_ms));
    assert_eq!(unloaded.score, course.score);
    engine.set_pattern_weights(Some(loaded.clone()));
    let r = engine.search(Board::start(), &limits, &mut Control::new(&monotonic_ms));
    assert!(Board::start().legal_moves().contains(r.best_move.square().unwrap()));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_prior_is_what_the_ridge_pulls_towards() {
    let (dir, files) = generate("prior", 40);
    // Two halves of the games: the prior is fitted on one, then corrected on the other.
    let (first, second, _) = samples_of(&files, 50).unwrap();
    let settings = FitSettings { stages: 2, lambda: 1.0, iterations: 30, overlap: 2 };
    let prior = fit(&first, &settings, None, &|_| {});
    let error = |w: &[f32]| weight_errors(&second, &PatternWeights::from_class_weights(2, w)).mean(0, 60, false).0;

    // An overwhelming ridge keeps the prior (and, without one, the weights at zero).
    let held = fit(&second, &FitSettings { lambda: 1e9, ..settings }, Some(&prior), &|_| {});
    let moved = held.iter().zip(&prior).fold(0f32, |m, (a, b)| m.max((a - b).abs()));
    assert!(moved < 1e-3, "the prior moved by {moved}");
    let zero = fit(&second, &FitSettings { lambda: 1e9, ..settings }, None, &|_| {});
    assert!(zero.iter().all(|w| w.abs() < 1e-3));

    // A light one lets the new data correct it, and the prior still counts: the fit starts
    // from it and ends nearer to it than a fit from nothing does.
    let corrected = fit(&second, &settings, Some(&prior), &|_| {});
    let fresh = fit(&second, &settings, None, &|_| {});
    assert!(error(&corrected) < error(&prior) * 0.8, "{} vs {}", error(&corrected), error(&prior));
    let distance = |w: &[f32]| w.iter().zip(&prior).map(|(a, b)| f64::from(a - b).powi(2)).sum::<f64>();
    assert!(distance(&corrected) < distance(&fresh), "{} vs {}", distance(&corrected), distance(&fresh));
    std::fs::remove_dir_all(&dir).unwrap();
}
