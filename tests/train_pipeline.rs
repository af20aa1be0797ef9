//! The training pipeline end to end on a tiny data set: generate games, fit, save, load, evaluate,
//! and play with the result.

use reversi::clock::monotonic_ms;
use reversi::othello::eval::pattern::file;
use reversi::othello::search::{Control, Engine, EvalChoice, Limits};
use reversi::train::fit::{fit, load_samples, weight_errors, FitSettings};
use reversi::train::games::{game_index, GamePlayer, GamesWriter, GeneratorSettings};
use reversi::Board;
use std::sync::Arc;

#[test]
fn generate_fit_save_load_and_search() {
    let dir = std::env::temp_dir().join(format!("reversi-pipeline-{}", std::process::id()));
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
    for k in 0..40 {
        writer.append(&player.play(game_index(&settings, k))).unwrap();
    }
    drop(writer);

    let (train, held, games) = load_samples(&dir, 20).unwrap();
    assert_eq!(games, 40);
    assert!(!held.is_empty() && train.len() > 2 * held.len(), "{} {}", train.len(), held.len());
    let weights = fit(&train, &FitSettings { stages: 2, lambda: 1.0, iterations: 30, overlap: 2 }, &|_| {});
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
