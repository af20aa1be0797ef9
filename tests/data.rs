//! The data the project reads lives in the repository (`data/`): every file is there and parses.
//! A missing file fails here, loudly, rather than making another test skip.

use reversi::othello::records::notation::parse_obf;

/// Each FFO file with its number of positions.
const FFO_FILES: [(&str, usize); 4] =
    [("fforum-1-19.obf", 19), ("fforum-20-39.obf", 20), ("fforum-40-59.obf", 20), ("fforum-60-79.obf", 20)];

#[test]
fn every_ffo_file_is_in_the_repository_and_parses() {
    for (name, count) in FFO_FILES {
        let path = format!("{}/data/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{path} is missing or unreadable ({e}): the data/ folder must be complete"));
        let entries = parse_obf(&text).unwrap_or_else(|(line, e)| panic!("{path}:{line}: {e}"));
        assert_eq!(entries.len(), count, "{path}");
        for (i, entry) in entries.iter().enumerate() {
            assert!(entry.best_score().is_some(), "{path}:{}: no solution", i + 1);
            assert!(!entry.position.is_game_over(), "{path}:{}: finished game", i + 1);
        }
    }
}

#[test]
fn the_data_folder_documents_each_file() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/README.md")).expect("data/README.md");
    for (name, _) in FFO_FILES {
        assert!(readme.contains(name), "data/README.md does not mention {name}");
    }
}
