//! `eight`: reads 8-puzzle boards on stdin, prints each one's shortest move string.

use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let outcome = match eight::parse_args(std::env::args_os().skip(1)) {
        Ok(eight::Command::Solve(options)) => eight::run(io::stdin().lock(), io::stdout().lock(), &options),
        Ok(eight::Command::Help) => io::stdout().write_all(eight::USAGE.as_bytes()).map_err(Into::into),
        Err(failure) => Err(failure),
    };
    common::cli::finish("eight", outcome)
}
