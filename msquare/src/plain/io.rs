//! The judge's input and output in their plain form: read the whole input, split it into words
//! at whitespace, take the eight numbers of the target, print its answer.
//!
//! - Whitespace is C's `isspace` (space, `\t`, `\n`, `\v`, `\f`, `\r`), and a UTF-8 byte-order
//!   mark at the very start is skipped.
//! - A number is an optional sign and digits, read by value (`007` and `+7` are 7).
//! - Bad input (not eight numbers, a number outside 1..8 or repeated, anything after the eighth)
//!   prints nothing on stdout and one line on stderr, `msquare: error: ...`, with exit status 1.

use std::io::{self, BufRead, ErrorKind, Write};
use std::process::ExitCode;

use super::{room, Board, Plain, CELLS};

/// The program's name, the prefix of its error line.
pub const PROGRAM: &str = "msquare";

/// Moves per line of the printed sequence.
const LINE_WIDTH: usize = 60;

/// The program: stdin to stdout, and the error line on stderr.
pub fn main() -> ExitCode {
    // Room for std's own buffers (stdin's 8 KB) first: refused, one line made without allocating.
    if Vec::<u8>::new().try_reserve(1 << 16).is_err() {
        let _ = writeln!(
            io::stderr(),
            "{}: error: out of memory: cannot allocate 64 KiB to start",
            PROGRAM
        );
        return ExitCode::FAILURE;
    }
    let mut answers = String::new();
    let mut outcome = read_input().and_then(|input| answer_all(&input, &mut answers));
    if let Err(error) = output().and_then(|mut stdout| stdout.write_all(answers.as_bytes())) {
        // A reader that stopped early (`| head -1`) took all it wanted.
        if error.kind() != ErrorKind::BrokenPipe {
            outcome = outcome.and(Err(format!("i/o: {error}")));
        }
    }
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            // A failing stderr loses the line, not the status.
            let _ = writeln!(io::stderr(), "{PROGRAM}: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// All of stdin, grown by `try_reserve`, or the error line's words: an endless stream
/// (`< /dev/zero`) ends at 64 MiB.
pub fn read_input() -> Result<Vec<u8>, String> {
    let (mut input, mut stdin) = (Vec::new(), io::stdin().lock());
    loop {
        let chunk = stdin.fill_buf().map_err(|error| format!("i/o: {error}"))?;
        let (count, total) = (chunk.len(), input.len() + chunk.len());
        if count == 0 {
            return Ok(input);
        } else if total > 1 << 26 {
            return Err(format!("the input is longer than {} bytes", 1 << 26));
        }
        room(input.try_reserve(count), "the input")?;
        input.extend_from_slice(chunk);
        stdin.consume(count);
    }
}

/// stdout as a copy of its descriptor: std's own takes a refused write (`1< /dev/null`) for success.
#[cfg(unix)]
fn output() -> io::Result<std::fs::File> {
    use std::os::fd::AsFd;
    Ok(std::fs::File::from(io::stdout().as_fd().try_clone_to_owned()?))
}

#[cfg(not(unix))]
fn output() -> io::Result<io::Stdout> {
    Ok(io::stdout())
}

/// Answers the target in `input`, appending the answer to `answers`.
///
/// # Errors
/// A message naming what is wrong with the input (nothing is appended then).
pub fn answer_all(input: &[u8], answers: &mut String) -> Result<(), String> {
    answer_all_with(input, answers, &mut None)
}

/// [`answer_all`] with the breadth-first search in `plain`: searched once the target is read when
/// `None`, and left there, so that the tests' many inputs share one search.
fn answer_all_with(input: &[u8], answers: &mut String, plain: &mut Option<Plain>) -> Result<(), String> {
    let target = read_target(input)?;
    if plain.is_none() {
        *plain = Some(Plain::try_new()?);
    }
    let plain = plain.as_ref().expect("searched above");
    write_answer(answers, plain.distance(&target), &plain.sequence(&target));
    Ok(())
}

/// Reads the target: exactly eight numbers, a permutation of 1..8.
///
/// # Errors
/// A message naming the first fault.
pub fn read_target(input: &[u8]) -> Result<Board, String> {
    let mut remaining = words(input);
    let mut target = [0; CELLS];
    let mut seen = [false; CELLS];
    for (count, cell) in target.iter_mut().enumerate() {
        let word = match remaining.next() {
            Some(word) => word,
            None => return Err(format!("expected 8 distinct integers 1..8, found {}", count)),
        };
        let colour = match value(word) {
            Some(colour) if (1..=CELLS as i64).contains(&colour) => colour as usize,
            _ => return Err(format!("'{}' is not an integer 1..8", shown(word))),
        };
        if seen[colour - 1] {
            return Err(format!("{} appears twice; expected 8 distinct integers 1..8", colour));
        }
        seen[colour - 1] = true;
        *cell = (colour - 1) as u8;
    }
    match remaining.next() {
        Some(word) => Err(format!("unexpected '{}' after the eighth number", shown(word))),
        None => Ok(target),
    }
}

/// Writes the answer as the judge wants it: the length, then the moves 60 a line (one empty line
/// when there are none).
pub fn write_answer(answers: &mut String, length: usize, moves: &[u8]) {
    answers.push_str(&format!("{}\n", length));
    if moves.is_empty() {
        answers.push('\n');
    }
    for line in moves.chunks(LINE_WIDTH) {
        answers.push_str(&String::from_utf8_lossy(line));
        answers.push('\n');
    }
}

/// The words of `input`: its runs of bytes other than C's whitespace, after a byte-order mark.
fn words(input: &[u8]) -> impl Iterator<Item = &[u8]> {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let is_space = |byte: &u8| matches!(*byte, b' ' | b'\t'..=b'\r');
    input.split(is_space).filter(|word| !word.is_empty())
}

/// A word as an error line quotes it: its first 32 bytes, escaped.
fn shown(word: &[u8]) -> String {
    let more = if word.len() > 32 { "..." } else { "" };
    format!("{}{}", word[..word.len().min(32)].escape_ascii(), more)
}

/// The value of a word that is an optional `+` or `-` and then digits, saturating far beyond any
/// value the input may hold; `None` for any other word.
fn value(word: &[u8]) -> Option<i64> {
    let (negative, digits) = match word.first() {
        Some(b'-') => (true, &word[1..]),
        Some(b'+') => (false, &word[1..]),
        _ => (false, word),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let magnitude = digits.iter().fold(0i64, |value, &digit| {
        value.saturating_mul(10).saturating_add(i64::from(digit - b'0'))
    });
    Some(if negative { -magnitude } else { magnitude })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::Random;

    /// The fast program's stdout on `input`, and whether it succeeded.
    fn fast(input: &str) -> (String, bool) {
        let mut out = Vec::new();
        let ok = crate::run(input.as_bytes(), &mut out, &mut io::sink(), &crate::Options::default()).is_ok();
        (String::from_utf8(out).unwrap(), ok)
    }

    /// This program's stdout on `input`, and whether it succeeded, with the search in `search`
    /// (done for the first input that needs it, as [`answer_all`] does it for its one input).
    fn plain(input: &str, search: &mut Option<Plain>) -> (String, bool) {
        let mut answers = String::new();
        let ok = answer_all_with(input.as_bytes(), &mut answers, search).is_ok();
        (answers, ok)
    }

    #[test]
    fn random_judge_inputs_are_answered_as_the_fast_program_does() {
        let mut random = Random::new(0x2730);
        let spaces = [" ", "  ", "\t", "\n", "\r\n", "\x0b", "\x0c", "\n\n "];
        // One breadth-first search for every input: the first builds it, the others read it.
        let mut search = None;
        for _ in 0..200 {
            let mut colours: Vec<u8> = (1..=8).collect();
            random.shuffle(&mut colours);
            let mut input = String::from(["", "\u{feff}", "\n"][random.below(3)]);
            for colour in colours {
                input.push_str(["", "+", "0"][random.below(3)]);
                input.push_str(&format!("{colour}{}", spaces[random.below(spaces.len())]));
            }
            assert_eq!(plain(&input, &mut search), fast(&input), "{input:?}");
        }
        assert!(search.is_some());
        for bad in [
            "",
            "1 2 3",
            "1 2 3 4 5 6 7 9",
            "1 1 2 3 4 5 6 7",
            "1 2 3 4 5 6 7 8 9",
            "x",
            "1 2 3 4 5 6 7 8x",
            "-1",
        ] {
            // Refused as read, before any search.
            let mut unsearched = None;
            assert_eq!(plain(bad, &mut unsearched), (String::new(), false), "{bad:?}");
            assert!(unsearched.is_none(), "{bad:?}");
            assert_eq!(fast(bad), (String::new(), false), "{bad:?}");
        }
    }
}
