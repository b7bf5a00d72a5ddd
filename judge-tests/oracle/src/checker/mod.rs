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
//! and the jury's answer in memory (and such an input) and a constant besides: the reference's
//! table, built on first need through [`crate::alloc`], so that memory refused for it is the
//! checker's failure ([`Verdict::Fail`]), never Rust's abort. A program may keep the built
//! tables on disk for its later processes ([`cache`]; the `judge` command does).

pub mod cache;
pub mod colour_hash;
pub mod eight;
pub mod layout;
pub mod msquare;
pub mod read;
pub mod verdict;

pub use read::{Input, OpenedInput};
pub use verdict::{plural, shorten, verdict, Judged, Level, Verdict};

use std::path::Path;

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
/// file ([`OpenedInput`]), held in memory otherwise; the output and the answer are read whole,
/// each at most [`read::MAX_HELD`] bytes ([`read::hold`]). An output that cannot be read (it is
/// missing, a folder) is a wrong answer; the checker's own failure to hold one (past that bound,
/// or out of memory) is a failure, never a verdict on the output, as is any failure on the input
/// or the answer. The files are held while [`alloc::HEADROOM`](crate::alloc::HEADROOM) bytes
/// are, given back before the check goes on (see [`crate::alloc`]).
pub fn check_files(puzzle: &str, input: &Path, output: &Path, answer: Option<&Path>, level: Level) -> Verdict {
    let named = |path: &Path, why: &read::HoldError| format!("{}: {why}", crate::escape(path.as_os_str()));
    // Room held while the files are, given back before anything else is allocated (a message
    // included): whichever hold is refused, the rest of the check has that room.
    let room = match crate::alloc::headroom() {
        Ok(room) => room,
        Err(refused) => return Verdict::Fail(refused.to_string()),
    };
    let held = hold_all(input, output, answer);
    drop(room);
    match held {
        Ok((opened, output, answer)) => check_at(puzzle, &opened, &output, answer.as_deref(), level),
        Err((path, Held::Output, why)) if !why.is_checkers() => {
            Verdict::WrongAnswer(format!("cannot read the output: {}", named(path, &why)))
        }
        Err((path, Held::Output, why)) => Verdict::Fail(format!("cannot hold the output: {}", named(path, &why))),
        Err((path, _, why)) => Verdict::Fail(named(path, &why)),
    }
}

/// Which of the files [`hold_all`] could not hold.
enum Held {
    Input,
    Answer,
    Output,
}

/// The input opened, the output and the answer held; or the first file that could not be, and
/// why.
#[allow(clippy::type_complexity)]
fn hold_all<'p>(
    input: &'p Path,
    output: &'p Path,
    answer: Option<&'p Path>,
) -> Result<(OpenedInput, Vec<u8>, Option<Vec<u8>>), (&'p Path, Held, read::HoldError)> {
    let opened = OpenedInput::open(input).map_err(|why| (input, Held::Input, why))?;
    let answer = answer
        .map(|path| read::hold_file(path).map_err(|why| (path, Held::Answer, why)))
        .transpose()?;
    let output = read::hold_file(output).map_err(|why| (output, Held::Output, why))?;
    Ok((opened, output, answer))
}
