//! What several test modules share: running the binary's `main_with` on text.

use std::ffi::OsString;

/// `main_with` on `args` and `input`: its result (the error as its message), stdout and stderr.
pub(crate) fn main(args: &[&str], input: &str) -> (Result<(), String>, String, String) {
    let (mut out, mut diagnostics) = (Vec::new(), Vec::new());
    let args = args.iter().map(OsString::from).collect();
    let result = crate::main_with(args, input.as_bytes(), &mut out, &mut diagnostics).map_err(|f| f.to_string());
    (
        result,
        String::from_utf8(out).unwrap(),
        String::from_utf8(diagnostics).unwrap(),
    )
}

/// A seeded xorshift generator, for the plain program's random judge inputs.
pub(crate) struct Random(u64);

impl Random {
    pub(crate) fn new(seed: u64) -> Random {
        Random(seed | 1)
    }

    /// A number in `0..bound`.
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }

    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}
