//! `judge`: run the workspace's judge cases against a puzzle binary (or any program), check an
//! output with a special judge, stress a program with random inputs, or bundle a puzzle into one
//! source file. `judge --help` and `judge <verb> --help` say how; `judge_tests::cli` reads the
//! arguments.
//!
//! `run`: one verdict line per case a judge could send (every case with `--whitespace hostile`;
//! AC, WA, PE, RE, TLE, MLE or OLE, with its time and peak memory, like `oj test`), judged as the
//! puzzle's judges judge (the checker at `--checker-level`, the judges' rule by default; `--exact`
//! compares bytes with `<case>.out`), a bounded report under each failure with the hints of
//! `judge_tests::cause`, `--jobs` cases at once and printed in case order, then
//! `N passed, N failed`; exit status 0 if every case passed, 1 if one failed, 2 on a mistake
//! (usage, unknown puzzle or case, missing program, unreadable case file). Ctrl-C kills the
//! judged program before `judge` exits.
//!
//! `check`: the testlib-style checker (see `judge_oracle::checker`): one line such as
//! `ok 3 boards, 57 moves`, exit status 0 OK, 1 wrong answer, 2 presentation error, 3 fail (the
//! input or the jury's answer is invalid, or the arguments are, or the verdict cannot be written,
//! or the checker's memory is refused: `FAIL out of memory: cannot allocate ...`, from the
//! start's 64 KiB to a reference's table, never Rust's abort).
//!
//! `stress`: see `judge_tests::stress`; status 0 if every case passed, 1 on a failure, 2 when it
//! cannot go on (a program that cannot start, a generator's bad input, an unwritable `--keep`).
//!
//! `bundle`: the single-file, std-only source of each puzzle (see `judge_tests::bundle`), written
//! to `DIR/<puzzle>.rs` with its size, and the plain program beside it, `DIR/<puzzle>-plain.rs`;
//! or the first alone to stdout for one puzzle without `--out`; exit status 1 if a bundle is over
//! its source limit (64 KB; 16,000 bytes for the plain one).
//!
//! Output goes through checked writes: a closed stdout (`judge run eight | head`) ends `judge`
//! quietly with status 0, any other write error is one stderr line and status 2 (3 for `check`).

use judge_oracle::{checker, escape};
use judge_tests::bundle as judge_bundle;
use judge_tests::cases::Whitespace;
use judge_tests::cli::{self, BundleOptions, CheckOptions, Command as Verb, Mistake, RunOptions};
use judge_tests::runner::{self, Limits, Run, Verdict};
use judge_tests::{cases, stress};
use std::ffi::OsStr;
use std::fs;
use std::io::{self, IsTerminal, Read, Write};
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

/// The cases to run: the named ones (each must exist), or every case of the puzzle a judge could
/// send (every case under `--whitespace hostile`), in `--format`'s layout; and how many cases no
/// judge sends were left out.
fn select_cases(data: &Path, options: &RunOptions) -> Outcome<(Vec<cases::Case>, usize)> {
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
    let mut left_out = 0;
    for case in all {
        if !options.only.is_empty() && !options.only.contains(&case.name) {
            continue;
        }
        if let Some(format) = options.format {
            if !format.holds(&read(&case.input)?) {
                continue;
            }
        }
        // A case named on the command line runs whatever its kind: it was asked for.
        if options.only.is_empty() && options.whitespace == Whitespace::Plain && case.hostile.is_some() {
            left_out += 1;
            continue;
        }
        selected.push(case);
    }
    if selected.is_empty() {
        let format = options.format.map(|format| format.name()).unwrap_or_default();
        return mistake(if !options.only.is_empty() {
            format!("none of the cases named is in the {format} layout (see judge run --help)")
        } else if left_out > 0 {
            format!(
                "{} has no case a judge could send{}: --whitespace hostile runs the others",
                options.puzzle,
                if format.is_empty() {
                    String::new()
                } else {
                    format!(" in the {format} layout")
                }
            )
        } else {
            format!("{} has no case in the {format} layout", options.puzzle)
        });
    }
    Ok((selected, left_out))
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

/// One case judged: its verdict line and the report under it, and whether it passed.
struct Judged {
    text: String,
    passed: bool,
}

/// Runs and judges one case (on one of `--jobs`' threads).
fn run_case(options: &RunOptions, case: &cases::Case) -> Outcome<Judged> {
    let input = read(&case.input)?;
    let expected = case.expected.as_deref().map(read).transpose()?;
    let mut command = command_for(options)?;
    let outcome = runner::run_with(&mut command, &input, &options.limits)
        .or_else(|e| mistake(format!("cannot run {}: {e}", runner::describe(&command))))?;
    // The report under a failing verdict: the checker's message, a diff, or stderr's end.
    let (verdict, mut report) = match (runner::limit_verdict(&outcome), &expected) {
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
    if verdict != Verdict::Accepted && verdict != Verdict::TimeLimitExceeded {
        for hint in judge_tests::cause::hints(
            &options.puzzle,
            &input,
            &outcome.stdout,
            verdict == Verdict::RuntimeError,
            case.hostile.as_deref(),
            options.format,
        ) {
            report.push_str(&indented(&format!("hint: {hint}")));
        }
    }
    let mut text = verdict_line(verdict, &case.shown_id(), &outcome, &options.limits);
    text.push_str(&report);
    Ok(Judged {
        text,
        passed: verdict == Verdict::Accepted,
    })
}

/// For an eight run without `--format` that failed: when every case of one judge's layout passed
/// (the largest such layout), the advice to run that layout alone, as a solution written for that
/// judge should be run.
fn layout_advice(selected: &[cases::Case], passed: &[bool]) -> Outcome<Option<String>> {
    let mut inputs = Vec::with_capacity(selected.len());
    for case in selected {
        inputs.push(read(&case.input)?);
    }
    let best = cases::Format::ALL
        .into_iter()
        .map(|format| {
            let inside: Vec<usize> = (0..selected.len()).filter(|&at| format.holds(&inputs[at])).collect();
            (format, inside)
        })
        .filter(|(_, inside)| !inside.is_empty() && inside.iter().all(|&at| passed[at]))
        .max_by_key(|(_, inside)| inside.len());
    Ok(best.map(|(format, inside)| {
        format!(
            "every case in {}'s layout passed ({} of them) and every failing case is in another \
             judge's layout: if your program reads only {}'s, run it with --format {format}\n",
            format.judge(),
            inside.len(),
            format.judge()
        )
    }))
}

fn run(options: &RunOptions, out: &mut dyn Write) -> Outcome<bool> {
    let data = data_folder(options.data.as_deref())?;
    let (selected, left_out) = select_cases(&data, options)?;
    // The program must exist before any case runs: a missing binary is one mistake, not a
    // verdict per case.
    command_for(options)?;
    let (mut passed, mut failed) = (0, 0);
    let mut outcomes = Vec::with_capacity(selected.len());
    let mut stop = None;
    runner::in_order(
        selected.len(),
        options.jobs,
        |index| run_case(options, &selected[index]),
        |_, judged| match judged.and_then(|judged| Ok(out.write_all(judged.text.as_bytes()).map(|()| judged)?)) {
            Ok(judged) => {
                if judged.passed {
                    passed += 1;
                } else {
                    failed += 1;
                }
                outcomes.push(judged.passed);
                true
            }
            Err(error) => {
                stop = Some(error);
                false
            }
        },
    );
    if let Some(error) = stop {
        return Err(error);
    }
    if failed > 0 && options.puzzle == "eight" && options.format.is_none() && options.only.is_empty() {
        if let Some(advice) = layout_advice(&selected, &outcomes)? {
            out.write_all(advice.as_bytes())?;
        }
    }
    if left_out > 0 {
        let noun = if left_out == 1 { "case" } else { "cases" };
        writeln!(
            out,
            "{left_out} {noun} no judge sends left out (--whitespace hostile runs every case)"
        )?;
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
        // With --out, the plain program too: <puzzle>-plain.rs beside <puzzle>.rs.
        let plain = match &options.out {
            Some(_) => {
                Some(judge_bundle::plain_bundle(&root, puzzle).or_else(|e| mistake(format!("bundle {puzzle}: {e}")))?)
            }
            None => None,
        };
        let sized = [
            (Some(made), judge_bundle::SIZE_LIMIT),
            (plain, judge_bundle::PLAIN_SIZE_LIMIT),
        ];
        for (made, limit) in sized {
            let Some(made) = made else { continue };
            let size = made.source.len();
            let fits = size <= limit;
            all_fit &= fits;
            match &options.out {
                Some(dir) => {
                    let path = judge_bundle::write(&made, dir)
                        .or_else(|e| mistake(format!("{}: {e}", escape(dir.as_os_str()))))?;
                    let note = if fits {
                        String::new()
                    } else {
                        format!("  OVER the {limit} byte source limit")
                    };
                    let modules = match made.modules.join(", ") {
                        modules if modules.is_empty() => "std only".to_string(),
                        modules => modules,
                    };
                    writeln!(out, "{:<24} {size:>7} bytes  ({modules}){note}", path.display())?;
                }
                None => out.write_all(made.source.as_bytes())?,
            }
            if !fits {
                let name = &made.puzzle;
                let _ = writeln!(err, "judge: {name}: {size} bytes is over the {limit} byte limit");
            }
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

/// The heap `main` makes sure of before it reads its arguments: they, the options and a verdict
/// line fit in it many times over, and the checker's larger needs are asked for fallibly.
const START_ROOM: usize = 64 << 10;

// The lines of `no_room_to_start` spell the figure out, to need no allocation.
const _: () = assert!(START_ROOM == 65536);

/// Says, without allocating, that the start's room was refused: `judge check`'s FAIL line on
/// stdout and status 3 (testlib's), any other verb's error line on stderr and status 2. The verb
/// is read from `/proc/self/cmdline` into a buffer on the stack, and the FAIL line written
/// through `/dev/stdout` opened anew (appending, as a shell's `>>` or a fresh `>` file wants),
/// since std's own stdout allocates its buffer.
fn no_room_to_start() -> ExitCode {
    let mut command_line = [0u8; 512];
    let read = fs::File::open("/proc/self/cmdline")
        .and_then(|mut file| file.read(&mut command_line))
        .unwrap_or(0);
    let verb = command_line[..read].split(|&byte| byte == 0).nth(1);
    if verb == Some(b"check") {
        let _ = fs::OpenOptions::new()
            .append(true)
            .open("/dev/stdout")
            .and_then(|mut stdout| stdout.write_all(b"FAIL out of memory: cannot allocate 65536 bytes to start\n"));
        return ExitCode::from(3);
    }
    let _ = io::stderr().write_all(b"judge: error: out of memory: cannot allocate 65536 bytes to start\n");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    // Before anything is allocated (the arguments are first), or Rust's abort would end the run.
    if Vec::<u8>::new().try_reserve_exact(START_ROOM).is_err() {
        return no_room_to_start();
    }
    let verb = cli::parse(std::env::args_os().skip(1).collect());
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut err = io::stderr();
    // `check` runs no program, and starts no thread: under a tight memory limit a thread's own
    // allocations would race the checker's for the last bytes, beyond its control.
    let checks = matches!(
        verb,
        Ok(Verb::Check(_))
            | Err(Mistake {
                verb: Some(cli::Verb::Check),
                ..
            })
    );
    if !checks {
        // Before any thread starts: Ctrl-C must kill the judged program's group.
        if let Err(error) = runner::stop_programs_on_interrupt() {
            let _ = writeln!(err, "judge: warning: Ctrl-C will not stop the judged program: {error}");
        }
        // A program that kills its supervisor leaves its processes to judge, which kills them.
        if let Err(error) = runner::adopt_orphans() {
            let _ = writeln!(
                err,
                "judge: warning: a program that kills its supervisor may outlive judge: {error}"
            );
        }
    }
    let outcome = match verb {
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
