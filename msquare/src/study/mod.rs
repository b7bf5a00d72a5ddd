//! Study mode, for a person rather than a judge; bundles leave it out. One idea a file:
//!
//! - [`stepper`](mod@stepper): the plain breadth-first search one board at a time, for the study page
//!   ([`common::stepper`] over [`plain`](crate::plain)'s moves and rank);
//! - `stats.rs`: `--stats`, the whole state space as a table;
//! - `trace.rs`: `--trace`, a solution drawn board by board, and [`replay`], the boards a move
//!   string passes through.
//!
//! The puzzle's rules are read from [`plain`](crate::plain), under their one name each (its
//! `MOVE_NAMES`, `BASIC`, `apply`, `rank`): this module renames none of them.

mod stats;
pub mod stepper;
mod trace;

pub(crate) use stats::write_stats;
pub use stepper::{queue_pushes, stepper};
pub use trace::replay;
pub(crate) use trace::write_trace;
