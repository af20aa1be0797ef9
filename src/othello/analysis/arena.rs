//! Engine against engine: openings, players, games and match tallies. One game loop for every
//! caller: `reversi match`, the self-play experiments (the `selfplay` tool), the strength work
//! and the classroom's heuristic lab.
//!
//! ```
//! use reversi::othello::analysis::arena::{openings, play_game, HeuristicPlayer, HeuristicSettings};
//! let start = openings(1, 4, 7)[0];
//! let mut a = HeuristicPlayer::new(HeuristicSettings::course(1));
//! let mut b = HeuristicPlayer::new(HeuristicSettings::course(2));
//! let game = play_game(start, &mut a, &mut b);
//! assert!(game.end.is_game_over());
//! assert_eq!(game.score_black, game.end.final_score_black());
//! ```

use crate::clock::monotonic_ms;
use crate::othello::analysis::rating::Estimate;
use crate::othello::book::Book;
use crate::othello::eval::course::{evaluate_with, Weights, WEIGHTS};
use crate::othello::eval::expert::{ordered_moves, override_move, ExpertRules};
use crate::othello::eval::pattern::PatternWeights;
use crate::othello::rules::board::{legal_moves, Board, Position};
use crate::othello::rules::square::{Color, Move, Square};
use crate::othello::search::parallel::Team;
use crate::othello::search::{Control, Limits};
use crate::rng::XorShift64Star;
use std::sync::Arc;

/// Anything that chooses moves: the engine at some settings, or the course's plain search.
pub trait Player {
    /// The move to play in `board` (`Move::Pass` exactly when the side to move has no square).
    /// `ply` counts the plies played since the game's start position (a seed for randomness).
    fn choose(&mut self, board: Board, ply: u32) -> Move;

    /// Forgets what was learnt in the previous game (transposition tables).
    fn new_game(&mut self) {}

    /// Told before each game of a match which game it is (0, 1, …): players that draw moves at
    /// random (from the book, or weak levels) vary them from game to game, while a game's moves
    /// stay a function of its number, whichever thread plays it.
    fn set_game(&mut self, _game: u64) {}

    /// The player's game clock has run out (it plays with a clock and its last move overran
    /// it): it loses the game.
    fn out_of_time(&self) -> bool {
        false
    }
}

/// A game clock: the time for the whole game, and what each move adds (Fischer increment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClock {
    pub total_ms: u64,
    pub increment_ms: u64,
}

impl GameClock {
    /// `M+S`: M minutes for the game (a decimal such as `0.5` allowed), S seconds added after each
    /// move (`+S` optional), as the page's `?clock=`.
    pub fn parse(text: &str) -> Option<GameClock> {
        let (minutes, seconds) = text.split_once('+').unwrap_or((text, "0"));
        let ms = |t: &str, unit: f64| -> Option<u64> {
            let x: f64 = t.trim().parse().ok()?;
            (x.is_finite() && x >= 0.0 && x * unit <= 86_400_000.0).then(|| (x * unit).round() as u64)
        };
        let clock = GameClock { total_ms: ms(minutes, 60_000.0)?, increment_ms: ms(seconds, 1000.0)? };
        (clock.total_ms > 0).then_some(clock)
    }
}

/// The playing engine ([`crate::othello::search::Engine`]) with limits chosen per move by a function of the position and
/// the ply (a level's limits, a fixed depth, a time budget…).
pub struct EnginePlayer<F: FnMut(Board, u32) -> Limits> {
    /// The engine, on one thread or several ([`EnginePlayer::with_threads`]).
    engine: Team,
    limits: F,
    /// The clock of time limits (milliseconds).
    clock: fn() -> f64,
    /// The game of the match being played, mixed into the seed of every move.
    game: u64,
    /// A game clock instead of a time per move, and the time left on it in the game being played.
    game_clock: Option<GameClock>,
    left_ms: f64,
    flagged: bool,
}

impl<F: FnMut(Board, u32) -> Limits> EnginePlayer<F> {
    /// An engine with tables of `tt_megabytes` MiB, searching each move with `limits(board, ply)`.
    pub fn new(tt_megabytes: usize, limits: F) -> EnginePlayer<F> {
        EnginePlayer {
            engine: Team::new(1, tt_megabytes),
            limits,
            clock: monotonic_ms,
            game: 0,
            game_clock: None,
            left_ms: 0.0,
            flagged: false,
        }
    }

    /// The same player timing its moves with `clock` (for instance the processor time of its
    /// thread, so that a match at equal time per move stays fair on a loaded machine).
    pub fn with_clock(mut self, clock: fn() -> f64) -> EnginePlayer<F> {
        self.clock = clock;
        self
    }

    /// The same player on a game clock: each move's time is planned from the time left
    /// ([`crate::othello::search::timing::clock_move_budget_ms`], as the page's AI plans it), and
    /// a move that overruns the clock loses the game.
    pub fn with_game_clock(mut self, game_clock: Option<GameClock>) -> EnginePlayer<F> {
        self.game_clock = game_clock;
        self
    }

    /// The same player searching each move on `threads` threads sharing its table
    /// ([`crate::othello::search::parallel`]; natively only). Time it by the wall clock: the
    /// processor time of one thread does not count the others' work.
    pub fn with_threads(mut self, threads: usize) -> EnginePlayer<F> {
        self.engine.set_threads(threads);
        self
    }

    /// The same player with pattern weights (limits that ask for the pattern evaluation get it).
    pub fn with_pattern_weights(mut self, weights: Option<Arc<PatternWeights>>) -> EnginePlayer<F> {
        self.engine.set_pattern_weights(weights);
        self
    }

    /// The same player with an opening book (limits that ask for the book get it).
    pub fn with_book(mut self, book: Option<Arc<Book>>) -> EnginePlayer<F> {
        self.engine.set_book(book);
        self
    }
}

impl<F: FnMut(Board, u32) -> Limits> Player for EnginePlayer<F> {
    fn choose(&mut self, board: Board, ply: u32) -> Move {
        let mut limits = (self.limits)(board, ply);
        limits.seed ^= self.game.wrapping_mul(0xD1B5_4A32_D192_ED03);
        let Some(game_clock) = self.game_clock else {
            return self.engine.search(board, &limits, &mut Control::new(&self.clock)).best_move;
        };
        let left = self.left_ms.max(0.0) as u64;
        let budget =
            crate::othello::search::timing::clock_move_budget_ms(left, game_clock.increment_ms, board.empty_count());
        limits.time_ms = Some(limits.time_ms.map_or(budget, |t| t.min(budget)).max(1));
        let started = (self.clock)();
        let mv = self.engine.search(board, &limits, &mut Control::new(&self.clock)).best_move;
        self.left_ms -= (self.clock)() - started;
        if self.left_ms < 0.0 {
            self.flagged = true;
        }
        self.left_ms += game_clock.increment_ms as f64;
        mv
    }

    fn new_game(&mut self) {
        self.engine.clear();
        self.left_ms = self.game_clock.map_or(0.0, |c| c.total_ms as f64);
        self.flagged = false;
    }

    fn out_of_time(&self) -> bool {
        self.flagged
    }

    fn set_game(&mut self, game: u64) {
        self.game = game;
    }
}

/// How a [`HeuristicPlayer`] plays: the course's evaluation with these weights (a zero weight
/// switches a term off), a fixed depth, and the expert moves used to order or to override.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeuristicSettings {
    pub weights: Weights,
    /// Plies searched (at least 1).
    pub depth: u32,
    /// Rules whose moves are searched first.
    pub ordering: ExpertRules,
    /// Rules whose moves are played at once, without search.
    pub overrides: ExpertRules,
}

impl HeuristicSettings {
    /// The engine's own weights at `depth`, no expert moves.
    pub const fn course(depth: u32) -> HeuristicSettings {
        HeuristicSettings { weights: WEIGHTS, depth, ordering: ExpertRules::NONE, overrides: ExpertRules::NONE }
    }
}

/// Above every evaluation: a finished game is worth its disc difference times this.
const WIN_SCALE: i32 = 1_000;
/// Expert ordering costs a small lookahead; only worth it where enough nodes hang below.
const ORDERING_MIN_DEPTH: u32 = 2;

/// The course's search as a player: fixed-depth negamax alpha-beta over
/// [`evaluate_with`] (a pass is a ply; finished games score their disc difference above any
/// evaluation). No table, no iterative deepening: what differs between two such players is the
/// evaluation and the expert rules, not the search.
pub struct HeuristicPlayer {
    pub settings: HeuristicSettings,
    /// Positions visited since the player was made.
    pub nodes: u64,
}

impl HeuristicPlayer {
    pub fn new(settings: HeuristicSettings) -> HeuristicPlayer {
        HeuristicPlayer { settings, nodes: 0 }
    }

    fn negamax(&mut self, b: Board, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let moves = legal_moves(b.player, b.opponent);
        if moves == 0 && legal_moves(b.opponent, b.player) == 0 {
            return b.final_score() * WIN_SCALE;
        }
        if depth == 0 {
            return evaluate_with(b, &self.settings.weights);
        }
        if moves == 0 {
            return -self.negamax(b.passed(), depth - 1, -beta, -alpha);
        }
        let mut best = -i32::MAX;
        for sq in self.move_order(b, moves, depth) {
            let v = -self.negamax(b.play_unchecked(sq), depth - 1, -beta, -alpha);
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    fn move_order(&self, b: Board, moves: u64, depth: u32) -> Vec<Square> {
        if depth >= ORDERING_MIN_DEPTH && self.settings.ordering != ExpertRules::NONE {
            ordered_moves(b, &self.settings.ordering).collect()
        } else {
            crate::Bitboard(moves).collect()
        }
    }
}

impl Player for HeuristicPlayer {
    fn choose(&mut self, b: Board, _ply: u32) -> Move {
        let moves = legal_moves(b.player, b.opponent);
        if moves == 0 {
            return Move::Pass;
        }
        if let Some(sq) = override_move(b, &self.settings.overrides) {
            return Move::Play(sq);
        }
        let depth = self.settings.depth.max(1);
        let mut best: Option<(Square, i32)> = None;
        let mut alpha = -i32::MAX;
        for sq in self.move_order(b, moves, depth + ORDERING_MIN_DEPTH) {
            let v = -self.negamax(b.play_unchecked(sq), depth - 1, -i32::MAX, -alpha);
            if best.is_none_or(|(_, value)| v > value) {
                best = Some((sq, v));
                alpha = v;
            }
        }
        best.map_or(Move::Pass, |(sq, _)| Move::Play(sq))
    }
}

/// The board after `plies` random plies from the start, forced passes counted as plies (a game
/// that ends on the way stays at its end). Callers that need a move to search check for one.
pub fn random_walk(rng: &mut XorShift64Star, plies: usize) -> Board {
    let mut board = Board::start();
    for _ in 0..plies {
        let moves: Vec<Square> = board.legal_moves().collect();
        if moves.is_empty() {
            board = board.passed();
            continue;
        }
        board = board.play_unchecked(moves[rng.below(moves.len())]);
    }
    board
}

/// Up to `count` distinct positions after `plies` random plies from the start (forced passes
/// included), from a fixed `seed`: the same openings every run. Finished games are left out; if
/// the seed cannot yield `count` distinct ones in a reasonable number of tries, fewer are returned.
pub fn openings(count: usize, plies: usize, seed: u64) -> Vec<Position> {
    let mut rng = XorShift64Star::new(seed);
    let mut out: Vec<Position> = Vec::with_capacity(count);
    let mut tries = 0;
    while out.len() < count && tries < count.saturating_mul(100).max(100) {
        tries += 1;
        let mut pos = Position::start();
        for _ in 0..plies {
            let moves: Vec<Square> = pos.legal_moves().collect();
            let mv = if moves.is_empty() { Move::Pass } else { Move::Play(moves[rng.below(moves.len())]) };
            match pos.play(mv) {
                Ok(next) => pos = next,
                Err(_) => break, // the game is over
            }
        }
        if !pos.is_game_over() && !out.contains(&pos) {
            out.push(pos);
        }
    }
    out
}

/// A finished game: where it started, the moves (passes included) and the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub start: Position,
    pub moves: Vec<Move>,
    pub end: Position,
    /// Final disc difference for Black (empty squares to the winner); a game lost on time
    /// counts as lost by 64.
    pub score_black: i32,
    /// The side whose game clock ran out, if one did.
    pub lost_on_time: Option<Color>,
}

/// Plays from `start` to the end, `black` and `white` choosing their moves.
///
/// A player that answers an illegal move loses it: the first legal move is played instead, so a
/// faulty player cannot stop a match (the engine's players never do this; it is tested).
pub fn play_game(start: Position, black: &mut dyn Player, white: &mut dyn Player) -> GameRecord {
    black.new_game();
    white.new_game();
    let mut pos = start;
    let mut moves = Vec::new();
    let mut ply = 0u32;
    while !pos.is_game_over() {
        let player: &mut dyn Player = if pos.side_to_move() == Color::Black { &mut *black } else { &mut *white };
        let chosen = player.choose(pos.board(), ply);
        let (mv, next) = match pos.play(chosen) {
            Ok(next) => (chosen, next),
            Err(_) => {
                let fallback = pos.legal_moves().into_iter().next().map_or(Move::Pass, Move::Play);
                match pos.play(fallback) {
                    Ok(next) => (fallback, next),
                    Err(_) => break, // unreachable: an unfinished game has a move or a pass
                }
            }
        };
        moves.push(mv);
        let mover = pos.side_to_move();
        pos = next;
        ply += 1;
        let mover_player: &dyn Player = if mover == Color::Black { &*black } else { &*white };
        if mover_player.out_of_time() {
            let score_black = if mover == Color::Black { -64 } else { 64 };
            return GameRecord { start, moves, end: pos, score_black, lost_on_time: Some(mover) };
        }
    }
    GameRecord { start, moves, end: pos, score_black: pos.final_score_black(), lost_on_time: None }
}

/// Wins, draws and losses of one side of a match, with the sum of its disc differences.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub disc_sum: i64,
}

impl Tally {
    /// Counts one game ending with disc difference `diff` for this side.
    pub fn add(&mut self, diff: i32) {
        match diff.cmp(&0) {
            std::cmp::Ordering::Greater => self.wins += 1,
            std::cmp::Ordering::Equal => self.draws += 1,
            std::cmp::Ordering::Less => self.losses += 1,
        }
        self.disc_sum += i64::from(diff);
    }

    pub fn merge(&mut self, other: Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.disc_sum += other.disc_sum;
    }

    /// The same games seen from the other side.
    pub fn reversed(self) -> Tally {
        Tally { wins: self.losses, draws: self.draws, losses: self.wins, disc_sum: -self.disc_sum }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points per game, a win 1 and a draw ½ (0 before any game).
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games().max(1))
    }

    /// Two standard errors of [`score`](Tally::score): a rough 95 % interval.
    pub fn margin(&self) -> f64 {
        let p = self.score();
        2.0 * (p * (1.0 - p) / f64::from(self.games().max(1))).sqrt()
    }

    /// Mean disc difference per game.
    pub fn mean_discs(&self) -> f64 {
        self.disc_sum as f64 / f64::from(self.games().max(1))
    }
}

/// One game of a match, from side A's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    /// Index of the opening in the match's list.
    pub opening: usize,
    /// Whether A had Black.
    pub a_black: bool,
    /// Final disc difference for A (±64 for a game lost on time).
    pub diff: i32,
    /// The game ended on a game clock: A's ran out (`Some(true)`) or B's (`Some(false)`).
    pub a_lost_on_time: Option<bool>,
    /// The moves played from the opening's position (passes included).
    pub moves: Vec<Move>,
}

/// The games of a match (in game order once the match is over: opening 0 with A Black, opening 0
/// with A White, opening 1…).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchReport {
    pub outcomes: Vec<GameOutcome>,
}

impl MatchReport {
    /// A's wins, draws, losses and disc sum.
    pub fn tally(&self) -> Tally {
        let mut t = Tally::default();
        for o in &self.outcomes {
            t.add(o.diff);
        }
        t
    }

    /// The score of every opening whose two games are both played (mean of the two, 0 to 1).
    pub fn pair_scores(&self) -> Vec<f64> {
        let mut by_opening: std::collections::BTreeMap<usize, Vec<f64>> = std::collections::BTreeMap::new();
        for o in &self.outcomes {
            let points = match o.diff.cmp(&0) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            };
            by_opening.entry(o.opening).or_default().push(points);
        }
        by_opening.values().filter(|g| g.len() == 2).map(|g| (g[0] + g[1]) / 2.0).collect()
    }

    /// A's score with its 95 % interval: from the pairs when every game is in a complete pair,
    /// from the single games otherwise (a match in progress).
    pub fn estimate(&self) -> Estimate {
        let pairs = self.pair_scores();
        if pairs.len() * 2 == self.outcomes.len() && !pairs.is_empty() {
            Estimate::from_pairs(&pairs)
        } else {
            let t = self.tally();
            Estimate::from_games(t.wins, t.draws, t.losses)
        }
    }
}

/// A match: every opening played twice, colours swapped, so an unbalanced opening favours neither
/// side. Games are shared out over `threads` threads (each takes the next game not yet started),
/// each thread with its own pair of players made by `make_a` and `make_b`; a player starts every
/// game afresh ([`Player::new_game`]), so the results do not depend on which thread played which
/// game. `on_game` is called after every game with the games so far and the total. Native only:
/// a browser has no threads here (the heuristic lab plays [`play_game`] in workers instead).
pub fn play_match<A, B>(
    starts: &[Position],
    make_a: impl Fn() -> A + Sync,
    make_b: impl Fn() -> B + Sync,
    threads: usize,
    on_game: &(dyn Fn(&MatchReport, usize) + Sync),
) -> MatchReport
where
    A: Player,
    B: Player,
{
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let total = starts.len() * 2;
    let next = AtomicUsize::new(0);
    let report = Mutex::new(MatchReport::default());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, total.max(1)) {
            let (make_a, make_b, next, report) = (&make_a, &make_b, &next, &report);
            scope.spawn(move || {
                let (mut a, mut b) = (make_a(), make_b());
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= total {
                        break;
                    }
                    let (opening, a_black) = (index / 2, index % 2 == 0);
                    let start = starts[opening];
                    a.set_game(index as u64);
                    b.set_game(index as u64);
                    let (game, a_color) = if a_black {
                        (play_game(start, &mut a, &mut b), Color::Black)
                    } else {
                        (play_game(start, &mut b, &mut a), Color::White)
                    };
                    let diff = if a_black { game.score_black } else { -game.score_black };
                    let a_lost_on_time = game.lost_on_time.map(|c| c == a_color);
                    let mut r = report.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                    r.outcomes.push(GameOutcome { opening, a_black, diff, a_lost_on_time, moves: game.moves });
                    on_game(&r, total);
                }
            });
        }
    });
    let mut report = report.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    report.outcomes.sort_by_key(|o| (o.opening, !o.a_black));
    report
}

/// [`play_match`] without progress, as a tally of A's results.
pub fn run_match<A, B>(
    starts: &[Position],
    make_a: impl Fn() -> A + Sync,
    make_b: impl Fn() -> B + Sync,
    threads: usize,
) -> Tally
where
    A: Player,
    B: Player,
{
    play_match(starts, make_a, make_b, threads, &|_, _| {}).tally()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Always answers a1, legal or not.
    struct Stubborn;
    impl Player for Stubborn {
        fn choose(&mut self, _: Board, _: u32) -> Move {
            Move::Play(Square::new(0).expect("a1"))
        }
    }

    #[test]
    fn openings_are_distinct_repeatable_and_unfinished() {
        let a = openings(30, 6, 1);
        assert_eq!(a.len(), 30);
        assert_eq!(a, openings(30, 6, 1));
        assert_ne!(a, openings(30, 6, 2));
        for (i, p) in a.iter().enumerate() {
            assert!(!p.is_game_over());
            assert!(!a[..i].contains(p));
            assert_eq!(p.board().empty_count(), 60 - 6);
        }
    }

    #[test]
    fn a_game_is_legal_from_start_to_end() {
        let start = openings(1, 2, 3)[0];
        let mut a = HeuristicPlayer::new(HeuristicSettings::course(2));
        let mut b = EnginePlayer::new(1, |_, _| Limits::depth(2));
        let game = play_game(start, &mut a, &mut b);
        let mut pos = start;
        for &mv in &game.moves {
            pos = pos.play(mv).expect("every recorded move is legal");
        }
        assert_eq!(pos, game.end);
        assert!(pos.is_game_over());
        assert_eq!(game.score_black, pos.final_score_black());
    }

    #[test]
    fn an_illegal_answer_is_replaced_by_a_legal_move() {
        let game = play_game(Position::start(), &mut Stubborn, &mut Stubborn);
        let mut pos = Position::start();
        for &mv in &game.moves {
            pos = pos.play(mv).expect("legal");
        }
        assert!(pos.is_game_over());
    }

    #[test]
    fn a_deeper_search_wins_a_small_match() {
        let starts = openings(4, 4, 11);
        let tally = run_match(
            &starts,
            || HeuristicPlayer::new(HeuristicSettings::course(3)),
            || HeuristicPlayer::new(HeuristicSettings::course(1)),
            2,
        );
        assert_eq!(tally.games(), 8);
        assert!(tally.score() > 0.5, "{tally:?}");
        assert_eq!(tally.reversed().reversed(), tally);
    }

    #[test]
    fn game_clocks_parse_as_the_page_writes_them() {
        assert_eq!(GameClock::parse("1+2"), Some(GameClock { total_ms: 60_000, increment_ms: 2_000 }));
        assert_eq!(GameClock::parse("0.5"), Some(GameClock { total_ms: 30_000, increment_ms: 0 }));
        for bad in ["", "0", "x", "1+y", "-1", "1+-2", "inf", "99999999"] {
            assert_eq!(GameClock::parse(bad), None, "{bad}");
        }
    }

    /// A clock where every reading is one second after the last: every move takes a second.
    fn slow_clock() -> f64 {
        static NOW: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        NOW.fetch_add(1000, std::sync::atomic::Ordering::Relaxed) as f64
    }

    #[test]
    fn a_player_whose_clock_runs_out_loses_on_time() {
        let clock = Some(GameClock { total_ms: 4_500, increment_ms: 0 });
        let mut slow = EnginePlayer::new(1, |_, _| Limits::depth(1)).with_clock(slow_clock).with_game_clock(clock);
        let mut fast = EnginePlayer::new(1, |_, _| Limits::depth(1));
        let game = play_game(Position::start(), &mut fast, &mut slow);
        assert_eq!(game.lost_on_time, Some(Color::White));
        assert_eq!(game.score_black, 64);
        assert!(game.moves.len() < 20, "{} moves", game.moves.len());
        // A new game starts with the whole clock again.
        let again = play_game(Position::start(), &mut slow, &mut fast);
        assert_eq!(again.lost_on_time, Some(Color::Black));
        assert_eq!(again.score_black, -64);
        // With time enough, the game is played to the end.
        let mut roomy = EnginePlayer::new(1, |_, _| Limits::depth(1))
            .with_game_clock(Some(GameClock { total_ms: 60_000, increment_ms: 0 }));
        let full = play_game(Position::start(), &mut roomy, &mut fast);
        assert_eq!(full.lost_on_time, None);
        assert!(full.end.is_game_over());
    }

    #[test]
    fn tally_scores() {
        let mut t = Tally::default();
        t.add(10);
        t.add(0);
        t.add(-4);
        assert_eq!((t.wins, t.draws, t.losses, t.disc_sum), (1, 1, 1, 6));
        assert!((t.score() - 0.5).abs() < 1e-12);
        assert!((t.mean_discs() - 2.0).abs() < 1e-12);
    }

    /// Plays the first legal move; records the start positions where it moves first, by name.
    struct Recorder(std::sync::Arc<std::sync::Mutex<Vec<(Board, char)>>>, char);
    impl Player for Recorder {
        fn choose(&mut self, b: Board, ply: u32) -> Move {
            if ply == 0 {
                self.0.lock().unwrap().push((b, self.1));
            }
            crate::Bitboard(legal_moves(b.player, b.opponent)).next().map_or(Move::Pass, Move::Play)
        }
    }

    #[test]
    fn every_opening_is_played_once_with_each_colour() {
        let starts = openings(5, 4, 21);
        for threads in [1, 2, 3] {
            let report = play_match(
                &starts,
                || HeuristicPlayer::new(HeuristicSettings::course(2)),
                || HeuristicPlayer::new(HeuristicSettings::course(1)),
                threads,
                &|_, _| {},
            );
            assert_eq!(report.outcomes.len(), 10);
            for (i, o) in report.outcomes.iter().enumerate() {
                assert_eq!((o.opening, o.a_black), (i / 2, i % 2 == 0), "threads {threads}");
            }
            assert_eq!(report.pair_scores().len(), 5);
        }
        // Each opening's first move is A's in one game and B's in the other.
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let starts = openings(3, 4, 5);
        let (sa, sb) = (seen.clone(), seen.clone());
        play_match(&starts, move || Recorder(sa.clone(), 'A'), move || Recorder(sb.clone(), 'B'), 2, &|_, _| {});
        let seen = seen.lock().unwrap();
        assert_eq!(seen.len(), 6);
        for p in &starts {
            for side in ['A', 'B'] {
                assert_eq!(seen.iter().filter(|&&(b, s)| b == p.board() && s == side).count(), 1, "{side}");
            }
        }
    }

    #[test]
    fn a_match_does_not_depend_on_the_number_of_threads() {
        let starts = openings(4, 6, 9);
        let run = |threads| {
            play_match(
                &starts,
                || EnginePlayer::new(1, |_, _| Limits::depth(3)),
                || HeuristicPlayer::new(HeuristicSettings::course(2)),
                threads,
                &|_, _| {},
            )
        };
        assert_eq!(run(1), run(2));
    }

    #[test]
    fn progress_is_reported_after_every_game() {
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let starts = openings(3, 4, 2);
        play_match(
            &starts,
            || HeuristicPlayer::new(HeuristicSettings::course(1)),
            || HeuristicPlayer::new(HeuristicSettings::course(1)),
            2,
            &|report, total| {
                assert_eq!(total, 6);
                let n = calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                assert_eq!(report.outcomes.len(), n);
            },
        );
        assert_eq!(calls.into_inner(), 6);
    }

    #[test]
    fn the_estimate_uses_pairs_once_the_match_is_complete() {
        let o =
            |opening, a_black, diff| GameOutcome { opening, a_black, diff, a_lost_on_time: None, moves: Vec::new() };
        let report = MatchReport { outcomes: vec![o(0, true, 10), o(0, false, -2), o(1, true, 0), o(1, false, 4)] };
        assert_eq!(report.pair_scores(), vec![0.5, 0.75]);
        assert_eq!(report.estimate(), Estimate::from_pairs(&[0.5, 0.75]));
        let partial = MatchReport { outcomes: report.outcomes[..3].to_vec() };
        assert_eq!(partial.estimate(), Estimate::from_games(1, 1, 1));
    }
}
