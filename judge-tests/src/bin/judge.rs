//! `judge`: run the workspace's judge cases against a puzzle binary (or any program), check an
//! output with a special judge, or bundle a puzzle into one source file. `judge --help` and
//! `judge <verb> --help` say how.
//!
//! `run`: one verdict line per case (AC, WA, PE, RE, TLE, MLE or OLE, with its time and peak
//! memory, like `oj test`), a bounded report under each failure, then `N passed, N failed`; exit
//! status 0 if every case passed, 1 if one failed, 2 on a mistake (usage, unknown puzzle or case,
//! missing program). Ctrl-C kills the judged program before `judge` exits.
//!
//! `check`: the testlib-style checker (see `judge_tests::checker`): one line such as
//! `ok 3 boards, 57 moves`, exit status 0 OK, 1 wrong answer, 2 presentation error, 3 fail (the
//! input or the jury's answer is invalid, or the arguments are, or the verdict cannot be written).
//!
//! `bundle`: the single-file, std-only source of each puzzle (see `judge_tests::bundle`), written
//! to `DIR/<puzzle>.rs` with its size, or to stdout for one puzzle without `--out`; exit status 1
//! if a bundle is over the 64 KB source limit.
//!
//! Output goes through checked writes: a closed stdout (`judge run eight | head`) ends `judge`
//! quietly with status 0, any other write error is one stderr line and status 2 (3 for `check`).
//! Arguments are read as bytes: one that is not UTF-8 where text is needed, or holds a newline,
//! is quoted escaped in a one-line error.

use judge_tests::bundle as judge_bundle;
use judge_tests::runner::{self, Limits, Run, Verdict};
use judge_tests::{cases, checker, escape};
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

const USAGE: &str = "usage: judge run <puzzle> [CASE...] [--command CMD] [--time-limit MS] [--memory-limit MB] [--checker] [--shortest | --strict] [--data DIR]
       judge check <puzzle> <input> <output> [<answer>] [--shortest | --strict]
       judge stress <puzzle> --command CMD [--cases N] [--seed S] [--shortest | --strict] [--time-limit MS] [--memory-limit MB] [--keep FILE]
       judge bundle <puzzle>... [--out DIR]
       judge --help | judge <verb> --help
";

const RUN_HELP: &str = "usage: judge run <puzzle> [CASE...] [options]
Runs the puzzle's judge cases (judge-tests/data/<puzzle>/<case>.in) and prints a verdict per case:
AC, WA, PE, RE, TLE, MLE or OLE, with its time and peak memory; exit status 1 if any case failed.
  CASE...            only these cases (default: all)
  --command CMD      judge `sh -c CMD` instead of target/release/<puzzle>
  --time-limit MS    wall-clock limit per case (default 10000); the program's group is killed
  --memory-limit MB  peak resident memory per case, in MiB (default: none, but measured)
  --checker          judge with the puzzle's checker instead of comparing bytes with <case>.out
  --shortest         with --checker: demand a shortest answer (default: what the puzzle's judges accept)
  --strict           with --checker: demand the canonical answer
  --data DIR         the folder of cases (default: judge-tests/data of the workspace judge runs in)
  -h, --help         this help
";

const CHECK_HELP: &str = "usage: judge check <puzzle> <input> <output> [<answer>] [--shortest | --strict]
Judges <output> for <input> with the puzzle's checker (testlib style), the jury's <answer> first.
Exit status: 0 ok, 1 wrong answer, 2 presentation error, 3 fail (bad input, jury answer or arguments).
  (default)          the rule the puzzle's judges apply (eight: any solving sequence)
  --shortest         demand a shortest answer
  --strict           demand the canonical answer (eight: the smallest shortest in u<l<d<r order)
  -h, --help         this help
";

const STRESS_HELP: &str =
    "usage: judge stress <puzzle> --command CMD [--cases N] [--seed S] [--shortest | --strict] [--time-limit MS] [--memory-limit MB] [--keep FILE]
Runs CMD (with `sh -c`) on seeded random inputs that cover every answer length and kind, judges each
answer with the checker, and on a failure shrinks the input to the smallest one that still fails,
prints it with the expected and the received output, and exits 1; else `N passed, 0 failed`.
  --command CMD      the program under test
  --cases N          how many boards, configurations or targets (default 1000)
  --seed S           the generator's seed (default 1): the same seed gives the same inputs
  --shortest         demand shortest answers (default: what the puzzle's judges accept)
  --strict           demand the canonical answers
  --checker-level L  judge, shortest or strict
  --time-limit MS    per run (default 10000)
  --memory-limit MB  peak resident memory per run (MLE beyond it)
  --keep FILE        write the shrunk failing input to FILE
  -h, --help         this help
";

const BUNDLE_HELP: &str = "usage: judge bundle <puzzle>... [--out DIR]
Writes each puzzle as one std-only source file: DIR/<puzzle>.rs, or stdout for one puzzle.
  --out DIR          the folder to write into
  -h, --help         this help
";

/// Why `judge` stopped early.
enum Failure {
    /// A mistake in the arguments or the setting: one stderr line, status 2.
    Mistake(String),
    /// Writing stdout failed.
    Output(io::Error),
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Self {
        Failure::Output(error)
    }
}

type Outcome<T> = Result<T, Failure>;

fn mistake<T>(message: impl Into<String>) -> Outcome<T> {
    Err(Failure::Mistake(message.into()))
}

/// An argument as text, or a mistake quoting it escaped.
fn text(arg: &OsStr) -> Outcome<&str> {
    match arg.to_str() {
        Some(text) if !text.contains(['\n', '\r']) => Ok(text),
        _ => mistake(format!("argument '{}' is not a one-line UTF-8 text", escape(arg))),
    }
}

fn is_help(arg: &OsStr) -> bool {
    arg == "-h" || arg == "--help"
}

/// Options of `judge run`.
struct RunOptions {
    puzzle: String,
    only: Vec<String>,
    command: Option<OsString>,
    limits: Limits,
    use_checker: bool,
    level: checker::Level,
    data: Option<PathBuf>,
}

fn parse_run(args: &[OsString]) -> Outcome<RunOptions> {
    let mut options = RunOptions {
        puzzle: String::new(),
        only: Vec::new(),
        command: None,
        // A program that never ends must not hang the judge: 10 s unless told otherwise.
        limits: Limits {
            time: Some(Duration::from_secs(10)),
            measure_memory: true,
            ..Limits::default()
        },
        use_checker: false,
        level: checker::Level::Judge,
        data: None,
    };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = |name: &str| match rest.next() {
            Some(value) => Ok(value.clone()),
            None => mistake(format!("{name} needs a value (see judge run --help)")),
        };
        match text(arg)? {
            "--command" => options.command = Some(value("--command")?),
            "--data" => options.data = Some(PathBuf::from(value("--data")?)),
            "--time-limit" => {
                let ms = number(&value("--time-limit")?, "--time-limit", "a number of ms")?;
                options.limits.time = Some(Duration::from_millis(ms));
            }
            "--memory-limit" => {
                let mb = number(&value("--memory-limit")?, "--memory-limit", "a number of MB")?;
                if mb == 0 || mb > 1 << 30 {
                    return mistake(format!("--memory-limit: {mb} MB is out of range"));
                }
                options.limits.memory = Some(mb << 20);
            }
            "--checker" => options.use_checker = true,
            "--strict" => options.level = checker::Level::Strict,
            "--shortest" => options.level = checker::Level::Shortest,
            flag if flag.starts_with('-') => return mistake(format!("unknown option {flag} (see judge run --help)")),
            name if options.puzzle.is_empty() => options.puzzle = name.to_string(),
            name => options.only.push(name.to_string()),
        }
    }
    if options.puzzle.is_empty() {
        return mistake("which puzzle? (see judge run --help)");
    }
    Ok(options)
}

fn number(value: &OsStr, name: &str, what: &str) -> Outcome<u64> {
    match value.to_str().and_then(|text| text.parse().ok()) {
        Some(number) => Ok(number),
        None => mistake(format!("{name}: '{}' is not {what}", escape(value))),
    }
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

/// The cases to run: all of the puzzle's, or the named ones, each of which must exist.
fn select_cases(data: &Path, options: &RunOptions) -> Outcome<Vec<cases::Case>> {
    let puzzles = cases::puzzles(data).or_else(|e| mistake(format!("{}: {e}", escape(data.as_os_str()))))?;
    if !puzzles.contains(&options.puzzle) {
        return mistake(format!(
            "unknown puzzle '{}' (puzzles: {})",
            options.puzzle,
            puzzles.join(", ")
        ));
    }
    let all = cases::discover(data, &options.puzzle).or_else(|e| mistake(format!("{}: {e}", options.puzzle)))?;
    let unknown: Vec<&str> = options
        .only
        .iter()
        .filter(|name| !all.iter().any(|case| &case.name == *name))
        .map(String::as_str)
        .collect();
    if !unknown.is_empty() || all.is_empty() {
        let names: Vec<&str> = all.iter().map(|case| case.name.as_str()).collect();
        return mistake(format!(
            "{} has no case {} (cases: {})",
            options.puzzle,
            unknown
                .iter()
                .map(|name| format!("'{name}'"))
                .collect::<Vec<_>>()
                .join(", "),
            names.join(", ")
        ));
    }
    Ok(all
        .into_iter()
        .filter(|case| options.only.is_empty() || options.only.contains(&case.name))
        .collect())
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
/// RE or MLE.
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

fn run(args: &[OsString], out: &mut dyn Write) -> Outcome<bool> {
    if args.iter().any(|arg| is_help(arg)) {
        out.write_all(RUN_HELP.as_bytes())?;
        return Ok(true);
    }
    let options = parse_run(args)?;
    let data = data_folder(options.data.as_deref())?;
    let selected = select_cases(&data, &options)?;
    let mut command = command_for(&options)?;
    let (mut passed, mut failed) = (0, 0);
    for case in &selected {
        let read = |path: &Path| fs::read(path).or_else(|e| mistake(format!("{}: {e}", escape(path.as_os_str()))));
        let input = read(&case.input)?;
        let expected = case.expected.as_deref().map(read).transpose()?;
        let outcome = runner::run_with(&mut command, &input, &options.limits)
            .or_else(|e| mistake(format!("cannot run {}: {e}", runner::describe(&command))))?;
        // The report under a failing verdict: a diff, the checker's message or the stderr.
        let mut report = String::new();
        let verdict = match (runner::limit_verdict(&outcome), &expected) {
            (Some(verdict), _) => {
                let stderr = String::from_utf8_lossy(&outcome.stderr);
                let stderr: String = stderr.trim_end().chars().take(runner::REPORT_LIMIT).collect();
                if !stderr.is_empty() {
                    report = indented(&format!("stderr: {stderr}"));
                }
                verdict
            }
            (None, Some(expected)) if !options.use_checker => match runner::compare(expected, &outcome.stdout) {
                None => Verdict::Accepted,
                Some(difference) => {
                    report = indented(&difference.report);
                    Verdict::WrongAnswer
                }
            },
            (None, _) => {
                let judged = checker::check_at(
                    &options.puzzle,
                    &input[..],
                    &outcome.stdout,
                    expected.as_deref(),
                    options.level,
                );
                let verdict = match judged {
                    checker::Verdict::Ok(_) => Verdict::Accepted,
                    checker::Verdict::WrongAnswer(_) => Verdict::WrongAnswer,
                    checker::Verdict::PresentationError(_) => Verdict::PresentationError,
                    checker::Verdict::Fail(ref why) => {
                        return mistake(format!("{}: checker failed: {why}", case.id()));
                    }
                };
                if verdict != Verdict::Accepted {
                    let message: String = judged.to_string().chars().take(runner::REPORT_LIMIT).collect();
                    report = indented(&message);
                }
                verdict
            }
        };
        out.write_all(verdict_line(verdict, &case.id(), &outcome, &options.limits).as_bytes())?;
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

/// `judge check`: writes the checker's line; returns its exit status (3 for bad arguments, or
/// when the line cannot be written).
fn check(args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    if args.iter().any(|arg| is_help(arg)) {
        return match out.write_all(CHECK_HELP.as_bytes()) {
            Ok(()) => 0,
            Err(error) => write_failed(&error, err, 3),
        };
    }
    let strict = args.iter().any(|arg| arg == "--strict");
    let shortest = args.iter().any(|arg| arg == "--shortest");
    let level = if strict {
        checker::Level::Strict
    } else if shortest {
        checker::Level::Shortest
    } else {
        checker::Level::Judge
    };
    let positional: Vec<&OsString> = args
        .iter()
        .filter(|arg| *arg != "--strict" && *arg != "--shortest")
        .collect();
    let flag = positional
        .iter()
        .find(|arg| arg.to_str().is_some_and(|arg| arg.starts_with('-')));
    let verdict = if strict && shortest {
        checker::Verdict::Fail("--shortest and --strict exclude each other (see judge check --help)".into())
    } else if let Some(flag) = flag {
        checker::Verdict::Fail(format!("unknown option {} (see judge check --help)", escape(flag)))
    } else if positional.len() < 3 || positional.len() > 4 {
        checker::Verdict::Fail(
            "bad arguments: want <puzzle> <input> <output> [<answer>] (see judge check --help)".into(),
        )
    } else if !checker::PUZZLES.iter().any(|puzzle| positional[0] == puzzle) {
        checker::Verdict::Fail(format!(
            "unknown puzzle '{}' (puzzles: {})",
            escape(positional[0]),
            checker::PUZZLES.join(", ")
        ))
    } else {
        let puzzle = positional[0].to_str().unwrap_or_default();
        let path = |index: usize| positional.get(index).map(|path| Path::new(path.as_os_str()));
        // The checker streams the input and keeps the output compact: memory stays near the
        // output's size however large the files are.
        checker::check_files(puzzle, path(1).expect("three"), path(2).expect("three"), path(3), level)
    };
    let line = format!("{verdict}\n");
    match out.write_all(line.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => verdict.exit_code(),
        Err(error) => write_failed(&error, err, 3),
    }
}

/// `judge bundle`: writes each puzzle's bundle; `Ok(false)` if one is over the size limit.
fn bundle(args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> Outcome<bool> {
    if args.iter().any(|arg| is_help(arg)) {
        out.write_all(BUNDLE_HELP.as_bytes())?;
        return Ok(true);
    }
    let mut puzzles = Vec::new();
    let mut out_dir = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match text(arg)? {
            "--out" => match rest.next() {
                Some(dir) => out_dir = Some(PathBuf::from(dir)),
                None => return mistake("--out needs a folder (see judge bundle --help)"),
            },
            flag if flag.starts_with('-') => {
                return mistake(format!("unknown option {flag} (see judge bundle --help)"))
            }
            puzzle => puzzles.push(puzzle.to_string()),
        }
    }
    if puzzles.is_empty() {
        return mistake("which puzzle? (see judge bundle --help)");
    }
    if out_dir.is_none() && puzzles.len() > 1 {
        return mistake("more than one puzzle needs --out DIR");
    }
    let root = judge_tests::find_workspace().unwrap_or_else(judge_tests::workspace_root);
    let mut all_fit = true;
    for puzzle in &puzzles {
        let made = judge_bundle::bundle(&root, puzzle).or_else(|e| mistake(format!("bundle {puzzle}: {e}")))?;
        let size = made.source.len();
        let fits = size <= judge_bundle::SIZE_LIMIT;
        all_fit &= fits;
        match &out_dir {
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
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut err = io::stderr();
    if let Err(error) = interrupt {
        let _ = writeln!(err, "judge: warning: Ctrl-C will not stop the judged program: {error}");
    }
    let verb = args.first().map(|verb| verb.to_str().unwrap_or("\u{fffd}"));
    let rest = args.get(1..).unwrap_or_default();
    let outcome = match verb {
        Some("run") => run(rest, &mut out),
        Some("check") => return ExitCode::from(check(rest, &mut out, &mut err)),
        Some("bundle") => bundle(rest, &mut out, &mut err),
        Some("stress") if rest.iter().any(|arg| is_help(arg)) => out
            .write_all(STRESS_HELP.as_bytes())
            .map(|()| true)
            .map_err(Failure::from),
        Some("stress") => judge_tests::stress::main(rest).or_else(mistake),
        Some("-h" | "--help") => out.write_all(USAGE.as_bytes()).map(|()| true).map_err(Failure::from),
        Some(_) => mistake(format!(
            "unknown verb '{}' (verbs: run, check, stress, bundle; see judge --help)",
            escape(&args[0])
        )),
        None => {
            let _ = err.write_all(USAGE.as_bytes());
            return ExitCode::from(2);
        }
    };
    let outcome = outcome.and_then(|passed| Ok(out.flush().map(|()| passed)?));
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(Failure::Output(error)) => ExitCode::from(write_failed(&error, &mut err, 2)),
        Err(Failure::Mistake(message)) => {
            let _ = writeln!(err, "judge: error: {}", judge_tests::escape(OsStr::new(&message)));
            ExitCode::from(2)
        }
    }
}
