//! The shared input grammar, as the checkers read it (independently of `common::scan`, which the
//! solvers use): whitespace is exactly C's `isspace` (space, `\t`, `\n`, `\v`, `\f`, `\r`), a
//! UTF-8 byte-order mark at the very start is skipped, and a number is an optional `+` or `-`
//! then one or more ASCII digits of any length, read by value (`-0` is 0, `007` is 7).
//!
//! Inputs are streamed from an [`Input`] that can be read from its start more than once, so a
//! checker may read an input in several passes (decide the layout, validate, judge). A file is
//! opened once ([`OpenedInput`]): a regular file is then read in passes in constant memory, any
//! other (a pipe, a FIFO, `/dev/stdin`), which can be read only once, is held in memory.
//!
//! What is held is read by [`hold`]: at most [`MAX_HELD`] bytes, each growth of the buffer
//! asked for with `try_reserve`, so an endless file (`/dev/zero`, a pipe that never closes) or one
//! the checker has no memory for ends in a [`HoldError`] the caller reports as the checker's own
//! failure, never as a verdict on the file.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::os::unix::fs::FileExt;
use std::path::Path;

/// Whether `byte` is whitespace: C's `isspace` in the "C" locale.
pub fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// The UTF-8 byte-order mark.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Most bytes [`hold`] keeps of one file: far more than any output, answer or input of these
/// puzzles that a judge would run (the largest judge cases are a few MB; 2,000,000 Eight boards
/// are 36 MB), and within what a machine holds.
pub const MAX_HELD: u64 = 1 << 30;

/// Why a file could not be held in memory.
#[derive(Debug)]
pub enum HoldError {
    /// Reading it failed.
    Io(io::Error),
    /// It is longer than the bound (an endless file, say).
    TooLong {
        /// The bound it passed.
        limit: u64,
    },
    /// Memory for it could not be had: `held` bytes were read and room for `wanted` more was
    /// refused.
    OutOfMemory {
        /// Bytes held when the allocation failed.
        held: usize,
        /// Bytes more that were asked for.
        wanted: usize,
    },
}

impl std::fmt::Display for HoldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HoldError::Io(error) => write!(f, "{error}"),
            HoldError::TooLong { limit } => write!(f, "longer than {limit} bytes, more than the checker holds"),
            HoldError::OutOfMemory { held, wanted } => {
                write!(f, "out of memory: cannot allocate {wanted} bytes more after {held}")
            }
        }
    }
}

impl HoldError {
    /// Whether it is the checker's failure rather than the file's: a limit or an allocation of
    /// its own (an out-of-memory error from the system included), never what the file holds.
    pub fn is_checkers(&self) -> bool {
        match self {
            HoldError::Io(error) => error.kind() == io::ErrorKind::OutOfMemory,
            HoldError::TooLong { .. } | HoldError::OutOfMemory { .. } => true,
        }
    }
}

/// Everything `reader` gives, up to `limit` bytes.
///
/// # Errors
/// A read error, more than `limit` bytes, or an allocation refused ([`HoldError`]).
///
/// # Complexity
/// O(bytes read); the buffer doubles (at least 64 KiB at a time), each growth asked for with
/// `try_reserve_exact`.
pub fn hold(reader: impl Read, limit: u64) -> Result<Vec<u8>, HoldError> {
    hold_sized(reader, limit, 0)
}

/// The file at `path`, held whole ([`hold`] under [`MAX_HELD`]); a regular file's size is
/// allocated at once, so that holding it takes no more memory than its size.
///
/// # Errors
/// As [`hold`], or if it cannot be opened.
pub fn hold_file(path: &Path) -> Result<Vec<u8>, HoldError> {
    let file = File::open(path).map_err(HoldError::Io)?;
    let size = file.metadata().map(|metadata| metadata.len()).unwrap_or(0);
    hold_sized(file, MAX_HELD, size)
}

/// [`hold`], first making room for `expected` bytes and one more (which tells the end).
fn hold_sized(mut reader: impl Read, limit: u64, expected: u64) -> Result<Vec<u8>, HoldError> {
    let mut held: Vec<u8> = Vec::new();
    let mut filled = 0;
    loop {
        if filled == held.len() {
            // One byte past the limit is room enough to tell that it was passed.
            let room = (limit + 1).saturating_sub(filled as u64);
            let first = if filled == 0 { expected.saturating_add(1) } else { 0 };
            let wanted = (filled as u64).max(1 << 16).max(first).min(room);
            let wanted = usize::try_from(wanted).unwrap_or(usize::MAX);
            if wanted == 0 {
                return Err(HoldError::TooLong { limit });
            }
            held.try_reserve_exact(wanted)
                .map_err(|_| HoldError::OutOfMemory { held: filled, wanted })?;
            held.resize(filled + wanted, 0);
        }
        match reader.read(&mut held[filled..]) {
            Ok(0) => break,
            Ok(read) => filled += read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(HoldError::Io(error)),
        }
        if filled as u64 > limit {
            return Err(HoldError::TooLong { limit });
        }
    }
    held.truncate(filled);
    Ok(held)
}

/// A checker input that can be read from its start any number of times.
pub trait Input {
    /// A fresh reader at the start of the input.
    ///
    /// # Errors
    /// If the input cannot be opened.
    fn open(&self) -> io::Result<Box<dyn Read + '_>>;
}

impl Input for [u8] {
    fn open(&self) -> io::Result<Box<dyn Read + '_>> {
        Ok(Box::new(self))
    }
}

/// A path is opened anew for each pass: right for a regular file that nothing changes meanwhile,
/// wrong for a pipe or a FIFO (the second pass would see nothing, or wait for ever); use
/// [`OpenedInput`] for a path given by a user.
impl Input for Path {
    fn open(&self) -> io::Result<Box<dyn Read + '_>> {
        Ok(Box::new(BufReader::with_capacity(1 << 16, File::open(self)?)))
    }
}

/// An input file opened once: a regular file is read again from its start for each pass, through
/// the one open descriptor (positional reads, constant memory); anything else (a pipe, a FIFO, a
/// character device such as `/dev/stdin` on a terminal) is read whole into memory at once, since
/// it can be read only once.
pub enum OpenedInput {
    /// A regular file, streamed in passes.
    Regular(File),
    /// Everything another kind of file held.
    Held(Vec<u8>),
}

impl OpenedInput {
    /// Opens `path` and, unless it is a regular file, reads it whole ([`hold`], at most
    /// [`MAX_HELD`] bytes).
    ///
    /// # Errors
    /// If it cannot be opened or held.
    pub fn open(path: &Path) -> Result<Self, HoldError> {
        let file = File::open(path).map_err(HoldError::Io)?;
        if file.metadata().map_err(HoldError::Io)?.is_file() {
            return Ok(OpenedInput::Regular(file));
        }
        Ok(OpenedInput::Held(hold(file, MAX_HELD)?))
    }
}

/// A pass over a regular file: positional reads from its own offset, so passes never disturb
/// each other.
struct Pass<'a> {
    file: &'a File,
    offset: u64,
}

impl Read for Pass<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let read = self.file.read_at(buffer, self.offset)?;
        self.offset += read as u64;
        Ok(read)
    }
}

impl Input for OpenedInput {
    fn open(&self) -> io::Result<Box<dyn Read + '_>> {
        match self {
            // The reader asks for 64 KiB at a time: no buffer needed between.
            OpenedInput::Regular(file) => Ok(Box::new(Pass { file, offset: 0 })),
            OpenedInput::Held(bytes) => Ok(Box::new(&bytes[..])),
        }
    }
}

/// A number read by value: its sign and magnitude, `None` when the magnitude is beyond `u64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Number {
    /// Whether it is below zero (`-0` is not).
    pub negative: bool,
    /// The absolute value, or `None` if it does not fit in a `u64`.
    pub magnitude: Option<u64>,
}

impl Number {
    /// The value if it is in `0..=u64::MAX`.
    pub fn non_negative(&self) -> Option<u64> {
        if self.negative {
            None
        } else {
            self.magnitude
        }
    }
}

/// Bytes of a token kept for messages and comparisons.
pub const KEPT: usize = 40;

/// One whitespace-separated token of an input: its first [`KEPT`] bytes, its length, the line it
/// starts on (from 1), and its value if it is a number.
#[derive(Clone, Copy, Debug)]
pub struct Token {
    kept: [u8; KEPT],
    /// The full length in bytes.
    pub len: u64,
    /// The line (counted by `\n`) the token starts on, from 1.
    pub line: u64,
    /// The token's value, if it is a number.
    pub number: Option<Number>,
}

impl Token {
    /// The kept bytes (all of them when `len <= KEPT`).
    pub fn bytes(&self) -> &[u8] {
        &self.kept[..(self.len as usize).min(KEPT)]
    }

    /// The token for a message: escaped, `...` when cut.
    pub fn shown(&self) -> String {
        let mut shown = self.bytes().escape_ascii().to_string();
        if self.len > KEPT as u64 {
            shown.push_str("...");
        }
        shown
    }
}

/// Reads an [`Input`] byte by byte and token by token; the first read error is kept, and ends
/// the stream, for the caller to report with [`Reader::error`].
pub struct Reader<'a> {
    source: Box<dyn Read + 'a>,
    buffer: Vec<u8>,
    at: usize,
    filled: usize,
    error: Option<io::Error>,
    line: u64,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `input`, past a leading byte-order mark.
    ///
    /// # Errors
    /// If the input cannot be opened, or memory for the read buffer is refused.
    pub fn new(input: &'a (impl Input + ?Sized)) -> io::Result<Self> {
        let mut buffer = crate::alloc::vec_with_capacity(1 << 16, "the checker's read buffer")
            .map_err(|refused| io::Error::new(io::ErrorKind::OutOfMemory, refused.to_string()))?;
        buffer.resize(1 << 16, 0);
        let mut reader = Reader {
            source: input.open()?,
            buffer,
            at: 0,
            filled: 0,
            error: None,
            line: 1,
        };
        if reader.peek() == Some(BOM[0]) {
            reader.fill_at_least(BOM.len());
            if reader.buffer[reader.at..reader.filled].starts_with(BOM) {
                reader.at += BOM.len();
            }
        }
        Ok(reader)
    }

    /// Reads until at least `wanted` bytes are buffered or the input ends.
    fn fill_at_least(&mut self, wanted: usize) {
        if self.at > 0 {
            self.buffer.copy_within(self.at..self.filled, 0);
            self.filled -= self.at;
            self.at = 0;
        }
        while self.filled < wanted && self.error.is_none() {
            match self.source.read(&mut self.buffer[self.filled..]) {
                Ok(0) => break,
                Ok(read) => self.filled += read,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => self.error = Some(error),
            }
        }
    }

    /// The next byte, not consumed.
    pub fn peek(&mut self) -> Option<u8> {
        if self.at == self.filled {
            self.fill_at_least(1);
        }
        (self.at < self.filled).then(|| self.buffer[self.at])
    }

    /// The next byte, consumed.
    pub fn next_byte(&mut self) -> Option<u8> {
        let byte = self.peek()?;
        self.at += 1;
        if byte == b'\n' {
            self.line += 1;
        }
        Some(byte)
    }

    /// The line (from 1) of the next byte.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// Skips whitespace; `false` at the end of the input.
    pub fn skip_space(&mut self) -> bool {
        while let Some(byte) = self.peek() {
            if !is_space(byte) {
                return true;
            }
            self.next_byte();
        }
        false
    }

    /// The next non-whitespace byte, or `None` at the end.
    pub fn next_tile(&mut self) -> Option<u8> {
        self.skip_space();
        self.next_byte()
    }

    /// The next token, or `None` at the end of the input.
    pub fn next_token(&mut self) -> Option<Token> {
        if !self.skip_space() {
            return None;
        }
        let mut token = Token {
            kept: [0; KEPT],
            len: 0,
            line: self.line,
            number: None,
        };
        let mut value = NumberReader::default();
        while let Some(byte) = self.peek().filter(|&byte| !is_space(byte)) {
            self.next_byte();
            if let Some(slot) = token.kept.get_mut(token.len as usize) {
                *slot = byte;
            }
            token.len += 1;
            value.push(byte);
        }
        token.number = value.finish();
        Some(token)
    }

    /// Why reading stopped early, if it did.
    pub fn error(&self) -> Option<&io::Error> {
        self.error.as_ref()
    }
}

/// Reads a number byte by byte, by value: sign, then digits; leading zeros cost nothing.
#[derive(Default)]
struct NumberReader {
    bytes: u64,
    negative: bool,
    digits: u64,
    magnitude: Option<u64>,
    broken: bool,
}

impl NumberReader {
    fn push(&mut self, byte: u8) {
        if self.broken {
            return;
        }
        let first = self.bytes == 0;
        self.bytes += 1;
        match byte {
            b'+' | b'-' if first => self.negative = byte == b'-',
            b'0'..=b'9' => {
                let digit = u64::from(byte - b'0');
                let value = if self.digits == 0 { Some(0) } else { self.magnitude };
                self.digits += 1;
                self.magnitude = value.and_then(|v| v.checked_mul(10)?.checked_add(digit));
            }
            _ => self.broken = true,
        }
    }

    fn finish(self) -> Option<Number> {
        if self.broken || self.digits == 0 {
            return None;
        }
        Some(Number {
            negative: self.negative && self.magnitude != Some(0),
            magnitude: self.magnitude,
        })
    }
}

/// The value of `text` as a number by the grammar, or `None` if it is not one.
pub fn number(text: &[u8]) -> Option<Number> {
    let mut reader = NumberReader::default();
    text.iter().for_each(|&byte| reader.push(byte));
    reader.finish()
}

/// The whitespace-separated tokens of an output held in memory, with their byte offsets.
pub fn tokens(output: &[u8]) -> impl Iterator<Item = &[u8]> {
    output.split(|&byte| is_space(byte)).filter(|token| !token.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_by_value() {
        let n = |text: &str| number(text.as_bytes());
        assert_eq!(n("-0").unwrap().non_negative(), Some(0));
        assert_eq!(n("+1").unwrap().non_negative(), Some(1));
        assert_eq!(n(&format!("{}7", "0".repeat(100))).unwrap().non_negative(), Some(7));
        assert_eq!(n("18446744073709551616").unwrap().magnitude, None);
        assert_eq!(n("-5").unwrap().non_negative(), None);
        for bad in ["", "+", "-", "1-", "--1", "1x", "x", "+-1"] {
            assert_eq!(n(bad), None, "{bad}");
        }
    }

    /// An endless input, and one whose reads fail.
    struct Endless;
    impl Read for Endless {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            buffer.fill(b'1');
            Ok(buffer.len())
        }
    }

    #[test]
    fn held_files_are_bounded() {
        // Up to the limit exactly, and one byte past it is too long, whatever the chunks.
        for limit in [0, 1, 5, (1 << 16) - 1, 1 << 16, (1 << 17) + 3] {
            let exact = vec![b'7'; limit as usize];
            assert_eq!(hold(&exact[..], limit).unwrap(), exact);
            let over = vec![b'7'; limit as usize + 1];
            assert!(matches!(hold(&over[..], limit), Err(HoldError::TooLong { limit: l }) if l == limit));
            assert!(matches!(hold(Endless, limit), Err(HoldError::TooLong { .. })));
            // A size known beforehand, right or wrong, changes nothing but the first allocation.
            for expected in [0, limit / 2, limit, limit + 1, u64::MAX] {
                assert_eq!(hold_sized(&exact[..], limit, expected).unwrap(), exact);
                assert!(hold_sized(&over[..], limit, expected).is_err());
            }
        }
        // (An allocation refused is tested under `ulimit -v` on `judge check`, in
        // judge-tests/tests/judge/limits.rs: here it would take the machine's memory.)
        let failing = hold(Flaky, 10).unwrap_err();
        assert!(
            !failing.is_checkers() && failing.to_string() == "disk on fire",
            "{failing}"
        );
    }

    struct Flaky;
    impl Read for Flaky {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::new(io::ErrorKind::Other, "disk on fire"))
        }
    }

    #[test]
    fn a_regular_file_is_streamed_through_one_descriptor() {
        let path = std::env::temp_dir().join(format!("checker-read-{}", std::process::id()));
        std::fs::write(&path, "1 2\n3").unwrap();
        let opened = OpenedInput::open(&path).unwrap();
        // Removing the name changes nothing: every pass reads the one open file.
        std::fs::remove_file(&path).unwrap();
        assert!(matches!(opened, OpenedInput::Regular(_)));
        let mut first = Reader::new(&opened).unwrap();
        let mut second = Reader::new(&opened).unwrap();
        for want in [1, 2, 3] {
            assert_eq!(first.next_token().unwrap().number.unwrap().magnitude, Some(want));
            assert_eq!(second.next_token().unwrap().number.unwrap().magnitude, Some(want));
        }
        assert!(first.next_token().is_none() && second.next_token().is_none());
    }

    #[test]
    fn tokens_lines_and_bom() {
        let input: &[u8] = b"\xEF\xBB\xBF 12\x0b\x0c-0\r\n\n007 abc";
        let mut reader = Reader::new(input).unwrap();
        let first = reader.next_token().unwrap();
        assert_eq!(
            (first.bytes(), first.line, first.number.unwrap().magnitude),
            (&b"12"[..], 1, Some(12))
        );
        let second = reader.next_token().unwrap();
        assert_eq!(second.number.unwrap().non_negative(), Some(0));
        let third = reader.next_token().unwrap();
        assert_eq!((third.line, third.number.unwrap().magnitude), (3, Some(7)));
        let fourth = reader.next_token().unwrap();
        assert_eq!((fourth.bytes(), fourth.number), (&b"abc"[..], None));
        assert!(reader.next_token().is_none());
        // A BOM anywhere else is not whitespace.
        let mut late = Reader::new(&b" \xEF\xBB\xBF1"[..]).unwrap();
        assert_eq!(late.next_token().unwrap().number, None);
    }
}
