//! `judge stress`: seeded random inputs that cover every answer length and kind, a program under
//! test run on them in batches, each output judged by the checker (and shown beside the
//! reference's answer), and a failing batch shrunk to the smallest input that still fails.
//!
//! ```text
//! judge stress <puzzle> --command CMD [--cases N] [--seed S] [--shortest | --strict]
//!              [--checker-level judge|shortest|strict] [--keep FILE] [--time-limit MS]
//! ```
//!
//! What is generated, case `i` of a run taking the `i`-th kind in turn so that a short run
//! already covers them all:
//! - eight: a board at every distance 0 to 31, then an unsolvable board; batches of up to 64
//!   boards in the POJ/HDU layout or UVa 652's (a count, with or without empty lines), with
//!   spaces, no spaces, one tile a line, tabs, CRLF, `\v` and `\f`, or a random mix.
//! - colour-hash: a scramble of every length 0 to 16 (its answer is at most that long), a
//!   scramble of 17 whose answer is `NO SOLUTION` (a distance-17 trap), a shuffle of the pieces,
//!   and the goal; batches of up to 8 configurations.
//! - msquare: a target at every distance 0 to 22; one target a run (the format has one).
//!
//! The same seed gives the same inputs on every machine: the generator is a SplitMix64 and the
//! candidate lists are sorted.

use crate::checker::{self, colour_hash, eight, msquare, Level, Verdict};
use crate::reference::colour_hash as ch_reference;
use crate::runner;
use crate::testkit::Rng;
use std::ffi::OsStr;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

/// One case: a board, a configuration or a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// An eight board, its nine tiles.
    Board([u8; 9]),
    /// A Colour Hash configuration, 24 numbers.
    Config([u8; 24]),
    /// An msquare target, clockwise.
    Target([u8; 8]),
}

/// How a batch is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spacing {
    /// Single spaces, one case a line.
    Plain,
    /// eight only: tiles without spaces, one board a line.
    Packed,
    /// One token a line.
    OneALine,
    /// Tabs between tokens.
    Tabs,
    /// CRLF line ends.
    Crlf,
    /// `\v` and `\f` between tokens.
    VerticalTabs,
    /// A random whitespace run between any two tokens (from the batch's seed).
    Mixed(u64),
}

const SPACINGS: [Spacing; 6] = [
    Spacing::Plain,
    Spacing::Packed,
    Spacing::OneALine,
    Spacing::Tabs,
    Spacing::Crlf,
    Spacing::VerticalTabs,
];

/// A batch: its cases and how they are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    /// The cases.
    pub items: Vec<Item>,
    /// Separator style.
    pub spacing: Spacing,
    /// eight: UVa 652's counted layout (with `separated`: empty lines after the count and
    /// between boards).
    pub counted: bool,
    /// eight, counted: empty lines as in the published samples.
    pub separated: bool,
}

impl Batch {
    /// The input bytes.
    pub fn render(&self) -> Vec<u8> {
        let mut rng = Rng::new(match self.spacing {
            Spacing::Mixed(seed) => seed,
            _ => 0,
        });
        let (gap, line_end): (&[u8], &[u8]) = match self.spacing {
            Spacing::Plain | Spacing::Packed => (b" ", b"\n"),
            Spacing::OneALine => (b"\n", b"\n"),
            Spacing::Tabs => (b"\t", b"\n"),
            Spacing::Crlf => (b" ", b"\r\n"),
            Spacing::VerticalTabs => (b"\x0b", b"\x0c\n"),
            Spacing::Mixed(_) => (b"", b""),
        };
        let mut out = Vec::new();
        let mut separate = |out: &mut Vec<u8>, end_of_line: bool| match self.spacing {
            Spacing::Mixed(_) => {
                const RUNS: [&[u8]; 7] = [b" ", b"\t", b"\n", b"\r\n", b"\x0b", b"\x0c", b"  \n"];
                out.extend_from_slice(RUNS[rng.below(RUNS.len())]);
            }
            _ => out.extend_from_slice(if end_of_line { line_end } else { gap }),
        };
        let counted = matches!(self.items.first(), Some(Item::Config(_))) || self.counted;
        if counted {
            out.extend_from_slice(self.items.len().to_string().as_bytes());
            out.extend_from_slice(line_end_or_newline(line_end));
            if self.separated {
                out.extend_from_slice(line_end_or_newline(line_end));
            }
        }
        for (index, item) in self.items.iter().enumerate() {
            if index > 0 && self.separated {
                out.extend_from_slice(line_end_or_newline(line_end));
            }
            let tokens: Vec<String> = match item {
                Item::Board(board) => board.iter().map(|&tile| (tile as char).to_string()).collect(),
                Item::Config(config) => config.iter().map(u8::to_string).collect(),
                Item::Target(target) => target.iter().map(u8::to_string).collect(),
            };
            for (place, token) in tokens.iter().enumerate() {
                out.extend_from_slice(token.as_bytes());
                let last = place + 1 == tokens.len();
                if self.spacing != Spacing::Packed || last {
                    separate(&mut out, last);
                }
            }
        }
        out
    }
}

/// A line end that is a line end (for the count line in the Mixed spacing).
fn line_end_or_newline(line_end: &[u8]) -> &[u8] {
    if line_end.is_empty() {
        b"\n"
    } else {
        line_end
    }
}

/// The seeded case generator of one puzzle.
pub struct Generator {
    puzzle: String,
    rng: Rng,
    next: usize,
    eight_groups: Vec<Vec<[u8; 9]>>,
    msquare_groups: Vec<Vec<[u8; 8]>>,
}

impl Generator {
    /// A generator for `puzzle` from `seed`.
    ///
    /// # Errors
    /// If the puzzle is unknown.
    pub fn new(puzzle: &str, seed: u64) -> Result<Self, String> {
        let mut generator = Generator {
            puzzle: puzzle.to_string(),
            rng: Rng::new(seed),
            next: 0,
            eight_groups: Vec::new(),
            msquare_groups: Vec::new(),
        };
        match puzzle {
            "eight" => generator.eight_groups = eight::distances().by_distance(),
            "msquare" => {
                let mut groups = vec![Vec::new(); 23];
                for (target, sequence) in msquare::all_targets() {
                    groups[sequence.len()].push(target);
                }
                generator.msquare_groups = groups;
            }
            "colour-hash" => {}
            other => {
                return Err(format!(
                    "no generator for '{other}' (known: {})",
                    checker::PUZZLES.join(", ")
                ))
            }
        }
        Ok(generator)
    }

    /// The kinds of case this puzzle cycles through.
    pub fn kinds(&self) -> usize {
        match self.puzzle.as_str() {
            "eight" => 33,
            "colour-hash" => 20,
            _ => 23,
        }
    }

    /// The next case.
    pub fn item(&mut self) -> Item {
        let kind = self.next % self.kinds();
        self.next += 1;
        match self.puzzle.as_str() {
            "eight" if kind < 32 => Item::Board(*self.rng.pick(&self.eight_groups[kind])),
            "eight" => {
                // An odd permutation: any solvable board with two tiles (not the blank) swapped.
                let group = &self.eight_groups[self.rng.below(32)];
                let mut board = group[self.rng.below(group.len())];
                let tiles: Vec<usize> = (0..9).filter(|&cell| board[cell] != b'x').collect();
                let first = self.rng.below(8);
                let second = (first + 1 + self.rng.below(7)) % 8;
                board.swap(tiles[first], tiles[second]);
                Item::Board(board)
            }
            "colour-hash" => Item::Config(self.config(kind)),
            _ => Item::Target(*self.rng.pick(&self.msquare_groups[kind])),
        }
    }

    /// A Colour Hash configuration of kind `kind`: 0-16 one whose answer has exactly that many
    /// moves (a scramble, kept when the reference agrees on its length; rarely shorter), 17 a
    /// distance-17 trap (a scramble of 17 with no answer of 16 or fewer), 18 a shuffle of the
    /// pieces, 19 the goal.
    fn config(&mut self, kind: usize) -> [u8; 24] {
        // A walk that never undoes its last move (1 and 3, 2 and 4 are inverses).
        let scramble = |rng: &mut Rng, length: usize| {
            let mut moves: Vec<u8> = Vec::with_capacity(length);
            while moves.len() < length {
                let step = b'1' + rng.below(4) as u8;
                if moves.last().map_or(true, |&last| (last - b'1' + 2) % 4 != step - b'1') {
                    moves.push(step);
                }
            }
            ch_reference::replay(&ch_reference::GOAL, &moves).expect("moves 1-4")
        };
        let answer_length = |config: &[u8; 24]| {
            let answer = colour_hash::expected_answer(config);
            if answer.bytes().all(|b| b.is_ascii_digit()) {
                answer.len()
            } else if answer.starts_with("PUZZLE") {
                0
            } else {
                17
            }
        };
        match kind {
            0..=17 => {
                let mut config = scramble(&mut self.rng, kind);
                for _ in 0..64 {
                    if answer_length(&config) == kind {
                        break;
                    }
                    config = scramble(&mut self.rng, kind);
                }
                config
            }
            18 => {
                let mut config = ch_reference::GOAL;
                for place in (1..24).rev() {
                    config.swap(place, self.rng.below(place + 1));
                }
                config
            }
            _ => ch_reference::GOAL,
        }
    }

    /// A batch of up to `size` cases, in a random layout and spacing; [`Spacing::Mixed`] only
    /// if `mixed`.
    pub fn batch(&mut self, size: usize, mixed: bool) -> Batch {
        let items = (0..size).map(|_| self.item()).collect();
        let eight = self.puzzle == "eight";
        let mut spacing = *self.rng.pick(&SPACINGS);
        if self.rng.below(5) == 0 && mixed {
            spacing = Spacing::Mixed(self.rng.next_u64());
        }
        if !eight && spacing == Spacing::Packed {
            spacing = Spacing::Plain;
        }
        let counted = eight && self.rng.below(2) == 0;
        Batch {
            items,
            spacing,
            counted,
            separated: counted && self.rng.below(3) != 0,
        }
    }
}

/// The reference's output for a batch: the canonical answers in the puzzle's layout.
pub fn expected_output(batch: &Batch) -> Vec<u8> {
    let mut out = Vec::new();
    for (index, item) in batch.items.iter().enumerate() {
        match item {
            Item::Board(board) => {
                if batch.counted && index > 0 {
                    out.push(b'\n');
                }
                let answer = eight::distances().smallest_answer(board);
                out.extend_from_slice(answer.as_deref().unwrap_or("unsolvable").as_bytes());
                out.push(b'\n');
            }
            Item::Config(config) => {
                out.extend_from_slice(colour_hash::expected_answer(config).as_bytes());
                out.push(b'\n');
            }
            Item::Target(target) => out.extend(msquare::layout(msquare::expected_sequence(target).as_bytes())),
        }
    }
    out
}

/// What `judge stress` was asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    /// The puzzle.
    pub puzzle: String,
    /// The program under test, run with `sh -c`.
    pub command: String,
    /// How many cases (boards, configurations, targets).
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
    /// Whether some batches use [`Spacing::Mixed`] (random whitespace between any two tokens).
    pub mixed_spacing: bool,
}

/// The usage line.
pub const USAGE: &str = "judge stress <puzzle> --command CMD [--cases N] [--seed S] [--shortest | --strict | --checker-level judge|shortest|strict] [--keep FILE] [--time-limit MS] [--memory-limit MB]";

/// Reads `judge stress`'s arguments (after `stress`).
///
/// # Errors
/// A message for a missing or bad argument (one that is not UTF-8 included).
pub fn parse<S: AsRef<OsStr>>(args: &[S]) -> Result<Options, String> {
    let args = args
        .iter()
        .map(|arg| {
            let arg = arg.as_ref();
            arg.to_str()
                .map(String::from)
                .ok_or_else(|| format!("argument '{}' is not UTF-8", arg.to_string_lossy().escape_debug()))
        })
        .collect::<Result<Vec<String>, String>>()?;
    let mut options = Options {
        puzzle: String::new(),
        command: String::new(),
        cases: 1000,
        seed: 1,
        level: Level::Judge,
        keep: None,
        time_limit: Duration::from_secs(10),
        memory_limit: None,
        mixed_spacing: true,
    };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = |name: &str| rest.next().cloned().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--command" => options.command = value("--command")?,
            "--cases" => options.cases = value("--cases")?.parse().map_err(|_| "--cases takes a number")?,
            "--seed" => options.seed = value("--seed")?.parse().map_err(|_| "--seed takes a number")?,
            "--checker-level" => options.level = value("--checker-level")?.parse()?,
            "--shortest" => options.level = Level::Shortest,
            "--strict" => options.level = Level::Strict,
            "--keep" => options.keep = Some(PathBuf::from(value("--keep")?)),
            "--time-limit" => {
                let ms: u64 = value("--time-limit")?.parse().map_err(|_| "--time-limit takes ms")?;
                options.time_limit = Duration::from_millis(ms);
            }
            "--memory-limit" => {
                let mb: u64 = value("--memory-limit")?
                    .parse()
                    .map_err(|_| "--memory-limit takes MB")?;
                if mb == 0 || mb > 1 << 30 {
                    return Err(format!("--memory-limit: {mb} MB is out of range"));
                }
                options.memory_limit = Some(mb << 20);
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}; usage: {USAGE}")),
            _ if options.puzzle.is_empty() => options.puzzle = arg.clone(),
            _ => return Err(format!("unexpected argument '{arg}'; usage: {USAGE}")),
        }
    }
    if options.puzzle.is_empty() || options.command.is_empty() {
        return Err(format!("stress needs a puzzle and --command; usage: {USAGE}"));
    }
    if !checker::PUZZLES.contains(&options.puzzle.as_str()) {
        return Err(format!(
            "no puzzle '{}' (known: {})",
            options.puzzle,
            checker::PUZZLES.join(", ")
        ));
    }
    Ok(options)
}

/// Why one batch failed: the verdict and the program's output.
#[derive(Debug)]
pub struct Failure {
    /// The verdict line (`WA board 2: ...`, `RE exit 1: ...`, `TLE`).
    pub verdict: String,
    /// What the program printed.
    pub received: Vec<u8>,
}

/// Runs the command on one batch; `None` if the output is accepted.
///
/// # Errors
/// If the command cannot be started.
pub fn try_batch(options: &Options, batch: &Batch) -> io::Result<Option<Failure>> {
    let input = batch.render();
    let mut command = Command::new("sh");
    command.arg("-c").arg(&options.command);
    let limits = runner::Limits {
        memory: options.memory_limit,
        ..runner::Limits::time(Some(options.time_limit))
    };
    let run = runner::run_with(&mut command, &input, &limits)?;
    let verdict = if run.timed_out {
        format!("TLE after {} ms", options.time_limit.as_millis())
    } else if run.memory_limit_exceeded {
        format!("MLE peak {}", run.peak_memory.map_or("?".into(), runner::format_memory))
    } else if run.output_limit_exceeded {
        "OLE".to_string()
    } else if run.code != Some(0) {
        let stderr = String::from_utf8_lossy(&run.stderr);
        format!(
            "RE {}: {}",
            run.code
                .map_or("killed by a signal".to_string(), |code| format!("exit {code}")),
            stderr.lines().next().unwrap_or("")
        )
    } else {
        match checker::check_at(&options.puzzle, &input[..], &run.stdout, None, options.level) {
            Verdict::Ok(_) => return Ok(None),
            Verdict::Fail(why) => format!("checker FAIL (a generator bug): {why}"),
            other => other.to_string(),
        }
    };
    Ok(Some(Failure {
        verdict,
        received: run.stdout,
    }))
}

/// Shrinks a failing batch: halves while a half fails, then single cases, then plain spacing.
///
/// # Errors
/// If the command cannot be started.
pub fn shrink(options: &Options, mut batch: Batch, mut failure: Failure) -> io::Result<(Batch, Failure)> {
    let attempt = |candidate: &Batch, batch: &mut Batch, failure: &mut Failure| -> io::Result<bool> {
        Ok(match try_batch(options, candidate)? {
            Some(found) => {
                *batch = candidate.clone();
                *failure = found;
                true
            }
            None => false,
        })
    };
    'halving: while batch.items.len() > 1 {
        let middle = batch.items.len() / 2;
        let halves = [batch.items[..middle].to_vec(), batch.items[middle..].to_vec()];
        for half in halves {
            let candidate = Batch {
                items: half,
                ..batch.clone()
            };
            if attempt(&candidate, &mut batch, &mut failure)? {
                continue 'halving;
            }
        }
        for index in 0..batch.items.len() {
            let candidate = Batch {
                items: vec![batch.items[index]],
                ..batch.clone()
            };
            if attempt(&candidate, &mut batch, &mut failure)? {
                break 'halving;
            }
        }
        break;
    }
    for spacing in [Spacing::Plain] {
        if batch.spacing != spacing {
            let candidate = Batch {
                spacing,
                ..batch.clone()
            };
            attempt(&candidate, &mut batch, &mut failure)?;
        }
    }
    Ok((batch, failure))
}

/// Cases per run: eight and colour-hash read many, msquare one.
fn batch_size(puzzle: &str) -> usize {
    match puzzle {
        "eight" => 64,
        "colour-hash" => 8,
        _ => 1,
    }
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

/// Runs the stress test, writing the report to `out` and, when `progress` is given (a terminal),
/// a progress line there, rewritten after every batch. Returns whether every case passed.
///
/// # Errors
/// If the command cannot be started, or writing the report or `--keep` file fails.
pub fn run(options: &Options, out: &mut dyn Write, mut progress: Option<&mut dyn Write>) -> io::Result<bool> {
    let mut generator =
        Generator::new(&options.puzzle, options.seed).map_err(|why| io::Error::new(io::ErrorKind::Other, why))?;
    let size = batch_size(&options.puzzle);
    let mut done = 0;
    while done < options.cases {
        let batch = generator.batch(size.min(options.cases - done), options.mixed_spacing);
        if let Some(failure) = try_batch(options, &batch)? {
            if let Some(progress) = progress.as_mut() {
                // A failing progress line must not stop the run.
                let _ = write!(progress, "\r\x1b[K");
            }
            let cases = batch.items.len();
            let (batch, failure) = shrink(options, batch, failure)?;
            let input = batch.render();
            writeln!(
                out,
                "FAIL in cases {}-{} of {} (seed {}, checker rule: {}): {}",
                done + 1,
                done + cases,
                options.cases,
                options.seed,
                level_name(options.level),
                failure.verdict
            )?;
            writeln!(
                out,
                "input ({} {}, shrunk from {cases}):\n{}expected (the reference's answer):\n{}received:\n{}",
                batch.items.len(),
                noun(&options.puzzle, batch.items.len()),
                visible(&input),
                visible(&expected_output(&batch)),
                visible(&failure.received)
            )?;
            if let Some(path) = &options.keep {
                std::fs::write(path, &input)?;
                writeln!(out, "input kept in {}", path.display())?;
            }
            writeln!(out, "{done} passed, 1 failed")?;
            return Ok(false);
        }
        done += batch.items.len();
        if let Some(progress) = progress.as_mut() {
            let _ = write!(progress, "\r{done}/{} cases passed", options.cases);
            let _ = progress.flush();
        }
    }
    if let Some(progress) = progress.as_mut() {
        let _ = writeln!(progress);
    }
    writeln!(out, "{done} passed, 0 failed")?;
    Ok(true)
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Judge => "judge",
        Level::Shortest => "shortest",
        Level::Strict => "strict",
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

/// `judge stress ARGS`: parses, runs, prints the report to stdout and the progress line to
/// stderr when it is a terminal; `Ok(true)` if every case passed.
///
/// # Errors
/// A usage message, or why the run could not go on.
pub fn main<S: AsRef<OsStr>>(args: &[S]) -> Result<bool, String> {
    let options = parse(args)?;
    let mut out = io::stdout().lock();
    let mut stderr = io::stderr();
    let progress = stderr.is_terminal().then_some(&mut stderr as &mut dyn Write);
    run(&options, &mut out, progress).map_err(|error| format!("stress: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generators_are_seeded_and_valid() {
        for puzzle in checker::PUZZLES {
            let mut first = Generator::new(puzzle, 7).unwrap();
            let mut second = Generator::new(puzzle, 7).unwrap();
            for _ in 0..12 {
                let size = batch_size(puzzle).min(5);
                let batch = first.batch(size, true);
                assert_eq!(batch, second.batch(size, true));
                let input = batch.render();
                let verdict = checker::check_at(puzzle, &input[..], &expected_output(&batch), None, Level::Strict);
                assert_eq!(verdict.exit_code(), 0, "{puzzle}: {verdict}: {}", input.escape_ascii());
            }
        }
    }

    #[test]
    fn every_colour_hash_answer_length() {
        let mut generator = Generator::new("colour-hash", 5).unwrap();
        let mut seen = [0; 20];
        for _ in 0..20 {
            let Item::Config(config) = generator.item() else {
                panic!("a configuration")
            };
            let answer = colour_hash::expected_answer(&config);
            let kind = match answer.as_str() {
                "PUZZLE ALREADY SOLVED" => 0,
                _ if answer.starts_with("NO") => 17,
                _ => answer.len(),
            };
            seen[kind] += 1;
        }
        // Lengths 0 to 16, the traps with no answer (and shuffles' NO SOLUTION), the goal twice.
        assert!(seen[1..17].iter().all(|&count| count == 1), "{seen:?}");
        assert!(seen[17] >= 2 && seen[0] == 2, "{seen:?}");
    }

    #[test]
    fn every_eight_distance_and_unsolvable() {
        let mut generator = Generator::new("eight", 3).unwrap();
        let mut seen = [false; 33];
        for _ in 0..33 {
            let Item::Board(board) = generator.item() else {
                panic!("a board")
            };
            let distance = eight::distances().get(&board).map_or(32, usize::from);
            seen[distance] = true;
        }
        assert!(seen.iter().all(|&seen| seen), "{seen:?}");
    }
}
