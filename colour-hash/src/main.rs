//! colour-hash binary: not written yet.

fn main() {}
