//! The evaluation against slow references on many random positions: the breakdown adds up to
//! `evaluate`, the positional term matches a square-by-square sum, values stay bounded.

use reversi::othello::eval::course::{
    breakdown, breakdown_with, evaluate, evaluate_with, positional, raw, square_weights, Phase, Term, Weights,
    CANDIDATES, MAX_EVAL, WEIGHTS,
};
use reversi::othello::rules::board::legal_moves;
use reversi::othello::rules::stability::stable_discs;
use reversi::{Board, Square};

use reversi::rng::XorShift64Star;

/// A uniformly random member of the non-empty set `set`.
fn pick(rng: &mut XorShift64Star, set: u64) -> Square {
    let mut s = set;
    for _ in 0..rng.below(set.count_ones() as usize) {
        s &= s - 1;
    }
    Square::new(s.trailing_zeros() as u8).unwrap()
}

/// Positions from random games, every ply of every game (so all phases appear).
fn random_game_positions(rng: &mut XorShift64Star, games: usize) -> Vec<Board> {
    let mut out = Vec::new();
    for _ in 0..games {
        let mut b = Board::start();
        while !b.is_game_over() {
            out.push(b);
            let moves = legal_moves(b.player, b.opponent);
            b = if moves == 0 { b.passed() } else { b.play_unchecked(pick(rng, moves)) };
        }
        out.push(b);
    }
    out
}

/// Arbitrary (mostly unreachable) boards: evaluate must still behave.
fn random_boards(rng: &mut XorShift64Star, n: usize) -> Vec<Board> {
    (0..n)
        .map(|_| {
            let a = rng.next_u64() & rng.next_u64() | rng.next_u64() & rng.next_u64() & rng.next_u64();
            let b = rng.next_u64() & !a;
            Board { player: a, opponent: b }
        })
        .collect()
}

fn slow_positional(b: Board) -> i32 {
    let w = square_weights(b.player | b.opponent);
    (0..64)
        .map(|sq| {
            if b.player >> sq & 1 != 0 {
                w[sq]
            } else if b.opponent >> sq & 1 != 0 {
                -w[sq]
            } else {
                0
            }
        })
        .sum()
}

#[test]
fn breakdown_adds_up_to_evaluate_and_terms_match_references() {
    let mut rng = XorShift64Star::from_state(0xE7A1_0004);
    let mut boards = random_game_positions(&mut rng, 100);
    boards.extend(random_boards(&mut rng, 2000));
    assert!(boards.len() > 7000);
    let mut phases_seen = [0usize; 4];
    for b in boards {
        let report = breakdown(b);
        assert_eq!(report.total, evaluate(b), "{b:?}");
        assert!(report.total.abs() <= MAX_EVAL);
        let discs = (b.player | b.opponent).count_ones();
        assert_eq!(report.discs, discs);
        assert_eq!(report.phase, Phase::of(discs));
        phases_seen[report.phase.index()] += 1;
        assert_eq!(report.terms.iter().map(|t| t.term).collect::<Vec<_>>(), Term::ALL);
        let sum: i32 = report.terms.iter().map(|t| t.contribution).sum();
        assert_eq!(sum.clamp(-MAX_EVAL, MAX_EVAL), report.total);
        for t in &report.terms {
            assert_eq!(t.weight, WEIGHTS[report.phase.index()][t.term.index()]);
            assert_eq!(t.contribution, t.raw * t.weight);
            assert_eq!(t.raw, raw(b, t.term));
        }
        // Each raw term against its definition.
        assert_eq!(report.terms[0].raw, slow_positional(b));
        assert_eq!(report.terms[1].raw, b.legal_moves().count() as i32 - b.passed().legal_moves().count() as i32);
        assert_eq!(
            report.terms[2].raw,
            stable_discs(b.player, b.opponent).count_ones() as i32
                - stable_discs(b.opponent, b.player).count_ones() as i32
        );
        assert_eq!(report.terms[3].raw, b.player.count_ones() as i32 - b.opponent.count_ones() as i32);
        // Every term is a difference, so seeing the board from the other side negates it.
        assert_eq!(evaluate(b.passed()), -evaluate(b));
        for (_, w) in CANDIDATES {
            assert_eq!(breakdown_with(b, &w).total, evaluate_with(b, &w));
        }
    }
    assert!(phases_seen.iter().all(|&n| n > 100), "{phases_seen:?}");
}

#[test]
fn values_stay_bounded_even_with_huge_weights() {
    let huge: Weights = [[i32::MAX; 4]; 4];
    let mut rng = XorShift64Star::from_state(7);
    for b in random_boards(&mut rng, 500) {
        let v = evaluate_with(b, &huge);
        assert!(v.abs() <= MAX_EVAL);
        assert_eq!(breakdown_with(b, &huge).total, v);
    }
    // The real weights stay far from the bound on the most lopsided boards there are.
    for (p, o) in [(u64::MAX, 0), (0x8100_0000_0000_0081, 0x7E7E_7E7E_7E7E_7E7E)] {
        let b = Board { player: p, opponent: o };
        assert!(evaluate(b).abs() < MAX_EVAL / 4, "{}", evaluate(b));
    }
}

/// A diagram (it may leave centre squares empty, which no position read from text may) with
/// `side` (`X` or `O`) to move.
fn board(rows: [&str; 8], side: &str) -> Board {
    let b = Board::from_rows(rows);
    if side == "X" {
        b
    } else {
        b.passed()
    }
}

#[test]
fn corner_capture_rescores_its_neighbours_for_both_sides() {
    // Black: a1, b1 (edge neighbour), b2 (X-square). White: g7 (X-square of the open h8 corner),
    // d4. After a1 is taken: a1 99, b1 12, b2 8; g7 stays -24 (h8 is empty), d4 is 1.
    let b =
        board(["XX------", "-X------", "--------", "---O----", "--------", "--------", "------O-", "--------"], "X");
    assert_eq!(positional(b.player, b.opponent), (99 + 12 + 8) - (-24 + 1));
    // The same shape with no corner taken uses table 1 (b1 -8, b2 -24, g7 -24, d4 0).
    let b =
        board(["-X------", "-X------", "--------", "---O----", "--------", "--------", "------O-", "--------"], "X");
    assert_eq!(positional(b.player, b.opponent), (-8 - 24) - (-24));
}

#[test]
fn the_breakdown_of_a_known_position() {
    // After f5 d6 (black to move): hand-counted terms.
    let b = Board::start().play_unchecked("f5".parse().unwrap()).play_unchecked("d6".parse().unwrap());
    let r = breakdown(b);
    assert_eq!(r.phase, Phase::Opening);
    assert_eq!(r.discs, 6);
    // Black: e4, e5, f5 (0 + 0 + 4); white: d4, d5, d6 (0 + 0 + 4).
    assert_eq!(r.terms[0].raw, 0);
    assert_eq!(r.terms[3].raw, 0);
    assert_eq!(r.terms[2].raw, 0);
    assert_eq!(r.terms[1].raw, b.legal_moves().count() as i32 - b.passed().legal_moves().count() as i32);
    let text = r.to_string();
    for t in Term::ALL {
        assert!(text.contains(t.label()));
    }
}
