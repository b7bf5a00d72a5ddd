//! `judge`: run the workspace's judge cases against a puzzle binary (or any program).
//!
//! ```text
//! judge run <puzzle> [CASE...] [--command CMD] [--time-limit MS]
//! judge bundle <puzzle>... [--out DIR]
//! ```
//!
//! `run`: one verdict line per case (AC, WA, RE or TLE, with its time, like `oj test`), a diff
//! under each wrong answer, then `N passed, N failed`; exit status 1 if any case failed, 2 on a
//! usage error.
//!
//! `bundle`: the single-file, std-only source of each puzzle (see `judge_tests::bundle`), written
//! to `DIR/<puzzle>.rs` with its size, or to stdout for one puzzle without `--out`; exit status 1
//! if a bundle is over the 64 KB source limit.

use judge_tests::bundle as judge_bundle;
use judge_tests::cases;
use judge_tests::runner::{self, Verdict};
use std::fs;
use std::path::PathBuf;
use std::process::{Command, ExitCode};
use std::time::Duration;

const USAGE: &str = "usage: judge run <puzzle> [CASE...] [--command CMD] [--time-limit MS]
       judge bundle <puzzle>... [--out DIR]";

/// Options of `judge run`.
struct RunOptions {
    puzzle: String,
    only: Vec<String>,
    command: Option<String>,
    time_limit: Option<Duration>,
}

fn parse_run(args: &[String]) -> Result<RunOptions, String> {
    let mut options = RunOptions {
        puzzle: String::new(),
        only: Vec::new(),
        command: None,
        time_limit: None,
    };
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
        let Some(expected_path) = &case.expected else {
            return Err(format!("{}: no .out file", case.id()));
        };
        let expected = fs::read(expected_path).map_err(|e| format!("{}: {e}", expected_path.display()))?;
        let outcome = runner::run(&mut command_for(options), &input, options.time_limit)
            .map_err(|e| format!("cannot start the program: {e}"))?;
        let verdict = runner::exact_verdict(&outcome, &expected);
        println!("{verdict:<3} {:<40} {:>6} ms", case.id(), outcome.elapsed.as_millis());
        match verdict {
            Verdict::Accepted => passed += 1,
            Verdict::WrongAnswer => {
                failed += 1;
                print!("{}", runner::line_diff(&expected, &outcome.stdout));
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
