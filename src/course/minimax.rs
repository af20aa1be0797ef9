//! The course's two searches, generic over any [`Game`]: plain MINIMAX and MINIMAX-A-B (alpha-beta
//! in negamax form), both returning the value *and the path* (principal variation), as in seed 000.
//!
//! These are the reference algorithms, written to be read in class and to check the fast engine
//! against; the engine's own search (module `search`) adds iterative deepening, a transposition
//! table and move ordering on top of the same idea.

use crate::course::game::Game;

/// VALOR and CAMINHO of the course notes, plus how many positions were visited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<M> {
    /// Value of the position for the side to move.
    pub value: i32,
    /// The principal variation: the moves from the position along which the value is reached.
    pub path: Vec<M>,
    /// Positions visited (the root and every leaf included).
    pub nodes: u64,
}

/// MINIMAX(Position, Depth, Player) in negamax form: every successor is searched, the best value
/// (the negation of the successor's value) wins, and the first best successor gives the path.
///
/// ```
/// use reversi::{course::game::othello, course::minimax::minimax, Board};
/// let line = minimax(&othello(), &Board::start(), 2);
/// assert_eq!(line.path.len(), 2);
/// ```
pub fn minimax<G: Game>(game: &G, pos: &G::Position, depth: u32) -> Line<G::Move> {
    if game.deep_enough(pos, depth) {
        return Line { value: game.evaluate(pos), path: Vec::new(), nodes: 1 };
    }
    let mut best: Option<Line<G::Move>> = None;
    let mut nodes = 1;
    for mv in game.moves(pos) {
        let child = minimax(game, &game.play(pos, mv), depth - 1);
        nodes += child.nodes;
        let value = -child.value;
        if best.as_ref().is_none_or(|b| value > b.value) {
            let mut path = Vec::with_capacity(child.path.len() + 1);
            path.push(mv);
            path.extend(child.path);
            best = Some(Line { value, path, nodes: 0 });
        }
    }
    match best {
        // No successor: the value is the static one, as if deep enough (step 3 of the notes).
        None => Line { value: game.evaluate(pos), path: Vec::new(), nodes },
        Some(b) => Line { nodes, ..b },
    }
}

/// MINIMAX-A-B(Position, Depth, Player, Use-Thresh, Pass-Thresh) in negamax form.
///
/// `alpha` is Pass-Thresh (the value already guaranteed to the side to move) and `beta` is
/// Use-Thresh (beyond which the opponent will not allow play to come here). Each successor is
/// searched with the window negated and swapped, `(-beta, -alpha)`; as soon as a value reaches
/// `beta` the remaining successors are cut off. Inside the window the result equals
/// [`minimax`]'s; outside, it is a bound on the true value (fail-hard: clamped to the window).
///
/// ```
/// use reversi::{course::game::othello, course::minimax::{alpha_beta, minimax}, Board};
/// let g = othello();
/// let full = alpha_beta(&g, &Board::start(), 3, -i32::MAX, i32::MAX);
/// assert_eq!(full.value, minimax(&g, &Board::start(), 3).value);
/// ```
pub fn alpha_beta<G: Game>(game: &G, pos: &G::Position, depth: u32, alpha: i32, beta: i32) -> Line<G::Move> {
    if game.deep_enough(pos, depth) {
        return Line { value: game.evaluate(pos), path: Vec::new(), nodes: 1 };
    }
    let mut alpha = alpha;
    let mut path = Vec::new();
    let mut nodes = 1;
    let mut any = false;
    for mv in game.moves(pos) {
        any = true;
        let child = alpha_beta(game, &game.play(pos, mv), depth - 1, -beta, -alpha);
        nodes += child.nodes;
        let value = -child.value;
        if value > alpha {
            alpha = value;
            path.clear();
            path.push(mv);
            path.extend(child.path);
        }
        if alpha >= beta {
            // The opponent will avoid this position: the remaining successors are pruned.
            return Line { value: beta, path, nodes };
        }
    }
    if !any {
        return Line { value: game.evaluate(pos), path: Vec::new(), nodes };
    }
    Line { value: alpha, path, nodes }
}
