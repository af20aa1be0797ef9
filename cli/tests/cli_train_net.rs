//! `train net-export` and `train net-import`, the bridge to the pattern networks' training script:
//! the positions file holds every position of the games with the layout the script needs, and
//! tables handed back become a weights file the engine reads (or are refused in one line).

mod common;

use common::{arg, temp_dir, train};
use reversi::othello::eval::pattern::{file as weights_file, Layout, PATTERNS};

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

#[test]
fn export_writes_every_position_with_its_configurations_and_label() {
    let dir = temp_dir("net-export");
    let (code, _, err) = train(&["generate", "--dir", arg(&dir), "--games", "6", "--depth", "1", "--exact", "4"]);
    assert_eq!(code, 0, "{err}");
    let out = dir.join("positions.bin");
    let (code, said, err) = train(&["net-export", "--dir", arg(&dir), "--out", arg(&out), "--holdout", "50"]);
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(&bytes[..8], b"RVNET001");
    let (count, instances) = (u32_at(&bytes, 8) as usize, u32_at(&bytes, 12) as usize);
    assert_eq!(instances, 46);
    assert!(said.starts_with(&format!("{count} positions of 6 games")), "{said}");
    let layout = Layout::get();
    let mut at = 16 + instances;
    let mut classes = 0;
    for (p, def) in PATTERNS.iter().enumerate() {
        let n = u32_at(&bytes, at) as usize;
        let reps: Vec<u32> = (0..n).map(|c| u32_at(&bytes, at + 4 + 4 * c)).collect();
        // Each class's representative is a configuration of that class, the least.
        for (c, &r) in reps.iter().enumerate() {
            assert_eq!(layout.class[p][r as usize] as usize, c, "{}", def.name);
            assert!(layout.class[p][..r as usize].iter().all(|&other| other as usize != c));
        }
        classes += n;
        at += 4 + 4 * n;
    }
    assert_eq!(classes + 65, layout.class_len);
    let record = 2 * instances + 5;
    assert_eq!(bytes.len(), at + count * record);
    let mut held = 0;
    for r in bytes[at..].chunks_exact(record) {
        let (own, opponent, discs, score, flags) = (
            r[2 * instances],
            r[2 * instances + 1],
            r[2 * instances + 2],
            r[2 * instances + 3] as i8,
            r[2 * instances + 4],
        );
        assert!(own <= 31 && opponent <= 31 && (4..=64).contains(&discs));
        assert!((-64..=64).contains(&score));
        // Solved exactly from 4 empties on.
        assert_eq!(flags & 1 != 0, discs >= 60, "discs {discs}");
        held += usize::from(flags & 2 != 0);
    }
    assert!(held > 0 && held < count, "some games held out at 50 %: {held} of {count}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn import_makes_a_weights_file_of_expanded_tables_or_refuses_them_in_one_line() {
    let dir = temp_dir("net-import");
    let per_stage = Layout::get().class_len;
    let tables = dir.join("tables.f32");
    let values: Vec<f32> = (0..2 * per_stage).map(|i| (i % 7) as f32 * 0.5 - 1.5).collect();
    std::fs::write(&tables, values.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<u8>>()).unwrap();
    let out = dir.join("net.bin");
    let (code, _, err) = train(&["net-import", "--in", arg(&tables), "--stages", "2", "--out", arg(&out)]);
    assert_eq!(code, 0, "{err}");
    let (stages, read) = weights_file::decode(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(stages, 2);
    // Quantised to ±63 steps of each block's largest weight (1.5 here).
    assert!(read.iter().zip(&values).all(|(a, b)| (a - b).abs() <= 1.5 / 63.0), "the tables as given");

    for (stages, bytes, says) in [("3", values.len() * 4, "3 stages"), ("2", values.len() * 4 - 4, "bytes")] {
        std::fs::write(&tables, &values.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<u8>>()[..bytes]).unwrap();
        let _ = std::fs::remove_file(&out);
        let (code, _, err) = train(&["net-import", "--in", arg(&tables), "--stages", stages, "--out", arg(&out)]);
        assert_eq!(code, 2, "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{err}");
        assert!(!out.exists());
    }
    let mut bad = values.clone();
    bad[5] = f32::NAN;
    std::fs::write(&tables, bad.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<u8>>()).unwrap();
    let (code, _, err) = train(&["net-import", "--in", arg(&tables), "--stages", "2", "--out", arg(&out)]);
    assert_eq!(
        (code, err.trim_end()),
        (2, format!("train: weight 5 of '{}' is NaN (not a value in discs)", tables.display()).as_str())
    );
    std::fs::remove_dir_all(&dir).ok();
}
