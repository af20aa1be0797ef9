//! `book-deepen`: positions of a built book searched again, deeper, until the lines players
//! reach are all deepened.

use super::{
    board_of, book_engine, key, moves_by_child, on_engines, own_depth, own_horizon_matches, played_positions, search,
    weights, BuildNode, BuildRun, BuildState,
};
use crate::clock::hms;
use crate::othello::rules::board::Board;
use crate::othello::search::Engine;
use std::time::Instant;

/// Which positions `book-deepen` searches again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeepenScope {
    /// The lines players reach ([`played_positions`]).
    Played,
    /// Every position of the build. At the build's own leaf depth this re-searches only the own
    /// values whose search had the other side to move at its horizon than the leaves (expanded
    /// positions an odd number of moves above the book's last level): the rest already are
    /// searches at that depth with the leaves' side to move at the horizon.
    All,
}

/// Whether the build's own searches already give `node` what deepening to `depth` would: its leaf
/// value at the build's depth, or its own value at [`own_depth`] of that depth (always so since
/// state version 3; before, only where the leaf depth itself kept the leaves' side to move at the
/// horizon).
fn built_as_deep(node: &BuildNode, depth: u32, state: &BuildState) -> bool {
    node.deepened == 0
        && depth <= state.settings.leaf_depth
        && (!node.expanded || state.own_horizons_matched || own_horizon_matches(node.level, state.settings.plies))
}

/// Searches positions of the book again, deeper (`train book-deepen`): every position of
/// `scope` not yet deepened to `depth` gets its value as a leaf searched at `depth`,
/// or, once expanded, its own value (the three best moves outside the book by the shallow search,
/// searched deeply). The own value's search is of the position after the move, one ply further
/// from the start than the leaves' searches are: at `depth` when the two horizons then have the
/// same side to move, at `depth − 1` otherwise (an evaluation's value depends on who is to move
/// at its horizon, and values with different sides there do not compare). Values change, so the
/// lines players reach change: repeated until every one of them is deepened. Saved and reported
/// as a build is; a state deepened to `depth` continues where it stopped.
pub fn deepen(state: &mut BuildState, depth: u32, scope: DeepenScope, run: &mut BuildRun) -> Result<usize, String> {
    if depth < 2 || depth > u32::from(u8::MAX) {
        return Err(format!("a deepening depth of {depth} (2 to 255)"));
    }
    let weights = weights()?;
    let threads = run.threads.max(1);
    let mut engines: Vec<Engine> = (0..threads).map(|_| book_engine(&weights)).collect();
    let (plies, screen_depth) = (state.settings.plies, state.settings.screen_depth);
    let depth_byte = depth as u8;
    let started = Instant::now();
    let seconds_before = state.seconds;
    let mut last_save = Instant::now();
    let mut total_done = 0;
    for round in 1.. {
        let boards = match scope {
            DeepenScope::Played => played_positions(&state.book()?),
            DeepenScope::All => state.nodes.keys().map(|&k| board_of(k)).collect(),
        };
        let pending: Vec<(Board, BuildNode)> = boards
            .into_iter()
            .filter_map(|b| state.nodes.get(&key(b)).map(|n| (b, n.clone())))
            .filter(|(_, n)| n.deepened < depth_byte && (n.expanded || u32::from(n.level) >= plies))
            .filter(|(_, n)| !built_as_deep(n, depth, state))
            .collect();
        if pending.is_empty() {
            break;
        }
        let round_start = Instant::now();
        let chunk = (threads * 4).max(1);
        for (index, batch) in pending.chunks(chunk).enumerate() {
            let results = on_engines(&mut engines, batch, |engine, (board, node)| {
                if node.expanded {
                    let own_depth = own_depth(depth, node.level, plies);
                    (node.searched, own_value(engine, *board, &node.children, own_depth, screen_depth))
                } else {
                    engine.clear();
                    (search(engine, *board, depth).0, None)
                }
            });
            for ((board, _), (searched, own)) in batch.iter().zip(results) {
                let node = state.nodes.get_mut(&key(*board)).expect("pending positions are in the build");
                if node.expanded {
                    node.own = own;
                } else {
                    node.searched = searched;
                }
                node.deepened = depth_byte;
            }
            let done = ((index + 1) * chunk).min(pending.len());
            total_done += batch.len();
            state.seconds = seconds_before + started.elapsed().as_secs_f64();
            let per_node = round_start.elapsed().as_secs_f64() / done as f64;
            (run.progress)(&format!(
                "deepen to {depth}, round {round}: {done}/{} positions, {} deepened in all, {:.2} s a position, \
                 elapsed {}, round left {}",
                pending.len(),
                total_done,
                per_node,
                hms(state.seconds),
                hms(per_node * (pending.len() - done) as f64)
            ));
            if last_save.elapsed().as_secs_f64() >= run.save_every_s {
                run.save(state)?;
                last_save = Instant::now();
            }
        }
        run.save(state)?;
        last_save = Instant::now();
        (run.on_level)(round, state)?;
    }
    if scope == DeepenScope::All && depth >= state.settings.leaf_depth && !state.own_horizons_matched {
        // Every own value is now a search at `own_depth`: the build can be continued.
        state.own_horizons_matched = true;
        run.save(state)?;
    }
    Ok(total_done)
}

/// The best value (hundredths) of the moves of `board` not among `children`: the three best by a
/// shallow search, searched deeply. `None` when every move is a book move.
fn own_value(engine: &mut Engine, board: Board, children: &[u8], leaf_depth: u32, screen_depth: u32) -> Option<i32> {
    engine.clear();
    let mut others: Vec<(i32, Board)> = moves_by_child(board)
        .into_iter()
        .filter(|(_, squares)| squares.iter().all(|s| !children.contains(s)))
        .map(|(child, _)| (-search(engine, child, screen_depth).0, child))
        .collect();
    others.sort_by_key(|&(v, child)| (std::cmp::Reverse(v), key(child)));
    others
        .iter()
        .take(3)
        .map(|&(_, child)| {
            engine.clear();
            -search(engine, child, leaf_depth).0
        })
        .max()
}
