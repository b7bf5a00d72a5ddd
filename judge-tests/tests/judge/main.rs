//! The `judge` tool, gathered in one test binary (one link instead of four) under the standard
//! harness:
//!
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
//! - [`what_a_judge_finds`]: what a real judge would find, found at once: the unsolvable board
//!   of a POJ solution without the parity check, a TLE confirmed alone, a missing empty line as
//!   PE in run and stress, hints that say only what the output shows, `--data`.
//!
//! Where the checker is tested: its rules in process, in `judge-oracle`'s unit tests
//! (`oracle/src/checker/`); its verdict on every deliberately wrong output in `tests/judged`
//! (`checkers`, data-driven); here only what needs the `judge check` process: its testlib
//! statuses for odd arguments (`cli`) and its failure, never an abort, under `ulimit -v`
//! (`limits`). `cargo test --test judge -- stress::` runs one part.

mod cli;
mod contract;
mod limits;
mod own_solution;
mod stress;
mod what_a_judge_finds;
