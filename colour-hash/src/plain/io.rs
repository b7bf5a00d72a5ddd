//! The judge's input and output in their plain form: the whole input's words (split at C's
//! whitespace, a leading byte-order mark skipped), numbers read by value: a count N, then N
//! configurations of 24 numbers, an answer line each. 24 numbers the puzzle cannot have are
//! answered `NO SOLUTION WAS FOUND IN 16 STEPS`, as the judge does, with a warning on stderr. A
//! word that is no number, a negative count, too few or too many numbers: the answers before
//! it, then `colour-hash: error: ...` on stderr, and exit status 1.

use std::io::{self, BufRead, ErrorKind, Write};
use std::process::ExitCode;

use super::{room, Config, Plain, GOAL, NUMBERS};

/// The program's name, the prefix of its warning and error lines.
pub const PROGRAM: &str = "colour-hash";

/// The program: stdin to stdout, and the warning and error lines on stderr.
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
    let (mut answers, mut warnings) = (String::new(), String::new());
    let mut outcome = read_input().and_then(|input| answer_all(&input, &mut answers, &mut warnings));
    if let Err(error) = output().and_then(|mut stdout| stdout.write_all(answers.as_bytes())) {
        // A reader that stopped early (`| head -1`) took all it wanted.
        if error.kind() != ErrorKind::BrokenPipe {
            outcome = outcome.and(Err(format!("i/o: {error}")));
        }
    }
    // A failing stderr loses its lines, not the status.
    let _ = io::stderr().write_all(warnings.as_bytes());
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
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

/// Answers every configuration of `input` into `answers`, with a line in `warnings` for each
/// one the puzzle cannot have.
///
/// # Errors
/// A message naming the first fault, after the answers before it.
pub fn answer_all(input: &[u8], answers: &mut String, warnings: &mut String) -> Result<(), String> {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let is_space = |byte: &u8| matches!(*byte, b' ' | b'\t'..=b'\r');
    let mut remaining = input.split(is_space).filter(|word| !word.is_empty());
    let count = match remaining.next() {
        None => return Ok(()),
        Some(word) => match value(word) {
            Some(count) if count >= 0 => count,
            _ => return Err(format!("the case count '{}' is not a number 0 or more", shown(word))),
        },
    };
    let mut plain = None;
    for case in 1..=count {
        let mut numbers = [0; NUMBERS];
        let mut pieces = true;
        for (place, number) in numbers.iter_mut().enumerate() {
            let word = match remaining.next() {
                Some(word) => word,
                None => return Err(format!("case {case}: the input ends after {place} of its 24 numbers")),
            };
            match value(word) {
                Some(piece) if (0..=10).contains(&piece) => *number = piece as u8,
                Some(_) => pieces = false,
                None => return Err(format!("case {case}: '{}' is not an integer", shown(word))),
            }
        }
        room(answers.try_reserve(40), "the answers")?;
        if pieces && is_configuration(&numbers) {
            if plain.is_none() {
                plain = Some(Plain::try_new()?);
            }
            answers.push_str(&plain.as_ref().expect("built above").answer_text(&numbers));
        } else {
            warnings.push_str(&format!(
                "{PROGRAM}: warning: case {case}: not a configuration of the puzzle\n"
            ));
            answers.push_str("NO SOLUTION WAS FOUND IN 16 STEPS");
        }
        answers.push('\n');
    }
    match remaining.next() {
        Some(word) => Err(format!(
            "unexpected '{}' after the {} cases the count announced",
            shown(word),
            count
        )),
        None => Ok(()),
    }
}

/// Whether 24 pieces 0..=10 are a configuration: the shared pieces agree, each wheel's places
/// alternate separator (even) and triangle (odd), and the 21 pieces are the goal's.
fn is_configuration(numbers: &Config) -> bool {
    let shared_agree = numbers[9..12] == numbers[21..24];
    let shapes_fit = (0..NUMBERS).all(|place| numbers[place] % 2 == (place % 12 % 2) as u8);
    let mut pieces = numbers[..21].to_vec();
    let mut goal = GOAL[..21].to_vec();
    pieces.sort_unstable();
    goal.sort_unstable();
    shared_agree && shapes_fit && pieces == goal
}

/// A word as an error line quotes it: its first 32 bytes, escaped.
fn shown(word: &[u8]) -> String {
    let more = if word.len() > 32 { "..." } else { "" };
    format!("{}{}", word[..word.len().min(32)].escape_ascii(), more)
}

/// A word's value if it is an optional `+` or `-` and digits, saturating far beyond any value
/// the input may hold.
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
    use super::super::{play, MOVES};
    use super::*;
    use crate::testkit::Random;

    /// The fast program's stdout on `input`, and whether it succeeded.
    fn fast(input: &str) -> (String, bool) {
        let mut out = Vec::new();
        let ok = crate::run(input.as_bytes(), &mut out, &mut io::sink(), &crate::Options::default()).is_ok();
        (String::from_utf8(out).unwrap(), ok)
    }

    /// This program's stdout on `input`, whether it succeeded, and its warning lines.
    fn plain(input: &str) -> (String, bool, usize) {
        let (mut answers, mut warnings) = (String::new(), String::new());
        let ok = answer_all(input.as_bytes(), &mut answers, &mut warnings).is_ok();
        (answers, ok, warnings.lines().count())
    }

    #[test]
    fn random_judge_inputs_are_answered_as_the_fast_program_does() {
        let mut random = Random::new(0x0704);
        let spaces = [" ", "\n", "\r\n", "\t", "  "];
        for _ in 0..40 {
            let count = random.below(12);
            let mut input = format!("{count}\n");
            let mut invalid = 0;
            for _ in 0..count {
                // Scrambles of up to 20 moves; one in eight made invalid by one changed number.
                let moves: Vec<u8> = (0..random.below(21)).map(|_| MOVES[random.below(4)]).collect();
                let mut numbers = play(&GOAL, &moves);
                if random.below(8) == 0 {
                    numbers[random.below(NUMBERS)] = 11;
                    invalid += 1;
                }
                for number in numbers {
                    input.push_str(&format!("{number}{}", spaces[random.below(spaces.len())]));
                }
            }
            let (answers, ok) = fast(&input);
            assert_eq!(plain(&input), (answers, ok, invalid), "{input:?}");
        }
        let goal = GOAL.map(|number| number.to_string()).join(" ");
        for bad in [
            format!("2 {goal}"),
            format!("1 {goal} 0"),
            "-1".to_string(),
            format!("2 {goal} x"),
        ] {
            let (answers, ok, _) = plain(&bad);
            assert!(!ok, "{bad:?}");
            assert_eq!((answers, ok), fast(&bad), "{bad:?}");
        }
    }
}
