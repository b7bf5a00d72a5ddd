//! Reading the input (its layout, the UVa 652 count, the boards, with positions for errors) and
//! writing the answers: [`run`] is the whole judge program.

use std::collections::VecDeque;
use std::io::{self, BufRead, BufWriter, Write};

use common::cli::Failure;
use common::scan::{Position, Scanner};

use crate::search::{Answerer, Method};
use crate::state::{tile_char, Board, BLANK, CELLS, DIAMETER};

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

/// The two layouts the formats come down to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    /// Boards until the end of input; one answer line each (POJ, HDU, ZOJ).
    Boards,
    /// A count `N`, then exactly `N` boards; an empty line between answers (UVa 652).
    Counted,
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

/// Non-whitespace bytes of the input with their positions, with a small look-ahead queue so the
/// layout can be told before any board is read.
#[derive(Debug)]
pub(crate) struct Tiles<R> {
    scanner: Scanner<R>,
    /// Bytes already pulled from the scanner by [`Tiles::peek`] and not yet consumed.
    held: VecDeque<(u8, Position)>,
    /// Bytes pulled after the held ones by [`Tiles::count_ahead`], without their positions: one
    /// byte each, so seeing a whole input of 1,024 boards holds 9 KB, not 220 KB. Only the first
    /// word (a count) needs positions, and the detection peeks it and the tile after it first.
    counted: VecDeque<u8>,
}

impl<R: BufRead> Tiles<R> {
    /// Tiles from the start of `reader`.
    ///
    /// # Complexity
    /// O(1).
    pub(crate) fn new(reader: R) -> Self {
        Tiles {
            scanner: Scanner::new(reader),
            held: VecDeque::new(),
            counted: VecDeque::new(),
        }
    }

    /// The next non-whitespace byte, or `None` at the end of input.
    ///
    /// # Complexity
    /// O(whitespace skipped + 1).
    pub(crate) fn next_byte(&mut self) -> io::Result<Option<u8>> {
        if let Some((byte, _)) = self.held.pop_front() {
            return Ok(Some(byte));
        }
        if let Some(byte) = self.counted.pop_front() {
            return Ok(Some(byte));
        }
        Ok(self.scanner.next_byte()?.map(|(byte, _)| byte))
    }

    /// The next non-whitespace byte and its position, or `None` at the end of input. A byte
    /// taken by [`Tiles::count_ahead`] has no position kept: it comes with line 0, next to
    /// nothing.
    ///
    /// # Complexity
    /// O(whitespace skipped + 1).
    pub(crate) fn next_tile(&mut self) -> io::Result<Option<(u8, Position)>> {
        if let Some(held) = self.held.pop_front() {
            return Ok(Some(held));
        }
        if let Some(byte) = self.counted.pop_front() {
            return Ok(Some((byte, Position { line: 0, column: 0 })));
        }
        self.scanner.next_byte()
    }

    /// The byte `ahead` places after the next one (0 = the next), without consuming anything.
    /// Only bytes before any [`Tiles::count_ahead`] took can be peeked.
    ///
    /// # Complexity
    /// O(bytes read to get there); keeps `ahead + 1` bytes.
    pub(crate) fn peek(&mut self, ahead: usize) -> io::Result<Option<(u8, Position)>> {
        debug_assert!(self.counted.is_empty(), "peeking past the counted bytes");
        while self.held.len() <= ahead {
            match self.scanner.next_byte()? {
                Some(byte) => self.held.push_back(byte),
                None => return Ok(None),
            }
        }
        Ok(Some(self.held[ahead]))
    }

    /// The number of tiles left in the input if it is at most `limit`, holding them all;
    /// `None` if there are more.
    ///
    /// # Complexity
    /// O(bytes read to get there); keeps up to `limit + 1` bytes.
    pub(crate) fn count_ahead(&mut self, limit: usize) -> io::Result<Option<usize>> {
        while self.held.len() + self.counted.len() <= limit {
            match self.scanner.next_byte()? {
                Some((byte, _)) => self.counted.push_back(byte),
                None => return Ok(Some(self.held.len() + self.counted.len())),
            }
        }
        Ok(None)
    }

    /// Puts back a byte just taken by [`Tiles::next_tile`].
    ///
    /// # Complexity
    /// O(1).
    pub(crate) fn unread(&mut self, byte: (u8, Position)) {
        self.held.push_front(byte);
    }
}

/// Whether `next` directly follows `previous` on the same line (no whitespace between).
fn adjacent(previous: Position, next: Position) -> bool {
    next.line == previous.line && next.column == previous.column + 1
}

/// Tells UVa 652's counted layout from the POJ / HDU one, consuming nothing.
///
/// Let the first word be the first run of non-whitespace bytes. Only a first word of decimal
/// digits can be a count; any other start is boards, and so is a first word with more on its
/// line (unless it has nine or more digits: nine digit tiles cannot be a board, which needs an
/// `x`). For a lone number `N`, the rule is the issue's exact one, first, wherever it can
/// decide ([`exact_layout`]): UVa 652 exactly when 9·`N` tiles follow it, boards when the
/// tiles make whole boards; the two never both fit, as a counted input holds 9·`N` tiles plus
/// the count's 1 to 8 digits. Deciding needs the whole input in view, which a streaming reader
/// holds only up to [`LOOK_AHEAD_TILES`] tiles (1,024 boards). Beyond that, or when neither
/// layout fits (bad input either way, and the layout only picks the error), a look at most 11
/// tiles ahead decides: UVa 652 when
/// 1. the number holds a 0, a 9 or a repeated digit: it cannot begin a board; or
/// 2. the next line is blank or missing, or its first two tiles are separated by whitespace.
///
/// That is where the layouts differ in practice: UVa puts a blank line after the count (or the
/// board, spaced, on the next line), while a board split over lines puts another lone word on
/// the next line (`2⏎3⏎4⏎…` one tile a line, `234⏎15x⏎768` three a line). What the short look
/// cannot tell apart, a long input whose lone count is followed by boards without spaces
/// (`1234⏎23415x768⏎…`), reads as boards and fails as such; `--format uva652` reads it right.
///
/// # Errors
/// If reading fails.
///
/// # Complexity
/// O(bytes up to the 11th tile), or up to [`LOOK_AHEAD_TILES`] tiles held when the first word
/// is a lone number.
pub(crate) fn detect_layout<R: BufRead>(tiles: &mut Tiles<R>) -> io::Result<Layout> {
    let Some((_, start)) = tiles.peek(0)? else {
        return Ok(Layout::Boards);
    };
    let mut length = 0;
    let mut count = 0;
    let mut digits_seen = 0u16;
    let mut could_begin_board = true;
    let mut last = start;
    while let Some((byte, at)) = tiles.peek(length)? {
        if length > 0 && !adjacent(last, at) {
            break;
        }
        if !byte.is_ascii_digit() {
            return Ok(Layout::Boards);
        }
        let digit = byte - b'0';
        count = count * 10 + usize::from(digit);
        could_begin_board &= (1..=8).contains(&digit) && digits_seen & (1 << digit) == 0;
        digits_seen |= 1 << digit;
        length += 1;
        last = at;
        if length == CELLS {
            // Nine digit tiles cannot be a board (no blank): a count, however it goes on.
            return Ok(Layout::Counted);
        }
    }
    let Some((_, next)) = tiles.peek(length)? else {
        return Ok(Layout::Counted);
    };
    if next.line == start.line {
        return Ok(Layout::Boards);
    }
    // The short look's last tile, peeked before the exact rule counts the rest without positions.
    let after = tiles.peek(length + 1)?;
    if let Some(layout) = exact_layout(tiles, length, count)? {
        return Ok(layout);
    }
    if !could_begin_board || next.line > start.line + 1 {
        return Ok(Layout::Counted);
    }
    match after {
        Some((_, after)) if after.line == next.line && !adjacent(next, after) => Ok(Layout::Counted),
        _ => Ok(Layout::Boards),
    }
}

/// The most tiles [`detect_layout`] holds to see a whole input: 1,024 boards and a count
/// (9 KB held).
const LOOK_AHEAD_TILES: usize = CELLS * 1025;

/// The exact rule for an input whose first word, `length` digits, is the lone number `count`:
/// `Counted` when exactly 9·`count` tiles follow it, `Boards` when the tiles make whole boards
/// or when more tiles follow than the count allows; `None` when it cannot tell (the input goes
/// on past [`LOOK_AHEAD_TILES`] and the count would reach that far) or when neither layout fits.
///
/// # Errors
/// If reading fails.
///
/// # Complexity
/// O(tiles held), at most [`LOOK_AHEAD_TILES`].
fn exact_layout<R: BufRead>(tiles: &mut Tiles<R>, length: usize, count: usize) -> io::Result<Option<Layout>> {
    let counted = length + CELLS * count;
    let Some(total) = tiles.count_ahead(LOOK_AHEAD_TILES)? else {
        // More than the budget: the count can still fit only if its boards reach past it.
        return Ok((counted < LOOK_AHEAD_TILES).then_some(Layout::Boards));
    };
    Ok(if total == counted {
        Some(Layout::Counted)
    } else if total % CELLS == 0 {
        Some(Layout::Boards)
    } else {
        None
    })
}

/// Bytes of a bad count kept for its error message.
const COUNT_SHOWN: usize = 24;

/// Reads UVa 652's board count: the first word, which must be decimal digits. `None` for an
/// input that is empty or all whitespace.
///
/// # Errors
/// [`Failure::Input`] if the word is not a number or does not fit in a `u64`; [`Failure::Io`].
///
/// # Complexity
/// O(length of the word).
pub(crate) fn read_count<R: BufRead>(tiles: &mut Tiles<R>) -> Result<Option<u64>, Failure> {
    let Some((mut byte, start)) = tiles.next_tile()? else {
        return Ok(None);
    };
    let mut shown = Vec::new();
    let mut length = 0usize;
    let mut value = Some(0u64);
    let mut digits_only = true;
    let mut last = start;
    loop {
        if shown.len() < COUNT_SHOWN {
            shown.push(byte);
        }
        length += 1;
        digits_only &= byte.is_ascii_digit();
        if digits_only {
            value = value.and_then(|v| v.checked_mul(10)?.checked_add(u64::from(byte - b'0')));
        }
        match tiles.next_tile()? {
            Some((next, at)) if adjacent(last, at) => {
                byte = next;
                last = at;
            }
            Some(other) => {
                tiles.unread(other);
                break;
            }
            None => break,
        }
    }
    let word = format!(
        "{}{}",
        shown.escape_ascii(),
        if length > shown.len() { "..." } else { "" }
    );
    match value {
        _ if !digits_only => Err(Failure::Input(format!(
            "{start}: the board count '{word}' is not a number"
        ))),
        None => Err(Failure::Input(format!(
            "{start}: the board count '{word}' is too large"
        ))),
        Some(count) => Ok(Some(count)),
    }
}

/// Reads board number `number` (counted from 1, for error messages): nine tiles. `None` when
/// the input ends before its first tile.
///
/// # Errors
/// [`Failure::Input`] naming the board and the fault: a byte that is not a tile, a repeated tile
/// (and so a missing one), or the input ending inside the board; [`Failure::Io`].
///
/// # Complexity
/// O(9 + whitespace skipped).
pub(crate) fn read_board<R: BufRead>(tiles: &mut Tiles<R>, number: u64) -> Result<Option<Board>, Failure> {
    let mut cells = [0u8; CELLS];
    let mut seen = 0u16;
    for (count, cell) in cells.iter_mut().enumerate() {
        let Some(byte) = tiles.next_byte()? else {
            if count == 0 {
                return Ok(None);
            }
            return Err(Failure::Input(format!(
                "board {number}: the input ends after {count} of its 9 tiles"
            )));
        };
        let tile = match byte {
            b'1'..=b'8' => byte - b'1',
            b'x' => BLANK,
            _ => {
                return Err(Failure::Input(format!(
                    "board {number}: tile '{}' is not 1-8 or x",
                    byte.escape_ascii()
                )))
            }
        };
        if seen & (1 << tile) != 0 {
            return Err(Failure::Input(format!(
                "board {number}: tile '{}' appears twice",
                tile_char(tile)
            )));
        }
        seen |= 1 << tile;
        *cell = tile;
    }
    Ok(Some(Board::assemble(&cells, common::perm::rank(&cells))))
}

/// Writes one answer line (`moves`, or `unsolvable` for `None`), after an empty line if
/// `separate` (UVa 652), in a single `write_all` so that output cut short never ends in half a
/// line.
fn write_answer(out: &mut impl Write, moves: Option<&[u8]>, separate: bool) -> io::Result<()> {
    let mut line = [0u8; DIAMETER as usize + 2];
    let mut length = 0;
    if separate {
        line[0] = b'\n';
        length = 1;
    }
    let answer = moves.unwrap_or(b"unsolvable");
    line[length..length + answer.len()].copy_from_slice(answer);
    length += answer.len();
    line[length] = b'\n';
    out.write_all(&line[..=length])
}

/// Where the answers go: the buffered output, and with a tracer the buffered diagnostics.
struct Answers<'a, W: Write> {
    answerer: Answerer,
    out: BufWriter<W>,
    trace: Option<(Tracer, BufWriter<&'a mut dyn Write>)>,
}

impl<W: Write> Answers<'_, W> {
    /// Writes board `number`'s answer, and with a tracer, flushes it and draws the answer.
    fn write(&mut self, number: u64, board: &Board, separate: bool) -> io::Result<()> {
        let moves = self.answerer.answer(board);
        write_answer(&mut self.out, moves, separate)?;
        if let Some((tracer, diagnostics)) = &mut self.trace {
            // Flushed board by board, so on a terminal each drawing follows its answer line.
            self.out.flush()?;
            tracer(diagnostics, number, board, moves)?;
            diagnostics.flush()?;
        }
        Ok(())
    }
}

/// Reads the boards from `tiles` and writes their answers, stopping at the first bad one.
fn answer_all<R: BufRead, W: Write>(
    tiles: &mut Tiles<R>,
    answers: &mut Answers<'_, W>,
    format: Format,
) -> Result<(), Failure> {
    let (layout, detected) = match format {
        Format::Auto => (detect_layout(tiles)?, true),
        Format::Poj | Format::Hdu => (Layout::Boards, false),
        Format::Uva652 => (Layout::Counted, false),
    };
    match layout {
        Layout::Boards => {
            let mut number = 1;
            while let Some(board) = read_board(tiles, number)? {
                answers.write(number, &board, false)?;
                number += 1;
            }
        }
        Layout::Counted => {
            let Some(count) = read_count(tiles)? else {
                return Ok(());
            };
            let hint = if detected {
                " (a lone number on the first line is read as the UVa 652 board count; --format hdu reads it as tiles)"
            } else {
                ""
            };
            for number in 1..=count {
                let Some(board) = read_board(tiles, number)? else {
                    return Err(Failure::Input(format!(
                        "board {number}: missing: the count says {count} boards, the input ends after {}{hint}",
                        number - 1
                    )));
                };
                answers.write(number, &board, number > 1)?;
            }
            if tiles.next_byte()?.is_some() {
                return Err(Failure::Input(format!(
                    "board {}: more boards than the count {count}{hint}",
                    count + 1
                )));
            }
        }
    }
    Ok(())
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
        out: BufWriter::with_capacity(1 << 16, output),
        trace: options.trace.map(|tracer| (tracer, BufWriter::new(diagnostics))),
    };
    let outcome = answer_all(&mut Tiles::new(input), &mut answers, options.format);
    let flushed = answers.out.flush();
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

    fn board(text: &str) -> Board {
        text.parse().unwrap_or_else(|error| panic!("{text}: {error}"))
    }

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
        // One tile more than 9·N and not whole boards: neither layout fits, so the short look
        // decides (boards, as the next line starts unspaced), which then fail as such.
        let (printed, error) = failure("1\n23415x7681\n", Format::Auto);
        assert_eq!(
            (printed.as_str(), error.as_str()),
            ("", "board 1: tile '1' appears twice")
        );
        // Past 1,024 boards the exact rule cannot see the end, and the shape reads as boards;
        // --format says which.
        let many = format!("1234\n{}", "23415x768\n".repeat(1234));
        assert!(failure(&many, Format::Auto).1.starts_with("board 1: "));
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
        // Issue 14's case: a lone 2, then 17 tiles: two HDU boards (2 3 4 1 5 x 7 6 8 and the
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
    fn layout_detection_reads_ahead_only_a_little() {
        let detect = |text: &str| detect_layout(&mut Tiles::new(text.as_bytes())).unwrap();
        assert_eq!(detect(""), Layout::Boards);
        assert_eq!(detect("7"), Layout::Counted);
        assert_eq!(detect("2\n\n"), Layout::Counted);
        assert_eq!(detect("2\n3\n"), Layout::Boards);
        assert_eq!(detect("2\n3 4\n"), Layout::Counted);
        assert_eq!(detect("2\n34\n"), Layout::Boards);
        assert_eq!(detect("12\n3\n"), Layout::Boards);
        assert_eq!(detect("11\n3\n"), Layout::Counted);
        assert_eq!(detect("123456789"), Layout::Counted);
        assert_eq!(detect("12345678\nx"), Layout::Boards);
        assert_eq!(detect("x\n1\n"), Layout::Boards);
        assert_eq!(detect("2 3 4 1 5 x 7 6 8"), Layout::Boards);
        // Nothing is consumed: the held bytes are read again as tiles.
        let mut tiles = Tiles::new(&b"2\n3\n4\n1\n5\nx\n7\n6\n8"[..]);
        assert_eq!(detect_layout(&mut tiles).unwrap(), Layout::Boards);
        assert_eq!(read_board(&mut tiles, 1).unwrap(), Some(board("23415x768")));
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
        assert_eq!(uva("-1\n").1, "line 1, column 1: the board count '-1' is not a number");
        assert_eq!(
            uva(" \n 2x\n").1,
            "line 2, column 2: the board count '2x' is not a number"
        );
        assert_eq!(
            uva("99999999999999999999\n").1,
            "line 1, column 1: the board count '99999999999999999999' is too large"
        );
        assert_eq!(
            uva(&"9".repeat(40)).1,
            format!("line 1, column 1: the board count '{}...' is too large", "9".repeat(24))
        );
        // Detected rather than forced, the count errors say how the input was read.
        let (_, error) = failure("2\n\n1 2 3 4 5 6 7 8 x\n", Format::Auto);
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
