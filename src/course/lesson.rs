//! A classroom lesson: one game or tree and one algorithm (with its options), searched once in
//! tracing mode, then replayed step by step; or, when the trace would be too large, searched
//! without it ([`search`]); and every algorithm's node counts on one source ([`node_counts`]).
//! This is what the page's `Lesson` binding wraps: every constructor checks its input and returns
//! a clear error.

use crate::course::algorithms::{search as search_untraced, trace_maxn, trace_with, Summary, SEARCH_LIMIT};
use crate::course::exercise;
use crate::course::game::{Othello, ShownOthello, Side, Traceable, Value};
use crate::course::replay::{Changes, Replay, State};
use crate::course::tictactoe::{Board as TicTacToeBoard, TicTacToe, Utility};
use crate::course::trace::{
    Algorithm, Counts, Event, IterationInfo, Node, Options, Player, Trace, TraceError, ValueKind, DEFAULT_LIMIT,
};
use crate::course::tree::{ScalarTree, Tree, VectorTree};
use crate::othello::records::record::read_record;
use crate::othello::rules::board::{Board, Position};
use crate::othello::rules::square::Color;
use std::collections::HashMap;
use std::fmt;

/// The lecture tree of seed 001: `4 [b, d, i]`.
pub const LECTURE: &str = "max a(b(d(h:1 i:4) e(j:5 l:6)) c(f(m:2 n:1) g(o:1 p:1)))";
/// Seed 004's pruning example, Min{Max{12, 7, 18}, Max{25, A, B}} = 18.
pub const PRUNING: &str = "min (x(12 7 18) y(25 A:3 B:40))";
/// Seed 003's three-player max^n example: `(1, 2, 6)`.
pub const MAXN: &str = "((((1,2,6) (4,2,3)) ((6,1,2) (7,4,1))) (((5,1,1) (1,5,2)) ((7,7,1) (5,4,5))))";

/// The built-in examples by name.
pub const EXAMPLES: [(&str, &str); 3] = [("lecture", LECTURE), ("pruning", PRUNING), ("maxn", MAXN)];

/// Deepest Othello search a lesson shows.
pub const MAX_OTHELLO_DEPTH: u32 = 4;

/// Why a lesson could not be made or an operation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError(pub String);

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LessonError {}

impl From<TraceError> for LessonError {
    fn from(e: TraceError) -> LessonError {
        LessonError(e.to_string())
    }
}

/// What a lesson searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Tree,
    TicTacToe,
    Othello,
}

impl Kind {
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Tree => "tree",
            Kind::TicTacToe => "tictactoe",
            Kind::Othello => "othello",
        }
    }
}

/// What a lesson searches, as the page names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A built-in example: `lecture`, `pruning` or `maxn`.
    Example(String),
    /// A tree in the text format of [`crate::course::tree`].
    Tree(String),
    /// The random tree of an exercise ([`exercise::generate`]).
    Exercise { seed: u64, depth: u32, branching: u32 },
    /// Tic-tac-toe after `moves` (squares from the empty board, X first), to the end (`depth` 0,
    /// utility +1/0/−1) or `depth` plies with the open-lines heuristic.
    TicTacToe { moves: String, depth: u32, symmetry: bool },
    /// An Othello transcript from the start (may be empty) or a board (64 squares and the side
    /// to move), searched `depth` plies (1 to 4) with the engine's evaluation.
    Othello { position: String, depth: u32 },
}

/// A source, an algorithm and its options: everything a search needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub source: Source,
    pub algorithm: Algorithm,
    pub options: Options,
}

impl Spec {
    pub fn new(source: Source, algorithm_name: &str, options: Options) -> Result<Spec, LessonError> {
        Ok(Spec { source, algorithm: algorithm(algorithm_name)?, options })
    }
}

/// A source read and checked.
enum Prepared {
    Tree(Tree),
    TicTacToe { board: TicTacToeBoard, game: TicTacToe, depth: u32 },
    Othello { position: Position, depth: u32 },
}

impl Source {
    fn kind(&self) -> Kind {
        match self {
            Source::Example(_) | Source::Tree(_) | Source::Exercise { .. } => Kind::Tree,
            Source::TicTacToe { .. } => Kind::TicTacToe,
            Source::Othello { .. } => Kind::Othello,
        }
    }

    /// The tree of an explicit source (example, tree text, exercise); an error for games.
    pub fn tree(&self) -> Result<Tree, LessonError> {
        match self.prepare()? {
            Prepared::Tree(tree) => Ok(tree),
            _ => Err(LessonError("exercises are on trees: an example, a tree text or a generated exercise".into())),
        }
    }

    fn prepare(&self) -> Result<Prepared, LessonError> {
        Ok(match self {
            Source::Example(name) => {
                let text =
                    EXAMPLES.iter().find(|(n, _)| *n == name.trim()).map(|(_, t)| *t).ok_or_else(|| {
                        LessonError(format!("unknown example '{name}' (known: lecture, pruning, maxn)"))
                    })?;
                Prepared::Tree(Tree::parse(text).map_err(|e| LessonError(e.to_string()))?)
            }
            Source::Tree(text) => Prepared::Tree(Tree::parse(text).map_err(|e| LessonError(e.to_string()))?),
            Source::Exercise { seed, depth, branching } => {
                Prepared::Tree(exercise::generate(*seed, *depth, *branching).map_err(LessonError)?)
            }
            Source::TicTacToe { moves, depth, symmetry } => {
                if *depth > 9 {
                    return Err(LessonError(format!(
                        "tic-tac-toe depth {depth}: at most 9 (0 = to the end of the game)"
                    )));
                }
                let board = TicTacToeBoard::from_moves(moves).map_err(LessonError)?;
                let utility = if *depth == 0 { Utility::Exact } else { Utility::OpenLines };
                Prepared::TicTacToe { board, game: TicTacToe { utility, symmetry: *symmetry }, depth: *depth }
            }
            Source::Othello { position, depth } => {
                if !(1..=MAX_OTHELLO_DEPTH).contains(depth) {
                    return Err(LessonError(format!("Othello depth {depth}: choose 1 to {MAX_OTHELLO_DEPTH}")));
                }
                let position = if position.trim().is_empty() {
                    Position::start()
                } else {
                    read_record(position).map_err(|e| LessonError(format!("Othello position: {e}")))?.end()
                };
                Prepared::Othello { position, depth: *depth }
            }
        })
    }
}

/// Checks that `algorithm` and `options` apply to the prepared source.
fn check(prepared: &Prepared, algorithm: Algorithm, options: Options) -> Result<(), LessonError> {
    let game_name = match prepared {
        Prepared::Tree(tree) => {
            if tree.is_vector() && algorithm != Algorithm::MaxN {
                return Err(LessonError(format!(
                    "{algorithm} is a two-player algorithm, and this tree's leaves are vectors for {} players: use maxn",
                    tree.players
                )));
            }
            if !tree.is_vector() && algorithm == Algorithm::MaxN {
                return Err(LessonError(
                    "maxn needs a vector at every leaf, such as (1,2,6); this tree's leaves are numbers".to_string(),
                ));
            }
            if options.iterative || options.table {
                return Err(LessonError(
                    "iterative deepening and the transposition table are for games (tic-tac-toe, Othello): a tree is \
                     searched to its leaves, with no depth to deepen and no position reached twice"
                        .to_string(),
                ));
            }
            return Ok(());
        }
        Prepared::TicTacToe { depth, .. } => {
            if options.iterative && *depth == 0 {
                return Err(LessonError(
                    "iterative deepening needs a depth: choose a tic-tac-toe depth from 1 to 9 (0 searches to the end \
                     at once)"
                        .to_string(),
                ));
            }
            "tic-tac-toe"
        }
        Prepared::Othello { .. } => "Othello",
    };
    if algorithm == Algorithm::MaxN {
        return Err(LessonError(format!("maxn is for n players; {game_name} has two: choose another algorithm")));
    }
    Ok(())
}

/// A typed tree is drawn whole from the first step, as the course's figures are: the subtrees the
/// search never generated (below a cut) join the trace as nodes without events, and every leaf
/// carries its value (in the algorithm's view, as an evaluated leaf's), evaluated or not.
///
/// ```
/// use reversi::course::lesson::Lesson;
/// let lesson = Lesson::tree("max a(b(d(h:1 i:4) e(j:5 l:6)) c(f(m:2 n:1) g(o:1 p:1)))", "alphabeta").unwrap();
/// let labels: Vec<&str> = lesson.trace().nodes.iter().map(|n| n.label.as_str()).collect();
/// assert!(labels.contains(&"o") && labels.contains(&"p"), "g's leaves, never generated, are drawn");
/// assert!(lesson.trace().nodes.iter().filter(|n| n.children.is_empty()).all(|n| n.static_value.is_some()));
/// ```
fn whole_tree(mut trace: Trace, tree: &Tree) -> Trace {
    let negamax = trace.algorithm.is_negamax();
    let value_of = |node: usize| {
        tree.nodes[node].value.clone().map(|value| match value {
            Value::Scalar(v) if negamax => Value::Scalar(tree.side_at(node).sign() * v),
            other => other,
        })
    };
    // (trace node, tree node) pairs, from the root down.
    let mut stack = vec![(0usize, 0usize)];
    while let Some((id, node)) = stack.pop() {
        if trace.nodes[id].static_value.is_none() {
            trace.nodes[id].static_value = value_of(node);
        }
        // The children the search generated, by label (a fan may have 20,000).
        let generated: HashMap<String, usize> =
            trace.nodes[id].children.iter().map(|&c| (trace.nodes[c].label.clone(), c)).collect();
        for &child in &tree.nodes[node].children {
            let label = &tree.nodes[child].label;
            let child_id = generated.get(label).copied().unwrap_or_else(|| {
                let parent = &trace.nodes[id];
                let player = match parent.player {
                    Player::Side(side) => Player::Side(side.opposite()),
                    Player::Number(n) => Player::Number(n % trace.players + 1),
                };
                let added = Node {
                    parent: Some(id),
                    label: label.clone(),
                    mv: label.clone(),
                    player,
                    depth: parent.depth + 1,
                    children: Vec::new(),
                    leaf: false,
                    static_value: None,
                    board: None,
                    iteration: parent.iteration,
                };
                trace.nodes.push(added);
                let new_id = trace.nodes.len() - 1;
                trace.nodes[id].children.push(new_id);
                new_id
            });
            stack.push((child_id, child));
        }
    }
    trace
}

/// Runs `f` on the prepared source's game (two-player).
trait WithGame {
    type Out;
    fn run<G: Traceable>(self, game: &G, root: &G::Position, depth: u32) -> Self::Out;
}

fn with_game<W: WithGame>(prepared: &Prepared, w: W) -> W::Out {
    match prepared {
        Prepared::Tree(tree) => w.run(&ScalarTree(tree), &0, u32::MAX),
        Prepared::TicTacToe { board, game, depth } => w.run(game, board, *depth),
        Prepared::Othello { position, depth } => w.run(&othello_game(position), &position.board(), *depth),
    }
}

fn othello_game(position: &Position) -> ShownOthello<fn(Board) -> i32> {
    ShownOthello {
        game: Othello::new(crate::othello::eval::course::evaluate as fn(Board) -> i32),
        max: position.side_to_move(),
    }
}

struct Traced {
    algorithm: Algorithm,
    options: Options,
    limit: usize,
}

impl WithGame for Traced {
    type Out = Result<Trace, TraceError>;
    fn run<G: Traceable>(self, game: &G, root: &G::Position, depth: u32) -> Self::Out {
        trace_with(game, root, depth, self.algorithm, self.options, self.limit)
    }
}

struct Untraced {
    algorithm: Algorithm,
    options: Options,
}

impl WithGame for Untraced {
    type Out = Result<Summary, TraceError>;
    fn run<G: Traceable>(self, game: &G, root: &G::Position, depth: u32) -> Self::Out {
        search_untraced(game, root, depth, self.algorithm, self.options, SEARCH_LIMIT)
    }
}

/// The outcome of a lesson's search, as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonResult {
    pub algorithm: Algorithm,
    pub options: Options,
    /// MAX's view for two players (whoever moves at the root), the vector for max^n.
    pub value: Value,
    /// What the root's number is (exact: the root is searched with an open window).
    pub bound: ValueKind,
    /// The principal path's moves, from the root's child downwards.
    pub path: Vec<String>,
    /// Static evaluations.
    pub leaves: usize,
    /// Nodes entered (all iterations together with iterative deepening).
    pub nodes: usize,
    /// Nodes answered by the transposition table.
    pub table_hits: usize,
    /// The trace's events (for an untraced search: those its trace would have).
    pub events: usize,
    /// Iterative deepening's iterations (empty without).
    pub iterations: Vec<IterationInfo>,
    /// With iterative deepening: the counts of one search straight to the full depth, with the
    /// same algorithm and table, for comparison.
    pub single: Option<Counts>,
    /// `4 [b, d, i]`.
    pub text: String,
}

impl LessonResult {
    fn of_summary(s: Summary, single: Option<Counts>) -> LessonResult {
        let text = s.text();
        LessonResult {
            algorithm: s.algorithm,
            options: s.options,
            value: Value::Scalar(s.value_for_max),
            bound: s.bound,
            path: s.path,
            leaves: s.counts.leaves,
            nodes: s.counts.nodes,
            table_hits: s.counts.table_hits,
            events: s.counts.events,
            iterations: s.iterations,
            single,
            text,
        }
    }

    fn of_trace(t: &Trace, single: Option<Counts>) -> LessonResult {
        LessonResult {
            algorithm: t.algorithm,
            options: t.options,
            value: t.value_for_max(),
            bound: t.bound,
            path: t.path_names(),
            leaves: t.counts.leaves,
            nodes: t.counts.nodes,
            table_hits: t.counts.table_hits,
            events: t.counts.events,
            iterations: t.iterations.clone(),
            single,
            text: t.result_text(),
        }
    }

    /// Whether a trace of this search fits the default bound (the page can step through it).
    pub fn traceable(&self) -> bool {
        self.events <= DEFAULT_LIMIT
    }
}

/// The search of `spec` without a trace: its result and counts. For searches too large to show
/// step by step (tic-tac-toe to the end by minimax: 549,946 nodes), up to
/// [`SEARCH_LIMIT`] steps.
///
/// ```
/// use reversi::course::lesson::{search, Source, Spec};
/// use reversi::course::trace::Options;
/// let spec = Spec::new(Source::TicTacToe { moves: String::new(), depth: 9, symmetry: false },
///     "minimax", Options::default()).unwrap();
/// let r = search(&spec).unwrap();
/// assert_eq!((r.value.to_string(), r.nodes), ("0".to_string(), 549_946));
/// assert!(!r.traceable());
/// ```
pub fn search(spec: &Spec) -> Result<LessonResult, LessonError> {
    let prepared = spec.source.prepare()?;
    check(&prepared, spec.algorithm, spec.options)?;
    if let Prepared::Tree(tree) = &prepared {
        if tree.is_vector() {
            // max^n trees are at most 20,000 nodes: their trace always fits.
            let t = trace_maxn(&VectorTree(tree), &0, u32::MAX, SEARCH_LIMIT)?;
            return Ok(LessonResult::of_trace(&t, None));
        }
    }
    let summary = with_game(&prepared, Untraced { algorithm: spec.algorithm, options: spec.options })?;
    let single = single_counts(&prepared, spec)?;
    Ok(LessonResult::of_summary(summary, single))
}

/// With iterative deepening, the counts of the same search straight to the full depth.
fn single_counts(prepared: &Prepared, spec: &Spec) -> Result<Option<Counts>, LessonError> {
    if !spec.options.iterative {
        return Ok(None);
    }
    let options = Options { iterative: false, ..spec.options };
    Ok(Some(with_game(prepared, Untraced { algorithm: spec.algorithm, options })?.counts))
}

/// One bar of the node-count chart: an algorithm with its options, and its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountRow {
    pub algorithm: Algorithm,
    pub options: Options,
    pub result: LessonResult,
}

/// Every algorithm and option on `source`, searched without traces: for two-player trees the six
/// two-player algorithms; for games also minimax with the table, alpha-beta with ordering and
/// iterative deepening, with the table, with both, and PVS with both (iterative deepening only
/// with a depth). For a max^n tree, max^n alone. The root values agree (a test checks it on
/// thousands of trees and positions).
pub fn node_counts(source: &Source) -> Result<Vec<CountRow>, LessonError> {
    let prepared = source.prepare()?;
    let mut configs: Vec<(Algorithm, Options)> = Vec::new();
    let none = Options::default();
    match &prepared {
        Prepared::Tree(tree) if tree.is_vector() => configs.push((Algorithm::MaxN, none)),
        Prepared::Tree(_) => configs.extend(Algorithm::TWO_PLAYER.map(|a| (a, none))),
        Prepared::TicTacToe { depth, .. } | Prepared::Othello { depth, .. } => {
            configs.extend(Algorithm::TWO_PLAYER.map(|a| (a, none)));
            let table = Options { table: true, iterative: false };
            let iterative = Options { iterative: true, table: false };
            let both = Options { iterative: true, table: true };
            configs.push((Algorithm::Minimax, table));
            configs.push((Algorithm::AlphaBetaOrdered, table));
            if *depth > 0 {
                configs.push((Algorithm::AlphaBetaOrdered, iterative));
                configs.push((Algorithm::AlphaBetaOrdered, both));
                configs.push((Algorithm::Pvs, both));
            } else {
                configs.push((Algorithm::Pvs, table));
            }
        }
    }
    configs
        .into_iter()
        .map(|(algorithm, options)| {
            let result = search(&Spec { source: source.clone(), algorithm, options })?;
            Ok(CountRow { algorithm, options, result })
        })
        .collect()
}

/// A searched game or tree, ready to replay.
#[derive(Clone, Debug)]
pub struct Lesson {
    kind: Kind,
    tree: Option<Tree>,
    trace: Trace,
    replay: Replay,
    /// Othello: the colour to move at the root (MAX).
    othello_max: Option<Color>,
    /// With iterative deepening: the counts of one search to the full depth.
    single: Option<Counts>,
}

fn algorithm(name: &str) -> Result<Algorithm, LessonError> {
    name.parse::<Algorithm>().map_err(LessonError)
}

impl Lesson {
    fn new(kind: Kind, tree: Option<Tree>, trace: Trace, othello_max: Option<Color>) -> Lesson {
        let replay = Replay::new(&trace);
        Lesson { kind, tree, trace, replay, othello_max, single: None }
    }

    /// Any source, algorithm and options, traced (at most [`DEFAULT_LIMIT`] events).
    pub fn build(spec: &Spec) -> Result<Lesson, LessonError> {
        Lesson::build_limited(spec, DEFAULT_LIMIT)
    }

    /// [`Lesson::build`] with a bound of `limit` events.
    pub fn build_limited(spec: &Spec, limit: usize) -> Result<Lesson, LessonError> {
        let prepared = spec.source.prepare()?;
        check(&prepared, spec.algorithm, spec.options)?;
        let single = single_counts(&prepared, spec)?;
        let mut lesson = Lesson::of_prepared(spec.source.kind(), prepared, spec.algorithm, spec.options, limit)?;
        lesson.single = single;
        Ok(lesson)
    }

    fn of_prepared(
        kind: Kind,
        prepared: Prepared,
        algorithm: Algorithm,
        options: Options,
        limit: usize,
    ) -> Result<Lesson, LessonError> {
        Ok(match prepared {
            Prepared::Tree(tree) if tree.is_vector() => {
                let trace = whole_tree(trace_maxn(&VectorTree(&tree), &0, u32::MAX, limit)?, &tree);
                Lesson::new(kind, Some(tree), trace, None)
            }
            Prepared::Tree(tree) => {
                let trace = whole_tree(trace_with(&ScalarTree(&tree), &0, u32::MAX, algorithm, options, limit)?, &tree);
                Lesson::new(kind, Some(tree), trace, None)
            }
            other => {
                let trace = with_game(&other, Traced { algorithm, options, limit })?;
                let max = match other {
                    Prepared::Othello { position, .. } => Some(position.side_to_move()),
                    _ => None,
                };
                Lesson::new(kind, None, trace, max)
            }
        })
    }

    /// An explicit tree in the text format of [`crate::course::tree`].
    pub fn tree(text: &str, algorithm_name: &str) -> Result<Lesson, LessonError> {
        Lesson::tree_limited(text, algorithm_name, DEFAULT_LIMIT)
    }

    /// [`Lesson::tree`] with a bound of `limit` events.
    pub fn tree_limited(text: &str, algorithm_name: &str, limit: usize) -> Result<Lesson, LessonError> {
        let spec = Spec::new(Source::Tree(text.to_string()), algorithm_name, Options::default())?;
        Lesson::build_limited(&spec, limit)
    }

    fn of_tree(tree: Tree, algorithm: Algorithm, limit: usize) -> Result<Lesson, LessonError> {
        let prepared = Prepared::Tree(tree);
        check(&prepared, algorithm, Options::default())?;
        Lesson::of_prepared(Kind::Tree, prepared, algorithm, Options::default(), limit)
    }

    /// A built-in example: `lecture`, `pruning` or `maxn`.
    pub fn example(name: &str, algorithm_name: &str) -> Result<Lesson, LessonError> {
        Lesson::build(&Spec::new(Source::Example(name.to_string()), algorithm_name, Options::default())?)
    }

    /// Tic-tac-toe after `moves` (squares from the empty board, X first), searched to the end
    /// (`depth` 0, utility +1/0/−1) or `depth` plies with the open-lines heuristic.
    pub fn tic_tac_toe(moves: &str, depth: u32, symmetry: bool, algorithm_name: &str) -> Result<Lesson, LessonError> {
        let source = Source::TicTacToe { moves: moves.to_string(), depth, symmetry };
        Lesson::build(&Spec::new(source, algorithm_name, Options::default())?)
    }

    /// An Othello position — a transcript from the start (`f5d6c3`, may be empty) or a board (64
    /// squares and the side to move) — searched `depth` plies (1 to 4) with the engine's
    /// evaluation.
    pub fn othello(position: &str, depth: u32, algorithm_name: &str) -> Result<Lesson, LessonError> {
        let source = Source::Othello { position: position.to_string(), depth };
        Lesson::build(&Spec::new(source, algorithm_name, Options::default())?)
    }

    pub fn kind(&self) -> Kind {
        self.kind
    }

    pub fn algorithm(&self) -> Algorithm {
        self.trace.algorithm
    }

    pub fn options(&self) -> Options {
        self.trace.options
    }

    pub fn players(&self) -> usize {
        self.trace.players
    }

    /// The trace itself.
    pub fn trace(&self) -> &Trace {
        &self.trace
    }

    /// The tree as text (explicit trees), `""` for games.
    pub fn tree_text(&self) -> String {
        self.tree.as_ref().map(Tree::write).unwrap_or_default()
    }

    /// The tree itself (explicit trees).
    pub fn tree_ref(&self) -> Option<&Tree> {
        self.tree.as_ref()
    }

    pub fn node_count(&self) -> usize {
        self.trace.nodes.len()
    }

    pub fn node(&self, id: usize) -> Result<&Node, LessonError> {
        self.trace.nodes.get(id).ok_or_else(|| {
            LessonError(format!("node {id} does not exist (there are {} nodes, from 0)", self.trace.nodes.len()))
        })
    }

    pub fn event_count(&self) -> usize {
        self.trace.events.len()
    }

    pub fn event(&self, i: usize) -> Result<&Event, LessonError> {
        self.trace.events.get(i).ok_or_else(|| {
            LessonError(format!("event {i} does not exist (there are {} events, from 0)", self.trace.events.len()))
        })
    }

    fn past_the_end(&self, step: usize) -> LessonError {
        LessonError(format!("step {step} is past the end (the last step is {})", self.replay.steps()))
    }

    /// The replay state after the first `step` events.
    pub fn state(&self, step: usize) -> Result<State, LessonError> {
        self.replay.state(step).ok_or_else(|| self.past_the_end(step))
    }

    /// What differs at step `to` from step `from`: the nodes whose state changed, with their
    /// state at `to`.
    pub fn changes(&self, from: usize, to: usize) -> Result<Changes, LessonError> {
        self.replay.changes(from, to).ok_or_else(|| self.past_the_end(from.max(to)))
    }

    /// The last `Order` event of node `id` among the first `step` events (its children's search
    /// order and why), as an event index.
    pub fn order_of(&self, id: usize, step: usize) -> Result<Option<usize>, LessonError> {
        self.node(id)?;
        if step > self.replay.steps() {
            return Err(self.past_the_end(step));
        }
        Ok(self.trace.events[..step].iter().rposition(|e| matches!(e, Event::Order { node, .. } if *node == id)))
    }

    pub fn result(&self) -> LessonResult {
        LessonResult::of_trace(&self.trace, self.single)
    }

    /// The board text (64 squares, a space, the side to move) of an Othello leaf, for its
    /// evaluation breakdown; an error for other nodes and other lessons.
    pub fn leaf_board(&self, id: usize) -> Result<String, LessonError> {
        let node = self.node(id)?;
        let (Some(max), Some(board)) = (self.othello_max, &node.board) else {
            return Err(LessonError("the evaluation breakdown is for Othello lessons only".to_string()));
        };
        if !node.leaf {
            return Err(LessonError(format!(
                "node {id} ({}) is not an evaluated leaf: only leaves have a static evaluation",
                node.label
            )));
        }
        let side = match node.player {
            Player::Side(Side::Max) => max,
            _ => max.opposite(),
        };
        Ok(format!("{board} {}", side.letter()))
    }

    /// A new lesson with the leaf `label` given `value` (`7`, or `(1,2,3)` in a max^n tree).
    pub fn set_leaf(&self, label: &str, value: &str) -> Result<Lesson, LessonError> {
        let tree =
            self.tree.as_ref().ok_or_else(|| LessonError("only explicit trees have leaves to edit".to_string()))?;
        let tree = tree.with_leaf(label, value).map_err(|e| LessonError(e.to_string()))?;
        Lesson::of_tree(tree, self.trace.algorithm, DEFAULT_LIMIT)
    }
}
