//! Reference msquare: not written yet.
