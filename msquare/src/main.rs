//! `msquare`: reads the target colours on stdin, prints the move count and the moves.
//! `--stats` prints the distance table; `--trace` draws the solution on stderr.

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let outcome = msquare::main_with(
        std::env::args_os().skip(1),
        io::stdin().lock(),
        io::stdout().lock(),
        &mut io::stderr(),
    );
    common::cli::finish("msquare", outcome)
}
