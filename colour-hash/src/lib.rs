//! UVa 704 "Colour Hash": two wheels that share three pieces; the shortest way back to the goal
//! in at most 16 turns, and among the shortest the one that reads as the smallest number.
//!
//! # The puzzle and its encoding
//! 24 numbers 0..=10: the left wheel from its bottom-right separator clockwise (numbers 1–12), then
//! the right wheel from its bottom-left separator counter-clockwise (numbers 13–24). Numbers
//! 10–12 and 22–24 are the same three physical pieces, so a configuration has 21 pieces: 11
//! separators (even numbers: six grey 0, one each of 2, 4, 6, 8, 10) in the even places of each
//! wheel and 10 triangles (odd numbers, two of each) in the odd places. The goal is
//! [`GOAL`]; the four moves ([`Move`]) turn one wheel by a triangle and a separator.
//!
//! A [`State`] packs the 21 pieces into one `u64`, 3 bits each: the piece `v` at place `i`
//! (places 0..21 are the first 21 numbers) is stored as `v / 2`, since the place already says
//! whether it holds a separator (`v` even, 0..=5 after halving) or a triangle (odd, 0..=4).
//! Fields 0..12 are the left wheel in clockwise order. Fields 9..21 read upwards are the right
//! wheel turned by nine places (its shared pieces 9, 10, 11, then 0..=8), again in wheel order.
//! So each wheel is one contiguous 36-bit window, and a move is a rotation of that window by
//! 6 bits: a shift, a mask and an or, with no unpacking.
//!
//! # Method: meet in the middle
//! Once per process, the goal-side table runs a breadth-first search from the goal and records the
//! exact distance of every state within G moves of it in an open-addressing hash
//! table keyed by the packed state. Moves are invertible and the inverse of a
//! move is a move, so distance *from* the goal equals distance *to* it.
//!
//! Per configuration, [`Solver::solve`]:
//! 1. looks the start up: within G moves, the table gives its distance d, and the answer is the
//!    *greedy tail*: from each state take the smallest move that lowers the distance by one;
//! 2. otherwise runs iterative deepening over the total length L = G + 1, ..., 16: a depth-first
//!    search from the start, trying moves 1, 2, 3, 4 in that order, down to depth k = L − G, where
//!    it asks the table about the state reached. The first prefix whose end state is in the table
//!    is extended by the greedy tail;
//! 3. prints `NO SOLUTION WAS FOUND IN 16 STEPS` if no L up to 16 succeeds.
//!
//! **Why the meeting depth is bounded.** The leaf depth is k = L − G ≤ 16 − G, and a leaf is
//! accepted only if the table (which holds nothing beyond G) knows it, so no answer ever exceeds
//! (16 − G) + G = 16 moves. The classic bug of letting a 9-deep half meet an 8-deep half and
//! printing 17 moves cannot happen: a configuration at distance 17 has every state k moves
//! from it at distance ≥ 17 − k > G when k ≤ 16 − G, so no leaf is ever in the table.
//!
//! **Why the answer is the shortest.** Every L < the true distance D fails, since a solution of
//! length L would have its state after L − G moves at distance exactly G. When the search at
//! length L runs, every shorter length has failed, so D ≥ L, every leaf is at distance ≥ G from
//! the goal, and a leaf the table knows is at distance exactly G: the answer has length L = D.
//!
//! **Why the tie rule holds by construction.** All answers of one length compare as numbers the
//! way their digit strings compare, so "smallest number" is "lexicographically smallest". Let S*
//! be the smallest solution of length D and P* its first D − G moves. The depth-first search visits
//! prefixes of length D − G in lexicographic order, so the prefix P it accepts satisfies P ≤ P*.
//! P followed by the greedy tail is a solution of length D; were P < P*, it would be smaller than
//! S*. So P = P*, and the greedy tail is the smallest tail from there: any shortest tail's first
//! move lowers the distance by one, and the greedy one takes the smallest such move at every step.
//! Joining the first hits of two searches instead gives valid shortest answers that are not the
//! smallest (`444112` for the configuration whose answer is `222112`; a unit test keeps it).
//!
//! None of these arguments uses the value of G: they hold for every G from 0 (the table holds
//! the goal alone and the search does all the work) to 16 (the table answers everything), and
//! the unit tests check G = 0, 1, 3, 6, 8 and 11 against each other and against brute force. So
//! G is free to be chosen for speed alone.
//!
//! The search skips move sequences that can never be part of the smallest shortest answer, which
//! keeps the argument intact since S* never contains them: a move followed by its inverse
//! (`13`, `31`, `24`, `42`: not shortest), four equal clockwise turns (`1111` is `33`: not
//! shortest) and three equal counter-clockwise turns (`333` turns the wheel half round like `111`,
//! which is smaller).
//!
//! # Choosing G (measured)
//! A configuration with no solution, the common case for random input (only 0.53% of all
//! 6,286,896,000 configurations lie within 16 moves), costs the whole search to depth 16 − G.
//! A deeper goal side costs more once per process and less per case. Measured on this machine
//! (2-core AMD EPYC, 2 MB L2, 32 MB L3, shared with other builds: best of 3 runs, each the best
//! of 5 table builds and 3 passes over the cases) with
//! `cargo run --release -p colour-hash --example gen -- 10000 704` and an in-process timing
//! example (since retired for instruction counts), solving the 10,000 configurations of the
//! benchmark (half scrambles, half shuffles):
//!
//! | G  | table states | build   | 10,000 cases | table memory |
//! |----|-------------:|--------:|-------------:|-------------:|
//! | 8  |        9,489 |  0.1 ms |       649 ms |       0.3 MB |
//! | 9  |       26,649 |  0.2 ms |       303 ms |       0.6 MB |
//! | 10 |       74,555 |  0.9 ms |        94 ms |       2.4 MB |
//! | 11 |      208,121 |  3.2 ms |        44 ms |       4.7 MB |
//! | 12 |      578,783 |   25 ms |        34 ms |      18.9 MB |
//!
//! Each step of G should divide the per-case search by about 3 (the branching factor once inverse
//! moves are skipped); the measured gain shrinks (×2.1 from 10 to 11, ×1.3 from 11 to 12) as the
//! table outgrows the 2 MB L2 cache and lookups wait on memory, while the build grows ×3 and more.
//! G = 11 gives the smallest total (about 47 ms); G = 12 would spend most of the 30 ms the issue
//! allows on the table alone.
//!
//! # Study mode
//! Two switches ([`main_with`]) add to the judge behaviour, both in the `study` module, which
//! bundles leave out. `--stats [--depth D]` counts the layers around the goal in sorted vectors
//! (not the solver's hash map, so depth 16 fits in 363 MB) and derives the size of the whole
//! space from the goal's pieces. `--trace` answers as usual on stdout and draws every case's
//! solution on stderr, through the [`Tracer`] in [`Options`].
//!
//! # Input grammar
//! A count N, then N configurations of 24 numbers each, every token separated by whitespace;
//! lines carry no meaning (a configuration may span lines or share one).
//! - Whitespace is exactly C's `isspace`: space, `\t`, `\n`, `\v` (0x0B), `\f` (0x0C), `\r`.
//! - A UTF-8 byte-order mark (EF BB BF) at the very start of the input is skipped.
//! - A number is an optional `+` or `-` then one or more ASCII digits, read by value: leading
//!   zeros do not count, `-0` is 0, `+1` is 1. Anything else where a number belongs is an error
//!   naming the case, line and column, printed after the answers to the cases before it.
//! - The count: empty input (or whitespace only) prints nothing; a negative count or one beyond
//!   2^63 − 1 is an error. Cases are answered as they are read, so an input that ends early is an
//!   error after the answers it held, and anything after the N cases is an error after all N.
//! - A number outside 0..=10, however large, is no piece: the configuration is invalid. An
//!   invalid configuration (no piece, shared numbers 10–12 and 22–24 that disagree, a piece of
//!   the wrong shape for its place, or the wrong pieces) prints `NO SOLUTION WAS FOUND IN 16
//!   STEPS` and one warning line on stderr; it is not an error.
//!
//! # Complexity
//! Building the table: O(T) hash operations for the T = 208,121 states within 11 moves (4.7 MB).
//! Per configuration: at most 484 table lookups and 716 moves (the search trees to depths 1..=5
//! for L = 12..=16, branching 4 then 3), then at most 4 lookups per move of the tail.

/// The program's name, used in warnings and errors.
pub const PROGRAM: &str = "colour-hash";

mod cli;
mod io;
mod search;
mod state;
mod study;

pub use cli::{main_with, USAGE};
pub use io::{run, Options, Tracer};
pub use search::{Answer, Solution, Solver};
pub use state::{Move, State, GOAL, NUMBERS, PIECES};
