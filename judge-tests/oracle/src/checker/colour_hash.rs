//! The Colour Hash checker: one answer line per configuration. `PUZZLE ALREADY SOLVED` exactly
//! for the goal; `NO SOLUTION WAS FOUND IN 16 STEPS` exactly when no solution has 16 moves or
//! fewer; otherwise digits 1-4 that reach the goal, as few as possible, and among those the
//! smallest number (UVa 704's statement, [`Level::Judge`] and [`Level::Strict`]), or any of the
//! shortest with [`Level::Shortest`].
//!
//! The input: a count N, then 24·N numbers, by the shared grammar (any length, by value, with an
//! optional sign); an empty input has no configurations. A number outside 0..=10 makes its
//! configuration impossible (answered `NO SOLUTION ...`), never the input invalid.

use super::cache;
use super::layout;
use super::read::{Input, Reader};
use super::verdict::{self, shorten, unreadable, Judged, Level, Verdict};
use crate::reference::colour_hash::{self as reference, ColourHash, Config};
use std::sync::OnceLock;

const SOLVED: &str = "PUZZLE ALREADY SOLVED";
const NO_SOLUTION: &str = "NO SOLUTION WAS FOUND IN 16 STEPS";

/// The reference solver, built once per process.
static TABLE: OnceLock<ColourHash> = OnceLock::new();

/// The reference solver, built on first use ([`check`] has built it fallibly first).
fn solver() -> &'static ColourHash {
    TABLE.get_or_init(ColourHash::new)
}

/// The reference solver, built on first use, or why its memory was refused.
fn try_solver() -> Result<&'static ColourHash, String> {
    if let Some(solver) = TABLE.get() {
        return Ok(solver);
    }
    let built = crate::alloc::with_headroom(|| {
        cache::kept_or_built(
            "colour-hash",
            cache::decode_colour_hash,
            cache::encode_colour_hash,
            ColourHash::try_new,
        )
    })
    .map_err(|refused| refused.to_string())?;
    Ok(TABLE.get_or_init(|| built))
}

/// The rule applied at `level`, for messages.
pub fn rule(level: Level) -> &'static str {
    match level {
        Level::Judge | Level::Strict => "the shortest of at most 16 moves with the smallest number (UVa 704)",
        Level::Shortest => "any shortest sequence of at most 16 moves (--checker-level shortest)",
    }
}

/// Streams the configurations of a validated input.
struct Configs<'a> {
    reader: Reader<'a>,
}

impl<'a> Configs<'a> {
    /// Opens the input past its count; `Ok(None)` for an empty input.
    fn open(input: &'a (impl Input + ?Sized)) -> Result<(Self, u64), String> {
        let mut reader = Reader::new(input).map_err(unreadable)?;
        let count = match reader.next_token() {
            None => 0,
            Some(token) => token
                .number
                .and_then(|n| n.non_negative())
                .ok_or_else(|| format!("the count '{}' is not a number 0 or more", token.shown()))?,
        };
        Ok((Configs { reader }, count))
    }

    /// The next configuration (numbers outside 0..=10 as 255), or why a token is not a number.
    fn next(&mut self) -> Result<Option<Config>, String> {
        let mut config = [0u8; 24];
        for (place, slot) in config.iter_mut().enumerate() {
            let Some(token) = self.reader.next_token() else {
                if let Some(error) = self.reader.error() {
                    return Err(unreadable(error));
                }
                return if place == 0 {
                    Ok(None)
                } else {
                    Err(format!("the input ends after {place} of a configuration's 24 numbers"))
                };
            };
            let number = token
                .number
                .ok_or_else(|| format!("line {}: '{}' is not a number", token.line, token.shown()))?;
            *slot = match number.non_negative() {
                Some(value) if value <= 10 => value as u8,
                _ => u8::MAX,
            };
        }
        Ok(Some(config))
    }
}

/// Validates the input; returns the count of configurations.
fn read_count(input: &(impl Input + ?Sized)) -> Result<u64, String> {
    let (mut configs, count) = Configs::open(input)?;
    let mut read = 0u64;
    while configs.next()?.is_some() {
        read += 1;
        if read > count {
            return Err(format!("more configurations than the count {count}"));
        }
    }
    if read != count {
        return Err(format!("{read} configurations for the count {count}"));
    }
    Ok(count)
}

/// The one right answer line for `config` by the statement's rule: `PUZZLE ALREADY SOLVED`, the
/// smallest shortest move string, or `NO SOLUTION ...` (also for an impossible configuration).
pub fn expected_answer(config: &Config) -> String {
    truth(config)
}

/// The one right answer line for `config`. A configuration that cannot be the puzzle (a number
/// outside 0..=10, or the two wheels disagreeing on their three shared pieces) has no solution:
/// it is checked here because the moves, which copy the shared pieces from one wheel to the
/// other, would otherwise "repair" it.
fn truth(config: &Config) -> String {
    if config.iter().any(|&number| number > 10) || config[9..12] != config[21..24] {
        return NO_SOLUTION.to_string();
    }
    solver().answer(config)
}

/// One answer as its tokens: a claim (its words) or a move string.
#[derive(Debug)]
enum Answer<'o> {
    Claim(&'static str),
    Moves(&'o [u8]),
}

/// Splits the output's tokens into answers: `PUZZLE` and `NO` begin the two claims, whose words
/// must follow; any other token is a move string.
fn answers(output: &[u8]) -> impl Iterator<Item = Result<Answer<'_>, String>> {
    let mut tokens = super::read::tokens(output);
    std::iter::from_fn(move || {
        let first = tokens.next()?;
        let claim = [SOLVED, NO_SOLUTION]
            .into_iter()
            .find(|claim| claim.split(' ').next() == Some(std::str::from_utf8(first).unwrap_or("")));
        Some(match claim {
            None => Ok(Answer::Moves(first)),
            Some(claim) => {
                let mut said = vec![first];
                for word in claim.split(' ').skip(1) {
                    match tokens.next() {
                        Some(token) if token == word.as_bytes() => said.push(token),
                        other => {
                            said.extend(other);
                            let said: Vec<String> = said.iter().map(|token| shorten(token)).collect();
                            return Some(Err(format!("\"{}\" is not \"{claim}\"", said.join(" "))));
                        }
                    }
                }
                Ok(Answer::Claim(claim))
            }
        })
    })
}

/// Judges one answer's content; returns its move count.
fn judge_answer(config: &Config, answer: &Answer, level: Level) -> Result<u64, String> {
    let truth = truth(config);
    let moves = match *answer {
        Answer::Claim(claim) if claim == truth => return Ok(0),
        Answer::Claim(SOLVED) => return Err(format!("\"{SOLVED}\" for a configuration that is not the goal")),
        Answer::Claim(_) if truth == SOLVED => {
            return Err(format!("\"{NO_SOLUTION}\" for a configuration that is already solved"))
        }
        Answer::Claim(_) => {
            return Err(format!(
                "\"{NO_SOLUTION}\", but the {} {} \"{truth}\" solve it",
                truth.len(),
                verdict::plural(truth.len() as u64, "move")
            ))
        }
        Answer::Moves(moves) => moves,
    };
    if !moves.iter().all(|b| (b'1'..=b'4').contains(b)) {
        return Err(format!("\"{}\" is not a sequence of moves 1-4", shorten(moves)));
    }
    if reference::replay(config, moves) != Some(reference::GOAL) {
        return Err(format!("\"{}\" does not reach the goal", shorten(moves)));
    }
    if truth == SOLVED || truth == NO_SOLUTION {
        // Reaching the goal in more than 16 moves, or from the goal itself.
        return Err(format!("\"{}\" where the answer is \"{truth}\"", shorten(moves)));
    }
    if moves.len() > truth.len() {
        return Err(format!("{} moves where {} suffice", moves.len(), truth.len()));
    }
    if level == Level::Shortest || moves == truth.as_bytes() {
        return Ok(moves.len() as u64);
    }
    Err(format!(
        "\"{}\" is shortest but not the smallest number; \"{truth}\" is",
        shorten(moves)
    ))
}

/// For an output with another number of answers than configurations, the first answer that is
/// wrong, read in order against the configurations: a wrong one (`case 2: "1111" does not reach
/// the goal`), the first configuration left without one (`case 3: no answer: the output ends after
/// answer 2`), or one after the last configuration's. `None` if none is (it cannot be: the counts
/// differ).
fn first_wrong(input: &(impl Input + ?Sized), output: &[u8], level: Level) -> Result<Option<String>, String> {
    let (mut configs, _) = Configs::open(input)?;
    let mut answers = answers(output).enumerate();
    let mut read = 0;
    while let Some(config) = configs.next()? {
        read += 1;
        let Some((index, answer)) = answers.next() else {
            return Ok(Some(if read == 1 {
                "case 1: no answer: the output is empty".to_string()
            } else {
                format!("case {read}: no answer: the output ends after answer {}", read - 1)
            }));
        };
        let answer = answer.expect("checked by the caller");
        if let Err(why) = judge_answer(&config, &answer, level) {
            return Ok(Some(format!("case {}: {why}", index + 1)));
        }
    }
    Ok(answers
        .next()
        .map(|(index, _)| format!("answer {}: after the last configuration's", index + 1)))
}

/// Judges a whole output: content by tokens, then layout.
fn judge_output(input: &(impl Input + ?Sized), count: u64, output: &[u8], level: Level) -> Result<Judged, String> {
    let mut given = 0u64;
    for answer in answers(output) {
        if let Err(why) = answer {
            return Ok(Err(format!("answer {}: {why}", given + 1)));
        }
        given += 1;
    }
    if given != count {
        let counted = format!(
            "found {given} {} for {count} {}",
            verdict::plural(given, "answer"),
            verdict::plural(count, "configuration")
        );
        return Ok(Err(match first_wrong(input, output, level)? {
            Some(first) => format!("{first}; in all, {counted}"),
            None => counted,
        }));
    }
    let (mut configs, _) = Configs::open(input)?;
    let mut moves = 0;
    for (index, answer) in answers(output).enumerate() {
        let config = configs.next()?.ok_or("the input changed while it was read")?;
        match judge_answer(&config, &answer.expect("checked above"), level) {
            Ok(count) => moves += count,
            Err(why) => return Ok(Err(format!("case {}: {why}", index + 1))),
        }
    }
    let lines = answers(output).map(|answer| match answer {
        Ok(Answer::Claim(claim)) => claim.split(' ').count() as u8,
        _ => 1,
    });
    Ok(Ok((moves, layout::fault(output, lines, "answer"))))
}

/// Checks a Colour Hash output (see the module docs).
pub fn check(input: &(impl Input + ?Sized), output: &[u8], answer: Option<&[u8]>, level: Level) -> Verdict {
    let count = match read_count(input) {
        Ok(count) => count,
        Err(why) => return Verdict::Fail(why),
    };
    // Without memory for the reference's table nothing can be judged.
    if count > 0 {
        if let Err(why) = try_solver() {
            return Verdict::Fail(why);
        }
    }
    verdict::verdict(
        |text| judge_output(input, count, text, level),
        output,
        answer,
        (count, "configuration"),
        rule(level),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &[u8] = b"3\n0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n0 3 4 5 0 3 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n0 9 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 3 0 1 2 1\n";
    const RIGHT: &[u8] = b"PUZZLE ALREADY SOLVED\n1434332334332323\nNO SOLUTION WAS FOUND IN 16 STEPS\n";

    fn status(input: &[u8], output: &[u8], level: Level) -> u8 {
        check(input, output, None, level).exit_code()
    }

    #[test]
    fn verdicts() {
        assert!(check(SAMPLE, RIGHT, None, Level::Judge)
            .to_string()
            .starts_with("ok 3 configurations, 16 moves (rule: the shortest"));
        assert_eq!(check(SAMPLE, RIGHT, Some(RIGHT), Level::Judge).exit_code(), 0);
        let wrong_claim =
            b"PUZZLE ALREADY SOLVED\nNO SOLUTION WAS FOUND IN 16 STEPS\nNO SOLUTION WAS FOUND IN 16 STEPS\n";
        assert_eq!(status(SAMPLE, wrong_claim, Level::Judge), 1);
        let spaced = b"PUZZLE ALREADY SOLVED\n\n1434332334332323\nNO SOLUTION WAS FOUND IN 16 STEPS\n";
        assert_eq!(status(SAMPLE, spaced, Level::Judge), 2);
        let split = b"PUZZLE ALREADY\nSOLVED\n1434332334332323\nNO SOLUTION WAS FOUND IN 16 STEPS\n";
        assert_eq!(status(SAMPLE, split, Level::Judge), 2);
        assert_eq!(
            status(SAMPLE, b"PUZZLE ALREADY SOLVED\n1434332334332323\n", Level::Judge),
            1
        );
        assert_eq!(
            status(SAMPLE, b"PUZZLE SOLVED\n1434332334332323\nNO\n", Level::Judge),
            1
        );
        assert_eq!(check(SAMPLE, RIGHT, Some(b"x\n"), Level::Judge).exit_code(), 3);
    }

    #[test]
    fn messages_read_right() {
        let said = |output: &[u8]| check(SAMPLE, output, None, Level::Judge).to_string();
        assert!(said(b"PUZZLE ALREADY SOLVED\n").starts_with(
            "wrong answer case 2: no answer: the output ends after answer 1; in all, found 1 answer for 3 configurations"
        ));
        // The first wrong answer is named, before the count.
        assert!(said(b"PUZZLE ALREADY SOLVED\n1111\n")
            .starts_with("wrong answer case 2: \"1111\" does not reach the goal; in all, found 2 answers"));
        assert!(said(b"").starts_with("wrong answer case 1: no answer: the output is empty;"));
        let extra = [RIGHT, b"12\n"].concat();
        assert!(said(&extra).starts_with("wrong answer answer 4: after the last configuration's;"));
        let no_solution =
            said(b"NO SOLUTION WAS FOUND IN 16 STEPS\n1434332334332323\nNO SOLUTION WAS FOUND IN 16 STEPS\n");
        assert!(
            no_solution
                .contains("case 1: \"NO SOLUTION WAS FOUND IN 16 STEPS\" for a configuration that is already solved"),
            "{no_solution}"
        );
        let solvable =
            said(b"PUZZLE ALREADY SOLVED\nNO SOLUTION WAS FOUND IN 16 STEPS\nNO SOLUTION WAS FOUND IN 16 STEPS\n");
        assert!(
            solvable.contains(
                "case 2: \"NO SOLUTION WAS FOUND IN 16 STEPS\", but the 16 moves \"1434332334332323\" solve it"
            ),
            "{solvable}"
        );
    }

    #[test]
    fn shortest_accepts_another_shortest_answer() {
        // Some three-move scramble has a second shortest answer besides the smallest number.
        let all = |length: u32| {
            (0..4u32.pow(length)).map(move |code| {
                (0..length)
                    .map(|place| b'1' + (code / 4u32.pow(place) % 4) as u8)
                    .collect::<Vec<u8>>()
            })
        };
        let (config, other) = all(3)
            .find_map(|scramble| {
                let config = reference::replay(&reference::GOAL, &scramble).unwrap();
                let truth = truth(&config);
                let other = all(truth.len() as u32).find(|moves| {
                    *moves != truth.as_bytes() && reference::replay(&config, moves) == Some(reference::GOAL)
                })?;
                Some((config, other))
            })
            .expect("a scramble with two shortest answers");
        let input = format!("1\n{}\n", config.map(|n| n.to_string()).join(" "));
        let other = [other, b"\n".to_vec()].concat();
        assert_eq!(status(input.as_bytes(), &other, Level::Judge), 1);
        assert_eq!(status(input.as_bytes(), &other, Level::Strict), 1);
        assert_eq!(status(input.as_bytes(), &other, Level::Shortest), 0);
        assert!(check(input.as_bytes(), &other, None, Level::Judge)
            .to_string()
            .contains("not the smallest number"));
    }

    #[test]
    fn grammar_and_arithmetic() {
        // -0, +3 and leading zeros are numbers by value; a huge count with no cases is a fail.
        let goal = "0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1";
        let signed = format!("+01\n-0 +3 0004{}\n", &goal[5..]);
        assert_eq!(status(signed.as_bytes(), b"PUZZLE ALREADY SOLVED\n", Level::Judge), 0);
        assert_eq!(status(b"2305843009213693952\n", b"", Level::Judge), 3);
        assert_eq!(status(b"2305843009213693952\n1 2 3\n", b"", Level::Judge), 3);
        assert_eq!(status(b"0\n", b"PUZZLE ALREADY SOLVED\n", Level::Judge), 1);
        assert_eq!(status(b"0\n", b"", Level::Judge), 0);
        assert_eq!(status(b"", b"", Level::Judge), 0);
        assert_eq!(status(b"-1\n", b"", Level::Judge), 3);
        // A number outside 0..=10, however written, is an impossible configuration.
        let big = format!("1\n{}99999999999999999999999 {}\n", "0".repeat(40), &goal[2..]);
        assert_eq!(
            status(big.as_bytes(), b"NO SOLUTION WAS FOUND IN 16 STEPS\n", Level::Judge),
            0
        );
    }
}
