//! What every checker returns and shares: the [`Verdict`] with its testlib exit status, the
//! strictness [`Level`], and [`verdict`], which judges the jury's answer before the output so that
//! a wrong jury answer is never the output's fault. The puzzles' checkers build on this module;
//! `checker` (the parent) dispatches to them.

use std::fmt;
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
pub(super) fn unreadable(why: impl fmt::Display) -> String {
    format!("cannot read the input: {why}")
}
