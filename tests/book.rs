//! The opening book: the committed file, lookups up to the 8 symmetries, the names, the engine
//! playing from it, the review's "book" class, the file reader against damaged bytes, and the
//! build end to end on a tiny depth (deterministic, resumable, extendable, verifiable).

use reversi::clock::monotonic_ms;
use reversi::othello::analysis::review::{review_game, Class, ReviewLimits};
use reversi::othello::book::file::{bundled, frame, parse, to_bytes};
use reversi::othello::book::names::opening_name;
use reversi::othello::book::{Book, BookUse};
use reversi::othello::records::notation::replay;
use reversi::othello::rules::bitboard::symmetry;
use reversi::othello::search::levels::level;
use reversi::othello::search::{Control, Engine, EvalChoice, Limits};
use reversi::rng::XorShift64Star;
use reversi::train::book::{
    build, verify, BuildRun, BuildSettings, BuildState, DeepenScope, Reference, SaveState, VerifySettings,
};
use reversi::{Board, Move, Position};
use std::sync::Arc;

/// A line of the book from the start: each move drawn among the book moves.
fn book_line(book: &Book, rng: &mut XorShift64Star, max: usize) -> Vec<Move> {
    let mut position = Position::start();
    let mut moves = Vec::new();
    while moves.len() < max {
        let Some(entry) = book.entry(position.board()) else { break };
        if entry.moves.is_empty() {
            break;
        }
        let mv = entry.moves[rng.below(entry.moves.len())].mv;
        position = position.play(mv).unwrap();
        moves.push(mv);
    }
    moves
}

/// The same moves on the board's image under symmetry `k` (one of the 4 that keep the start).
fn image(moves: &[Move], k: usize) -> Vec<Move> {
    moves.iter().map(|m| m.symmetric(k)).collect()
}

/// The symmetries that map the standard start onto itself.
fn start_symmetries() -> Vec<usize> {
    let start = Board::start();
    (0..8).filter(|&k| start.symmetric(k) == start).collect()
}

#[test]
fn the_committed_book_loads_round_trips_and_is_large() {
    let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/weights/book.bin")).unwrap();
    let book = parse(&bytes).unwrap();
    assert_eq!(to_bytes(&book), bytes, "writing the book gives the same bytes");
    assert_eq!(*bundled().unwrap(), book);
    assert!(book.len() >= 500, "{} positions", book.len());
    assert!(book.plies() >= 10);
    // Every position's value is the negamax of its deep moves and its own value (its shallow
    // moves where nothing else gives one).
    for board in book.boards() {
        let entry = book.entry(board).unwrap();
        let best_deep = entry.moves.iter().filter(|m| m.deep).map(|m| m.value).max();
        let best = best_deep.into_iter().chain(entry.out_of_book).max();
        let best = best.or_else(|| entry.moves.iter().map(|m| m.value).max()).unwrap();
        assert_eq!(entry.value, best);
        assert!((-64..=64).contains(&entry.value));
    }
}

#[test]
fn symmetric_transcripts_find_the_same_entry_and_name() {
    let book = bundled().unwrap();
    let mut rng = XorShift64Star::from_state(17);
    let symmetries = start_symmetries();
    assert_eq!(symmetries.len(), 4);
    for _ in 0..100 {
        let line = book_line(&book, &mut rng, 30);
        let name = reversi::othello::book::names::opening_of(&line).map(|o| o.name);
        for n in 0..=line.len() {
            let mut values = Vec::new();
            for &k in &symmetries {
                let moves = image(&line[..n], k);
                let (_, position) = replay(Position::start(), &transcript(&moves)).unwrap();
                let entry = book.entry(position.board()).expect("a book line stays in the book");
                // The moves of the image are the images of the moves.
                let original =
                    book.entry(replay(Position::start(), &transcript(&line[..n])).unwrap().1.board()).unwrap();
                let mapped: Vec<(Move, i32)> = original.moves.iter().map(|m| (m.mv.symmetric(k), m.value)).collect();
                for m in &entry.moves {
                    assert!(mapped.contains(&(m.mv, m.value)), "{} under {k}", transcript(&moves));
                }
                values.push(entry.value);
                if n == line.len() {
                    assert_eq!(reversi::othello::book::names::opening_of(&moves).map(|o| o.name), name);
                }
            }
            assert!(values.windows(2).all(|w| w[0] == w[1]), "{values:?}");
        }
    }
    // Every image of a board (not only those keeping the start) finds the same value.
    let line = book_line(&book, &mut rng, 12);
    let (_, position) = replay(Position::start(), &transcript(&line)).unwrap();
    let board = position.board();
    for k in 0..8 {
        let image = Board { player: symmetry(board.player, k), opponent: symmetry(board.opponent, k) };
        assert_eq!(book.value(image), book.value(board));
    }
}

fn transcript(moves: &[Move]) -> String {
    moves.iter().map(|m| m.to_string()).collect()
}

#[test]
fn names_of_well_known_openings() {
    assert_eq!(opening_name("f5d6c3d3c4").unwrap(), Some("Tiger"));
    assert_eq!(opening_name("c4e3f6e6f5").unwrap(), Some("Tiger"));
    assert_eq!(opening_name("f5f6e6d6c5").unwrap(), Some("Cow"));
    assert_eq!(opening_name("f5d6c5f4e3c6d3f6e6d7").unwrap(), Some("Rose"));
}

#[test]
fn level_9_plays_from_the_book_and_the_first_moves_are_equal() {
    let book = bundled().unwrap();
    let mut engine = Engine::new(4);
    engine.set_book(Some(book.clone()));
    let limits = level(9).unwrap().limits(3);
    assert_eq!(limits.book, Some(BookUse::STRONG));
    let found = engine.search(Board::start(), &limits, &mut Control::new(&monotonic_ms));
    assert!(found.book);
    assert!(Board::start().play(found.best_move).is_ok());
    let start = book.entry(Board::start()).unwrap();
    assert_eq!(start.moves.len(), 4);
    assert!(start.moves.iter().all(|m| m.value == start.value));
    // Margin 0: every move drawn has the best value; seeds vary the choice among equal values.
    let f5 = Board::start().play("f5".parse().unwrap()).unwrap();
    let entry = book.entry(f5).unwrap();
    for seed in 0..20 {
        let limits = level(9).unwrap().limits(seed);
        let found = engine.search(f5, &limits, &mut Control::new(&monotonic_ms));
        assert!(found.book);
        let value = entry.moves.iter().find(|m| m.mv == found.best_move).unwrap().value;
        assert!(value == entry.moves[0].value);
    }
    // Without the book (or past its limit) the engine searches.
    let off = Limits { book: None, ..Limits::depth(2) };
    assert!(!engine.search(f5, &off, &mut Control::new(&monotonic_ms)).book);
    let early = Limits { book: Some(BookUse { margin: 0, until_ply: 1 }), ..Limits::depth(2) };
    assert!(!engine.search(f5, &early, &mut Control::new(&monotonic_ms)).book);
    // A position out of the book (a move the book does not have): the engine searches.
    let entry = book.entry(f5).unwrap();
    let other = f5.legal_moves().into_iter().map(Move::Play).find(|&m| entry.moves.iter().all(|b| b.mv != m));
    if let Some(far) = other.map(|m| f5.play(m).unwrap()).filter(|&b| !book.contains(b)) {
        assert!(!engine.search(far, &limits, &mut Control::new(&monotonic_ms)).book);
    }
}

#[test]
fn the_review_calls_the_best_book_moves_book() {
    let book = bundled().unwrap();
    let mut rng = XorShift64Star::from_state(5);
    let line = book_line(&book, &mut rng, 6);
    let mut moves = line.clone();
    // Then a move out of the book, searched as usual.
    let (_, position) = replay(Position::start(), &transcript(&line)).unwrap();
    let entry = book.entry(position.board()).unwrap();
    if let Some(sq) = position.legal_moves().into_iter().find(|&sq| entry.moves.iter().all(|m| m.mv != Move::Play(sq)))
    {
        moves.push(Move::Play(sq));
    }
    let mut engine = Engine::new(4);
    engine.set_pattern_weights(reversi::othello::eval::pattern::file::bundled().ok());
    engine.set_book(Some(book.clone()));
    let limits = ReviewLimits { depth: 2, exact_from_empties: 0, eval: EvalChoice::Pattern };
    let review = review_game(&mut engine, Position::start(), &moves, &limits, &monotonic_ms, &mut |_, _| {});
    let mut position = Position::start();
    for (i, judged) in review.moves.iter().enumerate() {
        let entry = book.entry(position.board());
        let best_book = entry
            .as_ref()
            .is_some_and(|e| e.best_in_book() && e.moves.iter().any(|m| m.mv == judged.mv && m.value == e.value));
        if position.legal_moves().count() > 1 {
            assert_eq!(judged.class == Class::Book, best_book, "move {}", i + 1);
        }
        if judged.class == Class::Book {
            assert_eq!(judged.loss, 0.0);
        }
        position = position.play(judged.mv).unwrap();
    }
    assert_eq!(review.moves[0].class, Class::Book, "every first move is a best book move");
    for first in ["f5", "d3", "c4", "e6"] {
        let r = review_game(
            &mut engine,
            Position::start(),
            &[first.parse().unwrap()],
            &limits,
            &monotonic_ms,
            &mut |_, _| {},
        );
        assert_eq!(r.moves[0].class, Class::Book);
    }
    // Without a book the same game has no "book" class.
    engine.set_book(None);
    let plain = review_game(&mut engine, Position::start(), &moves, &limits, &monotonic_ms, &mut |_, _| {});
    assert!(plain.moves.iter().all(|m| m.class != Class::Book));
}

#[test]
fn damaged_book_bytes_never_panic() {
    let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/weights/book.bin")).unwrap();
    let mut rng = XorShift64Star::from_state(0xb00c);
    for round in 0..3000 {
        let mut damaged = bytes.clone();
        match round % 4 {
            0 => damaged.truncate(rng.below(bytes.len())),
            1 => {
                let at = rng.below(bytes.len());
                damaged[at] ^= 1 << rng.below(8);
            }
            _ => {
                // A valid frame (header and checksum) around a damaged tree: the tree's reader
                // sees the damage.
                let mut payload = bytes[20..bytes.len() - 8].to_vec();
                for _ in 0..1 + rng.below(4) {
                    let at = rng.below(payload.len());
                    payload[at] = rng.below(256) as u8;
                }
                if round % 4 == 3 {
                    payload.truncate(rng.below(payload.len()));
                }
                let positions = u32::from_le_bytes(bytes[12..16].try_into().unwrap());
                damaged = frame(bytes[9], bytes[10], positions, &payload);
            }
        }
        match parse(&damaged) {
            Ok(book) => assert!(!book.is_empty()),
            Err(e) => {
                let message = e.to_string();
                assert!(message.starts_with("invalid book file: ") && message.len() < 200, "{message}");
            }
        }
    }
    // Random bytes, and random payloads in a valid frame.
    for _ in 0..2000 {
        let len = rng.below(64);
        let noise: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
        assert!(parse(&noise).is_err());
        let _ = parse(&frame(10, 4, rng.below(40) as u32, &noise));
    }
}

/// Where a build state file (version 3) holds its "own values' horizons matched" byte: after the
/// magic (8), the version (1), five u32 and two i32 settings, the seed, the searches and the
/// seconds (8 each); versions 1 and 2 have no such byte.
const OWN_HORIZONS_FLAG_AT: usize = 9 + 5 * 4 + 2 * 4 + 8 + 8 + 8;

fn tiny_settings(plies: u32) -> BuildSettings {
    BuildSettings {
        plies,
        leaf_depth: 3,
        screen_depth: 1,
        book_margin: 1,
        other_margin: 3,
        book_moves: 2,
        other_moves: 3,
        seed: 9,
    }
}

fn run_build(state: &mut BuildState, threads: usize, state_path: Option<&std::path::Path>) -> Vec<u32> {
    let mut levels = Vec::new();
    let mut on_level = |level: u32, _: &BuildState| -> Result<(), String> {
        levels.push(level);
        Ok(())
    };
    let mut save = |state: &BuildState| reversi::train::book::save_state(state_path.unwrap(), state);
    let save = state_path.is_some().then_some(&mut save as &mut SaveState);
    let mut run = BuildRun { threads, save, save_every_s: 0.0, on_level: &mut on_level, progress: &|_| {} };
    build(state, &mut run).unwrap();
    levels
}

#[test]
fn the_build_runs_end_to_end_deterministic_resumable_extendable() {
    let weights = reversi::train::book::weights().unwrap();
    let mut engine = reversi::train::book::book_engine(&weights);
    // Straight to 5 plies on one thread.
    let mut direct = BuildState::new(tiny_settings(5), &mut engine);
    assert_eq!(run_build(&mut direct, 1, None), [0, 1, 2, 3, 4]);
    let book = direct.book().unwrap();
    assert!(book.len() > 20, "{} positions", book.len());
    assert_eq!(book.plies(), 5);
    // Every book position is reached within 5 moves, and the start's four moves are all there.
    assert_eq!(book.entry(Board::start()).unwrap().moves.len(), 4);
    // To 3 plies on two threads through a state file, then continued to 5: the same book.
    let dir = std::env::temp_dir().join(format!("reversi-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("state.bin");
    let mut first = BuildState::new(tiny_settings(3), &mut engine);
    run_build(&mut first, 2, Some(&path));
    let mut resumed = reversi::train::book::load_state(&path).unwrap().unwrap();
    assert_eq!(resumed, first);
    assert!(tiny_settings(5).continues(&resumed.settings));
    assert!(!BuildSettings { leaf_depth: 4, ..tiny_settings(5) }.continues(&resumed.settings));
    resumed.settings.plies = 5;
    assert_eq!(run_build(&mut resumed, 2, Some(&path)), [3, 4]);
    assert_eq!(resumed.book().unwrap(), book, "a continued build gives the same book");
    assert_eq!(to_bytes(&resumed.book().unwrap()), to_bytes(&book));
    // A damaged state is an error, a missing one is none.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[30] ^= 1;
    assert!(reversi::train::book::parse_state(&bytes).unwrap_err().contains("checksum"));
    assert_eq!(reversi::train::book::load_state(&dir.join("none.bin")).unwrap(), None);
    std::fs::remove_dir_all(&dir).ok();

    // Adding a line: its moves become book moves, the rest is unchanged.
    let line = replay(Position::start(), "f5f6e6f4g7").unwrap().0;
    let before = book.moves_in_book(Position::start(), &line);
    let (added, new) = reversi::train::book::add_lines(&book, std::slice::from_ref(&line), 5, 3, 1).unwrap();
    assert_eq!(added.moves_in_book(Position::start(), &line), 5);
    assert!(before == 5 || new > 0, "a line leaving the book adds positions");
    assert_eq!(added.len(), book.len() + new);
    // No value of the book changes: the added moves are shallow, and values leave them out.
    for board in book.boards() {
        assert_eq!(added.value(board), book.value(board));
        assert_eq!(added.entry(board).unwrap().out_of_book, book.entry(board).unwrap().out_of_book);
    }
    // Symmetric images of the line are in the book too.
    for &k in &start_symmetries() {
        assert_eq!(added.moves_in_book(Position::start(), &image(&line, k)), 5);
    }
    let (again, none) = reversi::train::book::add_lines(&added, &[line], 5, 3, 1).unwrap();
    assert_eq!((none, again.len()), (0, added.len()));

    // Verify against searches 1 ply deeper: counts add up.
    let settings = VerifySettings {
        choices: false,
        positions: 10,
        leaves: 5,
        deeper: 1,
        reference: Reference::Leaves,
        seed: 3,
        threads: 2,
    };
    let v = verify(&book, &settings, &|_| {}).unwrap();
    assert_eq!((v.positions, v.leaves), (10, 5));
    assert!(v.agree <= 10 && v.leaf_agree <= 5 && v.mean_error >= 0.0);
    // By moves played: the same positions and agreements, none past the book's last expanded level.
    let (n, agree) = v.by_level.iter().fold((0, 0), |(n, a), &(pn, pa)| (n + pn, a + pa));
    assert_eq!((n, agree), (v.positions, v.agree));
    assert!(v.by_level.len() <= 5, "{:?}", v.by_level);
    // The reference depth: beyond the leaves' depth, or beyond the book's tree and leaves (the
    // book has 5 plies of leaf depth 3: from 2 moves played, 3 + 3 + 1), capped.
    assert_eq!(settings.reference_depth(&book, 2), (4, false));
    let tree = VerifySettings { reference: Reference::Tree { max_depth: 6 }, ..settings };
    assert_eq!(tree.reference_depth(&book, 2), (6, true));
    assert_eq!(tree.reference_depth(&book, 3), (6, false));
    assert_eq!(tree.reference_depth(&book, 4), (5, false));
    let deep = verify(&book, &VerifySettings { positions: 12, leaves: 0, ..tree }, &|_| {}).unwrap();
    assert_eq!(deep.positions, 12);
    let capped_levels: usize = deep.by_level.iter().take(3).map(|&(n, _)| n).sum();
    assert_eq!(deep.capped, capped_levels);
    assert_eq!(v.capped, 0);
    // A line that ends before the book's depth is shallow: its move is never a player's.
    let f5 = Board::start().play("f5".parse().unwrap()).unwrap();
    let entry = book.entry(f5).unwrap();
    let reply = f5.legal_moves().into_iter().map(Move::Play).find(|&m| entry.moves.iter().all(|b| b.mv != m)).unwrap();
    let short = replay(Position::start(), &format!("f5{reply}")).unwrap().0;
    let (with_short, _) = reversi::train::book::add_lines(&book, &[short], 5, 3, 1).unwrap();
    let entry = with_short.entry(f5).unwrap();
    assert!(entry.moves.iter().any(|m| m.mv == reply && !m.deep), "{entry:?}");
    assert!(entry.moves.iter().filter(|m| m.mv != reply).all(|m| m.deep), "{entry:?}");
    assert!((0..32).all(|r| with_short.choose(f5, 64, r).is_none_or(|m| m.mv != reply)));
    // Where the book and the deeper search agree, the book's move loses nothing.
    assert!(v.within_one_disc >= v.agree && v.within_one_disc <= 10 && v.regret >= 0.0);
    if v.agree == 10 {
        assert_eq!(v.regret, 0.0);
    }
    let _ = Arc::new(book);
}

#[test]
fn deepening_searches_the_played_lines_again_until_they_are_all_deepened() {
    let weights = reversi::train::book::weights().unwrap();
    let mut engine = reversi::train::book::book_engine(&weights);
    let mut built = BuildState::new(tiny_settings(4), &mut engine);
    run_build(&mut built, 2, None);
    let deepen = |state: &mut BuildState, threads: usize, path: Option<&std::path::Path>| -> (usize, u32) {
        let mut rounds = 0;
        let mut on_round = |_: u32, _: &BuildState| -> Result<(), String> {
            rounds += 1;
            Ok(())
        };
        let mut save = |state: &BuildState| reversi::train::book::save_state(path.unwrap(), state);
        let save = path.is_some().then_some(&mut save as &mut SaveState);
        let mut run = BuildRun { threads, save, save_every_s: 0.0, on_level: &mut on_round, progress: &|_| {} };
        let done = reversi::train::book::deepen(state, 5, DeepenScope::Played, &mut run).unwrap();
        (done, rounds)
    };
    let mut one = built.clone();
    let (done, rounds) = deepen(&mut one, 1, None);
    assert!(done > 0 && rounds >= 1, "{done} positions in {rounds} rounds");
    // Every line players reach in the deepened book is deepened; nothing else changed.
    let book = one.book().unwrap();
    let played = reversi::train::book::played_positions(&book);
    assert!(played.len() < book.len(), "{} of {}", played.len(), book.len());
    for board in &played {
        let node = &one.nodes[&(board.player, board.opponent)];
        assert_eq!(node.deepened, 5, "{board:?}");
    }
    let deepened = one.nodes.values().filter(|n| n.deepened == 5).count();
    assert_eq!(deepened, done);
    for (k, node) in &one.nodes {
        if node.deepened == 0 {
            assert_eq!(node, &built.nodes[k]);
        }
    }
    // Where a player chooses from the book: played positions with a deep move to play, the start
    // among them; book-verify's choices sample draws from exactly those.
    let choices = reversi::train::book::book_choices(&book);
    assert!(choices.contains(&Board::start().canonical().0));
    assert!(choices.iter().all(|b| played.contains(b) && book.entry(*b).unwrap().playable_value().is_some()));
    let settings = VerifySettings {
        choices: true,
        positions: 1000,
        leaves: 0,
        deeper: 1,
        reference: Reference::Leaves,
        seed: 3,
        threads: 2,
    };
    let v = verify(&book, &settings, &|_| {}).unwrap();
    assert_eq!(v.positions, choices.len());
    // A leaf's value is now its depth-5 search.
    let leaf = played.iter().find(|b| !one.nodes[&(b.player, b.opponent)].expanded).expect("a played leaf");
    engine.clear();
    assert_eq!(
        one.nodes[&(leaf.player, leaf.opponent)].searched,
        reversi::train::book::search(&mut engine, *leaf, 5).0
    );
    // Two threads, through a state file: the same; deepening again finds nothing to do.
    let dir = std::env::temp_dir().join(format!("reversi-deepen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("state.bin");
    let mut two = built.clone();
    deepen(&mut two, 2, Some(&path));
    assert_eq!(two.nodes, one.nodes);
    let mut loaded = reversi::train::book::load_state(&path).unwrap().unwrap();
    assert_eq!(loaded.nodes, one.nodes);
    assert_eq!(deepen(&mut loaded, 2, None), (0, 0));
    // A depth the own values cannot be searched one shallower at is refused.
    let mut run =
        BuildRun { threads: 1, save: None, save_every_s: 0.0, on_level: &mut |_, _| Ok(()), progress: &|_| {} };
    assert!(reversi::train::book::deepen(&mut loaded, 1, DeepenScope::Played, &mut run)
        .unwrap_err()
        .contains("depth of 1"));
    // A state written before deepening existed (version 1, no deepened byte) reads as never deepened.
    let mut v1 = Vec::new();
    let current = reversi::train::book::state_bytes(&built);
    v1.extend_from_slice(&current[..8]);
    v1.push(1);
    let mut at = OWN_HORIZONS_FLAG_AT + 1 + 4;
    v1.extend_from_slice(&current[9..OWN_HORIZONS_FLAG_AT]);
    v1.extend_from_slice(&current[OWN_HORIZONS_FLAG_AT + 1..at]);
    for _ in 0..built.nodes.len() {
        let children = usize::from(current[at + 16 + 3 + 8]);
        let len = 16 + 3 + 8 + 1 + children;
        v1.extend_from_slice(&current[at..at + len]);
        at += len + 1; // the deepened byte left out
    }
    let sum = reversi::othello::file_format::fnv1a64(&v1);
    v1.extend_from_slice(&sum.to_le_bytes());
    assert_eq!(reversi::train::book::parse_state(&v1).unwrap(), BuildState { own_horizons_matched: false, ..built });
    std::fs::remove_dir_all(&dir).ok();
}

/// The state as a version-2 file would hold it (before the own values' horizons were matched).
fn as_version_2(state: &BuildState) -> BuildState {
    let v3 = reversi::train::book::state_bytes(state);
    let mut v2 = Vec::new();
    v2.extend_from_slice(&v3[..8]);
    v2.push(2);
    v2.extend_from_slice(&v3[9..OWN_HORIZONS_FLAG_AT]);
    v2.extend_from_slice(&v3[OWN_HORIZONS_FLAG_AT + 1..v3.len() - 8]);
    let sum = reversi::othello::file_format::fnv1a64(&v2);
    v2.extend_from_slice(&sum.to_le_bytes());
    reversi::train::book::parse_state(&v2).unwrap()
}

#[test]
fn own_values_keep_the_leaves_side_to_move_at_the_horizon() {
    let weights = reversi::train::book::weights().unwrap();
    let mut engine = reversi::train::book::book_engine(&weights);
    let settings = tiny_settings(4);
    let mut built = BuildState::new(settings, &mut engine);
    run_build(&mut built, 2, None);
    assert!(built.own_horizons_matched);
    // The own value of a position at level L is a search of a position at L + 1; the leaves are
    // at `plies`: the horizons differ in side to move when plies - (L + 1) is odd (levels 0 and
    // 2), and the own value is searched one ply shallower there.
    let other_parity = |level: u8| (settings.plies - (u32::from(level) + 1)) % 2 == 1;
    for level in 0..4u8 {
        let expected = if other_parity(level) { settings.leaf_depth - 1 } else { settings.leaf_depth };
        assert_eq!(reversi::train::book::own_depth(settings.leaf_depth, level, settings.plies), expected);
    }
    let own_is_a_search_at =
        |state: &BuildState, k: &(u64, u64), depth: u32, engine: &mut reversi::othello::search::Engine| {
            let node = &state.nodes[k];
            let board = Board { player: k.0, opponent: k.1 };
            let outside: Vec<Board> = board
                .legal_moves()
                .into_iter()
                .filter(|s| !node.children.contains(&s.index()))
                .map(|s| board.play_unchecked(s).canonical().0)
                .collect();
            match node.own {
                None => outside.is_empty(),
                Some(own) => outside.iter().any(|&c| {
                    engine.clear();
                    -reversi::train::book::search(engine, c, depth).0 == own
                }),
            }
        };
    let mismatched: Vec<(u64, u64)> =
        built.nodes.iter().filter(|(_, n)| n.expanded && other_parity(n.level)).map(|(k, _)| *k).collect();
    assert!(!mismatched.is_empty());
    // (An own value may also come from the screen when no move left out was searched deeply.)
    let deep_own = mismatched.iter().filter(|k| own_is_a_search_at(&built, k, settings.leaf_depth - 1, &mut engine));
    assert!(deep_own.count() * 2 >= mismatched.len());
    let mut run =
        BuildRun { threads: 2, save: None, save_every_s: 0.0, on_level: &mut |_, _| Ok(()), progress: &|_| {} };
    // Nothing to search again in a build made so.
    let mut state = built.clone();
    assert_eq!(reversi::train::book::deepen(&mut state, settings.leaf_depth, DeepenScope::All, &mut run).unwrap(), 0);
    assert_eq!(state, built);

    // A build of state version 2 had its own values at the leaf depth: it cannot be continued
    // until `deepen --scope all` at its leaf depth searches again exactly the other parity's.
    let mut old = as_version_2(&built);
    assert!(!old.own_horizons_matched);
    let refused = build(&mut old, &mut run).unwrap_err();
    assert!(refused.contains("book-deepen --scope all --depth 3"), "{refused}");
    let done = reversi::train::book::deepen(&mut old, settings.leaf_depth, DeepenScope::All, &mut run).unwrap();
    assert_eq!(done, mismatched.len());
    assert!(old.own_horizons_matched);
    for (k, node) in &old.nodes {
        let before = &built.nodes[k];
        if mismatched.contains(k) {
            assert_eq!(u32::from(node.deepened), settings.leaf_depth);
            assert_eq!((node.searched, &node.children), (before.searched, &before.children));
            assert!(own_is_a_search_at(&old, k, settings.leaf_depth - 1, &mut engine), "{node:?}");
        } else {
            assert_eq!(node, before);
        }
    }
    assert_eq!(reversi::train::book::deepen(&mut old, settings.leaf_depth, DeepenScope::All, &mut run).unwrap(), 0);
    build(&mut old, &mut run).unwrap();
    // A build continues to a number of plies of the same parity only.
    assert!(!tiny_settings(5).continues(&settings));
    assert!(tiny_settings(6).continues(&settings));
}
