//! Tokens and numbers from the input bytes, each with its position for error messages.
//!
//! # Input grammar
//! - Whitespace is exactly C's `isspace` ([`is_space`]): space, `\t`, `\n`, `\v` (0x0B), `\f`
//!   (0x0C) and `\r`, so CRLF line ends read like LF ones. A token is a maximal run of other bytes.
//! - A UTF-8 byte-order mark (EF BB BF) at the very start of the input is skipped.
//! - A number ([`Scanner::next_integer`]) is an optional `+` or `-` then one or more ASCII digits,
//!   of any length, read by value: leading zeros do not count, `-0` is 0, `+1` is 1, and a
//!   number is out of range only by value (outside `i64`). Anything else is not a number.
//! - A token is abandoned as soon as it cannot become valid: a number at its first byte that is
//!   not a digit (or a leading sign), or at its 20th significant digit (out of range whatever
//!   follows); any other token past [`MAX_TOKEN`] bytes. So endless garbage ends at once.
//! - The rest of an abandoned token is skipped by the next read: the further digits of a
//!   number out of range however many there are (a number of a million digits is one number,
//!   out of range), then any other bytes of the token up to [`MAX_TOKEN`] of them, past which
//!   the token is [`ScanError::TooLong`].
//!
//! A position is a 1-based line (lines end at `\n`) and a 1-based byte column (a tab or a `\r`
//! is one column); a byte-order mark takes no column.
//!
//! # How it reads
//! Chunks of up to [`CHUNK`] bytes go into one buffer, scanned as a slice.
//!
//! Positions are not counted per byte: the whitespace loop, the only one that meets line feeds,
//! notes the line and the offset it starts at; a column is an offset minus that.
//!
//! A token returned whole ([`Scanner::next_token`]) must sit in the buffer in one piece: one that
//! spans two chunks moves to the front, hence the bound on tokens. A number needs no such room:
//! [`Scanner::next_integer`] folds its digits into a value as they pass and keeps only the
//! first bytes for messages, so it reads a number of any length, wherever in the buffer it
//! starts. Memory is the buffer, however long the input.

use std::fmt;
use std::io::{self, ErrorKind, Read};

/// The longest token [`Scanner::next_token`] returns; a longer one is [`ScanError::TooLong`].
/// Numbers read with [`Scanner::next_integer`] are not bound by it.
pub const MAX_TOKEN: usize = 4096;

/// Bytes the scanner asks its reader for at a time (its buffer's size).
///
/// More than [`MAX_TOKEN`], so a token moved to the front leaves room to read. Not much more:
/// the buffer is zeroed when made (std only, no `unsafe`), a cost every run pays in full, even
/// one whose whole input is a line; while past a few kilobytes a read's system call is a small
/// share of the work the scanner does on the bytes it brings, so a larger buffer saves little.
pub const CHUNK: usize = 8 * 1024;

/// Bytes of a token an error message quotes.
pub const SHOWN: usize = 32;

/// Significant digits of the longest `i64` (and the most a `u64` holds without overflow).
const MAX_DIGITS: usize = 19;

/// Whether `byte` separates tokens: exactly C's `isspace` in the "C" locale.
///
/// # Complexity
/// O(1).
#[inline]
pub fn is_space(byte: u8) -> bool {
    byte == b' ' || (b'\t'..=b'\r').contains(&byte)
}

/// A place in the input: 1-based line and byte column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// Line number, from 1.
    pub line: usize,
    /// Byte column within the line, from 1.
    pub column: usize,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Why a token is not an integer of the requested kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntegerError {
    /// Not an optional sign followed by decimal digits.
    NotInteger,
    /// Decimal digits, but the value is outside `i64`.
    OutOfRange,
}

/// The first [`SHOWN`] bytes of a token, as a message quotes it: printable ASCII as is, other
/// bytes escaped (`\x00`), and `...` when the token goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Excerpt {
    bytes: [u8; SHOWN],
    len: u8,
    cut: bool,
}

impl Excerpt {
    /// The excerpt of a `len`-byte token whose first bytes (as many as are shown) start `bytes`.
    fn of(bytes: &[u8], len: usize) -> Self {
        let shown = len.min(SHOWN);
        let mut excerpt = Excerpt {
            bytes: [0; SHOWN],
            len: shown as u8,
            cut: len > SHOWN,
        };
        excerpt.bytes[..shown].copy_from_slice(&bytes[..shown]);
        excerpt
    }

    /// The quoted bytes (without the `...`).
    ///
    /// # Complexity
    /// O(1).
    pub fn bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

impl fmt::Display for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.bytes().escape_ascii(),
            if self.cut { "..." } else { "" }
        )
    }
}

/// Why the scanner could not give what was asked.
///
/// After an error the scanner may be used again (it skips the rest of the bad token, up to
/// [`MAX_TOKEN`] bytes a call), but programs simply stop.
#[derive(Debug)]
pub enum ScanError {
    /// Reading the input failed. Shown as the [`io::Error`] itself.
    Io(io::Error),
    /// Where a number belongs, a token that is not `[+-]?[0-9]+`; it was abandoned at its first
    /// bad byte. Shown as `line 2, column 5: 'abc' is not an integer`.
    NotInteger {
        /// Where the token starts.
        position: Position,
        /// Its first bytes.
        token: Excerpt,
    },
    /// A token longer than [`MAX_TOKEN`] bytes. Shown as
    /// `line 1, column 1: '0000...' is longer than 4096 bytes`.
    TooLong {
        /// Where the token starts.
        position: Position,
        /// Its first bytes.
        token: Excerpt,
    },
}

impl fmt::Display for ScanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScanError::Io(error) => write!(f, "{error}"),
            ScanError::NotInteger { position, token } => write!(f, "{position}: '{token}' is not an integer"),
            ScanError::TooLong { position, token } => {
                write!(f, "{position}: '{token}' is longer than {MAX_TOKEN} bytes")
            }
        }
    }
}

impl std::error::Error for ScanError {}

impl From<io::Error> for ScanError {
    fn from(error: io::Error) -> Self {
        ScanError::Io(error)
    }
}

impl From<ScanError> for io::Error {
    /// A read error as it was; a bad token as [`ErrorKind::InvalidData`] with the message.
    #[cold]
    fn from(error: ScanError) -> Self {
        match error {
            ScanError::Io(error) => error,
            other => io::Error::new(ErrorKind::InvalidData, other.to_string()),
        }
    }
}

/// A maximal run of non-whitespace bytes, at most [`MAX_TOKEN`] long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    bytes: &'a [u8],
    position: Position,
}

impl<'a> Token<'a> {
    /// The token's bytes.
    ///
    /// # Complexity
    /// O(1).
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The token's length in bytes.
    ///
    /// # Complexity
    /// O(1).
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Always `false`: tokens have at least one byte.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Where the token starts.
    ///
    /// # Complexity
    /// O(1).
    pub fn position(&self) -> Position {
        self.position
    }

    /// The token as an `i64`, by value: an optional `+` or `-`, then decimal digits, leading
    /// zeros not counted. Decided as [`Scanner::next_integer`] decides: 20 significant digits
    /// are out of range whatever follows them.
    ///
    /// # Complexity
    /// O(length).
    pub fn parse_i64(&self) -> Result<i64, IntegerError> {
        let bytes = self.bytes;
        let digits = bytes
            .strip_prefix(b"-")
            .or_else(|| bytes.strip_prefix(b"+"))
            .unwrap_or(bytes);
        let run = digits.iter().take_while(|digit| digit.is_ascii_digit()).count();
        let zeros = digits.iter().take_while(|&&digit| digit == b'0').count();
        if run - zeros > MAX_DIGITS {
            return Err(IntegerError::OutOfRange);
        }
        if run == 0 || run < digits.len() {
            return Err(IntegerError::NotInteger);
        }
        let magnitude = digits[zeros..]
            .iter()
            .fold(0, |value, &digit| value * 10 + u64::from(digit - b'0'));
        signed(bytes[0] == b'-', magnitude).ok_or(IntegerError::OutOfRange)
    }
}

impl fmt::Display for Token<'_> {
    /// The first [`SHOWN`] bytes as an [`Excerpt`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Excerpt::of(self.bytes, self.bytes.len()).fmt(f)
    }
}

/// `magnitude` with its sign, if that fits an `i64`.
fn signed(negative: bool, magnitude: u64) -> Option<i64> {
    if negative {
        0i64.checked_sub_unsigned(magnitude)
    } else {
        i64::try_from(magnitude).ok()
    }
}

/// A number read by value by [`Scanner::next_integer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Integer {
    value: Option<i64>,
    position: Position,
    token: Excerpt,
}

impl Integer {
    /// The value, or `None` when it is outside `i64` (the scanner stopped reading the numeral at
    /// its 20th significant digit).
    ///
    /// # Complexity
    /// O(1).
    pub fn value(&self) -> Option<i64> {
        self.value
    }

    /// Where the numeral starts.
    ///
    /// # Complexity
    /// O(1).
    pub fn position(&self) -> Position {
        self.position
    }
}

impl fmt::Display for Integer {
    /// The numeral's first bytes as written ([`Excerpt`]): `007` shows as `007`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.token.fmt(f)
    }
}

/// Pulls tokens, numbers, or single non-whitespace bytes from a reader.
///
/// # Example
/// ```
/// use common::scan::{Position, Scanner};
///
/// let mut scanner = Scanner::new(&b"\xEF\xBB\xBF007 -0\r\n+1 x\ty"[..]);
/// let seven = scanner.next_integer().unwrap().unwrap();
/// assert_eq!((seven.value(), seven.to_string()), (Some(7), "007".to_string()));
/// assert_eq!(scanner.next_integer().unwrap().unwrap().value(), Some(0));
/// let one = scanner.next_integer().unwrap().unwrap();
/// assert_eq!((one.value(), one.position()), (Some(1), Position { line: 2, column: 1 }));
/// assert_eq!(scanner.next_byte().unwrap(), Some((b'x', Position { line: 2, column: 4 })));
/// assert_eq!(scanner.next_token().unwrap().unwrap().bytes(), b"y");
/// assert!(scanner.next_token().unwrap().is_none());
/// ```
#[derive(Debug)]
pub struct Scanner<R> {
    reader: R,
    /// [`CHUNK`] bytes, of which `buffer[start..end]` is read from `reader` and not yet
    /// scanned.
    buffer: Box<[u8]>,
    /// Where the next unread byte is in `buffer`.
    start: usize,
    /// Where the bytes read so far end in `buffer`.
    end: usize,
    /// Input offset of `buffer[0]`: the bytes moved out of the buffer so far.
    base: u64,
    /// Line number of the next unread byte.
    line: usize,
    /// The input offset that line starts at; a column is an offset minus this.
    line_start: u64,
    /// Whether the byte-order mark is dealt with.
    begun: bool,
    /// Whether [`Scanner::skip`] may scan the buffer: begun, and no token abandoned.
    ready: bool,
    /// A token given up in the middle, whose rest the next read skips.
    abandoned: Option<Abandoned>,
    /// Whether `reader` has reported the end of input: it is never read again. A terminal
    /// reports the end once per Ctrl-D and would wait for more after it.
    ended: bool,
}

/// A token [`Scanner`] gave up in the middle: what its error names, and how its rest is skipped.
#[derive(Clone, Copy, Debug)]
struct Abandoned {
    /// Where the token starts, and its first bytes.
    position: Position,
    token: Excerpt,
    /// The input offset the bound on its rest counts from.
    from: u64,
    /// Whether the rest starts with more digits of a numeral out of range: those are skipped
    /// however many there are (a number has any length), and the bound counts from the first
    /// byte after them.
    digits: bool,
}

impl<R> Scanner<R> {
    /// The position of the next unread byte.
    ///
    /// # Complexity
    /// O(1).
    #[inline]
    pub fn position(&self) -> Position {
        let offset = self.base + self.start as u64;
        Position {
            line: self.line,
            column: (offset - self.line_start) as usize + 1,
        }
    }
}

impl<R: Read> Scanner<R> {
    /// A scanner at the start of `reader` (a locked stdin, a byte slice, a file...). Whether
    /// the reader buffers makes no difference: the scanner reads up to [`CHUNK`] bytes at a
    /// time, so it may have taken bytes from `reader` beyond those it has returned; read the
    /// input only through the scanner.
    ///
    /// # Complexity
    /// O(1), plus the [`CHUNK`]-byte buffer.
    pub fn new(reader: R) -> Self {
        Scanner {
            reader,
            buffer: vec![0; CHUNK].into_boxed_slice(),
            start: 0,
            end: 0,
            base: 0,
            line: 1,
            line_start: 0,
            begun: false,
            ready: false,
            abandoned: None,
            ended: false,
        }
    }

    /// Reads more bytes after the unread ones, moving those to the front if the buffer is full;
    /// returns how many came, 0 at the end of input. Once the reader has reported the end (a
    /// read of 0 bytes into room for more), it is not read again: on a terminal each further
    /// read would wait for another Ctrl-D.
    fn read_more(&mut self) -> io::Result<usize> {
        if self.ended {
            return Ok(0);
        }
        if self.start == self.end || self.end == self.buffer.len() {
            self.buffer.copy_within(self.start..self.end, 0);
            self.base += self.start as u64;
            self.end -= self.start;
            self.start = 0;
        }
        let room = self.buffer.len() - self.end;
        loop {
            match self.reader.read(&mut self.buffer[self.end..]) {
                Ok(count) => {
                    self.ended = count == 0 && room > 0;
                    self.end += count;
                    return Ok(count);
                }
                Err(error) if error.kind() == ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            }
        }
    }

    /// What [`Scanner::skip`] does when the buffer is used up or not ready: skips a byte-order
    /// mark at the start (reading no further than a byte that differs from one, so an
    /// interactive input is not waited on) and the rest of an abandoned token, then reads more;
    /// `Ok(false)` at the end of input.
    #[cold]
    fn refill(&mut self) -> Result<bool, ScanError> {
        const MARK: &[u8] = b"\xEF\xBB\xBF";
        if !self.begun {
            self.begun = true;
            while self.end < MARK.len() && MARK.starts_with(&self.buffer[..self.end]) && self.read_more()? > 0 {}
            if self.buffer[..self.end].starts_with(MARK) {
                self.start = MARK.len();
                self.line_start = MARK.len() as u64;
            }
        }
        while let Some(mut gave_up) = self.abandoned {
            let rest = &self.buffer[self.start..self.end];
            if gave_up.digits {
                let run = rest.iter().take_while(|byte| byte.is_ascii_digit()).count();
                self.start += run;
                if run < rest.len() {
                    gave_up.digits = false;
                    gave_up.from = self.base + self.start as u64;
                    self.abandoned = Some(gave_up);
                } else if self.read_more()? == 0 {
                    self.abandoned = None;
                }
            } else if let Some(run) = rest.iter().position(|&byte| is_space(byte)) {
                self.start += run;
                self.abandoned = None;
            } else {
                self.start = self.end;
                if self.base + self.end as u64 - gave_up.from > MAX_TOKEN as u64 {
                    let Abandoned { position, token, .. } = gave_up;
                    self.abandon(position, token, false);
                    return Err(ScanError::TooLong { position, token });
                }
                if self.read_more()? == 0 {
                    self.abandoned = None;
                }
            }
        }
        self.ready = true;
        Ok(self.start < self.end || self.read_more()? > 0)
    }

    /// Gives up the token at `position` where the scan stands; the next read skips its rest,
    /// first any more `digits` of it without bound.
    fn abandon(&mut self, position: Position, token: Excerpt, digits: bool) {
        let from = self.base + self.start as u64;
        self.abandoned = Some(Abandoned {
            position,
            token,
            from,
            digits,
        });
        self.ready = false;
    }

    /// Skips whitespace; `Ok(false)` at the end of input, else the next byte is buffered.
    #[inline]
    fn skip(&mut self) -> Result<bool, ScanError> {
        // Small enough to inline everywhere: the next token starts at once, or after one
        // separator that is not a line feed, within the buffered bytes.
        if let (true, Some(&[first, second])) = (self.ready, self.buffer[..self.end].get(self.start..self.start + 2)) {
            if !is_space(first) || (first != b'\n' && !is_space(second)) {
                self.start += usize::from(is_space(first));
                return Ok(true);
            }
        }
        self.skip_run()
    }

    /// [`Scanner::skip`] in every case.
    #[inline(never)]
    fn skip_run(&mut self) -> Result<bool, ScanError> {
        loop {
            if self.ready {
                for (index, &byte) in self.buffer[self.start..self.end].iter().enumerate() {
                    if !is_space(byte) {
                        self.start += index;
                        return Ok(true);
                    }
                    if byte == b'\n' {
                        self.line += 1;
                        self.line_start = self.base + (self.start + index) as u64 + 1;
                    }
                }
                self.start = self.end;
            }
            if !self.refill()? {
                return Ok(false);
            }
        }
    }

    /// Skips whitespace; returns `false` at the end of input.
    ///
    /// # Errors
    /// If reading fails, or the rest of a token abandoned by the last call is over
    /// [`MAX_TOKEN`] bytes, the further digits of a number out of range not counted
    /// ([`ErrorKind::InvalidData`]).
    ///
    /// # Complexity
    /// O(bytes skipped).
    pub fn skip_space(&mut self) -> io::Result<bool> {
        Ok(self.skip()?)
    }

    /// The next non-whitespace byte and its position, or `None` at the end of input.
    ///
    /// # Errors
    /// As [`Scanner::skip_space`].
    ///
    /// # Complexity
    /// O(whitespace skipped + 1).
    #[inline(always)]
    pub fn next_byte(&mut self) -> io::Result<Option<(u8, Position)>> {
        if !self.skip()? {
            return Ok(None);
        }
        let position = self.position();
        self.start += 1;
        Ok(Some((self.buffer[self.start - 1], position)))
    }

    /// Fills `out` with the next non-whitespace bytes, as [`Scanner::next_byte`] would return
    /// them one by one but without their positions; returns how many, fewer than `out.len()`
    /// only at the end of input.
    ///
    /// # Errors
    /// As [`Scanner::skip_space`].
    ///
    /// # Complexity
    /// O(`out.len()` + whitespace skipped), in one pass without a position kept per byte.
    #[inline]
    pub fn next_bytes(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.ready && self.spaced_bytes(out) {
            return Ok(out.len());
        }
        self.next_bytes_in_general(out)
    }

    /// [`Scanner::next_bytes`] in every case.
    #[inline(never)]
    fn next_bytes_in_general(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let mut filled = 0;
        while filled < out.len() && self.skip()? {
            let rest = &self.buffer[self.start..self.end];
            let mut used = rest.len();
            for (index, &byte) in rest.iter().enumerate() {
                if !is_space(byte) {
                    if filled == out.len() {
                        used = index;
                        break;
                    }
                    out[filled] = byte;
                    filled += 1;
                } else if byte == b'\n' {
                    self.line += 1;
                    self.line_start = self.base + (self.start + index) as u64 + 1;
                }
            }
            self.start += used;
        }
        Ok(filled)
    }

    /// [`Scanner::next_bytes`]'s common case in one pass: when the buffered bytes start with
    /// `out.len()` printable bytes each followed by one space, the last by a space or a line
    /// feed (`1 2 3 4 5 6 7 8 x⏎`), copies them and consumes the separators; `false`, consuming
    /// nothing, otherwise (the general path then reads them, whatever they are).
    #[inline]
    fn spaced_bytes(&mut self, out: &mut [u8]) -> bool {
        let length = 2 * out.len();
        let Some(window) = self.buffer[..self.end].get(self.start..self.start + length) else {
            return false;
        };
        let Some((slot, slots)) = out.split_last_mut() else {
            return true;
        };
        let (pairs, last) = window.split_at(length - 2);
        let end = last[1];
        // Bytes above the space are never whitespace; the others take the general path.
        let mut fits = (last[0] > b' ') & (end == b' ' || end == b'\n');
        *slot = last[0];
        for (slot, pair) in slots.iter_mut().zip(pairs.chunks_exact(2)) {
            *slot = pair[0];
            fits &= (pair[0] > b' ') & (pair[1] == b' ');
        }
        if !fits {
            return false;
        }
        self.start += length;
        if end == b'\n' {
            self.line += 1;
            self.line_start = self.base + self.start as u64;
        }
        true
    }

    /// The next token, or `None` at the end of input.
    ///
    /// # Errors
    /// [`ScanError::TooLong`] for a token over [`MAX_TOKEN`] bytes (after reading just past
    /// that), [`ScanError::Io`] if reading fails.
    ///
    /// # Complexity
    /// O(whitespace skipped + token length).
    #[inline]
    pub fn next_token(&mut self) -> Result<Option<Token<'_>>, ScanError> {
        if !self.skip()? {
            return Ok(None);
        }
        let position = self.position();
        let mut len = 0;
        loop {
            let rest = &self.buffer[self.start + len..self.end];
            if let Some(run) = rest.iter().position(|&byte| is_space(byte)) {
                len += run;
                break;
            }
            len += rest.len();
            if len > MAX_TOKEN || self.read_more()? == 0 {
                break;
            }
        }
        if len > MAX_TOKEN {
            let token = Excerpt::of(&self.buffer[self.start..], len);
            self.start += len;
            self.abandon(position, token, false);
            return Err(ScanError::TooLong { position, token });
        }
        self.start += len;
        let bytes = &self.buffer[self.start - len..self.start];
        Ok(Some(Token { bytes, position }))
    }

    /// Where the next token starts and its first bytes, or `None` at the end of input: what a
    /// message about a token that should not be there quotes, whatever its length. Reads into
    /// the token no further than the excerpt; the next call skips its rest (up to
    /// [`MAX_TOKEN`] bytes, as after [`ScanError::NotInteger`]).
    ///
    /// # Errors
    /// [`ScanError::Io`] if reading fails.
    ///
    /// # Complexity
    /// O(whitespace skipped + [`SHOWN`]).
    pub fn next_excerpt(&mut self) -> Result<Option<(Position, Excerpt)>, ScanError> {
        if !self.skip()? {
            return Ok(None);
        }
        let position = self.position();
        let mut len = 0;
        while len <= SHOWN
            && (self.start + len < self.end || self.read_more()? > 0)
            && !is_space(self.buffer[self.start + len])
        {
            len += 1;
        }
        let token = Excerpt::of(&self.buffer[self.start..], len);
        self.start += len;
        if len > SHOWN {
            self.abandon(position, token, false);
        }
        Ok(Some((position, token)))
    }

    /// The next number, by value, or `None` at the end of input: an optional `+` or `-`, then
    /// decimal digits, of any length; leading zeros are skipped without being kept.
    ///
    /// At the 20th significant digit the value is out of `i64` whatever follows: the numeral is
    /// abandoned there and returned with [`Integer::value`] `None`, so that a program that wants
    /// a small number stops at once, even on endless digits. The next call skips the numeral's
    /// rest: its further digits however many (it is one number), then any other bytes of the
    /// token up to [`MAX_TOKEN`].
    ///
    /// # Errors
    /// [`ScanError::NotInteger`] at the first byte that cannot belong to a number (the rest of
    /// the token is not read, beyond the few bytes the message quotes); [`ScanError::Io`] if
    /// reading fails.
    ///
    /// # Complexity
    /// O(whitespace skipped + numeral length), O(1) memory.
    #[inline]
    pub fn next_integer(&mut self) -> Result<Option<Integer>, ScanError> {
        if !self.skip()? {
            return Ok(None);
        }
        let position = self.position();
        let rest = &self.buffer[self.start..self.end];
        let negative = rest[0] == b'-';
        let sign = usize::from(negative || rest[0] == b'+');
        // The common case, read straight from the buffer: at most 18 digits (no overflow), then
        // whitespace.
        let (stop, mut end, mut magnitude) = (rest.len().min(sign + 18), sign, 0);
        while end < stop && rest[end].is_ascii_digit() {
            magnitude = magnitude * 10 + i64::from(rest[end] - b'0');
            end += 1;
        }
        if end > sign && rest.get(end).is_some_and(|&byte| is_space(byte)) {
            let token = Excerpt::of(rest, end);
            self.start += end;
            let value = Some(if negative { -magnitude } else { magnitude });
            return Ok(Some(Integer { value, position, token }));
        }
        self.next_integer_in_general(position, negative, sign)
    }

    /// [`Scanner::next_integer`] in every case, from the numeral's sign (`sign` bytes of it) at
    /// `position`: out of line, so that the common case stays small where it is inlined.
    #[inline(never)]
    fn next_integer_in_general(
        &mut self,
        position: Position,
        negative: bool,
        sign: usize,
    ) -> Result<Option<Integer>, ScanError> {
        // The numeral's `len` bytes so far stay in the buffer from `start` until they outgrow
        // the excerpt; from then on only the excerpt is kept.
        let mut len = sign;
        let mut token = None;
        let (mut digits, mut significant, mut magnitude) = (false, 0, 0u64);
        let bad = loop {
            let Some(&byte) = self.buffer[..self.end].get(self.start + len) else {
                if len > SHOWN {
                    token.get_or_insert(Excerpt::of(&self.buffer[self.start..], len));
                    self.start += len;
                    len = 0;
                }
                if self.read_more()? == 0 {
                    break false;
                }
                continue;
            };
            let digit = byte.wrapping_sub(b'0');
            if digit >= 10 {
                break !is_space(byte);
            }
            len += 1;
            digits = true;
            if significant > 0 || digit > 0 {
                significant += 1;
                if significant > MAX_DIGITS {
                    break false;
                }
                magnitude = magnitude * 10 + u64::from(digit);
            }
        };
        let abandoned = bad || significant > MAX_DIGITS;
        if abandoned && token.is_none() {
            // Quote the bytes that follow too, as far as the excerpt goes.
            while len <= SHOWN
                && (self.start + len < self.end || self.read_more()? > 0)
                && !is_space(self.buffer[self.start + len])
            {
                len += 1;
            }
        }
        // Whether all of an out-of-range numeral read so far is digits (the quote may have read
        // on past its 20th), so that its rest may be more of them, skipped however many.
        let more_digits = !bad
            && match token {
                Some(_) => true,
                None => self.buffer[self.start + sign..self.start + len]
                    .iter()
                    .all(u8::is_ascii_digit),
            };
        let token = token.unwrap_or_else(|| Excerpt::of(&self.buffer[self.start..], len));
        self.start += len;
        if abandoned {
            self.abandon(position, token, more_digits);
        }
        if bad || !digits {
            return Err(ScanError::NotInteger { position, token });
        }
        let value = if abandoned { None } else { signed(negative, magnitude) };
        Ok(Some(Integer { value, position, token }))
    }
}

#[cfg(test)]
mod tests;
