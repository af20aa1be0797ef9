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
//! Each position is analysed as the live analysis and the hints analyse it
//! ([`crate::othello::search::Engine::analyze_deep`]: every legal move deepened together to the
//! review's depth, selective with the pattern evaluation, every move solved at the review's
//! empties), on the least of its 8 symmetric images with cleared tables ([`score_position`]), so
//! that its scores depend on the position alone. A move's score is its score in that analysis
//! of the position it was played from, and its loss is the best move's score minus its own: two
//! numbers of one search, the numbers the practice and the analysis board show for that move.
//! The score of the position a move leads to is the move's score (one number for "after move
//! 12" wherever it is read); the start's is its best move's.
//!
//! ```
//! use reversi::clock::monotonic_ms;
//! use reversi::othello::analysis::review::{review_game, Class, ReviewLimits};
//! use reversi::othello::search::{Engine, EvalChoice};
//! use reversi::{Move, Position};
//! let moves: Vec<Move> = ["f5", "d6", "c3"].iter().map(|m| m.parse().unwrap()).collect();
//! let review = review_game(&mut Engine::new(1), Position::start(), &moves, &ReviewLimits { depth: 3, exact_from_empties: 0, eval: EvalChoice::Course }, &monotonic_ms, &mut |_, _| {});
//! assert_eq!(review.positions.len(), 4);
//! assert_eq!(review.moves.len(), 3);
//! assert!(review.moves.iter().all(|m| m.loss >= 0.0 && m.class != Class::Forced));
//! ```

use crate::othello::book::Book;
use crate::othello::eval::pattern::UNITS_PER_DISC;
use crate::othello::rules::bitboard::inverse_symmetry;
use crate::othello::rules::board::{Board, Position};
use crate::othello::rules::square::{Color, Move};
use crate::othello::search::lines::{AnalysisStep, Certainty};
use crate::othello::search::score::Score;
use crate::othello::search::{Control, Engine, EvalChoice, Limits};
use std::fmt;

/// A heuristic evaluation (search units of `eval`, any point of view) as an estimated disc
/// difference: the pattern evaluation counts hundredths of a disc, the course evaluation's scale
/// is measured ([`crate::othello::eval::course::DISCS_PER_UNIT`]).
pub fn eval_to_discs(units: i32, eval: EvalChoice) -> f64 {
    match eval {
        EvalChoice::Pattern => f64::from(units) / f64::from(UNITS_PER_DISC),
        EvalChoice::Course => f64::from(units) * crate::othello::eval::course::DISCS_PER_UNIT,
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

/// A search score in discs as the page shows it, from the same point of view as the score: an
/// exact score as it is, an estimate converted by [`score_in_discs`] (within ±64) and rounded to
/// a tenth of a disc.
///
/// ```
/// use reversi::othello::{analysis::review::score_in_tenths, search::score::Score, search::EvalChoice};
/// assert_eq!(score_in_tenths(Score::Exact(-6), EvalChoice::Pattern), -6.0);
/// assert_eq!(score_in_tenths(Score::Eval(-238), EvalChoice::Pattern), -2.4);
/// assert_eq!(score_in_tenths(Score::Eval(100_000), EvalChoice::Course), 64.0);
/// ```
pub fn score_in_tenths(score: Score, eval: EvalChoice) -> f64 {
    match score {
        Score::Exact(discs) => discs as f64,
        Score::Eval(_) => (score_in_discs(score, eval) * 10.0).round() / 10.0,
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
    /// A move of the opening book with the best book value: no loss (the engine's tables, not a
    /// search of the moment, say it is best).
    Book,
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
            Class::Book => "book",
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
            // Selective as the analysis and the AI's search are, where Multi-ProbCut's parameters
            // were fitted: with the pattern evaluation.
            probcut: self.eval == EvalChoice::Pattern,
            ..Limits::depth(self.depth.max(1))
        }
    }
}

/// A legal move of a reviewed position with its score, in discs for the side to move (as the
/// page shows it: exact, or an estimate to a tenth of a disc).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveValue {
    pub mv: Move,
    pub discs: f64,
    pub exact: bool,
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
    /// Every legal move (the pass, when the side to move must pass) with its score, best first
    /// (empty when the game is over).
    pub values: Vec<MoveValue>,
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

/// Every move of `board` with its score in discs for the side to move and its line, best first,
/// from the last completed step of the analysis under `limits` (outcome steps skipped; with the
/// course evaluation, an estimate is the mean of the move's last two steps: that evaluation
/// favours the side to move at the leaves, so the scores of even and odd depths differ by a few
/// discs, and consecutive positions of a game, analysed from alternating sides, would zigzag by
/// as much). Empty when the game is over.
fn analyse_moves(
    engine: &mut Engine,
    board: Board,
    limits: &Limits,
    clock: &dyn Fn() -> f64,
) -> Vec<(MoveValue, Vec<Move>)> {
    let eval = limits.eval;
    let mut last_two: [Option<AnalysisStep>; 2] = [None, None];
    let mut control = Control::new(clock);
    engine.analyze_deep(board, limits, &mut control, &mut |step| {
        if step.certainty != Certainty::Outcome {
            last_two = [last_two[1].take(), Some(step.clone())];
        }
    });
    let [previous, Some(last)] = last_two else { return Vec::new() };
    let previous = previous.filter(|_| eval == EvalChoice::Course);
    let mut values: Vec<(MoveValue, Vec<Move>)> = last
        .lines
        .iter()
        .filter_map(|line| {
            let score = line.score?;
            let before = previous.as_ref().and_then(|p| p.lines.iter().find(|l| l.mv == line.mv)?.score);
            let discs = match (score, before) {
                (Score::Eval(units), Some(Score::Eval(earlier))) => {
                    let mean = (eval_to_discs(units, eval) + eval_to_discs(earlier, eval)).clamp(-128.0, 128.0) / 2.0;
                    (mean * 10.0).round() / 10.0
                }
                _ => score_in_tenths(score, eval),
            };
            Some((MoveValue { mv: line.mv, discs, exact: matches!(score, Score::Exact(_)) }, line.pv.clone()))
        })
        .collect();
    values.sort_by(|a, b| b.0.discs.total_cmp(&a.0.discs));
    values
}

/// The evaluation a review under `limits` really uses: the pattern evaluation only when asked for
/// and the engine has its weights.
fn effective(engine: &Engine, limits: &ReviewLimits) -> ReviewLimits {
    let eval = if limits.eval == EvalChoice::Pattern && engine.has_pattern_weights() {
        EvalChoice::Pattern
    } else {
        EvalChoice::Course
    };
    ReviewLimits { eval, ..*limits }
}

/// One position analysed as the review analyses it: every legal move scored by the live
/// analysis's search (its last step) on the least of the position's 8 symmetric images
/// ([`Board::canonical`]) with the engine's tables cleared first, moves and lines mapped back to
/// the position as given; the position's score is its best move's (a finished game's, its final
/// score). It depends on nothing but the position (up to the board's symmetries), the limits and
/// the engine's table size: the same position gets the same scores wherever it occurs, in this
/// game or another, whatever was searched before.
///
/// ```
/// use reversi::clock::monotonic_ms;
/// use reversi::othello::analysis::review::{score_position, ReviewLimits};
/// use reversi::othello::search::{Engine, EvalChoice};
/// use reversi::{Move, Position};
/// let limits = ReviewLimits { depth: 4, exact_from_empties: 0, eval: EvalChoice::Course };
/// let after = |m: &str| Position::start().play(m.parse::<Move>().unwrap()).unwrap();
/// let f5 = score_position(&mut Engine::new(1), after("f5"), &limits, &monotonic_ms);
/// let d3 = score_position(&mut Engine::new(1), after("d3"), &limits, &monotonic_ms);
/// assert_eq!(f5.score_black, d3.score_black);
/// assert_eq!(f5.values.len(), 3);
/// ```
pub fn score_position(
    engine: &mut Engine,
    position: Position,
    limits: &ReviewLimits,
    clock: &dyn Fn() -> f64,
) -> ReviewedPosition {
    let limits = effective(engine, limits);
    let (canonical, k) = position.board().canonical();
    engine.clear_midgame_table();
    let back = inverse_symmetry(k);
    let to_move = position.side_to_move();
    let analysed = analyse_moves(engine, canonical, &limits.position(), clock);
    let Some((best, line)) = analysed.first() else {
        // The game is over: its final score.
        let found = engine.search(canonical, &Limits::depth(1), &mut Control::new(clock));
        let discs = score_in_discs(found.score, limits.eval);
        return ReviewedPosition {
            to_move,
            score_black: for_black(discs, to_move),
            exact: true,
            best_line: Vec::new(),
            values: Vec::new(),
        };
    };
    ReviewedPosition {
        to_move,
        score_black: for_black(best.discs, to_move),
        exact: best.exact,
        best_line: line.iter().map(|m| m.symmetric(back)).collect(),
        values: analysed.iter().map(|(v, _)| MoveValue { mv: v.mv.symmetric(back), ..*v }).collect(),
    }
}

/// Whether `mv` is a book move of `position` with the best value of the position (the book's
/// best is one of its moves: no move outside the book was found better).
pub fn is_best_book_move(book: &Book, position: Position, mv: Move) -> bool {
    book.entry(position.board())
        .is_some_and(|e| e.best_in_book() && e.moves.iter().any(|m| m.mv == mv && m.value == e.value))
}

/// The positions of the game played from `start` with `moves` (legal, passes written, as in a
/// `history::History`): the start, then the position after each move; an illegal move ends the
/// list there.
pub fn game_positions(start: Position, moves: &[Move]) -> Vec<Position> {
    let mut positions = vec![start];
    for &mv in moves {
        match positions[positions.len() - 1].play(mv) {
            Ok(next) => positions.push(next),
            Err(_) => break,
        }
    }
    positions
}

/// One position's share of a review: the position analysed and whether the move played from it
/// is judged. Shares are independent of each other (every analysis starts from a cleared midgame
/// table), so a review can be shared out among several engines ([`review_part`] on each, then
/// [`assemble`]) and come out as [`review_game`]'s.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewPart {
    pub position: ReviewedPosition,
    /// The move played was the only legal move ([`Class::Forced`]) or a best move of the book
    /// ([`Class::Book`]): no loss.
    pub free: Option<Class>,
}

/// Analyses position `i` of `positions` (see [`game_positions`]; `moves[i]` was played from it, if
/// any) as [`review_game`] does.
pub fn review_part(
    engine: &mut Engine,
    positions: &[Position],
    moves: &[Move],
    i: usize,
    limits: &ReviewLimits,
    clock: &dyn Fn() -> f64,
) -> ReviewPart {
    let before = positions[i];
    let position = score_position(engine, before, limits, clock);
    let played = moves.get(i).copied().filter(|_| i + 1 < positions.len());
    let Some(mv) = played else {
        return ReviewPart { position, free: None };
    };
    let only_move = before.legal_moves().count() <= 1;
    let book_best = !only_move && engine.book().is_some_and(|b| is_best_book_move(b, before, mv));
    let free = if only_move {
        Some(Class::Forced)
    } else if book_best {
        Some(Class::Book)
    } else {
        None
    };
    ReviewPart { position, free }
}

/// The review of the game from its parts, one per position of [`game_positions`] in order (an
/// error names what does not fit). A move's score is its value in the analysis of the position
/// before it, its loss the best value there minus its own; the position after it takes its score.
pub fn assemble(positions: &[Position], moves: &[Move], parts: Vec<ReviewPart>) -> Result<Review, String> {
    if parts.len() != positions.len() {
        return Err(format!("review: {} parts for a game of {} positions", parts.len(), positions.len()));
    }
    for (i, part) in parts.iter().enumerate() {
        if part.position.to_move != positions[i].side_to_move() {
            return Err(format!("review: part {i} is not of the position after move {i}"));
        }
    }
    let mut review = Review::default();
    for i in 1..parts.len() {
        let (before, mv) = (positions[i - 1], moves[i - 1]);
        let mover = before.side_to_move();
        let part = &parts[i - 1];
        let values = &part.position.values;
        let Some(played) = values.iter().find(|v| v.mv == mv) else {
            return Err(format!("review: part {} has no score for the move played, {mv}", i - 1));
        };
        let best = values[0].discs;
        let loss = if part.free.is_some() { 0.0 } else { (best - played.discs).max(0.0) };
        review.moves.push(ReviewedMove {
            mv,
            mover,
            score_black: for_black(played.discs, mover),
            exact: played.exact,
            // Tenths apart: the difference of two numbers the page shows.
            loss: (loss * 10.0).round() / 10.0,
            class: part.free.unwrap_or_else(|| classify(loss)),
        });
    }
    review.positions = parts.into_iter().map(|p| p.position).collect();
    for (i, m) in review.moves.iter().enumerate() {
        let after = &mut review.positions[i + 1];
        (after.score_black, after.exact) = (m.score_black, m.exact);
    }
    Ok(review)
}

/// Reviews the game played from `start` with `moves` (legal, passes written, as in a
/// `history::History`); an illegal move ends the review there. `on_position(done, total)` is called
/// after each position is scored (`total` = moves + 1). When the engine has an opening book, a
/// move of the book with the position's best book value is [`Class::Book`] with no loss
/// ([`is_best_book_move`]); other moves are judged by their loss.
///
/// Every position is analysed by [`score_position`] (the engine's tables cleared before each);
/// a move's score and loss come from the analysis of the position it was played from
/// ([`assemble`]): every move of one position has as many empty squares after it, so its scores
/// are all exact or all estimates.
pub fn review_game(
    engine: &mut Engine,
    start: Position,
    moves: &[Move],
    limits: &ReviewLimits,
    clock: &dyn Fn() -> f64,
    on_position: &mut dyn FnMut(usize, usize),
) -> Review {
    let positions = game_positions(start, moves);
    let total = positions.len();
    let parts = (0..total)
        .map(|i| {
            let part = review_part(engine, &positions, moves, i, limits, clock);
            on_position(i + 1, total);
            part
        })
        .collect();
    assemble(&positions, moves, parts).expect("one part per position, in order")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::monotonic_ms;
    use crate::othello::records::notation::parse_board;

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
        assert!((eval_to_discs(1000, course) - 1000.0 * crate::othello::eval::course::DISCS_PER_UNIT).abs() < 1e-9);
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

    /// In the midgame (estimated scores), the move scored worst by a wide margin is marked a
    /// mistake or worse with the difference of the two scores the analysis gave, and the best
    /// one is not marked.
    #[test]
    fn a_midgame_blunder_is_marked() {
        let position = played_to(40);
        let limits = ReviewLimits { depth: 4, exact_from_empties: 0, eval: EvalChoice::Course };
        let analysed = score_position(&mut Engine::new(1), position, &limits, &monotonic_ms);
        let legal: Vec<Move> = position.legal_moves().into_iter().map(Move::Play).collect();
        assert_eq!(analysed.values.len(), legal.len(), "every legal move is scored");
        assert!(analysed.values.windows(2).all(|w| w[0].discs >= w[1].discs), "best first");
        let (best, worst) = (analysed.values[0], analysed.values[analysed.values.len() - 1]);
        assert!(best.discs - worst.discs >= THRESHOLDS.mistake + 2.0, "{:?}", analysed.values);
        assert_eq!(analysed.best_line.first(), Some(&best.mv));
        let review = review_game(&mut Engine::new(4), position, &[worst.mv], &limits, &monotonic_ms, &mut |_, _| {});
        let judged = &review.moves[0];
        assert!(!judged.exact);
        assert_eq!(judged.loss, ((best.discs - worst.discs) * 10.0).round() / 10.0);
        assert_eq!(judged.score_black, for_black(worst.discs, position.side_to_move()));
        assert!(matches!(judged.class, Class::Mistake | Class::Blunder), "{judged:?}");
        let review = review_game(&mut Engine::new(4), position, &[best.mv], &limits, &monotonic_ms, &mut |_, _| {});
        assert_eq!((review.moves[0].loss, review.moves[0].class), (0.0, Class::Best));
    }

    /// With the pattern evaluation the review's scores are the hints' (the same analysis, to the
    /// same depth, of the same image of the position).
    #[test]
    fn the_reviews_scores_are_the_hints() {
        let weights = crate::othello::eval::pattern::file::bundled().unwrap();
        let limits = ReviewLimits { depth: 6, exact_from_empties: 14, eval: EvalChoice::Pattern };
        for empties in [44, 30, 13] {
            let position = played_to(empties);
            let mut engine = Engine::new(4);
            engine.set_pattern_weights(Some(weights.clone()));
            let reviewed = score_position(&mut engine, position, &limits, &monotonic_ms);
            let mut hints_engine = Engine::new(4);
            hints_engine.set_pattern_weights(Some(weights.clone()));
            let (canonical, k) = position.board().canonical();
            let hints = hints_engine.analyze_moves(canonical, &limits.position(), &mut Control::new(&monotonic_ms));
            let back = inverse_symmetry(k);
            for (mv, score) in hints {
                let value = reviewed.values.iter().find(|v| v.mv == mv.symmetric(back)).expect("every move");
                assert_eq!(
                    value.discs,
                    score_in_tenths(score.unwrap(), EvalChoice::Pattern),
                    "{mv} at {empties} empties"
                );
                assert_eq!(value.exact, empties <= 14);
            }
        }
    }

    fn moves_of(transcript: &str) -> Vec<Move> {
        crate::othello::records::notation::replay(Position::start(), transcript).unwrap().0
    }

    /// The four first moves are symmetric: the four games that continue them symmetrically get
    /// the same scores, and each first move is best, whatever the engine searched before.
    #[test]
    fn symmetric_games_get_the_same_scores() {
        let games = ["f5d6c3", "d3c5f6", "c4e3f6", "e6f4c3"];
        for weights in [false, true] {
            let limits = ReviewLimits { depth: 6, exact_from_empties: 0, eval: EvalChoice::Pattern };
            let reviews: Vec<Review> = games
                .iter()
                .map(|game| {
                    let mut engine = Engine::new(4);
                    if weights {
                        engine.set_pattern_weights(Some(crate::othello::eval::pattern::file::bundled().unwrap()));
                    }
                    // An earlier, unrelated search must not change anything.
                    engine.search(Board::start(), &Limits::depth(7), &mut Control::new(&monotonic_ms));
                    review_game(&mut engine, Position::start(), &moves_of(game), &limits, &monotonic_ms, &mut |_, _| {})
                })
                .collect();
            let scores = |r: &Review| -> Vec<(f64, bool)> {
                r.positions
                    .iter()
                    .map(|p| (p.score_black, p.exact))
                    .chain(r.moves.iter().map(|m| (m.loss, m.exact)))
                    .collect()
            };
            for (game, review) in games.iter().zip(&reviews) {
                assert_eq!(scores(review), scores(&reviews[0]), "{game} against {} (weights {weights})", games[0]);
                assert_eq!((review.moves[0].loss, review.moves[0].class), (0.0, Class::Best), "{game}");
            }
        }
    }

    /// The score after a move is the next position's score, the same number, in a game of 46
    /// moves (estimates, then exact scores from 16 empties), and its loss the difference of two
    /// scores of the analysis before it.
    #[test]
    fn the_score_after_a_move_is_the_next_positions_score() {
        let position = played_to(14);
        let mut moves = Vec::new();
        let mut p = Position::start();
        // The engine's line to 14 empties, from the start again, to have the moves.
        let mut engine = Engine::new(1);
        while p != position {
            let found = engine.search(p.board(), &Limits::depth(2), &mut Control::new(&monotonic_ms));
            p = p.play(found.best_move).unwrap();
            moves.push(found.best_move);
        }
        assert_eq!(moves.len(), 46);
        let limits = ReviewLimits { depth: 4, exact_from_empties: 16, eval: EvalChoice::Course };
        let review =
            review_game(&mut Engine::new(4), Position::start(), &moves, &limits, &monotonic_ms, &mut |_, _| {});
        assert_eq!(review.moves.len(), 46);
        for (i, m) in review.moves.iter().enumerate() {
            assert_eq!(
                (m.score_black, m.exact),
                (review.positions[i + 1].score_black, review.positions[i + 1].exact),
                "move {}",
                i + 1
            );
        }
        assert!(review.moves.iter().any(|m| m.exact) && review.moves.iter().any(|m| !m.exact));

        // Shared out: every position scored by an engine of its own, last first, then assembled:
        // the same review.
        let positions = game_positions(Position::start(), &moves);
        let mut parts: Vec<(usize, ReviewPart)> = (0..positions.len())
            .rev()
            .map(|i| (i, review_part(&mut Engine::new(1), &positions, &moves, i, &limits, &monotonic_ms)))
            .collect();
        parts.sort_by_key(|(i, _)| *i);
        let parts: Vec<ReviewPart> = parts.into_iter().map(|(_, p)| p).collect();
        assert!(review.moves.iter().any(|m| m.loss > 0.0), "some moves were not the best");
        for (i, m) in review.moves.iter().enumerate() {
            let values = &parts[i].position.values;
            let played = values.iter().find(|v| v.mv == m.mv).unwrap();
            assert_eq!(m.score_black, for_black(played.discs, m.mover), "move {}", i + 1);
            if m.class != Class::Forced {
                assert_eq!(m.loss, ((values[0].discs - played.discs).max(0.0) * 10.0).round() / 10.0, "move {}", i + 1);
            }
        }
        assert_eq!(assemble(&positions, &moves, parts.clone()).unwrap(), review);
        // Parts that do not fit the game are an error, not a wrong review.
        assert!(assemble(&positions, &moves, parts[1..].to_vec()).is_err());
        let mut shifted = parts.clone();
        shifted.swap(0, 1);
        assert!(assemble(&positions, &moves, shifted).is_err());
    }

    /// A position and its 8 images under the board's symmetries get the same score, and best
    /// lines that are images of each other.
    #[test]
    fn symmetric_positions_get_the_same_score() {
        let limits = ReviewLimits { depth: 5, exact_from_empties: 14, eval: EvalChoice::Course };
        for position in [played_to(50), played_to(33), played_to(13)] {
            let side = position.side_to_move();
            let own = score_position(&mut Engine::new(2), position, &limits, &monotonic_ms);
            let symmetric_itself = (1..8).any(|k| position.board().symmetric(k) == position.board());
            assert!(!symmetric_itself, "the test wants positions without symmetry of their own");
            assert_eq!(own.exact, position.board().empty_count() <= 14);
            for k in 0..8 {
                let image = Position::from_board(position.board().symmetric(k), side);
                let scored = score_position(&mut Engine::new(2), image, &limits, &monotonic_ms);
                assert_eq!((scored.score_black, scored.exact), (own.score_black, own.exact), "symmetry {k}");
                let mapped: Vec<Move> = own.best_line.iter().map(|m| m.symmetric(k)).collect();
                assert_eq!(scored.best_line, mapped, "symmetry {k}");
                // The line is playable from the image.
                scored.best_line.iter().try_fold(image, |p, &m| p.play(m)).unwrap();
            }
        }
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
                engine.set_pattern_weights(Some(crate::othello::eval::pattern::file::bundled().unwrap()));
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
