//! The classroom's binding: `Lesson`, a searched game or tree replayed step by step (the contract
//! is `CLASSROOM-API.md`). Conversions only; the work is in [`crate::course::lesson`].

use super::{evaluation_breakdown, ObjectBuilder};
use crate::course::game::Value;
use crate::course::lesson::Lesson as CourseLesson;
use crate::course::replay::NodeState;
use crate::course::trace::{Bound, Event, Player, Window};
use js_sys::Array;
use wasm_bindgen::prelude::*;

fn error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// A whole number in `0..2^32` from JavaScript, or an error naming `what`.
fn whole(n: f64, what: &str) -> Result<u32, JsError> {
    if n.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&n) {
        Ok(n as u32)
    } else {
        Err(JsError::new(&format!("{what} must be a whole number from 0, not {n}")))
    }
}

fn value(v: &Value) -> JsValue {
    match v {
        Value::Scalar(x) => JsValue::from(*x),
        Value::Vector(xs) => xs.iter().map(|&x| JsValue::from(x)).collect::<Array>().into(),
    }
}

/// A bound as a number, the infinities as `null`.
fn bound(b: Bound) -> JsValue {
    b.finite().map_or(JsValue::NULL, JsValue::from)
}

fn window(builder: ObjectBuilder, w: Window) -> ObjectBuilder {
    match w {
        Window::None => builder,
        Window::AlphaBeta { alpha, beta } => builder.set("alpha", bound(alpha)).set("beta", bound(beta)),
        Window::Limits { use_limit, pass_limit } => {
            builder.set("useLimit", bound(use_limit)).set("passLimit", bound(pass_limit))
        }
    }
}

fn ids(list: &[usize]) -> Array {
    list.iter().map(|&id| JsValue::from(id as u32)).collect()
}

fn player(p: Player) -> JsValue {
    match p {
        Player::Side(side) => JsValue::from_str(side.name()),
        Player::Number(n) => JsValue::from(n as u32),
    }
}

fn node_state(id: usize, s: &NodeState) -> JsValue {
    let mut b = ObjectBuilder::new().set("id", id as u32).set("status", s.status.name());
    if let Some(v) = &s.value {
        b = b.set("value", value(v));
    }
    b = window(b, s.window);
    if let Some(best) = s.best {
        b = b.set("best", best as u32);
    }
    b.build()
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
        CourseLesson::tree(text, algorithm).map(|inner| Lesson { inner }).map_err(error)
    }

    /// A built-in example: `lecture`, `pruning` or `maxn`.
    pub fn example(name: &str, algorithm: &str) -> Result<Lesson, JsError> {
        CourseLesson::example(name, algorithm).map(|inner| Lesson { inner }).map_err(error)
    }

    /// Tic-tac-toe after `moves` (`"b2a1"`), depth 0 = to the end, D = D plies with open lines.
    #[wasm_bindgen(js_name = ticTacToe)]
    pub fn tic_tac_toe(moves: &str, depth: f64, symmetry: bool, algorithm: &str) -> Result<Lesson, JsError> {
        let depth = whole(depth, "depth")?;
        CourseLesson::tic_tac_toe(moves, depth, symmetry, algorithm).map(|inner| Lesson { inner }).map_err(error)
    }

    /// An Othello transcript or board, searched 1–4 plies with the engine's evaluation.
    pub fn othello(position: &str, depth: f64, algorithm: &str) -> Result<Lesson, JsError> {
        let depth = whole(depth, "depth")?;
        CourseLesson::othello(position, depth, algorithm).map(|inner| Lesson { inner }).map_err(error)
    }

    /// `"tree"`, `"tictactoe"` or `"othello"`.
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        self.inner.kind().name().to_string()
    }

    #[wasm_bindgen(getter)]
    pub fn algorithm(&self) -> String {
        self.inner.algorithm().name().to_string()
    }

    #[wasm_bindgen(getter)]
    pub fn players(&self) -> u32 {
        self.inner.players() as u32
    }

    #[wasm_bindgen(getter, js_name = treeText)]
    pub fn tree_text(&self) -> String {
        self.inner.tree_text()
    }

    #[wasm_bindgen(getter, js_name = nodeCount)]
    pub fn node_count(&self) -> u32 {
        self.inner.node_count() as u32
    }

    /// `{id, parent, label, move, player, depth, children, leaf, staticValue?, board?}`.
    pub fn node(&self, id: f64) -> Result<JsValue, JsError> {
        let id = whole(id, "node id")? as usize;
        let n = self.inner.node(id).map_err(error)?;
        let mut b = ObjectBuilder::new()
            .set("id", id as u32)
            .set("parent", n.parent.map_or(-1, |p| p as i32))
            .set("label", n.label.as_str())
            .set("move", n.mv.as_str())
            .set("player", player(n.player))
            .set("depth", n.depth)
            .set("children", ids(&n.children))
            .set("leaf", n.leaf);
        if let Some(v) = &n.static_value {
            b = b.set("staticValue", value(v));
        }
        if let Some(board) = &n.board {
            b = b.set("board", board.as_str());
        }
        Ok(b.build())
    }

    #[wasm_bindgen(getter, js_name = eventCount)]
    pub fn event_count(&self) -> u32 {
        self.inner.event_count() as u32
    }

    /// `{kind: "enter" | "leaf" | "update" | "cutoff" | "return", node, …}` (see the contract).
    pub fn event(&self, i: f64) -> Result<JsValue, JsError> {
        let i = whole(i, "event index")? as usize;
        let e = self.inner.event(i).map_err(error)?;
        let b = ObjectBuilder::new().set("node", e.node() as u32);
        Ok(match e {
            Event::Enter { window: w, .. } => window(b.set("kind", "enter"), *w),
            Event::Leaf { value: v, .. } => b.set("kind", "leaf").set("value", value(v)),
            Event::Update { value: v, best, window: w, .. } => {
                window(b.set("kind", "update").set("value", value(v)).set("best", *best as u32), *w)
            }
            Event::Cutoff { value: v, skipped, window: w, reason, .. } => window(
                b.set("kind", "cutoff").set("value", value(v)).set("skipped", ids(skipped)).set(
                    "reason",
                    ObjectBuilder::new().set("en", reason.en.as_str()).set("pt", reason.pt.as_str()).build(),
                ),
                *w,
            ),
            Event::Return { value: v, path, .. } => {
                let trace = self.inner.trace();
                let labels: Array = path.iter().map(|&id| JsValue::from_str(&trace.nodes[id].mv)).collect();
                b.set("kind", "return").set("value", value(v)).set("path", labels)
            }
        }
        .build())
    }

    /// `{step, current, leaves, nodesVisited, nodes: [{id, status, value?, …bounds, best?}]}`.
    pub fn state(&self, step: f64) -> Result<JsValue, JsError> {
        let step = whole(step, "step")? as usize;
        let s = self.inner.state(step).map_err(error)?;
        let nodes: Array = s.nodes.iter().map(|(id, state)| node_state(*id, state)).collect();
        Ok(ObjectBuilder::new()
            .set("step", s.step as u32)
            .set("current", s.current.map_or(-1, |c| c as i32))
            .set("leaves", s.leaves as u32)
            .set("nodesVisited", s.nodes_visited as u32)
            .set("nodes", nodes)
            .build())
    }

    /// `{value, path, leaves, nodes, text}`: `text` is what the page shows, e.g. `4 [b, d, i]`.
    #[wasm_bindgen(getter)]
    pub fn result(&self) -> JsValue {
        let r = self.inner.result();
        let path: Array = r.path.iter().map(|m| JsValue::from_str(m)).collect();
        ObjectBuilder::new()
            .set("value", value(&r.value))
            .set("path", path)
            .set("leaves", r.leaves as u32)
            .set("nodes", r.nodes as u32)
            .set("text", r.text)
            .build()
    }

    /// The seed-004 evaluation breakdown of an Othello leaf (as `evaluationBreakdown` gives it).
    pub fn breakdown(&self, id: f64) -> Result<JsValue, JsError> {
        let id = whole(id, "node id")? as usize;
        evaluation_breakdown(&self.inner.leaf_board(id).map_err(error)?)
    }

    /// A new lesson with the leaf `label` set to `value` (`7`, or `(1,2,3)` for max^n).
    #[wasm_bindgen(js_name = setLeaf)]
    pub fn set_leaf(&self, label: &str, value: &str) -> Result<Lesson, JsError> {
        self.inner.set_leaf(label, value).map(|inner| Lesson { inner }).map_err(error)
    }
}
