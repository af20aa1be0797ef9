//! Two engines play a game: level 3 (Black) against level 5 (White), every move printed with the
//! mover's score, then the result.
//!
//! `cargo run --release --example play_game`

use reversi::clock::monotonic_ms;
use reversi::othello::search::levels::level;
use reversi::othello::search::{Control, Engine};
use reversi::{Color, Move, Position};

fn main() {
    // A level is a preset of search settings (depth, evaluation, exact endgame, randomness);
    // `limits(seed)` turns it into the search's limits, the seed choosing among near-equal moves.
    let black = level(3).expect("levels are 1 to 9").limits(1);
    let white = level(5).expect("levels are 1 to 9").limits(2);
    // One engine per player: each keeps its own transposition table (here 16 MiB).
    let mut engines = [Engine::new(16), Engine::new(16)];

    let mut position = Position::start();
    let mut ply = 1;
    while !position.is_game_over() {
        // A side without a legal move passes; the game goes on with the other side.
        if position.must_pass() {
            println!("{ply:>2}. {} passes", position.side_to_move());
            position = position.play(Move::Pass).expect("a pass is legal when there is no move");
            ply += 1;
            continue;
        }
        let (engine, limits) = match position.side_to_move() {
            Color::Black => (&mut engines[0], &black),
            Color::White => (&mut engines[1], &white),
        };
        // `Control` gives the search its clock (and, optionally, a stop flag and progress reports).
        let result = engine.search(position.board(), limits, &mut Control::new(&monotonic_ms));
        // Scores are for the side to move: an estimate in evaluation units, or discs once exact.
        println!("{ply:>2}. {} plays {} ({})", position.side_to_move(), result.best_move, result.score);
        position = position.play(result.best_move).expect("the engine plays legal moves");
        ply += 1;
    }
    let (black_discs, white_discs) = (position.count(Color::Black), position.count(Color::White));
    match position.winner() {
        Some(winner) => println!("{winner} wins: Black {black_discs} discs, White {white_discs}"),
        None => println!("a draw, {black_discs} discs each"),
    }
}
