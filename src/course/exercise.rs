//! Exercises: the students predict, the engine checks.
//!
//! - [`generate`]: a random two-player tree from a seed and a shape (depth 2–5, branching 2–4,
//!   leaf values −20…20), the same on every machine: the generator is the crate's own
//!   [`SplitMix64`], not a crate whose algorithm could change. The page's address carries
//!   `exercise=<seed>&shape=<depth>x<branching>` ([`parse_shape`]).
//! - [`check`]: the students' answers on a tree searched by an algorithm — the number of each
//!   inner node (in the algorithm's view: MAX's for the MAX/MIN forms, the side to move's for the
//!   negamax forms, the vector for max^n), for the pruning algorithms the leaves never evaluated,
//!   and optionally the bounds a node is entered with — each marked right or wrong, a wrong one
//!   explained in one sentence (English, Brazilian and European Portuguese), and a score.

use crate::course::algorithms::{trace_maxn, trace_with};
use crate::course::game::{Side, Value};
use crate::course::replay::{Replay, Status};
use crate::course::trace::{number, Algorithm, Bound, Event, Options, Player, Trace, ValueKind, Window};
use crate::course::tree::{ScalarTree, Tree, VectorTree, MAX_NODES};
use crate::rng::SplitMix64;
use std::collections::{HashMap, HashSet};

/// The shapes an exercise may have.
pub const DEPTHS: std::ops::RangeInclusive<u32> = 2..=5;
pub const BRANCHINGS: std::ops::RangeInclusive<u32> = 2..=4;
/// Leaf values lie in `-LEAF_RANGE..=LEAF_RANGE`.
pub const LEAF_RANGE: i32 = 20;

/// Reads `<depth>x<branching>`, e.g. `3x2`.
///
/// ```
/// use reversi::course::exercise::parse_shape;
/// assert_eq!(parse_shape("3x2"), Ok((3, 2)));
/// assert!(parse_shape("6x2").unwrap_err().contains("depth"));
/// ```
pub fn parse_shape(text: &str) -> Result<(u32, u32), String> {
    let t = text.trim();
    let (d, b) =
        t.split_once(['x', 'X', '×']).ok_or_else(|| format!("shape '{t}': write <depth>x<branching>, such as 3x2"))?;
    let d: u32 = d.trim().parse().map_err(|_| format!("shape '{t}': the depth '{d}' is not a whole number"))?;
    let b: u32 = b.trim().parse().map_err(|_| format!("shape '{t}': the branching '{b}' is not a whole number"))?;
    check_shape(d, b)?;
    Ok((d, b))
}

fn check_shape(depth: u32, branching: u32) -> Result<(), String> {
    if !DEPTHS.contains(&depth) {
        return Err(format!("exercise depth {depth}: choose {} to {}", DEPTHS.start(), DEPTHS.end()));
    }
    if !BRANCHINGS.contains(&branching) {
        return Err(format!("exercise branching {branching}: choose {} to {}", BRANCHINGS.start(), BRANCHINGS.end()));
    }
    Ok(())
}

/// The labels a, b, … z, aa, ab, …, leaving out `max` and `min` (which the tree format reads as
/// the root's side).
fn labels(count: usize) -> Vec<String> {
    (0usize..)
        .map(|i| {
            let mut n = i + 1;
            let mut s = Vec::new();
            while n > 0 {
                n -= 1;
                s.push(b'a' + (n % 26) as u8);
                n /= 26;
            }
            s.reverse();
            String::from_utf8(s).expect("ascii")
        })
        .filter(|s| s != "max" && s != "min")
        .take(count)
        .collect()
}

/// The exercise tree of `seed` and shape `depth` × `branching`: MAX at the root, every inner node
/// with exactly `branching` children, every leaf at `depth`, each leaf's value drawn in turn from
/// left to right in −20…20. Nodes are labelled level by level, left to right: a (the root), b, c,
/// … z, aa, ab, … (every node, leaves included, so that answers and marks name them).
///
/// ```
/// use reversi::course::exercise::generate;
/// let t = generate(1, 2, 2).unwrap();
/// assert_eq!(t.write(), generate(1, 2, 2).unwrap().write());
/// assert_eq!(t.nodes.len(), 7);
/// ```
pub fn generate(seed: u64, depth: u32, branching: u32) -> Result<Tree, String> {
    check_shape(depth, branching)?;
    let mut rng = SplitMix64(seed);
    let b = branching as usize;
    // The first label number of each level.
    let mut level_start = vec![0usize];
    for level in 0..depth as usize {
        level_start.push(level_start[level] + b.pow(level as u32));
    }
    let total = level_start[depth as usize] + b.pow(depth);
    let labels = labels(total);
    #[allow(clippy::too_many_arguments)]
    fn write(
        level: u32,
        index: usize,
        depth: u32,
        b: usize,
        starts: &[usize],
        labels: &[String],
        rng: &mut SplitMix64,
        out: &mut String,
    ) {
        let name = &labels[starts[level as usize] + index];
        out.push_str(name);
        if level == depth {
            let v = rng.below(2 * LEAF_RANGE as usize + 1) as i32 - LEAF_RANGE;
            out.push(':');
            out.push_str(&v.to_string());
        } else {
            out.push('(');
            for k in 0..b {
                if k > 0 {
                    out.push(' ');
                }
                write(level + 1, index * b + k, depth, b, starts, labels, rng, out);
            }
            out.push(')');
        }
    }
    let mut text = String::from("max ");
    write(0, 0, depth, b, &level_start, &labels, &mut rng, &mut text);
    debug_assert!(total <= MAX_NODES);
    Tree::parse(&text).map_err(|e| format!("internal error, generated tree: {e}"))
}

/// The bounds a student gives for a node: α and β (MAX/MIN alpha-beta), or Passar-Limite (as
/// `alpha`) and Usar-Limite (as `beta`) for MINIMAX-A-B and PVS, as text (`-inf`, `−∞`, `4`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WindowAnswer {
    pub label: String,
    pub alpha: String,
    pub beta: String,
}

/// The students' answers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answers {
    /// The number typed for inner nodes, by label: `4`, `-3`, `≥ 25` (or `>= 25`), `(1,2,6)`;
    /// empty for a node the student says is never visited.
    pub values: Vec<(String, String)>,
    /// Labels marked "never evaluated": leaves, or inner nodes for all the leaves below them.
    pub pruned: Vec<String>,
    /// Bounds at chosen nodes.
    pub windows: Vec<WindowAnswer>,
}

/// What an answer is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// An inner node's number.
    Value,
    /// Whether a leaf is evaluated.
    Pruned,
    /// The bounds a node is entered with.
    Window,
}

impl Item {
    pub const fn name(self) -> &'static str {
        match self {
            Item::Value => "value",
            Item::Pruned => "pruned",
            Item::Window => "window",
        }
    }
}

/// One sentence on a wrong answer, with a code naming the case for pages that word it
/// themselves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// `max`, `min`, `max-cut`, `min-cut`, `negamax`, `negamax-cut`, `pass-limit`, `maxn`,
    /// `not-visited`, `no-answer`, `unreadable`, `not-evaluated`, `evaluated`, `window`,
    /// `window-not-visited`.
    pub code: &'static str,
    pub en: String,
    /// Brazilian Portuguese.
    pub pt_br: String,
    /// European Portuguese (the same words as `pt_br` except where the variants differ).
    pub pt_pt: String,
}

/// One answer checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub item: Item,
    pub label: String,
    /// What the student gave (`"marked"` / `""` for a leaf's mark).
    pub given: String,
    /// The right answer: `4`, `≥ 25`, `(1, 2, 6)`, `not visited`, `evaluated`, `never evaluated`,
    /// `α = −∞, β = 4` (or `Passar-Limite = …, Usar-Limite = …`).
    pub expected: String,
    pub right: bool,
    /// For a wrong answer.
    pub why: Option<Explanation>,
}

/// All the answers checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub verdicts: Vec<Verdict>,
    pub right: usize,
    pub total: usize,
}

impl Report {
    pub fn all_correct(&self) -> bool {
        self.right == self.total
    }

    /// `N/M`.
    pub fn score(&self) -> String {
        format!("{}/{}", self.right, self.total)
    }
}

/// What the search did to each node of the tree.
struct Solved {
    trace: Trace,
    replay: Replay,
    /// Tree label → trace node.
    by_label: HashMap<String, usize>,
    /// Trace node → the first window it was entered with.
    first_window: HashMap<usize, Window>,
    /// Trace node → the cut-off event that skipped it.
    skipped_by: HashMap<usize, usize>,
    /// Trace node → its own (last) cut-off event.
    cut_at: HashMap<usize, usize>,
    /// Trace node → the window of its last entry.
    last_window: HashMap<usize, Window>,
    /// Trace nodes whose best so far changed at least once.
    updated: HashSet<usize>,
    /// Tree node → its parent.
    parent: Vec<Option<usize>>,
}

impl Solved {
    fn new(tree: &Tree, algorithm: Algorithm) -> Result<Solved, String> {
        let limit = crate::course::trace::DEFAULT_LIMIT;
        let trace = if algorithm == Algorithm::MaxN {
            if !tree.is_vector() {
                return Err("maxn needs a vector at every leaf, such as (1,2,6); this tree's leaves are numbers".into());
            }
            trace_maxn(&VectorTree(tree), &0, u32::MAX, limit)
        } else {
            if tree.is_vector() {
                return Err(format!(
                    "{algorithm} is a two-player algorithm, and this tree's leaves are vectors: use maxn"
                ));
            }
            trace_with(&ScalarTree(tree), &0, u32::MAX, algorithm, Options::default(), limit)
        }
        .map_err(|e| e.to_string())?;
        let replay = Replay::new(&trace);
        let by_label = trace.nodes.iter().enumerate().map(|(id, n)| (n.label.clone(), id)).collect();
        let mut first_window = HashMap::new();
        let mut skipped_by = HashMap::new();
        let mut cut_at = HashMap::new();
        let mut last_window = HashMap::new();
        let mut updated = HashSet::new();
        for (i, e) in trace.events.iter().enumerate() {
            match e {
                Event::Enter { node, window, .. } => {
                    first_window.entry(*node).or_insert(*window);
                    last_window.insert(*node, *window);
                }
                Event::Cutoff { node, skipped, .. } => {
                    cut_at.insert(*node, i);
                    for &s in skipped {
                        skipped_by.entry(s).or_insert(i);
                    }
                }
                Event::Update { node, .. } => {
                    updated.insert(*node);
                }
                _ => {}
            }
        }
        let mut parent = vec![None; tree.nodes.len()];
        for (id, n) in tree.nodes.iter().enumerate() {
            for &c in &n.children {
                parent[c] = Some(id);
            }
        }
        Ok(Solved { trace, replay, by_label, first_window, skipped_by, cut_at, last_window, updated, parent })
    }

    fn end(&self) -> usize {
        self.replay.steps()
    }

    /// The trace node of a visited (entered) tree node.
    fn visited(&self, tree: &Tree, id: usize) -> Option<usize> {
        let t = *self.by_label.get(&tree.nodes[id].label)?;
        let state = self.replay.node_state(t, self.end())?;
        (state.status != Status::Pruned).then_some(t)
    }

    /// The cut-off that kept a tree node from being visited: the one that skipped it or its
    /// nearest skipped ancestor.
    fn cut_above(&self, tree: &Tree, id: usize) -> Option<&Event> {
        let mut at = Some(id);
        while let Some(n) = at {
            if let Some(&t) = self.by_label.get(&tree.nodes[n].label) {
                if let Some(&e) = self.skipped_by.get(&t) {
                    return Some(&self.trace.events[e]);
                }
            }
            at = self.parent[n];
        }
        None
    }
}

/// An explanation in the three languages.
fn why(code: &'static str, en: String, pt_br: String, pt_pt: Option<String>) -> Explanation {
    let pt_pt = pt_pt.unwrap_or_else(|| pt_br.clone());
    Explanation { code, en, pt_br, pt_pt }
}

/// "a", "a and b", "a, b and c".
fn list(items: &[String], and: &str) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} {and} {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

fn show(value: &Value, bound: ValueKind) -> String {
    match value {
        Value::Scalar(v) => bound.show(*v),
        Value::Vector(vs) => {
            let parts: Vec<String> = vs.iter().map(|&v| number(v)).collect();
            format!("({})", parts.join(", "))
        }
    }
}

fn ordinal_en(k: usize) -> String {
    let suffix = match (k % 10, k % 100) {
        (1, n) if n != 11 => "st",
        (2, n) if n != 12 => "nd",
        (3, n) if n != 13 => "rd",
        _ => "th",
    };
    format!("{k}{suffix}")
}

/// A student's scalar answer: an optional bound sign and an integer (ASCII or true minus).
fn read_scalar(text: &str) -> Option<(Option<ValueKind>, i32)> {
    let t = text.trim();
    let (kind, rest) = if let Some(r) = t.strip_prefix('≥').or_else(|| t.strip_prefix(">=")) {
        (Some(ValueKind::Lower), r)
    } else if let Some(r) = t.strip_prefix('≤').or_else(|| t.strip_prefix("<=")) {
        (Some(ValueKind::Upper), r)
    } else if let Some(r) = t.strip_prefix('=') {
        (Some(ValueKind::Exact), r)
    } else {
        (None, t)
    };
    let digits = rest.trim().replace(['−', '–'], "-");
    digits.strip_prefix('+').unwrap_or(&digits).parse::<i32>().ok().map(|v| (kind, v))
}

/// A bound typed by a student: a number or an infinity (`inf`, `∞`, `+∞`, `-inf`, `−∞`).
fn read_bound(text: &str) -> Option<Bound> {
    let t = text.trim().replace(['−', '–'], "-").to_ascii_lowercase();
    let t = t.replace(' ', "");
    match t.as_str() {
        "∞" | "+∞" | "inf" | "+inf" | "infinity" | "+infinity" => Some(Bound::PosInf),
        "-∞" | "-inf" | "-infinity" => Some(Bound::NegInf),
        _ => t.strip_prefix('+').unwrap_or(&t).parse::<i32>().ok().map(Bound::Finite),
    }
}

fn read_vector(text: &str) -> Option<Vec<i32>> {
    let t = text.trim().trim_start_matches('(').trim_end_matches(')').replace(['−', '–'], "-");
    t.split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<i32>().ok())
        .collect()
}

fn is_blank(text: &str) -> bool {
    text.trim().is_empty() || says_not_visited(text)
}

/// A student's "never visited" written in a value field: `-`, `−`, `—`, `x`, `pruned`, `podado`.
fn says_not_visited(text: &str) -> bool {
    let t = text.trim().to_lowercase();
    matches!(t.as_str(), "-" | "−" | "—" | "–" | "x" | "pruned" | "podado" | "cut" | "cortado")
}

/// Checks `answers` on `tree` searched by `algorithm` (any algorithm that applies to the tree).
/// Answers, in this order:
/// - every inner node, in the tree's depth-first order: its number, or for a node the search
///   never visits, `-` (also `−`, `x`, `pruned`, `podado`) or a mark on it or above it;
/// - with a pruning algorithm, every leaf that is never evaluated (right if marked, itself or
///   through a marked node above it) and every leaf marked although evaluated (always wrong);
/// - each window given.
///
/// A bound's sign may be left out (`25` for `≥ 25` is right), but a sign given must be the right
/// one. Errors: a label the tree does not have, a value given for a leaf, or an algorithm that
/// does not apply.
///
/// ```
/// use reversi::course::exercise::{check, Answers};
/// use reversi::course::trace::Algorithm;
/// use reversi::course::tree::Tree;
/// let tree = Tree::parse("max a(b(d:2 e:1) c(f:3 g:4))").unwrap();
/// let answers = Answers { values: vec![("a".into(), "3".into()), ("b".into(), "2".into()),
///     ("c".into(), "3".into())], ..Answers::default() };
/// let report = check(&tree, Algorithm::Minimax, &answers).unwrap();
/// assert_eq!(report.score(), "2/3");
/// assert_eq!(report.verdicts[1].why.as_ref().unwrap().en, "b is MIN: the smallest of 2 and 1 is 1");
/// ```
pub fn check(tree: &Tree, algorithm: Algorithm, answers: &Answers) -> Result<Report, String> {
    let solved = Solved::new(tree, algorithm)?;
    let find = |label: &str| {
        tree.find(label.trim()).ok_or_else(|| format!("no node of this tree is labelled '{}'", label.trim()))
    };
    let mut given: HashMap<usize, String> = HashMap::new();
    for (label, text) in &answers.values {
        let id = find(label)?;
        if tree.nodes[id].value.is_some() {
            return Err(format!("'{label}' is a leaf: its value is given, only inner nodes are answers"));
        }
        given.insert(id, text.clone());
    }
    let mut marked: HashSet<usize> = HashSet::new();
    let mut marked_nodes: HashSet<usize> = HashSet::new();
    for label in &answers.pruned {
        let id = find(label)?;
        marked_nodes.insert(id);
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            if tree.nodes[n].children.is_empty() {
                marked.insert(n);
            }
            stack.extend(tree.nodes[n].children.iter().copied());
        }
    }
    let mut verdicts = Vec::new();
    for (id, node) in tree.nodes.iter().enumerate() {
        if node.value.is_none() {
            let text = given.get(&id).cloned().unwrap_or_default();
            let subtree_marked = {
                let mut at = Some(id);
                let mut m = false;
                while let Some(n) = at {
                    m |= marked_nodes.contains(&n);
                    at = solved.parent[n];
                }
                m
            };
            verdicts.push(value_verdict(tree, &solved, algorithm, id, &text, subtree_marked));
        }
    }
    if algorithm.prunes() {
        for (id, node) in tree.nodes.iter().enumerate() {
            if node.value.is_some() {
                let evaluated = solved.by_label.get(&node.label).is_some_and(|&t| solved.trace.nodes[t].leaf);
                if !evaluated || marked.contains(&id) {
                    verdicts.push(leaf_verdict(tree, &solved, algorithm, id, marked.contains(&id)));
                }
            }
        }
    }
    for w in &answers.windows {
        let id = find(&w.label)?;
        verdicts.push(window_verdict(tree, &solved, algorithm, id, w));
    }
    let right = verdicts.iter().filter(|v| v.right).count();
    Ok(Report { total: verdicts.len(), right, verdicts })
}

fn reason_of(event: Option<&Event>) -> (String, String) {
    match event {
        Some(Event::Cutoff { reason, .. }) => (reason.en.clone(), reason.pt.clone()),
        _ => (String::new(), String::new()),
    }
}

fn value_verdict(tree: &Tree, solved: &Solved, algorithm: Algorithm, id: usize, text: &str, marked: bool) -> Verdict {
    let label = tree.nodes[id].label.clone();
    let verdict = |expected: String, right: bool, why: Option<Explanation>| Verdict {
        item: Item::Value,
        label: label.clone(),
        given: text.to_string(),
        expected,
        right,
        why: if right { None } else { why },
    };
    let Some(t) = solved.visited(tree, id) else {
        let right = says_not_visited(text) || (marked && text.trim().is_empty());
        let (en, pt) = reason_of(solved.cut_above(tree, id));
        let w = if text.trim().is_empty() {
            why(
                "no-answer",
                format!("no answer: {label} is never visited (mark it, or write −): {en}"),
                format!("sem resposta: {label} nunca é visitado (marque-o, ou escreva −): {pt}"),
                Some(format!("sem resposta: {label} nunca é visitado (marque-o, ou escreva −): {pt}")),
            )
        } else {
            why(
                "not-visited",
                format!("{label} is never visited: {en}"),
                format!("{label} nunca é visitado: {pt}"),
                None,
            )
        };
        return verdict("not visited".to_string(), right, Some(w));
    };
    let state = solved.replay.node_state(t, solved.end()).expect("visited");
    let value = state.value.clone().expect("a visited node returned");
    let bound = state.bound.unwrap_or(ValueKind::Exact);
    let expected = show(&value, bound);
    if is_blank(text) {
        let v = expected.clone();
        let w = why(
            "no-answer",
            format!("no answer: the search gives {label} {v}"),
            format!("sem resposta: a busca dá a {label} o valor {v}"),
            Some(format!("sem resposta: a procura dá a {label} o valor {v}")),
        );
        return verdict(expected, false, Some(w));
    }
    let right = match &value {
        Value::Scalar(v) => match read_scalar(text) {
            Some((kind, x)) => x == *v && kind.is_none_or(|k| k == bound),
            None => {
                let w = why(
                    "unreadable",
                    format!("'{}' is not a number such as 4, −3 or ≥ 25", text.trim()),
                    format!("'{}' não é um número como 4, −3 ou ≥ 25", text.trim()),
                    None,
                );
                return verdict(expected, false, Some(w));
            }
        },
        Value::Vector(vs) => match read_vector(text) {
            Some(xs) if xs.len() == vs.len() => xs == *vs,
            _ => {
                let n = vs.len();
                let w = why(
                    "unreadable",
                    format!("'{}' is not a vector of {n} numbers such as {}", text.trim(), show(&value, bound)),
                    format!("'{}' não é um vetor de {n} números como {}", text.trim(), show(&value, bound)),
                    Some(format!("'{}' não é um vector de {n} números como {}", text.trim(), show(&value, bound))),
                );
                return verdict(expected, false, Some(w));
            }
        },
    };
    let w = (!right).then(|| explain_value(tree, solved, algorithm, t, &label));
    verdict(expected, right, w)
}

/// Why node `t` (a visited inner node) has its number.
fn explain_value(tree: &Tree, solved: &Solved, algorithm: Algorithm, t: usize, label: &str) -> Explanation {
    let _ = tree;
    let trace = &solved.trace;
    let end = solved.end();
    let state = solved.replay.node_state(t, end).expect("visited");
    let value = state.value.clone().expect("returned");
    let bound = state.bound.unwrap_or(ValueKind::Exact);
    let result = show(&value, bound);
    // The children searched, in the order searched, with their numbers.
    let children: Vec<(usize, Value, ValueKind)> = trace.nodes[t]
        .children
        .iter()
        .filter_map(|&c| {
            let s = solved.replay.node_state(c, end)?;
            if s.status == Status::Pruned {
                return None;
            }
            Some((c, s.value.clone()?, s.bound.unwrap_or(ValueKind::Exact)))
        })
        .collect();
    let (cut, skipped) = match solved.cut_at.get(&t).map(|&i| &trace.events[i]) {
        Some(Event::Cutoff { window, skipped, .. }) => {
            (Some(*window), skipped.iter().map(|&s| trace.nodes[s].label.clone()).collect())
        }
        _ => (None, Vec::new()),
    };
    let (skipped_en, skipped_pt) = (list(&skipped, "and"), list(&skipped, "e"));
    let only = children.len() == 1;
    match (algorithm, trace.nodes[t].player) {
        (Algorithm::MaxN, Player::Number(k)) => {
            let vectors: Vec<String> = children.iter().map(|(_, v, b)| show(v, *b)).collect();
            let Value::Vector(vs) = &value else { unreachable!("max^n values are vectors") };
            let x = number(vs[k - 1]);
            why(
                "maxn",
                format!(
                    "{label} is player {k}'s choice: of {}, the first with the largest {} value ({x}) is {result}",
                    list(&vectors, "and"),
                    ordinal_en(k)
                ),
                format!(
                    "{label} é a escolha do jogador {k}: de {}, o primeiro com o maior {k}º valor ({x}) é {result}",
                    list(&vectors, "e")
                ),
                None,
            )
        }
        (a, Player::Side(side)) if !a.is_negamax() => {
            let nums: Vec<String> = children.iter().map(|(_, v, b)| show(v, *b)).collect();
            let (name, en_w, pt_w) = match side {
                Side::Max => ("MAX", "largest", "maior"),
                Side::Min => ("MIN", "smallest", "menor"),
            };
            match cut {
                Some(Window::AlphaBeta { alpha, beta }) => {
                    let v = match &value {
                        Value::Scalar(v) => Bound::Finite(*v),
                        _ => unreachable!(),
                    };
                    let (test, code) = match side {
                        Side::Max => (format!("{v} ≥ β = {beta}"), "max-cut"),
                        Side::Min => (format!("{v} ≤ α = {alpha}"), "min-cut"),
                    };
                    let _ = (en_w, pt_w);
                    why(
                        code,
                        format!(
                            "{label} is {name}: after {}, {test} cuts {skipped_en}, so {label} is {result}",
                            list(&nums, "and")
                        ),
                        format!(
                            "{label} é {name}: depois de {}, {test} corta {skipped_pt}, então {label} é {result}",
                            list(&nums, "e")
                        ),
                        None,
                    )
                }
                _ if only => why(
                    if side == Side::Max { "max" } else { "min" },
                    format!("{label} is {name}: its only child searched gives {result}"),
                    format!("{label} é {name}: o seu único filho buscado dá {result}"),
                    Some(format!("{label} é {name}: o seu único filho procurado dá {result}")),
                ),
                _ => why(
                    if side == Side::Max { "max" } else { "min" },
                    format!("{label} is {name}: the {en_w} of {} is {result}", list(&nums, "and")),
                    format!("{label} é {name}: o {pt_w} de {} é {result}", list(&nums, "e")),
                    None,
                ),
            }
        }
        (_, Player::Side(side)) => {
            // Negamax forms: the side to move takes the largest of its children's numbers negated.
            let negated: Vec<String> = children
                .iter()
                .map(|(_, v, b)| match v {
                    Value::Scalar(x) => b.negated().show(-x),
                    other => show(other, *b),
                })
                .collect();
            let name = side.name();
            let last_enter = solved.last_window.get(&t).copied();
            let improved = solved.updated.contains(&t);
            if let (Some(Window::Limits { pass_limit, .. }), false) = (last_enter, improved) {
                return why(
                    "pass-limit",
                    format!(
                        "{label} ({name} to move): no child's negated number ({}) beats Passar-Limite {pass_limit}, so it returns Passar-Limite: {result}",
                        list(&negated, "and")
                    ),
                    format!(
                        "{label} ({name} joga): nenhum número negado dos filhos ({}) supera Passar-Limite {pass_limit}, então devolve Passar-Limite: {result}",
                        list(&negated, "e")
                    ),
                    None,
                );
            }
            match cut {
                Some(Window::Limits { use_limit, pass_limit }) => why(
                    "negamax-cut",
                    format!(
                        "{label} ({name} to move): after {} (its children's numbers with the sign changed), Passar-Limite {pass_limit} ≥ Usar-Limite {use_limit} cuts {skipped_en}, so {label} is {result}",
                        list(&negated, "and")
                    ),
                    format!(
                        "{label} ({name} joga): depois de {} (os números dos filhos com o sinal trocado), Passar-Limite {pass_limit} ≥ Usar-Limite {use_limit} corta {skipped_pt}, então {label} é {result}",
                        list(&negated, "e")
                    ),
                    None,
                ),
                _ => why(
                    "negamax",
                    format!(
                        "{label} ({name} to move): the largest of its children's numbers with the sign changed, {}, is {result}",
                        list(&negated, "and")
                    ),
                    format!(
                        "{label} ({name} joga): o maior dos números dos filhos com o sinal trocado, {}, é {result}",
                        list(&negated, "e")
                    ),
                    None,
                ),
            }
        }
        _ => why("value", format!("{label} is {result}"), format!("{label} é {result}"), None),
    }
}

fn window_text(algorithm: Algorithm, w: Window) -> String {
    match w {
        Window::AlphaBeta { alpha, beta } => format!("α = {alpha}, β = {beta}"),
        Window::Limits { use_limit, pass_limit } if algorithm.is_negamax() => {
            format!("Passar-Limite = {pass_limit}, Usar-Limite = {use_limit}")
        }
        Window::Limits { use_limit, pass_limit } => format!("α = {pass_limit}, β = {use_limit}"),
        Window::None => "no bounds".to_string(),
    }
}

fn leaf_verdict(tree: &Tree, solved: &Solved, algorithm: Algorithm, id: usize, marked: bool) -> Verdict {
    let label = tree.nodes[id].label.clone();
    let t = solved.by_label.get(&label).copied();
    let evaluated = t.is_some_and(|t| solved.trace.nodes[t].leaf);
    let right = marked != evaluated;
    let (expected, w) = if evaluated {
        let window = t.and_then(|t| solved.first_window.get(&t).copied()).unwrap_or(Window::None);
        let bounds = window_text(algorithm, window);
        (
            "evaluated".to_string(),
            why(
                "evaluated",
                format!("{label} is evaluated: no cut-off skips it (it is reached with {bounds})"),
                format!("{label} é avaliado: nenhum corte o ignora (é alcançado com {bounds})"),
                None,
            ),
        )
    } else {
        let (en, pt) = reason_of(solved.cut_above(tree, id));
        (
            "never evaluated".to_string(),
            why(
                "not-evaluated",
                format!("{label} is never evaluated: {en}"),
                format!("{label} nunca é avaliado: {pt}"),
                None,
            ),
        )
    };
    Verdict {
        item: Item::Pruned,
        label,
        given: if marked { "marked".to_string() } else { String::new() },
        expected,
        right,
        why: if right { None } else { Some(w) },
    }
}

fn window_verdict(tree: &Tree, solved: &Solved, algorithm: Algorithm, id: usize, answer: &WindowAnswer) -> Verdict {
    let label = tree.nodes[id].label.clone();
    let given = format!("{}, {}", answer.alpha.trim(), answer.beta.trim());
    let entered = solved.visited(tree, id).and_then(|t| solved.first_window.get(&t).copied());
    let Some(window) = entered else {
        let (en, pt) = reason_of(solved.cut_above(tree, id));
        let w = why(
            "window-not-visited",
            format!("{label} is never visited, so it gets no bounds: {en}"),
            format!("{label} nunca é visitado, então não recebe limites: {pt}"),
            None,
        );
        return Verdict {
            item: Item::Window,
            label,
            given,
            expected: "not visited".into(),
            right: false,
            why: Some(w),
        };
    };
    let (alpha, beta) = match window {
        Window::AlphaBeta { alpha, beta } => (alpha, beta),
        Window::Limits { use_limit, pass_limit } => (pass_limit, use_limit),
        Window::None => {
            let w = why(
                "window",
                format!("{algorithm} has no bounds: only the alpha-beta algorithms do"),
                format!("{algorithm} não tem limites: só os algoritmos alfa-beta têm"),
                None,
            );
            return Verdict {
                item: Item::Window,
                label,
                given,
                expected: "no bounds".into(),
                right: false,
                why: Some(w),
            };
        }
    };
    let right = read_bound(&answer.alpha) == Some(alpha) && read_bound(&answer.beta) == Some(beta);
    let expected = window_text(algorithm, window);
    let w = if id == 0 {
        why(
            "window",
            format!("{label} is the root: it starts with {expected}"),
            format!("{label} é a raiz: começa com {expected}"),
            None,
        )
    } else {
        why(
            "window",
            format!("{label} is entered with {expected}: its parent's bounds when {label} is searched"),
            format!("{label} recebe {expected}: os limites do seu pai quando {label} é buscado"),
            Some(format!("{label} recebe {expected}: os limites do seu pai quando {label} é procurado")),
        )
    };
    Verdict { item: Item::Window, label, given, expected, right, why: if right { None } else { Some(w) } }
}
