//! Every move with its line: the live analysis of the analysis board, which asks for one depth
//! after another (then an exact solve) and shows each move's score, its principal variation and
//! how deep it was searched.

use super::score::Score;
use super::{Control, Engine, Limits};
use crate::othello::rules::board::Board;
use crate::othello::rules::square::Move;

/// A legal move as the analysis found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLine {
    pub mv: Move,
    /// The score for the side that plays `mv`; `None` when the search was stopped before it
    /// completed one iteration (no number is made up).
    pub score: Option<Score>,
    /// The principal variation, starting with `mv` (just `mv` while the score is unknown).
    pub pv: Vec<Move>,
    /// Plies searched counting `mv` (the empty squares before it, when the score is exact).
    pub depth: u32,
}

impl Engine {
    /// Every legal move with its score, its principal variation and its depth, best first (known
    /// scores before unknown ones, equal scores in square order). Each move's search is the one
    /// [`Engine::analyze_moves`] makes (one ply less deep, the same exact limit), so the scores
    /// are the hints'; this keeps the lines. The time and node limits apply to the whole call (no
    /// share per move: the live analysis bounds each call by its depth). A side that must pass
    /// gets one line starting with `Move::Pass`; a finished game gets none. With
    /// [`Control::team`], the team's helpers search each move along.
    ///
    /// ```
    /// use reversi::{clock::monotonic_ms, othello::search::{Control, Engine, Limits}, Board};
    /// let lines = Engine::new(1).analyze_lines(Board::start(), &Limits::depth(3), &mut Control::new(&monotonic_ms));
    /// assert_eq!(lines.len(), 4);
    /// assert!(lines.iter().all(|l| l.pv[0] == l.mv && l.depth == 3));
    /// ```
    pub fn analyze_lines(&mut self, board: Board, limits: &Limits, control: &mut Control) -> Vec<MoveLine> {
        if let Some(team) = control.team {
            team.share.open(team.session);
        }
        let start = (control.clock)();
        self.reset_counters(limits, start, true);
        let mut lines = self.lines(board, limits, control, start);
        if let Some(team) = control.team {
            team.share.close(team.session);
        }
        // Insertion sort, stable: equal scores keep their square order.
        let key = |l: &MoveLine| l.score.map_or(i64::MIN, |s| i64::from(s.to_value()));
        crate::othello::book::sort_small(&mut lines, |a, b| key(a) > key(b));
        lines
    }

    fn lines(&mut self, board: Board, limits: &Limits, control: &mut Control, start: f64) -> Vec<MoveLine> {
        let searched = self.search_each_move(board, limits, control, start, false);
        searched
            .into_iter()
            .map(|(mv, found)| {
                let score = found.score();
                let mut pv = vec![mv];
                let mut depth = 1;
                if score.is_some() {
                    pv.extend_from_slice(&found.result.pv);
                    depth += found.result.stats.depth;
                }
                MoveLine { mv, score, pv, depth }
            })
            .collect()
    }
}
