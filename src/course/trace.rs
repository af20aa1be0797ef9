//! A search trace: what a course algorithm did, event by event, on the nodes it touched — entering
//! a node with its bounds, evaluating a leaf (ESTÁTICA), improving a node's value, cutting off the
//! remaining children (with the reason, in English and Portuguese), returning a value with its
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
    /// Seed 000's MINIMAX-A-B in negamax form with Use-Limit and Pass-Limit (prunes when
    /// Pass-Limit ≥ Use-Limit).
    AlphaBetaNegamax,
    /// Alpha-beta in MAX/MIN form, children searched in order of their static estimate, best
    /// first for the side to move.
    AlphaBetaOrdered,
    /// max^n for n players (seed 003): each player maximises its own component of the vector.
    MaxN,
}

impl Algorithm {
    pub const ALL: [Algorithm; 6] = [
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaNegamax,
        Algorithm::AlphaBetaOrdered,
        Algorithm::MaxN,
    ];

    /// The two-player algorithms.
    pub const TWO_PLAYER: [Algorithm; 5] = [
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaNegamax,
        Algorithm::AlphaBetaOrdered,
    ];

    /// The name used in addresses and by the bindings.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::Negamax => "negamax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::AlphaBetaNegamax => "alphabeta-negamax",
            Algorithm::AlphaBetaOrdered => "alphabeta-ordered",
            Algorithm::MaxN => "maxn",
        }
    }

    /// Whether values are in the side to move's view (negamax forms) rather than MAX's.
    pub const fn is_negamax(self) -> bool {
        matches!(self, Algorithm::Negamax | Algorithm::AlphaBetaNegamax)
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
            Bound::Finite(v) => write!(f, "{v}"),
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
    /// MINIMAX-A-B: Use-Limit and Pass-Limit, in the view of the side to move at the node.
    Limits { use_limit: Bound, pass_limit: Bound },
}

/// Who moves at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    Side(Side),
    /// max^n: player 1, 2, … n.
    Number(usize),
}

/// Why a cut-off happened, in the course's terms, in English and in Portuguese.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    pub en: String,
    pub pt: String,
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
    /// Children in the order the search took them, those later pruned included.
    pub children: Vec<usize>,
    /// Evaluated statically (a terminal position or a depth cut-off).
    pub leaf: bool,
    /// The static value of a leaf, in the algorithm's view (see [`Trace`]).
    pub static_value: Option<Value>,
    /// A picture of the position (Othello 64 characters, tic-tac-toe 9), if the game has one.
    pub board: Option<String>,
}

/// One step of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Enter {
        node: usize,
        window: Window,
    },
    /// ESTÁTICA of a leaf.
    Leaf {
        node: usize,
        value: Value,
    },
    /// The node's best value so far (and its bounds) changed after the child `best` returned.
    Update {
        node: usize,
        value: Value,
        best: usize,
        window: Window,
    },
    /// The remaining children are not searched.
    Cutoff {
        node: usize,
        value: Value,
        skipped: Vec<usize>,
        window: Window,
        reason: Reason,
    },
    /// The node's value goes back to its parent, with the path below it (node numbers).
    Return {
        node: usize,
        value: Value,
        path: Vec<usize>,
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
            | Event::Return { node, .. } => *node,
        }
    }
}

/// A trace grew past its bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceError {
    TooLarge {
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
            TraceError::Unsupported(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for TraceError {}

/// A recorded search. Node 0 is the root.
///
/// Values are in MAX's view for the MAX/MIN forms, in the view of the side to move at each node
/// for the negamax forms (that is their teaching point), and vectors for max^n.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    pub algorithm: Algorithm,
    pub nodes: Vec<Node>,
    pub events: Vec<Event>,
    /// 2, or n for max^n.
    pub players: usize,
    /// The root's value, in the algorithm's view.
    pub value: Value,
    /// The principal path: node numbers from the root's chosen child downwards.
    pub path: Vec<usize>,
}

impl Trace {
    /// The root's value in MAX's view (two-player), or the root's vector (max^n).
    pub fn value_for_max(&self) -> Value {
        match (&self.value, self.nodes[0].player) {
            (Value::Scalar(v), Player::Side(side)) if self.algorithm.is_negamax() => Value::Scalar(side.sign() * v),
            (value, _) => value.clone(),
        }
    }

    /// The moves of the principal path (a tree's labels, or moves such as `d3`).
    pub fn path_names(&self) -> Vec<String> {
        self.path.iter().map(|&id| self.nodes[id].mv.clone()).collect()
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
        format!("{} [{}]", self.value_for_max(), self.path_names().join(", "))
    }
}

/// Collects nodes and events, refusing to grow past its limit.
pub(crate) struct Recorder {
    pub nodes: Vec<Node>,
    pub events: Vec<Event>,
    limit: usize,
}

impl Recorder {
    pub fn new(limit: usize) -> Recorder {
        Recorder { nodes: Vec::new(), events: Vec::new(), limit }
    }

    pub fn push(&mut self, event: Event) -> Result<(), TraceError> {
        if self.events.len() >= self.limit {
            return Err(TraceError::TooLarge { limit: self.limit });
        }
        self.events.push(event);
        Ok(())
    }

    /// A new node, appended to its parent's children.
    pub fn add(&mut self, node: Node) -> Result<usize, TraceError> {
        if self.nodes.len() >= self.limit {
            return Err(TraceError::TooLarge { limit: self.limit });
        }
        let id = self.nodes.len();
        if let Some(parent) = node.parent {
            self.nodes[parent].children.push(id);
        }
        self.nodes.push(node);
        Ok(id)
    }

    /// Records a leaf's static value: the `leaf` event and the return of that value.
    pub fn leaf(&mut self, node: usize, value: Value) -> Result<(), TraceError> {
        self.nodes[node].leaf = true;
        self.nodes[node].static_value = Some(value.clone());
        self.push(Event::Leaf { node, value: value.clone() })?;
        self.push(Event::Return { node, value, path: Vec::new() })
    }

    /// "e", "e and f", "e, f and g" (and "e e f" in Portuguese), at most a handful of names.
    pub fn name_list(&self, ids: &[usize], and: &str) -> String {
        const SHOWN: usize = 6;
        let mut names: Vec<String> = ids.iter().take(SHOWN).map(|&id| self.nodes[id].label.clone()).collect();
        if ids.len() > SHOWN {
            names.push(format!("{} {}", ids.len() - SHOWN, if and == "and" { "more" } else { "outros" }));
        }
        match names.len() {
            0 => String::new(),
            1 => names.remove(0),
            n => format!("{} {and} {}", names[..n - 1].join(", "), names[n - 1]),
        }
    }
}
