//! Study mode: what `--stats`, `--trace` and the study page show of the method. Judges pass no
//! arguments, so bundles leave this module out. One idea a file:
//!
//! - [`stepper`](mod@stepper): the plain breadth-first search one board at a time ([`common::stepper`] over
//!   [`plain`](crate::plain)'s moves and rank);
//! - [`seen`]: the whole space searched with each of three ways to remember the boards seen
//!   ([`whole_space`], [`SeenKind`]);
//! - [`race`]: one board by breadth-first search, A* and IDA* ([`breadth_first`], [`a_star`],
//!   [`iterations`]), each counting the boards it expanded;
//! - [`heuristic`](mod@heuristic): IDA*'s heuristic, and the same taken apart tile by tile ([`heuristic_parts`]);
//! - [`budget`]: the expansions IDA* may spend on a board before the table is built instead;
//! - [`layout`]: the first board of an input, read by the judge program's own layout rule;
//! - [`parity`]: the pairs of tiles that decide solvability ([`inverted_pairs`]);
//! - `stats.rs`: `--stats`, the distance table (`write_stats`);
//! - `trace.rs`: `--trace`, every answer drawn step by step (`write_trace`, the
//!   [`Tracer`](crate::io::Tracer) that `cli` puts in the options).
//!
//! The puzzle's rules are read from [`plain`](crate::plain) (its `LETTERS`, `GOAL`, `moved`,
//! `rank`) or from [`Board`](crate::Board) ([`Board::rank`](crate::Board::rank),
//! [`Board::is_solvable`](crate::Board::is_solvable)), under their one name each.

pub mod budget;
pub mod heuristic;
pub mod layout;
pub mod parity;
pub mod race;
pub mod seen;
mod stats;
pub mod stepper;
mod trace;

pub use heuristic::{heuristic, heuristic_parts, HeuristicParts};
pub use parity::inverted_pairs;
pub use race::{a_star, a_star_deeper_first, breadth_first, iterations, Iteration, Run};
pub use seen::{explore, whole_space, Explored, SeenKind};
pub(crate) use stats::write_stats;
pub use stepper::{queue_pushes, stepper};
pub(crate) use trace::write_trace;
