//! What the benchmarks share.

/// The arguments after the program's name, less the `--bench` that `cargo bench` adds.
pub fn arguments() -> Vec<String> {
    std::env::args().skip(1).filter(|a| a != "--bench").collect()
}

/// Takes `--threads N` out of `args` (N at least 1; 1 when absent): the threads a benchmark
/// searches each position with (`othello::search::parallel`).
#[allow(dead_code)] // (each bench compiles this module; not every one takes --threads)
pub fn threads(args: &mut Vec<String>) -> usize {
    let Some(i) = args.iter().position(|a| a == "--threads") else { return 1 };
    let n = args.get(i + 1).and_then(|n| n.parse().ok()).filter(|&n| n >= 1).unwrap_or_else(|| {
        eprintln!("--threads needs a number of threads, at least 1");
        std::process::exit(2)
    });
    args.drain(i..i + 2);
    n
}
