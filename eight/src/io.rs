//! Reading the input (its layout, the UVa 652 count, the boards, with positions for errors) and
//! writing the answers: [`run`] is the whole judge program.

use std::collections::VecDeque;
use std::io::{self, BufRead, BufWriter, Write};
use std::str::FromStr;

use common::cli::Failure;
use common::scan::{Position, Scanner};

use crate::search::Answerer;
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
/// no trace.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// The input layout.
    pub format: Format,
    /// Draws each answer on the diagnostics stream; `None` draws nothing.
    pub trace: Option<Tracer>,
}

/// Non-whitespace bytes of the input with their positions, with a small look-ahead queue so the
/// layout can be told before any board is read.
#[derive(Debug)]
pub(crate) struct Tiles<R> {
    scanner: Scanner<R>,
    /// Bytes already pulled from the scanner (by [`Tiles::peek`]) and not yet consumed.
    held: VecDeque<(u8, Position)>,
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
        }
    }

    /// The next non-whitespace byte and its position, or `None` at the end of input.
    ///
    /// # Complexity
    /// O(whitespace skipped + 1).
    pub(crate) fn next_tile(&mut self) -> io::Result<Option<(u8, Position)>> {
        match self.held.pop_front() {
            Some(held) => Ok(Some(held)),
            None => self.scanner.next_byte(),
        }
    }

    /// The byte `ahead` places after the next one (0 = the next), without consuming anything.
    ///
    /// # Complexity
    /// O(bytes read to get there); keeps `ahead + 1` bytes.
    pub(crate) fn peek(&mut self, ahead: usize) -> io::Result<Option<(u8, Position)>> {
        while self.held.len() <= ahead {
            match self.scanner.next_byte()? {
                Some(byte) => self.held.push_back(byte),
                None => return Ok(None),
            }
        }
        Ok(Some(self.held[ahead]))
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

/// Tells UVa 652's counted layout from the POJ / HDU one, looking at most 11 bytes ahead (or, in
/// the one undecided case below, over an input of up to 1,024 boards) and consuming nothing.
///
/// Let the first word be the first run of non-whitespace bytes. The input is read as UVa 652
/// when the first word is all decimal digits and
/// 1. it has 9 or more digits, or it holds a 0, a 9 or a repeated digit: it cannot begin a
///    board, so it can only be a count (when it is alone on its line, or 9+ digits long); or
/// 2. it is alone on its line, and the next line is blank or missing, or its first two tiles
///    are separated by whitespace.
///
/// Otherwise the input is boards (POJ / HDU / ZOJ). The ambiguity is real: `2` alone on the
/// first line is a count in `2⏎⏎2 3 4 1 5 x 7 6 8⏎…` but the first tile in the one-tile-a-line
/// HDU board `2⏎3⏎4⏎1⏎…`, and `123⏎456⏎78x` is a board written three tiles a line. The only
/// certain test, whether the tiles after the first line number 9·N, needs the whole input,
/// which a streaming reader does not keep. Rule 2 looks where the layouts differ in practice:
/// UVa puts a blank line after the count (or the board, spaced, on the next line), while a board
/// split over lines puts another lone word on the next line. What that cannot tell apart (a
/// count followed by a board without spaces, `1⏎23415x768`), the certain test decides when the
/// whole input is at most 1,024 boards; a longer input of that shape reads as boards, and fails
/// as such; `--format uva652` reads it right.
///
/// # Errors
/// If reading fails.
///
/// # Complexity
/// O(bytes up to the 11th tile), or up to 9,217 tiles in the undecided case.
pub(crate) fn detect_layout<R: BufRead>(tiles: &mut Tiles<R>) -> io::Result<Layout> {
    let Some((_, start)) = tiles.peek(0)? else {
        return Ok(Layout::Boards);
    };
    let mut length = 0;
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
    if !could_begin_board || next.line > start.line + 1 {
        return Ok(Layout::Counted);
    }
    if let Some((_, after)) = tiles.peek(length + 1)? {
        if after.line == next.line && !adjacent(next, after) {
            return Ok(Layout::Counted);
        }
    }
    // Still undecided: a lone number that could begin a board, then a line that starts like a
    // board written without spaces. Where the input is short enough to see whole, the certain
    // test decides: UVa 652 exactly when 9·N tiles follow the count N. A POJ/HDU input holds a
    // multiple of 9 tiles and a counted one 9·N + the count's digits, so they never both fit.
    let mut count = 0;
    for ahead in 0..length {
        let (digit, _) = tiles.peek(ahead)?.expect("the first word was peeked");
        count = count * 10 + usize::from(digit - b'0');
    }
    if count <= WHOLE_INPUT_BOARDS {
        let tiles_if_counted = length + CELLS * count;
        if tiles.peek(tiles_if_counted - 1)?.is_some() && tiles.peek(tiles_if_counted)?.is_none() {
            return Ok(Layout::Counted);
        }
    }
    Ok(Layout::Boards)
}

/// The most boards [`detect_layout`] will look ahead over to apply the certain test (about 9,000
/// tiles held, 200 KB).
const WHOLE_INPUT_BOARDS: usize = 1024;

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
        let Some((byte, _)) = tiles.next_tile()? else {
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

impl FromStr for Board {
    type Err = String;

    /// One board in any spacing the input accepts (`"2 3 4 1 5 x 7 6 8"`, `"23415x768"`), and
    /// nothing after it.
    fn from_str(text: &str) -> Result<Board, String> {
        let mut tiles = Tiles::new(text.as_bytes());
        match read_board(&mut tiles, 1) {
            Ok(Some(board)) => match tiles.next_tile() {
                Ok(None) => Ok(board),
                _ => Err("more than 9 tiles".to_string()),
            },
            Ok(None) => Err("no tiles".to_string()),
            Err(failure) => Err(failure.to_string()),
        }
    }
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
            if tiles.next_tile()?.is_some() {
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
        answerer: Answerer::default(),
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
        let options = Options { format, trace: None };
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
    fn published_and_hand_checked_answers() {
        assert_eq!(answer(" 2  3  4  1  5  x  7  6  8 "), "ullddrurdllurdruldr\n");
        assert_eq!(answer("1 2 3 4 5 6 7 8 x\n"), "\n");
        assert_eq!(answer("1 2 3 4 5 6 8 7 x\n"), "unsolvable\n");
        // One move each way into the goal.
        assert_eq!(answer("1 2 3 4 5 6 7 x 8\n1 2 3 4 5 x 7 8 6\n"), "r\nd\n");
        assert_eq!(answer("8 6 7 2 5 4 3 x 1"), "uulddrruuldldrruuldldrruullddrr\n");
        assert_eq!(answer("6 4 7 8 5 x 3 2 1"), "uldldrurdluulddrurulldrrulldrdr\n");
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
        // A count followed by unspaced boards: the whole input is in view, so the certain test
        // decides (exactly 9·N tiles after the count N), as the issue defines the layouts.
        assert_eq!(answer("1\n23415x768\n"), sample);
        assert_eq!(answer("2\n12345678x\n1234567x8\n"), "\n\nr\n");
        assert_eq!(output("1\n23415x768\n", Format::Uva652).unwrap(), sample);
        // One tile more or less than 9·N: not counted, so boards, which then fail as such.
        let (printed, error) = failure("1\n23415x7681\n", Format::Auto);
        assert_eq!(
            (printed.as_str(), error.as_str()),
            ("", "board 1: tile '1' appears twice")
        );
        // Past 1,024 boards the look-ahead stops and the shape reads as boards; --format says which.
        let many = format!("1234\n{}", "23415x768\n".repeat(1234));
        assert!(failure(&many, Format::Auto).1.starts_with("board 1: "));
        assert_eq!(
            output(&many, Format::Uva652)
                .unwrap()
                .matches("ullddrurdllurdruldr")
                .count(),
            1234
        );
        // And a board starting with a lone digit line is read as boards under --format hdu.
        // A goal board whose first tile stands alone, forced to read as a board.
        assert_eq!(output("1\n\n2 3 4 5 6 7 8 x\n", Format::Hdu).unwrap(), "\n");
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
    fn forced_formats_skip_detection() {
        // "2" then a blank line reads as a count when detected, as a tile under --format poj.
        let input = "2\n\n3 4 1 5 x 7 6 8\n";
        assert_eq!(output(input, Format::Poj).unwrap(), "ullddrurdllurdruldr\n");
        assert_eq!(output(input, Format::Hdu).unwrap(), "ullddrurdllurdruldr\n");
        assert!(output(input, Format::Auto).is_err());
    }

    #[test]
    fn boards_parse_and_print_in_the_judges_form() {
        assert_eq!(board("23415x768").to_string(), "2 3 4 1 5 x 7 6 8");
        assert_eq!(
            "1 2 3".parse::<Board>().unwrap_err(),
            "board 1: the input ends after 3 of its 9 tiles"
        );
        assert_eq!("".parse::<Board>().unwrap_err(), "no tiles");
        assert_eq!("12345678x1".parse::<Board>().unwrap_err(), "more than 9 tiles");
        assert_eq!(Board::from_cells([0, 1, 2, 3, 4, 5, 6, 7, 7]), None);
        assert_eq!(Board::from_cells([0, 1, 2, 3, 4, 5, 6, 7, 9]), None);
        assert_eq!(Board::from_rank(0), Board::GOAL);
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
