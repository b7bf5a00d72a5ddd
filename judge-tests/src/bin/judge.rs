//! `judge`: run the workspace's judge cases against a puzzle binary (or any program), check an
//! output with a special judge, stress a program with random inputs, or bundle a puzzle into one
//! source file. `judge --help` and `judge <verb> --help` say how; `judge_tests::cli` reads the
//! arguments.
//!
//! `run`: one verdict line per case (AC, WA, PE, RE, TLE, MLE or OLE, with its time and peak
//! memory, like `oj test`), judged as the puzzle's judges judge (the checker at the judges' rule;
//! `--exact` compares bytes with `<case>.out`), a bounded report under each failure, then
//! `N passed, N failed`; exit status 0 if every case passed, 1 if one failed, 2 on a mistake
//! (usage, unknown puzzle or case, missing program, unreadable case file). Ctrl-C kills the
//! judged program before `judge` exits.
//!
//! `check`: the testlib-style checker (see `judge_tests::checker`): one line such as
//! `ok 3 boards, 57 moves`, exit status 0 OK, 1 wrong answer, 2 presentation error, 3 fail (the
//! input or the jury's answer is invalid, or the arguments are, or the verdict cannot be written).
//!
//! `stress`: see `judge_tests::stress`; status 0 if every case passed, 1 on a failure, 2 when it
//! cannot go on (a program that cannot start, a generator's bad input, an unwritable `--keep`).
//!
//! `bundle`: the single-file, std-only source of each puzzle (see `judge_tests::bundle`), written
//! to `DIR/<puzzle>.rs` with its size, or to stdout for one puzzle without `--out`; exit status 1
//! if a bundle is over the 64 KB source limit.
//!
//! Output goes through checked writes: a closed stdout (`judge run eight | head`) ends `judge`
//! quietly with status 0, any other write error is one stderr line and status 2 (3 for `check`).

use judge_tests::bundle as judge_bundle;
use judge_tests::cli::{self, BundleOptions, CheckOptions, Command as Verb, Mistake, RunOptions};
use judge_tests::runner::{self, Limits, Run, Verdict};
use judge_tests::{cases, checker, escape, stress};
use std::ffi::OsStr;
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// Why `judge` stopped early.
enum Stop {
    /// A mistake in the arguments or the setting, or a file that cannot be read: one stderr
    /// line, status 2.
    Mistake(String),
    /// Writing stdout failed.
    Output(io::Error),
}

impl From<io::Error> for Stop {
    fn from(error: io::Error) -> Self {
        Stop::Output(error)
    }
}

type Outcome<T> = Result<T, Stop>;

fn mistake<T>(message: impl Into<String>) -> Outcome<T> {
    Err(Stop::Mistake(message.into()))
}

/// The folder of cases: `--data DIR`, or `judge-tests/data` of the workspace judge runs in.
fn data_folder(explicit: Option<&Path>) -> Outcome<PathBuf> {
    match explicit {
        Some(dir) if dir.is_dir() => Ok(dir.to_path_buf()),
        Some(dir) => mistake(format!("--data {}: not a folder", escape(dir.as_os_str()))),
        None => match judge_tests::find_workspace() {
            Some(root) => Ok(root.join("judge-tests").join("data")),
            None => mistake("no judge-tests/data here: run judge inside the workspace, or pass --data DIR"),
        },
    }
}

/// `'a', 'b'` for a message, each name escaped.
fn quoted_list<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    names
        .into_iter()
        .map(|name| format!("'{}'", escape(OsStr::new(name))))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The cases to run: all of the puzzle's (in `--format`'s layout), or the named ones, each of
/// which must exist.
fn select_cases(data: &Path, options: &RunOptions) -> Outcome<Vec<cases::Case>> {
    let puzzles = cases::puzzles(data).or_else(|e| mistake(format!("{}: {e}", escape(data.as_os_str()))))?;
    if !puzzles.contains(&options.puzzle) {
        return mistake(format!(
            "unknown puzzle '{}' (puzzles: {})",
            escape(OsStr::new(&options.puzzle)),
            puzzles.join(", ")
        ));
    }
    let folder = data.join(&options.puzzle);
    let all = cases::discover(data, &options.puzzle).or_else(|e| mistake(format!("{}: {e}", options.puzzle)))?;
    if all.is_empty() {
        return mistake(format!(
            "{} has no cases: no <case>.in file in {}",
            options.puzzle,
            escape(folder.as_os_str())
        ));
    }
    let unknown: Vec<&str> = options
        .only
        .iter()
        .filter(|name| !all.iter().any(|case| &case.name == *name))
        .map(String::as_str)
        .collect();
    if !unknown.is_empty() {
        let known: Vec<&str> = all.iter().map(|case| case.name.as_str()).collect();
        let noun = if unknown.len() == 1 { "case" } else { "cases" };
        return mistake(format!(
            "{} has no {noun} {} (cases: {})",
            options.puzzle,
            quoted_list(unknown),
            known
                .iter()
                .map(|name| escape(OsStr::new(name)))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let mut selected = Vec::new();
    for case in all {
        if !options.only.is_empty() && !options.only.contains(&case.name) {
            continue;
        }
        if let Some(format) = options.format {
            if !format.holds(&read(&case.input)?) {
                continue;
            }
        }
        selected.push(case);
    }
    if selected.is_empty() {
        let format = options.format.map(|format| format.name()).unwrap_or_default();
        return mistake(if options.only.is_empty() {
            format!("{} has no case in the {format} layout", options.puzzle)
        } else {
            format!("none of the cases named is in the {format} layout (see judge run --help)")
        });
    }
    Ok(selected)
}

/// A case file's bytes, or the mistake naming it.
fn read(path: &Path) -> Outcome<Vec<u8>> {
    fs::read(path).or_else(|e| mistake(format!("cannot read {}: {e}", escape(path.as_os_str()))))
}

/// The program to judge: `sh -c CMD`, or the puzzle's release binary, which must exist.
fn command_for(options: &RunOptions) -> Outcome<Command> {
    match &options.command {
        Some(line) => {
            let mut command = Command::new("sh");
            command.arg("-c").arg(line);
            Ok(command)
        }
        None => {
            let binary = judge_tests::binary_path(&options.puzzle);
            if !binary.is_file() {
                return mistake(format!(
                    "no program at {}: build it with `cargo build --release` (or pass --command CMD)",
                    escape(binary.as_os_str())
                ));
            }
            Ok(Command::new(binary))
        }
    }
}

/// `text` indented by four spaces, a line at a time.
fn indented(text: &str) -> String {
    text.lines().map(|line| format!("    {line}\n")).collect()
}

/// The verdict line of one case: `AC  eight/solved     3 ms    2.1 MB`, with the reason of an
/// RE, TLE, MLE or OLE.
fn verdict_line(verdict: Verdict, id: &str, run: &Run, limits: &Limits) -> String {
    let memory = run.peak_memory.map(runner::format_memory).unwrap_or_else(|| "-".into());
    let mut line = format!("{verdict:<3} {id:<40} {:>6} ms {memory:>10}", run.elapsed.as_millis());
    match verdict {
        Verdict::RuntimeError => line.push_str(&format!("  ({})", run.failure().unwrap_or_default())),
        Verdict::MemoryLimitExceeded => {
            let limit = limits.memory.unwrap_or_default() >> 20;
            line.push_str(&format!("  (limit {limit} MB)"));
        }
        Verdict::TimeLimitExceeded => {
            let limit = limits.time.unwrap_or_default().as_millis();
            line.push_str(&format!("  (limit {limit} ms)"));
        }
        Verdict::OutputLimitExceeded => line.push_str(&format!("  (over {} bytes)", limits.output)),
        _ => {}
    }
    line.push('\n');
    line
}

/// The checker's verdict on an output, as `judge run`'s verdict and report; a checker failure
/// (a bad input or `.out`) is a mistake naming the case.
fn judged(
    options: &RunOptions,
    case: &cases::Case,
    input: &[u8],
    output: &[u8],
    answer: Option<&[u8]>,
) -> Outcome<(Verdict, String)> {
    let judged = checker::check_at(&options.puzzle, input, output, answer, options.level);
    let verdict = match judged {
        checker::Verdict::Ok(_) => Verdict::Accepted,
        checker::Verdict::WrongAnswer(_) => Verdict::WrongAnswer,
        checker::Verdict::PresentationError(_) => Verdict::PresentationError,
        checker::Verdict::Fail(ref why) => {
            return mistake(format!(
                "{}: the checker cannot judge this case: {why}",
                case.shown_id()
            ));
        }
    };
    let report = if verdict == Verdict::Accepted {
        String::new()
    } else {
        let message: String = judged.to_string().chars().take(runner::REPORT_LIMIT).collect();
        indented(&message)
    };
    Ok((verdict, report))
}

fn run(options: &RunOptions, out: &mut dyn Write) -> Outcome<bool> {
    let data = data_folder(options.data.as_deref())?;
    let selected = select_cases(&data, options)?;
    let mut command = command_for(options)?;
    let (mut passed, mut failed) = (0, 0);
    for case in &selected {
        let input = read(&case.input)?;
        let expected = case.expected.as_deref().map(read).transpose()?;
        let outcome = runner::run_with(&mut command, &input, &options.limits)
            .or_else(|e| mistake(format!("cannot run {}: {e}", runner::describe(&command))))?;
        // The report under a failing verdict: the checker's message, a diff, or stderr's end.
        let (verdict, report) = match (runner::limit_verdict(&outcome), &expected) {
            (Some(verdict), _) => {
                let tail = outcome.stderr_tail();
                let report = if tail.is_empty() {
                    String::new()
                } else {
                    format!("    stderr (its last lines):\n{}", indented(&indented(&tail)))
                };
                (verdict, report)
            }
            (None, Some(expected)) if options.exact => match runner::compare(expected, &outcome.stdout) {
                None => (Verdict::Accepted, String::new()),
                Some(difference) => {
                    let mut report = indented(&format!(
                        "the output differs from {}.out (--exact compares bytes):",
                        escape(OsStr::new(&case.name))
                    ));
                    report.push_str(&indented(&difference.report));
                    let judges = checker::check_at(&options.puzzle, &input[..], &outcome.stdout, None, options.level);
                    let note = match judges {
                        checker::Verdict::Ok(_) => {
                            "the judges' rule would accept this output (judge run without --exact)".to_string()
                        }
                        other => format!("the judges' rule would not accept it either: {other}"),
                    };
                    report.push_str(&indented(&note));
                    (Verdict::WrongAnswer, report)
                }
            },
            (None, expected) => judged(options, case, &input, &outcome.stdout, expected.as_deref())?,
        };
        out.write_all(verdict_line(verdict, &case.shown_id(), &outcome, &options.limits).as_bytes())?;
        out.write_all(report.as_bytes())?;
        if verdict == Verdict::Accepted {
            passed += 1;
        } else {
            failed += 1;
        }
    }
    writeln!(out, "{passed} passed, {failed} failed")?;
    Ok(failed == 0)
}

/// `judge check`: writes the checker's line; returns its exit status (3 when the line cannot be
/// written).
fn check(options: &CheckOptions, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    // The checker streams the input and keeps the output compact: memory stays near the
    // output's size however large the files are.
    let verdict = checker::check_files(
        &options.puzzle,
        &options.input,
        &options.output,
        options.answer.as_deref(),
        options.level,
    );
    write_verdict(&verdict, out, err)
}

/// Writes a checker's verdict line; its exit status, or 3 if the line cannot be written.
fn write_verdict(verdict: &checker::Verdict, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let line = format!("{verdict}\n");
    match out.write_all(line.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => verdict.exit_code(),
        Err(error) => write_failed(&error, err, 3),
    }
}

/// `judge stress`: the report on stdout, the progress line on stderr when it is a terminal.
fn stress(options: &stress::Options, out: &mut dyn Write) -> Outcome<bool> {
    let mut stderr = io::stderr();
    let progress = stderr.is_terminal().then_some(&mut stderr as &mut dyn Write);
    stress::run(options, out, progress).map_err(|error| match error {
        stress::Error::Output(error) => Stop::Output(error),
        other => Stop::Mistake(format!("stress: {other}")),
    })
}

/// `judge bundle`: writes each puzzle's bundle; `Ok(false)` if one is over the size limit.
fn bundle(options: &BundleOptions, out: &mut dyn Write, err: &mut dyn Write) -> Outcome<bool> {
    let root = judge_tests::find_workspace().unwrap_or_else(judge_tests::workspace_root);
    let mut all_fit = true;
    for puzzle in &options.puzzles {
        let made = judge_bundle::bundle(&root, puzzle).or_else(|e| mistake(format!("bundle {puzzle}: {e}")))?;
        let size = made.source.len();
        let fits = size <= judge_bundle::SIZE_LIMIT;
        all_fit &= fits;
        match &options.out {
            Some(dir) => {
                let path = judge_bundle::write(&made, dir)
                    .or_else(|e| mistake(format!("{}: {e}", escape(dir.as_os_str()))))?;
                let note = if fits { "" } else { "  OVER the 64 KB source limit" };
                let modules = made.modules.join(", ");
                writeln!(out, "{:<24} {size:>7} bytes  ({modules}){note}", path.display())?;
            }
            None => out.write_all(made.source.as_bytes())?,
        }
        if !fits {
            let limit = judge_bundle::SIZE_LIMIT;
            let _ = writeln!(err, "judge: {puzzle}: {size} bytes is over the {limit} byte limit");
        }
    }
    Ok(all_fit)
}

/// Reports a failed write to stdout: quiet for a closed pipe (status 0, the reader has what it
/// wanted), else one stderr line and `status`.
fn write_failed(error: &io::Error, err: &mut dyn Write, status: u8) -> u8 {
    if error.kind() == io::ErrorKind::BrokenPipe {
        return 0;
    }
    let _ = writeln!(err, "judge: error: cannot write to stdout: {error}");
    status
}

fn main() -> ExitCode {
    // First, before any thread starts: Ctrl-C must kill the judged program's group.
    let interrupt = runner::stop_programs_on_interrupt();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut err = io::stderr();
    if let Err(error) = interrupt {
        let _ = writeln!(err, "judge: warning: Ctrl-C will not stop the judged program: {error}");
    }
    // A program that kills its supervisor leaves its processes to judge, which kills them.
    if let Err(error) = runner::adopt_orphans() {
        let _ = writeln!(
            err,
            "judge: warning: a program that kills its supervisor may outlive judge: {error}"
        );
    }
    let outcome = match cli::parse(std::env::args_os().skip(1).collect()) {
        Ok(Verb::Bare) => {
            let _ = err.write_all(cli::USAGE.as_bytes());
            return ExitCode::from(2);
        }
        Ok(Verb::Help(text)) => match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Ok(()) => return ExitCode::SUCCESS,
            // A help that cannot be written: 3 for check, whose statuses are testlib's.
            Err(error) => {
                let status = if text == cli::CHECK_HELP { 3 } else { 2 };
                return ExitCode::from(write_failed(&error, &mut err, status));
            }
        },
        Ok(Verb::Check(options)) => return ExitCode::from(check(&options, &mut out, &mut err)),
        Err(Mistake {
            verb: Some(cli::Verb::Check),
            message,
        }) => return ExitCode::from(write_verdict(&checker::Verdict::Fail(message), &mut out, &mut err)),
        Err(Mistake { message, .. }) => Err(Stop::Mistake(message)),
        Ok(Verb::Run(options)) => run(&options, &mut out),
        Ok(Verb::Stress(options)) => stress(&options, &mut out),
        Ok(Verb::Bundle(options)) => bundle(&options, &mut out, &mut err),
    };
    let outcome = outcome.and_then(|passed| Ok(out.flush().map(|()| passed)?));
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(Stop::Output(error)) => ExitCode::from(write_failed(&error, &mut err, 2)),
        Err(Stop::Mistake(message)) => {
            let _ = writeln!(err, "judge: error: {}", escape(OsStr::new(&message)));
            ExitCode::from(2)
        }
    }
}
