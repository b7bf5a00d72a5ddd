//! `colour-hash`: reads N configurations on stdin, prints one answer line for each.
//! `--stats [--depth D]` prints the layers around the goal; `--trace` draws each solution on stderr.

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let outcome = colour_hash::main_with(
        std::env::args_os().skip(1),
        io::stdin().lock(),
        io::stdout().lock(),
        &mut io::stderr(),
    );
    common::cli::finish(colour_hash::PROGRAM, outcome)
}
