//! The build: the book expanded one level (moves played) at a time, each position by a shallow
//! screen of its moves and deep searches of the most promising.

use super::{
    board_of, book_engine, key, moves_by_child, on_engines, own_depth, search, weights, BuildNode, BuildRun,
    BuildSettings, BuildState, NARROW, SLACK, WIDE,
};
use crate::clock::hms;
use crate::othello::book::PASS;
use crate::othello::rules::board::Board;
use crate::othello::search::Engine;
use crate::rng::XorShift64Star;
use std::time::Instant;

/// What expanding one position found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    pub own: Option<i32>,
    /// Book moves: square, the canonical board after it, its deep value (for its side to move)
    /// and the books it belongs to.
    pub children: Vec<(u8, Board, i32, u8)>,
    pub searches: u64,
}

/// A tie-break between children of equal value, from the seed.
fn tie(seed: u64, child: Board) -> u64 {
    let mut rng = XorShift64Star::new(seed ^ child.hash());
    rng.next_u64()
}

/// Expands `board` (a canonical board belonging to the books `flags`): which moves enter the book,
/// their deep values, and the position's own value.
pub fn expand(engine: &mut Engine, board: Board, flags: u8, s: &BuildSettings) -> Expansion {
    engine.clear();
    let groups = moves_by_child(board);
    let mut searches = 0;
    if groups.is_empty() {
        return Expansion { own: Some(board.final_score() * 100), children: Vec::new(), searches };
    }
    // The screen: every move's shallow value for the side to move here.
    let mut screened: Vec<(i32, u64, usize)> = groups
        .iter()
        .enumerate()
        .map(|(i, (child, _))| {
            searches += 1;
            (-search(engine, *child, s.screen_depth).0, tie(s.seed, *child), i)
        })
        .collect();
    screened.sort_by_key(|&(v, t, _)| (std::cmp::Reverse(v), t));
    let (narrow, wide) = (flags & NARROW != 0, flags & WIDE != 0);
    let margin = if wide { s.other_margin.max(if narrow { s.book_margin } else { 0 }) } else { s.book_margin };
    let limit = if wide { s.other_moves.max(if narrow { s.book_moves } else { 0 }) } else { s.book_moves } as usize;
    let best_screen = screened[0].0;
    let deep_count = screened
        .iter()
        .take_while(|&&(v, _, _)| v >= best_screen - 100 * (margin + SLACK))
        .count()
        .clamp(2.min(screened.len()), limit + 2);
    // The deep searches: (value for the side to move here, tie-break, group).
    let mut deep: Vec<(i32, u64, usize)> = screened[..deep_count]
        .iter()
        .map(|&(_, t, i)| {
            searches += 1;
            (-search(engine, groups[i].0, s.leaf_depth).0, t, i)
        })
        .collect();
    deep.sort_by_key(|&(v, t, _)| (std::cmp::Reverse(v), t));
    let best = deep[0].0;
    let (mut narrow_kept, mut wide_kept) = (0, 0);
    let mut children = Vec::new();
    let mut own: Option<i32> = None;
    for &(value, _, i) in &deep {
        let keep_narrow = narrow && value >= best - 100 * s.book_margin && narrow_kept < s.book_moves;
        let keep_wide = wide && value >= best - 100 * s.other_margin && wide_kept < s.other_moves;
        narrow_kept += u32::from(keep_narrow);
        wide_kept += u32::from(keep_wide);
        // After the move the other side is to move: the roles swap.
        let child_flags = if keep_narrow { WIDE } else { 0 } | if keep_wide { NARROW } else { 0 };
        if child_flags == 0 {
            own = Some(own.map_or(value, |o| o.max(value)));
            continue;
        }
        let (child, squares) = &groups[i];
        for &sq in squares {
            children.push((sq, *child, -value, child_flags));
        }
    }
    let level = (60 - board.empty_count()) as u8;
    let own_depth = own_depth(s.leaf_depth, level, s.plies);
    if own.is_some() && own_depth != s.leaf_depth {
        // The moves left out were valued with the other side to move at the horizon than the
        // leaves: searched again one ply shallower.
        own = deep
            .iter()
            .filter(|&&(_, _, i)| children.iter().all(|c| c.1 != groups[i].0))
            .map(|&(_, _, i)| {
                searches += 1;
                -search(engine, groups[i].0, own_depth).0
            })
            .max();
    }
    if own.is_none() {
        // No move searched deeply was left out: the best of the others by the screen, if any.
        own = screened[deep_count..].iter().map(|&(v, _, _)| v).max();
    }
    children.sort_by_key(|c| c.0);
    Expansion { own, children, searches }
}

impl BuildState {
    /// The positions of `level` still to expand, in board order.
    fn pending(&self, level: u32) -> Vec<(Board, u8)> {
        self.nodes
            .iter()
            .filter(|(_, n)| !n.expanded && u32::from(n.level) == level && n.flags != 0)
            .map(|(&k, n)| (board_of(k), n.flags))
            .collect()
    }

    /// Adds what expanding `board` found: its book moves and own value, and the positions they
    /// lead to (a position reached by several moves belongs to the books of each).
    fn merge(&mut self, board: Board, found: Expansion) {
        self.searches += found.searches;
        let level = self.nodes[&key(board)].level;
        for &(square, child, value, flags) in &found.children {
            let child_level = if square == PASS { level } else { level + 1 };
            self.nodes
                .entry(key(child))
                .or_insert(BuildNode {
                    level: child_level,
                    flags: 0,
                    expanded: false,
                    searched: value,
                    own: None,
                    children: Vec::new(),
                    deepened: 0,
                })
                .flags |= flags;
        }
        let node = self.nodes.get_mut(&key(board)).expect("expanded positions are in the build");
        node.expanded = true;
        node.own = found.own;
        node.children = found.children.iter().map(|c| c.0).collect();
    }
}

/// Runs (or continues) a build to its `plies`.
pub fn build(state: &mut BuildState, run: &mut BuildRun) -> Result<(), String> {
    if !state.own_horizons_matched && state.nodes.values().any(|n| n.expanded) {
        return Err(format!(
            "a build made before own values kept the leaves' side to move at their horizon (state version 2 or \
             older): search them again first with book-deepen --scope all --depth {}",
            state.settings.leaf_depth
        ));
    }
    state.own_horizons_matched = true;
    let weights = weights()?;
    let threads = run.threads.max(1);
    let mut engines: Vec<Engine> = (0..threads).map(|_| book_engine(&weights)).collect();
    let started = Instant::now();
    let seconds_before = state.seconds;
    let mut last_save = Instant::now();
    while let Some(level) = state.next_level() {
        let pending = state.pending(level);
        let level_start = Instant::now();
        let total = pending.len();
        let chunk = (threads * 4).max(1);
        let mut done = 0;
        for batch in pending.chunks(chunk) {
            let settings = state.settings;
            let results =
                on_engines(&mut engines, batch, |engine, &(board, flags)| expand(engine, board, flags, &settings));
            for (&(board, _), found) in batch.iter().zip(results) {
                state.merge(board, found);
            }
            done += batch.len();
            state.seconds = seconds_before + started.elapsed().as_secs_f64();
            let per_node = level_start.elapsed().as_secs_f64() / done as f64;
            let levels = state.levels();
            // The positions still to expand, the next levels estimated from this one's growth.
            // Growth: positions of the next level per position of this one expanded (in this run
            // or an earlier one).
            let next_count = levels.get(level as usize + 1).map_or(0, |l| l.0);
            let (at_level, expanded) = levels[level as usize];
            let growth = next_count as f64 / expanded.max(1) as f64;
            let mut left = (total - done) as f64;
            let mut size = growth * at_level as f64;
            for _ in level + 1..state.settings.plies {
                left += size;
                size *= growth;
            }
            (run.progress)(&format!(
                "level {level}/{}: {done}/{total} expanded, book {} positions, {} searches, {:.2} s a position, \
                 elapsed {}, level left {}, build left ~{}",
                state.settings.plies,
                state.nodes.len(),
                state.searches,
                per_node,
                hms(state.seconds),
                hms(per_node * (total - done) as f64),
                hms(per_node * left)
            ));
            if last_save.elapsed().as_secs_f64() >= run.save_every_s {
                run.save(state)?;
                last_save = Instant::now();
            }
        }
        if state.pending(level).is_empty() {
            run.save(state)?;
            last_save = Instant::now();
            (run.on_level)(level, state)?;
        }
    }
    Ok(())
}
