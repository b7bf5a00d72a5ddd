//! Study mode, apart from the judge program (bundles leave this module out). One idea a file:
//!
//! - `layers.rs`: the layers around the goal, one sorted layer at a time ([`GoalLayers`] keeps
//!   them all, so the study page can look up any distance within them);
//! - `sides.rs`: the method's two sides as they run ([`GoalSideStepper`] a configuration at a
//!   time, [`start_side`] a node at a time);
//! - [`meet`]: the range of G and, for each G, the goal-side table's and the start side's sizes,
//!   from the solver's own cost model;
//! - `space.rs`: the size of the whole space, derived from the goal's pieces ([`space_size`]);
//! - `stats.rs`: `--stats` (the layers to `--depth`) and `--stats --depth all` (the census's
//!   report);
//! - `census.rs`: the census of every configuration, and its committed result
//!   ([`crate::CENSUS_TEXT`], [`crate::census_layers`]);
//! - `trace.rs`: `--trace`, each case's solution drawn move by move.
//!
//! The moves themselves are [`crate::plain::apply_move`] and [`crate::plain::MOVES`].

pub(crate) mod census;
mod layers;
pub mod meet;
mod sides;
mod space;
mod stats;
mod trace;

pub use layers::GoalLayers;
// census.rs names `super::Layers` (its heading and its tests), as when it lived in study.rs.
#[allow(unused_imports)]
pub(crate) use layers::Layers;
pub use sides::{start_side, GoalSideNeighbour, GoalSideStep, GoalSideStepper, Visit};
pub use space::space_size;
pub(crate) use stats::{write_census, write_stats};
pub(crate) use trace::write_trace;

/// The deepest `--stats --depth` accepts: the judge's limit.
pub(crate) const MAX_STATS_DEPTH: u8 = crate::state::MAX_MOVES as u8;

impl crate::plain::Plain {
    /// [`crate::plain::Plain::try_new`] for the callers that cannot go on without the table (the
    /// tests, the page); here, in the study tier, so that the plain bundle stays within its size.
    ///
    /// # Panics
    /// If the system refuses the memory.
    #[allow(clippy::new_without_default)] // A default that can panic would hide it.
    pub fn new() -> crate::plain::Plain {
        crate::plain::Plain::try_new().expect("memory for the table")
    }
}
