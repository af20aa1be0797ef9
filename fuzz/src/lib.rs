//! The properties every fuzz target checks, one function per target taking the fuzzer's bytes:
//! nothing panics, and where a parser has a writer, what it reads is written and read back the
//! same. Each returns whether the input was accepted (parsed, so that the properties beyond "no
//! panic" were checked), for the smoke test to see that its inputs reach that far. `fuzz_targets/NAME.rs` hands libFuzzer's inputs to `NAME`; `tests/fuzz_smoke.rs` (a
//! plain `cargo test` of the repository) runs the same functions over the seed corpus and
//! mutations of it, so that `make test` checks them without building the fuzzers.
//!
//! This file depends on `reversi` alone: it is compiled both as this package's library and, by
//! path, inside the repository's test.

use reversi::course::lesson::{node_counts, search, Lesson, Source, Spec};
use reversi::course::trace::Options;
use reversi::course::tree::Tree;
use reversi::othello::book::file as book_file;
use reversi::othello::eval::pattern::file as weights_file;
use reversi::othello::records::ggf::{format_ggf, parse_ggf};
use reversi::othello::records::notation::{
    format_board, format_obf_line, format_transcript, parse_board, parse_moves, parse_obf, parse_obf_line, replay,
};
use reversi::othello::records::record::read_record;
use reversi::othello::search::endgame::Solver;
use reversi::{Board, Move, Position, Square};
use std::cell::RefCell;

/// A target's check: whether the input was accepted (a panic is a failure).
pub type Check = fn(&[u8]) -> bool;

/// Every target: its name (the fuzzer's binary, its corpus folder) and its check.
pub const TARGETS: [(&str, Check); 13] = [
    ("parse_board", parse_board_target),
    ("replay", replay_target),
    ("obf", obf),
    ("square_move", square_move),
    ("game_text", game_text),
    ("obf_write", obf_write),
    ("ggf", ggf),
    ("weights", weights),
    ("book", book),
    ("solver", solver),
    ("tree", tree),
    ("lesson_tree", lesson_tree),
    ("lesson_othello", lesson_othello),
];

/// `notation::parse_board` never panics, and what it accepts survives a format/parse round trip.
pub fn parse_board_target(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let Ok(position) = parse_board(&text) else { return false };
    assert_eq!(parse_board(&format_board(position)), Ok(position));
    true
}

/// `notation::parse_moves` and `notation::replay` never panic; a replayed game written back out
/// (passes included) replays to the same position.
pub fn replay_target(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let _ = parse_moves(&text);
    let Ok((moves, end)) = replay(Position::start(), &text) else { return false };
    let again = replay(Position::start(), &format_transcript(&moves, true)).expect("a replayed game replays");
    assert_eq!(again, (moves, end));
    true
}

/// `notation::parse_obf_line` and `notation::parse_obf` never panic and agree on single lines.
pub fn obf(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let line = parse_obf_line(&text);
    let file = parse_obf(&text);
    if let (Ok(entry), Ok(entries)) = (&line, &file) {
        if !text.contains(['\n', '\r']) && !entries.is_empty() {
            assert_eq!(&entries[0], entry);
        }
    }
    line.is_ok() || file.is_ok_and(|entries| !entries.is_empty())
}

/// `Square` and `Move` `FromStr` never panic, and what they accept round-trips through `Display`.
pub fn square_move(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    if let Ok(square) = text.parse::<Square>() {
        assert_eq!(square.to_string().parse::<Square>(), Ok(square));
    }
    let Ok(mv) = text.parse::<Move>() else { return false };
    assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    true
}

/// `record::read_record` (whatever a player pastes: transcript, board, OBF line or GGF record)
/// never panics, and its moves are legal from the start position it returns.
pub fn game_text(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let Ok(record) = read_record(&text) else { return false };
    let replayed = record.moves.iter().try_fold(record.start, |position, &mv| position.play(mv));
    assert!(replayed.is_ok(), "{record:?}");
    true
}

/// `notation::format_obf_line` writes what `parse_obf_line` reads: any line that parses is written
/// and read back to the same position and solutions.
pub fn obf_write(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let Ok(entry) = parse_obf_line(&text) else { return false };
    let again = parse_obf_line(&format_obf_line(entry.position, &entry.solutions)).expect("a written line reads back");
    assert_eq!(again, entry);
    true
}

/// `ggf::parse_ggf` never panics; a game it reads is written back and read again unchanged.
pub fn ggf(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let Ok(game) = parse_ggf(&text) else { return false };
    let again = parse_ggf(&format_ggf(&game)).expect("a written game reads back");
    assert_eq!(again.plain_moves(), game.plain_moves());
    assert_eq!(again.start, game.start);
    assert_eq!(again.properties, game.properties);
    true
}

/// `pattern::file::parse` (the weights file the page fetches) never panics: neither on raw bytes
/// nor on bytes framed with a valid header and checksum, which reach the payload's decoder.
pub fn weights(data: &[u8]) -> bool {
    let raw = weights_file::parse(data).is_ok();
    let Some((&stages, payload)) = data.split_first() else { return raw };
    // At most 4 stages: a large stage count only makes each run slower.
    weights_file::parse(&weights_file::frame(stages % 5, payload)).is_ok() || raw
}

/// `book::file::parse` (the opening book the page fetches) never panics: neither on raw bytes nor
/// on bytes framed with a valid header and checksum, which reach the tree's reader; a book it
/// reads is written back to the same bytes.
pub fn book(data: &[u8]) -> bool {
    let raw = book_file::parse(data);
    if let Ok(book) = &raw {
        assert_eq!(book_file::to_bytes(book), data);
    }
    let Some((&positions, payload)) = data.split_first() else { return raw.is_ok() };
    let Ok(book) = book_file::parse(&book_file::frame(20, 12, u32::from(positions), payload)) else {
        return raw.is_ok();
    };
    assert_eq!(book_file::parse(&book_file::to_bytes(&book)).unwrap(), book);
    true
}

thread_local! {
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new(8));
}

fn word(data: &[u8], i: usize) -> u64 {
    let mut bytes = [0u8; 8];
    for (k, b) in bytes.iter_mut().enumerate() {
        *b = data.get(i * 8 + k).copied().unwrap_or(0);
    }
    u64::from_le_bytes(bytes)
}

/// `endgame::Solver` on arbitrary boards with up to 14 empty squares (reachable or not): it never
/// panics, its best move is legal (a pass exactly when no square is), its principal variation is
/// a legal line, and a windowed solve is a fail-soft bound consistent with the exact value.
pub fn solver(data: &[u8]) -> bool {
    let mut empty = word(data, 0) & word(data, 1) & word(data, 2);
    while empty.count_ones() > 14 {
        empty &= empty - 1;
    }
    let player = word(data, 3) & !empty;
    let board = Board { player, opponent: !player & !empty };
    let alpha = i32::from(data.get(32).copied().unwrap_or(0) as i8) / 2;
    let beta = alpha + 1 + i32::from(data.get(33).copied().unwrap_or(0) % 40);

    SOLVER.with(|solver| {
        let mut solver = solver.borrow_mut();
        let exact = solver.solve_exact(board);
        assert!((-64..=64).contains(&exact.score));
        if board.legal_moves().is_empty() {
            assert_eq!(exact.best_move, Move::Pass);
        } else {
            assert!(board.play(exact.best_move).is_ok() && exact.best_move != Move::Pass);
        }
        let mut position = board;
        for &mv in &exact.pv {
            position = position.play(mv).expect("pv moves are legal");
        }
        let bounded = solver.solve(board, alpha, beta, &mut |_| false).expect("never stopped");
        if exact.score <= alpha {
            assert!(exact.score <= bounded.score && bounded.score <= alpha);
        } else if exact.score >= beta {
            assert!(beta <= bounded.score && bounded.score <= exact.score);
        } else {
            assert_eq!(bounded.score, exact.score);
        }
    });
    true
}

/// `tree::Tree::parse` (the classroom's tree text) never panics; an error names a line and a
/// column from 1; a tree it reads is written and read back the same, and writes the same text
/// again. After a NUL byte, `LABEL VALUE` edits a leaf (`Tree::with_leaf`): an edited tree keeps
/// its shape and round-trips too.
pub fn tree(data: &[u8]) -> bool {
    let (text, edit) = split_at_nul(data);
    let tree = match Tree::parse(&text) {
        Ok(tree) => tree,
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1 && !e.message.is_empty(), "{e:?}");
            return false;
        }
    };
    round_trip(&tree);
    if let Some(edit) = edit {
        let (label, value) = edit.split_once(' ').unwrap_or((&edit, ""));
        if let Ok(edited) = tree.with_leaf(label, value) {
            assert_eq!(edited.nodes.len(), tree.nodes.len());
            assert_eq!(edited.players, tree.players);
            round_trip(&edited);
        }
    }
    true
}

fn round_trip(tree: &Tree) {
    let written = tree.write();
    let again = Tree::parse(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
    assert_eq!(&again, tree, "{written}");
    assert_eq!(again.write(), written);
}

/// The text before the first NUL byte, and the text after it (if there is one).
fn split_at_nul(data: &[u8]) -> (String, Option<String>) {
    match data.iter().position(|&b| b == 0) {
        Some(at) => (
            String::from_utf8_lossy(&data[..at]).into_owned(),
            Some(String::from_utf8_lossy(&data[at + 1..]).into_owned()),
        ),
        None => (String::from_utf8_lossy(data).into_owned(), None),
    }
}

/// A lesson's request as text: a first line of words (the algorithm's name, `iterative`, `table`,
/// a depth), then the source's text. Traces are bounded so that any input runs in milliseconds.
struct Request {
    algorithm: String,
    options: Options,
    depth: u32,
    source: String,
}

/// The most events a fuzzed lesson may trace (a larger search is an error, as the page's bound).
const FUZZ_TRACE_LIMIT: usize = 5_000;

fn request(data: &[u8]) -> Request {
    let text = String::from_utf8_lossy(data);
    let (first, source) = text.split_once('\n').unwrap_or((&text, ""));
    let mut words = first.split_whitespace();
    let algorithm = words.next().unwrap_or("").to_string();
    let (mut options, mut depth) = (Options::default(), 1);
    for word in words {
        match word {
            "iterative" => options.iterative = true,
            "table" => options.table = true,
            _ => depth = word.parse().unwrap_or(depth),
        }
    }
    Request { algorithm, options, depth, source: source.to_string() }
}

/// A lesson built from `source` with the request's algorithm and options, when the text makes one:
/// its replay reaches every step and no further, and its result is exactly that of the same search
/// without a trace (which the page uses for searches too large to show).
fn checked_lesson(source: Source, request: &Request) -> Option<(Spec, Lesson)> {
    let spec = Spec::new(source, &request.algorithm, request.options).ok()?;
    let lesson = Lesson::build_limited(&spec, FUZZ_TRACE_LIMIT).ok()?;
    let steps = lesson.event_count();
    assert!(lesson.state(steps).is_ok() && lesson.state(steps + 1).is_err());
    assert!(lesson.changes(0, steps).is_ok());
    let traced = lesson.result();
    let mut untraced = search(&spec).expect("what was traced is searched");
    // Iteration roots are node numbers of a trace: an untraced search has none (0).
    for (u, t) in untraced.iterations.iter_mut().zip(&traced.iterations) {
        assert_eq!(u.root, 0);
        u.root = t.root;
    }
    assert_eq!(untraced, traced, "{spec:?}");
    Some((spec, lesson))
}

/// `course::lesson` from a tree text (as the classroom builds one from what a teacher types): no
/// panic whatever the text, algorithm and options; a lesson's tree round-trips through its text;
/// its replay and its untraced search agree with the trace; every algorithm finds the same root
/// value (the node-count chart's rows).
pub fn lesson_tree(data: &[u8]) -> bool {
    let request = request(data);
    let source = Source::Tree(request.source.clone());
    let Some((spec, lesson)) = checked_lesson(source.clone(), &request) else { return false };
    let tree = lesson.tree_ref().expect("a tree lesson has its tree");
    assert_eq!(&Tree::parse(&lesson.tree_text()).expect("its text reads back"), tree);
    if let Some(leaf) = tree.nodes.iter().find(|n| n.value.is_some()) {
        let _ = lesson.set_leaf(&leaf.label, "7");
    }
    if spec.options == Options::default() {
        let rows = node_counts(&source).expect("a lesson's source has node counts");
        let value = lesson.result().value;
        assert!(rows.iter().all(|row| row.result.value == value), "{rows:?}");
    }
    true
}

/// `course::lesson` from an Othello position's text (a transcript, a board, an OBF line or a GGF
/// record, as the classroom reads one): no panic whatever the text, algorithm, depth and options;
/// a lesson's replay and its untraced search agree with the trace, and an evaluated leaf has its
/// board.
pub fn lesson_othello(data: &[u8]) -> bool {
    let request = request(data);
    let source = Source::Othello { position: request.source.clone(), depth: request.depth };
    let Some((_, lesson)) = checked_lesson(source, &request) else { return false };
    if let Some(leaf) = lesson.trace().nodes.iter().position(|n| n.leaf) {
        let board = lesson.leaf_board(leaf).expect("an evaluated leaf has its board");
        assert!(parse_board(&board).is_ok(), "{board}");
    }
    true
}
