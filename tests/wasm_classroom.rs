//! The classroom's `Lesson` binding, run in headless Chromium by wasm-bindgen-test:
//! `cargo test --target wasm32-unknown-unknown --features classroom --test wasm_classroom`.
#![cfg(all(target_arch = "wasm32", feature = "classroom"))]

use js_sys::{Array, Reflect};
use reversi::wasm::classroom::Lesson;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).expect("an object")
}

fn message_of(error: JsError) -> String {
    let value: JsValue = error.into();
    String::from(value.dyn_into::<js_sys::Error>().expect("a JavaScript Error").message())
}

fn strings(value: JsValue) -> Vec<String> {
    Array::from(&value).iter().map(|v| v.as_string().expect("a string")).collect()
}

fn numbers(value: JsValue) -> Vec<f64> {
    Array::from(&value).iter().map(|v| v.as_f64().expect("a number")).collect()
}

#[wasm_bindgen_test]
fn the_lecture_tree_gives_its_result_nodes_and_events() {
    let lesson = Lesson::example("lecture", "alphabeta").unwrap();
    assert_eq!(lesson.kind(), "tree");
    assert_eq!(lesson.algorithm(), "alphabeta");
    assert_eq!(lesson.players(), 2);
    assert_eq!(lesson.tree_text(), "max a(b(d(h:1 i:4) e(j:5 l:6)) c(f(m:2 n:1) g(o:1 p:1)))");
    let result = lesson.result();
    assert_eq!(get(&result, "text").as_string().unwrap(), "4 [b, d, i]");
    assert_eq!(get(&result, "value").as_f64(), Some(4.0));
    assert_eq!(strings(get(&result, "path")), ["b", "d", "i"]);
    assert_eq!(get(&result, "leaves").as_f64(), Some(5.0));

    let root = lesson.node(0.0).unwrap();
    assert_eq!(get(&root, "parent").as_f64(), Some(-1.0));
    assert_eq!(get(&root, "label").as_string().unwrap(), "a");
    assert_eq!(get(&root, "player").as_string().unwrap(), "MAX");
    assert_eq!(numbers(get(&root, "children")).len(), 2);
    let b = lesson.node(1.0).unwrap();
    assert_eq!((get(&b, "label").as_string().unwrap(), get(&b, "move").as_string().unwrap()), ("b".into(), "b".into()));
    assert_eq!(get(&b, "player").as_string().unwrap(), "MIN");

    let enter = lesson.event(0.0).unwrap();
    assert_eq!(get(&enter, "kind").as_string().unwrap(), "enter");
    assert!(get(&enter, "alpha").is_null() && get(&enter, "beta").is_null(), "±∞ cross as null");
    let kinds: Vec<String> =
        (0..lesson.event_count()).map(|i| get(&lesson.event(i as f64).unwrap(), "kind").as_string().unwrap()).collect();
    assert_eq!(kinds.iter().filter(|k| *k == "leaf").count(), 5);
    assert_eq!(kinds.iter().filter(|k| *k == "cutoff").count(), 2);
    assert_eq!(kinds.last().unwrap(), "return");
    let last = lesson.event((lesson.event_count() - 1) as f64).unwrap();
    assert_eq!(strings(get(&last, "path")), ["b", "d", "i"]);
}

#[wasm_bindgen_test]
fn the_pruning_example_cuts_a_and_b_with_a_reason_in_both_languages() {
    let lesson = Lesson::example("pruning", "alphabeta").unwrap();
    assert_eq!(get(&lesson.result(), "value").as_f64(), Some(18.0));
    let cut = (0..lesson.event_count())
        .map(|i| lesson.event(i as f64).unwrap())
        .find(|e| get(e, "kind").as_string().unwrap() == "cutoff")
        .expect("a cut-off");
    let skipped: Vec<String> = numbers(get(&cut, "skipped"))
        .into_iter()
        .map(|id| get(&lesson.node(id).unwrap(), "label").as_string().unwrap())
        .collect();
    assert_eq!(skipped, ["A", "B"]);
    let reason = get(&cut, "reason");
    assert!(get(&reason, "en").as_string().unwrap().contains("A and B are skipped"));
    assert!(get(&reason, "pt").as_string().unwrap().contains("A e B são ignorados"));
    assert_eq!(get(&cut, "beta").as_f64(), Some(18.0));

    let negamax = Lesson::example("pruning", "alphabeta-negamax").unwrap();
    let enter = negamax.event(0.0).unwrap();
    assert!(get(&enter, "useLimit").is_null() && get(&enter, "passLimit").is_null());
    assert_eq!(get(&negamax.result(), "text").as_string().unwrap(), "18 [x, n4]");
}

#[wasm_bindgen_test]
fn replay_state_steps_forward_and_back() {
    let lesson = Lesson::example("pruning", "alphabeta").unwrap();
    let end = lesson.event_count() as f64;
    let json = |step: f64| js_sys::JSON::stringify(&lesson.state(step).unwrap()).unwrap().as_string().unwrap();
    let forward: Vec<String> = (0..=lesson.event_count()).map(|k| json(k as f64)).collect();
    let backward: Vec<String> = (0..=lesson.event_count()).rev().map(|k| json(k as f64)).collect();
    assert_eq!(forward, backward.into_iter().rev().collect::<Vec<_>>());
    let start = lesson.state(0.0).unwrap();
    assert_eq!(get(&start, "current").as_f64(), Some(-1.0));
    assert_eq!(Array::from(&get(&start, "nodes")).length(), 0);
    let last = lesson.state(end).unwrap();
    assert_eq!(get(&last, "leaves").as_f64(), Some(4.0));
    let statuses: Vec<String> =
        Array::from(&get(&last, "nodes")).iter().map(|n| get(&n, "status").as_string().unwrap()).collect();
    assert_eq!(statuses.iter().filter(|s| *s == "pruned").count(), 2);
    assert_eq!(statuses[0], "done");
    assert!(message_of(lesson.state(end + 1.0).unwrap_err()).contains("past the end"));
    assert!(message_of(lesson.state(-1.0).unwrap_err()).contains("whole number"));
}

#[wasm_bindgen_test]
fn maxn_tic_tac_toe_and_othello_lessons() {
    let maxn = Lesson::example("maxn", "maxn").unwrap();
    assert_eq!(maxn.players(), 3);
    assert!(get(&maxn.result(), "text").as_string().unwrap().starts_with("(1, 2, 6) ["));
    assert_eq!(numbers(get(&maxn.result(), "value")), [1.0, 2.0, 6.0]);
    assert_eq!(get(&maxn.node(1.0).unwrap(), "player").as_f64(), Some(2.0));

    let ttt = Lesson::tic_tac_toe("", 2.0, true, "minimax").unwrap();
    assert_eq!(ttt.kind(), "tictactoe");
    assert_eq!(get(&ttt.result(), "text").as_string().unwrap(), "1 [b2, a1]");
    assert_eq!(ttt.node_count(), 16);
    assert_eq!(Lesson::tic_tac_toe("", 2.0, false, "minimax").unwrap().node_count(), 82);
    assert_eq!(get(&ttt.node(0.0).unwrap(), "board").as_string().unwrap(), "---------");

    let othello = Lesson::othello("", 2.0, "alphabeta").unwrap();
    assert_eq!(othello.kind(), "othello");
    assert_eq!(othello.tree_text(), "");
    let first_leaf = (0..othello.node_count())
        .find(|&id| get(&othello.node(id as f64).unwrap(), "leaf").as_bool() == Some(true))
        .unwrap();
    let leaf = othello.node(first_leaf as f64).unwrap();
    assert_eq!(get(&leaf, "board").as_string().unwrap().len(), 64);
    let breakdown = othello.breakdown(first_leaf as f64).unwrap();
    assert_eq!(get(&breakdown, "total").as_f64(), get(&leaf, "staticValue").as_f64());
    assert!(message_of(othello.breakdown(0.0).unwrap_err()).contains("not an evaluated leaf"));
}

#[wasm_bindgen_test]
fn bad_input_and_edits() {
    assert_eq!(
        message_of(Lesson::tree("max a(b:1", "minimax").err().unwrap()),
        "line 1, column 10: expected ')' to close the '(' of line 1, column 6, found the end of the text"
    );
    assert!(message_of(Lesson::example("lecture", "nope").err().unwrap()).contains("unknown algorithm"));
    assert!(message_of(Lesson::tic_tac_toe("", 0.0, false, "minimax").err().unwrap()).contains("too large"));
    assert!(message_of(Lesson::othello("", 5.0, "minimax").err().unwrap()).contains("1 to 4"));
    assert!(message_of(Lesson::othello("", 1.5, "minimax").err().unwrap()).contains("whole number"));
    let lesson = Lesson::example("pruning", "alphabeta").unwrap();
    let edited = lesson.set_leaf("n4", "5").unwrap();
    assert_eq!(get(&edited.result(), "text").as_string().unwrap(), "12 [x, n2]");
    assert!(edited.tree_text().contains("x(12 7 5)"));
    assert!(message_of(lesson.set_leaf("y", "5").err().unwrap()).contains("inner node"));
}
