//! UVa 704 Colour Hash: not written yet.
