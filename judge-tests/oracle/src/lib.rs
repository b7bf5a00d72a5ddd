//! The oracle of the judge tests: independent reference solvers of the three puzzles, the
//! testlib-style special judges (checkers) built on them, and what tests and benches share.
//!
//! - [`reference`](mod@reference): a second implementation of each puzzle, written from its statement alone
//!   and sharing no code with the solver crates;
//! - [`checker`](mod@checker): the special judges `judge check` runs, one input grammar, verdicts as testlib's;
//! - [`rng`](mod@rng): the seeded generator ([`rng::Rng`]) and the shuffles built on it;
//! - [`alloc`](mod@alloc): the checkers' fallible allocation, so that no table is an abort.
//!
//! A crate of its own so that it can be built optimised while the rest of the tooling
//! (`judge-tests`: the runner, the command line, stress, the bundler) builds at opt-level 0: the
//! work of a test run is here (whole-space tables, millions of answer lines), and compiling the
//! tooling optimised cost more than it saved. It lives in `judge-tests/oracle/`, its only user, and
//! depends on no puzzle crate: callers name its modules, `judge_oracle::checker` and the rest.

pub mod alloc;
pub mod checker;
pub mod reference;
pub mod rng;

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

/// `text` as a one-line message shows it: control characters escaped (`\n`, `\u{1b}`), bytes that
/// are not UTF-8 as `\xNN`, so that a file name of any bytes can be quoted in an error line.
///
/// # Complexity
/// O(length).
pub fn escape(text: &OsStr) -> String {
    let mut shown = String::new();
    let mut rest = text.as_bytes();
    while !rest.is_empty() {
        let (valid, invalid) = match std::str::from_utf8(rest) {
            Ok(valid) => (valid, 0),
            Err(error) => {
                let valid = std::str::from_utf8(&rest[..error.valid_up_to()]).unwrap_or_default();
                (valid, error.error_len().unwrap_or(rest.len() - error.valid_up_to()))
            }
        };
        for c in valid.chars() {
            if c.is_control() {
                shown.extend(c.escape_default());
            } else {
                shown.push(c);
            }
        }
        rest = &rest[valid.len()..];
        for byte in &rest[..invalid] {
            shown.push_str(&format!("\\x{byte:02x}"));
        }
        rest = &rest[invalid..];
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;

    #[test]
    fn escape_keeps_a_message_on_one_line_whatever_the_bytes() {
        assert_eq!(escape(OsStr::new("plain.in")), "plain.in");
        assert_eq!(escape(OsStr::new("Grüße")), "Grüße");
        assert_eq!(escape(OsStr::new("a\nb\t\u{1b}")), "a\\nb\\t\\u{1b}");
        let latin1 = OsString::from_vec(b"latin1-\xe9.in".to_vec());
        assert_eq!(escape(&latin1), "latin1-\\xe9.in");
        let cut = OsString::from_vec(b"\xff\xc3".to_vec());
        assert_eq!(escape(&cut), "\\xff\\xc3");
    }
}
