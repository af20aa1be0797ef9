//! A search with a time budget, as the page's AI runs it: level 9's settings (the pattern
//! evaluation, ProbCut, an exact endgame when it fits), given 300 ms, reporting each completed
//! depth as it goes.
//!
//! `cargo run --release --example timed_search -- [MILLISECONDS] ["<64 squares> X"]`

use reversi::clock::monotonic_ms;
use reversi::othello::eval::pattern::file::bundled;
use reversi::othello::records::notation::{parse_board, replay};
use reversi::othello::search::levels::level;
use reversi::othello::search::{Control, Engine, Limits, Progress};
use reversi::Position;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let budget_ms: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(300);
    // A position from a board, or from the start and a few moves.
    let position = match args.get(1) {
        Some(text) => parse_board(text).unwrap_or_else(|e| {
            eprintln!("timed_search: {e}");
            std::process::exit(2)
        }),
        None => replay(Position::start(), "f5d6c3d3c4f4").expect("legal moves").1,
    };

    let mut engine = Engine::new(64);
    // Levels 6 to 9 evaluate with the pattern weights (built into the library); without them the
    // engine falls back to the course's evaluation.
    engine.set_pattern_weights(bundled().ok());
    // Level 9's settings with our own time budget, and no opening book (the engine has none set).
    let limits = Limits { time_ms: Some(budget_ms), book: None, ..level(9).expect("level 9").limits(0) };

    // Progress reports arrive after each completed iteration of the iterative deepening.
    let mut report = |p: &Progress| {
        println!("depth {:>2}: {} {} ({} nodes, {} ms)", p.depth, p.best_move, p.score, p.nodes, p.elapsed_ms)
    };
    let mut control = Control::new(&monotonic_ms);
    control.on_progress = Some(&mut report);
    let result = engine.search(position.board(), &limits, &mut control);
    println!(
        "best move {} ({}), depth {}, {} nodes in {} ms",
        result.best_move, result.score, result.stats.depth, result.stats.nodes, result.stats.elapsed_ms
    );
}
