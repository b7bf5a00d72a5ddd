//! The command line: the judge run by default, the study switches, `--help`.

use std::ffi::OsString;
use std::io::{BufRead, BufWriter, Write};

use common::cli::{write_help, Args, Failure};

use crate::io::{run, Options, Tracer};
use crate::plain;
use crate::state::MAX_MOVES;
use crate::study::{write_census, write_stats, write_trace, MAX_STATS_DEPTH};

/// Usage line for the binary.
pub const USAGE: &str =
    "colour-hash [--method fast|plain] [--goal-depth G] [--trace] < cases | colour-hash --stats [--depth D|all]";

/// Each switch and what it does, as `--help` lists them.
const SWITCHES: [(&str, &str); 5] = [
    (
        "--method M",
        "answer with method M: fast (the default, what a judge runs) or plain\n(src/plain.rs and its io, the program written to be read: the same answers)",
    ),
    (
        "--goal-depth G",
        "answer with a goal-side table of depth G, 0..16, instead of the depth\nsized to the count: the same answers at another cost (fast only)",
    ),
    ("--trace", "answer as usual and draw each case's solution, move by move, on stderr"),
    (
        "--stats",
        "print how many configurations lie at each distance from the goal, and\nthe size of the whole space, instead of answering; reads no input",
    ),
    (
        "--depth D|all",
        "with --stats: count to depth D, 0..16 (default 12); all: the census, every\nconfiguration's distance to the last layer (a 1.57 GB table, all cores,\nprogress on stderr)",
    ),
];

/// The binary: the judge's answers by default; `--method plain` runs [`crate::plain`]'s program
/// instead (its own reading, checking, search and writing: `dist/colour-hash-plain.rs`), whose
/// warnings are in words of its own; `--goal-depth G` forces the
/// depth of the fast tier's goal-side table; `--trace` also draws every case's solution on
/// `diagnostics` (stderr); `--stats [--depth D]` prints the layers around the goal to depth D
/// (default 12, at most 16) and the size of the whole space instead, reading no input;
/// `--stats --depth all` the census of the whole space, with its progress on `diagnostics`;
/// `-h`/`--help` prints the usage and the switches on `output`.
///
/// # Errors
/// An unknown argument or method; a `--depth` that is not a number 0..=16 or `all`, or comes
/// without `--stats`; the census's table cannot be allocated; a `--goal-depth` that is not a
/// number 0..=16 or comes with `--method plain`; `--trace` with `--method plain`; a switch about
/// answering given with `--stats`; or as [`run`] (or, with `--method plain`, the plain program's
/// error).
pub fn main_with(
    args: Vec<OsString>,
    input: impl BufRead,
    output: impl Write,
    diagnostics: &mut dyn Write,
) -> Result<(), Failure> {
    let args = Args::parse(
        args,
        &["--stats", "--trace"],
        &["--depth", "--goal-depth", "--method"],
        USAGE,
    )?;
    if args.help() {
        return Ok(write_help(output, USAGE, "", &SWITCHES)?);
    }
    // `None`: all, the census.
    let depth = match args.value("--depth") {
        None => Some(12),
        Some(_) if !args.switch("--stats") => {
            return Err(Failure::Input(format!(
                "option '--depth' goes with --stats; usage: {USAGE}"
            )))
        }
        Some("all") => None,
        Some(text) => match text.parse::<u8>() {
            Ok(depth) if depth <= MAX_STATS_DEPTH => Some(depth),
            _ => {
                return Err(Failure::Input(format!(
                    "option '--depth' takes a depth 0..{MAX_STATS_DEPTH} or all, not '{text}'; usage: {USAGE}"
                )))
            }
        },
    };
    let goal_depth = match args.value("--goal-depth") {
        None => None,
        Some(text) => match text.parse::<u8>() {
            Ok(depth) if usize::from(depth) <= MAX_MOVES => Some(depth),
            _ => {
                return Err(Failure::Input(format!(
                    "option '--goal-depth' takes a depth 0..{MAX_MOVES}, not '{text}'; usage: {USAGE}"
                )))
            }
        },
    };
    let plain = args.plain_method(USAGE)?;
    if args.switch("--stats") {
        let answering = [
            ("--goal-depth", goal_depth.is_some()),
            ("--method", args.value("--method").is_some()),
            ("--trace", args.switch("--trace")),
        ];
        if let Some((name, _)) = answering.iter().find(|(_, given)| *given) {
            return Err(Failure::Input(format!(
                "option '{name}' goes with answering, not with --stats; usage: {USAGE}"
            )));
        }
        let mut out = BufWriter::new(output);
        match depth {
            Some(depth) => write_stats(&mut out, depth)?,
            None => write_census(&mut out, diagnostics)?,
        }
        out.flush()?;
        return Ok(());
    }
    if plain && goal_depth.is_some() {
        return Err(Failure::Input(format!(
            "option '--goal-depth' goes with --method fast: plain's table is 8 deep; usage: {USAGE}"
        )));
    }
    let options = Options {
        trace: args.switch("--trace").then_some(write_trace as Tracer),
        goal_depth,
    };
    if plain {
        if args.switch("--trace") {
            return Err(Failure::Input(format!(
                "option '--trace' goes with --method fast; usage: {USAGE}"
            )));
        }
        return common::cli::run_plain(input, output, diagnostics, plain::io::answer_all);
    }
    run(input, output, diagnostics, &options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::GOAL;
    use crate::testkit::{main_output, OFFICIAL_SAMPLE};

    #[test]
    fn help_prints_the_usage_and_each_switch() {
        for flag in ["-h", "--help"] {
            let (outcome, diagnostics) = main_output(&[flag], "not read");
            let text = outcome.unwrap();
            assert!(text.starts_with(&format!("usage: {USAGE}\n")), "{text}");
            for switch in [
                "--method M",
                "--trace",
                "--goal-depth G",
                "--stats",
                "--depth D|all",
                "-h, --help",
            ] {
                assert!(text.contains(&format!("\n  {switch} ")), "{switch}: {text}");
            }
            assert_eq!(diagnostics, "");
        }
    }

    #[test]
    fn bad_arguments_are_one_line_errors() {
        let usage = format!("; usage: {USAGE}");
        for depth in ["17", "x", "-1", "", "300", "All", "al"] {
            assert_eq!(
                main_output(&["--stats", "--depth", depth], "").0.unwrap_err(),
                format!("option '--depth' takes a depth 0..16 or all, not '{depth}'{usage}")
            );
        }
        assert_eq!(
            main_output(&["--depth", "3"], "").0.unwrap_err(),
            format!("option '--depth' goes with --stats{usage}")
        );
        assert_eq!(
            main_output(&["--stats", "--depth"], "").0.unwrap_err(),
            format!("option '--depth' needs a value{usage}")
        );
        assert_eq!(
            main_output(&["--verbose"], "").0.unwrap_err(),
            format!("unknown argument '--verbose'{usage}")
        );
        for depth in ["17", "x", "-1", ""] {
            assert_eq!(
                main_output(&["--goal-depth", depth], "").0.unwrap_err(),
                format!("option '--goal-depth' takes a depth 0..16, not '{depth}'{usage}")
            );
        }
        assert_eq!(
            main_output(&["--stats", "--goal-depth", "3"], "").0.unwrap_err(),
            format!("option '--goal-depth' goes with answering, not with --stats{usage}")
        );
        // --stats answers nothing: a switch about answering is a mistake, not dropped.
        for (args, name) in [
            (&["--stats", "--trace"][..], "--trace"),
            (&["--trace", "--stats"], "--trace"),
            (&["--stats", "--method", "plain"], "--method"),
        ] {
            assert_eq!(
                main_output(args, "").0.unwrap_err(),
                format!("option '{name}' goes with answering, not with --stats{usage}"),
                "{args:?}"
            );
        }
        assert_eq!(
            main_output(&["--method", "bfs"], "").0.unwrap_err(),
            format!("unknown method 'bfs'{usage}")
        );
        assert_eq!(
            main_output(&["--method", "plain", "--goal-depth", "8"], "")
                .0
                .unwrap_err(),
            format!("option '--goal-depth' goes with --method fast: plain's table is 8 deep{usage}")
        );
    }

    #[test]
    fn the_plain_method_answers_alike() {
        let (input, expected) = OFFICIAL_SAMPLE;
        for args in [
            &["--method", "plain"][..],
            &["--method=fast"],
            &["--method", "fast", "--goal-depth", "3"],
        ] {
            assert_eq!(
                main_output(args, input),
                (Ok(expected.to_string()), String::new()),
                "{args:?}"
            );
        }
        // The plain program reads by itself: the same answers, its own words for the warning
        // and the error.
        let goal = GOAL.map(|n| n.to_string()).join(" ");
        let bad = format!("3\n{goal}\n{}\n0 3 x", goal.replacen('0', "1", 1));
        let (plainly, warnings) = main_output(&["--method", "plain"], &bad);
        assert_eq!(plainly, Err("case 3: 'x' is not an integer".into()));
        assert_eq!(
            warnings,
            "colour-hash: warning: case 2: not a configuration of the puzzle\n"
        );
        assert!(main_output(&[], &bad).1.contains("warning: case 2: "));
        assert_eq!(
            main_output(&["--method", "plain", "--trace"], input).0,
            Err(format!("option '--trace' goes with --method fast; usage: {USAGE}"))
        );
    }

    #[test]
    fn every_goal_depth_answers_the_sample_alike() {
        let (input, expected) = OFFICIAL_SAMPLE;
        assert_eq!(main_output(&[], input).0.unwrap(), expected);
        for depth in ["7", "12"] {
            assert_eq!(
                main_output(&["--goal-depth", depth], input).0.unwrap(),
                expected,
                "G = {depth}"
            );
        }
    }

    #[test]
    fn switches_reach_stats_and_trace() {
        let (stats, diagnostics) = main_output(&["--stats", "--depth=3"], "not read");
        let stats = stats.unwrap();
        assert!(
            stats.contains("\n    3             34             51\nmaximum depth 3: 34 "),
            "{stats}"
        );
        assert_eq!(diagnostics, "");
        assert!(main_output(&["--stats"], "")
            .0
            .unwrap()
            .contains("\n   12         370662         578783\n"));
        let input = format!("1\n{}\n", GOAL.map(|n| n.to_string()).join(" "));
        let (judged, quiet) = main_output(&[], &input);
        let (traced, trace) = main_output(&["--trace"], &input);
        assert_eq!(judged.unwrap(), "PUZZLE ALREADY SOLVED\n");
        assert_eq!(traced.unwrap(), "PUZZLE ALREADY SOLVED\n");
        assert_eq!(quiet, "");
        assert!(trace.starts_with("case 1: PUZZLE ALREADY SOLVED\nstart "), "{trace}");
    }
}
