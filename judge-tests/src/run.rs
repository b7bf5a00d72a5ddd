//! `judge run`: one verdict line per case a judge could send (every case with `--inputs
//! hostile`; AC, WA, PE, RE, TLE, MLE or OLE, with its time and peak memory, like `oj test`),
//! judged as the puzzle's judges judge (the checker at `--checker-level`, the judges' rule by
//! default; `--exact` compares bytes with `<case>.out`), a bounded report under each failure with
//! the hints of [`crate::cause`] and the study page's permalink of the failing case ([`link`]),
//! `--jobs` cases at once and printed in case order, then the answer classes the cases covered
//! ([`classes`]), the limits (a `--judge` preset's, [`crate::judges`], or none's) and `N passed, N
//! failed`.
//!
//! One case's path: [`run`] finds the data folder and selects the cases, then for each case
//! `run_case` reads its files, runs the program ([`runner::run_with`]), judges the output
//! (`judged`: the checker, mapped by [`Verdict::of_check`] as stress maps it) and writes its
//! verdict line and report. The arguments are read by [`crate::cli`]; `judge stress` is
//! [`crate::stress`], built the same way.

pub mod classes;
pub mod link;

use crate::cases::{self, Whitespace};
use crate::cause;
use crate::cli::RunOptions;
use crate::file_io;
use crate::judges;
use crate::runner::{self, Limits, Run, Verdict};
use judge_oracle::{checker, escape};
use std::ffi::OsStr;
use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Why `judge run` stopped before its summary.
#[derive(Debug)]
pub enum Error {
    /// A mistake in the arguments or the setting, a file that cannot be read, a program that
    /// cannot be started, or a case the checker cannot judge: the one line `judge` prints.
    Mistake(String),
    /// Writing the report failed.
    Output(io::Error),
}

impl From<io::Error> for Error {
    fn from(error: io::Error) -> Self {
        Error::Output(error)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Mistake(message) => f.write_str(message),
            Error::Output(error) => write!(f, "cannot write to stdout: {error}"),
        }
    }
}

type Outcome<T> = Result<T, Error>;

fn mistake<T>(message: impl Into<String>) -> Outcome<T> {
    Err(Error::Mistake(message.into()))
}

/// The folder of cases: `--data DIR`, or `judge-tests/data` of the workspace judge runs in.
fn data_folder(explicit: Option<&Path>) -> Outcome<PathBuf> {
    match explicit {
        Some(dir) if dir.is_dir() => Ok(dir.to_path_buf()),
        Some(dir) => mistake(format!("--data {}: not a folder", escape(dir.as_os_str()))),
        None => match crate::find_workspace() {
            Some(root) => Ok(root.join("judge-tests").join("data")),
            None => mistake("no judge-tests/data here: run judge inside the workspace, or pass --data DIR"),
        },
    }
}

/// Whether `dir` holds a `<case>.in` file.
fn holds_cases(dir: &Path) -> bool {
    fs::read_dir(dir).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|entry| entry.path().extension().is_some_and(|ext| ext == "in"))
    })
}

/// The folder of `puzzle`'s cases under `--data DIR`: `DIR/<puzzle>` when there is one (DIR is
/// the parent, as `judge-tests/data` is), else DIR itself when it holds `<case>.in` files (DIR is
/// the puzzle's folder); otherwise the mistake that says which layout `--data` expects.
fn puzzle_folder(data: &Path, puzzle: &str, explicit: bool) -> Outcome<PathBuf> {
    let inside = data.join(puzzle);
    if inside.is_dir() {
        return Ok(inside);
    }
    // Another puzzle's folder is not this one's, whatever it holds.
    let named_other = data
        .file_name()
        .and_then(OsStr::to_str)
        .is_some_and(|name| name != puzzle && checker::PUZZLES.contains(&name));
    if explicit && !named_other && holds_cases(data) {
        return Ok(data.to_path_buf());
    }
    let known = cases::puzzles(data).unwrap_or_default();
    if !explicit {
        return mistake(format!(
            "unknown puzzle '{}' (puzzles: {})",
            escape(OsStr::new(puzzle)),
            known.join(", ")
        ));
    }
    mistake(format!(
        "--data {}: no {puzzle}/ folder and no <case>.in file in it: give the folder of {puzzle}'s \
         cases (<case>.in and <case>.out files) or the folder that holds {puzzle}/ (as \
         judge-tests/data does){}",
        escape(data.as_os_str()),
        if known.is_empty() {
            String::new()
        } else {
            format!(
                "; it holds {}",
                known
                    .iter()
                    .map(|name| format!("{name}/"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
    ))
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
/// send (every case under `--inputs hostile`), in `--format`'s layout; and how many cases no
/// judge sends were left out.
fn select_cases(data: &Path, options: &RunOptions) -> Outcome<(Vec<cases::Case>, usize, Vec<cases::Skipped>)> {
    let folder = puzzle_folder(data, &options.puzzle, options.data.is_some())?;
    let (all, skipped) = cases::discover_in_skipping(&folder, &options.puzzle)
        .or_else(|e| mistake(format!("{}: {e}", options.puzzle)))?;
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
                "{} has no case a judge could send{}: --inputs hostile runs the others",
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
    Ok((selected, left_out, skipped))
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
            match line.to_str() {
                // Every run has a fresh folder for its current one: the files CMD names in
                // this folder are named absolutely.
                Some(text) => command.arg("-c").arg(crate::file_io::absolute_words(text)),
                None => command.arg("-c").arg(line),
            };
            Ok(command)
        }
        None => {
            let binary = crate::binary_path(&options.puzzle);
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
/// RE (the signal by name, through `sh -c` too), TLE, MLE (the limit and whose figure it is, for
/// which language class) or OLE.
fn verdict_line(verdict: Verdict, id: &str, run: &Run, options: &RunOptions) -> String {
    let limits = &options.limits;
    let memory = run.peak_memory.map(runner::format_memory).unwrap_or_else(|| "-".into());
    // CPU time, as the limit counts it (the wall clock where the program was stopped by it).
    let time = run.cpu.unwrap_or(run.elapsed);
    let mut line = format!("{verdict:<3} {id:<40} {:>6} ms {memory:>10}", time.as_millis());
    match verdict {
        Verdict::RuntimeError => line.push_str(&format!(
            "  ({})",
            crate::cause::ended(run, options.command.is_some()).unwrap_or_default()
        )),
        Verdict::MemoryLimitExceeded => {
            let limit = limits.memory.unwrap_or_default() >> 20;
            // The weaker mode is named: it sees only the files the program was seen holding.
            let mode = match run.memory_mode {
                Some(runner::MemoryMode::Proc) => ", counted from /proc: no cgroup",
                _ => "",
            };
            let note = options.rules.limit_note(judges::Limit::Memory);
            let note = note.map(|note| format!(": {note}")).unwrap_or_default();
            line.push_str(&format!("  (limit {limit} MB{note}{mode})"));
        }
        Verdict::TimeLimitExceeded => {
            let limit = limits.time.unwrap_or_default();
            // No CPU time reported: the wall clock stopped a program that waited (it slept).
            let wall = match run.cpu {
                Some(_) => String::new(),
                None => format!(", wall limit {} ms: it waited", runner::wall_limit(limit).as_millis()),
            };
            let note = options.rules.limit_note(judges::Limit::Time);
            let note = note.map(|note| format!(": {note}")).unwrap_or_default();
            line.push_str(&format!("  (limit {} ms{note}{wall})", limit.as_millis()));
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
    let comparison = options
        .rules
        .preset
        .map_or(judges::Comparison::Checker, |preset| preset.comparison);
    let judged = judges::judge_output(&options.puzzle, input, output, answer, options.level, comparison);
    let verdict = match Verdict::of_check(&judged) {
        Ok(verdict) => verdict,
        Err(why) => {
            return mistake(format!(
                "{}: the checker cannot judge this case: {why}",
                case.shown_id()
            ))
        }
    };
    let mut message: String = judged.to_string().chars().take(runner::REPORT_LIMIT).collect();
    // Every answer right, laid out wrong: the presentation error stress names too.
    let verdict = if verdict == Verdict::WrongAnswer
        && crate::cause::only_the_layout(&options.puzzle, input, output, options.level)
    {
        message = crate::cause::as_presentation_error(&message);
        Verdict::PresentationError
    } else {
        verdict
    };
    let report = if verdict == Verdict::Accepted {
        String::new()
    } else {
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
    let shell = options.command.is_some();
    let (outcome, file_note) = file_io::run(&mut command, &input, &options.limits, options.file_io.as_deref())
        .or_else(|e| mistake(format!("cannot run {}: {e}", runner::describe(&command))))?;
    // A command that never started is one error, not a verdict per case.
    if shell {
        if let Some(message) = cause::never_started(&outcome) {
            return mistake(message);
        }
    }
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
    if verdict != Verdict::Accepted {
        if let Some(note) = &file_note {
            report.push_str(&indented(&format!("hint: {note}")));
        }
    }
    // A time, memory or output limit stopped the program: what it printed says nothing of how
    // it read the input.
    let limited = matches!(
        verdict,
        Verdict::TimeLimitExceeded | Verdict::MemoryLimitExceeded | Verdict::OutputLimitExceeded
    );
    if verdict != Verdict::Accepted && !limited {
        let failure = (verdict == Verdict::RuntimeError).then(|| cause::ended(&outcome, shell).unwrap_or_default());
        for hint in cause::hints(
            &options.puzzle,
            &input,
            &outcome.stdout,
            failure.as_deref(),
            case.hostile.as_deref(),
            options.format,
            options.level,
        ) {
            report.push_str(&indented(&format!("hint: {hint}")));
        }
    }
    if verdict == Verdict::RuntimeError && options.limits.memory.is_some() && cause::out_of_memory_like(&outcome, shell)
    {
        let uncapped = Limits {
            memory: None,
            ..options.limits
        };
        let mut again = command_for(options)?;
        let (rerun, _) = file_io::run(&mut again, &input, &uncapped, options.file_io.as_deref())
            .or_else(|e| mistake(format!("cannot run {}: {e}", runner::describe(&again))))?;
        report.push_str(&indented(&format!(
            "hint: {}",
            cause::memory_cap_said(&outcome, &rerun, &options.limits, shell)
        )));
    }
    if verdict != Verdict::Accepted {
        if let Some(link) = link::study_line(&options.puzzle, &input, &outcome.stdout, &report) {
            report.push_str(&indented(&format!("study: {link}")));
        }
    }
    let mut text = verdict_line(verdict, &case.shown_id(), &outcome, options);
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

/// `judge run`: runs and judges the selected cases, writing a verdict line (and a report under a
/// failure) per case in case order, then the summary; `Ok(true)` if every case passed.
///
/// # Errors
/// [`Error::Mistake`] for a mistake in the options or the data (an unknown puzzle or case, a
/// missing program, an unreadable case file, a case the checker cannot judge), before any
/// verdict of the cases after it is written; [`Error::Output`] if `out` cannot be written.
pub fn run(options: &RunOptions, out: &mut dyn Write) -> Outcome<bool> {
    let data = data_folder(options.data.as_deref())?;
    let (selected, left_out, skipped) = select_cases(&data, options)?;
    // A FIFO among the cases would block its read for ever: one line each, before the verdicts.
    for file in &skipped {
        writeln!(out, "{file}")?;
    }
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
    let mut covered = Vec::new();
    for case in &selected {
        covered.extend(classes::classes_of(&options.puzzle, &case.name, &read(&case.input)?));
    }
    covered.sort_unstable();
    covered.dedup();
    if !covered.is_empty() {
        let covered = classes::Covered {
            puzzle: &options.puzzle,
            classes: covered,
        };
        writeln!(out, "answer classes covered: {covered}")?;
    }
    writeln!(out, "{}", judges::limits_line(&options.rules, &options.limits))?;
    // The mode that ran and what it does not guarantee (runner::sandbox).
    writeln!(out, "{}", runner::sandbox().summary())?;
    if left_out > 0 {
        let noun = if left_out == 1 { "case" } else { "cases" };
        writeln!(
            out,
            "{left_out} {noun} no judge sends left out (--inputs hostile runs every case)"
        )?;
    }
    writeln!(out, "{passed} passed, {failed} failed")?;
    Ok(failed == 0)
}
