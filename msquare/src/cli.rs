//! The command line: no arguments is the judge program; the switches open study mode.

use std::ffi::OsString;
use std::io::{BufRead, BufWriter, Write};

use common::cli::{write_help, Args, Failure};

use crate::io::{run, Options, Tracer};
use crate::plain;
use crate::study;

/// The usage line, shown by `--help` and after an unknown argument.
pub const USAGE: &str = "msquare [--method fast|plain] [--trace] < target | msquare --stats";

/// Each switch and what it does, as `--help` lists them.
const SWITCHES: [(&str, &str); 3] = [
    (
        "--method M",
        "answer with method M: fast (the default, what a judge runs) or plain\n(src/plain.rs and its io, the program written to be read: the same answers)",
    ),
    ("--trace", "also draw every board of the solution on stderr"),
    (
        "--stats",
        "print how many boards lie at each distance instead (reads no input)",
    ),
];

/// The binary: the judge program without arguments; `--method plain` runs [`crate::plain`]'s
/// program instead (its own reading, search and writing: `dist/msquare-plain.rs`); `--trace`
/// also draws the fast tier's solution on `diagnostics`; `--stats` prints the distance table instead (no input read, no
/// other switch); `-h` or `--help` prints the usage and the switches on `output`.
///
/// # Errors
/// [`Failure::Input`] for an unknown argument or method, a switch given with `--stats`, or
/// `--trace` with `--method plain`; or as [`run`].
pub fn main_with(
    args: Vec<OsString>,
    input: impl BufRead,
    output: impl Write,
    diagnostics: &mut dyn Write,
) -> Result<(), Failure> {
    let args = Args::parse(args, &["--stats", "--trace"], &["--method"], USAGE)?;
    if args.help() {
        return Ok(write_help(output, USAGE, "", &SWITCHES)?);
    }
    let plain = args.plain_method(USAGE)?;
    if args.switch("--stats") {
        for (given, name) in [
            (args.switch("--trace"), "--trace"),
            (args.value("--method").is_some(), "--method"),
        ] {
            if given {
                return Err(Failure::Input(format!(
                    "option '{name}' goes with answering, not with --stats; usage: {USAGE}"
                )));
            }
        }
        let mut out = BufWriter::new(output);
        study::write_stats(&mut out)?;
        out.flush()?;
        return Ok(());
    }
    if plain {
        if args.switch("--trace") {
            return Err(Failure::Input(format!(
                "option '--trace' goes with --method fast; usage: {USAGE}"
            )));
        }
        return common::cli::run_plain(input, output, diagnostics, |bytes, answers, _| {
            plain::io::answer_all(bytes, answers)
        });
    }
    let options = Options {
        trace: args.switch("--trace").then_some(study::write_trace as Tracer),
    };
    run(input, output, diagnostics, &options)
}

#[cfg(test)]
mod tests {
    use crate::testkit::main;

    #[test]
    fn help_prints_the_usage_and_every_switch_on_stdout() {
        let want = "usage: msquare [--method fast|plain] [--trace] < target | msquare --stats\n  \
                    -h, --help  print this help\n  \
                    --method M  answer with method M: fast (the default, what a judge runs) or plain\n              \
                    (src/plain.rs and its io, the program written to be read: the same answers)\n  \
                    --trace     also draw every board of the solution on stderr\n  \
                    --stats     print how many boards lie at each distance instead (reads no input)\n";
        for flag in ["-h", "--help"] {
            // Help wins over the other switches, and no input is read.
            for args in [&[flag][..], &["--trace", flag], &["--stats", "--trace", flag]] {
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
    fn the_plain_method_answers_alike() {
        for input in ["2 6 8 4 5 7 3 1", "4 3 1 2 5 6 7 8", "1 2 3 4 5 6 7 8"] {
            let fast = main(&[], input);
            assert_eq!(main(&["--method", "plain"], input), fast, "{input}");
            assert_eq!(main(&["--method=fast"], input), fast, "{input}");
        }
        // The plain program reads by itself: an error of its own words, nothing on stdout.
        assert_eq!(
            main(&["--method", "plain"], "1 2 3 9 5 6 7 8"),
            (Err("'9' is not an integer 1..8".into()), String::new(), String::new())
        );
        assert_eq!(
            main(&["--method", "plain", "--trace"], "2 6 8 4 5 7 3 1").0,
            Err("option '--trace' goes with --method fast; usage: msquare [--method fast|plain] [--trace] < target | msquare --stats".into())
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
    fn bad_arguments_are_errors_with_the_usage() {
        let usage = "; usage: msquare [--method fast|plain] [--trace] < target | msquare --stats";
        let error = |args: &[&str]| {
            let (result, out, _) = main(args, "2 6 8 4 5 7 3 1");
            assert_eq!(out, "", "{args:?}");
            result.unwrap_err()
        };
        assert_eq!(error(&["--bogus"]), format!("unknown argument '--bogus'{usage}"));
        assert_eq!(error(&["--method", "bfs"]), format!("unknown method 'bfs'{usage}"));
        assert_eq!(error(&["--method"]), format!("option '--method' needs a value{usage}"));
        // --stats answers nothing, so a switch about answering is a mistake, not dropped.
        assert_eq!(
            error(&["--stats", "--trace"]),
            format!("option '--trace' goes with answering, not with --stats{usage}")
        );
        assert_eq!(
            error(&["--trace", "--stats"]),
            format!("option '--trace' goes with answering, not with --stats{usage}")
        );
        assert_eq!(
            error(&["--stats", "--method", "plain"]),
            format!("option '--method' goes with answering, not with --stats{usage}")
        );
    }
}
