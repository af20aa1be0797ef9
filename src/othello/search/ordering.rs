//! Move ordering for the midgame search: the transposition table's move first, then the course's
//! expert moves (when asked for), then the rest by a score of static square value, the opponent's
//! replies left (fastest first) and, deep in the tree, the pattern evaluation of the position
//! after the move. The moves are handed out best first by selection, one at a time. The exact
//! solver orders its own moves ([`super::endgame`]).

use crate::othello::eval::expert::{recommended, ExpertRules};
use crate::othello::eval::pattern::PatternWeights;
use crate::othello::rules::board::{legal_moves, legal_moves_both, Board};
use crate::othello::rules::square::Square;

/// Order by the opponent's replies (fastest first) at nodes with at least this much depth below
/// them; shallower nodes use the square values alone.
const MOBILITY_ORDERING_DEPTH: u32 = 3;
/// Order by the pattern evaluation (when the search evaluates with it) at nodes with at least
/// this much depth below them: shallower, the evaluations cost more than the nodes they save.
const PATTERN_ORDERING_DEPTH: u32 = 5;
/// Put the course's expert moves first (when the search asks for it) at nodes with at least this
/// much depth below them, enough to pay for recognising the patterns.
const EXPERT_ORDERING_DEPTH: u32 = 3;

/// The ordering score of the transposition table's move: above every other.
const TT_MOVE_SCORE: i32 = i32::MAX;
/// The ordering score of an expert move: right after the table's move.
const EXPERT_MOVE_SCORE: i32 = i32::MAX - 1;

/// Static square values used to order moves (corners first, X- and C-squares last).
const SQUARE_ORDER: [i32; 64] = {
    let rows: [[i32; 8]; 4] = [
        [99, -8, 8, 6, 6, 8, -8, 99],
        [-8, -24, -4, -3, -3, -4, -24, -8],
        [8, -4, 7, 4, 4, 7, -4, 8],
        [6, -3, 4, 0, 0, 4, -3, 6],
    ];
    let mut t = [0; 64];
    let mut i = 0;
    while i < 64 {
        let r = i / 8;
        let r = if r < 4 { r } else { 7 - r };
        t[i] = rows[r][i % 8];
        i += 1;
    }
    t
};

/// The moves of a node with ordering scores, handed out best first (selection sort: most nodes
/// cut off after one or two moves, so sorting everything up front would be wasted).
pub(super) struct MoveList {
    squares: [u8; 32],
    scores: [i32; 32],
    len: usize,
}

impl MoveList {
    /// The `moves` of `b` ordered for a node with `depth` plies below it: `tt_move` first, then
    /// the moves `expert` recommends, then by score, with the pattern evaluation in the score when
    /// `pattern` is given.
    #[inline]
    pub(super) fn ordered(
        b: Board,
        moves: u64,
        tt_move: u8,
        depth: u32,
        pattern: Option<&PatternWeights>,
        expert: &ExpertRules,
    ) -> MoveList {
        let mut list = MoveList::new(b, moves, tt_move, depth);
        if depth >= PATTERN_ORDERING_DEPTH {
            if let Some(weights) = pattern {
                list.order_by_pattern(b, weights);
            }
        }
        if depth >= EXPERT_ORDERING_DEPTH && *expert != ExpertRules::NONE {
            list.prefer(recommended(b, expert));
        }
        list
    }

    /// The moves scored by square value, and from [`MOBILITY_ORDERING_DEPTH`] by the replies
    /// they leave.
    #[inline]
    fn new(b: Board, mut moves: u64, tt_move: u8, depth: u32) -> MoveList {
        let mut list = MoveList { squares: [0; 32], scores: [0; 32], len: 0 };
        while moves != 0 && list.len < 32 {
            let i = moves.trailing_zeros() as u8;
            moves &= moves - 1;
            let score = if i == tt_move {
                TT_MOVE_SCORE
            } else if depth >= MOBILITY_ORDERING_DEPTH {
                // Fastest first: leave the opponent as few replies as possible.
                let child = b.play_unchecked(Square::new(i).expect("bit index < 64"));
                SQUARE_ORDER[i as usize] - 16 * legal_moves(child.player, child.opponent).count_ones() as i32
            } else {
                SQUARE_ORDER[i as usize]
            };
            list.squares[list.len] = i;
            list.scores[list.len] = score;
            list.len += 1;
        }
        list
    }

    /// Rescores the moves after the table's move by the pattern evaluation of the position after
    /// each (best for us first), plus the square value and the opponent's mobility.
    fn order_by_pattern(&mut self, b: Board, weights: &PatternWeights) {
        for k in 0..self.len {
            if self.scores[k] >= EXPERT_MOVE_SCORE {
                continue;
            }
            let child = b.play_unchecked(Square::new(self.squares[k]).expect("a square of the list"));
            let (replies, ours) = legal_moves_both(child.player, child.opponent);
            self.scores[k] = -weights.evaluate_with_mobility(child, replies, ours) / 4
                - 16 * replies.count_ones() as i32
                + SQUARE_ORDER[self.squares[k] as usize];
        }
    }

    /// Puts `squares` right after the transposition-table move.
    fn prefer(&mut self, squares: u64) {
        for k in 0..self.len {
            if squares & (1u64 << self.squares[k]) != 0 && self.scores[k] != TT_MOVE_SCORE {
                self.scores[k] = EXPERT_MOVE_SCORE;
            }
        }
    }

    /// The best-scored move not handed out yet.
    #[inline]
    pub(super) fn next_best(&mut self) -> Option<Square> {
        if self.len == 0 {
            return None;
        }
        let mut best = 0;
        for i in 1..self.len {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        let sq = self.squares[best];
        self.len -= 1;
        self.squares[best] = self.squares[self.len];
        self.scores[best] = self.scores[self.len];
        Square::new(sq)
    }
}
