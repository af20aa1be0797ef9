//! A search trace: what a course algorithm did, event by event, on the nodes it touched — entering
//! a node with its bounds, evaluating a leaf (ESTÁTICA), improving a node's value, cutting off the
//! remaining children (with the reason, as a key of the catalogues), returning a value with its
//! path. The classroom replays it step by step (module [`crate::course::replay`]); the algorithms
//! that record it are in [`crate::course::algorithms`].
//!
//! A trace is bounded: past its limit of events (or nodes) recording stops with
//! [`TraceError::TooLarge`] instead of growing without end.

use crate::course::game::{Side, Value};
use std::fmt;
use std::ops::Neg;
use std::str::FromStr;

/// The default bound on a trace's events: a depth-4 Othello minimax fits, a tab never freezes.
pub const DEFAULT_LIMIT: usize = 200_000;

/// The course's algorithms, as the classroom names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Seed 003's MINIMAX-DECISION with MAX-VALUE / MIN-VALUE: values in MAX's view.
    Minimax,
    /// Seed 002's negamax: every value in the view of the side to move at that node.
    Negamax,
    /// Seed 003's ALPHA-BETA-SEARCH in MAX/MIN form with α and β (prunes when v ≥ β or v ≤ α).
    AlphaBeta,
    /// Seed 000's MINIMAX-A-B in negamax form with Usar-Limite and Passar-Limite (Rich and
    /// Knight's Use-Thresh and Pass-Thresh; prunes when Pass-Thresh ≥ Use-Thresh).
    AlphaBetaNegamax,
    /// Alpha-beta in MAX/MIN form, children searched in order of their static estimate, best
    /// first for the side to move.
    AlphaBetaOrdered,
    /// Principal variation search (NegaScout), in negamax form with Use-Thresh and Pass-Thresh:
    /// the first child (in order of the static estimate) with the node's window, every other one
    /// first with a null window (Pass-Thresh, Pass-Thresh + 1) that only asks "better or not?",
    /// searched again with the full window when the answer is "better".
    Pvs,
    /// max^n for n players (seed 003): each player maximises its own component of the vector.
    MaxN,
}

impl Algorithm {
    pub const ALL: [Algorithm; 7] = [
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaNegamax,
        Algorithm::AlphaBetaOrdered,
        Algorithm::Pvs,
        Algorithm::MaxN,
    ];

    /// The two-player algorithms.
    pub const TWO_PLAYER: [Algorithm; 6] = [
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaNegamax,
        Algorithm::AlphaBetaOrdered,
        Algorithm::Pvs,
    ];

    /// The name used in addresses and by the bindings.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::Negamax => "negamax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::AlphaBetaNegamax => "alphabeta-negamax",
            Algorithm::AlphaBetaOrdered => "alphabeta-ordered",
            Algorithm::Pvs => "pvs",
            Algorithm::MaxN => "maxn",
        }
    }

    /// Whether values are in the side to move's view (negamax forms) rather than MAX's.
    pub const fn is_negamax(self) -> bool {
        matches!(self, Algorithm::Negamax | Algorithm::AlphaBetaNegamax | Algorithm::Pvs)
    }

    /// Whether the algorithm prunes (and so gains from a good move order).
    pub const fn prunes(self) -> bool {
        matches!(
            self,
            Algorithm::AlphaBeta | Algorithm::AlphaBetaNegamax | Algorithm::AlphaBetaOrdered | Algorithm::Pvs
        )
    }

    /// Whether the algorithm searches a tree of this kind: max^n a tree of vectors, the others a tree
    /// of numbers (the error says which to use).
    pub fn check_tree_kind(self, vectors: bool) -> Result<(), String> {
        match (self == Algorithm::MaxN, vectors) {
            (true, false) => {
                Err("maxn needs a vector at every leaf, such as (1,2,6); this tree's leaves are numbers".into())
            }
            (false, true) => {
                Err(format!("{self} is a two-player algorithm, and this tree's leaves are vectors: use maxn"))
            }
            _ => Ok(()),
        }
    }

    /// Whether children are sorted by their static estimate (alpha-beta with ordering, PVS).
    pub const fn orders_by_estimate(self) -> bool {
        matches!(self, Algorithm::AlphaBetaOrdered | Algorithm::Pvs)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;

    fn from_str(s: &str) -> Result<Algorithm, String> {
        Algorithm::ALL.into_iter().find(|a| a.name() == s.trim()).ok_or_else(|| {
            let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            format!("unknown algorithm '{s}' (known: {})", names.join(", "))
        })
    }
}

/// A bound of a search window: a value or an infinity. The derived order is the numeric one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Bound {
    NegInf,
    Finite(i32),
    PosInf,
}

impl Neg for Bound {
    type Output = Bound;

    fn neg(self) -> Bound {
        match self {
            Bound::NegInf => Bound::PosInf,
            Bound::Finite(v) => Bound::Finite(-v),
            Bound::PosInf => Bound::NegInf,
        }
    }
}

impl Bound {
    /// The value, `None` for an infinity.
    pub const fn finite(self) -> Option<i32> {
        match self {
            Bound::Finite(v) => Some(v),
            _ => None,
        }
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bound::NegInf => f.write_str("−∞"),
            Bound::Finite(v) => f.write_str(&number(*v)),
            Bound::PosInf => f.write_str("+∞"),
        }
    }
}

/// The bounds a node carries, by form of algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Window {
    /// Minimax, negamax, max^n: no bounds.
    None,
    /// MAX/MIN alpha-beta: α (best for MAX so far on the path), β (best for MIN).
    AlphaBeta { alpha: Bound, beta: Bound },
    /// MINIMAX-A-B: Use-Thresh and Pass-Thresh, in the view of the side to move at the node.
    Limits { use_limit: Bound, pass_limit: Bound },
}

/// Who moves at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    Side(Side),
    /// max^n: player 1, 2, … n.
    Number(usize),
}

/// Why a cut-off happened, in the course's terms: the catalogues' `reason.<key>` (the pages word
/// it in each language), the numbers and sides it names, and the children it skips.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    /// `max-cut` (v ≥ β at MAX), `min-cut` (v ≤ α at MIN), `limits-cut` (Passar-Limite ≥
    /// Usar-Limite), `null-window` (the same inside PVS's null-window test), or `none` (no cut).
    pub key: &'static str,
    /// By name: `v`, `alpha`, `beta` (alpha-beta); `pass`, `use`, `me`, `them` (MINIMAX-A-B, PVS).
    pub args: Vec<(&'static str, String)>,
    /// The children skipped, by label: the first [`Reason::NAMED`] of them.
    pub skipped: Vec<String>,
    /// How many children are skipped.
    pub count: usize,
}

impl Reason {
    /// How many skipped children a reason names; the others are counted.
    pub const NAMED: usize = 6;

    /// No cut-off (a node under none).
    pub fn none() -> Reason {
        Reason { key: "none", args: Vec::new(), skipped: Vec::new(), count: 0 }
    }

    /// The argument named `name`, if given.
    pub fn arg(&self, name: &str) -> Option<&str> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a.as_str())
    }
}

/// What a node's number says about its true (minimax) value, once bounds are in play: a node whose
/// search was cut (or that failed low under a narrow window) returns a bound, not its value.
///
/// Always in the view the number is written in (MAX's for the MAX/MIN forms, the side to move's
/// for the negamax forms): negating a number swaps lower and upper.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueKind {
    /// The node's minimax value itself (every child that could matter was searched).
    Exact,
    /// The true value is at least this (a fail-high: "≥ 25").
    Lower,
    /// The true value is at most this (a fail-low: "≤ −23").
    Upper,
}

impl ValueKind {
    pub const fn name(self) -> &'static str {
        match self {
            ValueKind::Exact => "exact",
            ValueKind::Lower => "lower",
            ValueKind::Upper => "upper",
        }
    }

    /// The kind of the negated number.
    pub const fn negated(self) -> ValueKind {
        match self {
            ValueKind::Exact => ValueKind::Exact,
            ValueKind::Lower => ValueKind::Upper,
            ValueKind::Upper => ValueKind::Lower,
        }
    }

    /// `"25"`, `"≥ 25"`, `"≤ −23"` (a true minus sign).
    pub fn show(self, v: i32) -> String {
        match self {
            ValueKind::Exact => number(v),
            ValueKind::Lower => format!("≥ {}", number(v)),
            ValueKind::Upper => format!("≤ {}", number(v)),
        }
    }

    /// The kind of the number `v` given what is known of the true value: it lies in `[lo, hi]`;
    /// `None` when `v` is strictly inside (a best-so-far from a child that failed low, before
    /// the other children are searched, says nothing yet of the node's value).
    pub(crate) fn of_known(v: i32, lo: Bound, hi: Bound) -> Option<ValueKind> {
        let b = Bound::Finite(v);
        if lo == b && hi == b {
            Some(ValueKind::Exact)
        } else if b <= lo {
            Some(ValueKind::Lower)
        } else if b >= hi {
            Some(ValueKind::Upper)
        } else {
            None
        }
    }

    /// [`ValueKind::of_known`] for a number a node returns (or is cut with): a correct search
    /// always returns one at an end of the interval or outside it.
    pub(crate) fn of(v: i32, lo: Bound, hi: Bound) -> ValueKind {
        ValueKind::of_known(v, lo, hi).unwrap_or_else(|| {
            debug_assert!(false, "{v} strictly inside [{lo}, {hi}]");
            ValueKind::Exact
        })
    }

    /// The interval a number of this kind promises for the true value.
    pub(crate) fn interval(self, v: i32) -> (Bound, Bound) {
        match self {
            ValueKind::Exact => (Bound::Finite(v), Bound::Finite(v)),
            ValueKind::Lower => (Bound::Finite(v), Bound::PosInf),
            ValueKind::Upper => (Bound::NegInf, Bound::Finite(v)),
        }
    }
}

/// An integer with a true minus sign: `−23`.
pub fn number(v: i32) -> String {
    if v < 0 {
        format!("−{}", v.unsigned_abs())
    } else {
        v.to_string()
    }
}

/// How a node is searched: with its window, with a null window (PVS's "better or not?" test), or
/// again after such a test said "better".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearchKind {
    Full,
    Null,
    ReSearch,
}

impl SearchKind {
    pub const fn name(self) -> &'static str {
        match self {
            SearchKind::Full => "full",
            SearchKind::Null => "null",
            SearchKind::ReSearch => "research",
        }
    }
}

/// What the children of a node were sorted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OrderBy {
    /// Their static evaluation, best first for the side to move (ties keep the generated order).
    Estimate,
    /// Nothing: an explicit tree has no estimate of an inner node, and reading a leaf's value is
    /// its evaluation, so the written order is kept.
    Written,
    /// Generated order (only a first move was put in front).
    Generated,
}

impl OrderBy {
    pub const fn name(self) -> &'static str {
        match self {
            OrderBy::Estimate => "estimate",
            OrderBy::Written => "written",
            OrderBy::Generated => "generated",
        }
    }
}

/// Why one child was put first, before any other ordering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FirstBy {
    /// It was best in the previous iteration of iterative deepening.
    PreviousIteration,
    /// The transposition table holds it as this position's best move.
    Table,
}

impl FirstBy {
    pub const fn name(self) -> &'static str {
        match self {
            FirstBy::PreviousIteration => "previous-iteration",
            FirstBy::Table => "table",
        }
    }
}

/// What PVS learnt from a null-window search of a child.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoutOutcome {
    /// The child is no better than Pass-Thresh: its bound is enough, nothing more to do.
    FailLow,
    /// The child is better than Pass-Thresh but below Use-Thresh: searched again with the window.
    ReSearch,
    /// The child is at least Use-Thresh: the node is cut without a re-search.
    FailHigh,
    /// The child is a leaf better than Pass-Thresh: its null-window "search" is its static value,
    /// exact, so there is nothing to search again.
    Exact,
}

impl ScoutOutcome {
    pub const fn name(self) -> &'static str {
        match self {
            ScoutOutcome::FailLow => "fail-low",
            ScoutOutcome::ReSearch => "research",
            ScoutOutcome::FailHigh => "fail-high",
            ScoutOutcome::Exact => "exact",
        }
    }
}

/// A position the search entered, or a child it skipped in a cut-off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub parent: Option<usize>,
    /// The node's name: a tree's label, or the move that led here for games (`root` at the root).
    pub label: String,
    /// The edge from the parent: the child's label in a tree, `d3`/`pass`, `b2`; empty at the root.
    pub mv: String,
    pub player: Player,
    /// 0 at the root.
    pub depth: u32,
    /// Children in the order they were generated (GERMOV), those never searched included. The
    /// order they were searched in is the node's `Order` event, if it has one, else this one.
    pub children: Vec<usize>,
    /// Evaluated statically (a terminal position or a depth cut-off).
    pub leaf: bool,
    /// The static value of a leaf, in the algorithm's view (see [`Trace`]).
    pub static_value: Option<Value>,
    /// A picture of the position (Othello 64 characters, tic-tac-toe 9), if the game has one.
    pub board: Option<String>,
    /// The iteration of iterative deepening the node belongs to (its depth limit); 0 without.
    pub iteration: u32,
}

/// One step of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Enter {
        node: usize,
        window: Window,
        search: SearchKind,
    },
    /// ESTÁTICA of a leaf (always an exact value).
    Leaf {
        node: usize,
        value: Value,
    },
    /// The node's best value so far (and its bounds) changed after the child `best` returned;
    /// `bound` says what that best so far tells of the node's true value: exact (all children
    /// that matter are searched), a lower or upper bound, or `None`, nothing yet (the child
    /// failed low, so its number is only a bound of its own value, and other children remain).
    Update {
        node: usize,
        value: Value,
        best: usize,
        window: Window,
        bound: Option<ValueKind>,
    },
    /// The remaining children are not searched; `value` is then a bound of the node's value.
    Cutoff {
        node: usize,
        value: Value,
        skipped: Vec<usize>,
        window: Window,
        reason: Reason,
        bound: ValueKind,
    },
    /// The node's number goes back to its parent, with the path below it (node numbers of this
    /// trace; a path continued from the transposition table goes on in [`Trace::path_moves`]).
    Return {
        node: usize,
        value: Value,
        path: Vec<usize>,
        bound: ValueKind,
    },
    /// The node's children, in the order they will be searched (`children`), with the key they
    /// were sorted by (`keys[i]` for `children[i]`, in the view the node's own values are written
    /// in: MAX's, or in the negamax forms the side to move's at the node, as the node's best so
    /// far and its null-window tests are; `None` without one) and, if one was put in front of all, which and why.
    Order {
        node: usize,
        children: Vec<usize>,
        keys: Vec<Option<i32>>,
        by: OrderBy,
        first: Option<(usize, FirstBy)>,
    },
    /// Iterative deepening starts its search to `depth` plies from a new root `node`.
    Iteration {
        node: usize,
        depth: u32,
    },
    /// The transposition table answers for `node` (just entered): a result stored for this
    /// position searched `depth` plies deep, a `bound` that suffices in the node's window.
    TableHit {
        node: usize,
        value: Value,
        bound: ValueKind,
        depth: u32,
    },
    /// PVS: the null-window search of `child` returned `value` (in `node`'s view, a `bound`),
    /// compared with Pass-Thresh `pass` and Use-Thresh `use_limit`.
    Scout {
        node: usize,
        child: usize,
        value: Value,
        bound: ValueKind,
        pass: i32,
        use_limit: Bound,
        outcome: ScoutOutcome,
    },
}

impl Event {
    /// The node the event is about.
    pub const fn node(&self) -> usize {
        match self {
            Event::Enter { node, .. }
            | Event::Leaf { node, .. }
            | Event::Update { node, .. }
            | Event::Cutoff { node, .. }
            | Event::Return { node, .. }
            | Event::Order { node, .. }
            | Event::Iteration { node, .. }
            | Event::TableHit { node, .. }
            | Event::Scout { node, .. } => *node,
        }
    }

    /// `enter`, `leaf`, `update`, `cutoff`, `return`, `order`, `iteration`, `table`, `scout`.
    pub const fn kind(&self) -> &'static str {
        match self {
            Event::Enter { .. } => "enter",
            Event::Leaf { .. } => "leaf",
            Event::Update { .. } => "update",
            Event::Cutoff { .. } => "cutoff",
            Event::Return { .. } => "return",
            Event::Order { .. } => "order",
            Event::Iteration { .. } => "iteration",
            Event::TableHit { .. } => "table",
            Event::Scout { .. } => "scout",
        }
    }

    /// A small number per kind, in the order of [`Event::KINDS`].
    pub const fn code(&self) -> u8 {
        match self {
            Event::Enter { .. } => 0,
            Event::Leaf { .. } => 1,
            Event::Update { .. } => 2,
            Event::Cutoff { .. } => 3,
            Event::Return { .. } => 4,
            Event::Order { .. } => 5,
            Event::Iteration { .. } => 6,
            Event::TableHit { .. } => 7,
            Event::Scout { .. } => 8,
        }
    }

    /// The kinds by code.
    pub const KINDS: [&'static str; 9] =
        ["enter", "leaf", "update", "cutoff", "return", "order", "iteration", "table", "scout"];
}

/// A trace grew past its bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceError {
    TooLarge {
        limit: usize,
    },
    /// Even without a trace, the search would take more than `limit` steps.
    TooLong {
        limit: usize,
    },
    /// The algorithm does not apply to this game.
    Unsupported(String),
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceError::TooLarge { limit } => write!(
                f,
                "the search is too large to show step by step (more than {limit} steps): \
                 choose a smaller depth or tree, or a pruning algorithm"
            ),
            TraceError::TooLong { limit } => {
                write!(f, "the search is too long even without showing it (more than {limit} steps)")
            }
            TraceError::Unsupported(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for TraceError {}

/// Options of a search beyond its algorithm (games only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// Iterative deepening: depths 1, 2, … D one after the other, each searching first the
    /// previous one's best move (from its principal path, or from the table when there is one).
    pub iterative: bool,
    /// A transposition table: a position searched before, to the same depth, is answered from
    /// the table when its stored value (or bound) settles it in the current window; its best
    /// move is searched first by the pruning algorithms.
    pub table: bool,
}

/// What a search did, counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Nodes entered (a node searched twice, as in PVS's re-searches, counts twice).
    pub nodes: usize,
    /// Static evaluations (ESTÁTICA).
    pub leaves: usize,
    /// Nodes answered by the transposition table.
    pub table_hits: usize,
    /// Events a trace records (or would record).
    pub events: usize,
}

impl Counts {
    /// What was counted since `before`.
    pub fn since(self, before: Counts) -> Counts {
        Counts {
            nodes: self.nodes - before.nodes,
            leaves: self.leaves - before.leaves,
            table_hits: self.table_hits - before.table_hits,
            events: self.events - before.events,
        }
    }
}

/// One iteration of iterative deepening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IterationInfo {
    pub depth: u32,
    /// Its root node (in a trace; 0 without one).
    pub root: usize,
    /// Its events: `first_event..end_event` (the `Iteration` event first).
    pub first_event: usize,
    pub end_event: usize,
    pub counts: Counts,
    /// The root's value in the algorithm's view, and what it is (exact at the root).
    pub value: i32,
    pub bound: ValueKind,
    /// The root's value in MAX's view.
    pub value_for_max: i32,
    /// The principal path's moves.
    pub path: Vec<String>,
}

/// A recorded search. Node 0 is the root (of the first iteration with iterative deepening; the
/// last iteration's root is [`Trace::root`]).
///
/// Values are in MAX's view for the MAX/MIN forms, in the view of the side to move at each node
/// for the negamax forms (that is their teaching point), and vectors for max^n.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    pub algorithm: Algorithm,
    pub options: Options,
    pub nodes: Vec<Node>,
    pub events: Vec<Event>,
    /// 2, or n for max^n.
    pub players: usize,
    /// The root's value, in the algorithm's view.
    pub value: Value,
    /// What the root's value is (exact: the root is searched with an open window).
    pub bound: ValueKind,
    /// The root whose search gave the result (the last iteration's).
    pub root: usize,
    /// The principal path: node numbers from the root's chosen child downwards (as far as the
    /// trace has nodes for it).
    pub path: Vec<usize>,
    /// The principal path's moves (a tree's labels, or moves such as `d3`), the whole of it.
    pub path_moves: Vec<String>,
    /// Iterative deepening's iterations (empty without).
    pub iterations: Vec<IterationInfo>,
    pub counts: Counts,
}

impl Trace {
    /// The root's value in MAX's view (two-player), or the root's vector (max^n).
    pub fn value_for_max(&self) -> Value {
        match (&self.value, self.nodes[self.root].player) {
            (Value::Scalar(v), Player::Side(side)) if self.algorithm.is_negamax() => Value::Scalar(side.sign() * v),
            (value, _) => value.clone(),
        }
    }

    /// The moves of the principal path (a tree's labels, or moves such as `d3`).
    pub fn path_names(&self) -> Vec<String> {
        self.path_moves.clone()
    }

    /// The leaves evaluated, in order.
    pub fn leaves(&self) -> Vec<usize> {
        self.events
            .iter()
            .filter_map(|e| match e {
                Event::Leaf { node, .. } => Some(*node),
                _ => None,
            })
            .collect()
    }

    /// The labels of the leaves evaluated, in order.
    pub fn leaf_labels(&self) -> Vec<String> {
        self.leaves().into_iter().map(|id| self.nodes[id].label.clone()).collect()
    }

    /// The number of nodes entered (skipped children are recorded but not entered).
    pub fn nodes_entered(&self) -> usize {
        self.events.iter().filter(|e| matches!(e, Event::Enter { .. })).count()
    }

    /// The result as the classroom shows it: `4 [b, d, i]`, `(1, 2, 6) [n1, n2, n3]`.
    pub fn result_text(&self) -> String {
        format!("{} [{}]", self.value_for_max(), self.path_moves.join(", "))
    }
}

/// Collects nodes and events, refusing to grow past its limit; or, untraced, only counts them.
pub(crate) struct Recorder {
    pub nodes: Vec<Node>,
    pub events: Vec<Event>,
    limit: usize,
    /// Whether nodes and events are kept (a trace) or only counted.
    pub traced: bool,
    pub counts: Counts,
    /// Ids handed out untraced.
    next_id: usize,
}

impl Recorder {
    pub fn new(limit: usize) -> Recorder {
        Recorder { nodes: Vec::new(), events: Vec::new(), limit, traced: true, counts: Counts::default(), next_id: 0 }
    }

    /// A recorder that keeps nothing and stops the search past `limit` events.
    pub fn counting(limit: usize) -> Recorder {
        Recorder { traced: false, ..Recorder::new(limit) }
    }

    fn too_large(&self) -> TraceError {
        if self.traced {
            TraceError::TooLarge { limit: self.limit }
        } else {
            TraceError::TooLong { limit: self.limit }
        }
    }

    /// Records the event `make` builds, whose [`Event::code`] is `code` (built only when traced;
    /// counted either way).
    pub fn emit(&mut self, code: u8, make: impl FnOnce(&Recorder) -> Event) -> Result<(), TraceError> {
        if self.counts.events >= self.limit {
            return Err(self.too_large());
        }
        self.counts.events += 1;
        match code {
            0 => self.counts.nodes += 1,
            1 => self.counts.leaves += 1,
            7 => self.counts.table_hits += 1,
            _ => {}
        }
        if self.traced {
            let event = make(self);
            debug_assert_eq!(event.code(), code);
            self.events.push(event);
        }
        Ok(())
    }

    pub fn push(&mut self, event: Event) -> Result<(), TraceError> {
        self.emit(event.code(), |_| event)
    }

    /// A new node (built only when traced), appended to its parent's children.
    pub fn add(&mut self, make: impl FnOnce(&Recorder) -> Node) -> Result<usize, TraceError> {
        if !self.traced {
            self.next_id += 1;
            return Ok(self.next_id - 1);
        }
        if self.nodes.len() >= self.limit {
            return Err(self.too_large());
        }
        let node = make(self);
        let id = self.nodes.len();
        if let Some(parent) = node.parent {
            self.nodes[parent].children.push(id);
        }
        self.nodes.push(node);
        Ok(id)
    }

    /// Records a leaf's static value: the `leaf` event and the return of that value.
    pub fn leaf(&mut self, node: usize, value: Value) -> Result<(), TraceError> {
        if self.traced {
            self.nodes[node].leaf = true;
            self.nodes[node].static_value = Some(value.clone());
        }
        let v = value.clone();
        self.emit(1, |_| Event::Leaf { node, value: v })?;
        self.emit(4, |_| Event::Return { node, value, path: Vec::new(), bound: ValueKind::Exact })
    }

    /// The labels of the first [`Reason::NAMED`] nodes of `ids` (the children a cut-off skips).
    pub fn names(&self, ids: &[usize]) -> Vec<String> {
        ids.iter().take(Reason::NAMED).map(|&id| self.nodes[id].label.clone()).collect()
    }
}
