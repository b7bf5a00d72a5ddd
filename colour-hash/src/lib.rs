//! UVa 704 "Colour Hash": two wheels that share three pieces; the shortest way back to the goal
//! in at most 16 turns, and among the shortest the one that reads as the smallest number.
//!
//! # The puzzle
//! 24 numbers 0..=10: the left wheel from its bottom-right separator clockwise (numbers 1–12), then
//! the right wheel from its bottom-left separator counter-clockwise (numbers 13–24). Numbers
//! 10–12 and 22–24 are the same three physical pieces, so a configuration has 21 pieces: 11
//! separators (even numbers: six grey 0, one each of 2, 4, 6, 8, 10) in the even places of each
//! wheel and 10 triangles (odd numbers, two of each) in the odd places. The goal is
//! [`GOAL`]; the four moves ([`Move`]) turn one wheel by a triangle and a separator: 1 the left
//! wheel clockwise, 2 the right wheel clockwise, 3 and 4 the same wheels the other way. Print
//! `PUZZLE ALREADY SOLVED` for the goal, else the shortest sequence of at most 16 moves back to
//! it that reads as the smallest number, else `NO SOLUTION WAS FOUND IN 16 STEPS`.
//!
//! # Where to start: the plain solver
//! [`plain`] is the whole method in one module, on the judge's 24 numbers: a table of every
//! configuration within 8 moves of the goal (a breadth-first search into a `HashMap`), then, for
//! a start outside it, a depth-first search of 1, 2, ..., 8 moves in move order 1, 2, 3, 4 for the
//! first prefix that ends exactly 8 moves from the goal, finished by the *greedy tail* (the
//! smallest move that lowers the distance, at every step). Its docs prove the two facts the
//! method rests on:
//! - **the meeting-depth bound**: 8 + 8 moves find every answer of at most 16 moves and never
//!   print 17 (a configuration 17 moves away meets nothing: every prefix of at most 8 moves ends
//!   9 or more away);
//! - **the tie rule**: the first prefix in dictionary order, then the greedy tail, is the
//!   smallest-number shortest solution (`444112` against `222112` is the tie a two-sided search
//!   gets wrong; a test keeps it).
//!
//! `colour-hash --method plain` answers with it.
//!
//! # What the fast tier changes, and why the answers stay the same
//! [`Solver`] is the same meet in the middle with the table's depth G free, and three changes for
//! speed. None uses a fact the proofs do not already give, so the answers are plain's: the unit
//! tests compare the two on every state within six moves of the goal at G = 0, 1, 3, 6, 11 and on
//! deeper ones, and `judge-tests` on seeded random configurations and every judge case.
//! 1. **G is sized to the run** (0 to 11, "Choosing G" below) and the start side searches
//!    k = L − G moves for each total length L = G + 1, ..., 16. The proofs in [`plain`] use 8 only
//!    as "the table's depth": with G in its place, a solution of length L ≤ 16 has its state after
//!    L − G moves exactly G away, a configuration 17 away meets nothing since every prefix of at
//!    most 16 − G moves ends more than G away, and the first prefix in dictionary order with the
//!    greedy tail is the smallest. They hold for every G from 0 (the table holds the goal alone)
//!    to 16 (the table answers everything).
//! 2. **The encoding.** A [`State`] packs the 21 pieces into one `u64`, 3 bits each: the piece `v`
//!    at place `i` (places 0..21 are the first 21 numbers) is stored as `v / 2`, since the place
//!    already says whether it holds a separator (`v` even, 0..=5 after halving) or a triangle
//!    (odd, 0..=4). Fields 0..12 are the left wheel in clockwise order. Fields 9..21 read upwards
//!    are the right wheel turned by nine places (its shared pieces 9, 10, 11, then 0..=8), again
//!    in wheel order. So each wheel is one contiguous 36-bit window, and a move is a rotation of
//!    that window by 6 bits: a shift, a mask and an or, with no unpacking. The table is an
//!    open-addressing hash map keyed by the packed state, and a one-hash Bloom filter (8 bits per
//!    state) holds every state G + 1 moves away: a state one move above the leaf depth whose bit
//!    is clear is more than G + 1 moves from the goal, so none of its children can be in the
//!    table, and they are not generated. The filter only skips states that no G could accept.
//! 3. **Sequences that are never the answer are skipped**, since the smallest shortest solution
//!    never contains them: a move followed by its inverse (`13`, `31`, `24`, `42`: not shortest),
//!    four equal clockwise turns (`1111` is `33`: not shortest) and three equal counter-clockwise
//!    turns (`333` turns the wheel half round like `111`, which is smaller).
//!
//! The judge program (`dist/colour-hash.rs`) is the fast tier alone; [`plain`] with its `io` is a
//! program of its own (`dist/colour-hash-plain.rs`, the one a student reads).
//!
//! # Choosing G
//! A configuration with no solution, the common case for random input (only 0.53% of all
//! 6,286,896,000 configurations lie within 16 moves), costs the whole search to depth 16 − G,
//! whose tree branches about 3 ways: each step of G divides the cost of such a case by about 3.
//! The table holds the states within G moves, each layer about 2.8 times the one before:
//!
//! | G  | table states | map slots (9 bytes each) | filter bits | bytes in all |
//! |----|-------------:|------------------------:|------------:|-------------:|
//! | 5  |          419 |                   2^10 |       2^13 |       10,240 |
//! | 6  |        1,189 |                   2^12 |       2^15 |       40,960 |
//! | 7  |        3,369 |                   2^13 |       2^16 |       81,920 |
//! | 8  |        9,489 |                   2^15 |       2^18 |      327,680 |
//! | 9  |       26,649 |                   2^16 |       2^19 |      655,360 |
//! | 10 |       74,555 |                   2^18 |       2^21 |    2,621,440 |
//! | 11 |      208,121 |                   2^19 |       2^22 |    5,242,880 |
//!
//! (The map has a power of two of slots, at least twice the states; the filter a power of two of
//! bits, at least 8 per state of layer G + 1.)
//!
//! So a run of N configurations costs build(G) + N × case(G): a small run wants a shallow table,
//! a large one a deep table. **The rule**: the run takes the G with the smallest
//! build(G) + N × case(G), N the announced count, with both terms measured per G as whole-process
//! instruction counts (the constants and how they were measured are in the crate README; the
//! code holds them as `COST_MODEL`). Small counts get G = 6, and the depth grows with the count
//! up to G = 11. G stops at 11: G = 12 would hold 578,783 states in 2^21 slots, 18,874,368
//! bytes, more than three times the table of G = 11. A run of mostly shuffles pays more per case than the model
//! says and would be better served deeper sooner.
//!
//! # Study mode
//! Switches ([`main_with`]) add to the judge behaviour; bundles leave them out. `--method plain`
//! answers with [`plain`]. `--stats [--depth D]` counts the layers around the goal in sorted
//! vectors (not the solver's hash map, so that depth 16 fits in a few hundred megabytes) and
//! derives the size of the whole space from the goal's pieces. `--stats --depth all` is the census
//! of that whole space: the distance of every configuration, by a breadth-first search over a
//! table of 2 bits a configuration on every core (`study/census.rs`); its committed output is
//! [`CENSUS_TEXT`], its layers [`census_layers`]. `--trace` answers as usual on
//! stdout and draws every case's solution on stderr, through the [`Tracer`] in [`Options`].
//!
//! [`study`] (`study/`) holds all of it, one idea a file, each opening with the plain thing it
//! equals: `layers.rs` (the sorted layers around the goal), `sides.rs` (the method's two sides
//! as they run, for the study page), `space.rs` (the size of the whole space), `stats.rs`,
//! `census.rs` and `trace.rs`.
//!
//! # Input grammar
//! A count N, then N configurations of 24 numbers each, every token separated by whitespace;
//! lines carry no meaning (a configuration may span lines or share one).
//! - Whitespace is exactly C's `isspace`: space, `\t`, `\n`, `\v` (0x0B), `\f` (0x0C), `\r`.
//! - A UTF-8 byte-order mark (EF BB BF) at the very start of the input is skipped.
//! - A number is an optional `+` or `-` then one or more ASCII digits, of any length, read by
//!   value: leading zeros do not count, `-0` is 0, `+1` is 1. Anything else where a number
//!   belongs is an error naming the case, line and column, printed after the answers to the
//!   cases before it. Reading stops at the first byte that cannot belong to a number, or at the
//!   20th significant digit (out of range whatever follows; the numeral's rest may be at most
//!   4096 bytes), so endless input (`/dev/zero`, an endless `111...`) ends at once.
//! - The count: empty input (or whitespace only) prints nothing; a negative count or one beyond
//!   2^63 − 1 is an error. Cases are answered as they are read, so an input that ends early is an
//!   error after the answers it held, and anything after the N cases is an error after all N.
//! - A number outside 0..=10, however large, is no piece: the configuration is invalid. An
//!   invalid configuration (no piece, shared numbers 10–12 and 22–24 that disagree, a piece of
//!   the wrong shape for its place, or the wrong pieces) prints `NO SOLUTION WAS FOUND IN 16
//!   STEPS` and one warning line on stderr; it is not an error.
//!
//! # Complexity
//! Building the table: O(T) hash operations for the T states within G moves (208,121 states in
//! 4.7 MB for G = 11), and three filter bits per state at distance G. Per configuration, with
//! k = 16 − G: the searches for L = G + 1..=16 grow trees of depth 1..=k, branching 4 then about
//! 3, one filter probe per state at depth L − G − 1 and at most three table lookups for each that
//! passes; then at most 4 lookups per move of the tail.
//!
//! # Memory
//! The table is allocated fallibly: if the one the rule chooses does not fit (under an
//! address-space limit), the run takes the deepest smaller G that does, with the same answers.
//! Only if not even G = 0 (the goal alone) fits is it the one error line, after the answers so
//! far.

mod cli;
mod io;
pub mod plain;
mod search;
mod state;
pub mod study;
#[cfg(test)]
mod testkit;

pub use cli::{main_with, USAGE};
pub use io::{run, Options, Tracer, PROGRAM};
pub use search::Solver;
pub use state::{Answer, Invalid, Move, Solution, State, GOAL, MAX_MOVES, NUMBERS, PIECES};
pub use study::census::{census_layers, CENSUS_TEXT};
