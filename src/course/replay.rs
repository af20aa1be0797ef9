//! Replaying a trace: the state of every node after the first `k` events, for any `k`, forward
//! and backward alike.
//!
//! Each node's state changes only at a few events, so the replay keeps, per node, the list of its
//! states with the step at which each began; the state at step `k` is found by binary search. A
//! node is first touched by the event that follows its creation, so the nodes touched by step `k`
//! are a prefix of the node numbers. `state(k)` therefore costs O(m log c) for the m nodes touched
//! so far (which it must list anyway), whatever `k` and whichever step was asked before.

use crate::course::game::Value;
use crate::course::trace::{Event, Trace, Window};

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
    /// Its value so far (best so far while open, the returned value when done).
    pub value: Option<Value>,
    pub window: Window,
    /// Its best child so far.
    pub best: Option<usize>,
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
    /// Every node touched so far, with its state, in node order.
    pub nodes: Vec<(usize, NodeState)>,
}

/// A trace made replayable.
#[derive(Clone, Debug)]
pub struct Replay {
    /// Per node: (the step from which the state holds, the state), steps increasing.
    history: Vec<Vec<(u32, NodeState)>>,
    /// Per step 0..=events: nodes touched, leaves, nodes entered, current node.
    touched: Vec<u32>,
    leaves: Vec<u32>,
    visited: Vec<u32>,
    current: Vec<Option<u32>>,
}

impl Replay {
    /// Prepares `trace` for replay (one pass over its events).
    pub fn new(trace: &Trace) -> Replay {
        let n = trace.nodes.len();
        let mut history: Vec<Vec<(u32, NodeState)>> = vec![Vec::new(); n];
        let steps = trace.events.len() + 1;
        let (mut touched, mut leaves, mut visited, mut current) = (
            Vec::with_capacity(steps),
            Vec::with_capacity(steps),
            Vec::with_capacity(steps),
            Vec::with_capacity(steps),
        );
        touched.push(0);
        leaves.push(0);
        visited.push(0);
        current.push(None);
        let (mut touched_so_far, mut leaf_count, mut visit_count) = (0u32, 0u32, 0u32);
        let blank = NodeState { status: Status::Open, value: None, window: Window::None, best: None };
        for (i, event) in trace.events.iter().enumerate() {
            let step = (i + 1) as u32;
            let mut set = |id: usize, change: &dyn Fn(&mut NodeState)| {
                let mut state = history[id].last().map_or_else(|| blank.clone(), |(_, s)| s.clone());
                change(&mut state);
                match history[id].last_mut() {
                    Some((s, last)) if *s == step => *last = state,
                    Some((_, last)) if *last == state => {}
                    _ => history[id].push((step, state)),
                }
                touched_so_far = touched_so_far.max(id as u32 + 1);
            };
            let mut here = Some(event.node() as u32);
            match event {
                Event::Enter { node, window } => {
                    visit_count += 1;
                    set(*node, &|s| {
                        s.status = Status::Open;
                        s.window = *window;
                    });
                }
                Event::Leaf { node, value } => {
                    leaf_count += 1;
                    set(*node, &|s| {
                        s.status = Status::Leaf;
                        s.value = Some(value.clone());
                    });
                }
                Event::Update { node, value, best, window } => set(*node, &|s| {
                    s.value = Some(value.clone());
                    s.best = Some(*best);
                    s.window = *window;
                }),
                Event::Cutoff { node, value, skipped, window, .. } => {
                    set(*node, &|s| {
                        s.value = Some(value.clone());
                        s.window = *window;
                    });
                    for &child in skipped {
                        set(child, &|s| s.status = Status::Pruned);
                    }
                }
                Event::Return { node, value, .. } => {
                    set(*node, &|s| {
                        if s.status != Status::Leaf {
                            s.status = Status::Done;
                        }
                        s.value = Some(value.clone());
                    });
                    here = trace.nodes[*node].parent.map(|p| p as u32);
                }
            }
            touched.push(touched_so_far);
            leaves.push(leaf_count);
            visited.push(visit_count);
            current.push(here);
        }
        Replay { history, touched, leaves, visited, current }
    }

    /// The number of events (the last step).
    pub fn steps(&self) -> usize {
        self.touched.len() - 1
    }

    /// The state after the first `step` events; `None` past the last step.
    pub fn state(&self, step: usize) -> Option<State> {
        if step > self.steps() {
            return None;
        }
        let k = step as u32;
        let nodes = (0..self.touched[step] as usize)
            .filter_map(|id| {
                let h = &self.history[id];
                let i = h.partition_point(|(s, _)| *s <= k);
                (i > 0).then(|| (id, h[i - 1].1.clone()))
            })
            .collect();
        Some(State {
            step,
            current: self.current[step].map(|c| c as usize),
            leaves: self.leaves[step] as usize,
            nodes_visited: self.visited[step] as usize,
            nodes,
        })
    }
}
