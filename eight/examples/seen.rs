//! The plain breadth-first search of eight's whole space with one of three ways to remember the
//! boards seen ([`eight::study::whole_space`]), one process a run, for `make bench`:
//!
//! ```text
//! cargo build --release -p eight --example seen
//! echo BTreeSet | target/release/examples/seen   # or HashSet, Cantor
//! ```
//!
//! Reads the seen set's name from stdin, prints the boards reached and the greatest distance
//! (`181440 31` for every set: only the cost differs).

use std::io::Read;
use std::process::ExitCode;

use eight::study::{whole_space, SeenKind};

fn main() -> ExitCode {
    let mut name = String::new();
    if std::io::stdin().read_to_string(&mut name).is_err() {
        eprintln!("seen: error: cannot read stdin");
        return ExitCode::FAILURE;
    }
    let Some(kind) = SeenKind::ALL.into_iter().find(|kind| kind.name() == name.trim()) else {
        eprintln!(
            "seen: error: stdin names no seen set (BTreeSet, HashSet or Cantor): {:?}",
            name.trim()
        );
        return ExitCode::FAILURE;
    };
    let (boards, depth) = whole_space(kind);
    println!("{boards} {depth}");
    ExitCode::SUCCESS
}
