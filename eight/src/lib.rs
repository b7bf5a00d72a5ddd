//! eight-puzzle: not written yet.
