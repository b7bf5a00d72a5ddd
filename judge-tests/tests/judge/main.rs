//! The `judge` tool, gathered in one test binary (one link instead of one a file) under the standard
//! harness:
//!
//! - [`cache`]: the references' tables kept between `judge` processes;
//! - [`contract`]: promises a hostile round broke: memory outside the resident set, `--jobs` over
//!   the cores, a process limit, `--keep` checked first, a FIFO among the cases;
//! - [`cli`]: `judge` (and its `peak-rss` helper) as a user meets them: help, mistakes, odd
//!   arguments, a full or closed stdout, `judge run`'s verdict lines and layouts;
//! - [`sandbox`]: a hostile round's attacks on the supervisor (hidden memory, a forged report,
//!   traps, leftovers), each in both modes, confined and the fallback;
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
mod sandbox;
mod stress;
mod what_a_judge_finds;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The Python interpreter that `python3` names on `PATH`, resolved once per test run; where
/// another user could not run it (pyenv's under `/root`, as on the test machine), `/usr/bin/python3`:
/// a confined program runs under a uid of its own (docs/judge.md), as on a judge. The tests start
/// Python for nearly every case they judge; where `python3` is a version manager's shim (pyenv's
/// is a bash script that runs `pyenv exec`), starting the shim costs several times what the
/// interpreter's own start does, on every run, and tells nothing about `judge`.
pub(crate) fn python3() -> &'static Path {
    static INTERPRETER: OnceLock<PathBuf> = OnceLock::new();
    INTERPRETER.get_or_init(|| {
        let asked = Command::new("python3")
            .args(["-S", "-c", "import sys; print(sys.executable)"])
            .output()
            .expect("python3 runs");
        let path = String::from_utf8_lossy(&asked.stdout).trim().to_string();
        // Python leaves sys.executable empty when it cannot tell: then the name, as before.
        let found = PathBuf::from(if asked.status.success() && !path.is_empty() {
            path
        } else {
            "python3".into()
        });
        let system = PathBuf::from("/usr/bin/python3");
        if found.is_absolute() && !anyone_may_run(&found) && system.exists() {
            system
        } else {
            found
        }
    })
}

/// `path` as one word of a `sh -c` command line, whatever it holds (a space, a quote): in single
/// quotes, each of its own single quotes written `'\''`.
pub(crate) fn quoted(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', "'\\''"))
}

/// Whether every user may reach and run `path`: each folder above it searchable by others.
fn anyone_may_run(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.ancestors()
        .all(|dir| std::fs::metadata(dir).is_ok_and(|meta| meta.permissions().mode() & 0o001 != 0))
}

/// The shell command that runs the Python fixture `tests/fixtures/<name>.py` with the shipped
/// eight binary as its solver. `-S`: without the site module, which only finds installed
/// packages (the fixtures use std modules alone) and is much of each short run's start-up.
pub(crate) fn python_fixture(name: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/{name}.py"));
    format!(
        "{} -S {} {}",
        quoted(python3()),
        quoted(&script),
        quoted(&judge_tests::binary_path("eight"))
    )
}

/// Runs `action` once a program run by this test process has put a file named `marker` in its
/// working folder (`TMPDIR/judge-run-<this pid>-<n>`: the one place a confined program can write
/// that a test sees), or gives up after two minutes. For a test whose program must wait for a
/// change outside it: the program marks, then waits for what `action` does.
pub(crate) fn when_a_run_marks(marker: String, action: impl FnOnce() + Send + 'static) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let prefix = format!("judge-run-{}-", std::process::id());
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
        while std::time::Instant::now() < deadline {
            let marked = std::fs::read_dir(std::env::temp_dir()).is_ok_and(|entries| {
                entries.flatten().any(|entry| {
                    entry.file_name().to_string_lossy().starts_with(&prefix) && entry.path().join(&marker).exists()
                })
            });
            if marked {
                return action();
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    })
}
