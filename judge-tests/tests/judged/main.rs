//! The data-driven tests, gathered in one test binary (one link instead of four) run by
//! libtest2-mimic, since their trials are made from the files found at run time:
//!
//! - [`cases`]: every judge case through the shipped binaries (`make dist`'s static ones), bytes
//!   against `<case>.out`;
//! - [`checkers`]: every deliberately wrong output in `judge-tests/checks` gets its verdict, and
//!   every binary's output on every case is accepted;
//! - [`grammar`]: the binaries and the checkers read the same inputs as valid;
//! - [`bundle`]: the single-file bundles compile under every edition and toolchain and answer as
//!   the static Cargo build does (every case as judges build them), which links as it should;
//! - [`docs`]: every fast-tier file names the tests that prove it, and they exist; every relative
//!   link in the Markdown files resolves.
//!
//! The checker's rules are unit-tested in `judge-oracle` (`oracle/src/checker/`); [`checkers`] and
//! [`grammar`] are here because their trials are the data files. The puzzle binaries' other tests
//! are in `tests/binaries`, the `judge` tool's in `tests/judge`.
//!
//! Trial names start with their part (`msquare/usaco-1`, `check/...`, `agree/...`,
//! `bundle/...`, `dist/...`), so `cargo test --test judged -- bundle/` runs one part.

mod bundle;
mod cases;
mod checkers;
mod docs;
mod grammar;
mod trial;

use std::process::Command;
use trial::{Failed, Trial};

/// This test binary run again on one case with stdout a pipe: its log says the trial passed, in
/// plain text (the harness is built without its colour feature, so no colour code reaches a log
/// file or a CI page).
fn log_is_plain_when_redirected() -> Result<(), Failed> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let done = Command::new(exe)
        .args(["--exact", "msquare/usaco-1"])
        .output()
        .map_err(|e| e.to_string())?;
    let log = String::from_utf8_lossy(&done.stdout);
    if !done.status.success() || !log.contains("msquare/usaco-1 ... ok") {
        return Err(format!("{:?}: {log}", done.status).into());
    }
    if log.contains('\x1b') {
        return Err(format!("colour codes in a redirected log: {log:?}").into());
    }
    Ok(())
}

fn main() {
    let mut trials = cases::trials();
    trials.push(Trial::test(
        "log is plain when redirected",
        log_is_plain_when_redirected,
    ));
    trials.extend(checkers::trials());
    trials.extend(grammar::trials());
    trials.extend(bundle::trials());
    trials.extend(docs::trials());
    libtest2_mimic::Harness::with_env()
        .discover(trials.into_iter().map(Trial::into_inner))
        .main();
}
