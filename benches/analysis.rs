//! The deep analysis (`Engine::analyze_deep`: every move scored, deeper step by step) as a strong
//! player meets it: on middlegame positions of 30 to 46 empties, the selective depth every move
//! has reached after 1, 5 and 10 seconds, and whether each step's best move is the one level 9
//! chooses at the same depth; on endgame positions of 20 and 24 empties (FFO #40–41, #45–46), the
//! time until every move's outcome and every move's exact score is known.
//!
//! `cargo bench --bench analysis -- [SECONDS] [--threads N]` (default 10, one thread).
//! `cargo bench --bench analysis -- review`: instead, the time a review takes (every position's
//! every move analysed: `othello::analysis::review`) of three 60-move games at the page's
//! review strengths, one thread.

mod common;

use reversi::clock::monotonic_ms;
use reversi::othello::analysis::arena::random_walk;
use reversi::othello::records::notation::{parse_obf, replay};
use reversi::othello::search::levels::level;
use reversi::othello::search::lines::{AnalysisStep, Certainty};
use reversi::othello::search::parallel::Team;
use reversi::othello::search::{Control, Engine, Limits};
use reversi::rng::XorShift64Star as Rng;
use reversi::Board;

fn main() {
    let mut args = common::arguments();
    if args.first().is_some_and(|a| a == "review") {
        return review_times();
    }
    let threads = common::threads(&mut args);
    let seconds: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(10);
    let weights = reversi::othello::eval::pattern::file::bundled().expect("bundled weights");
    let nine = level(9).expect("level 9").limits(0);
    let mut engine = Engine::new(64);
    engine.set_pattern_weights(Some(weights.clone()));
    let mut team = (threads > 1).then(|| {
        let mut team = Team::new(threads, 64);
        team.set_pattern_weights(Some(weights.clone()));
        team
    });
    let mut reference = Engine::new(64);
    reference.set_pattern_weights(Some(weights));

    // The 46-empty position of the study area's complaint, and random ones of 38 and 30 empties.
    let mut positions = vec![(
        "f5d6c3d3c4f4f6f3e6e7d7c6b6c5".to_string(),
        replay(reversi::Position::start(), "f5d6c3d3c4f4f6f3e6e7d7c6b6c5").expect("transcript").1.board(),
    )];
    let mut rng = Rng::new(11);
    for plies in [22, 22, 30, 30] {
        positions.push((format!("random walk of {plies} plies"), random_walk(&mut rng, plies)));
    }
    println!("deep analysis, {threads} thread(s), {seconds} s a position: depth@confidence of every move after 1 / 5 / {seconds} s");
    let analysis =
        Limits { depth: Some(60), time_ms: Some(seconds * 1000), book: None, exact_from_empties: None, ..nine.clone() };
    for (name, board) in &positions {
        let steps = analyze(&mut engine, team.as_mut(), *board, &analysis);
        let at =
            |ms: u64| steps.iter().rfind(|s| s.elapsed_ms <= ms).map_or("-".to_string(), |s| certainty(&s.certainty));
        // Each step's best move against level 9's search to the same depth, the table cleared.
        let mut agree = 0;
        let mut compared = 0;
        for step in steps.iter().filter(|s| matches!(s.certainty, Certainty::Depth { depth, .. } if depth <= 14)) {
            let Certainty::Depth { depth, .. } = step.certainty else { continue };
            reference.clear();
            let limits =
                Limits { depth: Some(depth), time_ms: None, book: None, exact_from_empties: None, ..nine.clone() };
            let best = reference.search(*board, &limits, &mut Control::new(&monotonic_ms)).best_move;
            compared += 1;
            agree += usize::from(best == step.lines[0].mv);
        }
        println!(
            "{:>2} empties {name}: {} {} {} ({} moves; best move = level 9's at {agree} of {compared} depths up to 14)",
            board.empty_count(),
            at(1000),
            at(5000),
            at(seconds * 1000),
            steps.last().map_or(0, |s| s.lines.len()),
        );
    }
    println!("endgames: the time until every move's outcome, then every move's exact score");
    let ffo = parse_obf(include_str!("../data/fforum-40-59.obf")).expect("FFO positions");
    let solve = Limits { depth: Some(60), time_ms: Some(120_000), book: None, exact_from_empties: Some(30), ..nine };
    for number in [40usize, 41, 45, 46] {
        let board = ffo[number - 40].position.board();
        engine.clear();
        let steps = analyze(&mut engine, team.as_mut(), board, &solve);
        let when = |wanted: Certainty| {
            steps
                .iter()
                .find(|s| s.certainty == wanted)
                .map_or("-".into(), |s| format!("{:.2} s", s.elapsed_ms as f64 / 1000.0))
        };
        let exact = steps.iter().find(|s| s.certainty == Certainty::Exact);
        let expected = ffo[number - 40].best_score();
        println!(
            "FFO #{number} ({} empties): outcomes {}, exact {} (best {} {:?}, FFO {:?})",
            board.empty_count(),
            when(Certainty::Outcome),
            when(Certainty::Exact),
            exact.map_or("-".into(), |s| s.lines[0].mv.to_string()),
            exact.and_then(|s| s.lines[0].score),
            expected,
        );
    }
}

/// The time to review three games played by level 5 against itself (different seeds), at
/// the depths and solving thresholds the page may use.
fn review_times() {
    use reversi::othello::analysis::review::{review_game, ReviewLimits};
    use reversi::othello::search::EvalChoice;
    use reversi::{Move, Position};
    let weights = reversi::othello::eval::pattern::file::bundled().expect("bundled weights");
    let games: Vec<Vec<Move>> = (1..=3)
        .map(|seed| {
            let mut engine = Engine::new(16);
            engine.set_pattern_weights(Some(weights.clone()));
            let mut position = Position::start();
            let mut moves = Vec::new();
            while !position.is_game_over() {
                let limits = level(5).expect("level 5").limits(seed);
                let found = engine.search(position.board(), &limits, &mut Control::new(&monotonic_ms));
                position = position.play(found.best_move).expect("a legal move");
                moves.push(found.best_move);
            }
            moves
        })
        .collect();
    println!("review of three games, one thread, 16 MiB (the review worker's): seconds a game");
    for (depth, exact) in [(8, 18), (10, 18), (12, 20)] {
        let limits = ReviewLimits { depth, exact_from_empties: exact, eval: EvalChoice::Pattern };
        let times: Vec<String> = games
            .iter()
            .map(|moves| {
                let mut engine = Engine::new(16);
                engine.set_pattern_weights(Some(weights.clone()));
                let start = monotonic_ms();
                review_game(&mut engine, Position::start(), moves, &limits, &monotonic_ms, &mut |_, _| {});
                format!("{:.2} s ({} moves)", (monotonic_ms() - start) / 1000.0, moves.len())
            })
            .collect();
        println!("depth {depth}, exact from {exact}: {}", times.join(", "));
    }
}

/// Every completed step of the deep analysis of `board`.
fn analyze(engine: &mut Engine, team: Option<&mut Team>, board: Board, limits: &Limits) -> Vec<AnalysisStep> {
    let mut steps = Vec::new();
    let mut record = |step: &AnalysisStep| steps.push(step.clone());
    match team {
        Some(team) => {
            team.analyze_deep(board, limits, &mut Control::new(&monotonic_ms), &mut record);
        }
        None => {
            engine.analyze_deep(board, limits, &mut Control::new(&monotonic_ms), &mut record);
        }
    }
    steps
}

fn certainty(c: &Certainty) -> String {
    match c {
        Certainty::Depth { depth, percent: Some(p) } => format!("{depth}@{p}%"),
        Certainty::Depth { depth, percent: None } => format!("{depth}"),
        Certainty::Outcome => "outcome".into(),
        Certainty::Exact => "exact".into(),
    }
}
