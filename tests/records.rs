//! The record parsers against garbage (cargo-fuzz's targets in `fuzz/` do the same at scale where
//! cargo-fuzz is installed): random token soups and mutations of valid GGF records, OBF lines and
//! transcripts never panic; what parses is consistent (legal moves, writing and reading back
//! gives the same game); errors are short and say where.

use crate::common::random_move;
use reversi::othello::records::ggf::{format_ggf, parse_ggf, GgfGame};
use reversi::othello::records::notation::{format_board, format_obf_line, parse_obf_line};
use reversi::othello::records::record::{read_record, Notation};
use reversi::rng::XorShift64Star;
use reversi::{Move, Position};

/// A random game from the start: (moves with passes, final position).
fn random_game(rng: &mut XorShift64Star, max_moves: usize) -> (Vec<Move>, Position) {
    let mut position = Position::start();
    let mut moves = Vec::new();
    while moves.len() < max_moves {
        let Some(mv) = random_move(position, rng) else { break };
        position = position.play(mv).unwrap();
        moves.push(mv);
    }
    (moves, position)
}

/// A valid GGF record of a random game, with some evaluations and times.
fn random_ggf(rng: &mut XorShift64Star) -> String {
    let length = rng.below(61);
    let (moves, _) = random_game(rng, length);
    let mut game = GgfGame::new(Position::start(), &moves);
    game.set_property("PB", "black player");
    game.set_property("PW", "white]player\\");
    for m in game.moves.iter_mut() {
        if rng.below(2) == 0 {
            m.evaluation = Some(rng.below(129) as f64 - 64.0);
        }
        if rng.below(3) == 0 {
            m.seconds = Some(rng.below(100) as f64 / 4.0);
        }
    }
    format_ggf(&game)
}

const TOKENS: &[&str] = &[
    "(;",
    ";)",
    "GM[Othello]",
    "GM[",
    "BO[8 ",
    "BO[",
    "]",
    "[",
    "B[",
    "W[",
    "f5",
    "d6",
    "c3",
    "PA",
    "pa",
    "/",
    "//",
    "-1.5",
    "1e309",
    "NaN",
    "*",
    "O",
    "X",
    "-",
    ".",
    " ",
    "\n",
    "\\",
    ";",
    ":",
    "+38",
    "A2",
    "é",
    "\u{202e}",
    "0",
    "8",
    "TY[8]",
    "RE[+2.00]",
    "(",
    ")",
];

fn token_soup(rng: &mut XorShift64Star) -> String {
    (0..rng.below(80)).map(|_| TOKENS[rng.below(TOKENS.len())]).collect()
}

/// `text` with a few characters deleted, inserted or replaced.
fn mutate(rng: &mut XorShift64Star, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(chars.len() + 1);
        let insert = TOKENS[rng.below(TOKENS.len())].chars().next().unwrap_or('x');
        match rng.below(3) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => chars[at] = insert,
            _ => chars.insert(at, insert),
        }
    }
    chars.into_iter().collect()
}

/// Every property a parsed record must have, whatever text it came from.
fn check(text: &str) {
    match read_record(text) {
        Ok(record) => {
            let replayed = record.moves.iter().try_fold(record.start, |p, &mv| p.play(mv));
            assert!(replayed.is_ok(), "{text:?}");
        }
        Err(e) => {
            let message = e.to_string();
            assert!(message.chars().count() < 300, "{message}");
            if text.trim_start().starts_with("(;") {
                assert!(message.starts_with("GGF, line "), "{message}");
            }
        }
    }
    if let Ok(game) = parse_ggf(text) {
        let again = parse_ggf(&format_ggf(&game)).expect("a written game reads back");
        assert_eq!((again.start, again.plain_moves()), (game.start, game.plain_moves()), "{text:?}");
        assert_eq!(again.properties, game.properties);
    }
    if let Ok(entry) = parse_obf_line(text) {
        assert_eq!(parse_obf_line(&format_obf_line(entry.position, &entry.solutions)).unwrap(), entry, "{text:?}");
    }
}

#[test]
fn token_soups_never_panic() {
    let mut rng = XorShift64Star::from_state(0x5eed_1234_abcd_ef01);
    for _ in 0..20_000 {
        check(&token_soup(&mut rng));
    }
}

#[test]
fn mutated_records_never_panic_and_stay_consistent() {
    let mut rng = XorShift64Star::from_state(0x0bad_cafe_dead_beef);
    for _ in 0..2_000 {
        let ggf = random_ggf(&mut rng);
        let record = read_record(&ggf).unwrap();
        assert_eq!(record.notation, Notation::Ggf);
        check(&ggf);
        for _ in 0..5 {
            check(&mutate(&mut rng, &ggf));
        }
        let length = rng.below(61);
        let (moves, position) = random_game(&mut rng, length);
        let obf = format_obf_line(position, &moves.first().map(|&m| vec![(m, 4)]).unwrap_or_default());
        assert_eq!(read_record(&obf).unwrap().start, position);
        check(&mutate(&mut rng, &obf));
        check(&mutate(&mut rng, &format_board(position)));
        let transcript: String = moves.iter().map(|m| m.to_string()).collect();
        check(&mutate(&mut rng, &transcript));
    }
}

#[test]
fn written_games_read_back_with_their_evaluations() {
    let mut rng = XorShift64Star::from_state(42);
    for _ in 0..300 {
        let text = random_ggf(&mut rng);
        let game = parse_ggf(&text).unwrap();
        assert_eq!(format_ggf(&game), text);
        assert_eq!(parse_ggf(&format_ggf(&game)).unwrap(), game);
    }
}
