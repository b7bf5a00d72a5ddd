//! Reference eight-puzzle: not written yet.
