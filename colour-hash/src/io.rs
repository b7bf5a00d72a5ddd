//! Reading the cases (the count, 24 numbers each, errors with their case and position) and
//! writing one answer line per case: the run a judge sees.

use std::io::{self, BufRead, BufWriter, Write};

use common::cli::Failure;
use common::scan::{ScanError, Scanner};

use crate::search::{goal_depth_for, Solver};
use crate::state::{Answer, State, MAX_MOVES, NUMBERS};

/// The program's name, the prefix of its warning and error lines.
pub const PROGRAM: &str = "colour-hash";

/// Draws one case on the diagnostics stream: the case number, its start (`None` when the numbers
/// are not a configuration of the puzzle) and its answer.
pub type Tracer = fn(&mut dyn Write, u64, Option<State>, &Answer) -> io::Result<()>;

/// How a run answers. `Options::default()` is exactly what a judge runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Called for every case after its answer, writing to the diagnostics stream (`--trace`).
    pub trace: Option<Tracer>,
    /// The depth G of the goal-side table (`--goal-depth`); `None` sizes it to the run's count.
    pub goal_depth: Option<u8>,
}

/// "1 case", "3 cases".
fn cases(count: u64) -> String {
    format!("{count} case{}", if count == 1 { "" } else { "s" })
}

/// Reads the case count: `None` for empty input.
fn read_count<R: BufRead>(scanner: &mut Scanner<R>) -> Result<Option<u64>, Failure> {
    let count = match scanner.next_integer() {
        Ok(Some(count)) => count,
        Ok(None) => return Ok(None),
        Err(ScanError::NotInteger { position, token }) => {
            return Err(Failure::Input(format!(
                "{position}: the case count '{token}' is not an integer"
            )))
        }
        Err(other) => return Err(other.into()),
    };
    let at = count.position();
    match count.value() {
        Some(value) if value >= 0 => Ok(Some(value as u64)),
        Some(value) => Err(Failure::Input(format!("{at}: the case count {value} is negative"))),
        None => Err(Failure::Input(format!("{at}: the case count '{count}' is too large"))),
    }
}

/// Reads case number `case` of `count`: its 24 numbers, or the first reason they are not a
/// configuration (a number outside 0..=10 is named here, the rest by `State::from_numbers`).
fn read_case<R: BufRead>(
    scanner: &mut Scanner<R>,
    case: u64,
    count: u64,
) -> Result<Result<[u8; NUMBERS], String>, Failure> {
    let mut numbers = [0u8; NUMBERS];
    let mut not_a_piece = None;
    for (place, number) in numbers.iter_mut().enumerate() {
        let read = match scanner.next_integer() {
            Ok(Some(read)) => read,
            Ok(None) => {
                return Err(Failure::Input(if place == 0 {
                    format!(
                        "case {case}: missing: the count announced {} but the input ends after {}",
                        cases(count),
                        case - 1
                    )
                } else {
                    format!("case {case}: the input ends after {place} of its 24 numbers")
                }))
            }
            Err(ScanError::Io(error)) => return Err(Failure::Io(error)),
            Err(error) => return Err(Failure::Input(format!("case {case}: {error}"))),
        };
        match read.value() {
            Some(value) if (0..=10).contains(&value) => *number = value as u8,
            // Well-formed but not a piece: the configuration is invalid, the input is not broken.
            // Quoted as written: a value beyond i64 is known only by its first bytes.
            _ => {
                if not_a_piece.is_none() {
                    not_a_piece = Some(format!("number {} is {read}, not a piece 0..10", place + 1));
                }
            }
        }
    }
    Ok(match not_a_piece {
        Some(reason) => Err(reason),
        None => Ok(numbers),
    })
}

/// Writes `answer` and a line feed in one call, so a write error never leaves half a line.
fn write_answer(out: &mut impl Write, answer: &Answer) -> io::Result<()> {
    match answer {
        Answer::AlreadySolved => out.write_all(b"PUZZLE ALREADY SOLVED\n"),
        Answer::NoSolution => out.write_all(b"NO SOLUTION WAS FOUND IN 16 STEPS\n"),
        Answer::Moves(solution) => {
            let mut line = [b'\n'; MAX_MOVES + 1];
            for (digit, step) in line.iter_mut().zip(solution.moves()) {
                *digit = b'0' + step.number();
            }
            out.write_all(&line[..=solution.moves().len()])
        }
    }
}

/// The whole program: reads N and N configurations from `input`, writes one answer line per
/// configuration to `output`, case by case, and one warning line per invalid configuration to
/// `diagnostics` (`colour-hash: warning: case 3: ...`), with the trace there too if
/// `options.trace` is set. Writes to `diagnostics` never fail the run.
///
/// - Empty (or all-whitespace) input: no output, `Ok`.
/// - A configuration that is well formed but cannot be the puzzle (a number outside 0..=10,
///   however large, shared numbers that disagree, a piece of the wrong shape for its place, the
///   wrong pieces): `NO SOLUTION WAS FOUND IN 16 STEPS` and a warning.
/// - A count that is negative, not an integer or beyond `i64`: an error before any output.
///   A large count is taken at its word: cases are answered as they come, and if the input
///   ends first that is an error after the answers.
/// - Anything after the N cases: an error after the N answers (the count and the cases disagree).
///
/// # Errors
/// [`Failure::Input`] naming the case (or position) and the problem, after every answer before
/// it has been written and flushed; [`Failure::Io`] if reading or writing `output` fails;
/// [`Failure::OutOfMemory`], after the answers before it, if not even the smallest goal-side
/// table can be allocated.
///
/// # Complexity
/// The goal-side table once, at the first configuration that needs it, then one search per
/// configuration (bounds in the crate docs). Memory stays flat however long the input: one case
/// is read, answered and buffered at a time.
pub fn run(
    input: impl BufRead,
    output: impl Write,
    diagnostics: &mut dyn Write,
    options: &Options,
) -> Result<(), Failure> {
    let mut out = BufWriter::new(output);
    let answered = answer_cases(input, &mut out, diagnostics, options);
    // The answers before a bad case are printed even when the run fails.
    let flushed = out.flush();
    answered?;
    flushed?;
    Ok(())
}

fn answer_cases(
    input: impl BufRead,
    out: &mut impl Write,
    diagnostics: &mut dyn Write,
    options: &Options,
) -> Result<(), Failure> {
    let mut scanner = Scanner::new(input);
    let Some(count) = read_count(&mut scanner)? else {
        return Ok(());
    };
    let mut solver: Option<Solver> = None;
    for case in 1..=count {
        let checked = read_case(&mut scanner, case, count)?
            .and_then(|numbers| State::from_numbers(&numbers).map_err(|invalid| invalid.to_string()));
        let answer = match checked {
            Ok(start) => {
                // Built at the first configuration that needs it; a smaller table if the chosen
                // one does not fit (the answers are the same).
                if solver.is_none() {
                    let depth = options.goal_depth.unwrap_or_else(|| goal_depth_for(count));
                    solver = Some(Solver::fitting(depth)?);
                }
                solver.as_ref().expect("built above").solve(start)
            }
            Err(ref reason) => {
                let _ = writeln!(diagnostics, "{PROGRAM}: warning: case {case}: {reason}");
                Answer::NoSolution
            }
        };
        write_answer(out, &answer)?;
        if let Some(trace) = options.trace {
            // Stderr is unbuffered: one write per case instead of one per line.
            let mut drawing = Vec::new();
            let _ = trace(&mut drawing, case, checked.ok(), &answer);
            let _ = diagnostics.write_all(&drawing);
        }
    }
    // Named by its first bytes, however long it is.
    if let Some((at, token)) = scanner.next_excerpt()? {
        return Err(Failure::Input(format!(
            "{at}: unexpected '{token}' after the {} the count announced",
            cases(count)
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::GOAL;
    use crate::testkit::{answer, OFFICIAL_SAMPLE};
    use std::io::Read;

    /// The judge's run (default options) on `input`.
    fn judge(input: &str) -> (Result<String, String>, String) {
        answer(input, &Options::default())
    }

    #[test]
    fn official_sample() {
        let (input, expected) = OFFICIAL_SAMPLE;
        let (outcome, warnings) = judge(input);
        assert_eq!(outcome.unwrap(), expected);
        assert_eq!(warnings, "");
    }

    #[test]
    fn invalid_configurations_warn_and_answer_no_solution() {
        let cases = [
            (
                "0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 11 9 0 1 2 1",
                "number 19 is 11, not a piece 0..10",
            ),
            (
                "0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 -1",
                "number 24 is -1, not a piece 0..10",
            ),
            (
                "0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 99999999999999999999",
                "number 24 is 99999999999999999999, not a piece 0..10",
            ),
            (
                "0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 3",
                "numbers 12 and 24 are the same shared piece but read 1 and 3",
            ),
            (
                "3 0 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1",
                "number 1 is 3, a triangle, in a separator's place",
            ),
            (
                "0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 2 9 0 1 2 1",
                "piece 2 appears 2 times; the puzzle has 1",
            ),
        ];
        for (number, (numbers, reason)) in cases.iter().enumerate() {
            let (outcome, warnings) = judge(&format!("2\n{}\n{numbers}\n", GOAL.map(|n| n.to_string()).join(" ")));
            assert_eq!(
                outcome.unwrap(),
                "PUZZLE ALREADY SOLVED\nNO SOLUTION WAS FOUND IN 16 STEPS\n",
                "{number}"
            );
            assert_eq!(warnings, format!("colour-hash: warning: case 2: {reason}\n"));
        }
    }

    #[test]
    fn malformed_input_keeps_earlier_answers_and_names_the_case() {
        let goal = GOAL.map(|n| n.to_string()).join(" ");
        let solved = "PUZZLE ALREADY SOLVED\n";
        assert_eq!(judge("").0.unwrap(), "");
        assert_eq!(judge(" \n\t\r\n").0.unwrap(), "");
        assert_eq!(judge("0\n").0.unwrap(), "");
        assert_eq!(
            judge(&format!("1\r\n{}\r\n", goal.replace(' ', "\t"))).0.unwrap(),
            solved
        );
        assert_eq!(
            judge(&format!("3\n{goal}\n{goal}\n0 3 x")).0.unwrap_err(),
            format!("{solved}{solved}|case 3: line 4, column 5: 'x' is not an integer")
        );
        assert_eq!(
            judge(&format!("3\n{goal}\n0 3 4")).0.unwrap_err(),
            format!("{solved}|case 2: the input ends after 3 of its 24 numbers")
        );
        assert_eq!(
            judge(&format!("3\n{goal}\n")).0.unwrap_err(),
            format!("{solved}|case 2: missing: the count announced 3 cases but the input ends after 1")
        );
        assert_eq!(
            judge(&format!("1\n{goal}\n{goal}")).0.unwrap_err(),
            format!("{solved}|line 3, column 1: unexpected '0' after the 1 case the count announced")
        );
        assert_eq!(
            judge("-2\n").0.unwrap_err(),
            "|line 1, column 1: the case count -2 is negative"
        );
        assert_eq!(
            judge("99999999999999999999\n").0.unwrap_err(),
            "|line 1, column 1: the case count '99999999999999999999' is too large"
        );
        assert_eq!(
            judge("two\n").0.unwrap_err(),
            "|line 1, column 1: the case count 'two' is not an integer"
        );
        assert_eq!(
            judge("1000000000000\n").0.unwrap_err(),
            "|case 1: missing: the count announced 1000000000000 cases but the input ends after 0"
        );
    }

    #[test]
    fn numbers_are_read_by_value_whatever_their_length() {
        let goal = GOAL.map(|n| n.to_string()).join(" ");
        let solved = "PUZZLE ALREADY SOLVED\n";
        // The goal with its first piece written as 33 zeros, then as 100,000 digits.
        for zeros in [33, 100_000] {
            let input = format!("1\n{}{}\n", "0".repeat(zeros - 1), goal);
            assert_eq!(judge(&input), (Ok(solved.to_string()), String::new()), "{zeros}");
        }
        let signed = goal.replacen('0', "-0", 1).replacen('3', "+3", 1);
        assert_eq!(judge(&format!("\u{feff}+0001\n{signed}\n")).0.unwrap(), solved);
        assert_eq!(
            judge(&format!("{}2\n{goal}\n{goal}\n", "0".repeat(100_000))).0.unwrap(),
            solved.repeat(2)
        );
    }

    #[test]
    fn endless_input_ends_at_once() {
        let run = |input: &mut dyn io::Read| {
            let mut out = Vec::new();
            let outcome = run(
                io::BufReader::new(input),
                &mut out,
                &mut io::sink(),
                &Options::default(),
            );
            (out, outcome.unwrap_err().to_string())
        };
        let zeros = format!("'{}...' is not an integer", "\\x00".repeat(32));
        assert_eq!(
            run(&mut io::repeat(0)),
            (Vec::new(), format!("line 1, column 1: the case count {zeros}"))
        );
        let ones = format!("line 1, column 1: the case count '{}...' is too large", "1".repeat(32));
        assert_eq!(run(&mut io::repeat(b'1')), (Vec::new(), ones));
        let goal = GOAL.map(|n| n.to_string()).join(" ");
        let start = format!("2\n{goal}\n");
        let (out, error) = run(&mut start.as_bytes().chain(io::repeat(0)));
        assert_eq!(
            (&out[..], error),
            (
                &b"PUZZLE ALREADY SOLVED\n"[..],
                format!("case 2: line 3, column 1: {zeros}")
            )
        );
        // A piece number is any number, so endless digits there are read as one endless number;
        // a long one is skipped whole, however long.
        let long = format!("{start}{}", "1".repeat(100_000));
        let (out, error) = run(&mut long.as_bytes());
        assert_eq!(out, b"PUZZLE ALREADY SOLVED\n");
        assert_eq!(error, "case 2: the input ends after 1 of its 24 numbers");
    }

    #[test]
    fn the_tracer_sees_every_case_after_its_answer() {
        fn tracer(out: &mut dyn Write, case: u64, start: Option<State>, answer: &Answer) -> io::Result<()> {
            writeln!(out, "{case} {} {answer}", start.is_some())
        }
        let goal = GOAL.map(|n| n.to_string()).join(" ");
        let bad = goal.replacen('0', "1", 1);
        let options = Options {
            trace: Some(tracer),
            ..Options::default()
        };
        let (outcome, diagnostics) = answer(&format!("2\n{goal}\n{bad}\n"), &options);
        assert_eq!(
            outcome.unwrap(),
            "PUZZLE ALREADY SOLVED\nNO SOLUTION WAS FOUND IN 16 STEPS\n"
        );
        assert_eq!(
            diagnostics,
            "1 true PUZZLE ALREADY SOLVED\n\
             colour-hash: warning: case 2: number 1 is 1, a triangle, in a separator's place\n\
             2 false NO SOLUTION WAS FOUND IN 16 STEPS\n"
        );
    }
}
