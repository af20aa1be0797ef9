//! The bitboard rules against an independent, deliberately simple array-based reference, over
//! many random games.

use crate::common;
use reversi::rng::XorShift64Star;
use reversi::{Color, Move, Position, Square};

/// The reference: an 8×8 array of cells, walked square by square in the 8 directions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Empty,
    Black,
    White,
}

#[derive(Clone)]
struct ArrayBoard {
    cells: [[Cell; 8]; 8], // [row][col]
    to_move: Cell,
}

const DIRS: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

impl ArrayBoard {
    fn start() -> ArrayBoard {
        let mut cells = [[Cell::Empty; 8]; 8];
        cells[3][3] = Cell::White; // d4
        cells[4][4] = Cell::White; // e5
        cells[4][3] = Cell::Black; // d5
        cells[3][4] = Cell::Black; // e4
        ArrayBoard { cells, to_move: Cell::Black }
    }

    fn other(c: Cell) -> Cell {
        match c {
            Cell::Black => Cell::White,
            Cell::White => Cell::Black,
            Cell::Empty => Cell::Empty,
        }
    }

    /// Squares (row, col) flipped if `who` plays at (r, c).
    fn flips(&self, who: Cell, r: i32, c: i32) -> Vec<(i32, i32)> {
        let mut all = Vec::new();
        if self.cells[r as usize][c as usize] != Cell::Empty {
            return all;
        }
        for (dr, dc) in DIRS {
            let mut line = Vec::new();
            let (mut rr, mut cc) = (r + dr, c + dc);
            while (0..8).contains(&rr)
                && (0..8).contains(&cc)
                && self.cells[rr as usize][cc as usize] == Self::other(who)
            {
                line.push((rr, cc));
                rr += dr;
                cc += dc;
            }
            if !line.is_empty()
                && (0..8).contains(&rr)
                && (0..8).contains(&cc)
                && self.cells[rr as usize][cc as usize] == who
            {
                all.extend(line);
            }
        }
        all
    }

    fn moves(&self, who: Cell) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for r in 0..8 {
            for c in 0..8 {
                if !self.flips(who, r, c).is_empty() {
                    out.push((r, c));
                }
            }
        }
        out
    }

    fn play(&mut self, r: i32, c: i32) {
        let who = self.to_move;
        for (fr, fc) in self.flips(who, r, c) {
            self.cells[fr as usize][fc as usize] = who;
        }
        self.cells[r as usize][c as usize] = who;
        self.to_move = Self::other(who);
    }

    fn count(&self, who: Cell) -> usize {
        self.cells.iter().flatten().filter(|&&x| x == who).count()
    }

    fn same_as(&self, p: Position) -> bool {
        let side = if self.to_move == Cell::Black { Color::Black } else { Color::White };
        if side != p.side_to_move() {
            return false;
        }
        Square::all().all(|sq| {
            let cell = self.cells[sq.row() as usize][sq.col() as usize];
            let want = match p.at(sq) {
                Some(Color::Black) => Cell::Black,
                Some(Color::White) => Cell::White,
                None => Cell::Empty,
            };
            cell == want
        })
    }
}

#[test]
fn ten_thousand_random_games_agree_with_the_array_reference() {
    let mut rng = XorShift64Star::from_state(0x5eed_1234_abcd_0001);
    let mut positions_checked = 0u64;
    for game in 0..10_000 {
        let mut reference = ArrayBoard::start();
        let mut pos = Position::start();
        loop {
            assert!(reference.same_as(pos), "game {game}: boards diverged\n{pos:?}");
            let want: Vec<(i32, i32)> = reference.moves(reference.to_move);
            let got: Vec<(i32, i32)> = pos.legal_moves().map(|s| (s.row() as i32, s.col() as i32)).collect();
            let mut want_sorted = want.clone();
            want_sorted.sort();
            let mut got_sorted = got.clone();
            got_sorted.sort();
            assert_eq!(got_sorted, want_sorted, "game {game}: legal moves differ");
            // Flip sets for every move agree.
            for &(r, c) in &want {
                let sq = Square::from_coords(c as u8, r as u8).unwrap();
                let mut want_flips: Vec<(i32, i32)> = reference.flips(reference.to_move, r, c);
                want_flips.sort();
                let mut got_flips: Vec<(i32, i32)> =
                    pos.board().flips(sq).map(|s| (s.row() as i32, s.col() as i32)).collect();
                got_flips.sort();
                assert_eq!(got_flips, want_flips);
            }
            positions_checked += 1;
            if want.is_empty() {
                let opponent_moves = reference.moves(ArrayBoard::other(reference.to_move));
                if opponent_moves.is_empty() {
                    assert!(pos.is_game_over());
                    assert!(!pos.must_pass());
                    let b = reference.count(Cell::Black) as i32;
                    let w = reference.count(Cell::White) as i32;
                    assert_eq!((pos.count(Color::Black) as i32, pos.count(Color::White) as i32), (b, w));
                    let e = 64 - b - w;
                    let expected = if b > w {
                        b - w + e
                    } else if w > b {
                        b - w - e
                    } else {
                        0
                    };
                    assert_eq!(pos.final_score_black(), expected);
                    assert!(pos.play(Move::Pass).is_err());
                    break;
                }
                assert!(pos.must_pass());
                pos = pos.play(Move::Pass).expect("forced pass is legal");
                reference.to_move = ArrayBoard::other(reference.to_move);
                continue;
            }
            assert!(pos.play(Move::Pass).is_err(), "a pass is refused while moves exist");
            let (r, c) = want[rng.below(want.len())];
            pos = pos.play(Move::Play(Square::from_coords(c as u8, r as u8).unwrap())).unwrap();
            reference.play(r, c);
        }
    }
    assert!(positions_checked > 500_000);
}

#[test]
fn illegal_squares_are_refused_like_the_reference() {
    let mut rng = XorShift64Star::from_state(77);
    for _ in 0..500 {
        let plies = rng.below(50);
        let pos = common::random_position(&mut rng, plies);
        for sq in Square::all() {
            let legal = pos.legal_moves().contains(sq);
            assert_eq!(pos.play(Move::Play(sq)).is_ok(), legal, "{sq}");
        }
    }
}
