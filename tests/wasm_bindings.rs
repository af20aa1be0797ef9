//! The JavaScript-facing bindings, run in headless Chromium by wasm-bindgen-test:
//! `cargo test --target wasm32-unknown-unknown --test wasm_bindings`.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Function, Object, Reflect};
use reversi::wasm::{
    evaluate, evaluation_breakdown, ggf_details, levels, move_budget_ms, opening_name, review_assemble, Game,
    PatternEvaluation, Searcher,
};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// A position where White (to move) has no legal square but Black has a1.
const WHITE_MUST_PASS: &str = "-OXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX O";

fn names(array: &Array) -> Vec<String> {
    array.iter().map(|v| v.as_string().expect("a string")).collect()
}

fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).expect("an object")
}

/// The error crossed into JavaScript as a real `Error` (so `instanceof Error` and `.message` work).
fn message_of(error: JsError) -> String {
    let value: JsValue = error.into();
    let error = value.dyn_into::<js_sys::Error>().expect("a JavaScript Error");
    String::from(error.message())
}

fn options(pairs: &[(&str, JsValue)]) -> JsValue {
    let object = Object::new();
    for (key, value) in pairs {
        Reflect::set(&object, &JsValue::from_str(key), value).unwrap();
    }
    object.into()
}

#[wasm_bindgen_test]
fn a_new_game_has_the_standard_start() {
    let game = Game::new();
    assert_eq!(game.squares().len(), 64);
    assert_eq!(game.squares().iter().filter(|&&c| c != 0).count(), 4);
    let mut legal = names(&game.legal_moves());
    legal.sort();
    assert_eq!(legal, ["c4", "d3", "e6", "f5"]);
    assert_eq!(game.side_to_move(), "black");
    assert_eq!((game.score_black(), game.score_white()), (2, 2));
    assert!(!game.is_game_over());
    assert_eq!(game.winner(), None);
}

#[wasm_bindgen_test]
fn play_undo_redo_and_view_earlier_positions() {
    let mut game = Game::new();
    assert_eq!(names(&game.play("f5").unwrap()), ["e5"]);
    assert_eq!(names(&game.play("D6").unwrap()), ["d5"]);
    assert_eq!(game.transcript(false), "f5d6");
    assert_eq!(game.last_move().as_deref(), Some("d6"));
    assert_eq!(game.undo().as_deref(), Some("d6"));
    assert!(game.can_redo());
    assert_eq!(game.redo().as_deref(), Some("d6"));
    game.go_to(0).unwrap();
    assert_eq!(game.ply(), 0);
    assert_eq!(game.board(), Game::new().board());
    assert_eq!(names(&game.moves()), ["f5", "d6"]);
    let restored = Game::restore(&game.start_board(), &game.full_transcript(), game.ply()).unwrap();
    assert_eq!(restored.board(), game.board());
    assert_eq!(restored.full_transcript(), "f5d6");
}

#[wasm_bindgen_test]
fn bad_input_is_a_javascript_error_with_a_clear_message() {
    let mut game = Game::new();
    assert!(message_of(game.play("a1").unwrap_err()).contains("a1"));
    assert!(message_of(game.play("z9").unwrap_err()).contains("'z9' is not a square"));
    assert!(message_of(game.pass().unwrap_err()).contains("cannot pass"));
    assert!(message_of(game.go_to(5).unwrap_err()).contains("ply 5"));
    assert_eq!(game.ply(), 0, "failed calls change nothing");
    assert!(message_of(Game::from_transcript("f5d6z9").err().unwrap()).contains("character 5"));
    assert!(message_of(Game::from_board("XO").err().unwrap()).contains("board"));
    assert!(message_of(Game::from_text("hello").err().unwrap()).contains("transcript"));
    assert!(message_of(Game::restore("garbage", "", 0).err().unwrap()).starts_with("stored game"));
    assert!(evaluate("not a board").is_err());
}

/// A board with an empty centre square is no Othello position: every way a board comes in refuses
/// it and names the square.
#[wasm_bindgen_test]
fn a_board_with_an_empty_centre_square_is_refused() {
    let start = Game::new().board();
    let empty_d4 = format!("{}-{}", &start[..27], &start[28..]);
    assert_eq!(empty_d4.len(), start.len());
    let message = "board: the centre square d4 is empty; in Othello the four centre squares are never empty";
    assert_eq!(message_of(Game::from_board_and_transcript(&empty_d4, "").err().unwrap()), message);
    assert_eq!(message_of(Game::from_board_and_transcript(&empty_d4, "f5").err().unwrap()), message);
    assert_eq!(message_of(Game::restore(&empty_d4, "", 0).err().unwrap()), format!("stored game: {message}"));
    assert_eq!(message_of(Game::from_board(&empty_d4).err().unwrap()), message);
    assert!(message_of(Game::from_text(&empty_d4).err().unwrap()).contains(message));
    assert_eq!(message_of(evaluate(&empty_d4).unwrap_err()), message);
    assert!(Game::from_board_and_transcript(&start, "f5").is_ok());
}

#[wasm_bindgen_test]
fn a_forced_pass_is_played_explicitly_or_inserted_from_a_transcript() {
    let mut game = Game::from_board(WHITE_MUST_PASS).unwrap();
    assert!(game.must_pass());
    assert_eq!(game.legal_moves().length(), 0);
    assert!(game.play("a1").is_err());
    game.pass().unwrap();
    assert_eq!(game.side_to_move(), "black");
    game.play("a1").unwrap();
    assert!(game.is_game_over());
    assert_eq!(game.winner().as_deref(), Some("black"));
    assert_eq!(game.transcript(true), "paa1");
    let replayed = Game::from_board_and_transcript(WHITE_MUST_PASS, "a1").unwrap();
    assert_eq!(replayed.full_transcript(), "paa1", "the forced pass is inserted");
    assert!(Game::from_board_and_transcript(WHITE_MUST_PASS, "b2").is_err());
}

#[wasm_bindgen_test]
fn a_search_returns_a_legal_move_with_its_line_and_statistics() {
    let mut searcher = Searcher::new(2);
    let game = Game::from_transcript("f5d6c3").unwrap();
    let legal = names(&game.legal_moves());
    let depths = Array::new();
    let record = depths.clone();
    let on_progress = Closure::<dyn FnMut(JsValue)>::new(move |p: JsValue| {
        record.push(&get(&p, "depth"));
    });
    let result = searcher
        .search(
            &game.board(),
            &options(&[("depth", 4.into())]),
            Some(on_progress.as_ref().unchecked_ref::<Function>().clone()),
        )
        .unwrap();
    let best = get(&result, "move").as_string().unwrap();
    assert!(legal.contains(&best), "{best} not in {legal:?}");
    let pv = names(&get(&result, "pv").dyn_into::<Array>().unwrap());
    assert_eq!(pv.first(), Some(&best));
    assert!(get(&result, "nodes").as_f64().unwrap() > 0.0);
    assert_eq!(get(&result, "depth").as_f64(), Some(4.0));
    assert!(depths.length() >= 1, "progress was reported");
}

#[wasm_bindgen_test]
fn a_search_passes_for_a_side_without_moves_and_rejects_bad_options() {
    let mut searcher = Searcher::new(1);
    let result = searcher.search(WHITE_MUST_PASS, &options(&[("depth", 3.into())]), None).unwrap();
    assert_eq!(get(&result, "move").as_string().as_deref(), Some("pa"));
    let start = Game::new().board();
    let unbounded = searcher.search(&start, &options(&[]), None).err().unwrap();
    assert!(message_of(unbounded).contains("never end"));
    let missing = searcher.search(&start, &JsValue::UNDEFINED, None).err().unwrap();
    assert!(message_of(missing).contains("must be an object"));
    let negative = searcher.search(&start, &options(&[("depth", (-1).into())]), None).err().unwrap();
    assert!(message_of(negative).contains("depth must be a whole number"));
    let unknown = searcher.search(&start, &options(&[("dpeth", 3.into())]), None).err().unwrap();
    assert!(message_of(unknown).contains("unknown option 'dpeth'"));
    let level = searcher.search(&start, &options(&[("level", 99.into())]), None).err().unwrap();
    assert!(message_of(level).contains("level 99"));
    let finished = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX O";
    assert!(message_of(searcher.search(finished, &options(&[("depth", 2.into())]), None).err().unwrap())
        .contains("game is over"));
}

#[wasm_bindgen_test]
fn a_team_search_is_a_session_and_the_calls_say_what_is_missing() {
    // In this build each worker has a memory of its own: a team of one engine, searching in
    // sessions as the threads build's main worker does (the page's helpers need that build).
    let start = Game::new().board();
    let mut alone = Searcher::new(1);
    let no_team = alone.search(&start, &options(&[("depth", 3.into()), ("session", 1.into())]), None).err().unwrap();
    assert!(message_of(no_team).contains("a session needs a team"));
    assert!(message_of(alone.help(1).err().unwrap()).contains("in no team"));
    assert!(message_of(alone.session_address().err().unwrap()).contains("in no team"));
    let mut main = Searcher::new(2);
    let team = main.start_team();
    assert!(message_of(alone.join_team(team + 100).err().unwrap()).contains(&format!("no team {}", team + 100)));
    assert!(main.session_address().unwrap() > 0);
    let zero = main.search(&start, &options(&[("depth", 3.into()), ("session", 0.into())]), None).err().unwrap();
    assert!(message_of(zero).contains("session must be a whole number from 1"));
    // A session the page has not asked to be served stops at once: the best move so far.
    let result = main.search(&start, &options(&[("depth", 20.into()), ("session", 7.into())]), None).unwrap();
    assert!(["d3", "c4", "f5", "e6"].contains(&get(&result, "move").as_string().unwrap().as_str()));
    assert!(get(&result, "depth").as_f64().unwrap() < 20.0);
    // A helper of the same memory joins; its help of a session that is not served ends at once.
    alone.join_team(team).unwrap();
    alone.help(7).unwrap();
}

#[wasm_bindgen_test]
fn a_throwing_progress_callback_becomes_an_error() {
    let mut searcher = Searcher::new(1);
    let throws = Function::new_no_args("throw new Error('boom')");
    let error = searcher.search(&Game::new().board(), &options(&[("depth", 2.into())]), Some(throws)).err().unwrap();
    assert!(message_of(error).contains("boom"));
}

#[wasm_bindgen_test]
fn hints_cover_exactly_the_legal_moves() {
    let mut searcher = Searcher::new(2);
    for transcript in ["", "f5", "f5d6c3d3c4"] {
        let game = Game::from_transcript(transcript).unwrap();
        let hints = searcher.analyze(&game.board(), &options(&[("depth", 3.into())])).unwrap();
        let mut hinted: Vec<String> = hints.iter().map(|h| get(&h, "move").as_string().unwrap()).collect();
        let mut legal = names(&game.legal_moves());
        hinted.sort();
        legal.sort();
        assert_eq!(hinted, legal, "after '{transcript}'");
        let scores: Vec<f64> = hints.iter().map(|h| get(&h, "score").as_f64().unwrap()).collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "best first: {scores:?}");
    }
}

#[wasm_bindgen_test]
fn hints_are_a_whole_step_or_unknown() {
    let mut searcher = Searcher::new(1);
    let board = Game::new().board();
    let none = searcher.analyze(&board, &options(&[("depth", 4.into()), ("nodes", 1.into())])).unwrap();
    assert_eq!(none.length(), 4);
    for hint in none.iter() {
        assert!(get(&hint, "score").is_null());
        assert_eq!(get(&hint, "unknown").as_bool(), Some(true));
        assert!(get(&hint, "discs").is_null(), "no number: the page shows '?'");
    }
    // A budget that runs out during a deeper step: the step before it, every move scored.
    let some = searcher.analyze(&board, &options(&[("depth", 4.into()), ("nodes", 60.into())])).unwrap();
    assert_eq!(some.length(), 4);
    for hint in some.iter() {
        assert_eq!(get(&hint, "unknown").as_bool(), Some(false));
        assert!(get(&hint, "score").as_f64().is_some());
    }
}

/// The game clock's budget per move, as the page asks for it.
#[wasm_bindgen_test]
fn a_move_budget_follows_the_clock() {
    use reversi::othello::search::timing::clock_move_budget_ms;
    assert_eq!(move_budget_ms(300_000.0, 2_000.0, 36.0), clock_move_budget_ms(300_000, 2_000, 36) as f64);
    assert!(move_budget_ms(300_000.0, 0.0, 22.0) > move_budget_ms(300_000.0, 0.0, 58.0));
    assert!(move_budget_ms(1_000.0, 60_000.0, 30.0) <= 500.0);
    // Nonsense times count as an empty clock; empties beyond the board as a new game.
    for bad in [-5.0, f64::NAN, f64::NEG_INFINITY] {
        assert_eq!(move_budget_ms(bad, 0.0, 30.0), 0.0);
    }
    assert_eq!(move_budget_ms(60_000.0, f64::NAN, 99.0), move_budget_ms(60_000.0, 0.0, 60.0));
}

#[wasm_bindgen_test]
fn levels_are_listed_weakest_first() {
    let list = levels();
    assert!(list.length() >= 2);
    assert_eq!(get(&list.get(0), "number").as_f64(), Some(1.0));
    assert!(get(&list.get(0), "name").as_string().is_some());
    assert!(evaluate(&Game::new().board()).is_ok());
}

#[wasm_bindgen_test]
fn the_breakdown_adds_up_to_the_evaluation() {
    let board = Game::from_transcript("f5d6c3d3c4f4").unwrap().board();
    let report = evaluation_breakdown(&board).unwrap();
    let terms = get(&report, "terms").dyn_into::<Array>().unwrap();
    assert!(terms.length() >= 1);
    let total = get(&report, "total").as_f64().unwrap();
    assert_eq!(total, evaluate(&board).unwrap() as f64);
    let sum: f64 = terms.iter().map(|t| get(&t, "contribution").as_f64().unwrap()).sum();
    assert_eq!(sum, total, "no clamping this early in a game");
    assert!(evaluation_breakdown("XO").is_err());
}

/// Every part of the review of `moves` from the start, in the order `order` gives the indices.
fn review_parts(searcher: &mut Searcher, moves: &str, depth: u32, order: &[u32]) -> Array {
    let start = Game::new().board();
    order
        .iter()
        .map(|&i| searcher.review_part(&start, moves, &options(&[("depth", depth.into())]), i).unwrap())
        .collect()
}

#[wasm_bindgen_test]
fn a_review_scores_every_position_and_judges_every_move() {
    let mut searcher = Searcher::new(1);
    let start = Game::new().board();
    // The parts in any order (as several workers return them) make the same review.
    let parts = review_parts(&mut searcher, "f5d6c3", 2, &[3, 1, 0, 2]);
    let review = review_assemble(&start, "f5d6c3", &parts).unwrap();
    let in_order =
        review_assemble(&start, "f5d6c3", &review_parts(&mut Searcher::new(1), "f5d6c3", 2, &[0, 1, 2, 3])).unwrap();
    assert_eq!(js_sys::JSON::stringify(&review).unwrap(), js_sys::JSON::stringify(&in_order).unwrap());
    let positions: Array = get(&review, "positions").into();
    let moves: Array = get(&review, "moves").into();
    assert_eq!((positions.length(), moves.length()), (4, 3));
    let first = moves.get(0);
    assert_eq!(get(&first, "move").as_string().unwrap(), "f5");
    assert_eq!(get(&first, "mover").as_string().unwrap(), "black");
    assert!(get(&first, "loss").as_f64().unwrap() >= 0.0);
    let class = get(&first, "class").as_string().unwrap();
    assert!(["best", "good", "inaccuracy", "mistake", "blunder"].contains(&class.as_str()), "{class}");
    assert_eq!(get(&positions.get(0), "toMove").as_string().unwrap(), "black");
    assert!(Array::from(&get(&positions.get(0), "bestLine")).length() >= 1);

    let depth2 = options(&[("depth", 2.into())]);
    let bad = searcher.review_part(&start, "f5 zz", &depth2, 0).err().unwrap();
    assert!(message_of(bad).starts_with("review: transcript: 'zz'"));
    let no_depth = searcher.review_part(&start, "f5", &options(&[("nodes", 100.into())]), 0).err().unwrap();
    assert!(message_of(no_depth).contains("give a depth"));
    let beyond = message_of(searcher.review_part(&start, "f5", &depth2, 2).err().unwrap());
    assert!(beyond.contains("beyond the game's 2 positions"), "{beyond}");
    // Parts missing, of another game, or not parts at all: errors, not a wrong review.
    let missing = message_of(review_assemble(&start, "f5d6c3", &parts.slice(0, 3)).err().unwrap());
    assert!(missing.contains("has no part"), "{missing}");
    let other = message_of(review_assemble(&start, "f5d6", &parts).err().unwrap());
    assert!(other.contains("not a review part of this game"), "{other}");
    let junk: Array = [JsValue::from_str("f5"), JsValue::NULL].iter().collect();
    assert!(review_assemble(&start, "f5", &junk).is_err());
}

#[wasm_bindgen_test]
fn records_are_exported_as_ggf_and_obf_and_read_back() {
    let mut game = Game::from_transcript("f5d6c3").unwrap();
    let ggf = game.to_ggf("Ann", "Bob", vec![1.5, f64::NAN, -2.0], Some("+4.00:r".into()), None, None, None);
    assert!(ggf.starts_with("(;GM[Othello]TY[8]PB[Ann]PW[Bob]RE[+4.00:r]"), "{ggf}");
    assert!(ggf.ends_with("B[f5/1.5]W[d6]B[c3/-2];)"), "{ggf}");
    let back = Game::from_text(&ggf).unwrap();
    assert_eq!(back.transcript(false), "f5d6c3");
    let details = ggf_details(&ggf).unwrap();
    assert_eq!(get(&details, "black").as_string().unwrap(), "Ann");
    let evaluations = Array::from(&get(&details, "evaluations"));
    assert_eq!(evaluations.get(0).as_f64(), Some(1.5));
    assert!(evaluations.get(1).is_null());
    assert_eq!(
        (get(&details, "date").as_string().unwrap(), get(&details, "place").as_string().unwrap()),
        ("".into(), "".into())
    );
    assert!(message_of(ggf_details("(;GM[Othello]B[f5];)").err().unwrap()).contains("no board"));
    assert_eq!(Array::from(&get(&details, "cut")).length(), 0);
    // A name too long to keep is cut, and said.
    let long = game.to_ggf(&"n".repeat(100_000), "Bob", vec![], None, None, None, None);
    let details = ggf_details(&long).unwrap();
    assert_eq!(get(&details, "black").as_string().unwrap(), format!("{}…", "n".repeat(63)));
    let cut = Array::from(&get(&details, "cut")).get(0);
    assert_eq!(get(&cut, "field").as_string().unwrap(), "PB");
    assert_eq!((get(&cut, "length").as_f64(), get(&cut, "limit").as_f64()), (Some(100_000.0), Some(64.0)));

    // A date (milliseconds since 1970, as Date.now() gives) and a place: DT and PC, read back.
    let dated = game.to_ggf("Ann", "Bob", vec![], None, Some(1_000_000_000_000.0), Some("Reversi [web]".into()), None);
    assert!(dated.starts_with("(;GM[Othello]PC[Reversi [web\\]]DT[2001.09.09_01:46:40.UTC]TY[8]PB[Ann]"), "{dated}");
    let details = ggf_details(&dated).unwrap();
    assert_eq!(get(&details, "date").as_string().unwrap(), "2001.09.09_01:46:40.UTC");
    assert_eq!(get(&details, "place").as_string().unwrap(), "Reversi [web]");
    assert_eq!(Game::from_text(&dated).unwrap().transcript(false), "f5d6c3");
    // No date written for a moment that is not one, nor a place for an empty one.
    let undated = game.to_ggf("Ann", "Bob", vec![], None, Some(f64::NAN), Some(String::new()), None);
    assert!(undated.starts_with("(;GM[Othello]TY[8]PB[Ann]"), "{undated}");

    // An imported record's own fields, as ggfDetails gives them, kept in place of the page's
    // place and date; its RE read as Black's margin and how the game ended.
    let record = "(;GM[Othello]PC[test]DT[2003.12.15]PB[Ann]PW[Bob]RE[-64.00:r]TI[5:00]TY[8]\
                  BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6]B[c3];)";
    let details = ggf_details(record).unwrap();
    assert_eq!(
        (get(&details, "resultBlack").as_f64(), get(&details, "resultEnding").as_string()),
        (Some(-64.0), Some("resigned".into()))
    );
    let fields: Vec<String> = Array::from(&get(&details, "fields"))
        .iter()
        .flat_map(|pair| Array::from(&pair).iter().map(|v| v.as_string().unwrap()).collect::<Vec<_>>())
        .collect();
    assert_eq!(fields[..4], ["PC", "test", "DT", "2003.12.15"]);
    let again = game.to_ggf(
        "Ann",
        "Bob",
        vec![],
        Some("-64.00:r".into()),
        Some(0.0),
        Some("Othello in the browser".into()),
        Some(fields),
    );
    assert_eq!(again, record);

    game.go_to(1).unwrap();
    let obf = game.to_obf(Some("d6".into()), Some(-2)).unwrap();
    assert!(obf.ends_with(" O; D6:-2;"), "{obf}");
    assert_eq!(Game::from_text(&obf).unwrap().board(), game.board());
    assert!(message_of(game.to_obf(Some("z9".into()), Some(0)).err().unwrap()).starts_with("move: "));
}

/// The committed weights, as the page fetches them.
const WEIGHTS: &[u8] = include_bytes!("../weights/pattern.bin");

#[wasm_bindgen_test]
fn pattern_weights_switch_the_strong_levels_to_the_pattern_evaluation() {
    let mut searcher = Searcher::new(2);
    let board = Game::from_transcript("f5d6c3d3c4").unwrap().board();
    let level6 = options(&[("level", 6.into()), ("depth", 4.into())]);
    // Without weights, every level evaluates as the course does.
    assert!(!searcher.has_pattern_weights());
    let before = searcher.search(&board, &level6, None).unwrap();
    assert_eq!(get(&before, "evaluation").as_string().as_deref(), Some("course"));
    searcher.set_pattern_weights(WEIGHTS).unwrap();
    assert!(searcher.has_pattern_weights());
    let after = searcher.search(&board, &level6, None).unwrap();
    assert_eq!(get(&after, "evaluation").as_string().as_deref(), Some("pattern"));
    // Scores of the pattern evaluation cross in hundredths of a disc, and in discs to a tenth
    // (what the page writes, "+2.4"); no text.
    let hundredths = get(&after, "score").as_f64().unwrap();
    let discs = get(&after, "discs").as_f64().unwrap();
    assert!((discs - hundredths / 100.0).abs() < 0.051, "{hundredths} hundredths, {discs} discs");
    assert_eq!(discs, (discs * 10.0).round() / 10.0, "to a tenth: {discs}");
    assert!(get(&after, "scoreText").is_undefined());
    // The lower levels and plain depth searches (the hints) stay on the course's evaluation.
    let level4 = searcher.search(&board, &options(&[("level", 4.into())]), None).unwrap();
    assert_eq!(get(&level4, "evaluation").as_string().as_deref(), Some("course"));
    let hint = searcher.analyze(&board, &options(&[("depth", 3.into())])).unwrap();
    assert_eq!(get(&hint.get(0), "evaluation").as_string().as_deref(), Some("course"));
}

/// An estimate in discs as the bindings give it: converted, within ±64, to a tenth.
fn tenths(discs: f64) -> f64 {
    (discs.clamp(-64.0, 64.0) * 10.0).round() / 10.0
}

/// Every score comes with `discs` (the side to move's disc difference, exact or estimated), and
/// the `evaluation` option chooses the evaluation (the pattern one only once the weights are in).
#[wasm_bindgen_test]
fn scores_come_in_discs_and_the_evaluation_can_be_chosen() {
    use reversi::othello::eval::course::DISCS_PER_UNIT;
    let mut searcher = Searcher::new(2);
    let board = Game::from_transcript("f5d6c3d3c4").unwrap().board();
    let pattern = options(&[("depth", 4.into()), ("evaluation", "pattern".into())]);
    let progress = Rc::new(RefCell::new(Vec::new()));
    let seen = progress.clone();
    let on_progress = Closure::<dyn FnMut(JsValue)>::new(move |p: JsValue| seen.borrow_mut().push(p));
    let callback = || Some(on_progress.as_ref().unchecked_ref::<Function>().clone());
    // No weights yet: the course evaluation, and its units converted at the measured scale.
    let course = searcher.search(&board, &pattern, callback()).unwrap();
    assert_eq!(get(&course, "evaluation").as_string().as_deref(), Some("course"));
    let units = get(&course, "score").as_f64().unwrap();
    assert_eq!(get(&course, "discs").as_f64(), Some(tenths(units * DISCS_PER_UNIT)));
    searcher.set_pattern_weights(WEIGHTS).unwrap();
    progress.borrow_mut().clear();
    let found = searcher.search(&board, &pattern, callback()).unwrap();
    assert_eq!(get(&found, "evaluation").as_string().as_deref(), Some("pattern"));
    let hundredths = get(&found, "score").as_f64().unwrap();
    assert_eq!(get(&found, "discs").as_f64(), Some(tenths(hundredths / 100.0)));
    assert_eq!(progress.borrow().len(), 4);
    for p in progress.borrow().iter() {
        assert_eq!(get(p, "evaluation").as_string().as_deref(), Some("pattern"));
        assert_eq!(get(p, "discs").as_f64(), Some(tenths(get(p, "score").as_f64().unwrap() / 100.0)));
    }
    // A level's evaluation gives way to the option.
    let level6_course = options(&[("level", 6.into()), ("depth", 3.into()), ("evaluation", "course".into())]);
    let found = searcher.search(&board, &level6_course, None).unwrap();
    assert_eq!(get(&found, "evaluation").as_string().as_deref(), Some("course"));
    // Hints: every known entry in discs, unknown ones null.
    let hints = searcher.analyze(&board, &pattern).unwrap();
    for hint in hints.iter() {
        assert_eq!(get(&hint, "evaluation").as_string().as_deref(), Some("pattern"));
        assert_eq!(get(&hint, "discs").as_f64(), Some(tenths(get(&hint, "score").as_f64().unwrap() / 100.0)));
    }
    let starved = searcher
        .analyze(&board, &options(&[("depth", 4.into()), ("nodes", 1.into()), ("evaluation", "pattern".into())]));
    for hint in starved.unwrap().iter() {
        assert!(get(&hint, "discs").is_null());
    }
    // Exact scores are disc differences as they are.
    let exact =
        searcher.search(WHITE_MUST_PASS, &options(&[("depth", 3.into()), ("exactFromEmpties", 10.into())]), None);
    let exact = exact.unwrap();
    assert_eq!(get(&exact, "exact").as_bool(), Some(true));
    assert_eq!(get(&exact, "discs").as_f64(), get(&exact, "score").as_f64());
    let bad = searcher.search(&board, &options(&[("depth", 2.into()), ("evaluation", "strong".into())]), None);
    assert_eq!(
        message_of(bad.err().unwrap()),
        "search options: evaluation must be 'course' or 'pattern', not \"strong\""
    );
    // The breakdowns' totals in discs.
    let report = evaluation_breakdown(&board).unwrap();
    let total = get(&report, "total").as_f64().unwrap();
    assert_eq!(get(&report, "totalDiscs").as_f64(), Some(tenths(total * DISCS_PER_UNIT)));
    let report = PatternEvaluation::new(WEIGHTS).unwrap().breakdown(&board).unwrap();
    let total = get(&report, "total").as_f64().unwrap();
    assert_eq!(get(&report, "totalDiscs").as_f64(), Some(tenths(total / 100.0)));
}

#[wasm_bindgen_test]
fn damaged_weights_are_an_error_and_the_engine_keeps_the_course_evaluation() {
    let mut searcher = Searcher::new(1);
    let mut damaged = WEIGHTS.to_vec();
    damaged[1000] ^= 0x55;
    let message = message_of(searcher.set_pattern_weights(&damaged).unwrap_err());
    assert!(message.contains("checksum mismatch"), "{message}");
    let message = message_of(searcher.set_pattern_weights(&WEIGHTS[..100]).unwrap_err());
    assert!(message.contains("truncated"), "{message}");
    assert!(!searcher.has_pattern_weights());
    assert!(PatternEvaluation::new(b"not weights").is_err());
}

#[wasm_bindgen_test]
fn the_pattern_breakdown_adds_up_to_its_total() {
    let evaluation = PatternEvaluation::new(WEIGHTS).unwrap();
    let board = Game::from_transcript("f5d6c3d3c4f4").unwrap().board();
    let report = evaluation.breakdown(&board).unwrap();
    let terms = get(&report, "terms").dyn_into::<Array>().unwrap();
    let sum: f64 = terms.iter().map(|t| get(&t, "contribution").as_f64().unwrap()).sum();
    assert_eq!(Some(sum), get(&report, "total").as_f64());
    assert_eq!(terms.length(), 14, "11 patterns, two mobilities and the constant");
    assert!(evaluation.breakdown("nonsense").is_err());
}

/// The committed opening book, as the page fetches it.
const BOOK: &[u8] = include_bytes!("../weights/book.bin");

#[wasm_bindgen_test]
fn the_book_plays_hints_reviews_and_names() {
    let mut searcher = Searcher::new(2);
    searcher.set_pattern_weights(WEIGHTS).unwrap();
    let start = Game::new().board();
    let level9 = options(&[("level", 9.into()), ("timeMs", 50.into())]);
    // Without a book: a search.
    assert!(!searcher.has_book());
    let searched = searcher.search(&start, &level9, None).unwrap();
    assert_eq!(get(&searched, "book").as_bool(), Some(false));
    // A damaged book is an error and the engine stays without one.
    let mut damaged = BOOK.to_vec();
    damaged[30] ^= 1;
    let error = message_of(searcher.set_book(&damaged).err().unwrap());
    assert!(error.starts_with("invalid book file: checksum mismatch"), "{error}");
    assert!(!searcher.has_book());
    searcher.set_book(BOOK).unwrap();
    assert!(searcher.has_book());
    // Level 9 plays from the book; its value in whole discs.
    let found = searcher.search(&start, &level9, None).unwrap();
    assert_eq!(get(&found, "book").as_bool(), Some(true));
    let discs = get(&found, "discs").as_f64().unwrap();
    assert_eq!(discs.fract(), 0.0);
    assert!(["f5", "d3", "c4", "e6"].contains(&get(&found, "move").as_string().unwrap().as_str()));
    // book: false searches; a depth alone does not use the book, book: true makes it.
    let off = options(&[("level", 9.into()), ("timeMs", 50.into()), ("book", false.into())]);
    assert_eq!(get(&searcher.search(&start, &off, None).unwrap(), "book").as_bool(), Some(false));
    let depth = options(&[("depth", 2.into())]);
    assert_eq!(get(&searcher.search(&start, &depth, None).unwrap(), "book").as_bool(), Some(false));
    let on = options(&[("depth", 2.into()), ("book", true.into())]);
    assert_eq!(get(&searcher.search(&start, &on, None).unwrap(), "book").as_bool(), Some(true));
    let bad = options(&[("depth", 2.into()), ("book", "yes".into())]);
    assert!(message_of(searcher.search(&start, &bad, None).err().unwrap()).contains("book must be true or false"));
    // Hints mark the book moves with their book value, best first.
    let hints = searcher.analyze(&start, &depth).unwrap();
    assert_eq!(hints.length(), 4);
    for hint in hints.iter() {
        assert_eq!(get(&hint, "book").as_bool(), Some(true));
        assert_eq!(get(&hint, "discs").as_f64(), Some(discs));
    }
    let plain = searcher.analyze(&start, &options(&[("depth", 2.into()), ("book", false.into())])).unwrap();
    assert!(plain.iter().all(|h| get(&h, "book").as_bool() == Some(false)));
    let book_moves = searcher.book_moves(&start).unwrap();
    assert_eq!(book_moves.length(), 4);
    assert_eq!(get(&book_moves.get(0), "discs").as_f64(), Some(discs));
    // How far a game stayed in the book.
    assert_eq!(searcher.out_of_book_ply(&start, "").unwrap(), 0);
    assert_eq!(searcher.out_of_book_ply(&start, "f5").unwrap(), 1);
    assert!(searcher.out_of_book_ply(&start, "z9").is_err());
    // The review calls every first move "book".
    let review = review_assemble(&start, "f5", &review_parts(&mut searcher, "f5", 2, &[0, 1])).unwrap();
    let moves: Array = get(&review, "moves").dyn_into().unwrap();
    assert_eq!(get(&moves.get(0), "class").as_string().as_deref(), Some("book"));
    assert_eq!(get(&moves.get(0), "loss").as_f64(), Some(0.0));
    // Names.
    assert_eq!(opening_name("f5d6c3d3c4").unwrap().as_deref(), Some("Tiger"));
    assert_eq!(opening_name("c4e3f6e6f5").unwrap().as_deref(), Some("Tiger"));
    assert_eq!(opening_name("f5f6e6d6c5").unwrap().as_deref(), Some("Cow"));
    assert_eq!(opening_name("f5d6c5f4e3c6d3f6e6d7").unwrap().as_deref(), Some("Rose"));
    assert_eq!(opening_name("f5").unwrap(), None);
    assert!(opening_name("f5z9").is_err());
}

/// A game to 14 empty squares, Black to move: Black +10 by h2 with perfect play (the solver's).
const FOURTEEN_EMPTIES: &str =
    "e6f4f3f6g6f2g4g7c4h6f5h5h3d3d2e7h7g5d6c3f8h4c2e8g3d7c7d1h8b2f1g8e3b3c1b7a1f7c6g2b1e1a3a2g1h1";

#[wasm_bindgen_test]
fn the_analysis_board_has_every_move_with_its_line_and_the_book_explored() {
    let mut searcher = Searcher::new(4);
    // Every legal move, best first, with a line that starts with it and plays.
    let game = Game::from_transcript("f5d6c3d3c4").unwrap();
    let lines = searcher.analyze_lines(&game.board(), &options(&[("depth", 3.into())])).unwrap();
    let mut moves: Vec<String> = lines.iter().map(|l| get(&l, "move").as_string().unwrap()).collect();
    let mut legal = names(&game.legal_moves());
    moves.sort();
    legal.sort();
    assert_eq!(moves, legal);
    let scores: Vec<f64> = lines.iter().map(|l| get(&l, "score").as_f64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "best first: {scores:?}");
    for line in lines.iter() {
        assert_eq!(get(&line, "depth").as_f64(), Some(3.0));
        assert_eq!(get(&line, "unknown").as_bool(), Some(false));
        let pv = names(&get(&line, "pv").into());
        assert_eq!(pv[0], get(&line, "move").as_string().unwrap());
        let mut after = Game::from_transcript("f5d6c3d3c4").unwrap();
        for mv in &pv {
            after.play(mv).unwrap_or_else(|e| panic!("{pv:?}: {}", message_of(e)));
        }
    }
    // Solved exactly: the solver's score and line.
    let endgame = Game::from_transcript(FOURTEEN_EMPTIES).unwrap().board();
    let exact = options(&[("depth", 60.into()), ("exactFromEmpties", 64.into())]);
    let solved = searcher.analyze_lines(&endgame, &exact).unwrap().get(0);
    assert_eq!(get(&solved, "exact").as_bool(), Some(true));
    assert_eq!(get(&solved, "discs").as_f64(), Some(10.0));
    assert_eq!(get(&solved, "depth").as_f64(), Some(14.0));
    assert_eq!(names(&get(&solved, "pv").into()).join(" "), "h2 e2 b4 b5 c5 b6 d8 c8 a4 a5 a6 a7 a8 b8");
    // No time for anything: no number made up.
    let none =
        searcher.analyze_lines(&Game::new().board(), &options(&[("depth", 4.into()), ("nodes", 1.into())])).unwrap();
    assert_eq!(none.length(), 4);
    assert!(none.iter().all(|l| get(&l, "discs").is_null() && get(&l, "unknown").as_bool() == Some(true)));
    // Bad input says what is wrong.
    assert!(message_of(searcher.analyze_lines("nonsense", &exact).err().unwrap()).contains("board"));
    assert!(message_of(searcher.analyze_lines(&endgame, &options(&[])).err().unwrap()).contains("search options"));
    let team = options(&[("depth", 2.into()), ("session", 1.into())]);
    assert!(message_of(searcher.analyze_lines(&endgame, &team).err().unwrap())
        .contains("analyzeLines: a session needs a team"));

    // The explorer: nothing without a book; with it, the four first moves leading to Tiger.
    let start = Game::new().board();
    assert!(searcher.explore_book(&start).unwrap().is_null());
    searcher.set_book(BOOK).unwrap();
    let explored = searcher.explore_book(&start).unwrap();
    let book_moves: Array = get(&explored, "moves").into();
    let mut first: Vec<String> = book_moves.iter().map(|m| get(&m, "move").as_string().unwrap()).collect();
    first.sort();
    assert_eq!(first, ["c4", "d3", "e6", "f5"]);
    for m in book_moves.iter() {
        assert_eq!(get(&m, "discs").as_f64(), get(&explored, "discs").as_f64());
        assert!(get(&m, "name").is_null());
        assert!(names(&get(&m, "leadsTo").into()).contains(&"Tiger".to_string()));
        assert!(get(&m, "line").dyn_into::<Array>().unwrap().length() > 0);
    }
    let tiger = searcher.explore_book(&Game::from_transcript("f5d6c3d3").unwrap().board()).unwrap();
    let c4 = Array::from(&get(&tiger, "moves"))
        .iter()
        .find(|m| get(m, "move").as_string().as_deref() == Some("c4"))
        .unwrap();
    assert_eq!(get(&c4, "name").as_string().as_deref(), Some("Tiger"));
    assert!(searcher.explore_book(&endgame).unwrap().is_null(), "beyond the book");
    assert!(message_of(searcher.explore_book("nonsense").err().unwrap()).contains("board"));
}
