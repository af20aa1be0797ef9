//! Checking a student's answers on a tree searched by an algorithm: each field judged alone
//! (an inner node's number in the algorithm's view, a bound with its ≥/≤, each of α and β, each
//! leaf's "never evaluated" mark, the principal path, the number of leaves evaluated), a score
//! whose denominator is the number of questions, and for a wrong answer two sentences: a **hint**
//! that names the mistake without giving the solution (a bound written as an exact value, the
//! bound's direction, the negamax sign, pruning on equality — the notes prune on `v ≥ β`), and the
//! **explanation** of the right answer, for once the student has asked to see the solution. Each
//! sentence is a key with its arguments ([`Explanation`]): the pages word it in each language from
//! their catalogues (`www/i18n/classroom/<tag>.js`, the keys `grading.<key>`), so that this module
//! holds no sentence in any language and a new language needs no change here.

use crate::course::algorithms::{trace_maxn, trace_with};
pub use crate::course::answers::{judge_scalar, Mistake};
use crate::course::answers::{read_bound, read_path, read_vector, says_not_visited};
use crate::course::exercise::{questions, Ask, Field};
use crate::course::game::{Side, Value};
use crate::course::replay::{Replay, Status};
use crate::course::sentence::{part, plain, says, with_note};
pub use crate::course::sentence::{Arg, Explanation};
use crate::course::trace::{number, Algorithm, Bound, Event, Options, Player, Reason, Trace, ValueKind, Window};
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

/// What MAX or MIN takes of its children's numbers: the largest, the smallest.
fn most(side: Side) -> Arg {
    part(if side == Side::Max { "largest" } else { "smallest" }, vec![])
}

/// A window in the course's names (α and β; MINIMAX-A-B's Pass-Thresh and Use-Thresh, named in
/// each language), as an argument.
fn window_arg(algorithm: Algorithm, w: Window) -> Arg {
    match w {
        Window::AlphaBeta { alpha, beta } => {
            part("windowAlphaBetaValues", vec![("alpha", plain(alpha.to_string())), ("beta", plain(beta.to_string()))])
        }
        Window::Limits { use_limit, pass_limit } if algorithm.is_negamax() => part(
            "windowLimitsValues",
            vec![("pass", plain(pass_limit.to_string())), ("use", plain(use_limit.to_string()))],
        ),
        Window::Limits { use_limit, pass_limit } => part(
            "windowAlphaBetaValues",
            vec![("alpha", plain(pass_limit.to_string())), ("beta", plain(use_limit.to_string()))],
        ),
        Window::None => part("windowNone", vec![]),
    }
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
        algorithm.check_tree_kind(tree.is_vector())?;
        let trace = if algorithm == Algorithm::MaxN {
            trace_maxn(&VectorTree(tree), &0, u32::MAX, limit)
        } else {
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

fn show(value: &Value, bound: ValueKind) -> String {
    match value {
        Value::Scalar(v) => bound.show(*v),
        Value::Vector(vs) => {
            let parts: Vec<String> = vs.iter().map(|&v| number(v)).collect();
            format!("({})", parts.join(", "))
        }
    }
}

/// The note said where a cut happens on equality: MINIMAX-A-B's rule (Pass-Thresh ≥ Use-Thresh),
/// or the notes' (v ≥ β at MAX, v ≤ α at MIN).
fn equality_note(algorithm: Algorithm) -> Explanation {
    says("equality", if algorithm.is_negamax() { "equalityLimits" } else { "equality" }, vec![])
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
/// use reversi::course::grading::Arg;
/// use reversi::course::trace::Algorithm;
/// use reversi::course::tree::Tree;
/// let tree = Tree::parse("max a(b(d:2 e:1) c(f:3 g:4))").unwrap();
/// let answers = Answers { values: vec![("a".into(), "3".into()), ("b".into(), "2".into()),
///     ("c".into(), "3".into())], ..Answers::default() };
/// let report = check(&tree, Algorithm::Minimax, &answers).unwrap();
/// assert_eq!(report.score(), "2/3");
/// // "b is MIN: it takes the smallest of its children's numbers" in English
/// assert_eq!(report.verdicts[1].hint.as_ref().unwrap().key, "sideRule");
/// // "b is MIN: the smallest of 2 and 1 is 1"
/// let why = report.verdicts[1].why.as_ref().unwrap();
/// assert_eq!(why.key, "sideChoice");
/// assert_eq!(why.arg("children"), Some(&Arg::List(vec!["2".into(), "1".into()])));
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
                verdicts.push(sheet.leaf_verdict(id, Answered::Yes));
            }
        }
    }
    for w in &answers.windows {
        let id = tree.node_labelled(&w.label)?;
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
/// the same number; windows given for other nodes are judged too, after them. A leaf's ✂ box
/// left unticked says "evaluated" only once the node above the leaf is answered (its number, its
/// window, or a ✂ ticked under it; on a sheet that asks no numbers, anything on the sheet): a
/// blank sheet scores 0.
///
/// ```
/// use reversi::course::exercise::{check_asked, Answers, Ask, Field};
/// use reversi::course::trace::Algorithm;
/// use reversi::course::tree::Tree;
/// let tree = Tree::parse("min (x(12 7 18) y(25 A:3 B:40))").unwrap();
/// let ask = Ask::default_for(Algorithm::AlphaBeta);
/// let blank = check_asked(&tree, Algorithm::AlphaBeta, &ask, &Answers::default()).unwrap();
/// // 3 inner nodes, α and β of y, 6 leaves: a blank sheet answers none of them. An unticked ✂
/// // says "evaluated" only once the node above the leaf is answered, so the four leaves that are
/// // evaluated do not score on a blank sheet (they used to: 4/11).
/// assert_eq!(blank.score(), "0/11");
/// assert!(blank.verdicts.iter().all(|v| v.right || !v.hint.as_ref().unwrap().texts().iter().any(|t| t.contains("25"))));
/// // Every ✂ of a blank sheet gets the same hint, cut or not: nothing given away.
/// assert!(blank.verdicts.iter().filter(|v| v.field == Field::Pruned)
///     .all(|v| v.hint.as_ref().unwrap().key == "blankLeaf"));
/// // x answered: its three leaves, unticked, now say "evaluated" (and are).
/// let x = Answers { values: vec![("x".into(), "18".into())], ..Answers::default() };
/// assert_eq!(check_asked(&tree, Algorithm::AlphaBeta, &ask, &x).unwrap().score(), "4/11");
/// ```
pub fn check_asked(tree: &Tree, algorithm: Algorithm, ask: &Ask, answers: &Answers) -> Result<Report, String> {
    let sheet = Sheet::new(tree, algorithm, answers)?;
    let mut verdicts = Vec::new();
    let mut windows_asked = HashSet::new();
    for q in questions(tree, algorithm, ask)? {
        let id = tree.node_labelled(&q.label)?;
        verdicts.push(match q.field {
            Field::Value => sheet.value_verdict(id),
            Field::Alpha | Field::Beta => {
                windows_asked.insert(id);
                sheet.window_verdict(id, q.field)
            }
            Field::Pruned => sheet.leaf_verdict(id, sheet.leaf_answered(id, ask)),
            Field::Path => sheet.path_verdict(),
            Field::Leaves => sheet.leaves_verdict(),
        });
    }
    for w in &answers.windows {
        let id = tree.node_labelled(&w.label)?;
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

/// Whether a leaf's ✂ box is answered ([`Sheet::leaf_answered`]): yes, or not until the node
/// above it is answered, or not until anything on a sheet without numbers is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answered {
    Yes,
    NotParent(usize),
    NotSheet,
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
            let id = tree.answer_node(label)?;
            sheet.given.insert(id, text.clone());
        }
        for label in &answers.pruned {
            let id = tree.node_labelled(label)?;
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

    /// The cut-off above a never-visited node: its reason, and whether it cut on equality.
    fn reason_above(&self, id: usize) -> (Arg, bool) {
        match self.solved.cut_above(self.tree, id) {
            Some(e @ Event::Cutoff { reason, .. }) => (Arg::Reason(reason.clone()), on_equality(&self.solved.trace, e)),
            _ => (Arg::Reason(Reason::none()), false),
        }
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
        let Some(t) = self.solved.visited(self.tree, id) else {
            let right = says_not_visited(&text) || (self.marked_at_or_above(id) && text.trim().is_empty());
            let (reason, equality) = self.reason_above(id);
            let note = equality.then(|| equality_note(self.algorithm));
            let hint = if text.trim().is_empty() {
                says("blank", "blank", vec![("label", plain(&label))])
            } else {
                with_note(says("visited-claim", "visitedClaim", vec![("label", plain(&label))]), note)
            };
            let why = if text.trim().is_empty() {
                says("no-answer", "noAnswerNotVisited", vec![("label", plain(&label)), ("reason", reason)])
            } else {
                says("not-visited", "notVisited", vec![("label", plain(&label)), ("reason", reason)])
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
            Mistake::Blank => says("no-answer", "noAnswer", vec![("rest", Arg::Sentence(Box::new(explained)))]),
            Mistake::Unreadable => says(
                "unreadable",
                "notANumber",
                vec![("given", plain(text.trim())), ("rest", Arg::Sentence(Box::new(explained)))],
            ),
            _ => explained,
        };
        let hint = with_note(self.value_hint(t, &label, mistake, &text, &value), note);
        verdict(expected, false, hint, why)
    }

    /// What is wrong with a visited node's number, without the right one.
    fn value_hint(&self, t: usize, label: &str, mistake: Mistake, text: &str, value: &Value) -> Explanation {
        let player = self.solved.trace.nodes[t].player;
        let side_name = match player {
            Player::Side(side) => side.name().to_string(),
            Player::Number(k) => k.to_string(),
        };
        let label_arg = || ("label", plain(label));
        match mistake {
            Mistake::Blank => says("blank", "blank", vec![label_arg()]),
            Mistake::Unreadable => {
                let given = ("given", plain(text.trim()));
                match value {
                    Value::Vector(vs) => {
                        says("unreadable", "unreadableVector", vec![given, ("n", plain(vs.len().to_string()))])
                    }
                    Value::Scalar(_) => says("unreadable", "unreadableNumber", vec![given]),
                }
            }
            Mistake::NotVisited => says("not-visited", "isVisited", vec![label_arg()]),
            Mistake::BoundAsExact => says("bound-as-exact", "boundAsExact", vec![label_arg()]),
            Mistake::ExactAsBound => says("exact-as-bound", "exactAsBound", vec![label_arg()]),
            Mistake::BoundDirection => says("bound-direction", "boundDirection", vec![label_arg()]),
            Mistake::NegamaxSign => says(
                "negamax-sign",
                "negamaxSign",
                vec![label_arg(), ("algorithm", plain(self.algorithm_name())), ("side", plain(side_name))],
            ),
            Mistake::Wrong => self.rule_hint(t, label),
        }
    }

    /// The algorithm's name in the negamax sign's hint (a name, the same in every language).
    fn algorithm_name(&self) -> &'static str {
        match self.algorithm {
            Algorithm::Negamax => "negamax",
            Algorithm::Pvs => "PVS",
            _ => "MINIMAX-A-B",
        }
    }

    /// The rule that gives a node its number, in the algorithm's form.
    fn rule_hint(&self, t: usize, label: &str) -> Explanation {
        let prunes = self.algorithm.prunes();
        let label_arg = || ("label", plain(label));
        match (self.algorithm, self.solved.trace.nodes[t].player) {
            (Algorithm::MaxN, Player::Number(k)) => {
                says("wrong", "maxnRule", vec![label_arg(), ("k", plain(k.to_string())), ("kth", Arg::Ordinal(k))])
            }
            (a, Player::Side(side)) if !a.is_negamax() => {
                let cut = match (prunes, side) {
                    (false, _) => plain(""),
                    (true, Side::Max) => part("cutMax", vec![]),
                    (true, Side::Min) => part("cutMin", vec![]),
                };
                says(
                    "wrong",
                    "sideRule",
                    vec![label_arg(), ("side", plain(side.name())), ("most", most(side)), ("cut", cut)],
                )
            }
            (a, Player::Side(side)) => {
                let tail = if a == Algorithm::Negamax { plain("") } else { part("negamaxRuleTail", vec![]) };
                says("wrong", "negamaxRule", vec![label_arg(), ("side", plain(side.name())), ("tail", tail)])
            }
            _ => says("wrong", "anotherNumber", vec![label_arg()]),
        }
    }

    /// Whether leaf `id`'s ✂ box is answered on an exercise's sheet ([`check_asked`]): ticked
    /// (itself or through a node above it), or left unticked under a node the student has
    /// answered: its number written, its window, or a ✂ ticked under it. On a sheet that asks no
    /// numbers, any answer on the sheet answers every ✂ box. An unanswered box is wrong whatever
    /// the leaf is, so that a blank sheet scores nothing.
    fn leaf_answered(&self, id: usize, ask: &Ask) -> Answered {
        if self.marked.contains(&id) {
            return Answered::Yes;
        }
        if !ask.values {
            let any = !self.marked.is_empty()
                || self.answers.windows.iter().any(|w| !w.alpha.trim().is_empty() || !w.beta.trim().is_empty())
                || self.answers.path.as_deref().is_some_and(|p| !p.trim().is_empty())
                || self.answers.leaves.as_deref().is_some_and(|l| !l.trim().is_empty());
            return if any { Answered::Yes } else { Answered::NotSheet };
        }
        let Some(parent) = self.solved.parent[id] else { return Answered::Yes };
        let label = self.label(parent);
        let value = self.given.get(&parent).is_some_and(|t| !t.trim().is_empty());
        let window = self
            .answers
            .windows
            .iter()
            .any(|w| w.label.trim() == label && (!w.alpha.trim().is_empty() || !w.beta.trim().is_empty()));
        let sibling = self.tree.nodes[parent].children.iter().any(|c| self.marked.contains(c));
        if value || window || sibling {
            Answered::Yes
        } else {
            Answered::NotParent(parent)
        }
    }

    fn leaf_verdict(&self, id: usize, answered: Answered) -> Verdict {
        let label = self.label(id);
        let marked = self.marked.contains(&id);
        let t = self.solved.by_label.get(&label).copied();
        let evaluated = self.solved.evaluated(self.tree, id);
        let right = marked != evaluated && answered == Answered::Yes;
        // Not answered: the same hint whether the leaf is cut or not (nothing given away).
        let blank = match answered {
            Answered::Yes => None,
            Answered::NotParent(parent) => {
                Some(says("blank", "blankLeaf", vec![("label", plain(&label)), ("parent", plain(self.label(parent)))]))
            }
            Answered::NotSheet => Some(says("blank", "blankLeafSheet", vec![("label", plain(&label))])),
        };
        let (expected, hint, why) = if evaluated {
            let window = t.and_then(|t| self.solved.first_window.get(&t).copied()).unwrap_or(Window::None);
            (
                "evaluated".to_string(),
                says("evaluated-marked", "evaluatedMarked", vec![("label", plain(&label))]),
                says(
                    "evaluated",
                    "evaluated",
                    vec![("label", plain(&label)), ("window", window_arg(self.algorithm, window))],
                ),
            )
        } else {
            let (reason, equality) = self.reason_above(id);
            let note = equality.then(|| equality_note(self.algorithm));
            let rule = part(if self.algorithm.is_negamax() { "ruleLimits" } else { "ruleAlphaBeta" }, vec![]);
            (
                "never evaluated".to_string(),
                with_note(says("missed-cut", "missedCut", vec![("label", plain(&label)), ("rule", rule)]), note),
                says("not-evaluated", "notEvaluated", vec![("label", plain(&label)), ("reason", reason)]),
            )
        };
        Verdict {
            item: Item::Pruned,
            field: Field::Pruned,
            label,
            given: if marked { "marked".to_string() } else { String::new() },
            expected,
            right,
            hint: (!right).then_some(blank.unwrap_or(hint)),
            why: (!right).then_some(why),
        }
    }

    fn window_verdict(&self, id: usize, field: Field) -> Verdict {
        let label = self.label(id);
        let answer = self.answers.windows.iter().find(|w| w.label.trim() == label);
        let given = answer.map(|w| if field == Field::Alpha { w.alpha.trim() } else { w.beta.trim() }).unwrap_or("");
        let other = answer.map(|w| if field == Field::Alpha { w.beta.trim() } else { w.alpha.trim() }).unwrap_or("");
        let limits = self.algorithm.is_negamax();
        let name = part(
            match (field, limits) {
                (Field::Alpha, false) => "alpha",
                (_, false) => "beta",
                (Field::Alpha, true) => "passThresh",
                (_, true) => "useThresh",
            },
            vec![],
        );
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
        let label_arg = || ("label", plain(&label));
        let blank = says("blank", "blankBound", vec![("bound", name.clone()), label_arg()]);
        let entered = self.solved.visited(self.tree, id).and_then(|t| self.solved.first_window.get(&t).copied());
        let Some(window) = entered else {
            let (reason, equality) = self.reason_above(id);
            let right = says_not_visited(given);
            let hint = if given.is_empty() {
                blank
            } else {
                with_note(
                    says("visited-claim", "visitedClaim", vec![label_arg()]),
                    equality.then(|| equality_note(self.algorithm)),
                )
            };
            let why = says("window-not-visited", "windowNotVisited", vec![label_arg(), ("reason", reason)]);
            return verdict("not visited".into(), right, hint, why);
        };
        let (alpha, beta) = match window {
            Window::AlphaBeta { alpha, beta } => (alpha, beta),
            Window::Limits { use_limit, pass_limit } => (pass_limit, use_limit),
            Window::None => {
                let w = says("window", "noBounds", vec![("algorithm", plain(self.algorithm.to_string()))]);
                return verdict("no bounds".into(), false, w.clone(), w);
            }
        };
        let (want, other_want) = if field == Field::Alpha { (alpha, beta) } else { (beta, alpha) };
        let right = read_bound(given) == Some(want);
        let expected = window_text(self.algorithm, window);
        let shown = ("window", window_arg(self.algorithm, window));
        let why = if id == 0 {
            says("window", "windowRoot", vec![label_arg(), shown])
        } else {
            says("window", "windowEntered", vec![label_arg(), shown])
        };
        let hint = if given.is_empty() {
            blank
        } else if read_bound(given).is_none() {
            says("unreadable", "unreadableBound", vec![("given", plain(given))])
        } else if read_bound(given) == Some(other_want) && read_bound(other) == Some(want) && want != other_want {
            says("window-swapped", "windowSwapped", vec![label_arg(), ("bound", name)])
        } else if limits && read_bound(given) == Some(-want) && want != Bound::Finite(0) {
            says("window-sign", "windowSign", vec![label_arg()])
        } else if limits {
            says("window", "windowLimits", vec![label_arg()])
        } else {
            says("window", "windowAlphaBeta", vec![label_arg()])
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
        let hint = if text.trim().is_empty() {
            says("blank", "blankPath", vec![])
        } else {
            let agree = given.iter().zip(&expected_path).take_while(|(a, b)| a == b).count();
            let so_far =
                if agree > 0 { part("pathSoFar", vec![("last", plain(&expected_path[agree - 1]))]) } else { plain("") };
            says("path", "pathRule", vec![("soFar", so_far)])
        };
        let why = says("path", "principalPath", vec![("path", plain(&expected))]);
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
            _ if text.trim().is_empty() => says("blank", "blankLeaves", vec![]),
            None => says("unreadable", "unreadableWhole", vec![("given", plain(text.trim()))]),
            Some(n) if n == all && self.algorithm.prunes() => says("leaves", "everyLeaf", vec![]),
            Some(_) => says("leaves", "countLeaves", vec![]),
        };
        let leaves: Vec<String> = self.solved.trace.leaf_labels();
        let why = says(
            "leaves",
            "leavesEvaluated",
            vec![
                ("algorithm", plain(self.algorithm.to_string())),
                ("n", plain(expected.to_string())),
                ("leaves", Arg::List(leaves)),
            ],
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
    let only = children.len() == 1;
    let label_arg = || ("label", plain(label));
    let result_arg = || ("result", plain(&result));
    match (algorithm, trace.nodes[t].player) {
        (Algorithm::MaxN, Player::Number(k)) => {
            let vectors: Vec<String> = children.iter().map(|(_, v, b)| show(v, *b)).collect();
            let Value::Vector(vs) = &value else { unreachable!("max^n values are vectors") };
            says(
                "maxn",
                "maxnChoice",
                vec![
                    label_arg(),
                    ("k", plain(k.to_string())),
                    ("kth", Arg::Ordinal(k)),
                    ("vectors", Arg::List(vectors)),
                    ("x", plain(number(vs[k - 1]))),
                    result_arg(),
                ],
            )
        }
        (a, Player::Side(side)) if !a.is_negamax() => {
            let nums: Vec<String> = children.iter().map(|(_, v, b)| show(v, *b)).collect();
            let side_arg = ("side", plain(side.name()));
            match cut {
                Some(Window::AlphaBeta { alpha, beta }) => {
                    let v = match &value {
                        Value::Scalar(v) => Bound::Finite(*v),
                        _ => unreachable!(),
                    };
                    // The test that cut, in the notes' symbols.
                    let (test, code) = match side {
                        Side::Max => (format!("{v} ≥ β = {beta}"), "max-cut"),
                        Side::Min => (format!("{v} ≤ α = {alpha}"), "min-cut"),
                    };
                    says(
                        code,
                        "sideCut",
                        vec![
                            label_arg(),
                            side_arg,
                            ("children", Arg::List(nums)),
                            ("test", plain(test)),
                            ("skipped", Arg::List(skipped)),
                            result_arg(),
                        ],
                    )
                }
                _ if only => says(
                    if side == Side::Max { "max" } else { "min" },
                    "onlyChild",
                    vec![label_arg(), side_arg, result_arg()],
                ),
                _ => says(
                    if side == Side::Max { "max" } else { "min" },
                    "sideChoice",
                    vec![label_arg(), side_arg, ("most", most(side)), ("children", Arg::List(nums)), result_arg()],
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
            let side_arg = ("side", plain(side.name()));
            let last_enter = solved.last_window.get(&t).copied();
            let improved = solved.updated.contains(&t);
            if let (Some(Window::Limits { pass_limit, .. }), false) = (last_enter, improved) {
                return says(
                    "pass-limit",
                    "passLimit",
                    vec![
                        label_arg(),
                        side_arg,
                        ("children", Arg::List(negated)),
                        ("pass", plain(pass_limit.to_string())),
                        result_arg(),
                    ],
                );
            }
            match cut {
                Some(Window::Limits { use_limit, pass_limit }) => says(
                    "negamax-cut",
                    "negamaxCut",
                    vec![
                        label_arg(),
                        side_arg,
                        ("children", Arg::List(negated)),
                        ("pass", plain(pass_limit.to_string())),
                        ("use", plain(use_limit.to_string())),
                        ("skipped", Arg::List(skipped)),
                        result_arg(),
                    ],
                ),
                _ => says(
                    "negamax",
                    "negamaxChoice",
                    vec![label_arg(), side_arg, ("children", Arg::List(negated)), result_arg()],
                ),
            }
        }
        _ => says("value", "isValue", vec![label_arg(), result_arg()]),
    }
}

/// A window in the course's notation (`α = −∞, β = 4`, `Passar-Limite = …, Usar-Limite = …`): the
/// verdicts' `expected`, what a right answer is compared with (the sentences word it with
/// [`window_arg`]).
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
