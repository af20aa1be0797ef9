//! The course's algorithms in tracing mode: each one written as the notes write it, recording
//! every step into a [`Trace`]. Ties go to the first child (a value replaces the best only if
//! strictly better), which is what gives seed 003's max^n root (1, 2, 6).
//!
//! - [`Algorithm::Minimax`]: seed 003's MINIMAX-DECISION / MAX-VALUE / MIN-VALUE.
//! - [`Algorithm::Negamax`]: seed 002's negamax, `α ← max(α, −negamax(filho))`.
//! - [`Algorithm::AlphaBeta`]: seed 003's ALPHA-BETA-SEARCH; MAX prunes when `v ≥ β`, MIN when
//!   `v ≤ α`, the bound is updated only after that test.
//! - [`Algorithm::AlphaBetaNegamax`]: seed 000's MINIMAX-A-B; each child gets
//!   `(−Passar-Limite, −Usar-Limite)`, a child's negated value above Passar-Limite replaces it,
//!   and the node stops as soon as Passar-Limite ≥ Usar-Limite, returning Passar-Limite.
//! - [`Algorithm::AlphaBetaOrdered`]: ALPHA-BETA-SEARCH with each node's children sorted by
//!   [`Traceable::estimate`], best first for the side to move (children without an estimate keep
//!   their order, after those with one).
//! - [`Algorithm::MaxN`]: max^n on a [`MultiplayerGame`].

use crate::course::game::{MultiplayerGame, Side, Traceable, Value};
use crate::course::trace::{Algorithm, Bound, Event, Node, Player, Reason, Recorder, Trace, TraceError, Window};

/// What a two-player search step returns: the value (in the algorithm's view) and the path below.
type Line = (i32, Vec<usize>);

struct Tracer<'g, G: Traceable> {
    game: &'g G,
    rec: Recorder,
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
    if algorithm == Algorithm::MaxN {
        return Err(TraceError::Unsupported(
            "max^n needs n players with a vector of utilities at each leaf; this game has two players and one value"
                .to_string(),
        ));
    }
    let mut tracer = Tracer { game, rec: Recorder::new(limit) };
    let side = game.root_side(root);
    let root_node = tracer.rec.add(Node {
        parent: None,
        label: game.label(root).unwrap_or_else(|| "root".to_string()),
        mv: String::new(),
        player: Player::Side(side),
        depth: 0,
        children: Vec::new(),
        leaf: false,
        static_value: None,
        board: game.picture(root, side),
    })?;
    let (value, path) = match algorithm {
        Algorithm::Minimax => tracer.minimax(root, depth, root_node, side)?,
        Algorithm::Negamax => tracer.negamax(root, depth, root_node, side)?,
        Algorithm::AlphaBeta => tracer.alpha_beta(root, depth, root_node, side, Bound::NegInf, Bound::PosInf, false)?,
        Algorithm::AlphaBetaOrdered => {
            tracer.alpha_beta(root, depth, root_node, side, Bound::NegInf, Bound::PosInf, true)?
        }
        Algorithm::AlphaBetaNegamax => {
            tracer.minimax_a_b(root, depth, root_node, side, Bound::PosInf, Bound::NegInf)?
        }
        Algorithm::MaxN => unreachable!("refused above"),
    };
    Ok(Trace {
        algorithm,
        nodes: tracer.rec.nodes,
        events: tracer.rec.events,
        players: 2,
        value: Value::Scalar(value),
        path,
    })
}

impl<G: Traceable> Tracer<'_, G> {
    /// GERMOV, or `None` when the node is a leaf (deep enough, or no successor).
    fn successors(&self, pos: &G::Position, depth: u32, ordered: bool) -> Option<Vec<(G::Move, G::Position)>> {
        if self.game.deep_enough(pos, depth) {
            return None;
        }
        let mut children: Vec<(G::Move, G::Position)> =
            self.game.moves(pos).map(|mv| (mv, self.game.play(pos, mv))).collect();
        if children.is_empty() {
            return None;
        }
        if ordered {
            // Best first for the side to move here: the child's estimate is from its own mover's
            // view, so higher is better for us when it is lower. Unknown estimates go last.
            children.sort_by_key(|(_, child)| match self.game.estimate(child) {
                Some(e) => (0, e),
                None => (1, 0),
            });
        }
        Some(children)
    }

    fn child(
        &mut self,
        parent: usize,
        pos: &G::Position,
        mv: G::Move,
        child: &G::Position,
    ) -> Result<usize, TraceError> {
        let Player::Side(side) = self.rec.nodes[parent].player else { unreachable!("two-player nodes") };
        let side = side.opposite();
        let name = self.game.move_name(pos, mv);
        self.rec.add(Node {
            parent: Some(parent),
            label: self.game.label(child).unwrap_or_else(|| name.clone()),
            mv: name,
            player: Player::Side(side),
            depth: self.rec.nodes[parent].depth + 1,
            children: Vec::new(),
            leaf: false,
            static_value: None,
            board: self.game.picture(child, side),
        })
    }

    /// Records the children that a cut-off skips; returns their numbers.
    fn skip(
        &mut self,
        parent: usize,
        pos: &G::Position,
        rest: &[(G::Move, G::Position)],
    ) -> Result<Vec<usize>, TraceError> {
        rest.iter().map(|(mv, child)| self.child(parent, pos, *mv, child)).collect()
    }

    fn finish(&mut self, node: usize, value: i32, best: Option<(usize, Vec<usize>)>) -> Result<Line, TraceError> {
        let path = match best {
            Some((child, below)) => std::iter::once(child).chain(below).collect(),
            None => Vec::new(),
        };
        self.rec.push(Event::Return { node, value: Value::Scalar(value), path: path.clone() })?;
        Ok((value, path))
    }

    /// MAX-VALUE / MIN-VALUE of seed 003 (values in MAX's view).
    fn minimax(&mut self, pos: &G::Position, depth: u32, node: usize, side: Side) -> Result<Line, TraceError> {
        self.rec.push(Event::Enter { node, window: Window::None })?;
        let Some(children) = self.successors(pos, depth, false) else {
            let value = side.sign() * self.game.evaluate(pos);
            self.rec.leaf(node, Value::Scalar(value))?;
            return Ok((value, Vec::new()));
        };
        let mut best: Option<(i32, usize, Vec<usize>)> = None;
        for (mv, child) in &children {
            let id = self.child(node, pos, *mv, child)?;
            let (v, path) = self.minimax(child, depth.saturating_sub(1), id, side.opposite())?;
            let better = best.as_ref().is_none_or(|(b, ..)| match side {
                Side::Max => v > *b,
                Side::Min => v < *b,
            });
            if better {
                self.rec.push(Event::Update { node, value: Value::Scalar(v), best: id, window: Window::None })?;
                best = Some((v, id, path));
            }
        }
        let (v, id, path) = best.expect("a node with successors has a best one");
        self.finish(node, v, Some((id, path)))
    }

    /// Seed 002's negamax (values in the view of the side to move at each node).
    fn negamax(&mut self, pos: &G::Position, depth: u32, node: usize, side: Side) -> Result<Line, TraceError> {
        self.rec.push(Event::Enter { node, window: Window::None })?;
        let Some(children) = self.successors(pos, depth, false) else {
            let value = self.game.evaluate(pos);
            self.rec.leaf(node, Value::Scalar(value))?;
            return Ok((value, Vec::new()));
        };
        let mut best: Option<(i32, usize, Vec<usize>)> = None;
        for (mv, child) in &children {
            let id = self.child(node, pos, *mv, child)?;
            let (v, path) = self.negamax(child, depth.saturating_sub(1), id, side.opposite())?;
            let v = -v;
            if best.as_ref().is_none_or(|(b, ..)| v > *b) {
                self.rec.push(Event::Update { node, value: Value::Scalar(v), best: id, window: Window::None })?;
                best = Some((v, id, path));
            }
        }
        let (v, id, path) = best.expect("a node with successors has a best one");
        self.finish(node, v, Some((id, path)))
    }

    /// Seed 003's ALPHA-BETA-SEARCH, MAX-VALUE(state, α, β) / MIN-VALUE(state, α, β).
    #[allow(clippy::too_many_arguments)] // the notes' own parameters, plus the recording's
    fn alpha_beta(
        &mut self,
        pos: &G::Position,
        depth: u32,
        node: usize,
        side: Side,
        mut alpha: Bound,
        mut beta: Bound,
        ordered: bool,
    ) -> Result<Line, TraceError> {
        self.rec.push(Event::Enter { node, window: Window::AlphaBeta { alpha, beta } })?;
        let Some(children) = self.successors(pos, depth, ordered) else {
            let value = side.sign() * self.game.evaluate(pos);
            self.rec.leaf(node, Value::Scalar(value))?;
            return Ok((value, Vec::new()));
        };
        let mut v = match side {
            Side::Max => Bound::NegInf,
            Side::Min => Bound::PosInf,
        };
        let mut best: Option<(usize, Vec<usize>)> = None;
        for (i, (mv, child)) in children.iter().enumerate() {
            let id = self.child(node, pos, *mv, child)?;
            let (cv, path) =
                self.alpha_beta(child, depth.saturating_sub(1), id, side.opposite(), alpha, beta, ordered)?;
            let improved = match side {
                Side::Max => Bound::Finite(cv) > v,
                Side::Min => Bound::Finite(cv) < v,
            };
            if improved {
                v = Bound::Finite(cv);
                best = Some((id, path));
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
            if improved {
                self.rec.push(Event::Update {
                    node,
                    value: Value::Scalar(value),
                    best: id,
                    window: Window::AlphaBeta { alpha, beta },
                })?;
            }
            if cut {
                let rest = &children[i + 1..];
                if !rest.is_empty() {
                    let skipped = self.skip(node, pos, rest)?;
                    let reason = self.alpha_beta_reason(side, value, alpha, beta, &skipped);
                    self.rec.push(Event::Cutoff {
                        node,
                        value: Value::Scalar(value),
                        skipped,
                        window: Window::AlphaBeta { alpha, beta },
                        reason,
                    })?;
                }
                break;
            }
        }
        let value = v.finite().expect("a node with successors has a finite value");
        self.finish(node, value, best)
    }

    fn alpha_beta_reason(&self, side: Side, v: i32, alpha: Bound, beta: Bound, skipped: &[usize]) -> Reason {
        let (en_list, pt_list) = (self.rec.name_list(skipped, "and"), self.rec.name_list(skipped, "e"));
        let (en_verb, pt_verb) = if skipped.len() == 1 { ("is", "é ignorado") } else { ("are", "são ignorados") };
        match side {
            Side::Max => Reason {
                en: format!(
                    "v ≥ β ({v} ≥ {beta}): MIN already has {beta} above, MAX can only raise {v} here; {en_list} {en_verb} skipped"
                ),
                pt: format!(
                    "v ≥ β ({v} ≥ {beta}): MIN já tem {beta} acima, MAX só pode subir {v} aqui; {pt_list} {pt_verb}"
                ),
            },
            Side::Min => Reason {
                en: format!(
                    "v ≤ α ({v} ≤ {alpha}): MAX already has {alpha} above, MIN can only lower {v} here; {en_list} {en_verb} skipped"
                ),
                pt: format!(
                    "v ≤ α ({v} ≤ {alpha}): MAX já tem {alpha} acima, MIN só pode descer {v} aqui; {pt_list} {pt_verb}"
                ),
            },
        }
    }

    /// Seed 000's MINIMAX-A-B(Posição, Profundidade, Jogador, Usar-Limite, Passar-Limite).
    fn minimax_a_b(
        &mut self,
        pos: &G::Position,
        depth: u32,
        node: usize,
        side: Side,
        use_limit: Bound,
        mut pass_limit: Bound,
    ) -> Result<Line, TraceError> {
        self.rec.push(Event::Enter { node, window: Window::Limits { use_limit, pass_limit } })?;
        let Some(children) = self.successors(pos, depth, false) else {
            let value = self.game.evaluate(pos);
            self.rec.leaf(node, Value::Scalar(value))?;
            return Ok((value, Vec::new()));
        };
        let mut best: Option<(usize, Vec<usize>)> = None;
        for (i, (mv, child)) in children.iter().enumerate() {
            let id = self.child(node, pos, *mv, child)?;
            let (cv, path) =
                self.minimax_a_b(child, depth.saturating_sub(1), id, side.opposite(), -pass_limit, -use_limit)?;
            let new_value = -cv;
            if Bound::Finite(new_value) > pass_limit {
                pass_limit = Bound::Finite(new_value);
                best = Some((id, path));
                self.rec.push(Event::Update {
                    node,
                    value: Value::Scalar(new_value),
                    best: id,
                    window: Window::Limits { use_limit, pass_limit },
                })?;
            }
            if pass_limit >= use_limit {
                let rest = &children[i + 1..];
                if !rest.is_empty() {
                    let skipped = self.skip(node, pos, rest)?;
                    let reason = self.limits_reason(side, pass_limit, use_limit, &skipped);
                    let value = pass_limit.finite().expect("a cut-off follows a finite value");
                    self.rec.push(Event::Cutoff {
                        node,
                        value: Value::Scalar(value),
                        skipped,
                        window: Window::Limits { use_limit, pass_limit },
                        reason,
                    })?;
                }
                break;
            }
        }
        // Passar-Limite enters as −∞ or a value, and the first child makes it a value.
        let value = pass_limit.finite().expect("Passar-Limite is finite once a child returned");
        self.finish(node, value, best)
    }

    fn limits_reason(&self, side: Side, pass: Bound, use_limit: Bound, skipped: &[usize]) -> Reason {
        let (en_list, pt_list) = (self.rec.name_list(skipped, "and"), self.rec.name_list(skipped, "e"));
        let (en_verb, pt_verb) = if skipped.len() == 1 { ("is", "é ignorado") } else { ("are", "são ignorados") };
        let (me, them) = (side.name(), side.opposite().name());
        Reason {
            en: format!(
                "Pass-Limit ≥ Use-Limit ({pass} ≥ {use_limit}): {them} already has a move above worth {use_limit} to {me}, \
                 {me} can only raise {pass} here; {en_list} {en_verb} skipped"
            ),
            pt: format!(
                "Passar-Limite ≥ Usar-Limite ({pass} ≥ {use_limit}): {them} já tem acima uma jogada que vale {use_limit} \
                 para {me}, {me} só pode subir {pass} aqui; {pt_list} {pt_verb}"
            ),
        }
    }
}

struct MaxnTracer<'g, G: MultiplayerGame> {
    game: &'g G,
    rec: Recorder,
}

/// max^n (seed 003) on `game` from `root`: player 1 moves at the root, then 2, … n in turn; each
/// picks the child whose vector is highest in its own component, the first one on ties.
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
    let root_node = tracer.rec.add(Node {
        parent: None,
        label: game.label(root).unwrap_or_else(|| "root".to_string()),
        mv: String::new(),
        player: Player::Number(1),
        depth: 0,
        children: Vec::new(),
        leaf: false,
        static_value: None,
        board: None,
    })?;
    let (value, path) = tracer.maxn(root, depth, root_node, 0)?;
    Ok(Trace {
        algorithm: Algorithm::MaxN,
        nodes: tracer.rec.nodes,
        events: tracer.rec.events,
        players: game.players(),
        value: Value::Vector(value),
        path,
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
        self.rec.push(Event::Enter { node, window: Window::None })?;
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
            let id = self.rec.add(Node {
                parent: Some(node),
                label: self.game.label(&child).unwrap_or_else(|| name.clone()),
                mv: name,
                player: Player::Number(next + 1),
                depth: self.rec.nodes[node].depth + 1,
                children: Vec::new(),
                leaf: false,
                static_value: None,
                board: None,
            })?;
            let (v, path) = self.maxn(&child, depth.saturating_sub(1), id, next)?;
            if best.as_ref().is_none_or(|(b, ..)| v[player] > b[player]) {
                self.rec.push(Event::Update {
                    node,
                    value: Value::Vector(v.clone()),
                    best: id,
                    window: Window::None,
                })?;
                best = Some((v, id, path));
            }
        }
        let (v, id, below) = best.expect("a node with successors has a best one");
        let path: Vec<usize> = std::iter::once(id).chain(below).collect();
        self.rec.push(Event::Return { node, value: Value::Vector(v.clone()), path: path.clone() })?;
        Ok((v, path))
    }
}
