//! Second, independent implementations of the three puzzles: their own moves and their own
//! searches, written from the statements without calling the solver crates. Tests and checkers
//! judge the solvers against these. [`perm`] is the textbook Cantor expansion `common::perm` is
//! measured against, and [`eight::A089473`] the published table the references are checked against.

pub mod colour_hash;
pub mod eight;
pub mod msquare;
pub mod perm;
