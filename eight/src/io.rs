//! Reading the input and writing the answers: [`run`] is the whole judge program. All of
//! reading is here: the layout and the UVa 652 count (`io/layout.rs`, over the [`Tiles`] of
//! the input), one board from its nine tile bytes (`io/board.rs`), errors with positions.

use std::io::{self, BufRead, BufWriter, Write};

use common::cli::Failure;

pub(crate) mod board;
pub(crate) mod layout;

use self::board::read_board;
use self::layout::{detect_layout, read_count, Detected, Layout, Tiles};

use crate::search::{Answerer, Method};
use crate::state::{Board, DIAMETER};

/// The input layout, as forced by `--format` or left to the detection rule (crate docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Tell the layout from the start of the input.
    #[default]
    Auto,
    /// POJ 1077 (one board) or ZOJ 1217: boards until the end of input, one answer line each.
    Poj,
    /// HDU 1043: the same layout as POJ.
    Hdu,
    /// UVa 652: a board count, then the boards; answers separated by an empty line.
    Uva652,
}

/// Draws board `number`'s answer (`None`: unsolvable) on the diagnostics stream, after its
/// answer line has been written and flushed; `--trace` sets one.
pub type Tracer = fn(out: &mut dyn Write, number: u64, board: &Board, moves: Option<&[u8]>) -> io::Result<()>;

/// What a run does. `Options::default()` is exactly what the judges run: the layout detected,
/// the method chosen by the run's length, no trace.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// The input layout.
    pub format: Format,
    /// How the boards are answered; every method gives the same answers.
    pub method: Method,
    /// Draws each answer on the diagnostics stream; `None` draws nothing.
    pub trace: Option<Tracer>,
}

/// Output bytes gathered before they are written: whole answer lines only, so that output cut
/// short by an error never ends in half a line.
const OUTPUT_BUFFER: usize = 1 << 15;

/// Where the answers go: whole lines gathered in `buffer` and written to `out`, and with a
/// tracer the buffered diagnostics.
struct Answers<'a, W: Write> {
    answerer: Answerer,
    out: W,
    /// Answer lines not yet written to `out`; the walk writes moves straight into it.
    buffer: Vec<u8>,
    trace: Option<(Tracer, BufWriter<&'a mut dyn Write>)>,
}

impl<W: Write> Answers<'_, W> {
    /// Writes board `number`'s answer line (its moves, or `unsolvable`), after an empty line if
    /// `separate` (UVa 652); with a tracer, flushes it and draws the answer.
    ///
    /// # Errors
    /// [`Failure::OutOfMemory`] if the answer needs a table that cannot be allocated, the lines
    /// before it still gathered; [`Failure::Io`] if writing fails.
    #[inline]
    fn write(&mut self, number: u64, board: &Board, solvable: bool, separate: bool) -> Result<(), Failure> {
        if separate {
            self.buffer.push(b'\n');
        }
        let start = self.buffer.len();
        let solved = match self.answerer.answer_into(board, solvable, &mut self.buffer) {
            Ok(solved) => solved,
            Err(failure) => {
                // Only whole lines reach the output: drop this one's separator.
                self.buffer.truncate(start - usize::from(separate));
                return Err(*failure);
            }
        };
        if !solved {
            self.buffer.extend_from_slice(b"unsolvable");
        }
        let end = self.buffer.len();
        self.buffer.push(b'\n');
        if let Some((tracer, diagnostics)) = &mut self.trace {
            let mut moves = [0u8; DIAMETER as usize];
            moves[..end - start].copy_from_slice(&self.buffer[start..end]);
            // Flushed board by board, so on a terminal each drawing follows its answer line.
            self.out.write_all(&self.buffer)?;
            self.buffer.clear();
            self.out.flush()?;
            tracer(diagnostics, number, board, solved.then_some(&moves[..end - start]))?;
            diagnostics.flush()?;
        } else if self.buffer.len() >= OUTPUT_BUFFER {
            self.out.write_all(&self.buffer)?;
            self.buffer.clear();
        }
        Ok(())
    }

    /// Writes what is gathered and flushes `out`.
    fn flush(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buffer)?;
        self.buffer.clear();
        self.out.flush()
    }
}

/// Reads the boards from `tiles` and writes their answers, stopping at the first bad one.
fn answer_all<R: BufRead, W: Write>(
    tiles: &mut Tiles<R>,
    answers: &mut Answers<'_, W>,
    format: Format,
) -> Result<(), Failure> {
    read_all(tiles, format, |number, board, solvable, separate| {
        answers.write(number, board, solvable, separate)
    })
    .map(drop)
}

/// Reads every board of `tiles` in the layout `format` names (or, for [`Format::Auto`], the one
/// [`detect_layout`] finds), handing each to `each` with its number, whether it is solvable and
/// whether UVa 652's layout puts a blank line before its answer; stops at the first bad board, or
/// at the first error `each` returns. Gives the layout read: the one reading of an input, shared
/// by [`run`] and the page's link to a whole input (`study::layout::boards`).
///
/// # Errors
/// [`Failure::Input`] naming the board and the fault (a bad tile or count, a board cut short,
/// boards missing or left over after the count), or what `each` returned.
///
/// # Complexity
/// O(input length) plus `each`'s work; memory does not grow with the input.
pub(crate) fn read_all<R: BufRead>(
    tiles: &mut Tiles<R>,
    format: Format,
    mut each: impl FnMut(u64, &Board, bool, bool) -> Result<(), Failure>,
) -> Result<Layout, Failure> {
    let (layout, detected) = match format {
        Format::Auto => match detect_layout(tiles)? {
            Detected::Boards => (Layout::Boards, None),
            Detected::Counted(count) => (Layout::Counted, Some(count)),
        },
        Format::Poj | Format::Hdu => (Layout::Boards, None),
        Format::Uva652 => (Layout::Counted, None),
    };
    match layout {
        Layout::Boards => {
            let mut number = 1;
            while let Some((board, solvable)) = read_board(tiles, number)? {
                each(number, &board, solvable, false)?;
                number += 1;
            }
        }
        Layout::Counted => {
            let count = match detected {
                Some(count) => count,
                None => match read_count(tiles)? {
                    Some(count) => count,
                    None => return Ok(layout),
                },
            };
            let hint = if detected.is_some() {
                " (a lone number on the first line is read as the UVa 652 board count; --format hdu reads it as tiles)"
            } else {
                ""
            };
            for number in 1..=count {
                let Some((board, solvable)) = read_board(tiles, number)? else {
                    return Err(Failure::Input(format!(
                        "board {number}: missing: the count says {count} boards, the input ends after {}{hint}",
                        number - 1
                    )));
                };
                each(number, &board, solvable, number > 1)?;
            }
            if tiles.next_byte()?.is_some() {
                return Err(Failure::Input(format!(
                    "board {}: more boards than the count {count}{hint}",
                    count + 1
                )));
            }
        }
    }
    Ok(layout)
}

/// The whole judge program: reads boards from `input` and writes their answers to `output`
/// through one buffered writer, board by board; with `options.trace`, draws each answer on
/// `diagnostics` right after its line is written and flushed (the output stays byte for byte
/// the same).
///
/// On bad input the answers to the boards before it are written and flushed (and drawn), then
/// the fault is returned; the output never ends in half a line.
///
/// # Errors
/// [`Failure::Input`] naming the board or position and the fault (a byte that is not a tile, a
/// repeated tile, a board cut short, a bad UVa 652 count, a count that does not match the
/// boards); [`Failure::Io`] if reading or writing fails.
///
/// # Complexity
/// O(input length + total answer length), plus the table once if any board needs it; memory
/// does not grow with the input.
pub fn run(
    input: impl BufRead,
    output: impl Write,
    diagnostics: &mut dyn Write,
    options: &Options,
) -> Result<(), Failure> {
    let mut answers = Answers {
        answerer: Answerer::new(options.method),
        out: output,
        buffer: Vec::with_capacity(OUTPUT_BUFFER + 2 * DIAMETER as usize),
        trace: options.trace.map(|tracer| (tracer, BufWriter::new(diagnostics))),
    };
    let outcome = answer_all(&mut Tiles::new(input), &mut answers, options.format);
    let flushed = answers.flush();
    let trace_flushed = answers.trace.as_mut().map_or(Ok(()), |(_, trace)| trace.flush());
    // The input's fault is the one to report; a failed flush matters only if there is none.
    outcome?;
    flushed?;
    trace_flushed?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn output(input: &str, format: Format) -> Result<String, (String, String)> {
        let mut out = Vec::new();
        let options = Options {
            format,
            ..Options::default()
        };
        let outcome = run(input.as_bytes(), &mut out, &mut io::sink(), &options);
        let text = String::from_utf8(out).unwrap();
        match outcome {
            Ok(()) => Ok(text),
            Err(failure) => Err((text, failure.to_string())),
        }
    }

    fn answer(input: &str) -> String {
        output(input, Format::Auto).unwrap_or_else(|(_, error)| panic!("{input:?}: {error}"))
    }

    fn failure(input: &str, format: Format) -> (String, String) {
        match output(input, format) {
            Ok(text) => panic!("{input:?} was accepted: {text:?}"),
            Err(failed) => failed,
        }
    }

    #[test]
    fn any_spacing_reads_the_same_board() {
        let want = "ullddrurdllurdruldr\n";
        assert_eq!(answer("23415x768"), want);
        assert_eq!(answer("2\n3\n4\n1\n5\nx\n7\n6\n8\n"), want);
        assert_eq!(answer("2\r\n3\r\n4\r\n1\r\n5\r\nx\r\n7\r\n6\r\n8\r\n"), want);
        assert_eq!(answer("2 3 4\r\n1 5 x\r\n7 6 8\r\n"), want);
        assert_eq!(answer("\t2\t3 4\n\n 1 5 x 7\t\t6 8\n\n\n"), want);
        assert_eq!(answer("234\n15x\n768\n"), want);
        assert_eq!(answer("23415x76812345678x"), format!("{want}\n"));
    }

    #[test]
    fn empty_input_prints_nothing() {
        for format in [Format::Auto, Format::Poj, Format::Hdu, Format::Uva652] {
            assert_eq!(output("", format).unwrap(), "");
            assert_eq!(output(" \r\n\t\n", format).unwrap(), "");
        }
        assert_eq!(answer("0\n"), "");
    }

    #[test]
    fn uva652_layout_is_detected_and_answered() {
        let boards = "2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 7 8 x\n\n2 1 3 4 5 6 7 8 x\n";
        let want = "ullddrurdllurdruldr\n\n\n\nunsolvable\n";
        // The published layout: a blank line after the count and between boards.
        assert_eq!(answer(&format!("3\n\n{boards}")), want);
        assert_eq!(answer(&format!("3\r\n\r\n{}", boards.replace('\n', "\r\n"))), want);
        // No blank line after the count, the first board spaced on the next line.
        assert_eq!(answer(&format!("3\n{boards}")), want);
        // A count that cannot begin a board (0, 9, a repeated digit, nine digits).
        assert_eq!(answer("01\n2\n3\n4\n1\n5\nx\n7\n6\n8\n"), "ullddrurdllurdruldr\n");
        let ten = "23415x768\n".repeat(10);
        assert_eq!(answer(&format!("10\n{ten}")).matches("ullddrurdllurdruldr").count(), 10);
        assert_eq!(answer(&format!("11\n{ten}1 2 3 4 5 6 7 8 x")).lines().count(), 11 + 10);
        assert_eq!(output(&format!("3\n\n{boards}"), Format::Uva652).unwrap(), want);
    }

    #[test]
    fn ambiguous_starts_follow_the_documented_rule() {
        let sample = "ullddrurdllurdruldr\n";
        // A lone digit followed by another lone tile: one tile a line, HDU.
        assert_eq!(answer("2\n3\n4\n1\n5\nx\n7\n6\n8\n"), sample);
        // Three tiles a line without spaces: HDU.
        assert_eq!(answer("234\n15x\n768\n"), sample);
        // The first line holds more than one word: HDU.
        assert_eq!(answer("2 3\n4 1 5 x 7 6 8\n"), sample);
        // A lone digit then a blank line: the count, UVa (here one board on one tile a line).
        assert_eq!(answer("1\n\n2\n3\n4\n1\n5\nx\n7\n6\n8\n"), sample);
        // A lone digit then spaced tiles on the next line: the count, UVa.
        assert_eq!(answer("1\n2 3 4 1 5 x 7 6 8\n"), sample);
        // A count followed by unspaced boards: the whole input is in view, so the exact rule
        // decides (exactly 9·N tiles after the count N), as the issue defines the layouts.
        assert_eq!(answer("1\n23415x768\n"), sample);
        assert_eq!(answer("2\n12345678x\n1234567x8\n"), "\n\nr\n");
        assert_eq!(output("1\n23415x768\n", Format::Uva652).unwrap(), sample);
        // One tile more than 9·N and not whole boards: neither layout fits; the exact rule says
        // boards, which then fail as such.
        let (printed, error) = failure("1\n23415x7681\n", Format::Auto);
        assert_eq!(
            (printed.as_str(), error.as_str()),
            ("", "board 1: tile '1' appears twice")
        );
        // Past 1,024 boards the rule still sees the whole input: a count followed by unspaced
        // boards one a line, and one tile a line after a count with no blank line, are UVa; a
        // lone first line of tiles followed by a spaced line is HDU.
        let many = format!("1234\n{}", "23415x768\n".repeat(1234));
        let sample = "ullddrurdllurdruldr\n";
        assert_eq!(
            answer(&many),
            format!("{sample}\n").repeat(1234).trim_end_matches('\n').to_string() + "\n"
        );
        let tall = format!("1234\n{}", "2\n3\n4\n1\n5\nx\n7\n6\n8\n".repeat(1234));
        assert_eq!(answer(&tall), answer(&many));
        let hdu = format!("72361\n4 5 8 x\n{}", "2 3 4 1 5 x 7 6 8\n".repeat(2000));
        assert_eq!(answer(&hdu), output(&hdu, Format::Hdu).unwrap());
        assert_eq!(answer(&hdu).lines().count(), 2001);
        // Past what is held, a lone number that could be either is never guessed: an error
        // before any answer, whichever layout the input has.
        let boards = layout::LOOK_AHEAD_BOARDS;
        for (start, more) in [("123456\n", 123_456), ("72361\n4 5 8 x\n", boards + 1)] {
            let long = format!("{start}{}", "2 3 4 1 5 x 7 6 8\n".repeat(more));
            let (printed, error) = failure(&long, Format::Auto);
            assert_eq!(printed, "", "{start:?}");
            assert!(
                error.ends_with("too many to hold to tell which; --format uva652 or --format hdu says"),
                "{error}"
            );
        }
        assert_eq!(
            output(&many, Format::Uva652)
                .unwrap()
                .matches("ullddrurdllurdruldr")
                .count(),
            1234
        );
        // A goal board whose first tile stands alone: nine tiles are one whole board.
        assert_eq!(output("1\n\n2 3 4 5 6 7 8 x\n", Format::Hdu).unwrap(), "\n");
        assert_eq!(answer("1\n\n2 3 4 5 6 7 8 x\n"), "\n");
    }

    #[test]
    fn the_exact_rule_decides_first() {
        // Once misread: a lone 2, then 17 tiles: two HDU boards (2 3 4 1 5 x 7 6 8 and the
        // goal), though the next line starts with spaced tiles, which alone would say UVa.
        let issue = "2\n3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x";
        assert_eq!(answer(issue), "ullddrurdllurdruldr\n\n");
        assert_eq!(output(issue, Format::Hdu).unwrap(), "ullddrurdllurdruldr\n\n");
        // The same start with 18 tiles after the 2: two UVa boards.
        let counted = "2\n2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x";
        assert_eq!(answer(counted), "ullddrurdllurdruldr\n\n\n");
        // A long HDU input that starts so: the count would end long before the input does.
        let long = format!("{issue}\n{}", "1 2 3 4 5 6 7 8 x\n".repeat(2000));
        assert_eq!(answer(&long), format!("ullddrurdllurdruldr\n{}", "\n".repeat(2001)));
        // A UVa input of 1,024 boards (the most the rule sees whole) after a blank line, and one
        // whose count is one too many, where the blank line decides and the count is short.
        let boards = "2 3 4 1 5 x 7 6 8\n\n".repeat(1024);
        assert_eq!(
            answer(&format!("1024\n\n{boards}"))
                .matches("ullddrurdllurdruldr")
                .count(),
            1024
        );
        assert!(failure(&format!("1025\n\n{boards}"), Format::Auto)
            .1
            .starts_with("board 1025: missing: the count says 1025 boards"));
    }

    #[test]
    fn counts_are_numbers_by_value() {
        let sample = "ullddrurdllurdruldr\n";
        let board = "2 3 4 1 5 x 7 6 8\n";
        for count in ["+1", "01", "0000000000000000000000000000000000000001", "+0001"] {
            assert_eq!(answer(&format!("{count}\n{board}")), sample, "{count}");
            assert_eq!(
                output(&format!("{count} {board}"), Format::Uva652).unwrap(),
                sample,
                "{count}"
            );
        }
        assert_eq!(answer("-0\n"), "");
        assert_eq!(answer("+0\n\n"), "");
        // An endless numeral ends within its first 32 bytes, whatever the layout.
        let endless = "1".repeat(1 << 20);
        assert!(failure(&endless, Format::Uva652).1.ends_with("' is too large"));
        assert!(failure(&format!("{endless}0\n"), Format::Auto).1.contains("1111"));
    }

    #[test]
    fn bad_boards_are_named_after_the_answers_before_them() {
        let good = "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n";
        let cases = [
            ("9 3 4 1 5 x 7 6 8\n", "board 3: tile '9' is not 1-8 or x"),
            ("0 3 4 1 5 x 7 6 8\n", "board 3: tile '0' is not 1-8 or x"),
            ("X 3 4 1 5 2 7 6 8\n", "board 3: tile 'X' is not 1-8 or x"),
            ("2 3 4 1 5 x 7 6 \u{e9}\n", "board 3: tile '\\xc3' is not 1-8 or x"),
            ("2 3 4 1 5 x 7 6 \0\n", "board 3: tile '\\x00' is not 1-8 or x"),
            ("-1 3 4 1 5 x 7 6 8\n", "board 3: tile '-' is not 1-8 or x"),
            ("2 3 4 1 5 x 7 6 2\n", "board 3: tile '2' appears twice"),
            ("2 x 4 1 5 x 7 6 8\n", "board 3: tile 'x' appears twice"),
            ("2 3 4 1 5\n", "board 3: the input ends after 5 of its 9 tiles"),
        ];
        for (bad, message) in cases {
            let (printed, error) = failure(&format!("{good}{bad}"), Format::Auto);
            assert_eq!(printed, "ullddrurdllurdruldr\n\n", "{bad:?}");
            assert_eq!(error, message, "{bad:?}");
        }
    }

    #[test]
    fn bad_counts_are_named() {
        let board = "2 3 4 1 5 x 7 6 8\n";
        let uva = |input: &str| failure(input, Format::Uva652);
        assert_eq!(
            uva(&format!("3\n{board}\n{board}")),
            (
                "ullddrurdllurdruldr\n\nullddrurdllurdruldr\n".to_string(),
                "board 3: missing: the count says 3 boards, the input ends after 2".to_string()
            )
        );
        assert_eq!(
            uva(&format!("1\n{board}\n{board}")),
            (
                "ullddrurdllurdruldr\n".to_string(),
                "board 2: more boards than the count 1".to_string()
            )
        );
        assert_eq!(uva("-1\n").1, "line 1, column 1: the board count '-1' is negative");
        assert_eq!(
            uva(" \n 2x\n").1,
            "line 2, column 2: the board count '2x' is not a number"
        );
        assert_eq!(
            uva("99999999999999999999\n").1,
            "line 1, column 1: the board count '99999999999999999999' is too large"
        );
        // Quoted up to 32 bytes, and read no further.
        for input in ["9".repeat(40), "9".repeat(1 << 20)] {
            assert_eq!(
                uva(&input).1,
                format!("line 1, column 1: the board count '{}...' is too large", "9".repeat(32))
            );
        }
        // Detected or forced, a count too large is quoted the same way.
        for digits in [20, 21, 25, 32, 33, 40, 1 << 20] {
            let count = "9".repeat(digits);
            for input in [count.clone(), format!("{count}\n1 2 3 4 5 6 7 8 x\n")] {
                assert_eq!(failure(&input, Format::Auto).1, uva(&input).1, "{digits} digits");
            }
        }
        // Detected rather than forced, the count errors say how the input was read.
        let (_, error) = failure("02\n\n1 2 3 4 5 6 7 8 x\n", Format::Auto);
        assert!(
            error.starts_with("board 2: missing: the count says 2 boards, the input ends after 1 (a lone number"),
            "{error}"
        );
    }

    #[test]
    fn a_closed_output_stops_the_run_with_an_io_error() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let input = "1 2 3 4 5 6 7 8 x\n".repeat(10_000);
        match run(input.as_bytes(), Closed, &mut io::sink(), &Options::default()) {
            Err(Failure::Io(error)) => assert_eq!(error.kind(), io::ErrorKind::BrokenPipe),
            other => panic!("{other:?}"),
        }
    }
}
