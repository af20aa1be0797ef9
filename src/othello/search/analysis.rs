//! Every move scored: the hints' analysis ([`Engine::analyze_moves`], the live analysis's steps)
//! and the weak levels' play, which draws its move among those scored near the best.

use super::lines::{Certainty, MoveLine};
use super::score::Score;
use super::{Control, Engine, Limits, SearchResult, Searched, Stats};
use crate::othello::eval::course::evaluate;
use crate::othello::rules::board::{legal_moves, Board};
use crate::othello::rules::square::{Move, Square};
use crate::rng::mix_seed;

impl Engine {
    /// Scores every legal move (for hints) with the live analysis's search
    /// ([`Engine::analyze_deep`]: every move deepened together, one table, selective when the
    /// limits ask for Multi-ProbCut, solved when the empties allow): each move's score is the one
    /// of the last completed step with scores (a step of outcomes alone is skipped), so a hint's
    /// number is the analysis's at the same depth, and the moves of one call are scored alike.
    /// When the limits stop the search before its first step, every score is `None`: unknown, no
    /// number is made up. Legal moves in square order (the pass, when the side to move must
    /// pass; nothing when the game is over). With [`Control::team`], the team's helpers search along.
    ///
    /// ```
    /// use reversi::{clock::monotonic_ms, othello::search::{Control, Engine, Limits}, Board};
    /// let mut engine = Engine::new(1);
    /// let scored = engine.analyze_moves(Board::start(), &Limits::depth(3), &mut Control::new(&monotonic_ms));
    /// assert_eq!(scored.len(), 4);
    /// assert!(scored.iter().all(|(_, score)| score.is_some()));
    /// ```
    pub fn analyze_moves(
        &mut self,
        board: Board,
        limits: &Limits,
        control: &mut Control,
    ) -> Vec<(Move, Option<Score>)> {
        let mut scored: Option<Vec<MoveLine>> = None;
        self.analyze_deep(board, limits, control, &mut |step| {
            if step.certainty != Certainty::Outcome {
                scored = Some(step.lines.clone());
            }
        });
        let mut moves: Vec<(Move, Option<Score>)> = match scored {
            Some(lines) => lines.into_iter().map(|line| (line.mv, line.score)).collect(),
            None => {
                let legal: Vec<Move> = board.legal_moves().map(Move::Play).collect();
                let pass = legal.is_empty() && !board.is_game_over();
                legal.into_iter().chain(pass.then_some(Move::Pass)).map(|mv| (mv, None)).collect()
            }
        };
        moves.sort_by_key(|(mv, _)| mv.square().map(|sq| sq.index()));
        moves
    }

    fn analyze(
        &mut self,
        board: Board,
        limits: &Limits,
        control: &mut Control,
        start: f64,
    ) -> Vec<(Move, Option<Score>)> {
        self.search_each_move(board, limits, control, start, true)
            .into_iter()
            .map(|(mv, found)| (mv, found.score()))
            .collect()
    }

    /// Each legal move (or the pass, when the side to move must pass; nothing when the game is
    /// over) searched one ply less deep: the move and what its search found. `share_time`: each
    /// move gets an equal share of the time left (weak play); otherwise the limits bound the
    /// whole call.
    pub(super) fn search_each_move(
        &mut self,
        board: Board,
        limits: &Limits,
        control: &mut Control,
        start: f64,
        share_time: bool,
    ) -> Vec<(Move, Searched)> {
        // The child searches report nothing: their progress is the opponent's, a score from the
        // other side and a line starting with its reply, which a caller would show as the mover's.
        let on_progress = control.on_progress.take();
        let searched = self.search_children(board, limits, control, start, share_time);
        control.on_progress = on_progress;
        searched
    }

    fn search_children(
        &mut self,
        board: Board,
        limits: &Limits,
        control: &mut Control,
        start: f64,
        share_time: bool,
    ) -> Vec<(Move, Searched)> {
        let child_limits = Self::child_limits(limits);
        let mut moves = legal_moves(board.player, board.opponent);
        if moves == 0 {
            if legal_moves(board.opponent, board.player) == 0 {
                return Vec::new();
            }
            let found = self.search_best(board.passed(), &child_limits, control, start);
            return vec![(Move::Pass, found)];
        }
        let count = moves.count_ones() as u64;
        let mut out = Vec::with_capacity(count as usize);
        let deadline = self.deadline;
        let mut index = 0;
        while moves != 0 {
            let sq = Square::new(moves.trailing_zeros() as u8).expect("bit index < 64");
            moves &= moves - 1;
            // Share the remaining time fairly between the moves still to score.
            if share_time && deadline.is_finite() {
                let now = (control.clock)();
                self.deadline = now + (deadline - now).max(0.0) / (count - index) as f64;
            }
            // Each move searched under its own limits: an earlier move's stop does not carry over.
            self.aborted = false;
            let found = self.search_best(board.play_unchecked(sq), &child_limits, control, start);
            out.push((Move::Play(sq), found));
            index += 1;
        }
        self.deadline = deadline;
        out
    }

    fn child_limits(limits: &Limits) -> Limits {
        Limits {
            depth: limits.depth.map(|d| d.saturating_sub(1).max(1)),
            exact_from_empties: limits.exact_from_empties.map(|e| e.saturating_sub(1)),
            randomness: 0,
            ..limits.clone()
        }
    }

    /// Weak play on purpose: every move is scored, then one is drawn among those within
    /// `randomness` of the best. Moves left unscored (the limits ran out) are not drawn; if no
    /// move could be scored, all are drawn from, with the static evaluation after each.
    pub(super) fn search_randomized(&mut self, board: Board, limits: &Limits, control: &mut Control) -> SearchResult {
        let start = (control.clock)();
        let analyzed = self.analyze(board, limits, control, start);
        let mut scored: Vec<(Move, Score)> = analyzed.iter().filter_map(|&(mv, score)| Some((mv, score?))).collect();
        if scored.is_empty() {
            scored = analyzed
                .iter()
                .filter_map(|&(mv, _)| {
                    let child = board.play_unchecked(mv.square()?);
                    Some((mv, Score::from_value(-evaluate(child))))
                })
                .collect();
        }
        let best_value = scored.iter().map(|(_, s)| s.to_value()).max().unwrap_or(0);
        let candidates: Vec<&(Move, Score)> =
            scored.iter().filter(|(_, s)| s.to_value() >= best_value.saturating_sub(limits.randomness)).collect();
        let pick = (mix_seed(limits.seed ^ board.hash()) % candidates.len().max(1) as u64) as usize;
        let (mv, score) = candidates.get(pick).map_or((Move::Pass, Score::Eval(0)), |c| **c);
        let result = SearchResult {
            best_move: mv,
            score,
            pv: vec![mv],
            stats: Stats { depth: limits.depth.unwrap_or(1), ..Stats::default() },
            book: false,
        };
        // One report, of the move drawn and its score for the side to move.
        let elapsed = ((control.clock)() - start).max(0.0) as u64;
        self.report(control, &result, elapsed);
        result
    }
}
