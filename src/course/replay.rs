//! Replaying a trace: the state of every node after the first `k` events, for any `k`, forward
//! and backward alike, and what changed between two steps.
//!
//! Each node's state changes only at a few events, so the replay keeps, per node, the list of its
//! states with the step at which each began; the state at step `k` is found by binary search.
//! Nodes are numbered as they are made, and a node is made just before the search first touches
//! it (or, when a node's children are ordered, all of them together), so the nodes touched by
//! step `k` lie below a bound known per step. `state(k)` therefore costs O(m log c) for the m
//! nodes touched so far (which it must list anyway), whatever `k` and whichever step was asked
//! before; `changes(a, b)` costs O(the events between a and b), whatever the size of the tree.

use crate::course::game::Value;
use crate::course::trace::{Event, SearchKind, Trace, ValueKind, Window};

/// Where a node stands in the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Entered, not yet returned.
    Open,
    /// Returned its value.
    Done,
    /// Evaluated statically.
    Leaf,
    /// Skipped by a cut-off.
    Pruned,
}

impl Status {
    pub const fn name(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Done => "done",
            Status::Leaf => "leaf",
            Status::Pruned => "pruned",
        }
    }
}

/// A node's state at some step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeState {
    pub status: Status,
    /// Its value so far (best so far while open, the returned number when done).
    pub value: Option<Value>,
    /// What that number is: the node's value, or a bound of it (with `value`).
    pub bound: Option<ValueKind>,
    pub window: Window,
    /// Its best child so far.
    pub best: Option<usize>,
    /// How it is (or was last) searched: full window, PVS's null window, or a re-search.
    pub search: SearchKind,
    /// Answered from the transposition table.
    pub table: bool,
}

impl NodeState {
    /// A node just entered.
    pub const BLANK: NodeState = NodeState {
        status: Status::Open,
        value: None,
        bound: None,
        window: Window::None,
        best: None,
        search: SearchKind::Full,
        table: false,
    };

    /// The state after `event`, for a node the event touches (`id`).
    pub fn apply(&mut self, id: usize, event: &Event) {
        match event {
            Event::Enter { window, search, .. } => {
                // Entered again (a re-search): a new search of the node starts.
                *self = NodeState { window: *window, search: *search, ..NodeState::BLANK };
            }
            Event::Leaf { value, .. } => {
                self.status = Status::Leaf;
                self.value = Some(value.clone());
                self.bound = Some(ValueKind::Exact);
            }
            Event::Update { value, best, window, bound, .. } => {
                self.value = Some(value.clone());
                self.best = Some(*best);
                self.window = *window;
                self.bound = *bound;
            }
            Event::Cutoff { node, value, window, bound, .. } => {
                if *node == id {
                    self.value = Some(value.clone());
                    self.window = *window;
                    self.bound = Some(*bound);
                } else {
                    self.status = Status::Pruned;
                }
            }
            Event::Return { value, bound, .. } => {
                if self.status != Status::Leaf {
                    self.status = Status::Done;
                }
                self.value = Some(value.clone());
                self.bound = Some(*bound);
            }
            Event::TableHit { value, bound, .. } => {
                self.table = true;
                self.value = Some(value.clone());
                self.bound = Some(*bound);
            }
            Event::Order { .. } | Event::Iteration { .. } | Event::Scout { .. } => {}
        }
    }
}

/// The nodes whose state `event` changes.
pub fn touched_by(event: &Event) -> Vec<usize> {
    match event {
        Event::Cutoff { node, skipped, .. } => std::iter::once(*node).chain(skipped.iter().copied()).collect(),
        Event::Order { .. } | Event::Iteration { .. } | Event::Scout { .. } => Vec::new(),
        other => vec![other.node()],
    }
}

/// The replay's state after some number of events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub step: usize,
    /// The node the search is at (after a return, the parent), `None` before the start or after
    /// the root returned.
    pub current: Option<usize>,
    /// Static evaluations so far.
    pub leaves: usize,
    /// Nodes entered so far.
    pub nodes_visited: usize,
    /// Iterative deepening: the depth of the iteration under way (0 without).
    pub iteration: u32,
    /// Every node touched so far, with its state, in node order.
    pub nodes: Vec<(usize, NodeState)>,
}

/// What changed between two steps: the counters at the second, and the nodes whose state differs
/// (`None`: not touched yet at the second step, as before the search reached it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Changes {
    pub step: usize,
    pub current: Option<usize>,
    pub leaves: usize,
    pub nodes_visited: usize,
    pub iteration: u32,
    pub nodes: Vec<(usize, Option<NodeState>)>,
}

/// A trace made replayable.
#[derive(Clone, Debug)]
pub struct Replay {
    /// Per node: (the step from which the state holds, the state), steps increasing.
    history: Vec<Vec<(u32, NodeState)>>,
    /// Per step 0..=events: nodes touched (a bound on their numbers), leaves, nodes entered,
    /// current node, iteration.
    touched: Vec<u32>,
    leaves: Vec<u32>,
    visited: Vec<u32>,
    current: Vec<Option<u32>>,
    iteration: Vec<u32>,
    /// The nodes each event changes: those of event i are `changed[starts[i]..starts[i + 1]]`.
    starts: Vec<u32>,
    changed: Vec<u32>,
}

impl Replay {
    /// Prepares `trace` for replay (one pass over its events).
    pub fn new(trace: &Trace) -> Replay {
        let n = trace.nodes.len();
        let mut history: Vec<Vec<(u32, NodeState)>> = vec![Vec::new(); n];
        let steps = trace.events.len() + 1;
        let mut touched = Vec::with_capacity(steps);
        let mut leaves = Vec::with_capacity(steps);
        let mut visited = Vec::with_capacity(steps);
        let mut current = Vec::with_capacity(steps);
        let mut iteration = Vec::with_capacity(steps);
        let mut starts = Vec::with_capacity(steps);
        let mut changed = Vec::with_capacity(steps);
        touched.push(0);
        leaves.push(0);
        visited.push(0);
        current.push(None);
        iteration.push(0);
        starts.push(0);
        let (mut touched_so_far, mut leaf_count, mut visit_count, mut depth) = (0u32, 0u32, 0u32, 0u32);
        for (i, event) in trace.events.iter().enumerate() {
            let step = (i + 1) as u32;
            for id in touched_by(event) {
                let mut state = history[id].last().map_or(NodeState::BLANK, |(_, s)| s.clone());
                state.apply(id, event);
                match history[id].last_mut() {
                    Some((s, last)) if *s == step => *last = state,
                    Some((_, last)) if *last == state => {}
                    _ => history[id].push((step, state)),
                }
                touched_so_far = touched_so_far.max(id as u32 + 1);
                changed.push(id as u32);
            }
            starts.push(changed.len() as u32);
            let mut here = Some(event.node() as u32);
            match event {
                Event::Enter { .. } => visit_count += 1,
                Event::Leaf { .. } => leaf_count += 1,
                Event::Iteration { depth: d, .. } => depth = *d,
                Event::Return { node, .. } => here = trace.nodes[*node].parent.map(|p| p as u32),
                _ => {}
            }
            touched.push(touched_so_far);
            leaves.push(leaf_count);
            visited.push(visit_count);
            current.push(here);
            iteration.push(depth);
        }
        Replay { history, touched, leaves, visited, current, iteration, starts, changed }
    }

    /// The number of events (the last step).
    pub fn steps(&self) -> usize {
        self.touched.len() - 1
    }

    /// Node `id`'s state after `step` events; `None` before the search touched it.
    pub fn node_state(&self, id: usize, step: usize) -> Option<&NodeState> {
        let h = self.history.get(id)?;
        let i = h.partition_point(|(s, _)| *s as usize <= step);
        (i > 0).then(|| &h[i - 1].1)
    }

    /// The state after the first `step` events; `None` past the last step.
    pub fn state(&self, step: usize) -> Option<State> {
        if step > self.steps() {
            return None;
        }
        let nodes = (0..self.touched[step] as usize)
            .filter_map(|id| self.node_state(id, step).map(|s| (id, s.clone())))
            .collect();
        Some(State {
            step,
            current: self.current[step].map(|c| c as usize),
            leaves: self.leaves[step] as usize,
            nodes_visited: self.visited[step] as usize,
            iteration: self.iteration[step],
            nodes,
        })
    }

    /// What differs at step `to` from step `from` (either may be the larger); `None` past the last
    /// step. Each node whose state differs is listed once, in node order, with its state at `to`.
    pub fn changes(&self, from: usize, to: usize) -> Option<Changes> {
        if from > self.steps() || to > self.steps() {
            return None;
        }
        let (lo, hi) = (from.min(to), from.max(to));
        let range = self.starts[lo] as usize..self.starts[hi] as usize;
        let mut ids: Vec<u32> = self.changed[range].to_vec();
        ids.sort_unstable();
        ids.dedup();
        let nodes = ids
            .into_iter()
            .map(|id| id as usize)
            .filter_map(|id| {
                let (a, b) = (self.node_state(id, from), self.node_state(id, to));
                (a != b).then(|| (id, b.cloned()))
            })
            .collect();
        Some(Changes {
            step: to,
            current: self.current[to].map(|c| c as usize),
            leaves: self.leaves[to] as usize,
            nodes_visited: self.visited[to] as usize,
            iteration: self.iteration[to],
            nodes,
        })
    }
}
