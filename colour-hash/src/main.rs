//! `colour-hash`: reads N configurations on stdin, prints one answer line for each.

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let outcome = colour_hash::run(io::stdin().lock(), io::stdout().lock());
    common::cli::finish(colour_hash::PROGRAM, outcome)
}
