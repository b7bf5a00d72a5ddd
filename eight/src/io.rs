//! Reading the input (its layout, the UVa 652 count, the boards, with positions for errors) and
//! writing the answers: [`run`] is the whole judge program.

use std::collections::VecDeque;
use std::io::{self, BufRead, BufWriter, Write};

use common::cli::Failure;
use common::scan::{IntegerError, Position, ScanError, Scanner};

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

    /// Fills `out` with the next non-whitespace bytes, the held ones first, then straight from
    /// the scanner's buffer; returns how many, fewer than `out.len()` only at the end of input.
    ///
    /// # Complexity
    /// O(`out.len()` + whitespace skipped), a few instructions a byte once nothing is held.
    #[inline]
    pub(crate) fn fill(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.held.is_empty() && self.counted.is_empty() {
            // Once the detection's bytes are used up, every board: `out` is whole, so its length
            // is a constant where this is inlined.
            return self.scanner.next_bytes(out);
        }
        let mut filled = 0;
        while filled < out.len() {
            if let Some((byte, _)) = self.held.pop_front() {
                out[filled] = byte;
            } else if let Some(byte) = self.counted.pop_front() {
                out[filled] = byte;
            } else {
                return Ok(filled + self.scanner.next_bytes(&mut out[filled..])?);
            }
            filled += 1;
        }
        Ok(filled)
    }
}

/// How [`detect_layout`] read the start of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Detected {
    /// Boards until the end of input; the first word is held as their first tiles.
    Boards,
    /// UVa 652 with this count; the count is consumed.
    Counted(u64),
}

/// Tells UVa 652's counted layout from the POJ / HDU one, by the issue's exact rule wherever it
/// can decide, the rule `judge check` applies: the input is counted exactly when its first word
/// is a number `N ≥ 0` (by value: `+3` is 3, `-0` is 0, `007` is 7) alone on its line and exactly
/// 9·`N` tiles follow it; otherwise it is boards. What this reads is held for the boards, so the
/// first word is consumed only when it is the count.
///
/// Most starts decide at once: a first word that is not such a number, or has more on its line,
/// is boards; a lone number that cannot begin a board (a sign, a 0 or 9, a repeated digit, nine
/// or more digits) is the count, as the input cannot be anything else, and a wrong count is then
/// reported as such. Only a lone number of distinct digits 1-8 (`2`, `13`, `1234`) could be
/// either, and for it the tiles after it are counted: up to [`LOOK_AHEAD_TILES`] (1,024 boards)
/// are held, so the input is still read board by board. If the input goes on past that and the
/// count would too, a short look decides: UVa 652 when the next line is blank, or its first two
/// tiles are separated by whitespace (UVa writes a blank line after the count, or a spaced board),
/// boards otherwise (`2⏎3⏎4⏎…` one tile a line, `234⏎15x⏎768` three a line). What that look
/// cannot tell apart, a long input whose lone count is followed by boards without spaces
/// (`1234⏎23415x768⏎…`), reads as boards and fails as such; `--format uva652` reads it right.
///
/// # Errors
/// [`Failure::Input`] for a lone count that is too large, or a first numeral of more than 20
/// significant digits (no count and no board); [`Failure::Io`] if reading fails.
///
/// # Complexity
/// O(first word + 2 tiles), or up to [`LOOK_AHEAD_TILES`] tiles held when the first word is a
/// lone number of distinct digits 1-8.
pub(crate) fn detect_layout<R: BufRead>(tiles: &mut Tiles<R>) -> Result<Detected, Failure> {
    debug_assert!(
        tiles.held.is_empty() && tiles.counted.is_empty(),
        "detecting after a read"
    );
    let Some((first, start)) = tiles.peek(0)? else {
        return Ok(Detected::Boards);
    };
    if !(first.is_ascii_digit() || first == b'+' || first == b'-') {
        // Not a number: boards (which fail at their first tile if it is not one).
        return Ok(Detected::Boards);
    }
    let word = read_first_word(tiles, start)?;
    let length = word.held;
    let mut digits_seen = 0u16;
    let could_begin_board = !word.longer
        && length < CELLS
        && tiles.held.iter().take(length).all(|&(byte, _)| {
            let fresh = (b'1'..=b'8').contains(&byte) && digits_seen & (1 << (byte - b'0')) == 0;
            digits_seen |= 1 << (byte & 15);
            fresh
        });
    let next = word.next;
    let lone = next.map_or(true, |(_, at)| at.line > start.line);
    let count = match word.value {
        _ if !lone => return Ok(Detected::Boards),
        Some(Ok(count)) => count,
        Some(Err(IntegerError::OutOfRange)) => {
            let shown = &word.shown;
            return Err(Failure::Input(format!(
                "{start}: the board count '{shown}' is too large"
            )));
        }
        // Not a number, or a negative one: boards (which fail at their first tile).
        _ => return Ok(Detected::Boards),
    };
    let counted = if could_begin_board {
        // The short look's last tile, peeked before the exact rule counts the rest.
        let after = tiles.peek(length + 1)?;
        match exact_layout(tiles, length, count)? {
            Some(layout) => layout == Layout::Counted,
            None => {
                let (_, next) = next.expect("more tiles than the budget follow");
                next.line > start.line + 1
                    || after.is_some_and(|(_, after)| after.line == next.line && after.column > next.column + 1)
            }
        }
    } else {
        true
    };
    if !counted {
        return Ok(Detected::Boards);
    }
    tiles.held.drain(..length);
    Ok(Detected::Counted(count))
}

/// The first word of an input that starts like a number, as [`read_first_word`] reads it.
struct FirstWord {
    /// How many of its bytes are held as tiles (all of it, up to [`HELD_WORD`]).
    held: usize,
    /// Whether it is longer than what is held (the rest was read by value and dropped).
    longer: bool,
    /// Its value if it is a numeral `[+-]?[0-9]+`: a count `N >= 0`, or why it is not one
    /// (`NotInteger` for a negative value, `OutOfRange` past `u64`); `None` if it is not a numeral.
    value: Option<Result<u64, IntegerError>>,
    /// Its first bytes, for a message.
    shown: String,
    /// The first byte after it, held, with its position.
    next: Option<(u8, Position)>,
}

/// The most bytes of the first word held as tiles. A longer word can only be read as boards if
/// its first nine bytes are nine distinct tiles, which holds an `x`; so a numeral this long is a
/// count or fails as a board within the held bytes, and its other digits (leading zeros of any
/// length) are read by value without being kept.
const HELD_WORD: usize = 16;

/// Reads the first word, which starts at `start` with a digit or a sign: its first bytes are held
/// as tiles, should the input be boards, the rest read by value. A word is decided at its first
/// byte that is not a digit (not a number: boards) or at its 21st significant digit (an error),
/// so endless input ends at once.
///
/// # Errors
/// [`Failure::Input`] for a numeral of more than 19 significant digits (too large for a count,
/// and no board); [`Failure::Io`] if reading fails.
fn read_first_word<R: BufRead>(tiles: &mut Tiles<R>, start: Position) -> Result<FirstWord, Failure> {
    let (mut magnitude, mut significant, mut numeral) = (0u64, 0usize, true);
    let first = tiles.peek(0)?.map_or(b' ', |(byte, _)| byte);
    let negative = first == b'-';
    let mut shown = String::new();
    let mut index = 0;
    let next = loop {
        let byte = if index < HELD_WORD {
            tiles.peek(index)?
        } else {
            let byte = tiles.scanner.next_byte()?;
            if let Some(byte) = byte {
                tiles.held.push_back(byte);
            }
            byte
        };
        let contiguous = |(_, at): (u8, Position)| at.line == start.line && at.column == start.column + index;
        match byte {
            Some(byte) if contiguous(byte) => {
                if index >= HELD_WORD {
                    tiles.held.pop_back();
                }
            }
            other => break other,
        }
        let (byte, _) = byte.expect("contiguous");
        if shown.len() < common::scan::SHOWN {
            shown.push(char::from(byte));
        } else if shown.len() == common::scan::SHOWN {
            shown.push_str("...");
        }
        match byte {
            b'+' | b'-' if index == 0 => {}
            b'0'..=b'9' if numeral => {
                if magnitude > 0 || byte > b'0' {
                    significant += 1;
                }
                magnitude = magnitude.saturating_mul(10).saturating_add(u64::from(byte - b'0'));
            }
            _ => numeral = false,
        }
        index += 1;
        if !numeral {
            // Not a number: boards, all of it held (a word this short) or failing as a board
            // within the held bytes (a numeral so long has no x).
            return Ok(FirstWord {
                held: index.min(HELD_WORD),
                longer: index > HELD_WORD,
                value: None,
                shown,
                next: None,
            });
        }
        if significant > 20 {
            // Past what any count needs (a word of 20 significant digits is reported whole), and
            // no board: decided here, so endless digits end at once.
            let more = if shown.ends_with("...") { "" } else { "..." };
            return Err(Failure::Input(format!(
                "{start}: the board count '{shown}{more}' is too large"
            )));
        }
    };
    let signed = matches!(first, b'+' | b'-');
    let value = if index == usize::from(signed) {
        None // A lone sign is no number.
    } else if negative && significant > 0 {
        Some(Err(IntegerError::NotInteger))
    } else if significant > 19 {
        Some(Err(IntegerError::OutOfRange))
    } else {
        Some(Ok(magnitude))
    };
    Ok(FirstWord {
        held: index.min(HELD_WORD),
        longer: index > HELD_WORD,
        value,
        shown,
        next,
    })
}

/// The most tiles [`detect_layout`] holds to see a whole input: 1,024 boards and a count
/// (9 KB held).
const LOOK_AHEAD_TILES: usize = CELLS * 1025;

/// The exact rule for an input whose first word, `length` digits, is the lone number `count`:
/// `Counted` when exactly 9·`count` tiles follow it, else `Boards`; `None` when it cannot tell
/// (the input goes on past [`LOOK_AHEAD_TILES`] and the count would reach that far).
///
/// # Errors
/// If reading fails.
///
/// # Complexity
/// O(tiles held), at most [`LOOK_AHEAD_TILES`].
fn exact_layout<R: BufRead>(tiles: &mut Tiles<R>, length: usize, count: u64) -> io::Result<Option<Layout>> {
    let counted = (CELLS as u64).saturating_mul(count).saturating_add(length as u64);
    let Some(total) = tiles.count_ahead(LOOK_AHEAD_TILES)? else {
        // More than the budget: the count can still fit only if its boards reach past it.
        return Ok((counted <= LOOK_AHEAD_TILES as u64).then_some(Layout::Boards));
    };
    Ok(Some(if total as u64 == counted {
        Layout::Counted
    } else {
        Layout::Boards
    }))
}

/// Reads UVa 652's board count, a number by value (`+3` is 3, `-0` is 0, leading zeros do not
/// count), as `--format uva652` reads it. `None` for an input that is empty or all whitespace.
///
/// # Errors
/// [`Failure::Input`] if the first word is not a number, or is negative, or does not fit in an
/// `i64`: an endless numeral ends at its 20th significant digit, any other word at its first
/// byte that cannot belong to a number; [`Failure::Io`].
///
/// # Complexity
/// O(length of the numeral).
pub(crate) fn read_count<R: BufRead>(tiles: &mut Tiles<R>) -> Result<Option<u64>, Failure> {
    debug_assert!(
        tiles.held.is_empty() && tiles.counted.is_empty(),
        "the count comes first"
    );
    let count = match tiles.scanner.next_integer() {
        Ok(None) => return Ok(None),
        Ok(Some(count)) => count,
        Err(ScanError::NotInteger { position, token }) => {
            return Err(Failure::Input(format!(
                "{position}: the board count '{token}' is not a number"
            )))
        }
        Err(other) => return Err(other.into()),
    };
    match count.value() {
        None => Err(Failure::Input(format!(
            "{}: the board count '{count}' is too large",
            count.position()
        ))),
        Some(value) if value < 0 => Err(Failure::Input(format!(
            "{}: the board count '{count}' is negative",
            count.position()
        ))),
        Some(value) => Ok(Some(value as u64)),
    }
}

/// Reads board number `number` (counted from 1, for error messages): nine tiles, and whether
/// the board is solvable. `None` when the input ends before its first tile.
///
/// # Errors
/// [`Failure::Input`] naming the board and the fault: a byte that is not a tile, a repeated tile
/// (and so a missing one), or the input ending inside the board; [`Failure::Io`].
///
/// # Complexity
/// O(9 + whitespace skipped).
pub(crate) fn read_board<R: BufRead>(tiles: &mut Tiles<R>, number: u64) -> Result<Option<(Board, bool)>, Failure> {
    let mut bytes = [0u8; CELLS];
    let read = tiles.fill(&mut bytes)?;
    if read == 0 {
        return Ok(None);
    }
    if read == CELLS {
        if let Some(read) = Board::from_tile_bytes(&bytes) {
            return Ok(Some(read));
        }
    }
    Err(board_fault(&bytes[..read], number))
}

/// Why `bytes`, the start of board `number`, are not a board: the first byte that is not a
/// tile or repeats one, else the input ending after them.
#[cold]
fn board_fault(bytes: &[u8], number: u64) -> Failure {
    let mut seen = 0u16;
    for &byte in bytes {
        let tile = match byte {
            b'1'..=b'8' => byte - b'1',
            b'x' => BLANK,
            _ => {
                return Failure::Input(format!(
                    "board {number}: tile '{}' is not 1-8 or x",
                    byte.escape_ascii()
                ))
            }
        };
        if seen & (1 << tile) != 0 {
            return Failure::Input(format!("board {number}: tile '{}' appears twice", tile_char(tile)));
        }
        seen |= 1 << tile;
    }
    Failure::Input(format!(
        "board {number}: the input ends after {} of its 9 tiles",
        bytes.len()
    ))
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
    #[inline]
    fn write(&mut self, number: u64, board: &Board, solvable: bool, separate: bool) -> io::Result<()> {
        if separate {
            self.buffer.push(b'\n');
        }
        let start = self.buffer.len();
        let solved = self.answerer.answer_into(board, solvable, &mut self.buffer);
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
                answers.write(number, &board, solvable, false)?;
                number += 1;
            }
        }
        Layout::Counted => {
            let count = match detected {
                Some(count) => count,
                None => match read_count(tiles)? {
                    Some(count) => count,
                    None => return Ok(()),
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
                answers.write(number, &board, solvable, number > 1)?;
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

    fn board_of(text: &str) -> Board {
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
    fn layout_detection_is_the_checkers_exact_rule() {
        use Detected::{Boards, Counted};
        let detect = |text: &str| detect_layout(&mut Tiles::new(text.as_bytes())).unwrap();
        let board = "2 3 4 1 5 x 7 6 8\n";
        assert_eq!(detect(""), Boards);
        // A lone number that could begin a board: counted exactly when 9·N tiles follow.
        assert_eq!(detect("7"), Boards);
        assert_eq!(detect(&format!("1\n{board}")), Counted(1));
        assert_eq!(detect(&format!("2\n\n{board}{board}")), Counted(2));
        assert_eq!(detect("2\n3\n"), Boards);
        assert_eq!(detect("2\n3 4\n"), Boards);
        assert_eq!(detect("12\n3\n"), Boards);
        assert_eq!(detect("12345678\nx"), Boards);
        // A number, by value, that cannot begin a board and is alone on its line: the count.
        assert_eq!(detect("11\n3\n"), Counted(11));
        assert_eq!(detect("123456789"), Counted(123_456_789));
        assert_eq!(detect(&format!("+1\n{board}")), Counted(1));
        assert_eq!(detect(&format!("0001\n{board}")), Counted(1));
        assert_eq!(detect("-0\t"), Counted(0));
        assert_eq!(detect(&format!("{}1\n{board}", "0".repeat(40))), Counted(1));
        // Not alone on its line, negative, or not a number: boards.
        assert_eq!(detect(&format!("1 {board}")), Boards);
        assert_eq!(detect(&format!("000000001\t{board}")), Boards);
        assert_eq!(detect(&format!("-1\n{board}")), Boards);
        assert_eq!(detect("x\n1\n"), Boards);
        assert_eq!(detect(board), Boards);
        // Nothing is consumed but a count: the held bytes are read again as tiles.
        let mut tiles = Tiles::new(&b"2\n3\n4\n1\n5\nx\n7\n6\n8"[..]);
        assert_eq!(detect_layout(&mut tiles).unwrap(), Boards);
        assert_eq!(read_board(&mut tiles, 1).unwrap(), Some((board_of("23415x768"), true)));
        let mut tiles = Tiles::new(&b"+1\n23415x768"[..]);
        assert_eq!(detect_layout(&mut tiles).unwrap(), Counted(1));
        assert_eq!(read_board(&mut tiles, 1).unwrap(), Some((board_of("23415x768"), true)));
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
        // An endless numeral ends at its 20th significant digit, whatever the layout.
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
        // Quoted up to 32 bytes, and read no further than the 20th significant digit.
        for input in ["9".repeat(40), "9".repeat(1 << 20)] {
            assert_eq!(
                uva(&input).1,
                format!("line 1, column 1: the board count '{}...' is too large", "9".repeat(32))
            );
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
