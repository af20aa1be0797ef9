//! The course's algorithms in tracing mode: each one written as the notes write it, recording
//! every step into a [`Trace`] (or, for a search too large to show, only counting its steps:
//! [`search`]). Ties go to the first child (a value replaces the best only if strictly better),
//! which is what gives seed 003's max^n root (1, 2, 6).
//!
//! - [`Algorithm::Minimax`]: seed 003's MINIMAX-DECISION / MAX-VALUE / MIN-VALUE.
//! - [`Algorithm::Negamax`]: seed 002's negamax, `α ← max(α, −negamax(filho))`.
//! - [`Algorithm::AlphaBeta`]: seed 003's ALPHA-BETA-SEARCH; MAX prunes when `v ≥ β`, MIN when
//!   `v ≤ α`, the bound is updated only after that test (fail-soft: a node returns its best
//!   child's number even outside the window).
//! - [`Algorithm::AlphaBetaNegamax`]: seed 000's MINIMAX-A-B; each child gets
//!   `(−Passar-Limite, −Usar-Limite)`, a child's negated value above Passar-Limite replaces it,
//!   and the node stops as soon as Passar-Limite ≥ Usar-Limite, returning Passar-Limite (which
//!   may be the Passar-Limite it received: fail-hard).
//! - [`Algorithm::AlphaBetaOrdered`]: ALPHA-BETA-SEARCH with each node's children sorted by
//!   [`Traceable::estimate`], best first for the side to move (children without an estimate keep
//!   their order, after those with one).
//! - [`Algorithm::Pvs`]: principal variation search (NegaScout), negamax form, children ordered
//!   as in alpha-beta with ordering; every child after the first is tested with a null window
//!   and searched again with the full window only when the test says it is better.
//! - [`Algorithm::MaxN`]: max^n on a [`MultiplayerGame`].
//!
//! Every number a node returns comes with what it is ([`ValueKind`]): exact, or a lower or upper
//! bound of the node's true value. It is found from what the search saw: a leaf is exact, a
//! child never searched could be anything, and a node's true value is the max (or min) of its
//! children's, so the search knows an interval for it; a number at the bottom of that interval
//! (or below) is a lower bound, at its top (or above) an upper bound, and when the interval is a
//! single number the value is exact.
//!
//! Options (games only, [`Options`]): iterative deepening (depths 1, 2, … D, each with a new root,
//! the previous iteration's best move searched first) and a transposition table (a position
//! searched before to the same depth is answered from it when its stored number settles the
//! current window; the pruning algorithms search its stored best move first).

use crate::course::game::{Game, MultiplayerGame, Side, Traceable, Value};
use crate::course::trace::{
    Algorithm, Bound, Counts, Event, FirstBy, IterationInfo, Node, Options, OrderBy, Player, Reason, Recorder,
    ScoutOutcome, SearchKind, Trace, TraceError, ValueKind, Window,
};
use std::collections::HashMap;

/// The bound on an untraced search's steps (events it would record): tic-tac-toe's whole game
/// tree by minimax, about 2.4 million, fits; a few seconds in a browser at most.
pub const SEARCH_LIMIT: usize = 20_000_000;

/// What a search step returns, in the algorithm's view at that node.
struct Line<M> {
    value: i32,
    /// The path below: node numbers, as far as the trace has nodes for it.
    ids: Vec<usize>,
    /// The path below: its moves (continued from the table past a node it answered).
    moves: Vec<M>,
    /// What the search knows of the node's true value: it lies in `lo..=hi`.
    lo: Bound,
    hi: Bound,
}

impl<M> Line<M> {
    fn exact(value: i32) -> Line<M> {
        Line { value, ids: Vec::new(), moves: Vec::new(), lo: Bound::Finite(value), hi: Bound::Finite(value) }
    }

    fn kind(&self) -> ValueKind {
        ValueKind::of(self.value, self.lo, self.hi)
    }
}

fn flip((lo, hi): (Bound, Bound)) -> (Bound, Bound) {
    (-hi, -lo)
}

/// What a node knows of its true value from the children searched so far, in the view of the
/// side choosing there as a maximiser: the max of their lows and the max of their highs.
#[derive(Clone, Copy)]
struct Known {
    lo: Bound,
    hi: Bound,
}

impl Known {
    const fn new() -> Known {
        Known { lo: Bound::NegInf, hi: Bound::NegInf }
    }

    fn add(&mut self, (lo, hi): (Bound, Bound)) {
        self.lo = self.lo.max(lo);
        self.hi = self.hi.max(hi);
    }

    /// The interval, with some children not (yet) searched: they could be anything, above all.
    fn with_rest(self, rest: bool) -> (Bound, Bound) {
        (self.lo, if rest { Bound::PosInf } else { self.hi })
    }
}

/// A transposition table entry: the number a position's search returned, what it is, how deep
/// the search went, and the path it found (its first move is the best move).
struct Entry<M> {
    depth: u32,
    value: i32,
    bound: ValueKind,
    moves: Vec<M>,
}

/// A child about to be searched: its move, its position, its node (once made).
struct Child<G: Game> {
    mv: G::Move,
    pos: G::Position,
    id: Option<usize>,
}

/// Where a node is: its number, who moves there, its ply below the root, and whether it lies on
/// the previous iteration's principal path.
#[derive(Clone, Copy)]
struct At {
    node: usize,
    side: Side,
    ply: u32,
    on_pv: bool,
}

struct Tracer<'g, G: Traceable> {
    game: &'g G,
    rec: Recorder,
    algorithm: Algorithm,
    table: Option<HashMap<u128, Entry<G::Move>>>,
    /// The previous iteration's principal path (iterative deepening).
    previous: Vec<G::Move>,
    /// The current iteration's depth (0 without iterative deepening).
    iteration: u32,
}

/// A search without its trace: the result and the counts only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub algorithm: Algorithm,
    pub options: Options,
    /// The root's value in the algorithm's view, and what it is.
    pub value: i32,
    pub bound: ValueKind,
    /// The root's value in MAX's view.
    pub value_for_max: i32,
    /// The principal path's moves.
    pub path: Vec<String>,
    pub counts: Counts,
    /// Iterative deepening's iterations (empty without).
    pub iterations: Vec<IterationInfo>,
}

impl Summary {
    /// `4 [b, d, i]`, as [`Trace::result_text`].
    pub fn text(&self) -> String {
        format!("{} [{}]", self.value_for_max, self.path.join(", "))
    }
}

/// Runs a two-player `algorithm` on `game` from `root`, `depth` plies deep (PROFUNDO-O-SUFICIENTE
/// decides; trees ignore it), recording at most `limit` events.
///
/// ```
/// use reversi::course::{algorithms::trace, trace::Algorithm, tree::{ScalarTree, Tree}};
/// let tree = Tree::parse("max a(b(d(h:1 i:4) e(j:5 l:6)) c(f(m:2 n:1) g(o:1 p:1)))").unwrap();
/// let t = trace(&ScalarTree(&tree), &0, u32::MAX, Algorithm::AlphaBeta, 1000).unwrap();
/// assert_eq!(t.result_text(), "4 [b, d, i]");
/// assert_eq!(t.leaf_labels(), ["h", "i", "j", "m", "n"]);
/// ```
pub fn trace<G: Traceable>(
    game: &G,
    root: &G::Position,
    depth: u32,
    algorithm: Algorithm,
    limit: usize,
) -> Result<Trace, TraceError> {
    trace_with(game, root, depth, algorithm, Options::default(), limit)
}

/// [`trace`] with options: iterative deepening, a transposition table.
pub fn trace_with<G: Traceable>(
    game: &G,
    root: &G::Position,
    depth: u32,
    algorithm: Algorithm,
    options: Options,
    limit: usize,
) -> Result<Trace, TraceError> {
    let run = run(game, root, depth, algorithm, options, Recorder::new(limit))?;
    Ok(Trace {
        algorithm,
        options,
        nodes: run.rec.nodes,
        events: run.rec.events,
        players: 2,
        value: Value::Scalar(run.value),
        bound: run.bound,
        root: run.root,
        path: run.ids,
        path_moves: run.path,
        iterations: run.iterations,
        counts: run.rec.counts,
    })
}

/// The same search as [`trace_with`], without keeping its trace: the result and the counts
/// (the events counted are those the trace would hold), for searches too large to show. At most
/// `limit` steps.
///
/// ```
/// use reversi::course::{algorithms::{search, SEARCH_LIMIT}, tictactoe::{Board, TicTacToe, Utility}};
/// use reversi::course::trace::{Algorithm, Options};
/// let game = TicTacToe { utility: Utility::Exact, symmetry: false };
/// let s = search(&game, &Board::EMPTY, 0, Algorithm::Minimax, Options::default(), SEARCH_LIMIT).unwrap();
/// assert_eq!((s.value, s.counts.nodes), (0, 549_946));
/// ```
pub fn search<G: Traceable>(
    game: &G,
    root: &G::Position,
    depth: u32,
    algorithm: Algorithm,
    options: Options,
    limit: usize,
) -> Result<Summary, TraceError> {
    let run = run(game, root, depth, algorithm, options, Recorder::counting(limit))?;
    Ok(Summary {
        algorithm,
        options,
        value: run.value,
        bound: run.bound,
        value_for_max: if algorithm.is_negamax() { run.side.sign() * run.value } else { run.value },
        path: run.path,
        counts: run.rec.counts,
        iterations: run.iterations,
    })
}

struct Run {
    rec: Recorder,
    value: i32,
    bound: ValueKind,
    side: Side,
    root: usize,
    ids: Vec<usize>,
    path: Vec<String>,
    iterations: Vec<IterationInfo>,
}

fn run<G: Traceable>(
    game: &G,
    root: &G::Position,
    depth: u32,
    algorithm: Algorithm,
    options: Options,
    rec: Recorder,
) -> Result<Run, TraceError> {
    if algorithm == Algorithm::MaxN {
        return Err(TraceError::Unsupported(
            "max^n needs n players with a vector of utilities at each leaf; this game has two players and one value"
                .to_string(),
        ));
    }
    let mut tracer =
        Tracer { game, rec, algorithm, table: options.table.then(HashMap::new), previous: Vec::new(), iteration: 0 };
    let side = game.root_side(root);
    let depths = if options.iterative { 1..=depth } else { depth..=depth };
    let mut iterations = Vec::new();
    let mut last = None;
    for d in depths {
        let before = tracer.rec.counts;
        tracer.iteration = if options.iterative { d } else { 0 };
        let iteration = tracer.iteration;
        let node = tracer.rec.add(|_| Node {
            parent: None,
            label: game.label(root).unwrap_or_else(|| "root".to_string()),
            mv: String::new(),
            player: Player::Side(side),
            depth: 0,
            children: Vec::new(),
            leaf: false,
            static_value: None,
            board: game.picture(root, side),
            iteration,
        })?;
        if options.iterative {
            tracer.rec.emit(6, |_| Event::Iteration { node, depth: d })?;
        }
        let at = At { node, side, ply: 0, on_pv: true };
        let line = match algorithm {
            Algorithm::Minimax => tracer.minimax(root, d, at)?,
            Algorithm::Negamax => tracer.negamax(root, d, at)?,
            Algorithm::AlphaBeta | Algorithm::AlphaBetaOrdered => {
                tracer.alpha_beta(root, d, at, Bound::NegInf, Bound::PosInf)?
            }
            Algorithm::AlphaBetaNegamax => tracer.minimax_a_b(root, d, at, Bound::PosInf, Bound::NegInf)?,
            Algorithm::Pvs => tracer.pvs(root, d, at, Bound::NegInf, Bound::PosInf, SearchKind::Full)?,
            Algorithm::MaxN => unreachable!("refused above"),
        };
        let path = tracer.names(root, &line.moves);
        if options.iterative {
            iterations.push(IterationInfo {
                depth: d,
                root: if tracer.rec.traced { node } else { 0 },
                first_event: before.events,
                end_event: tracer.rec.counts.events,
                counts: tracer.rec.counts.since(before),
                value: line.value,
                bound: line.kind(),
                value_for_max: if algorithm.is_negamax() { side.sign() * line.value } else { line.value },
                path: path.clone(),
            });
        }
        tracer.previous = line.moves.clone();
        last = Some((line, node, path));
    }
    let (line, root_node, path) =
        last.ok_or_else(|| TraceError::Unsupported("iterative deepening needs a depth of at least 1".to_string()))?;
    Ok(Run {
        value: line.value,
        bound: line.kind(),
        side,
        root: root_node,
        ids: line.ids,
        path,
        iterations,
        rec: tracer.rec,
    })
}

impl<G: Traceable> Tracer<'_, G> {
    /// The names of `moves` played one after the other from `root`.
    fn names(&self, root: &G::Position, moves: &[G::Move]) -> Vec<String> {
        let mut pos = root.clone();
        moves
            .iter()
            .map(|&mv| {
                let name = self.game.move_name(&pos, mv);
                pos = self.game.play(&pos, mv);
                name
            })
            .collect()
    }

    fn enter(&mut self, at: At, window: Window, search: SearchKind) -> Result<(), TraceError> {
        self.rec.emit(0, |_| Event::Enter { node: at.node, window, search })
    }

    /// ESTÁTICA at a leaf, in MAX's view or (`negamax`) the side to move's.
    fn leaf(&mut self, pos: &G::Position, at: At, negamax: bool) -> Result<Line<G::Move>, TraceError> {
        let e = self.game.evaluate(pos);
        let value = if negamax { e } else { at.side.sign() * e };
        self.rec.leaf(at.node, Value::Scalar(value))?;
        Ok(Line::exact(value))
    }

    /// The child's node: made now unless it exists (re-searched, or made when the node's
    /// children were ordered).
    fn child_node(&mut self, at: At, pos: &G::Position, child: &mut Child<G>) -> Result<usize, TraceError> {
        if let Some(id) = child.id {
            return Ok(id);
        }
        let id = if self.rec.traced {
            let side = at.side.opposite();
            let name = self.game.move_name(pos, child.mv);
            let label = self.game.label(&child.pos).unwrap_or_else(|| name.clone());
            let board = self.game.picture(&child.pos, side);
            let (iteration, depth) = (self.iteration, at.ply + 1);
            self.rec.add(move |_| Node {
                parent: Some(at.node),
                label,
                mv: name,
                player: Player::Side(side),
                depth,
                children: Vec::new(),
                leaf: false,
                static_value: None,
                board,
                iteration,
            })?
        } else {
            self.rec.add(|_| unreachable!("untraced"))?
        };
        child.id = Some(id);
        Ok(id)
    }

    /// Where the child `id`, reached by `mv`, is.
    fn below(&self, at: At, id: usize, mv: G::Move) -> At {
        let on_pv = at.on_pv && self.previous.get(at.ply as usize) == Some(&mv);
        At { node: id, side: at.side.opposite(), ply: at.ply + 1, on_pv }
    }

    /// The transposition table's answer for this position searched `depth` deep in the window
    /// `alpha..beta` (the algorithm's view at the node), recorded as a hit and a return.
    fn probe(
        &mut self,
        pos: &G::Position,
        depth: u32,
        at: At,
        alpha: Bound,
        beta: Bound,
    ) -> Result<Option<Line<G::Move>>, TraceError> {
        let (Some(table), Some(key)) = (&self.table, self.game.key(pos)) else { return Ok(None) };
        let Some(entry) = table.get(&key) else { return Ok(None) };
        let v = Bound::Finite(entry.value);
        let settles = entry.depth == depth
            && match entry.bound {
                ValueKind::Exact => true,
                ValueKind::Lower => v >= beta,
                ValueKind::Upper => v <= alpha,
            };
        if !settles {
            return Ok(None);
        }
        let (value, bound, moves) = (entry.value, entry.bound, entry.moves.clone());
        self.rec.emit(7, |_| Event::TableHit { node: at.node, value: Value::Scalar(value), bound, depth })?;
        self.rec.emit(4, |_| Event::Return { node: at.node, value: Value::Scalar(value), path: Vec::new(), bound })?;
        let (lo, hi) = bound.interval(value);
        Ok(Some(Line { value, ids: Vec::new(), moves, lo, hi }))
    }

    fn store(&mut self, pos: &G::Position, depth: u32, line: &Line<G::Move>) {
        if let (Some(table), Some(key)) = (&mut self.table, self.game.key(pos)) {
            table.insert(key, Entry { depth, value: line.value, bound: line.kind(), moves: line.moves.clone() });
        }
    }

    /// The move to search first, and why: the previous iteration's on its principal path, else
    /// the table's best move (pruning algorithms only: the others gain nothing from an order).
    fn first_move(&self, pos: &G::Position, at: At) -> Option<(G::Move, FirstBy)> {
        if !self.algorithm.prunes() {
            return None;
        }
        if at.on_pv {
            if let Some(&mv) = self.previous.get(at.ply as usize) {
                return Some((mv, FirstBy::PreviousIteration));
            }
        }
        let table = self.table.as_ref()?;
        let entry = table.get(&self.game.key(pos)?)?;
        entry.moves.first().map(|&mv| (mv, FirstBy::Table))
    }

    /// GERMOV in the order the search takes the children, or `None` when the node is a leaf
    /// (deep enough, or no successor). When the order is not the generated one (sorted by the
    /// estimate, or a first move put in front) the children are made at once and an `Order`
    /// event says the order and why.
    fn expand(
        &mut self,
        pos: &G::Position,
        depth: u32,
        at: At,
        negamax: bool,
    ) -> Result<Option<Vec<Child<G>>>, TraceError> {
        if self.game.deep_enough(pos, depth) {
            return Ok(None);
        }
        let mut children: Vec<Child<G>> =
            self.game.moves(pos).map(|mv| Child { mv, pos: self.game.play(pos, mv), id: None }).collect();
        if children.is_empty() {
            return Ok(None);
        }
        if self.rec.traced && !self.rec.nodes[at.node].children.is_empty() {
            // Searched before (a re-search): the same children again.
            let known: HashMap<&str, usize> =
                self.rec.nodes[at.node].children.iter().map(|&c| (self.rec.nodes[c].mv.as_str(), c)).collect();
            for child in &mut children {
                child.id = known.get(self.game.move_name(pos, child.mv).as_str()).copied();
            }
        }
        let by_estimate = self.algorithm.orders_by_estimate();
        let first = self.first_move(pos, at);
        if !by_estimate && first.is_none() {
            return Ok(Some(children));
        }
        for child in &mut children {
            self.child_node(at, pos, child)?;
        }
        // Best first for the side to move: a child's estimate is from its own mover's view, so
        // the lower the better for us. Unknown estimates go last; ties keep the generated order.
        let estimates: Vec<Option<i32>> =
            children.iter().map(|c| if by_estimate { self.game.estimate(&c.pos) } else { None }).collect();
        let mut order: Vec<usize> = (0..children.len()).collect();
        if by_estimate {
            order.sort_by_key(|&i| match estimates[i] {
                Some(e) => (0, e),
                None => (1, 0),
            });
        }
        let mut first_child = None;
        if let Some((mv, why)) = first {
            if let Some(k) = order.iter().position(|&i| children[i].mv == mv) {
                let i = order.remove(k);
                order.insert(0, i);
                first_child = Some((children[i].id.expect("made above"), why));
            }
        }
        let by = match (by_estimate, estimates.iter().any(Option::is_some)) {
            (true, true) => OrderBy::Estimate,
            (true, false) => OrderBy::Written,
            (false, _) => OrderBy::Generated,
        };
        // Keys in the view the node's own values are written in, as every other sentence at the
        // node (its best so far, a null-window test): MAX's in the MAX/MIN forms, the side to move
        // here in the negamax forms (a child's estimate with the sign changed).
        let child_sign = if negamax { -1 } else { at.side.opposite().sign() };
        let ids: Vec<usize> = order.iter().map(|&i| children[i].id.expect("made above")).collect();
        let keys: Vec<Option<i32>> = order.iter().map(|&i| estimates[i].map(|e| child_sign * e)).collect();
        self.rec.emit(5, |_| Event::Order { node: at.node, children: ids, keys, by, first: first_child })?;
        let mut slots: Vec<Option<Child<G>>> = children.into_iter().map(Some).collect();
        Ok(Some(order.into_iter().map(|i| slots[i].take().expect("each once")).collect()))
    }

    /// Records the children that a cut-off skips; returns their numbers.
    fn skip(&mut self, at: At, pos: &G::Position, rest: &mut [Child<G>]) -> Result<Vec<usize>, TraceError> {
        rest.iter_mut().map(|child| self.child_node(at, pos, child)).collect()
    }

    /// The node's return: its number, what it is, the path through `best`; stored in the table.
    #[allow(clippy::too_many_arguments)]
    fn finish(
        &mut self,
        pos: &G::Position,
        depth: u32,
        at: At,
        value: i32,
        (lo, hi): (Bound, Bound),
        best: Option<(usize, G::Move, Line<G::Move>)>,
    ) -> Result<Line<G::Move>, TraceError> {
        let (ids, moves) = match best {
            Some((id, mv, line)) => {
                (std::iter::once(id).chain(line.ids).collect(), std::iter::once(mv).chain(line.moves).collect())
            }
            None => (Vec::new(), Vec::new()),
        };
        let line = Line { value, ids, moves, lo, hi };
        let bound = line.kind();
        let path = line.ids.clone();
        self.rec.emit(4, |_| Event::Return { node: at.node, value: Value::Scalar(value), path, bound })?;
        self.store(pos, depth, &line);
        Ok(line)
    }

    /// MAX-VALUE / MIN-VALUE of seed 003 (values in MAX's view).
    fn minimax(&mut self, pos: &G::Position, depth: u32, at: At) -> Result<Line<G::Move>, TraceError> {
        self.enter(at, Window::None, SearchKind::Full)?;
        if let Some(line) = self.probe(pos, depth, at, Bound::NegInf, Bound::PosInf)? {
            return Ok(line);
        }
        let Some(mut children) = self.expand(pos, depth, at, false)? else {
            return self.leaf(pos, at, false);
        };
        let sign = at.side.sign();
        let to_view = |i: (Bound, Bound)| if sign > 0 { i } else { flip(i) };
        let mut known = Known::new();
        let mut best: Option<(usize, G::Move, Line<G::Move>)> = None;
        let n = children.len();
        for (i, child) in children.iter_mut().enumerate() {
            let id = self.child_node(at, pos, child)?;
            let line = self.minimax(&child.pos, depth.saturating_sub(1), self.below(at, id, child.mv))?;
            known.add(to_view((line.lo, line.hi)));
            let v = line.value;
            if best.as_ref().is_none_or(|(_, _, b)| sign * v > sign * b.value) {
                let (lo, hi) = to_view(known.with_rest(i + 1 < n));
                let bound = ValueKind::of_known(v, lo, hi);
                self.rec.emit(2, |_| Event::Update {
                    node: at.node,
                    value: Value::Scalar(v),
                    best: id,
                    window: Window::None,
                    bound,
                })?;
                best = Some((id, child.mv, line));
            }
        }
        let value = best.as_ref().expect("a node with successors has a best one").2.value;
        self.finish(pos, depth, at, value, to_view(known.with_rest(false)), best)
    }

    /// Seed 002's negamax (values in the view of the side to move at each node).
    fn negamax(&mut self, pos: &G::Position, depth: u32, at: At) -> Result<Line<G::Move>, TraceError> {
        self.enter(at, Window::None, SearchKind::Full)?;
        if let Some(line) = self.probe(pos, depth, at, Bound::NegInf, Bound::PosInf)? {
            return Ok(line);
        }
        let Some(mut children) = self.expand(pos, depth, at, true)? else {
            return self.leaf(pos, at, true);
        };
        let mut known = Known::new();
        let mut best: Option<(usize, G::Move, Line<G::Move>)> = None;
        let mut best_value = 0;
        let n = children.len();
        for (i, child) in children.iter_mut().enumerate() {
            let id = self.child_node(at, pos, child)?;
            let line = self.negamax(&child.pos, depth.saturating_sub(1), self.below(at, id, child.mv))?;
            known.add(flip((line.lo, line.hi)));
            let v = -line.value;
            if best.is_none() || v > best_value {
                let (lo, hi) = known.with_rest(i + 1 < n);
                let bound = ValueKind::of_known(v, lo, hi);
                self.rec.emit(2, |_| Event::Update {
                    node: at.node,
                    value: Value::Scalar(v),
                    best: id,
                    window: Window::None,
                    bound,
                })?;
                best = Some((id, child.mv, line));
                best_value = v;
            }
        }
        self.finish(pos, depth, at, best_value, known.with_rest(false), best)
    }

    /// Seed 003's ALPHA-BETA-SEARCH, MAX-VALUE(state, α, β) / MIN-VALUE(state, α, β); with
    /// ordering when the algorithm is alpha-beta with ordering.
    fn alpha_beta(
        &mut self,
        pos: &G::Position,
        depth: u32,
        at: At,
        mut alpha: Bound,
        mut beta: Bound,
    ) -> Result<Line<G::Move>, TraceError> {
        self.enter(at, Window::AlphaBeta { alpha, beta }, SearchKind::Full)?;
        if let Some(line) = self.probe(pos, depth, at, alpha, beta)? {
            return Ok(line);
        }
        let Some(mut children) = self.expand(pos, depth, at, false)? else {
            return self.leaf(pos, at, false);
        };
        let side = at.side;
        let to_view = |i: (Bound, Bound)| if side == Side::Max { i } else { flip(i) };
        let mut known = Known::new();
        let mut v = match side {
            Side::Max => Bound::NegInf,
            Side::Min => Bound::PosInf,
        };
        let mut best: Option<(usize, G::Move, Line<G::Move>)> = None;
        let mut cut_short = false;
        let n = children.len();
        for i in 0..n {
            let id = self.child_node(at, pos, &mut children[i])?;
            let (mv, below) = (children[i].mv, self.below(at, id, children[i].mv));
            let line = self.alpha_beta(&children[i].pos, depth.saturating_sub(1), below, alpha, beta)?;
            known.add(to_view((line.lo, line.hi)));
            let cv = line.value;
            let improved = match side {
                Side::Max => Bound::Finite(cv) > v,
                Side::Min => Bound::Finite(cv) < v,
            };
            if improved {
                v = Bound::Finite(cv);
                best = Some((id, mv, line));
            }
            // The seed's order: the pruning test first, the bound moves only if play goes on.
            let cut = match side {
                Side::Max => v >= beta,
                Side::Min => v <= alpha,
            };
            if !cut {
                match side {
                    Side::Max => alpha = alpha.max(v),
                    Side::Min => beta = beta.min(v),
                }
            }
            let value = v.finite().expect("a child's value is finite");
            let rest = i + 1 < n;
            if improved {
                let (lo, hi) = to_view(known.with_rest(rest));
                let bound = ValueKind::of_known(value, lo, hi);
                let window = Window::AlphaBeta { alpha, beta };
                self.rec.emit(2, |_| Event::Update {
                    node: at.node,
                    value: Value::Scalar(value),
                    best: id,
                    window,
                    bound,
                })?;
            }
            if cut {
                if rest {
                    cut_short = true;
                    let skipped = self.skip(at, pos, &mut children[i + 1..])?;
                    let (lo, hi) = to_view(known.with_rest(true));
                    let bound = ValueKind::of(value, lo, hi);
                    let window = Window::AlphaBeta { alpha, beta };
                    self.rec.emit(3, |rec| {
                        let reason = alpha_beta_reason(rec, side, value, alpha, beta, &skipped);
                        Event::Cutoff { node: at.node, value: Value::Scalar(value), skipped, window, reason, bound }
                    })?;
                }
                break;
            }
        }
        let value = v.finite().expect("a node with successors has a finite value");
        self.finish(pos, depth, at, value, to_view(known.with_rest(cut_short)), best)
    }

    /// Seed 000's MINIMAX-A-B(Posição, Profundidade, Jogador, Usar-Limite, Passar-Limite).
    fn minimax_a_b(
        &mut self,
        pos: &G::Position,
        depth: u32,
        at: At,
        use_limit: Bound,
        mut pass_limit: Bound,
    ) -> Result<Line<G::Move>, TraceError> {
        self.enter(at, Window::Limits { use_limit, pass_limit }, SearchKind::Full)?;
        if let Some(line) = self.probe(pos, depth, at, pass_limit, use_limit)? {
            return Ok(line);
        }
        let Some(mut children) = self.expand(pos, depth, at, true)? else {
            return self.leaf(pos, at, true);
        };
        let mut known = Known::new();
        let mut best: Option<(usize, G::Move, Line<G::Move>)> = None;
        let mut cut_short = false;
        let n = children.len();
        for i in 0..n {
            let id = self.child_node(at, pos, &mut children[i])?;
            let (mv, below) = (children[i].mv, self.below(at, id, children[i].mv));
            let line = self.minimax_a_b(&children[i].pos, depth.saturating_sub(1), below, -pass_limit, -use_limit)?;
            known.add(flip((line.lo, line.hi)));
            let new_value = -line.value;
            let rest = i + 1 < n;
            if Bound::Finite(new_value) > pass_limit {
                pass_limit = Bound::Finite(new_value);
                best = Some((id, mv, line));
                let (lo, hi) = known.with_rest(rest);
                let bound = ValueKind::of_known(new_value, lo, hi);
                let window = Window::Limits { use_limit, pass_limit };
                self.rec.emit(2, |_| Event::Update {
                    node: at.node,
                    value: Value::Scalar(new_value),
                    best: id,
                    window,
                    bound,
                })?;
            }
            if pass_limit >= use_limit {
                if rest {
                    cut_short = true;
                    let skipped = self.skip(at, pos, &mut children[i + 1..])?;
                    let value = pass_limit.finite().expect("a cut-off follows a finite value");
                    let (lo, hi) = known.with_rest(true);
                    let bound = ValueKind::of(value, lo, hi);
                    let window = Window::Limits { use_limit, pass_limit };
                    let side = at.side;
                    self.rec.emit(3, |rec| {
                        let reason = limits_reason(rec, side, pass_limit, use_limit, &skipped, false);
                        Event::Cutoff { node: at.node, value: Value::Scalar(value), skipped, window, reason, bound }
                    })?;
                }
                break;
            }
        }
        // Passar-Limite enters as −∞ or a value, and the first child makes it a value.
        let value = pass_limit.finite().expect("Passar-Limite is finite once a child returned");
        self.finish(pos, depth, at, value, known.with_rest(cut_short), best)
    }

    /// Principal variation search in negamax form (fail-soft), window Pass-Thresh..Use-Thresh (Passar-Limite..Usar-Limite).
    fn pvs(
        &mut self,
        pos: &G::Position,
        depth: u32,
        at: At,
        alpha: Bound,
        beta: Bound,
        search: SearchKind,
    ) -> Result<Line<G::Move>, TraceError> {
        self.enter(at, Window::Limits { use_limit: beta, pass_limit: alpha }, search)?;
        if let Some(line) = self.probe(pos, depth, at, alpha, beta)? {
            return Ok(line);
        }
        let Some(mut children) = self.expand(pos, depth, at, true)? else {
            return self.leaf(pos, at, true);
        };
        let mut known = Known::new();
        let mut best_value = Bound::NegInf;
        let mut best: Option<(usize, G::Move, Line<G::Move>)> = None;
        let mut cut_short = false;
        let n = children.len();
        let d = depth.saturating_sub(1);
        for i in 0..n {
            let id = self.child_node(at, pos, &mut children[i])?;
            let (mv, below) = (children[i].mv, self.below(at, id, children[i].mv));
            let a = alpha.max(best_value);
            let line = if i == 0 {
                self.pvs(&children[i].pos, d, below, -beta, -a, SearchKind::Full)?
            } else {
                let pass = a.finite().expect("a value after the first child");
                let null = Bound::Finite(pass.saturating_add(1));
                let test = self.pvs(&children[i].pos, d, below, -null, -a, SearchKind::Null)?;
                let v = -test.value;
                let bound = test.kind().negated();
                let outcome = if v <= pass {
                    ScoutOutcome::FailLow
                } else if Bound::Finite(v) >= beta {
                    ScoutOutcome::FailHigh
                } else if bound == ValueKind::Exact && test.moves.is_empty() {
                    // A leaf: its value is exact, and it has no path to find.
                    ScoutOutcome::Exact
                } else {
                    ScoutOutcome::ReSearch
                };
                self.rec.emit(8, |_| Event::Scout {
                    node: at.node,
                    child: id,
                    value: Value::Scalar(v),
                    bound,
                    pass,
                    use_limit: beta,
                    outcome,
                })?;
                if outcome == ScoutOutcome::ReSearch {
                    self.pvs(&children[i].pos, d, below, -beta, -a, SearchKind::ReSearch)?
                } else {
                    test
                }
            };
            known.add(flip((line.lo, line.hi)));
            let v = -line.value;
            let rest = i + 1 < n;
            if Bound::Finite(v) > best_value {
                best_value = Bound::Finite(v);
                best = Some((id, mv, line));
                let (lo, hi) = known.with_rest(rest);
                let bound = ValueKind::of_known(v, lo, hi);
                let window = Window::Limits { use_limit: beta, pass_limit: alpha.max(best_value) };
                self.rec.emit(2, |_| Event::Update {
                    node: at.node,
                    value: Value::Scalar(v),
                    best: id,
                    window,
                    bound,
                })?;
            }
            if best_value >= beta {
                if rest {
                    cut_short = true;
                    let skipped = self.skip(at, pos, &mut children[i + 1..])?;
                    let value = best_value.finite().expect("finite");
                    let (lo, hi) = known.with_rest(true);
                    let bound = ValueKind::of(value, lo, hi);
                    let window = Window::Limits { use_limit: beta, pass_limit: alpha.max(best_value) };
                    let side = at.side;
                    let null_window =
                        matches!((alpha, beta), (Bound::Finite(a), Bound::Finite(b)) if b == a.saturating_add(1));
                    self.rec.emit(3, |rec| {
                        let reason = limits_reason(rec, side, best_value, beta, &skipped, null_window);
                        Event::Cutoff { node: at.node, value: Value::Scalar(value), skipped, window, reason, bound }
                    })?;
                }
                break;
            }
        }
        let value = best_value.finite().expect("a node with successors has a finite value");
        self.finish(pos, depth, at, value, known.with_rest(cut_short), best)
    }
}

fn alpha_beta_reason(rec: &Recorder, side: Side, v: i32, alpha: Bound, beta: Bound, skipped: &[usize]) -> Reason {
    let key = if side == Side::Max { "max-cut" } else { "min-cut" };
    let args = vec![("v", Bound::Finite(v).to_string()), ("alpha", alpha.to_string()), ("beta", beta.to_string())];
    Reason { key, args, skipped: rec.names(skipped), count: skipped.len() }
}

/// Why MINIMAX-A-B (or PVS) stops at a node: Passar-Limite reached Usar-Limite. Inside a PVS
/// null-window test (`null_window`), Usar-Limite is only the test's question, not the worth of a
/// move found above.
fn limits_reason(
    rec: &Recorder,
    side: Side,
    pass: Bound,
    use_limit: Bound,
    skipped: &[usize],
    null_window: bool,
) -> Reason {
    let args = vec![
        ("pass", pass.to_string()),
        ("use", use_limit.to_string()),
        ("me", side.name().to_string()),
        ("them", side.opposite().name().to_string()),
    ];
    let key = if null_window { "null-window" } else { "limits-cut" };
    Reason { key, args, skipped: rec.names(skipped), count: skipped.len() }
}

struct MaxnTracer<'g, G: MultiplayerGame> {
    game: &'g G,
    rec: Recorder,
}

/// max^n (seed 003) on `game` from `root`: player 1 moves at the root, then 2, … n in turn; each
/// picks the child whose vector is highest in its own component, the first one on ties. Every
/// number is exact (max^n does not prune).
///
/// ```
/// use reversi::course::{algorithms::trace_maxn, tree::{Tree, VectorTree}};
/// let tree = Tree::parse("((((1,2,6) (4,2,3)) ((6,1,2) (7,4,1))) (((5,1,1) (1,5,2)) ((7,7,1) (5,4,5))))").unwrap();
/// let t = trace_maxn(&VectorTree(&tree), &0, u32::MAX, 1000).unwrap();
/// assert_eq!(t.value_for_max().to_string(), "(1, 2, 6)");
/// ```
pub fn trace_maxn<G: MultiplayerGame>(
    game: &G,
    root: &G::Position,
    depth: u32,
    limit: usize,
) -> Result<Trace, TraceError> {
    let mut tracer = MaxnTracer { game, rec: Recorder::new(limit) };
    let root_node = tracer.rec.add(|_| Node {
        parent: None,
        label: game.label(root).unwrap_or_else(|| "root".to_string()),
        mv: String::new(),
        player: Player::Number(1),
        depth: 0,
        children: Vec::new(),
        leaf: false,
        static_value: None,
        board: None,
        iteration: 0,
    })?;
    let (value, path) = tracer.maxn(root, depth, root_node, 0)?;
    let path_moves = path.iter().map(|&id| tracer.rec.nodes[id].mv.clone()).collect();
    Ok(Trace {
        algorithm: Algorithm::MaxN,
        options: Options::default(),
        nodes: tracer.rec.nodes,
        events: tracer.rec.events,
        players: game.players(),
        value: Value::Vector(value),
        bound: ValueKind::Exact,
        root: 0,
        path,
        path_moves,
        iterations: Vec::new(),
        counts: tracer.rec.counts,
    })
}

impl<G: MultiplayerGame> MaxnTracer<'_, G> {
    /// `player` is 0-based here, 1-based in the recorded nodes.
    fn maxn(
        &mut self,
        pos: &G::Position,
        depth: u32,
        node: usize,
        player: usize,
    ) -> Result<(Vec<i32>, Vec<usize>), TraceError> {
        self.rec.push(Event::Enter { node, window: Window::None, search: SearchKind::Full })?;
        let moves = if self.game.deep_enough(pos, depth) { Vec::new() } else { self.game.moves(pos) };
        if moves.is_empty() {
            let value = self.game.utilities(pos);
            self.rec.leaf(node, Value::Vector(value.clone()))?;
            return Ok((value, Vec::new()));
        }
        let next = (player + 1) % self.game.players();
        let mut best: Option<(Vec<i32>, usize, Vec<usize>)> = None;
        for mv in moves {
            let child = self.game.play(pos, mv);
            let name = self.game.move_name(pos, mv);
            let label = self.game.label(&child).unwrap_or_else(|| name.clone());
            let depth_below = self.rec.nodes[node].depth + 1;
            let id = self.rec.add(|_| Node {
                parent: Some(node),
                label,
                mv: name,
                player: Player::Number(next + 1),
                depth: depth_below,
                children: Vec::new(),
                leaf: false,
                static_value: None,
                board: None,
                iteration: 0,
            })?;
            let (v, path) = self.maxn(&child, depth.saturating_sub(1), id, next)?;
            if best.as_ref().is_none_or(|(b, ..)| v[player] > b[player]) {
                self.rec.push(Event::Update {
                    node,
                    value: Value::Vector(v.clone()),
                    best: id,
                    window: Window::None,
                    bound: None,
                })?;
                best = Some((v, id, path));
            }
        }
        let (v, id, below) = best.expect("a node with successors has a best one");
        let path: Vec<usize> = std::iter::once(id).chain(below).collect();
        self.rec.push(Event::Return {
            node,
            value: Value::Vector(v.clone()),
            path: path.clone(),
            bound: ValueKind::Exact,
        })?;
        Ok((v, path))
    }
}
