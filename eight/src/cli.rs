//! The command line: the judge run by default, `--format` to force a layout, `--method` to
//! choose how boards are answered (`plain` among them, which only this file names, so the judge
//! program never carries it), and the study switches `--trace` and `--stats`, read by
//! `common::cli::Args`.

use std::ffi::OsString;
use std::io::{BufRead, BufWriter, Write};

use common::cli::{write_help, Args, Failure};

use crate::io::{run, Format, Options};
use crate::plain;
use crate::search::{Method, Solver};
use crate::study::{write_stats, write_trace};

/// The usage line, shown by `--help` and after every argument error.
pub const USAGE: &str =
    "eight [--format auto|poj|hdu|uva652] [--method auto|search|table|plain] [--trace] | eight --stats";

/// What the program does, as `--help` says it after the usage.
const ABOUT: &str = "Reads 8-puzzle boards (tiles 1-8 and x, row by row) on stdin; prints for each the shortest move
string, an empty line for the goal 1 2 3 4 5 6 7 8 x, or `unsolvable`. The letters say which way
the blank x moves: u moves x up (swaps it with the tile above), l left, d down, r right; among
the shortest strings the smallest in u<l<d<r order.
";

/// Each switch and what it does, as `--help` lists them.
const SWITCHES: [(&str, &str); 4] = [
    (
        "--format F",
        "poj, hdu: boards until the end of input, one answer line each;
uva652: a board count first, answers separated by an empty line;
auto (default): uva652 if the first line is a lone count, see the crate docs",
    ),
    (
        "--method M",
        "how boards are answered (the answers are the same): search, each by IDA*;
table, each walked from the distance table of every board, built once;
plain, the textbook program (src/plain.rs and its io, eight-plain.rs): a
breadth-first search over every board, then a greedy walk; with its own
reading, so not with --format or --trace;
auto (default): by IDA* until the run has spent 64 Ki expansions, then the table",
    ),
    (
        "--trace",
        "also draw each answer on stderr, board by board in its 3x3 frame, each step
labelled with its move; stdout stays exactly the judge answer",
    ),
    (
        "--stats",
        "print the distance table of the 181440 solvable boards instead (for each depth
the count and running total, the two boards at the maximum depth 31, the 181440
unsolvable ones); reads no input, so --format and --trace do not apply",
    ),
];

/// The binary: answers the boards on `input` as the judges want ([`run`]); `--trace` also draws
/// them on `diagnostics` (stderr); `--stats` prints the distance table instead, reading nothing;
/// `-h` or `--help` prints the usage, what the program does and its switches.
///
/// # Errors
/// [`Failure::Input`] for an unknown argument or format or a missing value, else as [`run`].
///
/// # Complexity
/// As [`run`]; `--stats` builds the table and scans it.
pub fn main_with(
    args: Vec<OsString>,
    input: impl BufRead,
    output: impl Write,
    diagnostics: &mut dyn Write,
) -> Result<(), Failure> {
    let args = Args::parse(args, &["--stats", "--trace"], &["--format", "--method"], USAGE)?;
    if args.help() {
        return Ok(write_help(output, USAGE, ABOUT, &SWITCHES)?);
    }
    let format = match args.value("--format") {
        None | Some("auto") => Format::Auto,
        Some("poj") => Format::Poj,
        Some("hdu") => Format::Hdu,
        Some("uva652") => Format::Uva652,
        Some(other) => {
            return Err(Failure::Input(format!(
                "unknown format '{}'; usage: {USAGE}",
                common::cli::printable(other)
            )))
        }
    };
    let (method, plain) = match args.value("--method") {
        None | Some("auto") => (Method::Auto, false),
        Some("search") => (Method::Search, false),
        Some("table") => (Method::Table, false),
        Some("plain") => (Method::Auto, true),
        Some(other) => {
            return Err(Failure::Input(format!(
                "unknown method '{}'; usage: {USAGE}",
                common::cli::printable(other)
            )))
        }
    };
    if args.switch("--stats") {
        // The table needs no input, so there is nothing to trace and no layout to read.
        let mut output = BufWriter::new(output);
        write_stats(&mut output, &Solver::try_new()?)?;
        output.flush()?;
        return Ok(());
    }
    let options = Options {
        format,
        method,
        trace: if args.switch("--trace") {
            Some(write_trace)
        } else {
            None
        },
    };
    if plain {
        for (given, name) in [
            (args.value("--format").is_some(), "--format"),
            (args.switch("--trace"), "--trace"),
        ] {
            if given {
                return Err(Failure::Input(format!(
                    "option '{name}' goes with the fast methods: --method plain reads as the plain program does; usage: {USAGE}"
                )));
            }
        }
        return common::cli::run_plain(input, output, diagnostics, |bytes, answers, _| {
            plain::io::answer_all(bytes, answers)
        });
    }
    run(input, output, diagnostics, &options)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What [`main_with`] prints on stdout for these arguments, with the empty input, or its error.
    fn stdout(args: &[&str], input: &str) -> Result<String, String> {
        let mut out = Vec::new();
        let args = args.iter().map(OsString::from).collect();
        main_with(args, input.as_bytes(), &mut out, &mut std::io::sink()).map_err(|failure| failure.to_string())?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn formats_are_read_from_the_arguments() {
        // "1" then a blank line: a UVa count when detected, the first tile under poj or hdu.
        let input = "1\n\n2 3 4 1 5 x 7 6 8\n";
        for args in [&[][..], &["--format", "auto"][..], &["--format=uva652"][..]] {
            assert_eq!(stdout(args, input).unwrap(), "ullddrurdllurdruldr\n", "{args:?}");
        }
        for args in [
            &["--format", "poj"][..],
            &["--format=hdu"][..],
            &["--format", "uva652", "--format", "poj"][..],
        ] {
            assert_eq!(
                stdout(args, input).unwrap_err(),
                "board 1: tile '1' appears twice",
                "{args:?}"
            );
        }
    }

    #[test]
    fn every_method_gives_the_same_answers() {
        let input = "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 8 7 x\n8 6 7 2 5 4 3 x 1\n";
        let want = "ullddrurdllurdruldr\n\nunsolvable\nuulddrruuldldrruuldldrruullddrr\n";
        for method in ["auto", "search", "table", "plain"] {
            assert_eq!(stdout(&["--method", method], input).unwrap(), want, "{method}");
        }
        let uva = format!("4\n\n{}", input.replace('\n', "\n\n"));
        let want = want.replace('\n', "\n\n");
        assert_eq!(stdout(&["--method=plain"], &uva).unwrap(), want[..want.len() - 1]);
    }

    #[test]
    fn bad_arguments_name_themselves_and_the_usage() {
        let error = |args: &[&str]| stdout(args, "").unwrap_err();
        let usage =
            "usage: eight [--format auto|poj|hdu|uva652] [--method auto|search|table|plain] [--trace] | eight --stats";
        assert_eq!(error(&["--fast"]), format!("unknown argument '--fast'; {usage}"));
        assert_eq!(error(&["--format", "zoj2"]), format!("unknown format 'zoj2'; {usage}"));
        assert_eq!(error(&["--method", "bfs"]), format!("unknown method 'bfs'; {usage}"));
        assert_eq!(
            error(&["--format"]),
            format!("option '--format' needs a value; {usage}")
        );
        // The switches take no value and do not hide a bad argument next to them.
        assert_eq!(error(&["--stats=1"]), format!("unknown argument '--stats=1'; {usage}"));
        assert_eq!(
            error(&["--trace", "--fast"]),
            format!("unknown argument '--fast'; {usage}")
        );
        assert_eq!(
            error(&["--stats", "--format", "zoj2"]),
            format!("unknown format 'zoj2'; {usage}")
        );
        assert_eq!(error(&["a\nb"]), format!("unknown argument 'a\\nb'; {usage}"));
    }

    #[test]
    fn help_is_the_usage_on_stdout_with_every_switch() {
        for args in [
            &["-h"][..],
            &["--help"][..],
            &["--trace", "--help"][..],
            &["--stats", "-h"][..],
        ] {
            let help = stdout(args, "not read").unwrap();
            assert!(
                help.starts_with(&format!("usage: {USAGE}\n{ABOUT}")),
                "{args:?}: {help}"
            );
            // The letters as the judges say them: which way the blank goes.
            assert!(help.contains("u moves x up (swaps it with the tile above)"), "{help}");
            assert!(help.contains("auto|search|table|plain"), "{help}");
            for switch in ["--format F", "--method M", "--trace", "--stats", "-h, --help"] {
                assert!(help.contains(&format!("\n  {switch} ")), "{switch}: {help}");
            }
        }
    }
}
