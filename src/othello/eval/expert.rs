//! The expert moves of the course notes (seed 004, "Jogadas especialistas"): local patterns that
//! recommend a move without search.
//!
//! | rule | recommends |
//! |---|---|
//! | [`take_corner`] | a legal corner ("Tomar cantos diretamente") |
//! | [`corner_tactic`] | an edge move after which a corner is ours next turn whatever the opponent replies ("Tática tomar cantos") |
//! | [`prepare_corner_tactic`] | a move that makes such a tactic available next turn ("Prepara tomar cantos") |
//! | [`edge_middle`] | a single empty edge square between two opponent edge discs ("Meios") |
//!
//! The seed's figures are lost, so the patterns follow its text. Its tactic: red plays an edge
//! square that threatens a corner through an opponent edge disc; if blue takes the threatening disc
//! back, red takes the corner "through the 3 discs"; if blue ignores it, red takes the corner
//! directly. Rather than matching that one drawing, [`corner_tactic`] checks the property the text
//! states (every reply leaves a new corner move), which covers the drawing and its mirror images
//! on all four corners.
//!
//! The rules can be used two ways: as *move ordering* ([`ordered_moves`]: recommended moves are
//! searched first) or as *overrides* ([`override_move`]: a recommended move is played without
//! search). Each rule is switched on or off in [`ExpertRules`].
//!
//! # Which rules to use
//!
//! In self-play no rule helps as an override once the search looks two or more plies ahead: the
//! search already sees the corner a rule wants, and also what it costs. As move ordering,
//! `take_corner` and `edge_middle` pay in a naïvely ordered alpha-beta but save nothing in the
//! engine, whose own ordering already does better. So the default is every rule off;
//! `tools/src/bin/selfplay.rs` measures them ([`ExpertRules::default`]).

use crate::othello::eval::course::evaluate;
use crate::othello::rules::bitboard::Bitboard;
use crate::othello::rules::board::{legal_moves, Board};
use crate::othello::rules::square::Square;

/// The four corners.
const CORNERS: u64 = 0x8100_0000_0000_0081;
const COL_A: u64 = 0x0101_0101_0101_0101;
const COL_H: u64 = COL_A << 7;
const ROW_1: u64 = 0xFF;
const ROW_8: u64 = ROW_1 << 56;
/// The 24 edge squares that are not corners.
const EDGE_NOT_CORNER: u64 = (COL_A | COL_H | ROW_1 | ROW_8) & !CORNERS;

/// The squares of a set, lowest first, without allocating.
#[inline]
fn squares(set: u64) -> impl Iterator<Item = Square> {
    Bitboard(set)
}

/// Corners the side to move can take now.
///
/// ```
/// use reversi::{Board, othello::eval::expert::take_corner};
/// // Own c3, opponent b2: a1 is legal.
/// let b = Board { player: 1 << 18, opponent: 1 << 9 };
/// assert_eq!(take_corner(b), 1);
/// assert_eq!(take_corner(Board::start()), 0);
/// ```
#[inline]
pub fn take_corner(board: Board) -> u64 {
    legal_moves(board.player, board.opponent) & CORNERS
}

/// True when, in `after` (the opponent to move, just after our move), every opponent reply —
/// a pass included — leaves us a legal move on a corner in `new_corners`.
fn every_reply_leaves_a_corner(after: Board, new_corners: u64) -> bool {
    let replies = legal_moves(after.player, after.opponent);
    if replies == 0 {
        // The opponent passes (or the game is over, and then nobody moves).
        return legal_moves(after.opponent, after.player) & new_corners != 0;
    }
    squares(replies).all(|r| {
        let back = after.play_unchecked(r);
        legal_moves(back.player, back.opponent) & new_corners != 0
    })
}

/// Edge moves that guarantee a corner next turn, whatever the opponent replies (a corner that is
/// not already takeable now, so this rule is not just [`take_corner`] delayed).
///
/// Cost: one move generation per (edge move × reply); cheap enough for the root or shallow
/// ordering, not for every leaf.
///
/// ```
/// use reversi::{othello::eval::expert::corner_tactic, Board};
/// // Row 1: a1 empty, b1 white, c1 empty, e1 black; c2 white, c3 black. Black c1 (flipping c2)
/// // threatens a1 over b1; if white retakes c1 with d1, black takes a1 over b1 c1 d1.
/// let rows = ["-O--X---", "--O-----", "--X-----", "--------", "--------", "--------", "--------", "--------"];
/// let b = Board::from_rows(rows);
/// assert_eq!(corner_tactic(b), 1 << 2); // c1
/// ```
pub fn corner_tactic(board: Board) -> u64 {
    let legal = legal_moves(board.player, board.opponent);
    let new_corners = CORNERS & !legal;
    let mut result = 0;
    for m in squares(legal & EDGE_NOT_CORNER) {
        if every_reply_leaves_a_corner(board.play_unchecked(m), new_corners) {
            result |= m.bit();
        }
    }
    result
}

/// Moves that make a [`corner_tactic`] available on our next turn (if the opponent does not
/// prevent it), without handing the opponent a corner. Corners and tactic moves themselves are
/// excluded: those rules come first.
///
/// The opponent's reply is not enumerated (that is the tactic's job): this rule sets up the
/// threat, which is what the seed says it is for, since the tactic's pattern rarely arises by
/// itself.
///
/// ```
/// use reversi::{othello::eval::expert::prepare_corner_tactic, Board};
/// // As in `corner_tactic`, but e1 is empty: black e1 (flipping e2) sets up the c1 tactic.
/// let rows = ["-O------", "--O-O---", "--X-X---", "--------", "--------", "--------", "--------", "--------"];
/// let b = Board::from_rows(rows);
/// assert!(prepare_corner_tactic(b) & 1 << 4 != 0); // e1
/// ```
pub fn prepare_corner_tactic(board: Board) -> u64 {
    let legal = legal_moves(board.player, board.opponent);
    let tactic = corner_tactic(board);
    let mut result = 0;
    for m in squares(legal & !CORNERS & !tactic) {
        let after = board.play_unchecked(m);
        if legal_moves(after.player, after.opponent) & CORNERS != 0 {
            continue; // gives the opponent a corner
        }
        // Our next turn as if the opponent passed: is a tactic there?
        if corner_tactic(after.passed()) != 0 {
            result |= m.bit();
        }
    }
    result
}

/// Legal edge squares (not corners) whose two neighbours along the edge are both opponent discs:
/// the single gap the opponent left in its edge.
///
/// Technique: shift the opponent set one square each way along the edge (columns a/h
/// vertically, rows 1/8 horizontally) and intersect.
///
/// ```
/// use reversi::{othello::eval::expert::edge_middle, Board};
/// // Row 8: white d8 and f8 around an empty e8; black e6 behind white e7 makes e8 legal.
/// let rows = ["--------", "--------", "--------", "--------", "--------", "----X---", "----O---", "---O-O--"];
/// let b = Board::from_rows(rows);
/// assert_eq!(edge_middle(b), 1 << 60); // e8
/// ```
#[inline]
pub fn edge_middle(board: Board) -> u64 {
    let o = board.opponent;
    let horizontal = ((o << 1) & !COL_A) & ((o >> 1) & !COL_H) & (ROW_1 | ROW_8);
    let vertical = (o << 8) & (o >> 8) & (COL_A | COL_H);
    (horizontal | vertical) & EDGE_NOT_CORNER & legal_moves(board.player, board.opponent)
}

/// One expert rule, for display and iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// [`take_corner`].
    TakeCorner,
    /// [`corner_tactic`].
    CornerTactic,
    /// [`prepare_corner_tactic`].
    PrepareCornerTactic,
    /// [`edge_middle`].
    EdgeMiddle,
}

impl Rule {
    /// Every rule in priority order (what [`override_move`] tries first).
    pub const ALL: [Rule; 4] = [Rule::TakeCorner, Rule::CornerTactic, Rule::PrepareCornerTactic, Rule::EdgeMiddle];

    /// Stable lowercase identifier.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::TakeCorner => "take_corner",
            Rule::CornerTactic => "corner_tactic",
            Rule::PrepareCornerTactic => "prepare_corner_tactic",
            Rule::EdgeMiddle => "edge_middle",
        }
    }

    /// Human-readable name.
    pub const fn label(self) -> &'static str {
        match self {
            Rule::TakeCorner => "Take a corner",
            Rule::CornerTactic => "Corner-taking tactic",
            Rule::PrepareCornerTactic => "Prepare the corner tactic",
            Rule::EdgeMiddle => "Edge middle",
        }
    }

    /// The squares this rule recommends for the side to move.
    ///
    /// ```
    /// use reversi::{Board, othello::eval::expert::Rule};
    /// assert_eq!(Rule::TakeCorner.squares(Board { player: 1 << 18, opponent: 1 << 9 }), 1);
    /// ```
    pub fn squares(self, board: Board) -> u64 {
        match self {
            Rule::TakeCorner => take_corner(board),
            Rule::CornerTactic => corner_tactic(board),
            Rule::PrepareCornerTactic => prepare_corner_tactic(board),
            Rule::EdgeMiddle => edge_middle(board),
        }
    }
}

/// Which rules are switched on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ExpertRules {
    /// Use [`take_corner`].
    pub take_corner: bool,
    /// Use [`corner_tactic`].
    pub corner_tactic: bool,
    /// Use [`prepare_corner_tactic`].
    pub prepare_corner_tactic: bool,
    /// Use [`edge_middle`].
    pub edge_middle: bool,
}

impl ExpertRules {
    /// Every rule off.
    pub const NONE: ExpertRules =
        ExpertRules { take_corner: false, corner_tactic: false, prepare_corner_tactic: false, edge_middle: false };
    /// Every rule on.
    pub const ALL: ExpertRules =
        ExpertRules { take_corner: true, corner_tactic: true, prepare_corner_tactic: true, edge_middle: true };

    /// Only `rule` on.
    pub const fn only(rule: Rule) -> ExpertRules {
        ExpertRules::NONE.with(rule, true)
    }

    /// A copy with `rule` switched to `on`.
    pub const fn with(self, rule: Rule, on: bool) -> ExpertRules {
        let mut r = self;
        match rule {
            Rule::TakeCorner => r.take_corner = on,
            Rule::CornerTactic => r.corner_tactic = on,
            Rule::PrepareCornerTactic => r.prepare_corner_tactic = on,
            Rule::EdgeMiddle => r.edge_middle = on,
        }
        r
    }

    /// Whether `rule` is on.
    pub const fn is_on(&self, rule: Rule) -> bool {
        match rule {
            Rule::TakeCorner => self.take_corner,
            Rule::CornerTactic => self.corner_tactic,
            Rule::PrepareCornerTactic => self.prepare_corner_tactic,
            Rule::EdgeMiddle => self.edge_middle,
        }
    }
}

impl ExpertRules {
    /// The rules worth using as move ordering *in a search without an ordering of its own* (such
    /// as a plain classroom alpha-beta): [`take_corner`] and [`edge_middle`], both cheap bit
    /// tricks; the tactic rules' lookahead costs more time than their few saved nodes. In
    /// `search::Engine`, whose ordering already puts corners first and tries the
    /// transposition-table move, no rule saves nodes.
    pub const BEST_FOR_ORDERING: ExpertRules =
        ExpertRules { take_corner: true, corner_tactic: false, prepare_corner_tactic: false, edge_middle: true };

    /// The rules worth playing as overrides: none. Every rule, played without search, loses games
    /// against the same search without it, the more so the deeper the search; preparing the
    /// tactic most (it spends a move on a threat the opponent simply answers).
    pub const BEST_FOR_OVERRIDES: ExpertRules = ExpertRules::NONE;
}

impl Default for ExpertRules {
    /// [`ExpertRules::NONE`]: for the engine every rule off is best, both as overrides (each rule
    /// loses games) and as ordering (no node saved, time lost). For a search with naïve move
    /// order use [`ExpertRules::BEST_FOR_ORDERING`].
    ///
    /// Measured by the `selfplay` tool: `experts` and `engine` (the rules as overrides, against
    /// the same player without them), `ordering` (the rules as move ordering).
    fn default() -> ExpertRules {
        ExpertRules::NONE
    }
}

/// The squares recommended by the rules that are on (a subset of the legal moves).
///
/// ```
/// use reversi::{Board, othello::eval::expert::{recommended, ExpertRules}};
/// let b = Board { player: 1 << 18, opponent: 1 << 9 };
/// assert_eq!(recommended(b, &ExpertRules::ALL), 1);
/// assert_eq!(recommended(b, &ExpertRules::NONE), 0);
/// ```
pub fn recommended(board: Board, rules: &ExpertRules) -> u64 {
    Rule::ALL.iter().filter(|r| rules.is_on(**r)).fold(0, |acc, r| acc | r.squares(board))
}

/// The legal moves, those recommended by the rules first (rule by rule in [`Rule::ALL`] priority),
/// then the others in square order. No allocation.
///
/// ```
/// use reversi::{Board, othello::eval::expert::{ordered_moves, ExpertRules}};
/// let b = Board { player: 1 << 18 | 1 << 27, opponent: 1 << 9 | 1 << 26 };
/// let first = ordered_moves(b, &ExpertRules::ALL).next().unwrap();
/// assert_eq!(first.to_string(), "a1");
/// ```
pub fn ordered_moves(board: Board, rules: &ExpertRules) -> impl Iterator<Item = Square> {
    let legal = legal_moves(board.player, board.opponent);
    let mut buckets = [0u64; 5];
    let mut taken = 0u64;
    for (i, rule) in Rule::ALL.iter().enumerate() {
        if rules.is_on(*rule) {
            buckets[i] = rule.squares(board) & legal & !taken;
            taken |= buckets[i];
        }
    }
    buckets[4] = legal & !taken;
    buckets.into_iter().flat_map(squares)
}

/// The move to play without search, if a rule that is on recommends one: the highest-priority rule
/// with a recommendation decides, and among its squares the one after which [`evaluate`] is best
/// for us breaks ties.
///
/// ```
/// use reversi::{Board, othello::eval::expert::{override_move, ExpertRules}};
/// let b = Board { player: 1 << 18, opponent: 1 << 9 };
/// assert_eq!(override_move(b, &ExpertRules::ALL).map(|s| s.to_string()), Some("a1".into()));
/// assert_eq!(override_move(Board::start(), &ExpertRules::ALL), None);
/// ```
pub fn override_move(board: Board, rules: &ExpertRules) -> Option<Square> {
    let legal = legal_moves(board.player, board.opponent);
    let choices = Rule::ALL.iter().filter(|r| rules.is_on(**r)).map(|r| r.squares(board) & legal).find(|&s| s != 0)?;
    // The opponent moves next, so a lower evaluation after the move is better for us.
    squares(choices).min_by_key(|&sq| evaluate(board.play_unchecked(sq)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A diagram with `side` (`X` or `O`) to move.
    fn board(rows: [&str; 8], side: &str) -> Board {
        let b = Board::from_rows(rows);
        if side == "X" {
            b
        } else {
            b.passed()
        }
    }

    fn sq(name: &str) -> u64 {
        name.parse::<Square>().unwrap().bit()
    }

    const EMPTY_ROW: &str = "--------";

    #[test]
    fn take_corner_only_when_legal() {
        let b =
            board(["--------", "-O------", "--X-----", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, "------O-", "-------X"], "X");
        assert_eq!(take_corner(b), sq("a1"));
        // White to move: h8 is black, a1 not reachable for white.
        assert_eq!(take_corner(b.passed()), 0);
    }

    /// The tactic of the seed on the top edge.
    fn tactic_position() -> Board {
        board(["-O--X---", "--O-----", "--X-----", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW], "X")
    }

    #[test]
    fn corner_tactic_found_on_every_side() {
        let b = tactic_position();
        assert_eq!(corner_tactic(b), sq("c1"));
        // Mirror onto the left edge (transpose): b1 → a2, c1 → a3.
        let t = |x: u64| (0..64).filter(|i| x >> i & 1 != 0).fold(0u64, |acc, i| acc | 1 << ((i % 8) * 8 + i / 8));
        let bt = Board { player: t(b.player), opponent: t(b.opponent) };
        assert_eq!(corner_tactic(bt), sq("a3"));
        // Mirror onto the bottom edge (flip rows): c1 → c8.
        let bf = Board { player: b.player.swap_bytes(), opponent: b.opponent.swap_bytes() };
        assert_eq!(corner_tactic(bf), sq("c8"));
    }

    #[test]
    fn corner_tactic_rejects_a_threat_that_can_be_parried() {
        // Without e1, white's d1 retakes c1 and a1 is no longer reachable.
        let b = board(["-O------", "--O-----", "--X-----", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW], "X");
        assert!(b.legal_moves().contains("c1".parse().unwrap()));
        assert_eq!(corner_tactic(b), 0);
        // A corner that is already legal is take_corner's, not a tactic.
        let b = board(["-OX-----", "-X------", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW], "X");
        assert_eq!(take_corner(b), sq("a1"));
        assert_eq!(corner_tactic(b), 0);
    }

    #[test]
    fn prepare_sets_up_the_tactic() {
        let b = board(["-O------", "--O-O---", "--X-X---", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW], "X");
        let prep = prepare_corner_tactic(b);
        assert_ne!(prep & sq("e1"), 0);
        assert_eq!(corner_tactic(b), 0);
        // Nothing to prepare from the start.
        assert_eq!(prepare_corner_tactic(Board::start()), 0);
        // A tactic already available is the tactic's, not the preparation's.
        assert_eq!(prepare_corner_tactic(tactic_position()) & sq("c1"), 0);
    }

    #[test]
    fn edge_middle_needs_opponent_discs_on_both_sides() {
        let rows = [EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, "----X---", "----O---", "---O-O--"];
        assert_eq!(edge_middle(board(rows, "X")), sq("e8"));
        // One side empty: not a middle.
        let rows = [EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, "----X---", "----O---", "---O----"];
        assert_eq!(edge_middle(board(rows, "X")), 0);
        // Own discs around the gap: not a middle either (and not legal through the edge).
        let rows = [EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, "----X---", "----O---", "---X-X--"];
        assert_eq!(edge_middle(board(rows, "X")), 0);
        // The left edge: a4 between white a3 and a5, legal via b4 (white) and c4 (black).
        let rows = [EMPTY_ROW, EMPTY_ROW, "O-------", "-OX-----", "O-------", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW];
        assert_eq!(edge_middle(board(rows, "X")), sq("a4"));
        // Not legal: recommended nothing even though the pattern is there.
        let rows = [EMPTY_ROW, EMPTY_ROW, "O-------", "-O------", "O-------", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW];
        assert_eq!(edge_middle(board(rows, "X")), 0);
    }

    #[test]
    fn ordering_and_overrides_follow_the_switches() {
        let b = tactic_position();
        let all: Vec<Square> = ordered_moves(b, &ExpertRules::ALL).collect();
        let none: Vec<Square> = ordered_moves(b, &ExpertRules::NONE).collect();
        assert_eq!(all[0].bit(), sq("c1"));
        assert_eq!(all.len(), none.len());
        let mut sorted = all.clone();
        sorted.sort();
        assert_eq!(sorted, none);
        assert_eq!(override_move(b, &ExpertRules::only(Rule::CornerTactic)).map(|s| s.bit()), Some(sq("c1")));
        assert_eq!(override_move(b, &ExpertRules::only(Rule::EdgeMiddle)), None);
        assert_eq!(override_move(b, &ExpertRules::NONE), None);
        assert_eq!(recommended(b, &ExpertRules::NONE), 0);
    }

    #[test]
    fn arbitrary_boards_never_panic() {
        // Unreachable and even overlapping bitboards: every function must still return.
        let mut rng = crate::rng::XorShift64::from_state(crate::rng::GOLDEN_GAMMA);
        for _ in 0..2000 {
            let x = rng.next_u64();
            let b = Board { player: x, opponent: x.rotate_left(17) ^ x >> 3 };
            let legal = legal_moves(b.player, b.opponent);
            assert_eq!(recommended(b, &ExpertRules::ALL) & !legal, 0);
            assert_eq!(ordered_moves(b, &ExpertRules::ALL).count() as u32, legal.count_ones());
            if let Some(sq) = override_move(b, &ExpertRules::ALL) {
                assert_ne!(legal & sq.bit(), 0);
            }
        }
    }

    #[test]
    fn rules_never_recommend_illegal_moves() {
        // Random games: every recommendation is legal.
        let mut rng = crate::rng::XorShift64::from_state(0x1234_5678_9abc_def1);
        for _ in 0..60 {
            let mut b = Board::start();
            while !b.is_game_over() {
                let legal = legal_moves(b.player, b.opponent);
                assert_eq!(recommended(b, &ExpertRules::ALL) & !legal, 0);
                if legal == 0 {
                    b = b.passed();
                    continue;
                }
                let k = (rng.next_u64() % legal.count_ones() as u64) as usize;
                b = b.play_unchecked(squares(legal).nth(k).unwrap());
            }
        }
    }
}
