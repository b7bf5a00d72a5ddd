//! Judge tests for the puzzle binaries: case discovery, a process runner with verdicts, the
//! `judge run` and `judge stress` verbs, the single-file bundler (`bin/judge.rs` is the `judge`
//! command's dispatch). The independent reference solvers and the checkers are the
//! `judge-oracle` crate's (in `oracle/`, built optimised while this tooling builds fast): callers
//! name them `judge_oracle::checker`.
//!
//! Nothing here is pasted into a submission, so it may use crates freely.

pub mod bundle;
pub mod cases;
pub mod cause;
pub mod cli;
pub mod file_io;
pub mod input;
pub mod judges;
pub mod run;
pub mod runner;
pub mod stress;

use judge_oracle::escape;

use std::ffi::OsStr;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// What `judge` says last when a signal stops it (after `judge: interrupted by SIGINT`): set by a
/// verb whose work would otherwise be lost, as `judge stress` says where its best failing input
/// so far is kept.
static ON_INTERRUPT: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

/// Sets the line (or lines, each ending with a newline) `judge` writes to stderr if SIGINT,
/// SIGTERM or SIGHUP stops it from now on.
pub fn on_interrupt_say(text: String) {
    *ON_INTERRUPT.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = text;
}

/// The text set by [`on_interrupt_say`], for the interrupt handler.
pub fn on_interrupt_text() -> String {
    ON_INTERRUPT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone()
}

/// Most bytes of a crashed program's stderr shown: its last lines within this many bytes.
pub const STDERR_SHOWN: usize = 4096;

/// The end of a program's stderr, as a crash report shows it: its last lines, at most
/// [`STDERR_SHOWN`] bytes (a line cut by that bound is left out unless it is the only one), each
/// escaped as [`escape`] does, trailing empty lines dropped. The cause of a crash is at the end
/// (a Python traceback, a Rust panic's message, `Aborted`); the start is `Traceback (most recent
/// call last):`.
///
/// # Complexity
/// O([`STDERR_SHOWN`]).
pub fn stderr_tail(stderr: &[u8]) -> String {
    let end = stderr.len()
        - stderr
            .iter()
            .rev()
            .take_while(|byte| byte.is_ascii_whitespace())
            .count();
    let text = &stderr[..end];
    let mut start = text.len().saturating_sub(STDERR_SHOWN);
    if start > 0 && text[start - 1] != b'\n' {
        // Cut inside a line: start at the next whole one, if there is one.
        if let Some(newline) = text[start..].iter().position(|&byte| byte == b'\n') {
            start += newline + 1;
        }
    }
    text[start..]
        .split(|&byte| byte == b'\n')
        .map(|line| escape(OsStr::from_bytes(line.strip_suffix(b"\r").unwrap_or(line))))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `dir` is this workspace's root: a `Cargo.toml` with `[workspace]` beside
/// `judge-tests/data`.
fn is_workspace_root(dir: &Path) -> bool {
    dir.join("judge-tests").join("data").is_dir()
        && fs::read_to_string(dir.join("Cargo.toml")).is_ok_and(|manifest| manifest.contains("[workspace]"))
}

/// The workspace `judge` runs in: the first folder, walking up from the current folder and then
/// from the running executable's folder (`target/release/judge` lives inside its workspace),
/// that holds a `Cargo.toml` with `[workspace]` and `judge-tests/data`.
///
/// Unlike [`workspace_root`], this follows a clone that was moved after it was built.
pub fn find_workspace() -> Option<PathBuf> {
    let starts = [
        std::env::current_dir().ok(),
        std::env::current_exe()
            .ok()
            .and_then(|exe| exe.parent().map(Path::to_path_buf)),
    ];
    starts.into_iter().flatten().find_map(|start| {
        start
            .ancestors()
            .find(|dir| is_workspace_root(dir))
            .map(Path::to_path_buf)
    })
}

/// The workspace root at build time (the folder holding the top `Cargo.toml`), for tests.
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("judge-tests lives inside the workspace")
        .to_path_buf()
}

/// The Cargo target folder the running test binary was built in (`target/`, or
/// `CARGO_TARGET_DIR`), for tests: a test binary is `<target>/<profile>/deps/<name>-<hash>`.
pub fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the running test has a path");
    exe.ancestors()
        .nth(3)
        .expect("a test binary lives in <target>/<profile>/deps")
        .to_path_buf()
}

/// The folder of judge cases at build time, `judge-tests/data`, for tests (`judge` itself uses
/// [`find_workspace`]).
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// The target triple of `make dist`'s static binaries, the ones the tests run.
pub const STATIC_TARGET: &str = "x86_64-unknown-linux-gnu";

/// The folder `make dist` builds its static binaries in, inside the Cargo target folder `target`
/// (`target/static/x86_64-unknown-linux-gnu/dist`; `dist/bin` holds copies).
pub fn static_binaries(target: &Path) -> PathBuf {
    target.join("static").join(STATIC_TARGET).join("dist")
}

/// The path of a built puzzle binary.
///
/// Looks beside the running executable (`target/<profile>/` for `judge`,
/// `target/<profile>/deps/..` for tests), so `judge` built in release mode runs the release
/// binaries; `JUDGE_BIN_DIR` overrides the folder. Tests built with the `test-release` profile
/// (`make test`) run the shipped binaries, the static ones of `make dist` (see
/// [`static_binaries`]: one build of the puzzles (the `dist` profile) serves both the tests and `dist/bin`),
/// and only this crate's own tools (`src/bin`: `judge`, `peak-rss`, `memory-hog`) from their own
/// folder.
pub fn binary_path(name: &str) -> PathBuf {
    let file = format!("{name}{}", std::env::consts::EXE_SUFFIX);
    if let Some(dir) = std::env::var_os("JUDGE_BIN_DIR") {
        return PathBuf::from(dir).join(file);
    }
    let exe = std::env::current_exe().expect("the running executable has a path");
    let mut dir = exe.parent().expect("an executable lives in a folder").to_path_buf();
    if dir.ends_with("deps") {
        dir.pop();
    }
    let own_tool = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("src/bin/{name}.rs"))
        .is_file();
    if dir.ends_with("test-release") && !own_tool {
        if let Some(target) = dir.parent() {
            return static_binaries(target).join(file);
        }
    }
    dir.join(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stderr_tail_keeps_the_cause_at_the_end() {
        assert_eq!(stderr_tail(b""), "");
        assert_eq!(
            stderr_tail(b"Traceback:\n  line 3\nValueError: x\n\n"),
            "Traceback:\n  line 3\nValueError: x"
        );
        let mut long = b"Traceback (most recent call last):\n".to_vec();
        for line in 0..1000 {
            long.extend_from_slice(format!("  frame {line}\n").as_bytes());
        }
        long.extend_from_slice(b"ZeroDivisionError: division by zero\x1b[0m\n");
        let tail = stderr_tail(&long);
        assert!(tail.len() <= STDERR_SHOWN + 16, "{}", tail.len());
        assert!(tail.starts_with("  frame ") && !tail.contains("Traceback"), "{tail}");
        assert!(
            tail.ends_with("ZeroDivisionError: division by zero\\u{1b}[0m"),
            "{tail}"
        );
        let one_line = vec![b'a'; 10_000];
        assert_eq!(stderr_tail(&one_line).len(), STDERR_SHOWN);
    }

    #[test]
    fn the_workspace_is_found_from_here() {
        // Tests run in the crate's folder, inside the workspace.
        assert_eq!(find_workspace(), Some(workspace_root()));
    }
}
