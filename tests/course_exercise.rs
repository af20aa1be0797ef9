//! Exercises: the tree of a seed is the same on every machine (its generator and one tree
//! pinned), all right answers give "all correct", and planted wrong answers are exactly the ones
//! marked wrong, each with its one-sentence explanation.

use reversi::course::exercise::{
    check, generate, parse_shape, Answers, Explanation, Field, Item, Report, WindowAnswer,
};
use reversi::course::game::{Side, Value};
use reversi::course::grading::Arg;
use reversi::course::lesson::{LECTURE, MAXN, PRUNING};
use reversi::course::trace::{Algorithm, Reason};
use reversi::course::tree::Tree;
use reversi::rng::{SplitMix64, XorShift64Star};
use std::collections::BTreeSet;

#[test]
fn splitmix64_is_the_reference_generator() {
    // The published SplitMix64 outputs for seed 0.
    let mut r = SplitMix64(0);
    assert_eq!(
        [r.next_u64(), r.next_u64(), r.next_u64()],
        [0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f]
    );
    let mut r = SplitMix64(7);
    assert!((0..1000).all(|_| r.below(41) < 41));
}

#[test]
fn the_tree_of_a_seed_is_pinned() {
    assert_eq!(
        generate(16, 3, 2).unwrap().write(),
        "max a(b(d(h:-5 i:-17) e(j:14 k:4)) c(f(l:6 m:-11) g(n:-5 o:-20)))"
    );
    assert_eq!(generate(2024, 2, 3).unwrap().write(), "max a(b(e:5 f:-17 g:-8) c(h:-16 i:14 j:2) d(k:-15 l:4 m:-14))");
    // Every shape: full trees, labels level by level, leaves in −20…20, and a checksum of all
    // the leaves of seed 1 so that any change of the generator shows.
    let mut checksum: i64 = 0;
    for depth in 2..=5 {
        for branching in 2..=4u32 {
            let t = generate(1, depth, branching).unwrap();
            let b = branching as usize;
            assert_eq!(t.nodes.len(), (b.pow(depth + 1) - 1) / (b - 1), "{depth}x{branching}");
            assert_eq!(t.nodes[0].label, "a");
            assert_eq!(t.root_side, Side::Max);
            for n in &t.nodes {
                match &n.value {
                    Some(Value::Scalar(v)) => {
                        assert_eq!(n.depth, depth as usize);
                        assert!((-20..=20).contains(v));
                        checksum = checksum.wrapping_mul(31).wrapping_add(i64::from(*v) + 20);
                    }
                    _ => assert_eq!(n.children.len(), b),
                }
            }
            assert_eq!(Tree::parse(&t.write()).unwrap(), t);
            assert_eq!(generate(1, depth, branching).unwrap(), t);
        }
    }
    assert_eq!(checksum, CHECKSUM, "the generator changed");
    assert_eq!(parse_shape("4x3"), Ok((4, 3)));
    assert_eq!(parse_shape(" 2 X 4 "), Ok((2, 4)));
    assert!(parse_shape("1x2").unwrap_err().contains("depth 1"));
    assert!(parse_shape("3x5").unwrap_err().contains("branching 5"));
    assert!(parse_shape("3").unwrap_err().contains("<depth>x<branching>"));
    assert!(parse_shape("ax2").unwrap_err().contains("not a whole number"));
}

const CHECKSUM: i64 = 7731891580017088136;

/// The answers a perfect student gives, read from a check of no answers (`sign`: write bounds
/// with their sign).
fn perfect(tree: &Tree, algorithm: Algorithm, sign: bool) -> Answers {
    let blank = check(tree, algorithm, &Answers::default()).unwrap();
    let mut answers = Answers::default();
    for v in &blank.verdicts {
        match v.item {
            Item::Value if v.expected == "not visited" => answers.values.push((v.label.clone(), "-".into())),
            Item::Value => {
                let text = if sign {
                    v.expected.clone()
                } else {
                    v.expected.trim_start_matches(['≥', '≤', ' ']).to_string()
                };
                answers.values.push((v.label.clone(), text));
            }
            Item::Pruned if v.expected == "never evaluated" => answers.pruned.push(v.label.clone()),
            _ => {}
        }
    }
    answers
}

/// Every tree node's minimax value in MAX's view.
fn tree_values(tree: &Tree) -> Vec<i32> {
    let mut values = vec![0; tree.nodes.len()];
    for id in (0..tree.nodes.len()).rev() {
        let n = &tree.nodes[id];
        values[id] = match &n.value {
            Some(Value::Scalar(v)) => *v,
            _ => {
                let vs = n.children.iter().map(|&c| values[c]);
                match tree.side_at(id) {
                    Side::Max => vs.max().unwrap(),
                    Side::Min => vs.min().unwrap(),
                }
            }
        };
    }
    values
}

fn wrong(report: &Report) -> BTreeSet<(String, String)> {
    report.verdicts.iter().filter(|v| !v.right).map(|v| (v.item.name().to_string(), v.label.clone())).collect()
}

#[test]
fn right_answers_are_all_correct_and_planted_wrong_ones_are_exactly_those_marked() {
    let mut rng = XorShift64Star::from_state(1604);
    let algorithms = [
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaNegamax,
        Algorithm::AlphaBetaOrdered,
        Algorithm::Pvs,
    ];
    let mut planted_total = 0;
    for seed in 0..60u64 {
        let (depth, branching) = (2 + (seed % 3) as u32, 2 + (seed % 2) as u32);
        let tree = generate(seed, depth, branching).unwrap();
        let values = tree_values(&tree);
        for algorithm in algorithms {
            let answers = perfect(&tree, algorithm, true);
            // The minimax values of the reference (computed here, not by the engine).
            if !algorithm.prunes() {
                for (label, text) in &answers.values {
                    let id = tree.find(label).unwrap();
                    let v = if algorithm.is_negamax() { tree.side_at(id).sign() * values[id] } else { values[id] };
                    assert_eq!(text.replace('−', "-"), v.to_string(), "seed {seed} {algorithm} {label}");
                }
            }
            let report = check(&tree, algorithm, &answers).unwrap();
            assert!(report.all_correct(), "seed {seed} {algorithm}: {:?}", wrong(&report));
            assert_eq!(report.score(), format!("{0}/{0}", report.total));
            // A bound written without its sign is wrong, and said to be a bound given as an exact value.
            let unsigned = check(&tree, algorithm, &perfect(&tree, algorithm, false)).unwrap();
            for v in &unsigned.verdicts {
                let bound = v.expected.starts_with(['≥', '≤']);
                assert_eq!(v.right, !bound, "seed {seed} {algorithm} {}: {}", v.label, v.expected);
                if bound {
                    assert_eq!(v.hint.as_ref().unwrap().code, "bound-as-exact");
                }
            }
            // A window per visited node, right.
            let mut with_windows = answers.clone();
            if algorithm.prunes() {
                let blank = check(&tree, algorithm, &answers).unwrap();
                for v in blank.verdicts.iter().filter(|v| v.item == Item::Value && v.expected != "not visited") {
                    let probe = Answers {
                        windows: vec![WindowAnswer { label: v.label.clone(), alpha: "?".into(), beta: "?".into() }],
                        ..Answers::default()
                    };
                    let expected = check(&tree, algorithm, &probe).unwrap().verdicts.last().unwrap().expected.clone();
                    // "α = 4, β = +∞" or "Passar-Limite = 4, Usar-Limite = +∞": the two numbers.
                    let parts: Vec<&str> = expected.split(", ").map(|p| p.split(" = ").nth(1).unwrap()).collect();
                    with_windows.windows.push(WindowAnswer {
                        label: v.label.clone(),
                        alpha: parts[0].to_string(),
                        beta: parts[1].to_string(),
                    });
                }
                assert!(check(&tree, algorithm, &with_windows).unwrap().all_correct(), "seed {seed} {algorithm}");
            }
            // Now plant wrong answers.
            let mut planted = BTreeSet::new();
            let mut bad = with_windows.clone();
            for (label, text) in bad.values.iter_mut() {
                if rng.below(3) == 0 {
                    *text = if text == "-" {
                        "3".to_string()
                    } else {
                        let (sign, number) = match text.strip_prefix('≥') {
                            Some(rest) => ("≥", rest),
                            None => match text.strip_prefix('≤') {
                                Some(rest) => ("≤", rest),
                                None => ("", text.as_str()),
                            },
                        };
                        let n: i32 = number.trim().replace('−', "-").parse().unwrap();
                        match (sign, rng.below(2)) {
                            ("≥", 0) => format!("≤ {n}"),
                            ("≤", 0) => format!("≥ {n}"),
                            ("", 0) if algorithm.prunes() => format!("≥ {n}"),
                            _ => format!("{sign}{}", n + 1 + rng.below(3) as i32),
                        }
                    };
                    planted.insert(("value".to_string(), label.clone()));
                }
            }
            if algorithm.prunes() {
                let mut kept = Vec::new();
                for label in &bad.pruned {
                    if rng.below(3) == 0 {
                        planted.insert(("pruned".to_string(), label.clone()));
                    } else {
                        kept.push(label.clone());
                    }
                }
                bad.pruned = kept;
                let evaluated: Vec<String> = tree
                    .nodes
                    .iter()
                    .filter(|n| n.value.is_some() && !answers.pruned.contains(&n.label))
                    .map(|n| n.label.clone())
                    .collect();
                let extra = &evaluated[rng.below(evaluated.len())];
                bad.pruned.push(extra.clone());
                planted.insert(("pruned".to_string(), extra.clone()));
                for w in bad.windows.iter_mut() {
                    if rng.below(4) == 0 {
                        w.beta = "12345".into();
                        planted.insert(("window".to_string(), w.label.clone()));
                    }
                }
            }
            let report = check(&tree, algorithm, &bad).unwrap();
            assert_eq!(wrong(&report), planted, "seed {seed} {algorithm}: {}", tree.write());
            assert!(report.verdicts.iter().all(|v| v.right == v.why.is_none()));
            assert_eq!(report.right, report.total - planted.len());
            planted_total += planted.len();
        }
    }
    assert!(planted_total > 1000, "{planted_total}");
}

fn verdict<'a>(r: &'a Report, item: Item, label: &str) -> &'a reversi::course::exercise::Verdict {
    r.verdicts.iter().find(|v| v.item == item && v.label == label).unwrap()
}

/// A text argument.
fn plain(t: &str) -> Option<Arg> {
    Some(Arg::Text(t.into()))
}

/// A list argument.
fn list(items: &[&str]) -> Option<Arg> {
    Some(Arg::List(items.iter().map(|s| s.to_string()).collect()))
}

/// The sentence an explanation words, under its "no answer: " or "'x' is not a number: " prefix.
fn core(e: &Explanation) -> &Explanation {
    match e.arg("rest") {
        Some(Arg::Sentence(inner)) => core(inner),
        _ => e,
    }
}

/// A cut-off's reason given as an argument.
fn reason(e: &Explanation) -> &Reason {
    match e.arg("reason") {
        Some(Arg::Reason(r)) => r,
        other => panic!("no reason: {other:?}"),
    }
}

fn values(pairs: &[(&str, &str)]) -> Answers {
    Answers { values: pairs.iter().map(|(l, t)| (l.to_string(), t.to_string())).collect(), ..Answers::default() }
}

#[test]
fn wrong_answers_are_explained_in_one_sentence() {
    let lecture = Tree::parse(LECTURE).unwrap();
    let r = check(&lecture, Algorithm::Minimax, &values(&[("c", "2")])).unwrap();
    let c = verdict(&r, Item::Value, "c");
    assert!(!c.right);
    assert_eq!(c.expected, "1");
    // The sentences are keys of the catalogues with their arguments (www/i18n/classroom/<tag>.js
    // words them; tests/e2e/course-words.test.js checks the words).
    let why = c.why.as_ref().unwrap();
    assert_eq!(why.code, "min");
    // "c is MIN: the smallest of 2 and 1 is 1"
    assert_eq!(why.key, "sideChoice");
    assert_eq!((why.arg("label"), why.arg("side")), (plain("c").as_ref(), plain("MIN").as_ref()));
    assert_eq!((why.arg("children"), why.arg("result")), (list(&["2", "1"]).as_ref(), plain("1").as_ref()));
    assert!(matches!(why.arg("most"), Some(Arg::Sentence(most)) if most.key == "smallest"));
    // Before the solution is asked for, the hint names the rule, never the value: "c is MIN: it
    // takes the smallest of its children's numbers".
    let hint = c.hint.as_ref().unwrap();
    assert_eq!((hint.code, hint.key), ("wrong", "sideRule"));
    assert_eq!(hint.texts(), ["c", "MIN", ""]);
    let b = verdict(&r, Item::Value, "b");
    let hint = b.hint.as_ref().unwrap();
    assert_eq!((hint.code, hint.key, hint.arg("label")), ("blank", "blank", plain("b").as_ref()));
    // "no answer: b is MIN: the smallest of 4 and 6 is 4"
    let why = b.why.as_ref().unwrap();
    assert_eq!((why.code, why.key), ("no-answer", "noAnswer"));
    assert_eq!((core(why).key, core(why).arg("children")), ("sideChoice", list(&["4", "6"]).as_ref()));
    assert_eq!(r.score(), "0/7");

    // Negamax: values from the side to move's view.
    let r = check(&lecture, Algorithm::Negamax, &values(&[("b", "4"), ("c", "-1")])).unwrap();
    let b = verdict(&r, Item::Value, "b");
    assert_eq!(b.expected, "−4");
    // "b (MIN to move): the largest of its children's numbers with the sign changed, −4 and −6, is −4"
    let why = b.why.as_ref().unwrap();
    assert_eq!((why.key, why.arg("side")), ("negamaxChoice", plain("MIN").as_ref()));
    assert_eq!((why.arg("children"), why.arg("result")), (list(&["−4", "−6"]).as_ref(), plain("−4").as_ref()));
    assert!(verdict(&r, Item::Value, "c").right, "ASCII minus accepted");

    // Alpha-beta: a cut node is a bound, right only with its sign; each mistake named.
    let pruning = Tree::parse(PRUNING).unwrap();
    for (text, right, hint) in [
        ("≥ 25", true, ""),
        (">=25", true, ""),
        ("25", false, "bound-as-exact"),
        ("≤ 25", false, "bound-direction"),
        ("26", false, "wrong"),
        ("-", false, "not-visited"),
        ("", false, "blank"),
    ] {
        let r = check(&pruning, Algorithm::AlphaBeta, &values(&[("y", text)])).unwrap();
        let y = verdict(&r, Item::Value, "y");
        assert_eq!((y.right, y.expected.as_str()), (right, "≥ 25"), "{text}");
        if !right {
            assert_eq!(y.hint.as_ref().unwrap().code, hint, "{text}");
            let hint = y.hint.as_ref().unwrap();
            assert!(!hint.texts().iter().any(|t| t.contains("25")), "the hint gives nothing away: {hint:?}");
            // "y is MAX: after 25, 25 ≥ β = 18 cuts A and B, so y is ≥ 25"
            let why = core(y.why.as_ref().unwrap());
            assert_eq!(
                (why.key, why.arg("children"), why.arg("test")),
                ("sideCut", list(&["25"]).as_ref(), plain("25 ≥ β = 18").as_ref())
            );
            assert_eq!((why.arg("skipped"), why.arg("result")), (list(&["A", "B"]).as_ref(), plain("≥ 25").as_ref()));
        }
    }
    let r = check(&pruning, Algorithm::AlphaBeta, &Answers { pruned: vec!["A".into()], ..Answers::default() }).unwrap();
    assert!(verdict(&r, Item::Pruned, "A").right);
    let b = verdict(&r, Item::Pruned, "B");
    assert!(!b.right);
    // "B is never evaluated: " and the cut-off's reason.
    let why = b.why.as_ref().unwrap();
    assert_eq!((why.key, why.arg("label")), ("notEvaluated", plain("B").as_ref()));
    // "v ≥ β (25 ≥ 18): MIN already has 18 above, MAX can only raise 25 here; A and B are skipped"
    let cut = reason(why);
    assert_eq!(
        (cut.key, cut.arg("v"), cut.arg("beta"), cut.skipped.join(" ")),
        ("max-cut", Some("25"), Some("18"), "A B".into())
    );
    assert_eq!(b.hint.as_ref().unwrap().code, "missed-cut");
    // Marking y marks its leaves: 25 is evaluated, so that mark is wrong; A and B are right.
    let r = check(&pruning, Algorithm::AlphaBeta, &Answers { pruned: vec!["y".into()], ..Answers::default() }).unwrap();
    assert!(verdict(&r, Item::Pruned, "A").right && verdict(&r, Item::Pruned, "B").right);
    let n5 = verdict(&r, Item::Pruned, "n5");
    assert!(!n5.right);
    // "n5 is evaluated: no cut-off skips it (it is reached with α = −∞, β = 18)"
    let why = n5.why.as_ref().unwrap();
    assert_eq!(why.key, "evaluated");
    assert!(
        matches!(why.arg("window"), Some(Arg::Sentence(w)) if w.key == "windowAlphaBetaValues" && w.texts() == ["−∞", "18"])
    );

    // The lecture tree under alpha-beta: g is never visited; e's window.
    let r = check(
        &lecture,
        Algorithm::AlphaBeta,
        &Answers {
            values: vec![("g".into(), "1".into()), ("e".into(), "5".into())],
            windows: vec![
                WindowAnswer { label: "e".into(), alpha: "-inf".into(), beta: "4".into() },
                WindowAnswer { label: "c".into(), alpha: "4".into(), beta: "∞".into() },
                WindowAnswer { label: "g".into(), alpha: "4".into(), beta: "∞".into() },
                WindowAnswer { label: "f".into(), alpha: "−∞".into(), beta: "+∞".into() },
            ],
            ..Answers::default()
        },
    )
    .unwrap();
    let g = verdict(&r, Item::Value, "g");
    assert!(!g.right);
    let why = g.why.as_ref().unwrap();
    assert_eq!(why.key, "notVisited");
    // "v ≤ α (2 ≤ 4): …"
    let cut = reason(why);
    assert_eq!((cut.key, cut.arg("v"), cut.arg("alpha")), ("min-cut", Some("2"), Some("4")), "{why:?}");
    let e = verdict(&r, Item::Value, "e");
    assert!(!e.right, "e is ≥ 5: without its sign, 5 is wrong");
    assert_eq!(e.hint.as_ref().unwrap().code, "bound-as-exact");
    // Each bound of a window judged alone: f's α is right, its β wrong.
    let windows: Vec<(bool, Field, &str)> =
        r.verdicts.iter().filter(|v| v.item == Item::Window).map(|v| (v.right, v.field, v.expected.as_str())).collect();
    assert_eq!(
        windows,
        [
            (true, Field::Alpha, "α = −∞, β = 4"),
            (true, Field::Beta, "α = −∞, β = 4"),
            (true, Field::Alpha, "α = 4, β = +∞"),
            (true, Field::Beta, "α = 4, β = +∞"),
            (false, Field::Alpha, "not visited"),
            (false, Field::Beta, "not visited"),
            (false, Field::Alpha, "α = 4, β = +∞"),
            (true, Field::Beta, "α = 4, β = +∞"),
        ]
    );
    // MINIMAX-A-B names its bounds.
    let r = check(
        &lecture,
        Algorithm::AlphaBetaNegamax,
        &Answers {
            windows: vec![WindowAnswer { label: "e".into(), alpha: "x".into(), beta: "x".into() }],
            ..Answers::default()
        },
    )
    .unwrap();
    assert_eq!(verdict(&r, Item::Window, "e").expected, "Passar-Limite = −∞, Usar-Limite = 4");

    // max^n: vectors, written in any of the usual ways.
    let maxn = Tree::parse(MAXN).unwrap();
    let r =
        check(&maxn, Algorithm::MaxN, &values(&[("n1", "(1,2,6)"), ("n2", "1 2 6"), ("n13", "(5, 4, 4)")])).unwrap();
    assert!(verdict(&r, Item::Value, "n1").right && verdict(&r, Item::Value, "n2").right);
    let n13 = verdict(&r, Item::Value, "n13");
    assert_eq!(n13.expected, "(5, 4, 5)");
    // "n13 is player 3's choice: of (7, 7, 1) and (5, 4, 5), the first with the largest 3rd value (5) is (5, 4, 5)"
    let why = n13.why.as_ref().unwrap();
    assert_eq!((why.key, why.arg("k"), why.arg("kth")), ("maxnChoice", plain("3").as_ref(), Some(&Arg::Ordinal(3))));
    assert_eq!((why.arg("vectors"), why.arg("x")), (list(&["(7, 7, 1)", "(5, 4, 5)"]).as_ref(), plain("5").as_ref()));
    assert_eq!(why.arg("result"), plain("(5, 4, 5)").as_ref());
    assert!(r.verdicts.iter().all(|v| v.item == Item::Value), "max^n does not prune");
}

#[test]
fn bad_answers_are_errors_not_panics() {
    let lecture = Tree::parse(LECTURE).unwrap();
    let e = check(&lecture, Algorithm::Minimax, &values(&[("zz", "1")])).unwrap_err();
    assert_eq!(e, "no node is labelled 'zz'");
    assert!(check(&lecture, Algorithm::Minimax, &values(&[("h", "1")])).unwrap_err().contains("is a leaf"));
    assert!(check(&lecture, Algorithm::MaxN, &Answers::default()).unwrap_err().contains("vector"));
    let r = check(&lecture, Algorithm::Minimax, &values(&[("b", "four")])).unwrap();
    assert_eq!(verdict(&r, Item::Value, "b").why.as_ref().unwrap().code, "unreadable");
    let r = check(&lecture, Algorithm::Minimax, &values(&[("b", "99999999999999999999")])).unwrap();
    assert!(!verdict(&r, Item::Value, "b").right);
}
