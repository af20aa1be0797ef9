//! What the benchmarks share.

/// The arguments after the program's name, less the `--bench` that `cargo bench` adds.
pub fn arguments() -> Vec<String> {
    std::env::args().skip(1).filter(|a| a != "--bench").collect()
}
