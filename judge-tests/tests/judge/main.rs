//! The `judge` tool, gathered in one test binary (one link instead of four) under the standard
//! harness:
//!
//! - [`cli`]: `judge` (and its `peak-rss` helper) as a user meets them: help, mistakes, odd
//!   arguments, a full or closed stdout, `judge run`'s verdict lines and layouts;
//! - [`limits`]: the runner's promises on real processes (limits, killed descendants, counted
//!   memory), and `judge check` under memory limits;
//! - [`stress`]: `judge stress` against deliberately broken solvers, a user's generator and the
//!   workspace's own binaries;
//! - [`own_solution`]: `judge` on a user's own solution: one-layout solutions, the cases no judge
//!   sends, classic bugs shrunk to their easiest failing case, `--jobs`.
//!
//! Where the checker is tested: its rules in process, in `judge-oracle`'s unit tests
//! (`oracle/src/checker/`); its verdict on every deliberately wrong output in `tests/judged`
//! (`checkers`, data-driven); here only what needs the `judge check` process: its testlib
//! statuses for odd arguments (`cli`) and its failure, never an abort, under `ulimit -v`
//! (`limits`). `cargo test --test judge -- stress::` runs one part.

mod cli;
mod limits;
mod own_solution;
mod stress;
