//! How many discs one unit of the course evaluation is worth, measured: positions at 16–20 empty
//! squares are scored by a depth-limited search (heuristic units) and solved exactly (discs), and
//! the least-squares slope through the origin, discs ≈ slope × units, is printed with the
//! correlation: for the last depth's score, and for the mean of the last two depths' scores (what
//! the review uses). `othello::eval::course::DISCS_PER_UNIT` records the result.
//!
//! ```text
//! nice cargo run --release --bin eval_scale -- [--positions 200] [--depth 6] [--seed 7]
//! ```
//!
//! Positions come from games played from the standard start with a random move 30 % of the time
//! and the depth-2 engine's move otherwise, so that they are neither all lopsided nor all alike.

use reversi::clock::monotonic_ms;
use reversi::othello::rules::board::Board;
use reversi::othello::search::score::Score;
use reversi::othello::search::{Control, Engine, Limits, Progress};
use reversi::rng::XorShift64Star as Rng;

fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// A position with `empties` empty squares reached by semi-random play, if the game lasts so long.
fn sample(rng: &mut Rng, engine: &mut Engine, empties: u32) -> Option<Board> {
    let mut board = Board::start();
    while board.empty_count() > empties {
        if board.is_game_over() {
            return None;
        }
        if board.must_pass() {
            board = board.passed();
            continue;
        }
        let moves: Vec<_> = board.legal_moves().into_iter().collect();
        let sq = if rng.below(10) < 3 {
            moves[rng.below(moves.len())]
        } else {
            let r = engine.search(board, &Limits::depth(2), &mut Control::new(&monotonic_ms));
            r.best_move.square().unwrap_or(moves[0])
        };
        board = board.play_unchecked(sq);
    }
    (!board.is_game_over() && !board.must_pass()).then_some(board)
}

fn main() {
    let count = arg("--positions", 200) as usize;
    let depth = arg("--depth", 6) as u32;
    let mut rng = Rng::new(arg("--seed", 7));
    let mut engine = Engine::new(64);
    let mut pairs = Vec::new();
    let mut mean_pairs = Vec::new();
    while pairs.len() < count {
        let empties = 16 + (pairs.len() % 5) as u32;
        let Some(board) = sample(&mut rng, &mut engine, empties) else { continue };
        engine.clear();
        let mut scores = Vec::new();
        let mut remember = |p: &Progress| scores.push(p.score);
        let mut control = Control::new(&monotonic_ms);
        control.on_progress = Some(&mut remember);
        let eval = engine.search(board, &Limits::depth(depth), &mut control).score;
        let exact_limits = Limits { exact_from_empties: Some(64), ..Limits::depth(depth) };
        let exact = engine.search(board, &exact_limits, &mut Control::new(&monotonic_ms)).score;
        let (Score::Eval(x), Score::Exact(y)) = (eval, exact) else { continue };
        let Some(&Score::Eval(previous)) = scores.len().checked_sub(2).and_then(|i| scores.get(i)) else { continue };
        pairs.push((x as f64, y as f64));
        mean_pairs.push(((x + previous) as f64 / 2.0, y as f64));
    }
    report(&format!("depth-{depth} search"), &pairs);
    report(&format!("mean of the depth-{} and depth-{depth} searches", depth - 1), &mean_pairs);
}

fn report(what: &str, pairs: &[(f64, f64)]) {
    let n = pairs.len() as f64;
    let sum = |f: &dyn Fn(&(f64, f64)) -> f64| pairs.iter().map(f).sum::<f64>();
    let slope = sum(&|p| p.0 * p.1) / sum(&|p| p.0 * p.0);
    let (mx, my) = (sum(&|p| p.0) / n, sum(&|p| p.1) / n);
    let cov = sum(&|p| (p.0 - mx) * (p.1 - my)) / n;
    let (vx, vy) = (sum(&|p| (p.0 - mx).powi(2)) / n, sum(&|p| (p.1 - my).powi(2)) / n);
    let residual = (sum(&|p| (p.1 - slope * p.0).powi(2)) / n).sqrt();
    println!("{} positions at 16-20 empties, {what} vs exact solve", pairs.len());
    println!("  slope (discs per unit, through the origin): {slope:.5}  (1 disc = {:.1} units)", 1.0 / slope);
    println!(
        "  correlation: {:.3}  rms residual: {residual:.2} discs  rms exact score: {:.2} discs",
        cov / (vx * vy).sqrt(),
        (sum(&|p| p.1 * p.1) / n).sqrt()
    );
}
