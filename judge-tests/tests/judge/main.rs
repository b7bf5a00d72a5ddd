//! The `judge` tool, gathered in one test binary (one link instead of four) under the standard
//! harness:
//!
//! - [`cache`]: the references' tables kept between `judge` processes;
//! - [`contract`]: promises a hostile round broke: memory outside the resident set, `--jobs` over
//!   the cores, a process limit, `--keep` checked first, a FIFO among the cases;
//! - [`cli`]: `judge` (and its `peak-rss` helper) as a user meets them: help, mistakes, odd
//!   arguments, a full or closed stdout, `judge run`'s verdict lines and layouts;
//! - [`limits`]: the runner's promises on real processes (limits, killed descendants, counted
//!   memory), and `judge check` under memory limits;
//! - [`stress`]: `judge stress` against deliberately broken solvers, a user's generator and the
//!   workspace's own binaries;
//! - [`own_solution`]: `judge` on a user's own solution: one-layout solutions, the cases no judge
//!   sends, classic bugs shrunk to their easiest failing case, `--jobs`;
//! - [`contestant`]: a contestant's own Python and C++ solutions with their habits, under each
//!   judge's rules for their language: verdicts and messages as the real judge gives them, file
//!   I/O, stress left running;
//! - [`what_a_judge_finds`]: what a real judge would find, found at once: the unsolvable board
//!   of a POJ solution without the parity check, a TLE confirmed alone, a missing empty line as
//!   PE in run and stress, hints that say only what the output shows, `--data`.
//!
//! Where the checker is tested: its rules in process, in `judge-oracle`'s unit tests
//! (`oracle/src/checker/`); its verdict on every deliberately wrong output in `tests/judged`
//! (`checkers`, data-driven); here only what needs the `judge check` process: its testlib
//! statuses for odd arguments (`cli`) and its failure, never an abort, under `ulimit -v`
//! (`limits`). `cargo test --test judge -- stress::` runs one part.

mod cache;
mod cli;
mod contestant;
mod contract;
mod limits;
mod own_solution;
mod stress;
mod what_a_judge_finds;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The Python interpreter that `python3` names on `PATH`, resolved once per test run. The tests
/// start Python for nearly every case they judge; where `python3` is a version manager's shim
/// (pyenv's is a bash script that runs `pyenv exec`), starting the shim costs several times what
/// the interpreter's own start does, on every run, and tells nothing about `judge`.
pub(crate) fn python3() -> &'static Path {
    static INTERPRETER: OnceLock<PathBuf> = OnceLock::new();
    INTERPRETER.get_or_init(|| {
        let asked = Command::new("python3")
            .args(["-S", "-c", "import sys; print(sys.executable)"])
            .output()
            .expect("python3 runs");
        let path = String::from_utf8_lossy(&asked.stdout).trim().to_string();
        // Python leaves sys.executable empty when it cannot tell: then the name, as before.
        PathBuf::from(if asked.status.success() && !path.is_empty() {
            path
        } else {
            "python3".into()
        })
    })
}

/// The shell command that runs the Python fixture `tests/fixtures/<name>.py` with the shipped
/// eight binary as its solver. `-S`: without the site module, which only finds installed
/// packages (the fixtures use std modules alone) and is much of each short run's start-up.
pub(crate) fn python_fixture(name: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/{name}.py"));
    format!(
        "'{}' -S '{}' '{}'",
        python3().display(),
        script.display(),
        judge_tests::binary_path("eight").display()
    )
}
