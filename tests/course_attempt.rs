//! Attempt codes: SipHash-2-4 as published, codes that read back, and every changed symbol, another
//! exercise or another class key caught.

use reversi::course::attempt::{decode, diagnose, encode, siphash24, Attempt, AttemptError, Diagnosis};
use reversi::rng::SplitMix64;

const EXERCISE: &str = "exercise=42&shape=3x2&algorithm=alphabeta&ask=values,window,pruned&key=K7Q2";

#[test]
fn siphash_matches_the_reference_vectors() {
    // Aumasson and Bernstein's vectors.c: key 00 01 … 0f, messages 00, 00 01, … of length 0 to 63.
    let (k0, k1) = (0x0706050403020100, 0x0f0e0d0c0b0a0908);
    let message: Vec<u8> = (0..64).collect();
    assert_eq!(siphash24(k0, k1, &message[..0]), 0x726fdb47dd0e0e31);
    assert_eq!(siphash24(k0, k1, &message[..1]), 0x74f839c593dc67fd);
    assert_eq!(siphash24(k0, k1, &message[..8]), 0x93f5f5799a932462);
    assert_eq!(siphash24(k0, k1, &message[..15]), 0xa129ca6149be45e5);
    assert_eq!(siphash24(k0, k1, &message[..63]), 0x958a324ceb064572);
}

/// An attempt of any shape a page can make: 1–60 questions, any score, attempts 1–63.
fn random_attempt(rng: &mut SplitMix64) -> Attempt {
    let total = 1 + rng.below(60) as u8;
    Attempt {
        variant: rng.below(65_536) as u16,
        right: rng.below(total as usize + 1) as u8,
        total,
        attempt: 1 + rng.below(63) as u8,
    }
}

#[test]
fn codes_read_back_and_catch_every_changed_symbol() {
    let mut rng = SplitMix64(30);
    const SYMBOLS: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let mut caught = 0;
    for _ in 0..60 {
        let a = random_attempt(&mut rng);
        let code = encode(EXERCISE, &a);
        assert_eq!(code.len(), 14);
        assert_eq!(code.matches('-').count(), 2);
        assert_eq!(decode(EXERCISE, &code), Ok(a));
        // As a student might type it: lower case, no hyphens, O for 0, l for 1.
        let typed = code.replace('-', " ").to_lowercase().replace('0', "o").replace('1', "l");
        assert_eq!(decode(EXERCISE, &typed), Ok(a));
        // Another exercise, or another class key: refused.
        assert_eq!(decode(&EXERCISE.replace("K7Q2", "K7Q3"), &code), Err(AttemptError::Checksum));
        // Every single symbol changed: refused.
        let chars: Vec<char> = code.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            if c == '-' {
                continue;
            }
            for s in SYMBOLS.chars().filter(|&s| s != c) {
                let mut changed = chars.clone();
                changed[i] = s;
                let changed: String = changed.into_iter().collect();
                assert!(decode(EXERCISE, &changed).is_err(), "{code} → {changed}");
                caught += 1;
            }
        }
    }
    assert_eq!(caught, 60 * 12 * 31);
}

#[test]
fn bad_codes_say_what_is_wrong() {
    let code = encode(EXERCISE, &Attempt { variant: 0, right: 5, total: 9, attempt: 1 });
    assert_eq!(decode(EXERCISE, &code[..10]), Err(AttemptError::Length(8)));
    assert_eq!(decode(EXERCISE, "ABCD-EFGH-JKU1"), Err(AttemptError::Character('U', 13)));
    assert_eq!(
        decode(EXERCISE, "ABCD-EFGH-JKU1").unwrap_err().to_string(),
        "'U' (character 13) is not a symbol of a code"
    );
    assert_eq!(
        AttemptError::Checksum.to_string(),
        "the checksum does not match: not a code of this exercise (or a mistyped one)"
    );
    // Attempts past 63 are written as 63.
    let many = encode(EXERCISE, &Attempt { variant: 7, right: 0, total: 3, attempt: 200 });
    assert_eq!(decode(EXERCISE, &many).unwrap().attempt, 63);
}

#[test]
fn a_class_list_tells_altered_codes_from_other_exercises() {
    let mut rng = SplitMix64(31);
    const SYMBOLS: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    for _ in 0..40 {
        let a = random_attempt(&mut rng);
        let code = encode(EXERCISE, &a);
        assert_eq!(diagnose(EXERCISE, &code), Diagnosis::Valid(a));
        assert_eq!(diagnose(EXERCISE, &code.to_lowercase()), Diagnosis::Valid(a));
        // Any one symbol changed: altered, and the code it was is found, with the symbol.
        let symbols: Vec<char> = code.chars().filter(|&c| c != '-').collect();
        let at = rng.below(12);
        let mut changed = symbols.clone();
        changed[at] = SYMBOLS.chars().find(|&s| s != symbols[at] && rng.below(4) == 0).unwrap_or('Z');
        if changed[at] == symbols[at] {
            changed[at] = 'Y';
        }
        let changed: String = changed.into_iter().collect();
        match diagnose(EXERCISE, &changed) {
            Diagnosis::Altered { original, position, .. } => assert_eq!((original, position), (a, at + 1), "{changed}"),
            other => panic!("{changed}: {other:?}"),
        }
        // The same numbers at another exercise or class key: another exercise's code.
        for other in [
            "exercise=43&shape=3x2&algorithm=alphabeta&ask=values,window,pruned&key=K7Q2",
            "exercise=42&shape=3x2&algorithm=alphabeta&ask=values,window,pruned&key=K7Q3",
        ] {
            assert_eq!(diagnose(EXERCISE, &encode(other, &a)), Diagnosis::Other { claimed: a });
        }
    }
    assert!(matches!(diagnose(EXERCISE, "not a code"), Diagnosis::Unreadable(AttemptError::Length(_))));
    assert!(matches!(diagnose(EXERCISE, "8000-20P1-JYJ!"), Diagnosis::Unreadable(AttemptError::Character('!', 14))));
    // Twelve symbols no page writes: version 0, or no questions at all.
    assert_eq!(diagnose(EXERCISE, "0000-1111-1111"), Diagnosis::Unreadable(AttemptError::Version(0)));
}
