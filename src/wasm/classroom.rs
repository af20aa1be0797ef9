//! The classroom's binding: `Lesson`, a searched game or tree replayed step by step; searches
//! without a trace, every algorithm's node counts, and exercises (the API is listed in
//! docs/architecture.md, "The classroom bindings"). Conversions only; the work is in [`crate::course`]. Every
//! shape is written once, as JSON, by [`crate::course::json`], and crosses as the plain object
//! one `JSON.parse` makes of it inside the binding (far faster than building thousands of nodes
//! property by property); `nodes()`, `events(from, to)` and `changes(from, to)` hand over whole
//! batches at once.

use super::convert::js_error;
use super::evaluation_breakdown;
use crate::course::attempt::{self, Attempt};
use crate::course::exercise::{self, Answers, Ask, WindowAnswer};
use crate::course::json;
use crate::course::lesson::{node_counts as course_node_counts, search, Lesson as CourseLesson, Source, Spec};
use crate::course::tictactoe::Board as TicTacToeBoard;
use crate::course::trace::Options;
use crate::course::trace::ValueKind;
use crate::course::tree::Tree;
use js_sys::{Array, Object, Reflect, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const LESSON_TYPES: &'static str = r#"
/** A node's value: a number, or one per player for max^n. */
export type LessonValue = number | number[];
/** What a value is: exact, or a bound a cut search proved ('lower': at least, 'upper': at most). */
export type Bound = 'exact' | 'lower' | 'upper';
/** A node's player: 'MAX' or 'MIN' in a two-player game, the player's number in max^n. */
export type LessonPlayer = 'MAX' | 'MIN' | number;
/** The traced algorithms. */
export type AlgorithmName = 'minimax' | 'negamax' | 'alphabeta' | 'alphabeta-negamax' | 'alphabeta-ordered' | 'pvs' | 'maxn';

/** A node of a lesson's tree (see `Lesson.node`). */
export interface LessonNode {
  id: number;
  /** -1 for the root. */
  parent: number;
  label: string;
  move: string;
  player: LessonPlayer;
  depth: number;
  children: number[];
  leaf: boolean;
  staticValue?: LessonValue;
  /** An Othello node's position, as board text. */
  board?: string;
  iteration: number;
}

/** The window a node is searched with: alpha-beta's, or MINIMAX-A-B's limits (null: infinite). */
export interface SearchWindow {
  alpha?: number | null;
  beta?: number | null;
  useLimit?: number | null;
  passLimit?: number | null;
}

/** One event of a search's trace (see `Lesson.event`); `kind` says which it is. */
export type LessonEvent =
  | EnterEvent
  | { kind: 'leaf'; node: number; value: LessonValue; bound: 'exact' }
  | UpdateEvent
  | CutoffEvent
  | { kind: 'return'; node: number; value: LessonValue; bound: Bound; path: string[] }
  | OrderEvent
  | { kind: 'iteration'; node: number; depth: number }
  | { kind: 'table'; node: number; value: LessonValue; bound: Bound; depth: number }
  | ScoutEvent;

/** A node entered, with the window it is searched with ('null': a null-window test). */
export interface EnterEvent extends SearchWindow {
  kind: 'enter';
  node: number;
  search: 'full' | 'null' | 'research';
}

/** A node's value improved by its child `best` (a bound when the search of that child was cut). */
export interface UpdateEvent extends SearchWindow {
  kind: 'update';
  node: number;
  value: LessonValue;
  best: number;
  bound: Bound | null;
}

/** A cut-off: the children skipped, and why. */
export interface CutoffEvent extends SearchWindow {
  kind: 'cutoff';
  node: number;
  value: LessonValue;
  skipped: number[];
  bound: Bound;
  reason: CutoffReason;
}

/** Why a cut-off happened: the catalogues' `reason.<key>` with the numbers and sides it names
 * (`v`, `alpha`, `beta`; `pass`, `use`, `me`, `them`), the first children it skips by label and
 * how many it skips (www/classroom/course-words.js words it). */
export interface CutoffReason {
  key: 'max-cut' | 'min-cut' | 'limits-cut' | 'null-window' | 'none';
  args: Record<string, string>;
  skipped: string[];
  count: number;
}

/** The children's search order, their keys, what ordered them and why the first comes first. */
export interface OrderEvent {
  kind: 'order';
  node: number;
  children: number[];
  keys: (number | null)[];
  by: 'estimate' | 'written' | 'generated';
  first: { node: number; why: 'previous-iteration' | 'table' } | null;
}

/** PVS's null-window test of `child`, and its outcome. */
export interface ScoutEvent {
  kind: 'scout';
  node: number;
  child: number;
  value: LessonValue;
  bound: Bound;
  passLimit: number;
  useLimit: number | null;
  outcome: 'fail-low' | 'research' | 'fail-high' | 'exact';
}

/** A node's state at a step of the replay. */
export interface NodeState extends SearchWindow {
  id: number;
  status: 'unseen' | 'open' | 'done' | 'leaf' | 'pruned';
  value?: LessonValue;
  bound?: Bound;
  best?: number;
  /** How it is searched, when not with the full window: 'null' or 'research'. */
  search?: string;
  /** Its value came from the transposition table. */
  table?: boolean;
}

/** The replay at a step (see `Lesson.state`; `Lesson.changes` lists only the nodes that changed). */
export interface LessonState {
  step: number;
  /** The node being searched, -1 for none. */
  current: number;
  leaves: number;
  nodesVisited: number;
  iteration: number;
  nodes: NodeState[];
}

/** What a search costs. */
export interface SearchCounts {
  nodes: number;
  leaves: number;
  tableHits: number;
  events: number;
}

/** One iteration of iterative deepening. */
export interface LessonIteration extends SearchCounts {
  depth: number;
  root: number;
  firstEvent: number;
  endEvent: number;
  value: number;
  bound: Bound;
  path: string[];
  text: string;
}

/** A search's result (see `Lesson.result`). */
export interface LessonResult {
  value: LessonValue;
  bound: Bound;
  path: string[];
  leaves: number;
  nodes: number;
  tableHits: number;
  events: number;
  /** Whether `Lesson.create` would fit its trace. */
  traceable: boolean;
  /** What the page shows, e.g. `4 [b, d, i]`. */
  text: string;
  algorithm: AlgorithmName;
  iterative: boolean;
  table: boolean;
  iterations: LessonIteration[];
  /** The last iteration's search alone, with iterative deepening. */
  single: SearchCounts | null;
}

/** A lesson as `Lesson.create` takes it (see there for each kind's fields). */
export interface LessonSpec {
  kind: 'example' | 'tree' | 'exercise' | 'tictactoe' | 'othello';
  algorithm: string;
  iterative?: boolean;
  table?: boolean;
  name?: string;
  text?: string;
  seed?: string | number;
  shape?: string;
  depth?: number;
  branching?: number;
  moves?: string;
  symmetry?: boolean;
  position?: string;
  /** An exercise's questions: `values,window,pruned,path,leaves` (see `exerciseQuestions`). */
  ask?: string;
}

/** An exercise's tree (see `exerciseTree`). */
export interface ExerciseTree {
  text: string;
  /** A decimal string: any 64-bit number (the variant's seed for a student's variant). */
  seed: string;
  shape: string;
  depth: number;
  branching: number;
  /** The student's variant, 0 for the exercise everyone shares. */
  variant: number;
}

/** A field of an exercise's answer sheet. */
export type ExerciseField = 'value' | 'alpha' | 'beta' | 'pruned' | 'path' | 'leaves';

/** One question of an exercise (see `exerciseQuestions`). */
export interface ExerciseQuestion {
  field: ExerciseField;
  label: string;
}

/** What an attempt code holds (see `attemptCode`). */
export interface AttemptNumbers {
  variant: number;
  right: number;
  total: number;
  attempt: number;
}

/** What an attempt code is to an exercise (see `diagnoseAttemptCode`). */
export type AttemptDiagnosis =
| ({ status: 'valid' | 'other' } & AttemptNumbers)
| ({ status: 'altered'; original: AttemptNumbers; position: number } & AttemptNumbers)
| { status: 'unreadable'; message: string };

/** A sentence of the grading, with a code naming its case: the catalogues' `grading.<key>`
 * with its arguments by name, then its note (www/classroom/course-words.js words it). */
export interface ExerciseSentence { code: string; key: string; args: Record<string, ExerciseArgument>; note: ExerciseSentence | null }

/** An argument of a sentence: a text put in as it is, a part worded in each language, items
 * listed as the language lists them, an ordinal, or a cut-off's reason. */
export type ExerciseArgument = string | ExerciseSentence | { list: string[] } | { ordinal: number } | { reason: CutoffReason };

/** A student's answers (see `checkExercise`). */
export interface ExerciseAnswers {
  values?: Record<string, string | number>;
  pruned?: string[];
  windows?: { label: string; alpha?: string | number; beta?: string | number }[];
  path?: string;
  leaves?: string | number;
}

/** The answers checked (see `checkExercise`). */
export interface ExerciseReport {
  score: string;
  right: number;
  total: number;
  allCorrect: boolean;
  verdicts: {
    item: 'value' | 'pruned' | 'window' | 'path' | 'leaves';
    field: ExerciseField;
    label: string;
    given: string;
    expected: string;
    right: boolean;
    /** What is wrong, without the solution. */
    hint: ExerciseSentence | null;
    /** The right answer explained. */
    why: ExerciseSentence | null;
  }[];
}
"#;

/// A whole number in `0..2^32` from JavaScript, or an error naming `what`.
fn whole(n: f64, what: &str) -> Result<u32, JsError> {
    if n.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&n) {
        Ok(n as u32)
    } else {
        Err(JsError::new(&format!("{what} must be a whole number from 0, not {n}")))
    }
}

/// JSON text made by [`crate::course::json`] as a JavaScript value.
fn parsed(text: &str) -> Result<JsValue, JsError> {
    js_sys::JSON::parse(text).map_err(|_| JsError::new("internal error: unreadable JSON from the engine"))
}

fn parsed_ok(text: &str) -> JsValue {
    parsed(text).unwrap_or(JsValue::NULL)
}

/// A property of a spec or answers object (`undefined` and `null` count as missing).
fn field(object: &JsValue, key: &str) -> Option<JsValue> {
    Reflect::get(object, &JsValue::from_str(key)).ok().filter(|v| !v.is_undefined() && !v.is_null())
}

fn text_field(object: &JsValue, what: &str, key: &str, default: Option<&str>) -> Result<String, JsError> {
    match field(object, key) {
        Some(v) => v.as_string().ok_or_else(|| JsError::new(&format!("{what}.{key} must be a string"))),
        None => default.map(str::to_string).ok_or_else(|| JsError::new(&format!("{what}.{key} is missing"))),
    }
}

fn number_field(object: &JsValue, what: &str, key: &str, default: Option<u32>) -> Result<u32, JsError> {
    match field(object, key) {
        Some(v) => {
            let n = v.as_f64().ok_or_else(|| JsError::new(&format!("{what}.{key} must be a number")))?;
            whole(n, &format!("{what}.{key}"))
        }
        None => default.ok_or_else(|| JsError::new(&format!("{what}.{key} is missing"))),
    }
}

fn bool_field(object: &JsValue, what: &str, key: &str, default: bool) -> Result<bool, JsError> {
    match field(object, key) {
        Some(v) => v.as_bool().ok_or_else(|| JsError::new(&format!("{what}.{key} must be true or false"))),
        None => Ok(default),
    }
}

/// A seed: a decimal string (any 64-bit number) or a whole number up to 2^53.
fn seed_of(v: &JsValue) -> Result<u64, JsError> {
    if let Some(s) = v.as_string() {
        return s
            .trim()
            .parse::<u64>()
            .map_err(|_| JsError::new(&format!("exercise seed '{s}': a whole number from 0 to 18446744073709551615")));
    }
    match v.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=9_007_199_254_740_991.0).contains(&n) => Ok(n as u64),
        _ => Err(JsError::new("the exercise seed must be a whole number from 0 (as a string above 2^53)")),
    }
}

/// The source a spec names (see `Lesson.create`).
fn source_of(spec: &JsValue) -> Result<Source, JsError> {
    if !spec.is_object() {
        return Err(JsError::new(
            "the spec must be an object such as {kind: 'example', name: 'lecture', algorithm: 'alphabeta'}",
        ));
    }
    let kind = text_field(spec, "spec", "kind", None)?;
    Ok(match kind.as_str() {
        "example" => Source::Example(text_field(spec, "spec", "name", None)?),
        "tree" => Source::Tree(text_field(spec, "spec", "text", None)?),
        "exercise" => {
            let seed = seed_of(&field(spec, "seed").ok_or_else(|| JsError::new("spec.seed is missing"))?)?;
            let (depth, branching) = match field(spec, "shape") {
                Some(shape) => {
                    let shape =
                        shape.as_string().ok_or_else(|| JsError::new("spec.shape must be a string such as '3x2'"))?;
                    exercise::parse_shape(&shape).map_err(js_error)?
                }
                None => {
                    (number_field(spec, "spec", "depth", Some(3))?, number_field(spec, "spec", "branching", Some(2))?)
                }
            };
            Source::Exercise { seed, depth, branching }
        }
        "tictactoe" => Source::TicTacToe {
            moves: text_field(spec, "spec", "moves", Some(""))?,
            depth: number_field(spec, "spec", "depth", Some(2))?,
            symmetry: bool_field(spec, "spec", "symmetry", true)?,
        },
        "othello" => Source::Othello {
            position: text_field(spec, "spec", "position", Some(""))?,
            depth: number_field(spec, "spec", "depth", Some(2))?,
        },
        other => {
            return Err(JsError::new(&format!(
                "spec.kind '{other}': one of example, tree, exercise, tictactoe, othello"
            )))
        }
    })
}

fn spec_of(spec: &JsValue) -> Result<Spec, JsError> {
    let source = source_of(spec)?;
    let algorithm = text_field(spec, "spec", "algorithm", None)?;
    let options = Options {
        iterative: bool_field(spec, "spec", "iterative", false)?,
        table: bool_field(spec, "spec", "table", false)?,
    };
    Spec::new(source, &algorithm, options).map_err(js_error)
}

/// One game or tree and one algorithm, searched once, then replayed step by step.
#[wasm_bindgen]
pub struct Lesson {
    inner: CourseLesson,
}

#[wasm_bindgen]
impl Lesson {
    /// An explicit tree in the tree text format, searched by `algorithm`.
    pub fn tree(text: &str, algorithm: &str) -> Result<Lesson, JsError> {
        CourseLesson::tree(text, algorithm).map(|inner| Lesson { inner }).map_err(js_error)
    }

    /// A built-in example: `lecture`, `pruning` or `maxn`.
    pub fn example(name: &str, algorithm: &str) -> Result<Lesson, JsError> {
        CourseLesson::example(name, algorithm).map(|inner| Lesson { inner }).map_err(js_error)
    }

    /// Tic-tac-toe after `moves` (`"b2a1"`), depth 0 = to the end, D = D plies with open lines.
    #[wasm_bindgen(js_name = ticTacToe)]
    pub fn tic_tac_toe(moves: &str, depth: f64, symmetry: bool, algorithm: &str) -> Result<Lesson, JsError> {
        let depth = whole(depth, "depth")?;
        CourseLesson::tic_tac_toe(moves, depth, symmetry, algorithm).map(|inner| Lesson { inner }).map_err(js_error)
    }

    /// An Othello transcript or board, searched 1–4 plies with the engine's evaluation.
    pub fn othello(position: &str, depth: f64, algorithm: &str) -> Result<Lesson, JsError> {
        let depth = whole(depth, "depth")?;
        CourseLesson::othello(position, depth, algorithm).map(|inner| Lesson { inner }).map_err(js_error)
    }

    /// Any lesson from a spec: `{kind, algorithm, iterative?, table?, …}` with, by kind,
    /// `example`: `name`; `tree`: `text`; `exercise`: `seed` (decimal string or number) and
    /// `shape` (`"3x2"`); `tictactoe`: `moves`, `depth` (default 2), `symmetry` (default true);
    /// `othello`: `position` (transcript or board text), `depth` (default 2).
    pub fn create(#[wasm_bindgen(unchecked_param_type = "LessonSpec")] spec: JsValue) -> Result<Lesson, JsError> {
        CourseLesson::build(&spec_of(&spec)?).map(|inner| Lesson { inner }).map_err(js_error)
    }

    /// `"tree"`, `"tictactoe"` or `"othello"`.
    #[wasm_bindgen(getter, unchecked_return_type = "'tree' | 'tictactoe' | 'othello'")]
    pub fn kind(&self) -> String {
        self.inner.kind().name().to_string()
    }

    #[wasm_bindgen(getter, unchecked_return_type = "AlgorithmName")]
    pub fn algorithm(&self) -> String {
        self.inner.algorithm().name().to_string()
    }

    /// `{iterative, table}`.
    #[wasm_bindgen(getter, unchecked_return_type = "{ iterative: boolean; table: boolean }")]
    pub fn options(&self) -> JsValue {
        let o = self.inner.options();
        parsed_ok(&format!("{{\"iterative\":{},\"table\":{}}}", o.iterative, o.table))
    }

    #[wasm_bindgen(getter)]
    pub fn players(&self) -> u32 {
        self.inner.players() as u32
    }

    /// The root whose search gave the result: 0, or the last iteration's with iterative
    /// deepening.
    #[wasm_bindgen(getter)]
    pub fn root(&self) -> u32 {
        self.inner.trace().root as u32
    }

    #[wasm_bindgen(getter, js_name = treeText)]
    pub fn tree_text(&self) -> String {
        self.inner.tree_text()
    }

    #[wasm_bindgen(getter, js_name = nodeCount)]
    pub fn node_count(&self) -> u32 {
        self.inner.node_count() as u32
    }

    /// `{id, parent, label, move, player, depth, children, leaf, staticValue?, board?, iteration}`.
    #[wasm_bindgen(unchecked_return_type = "LessonNode")]
    pub fn node(&self, id: f64) -> Result<JsValue, JsError> {
        let id = whole(id, "node id")? as usize;
        let n = self.inner.node(id).map_err(js_error)?;
        let mut out = String::new();
        json::node(&mut out, id, n);
        parsed(&out)
    }

    /// Every node: the array of `node(id)` objects, in one call.
    #[wasm_bindgen(unchecked_return_type = "LessonNode[]")]
    pub fn nodes(&self) -> Result<JsValue, JsError> {
        parsed(&json::nodes(self.inner.trace()))
    }

    #[wasm_bindgen(getter, js_name = eventCount)]
    pub fn event_count(&self) -> u32 {
        self.inner.event_count() as u32
    }

    /// `{kind, node, …}`: `enter` (window, `search`), `leaf`, `update`, `cutoff`, `return`,
    /// `order`, `iteration`, `table`, `scout` (the fields of each in docs/architecture.md).
    #[wasm_bindgen(unchecked_return_type = "LessonEvent")]
    pub fn event(&self, i: f64) -> Result<JsValue, JsError> {
        let i = whole(i, "event index")? as usize;
        let e = self.inner.event(i).map_err(js_error)?;
        let mut out = String::new();
        json::event(&mut out, self.inner.trace(), e);
        parsed(&out)
    }

    /// Events `from..to`: the array of `event(i)` objects, in one call.
    #[wasm_bindgen(unchecked_return_type = "LessonEvent[]")]
    pub fn events(&self, from: f64, to: f64) -> Result<JsValue, JsError> {
        let (from, to) = (whole(from, "from")? as usize, whole(to, "to")? as usize);
        let n = self.inner.event_count();
        if from > to || to > n {
            return Err(JsError::new(&format!("events {from}..{to}: a range within 0..{n}")));
        }
        parsed(&json::events(self.inner.trace(), from, to))
    }

    /// Each event's kind as a small number: 0 enter, 1 leaf, 2 update, 3 cutoff, 4 return,
    /// 5 order, 6 iteration, 7 table, 8 scout.
    #[wasm_bindgen(js_name = eventKinds)]
    pub fn event_kinds(&self) -> Uint8Array {
        let codes: Vec<u8> = self.inner.trace().events.iter().map(|e| e.code()).collect();
        Uint8Array::from(&codes[..])
    }

    /// Each event's node.
    #[wasm_bindgen(js_name = eventNodes)]
    pub fn event_nodes(&self) -> Uint32Array {
        let nodes: Vec<u32> = self.inner.trace().events.iter().map(|e| e.node() as u32).collect();
        Uint32Array::from(&nodes[..])
    }

    /// `{step, current, leaves, nodesVisited, iteration, nodes: [{id, status, value?, bound?,
    /// …bounds, best?, search?, table?}]}`.
    #[wasm_bindgen(unchecked_return_type = "LessonState")]
    pub fn state(&self, step: f64) -> Result<JsValue, JsError> {
        let step = whole(step, "step")? as usize;
        parsed(&json::state(&self.inner.state(step).map_err(js_error)?))
    }

    /// What differs at step `to` from step `from`: the counters at `to` and only the nodes whose
    /// state changed (`{id, status: "unseen"}` for a node not reached yet at `to`), as `state`
    /// writes them. Costs the events between the two steps, whatever the tree's size.
    #[wasm_bindgen(unchecked_return_type = "LessonState")]
    pub fn changes(&self, from: f64, to: f64) -> Result<JsValue, JsError> {
        let (from, to) = (whole(from, "from")? as usize, whole(to, "to")? as usize);
        parsed(&json::changes(&self.inner.changes(from, to).map_err(js_error)?))
    }

    /// The `order` event of node `id` in force after `step` events (its children's search order,
    /// their keys and why), or `null`.
    #[wasm_bindgen(js_name = orderOf, unchecked_return_type = "LessonEvent | null")]
    pub fn order_of(&self, id: f64, step: f64) -> Result<JsValue, JsError> {
        let (id, step) = (whole(id, "node id")? as usize, whole(step, "step")? as usize);
        match self.inner.order_of(id, step).map_err(js_error)? {
            Some(i) => self.event(i as f64),
            None => Ok(JsValue::NULL),
        }
    }

    /// `{value, bound, path, leaves, nodes, tableHits, events, traceable, text, algorithm,
    /// iterative, table, iterations, single}`: `text` is what the page shows, e.g. `4 [b, d, i]`.
    #[wasm_bindgen(getter, unchecked_return_type = "LessonResult")]
    pub fn result(&self) -> JsValue {
        parsed_ok(&json::result(&self.inner.result()))
    }

    /// Iterative deepening's iterations (as in `result.iterations`), `[]` without.
    #[wasm_bindgen(getter, unchecked_return_type = "LessonIteration[]")]
    pub fn iterations(&self) -> JsValue {
        Reflect::get(&self.result(), &JsValue::from_str("iterations")).unwrap_or_else(|_| Array::new().into())
    }

    /// The seed-004 evaluation breakdown of an Othello leaf (as `evaluationBreakdown` gives it).
    #[wasm_bindgen(unchecked_return_type = "EvaluationBreakdown")]
    pub fn breakdown(&self, id: f64) -> Result<JsValue, JsError> {
        let id = whole(id, "node id")? as usize;
        evaluation_breakdown(&self.inner.leaf_board(id).map_err(js_error)?)
    }

    /// A new lesson with the leaf `label` set to `value` (`7`, or `(1,2,3)` for max^n).
    #[wasm_bindgen(js_name = setLeaf)]
    pub fn set_leaf(&self, label: &str, value: &str) -> Result<Lesson, JsError> {
        self.inner.set_leaf(label, value).map(|inner| Lesson { inner }).map_err(js_error)
    }
}

/// The search a spec names (as `Lesson.create`), without its trace: what `Lesson.result` would
/// give (`traceable` says whether `Lesson.create` would fit), for searches too large to show
/// step by step.
#[wasm_bindgen(js_name = searchUntraced, unchecked_return_type = "LessonResult")]
pub fn search_untraced(#[wasm_bindgen(unchecked_param_type = "LessonSpec")] spec: JsValue) -> Result<JsValue, JsError> {
    parsed(&json::result(&search(&spec_of(&spec)?).map_err(js_error)?))
}

/// Every algorithm and option on a spec's source (its algorithm and options are ignored): an
/// array of `{name, …result fields}` rows, `name` such as `alphabeta-ordered + iterative + table`.
#[wasm_bindgen(js_name = nodeCounts, unchecked_return_type = "({ name: string } & LessonResult)[]")]
pub fn node_counts(#[wasm_bindgen(unchecked_param_type = "LessonSpec")] spec: JsValue) -> Result<JsValue, JsError> {
    parsed(&json::count_rows(&course_node_counts(&source_of(&spec)?).map_err(js_error)?))
}

/// The exercise tree of a seed and a shape (`"3x2"`), or of a student's variant of it:
/// `{text, seed, shape, depth, branching, variant}` (`seed` as a decimal string: the variant's).
#[wasm_bindgen(js_name = exerciseTree, unchecked_return_type = "ExerciseTree")]
pub fn exercise_tree(
    #[wasm_bindgen(unchecked_param_type = "string | number")] seed: JsValue,
    shape: &str,
    variant: Option<f64>,
) -> Result<JsValue, JsError> {
    let seed = seed_of(&seed)?;
    let variant = variant_of(variant)?;
    let (depth, branching) = exercise::parse_shape(shape).map_err(js_error)?;
    let seed = exercise::variant_seed(seed, variant);
    let tree = exercise::generate(seed, depth, branching).map_err(js_error)?;
    let mut out = String::new();
    let mut o = json::Obj::new(&mut out);
    o.str("text", &tree.write())
        .str("seed", &seed.to_string())
        .str("shape", &format!("{depth}x{branching}"))
        .raw("depth", depth)
        .raw("branching", branching)
        .raw("variant", variant);
    o.end();
    parsed(&out)
}

fn variant_of(variant: Option<f64>) -> Result<u32, JsError> {
    match variant {
        None => Ok(0),
        Some(v) => {
            let v = whole(v, "variant")?;
            if v > exercise::STUDENT_VARIANTS {
                return Err(JsError::new(&format!("variant {v}: 0 to {}", exercise::STUDENT_VARIANTS)));
            }
            Ok(v)
        }
    }
}

/// A student's variant of a typed or built-in tree: the same shape and labels, the leaves drawn
/// again in the range of the tree's leaves (the tree itself for variant 0).
#[wasm_bindgen(js_name = treeVariant)]
pub fn tree_variant(text: &str, variant: f64) -> Result<String, JsError> {
    let tree = Tree::parse(text).map_err(js_error)?;
    Ok(exercise::tree_variant(&tree, variant_of(Some(variant))?).write())
}

/// The variant (1 to 65,535) a student's name or number picks, however it is typed.
#[wasm_bindgen(js_name = studentVariant)]
pub fn student_variant(name: &str) -> Result<u32, JsError> {
    exercise::student_variant(name).map_err(js_error)
}

/// The shapes a random exercise may have (`"2x2"` … `"5x2"`): those whose tree a student can do.
#[wasm_bindgen(js_name = exerciseShapes, unchecked_return_type = "string[]")]
pub fn exercise_shapes() -> JsValue {
    let shapes: Vec<String> = exercise::DEPTHS
        .flat_map(|d| exercise::BRANCHINGS.map(move |b| (d, b)))
        .filter(|&(d, b)| exercise::shape_fits(d, b))
        .map(|(d, b)| format!("{d}x{b}"))
        .collect();
    let mut out = String::new();
    json::array(&mut out, &shapes, |out, s| json::string(out, s));
    parsed_ok(&out)
}

/// What a spec's exercise asks: its `ask` (default: the values, and with a pruning algorithm the
/// pruned leaves and the window of the root's last child).
fn ask_of(spec: &JsValue, algorithm: crate::course::trace::Algorithm) -> Result<Option<Ask>, JsError> {
    match field(spec, "ask") {
        None => Ok(None),
        Some(v) => {
            let text = if Array::is_array(&v) {
                Array::from(&v).iter().filter_map(|t| t.as_string()).collect::<Vec<_>>().join(",")
            } else {
                v.as_string().ok_or_else(|| JsError::new("spec.ask must be a string such as 'values,pruned'"))?
            };
            if text.trim().is_empty() || text.trim() == "default" {
                return Ok(Some(Ask::default_for(algorithm)));
            }
            Ask::parse(&text, algorithm).map(Some).map_err(js_error)
        }
    }
}

/// The questions of the exercise a spec names (a tree source, its algorithm and `ask`), in the
/// order of its answer sheet: `[{field, label}]`. Throws for a tree too large for an exercise
/// (more than 32 leaves or 64 nodes), or what `ask` asks does not apply.
#[wasm_bindgen(js_name = exerciseQuestions, unchecked_return_type = "ExerciseQuestion[]")]
pub fn exercise_questions(
    #[wasm_bindgen(unchecked_param_type = "LessonSpec")] spec: JsValue,
) -> Result<JsValue, JsError> {
    let parsed_spec = spec_of(&spec)?;
    let tree = parsed_spec.source.tree().map_err(js_error)?;
    let ask = ask_of(&spec, parsed_spec.algorithm)?.unwrap_or_else(|| Ask::default_for(parsed_spec.algorithm));
    let qs = exercise::questions(&tree, parsed_spec.algorithm, &ask).map_err(js_error)?;
    parsed(&json::questions(&qs))
}

fn answers_of(answers: &JsValue) -> Result<Answers, JsError> {
    let mut out = Answers::default();
    if !answers.is_object() {
        return Err(JsError::new(
            "answers must be an object {values: {label: text}, pruned: [labels], windows: [{label, alpha, beta}]}",
        ));
    }
    let as_text = |v: &JsValue, what: &str| -> Result<String, JsError> {
        if v.is_undefined() || v.is_null() {
            Ok(String::new())
        } else if let Some(s) = v.as_string() {
            Ok(s)
        } else if let Some(n) = v.as_f64() {
            Ok(n.to_string())
        } else {
            Err(JsError::new(&format!("{what} must be a string or a number")))
        }
    };
    if let Some(values) = field(answers, "values") {
        if !values.is_object() {
            return Err(JsError::new("answers.values must be an object {label: text}"));
        }
        for entry in Object::entries(&Object::from(values)).iter() {
            let pair = Array::from(&entry);
            let label = pair.get(0).as_string().unwrap_or_default();
            let text = as_text(&pair.get(1), &format!("answers.values['{label}']"))?;
            out.values.push((label, text));
        }
    }
    if let Some(pruned) = field(answers, "pruned") {
        if !Array::is_array(&pruned) {
            return Err(JsError::new("answers.pruned must be an array of labels"));
        }
        for v in Array::from(&pruned).iter() {
            out.pruned.push(v.as_string().ok_or_else(|| JsError::new("answers.pruned holds labels (strings)"))?);
        }
    }
    if let Some(path) = field(answers, "path") {
        out.path = Some(as_text(&path, "answers.path")?);
    }
    if let Some(leaves) = field(answers, "leaves") {
        out.leaves = Some(as_text(&leaves, "answers.leaves")?);
    }
    if let Some(windows) = field(answers, "windows") {
        if !Array::is_array(&windows) {
            return Err(JsError::new("answers.windows must be an array of {label, alpha, beta}"));
        }
        for w in Array::from(&windows).iter() {
            out.windows.push(WindowAnswer {
                label: text_field(&w, "answers.windows[i]", "label", None)?,
                alpha: as_text(&field(&w, "alpha").unwrap_or(JsValue::UNDEFINED), "answers.windows[i].alpha")?,
                beta: as_text(&field(&w, "beta").unwrap_or(JsValue::UNDEFINED), "answers.windows[i].beta")?,
            });
        }
    }
    Ok(out)
}

/// Checks a student's answers on the tree a spec names (`example`, `tree` or `exercise`) searched
/// by the spec's algorithm. `answers`: `{values: {label: text}, pruned: [labels], windows:
/// [{label, alpha, beta}], path?, leaves?}`. With `spec.ask`, one verdict per question of the
/// exercise (`exerciseQuestions`), blanks included, so the score is always out of the same
/// number; without, the answers given, every inner node and the leaves never evaluated. Returns
/// `{score: "N/M", right, total, allCorrect, verdicts: [{item, field, label, given, expected,
/// right, hint, why}]}`: `hint` says what is wrong without the solution, `why` explains the right
/// answer (both `{code, key, args, note}`, a sentence for the catalogues to word; null for a
/// right answer).
#[wasm_bindgen(js_name = checkExercise, unchecked_return_type = "ExerciseReport")]
pub fn check_exercise(
    #[wasm_bindgen(unchecked_param_type = "LessonSpec")] spec: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ExerciseAnswers")] answers: JsValue,
) -> Result<JsValue, JsError> {
    let parsed_spec = spec_of(&spec)?;
    let tree = parsed_spec.source.tree().map_err(js_error)?;
    let answers = answers_of(&answers)?;
    let report = match ask_of(&spec, parsed_spec.algorithm)? {
        Some(ask) => exercise::check_asked(&tree, parsed_spec.algorithm, &ask, &answers),
        None => exercise::check(&tree, parsed_spec.algorithm, &answers),
    }
    .map_err(js_error)?;
    parsed(&json::report(&report))
}

fn byte(object: &JsValue, key: &str, max: u32) -> Result<u32, JsError> {
    let n = number_field(object, "attempt", key, None)?;
    if n > max {
        return Err(JsError::new(&format!("attempt.{key} {n}: at most {max}")));
    }
    Ok(n)
}

/// The attempt code (`7K2M-9QXD-4TPA`) of a score at an exercise: `exercise` is the exercise's
/// canonical text (its link without language or student), `numbers` `{variant, right, total,
/// attempt}`. See `crate::course::attempt` for what it holds and guards against.
#[wasm_bindgen(js_name = attemptCode)]
pub fn attempt_code(
    exercise: &str,
    #[wasm_bindgen(unchecked_param_type = "AttemptNumbers")] numbers: JsValue,
) -> Result<String, JsError> {
    if !numbers.is_object() {
        return Err(JsError::new("the attempt must be an object {variant, right, total, attempt}"));
    }
    let right = byte(&numbers, "right", 255)?;
    let total = byte(&numbers, "total", 255)?;
    if right > total {
        return Err(JsError::new(&format!("attempt: {right} right of {total}")));
    }
    let a = Attempt {
        variant: byte(&numbers, "variant", exercise::STUDENT_VARIANTS)? as u16,
        right: right as u8,
        total: total as u8,
        attempt: byte(&numbers, "attempt", 1_000_000)?.clamp(1, 63) as u8,
    };
    Ok(attempt::encode(exercise, &a))
}

/// Reads an attempt code and checks it against `exercise` (as `attemptCode` takes it):
/// `{variant, right, total, attempt}`, or an error saying what is wrong with the code.
#[wasm_bindgen(js_name = readAttemptCode, unchecked_return_type = "AttemptNumbers")]
pub fn read_attempt_code(exercise: &str, code: &str) -> Result<JsValue, JsError> {
    let a = attempt::decode(exercise, code).map_err(js_error)?;
    parsed(&format!(
        "{{\"variant\":{},\"right\":{},\"total\":{},\"attempt\":{}}}",
        a.variant, a.right, a.total, a.attempt
    ))
}

/// What an attempt code is to an exercise (as `attemptCode` takes it), for a class's list of
/// codes: `{status, variant, right, total, attempt}` with `status` `valid`, `altered` (one symbol
/// away from a code of this exercise: also `original`, its numbers, and `position`, the symbol
/// changed, 1 to 12), `other` (a code of another exercise or class key; the numbers as it says
/// them, unchecked) or `unreadable` (`message` says why; no numbers). Never throws for a code.
#[wasm_bindgen(js_name = diagnoseAttemptCode, unchecked_return_type = "AttemptDiagnosis")]
pub fn diagnose_attempt_code(exercise: &str, code: &str) -> JsValue {
    let numbers = |a: &Attempt| {
        format!("\"variant\":{},\"right\":{},\"total\":{},\"attempt\":{}", a.variant, a.right, a.total, a.attempt)
    };
    let text = match attempt::diagnose(exercise, code) {
        attempt::Diagnosis::Valid(a) => format!("{{\"status\":\"valid\",{}}}", numbers(&a)),
        attempt::Diagnosis::Altered { claimed, original, position } => format!(
            "{{\"status\":\"altered\",{},\"original\":{{{}}},\"position\":{position}}}",
            numbers(&claimed),
            numbers(&original)
        ),
        attempt::Diagnosis::Other { claimed } => format!("{{\"status\":\"other\",{}}}", numbers(&claimed)),
        attempt::Diagnosis::Unreadable(e) => {
            let mut out = String::new();
            let mut o = json::Obj::new(&mut out);
            o.str("status", "unreadable").str("message", &e.to_string());
            o.end();
            out
        }
    };
    parsed_ok(&text)
}

/// Judges a number a student predicts for a node whose search gives `value` of kind `bound`
/// (`exact`, `lower`, `upper`); `negamax`: numbers in the side to move's view. `null` when
/// right, else the mistake: `blank`, `unreadable`, `not-visited`, `bound-as-exact`,
/// `exact-as-bound`, `bound-direction`, `negamax-sign`, `wrong`.
#[wasm_bindgen(js_name = judgeValue)]
pub fn judge_value(text: &str, value: f64, bound: &str, negamax: bool) -> Result<Option<String>, JsError> {
    let kind = match bound {
        "exact" => ValueKind::Exact,
        "lower" => ValueKind::Lower,
        "upper" => ValueKind::Upper,
        other => return Err(JsError::new(&format!("bound '{other}': exact, lower or upper"))),
    };
    if value.fract() != 0.0 || value.abs() > 2e9 {
        return Err(JsError::new(&format!("value {value}: a whole number")));
    }
    Ok(exercise::judge_scalar(text, value as i32, kind, negamax).err().map(|m| m.code().to_string()))
}

/// A tic-tac-toe position's open lines (the notes' depth cut-off utility is "open lines for MAX −
/// open lines for MIN"): `{x, o}` for a picture of 9 squares (`X`, `O`, `-`, a1 first).
#[wasm_bindgen(js_name = ticTacToeLines, unchecked_return_type = "{ x: number; o: number }")]
pub fn tic_tac_toe_lines(picture: &str) -> Result<JsValue, JsError> {
    let (x, o) = TicTacToeBoard::from_picture(picture).map_err(js_error)?.open_lines();
    parsed(&format!("{{\"x\":{x},\"o\":{o}}}"))
}
