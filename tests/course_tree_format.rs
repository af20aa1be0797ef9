//! The tree text format: what it accepts, what it generates, and the errors it gives (line,
//! column, what was expected) — never a panic or a stack overflow, whatever the input.

use reversi::course::game::{Side, Value};
use reversi::course::tree::{Tree, MAX_DEPTH, MAX_TEXT};

fn error(text: &str) -> String {
    Tree::parse(text).expect_err(text).to_string()
}

#[test]
fn examples_of_the_issue_are_read_as_written() {
    let lecture = Tree::parse("max a(b(d(h:1 i:4) e(j:5 l:6)) c(f(m:2 n:1) g(o:1 p:1)))").unwrap();
    assert_eq!(lecture.root_side, Side::Max);
    assert_eq!(lecture.nodes.len(), 15);
    assert_eq!(lecture.nodes[0].label, "a");
    let i = lecture.find("i").unwrap();
    assert_eq!(lecture.nodes[i].value, Some(Value::Scalar(4)));
    assert_eq!(lecture.nodes[i].depth, 3);

    let pruning = Tree::parse("min (x(12 7 18) y(25 A:3 B:40))").unwrap();
    assert_eq!(pruning.root_side, Side::Min);
    let labels: Vec<&str> = pruning.nodes.iter().map(|n| n.label.as_str()).collect();
    assert_eq!(labels, ["n1", "x", "n2", "n3", "n4", "y", "n5", "A", "B"]);
    assert!(pruning.nodes[0].generated && !pruning.nodes[1].generated);

    let maxn = Tree::parse("((((1,2,6) (4,2,3)) ((6,1,2) (7,4,1))) (((5,1,1) (1,5,2)) ((7,7,1) (5,4,5))))").unwrap();
    assert!(maxn.is_vector());
    assert_eq!(maxn.players, 3);
    assert_eq!(maxn.nodes.iter().filter(|n| n.value.is_some()).count(), 8);
    assert_eq!(maxn.nodes[3].value, Some(Value::Vector(vec![1, 2, 6])));
}

#[test]
fn whitespace_is_free_and_the_prefix_is_optional() {
    let a = Tree::parse("max a(b:1 c:2)").unwrap();
    assert_eq!(Tree::parse("  a (\n b : 1\t c:2 )  ").unwrap(), a);
    assert_eq!(Tree::parse("MAX a(b:1 c:2)").unwrap(), a);
    assert_eq!(Tree::parse("max(1 -2)").unwrap().nodes[2].value, Some(Value::Scalar(-2)));
    assert_eq!(Tree::parse("( 1 , 2 )").unwrap().nodes[0].value, Some(Value::Vector(vec![1, 2])));
    // "max:3" is a one-leaf tree labelled max, not the prefix.
    assert_eq!(Tree::parse("max:3").unwrap().nodes[0].label, "max");
}

#[test]
fn generated_labels_never_clash_with_given_ones() {
    let t = Tree::parse("(n1:1 (2 n3:3) n2(4))").unwrap();
    let labels: Vec<&str> = t.nodes.iter().map(|n| n.label.as_str()).collect();
    assert_eq!(labels, ["n4", "n1", "n5", "n6", "n3", "n2", "n7"]);
    assert_eq!(Tree::parse(&t.write()).unwrap(), t);
}

#[test]
fn a_leaf_changes_by_label() {
    let t = Tree::parse("min (x(12 7 18) y(25 A:3 B:40))").unwrap();
    let t2 = t.with_leaf("A", "-7").unwrap();
    assert_eq!(t2.write(), "min (x(12 7 18) y(25 A:-7 B:40))");
    assert_eq!(t.with_leaf("n4", "99").unwrap().write(), "min (x(12 7 99) y(25 A:3 B:40))");
    assert!(t.with_leaf("y", "1").unwrap_err().to_string().contains("inner node"));
    assert!(t.with_leaf("zz", "1").unwrap_err().to_string().contains("no node is labelled 'zz'"));
    assert!(t.with_leaf("A", "(1,2)").unwrap_err().to_string().contains("numbers, not vectors"));
    assert!(t.with_leaf("A", "x").unwrap_err().to_string().contains("expected a number"));
    assert!(t.with_leaf("A", "1 2").unwrap_err().to_string().contains("after the value"));
    let v = Tree::parse("((1,2,6) (4,2,3))").unwrap();
    assert_eq!(v.with_leaf("n2", "(0, 0, 9)").unwrap().write(), "((0,0,9) (4,2,3))");
    assert!(v.with_leaf("n2", "(1,2)").unwrap_err().to_string().contains("3 values, not 2"));
    assert!(v.with_leaf("n2", "5").unwrap_err().to_string().contains("needs a vector"));
}

#[test]
fn bad_text_is_rejected_with_line_column_and_what_was_expected() {
    assert_eq!(error(""), "line 1, column 1: the text is empty: expected a tree such as max a(b:1 c:2)");
    assert_eq!(
        error("max a(b:1"),
        "line 1, column 10: expected ')' to close the '(' of line 1, column 6, found the end of the text"
    );
    assert_eq!(error("max a(b:1 c:)"), "line 1, column 13: expected a value after 'c:', found ')'");
    assert_eq!(
        error("max a(b:1 c)"),
        "line 1, column 12: expected ':' and a value, or '(' and children, after the label 'c', found ')'"
    );
    assert_eq!(error("max a()"), "line 1, column 7: expected a child: an inner node needs at least one");
    assert_eq!(error("max a(b:1 c:2))"), "line 1, column 15: ')' closes nothing: there are more ')' than '('");
    assert_eq!(
        error("max a(b:1)\n  c:2"),
        "line 2, column 3: unexpected 'c' after the end of the tree (a tree has a single root)"
    );
    assert_eq!(
        error("max a(\n  b:1\n  b:2)"),
        "line 3, column 3: the label 'b' is used twice: labels name one node each"
    );
    assert_eq!(error("(1 2, 3)"), "line 1, column 5: ',' in a list of children (children are separated by spaces; a vector holds numbers only, like (1,2,6))");
    assert_eq!(
        error("(a:1, 2)"),
        "line 1, column 5: a vector holds numbers only: ',' after a node that is not a plain number"
    );
    assert_eq!(error("((1,2) 3)"), "line 1, column 8: this leaf is a number but the first leaf (line 1, column 2) is a vector of 2 values: all leaves must be alike");
    assert_eq!(error("((1,2) (1,2,3))"), "line 1, column 8: this leaf is a vector of 3 values but the first leaf (line 1, column 2) is a vector of 2 values: all leaves must be alike");
    assert_eq!(error("(1 2a)"), "line 1, column 5: a number is followed by 'a': labels start with a letter");
    assert_eq!(error("(1 #)"), "line 1, column 4: expected a node (a label, a number or '('), found '#'");
    assert_eq!(error("(1 99999999999)"), "line 1, column 4: the value 99999999999 is too large (at most ±1000000000)");
    assert_eq!(
        error("min ((1,2) (3,4))"),
        "line 1, column 1: a max^n tree has no MIN: player 1 moves at the root (write no prefix, or max)"
    );
    assert_eq!(error("(1,2,"), "line 1, column 6: expected a number after ',', found the end of the text");
}

#[test]
fn pathological_input_gets_a_clear_error_not_a_crash() {
    let deep = format!("{}1{}", "(".repeat(50_000), ")".repeat(50_000));
    assert!(error(&deep).contains(&format!("nested more than {MAX_DEPTH} levels deep")));
    let just_open = "(".repeat(1_000_000);
    assert!(Tree::parse(&just_open).is_err());
    let long = format!("({})", "1 ".repeat(MAX_TEXT));
    assert!(error(&long).contains("longer than"));
    let wide = format!("({})", "1 ".repeat(30_000));
    assert!(error(&wide).contains("more than 20000 nodes"));
    // Exactly at the depth bound is fine.
    let ok = format!("{}1{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
    assert_eq!(Tree::parse(&ok).unwrap().nodes.len(), MAX_DEPTH + 1);
    // Arbitrary bytes never panic.
    let mut state = 12345u64;
    let alphabet: Vec<char> = "()ab:,- 0123456789\nmaxin(".chars().collect();
    for _ in 0..20_000 {
        let len = (state % 40) as usize;
        let text: String = (0..len)
            .map(|_| {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                alphabet[(state >> 33) as usize % alphabet.len()]
            })
            .collect();
        if let Ok(t) = Tree::parse(&text) {
            assert_eq!(Tree::parse(&t.write()).unwrap(), t, "{text}");
        }
    }
}
