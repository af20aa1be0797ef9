//! Self-play matches: evaluation weight tables against each other, and each expert rule on against
//! off, as an override and as move ordering.
//!
//! ```text
//! nice cargo run --release --bin selfplay -- weights  [--depth 4] [--openings 100]
//! nice cargo run --release --bin selfplay -- experts  [--depth 4] [--openings 100]
//! nice cargo run --release --bin selfplay -- ordering [--depth 5] [--positions 300]
//! nice cargo run --release --bin selfplay -- engine   [--depth 4] [--openings 100]
//! nice cargo run --release --bin selfplay -- all
//! ```
//!
//! Every match starts from the same set of openings: distinct positions after `--plies` (default
//! 6) random plies from the start, generated from a fixed seed; each opening is played twice with
//! colours swapped, so an unbalanced opening favours neither player (`othello::analysis::arena`, the game
//! loop shared with `reversi match`). Players are `arena::HeuristicPlayer`s: a plain fixed-depth
//! negamax alpha-beta over `eval::evaluate_with` (a pass is a ply; finished games are
//! scored by the final disc difference, above any evaluation), so the evaluation and the rules are
//! what differ, not the search. Games run on two threads. The `engine` mode plays the real
//! `search::Engine` (its evaluation is `eval::evaluate`) against itself with and without overrides.
//! What it found is in docs/log/strength.md.

use reversi::clock::monotonic_ms;
use reversi::othello::analysis::arena::{
    openings, random_walk, run_match, EnginePlayer, HeuristicPlayer, HeuristicSettings, Player as _, Tally,
};
use reversi::othello::eval::course::{evaluate_with, Weights, CANDIDATES, WEIGHTS};
use reversi::othello::eval::expert::{ExpertRules, Rule};
use reversi::othello::rules::board::{legal_moves, Board};
use reversi::othello::search::{Control, Engine, ExpertUse, Limits};
use reversi::rng::XorShift64Star as Rng;
use reversi::Position;
use std::time::Instant;

/// A named player of the course's search (`arena::HeuristicPlayer`).
#[derive(Clone)]
struct Player {
    name: String,
    settings: HeuristicSettings,
}

impl Player {
    fn new(name: &str, weights: Weights, depth: u32) -> Player {
        Player { name: name.to_string(), settings: HeuristicSettings { weights, ..HeuristicSettings::course(depth) } }
    }
}

/// A against B from every opening, both colours; two threads.
fn heuristic_match(a: &Player, b: &Player, starts: &[Position]) -> Tally {
    let (sa, sb) = (a.settings, b.settings);
    run_match(starts, move || HeuristicPlayer::new(sa), move || HeuristicPlayer::new(sb), 2)
}

/// Overrides on top of the real engine: rule on (A) against the same engine with no rule (B).
fn engine_experts(depth: u32, starts: &[Position]) {
    println!(
        "\n## Expert rules as overrides on search::Engine, depth {depth} + exact last 10, {} games per match\n",
        2 * starts.len()
    );
    header();
    let mut configs: Vec<(String, ExpertRules)> =
        Rule::ALL.iter().map(|r| (format!("engine + {}", r.name()), ExpertRules::only(*r))).collect();
    configs.push(("engine + all".into(), ExpertRules::ALL));
    let base = Player::new("engine", WEIGHTS, depth);
    // The real engine, fixed depth, exact over the last 10 empties; overrides stop where the exact
    // solver takes over (nothing beats perfect play).
    let engine = move |rules: ExpertRules| {
        move || {
            EnginePlayer::new(8, move |b: Board, _| {
                let expert = if rules != ExpertRules::NONE && b.empty_count() > 10 {
                    ExpertUse::Override(rules)
                } else {
                    ExpertUse::Off
                };
                Limits { depth: Some(depth), exact_from_empties: Some(10), expert, ..Limits::default() }
            })
        }
    };
    for (name, rules) in configs {
        let t0 = Instant::now();
        let total = run_match(starts, engine(rules), engine(ExpertRules::NONE), 2);
        let mut a = base.clone();
        a.name = name;
        print_match(&a, &base, &total, t0.elapsed().as_secs_f64());
    }
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
        t.mean_discs(),
        secs
    );
}

fn header() {
    println!("| A | B | A wins-draws-losses | A score | A avg disc diff | time |");
    println!("|---|---|---|---:|---:|---:|");
}

fn weights_tournament(depth: u32, starts: &[Position]) {
    println!("\n## Weight tables, round robin, depth {depth}, {} games per pairing\n", 2 * starts.len());
    header();
    let players: Vec<Player> = CANDIDATES.iter().map(|(n, w)| Player::new(n, *w, depth)).collect();
    let mut totals = vec![Tally::default(); players.len()];
    for i in 0..players.len() {
        for j in i + 1..players.len() {
            let t0 = Instant::now();
            let t = heuristic_match(&players[i], &players[j], starts);
            print_match(&players[i], &players[j], &t, t0.elapsed().as_secs_f64());
            totals[i].merge(t);
            totals[j].merge(t.reversed());
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
            t.mean_discs()
        );
    }
}

fn experts_matches(depth: u32, starts: &[Position]) {
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
        a.settings.overrides = rules;
        let t0 = Instant::now();
        let t = heuristic_match(&a, &base, starts);
        print_match(&a, &base, &t, t0.elapsed().as_secs_f64());
    }
}

/// Ordering cannot change a fixed-depth alpha-beta value, only its cost (and ties): measure nodes
/// and time over a fixed set of positions.
fn ordering_cost(depth: u32, positions: usize) {
    let mut rng = Rng::new(0x0DE5_0004);
    let mut boards = Vec::new();
    while boards.len() < positions {
        let plies = 8 + rng.below(40);
        let b = random_walk(&mut rng, plies);
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
        p.settings.ordering = rules;
        let t0 = Instant::now();
        let mut player = HeuristicPlayer::new(p.settings);
        for &b in &boards {
            player.choose(b, 0);
        }
        let nodes = player.nodes;
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
    let starts = openings(n, plies, 0x0004_5E1F_0FF1);
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
