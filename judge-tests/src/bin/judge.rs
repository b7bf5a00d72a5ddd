//! `judge`: run the workspace's judge cases against a puzzle binary (or any program).
//!
//! ```text
//! judge run <puzzle> [CASE...] [--command CMD] [--time-limit MS] [--checker] [--strict]
//! judge check <puzzle> <input> <output> [<answer>] [--shortest | --strict]
//! judge bundle <puzzle>... [--out DIR]
//! ```
//!
//! `run`: one verdict line per case (AC, WA, PE, RE or TLE, with its time, like `oj test`), a
//! diff under each wrong answer, then `N passed, N failed`; exit status 1 if any case failed, 2 on
//! a usage error. `--time-limit` defaults to 10 000 ms. A case with a `.out` file is compared byte for byte, unless `--checker` asks for
//! the puzzle's checker; a case without one is always judged by the checker.
//!
//! `check`: the testlib-style checker (see `judge_tests::checker`): one line such as
//! `ok 3 boards, 57 moves`, exit status 0 OK, 1 wrong answer, 2 presentation error, 3 fail (the
//! input or the jury's answer is invalid, or the arguments are).
//!
//! `bundle`: the single-file, std-only source of each puzzle (see `judge_tests::bundle`), written
//! to `DIR/<puzzle>.rs` with its size, or to stdout for one puzzle without `--out`; exit status 1
//! if a bundle is over the 64 KB source limit.

use judge_tests::bundle as judge_bundle;
use judge_tests::cases;
use judge_tests::checker;
use judge_tests::runner::{self, Verdict};
use std::fs;
use std::path::PathBuf;
use std::process::{Command, ExitCode};
use std::time::Duration;

const USAGE: &str = "usage: judge run <puzzle> [CASE...] [--command CMD] [--time-limit MS] [--checker] [--strict]
       judge check <puzzle> <input> <output> [<answer>] [--shortest | --strict]
       judge bundle <puzzle>... [--out DIR]
       judge stress <puzzle> --command CMD [--cases N] [--seed S] [--shortest | --strict] [--keep FILE]";

/// Options of `judge run`.
struct RunOptions {
    puzzle: String,
    only: Vec<String>,
    command: Option<String>,
    time_limit: Option<Duration>,
    use_checker: bool,
    strict: bool,
}

fn parse_run(args: &[String]) -> Result<RunOptions, String> {
    let mut options = RunOptions {
        puzzle: String::new(),
        only: Vec::new(),
        command: None,
        time_limit: None,
        use_checker: false,
        strict: false,
    };
    // A program that never ends must not hang the judge: 10 s unless told otherwise.
    options.time_limit = Some(Duration::from_secs(10));
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--command" => options.command = Some(rest.next().ok_or("--command needs a value")?.clone()),
            "--time-limit" => {
                let value = rest.next().ok_or("--time-limit needs a value in ms")?;
                let ms: u64 = value
                    .parse()
                    .map_err(|_| format!("--time-limit: '{value}' is not a number of ms"))?;
                options.time_limit = Some(Duration::from_millis(ms));
            }
            "--checker" => options.use_checker = true,
            "--strict" => options.strict = true,
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ if options.puzzle.is_empty() => options.puzzle = arg.clone(),
            _ => options.only.push(arg.clone()),
        }
    }
    if options.puzzle.is_empty() {
        return Err("which puzzle?".into());
    }
    Ok(options)
}

fn command_for(options: &RunOptions) -> Command {
    match &options.command {
        Some(line) => {
            let mut command = Command::new("sh");
            command.arg("-c").arg(line);
            command
        }
        None => Command::new(judge_tests::binary_path(&options.puzzle)),
    }
}

fn run(options: &RunOptions) -> Result<bool, String> {
    let data = judge_tests::data_dir();
    let all = cases::discover(&data, &options.puzzle).map_err(|e| format!("no cases for '{}': {e}", options.puzzle))?;
    let selected: Vec<_> = all
        .into_iter()
        .filter(|case| options.only.is_empty() || options.only.contains(&case.name))
        .collect();
    if selected.is_empty() {
        return Err(format!("no case of '{}' matches", options.puzzle));
    }
    let (mut passed, mut failed) = (0, 0);
    for case in &selected {
        let input = fs::read(&case.input).map_err(|e| format!("{}: {e}", case.input.display()))?;
        let expected = match &case.expected {
            Some(path) => Some(fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?),
            None => None,
        };
        let outcome = runner::run(&mut command_for(options), &input, options.time_limit)
            .map_err(|e| format!("cannot start the program: {e}"))?;
        // The checker's message, when the checker judged the case.
        let mut message = None;
        let verdict = match &expected {
            _ if outcome.timed_out || outcome.code != Some(0) => runner::exact_verdict(&outcome, b""),
            Some(expected) if !options.use_checker => runner::exact_verdict(&outcome, expected),
            _ => {
                let judged = checker::check(
                    &options.puzzle,
                    &input,
                    &outcome.stdout,
                    expected.as_deref(),
                    options.strict,
                );
                let verdict = match judged {
                    checker::Verdict::Ok(_) => Verdict::Accepted,
                    checker::Verdict::WrongAnswer(_) => Verdict::WrongAnswer,
                    checker::Verdict::PresentationError(_) => Verdict::PresentationError,
                    checker::Verdict::Fail(ref why) => return Err(format!("{}: checker failed: {why}", case.id())),
                };
                message = Some(judged.to_string());
                verdict
            }
        };
        println!("{verdict:<3} {:<40} {:>6} ms", case.id(), outcome.elapsed.as_millis());
        match verdict {
            Verdict::Accepted => passed += 1,
            Verdict::WrongAnswer | Verdict::PresentationError => {
                failed += 1;
                match (&message, &expected) {
                    (Some(message), _) => println!("    {message}"),
                    (None, Some(expected)) => print!("{}", runner::line_diff(expected, &outcome.stdout)),
                    (None, None) => {}
                }
            }
            _ => {
                failed += 1;
                let stderr = String::from_utf8_lossy(&outcome.stderr);
                if !stderr.trim().is_empty() {
                    println!("    stderr: {}", stderr.trim_end());
                }
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    Ok(failed == 0)
}

/// `judge check`: prints the checker's line; returns its exit status (3 for bad arguments).
fn check(args: &[String]) -> u8 {
    let level = match checker_level(args) {
        Ok(level) => level,
        Err(why) => {
            println!("FAIL {why}");
            return 3;
        }
    };
    let positional: Vec<&String> = args.iter().filter(|arg| !LEVEL_FLAGS.contains(&arg.as_str())).collect();
    if positional.len() < 3 || positional.len() > 4 || positional.iter().any(|arg| arg.starts_with("--")) {
        println!("FAIL bad arguments");
        eprintln!("{USAGE}");
        return 3;
    }
    let path = |index: usize| positional.get(index).map(|arg| std::path::Path::new(arg.as_str()));
    let verdict = checker::check_files(positional[0], path(1).unwrap(), path(2).unwrap(), path(3), level);
    println!("{verdict}");
    verdict.exit_code()
}

/// The checker-level switches.
const LEVEL_FLAGS: [&str; 2] = ["--strict", "--shortest"];

/// The checker level asked for by `--strict` or `--shortest` (the default: what the judges accept).
fn checker_level(args: &[String]) -> Result<checker::Level, String> {
    match (
        args.iter().any(|a| a == "--strict"),
        args.iter().any(|a| a == "--shortest"),
    ) {
        (true, true) => Err("--strict and --shortest exclude each other".into()),
        (true, false) => Ok(checker::Level::Strict),
        (false, true) => Ok(checker::Level::Shortest),
        (false, false) => Ok(checker::Level::Judge),
    }
}

/// `judge bundle`: writes each puzzle's bundle; `Ok(false)` if one is over the size limit.
fn bundle(args: &[String]) -> Result<bool, String> {
    let mut puzzles = Vec::new();
    let mut out_dir = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--out" => out_dir = Some(PathBuf::from(rest.next().ok_or("--out needs a folder")?)),
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ => puzzles.push(arg.clone()),
        }
    }
    if puzzles.is_empty() {
        return Err("which puzzle?".into());
    }
    if out_dir.is_none() && puzzles.len() > 1 {
        return Err("more than one puzzle needs --out DIR".into());
    }
    let root = judge_tests::workspace_root();
    let mut all_fit = true;
    for puzzle in &puzzles {
        let made = judge_bundle::bundle(&root, puzzle).map_err(|e| format!("bundle {puzzle}: {e}"))?;
        let size = made.source.len();
        let fits = size <= judge_bundle::SIZE_LIMIT;
        all_fit &= fits;
        match &out_dir {
            Some(dir) => {
                let path = judge_bundle::write(&made, dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                let note = if fits { "" } else { "  OVER the 64 KB source limit" };
                println!(
                    "{:<24} {size:>7} bytes  ({}){note}",
                    path.display(),
                    made.modules.join(", ")
                );
            }
            None => print!("{}", made.source),
        }
        if !fits {
            eprintln!(
                "judge: {puzzle}: {size} bytes is over the {} byte limit",
                judge_bundle::SIZE_LIMIT
            );
        }
    }
    Ok(all_fit)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = match args.first().map(String::as_str) {
        Some("run") => parse_run(&args[1..]).and_then(|options| run(&options)),
        Some("bundle") => bundle(&args[1..]),
        Some("stress") => judge_tests::stress::main(&args[1..]),
        Some("check") => return ExitCode::from(check(&args[1..])),
        _ => Err(USAGE.to_string()),
    };
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("judge: error: {message}");
            if message == USAGE || message.starts_with("unknown option") || message == "which puzzle?" {
                eprintln!("{USAGE}");
            }
            ExitCode::from(2)
        }
    }
}
