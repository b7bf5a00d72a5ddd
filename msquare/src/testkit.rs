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
