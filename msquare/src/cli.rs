//! The command line: no arguments is the judge program; the switches open study mode.

use std::ffi::OsString;
use std::io::{BufRead, BufWriter, Write};

use common::cli::{write_help, Args, Failure};

use crate::io::{run, Options, Tracer};
use crate::study;

/// The usage line, shown by `--help` and after an unknown argument.
pub const USAGE: &str = "msquare [--stats | --trace] < target";

/// Each switch and what it does, as `--help` lists them.
const SWITCHES: [(&str, &str); 2] = [
    (
        "--stats",
        "print how many boards lie at each distance instead (reads no input)",
    ),
    ("--trace", "also draw every board of the solution on stderr"),
];

/// The binary: the judge program without arguments; `--stats` prints the distance table instead
/// (no input read); `--trace` also draws the solution on `diagnostics`; `-h` or `--help` prints
/// the usage and the switches on `output`.
///
/// # Errors
/// [`Failure::Input`] for an unknown argument, or as [`run`].
pub fn main_with(
    args: Vec<OsString>,
    input: impl BufRead,
    output: impl Write,
    diagnostics: &mut dyn Write,
) -> Result<(), Failure> {
    let args = Args::parse(args, &SWITCHES.map(|(name, _)| name), &[], USAGE)?;
    if args.help() {
        return Ok(write_help(output, USAGE, "", &SWITCHES)?);
    }
    if args.switch("--stats") {
        let mut out = BufWriter::new(output);
        study::write_stats(&mut out)?;
        out.flush()?;
        return Ok(());
    }
    let trace: Option<Tracer> = args.switch("--trace").then_some(study::write_trace);
    run(input, output, diagnostics, &Options { trace })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `main_with` on `args`: its result, stdout and stderr.
    fn main(args: &[&str], input: &str) -> (Result<(), String>, String, String) {
        let (mut out, mut diagnostics) = (Vec::new(), Vec::new());
        let args = args.iter().map(OsString::from).collect();
        let result = main_with(args, input.as_bytes(), &mut out, &mut diagnostics).map_err(|f| f.to_string());
        (
            result,
            String::from_utf8(out).unwrap(),
            String::from_utf8(diagnostics).unwrap(),
        )
    }

    #[test]
    fn help_prints_the_usage_and_every_switch_on_stdout() {
        let want = "usage: msquare [--stats | --trace] < target\n  \
                    -h, --help  print this help\n  \
                    --stats     print how many boards lie at each distance instead (reads no input)\n  \
                    --trace     also draw every board of the solution on stderr\n";
        for flag in ["-h", "--help"] {
            // Help wins over the other switches, and no input is read.
            for args in [&[flag][..], &["--trace", flag]] {
                assert_eq!(
                    main(args, "not a board"),
                    (Ok(()), want.into(), String::new()),
                    "{args:?}"
                );
            }
        }
    }

    #[test]
    fn no_arguments_is_the_judge_program() {
        assert_eq!(
            main(&[], "2 6 8 4 5 7 3 1"),
            (Ok(()), "7\nBCABCCB\n".into(), String::new())
        );
    }

    #[test]
    fn stats_read_no_input() {
        let (result, out, diagnostics) = main(&["--stats"], "not a board");
        assert_eq!(result, Ok(()));
        assert!(out.starts_with("msquare: distances from the basic state"), "{out}");
        assert!(out.contains("\nmaximum depth 22: 5 boards, e.g. "), "{out}");
        assert_eq!(diagnostics, "");
    }

    #[test]
    fn trace_draws_on_stderr_and_leaves_stdout_alone() {
        let (result, out, trace) = main(&["--trace"], "2 6 8 4 5 7 3 1");
        assert_eq!((result, out.as_str()), (Ok(()), "7\nBCABCCB\n"));
        assert_eq!(trace.matches("move ").count(), 7);
        assert!(trace.starts_with("start (the basic state):\n"), "{trace}");
    }

    #[test]
    fn unknown_arguments_are_errors_with_the_usage() {
        let (result, out, _) = main(&["--bogus"], "2 6 8 4 5 7 3 1");
        assert_eq!(
            result,
            Err("unknown argument '--bogus'; usage: msquare [--stats | --trace] < target".into())
        );
        assert_eq!(out, "");
    }
}
