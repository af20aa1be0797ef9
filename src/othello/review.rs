//! Reviewing a finished (or unfinished) game: every position is scored by a search, every move's
//! loss is the best move's score minus the played move's score, and each move is classified by
//! that loss in discs.
//!
//! Scores are in discs from Black's point of view: exact final disc differences where the game is
//! solved (few empty squares), otherwise the heuristic evaluation converted by [`eval_to_discs`],
//! the one place that knows how many discs an evaluation unit is worth. The review evaluates with
//! the pattern evaluation when the engine has its weights (its unit is a hundredth of a disc, and
//! its midgame error is about half the course evaluation's), with the course evaluation otherwise.
//!
//! The played move's score comes from a search of the position after it with the limits the
//! search of the position before it used for its moves (one ply shallower, the same exact-solve
//! threshold in empty squares), so that the best and the played move are scored alike: an exact
//! score is never compared with an estimate.
//!
//! ```
//! use reversi::clock::monotonic_ms;
//! use reversi::othello::review::{review_game, Class, ReviewLimits};
//! use reversi::othello::search::{Engine, EvalChoice};
//! use reversi::{Move, Position};
//! let moves: Vec<Move> = ["f5", "d6", "c3"].iter().map(|m| m.parse().unwrap()).collect();
//! let review = review_game(&mut Engine::new(1), Position::start(), &moves, &ReviewLimits { depth: 3, exact_from_empties: 0, eval: EvalChoice::Course }, &monotonic_ms, &mut |_, _| {});
//! assert_eq!(review.positions.len(), 4);
//! assert_eq!(review.moves.len(), 3);
//! assert!(review.moves.iter().all(|m| m.loss >= 0.0 && m.class != Class::Forced));
//! ```

use crate::othello::board::Position;
use crate::othello::pattern::UNITS_PER_DISC;
use crate::othello::score::Score;
use crate::othello::search::{Control, Engine, EvalChoice, Limits, Progress, SearchResult};
use crate::othello::square::{Color, Move};
use std::fmt;

/// A heuristic evaluation (search units of `eval`, any point of view) as an estimated disc
/// difference: the pattern evaluation counts hundredths of a disc, the course evaluation's scale
/// is measured ([`crate::othello::eval::DISCS_PER_UNIT`]).
pub fn eval_to_discs(units: i32, eval: EvalChoice) -> f64 {
    match eval {
        EvalChoice::Pattern => f64::from(units) / f64::from(UNITS_PER_DISC),
        EvalChoice::Course => f64::from(units) * crate::othello::eval::DISCS_PER_UNIT,
    }
}

/// A search score in discs, from the same point of view as the score. Estimates are kept within
/// ±64, the largest disc difference there is.
pub fn score_in_discs(score: Score, eval: EvalChoice) -> f64 {
    match score {
        Score::Exact(discs) => discs as f64,
        Score::Eval(units) => eval_to_discs(units, eval).clamp(-64.0, 64.0),
    }
}

/// Losses (in discs) from which a move is an inaccuracy, a mistake, a blunder.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    pub inaccuracy: f64,
    pub mistake: f64,
    pub blunder: f64,
}

/// The review's thresholds. Exact losses come in steps of 2 discs (a full board's difference is
/// even), so a 2-disc loss is still good; 4 is an inaccuracy; 6 to 10 a mistake; 12 or more, the
/// size of losing an edge or a corner fight, a blunder.
pub const THRESHOLDS: Thresholds = Thresholds { inaccuracy: 3.0, mistake: 6.0, blunder: 12.0 };

/// What a move was, judged by its loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// The only legal move (or a pass): nothing to judge.
    Forced,
    /// Loses less than 1 disc against the best move.
    Best,
    /// Loses less than the inaccuracy threshold.
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Class {
    /// The word shown to players.
    pub fn name(self) -> &'static str {
        match self {
            Class::Forced => "forced",
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The class of a move that lost `loss` discs against the best one (with [`THRESHOLDS`]).
pub fn classify(loss: f64) -> Class {
    classify_with(loss, &THRESHOLDS)
}

/// The class of a move that lost `loss` discs, with other thresholds.
pub fn classify_with(loss: f64, t: &Thresholds) -> Class {
    if loss >= t.blunder {
        Class::Blunder
    } else if loss >= t.mistake {
        Class::Mistake
    } else if loss >= t.inaccuracy {
        Class::Inaccuracy
    } else if loss >= 1.0 {
        Class::Good
    } else {
        Class::Best
    }
}

/// How deep the review searches: `depth` plies in the midgame, solved exactly from
/// `exact_from_empties` empty squares, with the evaluation `eval` (the pattern evaluation only
/// if the engine has its weights; the course evaluation otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewLimits {
    pub depth: u32,
    pub exact_from_empties: u32,
    pub eval: EvalChoice,
}

impl ReviewLimits {
    fn position(&self) -> Limits {
        Limits {
            exact_from_empties: Some(self.exact_from_empties),
            eval: self.eval,
            ..Limits::depth(self.depth.max(1))
        }
    }

    /// The limits the position's search applies to each of its moves (as `search::Engine` does).
    fn after_move(&self) -> Limits {
        Limits {
            exact_from_empties: Some(self.exact_from_empties.saturating_sub(1)),
            eval: self.eval,
            ..Limits::depth(self.depth.saturating_sub(1).max(1))
        }
    }
}

/// One position of the game, scored.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewedPosition {
    pub to_move: Color,
    /// Discs for Black with best play from here (exact, or estimated).
    pub score_black: f64,
    pub exact: bool,
    /// The best move and the line that follows (empty when the game is over).
    pub best_line: Vec<Move>,
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewedMove {
    pub mv: Move,
    pub mover: Color,
    /// Discs for Black after this move, with best play from there.
    pub score_black: f64,
    pub exact: bool,
    /// Discs the move gave away against the best move (never negative).
    pub loss: f64,
    pub class: Class,
}

/// A whole game reviewed: `positions[i]` is the position before `moves[i]`; one more position
/// than moves (the last is the position after the last move).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Review {
    pub positions: Vec<ReviewedPosition>,
    pub moves: Vec<ReviewedMove>,
}

impl Review {
    /// The moves of one class, as 1-based move numbers.
    pub fn moves_of_class(&self, class: Class) -> Vec<usize> {
        self.moves.iter().enumerate().filter(|(_, m)| m.class == class).map(|(i, _)| i + 1).collect()
    }
}

fn for_black(discs: f64, to_move: Color) -> f64 {
    // `0.0 - x` rather than `-x`: a draw stays +0 for both sides.
    if to_move == Color::Black {
        discs
    } else {
        0.0 - discs
    }
}

/// Searches `position` and gives its score in discs for the side to move. An estimate is the mean
/// of the last two depths' scores: the course evaluation favours the side to move at the leaves,
/// so scores of even and odd depths differ by a few discs, and consecutive positions of a game
/// (searched from alternating sides) would zigzag by as much. Exact scores are taken as they are.
fn search_in_discs(
    engine: &mut Engine,
    position: Position,
    limits: &Limits,
    clock: &dyn Fn() -> f64,
) -> (SearchResult, f64) {
    let eval = limits.eval;
    let mut last_two: [Option<Score>; 2] = [None, None];
    let mut remember = |progress: &Progress| last_two = [last_two[1], Some(progress.score)];
    let mut control = Control::new(clock);
    control.on_progress = Some(&mut remember);
    let found = engine.search(position.board(), limits, &mut control);
    let discs = match (found.score, last_two) {
        (Score::Eval(units), [Some(Score::Eval(previous)), Some(last)]) if last == found.score => {
            (eval_to_discs(units, eval) + eval_to_discs(previous, eval)).clamp(-128.0, 128.0) / 2.0
        }
        (score, _) => score_in_discs(score, eval),
    };
    (found, discs)
}

/// Reviews the game played from `start` with `moves` (legal, passes written, as in a
/// `history::History`); an illegal move ends the review there. `on_position(done, total)` is called
/// after each position is scored (`total` = moves + 1).
pub fn review_game(
    engine: &mut Engine,
    start: Position,
    moves: &[Move],
    limits: &ReviewLimits,
    clock: &dyn Fn() -> f64,
    on_position: &mut dyn FnMut(usize, usize),
) -> Review {
    // Without weights the engine evaluates with the course evaluation: convert its units so.
    let eval = if limits.eval == EvalChoice::Pattern && engine.has_pattern_weights() {
        EvalChoice::Pattern
    } else {
        EvalChoice::Course
    };
    let limits = &ReviewLimits { eval, ..*limits };
    let mut positions = vec![start];
    for &mv in moves {
        match positions[positions.len() - 1].play(mv) {
            Ok(next) => positions.push(next),
            Err(_) => break,
        }
    }
    let total = positions.len();
    let mut review = Review::default();
    for (i, &position) in positions.iter().enumerate() {
        let (found, best) = search_in_discs(engine, position, &limits.position(), clock);
        let to_move = position.side_to_move();
        review.positions.push(ReviewedPosition {
            to_move,
            score_black: for_black(best, to_move),
            exact: matches!(found.score, Score::Exact(_)),
            best_line: found.pv.clone(),
        });
        if let Some(&mv) = moves.get(i).filter(|_| i + 1 < total) {
            let only_move = position.legal_moves().count() <= 1;
            let (played, exact) = if mv == found.best_move || only_move {
                (best, matches!(found.score, Score::Exact(_)))
            } else {
                let after = positions[i + 1];
                let (answer, discs) = search_in_discs(engine, after, &limits.after_move(), clock);
                // The search's score is the opponent's (or, after a pass, the mover's again).
                let mover_view = if after.side_to_move() == to_move { discs } else { 0.0 - discs };
                (mover_view, matches!(answer.score, Score::Exact(_)))
            };
            // Searches of different positions can disagree a little; a move is never better
            // than the best.
            let loss = (best - played).max(0.0);
            review.moves.push(ReviewedMove {
                mv,
                mover: to_move,
                score_black: for_black(played, to_move),
                exact,
                loss,
                class: if only_move { Class::Forced } else { classify(loss) },
            });
        }
        on_position(i + 1, total);
    }
    review
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::monotonic_ms;
    use crate::othello::notation::parse_board;

    #[test]
    fn classes_follow_the_thresholds() {
        let cases = [
            (0.0, Class::Best),
            (0.9, Class::Best),
            (1.0, Class::Good),
            (2.0, Class::Good),
            (2.99, Class::Good),
            (3.0, Class::Inaccuracy),
            (4.0, Class::Inaccuracy),
            (6.0, Class::Mistake),
            (10.0, Class::Mistake),
            (12.0, Class::Blunder),
            (64.0, Class::Blunder),
        ];
        for (loss, class) in cases {
            assert_eq!(classify(loss), class, "loss {loss}");
        }
        let strict = Thresholds { inaccuracy: 2.0, mistake: 4.0, blunder: 8.0 };
        assert_eq!(classify_with(4.0, &strict), Class::Mistake);
        assert_eq!(classify_with(8.0, &strict), Class::Blunder);
    }

    #[test]
    fn evaluation_units_convert_in_one_place() {
        let course = EvalChoice::Course;
        assert_eq!(score_in_discs(Score::Exact(-12), course), -12.0);
        assert_eq!(score_in_discs(Score::Exact(-12), EvalChoice::Pattern), -12.0);
        assert_eq!(score_in_discs(Score::Eval(500), course), eval_to_discs(500, course));
        assert!((eval_to_discs(1000, course) - 1000.0 * crate::othello::eval::DISCS_PER_UNIT).abs() < 1e-9);
        assert_eq!(eval_to_discs(-200, course), -eval_to_discs(200, course));
        assert_eq!(eval_to_discs(-250, EvalChoice::Pattern), -2.5);
        assert_eq!(score_in_discs(Score::Eval(29_000), course), 64.0);
        assert_eq!(score_in_discs(Score::Eval(-29_000), EvalChoice::Pattern), -64.0);
    }

    /// The position after the engine at depth 2 played both sides until `empties` squares are empty.
    fn played_to(empties: u32) -> Position {
        let mut engine = Engine::new(1);
        let mut position = Position::start();
        while position.board().empty_count() > empties {
            let found = engine.search(position.board(), &Limits::depth(2), &mut Control::new(&monotonic_ms));
            position = position.play(found.best_move).unwrap();
        }
        position
    }

    /// The side to move's score after `mv`, from a fresh engine under `limits`.
    fn score_after(position: Position, mv: Move, limits: &Limits) -> Score {
        let after = position.play(mv).unwrap();
        let found = Engine::new(1).search(after.board(), limits, &mut Control::new(&monotonic_ms));
        if after.side_to_move() == position.side_to_move() {
            found.score
        } else {
            found.score.negate()
        }
    }

    /// An endgame solved exactly: the worst move's loss is the exact difference with the best
    /// move, and the best move loses nothing.
    #[test]
    fn an_exact_endgame_judges_moves_by_exact_scores() {
        let position = played_to(12);
        let limits = ReviewLimits { depth: 4, exact_from_empties: 14, eval: EvalChoice::Course };
        let solve = Limits { exact_from_empties: Some(64), ..Limits::depth(1) };
        let mut scored: Vec<(Move, i32)> = position
            .legal_moves()
            .into_iter()
            .map(|sq| match score_after(position, Move::Play(sq), &solve) {
                Score::Exact(d) => (Move::Play(sq), d),
                other => panic!("not solved: {other:?}"),
            })
            .collect();
        scored.sort_by_key(|&(_, d)| -d);
        assert!(scored.len() >= 2, "the test needs a choice of moves");
        let (best_move, best) = scored[0];
        let (worst_move, worst) = scored[scored.len() - 1];
        assert!(best > worst, "the test needs moves of different value");

        let mut calls = Vec::new();
        let review =
            review_game(&mut Engine::new(4), position, &[worst_move], &limits, &monotonic_ms, &mut |done, total| {
                calls.push((done, total))
            });
        assert_eq!(calls, [(1, 2), (2, 2)]);
        let judged = &review.moves[0];
        assert!(judged.exact && review.positions[0].exact);
        assert_eq!(judged.loss, (best - worst) as f64);
        assert_eq!(judged.class, classify(judged.loss));
        let mover = position.side_to_move();
        assert_eq!(review.positions[0].score_black, for_black(best as f64, mover));
        assert_eq!(judged.score_black, for_black(worst as f64, mover));
        // Exact scores agree: the score after the move is the next position's score.
        assert_eq!(review.positions[1].score_black, judged.score_black);

        let review = review_game(&mut Engine::new(4), position, &[best_move], &limits, &monotonic_ms, &mut |_, _| {});
        assert_eq!((review.moves[0].loss, review.moves[0].class), (0.0, Class::Best));
        assert_eq!(review.positions[0].best_line.first().map(|&m| position.play(m).is_ok()), Some(true));
    }

    /// In the midgame (estimated scores), the move the search finds worst by a wide margin is
    /// marked a mistake or worse, and the best one is not marked.
    #[test]
    fn a_midgame_blunder_is_marked() {
        let position = played_to(40);
        let limits = ReviewLimits { depth: 4, exact_from_empties: 0, eval: EvalChoice::Course };
        let child = Limits::depth(3);
        // Each move scored as the review scores it (the mean of the last two depths), by a fresh engine.
        let mut scored: Vec<(Move, f64)> = position
            .legal_moves()
            .into_iter()
            .map(|sq| {
                let after = position.play(Move::Play(sq)).unwrap();
                let (_, discs) = search_in_discs(&mut Engine::new(1), after, &child, &monotonic_ms);
                (Move::Play(sq), if after.side_to_move() == position.side_to_move() { discs } else { -discs })
            })
            .collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        let (best_move, _) = scored[0];
        let (worst_move, _) = scored[scored.len() - 1];
        let gap = scored[0].1 - scored[scored.len() - 1].1;
        assert!(gap >= THRESHOLDS.mistake + 2.0, "{scored:?}");
        let review = review_game(&mut Engine::new(4), position, &[worst_move], &limits, &monotonic_ms, &mut |_, _| {});
        assert!(!review.moves[0].exact);
        // The same searches as above but with one shared table: about the same loss.
        assert!((review.moves[0].loss - gap).abs() < 2.0, "{:?} vs {gap}", review.moves[0]);
        assert!(matches!(review.moves[0].class, Class::Mistake | Class::Blunder), "{:?}", review.moves[0]);
        let review = review_game(&mut Engine::new(4), position, &[best_move], &limits, &monotonic_ms, &mut |_, _| {});
        assert!(review.moves[0].loss < THRESHOLDS.inaccuracy, "{:?}", review.moves[0]);
    }

    /// The scores of consecutive positions zigzag less than single-depth scores do.
    #[test]
    fn estimates_do_not_zigzag_with_the_side_to_move() {
        let mut engine = Engine::new(1);
        let mut position = Position::start();
        let mut moves = Vec::new();
        while moves.len() < 20 {
            let found = engine.search(position.board(), &Limits::depth(2), &mut Control::new(&monotonic_ms));
            position = position.play(found.best_move).unwrap();
            moves.push(found.best_move);
        }
        let limits = ReviewLimits { depth: 6, exact_from_empties: 0, eval: EvalChoice::Course };
        let review =
            review_game(&mut Engine::new(4), Position::start(), &moves, &limits, &monotonic_ms, &mut |_, _| {});
        let smoothed: Vec<f64> = review.positions.iter().map(|p| p.score_black).collect();
        let mut single = Vec::new();
        let mut position = Position::start();
        for mv in moves.iter().copied().map(Some).chain([None]) {
            let found = Engine::new(4).search(position.board(), &limits.position(), &mut Control::new(&monotonic_ms));
            single.push(for_black(score_in_discs(found.score, EvalChoice::Course), position.side_to_move()));
            if let Some(mv) = mv {
                position = position.play(mv).unwrap();
            }
        }
        let zigzag =
            |scores: &[f64]| scores.windows(2).map(|w| (w[1] - w[0]).abs()).sum::<f64>() / (scores.len() - 1) as f64;
        assert!(zigzag(&smoothed) < zigzag(&single), "{} vs {}", zigzag(&smoothed), zigzag(&single));
    }

    #[test]
    fn passes_and_a_finished_game_are_handled() {
        // White has no move after a pass position: a pass is forced, with no loss.
        let board: String = format!("-O{}", "*".repeat(62)).replace('*', "X");
        let start = parse_board(&format!("{board} O")).unwrap();
        assert!(start.must_pass());
        let moves = [Move::Pass, "a1".parse().unwrap()];
        let review = review_game(
            &mut Engine::new(1),
            start,
            &moves,
            &ReviewLimits { depth: 2, exact_from_empties: 10, eval: EvalChoice::Course },
            &monotonic_ms,
            &mut |_, _| {},
        );
        assert_eq!(review.positions.len(), 3);
        assert_eq!(review.moves[0].class, Class::Forced);
        assert_eq!(review.moves[0].loss, 0.0);
        assert!(review.positions[2].best_line.is_empty());
        assert_eq!(review.positions[2].score_black, 64.0);
        assert_eq!(review.moves[1].score_black, 64.0);
    }

    #[test]
    fn an_illegal_move_ends_the_review_there() {
        let moves: Vec<Move> = ["f5", "a1", "d6"].iter().map(|m| m.parse().unwrap()).collect();
        let review = review_game(
            &mut Engine::new(1),
            Position::start(),
            &moves,
            &ReviewLimits { depth: 2, exact_from_empties: 0, eval: EvalChoice::Course },
            &monotonic_ms,
            &mut |_, _| {},
        );
        assert_eq!((review.positions.len(), review.moves.len()), (2, 1));
    }

    /// With weights the review scores in the pattern evaluation's hundredths of a disc; without
    /// them, asking for it gives exactly the course evaluation's review.
    #[test]
    fn the_pattern_evaluation_is_used_when_the_engine_has_its_weights() {
        let moves: Vec<Move> = ["f5", "d6", "c3", "d3"].iter().map(|m| m.parse().unwrap()).collect();
        let review = |eval, weights: bool| {
            let mut engine = Engine::new(1);
            if weights {
                engine.set_pattern_weights(Some(crate::othello::pattern::file::bundled().unwrap()));
            }
            let limits = ReviewLimits { depth: 4, exact_from_empties: 0, eval };
            review_game(&mut engine, Position::start(), &moves, &limits, &monotonic_ms, &mut |_, _| {})
        };
        let course = review(EvalChoice::Course, false);
        assert_eq!(review(EvalChoice::Pattern, false), course);
        let pattern = review(EvalChoice::Pattern, true);
        assert_ne!(pattern, course);
        // The pattern evaluation's scale is discs: an opening is within a few discs of even.
        for position in &pattern.positions {
            assert!(position.score_black.abs() < 8.0, "{position:?}");
        }
    }
}
