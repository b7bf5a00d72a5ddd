//! Second, independent implementations of the three puzzles: their own moves and their own
//! searches, written from the statements without calling the solver crates. Tests and checkers
//! judge the solvers against these.

pub mod colour_hash;
pub mod eight;
pub mod msquare;
