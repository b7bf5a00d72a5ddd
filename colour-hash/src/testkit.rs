//! What several test modules share: moves played from digits, the official sample, and runs of
//! `run` and `main_with` on text.

use std::ffi::OsString;

use crate::io::{run, Options};
use crate::state::{Move, State};

/// `state` after the moves written as the judge's digits, `"1434"`.
pub(crate) fn play(mut state: State, digits: &str) -> State {
    for digit in digits.bytes() {
        state = state.apply(Move::ALL[usize::from(digit - b'1')]);
    }
    state
}

/// UVa 704's official sample and its answers.
pub(crate) const OFFICIAL_SAMPLE: (&str, &str) = (
    "3\n\
        0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n\
        0 3 4 5 0 3 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n\
        0 9 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 3 0 1 2 1\n",
    "PUZZLE ALREADY SOLVED\n1434332334332323\nNO SOLUTION WAS FOUND IN 16 STEPS\n",
);

/// [`run`] on `input`: its stdout (or stdout and the error, joined by `|`) and its diagnostics.
pub(crate) fn answer(input: &str, options: &Options) -> (Result<String, String>, String) {
    let mut out = Vec::new();
    let mut diagnostics = Vec::new();
    let outcome = run(input.as_bytes(), &mut out, &mut diagnostics, options);
    let out = String::from_utf8(out).unwrap();
    (
        outcome
            .map(|()| out.clone())
            .map_err(|failure| format!("{out}|{failure}")),
        String::from_utf8(diagnostics).unwrap(),
    )
}

/// `main_with` on `args` and `input`: its stdout or its error, and its diagnostics.
pub(crate) fn main_output(args: &[&str], input: &str) -> (Result<String, String>, String) {
    let (mut out, mut diagnostics) = (Vec::new(), Vec::new());
    let outcome = crate::main_with(
        args.iter().map(OsString::from).collect(),
        input.as_bytes(),
        &mut out,
        &mut diagnostics,
    );
    let out = String::from_utf8(out).unwrap();
    (
        outcome.map(|()| out).map_err(|failure| failure.to_string()),
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
}
