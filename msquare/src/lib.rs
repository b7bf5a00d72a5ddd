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
//! # Encoding
//! A board stores each colour minus one, so it is a permutation of 0..8, and its lexicographic
//! rank ([`common::perm`]) numbers all 8! = 40,320 boards: a plain array indexed by rank stands in
//! for a hash map. The search packs a board into eight 3-bit fields of a `u32`, where each move is
//! a few shifts and masks and the rank is two lookups in tables of half boards.
//!
//! # Method
//! One breadth-first search from the basic state over all 8! boards, trying A, B, C in that order
//! and keeping each board's **first** discovery ([`common::queue::bfs_ranked`]). The queue is also
//! the search tree, so an answer is read back from the tree in at most 22 steps.
//!
//! Why the first discovery is the smallest shortest sequence. Claim: the queue holds each layer
//! (the boards at distance d) in increasing order of their recorded sequences, and each recorded
//! sequence is the smallest of length d to its board. Layer 0 is the basic state alone, with the
//! empty sequence. Suppose the claim holds for layer d, and let c be at distance d + 1. Every
//! sequence of length d + 1 to c is s + m where s leads to a board p at distance exactly d (were
//! p nearer, so would c be), and s is at least p's recorded sequence sₚ; so c's smallest
//! sequence is the least sₚ + m over the parents p in layer d and moves m with p·m = c. All the
//! sₚ have length d, so sₚ + m orders like the pair (sₚ, m), which is exactly the order in which
//! expanding layer d, A then B then C for each board, produces the pairs. The first pair to reach
//! c is therefore its least, and the new boards are appended in increasing order of their
//! sequences: the claim holds for layer d + 1. A unit test checks the answers against that least
//! over all parents, computed the plain way, on every board.
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
//!
//! # The flow of a run
//! `io` reads the target, `search` runs the search (over the encoding and moves of `state`) and
//! reads the answer, `io` writes it. `cli` adds the switches, and `study` the `--stats` table and
//! the `--trace` drawings; bundles for judges leave those two out.

/// The binary's name, the prefix of its error lines.
pub const PROGRAM: &str = "msquare";

mod cli;
mod io;
mod search;
mod state;
mod study;

pub use cli::{main_with, USAGE};
pub use io::{run, write_answer, Options, Tracer};
pub use search::Solver;
pub use state::Board;
