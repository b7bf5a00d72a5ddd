//! `judge`: run the workspace's judge cases against a puzzle binary (or any program), check an
//! output with a special judge, stress a program with random inputs, or bundle a puzzle into one
//! source file. `judge --help` and `judge <verb> --help` say how; `judge_tests::cli` reads the
//! arguments.
//!
//! Each verb is one function here that calls the library and turns its outcome into an exit
//! status; the work is in `judge_tests::run`, `judge_oracle::checker`, `judge_tests::stress` and
//! `judge_tests::bundle`.
//!
//! `run`: see `judge_tests::run`; exit status 0 if every case passed, 1 if one failed, 2 on a
//! mistake (usage, unknown puzzle or case, missing program, unreadable case file). Ctrl-C kills
//! the judged program before `judge` exits.
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
use judge_tests::cli::{self, BundleOptions, CheckOptions, Command as Verb, Mistake, RunOptions};
use judge_tests::{run as judge_run, runner, stress};
use std::ffi::OsStr;
use std::fs;
use std::io::{self, IsTerminal, Read, Write};
use std::process::ExitCode;

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

/// `judge run`: the verdicts and the summary on stdout; `Ok(false)` if a case failed.
fn run(options: &RunOptions, out: &mut dyn Write) -> Outcome<bool> {
    judge_run::run(options, out).map_err(|error| match error {
        judge_run::Error::Output(error) => Stop::Output(error),
        judge_run::Error::Mistake(message) => Stop::Mistake(message),
    })
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

/// `judge stress`: the report on stdout, the progress line on stderr (rewritten in place on a
/// terminal, a line at each step elsewhere).
fn stress(options: &stress::Options, out: &mut dyn Write) -> Outcome<bool> {
    let mut stderr = io::stderr();
    let terminal = stderr.is_terminal();
    stress::run_watched(options, out, Some(&mut stderr), terminal).map_err(|error| match error {
        stress::Error::Output(error) => Stop::Output(error),
        other => Stop::Mistake(format!("stress: {other}")),
    })
}

/// `judge bundle`: writes each puzzle's bundle (`judge_tests::bundle::write_bundles`);
/// `Ok(false)` if one is over its size limit.
fn bundle(options: &BundleOptions, out: &mut dyn Write, err: &mut dyn Write) -> Outcome<bool> {
    let root = judge_tests::find_workspace().unwrap_or_else(judge_tests::workspace_root);
    judge_bundle::write_bundles(&root, &options.puzzles, options.out.as_deref(), out, err).map_err(|stopped| {
        match stopped {
            judge_bundle::Stopped::Mistake(message) => Stop::Mistake(message),
            judge_bundle::Stopped::Output(error) => Stop::Output(error),
        }
    })
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
    // The references' tables, built once and read by every later process of this binary.
    checker::cache::keep_in(checker::cache::default_folder());
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
        Ok(Verb::Help(verb, text)) => match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Ok(()) => return ExitCode::SUCCESS,
            // A help that cannot be written: 3 for check, whose statuses are testlib's.
            Err(error) => {
                let status = if verb == Some(cli::Verb::Check) { 3 } else { 2 };
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
