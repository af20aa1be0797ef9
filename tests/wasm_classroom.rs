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
    // "… A and B are skipped": a key of the catalogues, its numbers, the children skipped.
    let reason = get(&cut, "reason");
    assert_eq!(get(&reason, "key").as_string().unwrap(), "max-cut");
    assert_eq!(get(&get(&reason, "args"), "v").as_string().unwrap(), "25");
    let named: Vec<String> = Array::from(&get(&reason, "skipped")).iter().map(|s| s.as_string().unwrap()).collect();
    assert_eq!((named, get(&reason, "count").as_f64()), (vec!["A".to_string(), "B".to_string()], Some(2.0)));
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

// ---- bounds, searches without a trace, ordering, iterative deepening, the table, PVS,
// node counts, exercises, and the fast paths for large trees.

use reversi::wasm::classroom::{
    attempt_code, check_exercise, diagnose_attempt_code, exercise_questions, exercise_shapes, exercise_tree,
    judge_value, node_counts, read_attempt_code, search_untraced, student_variant, tic_tac_toe_lines, tree_variant,
};

fn spec(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = js_sys::Object::new();
    for (k, v) in pairs {
        Reflect::set(&o, &JsValue::from_str(k), v).unwrap();
    }
    o.into()
}

fn s(text: &str) -> JsValue {
    JsValue::from_str(text)
}

fn n(x: f64) -> JsValue {
    JsValue::from_f64(x)
}

fn stringify(v: &JsValue) -> String {
    js_sys::JSON::stringify(v).unwrap().as_string().unwrap()
}

fn kinds(lesson: &Lesson) -> Vec<u8> {
    lesson.event_kinds().to_vec()
}

#[wasm_bindgen_test]
fn nodes_say_whether_their_number_is_a_value_or_a_bound() {
    let lesson = Lesson::example("pruning", "alphabeta").unwrap();
    let end = lesson.state(lesson.event_count() as f64).unwrap();
    let y = (0..lesson.node_count())
        .find(|&id| get(&lesson.node(id as f64).unwrap(), "label").as_string().unwrap() == "y")
        .unwrap();
    let node = Array::from(&get(&end, "nodes")).iter().find(|s| get(s, "id").as_f64() == Some(y as f64)).unwrap();
    assert_eq!(get(&node, "value").as_f64(), Some(25.0));
    assert_eq!(get(&node, "bound").as_string().unwrap(), "lower");
    let cut = (0..lesson.event_count())
        .map(|i| lesson.event(i as f64).unwrap())
        .find(|e| get(e, "kind").as_string().unwrap() == "cutoff")
        .unwrap();
    assert_eq!(get(&cut, "bound").as_string().unwrap(), "lower");
    assert_eq!(get(&lesson.result(), "bound").as_string().unwrap(), "exact");
    let othello = Lesson::othello("", 2.0, "alphabeta").unwrap();
    let last = othello.state(othello.event_count() as f64).unwrap();
    let bounds: Vec<String> =
        Array::from(&get(&last, "nodes")).iter().filter_map(|s| get(&s, "bound").as_string()).collect();
    assert!(bounds.contains(&"upper".to_string()), "c4 is ≤ −23");
}

#[wasm_bindgen_test]
fn a_lesson_too_large_to_trace_is_searched_without_its_trace() {
    let ttt =
        spec(&[("kind", s("tictactoe")), ("depth", n(9.0)), ("symmetry", JsValue::FALSE), ("algorithm", s("minimax"))]);
    let t0 = js_sys::Date::now();
    assert!(message_of(Lesson::create(ttt.clone()).err().unwrap()).contains("too large"));
    let t1 = js_sys::Date::now();
    let r = search_untraced(ttt).unwrap();
    wasm_bindgen_test::console_log!(
        "tic-tac-toe depth 9 minimax: Lesson.create fails after {} ms, searchUntraced {} ms",
        t1 - t0,
        js_sys::Date::now() - t1
    );
    assert_eq!(get(&r, "value").as_f64(), Some(0.0));
    assert_eq!(get(&r, "nodes").as_f64(), Some(549_946.0));
    assert_eq!(get(&r, "traceable").as_bool(), Some(false));
    assert_eq!(strings(get(&r, "path")).len(), 9);
    let ab = spec(&[("kind", s("tictactoe")), ("depth", n(9.0)), ("algorithm", s("alphabeta"))]);
    assert_eq!(get(&search_untraced(ab.clone()).unwrap(), "traceable").as_bool(), Some(true));
    let lesson = Lesson::create(ab).unwrap();
    assert_eq!(get(&lesson.result(), "value").as_f64(), Some(0.0));
}

#[wasm_bindgen_test]
fn ordering_iterative_deepening_table_and_pvs_are_events() {
    let ordered =
        Lesson::create(spec(&[("kind", s("othello")), ("depth", n(3.0)), ("algorithm", s("alphabeta-ordered"))]))
            .unwrap();
    assert!(kinds(&ordered).contains(&5));
    let order = ordered.order_of(0.0, ordered.event_count() as f64).unwrap();
    assert_eq!(get(&order, "kind").as_string().unwrap(), "order");
    assert_eq!(get(&order, "by").as_string().unwrap(), "estimate");
    assert_eq!(numbers(get(&order, "keys")).len(), numbers(get(&order, "children")).len());
    assert!(ordered.order_of(0.0, 0.0).unwrap().is_null());

    let id = Lesson::create(spec(&[
        ("kind", s("tictactoe")),
        ("moves", s("b2")),
        ("depth", n(4.0)),
        ("algorithm", s("alphabeta-ordered")),
        ("iterative", JsValue::TRUE),
        ("table", JsValue::TRUE),
    ]))
    .unwrap();
    let iterations = Array::from(&id.iterations());
    assert_eq!(iterations.length(), 4);
    let last = iterations.get(3);
    assert_eq!(get(&last, "depth").as_f64(), Some(4.0));
    assert_eq!(get(&last, "root").as_f64(), Some(id.root() as f64));
    let first = id.event(get(&last, "firstEvent").as_f64().unwrap()).unwrap();
    assert_eq!(get(&first, "kind").as_string().unwrap(), "iteration");
    assert!(get(&id.result(), "single").is_object());
    assert_eq!(get(&id.node(id.root() as f64).unwrap(), "iteration").as_f64(), Some(4.0));
    assert_eq!(get(&id.options(), "iterative").as_bool(), Some(true));

    let table = Lesson::create(spec(&[
        ("kind", s("tictactoe")),
        ("depth", n(0.0)),
        ("algorithm", s("alphabeta")),
        ("table", JsValue::TRUE),
    ]))
    .unwrap();
    assert!(kinds(&table).contains(&7));
    assert!(get(&table.result(), "tableHits").as_f64().unwrap() > 0.0);

    let pvs = Lesson::example("lecture", "pvs").unwrap();
    assert_eq!(get(&pvs.result(), "text").as_string().unwrap(), "4 [b, d, i]");
    let scout = (0..pvs.event_count())
        .map(|i| pvs.event(i as f64).unwrap())
        .find(|e| get(e, "kind").as_string().unwrap() == "scout");
    let scout = scout.expect("a null-window test");
    assert!(
        ["fail-low", "fail-high", "research", "exact"].contains(&get(&scout, "outcome").as_string().unwrap().as_str())
    );
    let searches: Vec<String> = (0..pvs.event_count())
        .map(|i| pvs.event(i as f64).unwrap())
        .filter(|e| get(e, "kind").as_string().unwrap() == "enter")
        .map(|e| get(&e, "search").as_string().unwrap())
        .collect();
    assert!(searches.contains(&"null".to_string()));
}

#[wasm_bindgen_test]
fn node_counts_of_every_algorithm_agree_on_the_value() {
    let t0 = js_sys::Date::now();
    let all = Array::from(&node_counts(spec(&[("kind", s("tictactoe")), ("depth", n(9.0))])).unwrap());
    let t1 = js_sys::Date::now();
    let othello = Array::from(&node_counts(spec(&[("kind", s("othello")), ("depth", n(4.0))])).unwrap());
    wasm_bindgen_test::console_log!(
        "nodeCounts: tic-tac-toe depth 9 {} ms, Othello start depth 4 {} ms",
        t1 - t0,
        js_sys::Date::now() - t1
    );
    assert!(all.iter().chain(othello.iter()).all(|r| get(&r, "value").as_f64().is_some()));
    let rows = Array::from(&node_counts(spec(&[("kind", s("tictactoe")), ("depth", n(2.0))])).unwrap());
    assert_eq!(rows.length(), 11);
    let names: Vec<String> = rows.iter().map(|r| get(&r, "name").as_string().unwrap()).collect();
    assert_eq!(names[0], "minimax");
    assert_eq!(names[10], "pvs + iterative + table");
    assert!(rows.iter().all(|r| get(&r, "value").as_f64() == Some(1.0)));
    let trees = Array::from(&node_counts(spec(&[("kind", s("example")), ("name", s("lecture"))])).unwrap());
    assert_eq!(trees.length(), 6);
    assert!(message_of(node_counts(spec(&[("kind", s("nope"))])).unwrap_err()).contains("one of example, tree"));
}

#[wasm_bindgen_test]
fn exercises_from_a_seed_and_their_check() {
    let e = exercise_tree(s("16"), "3x2", None).unwrap();
    assert_eq!(
        get(&e, "text").as_string().unwrap(),
        "max a(b(d(h:-5 i:-17) e(j:14 k:4)) c(f(l:6 m:-11) g(n:-5 o:-20)))"
    );
    assert_eq!(stringify(&exercise_tree(n(16.0), "3x2", None).unwrap()), stringify(&e));
    assert!(message_of(exercise_tree(s("-1"), "3x2", None).unwrap_err()).contains("seed"));
    assert!(message_of(exercise_tree(s("1"), "9x9", None).unwrap_err()).contains("depth 9"));
    let lesson = Lesson::create(spec(&[
        ("kind", s("exercise")),
        ("seed", s("16")),
        ("shape", s("3x2")),
        ("algorithm", s("minimax")),
    ]))
    .unwrap();
    assert_eq!(lesson.tree_text(), get(&e, "text").as_string().unwrap());

    let pruning = spec(&[("kind", s("example")), ("name", s("pruning")), ("algorithm", s("alphabeta"))]);
    let values = spec(&[("n1", s("18")), ("x", n(18.0)), ("y", s("≥ 25"))]);
    let pruned: Array = ["A", "B"].iter().map(|l| s(l)).collect();
    let answers = spec(&[("values", values), ("pruned", pruned.clone().into())]);
    let report = check_exercise(pruning.clone(), answers).unwrap();
    assert_eq!(get(&report, "score").as_string().unwrap(), "5/5");
    assert_eq!(get(&report, "allCorrect").as_bool(), Some(true));
    let wrong =
        spec(&[("values", spec(&[("n1", s("18")), ("x", s("17")), ("y", s("25"))])), ("pruned", pruned.into())]);
    let report = check_exercise(pruning.clone(), wrong).unwrap();
    // x is wrong, and so is y's 25: y is "≥ 25", a bound is right only with its sign.
    assert_eq!(get(&report, "score").as_string().unwrap(), "3/5");
    let x =
        Array::from(&get(&report, "verdicts")).iter().find(|v| get(v, "label").as_string().unwrap() == "x").unwrap();
    assert_eq!(get(&x, "right").as_bool(), Some(false));
    // "x is MAX: the largest of 12, 7 and 18 is 18": a key of the catalogues and its arguments.
    let why = get(&x, "why");
    assert_eq!(get(&why, "code").as_string().unwrap(), "max");
    assert_eq!(get(&why, "key").as_string().unwrap(), "sideChoice");
    let args = get(&why, "args");
    assert_eq!(get(&args, "label").as_string().unwrap(), "x");
    assert_eq!(get(&args, "result").as_string().unwrap(), "18");
    let children: Vec<String> =
        Array::from(&get(&get(&args, "children"), "list")).iter().map(|c| c.as_string().unwrap()).collect();
    assert_eq!(children, ["12", "7", "18"]);
    assert_eq!(get(&get(&args, "most"), "key").as_string().unwrap(), "largest");
    assert!(get(&why, "note").is_null());
    let windows: Array = [spec(&[("label", s("y")), ("alpha", s("-inf")), ("beta", n(18.0))])].into_iter().collect();
    let report = check_exercise(pruning.clone(), spec(&[("windows", windows.into())])).unwrap();
    let w = Array::from(&get(&report, "verdicts"))
        .iter()
        .find(|v| get(v, "item").as_string().unwrap() == "window")
        .unwrap();
    assert_eq!(get(&w, "right").as_bool(), Some(true));
    assert!(message_of(check_exercise(pruning.clone(), s("nope")).unwrap_err()).contains("answers must be an object"));
    assert!(
        message_of(check_exercise(pruning, spec(&[("values", spec(&[("zz", s("1"))]))])).unwrap_err()).contains("'zz'")
    );
    let game = spec(&[("kind", s("othello")), ("algorithm", s("minimax"))]);
    assert!(message_of(check_exercise(game, spec(&[])).unwrap_err()).contains("exercises are on trees"));
}

#[wasm_bindgen_test]
fn bad_specs_are_clear_errors() {
    let e = |v: JsValue| message_of(Lesson::create(v).err().unwrap());
    assert!(e(s("lecture")).contains("must be an object"));
    assert!(e(spec(&[("algorithm", s("minimax"))])).contains("spec.kind is missing"));
    assert!(e(spec(&[("kind", s("example")), ("name", s("lecture"))])).contains("spec.algorithm is missing"));
    assert!(e(spec(&[("kind", s("othello")), ("depth", s("2")), ("algorithm", s("minimax"))]))
        .contains("spec.depth must be a number"));
    assert!(e(spec(&[("kind", s("othello")), ("depth", n(2.5)), ("algorithm", s("minimax"))])).contains("whole number"));
    assert!(e(spec(&[("kind", s("tree")), ("text", s("max a(b:1")), ("algorithm", s("minimax"))]))
        .contains("line 1, column 10"));
    assert!(e(spec(&[("kind", s("exercise")), ("seed", s("x")), ("algorithm", s("minimax"))])).contains("seed"));
    assert!(e(spec(&[
        ("kind", s("example")),
        ("name", s("lecture")),
        ("algorithm", s("alphabeta")),
        ("table", JsValue::TRUE)
    ]))
    .contains("for games"));
    assert!(e(spec(&[
        ("kind", s("tictactoe")),
        ("depth", n(0.0)),
        ("algorithm", s("alphabeta")),
        ("iterative", n(1.0))
    ]))
    .contains("true or false"));
}

/// The batch reads (every node, a range of events, the changes between two steps) agree with the
/// one-at-a-time reads they stand for.
#[wasm_bindgen_test]
fn the_batch_reads_match_the_single_ones() {
    let lesson = Lesson::create(spec(&[
        ("kind", s("othello")),
        ("depth", n(2.0)),
        ("algorithm", s("pvs")),
        ("table", JsValue::TRUE),
    ]))
    .unwrap();
    let nodes = Array::from(&lesson.nodes().unwrap());
    assert_eq!(nodes.length(), lesson.node_count());
    for id in [0, 1, lesson.node_count() - 1] {
        assert_eq!(stringify(&nodes.get(id)), stringify(&lesson.node(id as f64).unwrap()));
    }
    let count = lesson.event_count();
    let events = Array::from(&lesson.events(0.0, count as f64).unwrap());
    assert_eq!(events.length(), count);
    assert_eq!(stringify(&events.get(5)), stringify(&lesson.event(5.0).unwrap()));
    assert_eq!(numbers(lesson.event_nodes().into()).len(), count as usize);
    assert!(lesson.events(3.0, 2.0).is_err());
    for (a, b) in [(0, 1), (1, 0), (0, count), (count, 0), (count / 3, count / 2), (count / 2, count / 3)] {
        // The state at a with the changes applied is the state at b.
        let mut map = std::collections::BTreeMap::new();
        for st in Array::from(&get(&lesson.state(a as f64).unwrap(), "nodes")).iter() {
            map.insert(get(&st, "id").as_f64().unwrap() as u32, stringify(&st));
        }
        let changes = lesson.changes(a as f64, b as f64).unwrap();
        for st in Array::from(&get(&changes, "nodes")).iter() {
            let id = get(&st, "id").as_f64().unwrap() as u32;
            if get(&st, "status").as_string().unwrap() == "unseen" {
                map.remove(&id);
            } else {
                map.insert(id, stringify(&st));
            }
        }
        let want: Vec<String> =
            Array::from(&get(&lesson.state(b as f64).unwrap(), "nodes")).iter().map(|s| stringify(&s)).collect();
        assert_eq!(map.into_values().collect::<Vec<_>>(), want, "{a} → {b}");
        assert_eq!(get(&changes, "step").as_f64(), Some(b as f64));
    }
    assert!(message_of(lesson.changes(0.0, count as f64 + 1.0).unwrap_err()).contains("past the end"));
}

#[wasm_bindgen_test]
fn the_largest_trees_the_page_accepts_step_fast() {
    let now = js_sys::Date::now;
    let flat = format!("max r({})", (0..19_989).map(|i| i.to_string()).collect::<Vec<_>>().join(" "));
    let mut square = String::from("max r(");
    for i in 0..140 {
        square.push_str(&format!("c{i}("));
        for j in 0..140 {
            square.push_str(&format!("{} ", (i * 7919 + j * 104_729) % 201 - 100));
        }
        square.push_str(") ");
    }
    square.push(')');
    for (name, text, algorithm) in
        [("flat 19,990 leaves, minimax", &flat, "minimax"), ("140×140, alpha-beta", &square, "alphabeta")]
    {
        let t0 = now();
        let lesson = Lesson::tree(text, algorithm).unwrap();
        let build = now() - t0;
        let count = lesson.event_count() as f64;
        let t1 = now();
        let nodes = lesson.nodes().unwrap();
        let nodes_ms = now() - t1;
        let t2 = now();
        let kinds = lesson.event_kinds();
        let kinds_ms = now() - t2;
        let mut worst_step: f64 = 0.0;
        let mut k = 0.0;
        while k < count {
            let t = now();
            let _ = lesson.changes(k, k + 1.0).unwrap();
            let _ = lesson.changes(k + 1.0, k).unwrap();
            let _ = lesson.event(k).unwrap();
            worst_step = worst_step.max(now() - t);
            k += 97.0;
        }
        let t3 = now();
        let end = lesson.changes(0.0, count).unwrap();
        let end_ms = now() - t3;
        let t4 = now();
        let _ = lesson.state(count).unwrap();
        let state_ms = now() - t4;
        wasm_bindgen_test::console_log!(
            "{name}: {} nodes, {count} events; Lesson.tree {build} ms; nodes() {nodes_ms} ms; eventKinds {kinds_ms} ms ({} events); \
             worst step (changes both ways + event) {worst_step} ms; changes(0, end) {end_ms} ms ({} nodes); \
             state(end) {state_ms} ms",
            lesson.node_count(),
            kinds.length(),
            Array::from(&get(&end, "nodes")).length()
        );
        assert_eq!(Array::from(&nodes).length(), lesson.node_count());
        assert!(worst_step < 50.0, "{name}: a step took {worst_step} ms");
        assert!(end_ms < 1000.0 && state_ms < 1000.0, "{name}: {end_ms} / {state_ms} ms");
    }
}

#[wasm_bindgen_test]
fn exercises_as_handed_out_questions_variants_and_attempt_codes() {
    // The questions of an exercise, in the order of its sheet; the score is out of them all.
    let spec_ask = |ask: &str| {
        spec(&[("kind", s("example")), ("name", s("pruning")), ("algorithm", s("alphabeta")), ("ask", s(ask))])
    };
    let qs = Array::from(&exercise_questions(spec_ask("values,window,pruned")).unwrap());
    let fields: Vec<String> = qs
        .iter()
        .map(|q| format!("{}:{}", get(&q, "field").as_string().unwrap(), get(&q, "label").as_string().unwrap()))
        .collect();
    assert_eq!(fields[..5], ["value:n1", "value:x", "value:y", "alpha:y", "beta:y"]);
    assert_eq!(fields.len(), 11);
    let blank = check_exercise(spec_ask("values,window,pruned"), spec(&[])).unwrap();
    // A blank sheet scores nothing (an unticked ✂ is no answer until the node above it is answered).
    assert_eq!(get(&blank, "score").as_string().unwrap(), "0/11");
    let first = Array::from(&get(&blank, "verdicts")).get(0);
    // "no answer for n1"
    let hint = get(&first, "hint");
    assert_eq!(get(&hint, "key").as_string().unwrap(), "blank");
    assert_eq!(get(&get(&hint, "args"), "label").as_string().unwrap(), "n1");
    assert!(message_of(exercise_questions(spec_ask("values,colour")).unwrap_err()).contains("'colour'"));
    let big = spec(&[("kind", s("exercise")), ("seed", s("1")), ("shape", s("4x3")), ("algorithm", s("minimax"))]);
    assert!(message_of(exercise_questions(big).unwrap_err()).contains("too large for an exercise"));
    let shapes: Vec<String> = Array::from(&exercise_shapes()).iter().map(|v| v.as_string().unwrap()).collect();
    assert!(shapes.contains(&"5x2".to_string()) && !shapes.contains(&"4x3".to_string()));

    // A student's variant: the same for the same student, another tree of the same shape.
    let v = student_variant("Ana Conceição").unwrap();
    assert_eq!(student_variant("ana conceicao").unwrap(), v);
    let mine = exercise_tree(s("42"), "3x2", Some(v as f64)).unwrap();
    assert_eq!(stringify(&mine), stringify(&exercise_tree(s("42"), "3x2", Some(v as f64)).unwrap()));
    assert_ne!(get(&mine, "text").as_string(), get(&exercise_tree(s("42"), "3x2", None).unwrap(), "text").as_string());
    assert_eq!(get(&mine, "variant").as_f64(), Some(v as f64));
    let lecture = "max a(b(d(h:1 i:4) e(j:5 l:6)) c(f(m:2 n:1) g(o:1 p:1)))";
    assert_eq!(tree_variant(lecture, 0.0).unwrap(), lecture);
    assert_ne!(tree_variant(lecture, v as f64).unwrap(), lecture);

    // Attempt codes: read back at the same exercise, refused at another.
    let numbers = spec(&[("variant", n(v as f64)), ("right", n(7.0)), ("total", n(9.0)), ("attempt", n(2.0))]);
    let code = attempt_code("exercise=42&shape=3x2", numbers).unwrap();
    let read = read_attempt_code("exercise=42&shape=3x2", &code).unwrap();
    assert_eq!((get(&read, "right").as_f64(), get(&read, "total").as_f64()), (Some(7.0), Some(9.0)));
    assert!(message_of(read_attempt_code("exercise=43&shape=3x2", &code).unwrap_err()).contains("checksum"));
    // A class's list: valid, one symbol altered (the code it was), another exercise's, unreadable.
    let status =
        |exercise: &str, code: &str| get(&diagnose_attempt_code(exercise, code), "status").as_string().unwrap();
    assert_eq!(status("exercise=42&shape=3x2", &code), "valid");
    let altered = format!("{}{}{}", &code[..5], if &code[5..6] == "Z" { "Y" } else { "Z" }, &code[6..]);
    let diagnosis = diagnose_attempt_code("exercise=42&shape=3x2", &altered);
    assert_eq!(get(&diagnosis, "status").as_string().unwrap(), "altered");
    assert_eq!(
        (get(&get(&diagnosis, "original"), "right").as_f64(), get(&diagnosis, "position").as_f64()),
        (Some(7.0), Some(5.0))
    );
    assert_eq!(status("exercise=43&shape=3x2", &code), "other");
    let junk = diagnose_attempt_code("exercise=42&shape=3x2", "junk");
    assert_eq!(get(&junk, "status").as_string().unwrap(), "unreadable");
    assert!(get(&junk, "message").as_string().unwrap().contains("not a symbol of a code"));
    let bad = spec(&[("variant", n(0.0)), ("right", n(9.0)), ("total", n(7.0)), ("attempt", n(1.0))]);
    assert!(message_of(attempt_code("x", bad).unwrap_err()).contains("9 right of 7"));

    // A prediction judged with its sign; tic-tac-toe's open lines.
    assert_eq!(judge_value("≥ 25", 25.0, "lower", false).unwrap(), None);
    assert_eq!(judge_value("25", 25.0, "lower", false).unwrap().as_deref(), Some("bound-as-exact"));
    assert!(message_of(judge_value("1", 1.0, "sideways", false).unwrap_err()).contains("exact, lower or upper"));
    let lines = tic_tac_toe_lines("O---X----").unwrap();
    assert_eq!((get(&lines, "x").as_f64(), get(&lines, "o").as_f64()), (Some(5.0), Some(4.0)));
}
