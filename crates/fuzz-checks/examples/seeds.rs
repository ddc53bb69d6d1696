//! Writes a starting corpus for every fuzz target: `count` deterministic inputs
//! per game of the list from [`fuzz_checks::inputs::generate`] into
//! `DIR/<target>/seed-<n>`.
//!
//! ```sh
//! cargo run -p fuzz-checks --features serde --example seeds -- DIR [COUNT]
//! ```
#![forbid(unsafe_code)]

use std::path::PathBuf;

use fuzz_checks::TARGETS;
use fuzz_checks::inputs::generate;

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let Some(dir) = args.next().map(PathBuf::from) else {
        eprintln!("usage: seeds DIR [COUNT]");
        std::process::exit(2);
    };
    let count = args.next().and_then(|c| c.parse().ok()).unwrap_or(200);
    for target in TARGETS {
        let out = dir.join(target);
        std::fs::create_dir_all(&out)?;
        let inputs = generate(target, 1, count);
        for (i, data) in inputs.iter().enumerate() {
            std::fs::write(out.join(format!("seed-{i:04}")), data)?;
        }
        println!("{target}: {} inputs in {}", inputs.len(), out.display());
    }
    Ok(())
}
