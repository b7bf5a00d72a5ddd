//! The behaviour tests, gathered in one test binary (one link instead of nine) under the
//! standard harness. Each part runs the release binaries (or `judge`) as processes:
//!
//! - [`exhaustive_msquare`], [`exhaustive_eight`]: every board of the small state spaces against
//!   the independent references and the plain tiers, through the binaries;
//! - [`random_colour_hash`]: seeded configurations against the reference;
//! - [`hostile`], [`errors`], [`fuzz`], [`fallible`]: the error contract on bad input and in
//!   hostile environments (and the plain tier's under address-space limits);
//! - [`judge_cli`], [`judge_limits`], [`stress`]: the `judge` command, its limits and
//!   `judge stress`;
//! - [`own_solution`]: `judge` on a user's own solution: one-layout solutions, the cases no judge
//!   sends, classic bugs shrunk to their easiest failing case, `--jobs`.
//!
//! `cargo test --test behaviour -- hostile::` runs one part.

mod errors;
mod exhaustive_eight;
mod exhaustive_msquare;
mod fallible;
mod fuzz;
mod hostile;
mod judge_cli;
mod judge_limits;
mod own_solution;
mod random_colour_hash;
mod stress;
