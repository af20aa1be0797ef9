//! An exercise as a teacher hands it out: a fixed list of questions (the score is always out of
//! the same number, blanks included), each field judged alone, bounds right only with their sign,
//! hints that name the usual mistakes (a bound written as an exact value, the bound's direction,
//! the negamax sign, pruning on equality) without giving the solution, the path and the number of
//! leaves, trees small enough for a student, and a variant per student.

use reversi::course::exercise::{
    check, check_asked, fits_exercise, generate, questions, shape_fits, student_variant, tree_variant, variant_seed,
    Answers, Ask, Field, Item, WindowAnswer, WindowsAsked, MAX_LEAVES,
};
use reversi::course::game::Value;
use reversi::course::grading::Arg;
use reversi::course::lesson::{LECTURE, MAXN, PRUNING};
use reversi::course::trace::Algorithm;
use reversi::course::tree::Tree;

const TWO_PLAYER: [Algorithm; 6] = [
    Algorithm::Minimax,
    Algorithm::Negamax,
    Algorithm::AlphaBeta,
    Algorithm::AlphaBetaNegamax,
    Algorithm::AlphaBetaOrdered,
    Algorithm::Pvs,
];

fn all_asked(algorithm: Algorithm) -> Ask {
    let prunes = algorithm.prunes();
    Ask {
        values: true,
        windows: if prunes { WindowsAsked::All } else { WindowsAsked::None },
        pruned: prunes,
        path: true,
        leaves: true,
    }
}

/// The integers written in a sentence, leaving out those inside labels (`n5`).
fn numbers_in(text: &str) -> Vec<i64> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() && (i == 0 || !chars[i - 1].is_alphanumeric()) {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let n: i64 = chars[start..i].iter().collect::<String>().parse().unwrap();
            let negative = start > 0 && matches!(chars[start - 1], '-' | '−');
            out.push(if negative { -n } else { n });
        } else {
            i += 1;
        }
    }
    out
}

#[test]
fn the_score_is_out_of_the_questions_whatever_is_left_blank() {
    for seed in 0..40u64 {
        let (depth, branching) = [(2, 2), (3, 2), (2, 3), (4, 2), (3, 3), (2, 4), (5, 2)][seed as usize % 7];
        let tree = generate(seed, depth, branching).unwrap();
        for algorithm in TWO_PLAYER {
            for ask in [Ask::default_for(algorithm), all_asked(algorithm)] {
                let qs = questions(&tree, algorithm, &ask).unwrap();
                let blank = check_asked(&tree, algorithm, &ask, &Answers::default()).unwrap();
                assert_eq!(blank.total, qs.len(), "seed {seed} {algorithm}");
                // A blank sheet scores nothing: an unticked ✂ is not an answer by itself.
                assert_eq!(blank.right, 0, "seed {seed} {algorithm}: {:?}", blank.verdicts.iter().find(|v| v.right));
                // The right answers, read from the blank sheet's verdicts, give all correct.
                let mut answers = Answers::default();
                for v in &blank.verdicts {
                    match (v.item, v.field) {
                        (Item::Value, _) => answers.values.push((
                            v.label.clone(),
                            if v.expected == "not visited" { "−".into() } else { v.expected.clone() },
                        )),
                        (Item::Pruned, _) if v.expected == "never evaluated" => answers.pruned.push(v.label.clone()),
                        (Item::Window, Field::Alpha) => {
                            let (a, b) = if v.expected == "not visited" {
                                ("-".to_string(), "-".to_string())
                            } else {
                                let parts: Vec<&str> =
                                    v.expected.split(", ").map(|p| p.split(" = ").nth(1).unwrap()).collect();
                                (parts[0].to_string(), parts[1].to_string())
                            };
                            answers.windows.push(WindowAnswer { label: v.label.clone(), alpha: a, beta: b });
                        }
                        (Item::Path, _) => answers.path = Some(v.expected.clone()),
                        (Item::Leaves, _) => answers.leaves = Some(v.expected.clone()),
                        _ => {}
                    }
                }
                let full = check_asked(&tree, algorithm, &ask, &answers).unwrap();
                assert!(full.all_correct(), "seed {seed} {algorithm}: {:?}", full.verdicts.iter().find(|v| !v.right));
                assert_eq!(full.total, blank.total, "the same denominator, blank or not");
                // A blank field's hint never gives its answer away.
                for v in blank.verdicts.iter().filter(|v| !v.right) {
                    let hint = v.hint.as_ref().unwrap();
                    assert!(hint.texts().iter().all(|t| numbers_in(t).is_empty()), "{}: {hint:?}", v.label);
                    assert!(v.why.is_some());
                }
            }
        }
    }
}

#[test]
fn wrong_numbers_get_the_rule_not_the_number() {
    for seed in 100..130u64 {
        let tree = generate(seed, 3, 2).unwrap();
        for algorithm in TWO_PLAYER {
            let blank = check(&tree, algorithm, &Answers::default()).unwrap();
            let mut answers = Answers::default();
            for v in blank.verdicts.iter().filter(|v| v.item == Item::Value && v.expected != "not visited") {
                // A number no node of the tree has.
                answers.values.push((v.label.clone(), "997".into()));
            }
            let r = check(&tree, algorithm, &answers).unwrap();
            for v in r.verdicts.iter().filter(|v| v.item == Item::Value && v.given == "997") {
                let hint = v.hint.as_ref().unwrap();
                assert_eq!(hint.code, "wrong");
                assert!(hint.texts().iter().all(|t| numbers_in(t).is_empty()), "{hint:?}");
                assert_eq!(hint.arg("label"), Some(&Arg::Text(v.label.clone())));
            }
        }
    }
}

#[test]
fn the_usual_mistakes_are_named() {
    let lecture = Tree::parse(LECTURE).unwrap();
    // The negamax sign: b's −4 (MIN's view) written as MAX's 4.
    let r =
        check(&lecture, Algorithm::Negamax, &Answers { values: vec![("b".into(), "4".into())], ..Answers::default() })
            .unwrap();
    let b = r.verdicts.iter().find(|v| v.label == "b").unwrap();
    assert_eq!(b.hint.as_ref().unwrap().code, "negamax-sign");
    // "… from the view of the side to move there (MIN at b) …"
    let hint = b.hint.as_ref().unwrap();
    assert_eq!(
        (hint.key, hint.arg("side"), hint.arg("label")),
        ("negamaxSign", Some(&Arg::Text("MIN".into())), Some(&Arg::Text("b".into())))
    );

    // An exact node written as a bound.
    let r = check(
        &lecture,
        Algorithm::AlphaBeta,
        &Answers { values: vec![("a".into(), "≥ 4".into())], ..Answers::default() },
    )
    .unwrap();
    assert_eq!(r.verdicts[0].hint.as_ref().unwrap().code, "exact-as-bound");

    // Pruning on equality: e's first child equals α = 5, so the notes prune g.
    let tie = Tree::parse("max a(b(c:5 d:6) e(f:5 g:9))").unwrap();
    let r =
        check(&tie, Algorithm::AlphaBeta, &Answers { values: vec![("e".into(), "5".into())], ..Answers::default() })
            .unwrap();
    let g = r.verdicts.iter().find(|v| v.label == "g").unwrap();
    assert!(!g.right);
    assert_eq!(g.hint.as_ref().unwrap().code, "missed-cut");
    // "… (the notes prune on v ≥ β at MAX and v ≤ α at MIN, equality included)"
    assert_eq!(g.hint.as_ref().unwrap().note.as_ref().map(|n| n.key), Some("equality"));
    let e = r.verdicts.iter().find(|v| v.label == "e").unwrap();
    assert_eq!(e.expected, "≤ 5");
    assert_eq!(e.hint.as_ref().unwrap().code, "bound-as-exact");
    assert_eq!(e.hint.as_ref().unwrap().note.as_ref().map(|n| n.key), Some("equality"));
    // MINIMAX-A-B says it in its own terms.
    let r = check(&tie, Algorithm::AlphaBetaNegamax, &Answers::default()).unwrap();
    let g = r.verdicts.iter().find(|v| v.label == "g").unwrap();
    // "… (MINIMAX-A-B prunes when Pass-Thresh ≥ Use-Thresh, equality included)"
    assert_eq!(g.hint.as_ref().unwrap().note.as_ref().map(|n| n.key), Some("equalityLimits"));

    // Windows: swapped, and MINIMAX-A-B's sign.
    let window = |alg, label: &str, alpha: &str, beta: &str| {
        let w = WindowAnswer { label: label.into(), alpha: alpha.into(), beta: beta.into() };
        check(&lecture, alg, &Answers { windows: vec![w], ..Answers::default() }).unwrap()
    };
    let r = window(Algorithm::AlphaBeta, "c", "+∞", "4");
    let c: Vec<&str> =
        r.verdicts.iter().filter(|v| v.item == Item::Window).map(|v| v.hint.as_ref().unwrap().code).collect();
    assert_eq!(c, ["window-swapped", "window-swapped"]);
    let r = window(Algorithm::AlphaBetaNegamax, "e", "-inf", "-4");
    let e: Vec<(bool, &str)> = r
        .verdicts
        .iter()
        .filter(|v| v.item == Item::Window)
        .map(|v| (v.right, v.hint.as_ref().map_or("", |h| h.code)))
        .collect();
    assert_eq!(e, [(true, ""), (false, "window-sign")]);
    // "… each child gets its parent's (−Pass-Thresh, −Use-Thresh), swapped and with the sign changed"
    assert!(r.verdicts.iter().any(|v| v.hint.as_ref().is_some_and(|h| h.key == "windowSign")));
}

#[test]
fn the_path_and_the_number_of_leaves() {
    let lecture = Tree::parse(LECTURE).unwrap();
    let ask = Ask { values: false, windows: WindowsAsked::None, pruned: false, path: true, leaves: true };
    for (path, right) in
        [("b d i", true), ("[b, d, i]", true), ("a b d i", true), ("b → d → i", true), ("b e j", false)]
    {
        let answers = Answers { path: Some(path.into()), leaves: Some("8".into()), ..Answers::default() };
        let r = check_asked(&lecture, Algorithm::Minimax, &ask, &answers).unwrap();
        assert_eq!(r.total, 2);
        assert_eq!(r.verdicts[0].right, right, "{path}");
        assert!(r.verdicts[1].right, "minimax evaluates the 8 leaves");
        if !right {
            // "… (right as far as b)"
            let hint = r.verdicts[0].hint.as_ref().unwrap();
            assert!(matches!(hint.arg("soFar"), Some(Arg::Sentence(p)) if p.key == "pathSoFar" && p.texts() == ["b"]));
            // "the principal path is [b, d, i]: …"
            let why = r.verdicts[0].why.as_ref().unwrap();
            assert_eq!((why.key, why.arg("path")), ("principalPath", Some(&Arg::Text("b, d, i".into()))));
        }
    }
    // Alpha-beta evaluates fewer: saying "every leaf" is answered as such.
    let answers = Answers { leaves: Some("8".into()), ..Answers::default() };
    let r = check_asked(&lecture, Algorithm::AlphaBeta, &ask, &answers).unwrap();
    let leaves = r.verdicts.iter().find(|v| v.item == Item::Leaves).unwrap();
    assert!(!leaves.right);
    assert_eq!(leaves.expected, "5");
    // "that is every leaf: does no cut-off skip any?"
    assert_eq!(leaves.hint.as_ref().unwrap().key, "everyLeaf");
    let r =
        check_asked(&lecture, Algorithm::AlphaBeta, &ask, &Answers { leaves: Some("5".into()), ..Answers::default() })
            .unwrap();
    assert!(r.verdicts.iter().find(|v| v.item == Item::Leaves).unwrap().right);
}

#[test]
fn only_trees_a_student_can_do() {
    assert_eq!(MAX_LEAVES, 32);
    for (shape, fits) in
        [((5, 2), true), ((3, 3), true), ((2, 4), true), ((3, 4), false), ((4, 3), false), ((5, 4), false)]
    {
        assert_eq!(shape_fits(shape.0, shape.1), fits, "{shape:?}");
        assert_eq!(fits_exercise(&generate(1, shape.0, shape.1).unwrap()).is_ok(), fits, "{shape:?}");
    }
    let big = generate(1, 5, 4).unwrap();
    let e = questions(&big, Algorithm::AlphaBeta, &Ask::default_for(Algorithm::AlphaBeta)).unwrap_err();
    assert!(e.contains("1365 nodes and 1024 leaves") && e.contains("at most 64 nodes and 32 leaves"), "{e}");
    // The built-in examples all fit; what is asked must apply.
    for text in [LECTURE, PRUNING, MAXN] {
        assert!(fits_exercise(&Tree::parse(text).unwrap()).is_ok());
    }
    assert!(Ask::parse("values,pruned", Algorithm::Minimax).is_err());
    assert!(Ask::parse("values,colour", Algorithm::AlphaBeta).unwrap_err().contains("'colour'"));
    assert_eq!(Ask::parse("leaves,windows,values", Algorithm::Pvs).unwrap().write(), "values,windows,leaves");
    // The order of the sheet: values depth-first, windows, leaves, path, count.
    let pruning = Tree::parse(PRUNING).unwrap();
    let qs = questions(&pruning, Algorithm::AlphaBeta, &all_asked(Algorithm::AlphaBeta)).unwrap();
    let sheet: Vec<String> = qs.iter().map(|q| format!("{}:{}", q.field.name(), q.label)).collect();
    assert_eq!(
        sheet,
        [
            "value:n1",
            "value:x",
            "value:y",
            "alpha:x",
            "beta:x",
            "alpha:y",
            "beta:y",
            "pruned:n2",
            "pruned:n3",
            "pruned:n4",
            "pruned:n5",
            "pruned:A",
            "pruned:B",
            "path:n1",
            "leaves:n1"
        ]
    );
}

#[test]
fn a_variant_per_student() {
    let a = student_variant("Ana Conceição").unwrap();
    assert_eq!(student_variant("ANA  conceicao").unwrap(), a);
    assert!((1..=65_535).contains(&a));
    let variants: std::collections::HashSet<u32> =
        (0..30).map(|i| student_variant(&format!("20230{i:02}")).unwrap()).collect();
    assert!(variants.len() >= 29, "30 students, {} variants", variants.len());
    assert!(student_variant("").is_err());
    // A random exercise's variant: another seed (variant 0 is the shared exercise).
    assert_eq!(variant_seed(42, 0), 42);
    assert_ne!(variant_seed(42, a), variant_seed(42, a + 1));
    assert_eq!(variant_seed(42, a), variant_seed(42, a));
    // A typed tree's variant: the same shape and labels, leaves within the tree's range.
    let lecture = Tree::parse(LECTURE).unwrap();
    let v = tree_variant(&lecture, a);
    assert_eq!(v, tree_variant(&lecture, a));
    assert_ne!(v.write(), lecture.write());
    for (x, y) in lecture.nodes.iter().zip(&v.nodes) {
        assert_eq!((&x.label, &x.children, x.value.is_some()), (&y.label, &y.children, y.value.is_some()));
        if let Some(Value::Scalar(n)) = y.value {
            assert!((1..=6).contains(&n), "{n}");
        }
    }
    let maxn = tree_variant(&Tree::parse(MAXN).unwrap(), 3);
    assert!(maxn.is_vector() && maxn.players == 3);
}

#[test]
fn an_unticked_box_says_evaluated_only_under_an_answered_node() {
    // min (x(12 7 18) y(25 A:3 B:40)) with alpha-beta: A and B are never evaluated.
    let tree = Tree::parse(PRUNING).unwrap();
    let pruned_only = Ask { values: false, windows: WindowsAsked::None, pruned: true, path: false, leaves: false };
    let values_and_pruned = Ask { values: true, ..pruned_only };
    let score = |ask: &Ask, answers: &Answers| check_asked(&tree, Algorithm::AlphaBeta, ask, answers).unwrap();
    for ask in [pruned_only, values_and_pruned] {
        assert_eq!(score(&ask, &Answers::default()).right, 0, "{ask:?}");
    }
    // A and B ticked: on a sheet of ✂ alone that answers every box (all six right); with the
    // numbers asked it answers y's boxes (A, B and y's first leaf), not x's.
    let ticked = Answers { pruned: vec!["A".into(), "B".into()], ..Answers::default() };
    let r = score(&pruned_only, &ticked);
    assert_eq!((r.right, r.total), (6, 6));
    let r = score(&values_and_pruned, &ticked);
    assert_eq!(r.right, 3, "{:?}", r.verdicts);
    let x_leaves: Vec<_> = r.verdicts.iter().filter(|v| v.field == Field::Pruned && !v.right).collect();
    assert_eq!(x_leaves.len(), 3);
    for v in x_leaves {
        let hint = v.hint.as_ref().unwrap();
        assert_eq!((hint.key, hint.arg("parent")), ("blankLeaf", Some(&Arg::Text("x".into()))));
    }
    // x's number written, even a wrong one: its unticked leaves say "evaluated", and are.
    let mut answered = ticked.clone();
    answered.values.push(("x".into(), "12".into()));
    let r = score(&values_and_pruned, &answered);
    assert_eq!(r.verdicts.iter().filter(|v| v.field == Field::Pruned && v.right).count(), 6);
}
