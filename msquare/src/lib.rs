//! USACO 3.2 "Magic Squares" (Luogu P2730).
//!
//! A 2×4 board of the colours 1..8, read clockwise from the top-left corner, so the basic state
//!
//! ```text
//! 1 2 3 4
//! 8 7 6 5
//! ```
//!
//! is the sequence (1, 2, 3, 4, 5, 6, 7, 8). Three moves change it:
//! A swaps the rows, B moves the right column to the left, C turns the centre four clockwise.
//! Given a target, print the length of the shortest move sequence from the basic state to it, then
//! the lexicographically smallest (A < B < C) such sequence, 60 characters a line.
//!
//! # Where to start: the plain solver
//! [`plain`] is the whole method in one short module, on plain arrays: one breadth-first search
//! from the basic state over all 8! = 40,320 boards, trying A, B, C in that order and keeping
//! each board's **first** discovery; the answer is read back along the links to the parents. Its
//! docs prove why the first discovery is the lexicographically smallest shortest sequence (by
//! induction over the layers: each layer is queued in increasing order of its sequences), and a
//! unit test checks that claim against the minimum over all parents on every board.
//! `msquare --method plain` answers with it.
//!
//! # What the fast tier changes, and why the answers stay the same
//! [`Solver`] runs the same search, in the same move order, keeping the same first discoveries:
//! so it finds the same sequence for every board, and a unit test compares the two on all 8!
//! boards (`judge-tests` does it again, and runs the binary with `--method plain` on a sample).
//! Only the representation changes, for speed:
//! - a board is packed into eight 3-bit fields of a `u32`, so each move is a few shifts and
//!   masks instead of eight indexed copies;
//! - its rank ([`common::perm`]) is two lookups in tables of half boards instead of an
//!   eight-step expansion;
//! - the queue is also the search tree ([`common::queue::bfs_ranked`]): one 8-byte node per
//!   board, with a bit per rank to tell the boards already seen.
//!
//! The judge program (`dist/msquare.rs`) is the fast tier alone; [`plain`] with its `io` is a
//! program of its own (`dist/msquare-plain.rs`, the one a student reads).
//!
//! # Encoding
//! A board stores each colour minus one, so it is a permutation of 0..8, and its lexicographic
//! rank numbers all 8! boards: a plain array indexed by rank stands in for a hash map.
//!
//! # Complexity
//! The search is O(8! · 3) moves and ranks, each a few operations, in about 0.5 MB; an answer is
//! then read in O(length ≤ 22).
//!
//! # Input grammar
//! Eight numbers, a permutation of 1..8, and then nothing but whitespace.
//! - Whitespace is C's `isspace`: space, `\t`, `\n`, `\v`, `\f`, `\r` (so CRLF reads like LF).
//!   A UTF-8 byte-order mark at the very start of the input is skipped.
//! - A number is an optional `+` or `-` then one or more ASCII digits, of any length, read by
//!   value: `007` and `+7` are 7, `-0` is 0, and a number is outside 1..8 only by its value.
//!   Reading stops at the first byte that cannot belong to a number, or at the 20th significant
//!   digit (out of range whatever follows), so endless input (`/dev/zero`) ends at once.
//! - Anything else where a number belongs, a value outside 1..8, a repeated value, fewer than
//!   eight numbers or anything after the eighth is an error: nothing on stdout, one stderr line
//!   naming the fault and its line and column, exit status 1.
//! - If the search's tables cannot be allocated (under an address-space limit), nothing goes to
//!   stdout and one stderr line says so, exit status 1.
//!
//! # The flow of a run
//! `io` reads the target, [`Solver`] runs the search (over the encoding and moves of `state`)
//! and reads the answer, `io` writes it. `cli` adds the switches (`--method`, `--trace`,
//! `--stats`); bundles for judges leave `cli`, [`study`] and [`plain`] out.
//!
//! # Study mode: `study/`
//! One idea a file, each reading the rules from [`plain`]: `stepper.rs` (plain's breadth-first
//! search a board at a time for the study page, [`common::stepper`]), `stats.rs` (the `--stats`
//! table) and `trace.rs` (the `--trace` drawings, and [`study::replay`] for the page).

/// The binary's name, the prefix of its error lines.
pub const PROGRAM: &str = "msquare";

mod cli;
mod io;
pub mod plain;
mod search;
mod state;
pub mod study;
#[cfg(test)]
mod testkit;

pub use cli::{main_with, USAGE};
pub use io::{run, write_answer, Options, Tracer};
pub use search::Solver;
pub use state::Board;
