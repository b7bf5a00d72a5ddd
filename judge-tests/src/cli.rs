//! `judge`'s command line: one parser for every verb (on [`lexopt`]), one [`Command`] for what it
//! asks, and one [`Mistake`] for what is wrong with it. Each verb's help text sits beside its
//! parser, and says every switch that parser takes.
//!
//! Arguments are read as bytes: a path may be any bytes; a name, number or command must be one
//! line of UTF-8, and one that is not is quoted escaped in the mistake's message. `-h` or
//! `--help` anywhere after a verb asks for that verb's help, whatever else is there.

use crate::cases::{Format, Whitespace};
use crate::judges::{self, Preset};
use crate::runner::Limits;
use judge_oracle::checker::{self, Level};
use judge_oracle::escape;
use lexopt::{Arg, Parser};
use std::ffi::{OsStr, OsString};
use std::path::PathBuf;
use std::time::Duration;

/// The overall usage: `judge --help` on stdout, or on stderr with status 2 when `judge` is given
/// nothing.
pub const USAGE: &str = "usage: judge run <puzzle> [CASE...] [--command CMD] [--exact] [--format poj|hdu|uva652] [--inputs judges|hostile] [--checker-level judge|shortest|strict] [--jobs N] [--judge J] [--time-limit MS] [--memory-limit MB] [--data DIR]
       judge check <puzzle> <input> <output> [<answer>] [--checker-level judge|shortest|strict]
       judge stress <puzzle> --command CMD [--generator GEN] [--format poj|hdu|uva652] [--inputs judges|hostile] [--cases N] [--seed S] [--checker-level judge|shortest|strict] [--jobs N] [--judge J] [--time-limit MS] [--memory-limit MB] [--keep FILE]
       judge bundle <puzzle>... [--out DIR]
       judge --help | judge <verb> --help
";

/// The verbs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    /// `judge run`: the judge cases on disk.
    Run,
    /// `judge check`: the testlib-style checker.
    Check,
    /// `judge stress`: seeded random inputs, shrunk on failure.
    Stress,
    /// `judge bundle`: one source file per puzzle.
    Bundle,
}

impl Verb {
    /// The verb as typed.
    pub fn name(self) -> &'static str {
        match self {
            Verb::Run => "run",
            Verb::Check => "check",
            Verb::Stress => "stress",
            Verb::Bundle => "bundle",
        }
    }
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    /// No arguments at all: the usage on stderr, status 2.
    Bare,
    /// A help text for stdout.
    Help(&'static str),
    /// `judge run`.
    Run(RunOptions),
    /// `judge check`.
    Check(CheckOptions),
    /// `judge stress`.
    Stress(StressOptions),
    /// `judge bundle`.
    Bundle(BundleOptions),
}

/// A mistake in the arguments: a one-line message, and the verb it was made in (`judge check`
/// reports its mistakes as a testlib `FAIL` line with status 3, the others on stderr with
/// status 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// The verb, if one was recognised.
    pub verb: Option<Verb>,
    /// What is wrong, ending with where to look (`(see judge run --help)`) where that helps.
    pub message: String,
}

/// Reads `judge`'s arguments (without the program name).
///
/// # Errors
/// A [`Mistake`] naming what is wrong.
pub fn parse(args: Vec<OsString>) -> Result<Command, Mistake> {
    let mut args = args.into_iter();
    let Some(verb) = args.next() else {
        return Ok(Command::Bare);
    };
    let rest: Vec<OsString> = args.collect();
    let verb = match verb.to_str() {
        Some("-h" | "--help") => return Ok(Command::Help(USAGE)),
        Some("run") => Verb::Run,
        Some("check") => Verb::Check,
        Some("stress") => Verb::Stress,
        Some("bundle") => Verb::Bundle,
        _ => {
            return Err(Mistake {
                verb: None,
                message: format!(
                    "unknown verb '{}' (verbs: run, check, stress, bundle; see judge --help)",
                    escape(&verb)
                ),
            })
        }
    };
    let parsed = if rest.iter().any(|arg| arg == "-h" || arg == "--help") {
        Ok(Command::Help(match verb {
            Verb::Run => RUN_HELP,
            Verb::Check => CHECK_HELP,
            Verb::Stress => STRESS_HELP,
            Verb::Bundle => BUNDLE_HELP,
        }))
    } else {
        let mut parser = Parser::from_args(rest);
        match verb {
            Verb::Run => parse_run(&mut parser).map(Command::Run),
            Verb::Check => parse_check(&mut parser).map(Command::Check),
            Verb::Stress => parse_stress(&mut parser).map(Command::Stress),
            Verb::Bundle => parse_bundle(&mut parser).map(Command::Bundle),
        }
    };
    parsed.map_err(|message| Mistake {
        verb: Some(verb),
        message,
    })
}

/// `(see judge <verb> --help)`, the end of most mistakes.
fn see(verb: Verb) -> String {
    format!("(see judge {} --help)", verb.name())
}

/// The next argument, with lexopt's own mistakes (`--exact=x`) said in `judge`'s words.
fn next(parser: &mut Parser, verb: Verb) -> Result<Option<Arg<'_>>, String> {
    parser.next().map_err(|error| match error {
        lexopt::Error::UnexpectedValue { option, .. } => format!("{option} takes no value {}", see(verb)),
        other => format!("{other} {}", see(verb)),
    })
}

/// The value of option `name`, or the mistake that it has none.
fn value(parser: &mut Parser, name: &str, verb: Verb) -> Result<OsString, String> {
    parser
        .value()
        .map_err(|_| format!("{name} needs a value {}", see(verb)))
}

/// An option no verb knows: `unknown option --fast (see judge run --help)`.
fn unknown(arg: &Arg<'_>, verb: Verb) -> String {
    let shown = match arg {
        Arg::Short(letter) => format!("-{letter}"),
        Arg::Long(name) => format!("--{name}"),
        Arg::Value(value) => escape(value),
    };
    format!("unknown option {} {}", escape(OsStr::new(&shown)), see(verb))
}

/// An argument as one line of UTF-8 text, or the mistake quoting it escaped.
fn text(arg: &OsStr) -> Result<String, String> {
    match arg.to_str() {
        Some(text) if !text.contains(['\n', '\r']) => Ok(text.to_string()),
        _ => Err(format!("argument '{}' is not a one-line UTF-8 text", escape(arg))),
    }
}

/// A number, or `{name}: '{value}' is not {what}`.
fn number(value: &OsStr, name: &str, what: &str) -> Result<u64, String> {
    value
        .to_str()
        .and_then(|text| text.parse().ok())
        .ok_or_else(|| format!("{name}: '{}' is not {what}", escape(value)))
}

/// `--time-limit MS` as a duration.
fn time_limit(parser: &mut Parser, verb: Verb) -> Result<Duration, String> {
    let ms = number(&value(parser, "--time-limit", verb)?, "--time-limit", "a number of ms")?;
    Ok(Duration::from_millis(ms))
}

/// `--memory-limit MB` in bytes (MB = 2^20 bytes, as judges count), 1 MB to 1 PB.
fn memory_limit(parser: &mut Parser, verb: Verb) -> Result<u64, String> {
    let mb = number(
        &value(parser, "--memory-limit", verb)?,
        "--memory-limit",
        "a number of MB",
    )?;
    if mb == 0 || mb > 1 << 30 {
        return Err(format!("--memory-limit: {mb} MB is out of range"));
    }
    Ok(mb << 20)
}

/// The checker level so far and the switch that set it: two different levels are a mistake.
#[derive(Default)]
struct LevelChoice(Option<(Level, String)>);

impl LevelChoice {
    fn set(&mut self, level: Level, switch: &str, verb: Verb) -> Result<(), String> {
        match &self.0 {
            Some((chosen, earlier)) if *chosen != level => {
                Err(format!("{earlier} and {switch} exclude each other {}", see(verb)))
            }
            _ => {
                self.0 = Some((level, switch.to_string()));
                Ok(())
            }
        }
    }

    fn level(&self) -> Level {
        self.0.as_ref().map_or(Level::Judge, |(level, _)| *level)
    }

    /// Reads `--checker-level L`'s value (`--shortest` and `--strict` are its shorthands, every
    /// verb reading them with [`LevelChoice::set`]).
    fn named(&mut self, parser: &mut Parser, verb: Verb) -> Result<(), String> {
        let name = text(&value(parser, "--checker-level", verb)?)?;
        let chosen = name.parse().map_err(|why| format!("--checker-level: {why}"))?;
        self.set(chosen, &format!("--checker-level {name}"), verb)
    }
}

/// `--jobs N`: how many programs run at once, at least 1.
fn jobs(parser: &mut Parser, verb: Verb) -> Result<usize, String> {
    let jobs = number(&value(parser, "--jobs", verb)?, "--jobs", "a number of jobs")?;
    if jobs == 0 || jobs > 1024 {
        return Err(format!("--jobs: {jobs} is out of range (1 to 1024)"));
    }
    Ok(jobs as usize)
}

/// `--inputs judges|hostile`, or its old name `--whitespace plain|hostile` (kept working: it
/// was named when the hostile cases were whitespace only; they now also hold empty inputs and
/// configurations that are not the puzzle's). Either name takes either word for the judges' kind.
fn whitespace(parser: &mut Parser, verb: Verb, switch: &str) -> Result<Whitespace, String> {
    let word = text(&value(parser, switch, verb)?)?;
    match word.as_str() {
        "judges" => Ok(Whitespace::Plain),
        _ if switch == "--inputs" => word
            .parse()
            .map_err(|_| format!("--inputs: '{}' is not judges or hostile", escape(OsStr::new(&word)))),
        _ => word.parse().map_err(|why| format!("--whitespace: {why}")),
    }
}

/// `--format` for a puzzle: eight has three layouts, the others one.
fn format_for(puzzle: &str, format: Option<Format>) -> Result<Option<Format>, String> {
    match format {
        Some(format) if puzzle != "eight" => Err(format!(
            "--format {format}: {puzzle} has one input layout; --format chooses among eight's (poj, hdu, uva652)"
        )),
        other => Ok(other),
    }
}

/// A preset's layout, unless `--format` chose another: then the mistake.
fn preset_format(preset: &Preset, format: Option<Format>) -> Result<Option<Format>, String> {
    match (preset.format, format) {
        (Some(own), Some(chosen)) if own != chosen => Err(format!(
            "--judge {} reads the {own} layout: --format {chosen} is another judge's",
            preset.name
        )),
        (own, chosen) => Ok(own.or(chosen)),
    }
}

/// The help of `judge run`.
pub const RUN_HELP: &str = "usage: judge run <puzzle> [CASE...] [options]
Runs the puzzle's judge cases (judge-tests/data/<puzzle>/<case>.in) and judges each output as the
puzzle's judges do: a verdict per case (AC, WA, PE, RE, TLE, MLE or OLE) with its time and peak
memory, then `N passed, N failed`; exit status 1 if any case failed.
  CASE...            only these cases (default: every case a judge could send)
  --command CMD      judge `sh -c CMD` instead of target/release/<puzzle>
  --format F         eight: only the cases in one judge's layout: poj (one board), hdu (boards
                     until the end of the input) or uva652 (a count, then the boards)
  --inputs I         judges (default: only the cases a judge could send: its layout, single
                     spaces, valid configurations) or hostile (every case: tabs, CRLF, one token
                     a line, no spaces, empty inputs, configurations that are not the puzzle's);
                     --whitespace plain|hostile is its old name
  --checker-level L  judge (default: what the puzzle's judges accept), shortest (a shortest
                     answer) or strict (the canonical answer, the one <case>.out holds)
  --shortest         the same as --checker-level shortest
  --strict           the same as --checker-level strict
  --exact            compare bytes with <case>.out instead (and say if the judges would accept)
  --jobs N           run N cases at once (default: the number of cores); the same verdicts in
                     the same order
  --judge J          a real judge's layout, time and memory limits and checker level: poj, hdu,
                     zoj, uva (eight's 652, Colour Hash's 704), usaco or luogu (msquare); an
                     explicit --time-limit or --memory-limit wins (see docs/judge.md for sources)
  --time-limit MS    CPU time per case, the program's whole tree (default 10000; the wall clock
                     is limited at 3x that per core's worth of jobs, plus 1 s); then it is killed
  --memory-limit MB  peak memory per case, in MiB, memfds and tmpfs files included (default:
                     none, but measured)
  --data DIR         the folder of cases (default: judge-tests/data of the workspace judge runs in)
  -h, --help         this help
";

/// What `judge stress` was asked to do.
#[derive(Clone, Debug)]
pub struct StressOptions {
    /// The puzzle.
    pub puzzle: String,
    /// The program under test, run with `sh -c`.
    pub command: String,
    /// How many cases (boards, configurations, targets), or with a generator how many inputs.
    pub cases: usize,
    /// The generator's seed.
    pub seed: u64,
    /// The checker level.
    pub level: Level,
    /// Where to write the shrunk failing input.
    pub keep: Option<PathBuf>,
    /// The time limit per run.
    pub time_limit: Duration,
    /// The peak resident memory allowed per run, in bytes (`--memory-limit MB`).
    pub memory_limit: Option<u64>,
    /// eight: only this layout (all three in turn when `None`).
    pub format: Option<Format>,
    /// The whitespace of generated inputs.
    pub whitespace: Whitespace,
    /// A user's generator, run with `sh -c 'GEN SEED'` once per input.
    pub generator: Option<String>,
    /// How many programs run at once.
    pub jobs: usize,
    /// `--judge NAME`: the real judge whose layout, limits and checker level the run takes.
    pub preset: Option<&'static crate::judges::Preset>,
}

/// What `judge run` was asked to do.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The puzzle.
    pub puzzle: String,
    /// Only these cases (all when empty).
    pub only: Vec<String>,
    /// The program, run with `sh -c`; the puzzle's release binary when `None`.
    pub command: Option<OsString>,
    /// The limits of each run.
    pub limits: Limits,
    /// Compare bytes with `<case>.out` instead of judging with the checker.
    pub exact: bool,
    /// The checker's level.
    pub level: Level,
    /// eight: only the cases in this layout.
    pub format: Option<Format>,
    /// Only the cases a judge could send, or every case.
    pub whitespace: Whitespace,
    /// How many cases run at once.
    pub jobs: usize,
    /// The folder of cases.
    pub data: Option<PathBuf>,
    /// `--judge NAME`: the real judge whose layout, limits and checker level the run takes.
    pub preset: Option<&'static Preset>,
}

fn parse_run(parser: &mut Parser) -> Result<RunOptions, String> {
    const VERB: Verb = Verb::Run;
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
        exact: false,
        level: Level::Judge,
        format: None,
        whitespace: Whitespace::Plain,
        jobs: crate::runner::default_jobs(),
        data: None,
        preset: None,
    };
    let mut level = LevelChoice::default();
    let mut exact = false;
    let mut judge = None;
    let (mut time_given, mut memory_given) = (false, false);
    while let Some(arg) = next(parser, VERB)? {
        match arg {
            Arg::Long("checker-level") => level.named(parser, VERB)?,
            Arg::Long("shortest") => level.set(Level::Shortest, "--shortest", VERB)?,
            Arg::Long("strict") => level.set(Level::Strict, "--strict", VERB)?,
            Arg::Long("command") => options.command = Some(value(parser, "--command", VERB)?),
            Arg::Long("data") => options.data = Some(PathBuf::from(value(parser, "--data", VERB)?)),
            Arg::Long("time-limit") => {
                options.limits.time = Some(time_limit(parser, VERB)?);
                time_given = true;
            }
            Arg::Long("memory-limit") => {
                options.limits.memory = Some(memory_limit(parser, VERB)?);
                memory_given = true;
            }
            Arg::Long("format") => {
                let format = text(&value(parser, "--format", VERB)?)?;
                options.format = Some(format.parse().map_err(|why| format!("--format: {why}"))?);
            }
            Arg::Long("judge") => judge = Some(text(&value(parser, "--judge", VERB)?)?),
            Arg::Long("exact") => exact = true,
            Arg::Long("inputs") => options.whitespace = whitespace(parser, VERB, "--inputs")?,
            Arg::Long("whitespace") => options.whitespace = whitespace(parser, VERB, "--whitespace")?,
            Arg::Long("jobs") => options.jobs = jobs(parser, VERB)?,
            Arg::Value(name) if options.puzzle.is_empty() => options.puzzle = text(&name)?,
            Arg::Value(name) => options.only.push(text(&name)?),
            other => return Err(unknown(&other, VERB)),
        }
    }
    if options.puzzle.is_empty() {
        return Err(format!("which puzzle? {}", see(VERB)));
    }
    if exact && level.0.is_some() {
        return Err(format!(
            "--exact compares bytes: {} is a checker level {}",
            level.0.map(|(_, switch)| switch).unwrap_or_default(),
            see(VERB)
        ));
    }
    options.exact = exact;
    if let Some(name) = judge {
        let preset = judges::preset(&name, &options.puzzle)?;
        options.format = preset_format(preset, options.format)?;
        let (time, memory) = preset.limits();
        if !time_given {
            options.limits.time = Some(time);
        }
        if !memory_given {
            options.limits.memory = Some(memory);
        }
        if level.0.is_none() && !exact {
            level.0 = Some((preset.level, format!("--judge {name}")));
        }
        options.preset = Some(preset);
    }
    options.level = level.level();
    options.format = format_for(&options.puzzle, options.format)?;
    Ok(options)
}

/// The help of `judge check`.
pub const CHECK_HELP: &str = "usage: judge check <puzzle> <input> <output> [<answer>] [--checker-level L]
Judges <output> for <input> with the puzzle's checker (testlib style), the jury's <answer> first.
Exit status: 0 ok, 1 wrong answer, 2 presentation error, 3 fail (bad input, jury answer or arguments).
  --checker-level L  judge (default: the rule the puzzle's judges apply; eight: any solving
                     sequence), shortest (a shortest answer) or strict (the canonical answer;
                     eight: the smallest shortest in u<l<d<r order)
  --shortest         the same as --checker-level shortest
  --strict           the same as --checker-level strict
  -h, --help         this help
";

/// What `judge check` was asked to do.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// The puzzle, one of [`checker::PUZZLES`].
    pub puzzle: String,
    /// The input file.
    pub input: PathBuf,
    /// The output under test.
    pub output: PathBuf,
    /// The jury's answer, checked first.
    pub answer: Option<PathBuf>,
    /// The checker's level.
    pub level: Level,
}

fn parse_check(parser: &mut Parser) -> Result<CheckOptions, String> {
    const VERB: Verb = Verb::Check;
    let mut level = LevelChoice::default();
    let mut positional: Vec<OsString> = Vec::new();
    while let Some(arg) = next(parser, VERB)? {
        match arg {
            Arg::Long("checker-level") => level.named(parser, VERB)?,
            Arg::Long("shortest") => level.set(Level::Shortest, "--shortest", VERB)?,
            Arg::Long("strict") => level.set(Level::Strict, "--strict", VERB)?,
            Arg::Value(value) => positional.push(value),
            other => return Err(unknown(&other, VERB)),
        }
    }
    if !(3..=4).contains(&positional.len()) {
        return Err(format!(
            "bad arguments: want <puzzle> <input> <output> [<answer>] {}",
            see(VERB)
        ));
    }
    let mut positional = positional.into_iter();
    let puzzle = positional.next().expect("three");
    let Some(puzzle) = checker::PUZZLES.iter().find(|known| puzzle == **known) else {
        return Err(format!(
            "unknown puzzle '{}' (puzzles: {})",
            escape(&puzzle),
            checker::PUZZLES.join(", ")
        ));
    };
    Ok(CheckOptions {
        puzzle: puzzle.to_string(),
        input: positional.next().expect("three").into(),
        output: positional.next().expect("three").into(),
        answer: positional.next().map(PathBuf::from),
        level: level.level(),
    })
}

/// The help of `judge stress`.
pub const STRESS_HELP: &str = "usage: judge stress <puzzle> --command CMD [options]
Runs CMD (with `sh -c`) on seeded random inputs that cover every answer length and kind, in the
layouts the puzzle's judges use, and judges each answer with the checker. On a failure it shrinks
the input until every case in it matters, keeps it (--keep), prints it with the expected and the
received output, and exits 1; else `N passed, 0 failed`.
  --command CMD      the program under test
  --generator GEN    make each input with `sh -c 'GEN SEED'` instead (one input a run, SEED a
                     number from --seed); an input that is not the puzzle's is GEN's fault: status 2
  --format F         eight: only one judge's layout: poj (one board an input, as POJ runs it), hdu
                     (one board a line until the end of the input) or uva652 (a count, then the
                     boards with empty lines); default: all three in turn
  --inputs I         judges (default: single spaces and valid configurations, as judges' data
                     are; --whitespace plain|hostile is its old name) or hostile (tabs, CRLF, one token a line, no spaces, \\v and \\f,
                     random runs of whitespace, configurations that are not the puzzle's)
  --cases N          how many boards, configurations or targets (default 1000)
  --seed S           the generator's seed (default 1): the same seed gives the same inputs
  --checker-level L  judge (default: what the puzzle's judges accept), shortest (shortest
                     answers) or strict (the canonical answers)
  --shortest         the same as --checker-level shortest
  --strict           the same as --checker-level strict
  --jobs N           run N programs at once (default: the number of cores); the same report
  --judge J          a real judge's layout, limits and checker level, as judge run's --judge
  --time-limit MS    CPU time per run (default 10000)
  --memory-limit MB  peak memory per run (MLE beyond it)
  --keep FILE        write the shrunk failing input to FILE (before the report is printed)
  -h, --help         this help
";

fn parse_stress(parser: &mut Parser) -> Result<StressOptions, String> {
    const VERB: Verb = Verb::Stress;
    let mut options = StressOptions {
        puzzle: String::new(),
        command: String::new(),
        cases: 1000,
        seed: 1,
        level: Level::Judge,
        keep: None,
        time_limit: Duration::from_secs(10),
        memory_limit: None,
        format: None,
        whitespace: Whitespace::Plain,
        generator: None,
        jobs: crate::runner::default_jobs(),
        preset: None,
    };
    let mut level = LevelChoice::default();
    let mut judge = None;
    let (mut time_given, mut memory_given) = (false, false);
    while let Some(arg) = next(parser, VERB)? {
        match arg {
            Arg::Long("checker-level") => level.named(parser, VERB)?,
            Arg::Long("shortest") => level.set(Level::Shortest, "--shortest", VERB)?,
            Arg::Long("strict") => level.set(Level::Strict, "--strict", VERB)?,
            Arg::Long("command") => options.command = text(&value(parser, "--command", VERB)?)?,
            Arg::Long("generator") => options.generator = Some(text(&value(parser, "--generator", VERB)?)?),
            Arg::Long("cases") => {
                let cases = number(&value(parser, "--cases", VERB)?, "--cases", "a number of cases")?;
                options.cases = usize::try_from(cases).map_err(|_| format!("--cases: {cases} is too many"))?;
            }
            Arg::Long("seed") => options.seed = number(&value(parser, "--seed", VERB)?, "--seed", "a number")?,
            Arg::Long("jobs") => options.jobs = jobs(parser, VERB)?,
            Arg::Long("keep") => options.keep = Some(PathBuf::from(value(parser, "--keep", VERB)?)),
            Arg::Long("time-limit") => {
                options.time_limit = time_limit(parser, VERB)?;
                time_given = true;
            }
            Arg::Long("memory-limit") => {
                options.memory_limit = Some(memory_limit(parser, VERB)?);
                memory_given = true;
            }
            Arg::Long("judge") => judge = Some(text(&value(parser, "--judge", VERB)?)?),
            Arg::Long("format") => {
                let format = text(&value(parser, "--format", VERB)?)?;
                options.format = Some(format.parse().map_err(|why| format!("--format: {why}"))?);
            }
            Arg::Long("inputs") => options.whitespace = whitespace(parser, VERB, "--inputs")?,
            Arg::Long("whitespace") => options.whitespace = whitespace(parser, VERB, "--whitespace")?,
            Arg::Value(name) if options.puzzle.is_empty() => options.puzzle = text(&name)?,
            Arg::Value(extra) => {
                return Err(format!(
                    "unexpected argument '{}': stress takes one puzzle {}",
                    escape(&extra),
                    see(VERB)
                ))
            }
            other => return Err(unknown(&other, VERB)),
        }
    }
    if options.puzzle.is_empty() {
        return Err(format!("which puzzle? {}", see(VERB)));
    }
    if !checker::PUZZLES.contains(&options.puzzle.as_str()) {
        return Err(format!(
            "unknown puzzle '{}' (puzzles: {})",
            options.puzzle,
            checker::PUZZLES.join(", ")
        ));
    }
    if options.command.is_empty() {
        return Err(format!(
            "stress needs --command CMD, the program under test {}",
            see(VERB)
        ));
    }
    if let Some(name) = judge {
        let preset = judges::preset(&name, &options.puzzle)?;
        options.format = preset_format(preset, options.format)?;
        let (time, memory) = preset.limits();
        if !time_given {
            options.time_limit = time;
        }
        if !memory_given {
            options.memory_limit = Some(memory);
        }
        if level.0.is_none() {
            level.0 = Some((preset.level, format!("--judge {name}")));
        }
        options.preset = Some(preset);
    }
    options.level = level.level();
    options.format = format_for(&options.puzzle, options.format)?;
    Ok(options)
}

/// The help of `judge bundle`.
pub const BUNDLE_HELP: &str = "usage: judge bundle <puzzle>... [--out DIR]
Writes each puzzle as one std-only source file: DIR/<puzzle>.rs, and beside it the plain
program DIR/<puzzle>-plain.rs (docs kept, at most 16,000 bytes); or the first to stdout for one puzzle.
  --out DIR          the folder to write into
  -h, --help         this help
";

/// What `judge bundle` was asked to do.
#[derive(Clone, Debug)]
pub struct BundleOptions {
    /// The puzzles to bundle.
    pub puzzles: Vec<String>,
    /// The folder to write into; stdout (for one puzzle) when `None`.
    pub out: Option<PathBuf>,
}

fn parse_bundle(parser: &mut Parser) -> Result<BundleOptions, String> {
    const VERB: Verb = Verb::Bundle;
    let mut options = BundleOptions {
        puzzles: Vec::new(),
        out: None,
    };
    while let Some(arg) = next(parser, VERB)? {
        match arg {
            Arg::Long("out") => {
                let dir = parser
                    .value()
                    .map_err(|_| format!("--out needs a folder {}", see(VERB)))?;
                options.out = Some(PathBuf::from(dir));
            }
            Arg::Value(puzzle) => options.puzzles.push(text(&puzzle)?),
            other => return Err(unknown(&other, VERB)),
        }
    }
    if options.puzzles.is_empty() {
        return Err(format!("which puzzle? {}", see(VERB)));
    }
    if options.out.is_none() && options.puzzles.len() > 1 {
        return Err("more than one puzzle needs --out DIR".into());
    }
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(line: &str) -> Result<Command, Mistake> {
        parse(line.split(' ').map(OsString::from).collect())
    }

    fn mistake(line: &str) -> String {
        match parsed(line) {
            Err(mistake) => mistake.message,
            Ok(command) => panic!("{line}: {command:?}"),
        }
    }

    #[test]
    fn each_verb_reads_its_switches() {
        let Ok(Command::Run(run)) = parsed("run eight a b --exact --format uva652 --time-limit 5") else {
            panic!("run")
        };
        assert_eq!((run.only.len(), run.exact, run.format), (2, true, Some(Format::Uva652)));
        assert_eq!(run.limits.time, Some(Duration::from_millis(5)));
        let Ok(Command::Stress(stress)) =
            parsed("stress eight --command cat --cases 5 --seed 9 --shortest --keep k --whitespace hostile")
        else {
            panic!("stress")
        };
        assert_eq!((stress.cases, stress.seed, stress.level), (5, 9, Level::Shortest));
        assert_eq!(stress.whitespace, Whitespace::Hostile);
        let Ok(Command::Stress(stress)) = parsed("stress msquare --command=cat --checker-level strict") else {
            panic!("stress")
        };
        assert_eq!((stress.command.as_str(), stress.level), ("cat", Level::Strict));
        let Ok(Command::Check(check)) = parsed("check eight in out answer --strict") else {
            panic!("check")
        };
        assert_eq!((check.answer.is_some(), check.level), (true, Level::Strict));
        assert!(matches!(parsed("stress --help"), Ok(Command::Help(STRESS_HELP))));
        // The same level and jobs switches on run and stress; hostile cases only when asked.
        let Ok(Command::Run(run)) = parsed("run eight --checker-level shortest --jobs 3") else {
            panic!("run")
        };
        assert_eq!(
            (run.level, run.jobs, run.whitespace),
            (Level::Shortest, 3, Whitespace::Plain)
        );
        assert!(run.jobs >= 1);
        let Ok(Command::Run(run)) = parsed("run eight --strict --whitespace hostile") else {
            panic!("run")
        };
        assert_eq!((run.level, run.whitespace), (Level::Strict, Whitespace::Hostile));
        let Ok(Command::Stress(stress)) = parsed("stress eight --command cat --jobs 1") else {
            panic!("stress")
        };
        assert_eq!((stress.jobs, stress.level), (1, Level::Judge));
        let Ok(Command::Check(check)) = parsed("check eight in out --checker-level shortest") else {
            panic!("check")
        };
        assert_eq!(check.level, Level::Shortest);
    }

    #[test]
    fn a_judge_preset_sets_the_layout_limits_and_level_unless_told_otherwise() {
        let Ok(Command::Run(run)) = parsed("run eight --judge poj") else {
            panic!("run")
        };
        assert_eq!(run.format, Some(Format::Poj));
        assert_eq!(run.limits.time, Some(Duration::from_millis(1000)));
        assert_eq!(run.limits.memory, Some(64 << 20));
        assert_eq!(run.preset.map(|preset| preset.judge), Some("POJ 1077"));
        let Ok(Command::Run(run)) = parsed("run eight --time-limit 50 --judge hdu --strict") else {
            panic!("run")
        };
        assert_eq!(
            (run.limits.time, run.format, run.level),
            (Some(Duration::from_millis(50)), Some(Format::Hdu), Level::Strict)
        );
        let Ok(Command::Stress(stress)) = parsed("stress colour-hash --command cat --judge uva") else {
            panic!("stress")
        };
        assert_eq!(
            (stress.time_limit, stress.memory_limit),
            (Duration::from_millis(3000), Some(128 << 20))
        );
        assert_eq!(
            mistake("run eight --judge poj --format hdu"),
            "--judge poj reads the poj layout: --format hdu is another judge's"
        );
        assert_eq!(
            mistake("run msquare --judge hdu"),
            "--judge hdu: that judge has no msquare problem (msquare's judges: usaco, luogu)"
        );
        // --inputs, and --whitespace, its old name, with either word for the judges' kind.
        for line in ["run eight --inputs hostile", "run eight --whitespace hostile"] {
            let Ok(Command::Run(run)) = parsed(line) else {
                panic!("{line}")
            };
            assert_eq!(run.whitespace, Whitespace::Hostile);
        }
        let Ok(Command::Run(run)) = parsed("run eight --whitespace hostile --inputs judges") else {
            panic!("run")
        };
        assert_eq!(run.whitespace, Whitespace::Plain);
        assert_eq!(
            mistake("run eight --inputs odd"),
            "--inputs: 'odd' is not judges or hostile"
        );
    }

    #[test]
    fn mistakes_say_what_is_wrong() {
        assert_eq!(
            mistake("run eight --exact --strict"),
            "--exact compares bytes: --strict is a checker level (see judge run --help)"
        );
        assert_eq!(
            mistake("run eight --strict --shortest"),
            "--strict and --shortest exclude each other (see judge run --help)"
        );
        assert_eq!(
            mistake("run eight --checker-level strict --shortest"),
            "--checker-level strict and --shortest exclude each other (see judge run --help)"
        );
        assert_eq!(
            mistake("run eight --exact --checker-level judge"),
            "--exact compares bytes: --checker-level judge is a checker level (see judge run --help)"
        );
        assert_eq!(
            mistake("run eight --checker"),
            "unknown option --checker (see judge run --help)"
        );
        assert_eq!(mistake("run eight --jobs 0"), "--jobs: 0 is out of range (1 to 1024)");
        assert_eq!(
            mistake("stress eight --command cat --jobs two"),
            "--jobs: 'two' is not a number of jobs"
        );
        assert_eq!(
            mistake("run eight --whitespace tabs"),
            "--whitespace: 'tabs' is not plain or hostile"
        );
        assert_eq!(
            mistake("run msquare --format poj"),
            "--format poj: msquare has one input layout; --format chooses among eight's (poj, hdu, uva652)"
        );
        assert_eq!(
            mistake("run eight --format zoj"),
            "--format: unknown format 'zoj' (poj, hdu, uva652)"
        );
        assert_eq!(
            mistake("run eight --exact=1"),
            "--exact takes no value (see judge run --help)"
        );
        assert_eq!(
            mistake("stress eight"),
            "stress needs --command CMD, the program under test (see judge stress --help)"
        );
        assert_eq!(
            mistake("stress nine --command cat"),
            "unknown puzzle 'nine' (puzzles: msquare, eight, colour-hash)"
        );
        assert_eq!(
            mistake("stress eight --command cat --checker-level lax"),
            "--checker-level: unknown checker level 'lax' (judge, shortest, strict)"
        );
        assert_eq!(
            mistake("stress eight --command cat --cases many"),
            "--cases: 'many' is not a number of cases"
        );
        assert_eq!(
            mistake("stress eight --command cat --whitespace odd"),
            "--whitespace: 'odd' is not plain or hostile"
        );
        assert_eq!(
            mistake("bundle eight --out"),
            "--out needs a folder (see judge bundle --help)"
        );
        assert_eq!(
            parsed("check eight a").unwrap_err(),
            Mistake {
                verb: Some(Verb::Check),
                message: "bad arguments: want <puzzle> <input> <output> [<answer>] (see judge check --help)".into()
            }
        );
    }
}
