//! `peak-rss OUT PROGRAM [ARGS...]`: runs PROGRAM with this process's stdin, stdout and stderr,
//! then writes `<peak resident set size in KiB> <wall time in µs>` to the file OUT and exits with
//! PROGRAM's status.
//!
//! The peak comes from `getrusage(RUSAGE_CHILDREN)`, which reports the largest child this process
//! has waited for; running exactly one child per `peak-rss` makes that the program's own peak.

use nix::sys::resource::{getrusage, UsageWho};
use std::process::{Command, ExitCode};
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: peak-rss OUT PROGRAM [ARGS...]");
        return ExitCode::from(2);
    }
    let start = Instant::now();
    let status = match Command::new(&args[1]).args(&args[2..]).status() {
        Ok(status) => status,
        Err(error) => {
            eprintln!("peak-rss: cannot run {}: {error}", args[1]);
            return ExitCode::from(2);
        }
    };
    let wall = start.elapsed();
    let peak_kib = getrusage(UsageWho::RUSAGE_CHILDREN)
        .map(|usage| usage.max_rss())
        .unwrap_or(-1);
    if let Err(error) = std::fs::write(&args[0], format!("{peak_kib} {}\n", wall.as_micros())) {
        eprintln!("peak-rss: cannot write {}: {error}", args[0]);
        return ExitCode::from(2);
    }
    ExitCode::from(status.code().unwrap_or(128) as u8)
}
