//! Telling UVa 652's counted layout from the POJ / HDU one, and reading its count: the tiles of
//! the input with a look-ahead queue, so the layout is decided before any board is read.

use std::collections::VecDeque;
use std::io::{self, BufRead};

use common::cli::Failure;
use common::scan::{IntegerError, Position, ScanError, Scanner};

use crate::state::CELLS;

/// The two layouts the formats come down to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    /// Boards until the end of input; one answer line each (POJ, HDU, ZOJ).
    Boards,
    /// A count `N`, then exactly `N` boards; an empty line between answers (UVa 652).
    Counted,
}

/// Non-whitespace bytes of the input with their positions, with a small look-ahead queue so the
/// layout can be told before any board is read.
#[derive(Debug)]
pub(crate) struct Tiles<R> {
    scanner: Scanner<R>,
    /// Bytes already pulled from the scanner by [`Tiles::peek`] and not yet consumed.
    held: VecDeque<(u8, Position)>,
    /// Bytes pulled after the held ones by [`Tiles::count_ahead`], without their positions: one
    /// byte each, so seeing a whole input of [`LOOK_AHEAD_BOARDS`] boards holds 9 bytes a board,
    /// not 216. Only the first word (a count) needs positions, and the detection peeks it and the
    /// tile after it first.
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
    /// # Errors
    /// [`Failure::OutOfMemory`] if the bytes cannot be held (the queue grows through
    /// `try_reserve`); [`Failure::Io`] if reading fails.
    ///
    /// # Complexity
    /// O(bytes read to get there); keeps up to `limit + 1` bytes.
    pub(crate) fn count_ahead(&mut self, limit: usize) -> Result<Option<usize>, Failure> {
        while self.held.len() + self.counted.len() <= limit {
            match self.scanner.next_byte()? {
                Some((byte, _)) => {
                    if self.counted.len() == self.counted.capacity() {
                        let more = self.counted.len().max(1 << 10);
                        self.counted.try_reserve(more).map_err(|_| {
                            Failure::OutOfMemory(format!(
                                "cannot allocate {more} bytes for the tiles held to tell the layout"
                            ))
                        })?;
                    }
                    self.counted.push_back(byte)
                }
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

/// Tells UVa 652's counted layout from the POJ / HDU one, by the exact rule, the rule
/// `judge check` applies: the input is counted exactly when its first word is a number `N ≥ 0`
/// (by value: `+3` is 3, `-0` is 0, `007` is 7) alone on its line and exactly 9·`N` tiles follow
/// it; otherwise it is boards. What this reads is held for the boards, so the first word is
/// consumed only when it is the count.
///
/// Most starts decide at once: a first word that is not such a number, or has more on its line,
/// is boards; a lone number that cannot begin a board (a sign, a 0 or 9, a repeated digit, nine
/// or more digits) is the count, as the input cannot be anything else, and a wrong count is then
/// reported as such. Only a lone number of distinct digits 1-8 (`2`, `13`, `1234`) could be
/// either, and for it the tiles after it are counted: up to [`LOOK_AHEAD_BOARDS`] boards are held
/// (one byte a tile), so the input is still read board by board, and the rule decides whenever
/// the input ends within them, or goes on past them while the count would end within them
/// (boards). It is never guessed: no look at the shape of the lines (a blank line, spaced tiles)
/// can tell, since whitespace is whitespace to both layouts, and a wrong guess would answer boards
/// the input does not hold. What remains undecided, a lone number over [`LOOK_AHEAD_BOARDS`]
/// followed by more tiles than are held, is an error before any answer, naming `--format`.
///
/// # Errors
/// [`Failure::Input`] for a lone count that is too large, a first numeral of more than 20
/// significant digits (no count and no board), or a layout the held tiles cannot decide;
/// [`Failure::OutOfMemory`] if they cannot be held; [`Failure::Io`] if reading fails.
///
/// # Complexity
/// O(first word + 2 tiles), or up to [`LOOK_AHEAD_BOARDS`] boards' tiles held when the first word
/// is a lone number of distinct digits 1-8.
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
        match exact_layout(tiles, length, count)? {
            Some(layout) => layout == Layout::Counted,
            None => {
                let shown = &word.shown;
                let layouts = "the UVa 652 board count or the first tiles of a board";
                let choice = "--format uva652 or --format hdu says";
                return Err(Failure::Input(format!(
                    "{start}: '{shown}' alone on the first line may be {layouts}, and more than {LOOK_AHEAD_BOARDS} boards follow, too many to hold to tell which; {choice}"
                )));
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
/// byte that is not a digit (not a number: boards) or, past its 20th significant digit, once the
/// 32 bytes a message quotes are read (an error), so endless input ends at once.
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
        if significant > 20 && shown.len() > common::scan::SHOWN {
            // Past what any count needs, and no board, and as much of it read as a message
            // quotes (what `--format uva652` quotes, too): decided here, so endless digits end.
            break None;
        }
    };
    if significant > 20 {
        return Err(Failure::Input(format!(
            "{start}: the board count '{shown}' is too large"
        )));
    }
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

/// The most boards [`detect_layout`] holds to see a whole input: far more than a judge's
/// test file, at 9 bytes a board.
pub(crate) const LOOK_AHEAD_BOARDS: usize = 1 << 16;

/// The most tiles [`detect_layout`] holds: [`LOOK_AHEAD_BOARDS`] boards and a count.
const LOOK_AHEAD_TILES: usize = CELLS * (LOOK_AHEAD_BOARDS + 1);

/// The exact rule for an input whose first word, `length` digits, is the lone number `count`:
/// `Counted` when exactly 9·`count` tiles follow it, else `Boards`; `None` when it cannot tell
/// (the input goes on past [`LOOK_AHEAD_TILES`] and the count would reach that far).
///
/// # Errors
/// As [`Tiles::count_ahead`].
///
/// # Complexity
/// O(tiles held), at most [`LOOK_AHEAD_TILES`].
fn exact_layout<R: BufRead>(tiles: &mut Tiles<R>, length: usize, count: u64) -> Result<Option<Layout>, Failure> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The next nine tiles, as bytes.
    fn nine(tiles: &mut Tiles<&[u8]>) -> [u8; CELLS] {
        let mut bytes = [0; CELLS];
        assert_eq!(tiles.fill(&mut bytes).unwrap(), CELLS);
        bytes
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
        assert_eq!(&nine(&mut tiles), b"23415x768");
        let mut tiles = Tiles::new(&b"+1\n23415x768"[..]);
        assert_eq!(detect_layout(&mut tiles).unwrap(), Counted(1));
        assert_eq!(&nine(&mut tiles), b"23415x768");
    }
}
