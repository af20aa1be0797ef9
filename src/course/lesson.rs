//! A classroom lesson: one game or tree and one algorithm, searched once in tracing mode, then
//! replayed step by step. This is what the page's `Lesson` binding wraps (see
//! `CLASSROOM-API.md`): every constructor checks its input and returns a clear error.

use crate::course::algorithms::{trace, trace_maxn};
use crate::course::game::{Othello, ShownOthello, Side, Value};
use crate::course::replay::{Replay, State};
use crate::course::tictactoe::{Board as TicTacToeBoard, TicTacToe, Utility};
use crate::course::trace::{Algorithm, Event, Node, Player, Trace, TraceError, DEFAULT_LIMIT};
use crate::course::tree::{ScalarTree, Tree, VectorTree};
use crate::othello::records::record::read_record;
use crate::othello::rules::board::{Board, Position};
use crate::othello::rules::square::Color;
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

/// The outcome of a lesson's search, as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonResult {
    /// MAX's view for two players (whoever moves at the root), the vector for max^n.
    pub value: Value,
    /// The principal path's moves, from the root's child downwards.
    pub path: Vec<String>,
    /// Static evaluations.
    pub leaves: usize,
    /// Nodes entered.
    pub nodes: usize,
    /// `4 [b, d, i]`.
    pub text: String,
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
}

fn algorithm(name: &str) -> Result<Algorithm, LessonError> {
    name.parse::<Algorithm>().map_err(LessonError)
}

impl Lesson {
    fn new(kind: Kind, tree: Option<Tree>, trace: Trace, othello_max: Option<Color>) -> Lesson {
        let replay = Replay::new(&trace);
        Lesson { kind, tree, trace, replay, othello_max }
    }

    /// An explicit tree in the text format of [`crate::course::tree`].
    pub fn tree(text: &str, algorithm_name: &str) -> Result<Lesson, LessonError> {
        Lesson::tree_limited(text, algorithm_name, DEFAULT_LIMIT)
    }

    /// [`Lesson::tree`] with a bound of `limit` events.
    pub fn tree_limited(text: &str, algorithm_name: &str, limit: usize) -> Result<Lesson, LessonError> {
        let algorithm = algorithm(algorithm_name)?;
        let tree = Tree::parse(text).map_err(|e| LessonError(e.to_string()))?;
        Lesson::of_tree(tree, algorithm, limit)
    }

    fn of_tree(tree: Tree, algorithm: Algorithm, limit: usize) -> Result<Lesson, LessonError> {
        let trace = match (tree.is_vector(), algorithm) {
            (true, Algorithm::MaxN) => trace_maxn(&VectorTree(&tree), &0, u32::MAX, limit)?,
            (true, other) => {
                return Err(LessonError(format!(
                    "{other} is a two-player algorithm, and this tree's leaves are vectors for {} players: use maxn",
                    tree.players
                )))
            }
            (false, Algorithm::MaxN) => {
                return Err(LessonError(
                    "maxn needs a vector at every leaf, such as (1,2,6); this tree's leaves are numbers".to_string(),
                ))
            }
            (false, other) => trace(&ScalarTree(&tree), &0, u32::MAX, other, limit)?,
        };
        Ok(Lesson::new(Kind::Tree, Some(tree), trace, None))
    }

    /// A built-in example: `lecture`, `pruning` or `maxn`.
    pub fn example(name: &str, algorithm_name: &str) -> Result<Lesson, LessonError> {
        let text = EXAMPLES
            .iter()
            .find(|(n, _)| *n == name.trim())
            .map(|(_, t)| *t)
            .ok_or_else(|| LessonError(format!("unknown example '{name}' (known: lecture, pruning, maxn)")))?;
        Lesson::tree(text, algorithm_name)
    }

    /// Tic-tac-toe after `moves` (squares from the empty board, X first), searched to the end
    /// (`depth` 0, utility +1/0/−1) or `depth` plies with the open-lines heuristic.
    pub fn tic_tac_toe(moves: &str, depth: u32, symmetry: bool, algorithm_name: &str) -> Result<Lesson, LessonError> {
        let algorithm = algorithm(algorithm_name)?;
        if algorithm == Algorithm::MaxN {
            return Err(LessonError(
                "maxn is for n players; tic-tac-toe has two: choose another algorithm".to_string(),
            ));
        }
        if depth > 9 {
            return Err(LessonError(format!("tic-tac-toe depth {depth}: at most 9 (0 = to the end of the game)")));
        }
        let board = TicTacToeBoard::from_moves(moves).map_err(LessonError)?;
        let utility = if depth == 0 { Utility::Exact } else { Utility::OpenLines };
        let game = TicTacToe { utility, symmetry };
        let trace = trace(&game, &board, depth, algorithm, DEFAULT_LIMIT)?;
        Ok(Lesson::new(Kind::TicTacToe, None, trace, None))
    }

    /// An Othello position — a transcript from the start (`f5d6c3`, may be empty) or a board (64
    /// squares and the side to move) — searched `depth` plies (1 to 4) with the engine's
    /// evaluation.
    pub fn othello(position: &str, depth: u32, algorithm_name: &str) -> Result<Lesson, LessonError> {
        let algorithm = algorithm(algorithm_name)?;
        if algorithm == Algorithm::MaxN {
            return Err(LessonError("maxn is for n players; Othello has two: choose another algorithm".to_string()));
        }
        if !(1..=MAX_OTHELLO_DEPTH).contains(&depth) {
            return Err(LessonError(format!("Othello depth {depth}: choose 1 to {MAX_OTHELLO_DEPTH}")));
        }
        let position = if position.trim().is_empty() {
            Position::start()
        } else {
            read_record(position).map_err(|e| LessonError(format!("Othello position: {e}")))?.end()
        };
        let game = ShownOthello {
            game: Othello::new(crate::othello::eval::course::evaluate as fn(Board) -> i32),
            max: position.side_to_move(),
        };
        let trace = trace(&game, &position.board(), depth, algorithm, DEFAULT_LIMIT)?;
        Ok(Lesson::new(Kind::Othello, None, trace, Some(position.side_to_move())))
    }

    pub fn kind(&self) -> Kind {
        self.kind
    }

    pub fn algorithm(&self) -> Algorithm {
        self.trace.algorithm
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

    /// The replay state after the first `step` events.
    pub fn state(&self, step: usize) -> Result<State, LessonError> {
        self.replay.state(step).ok_or_else(|| {
            LessonError(format!("step {step} is past the end (the last step is {})", self.replay.steps()))
        })
    }

    pub fn result(&self) -> LessonResult {
        LessonResult {
            value: self.trace.value_for_max(),
            path: self.trace.path_names(),
            leaves: self.trace.leaves().len(),
            nodes: self.trace.nodes_entered(),
            text: self.trace.result_text(),
        }
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
