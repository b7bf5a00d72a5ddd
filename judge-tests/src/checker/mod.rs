//! Special-judge checkers in the testlib tradition: `check(input, output, answer)` decides whether
//! an output is acceptable for an input, using the puzzle's own moves and distances computed here
//! (from [`crate::reference`]), never the solvers.
//!
//! Verdicts and exit statuses follow testlib: 0 OK, 1 wrong answer, 2 presentation error, 3 fail
//! (the input or the jury's answer is invalid: never blamed on the output under test).
//!
//! Presentation versus wrong answer: each checker first reads the output as whitespace-separated
//! tokens and judges the content (a wrong sequence, length or claim is a wrong answer); only if the
//! content is right does it compare the exact line layout, and a difference there (a missing wrap
//! or empty line, trailing spaces, CRLF) is a presentation error.

pub mod colour_hash;
pub mod eight;
pub mod msquare;

use std::fmt;

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

/// The puzzles with a checker.
pub const PUZZLES: [&str; 3] = ["msquare", "eight", "colour-hash"];

/// Checks `output` for `input` with the puzzle's checker; `answer` is the jury's output, checked
/// first when given (an invalid one is a [`Verdict::Fail`]). `strict` demands the canonical answer
/// where the judge itself accepts any shortest one.
pub fn check(puzzle: &str, input: &[u8], output: &[u8], answer: Option<&[u8]>, strict: bool) -> Verdict {
    match puzzle {
        "msquare" => msquare::check(input, output, answer),
        "eight" => eight::check(input, output, answer, strict),
        "colour-hash" => colour_hash::check(input, output, answer),
        other => Verdict::Fail(format!("no checker for '{other}' (known: {})", PUZZLES.join(", "))),
    }
}

/// What judging one whole output gives: its move count and the first layout fault, if any; or
/// the first wrong answer.
pub type Judged = Result<(usize, Option<String>), String>;

/// The verdict on `output`, judged by `judge`, after the jury's `answer` (if any) is judged the
/// same way: a wrong or badly laid out jury answer is a failure, never the output's fault. `count`
/// and `noun` name the cases in the OK message (`ok 3 boards, 57 moves`).
pub fn verdict(
    judge: impl Fn(&[u8]) -> Judged,
    output: &[u8],
    answer: Option<&[u8]>,
    count: usize,
    noun: &str,
) -> Verdict {
    if let Some(answer) = answer {
        match judge(answer) {
            Ok((_, None)) => {}
            Ok((_, Some(fault))) => return Verdict::Fail(format!("the jury's answer is badly laid out: {fault}")),
            Err(why) => return Verdict::Fail(format!("the jury's answer is wrong: {why}")),
        }
    }
    match judge(output) {
        Err(why) => Verdict::WrongAnswer(why),
        Ok((_, Some(fault))) => Verdict::PresentationError(fault),
        Ok((moves, None)) => Verdict::Ok(format!("{count} {}, {moves} moves", plural(count, noun))),
    }
}

/// Whether `output` has a presentation fault: CR bytes, spaces at line ends, a missing final
/// newline; returns a description of the first one.
pub fn layout_fault(output: &[u8]) -> Option<String> {
    if output.contains(&b'\r') {
        return Some("CR characters (CRLF line ends)".into());
    }
    if !output.is_empty() && !output.ends_with(b"\n") {
        return Some("the last line does not end with a newline".into());
    }
    for (number, line) in output.split(|&b| b == b'\n').enumerate() {
        if line.last().is_some_and(|b| b.is_ascii_whitespace()) {
            return Some(format!("line {}: trailing whitespace", number + 1));
        }
    }
    None
}

/// `noun`, with an `s` unless `count` is 1.
pub fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        noun.to_string()
    } else {
        format!("{noun}s")
    }
}

/// `text` shortened to at most 40 characters for a message, with non-printing bytes escaped.
pub fn shorten(text: &[u8]) -> String {
    let shown: String = text.escape_ascii().to_string();
    if shown.len() > 40 {
        format!("{}...", &shown[..40])
    } else {
        shown
    }
}
