//! The classroom's data as JSON text, for the page: nodes, events, replay states and changes,
//! results, node counts and exercise reports. The bindings hand these strings to JavaScript
//! (one `JSON.parse` builds thousands of objects far faster than building them one property at
//! a time across the WebAssembly boundary), and the object-returning bindings parse the same
//! text, so every shape is defined here once. The shapes are listed in docs/architecture.md, "The
//! classroom bindings".
//!
//! Conventions: an infinite bound is `null`; a scalar value is a number, a max^n value an array;
//! a node's parent and the replay's current node are `-1` when there is none; `bound` is
//! `"exact"`, `"lower"` or `"upper"` (what the number says of the node's value).

use crate::course::exercise::{Explanation, Question, Report};
use crate::course::game::Value;
use crate::course::grading::Arg;
use crate::course::lesson::{CountRow, LessonResult};
use crate::course::replay::{Changes, NodeState, State};
use crate::course::trace::{Bound, Counts, Event, IterationInfo, Node, Player, Reason, Trace, Window};
use std::fmt::Write;

/// Appends `s` as a JSON string.
pub fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// An object being written: `{"key":value,…}`.
pub struct Obj<'a> {
    out: &'a mut String,
    first: bool,
}

impl<'a> Obj<'a> {
    pub fn new(out: &'a mut String) -> Obj<'a> {
        out.push('{');
        Obj { out, first: true }
    }

    fn key(&mut self, key: &str) -> &mut String {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        string(self.out, key);
        self.out.push(':');
        self.out
    }

    /// A number, `true`/`false`, or any text that is already JSON.
    pub fn raw(&mut self, key: &str, value: impl std::fmt::Display) -> &mut Self {
        let out = self.key(key);
        let _ = write!(out, "{value}");
        self
    }

    pub fn str(&mut self, key: &str, value: &str) -> &mut Self {
        let out = self.key(key);
        string(out, value);
        self
    }

    pub fn value(&mut self, key: &str, v: &Value) -> &mut Self {
        let out = self.key(key);
        value(out, v);
        self
    }

    pub fn bound(&mut self, key: &str, b: Bound) -> &mut Self {
        match b.finite() {
            Some(v) => self.raw(key, v),
            None => self.raw(key, "null"),
        }
    }

    pub fn ids(&mut self, key: &str, ids: &[usize]) -> &mut Self {
        let out = self.key(key);
        out.push('[');
        for (i, id) in ids.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(out, "{id}");
        }
        out.push(']');
        self
    }

    pub fn strings(&mut self, key: &str, items: &[String]) -> &mut Self {
        let out = self.key(key);
        out.push('[');
        for (i, s) in items.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            string(out, s);
        }
        out.push(']');
        self
    }

    /// A nested value written by `f`.
    pub fn with(&mut self, key: &str, f: impl FnOnce(&mut String)) -> &mut Self {
        let out = self.key(key);
        f(out);
        self
    }

    pub fn window(&mut self, w: Window) -> &mut Self {
        match w {
            Window::None => self,
            Window::AlphaBeta { alpha, beta } => self.bound("alpha", alpha).bound("beta", beta),
            Window::Limits { use_limit, pass_limit } => {
                self.bound("useLimit", use_limit).bound("passLimit", pass_limit)
            }
        }
    }

    pub fn end(self) {
        self.out.push('}');
    }
}

/// `4` or `[1,2,6]`.
pub fn value(out: &mut String, v: &Value) {
    match v {
        Value::Scalar(x) => {
            let _ = write!(out, "{x}");
        }
        Value::Vector(xs) => {
            out.push('[');
            for (i, x) in xs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let _ = write!(out, "{x}");
            }
            out.push(']');
        }
    }
}

/// `[a,b,…]` of items each written by `f`.
pub fn array<T>(out: &mut String, items: impl IntoIterator<Item = T>, mut f: impl FnMut(&mut String, T)) {
    out.push('[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        f(out, item);
    }
    out.push(']');
}

fn player(p: Player) -> String {
    match p {
        Player::Side(side) => format!("\"{}\"", side.name()),
        Player::Number(n) => n.to_string(),
    }
}

/// `{id, parent, label, move, player, depth, children, leaf, staticValue?, board?, iteration}`.
pub fn node(out: &mut String, id: usize, n: &Node) {
    let mut o = Obj::new(out);
    o.raw("id", id)
        .raw("parent", n.parent.map_or(-1, |p| p as i64))
        .str("label", &n.label)
        .str("move", &n.mv)
        .raw("player", player(n.player))
        .raw("depth", n.depth)
        .ids("children", &n.children)
        .raw("leaf", n.leaf);
    if let Some(v) = &n.static_value {
        o.value("staticValue", v);
    }
    if let Some(b) = &n.board {
        o.str("board", b);
    }
    o.raw("iteration", n.iteration);
    o.end();
}

/// Every node of a trace, as an array of [`node`] objects.
pub fn nodes(trace: &Trace) -> String {
    let mut out = String::with_capacity(trace.nodes.len() * 96);
    array(&mut out, trace.nodes.iter().enumerate(), |out, (id, n)| node(out, id, n));
    out
}

/// One event: `{kind, node, …}` (the fields of each kind: docs/architecture.md, "The classroom
/// bindings").
pub fn event(out: &mut String, trace: &Trace, e: &Event) {
    let mut o = Obj::new(out);
    o.str("kind", e.kind()).raw("node", e.node());
    match e {
        Event::Enter { window, search, .. } => {
            o.window(*window).str("search", search.name());
        }
        Event::Leaf { value, .. } => {
            o.value("value", value).str("bound", "exact");
        }
        Event::Update { value, best, window, bound, .. } => {
            o.value("value", value).raw("best", best).window(*window);
            match bound {
                Some(b) => o.str("bound", b.name()),
                None => o.raw("bound", "null"),
            };
        }
        Event::Cutoff { value, skipped, window, reason, bound, .. } => {
            o.value("value", value)
                .ids("skipped", skipped)
                .window(*window)
                .str("bound", bound.name())
                .with("reason", |out| reason_object(out, reason));
        }
        Event::Return { value, path, bound, .. } => {
            let names: Vec<String> = path.iter().map(|&id| trace.nodes[id].mv.clone()).collect();
            o.value("value", value).strings("path", &names).str("bound", bound.name());
        }
        Event::Order { children, keys, by, first, .. } => {
            o.ids("children", children)
                .with("keys", |out| {
                    array(out, keys, |out, k| match k {
                        Some(k) => {
                            let _ = write!(out, "{k}");
                        }
                        None => out.push_str("null"),
                    })
                })
                .str("by", by.name());
            match first {
                Some((id, why)) => o.with("first", |out| {
                    let mut f = Obj::new(out);
                    f.raw("node", id).str("why", why.name());
                    f.end();
                }),
                None => o.raw("first", "null"),
            };
        }
        Event::Iteration { depth, .. } => {
            o.raw("depth", depth);
        }
        Event::TableHit { value, bound, depth, .. } => {
            o.value("value", value).str("bound", bound.name()).raw("depth", depth);
        }
        Event::Scout { child, value, bound, pass, use_limit, outcome, .. } => {
            o.raw("child", child)
                .value("value", value)
                .str("bound", bound.name())
                .raw("passLimit", pass)
                .bound("useLimit", *use_limit)
                .str("outcome", outcome.name());
        }
    }
    o.end();
}

/// Events `from..to` of a trace, as an array.
pub fn events(trace: &Trace, from: usize, to: usize) -> String {
    let mut out = String::with_capacity((to - from) * 64);
    array(&mut out, &trace.events[from..to], |out, e| event(out, trace, e));
    out
}

/// `{id, status, value?, bound?, …window, best?, search?, table?}` (`search` only when not
/// `"full"`, `table` only when true).
pub fn node_state(out: &mut String, id: usize, s: &NodeState) {
    let mut o = Obj::new(out);
    o.raw("id", id).str("status", s.status.name());
    if let Some(v) = &s.value {
        o.value("value", v);
    }
    if let Some(b) = s.bound {
        o.str("bound", b.name());
    }
    o.window(s.window);
    if let Some(best) = s.best {
        o.raw("best", best);
    }
    if s.search != crate::course::trace::SearchKind::Full {
        o.str("search", s.search.name());
    }
    if s.table {
        o.raw("table", true);
    }
    o.end();
}

fn step_fields(o: &mut Obj, step: usize, current: Option<usize>, leaves: usize, visited: usize, iteration: u32) {
    o.raw("step", step)
        .raw("current", current.map_or(-1, |c| c as i64))
        .raw("leaves", leaves)
        .raw("nodesVisited", visited)
        .raw("iteration", iteration);
}

/// `{step, current, leaves, nodesVisited, iteration, nodes: [node states]}`.
pub fn state(s: &State) -> String {
    let mut out = String::with_capacity(s.nodes.len() * 64 + 64);
    let mut o = Obj::new(&mut out);
    step_fields(&mut o, s.step, s.current, s.leaves, s.nodes_visited, s.iteration);
    o.with("nodes", |out| array(out, &s.nodes, |out, (id, st)| node_state(out, *id, st)));
    o.end();
    out
}

/// As [`state`], listing only the nodes that differ from the other step; a node not touched yet
/// at this step is `{id, status: "unseen"}`.
pub fn changes(c: &Changes) -> String {
    let mut out = String::with_capacity(c.nodes.len() * 64 + 64);
    let mut o = Obj::new(&mut out);
    step_fields(&mut o, c.step, c.current, c.leaves, c.nodes_visited, c.iteration);
    o.with("nodes", |out| {
        array(out, &c.nodes, |out, (id, st)| match st {
            Some(st) => node_state(out, *id, st),
            None => {
                let mut n = Obj::new(out);
                n.raw("id", id).str("status", "unseen");
                n.end();
            }
        })
    });
    o.end();
    out
}

fn counts(o: &mut Obj, c: &Counts) {
    o.raw("nodes", c.nodes).raw("leaves", c.leaves).raw("tableHits", c.table_hits).raw("events", c.events);
}

fn iteration(out: &mut String, it: &IterationInfo) {
    let mut o = Obj::new(out);
    o.raw("depth", it.depth).raw("root", it.root).raw("firstEvent", it.first_event).raw("endEvent", it.end_event);
    counts(&mut o, &it.counts);
    o.raw("value", it.value_for_max)
        .str("bound", it.bound.name())
        .strings("path", &it.path)
        .str("text", &format!("{} [{}]", it.value_for_max, it.path.join(", ")));
    o.end();
}

fn result_fields(o: &mut Obj, r: &LessonResult) {
    o.value("value", &r.value)
        .str("bound", r.bound.name())
        .strings("path", &r.path)
        .raw("leaves", r.leaves)
        .raw("nodes", r.nodes)
        .raw("tableHits", r.table_hits)
        .raw("events", r.events)
        .raw("traceable", r.traceable())
        .str("text", &r.text)
        .str("algorithm", r.algorithm.name())
        .raw("iterative", r.options.iterative)
        .raw("table", r.options.table)
        .with("iterations", |out| array(out, &r.iterations, iteration));
    match &r.single {
        Some(c) => o.with("single", |out| {
            let mut s = Obj::new(out);
            counts(&mut s, c);
            s.end();
        }),
        None => o.raw("single", "null"),
    };
}

/// `{value, bound, path, leaves, nodes, tableHits, events, traceable, text, algorithm,
/// iterative, table, iterations, single}`.
pub fn result(r: &LessonResult) -> String {
    let mut out = String::new();
    let mut o = Obj::new(&mut out);
    result_fields(&mut o, r);
    o.end();
    out
}

/// The name of a row of the node-count chart: `alphabeta-ordered + iterative + table`.
pub fn row_name(row: &CountRow) -> String {
    let mut name = row.algorithm.name().to_string();
    if row.options.iterative {
        name.push_str(" + iterative");
    }
    if row.options.table {
        name.push_str(" + table");
    }
    name
}

/// `[{name, …result fields}]`.
pub fn count_rows(rows: &[CountRow]) -> String {
    let mut out = String::new();
    array(&mut out, rows, |out, row| {
        let mut o = Obj::new(out);
        o.str("name", &row_name(row));
        result_fields(&mut o, &row.result);
        o.end();
    });
    out
}

/// `{key, args: {name: text}, skipped: [labels], count}`: a cut-off's reason, a key of the
/// catalogues (`reason.<key>`) with its arguments and the children it skips.
fn reason_object(out: &mut String, reason: &Reason) {
    let mut r = Obj::new(out);
    r.str("key", reason.key);
    r.with("args", |out| {
        let mut args = Obj::new(out);
        for (name, text) in &reason.args {
            args.str(name, text);
        }
        args.end();
    });
    r.strings("skipped", &reason.skipped).raw("count", reason.count);
    r.end();
}

/// `{code, key, args: {name: argument}, note}`: a sentence as a key of the catalogues and its
/// arguments, each a string, `{list: [..]}`, `{ordinal: k}`, `{reason: …}` (a cut-off's reason)
/// or a sentence (its part); `note` another sentence, or null.
fn explanation(out: &mut String, e: &Explanation) {
    let mut o = Obj::new(out);
    o.str("code", e.code).str("key", e.key);
    o.with("args", |out| {
        let mut args = Obj::new(out);
        for (name, arg) in &e.args {
            match arg {
                Arg::Text(t) => args.str(name, t),
                Arg::Sentence(part) => args.with(name, |out| explanation(out, part)),
                Arg::List(items) => args.with(name, |out| {
                    let mut o = Obj::new(out);
                    o.strings("list", items);
                    o.end();
                }),
                Arg::Ordinal(k) => args.with(name, |out| {
                    let mut o = Obj::new(out);
                    o.raw("ordinal", k);
                    o.end();
                }),
                Arg::Reason(r) => args.with(name, |out| {
                    let mut o = Obj::new(out);
                    o.with("reason", |out| reason_object(out, r));
                    o.end();
                }),
            };
        }
        args.end();
    });
    match &e.note {
        Some(note) => o.with("note", |out| explanation(out, note)),
        None => o.raw("note", "null"),
    };
    o.end();
}

/// `{score: "N/M", right, total, allCorrect, verdicts: [{item, field, label, given, expected,
/// right, hint, why}]}` (`hint` and `why` null for a right answer).
pub fn report(r: &Report) -> String {
    let mut out = String::new();
    let mut o = Obj::new(&mut out);
    o.str("score", &r.score()).raw("right", r.right).raw("total", r.total).raw("allCorrect", r.all_correct());
    o.with("verdicts", |out| {
        array(out, &r.verdicts, |out, v| {
            let mut o = Obj::new(out);
            o.str("item", v.item.name())
                .str("field", v.field.name())
                .str("label", &v.label)
                .str("given", &v.given)
                .str("expected", &v.expected)
                .raw("right", v.right);
            for (key, e) in [("hint", &v.hint), ("why", &v.why)] {
                match e {
                    Some(e) => o.with(key, |out| explanation(out, e)),
                    None => o.raw(key, "null"),
                };
            }
            o.end();
        })
    });
    o.end();
    out
}

/// `[{field, label}]`: an exercise's questions in the order of its answer sheet.
pub fn questions(qs: &[Question]) -> String {
    let mut out = String::new();
    array(&mut out, qs, |out, q| {
        let mut o = Obj::new(out);
        o.str("field", q.field.name()).str("label", &q.label);
        o.end();
    });
    out
}
