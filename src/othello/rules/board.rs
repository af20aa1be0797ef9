//! The rules of Othello on bitboards.
//!
//! [`Board`] is relative to the side to move (`player`, `opponent`), which is what search wants:
//! after a move the two sets swap. [`Position`] adds the colour of the side to move, which is what
//! people and notation want.

use crate::othello::rules::bitboard::{symmetry, Bitboard};
use crate::othello::rules::square::{Color, Move, Square};
use crate::rng::{mix64, mix_seed};
use std::fmt;

/// Every square but columns a and h: stops horizontal and diagonal fills from wrapping a row.
const NOT_EDGE_COLUMNS: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// Squares that can be legally played by `player` against `opponent`.
///
/// Technique: parallel-prefix (Kogge–Stone) fill in each of the 4 line directions, both ways at
/// once; a run of up to 6 opponent discs is found in 3 doubling steps.
#[inline]
pub fn legal_moves(player: u64, opponent: u64) -> u64 {
    #[inline(always)]
    fn along(player: u64, mask: u64, d: u32) -> u64 {
        let mut up = mask & (player << d);
        let mut down = mask & (player >> d);
        up |= mask & (up << d);
        down |= mask & (down >> d);
        let pairs_up = mask & (mask << d);
        let pairs_down = pairs_up >> d;
        up |= pairs_up & (up << (2 * d));
        down |= pairs_down & (down >> (2 * d));
        up |= pairs_up & (up << (2 * d));
        down |= pairs_down & (down >> (2 * d));
        (up << d) | (down >> d)
    }
    let inner = opponent & NOT_EDGE_COLUMNS;
    let moves =
        along(player, inner, 1) | along(player, opponent, 8) | along(player, inner, 7) | along(player, inner, 9);
    moves & !(player | opponent)
}

/// Both sides' legal moves: `(legal_moves(player, opponent), legal_moves(opponent, player))`.
/// What a search's leaf needs (the side to move's moves, and both mobilities for the pattern
/// evaluation).
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline(always)]
pub fn legal_moves_both(player: u64, opponent: u64) -> (u64, u64) {
    (legal_moves(player, opponent), legal_moves(opponent, player))
}

/// Both sides' legal moves, in the wasm SIMD build: [`legal_moves`]'s fill with each side's
/// view in one lane of a vector, so that both cost about what one does.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
pub fn legal_moves_both(player: u64, opponent: u64) -> (u64, u64) {
    use core::arch::wasm32::*;
    #[inline(always)]
    fn along(player: v128, mask: v128, d: u32) -> v128 {
        let mut up = v128_and(mask, u64x2_shl(player, d));
        let mut down = v128_and(mask, u64x2_shr(player, d));
        up = v128_or(up, v128_and(mask, u64x2_shl(up, d)));
        down = v128_or(down, v128_and(mask, u64x2_shr(down, d)));
        let pairs_up = v128_and(mask, u64x2_shl(mask, d));
        let pairs_down = u64x2_shr(pairs_up, d);
        up = v128_or(up, v128_and(pairs_up, u64x2_shl(up, 2 * d)));
        down = v128_or(down, v128_and(pairs_down, u64x2_shr(down, 2 * d)));
        up = v128_or(up, v128_and(pairs_up, u64x2_shl(up, 2 * d)));
        down = v128_or(down, v128_and(pairs_down, u64x2_shr(down, 2 * d)));
        v128_or(u64x2_shl(up, d), u64x2_shr(down, d))
    }
    let p = u64x2(player, opponent);
    let o = u64x2(opponent, player);
    let inner = v128_and(o, u64x2_splat(NOT_EDGE_COLUMNS));
    let moves = v128_or(v128_or(along(p, inner, 1), along(p, o, 8)), v128_or(along(p, inner, 7), along(p, inner, 9)));
    let moves = v128_andnot(moves, v128_or(p, o));
    (u64x2_extract_lane::<0>(moves), u64x2_extract_lane::<1>(moves))
}

/// Direction steps as (column delta, row delta): E, S, SE, SW go to higher bits; W, N, NW, NE lower.
const DIRECTIONS: [(i8, i8); 8] = [(1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0), (0, -1), (-1, -1), (1, -1)];

/// `RAYS[sq][d]`: the squares strictly beyond `sq` in direction `d`, to the edge.
static RAYS: [[u64; 8]; 64] = build_rays();

const fn build_rays() -> [[u64; 8]; 64] {
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = DIRECTIONS[d];
            let mut c = (sq % 8) as i8 + dc;
            let mut r = (sq / 8) as i8 + dr;
            let mut bits = 0u64;
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                bits |= 1u64 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            rays[sq][d] = bits;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The opponent discs that a disc placed on `sq` would flip (empty if the move is illegal).
///
/// Technique: per direction, the first square along the ray that is not an opponent disc is
/// isolated (lowest bit for rays going up, highest for rays going down); if it is the player's,
/// every ray square before it flips.
#[inline]
pub fn flips(player: u64, opponent: u64, sq: Square) -> u64 {
    flips_at(player, opponent, sq.index() as usize)
}

/// [`flips`] by square index (0..64), for hot loops that walk bitboards and never build a
/// [`Square`]. Panics if `index >= 64`.
///
/// Branch-free: per ray the first non-opponent square is isolated (lowest bit going up, highest
/// going down) and the run before it is kept only if that square is the player's.
#[inline(always)]
pub fn flips_at(player: u64, opponent: u64, index: usize) -> u64 {
    let rays = &RAYS[index];
    let mut flipped = 0u64;
    for &ray in &rays[..4] {
        let stop = ray & !opponent;
        let first = stop & stop.wrapping_neg();
        let bracketed = u64::from(first & player != 0).wrapping_neg();
        flipped |= first.wrapping_sub(1) & ray & bracketed;
    }
    for &ray in &rays[4..] {
        let stop = ray & !opponent;
        // With no stop, `last` becomes h8, which is never on a downward ray: nothing flips.
        let last = (1u64 << 63) >> (stop.leading_zeros() & 63);
        let bracketed = u64::from(last & player != 0).wrapping_neg();
        flipped |= ray & !(last << 1).wrapping_sub(1) & bracketed;
    }
    flipped
}

/// How many discs `player` would flip by playing the last empty square `index` of an otherwise
/// full board (every square but `index` and `player`'s discs is the opponent's).
///
/// Technique: each of the four lines through the square is gathered into a byte (a shift for
/// rows, a multiplication that stacks a file or diagonal into the top byte otherwise) and the
/// flips along it are read from a table built once.
#[inline]
pub fn last_flip_count(player: u64, index: usize) -> u32 {
    let tables = last_flip_tables();
    let [row, file, diagonal, anti_diagonal] = &tables.lines[index];
    let count = |line: &LineInfo, pattern: u8| u32::from(tables.counts[line.table as usize][pattern as usize]);
    count(row, gather_row(player, row.mask))
        + count(file, gather_file(player, file.mask))
        + count(diagonal, gather_diagonal(player, diagonal.mask))
        + count(anti_diagonal, gather_diagonal(player, anti_diagonal.mask))
}

/// One line through a square: its squares and which count table applies to it.
#[derive(Clone, Copy)]
struct LineInfo {
    mask: u64,
    table: u16,
}

struct LastFlipTables {
    /// Per square: row, file, diagonal and anti-diagonal.
    lines: [[LineInfo; 4]; 64],
    /// `counts[table][pattern]`: flips along the line for the player's discs `pattern`.
    counts: Vec<[u8; 256]>,
}

/// A row's squares as a byte (file f → bit f).
#[inline(always)]
fn gather_row(bits: u64, mask: u64) -> u8 {
    ((bits & mask) >> mask.trailing_zeros()) as u8
}

/// A file's squares as a byte (row r → bit r): shifted to file a, the multiplication stacks
/// the rows into the top byte without carries.
#[inline(always)]
fn gather_file(bits: u64, mask: u64) -> u8 {
    (((bits & mask) >> mask.trailing_zeros()).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// A diagonal's squares as a byte (file f → bit f): each lies in its own file, so summing the
/// rows into the top byte cannot carry.
#[inline(always)]
fn gather_diagonal(bits: u64, mask: u64) -> u8 {
    ((bits & mask).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8
}

fn last_flip_tables() -> &'static LastFlipTables {
    static TABLES: std::sync::OnceLock<LastFlipTables> = std::sync::OnceLock::new();
    TABLES.get_or_init(build_last_flip_tables)
}

fn build_last_flip_tables() -> LastFlipTables {
    let mut lines = [[LineInfo { mask: 0, table: 0 }; 4]; 64];
    let mut counts = Vec::new();
    for (index, square_lines) in lines.iter_mut().enumerate() {
        let (col, row) = ((index % 8) as i32, (index / 8) as i32);
        let line_masks = [(1, 0), (0, 1), (1, 1), (1, -1)].map(|(dc, dr)| {
            let mut mask = 0u64;
            for step in -7..=7 {
                let (c, r) = (col + dc * step, row + dr * step);
                if (0..8).contains(&c) && (0..8).contains(&r) {
                    mask |= 1 << (r * 8 + c);
                }
            }
            mask
        });
        for (kind, &mask) in line_masks.iter().enumerate() {
            let bit = 1u64 << index;
            // Every subset of the line's squares is gathered to its pattern and counted directly.
            let mut table = [0u8; 256];
            let squares: Vec<u64> = (0..64).map(|i| 1u64 << i).filter(|b| mask & b != 0).collect();
            for subset in 0u32..(1 << squares.len()) {
                let player =
                    squares.iter().enumerate().filter(|(i, _)| subset >> i & 1 == 1).fold(0, |a, (_, b)| a | b);
                let player = player & !bit;
                let pattern = match kind {
                    0 => gather_row(player, mask),
                    1 => gather_file(player, mask),
                    _ => gather_diagonal(player, mask),
                } as usize;
                let opponent = !player & !bit;
                table[pattern] = (flips_at(player, opponent, index) & mask).count_ones() as u8;
            }
            square_lines[kind] = LineInfo { mask, table: counts.len() as u16 };
            counts.push(table);
        }
    }
    LastFlipTables { lines, counts }
}

/// Stones of the side to move (`player`) and of the other side (`opponent`).
///
/// ```
/// use reversi::Board;
/// let b = Board::start();
/// assert_eq!(b.legal_moves().count(), 4);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    pub player: u64,
    pub opponent: u64,
}

/// Why a move could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The square already holds a disc.
    Occupied(Square),
    /// The square is empty but placing there flips nothing.
    NoFlip(Square),
    /// A pass was asked for while a move exists.
    PassNotAllowed { legal: Bitboard },
    /// A square was played while the side must pass.
    MustPass(Square),
    /// Neither side can move.
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Occupied(sq) => write!(f, "illegal move {sq}: the square is occupied"),
            MoveError::NoFlip(sq) => write!(f, "illegal move {sq}: it flips no disc"),
            MoveError::PassNotAllowed { legal } => {
                let list: Vec<String> = legal.into_iter().map(|s| s.to_string()).collect();
                write!(f, "cannot pass: legal moves exist ({})", list.join(" "))
            }
            MoveError::MustPass(sq) => write!(f, "illegal move {sq}: the side to move has no legal move and must pass"),
            MoveError::GameOver => write!(f, "the game is over: neither side can move"),
        }
    }
}

impl std::error::Error for MoveError {}

impl Board {
    /// The standard start, black to move: d5 and e4 black, d4 and e5 white.
    pub const fn start() -> Board {
        // d5 = 35, e4 = 28 (black, to move); d4 = 27, e5 = 36 (white)
        Board { player: (1 << 35) | (1 << 28), opponent: (1 << 27) | (1 << 36) }
    }

    /// A board from the two sets; `None` if they overlap.
    pub const fn new(player: u64, opponent: u64) -> Option<Board> {
        if player & opponent != 0 {
            None
        } else {
            Some(Board { player, opponent })
        }
    }

    #[inline]
    pub const fn empty(self) -> u64 {
        !(self.player | self.opponent)
    }

    #[inline]
    pub const fn empty_count(self) -> u32 {
        self.empty().count_ones()
    }

    /// Squares the side to move can play.
    #[inline]
    pub fn legal_moves(self) -> Bitboard {
        Bitboard(legal_moves(self.player, self.opponent))
    }

    /// True when the side to move has no square but the opponent has one.
    pub fn must_pass(self) -> bool {
        legal_moves(self.player, self.opponent) == 0 && legal_moves(self.opponent, self.player) != 0
    }

    /// True when neither side can move.
    pub fn is_game_over(self) -> bool {
        legal_moves(self.player, self.opponent) == 0 && legal_moves(self.opponent, self.player) == 0
    }

    /// Discs that playing `sq` would flip (empty when illegal).
    #[inline]
    pub fn flips(self, sq: Square) -> Bitboard {
        if self.empty() & sq.bit() == 0 {
            Bitboard::EMPTY
        } else {
            Bitboard(flips(self.player, self.opponent, sq))
        }
    }

    /// Plays `sq`, assuming it is legal; the result is seen from the new side to move.
    #[inline]
    pub fn play_unchecked(self, sq: Square) -> Board {
        let f = flips(self.player, self.opponent, sq);
        Board { player: self.opponent ^ f, opponent: self.player | f | sq.bit() }
    }

    /// Plays `sq` with the discs `flipped` already computed.
    #[inline]
    pub const fn play_with_flips(self, sq: Square, flipped: u64) -> Board {
        Board { player: self.opponent ^ flipped, opponent: self.player | flipped | sq.bit() }
    }

    /// Hands the move to the opponent (no check).
    #[inline]
    pub const fn passed(self) -> Board {
        Board { player: self.opponent, opponent: self.player }
    }

    /// Plays a move after checking it is legal.
    pub fn play(self, mv: Move) -> Result<Board, MoveError> {
        let moves = legal_moves(self.player, self.opponent);
        match mv {
            Move::Pass => {
                if moves != 0 {
                    Err(MoveError::PassNotAllowed { legal: Bitboard(moves) })
                } else if legal_moves(self.opponent, self.player) == 0 {
                    Err(MoveError::GameOver)
                } else {
                    Ok(self.passed())
                }
            }
            Move::Play(sq) => {
                if moves & sq.bit() != 0 {
                    Ok(self.play_unchecked(sq))
                } else if self.empty() & sq.bit() == 0 {
                    Err(MoveError::Occupied(sq))
                } else if moves == 0 {
                    if legal_moves(self.opponent, self.player) == 0 {
                        Err(MoveError::GameOver)
                    } else {
                        Err(MoveError::MustPass(sq))
                    }
                } else {
                    Err(MoveError::NoFlip(sq))
                }
            }
        }
    }

    /// Disc difference for the side to move at the end of the game, empty squares going to the
    /// winner (the FFO convention).
    pub fn final_score(self) -> i32 {
        let p = self.player.count_ones() as i32;
        let o = self.opponent.count_ones() as i32;
        let e = 64 - p - o;
        match p.cmp(&o) {
            std::cmp::Ordering::Greater => p - o + e,
            std::cmp::Ordering::Less => p - o - e,
            std::cmp::Ordering::Equal => 0,
        }
    }

    /// A board drawn as 8 rows of 8 characters, row 1 first: `X` the side to move's discs, `O`
    /// the other side's, `-` empty. For diagrams in tests and examples: unlike the readers of
    /// [`crate::othello::records::notation`], it takes boards that are no Othello position (empty centre
    /// squares), so it is never for outside input. Panics on any other character or length.
    ///
    /// ```
    /// use reversi::Board;
    /// let rows = ["--------", "--------", "--------", "---OX---", "---XO---", "--------", "--------", "--------"];
    /// assert_eq!(Board::from_rows(rows), Board::start());
    /// ```
    pub fn from_rows(rows: [&str; 8]) -> Board {
        let mut board = Board { player: 0, opponent: 0 };
        for (r, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), 8, "row {} of the diagram: {row:?} is not 8 squares", r + 1);
            for (c, ch) in row.chars().enumerate() {
                let bit = 1u64 << (r * 8 + c);
                match ch {
                    'X' => board.player |= bit,
                    'O' => board.opponent |= bit,
                    '-' => {}
                    _ => panic!("row {} of the diagram: {ch:?} is not X, O or -", r + 1),
                }
            }
        }
        board
    }

    /// The board's image under symmetry `k` (0–7: see [`crate::othello::rules::bitboard::symmetry`]).
    pub fn symmetric(self, k: usize) -> Board {
        Board { player: symmetry(self.player, k), opponent: symmetry(self.opponent, k) }
    }

    /// The least of the board's 8 symmetric images, ordered by `(player, opponent)`, and the
    /// symmetry `k` that gives it (the lowest such `k`): symmetric positions have the same
    /// canonical board, and `canonical.symmetric(inverse_symmetry(k))` is `self` again.
    ///
    /// ```
    /// use reversi::{othello::rules::bitboard::inverse_symmetry, Board, Move};
    /// let f5 = Board::start().play("f5".parse::<Move>().unwrap()).unwrap();
    /// let d3 = Board::start().play("d3".parse::<Move>().unwrap()).unwrap();
    /// assert_eq!(f5.canonical().0, d3.canonical().0);
    /// let (canonical, k) = f5.canonical();
    /// assert_eq!(canonical.symmetric(inverse_symmetry(k)), f5);
    /// ```
    pub fn canonical(self) -> (Board, usize) {
        (0..8).map(|k| (self.symmetric(k), k)).min_by_key(|&(b, k)| (b.player, b.opponent, k)).expect("eight images")
    }

    /// A 64-bit hash of the board for transposition tables and seeds: SplitMix64's mixer over
    /// both sets ([`mix64`], [`mix_seed`]).
    #[inline]
    pub fn hash(self) -> u64 {
        mix64(self.player ^ mix_seed(self.opponent))
    }
}

/// The four centre squares d4, e4, d5, e5: they start the game with discs on them, and a disc is
/// never taken off, so no Othello position has one of them empty.
pub const CENTRE: u64 = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36);

/// Why two disc sets are not an Othello position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A square would hold a black and a white disc.
    TwoDiscs(Square),
    /// A centre square is empty (the first one, in a1 … h8 order).
    EmptyCentre(Square),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::TwoDiscs(sq) => write!(f, "the square {sq} holds both a black and a white disc"),
            PositionError::EmptyCentre(sq) => {
                write!(f, "the centre square {sq} is empty; in Othello the four centre squares are never empty")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// A board with the colour of the side to move: what notation and the user interface deal in.
///
/// ```
/// use reversi::{Color, Move, Position};
/// let p = Position::start().play("f5".parse::<Move>().unwrap()).unwrap();
/// assert_eq!(p.side_to_move(), Color::White);
/// assert_eq!((p.count(Color::Black), p.count(Color::White)), (4, 1));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    board: Board,
    side: Color,
}

impl Position {
    /// The standard start, black to move.
    pub const fn start() -> Position {
        Position { board: Board::start(), side: Color::Black }
    }

    /// From black and white discs and the side to move, if they make an Othello position: no
    /// square holds two discs and no centre square is empty ([`CENTRE`]). Every board read from
    /// outside (board text, OBF, GGF, stored games) is built here, so this is the one check.
    ///
    /// ```
    /// use reversi::{othello::rules::board::PositionError, Color, Position, Square};
    /// let d4: Square = "d4".parse().unwrap();
    /// let start = Position::start();
    /// let (black, white) = (start.discs(Color::Black), start.discs(Color::White));
    /// assert_eq!(Position::from_colors(black, white, Color::Black), Ok(start));
    /// assert_eq!(Position::from_colors(black, white & !d4.bit(), Color::Black), Err(PositionError::EmptyCentre(d4)));
    /// assert_eq!(Position::from_colors(black | d4.bit(), white, Color::Black), Err(PositionError::TwoDiscs(d4)));
    /// ```
    pub fn from_colors(black: u64, white: u64, side: Color) -> Result<Position, PositionError> {
        let first = |set: u64| Square::new(set.trailing_zeros() as u8).expect("a non-empty set");
        if black & white != 0 {
            return Err(PositionError::TwoDiscs(first(black & white)));
        }
        let empty_centre = CENTRE & !(black | white);
        if empty_centre != 0 {
            return Err(PositionError::EmptyCentre(first(empty_centre)));
        }
        let board = match side {
            Color::Black => Board { player: black, opponent: white },
            Color::White => Board { player: white, opponent: black },
        };
        Ok(Position { board, side })
    }

    /// From a side-relative board and the colour whose turn it is.
    pub const fn from_board(board: Board, side: Color) -> Position {
        Position { board, side }
    }

    pub const fn board(self) -> Board {
        self.board
    }

    pub const fn side_to_move(self) -> Color {
        self.side
    }

    /// Discs of `color`.
    pub const fn discs(self, color: Color) -> u64 {
        if matches!((color, self.side), (Color::Black, Color::Black) | (Color::White, Color::White)) {
            self.board.player
        } else {
            self.board.opponent
        }
    }

    pub const fn count(self, color: Color) -> u32 {
        self.discs(color).count_ones()
    }

    /// What stands on `sq`.
    pub fn at(self, sq: Square) -> Option<Color> {
        if self.discs(Color::Black) & sq.bit() != 0 {
            Some(Color::Black)
        } else if self.discs(Color::White) & sq.bit() != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    pub fn legal_moves(self) -> Bitboard {
        self.board.legal_moves()
    }

    pub fn must_pass(self) -> bool {
        self.board.must_pass()
    }

    pub fn is_game_over(self) -> bool {
        self.board.is_game_over()
    }

    /// Plays a move after checking it is legal.
    pub fn play(self, mv: Move) -> Result<Position, MoveError> {
        Ok(Position { board: self.board.play(mv)?, side: self.side.opposite() })
    }

    /// The winner of a finished game under the rule that empty squares go to the winner, or `None`
    /// for a draw. Meaningful only once `is_game_over()`.
    pub fn winner(self) -> Option<Color> {
        match self.count(Color::Black).cmp(&self.count(Color::White)) {
            std::cmp::Ordering::Greater => Some(Color::Black),
            std::cmp::Ordering::Less => Some(Color::White),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Final disc difference from black's point of view (empties to the winner).
    pub fn final_score_black(self) -> i32 {
        match self.side {
            Color::Black => self.board.final_score(),
            Color::White => -self.board.final_score(),
        }
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn start_has_the_four_classic_moves() {
        let moves: Vec<String> = Board::start().legal_moves().map(|s| s.to_string()).collect();
        assert_eq!(moves, ["d3", "c4", "f5", "e6"]);
    }

    #[test]
    fn the_hash_is_pinned() {
        // Transposition tables and every seed mixed with a position depend on these values.
        assert_eq!(Board::start().hash(), 0xd2e2cf5573b90a60);
        let b = Board { player: 0x0000_0010_0800_0000, opponent: 0x0000_0008_1000_0000 };
        assert_eq!(b.hash(), 0x5b98564f09357da1);
    }

    #[test]
    fn playing_flips_and_swaps_sides() {
        let b = Board::start().play(Move::Play(sq("f5"))).unwrap();
        // White to move: 1 white disc (d4), 4 black.
        assert_eq!(b.player.count_ones(), 1);
        assert_eq!(b.opponent.count_ones(), 4);
        assert!(b.opponent & sq("e5").bit() != 0);
    }

    #[test]
    fn illegal_moves_are_typed_errors() {
        let b = Board::start();
        assert_eq!(b.play(Move::Play(sq("d4"))), Err(MoveError::Occupied(sq("d4"))));
        assert_eq!(b.play(Move::Play(sq("a1"))), Err(MoveError::NoFlip(sq("a1"))));
        assert!(matches!(b.play(Move::Pass), Err(MoveError::PassNotAllowed { .. })));
        let over = Board { player: u64::MAX, opponent: 0 };
        assert_eq!(over.play(Move::Pass), Err(MoveError::GameOver));
    }

    #[test]
    fn last_flip_count_matches_flips_on_a_full_board() {
        let mut rng = crate::rng::XorShift64::from_state(0x1234_5678_9abc_def0);
        for _ in 0..2000 {
            let seed = rng.next_u64();
            let index = (seed >> 58) as usize;
            let player = seed.rotate_left(17) & !(1 << index);
            let opponent = !player & !(1 << index);
            assert_eq!(last_flip_count(player, index), flips_at(player, opponent, index).count_ones());
        }
    }

    #[test]
    fn final_score_gives_empties_to_the_winner() {
        let b = Board { player: 0b111, opponent: 0b1000 };
        assert_eq!(b.final_score(), 3 - 1 + 60);
        assert_eq!(b.passed().final_score(), -62);
        assert_eq!(Board { player: 1, opponent: 2 }.final_score(), 0);
    }
}
