//! POJ 1077 / HDU 1043 / ZOJ 1217 / UVa 652 "Eight": the 8-puzzle, each answer found by IDA* in a
//! short run and walked from one distance table in a long one.
//!
//! A 3×3 frame holds the tiles 1..8 and a blank `x`, read row by row; the goal is
//!
//! ```text
//! 1 2 3
//! 4 5 6
//! 7 8 x
//! ```
//!
//! A move swaps `x` with a neighbouring tile, named by the way `x` goes: `u` moves it up (swaps
//! it with the tile above), `l` left, `d` down, `r` right. For each board the answer is
//! `unsolvable`, an empty line for the goal itself, or the shortest move string, and among the
//! shortest the smallest in the order u < l < d < r.
//!
//! # Where to start
//! 1. [`plain`]: the method as the statement asks for it, in one sitting: boards as `[u8; 9]`,
//!    the Cantor rank ([`common::perm::rank`], worked by hand for the sample board), one
//!    breadth-first search from the goal for every board's distance, the greedy walk, parity for
//!    `unsolvable`, and the proofs that this gives exactly the judges' answers. `eight --method
//!    plain` answers with it; every fast piece is tested against it, most on all 9! boards.
//! 2. [`Board`] (`state.rs`): the same cells and rank in one `u64`, and a move that updates the
//!    rank with a few word operations instead of re-ranking ([`Board::step`] derives the rule).
//! 3. The fast tier (`search.rs` and `search/`), one idea a file, each opening with the plain
//!    thing it equals and the test that proves it: the word tricks (`word.rs`), the distance
//!    table's class-split breadth-first search (`build.rs`), the walk that reads answers from it
//!    ([`Solver`], `walk.rs`), and [`ida`], one board by IDA*.
//! 4. [`run`] (`io.rs`, `io/`): reading (layouts, counts, boards, errors with positions) and
//!    writing; `cli.rs` for the switches.
//! 5. [`study`] (`study/`), what `--stats`, `--trace` and the study page show, one idea a file,
//!    each opening with the plain thing it equals: `stepper.rs` (plain's breadth-first search a
//!    board at a time, [`common::stepper`]), `seen.rs` (the three ways to remember seen boards
//!    the seed tried: an ordered set, a hash set, the Cantor array), `race.rs` (one board by
//!    breadth-first search, A* and IDA*), `heuristic.rs` (IDA*'s heuristic tile by tile),
//!    `parity.rs` (the inverted pairs), `stats.rs` and `trace.rs` (the two switches).
//!
//! # What the fast tier changes, and why the answers stay the same
//! - **The table** holds, beside each board's distance, the first move of its answer, so an
//!   answer is read by following moves, one probe each, instead of trying four moves and
//!   ranking each result. The stored move is the first in u, l, d, r order that lowers the
//!   distance, the move [`plain`]'s greedy walk takes; so by plain's tie rule the walk writes the
//!   same string.
//! - **The search that builds it** is plain's breadth-first search with the queue split into
//!   classes by the blank's cell and the move back, each class expanded by code with its moves
//!   and rank rules as constants. Within a layer the order differs from a FIFO's, which changes
//!   nothing: a board's distance is the layer where it is first reached, and its first move the
//!   minimum over that whole layer.
//! - **IDA\*** answers the first boards of a run without the table, which costs a whole short
//!   run's worth to build. Its moves are tried in u, l, d, r order, and [`ida`]'s docs prove that
//!   the first path it finds at the last bound is the smallest shortest string: the same again.
//! - **Parity** is read in the same pass as the tiles, from the Lehmer digits the rank needs
//!   anyway: the sum of the nine digits counts the inversions of all nine values, and the blank,
//!   the largest, makes one with each cell after it (`io/board.rs`).
//!
//! # How a run chooses (IDA* or the table)
//! A run first answers each board by IDA* ([`ida`]: moves tried in u, l, d, r order, Manhattan
//! distance plus linear conflict). The searches share one budget of 64 Ki expansions, more than
//! any single board needs and a fraction of what the table costs to build; the board that would
//! exceed it, and every later one, is walked from the table instead. `--method search` or
//! `--method table` forces one way ([`Method`]); `--method plain` runs the plain program instead
//! ([`plain`] with its `io`: its own reading too, `dist/eight-plain.rs`), which only the command
//! line names, so the judge program never carries it. The exhaustive test runs all 9! boards
//! through each and demands the same bytes.
//!
//! # Complexity
//! The table: O(9!/2 · 4) time, 2^19 bytes of table (a slot for every value a rank field can
//! hold) and a queue of 37 rings of 4,096 boards, freed once the table is built; built once per
//! run and only when a board other than the goal needs it. Each board: O(9) to read and
//! check, O(answer length ≤ 31) to answer from the table; by IDA*, exponential in the distance in
//! the worst case and bounded by the run's budget.
//!
//! # Memory
//! Every table is allocated fallibly: when the system refuses one (a judge's address-space
//! limit), the answers computed so far are written and the one error line is
//! `eight: error: out of memory: cannot allocate N bytes for the distance table...`, exit 1.
//!
//! # Input grammar
//! - Whitespace is exactly C's `isspace`: space, `\t`, `\n`, `\v`, `\f`, `\r`; it separates
//!   nothing more than tiles, so CRLF line ends, tabs and blank lines read like spaces.
//! - A tile is one byte, `1`..`8` or `x`, and nine tiles make a board, in any spacing: spaced,
//!   one tile a line, three a line, or with no spaces at all (`23415x768`). Any other byte where
//!   a tile belongs is an error naming the board (`board 3: tile '9' is not 1-8 or x`), as are a
//!   repeated tile and a board cut short.
//! - POJ 1077 / HDU 1043 / ZOJ 1217: boards until the end of input, one answer line each.
//! - UVa 652: a count `N`, then `N` boards; the answers are separated by one empty line. The
//!   count is a number by value: an optional `+` or `-`, then digits, leading zeros not counted
//!   (`+3` is 3, `-0` is 0, `007` is 7). A count that is not a number, is negative, does not fit
//!   in 63 bits (an endless numeral is read no further than its first 32 bytes once it has 20
//!   significant digits), or does not match the boards is an error.
//! - `--format` forces a layout ([`Format`]); by default it is detected by the rule the checker
//!   (`judge check`) applies: UVa 652 exactly when the first word is a number `N ≥ 0` alone on
//!   its line and exactly 9·`N` tiles follow it; boards otherwise. A lone number that cannot
//!   begin a board (a sign, a 0 or 9, a repeated digit, nine digits or more) is read as the count
//!   at once, as nothing else could make the input valid; a lone number of distinct digits 1-8
//!   needs the tiles after it counted, which the reader does for up to 65,536 boards held ahead
//!   (9 bytes a board). Past that it is never guessed: such an input is an error before any
//!   answer, naming `--format`.
//!   Either way a count of any length is read by value; a numeral of more than 20 significant
//!   digits is an error at once, quoted as `--format uva652` quotes it (its first 32 bytes). The
//!   rule is `detect_layout` in `io/layout.rs`.
//! - Empty input, or only whitespace, prints nothing.

/// The binary's name, as error messages begin (`eight: error: ...`).
pub const PROGRAM: &str = "eight";

mod cli;
mod io;
pub mod plain;
mod search;
mod state;
pub mod study;
#[cfg(test)]
mod testkit;

pub use self::cli::{main_with, USAGE};
pub use self::io::{run, Format, Options, Tracer};
pub use self::search::{ida, Method, Solver};
pub use self::state::Board;
