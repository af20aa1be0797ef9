//! Checking a student's answers on a tree searched by an algorithm: each field judged alone
//! (an inner node's number in the algorithm's view, a bound with its ≥/≤, each of α and β, each
//! leaf's "never evaluated" mark, the principal path, the number of leaves evaluated), a score
//! whose denominator is the number of questions, and for a wrong answer two sentences in three
//! languages: a **hint** that names the mistake without giving the solution (a bound written as
//! an exact value, the bound's direction, the negamax sign, pruning on equality — the notes prune
//! on `v ≥ β`), and the **explanation** of the right answer, for once the student has asked to see
//! the solution.

use crate::course::algorithms::{trace_maxn, trace_with};
use crate::course::exercise::{questions, Ask, Field};
use crate::course::game::{Side, Value};
use crate::course::replay::{Replay, Status};
use crate::course::trace::{number, Algorithm, Bound, Event, Options, Player, Trace, ValueKind, Window};
use crate::course::tree::{ScalarTree, Tree, VectorTree};
use std::collections::{HashMap, HashSet};

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
    /// `-` (or `−`, `x`, `pruned`, `podado`) for a node the student says is never visited.
    pub values: Vec<(String, String)>,
    /// Labels marked "never evaluated": leaves, or inner nodes for all the leaves below them.
    pub pruned: Vec<String>,
    /// Bounds at chosen nodes.
    pub windows: Vec<WindowAnswer>,
    /// The principal path: labels from the root's child down (`b d i`, `[b, d, i]`; the root's
    /// label may lead).
    pub path: Option<String>,
    /// The number of leaves evaluated.
    pub leaves: Option<String>,
}

/// What an answer is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// An inner node's number.
    Value,
    /// Whether a leaf is evaluated.
    Pruned,
    /// One bound of the window a node is entered with (the verdict's field says which).
    Window,
    /// The principal path.
    Path,
    /// The number of leaves evaluated.
    Leaves,
}

impl Item {
    pub const fn name(self) -> &'static str {
        match self {
            Item::Value => "value",
            Item::Pruned => "pruned",
            Item::Window => "window",
            Item::Path => "path",
            Item::Leaves => "leaves",
        }
    }
}

/// One sentence in three languages, with a code naming the case for pages that word it
/// themselves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// Explanations: `max`, `min`, `max-cut`, `min-cut`, `negamax`, `negamax-cut`, `pass-limit`,
    /// `maxn`, `not-visited`, `no-answer`, `unreadable`, `not-evaluated`, `evaluated`, `window`,
    /// `window-not-visited`, `path`, `leaves`. Hints: `blank`, `unreadable`, `not-visited`,
    /// `visited-claim`, `bound-as-exact`, `exact-as-bound`, `bound-direction`, `negamax-sign`,
    /// `wrong`, `evaluated-marked`, `missed-cut`, `window-swapped`, `window-sign`, `window`,
    /// `path`, `leaves`.
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
    /// The field of the answer sheet (α or β for a window).
    pub field: Field,
    pub label: String,
    /// What the student gave (`"marked"` / `""` for a leaf's mark).
    pub given: String,
    /// The right answer: `4`, `≥ 25`, `(1, 2, 6)`, `not visited`, `evaluated`, `never evaluated`,
    /// `α = −∞, β = 4` (or `Passar-Limite = …, Usar-Limite = …`; the whole window for α and β),
    /// `b, d, i`, `8`.
    pub expected: String,
    pub right: bool,
    /// For a wrong answer: what is wrong, without the solution.
    pub hint: Option<Explanation>,
    /// For a wrong answer: the right answer explained (shown with the solution).
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

/// What is wrong with a number given for a node ([`judge_scalar`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// Nothing written.
    Blank,
    /// Not a number (nor a bound, nor a "never visited" mark).
    Unreadable,
    /// "Never visited" (`−`) for a node the search visits.
    NotVisited,
    /// The right number as an exact value, where the search gives only a bound.
    BoundAsExact,
    /// The right number as a bound, where it is exact.
    ExactAsBound,
    /// The right number, the wrong bound (≥ for ≤ or the other way).
    BoundDirection,
    /// The number from the other side's view, in a negamax form.
    NegamaxSign,
    /// Another number.
    Wrong,
}

impl Mistake {
    pub const fn code(self) -> &'static str {
        match self {
            Mistake::Blank => "blank",
            Mistake::Unreadable => "unreadable",
            Mistake::NotVisited => "not-visited",
            Mistake::BoundAsExact => "bound-as-exact",
            Mistake::ExactAsBound => "exact-as-bound",
            Mistake::BoundDirection => "bound-direction",
            Mistake::NegamaxSign => "negamax-sign",
            Mistake::Wrong => "wrong",
        }
    }
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
    let digits = rest.trim().replace(['−', '–'], "-").replace(' ', "");
    digits.strip_prefix('+').unwrap_or(&digits).parse::<i32>().ok().map(|v| (kind, v))
}

/// Judges `text` as the number of a node whose search gives `value` of kind `kind` (exact, or a
/// lower or upper bound), with `negamax` when numbers are in the side to move's view. A bound is
/// right only with its sign: `25` is not `≥ 25`.
///
/// ```
/// use reversi::course::grading::{judge_scalar, Mistake};
/// use reversi::course::trace::ValueKind;
/// assert_eq!(judge_scalar("≥ 25", 25, ValueKind::Lower, false), Ok(()));
/// assert_eq!(judge_scalar(">=25", 25, ValueKind::Lower, false), Ok(()));
/// assert_eq!(judge_scalar("25", 25, ValueKind::Lower, false), Err(Mistake::BoundAsExact));
/// assert_eq!(judge_scalar("≤ 25", 25, ValueKind::Lower, false), Err(Mistake::BoundDirection));
/// assert_eq!(judge_scalar("4", -4, ValueKind::Exact, true), Err(Mistake::NegamaxSign));
/// assert_eq!(judge_scalar("-", 4, ValueKind::Exact, false), Err(Mistake::NotVisited));
/// ```
pub fn judge_scalar(text: &str, value: i32, kind: ValueKind, negamax: bool) -> Result<(), Mistake> {
    if text.trim().is_empty() {
        return Err(Mistake::Blank);
    }
    if says_not_visited(text) {
        return Err(Mistake::NotVisited);
    }
    let (given, x) = read_scalar(text).ok_or(Mistake::Unreadable)?;
    let given = given.unwrap_or(ValueKind::Exact);
    if x == value {
        return match (kind, given) {
            (k, g) if k == g => Ok(()),
            (ValueKind::Exact, _) => Err(Mistake::ExactAsBound),
            (_, ValueKind::Exact) => Err(Mistake::BoundAsExact),
            _ => Err(Mistake::BoundDirection),
        };
    }
    if negamax && value != 0 && x == -value && given == kind.negated() {
        return Err(Mistake::NegamaxSign);
    }
    Err(Mistake::Wrong)
}

/// A bound typed by a student: a number or an infinity (`inf`, `∞`, `+∞`, `-inf`, `−∞`).
fn read_bound(text: &str) -> Option<Bound> {
    let t = text.trim().replace(['−', '–'], "-").to_lowercase();
    let t = t.replace(' ', "");
    match t.as_str() {
        "∞" | "+∞" | "inf" | "+inf" | "infinity" | "+infinity" | "infinito" | "+infinito" => Some(Bound::PosInf),
        "-∞" | "-inf" | "-infinity" | "-infinito" => Some(Bound::NegInf),
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

/// A student's "never visited" written in a field: `-`, `−`, `—`, `x`, `pruned`, `podado`.
fn says_not_visited(text: &str) -> bool {
    let t = text.trim().to_lowercase();
    matches!(t.as_str(), "-" | "−" | "—" | "–" | "x" | "pruned" | "podado" | "cut" | "cortado")
}

/// The labels of a path as a student writes it: `b d i`, `[b, d, i]`, `b → d → i`.
fn read_path(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|s| !s.is_empty()).map(str::to_string).collect()
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

    /// Whether a tree leaf is evaluated.
    fn evaluated(&self, tree: &Tree, id: usize) -> bool {
        self.by_label.get(&tree.nodes[id].label).is_some_and(|&t| self.trace.nodes[t].leaf)
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

    /// Whether trace node `t`'s own cut-off happened on equality (`v = β`, `v = α`,
    /// Passar-Limite = Usar-Limite).
    fn own_cut_on_equality(&self, t: usize) -> bool {
        self.cut_at.get(&t).is_some_and(|&i| on_equality(&self.trace, &self.trace.events[i]))
    }
}

/// Whether a cut-off event cut on equality: the notes prune on `v ≥ β` (and `v ≤ α`), so a
/// child's number equal to the bound cuts too, where some courses' searches go on.
fn on_equality(trace: &Trace, event: &Event) -> bool {
    let Event::Cutoff { node, value: Value::Scalar(v), window, .. } = event else { return false };
    match (window, trace.nodes[*node].player) {
        (Window::AlphaBeta { beta, .. }, Player::Side(Side::Max)) => *beta == Bound::Finite(*v),
        (Window::AlphaBeta { alpha, .. }, Player::Side(Side::Min)) => *alpha == Bound::Finite(*v),
        (Window::Limits { use_limit, pass_limit }, _) => use_limit == pass_limit,
        _ => false,
    }
}

/// The three sentences of an explanation (`pt_pt` the Brazilian one unless given).
fn tri(code: &'static str, en: String, pt_br: String, pt_pt: Option<String>) -> Explanation {
    let pt_pt = pt_pt.unwrap_or_else(|| pt_br.clone());
    Explanation { code, en, pt_br, pt_pt }
}

/// Appends the same words to each language of an explanation.
fn with_note(mut e: Explanation, note: Option<&Explanation>) -> Explanation {
    if let Some(n) = note {
        e.en.push_str(&n.en);
        e.pt_br.push_str(&n.pt_br);
        e.pt_pt.push_str(&n.pt_pt);
    }
    e
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

/// The names MINIMAX-A-B's bounds have in each language: Rich & Knight's Pass-Thresh and
/// Use-Thresh in English, the course's Passar-Limite and Usar-Limite in Portuguese.
const PASS: (&str, &str) = ("Pass-Thresh", "Passar-Limite");
const USE: (&str, &str) = ("Use-Thresh", "Usar-Limite");

/// The note said where a cut happens on equality.
fn equality_note(algorithm: Algorithm) -> Explanation {
    if algorithm.is_negamax() {
        tri(
            "equality",
            format!(" (MINIMAX-A-B prunes when {} ≥ {}, equality included)", PASS.0, USE.0),
            format!(" (MINIMAX-A-B poda quando {} ≥ {}, também na igualdade)", PASS.1, USE.1),
            None,
        )
    } else {
        tri(
            "equality",
            " (the notes prune on v ≥ β at MAX and v ≤ α at MIN, equality included)".into(),
            " (as notas podam quando v ≥ β em MAX e v ≤ α em MIN, também na igualdade)".into(),
            None,
        )
    }
}

/// Checks `answers` on `tree` searched by `algorithm` (any algorithm that applies to the tree):
/// every inner node's number (in the tree's depth-first order); with a pruning algorithm every
/// leaf that is never evaluated (right if marked, itself or through a marked node above it) and
/// every leaf marked although evaluated; each bound of each window given; the path and the
/// number of leaves when given. An exercise's fixed list of questions is [`check_asked`].
///
/// A node the search never visits is answered `-` (also `−`, `x`, `pruned`, `podado`) or by a
/// mark on it or above it. A bound is right only with its sign. Errors: a label the tree does
/// not have, a value given for a leaf, or an algorithm that does not apply.
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
/// assert_eq!(report.verdicts[1].hint.as_ref().unwrap().en, "b is MIN: it takes the smallest of its children's numbers");
/// assert_eq!(report.verdicts[1].why.as_ref().unwrap().en, "b is MIN: the smallest of 2 and 1 is 1");
/// ```
pub fn check(tree: &Tree, algorithm: Algorithm, answers: &Answers) -> Result<Report, String> {
    let sheet = Sheet::new(tree, algorithm, answers)?;
    let mut verdicts = Vec::new();
    for (id, node) in tree.nodes.iter().enumerate() {
        if node.value.is_none() {
            verdicts.push(sheet.value_verdict(id));
        }
    }
    if algorithm.prunes() {
        for (id, node) in tree.nodes.iter().enumerate() {
            if node.value.is_some() && (!sheet.solved.evaluated(tree, id) || sheet.marked.contains(&id)) {
                verdicts.push(sheet.leaf_verdict(id));
            }
        }
    }
    for w in &answers.windows {
        let id = sheet.find(&w.label)?;
        verdicts.push(sheet.window_verdict(id, Field::Alpha));
        verdicts.push(sheet.window_verdict(id, Field::Beta));
    }
    if answers.path.is_some() {
        verdicts.push(sheet.path_verdict());
    }
    if answers.leaves.is_some() {
        verdicts.push(sheet.leaves_verdict());
    }
    Ok(report(verdicts))
}

/// Checks `answers` against the questions of an exercise ([`questions`]): one verdict per
/// question whatever is left blank (a blank answer is wrong), so that the score is always out of
/// the same number; windows given for other nodes are judged too, after them.
///
/// ```
/// use reversi::course::exercise::{check_asked, Answers, Ask};
/// use reversi::course::trace::Algorithm;
/// use reversi::course::tree::Tree;
/// let tree = Tree::parse("min (x(12 7 18) y(25 A:3 B:40))").unwrap();
/// let ask = Ask::default_for(Algorithm::AlphaBeta);
/// let blank = check_asked(&tree, Algorithm::AlphaBeta, &ask, &Answers::default()).unwrap();
/// // 3 inner nodes, α and β of y, 6 leaves.
/// assert_eq!(blank.score(), "4/11");
/// assert!(blank.verdicts.iter().all(|v| v.right || !v.hint.as_ref().unwrap().en.contains("25")));
/// ```
pub fn check_asked(tree: &Tree, algorithm: Algorithm, ask: &Ask, answers: &Answers) -> Result<Report, String> {
    let sheet = Sheet::new(tree, algorithm, answers)?;
    let mut verdicts = Vec::new();
    let mut windows_asked = HashSet::new();
    for q in questions(tree, algorithm, ask)? {
        let id = sheet.find(&q.label)?;
        verdicts.push(match q.field {
            Field::Value => sheet.value_verdict(id),
            Field::Alpha | Field::Beta => {
                windows_asked.insert(id);
                sheet.window_verdict(id, q.field)
            }
            Field::Pruned => sheet.leaf_verdict(id),
            Field::Path => sheet.path_verdict(),
            Field::Leaves => sheet.leaves_verdict(),
        });
    }
    for w in &answers.windows {
        let id = sheet.find(&w.label)?;
        if windows_asked.insert(id) {
            verdicts.push(sheet.window_verdict(id, Field::Alpha));
            verdicts.push(sheet.window_verdict(id, Field::Beta));
        }
    }
    Ok(report(verdicts))
}

fn report(verdicts: Vec<Verdict>) -> Report {
    let right = verdicts.iter().filter(|v| v.right).count();
    Report { total: verdicts.len(), right, verdicts }
}

/// A tree searched, and a student's answers read against it.
struct Sheet<'a> {
    tree: &'a Tree,
    algorithm: Algorithm,
    solved: Solved,
    answers: &'a Answers,
    /// Value answers by tree node.
    given: HashMap<usize, String>,
    /// Leaves marked "never evaluated", themselves or through a node above them.
    marked: HashSet<usize>,
    /// Nodes marked (inner nodes mark their subtree).
    marked_nodes: HashSet<usize>,
}

impl<'a> Sheet<'a> {
    fn new(tree: &'a Tree, algorithm: Algorithm, answers: &'a Answers) -> Result<Sheet<'a>, String> {
        let solved = Solved::new(tree, algorithm)?;
        let mut sheet = Sheet {
            tree,
            algorithm,
            solved,
            answers,
            given: HashMap::new(),
            marked: HashSet::new(),
            marked_nodes: HashSet::new(),
        };
        for (label, text) in &answers.values {
            let id = sheet.find(label)?;
            if tree.nodes[id].value.is_some() {
                return Err(format!("'{label}' is a leaf: its value is given, only inner nodes are answers"));
            }
            sheet.given.insert(id, text.clone());
        }
        for label in &answers.pruned {
            let id = sheet.find(label)?;
            sheet.marked_nodes.insert(id);
            let mut stack = vec![id];
            while let Some(n) = stack.pop() {
                if tree.nodes[n].children.is_empty() {
                    sheet.marked.insert(n);
                }
                stack.extend(tree.nodes[n].children.iter().copied());
            }
        }
        Ok(sheet)
    }

    fn find(&self, label: &str) -> Result<usize, String> {
        self.tree.find(label.trim()).ok_or_else(|| format!("no node of this tree is labelled '{}'", label.trim()))
    }

    fn label(&self, id: usize) -> String {
        self.tree.nodes[id].label.clone()
    }

    /// Whether `id` or a node above it is marked "never evaluated".
    fn marked_at_or_above(&self, id: usize) -> bool {
        let mut at = Some(id);
        while let Some(n) = at {
            if self.marked_nodes.contains(&n) {
                return true;
            }
            at = self.solved.parent[n];
        }
        false
    }

    /// The cut-off above a never-visited node, its reason, and whether it cut on equality.
    fn reason_above(&self, id: usize) -> (String, String, bool) {
        match self.solved.cut_above(self.tree, id) {
            Some(e @ Event::Cutoff { reason, .. }) => {
                (reason.en.clone(), reason.pt.clone(), on_equality(&self.solved.trace, e))
            }
            _ => (String::new(), String::new(), false),
        }
    }

    /// "the search" in each language.
    fn search_words(&self) -> (&'static str, &'static str, &'static str) {
        ("the search", "a busca", "a pesquisa")
    }

    fn value_verdict(&self, id: usize) -> Verdict {
        let label = self.label(id);
        let text = self.given.get(&id).cloned().unwrap_or_default();
        let verdict = |expected: String, right: bool, hint: Explanation, why: Explanation| Verdict {
            item: Item::Value,
            field: Field::Value,
            label: label.clone(),
            given: text.clone(),
            expected,
            right,
            hint: (!right).then_some(hint),
            why: (!right).then_some(why),
        };
        let (_, br, pt) = self.search_words();
        let Some(t) = self.solved.visited(self.tree, id) else {
            let right = says_not_visited(&text) || (self.marked_at_or_above(id) && text.trim().is_empty());
            let (en, reason_pt, equality) = self.reason_above(id);
            let note = equality.then(|| equality_note(self.algorithm));
            let hint = if text.trim().is_empty() {
                tri("blank", format!("no answer for {label}"), format!("sem resposta para {label}"), None)
            } else {
                with_note(
                    tri(
                        "visited-claim",
                        format!("{label}: does the search reach it? Look at the cut-offs above it"),
                        format!("{label}: {br} chega lá? Veja as podas acima dele"),
                        Some(format!("{label}: {pt} chega lá? Veja as podas acima dele")),
                    ),
                    note.as_ref(),
                )
            };
            let why = if text.trim().is_empty() {
                tri(
                    "no-answer",
                    format!("no answer: {label} is never visited (mark it, or write −): {en}"),
                    format!("sem resposta: {label} nunca é visitado (marque-o, ou escreva −): {reason_pt}"),
                    None,
                )
            } else {
                tri(
                    "not-visited",
                    format!("{label} is never visited: {en}"),
                    format!("{label} nunca é visitado: {reason_pt}"),
                    None,
                )
            };
            return verdict("not visited".to_string(), right, hint, why);
        };
        let end = self.solved.end();
        let state = self.solved.replay.node_state(t, end).expect("visited");
        let value = state.value.clone().expect("a visited node returned");
        let bound = state.bound.unwrap_or(ValueKind::Exact);
        let expected = show(&value, bound);
        let explained = explain_value(&self.solved, self.algorithm, t, &label);
        let note = self.solved.own_cut_on_equality(t).then(|| equality_note(self.algorithm));
        let judged = match &value {
            Value::Scalar(v) => judge_scalar(&text, *v, bound, self.algorithm.is_negamax()),
            Value::Vector(vs) => {
                if text.trim().is_empty() {
                    Err(Mistake::Blank)
                } else if says_not_visited(&text) {
                    Err(Mistake::NotVisited)
                } else {
                    match read_vector(&text) {
                        Some(xs) if xs.len() == vs.len() && xs == *vs => Ok(()),
                        Some(xs) if xs.len() == vs.len() => Err(Mistake::Wrong),
                        _ => Err(Mistake::Unreadable),
                    }
                }
            }
        };
        let Err(mistake) = judged else {
            return verdict(expected, true, explained.clone(), explained);
        };
        let why = match mistake {
            Mistake::Blank => prefixed("no-answer", "no answer: ", "sem resposta: ", &explained),
            Mistake::Unreadable => {
                let t = text.trim();
                prefixed(
                    "unreadable",
                    &format!("'{t}' is not a number: "),
                    &format!("'{t}' não é um número: "),
                    &explained,
                )
            }
            _ => explained,
        };
        let hint = with_note(self.value_hint(t, &label, mistake, &text, &value), note.as_ref());
        verdict(expected, false, hint, why)
    }

    /// What is wrong with a visited node's number, without the right one.
    fn value_hint(&self, t: usize, label: &str, mistake: Mistake, text: &str, value: &Value) -> Explanation {
        let (_, br, pt) = self.search_words();
        let player = self.solved.trace.nodes[t].player;
        let side_name = match player {
            Player::Side(side) => side.name().to_string(),
            Player::Number(k) => k.to_string(),
        };
        match mistake {
            Mistake::Blank => {
                tri("blank", format!("no answer for {label}"), format!("sem resposta para {label}"), None)
            }
            Mistake::Unreadable => {
                let t = text.trim();
                match value {
                    Value::Vector(vs) => tri(
                        "unreadable",
                        format!("'{t}' is not a vector of {} numbers such as (1, 2, 3)", vs.len()),
                        format!("'{t}' não é um vetor de {} números como (1, 2, 3)", vs.len()),
                        Some(format!("'{t}' não é um vector de {} números como (1, 2, 3)", vs.len())),
                    ),
                    Value::Scalar(_) => tri(
                        "unreadable",
                        format!("'{t}' is not a number such as 4, −3 or ≥ 25"),
                        format!("'{t}' não é um número como 4, −3 ou ≥ 25"),
                        None,
                    ),
                }
            }
            Mistake::NotVisited => tri(
                "not-visited",
                format!("{label} is visited: no cut-off stops the search before it"),
                format!("{label} é visitado: nenhuma poda para {br} antes dele"),
                Some(format!("{label} é visitado: nenhuma poda para {pt} antes dele")),
            ),
            Mistake::BoundAsExact => tri(
                "bound-as-exact",
                format!(
                    "{label}: the right number, but not {label}'s exact value: children that could change it are never \
                     searched, so it is a bound; write it with ≥ or ≤"
                ),
                format!(
                    "{label}: o número certo, mas não o valor exato de {label}: há filhos que o podiam mudar e nunca \
                     são visitados, por isso é um limite; escreva-o com ≥ ou ≤"
                ),
                None,
            ),
            Mistake::ExactAsBound => tri(
                "exact-as-bound",
                format!(
                    "{label}: the right number, and exact: every child that could change it is searched; write it \
                     without ≥ or ≤"
                ),
                format!(
                    "{label}: o número certo, e exato: todos os filhos que o podiam mudar são visitados; escreva-o \
                     sem ≥ nem ≤"
                ),
                None,
            ),
            Mistake::BoundDirection => tri(
                "bound-direction",
                format!(
                    "{label}: the right number, but the bound points the other way: could the children never searched \
                     raise {label}'s number, or lower it?"
                ),
                format!(
                    "{label}: o número certo, mas o limite vai no outro sentido: os filhos nunca visitados poderiam \
                     subir o número de {label}, ou baixá-lo?"
                ),
                None,
            ),
            Mistake::NegamaxSign => tri(
                "negamax-sign",
                format!(
                    "{label}: the sign: {} writes each node's number from the view of the side to move there \
                     ({side_name} at {label}), the other side's with the sign changed",
                    self.algorithm_name_en()
                ),
                format!(
                    "{label}: o sinal: {} escreve o número de cada nó do ponto de vista de quem joga nele \
                     ({side_name} em {label}), o do outro lado com o sinal trocado",
                    self.algorithm_name_pt()
                ),
                None,
            ),
            Mistake::Wrong => self.rule_hint(t, label),
        }
    }

    fn algorithm_name_en(&self) -> &'static str {
        match self.algorithm {
            Algorithm::Negamax => "negamax",
            Algorithm::Pvs => "PVS",
            _ => "MINIMAX-A-B",
        }
    }

    fn algorithm_name_pt(&self) -> &'static str {
        self.algorithm_name_en()
    }

    /// The rule that gives a node its number, in the algorithm's form.
    fn rule_hint(&self, t: usize, label: &str) -> Explanation {
        let prunes = self.algorithm.prunes();
        match (self.algorithm, self.solved.trace.nodes[t].player) {
            (Algorithm::MaxN, Player::Number(k)) => tri(
                "wrong",
                format!(
                    "{label} is player {k}'s choice: the child whose {} value is the largest (the first one on a tie)",
                    ordinal_en(k)
                ),
                format!("{label} é a escolha do jogador {k}: o filho com o maior {k}º valor (o primeiro, num empate)"),
                None,
            ),
            (a, Player::Side(side)) if !a.is_negamax() => {
                let (name, en_w, pt_w) = match side {
                    Side::Max => ("MAX", "largest", "maior"),
                    Side::Min => ("MIN", "smallest", "menor"),
                };
                let (en_cut, pt_cut) = match (prunes, side) {
                    (false, _) => (String::new(), String::new()),
                    (true, Side::Max) => {
                        (", up to a cut-off (v ≥ β)".to_string(), ", até uma poda (v ≥ β)".to_string())
                    }
                    (true, Side::Min) => {
                        (", up to a cut-off (v ≤ α)".to_string(), ", até uma poda (v ≤ α)".to_string())
                    }
                };
                tri(
                    "wrong",
                    format!("{label} is {name}: it takes the {en_w} of its children's numbers{en_cut}"),
                    format!("{label} é {name}: fica com o {pt_w} dos números dos filhos{pt_cut}"),
                    None,
                )
            }
            (a, Player::Side(side)) => {
                let name = side.name();
                let (en_tail, pt_tail) = if a == Algorithm::Negamax {
                    (String::new(), String::new())
                } else {
                    (
                        format!(", or {} when none beats it, up to a cut-off ({} ≥ {})", PASS.0, PASS.0, USE.0),
                        format!(", ou {} quando nenhum o supera, até uma poda ({} ≥ {})", PASS.1, PASS.1, USE.1),
                    )
                };
                tri(
                    "wrong",
                    format!("{label} ({name} to move): the largest of its children's numbers with the sign changed{en_tail}"),
                    format!("{label} ({name} joga): o maior dos números dos filhos com o sinal trocado{pt_tail}"),
                    None,
                )
            }
            _ => tri("wrong", format!("{label}: another number"), format!("{label}: outro número"), None),
        }
    }

    fn leaf_verdict(&self, id: usize) -> Verdict {
        let label = self.label(id);
        let marked = self.marked.contains(&id);
        let t = self.solved.by_label.get(&label).copied();
        let evaluated = self.solved.evaluated(self.tree, id);
        let right = marked != evaluated;
        let (expected, hint, why) = if evaluated {
            let window = t.and_then(|t| self.solved.first_window.get(&t).copied()).unwrap_or(Window::None);
            let (en_bounds, pt_bounds) = (window_text_en(self.algorithm, window), window_text(self.algorithm, window));
            (
                "evaluated".to_string(),
                tri(
                    "evaluated-marked",
                    format!(
                        "{label}: is it really skipped? A leaf is never evaluated only when a cut-off at a node above \
                         it stops the search first"
                    ),
                    format!(
                        "{label}: é mesmo deixado de fora? Uma folha só nunca é avaliada quando uma poda num nó \
                         acima dela para a busca antes"
                    ),
                    Some(format!(
                        "{label}: é mesmo deixado de fora? Uma folha só nunca é avaliada quando uma poda num nó \
                         acima dela para a pesquisa antes"
                    )),
                ),
                tri(
                    "evaluated",
                    format!("{label} is evaluated: no cut-off skips it (it is reached with {en_bounds})"),
                    format!("{label} é avaliado: nenhuma poda o deixa de fora (é alcançado com {pt_bounds})"),
                    None,
                ),
            )
        } else {
            let (en, pt, equality) = self.reason_above(id);
            let note = equality.then(|| equality_note(self.algorithm));
            let (en_rule, pt_rule) = if self.algorithm.is_negamax() {
                (format!("{} ≥ {}", PASS.0, USE.0), format!("{} ≥ {}", PASS.1, USE.1))
            } else {
                ("v ≥ β at MAX, v ≤ α at MIN".to_string(), "v ≥ β em MAX, v ≤ α em MIN".to_string())
            };
            (
                "never evaluated".to_string(),
                with_note(
                    tri(
                        "missed-cut",
                        format!(
                            "{label}: look at the cut-offs above it: once {en_rule}, the remaining children are \
                             never searched"
                        ),
                        format!("{label}: veja as podas acima dele: quando {pt_rule}, os filhos que faltam não são visitados"),
                        None,
                    ),
                    note.as_ref(),
                ),
                tri("not-evaluated", format!("{label} is never evaluated: {en}"), format!("{label} nunca é avaliado: {pt}"), None),
            )
        };
        Verdict {
            item: Item::Pruned,
            field: Field::Pruned,
            label,
            given: if marked { "marked".to_string() } else { String::new() },
            expected,
            right,
            hint: (!right).then_some(hint),
            why: (!right).then_some(why),
        }
    }

    fn window_verdict(&self, id: usize, field: Field) -> Verdict {
        let label = self.label(id);
        let answer = self.answers.windows.iter().find(|w| w.label.trim() == label);
        let given = answer.map(|w| if field == Field::Alpha { w.alpha.trim() } else { w.beta.trim() }).unwrap_or("");
        let other = answer.map(|w| if field == Field::Alpha { w.beta.trim() } else { w.alpha.trim() }).unwrap_or("");
        let limits = self.algorithm.is_negamax();
        let (name_en, name_pt) = match (field, limits) {
            (Field::Alpha, false) => ("α", "α"),
            (_, false) => ("β", "β"),
            (Field::Alpha, true) => (PASS.0, PASS.1),
            (_, true) => (USE.0, USE.1),
        };
        let verdict = |expected: String, right: bool, hint: Explanation, why: Explanation| Verdict {
            item: Item::Window,
            field,
            label: label.clone(),
            given: given.to_string(),
            expected,
            right,
            hint: (!right).then_some(hint),
            why: (!right).then_some(why),
        };
        let blank = tri(
            "blank",
            format!("no answer for {name_en} of {label}"),
            format!("sem resposta para {name_pt} de {label}"),
            None,
        );
        let entered = self.solved.visited(self.tree, id).and_then(|t| self.solved.first_window.get(&t).copied());
        let Some(window) = entered else {
            let (en, pt, equality) = self.reason_above(id);
            let right = says_not_visited(given);
            let hint = if given.is_empty() {
                blank
            } else {
                with_note(
                    tri(
                        "visited-claim",
                        format!("{label}: does the search reach it? Look at the cut-offs above it"),
                        format!("{label}: a busca chega lá? Veja as podas acima dele"),
                        Some(format!("{label}: a pesquisa chega lá? Veja as podas acima dele")),
                    ),
                    equality.then(|| equality_note(self.algorithm)).as_ref(),
                )
            };
            let why = tri(
                "window-not-visited",
                format!("{label} is never visited, so it gets no bounds (write −): {en}"),
                format!("{label} nunca é visitado, por isso não recebe limites (escreva −): {pt}"),
                None,
            );
            return verdict("not visited".into(), right, hint, why);
        };
        let (alpha, beta) = match window {
            Window::AlphaBeta { alpha, beta } => (alpha, beta),
            Window::Limits { use_limit, pass_limit } => (pass_limit, use_limit),
            Window::None => {
                let w = tri(
                    "window",
                    format!("{} has no bounds: only the alpha-beta algorithms do", self.algorithm),
                    format!("{} não tem limites: só os algoritmos alfa-beta têm", self.algorithm),
                    None,
                );
                return verdict("no bounds".into(), false, w.clone(), w);
            }
        };
        let (want, other_want) = if field == Field::Alpha { (alpha, beta) } else { (beta, alpha) };
        let right = read_bound(given) == Some(want);
        let expected = window_text(self.algorithm, window);
        let expected_en = window_text_en(self.algorithm, window);
        let why = if id == 0 {
            tri(
                "window",
                format!("{label} is the root: it starts with {expected_en}"),
                format!("{label} é a raiz: começa com {expected}"),
                None,
            )
        } else {
            tri(
                "window",
                format!("{label} is entered with {expected_en}: its parent's bounds when {label} is searched"),
                format!("{label} recebe {expected}: os limites do pai quando {label} é visitado"),
                None,
            )
        };
        let hint = if given.is_empty() {
            blank
        } else if read_bound(given).is_none() {
            tri(
                "unreadable",
                format!("'{given}' is not a bound such as 4, −3, −∞ or +∞"),
                format!("'{given}' não é um limite como 4, −3, −∞ ou +∞"),
                None,
            )
        } else if read_bound(given) == Some(other_want) && read_bound(other) == Some(want) && want != other_want {
            tri(
                "window-swapped",
                format!("{label}: {name_en} and the other bound are swapped"),
                format!("{label}: {name_pt} e o outro limite estão trocados"),
                None,
            )
        } else if limits && read_bound(given) == Some(-want) && want != Bound::Finite(0) {
            tri(
                "window-sign",
                format!(
                    "{label}: the sign: each child gets its parent's (−{}, −{}), swapped and with the sign changed",
                    PASS.0, USE.0
                ),
                format!(
                    "{label}: o sinal: cada filho recebe (−{}, −{}) do pai, trocados e com o sinal trocado",
                    PASS.1, USE.1
                ),
                None,
            )
        } else if limits {
            tri(
                "window",
                format!("{label} gets its parent's (−{}, −{}) as they are when {label} is searched", PASS.0, USE.0),
                format!("{label} recebe (−{}, −{}) do pai, tal como estão quando {label} é visitado", PASS.1, USE.1),
                None,
            )
        } else {
            tri(
                "window",
                format!(
                    "{label} is entered with its parent's bounds as they are when {label} is searched: α is the best \
                     MAX has found on the path so far, β the best MIN has"
                ),
                format!(
                    "{label} recebe os limites do pai tal como estão quando {label} é visitado: α é a melhor \
                     alternativa de MAX no caminho até aí, β a de MIN"
                ),
                None,
            )
        };
        verdict(expected, right, hint, why)
    }

    fn path_verdict(&self) -> Verdict {
        let text = self.answers.path.clone().unwrap_or_default();
        let expected_path = self.solved.trace.path_moves.clone();
        let mut given = read_path(&text);
        if given.first() == Some(&self.tree.nodes[0].label) && expected_path.first() != given.first() {
            given.remove(0);
        }
        let right = given == expected_path;
        let expected = expected_path.join(", ");
        let (br, pt) = ("a busca", "a pesquisa");
        let hint = if text.trim().is_empty() {
            tri("blank", "no answer for the path".into(), "sem resposta para o caminho".into(), None)
        } else {
            let agree = given.iter().zip(&expected_path).take_while(|(a, b)| a == b).count();
            let (en_so_far, pt_so_far) = if agree > 0 {
                let last = &expected_path[agree - 1];
                (format!(" (right as far as {last})"), format!(" (certo até {last})"))
            } else {
                (String::new(), String::new())
            };
            tri(
                "path",
                format!(
                    "the path goes from the root down, each time to the child that gave the node its number{en_so_far}"
                ),
                format!("o caminho desce da raiz, de cada vez para o filho que deu ao nó o seu número{pt_so_far}"),
                None,
            )
        };
        let why = tri(
            "path",
            format!("the principal path is [{expected}]: the moves the search expects from both sides"),
            format!("o caminho principal é [{expected}]: as jogadas que {br} espera dos dois lados"),
            Some(format!("o caminho principal é [{expected}]: as jogadas que {pt} espera dos dois lados")),
        );
        Verdict {
            item: Item::Path,
            field: Field::Path,
            label: self.label(0),
            given: text.trim().to_string(),
            expected,
            right,
            hint: (!right).then_some(hint),
            why: (!right).then_some(why),
        }
    }

    fn leaves_verdict(&self) -> Verdict {
        let text = self.answers.leaves.clone().unwrap_or_default();
        let expected = self.solved.trace.counts.leaves;
        let read = text.trim().parse::<usize>().ok();
        let right = read == Some(expected);
        let all = self.tree.nodes.iter().filter(|n| n.value.is_some()).count();
        let hint = match read {
            _ if text.trim().is_empty() => tri(
                "blank",
                "no answer for the leaves evaluated".into(),
                "sem resposta para as folhas avaliadas".into(),
                None,
            ),
            None => tri(
                "unreadable",
                format!("'{}' is not a whole number", text.trim()),
                format!("'{}' não é um número inteiro", text.trim()),
                None,
            ),
            Some(n) if n == all && self.algorithm.prunes() => tri(
                "leaves",
                "that is every leaf: does no cut-off skip any?".into(),
                "são todas as folhas: nenhuma poda deixa alguma de fora?".into(),
                None,
            ),
            Some(_) => tri(
                "leaves",
                "count the ESTÁTICA calls: each leaf the search reaches, once each time it is reached".into(),
                "conte as chamadas de ESTÁTICA: cada folha que a busca alcança, uma vez por cada vez".into(),
                Some("conte as chamadas de ESTÁTICA: cada folha que a pesquisa alcança, uma vez por cada vez".into()),
            ),
        };
        let leaves: Vec<String> = self.solved.trace.leaf_labels();
        let why = tri(
            "leaves",
            format!("{} evaluates {expected} leaves: {}", self.algorithm, list(&leaves, "and")),
            format!("{} avalia {expected} folhas: {}", self.algorithm, list(&leaves, "e")),
            None,
        );
        Verdict {
            item: Item::Leaves,
            field: Field::Leaves,
            label: self.label(0),
            given: text.trim().to_string(),
            expected: expected.to_string(),
            right,
            hint: (!right).then_some(hint),
            why: (!right).then_some(why),
        }
    }
}

/// An explanation with words put before it in each language.
fn prefixed(code: &'static str, en: &str, pt: &str, e: &Explanation) -> Explanation {
    Explanation {
        code,
        en: format!("{en}{}", e.en),
        pt_br: format!("{pt}{}", e.pt_br),
        pt_pt: format!("{pt}{}", e.pt_pt),
    }
}

/// Why node `t` (a visited inner node) has its number.
fn explain_value(solved: &Solved, algorithm: Algorithm, t: usize, label: &str) -> Explanation {
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
            tri(
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
                    tri(
                        code,
                        format!(
                            "{label} is {name}: after {}, {test} cuts {skipped_en}, so {label} is {result}",
                            list(&nums, "and")
                        ),
                        format!(
                            "{label} é {name}: depois de {}, {test} poda {skipped_pt}, então {label} é {result}",
                            list(&nums, "e")
                        ),
                        None,
                    )
                }
                _ if only => tri(
                    if side == Side::Max { "max" } else { "min" },
                    format!("{label} is {name}: its only child searched gives {result}"),
                    format!("{label} é {name}: o único filho visitado dá {result}"),
                    None,
                ),
                _ => tri(
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
                return tri(
                    "pass-limit",
                    format!(
                        "{label} ({name} to move): no child's number with the sign changed ({}) beats {} {pass_limit}, so it returns {}: {result}",
                        list(&negated, "and"),
                        PASS.0,
                        PASS.0
                    ),
                    format!(
                        "{label} ({name} joga): nenhum número dos filhos com o sinal trocado ({}) supera {} {pass_limit}, então devolve {}: {result}",
                        list(&negated, "e"),
                        PASS.1,
                        PASS.1
                    ),
                    None,
                );
            }
            match cut {
                Some(Window::Limits { use_limit, pass_limit }) => tri(
                    "negamax-cut",
                    format!(
                        "{label} ({name} to move): after {} (its children's numbers with the sign changed), {} {pass_limit} ≥ {} {use_limit} cuts {skipped_en}, so {label} is {result}",
                        list(&negated, "and"),
                        PASS.0,
                        USE.0
                    ),
                    format!(
                        "{label} ({name} joga): depois de {} (os números dos filhos com o sinal trocado), {} {pass_limit} ≥ {} {use_limit} poda {skipped_pt}, então {label} é {result}",
                        list(&negated, "e"),
                        PASS.1,
                        USE.1
                    ),
                    None,
                ),
                _ => tri(
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
        _ => tri("value", format!("{label} is {result}"), format!("{label} é {result}"), None),
    }
}

/// A window in the course's names (`α = −∞, β = 4`, `Passar-Limite = …, Usar-Limite = …`): the
/// verdicts' `expected` and the Portuguese sentences.
fn window_text(algorithm: Algorithm, w: Window) -> String {
    match w {
        Window::AlphaBeta { alpha, beta } => format!("α = {alpha}, β = {beta}"),
        Window::Limits { use_limit, pass_limit } if algorithm.is_negamax() => {
            format!("{} = {pass_limit}, {} = {use_limit}", PASS.1, USE.1)
        }
        Window::Limits { use_limit, pass_limit } => format!("α = {pass_limit}, β = {use_limit}"),
        Window::None => "no bounds".to_string(),
    }
}

/// A window in English: Rich & Knight's Pass-Thresh and Use-Thresh for MINIMAX-A-B.
fn window_text_en(algorithm: Algorithm, w: Window) -> String {
    match w {
        Window::Limits { use_limit, pass_limit } if algorithm.is_negamax() => {
            format!("{} = {pass_limit}, {} = {use_limit}", PASS.0, USE.0)
        }
        other => window_text(algorithm, other),
    }
}
