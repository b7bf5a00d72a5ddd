//! The judge program from end to end: read the target, search, write the answer.

use std::io::{self, BufRead, BufWriter, Write};

use common::cli::Failure;
use common::scan::Scanner;

use crate::search::Solver;
use crate::state::{Board, CELLS};

/// Moves per line of the printed sequence.
const LINE_WIDTH: usize = 60;

/// Draws a solution on the diagnostics stream, given its moves (the letters A, B, C).
pub type Tracer = fn(&mut dyn Write, &[u8]) -> io::Result<()>;

/// What a run does besides the judge's answer. [`Options::default()`] is exactly the judge
/// program: the fast solver, nothing besides.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Called with the answer's moves once the answer is written.
    pub trace: Option<Tracer>,
}

/// Reads the target: exactly 8 numbers, a permutation of 1..8, with any whitespace. Numbers are
/// read by value (the grammar in the crate docs): `+2` and `0002` are 2.
///
/// # Errors
/// [`Failure::Input`] naming the fault and its position; [`Failure::Io`] if reading fails.
fn read_target(input: impl BufRead) -> Result<Board, Failure> {
    let mut scanner = Scanner::new(input);
    let mut target = [0u8; CELLS];
    let mut seen = [false; CELLS];
    for (count, cell) in target.iter_mut().enumerate() {
        let Some(number) = scanner.next_integer()? else {
            return Err(Failure::Input(format!(
                "expected 8 distinct integers 1..8, found {count}"
            )));
        };
        let at = number.position();
        let colour = match number.value() {
            Some(value) if (1..=CELLS as i64).contains(&value) => value as usize,
            Some(value) => return Err(Failure::Input(format!("{at}: {value} is not in 1..8"))),
            // Beyond i64: quoted as written, since the scanner kept only its first bytes.
            None => return Err(Failure::Input(format!("{at}: '{number}' is not in 1..8"))),
        };
        if seen[colour - 1] {
            return Err(Failure::Input(format!(
                "{at}: {colour} appears twice; expected 8 distinct integers 1..8"
            )));
        }
        seen[colour - 1] = true;
        *cell = (colour - 1) as u8;
    }
    // Named by its first bytes, however long it is.
    if let Some((at, token)) = scanner.next_excerpt()? {
        return Err(Failure::Input(format!(
            "{at}: unexpected '{token}' after the eighth number"
        )));
    }
    Ok(target)
}

/// Writes the answer as the judge wants it: the length, then the moves 60 a line (one empty line
/// when there are none).
///
/// # Errors
/// When `out` fails.
pub fn write_answer(out: &mut impl Write, moves: &[u8]) -> io::Result<()> {
    writeln!(out, "{}", moves.len())?;
    common::wrap::write_wrapped(out, moves, LINE_WIDTH)
}

/// The whole program: reads the target from `input`, answers it with [`Solver`], writes the answer to `output`, then hands the moves to `options.trace`, if
/// any, to draw on `diagnostics`. Nothing is written when the input is bad.
///
/// # Errors
/// [`Failure::Input`] naming the fault in the input and where it is; [`Failure::Io`] if reading
/// or writing fails; [`Failure::OutOfMemory`] if the search's tables cannot be allocated.
///
/// # Complexity
/// Dominated by [`Solver::try_new`].
pub fn run(
    input: impl BufRead,
    output: impl Write,
    diagnostics: &mut dyn Write,
    options: &Options,
) -> Result<(), Failure> {
    let target = read_target(input)?;
    let mut moves = Vec::new();
    Solver::try_new()?.solve(&target, &mut moves);
    let mut out = BufWriter::new(output);
    write_answer(&mut out, &moves)?;
    out.flush()?;
    if let Some(trace) = options.trace {
        trace(diagnostics, &moves)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn answer(input: &str) -> Result<String, String> {
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out, &mut io::sink(), &Options::default()).map_err(|failure| failure.to_string())?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn published_examples() {
        assert_eq!(answer("2 6 8 4 5 7 3 1 ").unwrap(), "7\nBCABCCB\n");
        assert_eq!(answer("4 3 1 2 5 6 7 8\n").unwrap(), "22\nABBBCABBBCBBBCBCABCBBB\n");
        assert_eq!(answer("1 2 3 4 5 6 7 8").unwrap(), "0\n\n");
    }

    #[test]
    fn numbers_are_read_by_value_between_any_isspace_bytes() {
        assert_eq!(answer("+2 06\t8\x0b4\x0c5\r\n7 3 001").unwrap(), "7\nBCABCCB\n");
    }

    #[test]
    fn numbers_of_any_length_and_endless_input() {
        let zeros = |count: usize| "0".repeat(count);
        let input = format!("{}2 6 8 4 5 7 3 {}1", zeros(32), zeros(100_000));
        assert_eq!(answer(&input).unwrap(), "7\nBCABCCB\n");
        assert_eq!(answer("\u{feff}2 6 8 4 5 7 3 1").unwrap(), "7\nBCABCCB\n");
        assert_eq!(
            answer("-0 6 8 4 5 7 3 1").unwrap_err(),
            "line 1, column 1: 0 is not in 1..8"
        );
        let endless = |input: &mut dyn io::Read| {
            let outcome = run(
                io::BufReader::new(input),
                io::sink(),
                &mut io::sink(),
                &Options::default(),
            );
            outcome.unwrap_err().to_string()
        };
        assert_eq!(
            endless(&mut io::repeat(0)),
            format!("line 1, column 1: '{}...' is not an integer", "\\x00".repeat(32))
        );
        assert_eq!(
            endless(&mut b"2 6 ".chain(io::repeat(b'1'))),
            format!("line 1, column 5: '{}...' is not in 1..8", "1".repeat(32))
        );
    }

    #[test]
    fn long_answers_wrap_at_sixty_moves() {
        let mut out = Vec::new();
        write_answer(&mut out, &[b'A'; 61]).unwrap();
        assert_eq!(out, format!("61\n{}\nA\n", "A".repeat(60)).into_bytes());
    }

    #[test]
    fn the_tracer_hears_the_moves_after_the_answer() {
        fn count(out: &mut dyn Write, moves: &[u8]) -> io::Result<()> {
            writeln!(out, "{} moves: {}", moves.len(), String::from_utf8_lossy(moves))
        }
        let (mut out, mut diagnostics) = (Vec::new(), Vec::new());
        let options = Options { trace: Some(count) };
        run(&b"2 6 8 4 5 7 3 1"[..], &mut out, &mut diagnostics, &options).unwrap();
        assert_eq!(out, b"7\nBCABCCB\n");
        assert_eq!(diagnostics, b"7 moves: BCABCCB\n");
        // The judge's options trace nothing.
        diagnostics.clear();
        run(&b"2 6 8 4 5 7 3 1"[..], &mut out, &mut diagnostics, &Options::default()).unwrap();
        assert!(diagnostics.is_empty());
    }

    #[test]
    fn bad_input_is_named() {
        assert_eq!(
            answer("1 2 3 4 5 6 7").unwrap_err(),
            "expected 8 distinct integers 1..8, found 7"
        );
        assert_eq!(answer("").unwrap_err(), "expected 8 distinct integers 1..8, found 0");
        assert_eq!(
            answer("1 2 3 x 5 6 7 8").unwrap_err(),
            "line 1, column 7: 'x' is not an integer"
        );
        assert_eq!(
            answer("1 2 3 9 5 6 7 8").unwrap_err(),
            "line 1, column 7: 9 is not in 1..8"
        );
        assert_eq!(
            answer("1 2 3 0 5 6 7 8").unwrap_err(),
            "line 1, column 7: 0 is not in 1..8"
        );
        assert_eq!(
            answer("1 2 3 3 5 6 7 8").unwrap_err(),
            "line 1, column 7: 3 appears twice; expected 8 distinct integers 1..8"
        );
        assert_eq!(
            answer("1 2 3 4 5 6 7 8\n9").unwrap_err(),
            "line 2, column 1: unexpected '9' after the eighth number"
        );
        assert_eq!(
            answer("1 2 3 99999999999999999999 5 6 7 8").unwrap_err(),
            "line 1, column 7: '99999999999999999999' is not in 1..8"
        );
    }
}
