//! `eight`: reads 8-puzzle boards on stdin, prints each one's shortest move string.
//! `--trace` also draws each answer on stderr; `--stats` prints the distance table.

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let outcome = eight::main_with(
        std::env::args_os().skip(1),
        io::stdin().lock(),
        io::stdout().lock(),
        &mut io::stderr(),
    );
    common::cli::finish("eight", outcome)
}
