//! The search kit the three puzzles share.
//!
//! Data flows one way through every puzzle: bytes → tokens ([`scan`]) → the puzzle's state → a
//! table built once per process ([`perm`] + [`queue`]) → the answer → lines ([`wrap`]) → one
//! buffered writer. [`cli`] runs it all under the error contract, with stdin and stdout from
//! [`stdio`]; its tables are allocated through [`alloc`], so that a refused one is an error line.
//!
//! Study mode adds two modules that no judge program carries: [`stats`] (the `--stats` table)
//! and [`stepper`] (the breadth-first search a state at a time, for the study page).
//!
//! This crate uses `std` only: its modules are pasted into single-file judge submissions.

pub mod alloc;
pub mod cli;
pub mod perm;
pub mod queue;
pub mod scan;
pub mod stats;
pub mod stdio;
pub mod stepper;
pub mod wrap;
