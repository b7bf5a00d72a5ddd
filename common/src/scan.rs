//! Tokens from the input bytes, each with its position for error messages.
//!
//! The scanner reads any [`BufRead`] (a locked stdin, or a byte slice holding the whole input)
//! and never allocates per token: a token is a view of a small fixed buffer inside the scanner.
//! Because it pulls bytes as it goes, a program that answers case by case keeps its memory flat
//! however long the input is.
//!
//! Whitespace is space, tab, line feed, carriage return, vertical tab and form feed, so CRLF
//! line ends read like LF ones.

use std::fmt;
use std::io::{self, BufRead, ErrorKind};

/// Bytes of a token kept for inspection; longer tokens keep their first `MAX_TOKEN` bytes and
/// their true length.
pub const MAX_TOKEN: usize = 32;

/// Whether `byte` separates tokens.
///
/// # Complexity
/// O(1).
pub fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
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
    /// Decimal digits, but too large for an `i64`.
    OutOfRange,
}

/// A maximal run of non-whitespace bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    kept: &'a [u8],
    len: usize,
    position: Position,
}

impl<'a> Token<'a> {
    /// The token's bytes; only the first [`MAX_TOKEN`] if it is longer.
    ///
    /// # Complexity
    /// O(1).
    pub fn bytes(&self) -> &'a [u8] {
        self.kept
    }

    /// The token's full length in bytes.
    ///
    /// # Complexity
    /// O(1).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always `false`: tokens have at least one byte.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Where the token starts.
    ///
    /// # Complexity
    /// O(1).
    pub fn position(&self) -> Position {
        self.position
    }

    /// The token as an `i64`: an optional `+` or `-`, then decimal digits.
    ///
    /// # Complexity
    /// O(length).
    pub fn parse_i64(&self) -> Result<i64, IntegerError> {
        let (negative, digits) = match self.kept.first() {
            Some(b'-') => (true, &self.kept[1..]),
            Some(b'+') => (false, &self.kept[1..]),
            _ => (false, self.kept),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return Err(IntegerError::NotInteger);
        }
        if self.len > self.kept.len() {
            // Over MAX_TOKEN bytes: too long for an i64 whatever the rest holds, unless the rest
            // is not digits; report the likelier fault.
            return Err(IntegerError::OutOfRange);
        }
        let mut value: i64 = 0;
        for &digit in digits {
            let digit = i64::from(digit - b'0');
            value = value
                .checked_mul(10)
                .and_then(|v| {
                    if negative {
                        v.checked_sub(digit)
                    } else {
                        v.checked_add(digit)
                    }
                })
                .ok_or(IntegerError::OutOfRange)?;
        }
        Ok(value)
    }
}

impl fmt::Display for Token<'_> {
    /// Printable ASCII as is, other bytes escaped, long tokens cut with `...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kept.escape_ascii())?;
        if self.len > self.kept.len() {
            write!(f, "...")?;
        }
        Ok(())
    }
}

/// The reader's buffered bytes, refilled if empty; empty only at the end of input.
fn fill<R: BufRead>(reader: &mut R) -> io::Result<&[u8]> {
    loop {
        match reader.fill_buf() {
            Ok(_) => break,
            Err(error) if error.kind() == ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        }
    }
    reader.fill_buf()
}

/// Pulls whitespace-separated tokens, or single non-whitespace bytes, from a reader.
#[derive(Debug)]
pub struct Scanner<R> {
    reader: R,
    buffer: [u8; MAX_TOKEN],
    line: usize,
    column: usize,
}

impl<R: BufRead> Scanner<R> {
    /// A scanner at the start of `reader`.
    ///
    /// # Complexity
    /// O(1).
    pub fn new(reader: R) -> Self {
        Scanner {
            reader,
            buffer: [0; MAX_TOKEN],
            line: 1,
            column: 1,
        }
    }

    /// The position of the next unread byte.
    ///
    /// # Complexity
    /// O(1).
    pub fn position(&self) -> Position {
        Position {
            line: self.line,
            column: self.column,
        }
    }

    /// Skips whitespace; returns `false` at the end of input.
    ///
    /// # Complexity
    /// O(bytes skipped).
    pub fn skip_space(&mut self) -> io::Result<bool> {
        loop {
            let (line, column) = (self.line, self.column);
            let chunk = fill(&mut self.reader)?;
            if chunk.is_empty() {
                return Ok(false);
            }
            let (mut new_line, mut new_column) = (line, column);
            let mut taken = 0;
            for &byte in chunk {
                if !is_space(byte) {
                    break;
                }
                taken += 1;
                if byte == b'\n' {
                    new_line += 1;
                    new_column = 1;
                } else {
                    new_column += 1;
                }
            }
            let found = taken < chunk.len();
            self.reader.consume(taken);
            self.line = new_line;
            self.column = new_column;
            if found {
                return Ok(true);
            }
        }
    }

    /// The next non-whitespace byte and its position, or `None` at the end of input.
    ///
    /// # Complexity
    /// O(whitespace skipped + 1).
    pub fn next_byte(&mut self) -> io::Result<Option<(u8, Position)>> {
        if !self.skip_space()? {
            return Ok(None);
        }
        let position = self.position();
        let byte = fill(&mut self.reader)?[0];
        self.reader.consume(1);
        self.column += 1;
        Ok(Some((byte, position)))
    }

    /// The next token, or `None` at the end of input.
    ///
    /// # Complexity
    /// O(whitespace skipped + token length).
    pub fn next_token(&mut self) -> io::Result<Option<Token<'_>>> {
        if !self.skip_space()? {
            return Ok(None);
        }
        let position = self.position();
        let mut len = 0;
        loop {
            let chunk = fill(&mut self.reader)?;
            if chunk.is_empty() {
                break;
            }
            let run = chunk.iter().position(|&byte| is_space(byte)).unwrap_or(chunk.len());
            if len < MAX_TOKEN {
                let keep = run.min(MAX_TOKEN - len);
                self.buffer[len..len + keep].copy_from_slice(&chunk[..keep]);
            }
            let ended = run < chunk.len();
            self.reader.consume(run);
            len += run;
            self.column += run;
            if ended {
                break;
            }
        }
        Ok(Some(Token {
            kept: &self.buffer[..len.min(MAX_TOKEN)],
            len,
            position,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(input: &[u8]) -> Vec<(String, usize, usize, usize)> {
        let mut scanner = Scanner::new(input);
        let mut found = Vec::new();
        while let Some(token) = scanner.next_token().unwrap() {
            let at = token.position();
            found.push((token.to_string(), token.len(), at.line, at.column));
        }
        found
    }

    #[test]
    fn splits_on_any_whitespace_and_tracks_positions() {
        let found = tokens(b" 12\t-3\r\n\n  x\x0b+7 ");
        assert_eq!(
            found,
            [
                ("12".to_string(), 2, 1, 2),
                ("-3".to_string(), 2, 1, 5),
                ("x".to_string(), 1, 3, 3),
                ("+7".to_string(), 2, 3, 5),
            ]
        );
        assert!(tokens(b"").is_empty());
        assert!(tokens(b" \n\t ").is_empty());
    }

    #[test]
    fn reads_across_buffer_boundaries() {
        // A one-byte-at-a-time reader forces every token across many refills.
        let input: &[u8] = b"123 45678\n9";
        let reader = io::BufReader::with_capacity(1, input);
        let mut scanner = Scanner::new(reader);
        let mut values = Vec::new();
        while let Some(token) = scanner.next_token().unwrap() {
            values.push(token.parse_i64().unwrap());
        }
        assert_eq!(values, [123, 45678, 9]);
        assert_eq!(scanner.position().line, 2);
    }

    #[test]
    fn parses_integers_and_reports_why_not() {
        let parse = |text: &[u8]| Scanner::new(text).next_token().unwrap().unwrap().parse_i64();
        assert_eq!(parse(b"0"), Ok(0));
        assert_eq!(parse(b"-42"), Ok(-42));
        assert_eq!(parse(b"+7"), Ok(7));
        assert_eq!(parse(b"9223372036854775807"), Ok(i64::MAX));
        assert_eq!(parse(b"-9223372036854775808"), Ok(i64::MIN));
        assert_eq!(parse(b"9223372036854775808"), Err(IntegerError::OutOfRange));
        assert_eq!(
            parse(b"99999999999999999999999999999999999999"),
            Err(IntegerError::OutOfRange)
        );
        assert_eq!(parse(b"1x"), Err(IntegerError::NotInteger));
        assert_eq!(parse(b"-"), Err(IntegerError::NotInteger));
        assert_eq!(parse("é".as_bytes()), Err(IntegerError::NotInteger));
    }

    #[test]
    fn long_and_binary_tokens_display_safely() {
        let long = [b'7'; 100];
        let mut scanner = Scanner::new(&long[..]);
        let token = scanner.next_token().unwrap().unwrap();
        assert_eq!(token.len(), 100);
        assert_eq!(token.bytes().len(), MAX_TOKEN);
        assert!(token.to_string().ends_with("..."));
        let mut scanner = Scanner::new(&b"\x00\xff"[..]);
        assert_eq!(scanner.next_token().unwrap().unwrap().to_string(), "\\x00\\xff");
    }

    #[test]
    fn bytes_one_at_a_time() {
        let mut scanner = Scanner::new(&b" 12\n x"[..]);
        let mut found = Vec::new();
        while let Some((byte, at)) = scanner.next_byte().unwrap() {
            found.push((byte, at.line, at.column));
        }
        assert_eq!(found, [(b'1', 1, 2), (b'2', 1, 3), (b'x', 2, 2)]);
    }
}
