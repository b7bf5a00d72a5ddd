//! Reference Colour Hash: not written yet.
