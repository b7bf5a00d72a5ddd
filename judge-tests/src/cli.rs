//! `judge`'s command line: one parser for every verb (on [`lexopt`]), one [`Command`] for what it
//! asks, and one [`Mistake`] for what is wrong with it.
//!
//! Each switch is defined once, in `SWITCHES`: its name, its value, its help and the verbs that
//! take it. The switches `run` and `stress` share (`--command`, `--format`, `--inputs`,
//! `--checker-level`, `--jobs`, `--judge`, `--lang`, `--time-limit`, `--memory-limit`,
//! `--file-io`) are read by one function, `SharedSwitches::take`, into one [`Shared`], whatever
//! the verb; each verb's help is generated from the table ([`help`]), so it says every switch its
//! parser takes and no other.
//!
//! Arguments are read as bytes: a path may be any bytes; a name, number or command must be one
//! line of UTF-8, and one that is not is quoted escaped in the mistake's message. `-h` or
//! `--help` anywhere after a verb asks for that verb's help, whatever else is there.

use crate::cases::{Format, Whitespace};
use crate::judges::{self, Lang, Preset, Rules};
use crate::runner::Limits;
use judge_oracle::checker::{self, Level};
use judge_oracle::escape;
use lexopt::{Arg, Parser};
use std::ffi::{OsStr, OsString};
use std::path::PathBuf;
use std::time::Duration;

/// The overall usage: `judge --help` on stdout, or on stderr with status 2 when `judge` is given
/// nothing.
pub const USAGE: &str =
    "usage: judge run <puzzle> [CASE...] [options]      the judge cases, judged as the puzzle's judges do
       judge check <puzzle> <input> <output> [<answer>] [--checker-level L]
       judge stress <puzzle> --command CMD [options]   random inputs, a failure shrunk to the easiest case
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
    /// A help text for stdout: the overall usage, or a verb's help (`judge check`'s is written
    /// with testlib's statuses).
    Help(Option<Verb>, String),
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
        Some("-h" | "--help") => return Ok(Command::Help(None, USAGE.to_string())),
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
        Ok(Command::Help(Some(verb), help(verb)))
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

/// One argument, owned, so that the parser may be asked for its value while it is looked at.
enum Owned {
    /// `--name`.
    Long(String),
    /// `-x`.
    Short(char),
    /// A value: a puzzle, a case, a file.
    Value(OsString),
}

/// The next argument, with lexopt's own mistakes (`--exact=x`) said in `judge`'s words.
fn next(parser: &mut Parser, verb: Verb) -> Result<Option<Owned>, String> {
    let arg = parser.next().map_err(|error| match error {
        lexopt::Error::UnexpectedValue { option, .. } => format!("{option} takes no value {}", see(verb)),
        other => format!("{other} {}", see(verb)),
    })?;
    Ok(arg.map(|arg| match arg {
        Arg::Long(name) => Owned::Long(name.to_string()),
        Arg::Short(letter) => Owned::Short(letter),
        Arg::Value(value) => Owned::Value(value),
    }))
}

/// The value of option `name`, or the mistake that it has none.
fn value(parser: &mut Parser, name: &str, verb: Verb) -> Result<OsString, String> {
    parser
        .value()
        .map_err(|_| format!("{name} needs a value {}", see(verb)))
}

/// An option no verb knows: `unknown option --fast (see judge run --help)`.
fn unknown(arg: &Owned, verb: Verb) -> String {
    let shown = match arg {
        Owned::Short(letter) => format!("-{letter}"),
        Owned::Long(name) => format!("--{name}"),
        Owned::Value(value) => escape(value),
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

/// One switch: its name and value as the help shows them, its help, and the verbs that take it.
struct Switch {
    /// `--time-limit MS`.
    shown: &'static str,
    /// What it does, one sentence or a few, wrapped by [`help`].
    help: &'static str,
    /// The verbs whose parser takes it.
    verbs: &'static [Verb],
}

const RUN_STRESS: &[Verb] = &[Verb::Run, Verb::Stress];

/// Every switch of every verb, each defined once: [`help`] lists a verb's from here, and the
/// parsers read exactly these (`every_switch_in_the_help_is_read_by_its_verb` holds them to it).
const SWITCHES: &[Switch] = &[
    Switch {
        shown: "--command CMD",
        help: "the program under test, run with `sh -c CMD` (run: default target/release/<puzzle>; stress: required)",
        verbs: RUN_STRESS,
    },
    Switch {
        shown: "--lang L",
        help: "the language class whose figures a --judge preset takes, where the judge states two: c++ \
               (C/C++, any compiled program) or other (Java/Others: python, java, ...); default: read from --command",
        verbs: RUN_STRESS,
    },
    Switch {
        shown: "--judge J",
        help: "a real judge's layout, time and memory limits (for the language class), checker level, verdicts \
               and comparison: poj, hdu, zoj, uva (eight's 652, Colour Hash's 704), usaco or luogu (msquare), in \
               any case; an explicit --time-limit, --memory-limit, --format or --checker-level wins (sources: \
               docs/judge.md)",
        verbs: RUN_STRESS,
    },
    Switch {
        shown: "--format F",
        help: "eight: only one judge's layout: poj (one board an input), hdu (boards until the end of the input) \
               or uva652 (a count, then the boards with empty lines); stress's default: all three in turn",
        verbs: RUN_STRESS,
    },
    Switch {
        shown: "--inputs I",
        help: "judges (default: only inputs a judge could send: its layout, single spaces, valid configurations) \
               or hostile (also tabs, CRLF, one token a line, no spaces, empty inputs, configurations that are not \
               the puzzle's)",
        verbs: RUN_STRESS,
    },
    Switch {
        shown: "--checker-level L",
        help: "judge (default: what the puzzle's judges accept), shortest (a shortest answer) or strict (the \
               canonical answer: eight's smallest shortest in u<l<d<r order, the one <case>.out holds)",
        verbs: &[Verb::Run, Verb::Stress, Verb::Check],
    },
    Switch {
        shown: "--exact",
        help: "compare bytes with <case>.out instead (and say if the judges would accept)",
        verbs: &[Verb::Run],
    },
    Switch {
        shown: "--jobs N",
        help: "run N programs at once (default: the number of cores); the same verdicts in the same order",
        verbs: RUN_STRESS,
    },
    Switch {
        shown: "--time-limit MS",
        help: "CPU time per run, the program's whole tree (default 10000, or the --judge preset's); the wall \
               clock is limited at 3x that per core's worth of jobs, plus 1 s",
        verbs: RUN_STRESS,
    },
    Switch {
        shown: "--memory-limit MB",
        help: "peak memory per run, in MiB, memfds and tmpfs files included (default: none, or the --judge \
               preset's; always measured)",
        verbs: RUN_STRESS,
    },
    Switch {
        shown: "--file-io NAME",
        help: "USACO's file I/O: each run in a fresh folder of its own holding NAME.in, its answer read from \
               NAME.out (--judge usaco sets --file-io msquare for a --command)",
        verbs: RUN_STRESS,
    },
    Switch {
        shown: "--data DIR",
        help: "the folder of cases (default: judge-tests/data of the workspace judge runs in)",
        verbs: &[Verb::Run],
    },
    Switch {
        shown: "--generator GEN",
        help: "make each input with `sh -c 'GEN SEED'` instead (one input a run, SEED a number from --seed); an \
               input that is not the puzzle's is GEN's fault: status 2",
        verbs: &[Verb::Stress],
    },
    Switch {
        shown: "--cases N",
        help: "how many boards, configurations or targets (default 1000)",
        verbs: &[Verb::Stress],
    },
    Switch {
        shown: "--seed S",
        help: "the generator's seed (default 1): the same seed gives the same inputs",
        verbs: &[Verb::Stress],
    },
    Switch {
        shown: "--time-budget S",
        help: "stop after S seconds of running and shrinking (default 600), keeping the best failing input found \
               so far, as on Ctrl-C or SIGTERM",
        verbs: &[Verb::Stress],
    },
    Switch {
        shown: "--keep FILE",
        help: "write the failing input to FILE, each time shrinking makes it smaller (so an interrupted run \
               leaves the best so far)",
        verbs: &[Verb::Stress],
    },
    Switch {
        shown: "--out DIR",
        help: "the folder to write into",
        verbs: &[Verb::Bundle],
    },
];

/// What each verb does, above its switches.
fn summary(verb: Verb) -> &'static str {
    match verb {
        Verb::Run => {
            "usage: judge run <puzzle> [CASE...] [options]
Runs the puzzle's judge cases (judge-tests/data/<puzzle>/<case>.in) and judges each output as the
puzzle's judges do: a verdict per case (AC, WA, PE, RE, TLE, MLE or OLE) with its time and peak
memory, then `N passed, N failed`; exit status 1 if any case failed.
  CASE...            only these cases (default: every case a judge could send)
"
        }
        Verb::Check => {
            "usage: judge check <puzzle> <input> <output> [<answer>] [--checker-level L]
Judges <output> for <input> with the puzzle's checker (testlib style), the jury's <answer> first.
Exit status: 0 ok, 1 wrong answer, 2 presentation error, 3 fail (bad input, jury answer or arguments).
"
        }
        Verb::Stress => {
            "usage: judge stress <puzzle> --command CMD [options]
Runs CMD (with `sh -c`) on seeded random inputs that cover every answer length and kind, in the
layouts the puzzle's judges use, and judges each answer with the checker. On a failure it shrinks
the input until every case in it matters, keeps it (--keep), prints it with the expected and the
received output, and exits 1; else `N passed, 0 failed`. A progress line on stderr says how far
it is (cases, the distance it shrank to, the time taken).
"
        }
        Verb::Bundle => {
            "usage: judge bundle <puzzle>... [--out DIR]
Writes each puzzle as one std-only source file: DIR/<puzzle>.rs, and beside it the plain
program DIR/<puzzle>-plain.rs (docs kept, at most 16,000 bytes); or the first to stdout for one puzzle.
"
        }
    }
}

/// The help of `verb`: its summary, then each of its switches from `SWITCHES`, wrapped at 100
/// columns.
pub fn help(verb: Verb) -> String {
    const INDENT: usize = 21;
    let mut text = summary(verb).to_string();
    for switch in SWITCHES.iter().filter(|switch| switch.verbs.contains(&verb)) {
        let mut line = format!("  {:<18} ", switch.shown);
        for word in switch.help.split_whitespace() {
            if line.len() + word.len() > 100 && line.trim().len() > switch.shown.len() {
                text.push_str(line.trim_end());
                text.push('\n');
                line = " ".repeat(INDENT);
            }
            line.push_str(word);
            line.push(' ');
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text.push_str("  -h, --help         this help\n");
    text
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

/// `--checker-level L`'s value, and its name as given.
fn level(parser: &mut Parser, verb: Verb) -> Result<(Level, String), String> {
    let name = text(&value(parser, "--checker-level", verb)?)?;
    let level = name.parse().map_err(|why| format!("--checker-level: {why}"))?;
    Ok((level, name))
}

/// `--jobs N`: how many programs run at once, at least 1.
fn jobs(parser: &mut Parser, verb: Verb) -> Result<usize, String> {
    let jobs = number(&value(parser, "--jobs", verb)?, "--jobs", "a number of jobs")?;
    if jobs == 0 || jobs > 1024 {
        return Err(format!("--jobs: {jobs} is out of range (1 to 1024)"));
    }
    Ok(jobs as usize)
}

/// `--inputs judges|hostile`.
fn inputs(parser: &mut Parser, verb: Verb) -> Result<Whitespace, String> {
    let word = text(&value(parser, "--inputs", verb)?)?;
    match word.as_str() {
        "judges" => Ok(Whitespace::Plain),
        "hostile" => Ok(Whitespace::Hostile),
        _ => Err(format!(
            "--inputs: '{}' is not judges or hostile",
            escape(OsStr::new(&word))
        )),
    }
}

/// `--file-io NAME`: a plain file name stem (`msquare`), never a path.
fn file_io(parser: &mut Parser, verb: Verb) -> Result<String, String> {
    let name = text(&value(parser, "--file-io", verb)?)?;
    let plain = !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '\0']);
    if !plain {
        return Err(format!(
            "--file-io: '{}' is not a file name (msquare for msquare.in and msquare.out)",
            escape(OsStr::new(&name))
        ));
    }
    Ok(name)
}

/// The switches `run` and `stress` share, once read and the preset applied.
#[derive(Clone, Debug)]
pub struct Shared {
    /// `--command CMD`.
    pub command: Option<OsString>,
    /// eight: only this layout.
    pub format: Option<Format>,
    /// Only the inputs a judge could send, or hostile ones too.
    pub whitespace: Whitespace,
    /// The checker level.
    pub level: Level,
    /// Whether `--checker-level` was given (else the preset's or the default).
    pub level_given: bool,
    /// How many programs run at once.
    pub jobs: usize,
    /// The time and memory limits (memory measured always).
    pub limits: Limits,
    /// The preset and where each limit came from.
    pub rules: Rules,
    /// USACO's file I/O: `NAME.in` and `NAME.out` in a fresh folder per run.
    pub file_io: Option<String>,
}

/// The shared switches as they are read, before the preset is applied.
struct SharedSwitches {
    command: Option<OsString>,
    format: Option<Format>,
    whitespace: Whitespace,
    level: Option<(Level, String)>,
    jobs: usize,
    judge: Option<String>,
    lang: Option<Lang>,
    time: Option<Duration>,
    memory: Option<u64>,
    file_io: Option<String>,
}

impl SharedSwitches {
    fn new() -> Self {
        SharedSwitches {
            command: None,
            format: None,
            whitespace: Whitespace::Plain,
            level: None,
            jobs: crate::runner::default_jobs(),
            judge: None,
            lang: None,
            time: None,
            memory: None,
            file_io: None,
        }
    }

    /// Reads `arg` if it is one of the shared switches (with its value); whether it was.
    fn take(&mut self, arg: &Owned, parser: &mut Parser, verb: Verb) -> Result<bool, String> {
        let Owned::Long(name) = arg else {
            return Ok(false);
        };
        match name.as_str() {
            "command" => self.command = Some(value(parser, "--command", verb)?),
            "lang" => self.lang = Some(Lang::parse(&text(&value(parser, "--lang", verb)?)?)?),
            "judge" => self.judge = Some(text(&value(parser, "--judge", verb)?)?),
            "format" => {
                let format = text(&value(parser, "--format", verb)?)?;
                self.format = Some(format.parse().map_err(|why| format!("--format: {why}"))?);
            }
            "inputs" => self.whitespace = inputs(parser, verb)?,
            "checker-level" => self.level = Some(level(parser, verb)?),
            "jobs" => self.jobs = jobs(parser, verb)?,
            "time-limit" => self.time = Some(time_limit(parser, verb)?),
            "memory-limit" => self.memory = Some(memory_limit(parser, verb)?),
            "file-io" => self.file_io = Some(file_io(parser, verb)?),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The switches for `puzzle`, the preset applied where no switch said otherwise.
    fn finish(self, puzzle: &str) -> Result<Shared, String> {
        let command_text = self.command.as_deref().and_then(OsStr::to_str).unwrap_or_default();
        let mut rules = Rules {
            lang: self.lang.unwrap_or_else(|| Lang::of_command(command_text)),
            // The workspace's own binary is compiled: C/C++'s class, read from no command.
            lang_given: self.lang.is_some() || self.command.is_none(),
            time_given: self.time.is_some(),
            memory_given: self.memory.is_some(),
            preset: None,
        };
        // A program that never ends must not hang the judge: 10 s unless told otherwise.
        let mut limits = Limits {
            time: Some(self.time.unwrap_or(Duration::from_secs(10))),
            memory: self.memory,
            measure_memory: true,
            ..Limits::default()
        };
        let mut format = self.format;
        let mut level = self.level.as_ref().map(|(level, _)| *level);
        let mut file_io = self.file_io;
        if let Some(name) = &self.judge {
            let preset = judges::preset(name, puzzle)?;
            format = preset_format(preset, format)?;
            let (time, memory) = preset.limits(rules.lang);
            limits.time = Some(self.time.unwrap_or(time));
            limits.memory = Some(self.memory.unwrap_or(memory));
            level = level.or(Some(preset.level));
            // The workspace's own binaries read stdin: the judge's file I/O is for a --command.
            let own_binary = self.command.is_none();
            file_io = file_io.or(preset.file_io.filter(|_| !own_binary).map(str::to_string));
            rules.preset = Some(preset);
        }
        Ok(Shared {
            command: self.command,
            format: format_for(puzzle, format)?,
            whitespace: self.whitespace,
            level: level.unwrap_or(Level::Judge),
            level_given: self.level.is_some(),
            jobs: self.jobs,
            limits,
            rules,
            file_io,
        })
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

/// A puzzle's name as given: a plain name, never a path (`../../tmp` is no puzzle, however the
/// folder it names looks).
fn puzzle_name(name: &OsStr) -> Result<String, String> {
    let name = text(name)?;
    if name.is_empty() || name.starts_with('.') || name.contains(['/', '\\']) {
        let mut known = checker::PUZZLES.to_vec();
        known.sort_unstable();
        return Err(format!(
            "unknown puzzle '{}' (puzzles: {})",
            escape(OsStr::new(&name)),
            known.join(", ")
        ));
    }
    Ok(name)
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
    /// `--judge NAME`'s preset, the language class and where each limit came from.
    pub rules: Rules,
    /// USACO's file I/O: `NAME.in` and `NAME.out` in a fresh folder per run.
    pub file_io: Option<String>,
}

fn parse_run(parser: &mut Parser) -> Result<RunOptions, String> {
    const VERB: Verb = Verb::Run;
    let mut shared = SharedSwitches::new();
    let mut puzzle = None;
    let mut only = Vec::new();
    let mut exact = false;
    let mut data = None;
    while let Some(arg) = next(parser, VERB)? {
        if shared.take(&arg, parser, VERB)? {
            continue;
        }
        match arg {
            Owned::Long(name) if name == "data" => data = Some(PathBuf::from(value(parser, "--data", VERB)?)),
            Owned::Long(name) if name == "exact" => exact = true,
            Owned::Value(name) if puzzle.is_none() => puzzle = Some(puzzle_name(&name)?),
            Owned::Value(name) => only.push(text(&name)?),
            other => return Err(unknown(&other, VERB)),
        }
    }
    let Some(puzzle) = puzzle else {
        return Err(format!("which puzzle? {}", see(VERB)));
    };
    if let (true, Some((_, name))) = (exact, &shared.level) {
        return Err(format!(
            "--exact compares bytes: --checker-level {name} is a checker level {}",
            see(VERB)
        ));
    }
    let shared = shared.finish(&puzzle)?;
    Ok(RunOptions {
        puzzle,
        only,
        command: shared.command,
        limits: shared.limits,
        exact,
        level: shared.level,
        format: shared.format,
        whitespace: shared.whitespace,
        jobs: shared.jobs,
        data,
        rules: shared.rules,
        file_io: shared.file_io,
    })
}

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
    let mut chosen = Level::Judge;
    let mut positional: Vec<OsString> = Vec::new();
    while let Some(arg) = next(parser, VERB)? {
        match arg {
            Owned::Long(name) if name == "checker-level" => chosen = level(parser, VERB)?.0,
            Owned::Value(value) => positional.push(value),
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
        level: chosen,
    })
}

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
    /// `--judge NAME`'s preset, the language class and where each limit came from.
    pub rules: Rules,
    /// How long the whole run, shrinking included, may take before it stops with what it has.
    pub time_budget: Duration,
    /// USACO's file I/O: `NAME.in` and `NAME.out` in a fresh folder per run.
    pub file_io: Option<String>,
}

/// `--time-budget`'s default: ten minutes, long enough for a thousand cases of a slow program and
/// its shrinking, short enough that a run left alone ends.
pub const TIME_BUDGET: Duration = Duration::from_secs(600);

impl StressOptions {
    /// The defaults of `judge stress <puzzle> --command <command>`: 1000 cases, seed 1, the
    /// judges' checker level, 10 s a run, no memory limit, every layout, the judges' inputs, one
    /// job, [`TIME_BUDGET`].
    pub fn new(puzzle: &str, command: String) -> Self {
        StressOptions {
            puzzle: puzzle.to_string(),
            command,
            cases: 1000,
            seed: 1,
            level: Level::Judge,
            keep: None,
            time_limit: Duration::from_secs(10),
            memory_limit: None,
            format: None,
            whitespace: Whitespace::Plain,
            generator: None,
            jobs: 1,
            rules: Rules::default(),
            time_budget: TIME_BUDGET,
            file_io: None,
        }
    }
}

fn parse_stress(parser: &mut Parser) -> Result<StressOptions, String> {
    const VERB: Verb = Verb::Stress;
    let mut shared = SharedSwitches::new();
    let mut options = StressOptions::new("", String::new());
    let mut puzzle = None;
    while let Some(arg) = next(parser, VERB)? {
        if shared.take(&arg, parser, VERB)? {
            continue;
        }
        match arg {
            Owned::Long(name) if name == "generator" => {
                options.generator = Some(text(&value(parser, "--generator", VERB)?)?)
            }
            Owned::Long(name) if name == "cases" => {
                let cases = number(&value(parser, "--cases", VERB)?, "--cases", "a number of cases")?;
                options.cases = usize::try_from(cases).map_err(|_| format!("--cases: {cases} is too many"))?;
            }
            Owned::Long(name) if name == "seed" => {
                options.seed = number(&value(parser, "--seed", VERB)?, "--seed", "a number")?
            }
            Owned::Long(name) if name == "time-budget" => {
                let seconds = number(
                    &value(parser, "--time-budget", VERB)?,
                    "--time-budget",
                    "a number of seconds",
                )?;
                if seconds == 0 {
                    return Err("--time-budget: 0 s is out of range".into());
                }
                options.time_budget = Duration::from_secs(seconds);
            }
            Owned::Long(name) if name == "keep" => options.keep = Some(PathBuf::from(value(parser, "--keep", VERB)?)),
            Owned::Value(name) if puzzle.is_none() => puzzle = Some(puzzle_name(&name)?),
            Owned::Value(extra) => {
                return Err(format!(
                    "unexpected argument '{}': stress takes one puzzle {}",
                    escape(&extra),
                    see(VERB)
                ))
            }
            other => return Err(unknown(&other, VERB)),
        }
    }
    let Some(puzzle) = puzzle else {
        return Err(format!("which puzzle? {}", see(VERB)));
    };
    if !checker::PUZZLES.contains(&puzzle.as_str()) {
        return Err(format!(
            "unknown puzzle '{}' (puzzles: {})",
            puzzle,
            checker::PUZZLES.join(", ")
        ));
    }
    let shared = shared.finish(&puzzle)?;
    let command = match shared.command.as_deref() {
        None => String::new(),
        Some(command) => text(command)?,
    };
    if command.is_empty() {
        return Err(format!(
            "stress needs --command CMD, the program under test {}",
            see(VERB)
        ));
    }
    Ok(StressOptions {
        puzzle,
        command,
        level: shared.level,
        time_limit: shared.limits.time.unwrap_or(Duration::from_secs(10)),
        memory_limit: shared.limits.memory,
        format: shared.format,
        whitespace: shared.whitespace,
        jobs: shared.jobs,
        rules: shared.rules,
        file_io: shared.file_io,
        ..options
    })
}

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
            Owned::Long(name) if name == "out" => {
                let dir = parser
                    .value()
                    .map_err(|_| format!("--out needs a folder {}", see(VERB)))?;
                options.out = Some(PathBuf::from(dir));
            }
            Owned::Value(puzzle) => options.puzzles.push(text(&puzzle)?),
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
        let Ok(Command::Stress(stress)) = parsed(
            "stress eight --command cat --cases 5 --seed 9 --checker-level shortest --keep k --inputs hostile --time-budget 7",
        ) else {
            panic!("stress")
        };
        assert_eq!((stress.cases, stress.seed, stress.level), (5, 9, Level::Shortest));
        assert_eq!(
            (stress.whitespace, stress.time_budget),
            (Whitespace::Hostile, Duration::from_secs(7))
        );
        let Ok(Command::Stress(stress)) = parsed("stress msquare --command=cat --checker-level strict") else {
            panic!("stress")
        };
        assert_eq!((stress.command.as_str(), stress.level), ("cat", Level::Strict));
        assert_eq!(stress.time_budget, TIME_BUDGET);
        let Ok(Command::Check(check)) = parsed("check eight in out answer --checker-level strict") else {
            panic!("check")
        };
        assert_eq!((check.answer.is_some(), check.level), (true, Level::Strict));
        assert!(matches!(
            parsed("stress --help"),
            Ok(Command::Help(Some(Verb::Stress), _))
        ));
        let Ok(Command::Run(run)) = parsed("run eight --checker-level shortest --jobs 3") else {
            panic!("run")
        };
        assert_eq!(
            (run.level, run.jobs, run.whitespace),
            (Level::Shortest, 3, Whitespace::Plain)
        );
        let Ok(Command::Run(run)) = parsed("run msquare --file-io msquare") else {
            panic!("run")
        };
        assert_eq!(run.file_io.as_deref(), Some("msquare"));
    }

    #[test]
    fn a_judge_preset_sets_the_layout_limits_and_level_unless_told_otherwise() {
        let Ok(Command::Run(run)) = parsed("run eight --judge POJ") else {
            panic!("run")
        };
        assert_eq!(run.format, Some(Format::Poj));
        assert_eq!(run.limits.time, Some(Duration::from_millis(1000)));
        assert_eq!(run.limits.memory, Some(64 << 20));
        assert_eq!(run.rules.preset.map(|preset| preset.judge), Some("POJ 1077"));
        let Ok(Command::Run(run)) = parsed("run eight --time-limit 50 --judge hdu --checker-level strict") else {
            panic!("run")
        };
        assert_eq!(
            (run.limits.time, run.format, run.level, run.limits.memory),
            (
                Some(Duration::from_millis(50)),
                Some(Format::Hdu),
                Level::Strict,
                Some(32 << 20)
            )
        );
        // Java/Others' figures for a Python command, or for --lang other.
        for line in [
            "run eight --judge hdu --command python3 --jobs 1",
            "run eight --judge Hdu --lang other",
        ] {
            let Ok(Command::Run(run)) = parsed(line) else {
                panic!("{line}")
            };
            assert_eq!(
                (run.limits.time, run.limits.memory, run.rules.lang),
                (Some(Duration::from_millis(10000)), Some(64 << 20), Lang::Other),
                "{line}"
            );
        }
        let Ok(Command::Stress(stress)) = parsed("stress colour-hash --command cat --judge uva") else {
            panic!("stress")
        };
        assert_eq!(
            (stress.time_limit, stress.memory_limit),
            (Duration::from_millis(3000), Some(128 << 20))
        );
        let Ok(Command::Run(run)) = parsed("run msquare --judge usaco --command ./mine") else {
            panic!("run")
        };
        assert_eq!(run.file_io.as_deref(), Some("msquare"));
        // The workspace's own binary reads stdin, whatever the judge.
        let Ok(Command::Run(run)) = parsed("run msquare --judge usaco") else {
            panic!("run")
        };
        assert_eq!(run.file_io, None);
        assert_eq!(
            mistake("run eight --judge poj --format hdu"),
            "--judge poj reads the poj layout: --format hdu is another judge's"
        );
        assert_eq!(
            mistake("run msquare --judge hdu"),
            "--judge hdu: that judge has no msquare problem (msquare's judges: usaco, luogu)"
        );
    }

    #[test]
    fn mistakes_say_what_is_wrong() {
        for (line, said) in [
            (
                "run eight --exact --checker-level judge",
                "--exact compares bytes: --checker-level judge is a checker level (see judge run --help)",
            ),
            ("run eight --checker", "unknown option --checker (see judge run --help)"),
            // The old aliases are gone.
            ("run eight --strict", "unknown option --strict (see judge run --help)"),
            (
                "stress eight --command cat --shortest",
                "unknown option --shortest (see judge stress --help)",
            ),
            (
                "run eight --whitespace hostile",
                "unknown option --whitespace (see judge run --help)",
            ),
            (
                "check eight a b --strict",
                "unknown option --strict (see judge check --help)",
            ),
            ("run eight --jobs 0", "--jobs: 0 is out of range (1 to 1024)"),
            (
                "stress eight --command cat --jobs two",
                "--jobs: 'two' is not a number of jobs",
            ),
            ("run eight --inputs tabs", "--inputs: 'tabs' is not judges or hostile"),
            (
                "run msquare --format poj",
                "--format poj: msquare has one input layout; --format chooses among eight's (poj, hdu, uva652)",
            ),
            (
                "run eight --format zoj",
                "--format: unknown format 'zoj' (poj, hdu, uva652)",
            ),
            ("run eight --exact=1", "--exact takes no value (see judge run --help)"),
            (
                "stress eight",
                "stress needs --command CMD, the program under test (see judge stress --help)",
            ),
            (
                "stress nine --command cat",
                "unknown puzzle 'nine' (puzzles: msquare, eight, colour-hash)",
            ),
            (
                "run ../../../../tmp",
                "unknown puzzle '../../../../tmp' (puzzles: colour-hash, eight, msquare)",
            ),
            (
                "stress ./eight --command cat",
                "unknown puzzle './eight' (puzzles: colour-hash, eight, msquare)",
            ),
            (
                "stress eight --command cat --checker-level lax",
                "--checker-level: unknown checker level 'lax' (judge, shortest, strict)",
            ),
            (
                "stress eight --command cat --cases many",
                "--cases: 'many' is not a number of cases",
            ),
            (
                "stress eight --command cat --lang cobol",
                "--lang: 'cobol' is not c++ or other (c, c++, cpp, rust: C/C++; java, python, other: Java/Others)",
            ),
            (
                "run msquare --file-io ../x",
                "--file-io: '../x' is not a file name (msquare for msquare.in and msquare.out)",
            ),
            (
                "stress eight --command cat --time-budget 0",
                "--time-budget: 0 s is out of range",
            ),
            ("bundle eight --out", "--out needs a folder (see judge bundle --help)"),
        ] {
            assert_eq!(mistake(line), said, "{line}");
        }
        assert_eq!(
            parsed("check eight a").unwrap_err(),
            Mistake {
                verb: Some(Verb::Check),
                message: "bad arguments: want <puzzle> <input> <output> [<answer>] (see judge check --help)".into()
            }
        );
    }

    #[test]
    fn every_switch_in_the_help_is_read_by_its_verb() {
        for verb in [Verb::Run, Verb::Check, Verb::Stress, Verb::Bundle] {
            let text = help(verb);
            for switch in SWITCHES {
                let name = switch.shown.split(' ').next().expect("a name");
                let listed = text.contains(&format!("  {name} ")) || text.contains(&format!("  {name}\n"));
                assert_eq!(listed, switch.verbs.contains(&verb), "{verb:?} {name}");
                if !listed {
                    continue;
                }
                // A switch the help lists is read: never "unknown option".
                let value = if switch.shown.contains(' ') { " 1" } else { "" };
                let line = format!("{} eight {name}{value}", verb.name());
                if let Err(mistake) = parsed(&line) {
                    assert!(
                        !mistake.message.contains("unknown option"),
                        "{line}: {}",
                        mistake.message
                    );
                }
            }
            assert!(text.lines().all(|line| line.len() <= 104), "{text}");
        }
    }
}
