//! The puzzle binaries as processes, gathered in one test binary (one link instead of six) under
//! the standard harness. Each part runs the shipped binaries (`make dist`'s static ones):
//!
//! - [`exhaustive_msquare`], [`exhaustive_eight`]: every board of the small state spaces against
//!   the independent references and the plain tiers, through the binaries;
//! - [`random_colour_hash`]: seeded configurations against the reference;
//! - [`hostile`], [`errors`], [`fuzz`]: the error contract on bad input and in hostile
//!   environments, and property-based fuzzing of the input readers;
//! - [`fallible`]: the plain tier and `--stats` under address-space limits, and the plain
//!   bundles' streams.
//!
//! The `judge` tool is tested in `tests/judge`, the data-driven trials in `tests/judged`.
//! `cargo test --test binaries -- hostile::` runs one part.

mod errors;
mod exhaustive_eight;
mod exhaustive_msquare;
mod fallible;
mod fuzz;
mod hostile;
mod random_colour_hash;
