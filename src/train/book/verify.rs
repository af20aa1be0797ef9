//! `book-verify`: a sample of the book checked against deeper searches.

use super::{book_choices, book_engine, search, weights};
use crate::clock::hms;
use crate::othello::book::Book;
use crate::othello::rules::board::Board;
use crate::othello::rules::square::Move;
use crate::rng::XorShift64Star;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// What `book-verify` measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Verification {
    /// Positions with book moves checked.
    pub positions: usize,
    /// Of them, how many have the deeper search's best move among the book's best moves.
    pub agree: usize,
    /// What playing the book's best move costs by the deeper search (its best value minus the
    /// value of the book's move, searched as deep; 0 where they agree), summed over the positions,
    /// in discs; and how many positions lose at most one disc that way.
    pub regret: f64,
    pub within_one_disc: usize,
    /// Mean of |book value − deeper search's value| over them, discs.
    pub mean_error: f64,
    /// Leaves checked, and the mean |stored value − deeper search's value| over them.
    pub leaves: usize,
    pub leaf_mean_error: f64,
    /// Of the leaves, how many have the same best move at the build's depth and deeper.
    pub leaf_agree: usize,
    /// The positions with book moves by moves played: `(positions, agree)` at each level.
    pub by_level: Vec<(usize, usize)>,
    /// Positions with book moves whose reference search was cut to [`Reference::Tree`]'s
    /// `max_depth` (less than `deeper` plies beyond the book's own depth there).
    pub capped: usize,
}

/// How deep the reference searches of `book-verify` are, for a position with book moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reference {
    /// `deeper` plies beyond the book's own depth at the position: its book moves' values come
    /// from the tree down to the book's last level (`plies` moves) and the leaves' searches
    /// below, `plies − moves played + leaf depth` plies in all, so the reference's horizon is
    /// `deeper` plies beyond the leaves' (and has the same side to move for an even `deeper`);
    /// at most `max_depth`, for the time it takes (near the start the tree is far deeper than
    /// any search).
    Tree { max_depth: u32 },
    /// `deeper` plies beyond the leaves' depth, wherever the position is.
    Leaves,
}

/// What `book-verify` checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerifySettings {
    /// Draw the positions with book moves from [`book_choices`] only (else from the whole book).
    pub choices: bool,
    /// Positions with book moves to check, and leaves.
    pub positions: usize,
    pub leaves: usize,
    /// Plies beyond the book's depth the reference searches go.
    pub deeper: u32,
    pub reference: Reference,
    /// Draws the sample.
    pub seed: u64,
    pub threads: usize,
}

impl VerifySettings {
    /// The depth of the reference search of a position with book moves `level` moves from the
    /// start, and whether [`Reference::Tree`]'s cap cut it.
    pub fn reference_depth(&self, book: &Book, level: u32) -> (u32, bool) {
        let leaves = book.leaf_depth() + self.deeper;
        match self.reference {
            Reference::Leaves => (leaves, false),
            Reference::Tree { max_depth } => {
                let tree = book.plies().saturating_sub(level) + leaves;
                (tree.min(max_depth).max(1), tree > max_depth)
            }
        }
    }
}

/// One sampled position checked.
#[derive(Clone, Copy, Debug)]
struct Checked {
    /// A position with book moves (else a leaf).
    inner: bool,
    /// |book value − deeper search's value|, discs.
    error: f64,
    /// The best moves agree.
    agree: bool,
    /// What the book's move gives away by the deeper search, discs.
    regret: f64,
    /// Moves played to reach it.
    level: usize,
    /// Its reference depth was cut to the cap.
    capped: bool,
}

/// Checks a sample of the book (drawn from the settings' seed) against deeper searches
/// ([`VerifySettings`]): positions with book moves, drawn from the whole book or from
/// [`book_choices`] (is the deeper search's best move one of the book's best, and how far apart
/// are the values), and leaves (how far is the stored value from the one `deeper` plies deeper;
/// does the build's depth find the same best move).
pub fn verify(
    book: &Book,
    settings: &VerifySettings,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Verification, String> {
    let VerifySettings { choices, positions, leaves, deeper, seed, threads, .. } = *settings;
    let weights = weights()?;
    let mut inner: Vec<Board> = Vec::new();
    let mut outer: Vec<Board> = Vec::new();
    for board in book.boards() {
        let Some(entry) = book.entry(board) else { continue };
        if board.is_game_over() {
            continue;
        }
        // Positions where a player uses the book (a deep book move), and the leaves at the
        // book's depth; a line added beyond the build (shallow) is neither.
        if !choices && entry.moves.iter().any(|m| m.deep) {
            inner.push(board);
        } else if entry.moves.is_empty() && 60 - board.empty_count() >= book.plies() {
            outer.push(board);
        }
    }
    if choices {
        inner = book_choices(book);
    }
    let mut rng = XorShift64Star::new(seed);
    let mut sample = |list: &mut Vec<Board>, n: usize| -> Vec<Board> {
        // A partial Fisher–Yates shuffle: the first n of a random order.
        let n = n.min(list.len());
        for i in 0..n {
            let j = i + rng.below(list.len() - i);
            list.swap(i, j);
        }
        list[..n].to_vec()
    };
    let jobs: Vec<(Board, bool)> = sample(&mut inner, positions)
        .into_iter()
        .map(|b| (b, true))
        .chain(sample(&mut outer, leaves).into_iter().map(|b| (b, false)))
        .collect();
    let leaf_reference = book.leaf_depth() + deeper;
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Checked>>> = Mutex::new(vec![None; jobs.len()]);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let (next, results, jobs, weights) = (&next, &results, &jobs, &weights);
            scope.spawn(move || {
                let mut engine = book_engine(weights);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(board, inner)) = jobs.get(i) else { break };
                    let level = 60 - board.empty_count() as usize;
                    let (depth, capped) =
                        if inner { settings.reference_depth(book, level as u32) } else { (leaf_reference, false) };
                    engine.clear();
                    let (value, best) = search(&mut engine, board, depth);
                    let entry = book.entry(board).expect("sampled from the book");
                    let error = (f64::from(entry.value) - f64::from(value) / 100.0).abs();
                    let child = |mv: Move| board.play(mv).map(|b| b.canonical().0).ok();
                    let mut regret = 0.0;
                    let agree = if inner {
                        // The book's best moves as a player draws them: the deep ones.
                        match entry.playable_value() {
                            Some(best_value) => {
                                let mut chosen = entry.moves.iter().filter(|m| m.deep && m.value == best_value);
                                let first = chosen.clone().next().expect("a deep move of the best value").mv;
                                let agree = chosen.any(|m| child(m.mv) == child(best));
                                if !agree {
                                    // The book's move searched as deep: how much does it give away?
                                    if let Ok(after) = board.play(first) {
                                        engine.clear();
                                        let (reply, _) = search(&mut engine, after, depth - 1);
                                        regret = (f64::from(value + reply) / 100.0).max(0.0);
                                    }
                                }
                                agree
                            }
                            // The book sends the player to search: right when the deeper search's
                            // best is none of its deep moves.
                            None => entry.moves.iter().filter(|m| m.deep).all(|m| child(m.mv) != child(best)),
                        }
                    } else {
                        engine.clear();
                        let (_, shallow) = search(&mut engine, board, book.leaf_depth());
                        child(shallow) == child(best)
                    };
                    let mut r = results.lock().unwrap_or_else(|p| p.into_inner());
                    r[i] = Some(Checked { inner, error, agree, regret, level, capped });
                    let done = r.iter().filter(|x| x.is_some()).count();
                    drop(r);
                    if done % 25 == 0 || done == jobs.len() {
                        let secs = started.elapsed().as_secs_f64();
                        progress(&format!(
                            "verify: {done}/{} positions, elapsed {}, left {}",
                            jobs.len(),
                            hms(secs),
                            hms(secs / done as f64 * (jobs.len() - done) as f64)
                        ));
                    }
                }
            });
        }
    });
    let mut v = Verification::default();
    for Checked { inner, error, agree, regret, level, capped } in
        results.into_inner().unwrap_or_else(|p| p.into_inner()).into_iter().flatten()
    {
        if inner {
            if v.by_level.len() <= level {
                v.by_level.resize(level + 1, (0, 0));
            }
            v.by_level[level].0 += 1;
            v.by_level[level].1 += usize::from(agree);
            v.positions += 1;
            v.agree += usize::from(agree);
            v.mean_error += error;
            v.regret += regret;
            v.within_one_disc += usize::from(regret <= 1.0);
            v.capped += usize::from(capped);
        } else {
            v.leaves += 1;
            v.leaf_agree += usize::from(agree);
            v.leaf_mean_error += error;
        }
    }
    v.mean_error /= v.positions.max(1) as f64;
    v.leaf_mean_error /= v.leaves.max(1) as f64;
    Ok(v)
}
