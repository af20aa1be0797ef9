//! Every two-player algorithm of the classroom against the reference `course::minimax`, over
//! thousands of random trees (random shapes, labels and values with many ties, generated
//! deterministically): same root value, same path; alpha-beta evaluates a subset of minimax's
//! leaves, and both alpha-beta forms evaluate exactly the same leaves.

use reversi::course::algorithms::trace;
use reversi::course::game::Value;
use reversi::course::minimax::minimax;
use reversi::course::trace::{Algorithm, DEFAULT_LIMIT};
use reversi::course::tree::{ScalarTree, Tree};
use reversi::rng::XorShift64Star;
use std::collections::HashSet;

/// A random tree as text: inner nodes with 1 to 4 children, leaves more likely deeper down,
/// values in −5..=5 so that ties are common, some nodes labelled.
fn random_tree_text(rng: &mut XorShift64Star) -> String {
    fn node(rng: &mut XorShift64Star, depth: u32, max_depth: u32, next_label: &mut u32, out: &mut String) {
        let labelled = rng.below(3) == 0;
        if labelled {
            *next_label += 1;
            out.push_str(&format!("L{next_label}"));
        }
        let leaf = depth == max_depth || (depth > 0 && rng.below(max_depth as usize + 1) < depth as usize / 2);
        if leaf {
            if labelled {
                out.push(':');
            }
            out.push_str(&(rng.below(11) as i32 - 5).to_string());
        } else {
            out.push('(');
            let children = 1 + rng.below(4);
            for i in 0..children {
                if i > 0 {
                    out.push(' ');
                }
                node(rng, depth + 1, max_depth, next_label, out);
            }
            out.push(')');
        }
    }
    let mut out = String::from(if rng.below(2) == 0 { "max " } else { "min " });
    let max_depth = 1 + rng.below(6) as u32;
    node(rng, 0, max_depth, &mut 0, &mut out);
    out
}

#[test]
fn all_two_player_algorithms_agree_with_minimax_on_random_trees() {
    let mut rng = XorShift64Star::from_state(0x5eed_7e55);
    let (mut minimax_leaves, mut alpha_beta_leaves, mut cut_trees) = (0, 0, 0);
    for i in 0..3000 {
        let text = random_tree_text(&mut rng);
        let tree = Tree::parse(&text).unwrap_or_else(|e| panic!("tree {i}: {e}\n{text}"));
        let game = ScalarTree(&tree);
        let reference = minimax(&game, &0, u32::MAX);
        let value = tree.root_side.sign() * reference.value;
        let path: Vec<String> = reference.path.iter().map(|&n| tree.nodes[n].label.clone()).collect();
        let mut leaves = Vec::new();
        for algorithm in Algorithm::TWO_PLAYER {
            let t = trace(&game, &0, u32::MAX, algorithm, DEFAULT_LIMIT).unwrap();
            assert_eq!(t.value_for_max(), Value::Scalar(value), "tree {i}, {algorithm}: {text}");
            assert_eq!(t.path_names(), path, "tree {i}, {algorithm}: {text}");
            leaves.push(t.leaf_labels());
        }
        let [mm, nega, ab, ab_nega, ordered, _pvs] = &leaves[..] else { unreachable!() };
        let all: HashSet<&String> = mm.iter().collect();
        assert_eq!(mm, nega, "tree {i}: minimax and negamax evaluate every leaf, in order");
        assert_eq!(all.len(), tree.nodes.iter().filter(|n| n.value.is_some()).count());
        assert!(ab.iter().all(|l| all.contains(l)), "tree {i}: alpha-beta's leaves are minimax's");
        assert_eq!(ab, ab_nega, "tree {i}: MAX/MIN and negamax alpha-beta prune alike: {text}");
        // A tree has no estimate for inner nodes, and reading a leaf is evaluating it, so ordering
        // keeps the written order here.
        assert_eq!(ab, ordered, "tree {i}");
        minimax_leaves += mm.len();
        alpha_beta_leaves += ab.len();
        cut_trees += usize::from(ab.len() < mm.len());
    }
    // The trees are varied enough for pruning to matter in many of them.
    assert!(cut_trees > 1000, "{cut_trees} trees pruned");
    assert!(alpha_beta_leaves * 10 < minimax_leaves * 9, "{alpha_beta_leaves} vs {minimax_leaves}");
}

#[test]
fn writing_a_tree_and_reading_it_back_gives_the_same_tree() {
    let mut rng = XorShift64Star::from_state(77);
    for i in 0..2000 {
        let text = random_tree_text(&mut rng);
        let tree = Tree::parse(&text).unwrap();
        let written = tree.write();
        assert_eq!(Tree::parse(&written).unwrap(), tree, "tree {i}: {text} → {written}");
        assert_eq!(Tree::parse(&written).unwrap().write(), written);
    }
}
