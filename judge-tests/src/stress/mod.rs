//! `judge stress`: seeded random inputs that cover every answer length and kind, small ones first
//! (or a user's own generator's), a program under test run on them, each output judged by the
//! checker (and shown beside the reference's answer), and a failing input shrunk to the easiest
//! failing case: one case, at the smallest distance from the goal at which the program could be
//! made to fail.
//!
//! ```text
//! judge stress <puzzle> --command CMD [--generator GEN] [--format poj|hdu|uva652]
//!              [--inputs judges|hostile] [--cases N] [--seed S] [--jobs N]
//!              [--checker-level judge|shortest|strict] [--judge J] [--lang L]
//!              [--keep FILE] [--time-limit MS] [--memory-limit MB] [--time-budget S] [--file-io NAME]
//! ```
//!
//! [`generate`] says what is generated, [`shrink`] how a failure is shrunk, [`progress`] what a
//! run left running shows and keeps, [`input`](crate::input) how an input is written. The
//! arguments are read by [`crate::cli`].
//!
//! `--jobs N` runs N inputs at once ([`runner::in_order`]): the inputs are made in the same order
//! whatever N is and their results taken in that order, the first failing one in order is the one
//! shrunk, and the shrinker takes the first failing candidate in its own order, so the report is
//! the same for every N.

pub mod generate;
pub mod progress;
pub mod shrink;

pub use crate::input::{Batch, Item, Spacing};
pub use generate::Generator;

pub use crate::cases::Whitespace;

use crate::runner;
use judge_oracle::checker::{self, Level, Verdict};
use judge_oracle::rng::Rng;
use std::collections::HashSet;
use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// What `judge stress` was asked to do: the command line's options, kept in [`crate::cli`]
/// beside the other verbs' so that the command line depends on no verb.
pub use crate::cli::StressOptions as Options;

/// Why `judge stress` could not go on.
#[derive(Debug)]
pub enum Error {
    /// The program under test or the generator cannot be started.
    Start(io::Error),
    /// The user's generator failed, or printed an input that is not the puzzle's.
    Generator(String),
    /// `--keep FILE` cannot be written.
    Keep(PathBuf, io::Error),
    /// The report cannot be written.
    Output(io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Start(error) => write!(f, "cannot run the program: {error}"),
            Error::Generator(why) => write!(f, "the generator's fault, not the solution's: {why}"),
            Error::Keep(path, error) => write!(f, "--keep {}: {error}", judge_oracle::escape(path.as_os_str())),
            Error::Output(error) => write!(f, "cannot write the report: {error}"),
        }
    }
}

/// Why one input failed: the verdict, the program's output and the end of its stderr.
#[derive(Debug)]
pub struct FailedRun {
    /// The kind of failure: `WA`, `PE`, `RE`, `TLE`, `MLE`, `OLE` or `FAIL`. The shrinker keeps a
    /// smaller input only if it fails the same way (a wrong answer does not shrink into a time
    /// limit).
    pub kind: &'static str,
    /// The verdict line (`wrong answer board 2: ...`, `RE exit 1: ValueError: ...`, `TLE ...`).
    pub verdict: String,
    /// What the program printed.
    pub received: Vec<u8>,
    /// The last lines of what it wrote to stderr, at most 4 KB, when it crashed.
    pub stderr: Option<String>,
    /// How it ended when it ended with an error (`exit 1`, `SIGSEGV`): an RE.
    pub exit: Option<String>,
    /// What the failure is ([`crate::cause::cause_of`]): the shrinker keeps a smaller input only
    /// if it fails with the same.
    pub cause: String,
    /// Under `--file-io`: what a USACO grader would see differently (no `NAME.out`, or stdout).
    pub note: Option<String>,
}

/// The program under test as a command: `sh -c CMD`, the files it names in the current folder
/// named absolutely (each run has a fresh folder for its current one).
fn program(options: &Options) -> Command {
    let mut command = Command::new("sh");
    command.arg("-c").arg(crate::file_io::absolute_words(&options.command));
    command
}

/// The limits of each run of the program under test.
fn limits(options: &Options) -> runner::Limits {
    runner::Limits {
        memory: options.memory_limit,
        ..runner::Limits::time(Some(options.time_limit))
    }
}

/// Runs the command on one batch; `None` if the output is accepted.
///
/// # Errors
/// If the command cannot be started.
pub fn try_batch(options: &Options, batch: &Batch) -> io::Result<Option<FailedRun>> {
    let input = batch.render();
    let limits = limits(options);
    let (run, note) = crate::file_io::run(&mut program(options), &input, &limits, options.file_io.as_deref())?;
    // A command that never started is judge's error to report, once, not a failure to shrink.
    if let Some(message) = crate::cause::never_started(&run) {
        return Err(io::Error::new(io::ErrorKind::Other, message));
    }
    let mut stderr = None;
    let mut exit = None;
    let (kind, verdict) = if run.timed_out {
        let note = options.rules.limit_note(crate::judges::Limit::Time);
        let note = note.map(|note| format!(" ({note})")).unwrap_or_default();
        ("TLE", format!("TLE after {} ms{note}", options.time_limit.as_millis()))
    } else if run.memory_limit_exceeded {
        let peak = run.peak_memory.map_or("?".into(), runner::format_memory);
        let limit = options.memory_limit.unwrap_or_default() >> 20;
        let note = options.rules.limit_note(crate::judges::Limit::Memory);
        let note = note.map(|note| format!(": {note}")).unwrap_or_default();
        ("MLE", format!("MLE peak {peak} (limit {limit} MB{note})"))
    } else if run.output_limit_exceeded {
        ("OLE", format!("OLE: more than {} bytes of output", limits.output))
    } else if run.code != Some(0) {
        let tail = run.stderr_tail();
        let last = tail.lines().last().unwrap_or_default().to_string();
        let how = crate::cause::ended(&run, true).unwrap_or_default();
        stderr = (!tail.is_empty()).then_some(tail);
        exit = Some(how.clone());
        if last.is_empty() {
            ("RE", format!("RE {how} (nothing on stderr)"))
        } else {
            ("RE", format!("RE {how}: {last}"))
        }
    } else {
        let comparison = options
            .rules
            .preset
            .map_or(crate::judges::Comparison::Checker, |preset| preset.comparison);
        // Luogu's comparison needs the jury's text; the checker needs no answer.
        let answer = (comparison != crate::judges::Comparison::Checker).then(|| batch.expected_output());
        let judged = crate::judges::judge_output(
            &options.puzzle,
            &input,
            &run.stdout,
            answer.as_deref(),
            options.level,
            comparison,
        );
        match runner::Verdict::of_check(&judged) {
            Ok(runner::Verdict::Accepted) => return Ok(None),
            // A wrong answer whose every token is right, laid out wrong: a presentation error in
            // kind, so that the shrinker may take it to the smallest input that shows it, where
            // the checker names it as `judge run` does (a UVa 652 answer without its empty line
            // before a solved board's empty answer reads as moves on the solved board's line).
            Ok(runner::Verdict::WrongAnswer)
                if comparison == crate::judges::Comparison::Checker
                    && crate::cause::only_the_layout(&options.puzzle, &input, &run.stdout, options.level) =>
            {
                ("PE", crate::cause::as_presentation_error(&judged.to_string()))
            }
            Ok(wrong) => (wrong.code(), judged.to_string()),
            Err(why) => ("FAIL", format!("checker FAIL (a bug in judge's generator): {why}")),
        }
    };
    let cause = crate::cause::cause_of(kind, &verdict);
    Ok(Some(FailedRun {
        kind,
        verdict,
        cause,
        received: run.stdout,
        stderr,
        exit,
        note,
    }))
}

/// A time limit run again on `batch` alone, nothing else of `judge`'s running: whether it
/// passed the limit again, and how long the run took.
///
/// # Errors
/// If the program cannot be started.
pub fn alone(options: &Options, batch: &Batch) -> io::Result<(bool, Duration)> {
    let (run, _) = crate::file_io::run(
        &mut program(options),
        &batch.render(),
        &limits(options),
        options.file_io.as_deref(),
    )?;
    Ok((run.timed_out, run.elapsed))
}

/// The seed a user's generator gets for input `index` (from 0) of a run seeded `seed`: a number
/// below 2^31, so that any language's `int` holds it.
pub fn generator_seed(seed: u64, index: usize) -> u64 {
    let mut rng = Rng::new(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rng.next_u64() >> 33
}

/// Runs the user's generator for one seed and reads its input; a failure or an input that is
/// not the puzzle's (in `--format`'s layout when one is given) is the generator's fault.
fn generated(options: &Options, generator: &str, seed: u64) -> Result<Batch, Error> {
    let mut command = Command::new("sh");
    // It runs in a fresh folder too: its files here are named absolutely.
    command
        .arg("-c")
        .arg(format!("{} {seed}", crate::file_io::absolute_words(generator)));
    let run =
        runner::run_with(&mut command, &[], &runner::Limits::time(Some(options.time_limit))).map_err(Error::Start)?;
    let fault = |why: String| Error::Generator(format!("`{generator} {seed}` {why}"));
    if run.timed_out {
        return Err(fault(format!("ran past {} ms", options.time_limit.as_millis())));
    }
    if run.code != Some(0) || run.output_limit_exceeded {
        let tail = run.stderr_tail();
        let how = if run.output_limit_exceeded {
            "printed too much".to_string()
        } else {
            run.failure().unwrap_or_default()
        };
        return Err(fault(match tail.lines().last() {
            Some(last) => format!("failed ({how}): {last}"),
            None => format!("failed ({how})"),
        }));
    }
    let input = run.stdout;
    if let Verdict::Fail(why) = checker::check_at(&options.puzzle, &input[..], b"", None, Level::Judge) {
        return Err(fault(format!("printed no {} input: {why}", options.puzzle)));
    }
    if let Some(format) = options.format {
        if !format.holds(&input) {
            return Err(fault(format!("printed an input that is not in the {format} layout")));
        }
    }
    crate::input::parse(&options.puzzle, &input, options.format)
        .map_err(|why| fault(format!("printed no input: {why}")))
}

/// Bytes shown of a long input or output in the report.
const SHOWN: usize = 4096;

/// `bytes` for the report: control bytes other than line feeds escaped, cut at [`SHOWN`].
fn visible(bytes: &[u8]) -> String {
    let mut shown = String::new();
    for line in bytes[..bytes.len().min(SHOWN)].split_inclusive(|&b| b == b'\n') {
        let (text, newline) = match line.strip_suffix(b"\n") {
            Some(text) => (text, true),
            None => (line, false),
        };
        shown.push_str("    ");
        shown.push_str(
            &text
                .escape_ascii()
                .to_string()
                .replace("\\'", "'")
                .replace("\\\"", "\""),
        );
        shown.push_str(if newline { "⏎\n" } else { "\n" });
    }
    if bytes.len() > SHOWN {
        shown.push_str(&format!("    ... ({} bytes in all)\n", bytes.len()));
    }
    if bytes.is_empty() {
        shown.push_str("    (nothing)\n");
    }
    shown
}

/// Where a failing input came from, for the report.
struct Origin {
    /// `cases 193-256 of 1000`, `input 13 of 100`.
    place: String,
    /// How many cases the failing input held before shrinking.
    cases: usize,
    /// The generator's seed for this input, if a user's generator made it.
    generator_seed: Option<u64>,
}

/// One input of a run, planned in order before it runs.
enum Planned {
    /// A built-in batch, made by the generator.
    Built(Batch),
    /// Input `index` of a user's generator, made when it runs.
    Generated(usize),
}

/// What running one planned input gave.
type Tried = Result<(Batch, Origin, Option<FailedRun>), Error>;

/// Makes (for a user's generator) and runs one planned input; `first` is the number of cases
/// before it in the run.
fn try_planned(options: &Options, planned: &Planned, first: usize) -> Tried {
    let (batch, origin) = match planned {
        Planned::Generated(index) => {
            let command = options.generator.as_deref().expect("a generator");
            let seed = generator_seed(options.seed, *index);
            let batch = generated(options, command, seed)?;
            let origin = Origin {
                place: format!("input {} of {}", index + 1, options.cases),
                cases: 1,
                generator_seed: Some(seed),
            };
            (batch, origin)
        }
        Planned::Built(batch) => {
            let cases = batch.items.len();
            let place = if cases == 1 {
                format!("case {} of {}", first + 1, options.cases)
            } else {
                format!("cases {}-{} of {}", first + 1, first + cases, options.cases)
            };
            let origin = Origin {
                place,
                cases,
                generator_seed: None,
            };
            (batch.clone(), origin)
        }
    };
    let failure = try_batch(options, &batch).map_err(Error::Start)?;
    Ok((batch, origin, failure))
}

/// Runs the stress test, writing the report to `out` and, when `progress` is given, the progress
/// line there as on a terminal ([`run_watched`]). Returns whether every case passed.
///
/// # Errors
/// As [`run_watched`].
pub fn run(options: &Options, out: &mut dyn Write, progress: Option<&mut dyn Write>) -> Result<bool, Error> {
    run_watched(options, out, progress, true)
}

/// Runs the stress test, writing the report to `out` and the progress line to `progress`
/// (rewritten in place when `terminal`, else a line at each step: [`progress`]). Returns whether
/// every case passed (or passed until the time budget ran out).
///
/// The inputs are planned a window at a time (a few per job), run `--jobs` at once, and their
/// results taken in order: the first failing input in order is shrunk and reported. The failing
/// input is written to `--keep` as soon as it is found and again each time the shrinker makes it
/// smaller, so that SIGINT, SIGTERM or the time budget leaves the best one found.
///
/// # Errors
/// If `--keep FILE` cannot be written (checked before anything runs: a folder, a FIFO, a folder
/// that does not exist or is not writable), a program cannot be started, the generator fails, or
/// writing the report or the `--keep` file fails (a failure to write it is returned after the
/// report is written in full).
pub fn run_watched(
    options: &Options,
    out: &mut dyn Write,
    progress: Option<&mut dyn Write>,
    terminal: bool,
) -> Result<bool, Error> {
    if let Some(path) = &options.keep {
        check_keep(path)?;
    }
    let mut watch = progress::Watch::new(options.time_budget, progress, terminal, options.keep.clone());
    let mut generator = Generator::new(&options.puzzle, options.seed)
        .map_err(Error::Generator)?
        .growing(options.cases)
        .with_whitespace(options.whitespace);
    let jobs = options.jobs.max(1);
    let mut done = 0;
    let mut index = 0;
    // Every case that passed: the shrinker's search for a closer failing case skips them.
    let mut passed = HashSet::new();
    while done < options.cases {
        if watch.over_budget() {
            watch.finish();
            let why = watch.stopped.clone().unwrap_or_default();
            writeln!(
                out,
                "{why}: stopped after {done} of {} cases\n{done} passed, 0 failed",
                options.cases
            )
            .map_err(Error::Output)?;
            return Ok(true);
        }
        let mut planned = Vec::new();
        let mut firsts = Vec::new();
        let mut room = options.cases - done;
        while planned.len() < 4 * jobs && room > 0 {
            firsts.push(options.cases - room);
            if options.generator.is_some() {
                planned.push(Planned::Generated(index));
                room -= 1;
            } else {
                let batch = generator.batch(room, options.format);
                room -= batch.items.len();
                planned.push(Planned::Built(batch));
            }
            index += 1;
        }
        let mut stop: Option<Result<(Batch, Origin, FailedRun), Error>> = None;
        // A user's generator's inputs have no distance the run chose.
        let reach = options.generator.is_none().then(|| generator.reach());
        runner::in_order(
            planned.len(),
            jobs,
            |at| try_planned(options, &planned[at], firsts[at]),
            |_, tried| match tried {
                Err(error) => {
                    stop = Some(Err(error));
                    false
                }
                Ok((batch, origin, Some(failure))) => {
                    stop = Some(Ok((batch, origin, failure)));
                    false
                }
                Ok((batch, origin, None)) => {
                    done += origin.cases;
                    passed.extend(batch.items);
                    watch.passed(done, options.cases, reach);
                    true
                }
            },
        );
        match stop {
            None => {}
            Some(Err(error)) => return Err(error),
            Some(Ok((batch, origin, failure))) => {
                let before = batch.items.len();
                // Kept at once: whatever stops the run from here on leaves it.
                let mut kept = watch.better(&batch, &failure, 0);
                let shrunk =
                    shrink::shrink(options, batch, failure, &passed, &mut watch, &mut kept).map_err(Error::Start)?;
                let (batch, mut failure) = shrunk;
                watch.finish();
                if failure.kind == "TLE" {
                    // Parallel jobs on a busy machine can pass a limit a program keeps alone.
                    let (again, took) = alone(options, &batch).map_err(Error::Start)?;
                    failure.verdict.push_str(&confirmation(options, &batch, again, took));
                }
                let kept = kept.map_err(|error| Error::Keep(options.keep.clone().unwrap_or_default(), error));
                report(
                    options,
                    out,
                    done,
                    &origin,
                    before,
                    &batch,
                    &failure,
                    watch.stopped.as_deref(),
                    kept,
                )?;
                return Ok(false);
            }
        }
    }
    watch.finish();
    writeln!(out, "{done} passed, 0 failed").map_err(Error::Output)?;
    Ok(true)
}

/// What running a TLE's kept input alone showed, for the verdict line: whether the limit passed
/// again, and the time per case against the limit.
fn confirmation(options: &Options, batch: &Batch, again: bool, took: Duration) -> String {
    let limit = options.time_limit.as_millis();
    let cases = batch.items.len().max(1) as u128;
    let per_case = if cases == 1 {
        String::new()
    } else {
        format!(", {} ms a case", took.as_millis() / cases)
    };
    if again {
        format!("; confirmed alone: run again with nothing beside it, it passed the {limit} ms limit again{per_case}")
    } else {
        format!(
            "; not reproduced alone: run again with nothing beside it, it took {} ms against the {limit} ms \
             limit{per_case}: the limit passed only under the load of that run (the jobs beside it, or the \
             machine's), so this input may not be too slow on a judge",
            took.as_millis()
        )
    }
}

/// The report of a failure: `--keep` first, then what failed, the shrunk input, both outputs,
/// the end of stderr, and the summary, which counts the same unit on both sides.
#[allow(clippy::too_many_arguments)]
fn report(
    options: &Options,
    out: &mut dyn Write,
    passed: usize,
    origin: &Origin,
    before: usize,
    batch: &Batch,
    failure: &FailedRun,
    stopped: Option<&str>,
    kept: Result<(), Error>,
) -> Result<(), Error> {
    let input = batch.render();
    // The input was written to --keep as it was found and shrunk, before this report (a report
    // cut short by `| head` still leaves it); a failure to write it is told after the report,
    // which is never lost for it.
    let mut text = String::new();
    let seed = match origin.generator_seed {
        Some(seed) => format!("the generator's seed {seed}"),
        None => format!("seed {}", options.seed),
    };
    // A wrong answer's verdict names the checker's rule itself.
    text.push_str(&format!("FAIL on {} ({seed}): {}\n", origin.place, failure.verdict));
    if let Some(why) = stopped {
        text.push_str(&format!(
            "shrinking stopped early ({why}): the input below is the smallest failing one found by then\n"
        ));
    }
    if let Some(note) = &failure.note {
        text.push_str(&format!("hint: {note}\n"));
    }
    // A limit stopped the program: what it printed says nothing of how it read the input.
    if !matches!(failure.kind, "TLE" | "MLE" | "OLE") {
        for hint in crate::cause::hints(
            &options.puzzle,
            &input,
            &failure.received,
            failure.exit.as_deref(),
            batch.hostile().as_deref(),
            options.format,
            options.level,
        ) {
            text.push_str(&format!("hint: {hint}\n"));
        }
    }
    if let Some(link) = crate::run::link::study_line(&options.puzzle, &input, &failure.received, &failure.verdict) {
        text.push_str(&format!("study: {link}\n"));
    }
    let noun = noun(&options.puzzle, batch.items.len());
    let shrunk = if before == batch.items.len() && batch.raw.is_some() {
        "as the generator printed it".to_string()
    } else {
        format!("shrunk from {before}")
    };
    // One case: how far from the goal it is, the measure the shrinker made as small as it could.
    let distance = match batch.items.as_slice() {
        [item] => format!(" {}", item.shown_distance()),
        _ => String::new(),
    };
    text.push_str(&format!(
        "input ({} {noun}{distance}, {shrunk}):\n{}expected (the reference's answer):\n{}received:\n{}",
        batch.items.len(),
        visible(&input),
        visible(&batch.expected_output()),
        visible(&failure.received)
    ));
    if let Some(stderr) = &failure.stderr {
        text.push_str("stderr (its last lines):\n");
        for line in stderr.lines() {
            text.push_str(&format!("    {line}\n"));
        }
    }
    if let (Some(path), Ok(())) = (&options.keep, &kept) {
        text.push_str(&format!("input kept in {}\n", judge_oracle::escape(path.as_os_str())));
    }
    text.push_str(&format!("{passed} passed, {} failed", origin.cases));
    if origin.cases > 1 {
        text.push_str(&format!(" ({}, run as one input)", origin.place));
    }
    text.push('\n');
    out.write_all(text.as_bytes()).map_err(Error::Output)?;
    kept
}

/// Checks `--keep FILE` before anything runs, so that a failure found after minutes of running
/// and shrinking is not lost to a path that could never be written: FILE must be neither a folder
/// nor a FIFO (whose writer waits for a reader), and it is created (empty) if missing, or opened
/// for writing if present (left as it is until a failure is kept).
///
/// # Errors
/// [`Error::Keep`] naming why FILE cannot be written.
fn check_keep(path: &Path) -> Result<(), Error> {
    use std::os::unix::fs::FileTypeExt;
    let refuse = |why: &str| {
        Err(Error::Keep(
            path.to_path_buf(),
            io::Error::new(io::ErrorKind::Other, why),
        ))
    };
    if let Ok(meta) = std::fs::metadata(path) {
        if meta.is_dir() {
            return refuse("is a folder, not a file");
        }
        if meta.file_type().is_fifo() {
            return refuse("is a FIFO, not a file");
        }
    }
    match std::fs::OpenOptions::new().append(true).create(true).open(path) {
        Ok(_) => Ok(()),
        Err(error) => Err(Error::Keep(path.to_path_buf(), error)),
    }
}

fn noun(puzzle: &str, count: usize) -> String {
    let noun = match puzzle {
        "eight" => "board",
        "colour-hash" => "configuration",
        _ => "target",
    };
    checker::plural(count as u64, noun)
}
