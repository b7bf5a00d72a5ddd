//! `msquare`: reads the target colours on stdin, prints the move count and the moves.

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let outcome = msquare::run(io::stdin().lock(), io::stdout().lock());
    common::cli::finish("msquare", outcome)
}
