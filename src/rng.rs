//! The crate's pseudo-random generators: small, fixed algorithms written out here rather than taken
//! from a crate, so that a seed gives the same numbers on every machine, in the native and the
//! WebAssembly builds and in every version. Matches, training games, opening books, exercises and
//! tests are reproduced from their seeds.
//!
//! * [`SplitMix64`]: Steele, Lea and Flood's generator, and its output function as a hash
//!   ([`mix64`], [`mix_seed`]).
//! * [`XorShift64Star`]: Vigna's xorshift64*, for drawing moves.
//! * [`XorShift64`]: Marsaglia's plain xorshift, for raw random bitboards in unit tests.
//!
//! ```
//! use reversi::rng::{SplitMix64, XorShift64Star};
//! let mut a = SplitMix64(7);
//! let mut b = SplitMix64(7);
//! assert_eq!(a.next_u64(), b.next_u64());
//! assert!(XorShift64Star::new(1).below(10) < 10);
//! ```

/// SplitMix64's increment: 2⁶⁴ divided by the golden ratio, made odd. Also a multiplier that
/// spreads consecutive integers (plies, indices) far apart.
pub const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's output function (Stafford's "Mix13" variant of MurmurHash3's finaliser): a
/// bijection of `u64` in which every input bit changes about half of the output bits. `0` maps to
/// `0`; [`mix_seed`] adds [`GOLDEN_GAMMA`] first.
#[inline(always)]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The first output of [`SplitMix64`] from the state `seed`: turns any seed (an index, a xor of
/// hashes) into an unrelated 64-bit number, so that nearby seeds do not give related draws.
#[inline(always)]
pub const fn mix_seed(seed: u64) -> u64 {
    mix64(seed.wrapping_add(GOLDEN_GAMMA))
}

/// SplitMix64 (G. L. Steele, D. Lea and C. H. Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014): a counter stepped by [`GOLDEN_GAMMA`] and passed through [`mix64`].
/// Any state is valid, zero included; the state is the seed.
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN_GAMMA);
        mix64(self.0)
    }

    /// A number in `0..n` (n > 0), by the high half of a 128-bit product.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// xorshift64* (S. Vigna, "An experimental exploration of Marsaglia's xorshift generators,
/// scrambled", ACM TOMS 42(4), 2016): Marsaglia's xorshift with the shifts 12, 25, 27, its output
/// multiplied by 2685821657736338717. Small and good enough for drawing moves and test positions.
/// A zero state stays zero: [`XorShift64Star::new`] takes any seed.
#[derive(Clone, Debug)]
pub struct XorShift64Star(u64);

impl XorShift64Star {
    /// A generator for any seed, zero included: its state is `seed ^ GOLDEN_GAMMA`.
    pub const fn new(seed: u64) -> XorShift64Star {
        XorShift64Star(seed ^ GOLDEN_GAMMA)
    }

    /// A generator whose state is exactly `state` (not zero).
    pub const fn from_state(state: u64) -> XorShift64Star {
        XorShift64Star(state)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (n > 0), by the remainder of the next output.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Marsaglia's xorshift64 with the shifts 13, 7, 17 (G. Marsaglia, "Xorshift RNGs", Journal of
/// Statistical Software 8(14), 2003): unscrambled, whole-word outputs for raw random bitboards.
/// A zero state stays zero.
#[derive(Clone, Debug)]
pub struct XorShift64(u64);

impl XorShift64 {
    /// A generator whose state is exactly `state` (not zero).
    pub const fn from_state(state: u64) -> XorShift64 {
        XorShift64(state)
    }

    /// The next state, which is the output.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_published_outputs() {
        let mut r = SplitMix64(0);
        let first: Vec<u64> = (0..4).map(|_| r.next_u64()).collect();
        assert_eq!(first, [0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f, 0xf88bb8a8724c81ec]);
        let mut r = SplitMix64(7);
        let drawn: Vec<usize> = (0..8).map(|_| r.below(41)).collect();
        assert_eq!(drawn, [15, 0, 36, 23, 18, 10, 19, 13]);
    }

    #[test]
    fn the_mixers_are_pinned() {
        assert_eq!([mix64(0), mix64(1), mix64(0xdead_beef)], [0, 0x5692161d100b05e5, 0x4e062702ec929eea]);
        assert_eq!(
            [mix_seed(0), mix_seed(1), mix_seed(12345)],
            [0xe220a8397b1dcdaf, 0x910a2dec89025cc1, 0x22118258a9d111a0]
        );
        for seed in [0, 1, 12345, u64::MAX] {
            assert_eq!(mix_seed(seed), SplitMix64(seed).next_u64());
        }
    }

    #[test]
    fn xorshift64_star_is_pinned() {
        let mut r = XorShift64Star::new(0);
        let first: Vec<u64> = (0..4).map(|_| r.next_u64()).collect();
        assert_eq!(first, [0x0d83b3e29a21487a, 0x54c44c79f1fe9d67, 0xa845f342007a0e78, 0x7d6e0b878a794779]);
        let mut r = XorShift64Star::new(5);
        let first: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        assert_eq!(first, [0xf5814584b5d4bcee, 0xb5d9fec276a979db, 0x5633bc44e7c59721]);
        let drawn: Vec<usize> = (0..8).map(|_| r.below(10)).collect();
        assert_eq!(drawn, [2, 3, 1, 0, 8, 7, 3, 3]);
        let mut r = XorShift64Star::from_state(1);
        let first: Vec<u64> = (0..4).map(|_| r.next_u64()).collect();
        assert_eq!(first, [0x47e4ce4b896cdd1d, 0xabcfa6a8e079651d, 0xb9d10d8feb731f57, 0x4db418a0bb1b019d]);
        let mut r = XorShift64Star::from_state(0x5eed_0001);
        let first: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        assert_eq!(first, [0xa2e8ec67270a2376, 0x44be5980bae0d9b9, 0x31076561bb9cc917]);
        let drawn: Vec<usize> = (0..8).map(|_| r.below(10)).collect();
        assert_eq!(drawn, [9, 3, 9, 4, 7, 7, 5, 9]);
    }

    #[test]
    fn xorshift64_is_pinned() {
        let mut r = XorShift64::from_state(0x2545_f491_4f6c_dd1d);
        let first: Vec<u64> = (0..4).map(|_| r.next_u64()).collect();
        assert_eq!(first, [0x7f6c280beaa8e3e7, 0xe47119871cf9abe0, 0x35174a4158b8a0b7, 0x62ce1ffad85b1c36]);
        let mut r = XorShift64::from_state(GOLDEN_GAMMA);
        let first: Vec<u64> = (0..4).map(|_| r.next_u64()).collect();
        assert_eq!(first, [0xdc1b77ae0bf34dad, 0x64f0eeb9026e6076, 0x7b07ce91e5906136, 0x305f050c368dcc74]);
    }
}
