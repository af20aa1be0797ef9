//! Self-play matches: evaluation weight tables against each other, and each expert rule on against
//! off, as an override and as move ordering.
//!
//! ```text
//! nice cargo run --release --example selfplay -- weights  [--depth 4] [--openings 100]
//! nice cargo run --release --example selfplay -- experts  [--depth 4] [--openings 100]
//! nice cargo run --release --example selfplay -- ordering [--depth 5] [--positions 300]
//! nice cargo run --release --example selfplay -- engine   [--depth 4] [--openings 100]
//! nice cargo run --release --example selfplay -- all
//! ```
//!
//! Every match starts from the same set of openings: distinct positions after `--plies` (default
//! 6) random plies from the start, generated from a fixed seed; each opening is played twice with
//! colours swapped, so an unbalanced opening favours neither player. Players are a plain
//! fixed-depth negamax alpha-beta over `eval::evaluate_with` (a pass is a ply; finished games are
//! scored by the final disc difference, above any evaluation), so the evaluation and the rules are
//! what differ, not the search. Games run on two threads. The `engine` mode plays the real
//! `search::Engine` (its evaluation is `eval::evaluate`) against itself with and without overrides.
//!
//! Results (recorded in the documentation of `eval::WEIGHTS` and `expert::ExpertRules::default`):
//! - weights: the chosen table scored 68 % in the depth-5 round robin (300 games per pairing),
//!   94 % against the seed's positional table alone; mobility is the term that matters most.
//! - expert rules as overrides: none helps (37–49 % for single rules at depth ≥ 2, 30–42 % for
//!   all four); as ordering, take_corner + edge_middle cut search time by two thirds against
//!   plain square order at depth 6, but save no nodes inside the engine (its ordering is better).

use reversi::clock::monotonic_ms;
use reversi::othello::board::{legal_moves, Board};
use reversi::othello::eval::{evaluate_with, Weights, CANDIDATES, WEIGHTS};
use reversi::othello::expert::{ordered_moves, override_move, ExpertRules, Rule};
use reversi::othello::search::{Control, Engine, ExpertUse, Limits};
use reversi::Square;
use std::time::Instant;

/// A player: how it evaluates, how deep it looks, which expert rules it uses.
#[derive(Clone)]
struct Player {
    name: String,
    weights: Weights,
    depth: u32,
    /// Rules whose moves are searched first.
    ordering: ExpertRules,
    /// Rules whose moves are played without search.
    overrides: ExpertRules,
}

impl Player {
    fn new(name: &str, weights: Weights, depth: u32) -> Player {
        Player { name: name.to_string(), weights, depth, ordering: ExpertRules::NONE, overrides: ExpertRules::NONE }
    }
}

/// Above every evaluation: a finished game is worth its disc difference times this.
const WIN_SCALE: i32 = 1_000;
/// Expert ordering costs a small lookahead; only worth it where many nodes hang below.
const ORDERING_MIN_DEPTH: u32 = 2;

struct Searcher<'a> {
    player: &'a Player,
    nodes: u64,
}

impl Searcher<'_> {
    fn negamax(&mut self, b: Board, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let moves = legal_moves(b.player, b.opponent);
        if moves == 0 {
            if legal_moves(b.opponent, b.player) == 0 {
                return b.final_score() * WIN_SCALE;
            }
            if depth == 0 {
                return evaluate_with(b, &self.player.weights);
            }
            return -self.negamax(b.passed(), depth - 1, -beta, -alpha);
        }
        if depth == 0 {
            return evaluate_with(b, &self.player.weights);
        }
        let mut best = -i32::MAX;
        let mut visit = |sq: Square, this: &mut Self, alpha: &mut i32| -> bool {
            let v = -this.negamax(b.play_unchecked(sq), depth - 1, -beta, -*alpha);
            if v > best {
                best = v;
            }
            if v > *alpha {
                *alpha = v;
            }
            *alpha >= beta
        };
        if depth >= ORDERING_MIN_DEPTH && self.player.ordering != ExpertRules::NONE {
            for sq in ordered_moves(b, &self.player.ordering) {
                if visit(sq, self, &mut alpha) {
                    break;
                }
            }
        } else {
            let mut m = moves;
            while m != 0 {
                let sq = Square::new(m.trailing_zeros() as u8).unwrap();
                m &= m - 1;
                if visit(sq, self, &mut alpha) {
                    break;
                }
            }
        }
        best
    }

    /// The move to play (None: pass).
    fn choose(&mut self, b: Board) -> Option<Square> {
        let moves = legal_moves(b.player, b.opponent);
        if moves == 0 {
            return None;
        }
        if let Some(sq) = override_move(b, &self.player.overrides) {
            return Some(sq);
        }
        let order: Vec<Square> = if self.player.ordering != ExpertRules::NONE {
            ordered_moves(b, &self.player.ordering).collect()
        } else {
            reversi::Bitboard(moves).collect()
        };
        let mut best = (order[0], -i32::MAX);
        let mut alpha = -i32::MAX;
        for sq in order {
            let v = -self.negamax(b.play_unchecked(sq), self.player.depth - 1, -i32::MAX, -alpha);
            if v > best.1 {
                best = (sq, v);
                alpha = v;
            }
        }
        Some(best.0)
    }
}

/// Plays one game; returns the final disc difference for `first` (who moves first from `start`).
fn play_game(start: Board, first: &Player, second: &Player) -> i32 {
    let mut b = start;
    let mut side = 0;
    let players = [first, second];
    while !b.is_game_over() {
        let mut s = Searcher { player: players[side], nodes: 0 };
        b = match s.choose(b) {
            Some(sq) => b.play_unchecked(sq),
            None => b.passed(),
        };
        side ^= 1;
    }
    let score = b.final_score();
    if side == 0 {
        score
    } else {
        -score
    }
}

/// One game between two copies of the real engine (`search::Engine`, fixed depth, exact solve of
/// the last 10 empties), each with its own override rules (used before the exact solve only); the
/// final disc difference for the first player.
fn play_engine_game(start: Board, rules: [ExpertRules; 2], depth: u32, engines: &mut [Engine; 2]) -> i32 {
    let limits = Limits { depth: Some(depth), exact_from_empties: Some(10), ..Limits::default() };
    for e in engines.iter_mut() {
        e.clear();
    }
    let mut b = start;
    let mut side = 0;
    while !b.is_game_over() {
        // Overrides stop where the exact solver takes over: nothing beats perfect play.
        let rules = if b.empty_count() > 10 { rules[side] } else { ExpertRules::NONE };
        let mv = match override_move(b, &rules) {
            Some(sq) => Some(sq),
            None if legal_moves(b.player, b.opponent) == 0 => None,
            None => engines[side].search(b, &limits, &mut Control::new(&monotonic_ms)).best_move.square(),
        };
        b = match mv {
            Some(sq) => b.play_unchecked(sq),
            None => b.passed(),
        };
        side ^= 1;
    }
    let score = b.final_score();
    if side == 0 {
        score
    } else {
        -score
    }
}

/// Overrides on top of the real engine: rule on (A) against the same engine with no rule (B).
fn engine_experts(depth: u32, starts: &[Board]) {
    println!(
        "\n## Expert rules as overrides on search::Engine, depth {depth} + exact last 10, {} games per match\n",
        2 * starts.len()
    );
    header();
    let mut configs: Vec<(String, ExpertRules)> =
        Rule::ALL.iter().map(|r| (format!("engine + {}", r.name()), ExpertRules::only(*r))).collect();
    configs.push(("engine + all".into(), ExpertRules::ALL));
    let base = Player::new("engine", WEIGHTS, depth);
    for (name, rules) in configs {
        let t0 = Instant::now();
        let half = starts.len().div_ceil(2).max(1);
        let tallies: Vec<Tally> = std::thread::scope(|scope| {
            let handles: Vec<_> = starts
                .chunks(half)
                .map(|chunk| {
                    scope.spawn(move || {
                        let mut engines = [Engine::new(8), Engine::new(8)];
                        let mut t = Tally::default();
                        for &s in chunk {
                            t.add(play_engine_game(s, [rules, ExpertRules::NONE], depth, &mut engines));
                            t.add(-play_engine_game(s, [ExpertRules::NONE, rules], depth, &mut engines));
                        }
                        t
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let mut total = Tally::default();
        for t in tallies {
            total.merge(t);
        }
        let mut a = base.clone();
        a.name = name;
        print_match(&a, &base, &total, t0.elapsed().as_secs_f64());
    }
}

/// xorshift64*, fixed seed: the same openings every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

fn openings(count: usize, plies: usize) -> Vec<Board> {
    let mut rng = Rng(0x0004_5E1F_0FF1);
    let mut out: Vec<Board> = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < count * 100 {
        tries += 1;
        let mut b = Board::start();
        for _ in 0..plies {
            let moves: Vec<Square> = b.legal_moves().collect();
            if moves.is_empty() {
                break;
            }
            b = b.play_unchecked(moves[(rng.next() % moves.len() as u64) as usize]);
        }
        if !b.is_game_over() && !out.contains(&b) {
            out.push(b);
        }
    }
    out
}

/// Result of a match, from player A's side.
#[derive(Default, Clone, Copy)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    disc_sum: i64,
}

impl Tally {
    fn add(&mut self, diff: i32) {
        match diff.cmp(&0) {
            std::cmp::Ordering::Greater => self.wins += 1,
            std::cmp::Ordering::Equal => self.draws += 1,
            std::cmp::Ordering::Less => self.losses += 1,
        }
        self.disc_sum += diff as i64;
    }

    fn merge(&mut self, o: Tally) {
        self.wins += o.wins;
        self.draws += o.draws;
        self.losses += o.losses;
        self.disc_sum += o.disc_sum;
    }

    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points per game, a win 1 and a draw ½.
    fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    /// Two standard errors of `score` (a rough 95 % interval).
    fn margin(&self) -> f64 {
        let p = self.score();
        2.0 * (p * (1.0 - p) / self.games().max(1) as f64).sqrt()
    }
}

/// A against B from every opening, both colours; two threads.
fn run_match(a: &Player, b: &Player, starts: &[Board]) -> Tally {
    let half = starts.len().div_ceil(2);
    let chunks: Vec<&[Board]> = starts.chunks(half.max(1)).collect();
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|chunk| {
                scope.spawn(move || {
                    let mut t = Tally::default();
                    for &s in chunk.iter() {
                        t.add(play_game(s, a, b));
                        t.add(-play_game(s, b, a));
                    }
                    t
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut total = Tally::default();
    for t in tallies {
        total.merge(t);
    }
    total
}

fn print_match(a: &Player, b: &Player, t: &Tally, secs: f64) {
    println!(
        "| {} | {} | {}-{}-{} | {:.1} % ± {:.1} | {:+.2} | {:.0} s |",
        a.name,
        b.name,
        t.wins,
        t.draws,
        t.losses,
        100.0 * t.score(),
        100.0 * t.margin(),
        t.disc_sum as f64 / t.games().max(1) as f64,
        secs
    );
}

fn header() {
    println!("| A | B | A wins-draws-losses | A score | A avg disc diff | time |");
    println!("|---|---|---|---:|---:|---:|");
}

fn weights_tournament(depth: u32, starts: &[Board]) {
    println!("\n## Weight tables, round robin, depth {depth}, {} games per pairing\n", 2 * starts.len());
    header();
    let players: Vec<Player> = CANDIDATES.iter().map(|(n, w)| Player::new(n, *w, depth)).collect();
    let mut totals = vec![Tally::default(); players.len()];
    for i in 0..players.len() {
        for j in i + 1..players.len() {
            let t0 = Instant::now();
            let t = run_match(&players[i], &players[j], starts);
            print_match(&players[i], &players[j], &t, t0.elapsed().as_secs_f64());
            totals[i].merge(t);
            totals[j].merge(Tally { wins: t.losses, draws: t.draws, losses: t.wins, disc_sum: -t.disc_sum });
        }
    }
    println!("\n| table | W-D-L over all pairings | score | avg disc diff |\n|---|---|---:|---:|");
    for (p, t) in players.iter().zip(&totals) {
        println!(
            "| {} | {}-{}-{} | {:.1} % | {:+.2} |",
            p.name,
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score(),
            t.disc_sum as f64 / t.games().max(1) as f64
        );
    }
}

fn experts_matches(depth: u32, starts: &[Board]) {
    println!(
        "\n## Expert rules as overrides, depth {depth}, WEIGHTS, {} games per match (A = rule on, B = off)\n",
        2 * starts.len()
    );
    header();
    let base = Player::new("none", WEIGHTS, depth);
    let mut configs: Vec<(String, ExpertRules)> =
        Rule::ALL.iter().map(|r| (format!("override {}", r.name()), ExpertRules::only(*r))).collect();
    configs.push(("override all".into(), ExpertRules::ALL));
    for (name, rules) in configs {
        let mut a = base.clone();
        a.name = name;
        a.overrides = rules;
        let t0 = Instant::now();
        let t = run_match(&a, &base, starts);
        print_match(&a, &base, &t, t0.elapsed().as_secs_f64());
    }
}

/// Ordering cannot change a fixed-depth alpha-beta value, only its cost (and ties): measure nodes
/// and time over a fixed set of positions.
fn ordering_cost(depth: u32, positions: usize) {
    let mut rng = Rng(0x0DE5_0004);
    let mut boards = Vec::new();
    while boards.len() < positions {
        let plies = 8 + (rng.next() % 40) as usize;
        let mut b = Board::start();
        for _ in 0..plies {
            let moves: Vec<Square> = b.legal_moves().collect();
            if moves.is_empty() {
                b = b.passed();
                continue;
            }
            b = b.play_unchecked(moves[(rng.next() % moves.len() as u64) as usize]);
        }
        if legal_moves(b.player, b.opponent) != 0 {
            boards.push(b);
        }
    }
    println!("\n## How often each rule recommends a move, {positions} positions (8–47 random plies)\n");
    println!("| rule | positions | share |\n|---|---:|---:|");
    for rule in Rule::ALL {
        let n = boards.iter().filter(|&&b| rule.squares(b) != 0).count();
        println!("| {} | {n} | {:.1} % |", rule.name(), 100.0 * n as f64 / boards.len() as f64);
    }
    let t0 = Instant::now();
    let mut sink = 0i64;
    let rounds = 2000;
    for _ in 0..rounds {
        for &b in &boards {
            sink += evaluate_with(std::hint::black_box(b), &WEIGHTS) as i64;
        }
    }
    println!(
        "\nevaluate: {:.0} ns per call (checksum {sink})",
        t0.elapsed().as_secs_f64() * 1e9 / (rounds * boards.len()) as f64
    );
    println!("\n## Expert rules as move ordering, depth {depth}, {positions} positions (8–47 random plies)\n");
    println!("| ordering | nodes | vs none | time |\n|---|---:|---:|---:|");
    let mut configs: Vec<(String, ExpertRules)> = vec![("none".into(), ExpertRules::NONE)];
    configs.extend(Rule::ALL.iter().map(|r| (r.name().to_string(), ExpertRules::only(*r))));
    configs.push(("all".into(), ExpertRules::ALL));
    configs.push(("all but prepare".into(), ExpertRules::ALL.with(Rule::PrepareCornerTactic, false)));
    configs.push(("take_corner + edge_middle".into(), ExpertRules::BEST_FOR_ORDERING));
    let mut base_nodes = 0u64;
    for (name, rules) in configs {
        let mut p = Player::new(&name, WEIGHTS, depth);
        p.ordering = rules;
        let t0 = Instant::now();
        let mut nodes = 0;
        for &b in &boards {
            let mut s = Searcher { player: &p, nodes: 0 };
            s.choose(b);
            nodes += s.nodes;
        }
        if rules == ExpertRules::NONE {
            base_nodes = nodes;
        }
        println!(
            "| {name} | {nodes} | {:+.1} % | {:.2} s |",
            100.0 * (nodes as f64 / base_nodes as f64 - 1.0),
            t0.elapsed().as_secs_f64()
        );
    }
    let engine_depth = depth + 2;
    println!("\n## Expert ordering inside search::Engine, depth {engine_depth}, same positions\n");
    println!("| ordering | nodes | vs none | time |\n|---|---:|---:|---:|");
    let mut configs: Vec<(String, ExpertRules)> = vec![("none".into(), ExpertRules::NONE)];
    configs.extend(Rule::ALL.iter().map(|r| (r.name().to_string(), ExpertRules::only(*r))));
    configs.push(("all".into(), ExpertRules::ALL));
    configs.push(("take_corner + edge_middle".into(), ExpertRules::BEST_FOR_ORDERING));
    let mut engine = Engine::new(16);
    for (name, rules) in configs {
        let expert = if rules == ExpertRules::NONE { ExpertUse::Off } else { ExpertUse::Ordering(rules) };
        let limits = Limits { depth: Some(engine_depth), expert, ..Limits::default() };
        let t0 = Instant::now();
        let mut nodes = 0;
        for &b in &boards {
            engine.clear();
            nodes += engine.search(b, &limits, &mut Control::new(&monotonic_ms)).stats.nodes;
        }
        if rules == ExpertRules::NONE {
            base_nodes = nodes;
        }
        println!(
            "| {name} | {nodes} | {:+.1} % | {:.2} s |",
            100.0 * (nodes as f64 / base_nodes as f64 - 1.0),
            t0.elapsed().as_secs_f64()
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |flag: &str, default: usize| -> usize {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let what = args.first().map(String::as_str).unwrap_or("all");
    let plies = get("--plies", 6);
    let n = get("--openings", 100);
    let starts = openings(n, plies);
    println!("# Self-play: {} openings after {plies} random plies, each played with both colours", starts.len());
    if matches!(what, "weights" | "all") {
        weights_tournament(get("--depth", 4) as u32, &starts);
    }
    if matches!(what, "experts" | "all") {
        experts_matches(get("--depth", 4) as u32, &starts);
    }
    if matches!(what, "engine" | "all") {
        engine_experts(get("--depth", 4) as u32, &starts);
    }
    if matches!(what, "ordering" | "all") {
        ordering_cost(get("--depth", 5) as u32, get("--positions", 300));
    }
}
