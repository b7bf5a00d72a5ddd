//! Special-judge checkers in the testlib tradition: `check(input, output, answer)` decides whether
//! an output is acceptable for an input, using the puzzle's own moves and distances computed here
//! (from [`crate::reference`]), never the solvers.
//!
//! Verdicts and exit statuses follow testlib: 0 OK, 1 wrong answer, 2 presentation error, 3 fail
//! (the input or the jury's answer is invalid: never blamed on the output under test).
//!
//! How strict: each puzzle has [`Level`]s, and the default is what the puzzle's real judges
//! accept (eight: any solving sequence; colour-hash and msquare: the statement's one answer).
//! Every OK and wrong-answer message names the rule it applied.
//!
//! Presentation versus wrong answer, the same for every puzzle and layout: the output is first
//! read as whitespace-separated tokens and the content judged (a wrong sequence, length, claim or
//! number of answers is a wrong answer); only if the content is right are the lines compared with
//! the exact layout ([`layout::fault`]), and a difference there (a missing or extra empty line, a
//! wrap, trailing spaces, CRLF, no final newline) is a presentation error.
//!
//! Memory: each file is opened and read once. An input in a regular file is streamed (read from
//! its start once per pass, two or three passes); an input that can be read only once (a pipe, a
//! FIFO, `/dev/stdin`) is held in memory. Outputs are judged in place, so a check needs the output
//! and the jury's answer in memory (and such an input) and a constant besides.

pub mod colour_hash;
pub mod eight;
pub mod layout;
pub mod msquare;
pub mod read;

pub use read::{Input, OpenedInput};

use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// A checker's decision, with its one-line message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted.
    Ok(String),
    /// The content is wrong.
    WrongAnswer(String),
    /// The content is right, the layout is not.
    PresentationError(String),
    /// The input or the jury's answer is invalid.
    Fail(String),
}

impl Verdict {
    /// testlib's exit status for the verdict.
    pub fn exit_code(&self) -> u8 {
        match self {
            Verdict::Ok(_) => 0,
            Verdict::WrongAnswer(_) => 1,
            Verdict::PresentationError(_) => 2,
            Verdict::Fail(_) => 3,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Ok(message) => write!(f, "ok {message}"),
            Verdict::WrongAnswer(message) => write!(f, "wrong answer {message}"),
            Verdict::PresentationError(message) => write!(f, "presentation error {message}"),
            Verdict::Fail(message) => write!(f, "FAIL {message}"),
        }
    }
}

/// How strictly a checker judges an answer's moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Level {
    /// What the puzzle's judges accept: eight any solving sequence, colour-hash the smallest
    /// number among the shortest, msquare the smallest in A < B < C order among the shortest.
    #[default]
    Judge,
    /// Any shortest answer (colour-hash: of at most 16 moves).
    Shortest,
    /// The one canonical answer (eight: the smallest shortest in u < l < d < r order).
    Strict,
}

impl FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "judge" | "default" => Ok(Level::Judge),
            "shortest" => Ok(Level::Shortest),
            "strict" => Ok(Level::Strict),
            _ => Err(format!("unknown checker level '{text}' (judge, shortest, strict)")),
        }
    }
}

/// The puzzles with a checker.
pub const PUZZLES: [&str; 3] = ["msquare", "eight", "colour-hash"];

/// Checks `output` for `input` with the puzzle's checker; `answer` is the jury's output, checked
/// first when given (an invalid one is a [`Verdict::Fail`]). `strict` asks for [`Level::Strict`],
/// otherwise [`Level::Judge`].
pub fn check(puzzle: &str, input: &[u8], output: &[u8], answer: Option<&[u8]>, strict: bool) -> Verdict {
    let level = if strict { Level::Strict } else { Level::Judge };
    check_at(puzzle, input, output, answer, level)
}

/// Checks `output` for `input` at `level` (see [`check`]).
///
/// # Complexity
/// One to three streaming passes over the input; the output and answer judged in place.
pub fn check_at(
    puzzle: &str,
    input: &(impl Input + ?Sized),
    output: &[u8],
    answer: Option<&[u8]>,
    level: Level,
) -> Verdict {
    match puzzle {
        "msquare" => msquare::check(input, output, answer, level),
        "eight" => eight::check(input, output, answer, level),
        "colour-hash" => colour_hash::check(input, output, answer, level),
        other => Verdict::Fail(format!("no checker for '{other}' (known: {})", PUZZLES.join(", "))),
    }
}

/// [`check_at`] on files, as `judge check` runs it: each file is opened and read once (a named
/// pipe or `/dev/stdin` works as well as a regular file); the input is streamed from a regular
/// file ([`OpenedInput`]), held in memory otherwise; the output and the answer are read whole. An
/// unreadable output is a wrong answer; an unreadable input or answer a failure.
pub fn check_files(puzzle: &str, input: &Path, output: &Path, answer: Option<&Path>, level: Level) -> Verdict {
    let opened = match OpenedInput::open(input) {
        Ok(opened) => opened,
        Err(why) => return Verdict::Fail(format!("{}: {why}", crate::escape(input.as_os_str()))),
    };
    let answer = match answer.map(std::fs::read).transpose() {
        Ok(answer) => answer,
        Err(why) => return Verdict::Fail(format!("{}: {why}", crate::escape(answer.expect("read").as_os_str()))),
    };
    let output = match std::fs::read(output) {
        Ok(output) => output,
        Err(why) => {
            return Verdict::WrongAnswer(format!(
                "cannot read the output: {}: {why}",
                crate::escape(output.as_os_str())
            ))
        }
    };
    check_at(puzzle, &opened, &output, answer.as_deref(), level)
}

/// What judging one whole output gives: its move count and the first layout fault, if any; or
/// the first wrong answer.
pub type Judged = Result<(u64, Option<String>), String>;

/// The verdict on `output`, judged by `judge`, after the jury's `answer` (if any) is judged the
/// same way: a wrong or badly laid out jury answer is a failure, never the output's fault. `judge`
/// returns `Err` when the input cannot be read. `count` and `noun` name the cases in the OK
/// message (`ok 3 boards, 57 moves`), `rule` the rule applied.
pub fn verdict(
    judge: impl Fn(&[u8]) -> Result<Judged, String>,
    output: &[u8],
    answer: Option<&[u8]>,
    (count, noun): (u64, &str),
    rule: &str,
) -> Verdict {
    if let Some(answer) = answer {
        match judge(answer) {
            Err(why) => return Verdict::Fail(why),
            Ok(Ok((_, None))) => {}
            Ok(Ok((_, Some(fault)))) => return Verdict::Fail(format!("the jury's answer is badly laid out: {fault}")),
            Ok(Err(why)) => return Verdict::Fail(format!("the jury's answer is wrong: {why} (rule: {rule})")),
        }
    }
    match judge(output) {
        Err(why) => Verdict::Fail(why),
        Ok(Err(why)) => Verdict::WrongAnswer(format!("{why} (rule: {rule})")),
        Ok(Ok((_, Some(fault)))) => Verdict::PresentationError(fault),
        Ok(Ok((moves, None))) => Verdict::Ok(format!("{count} {}, {moves} moves (rule: {rule})", plural(count, noun))),
    }
}

/// `noun`, with an `s` unless `count` is 1.
pub fn plural(count: u64, noun: &str) -> String {
    if count == 1 {
        noun.to_string()
    } else {
        format!("{noun}s")
    }
}

/// `text` shortened to at most 40 characters for a message, with non-printing bytes escaped.
pub fn shorten(text: &[u8]) -> String {
    let shown: String = text
        .iter()
        .take(41)
        .copied()
        .collect::<Vec<u8>>()
        .escape_ascii()
        .to_string();
    if shown.len() > 40 || text.len() > 40 {
        format!("{}...", shown.chars().take(40).collect::<String>())
    } else {
        shown
    }
}

/// The message for an input that cannot be read.
fn unreadable(why: impl fmt::Display) -> String {
    format!("cannot read the input: {why}")
}
