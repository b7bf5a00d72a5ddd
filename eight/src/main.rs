//! eight binary: not written yet.

fn main() {}
