//! The scanner against plain readings of the grammar, under 1-byte and odd-sized chunks.

use super::*;

/// A reader handing out `input` in chunks whose sizes cycle through `sizes`, counting the
/// bytes it gave.
struct Chunked<'a> {
    input: &'a [u8],
    sizes: &'a [usize],
    turn: usize,
    given: usize,
}

impl<'a> Chunked<'a> {
    fn new(input: &'a [u8], sizes: &'a [usize]) -> Self {
        Chunked {
            input,
            sizes,
            turn: 0,
            given: 0,
        }
    }
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()]
            .min(buf.len())
            .min(self.input.len());
        self.turn += 1;
        buf[..size].copy_from_slice(&self.input[..size]);
        self.input = &self.input[size..];
        self.given += size;
        Ok(size)
    }
}

/// An endless input of one byte, counting the bytes it gave.
struct Endless {
    byte: u8,
    given: usize,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        buf.fill(self.byte);
        self.given += buf.len();
        Ok(buf.len())
    }
}

/// Chunk patterns: one byte at a time, odd sizes, and one big read.
const CHUNKINGS: [&[usize]; 4] = [&[1], &[3, 1, 7], &[5, 2, 13, 1, 64], &[1 << 20]];

fn tokens(input: &[u8], sizes: &[usize]) -> Vec<(String, usize, usize, usize)> {
    let mut scanner = Scanner::new(Chunked::new(input, sizes));
    let mut found = Vec::new();
    while let Some(token) = scanner.next_token().unwrap() {
        let at = token.position();
        found.push((token.to_string(), token.len(), at.line, at.column));
    }
    found
}

/// The grammar's whitespace rule and positions, written the plain way.
fn naive_tokens(input: &[u8]) -> Vec<(String, usize, usize, usize)> {
    let (body, skipped) = match input.strip_prefix(b"\xEF\xBB\xBF") {
        Some(body) => (body, 3),
        None => (input, 0),
    };
    let mut found = Vec::new();
    let (mut line, mut line_start) = (1, skipped);
    let mut index = 0;
    while index < body.len() {
        let byte = body[index];
        if b" \t\n\x0b\x0c\r".contains(&byte) {
            if byte == b'\n' {
                line += 1;
                line_start = skipped + index + 1;
            }
            index += 1;
            continue;
        }
        let start = index;
        while index < body.len() && !b" \t\n\x0b\x0c\r".contains(&body[index]) {
            index += 1;
        }
        let token = &body[start..index];
        found.push((
            Excerpt::of(token, token.len()).to_string(),
            token.len(),
            line,
            skipped + start - line_start + 1,
        ));
    }
    found
}

#[test]
fn whitespace_is_exactly_c_isspace() {
    let spaces: Vec<u8> = (0..=255).filter(|&byte| is_space(byte)).collect();
    assert_eq!(spaces, b"\t\n\x0b\x0c\r ");
}

#[test]
fn splits_on_any_whitespace_and_tracks_positions() {
    let input = b" 12\t-3\r\n\n  x\x0b+7 \x0c\r\n\tend";
    let expected = [
        ("12".to_string(), 2, 1, 2),
        ("-3".to_string(), 2, 1, 5),
        ("x".to_string(), 1, 3, 3),
        ("+7".to_string(), 2, 3, 5),
        ("end".to_string(), 3, 4, 2),
    ];
    for sizes in CHUNKINGS {
        assert_eq!(tokens(input, sizes), expected);
    }
    assert!(tokens(b"", &[1]).is_empty());
    assert!(tokens(b" \n\t\x0b\x0c\r ", &[1]).is_empty());
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped_and_takes_no_column() {
    for sizes in CHUNKINGS {
        assert_eq!(
            tokens(b"\xEF\xBB\xBF1 2", sizes),
            [("1".into(), 1, 1, 1), ("2".into(), 1, 1, 3)]
        );
        assert_eq!(tokens(b"\xEF\xBB\xBF\r\n 5", sizes), [("5".into(), 1, 2, 2)]);
        assert!(tokens(b"\xEF\xBB\xBF", sizes).is_empty());
        // Anywhere else it is an ordinary token.
        assert_eq!(tokens(b" \xEF\xBB\xBF", sizes), [("\\xef\\xbb\\xbf".into(), 3, 1, 2)]);
        assert_eq!(tokens(b"\xEF\xBB", sizes), [("\\xef\\xbb".into(), 2, 1, 1)]);
    }
}

#[test]
fn tokens_and_positions_match_the_plain_reading_under_any_chunking() {
    // A fixed-seed generator of inputs rich in whitespace kinds, CRLF, BOMs and long tokens.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |bound: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % bound
    };
    let alphabet = b" \t\n\x0b\x0c\r\r\n0123456789+-x\xEF\xBB\xBF\x00";
    for _ in 0..300 {
        let mut input = Vec::new();
        if next(4) == 0 {
            input.extend_from_slice(b"\xEF\xBB\xBF");
        }
        for _ in 0..next(200) {
            if next(50) == 0 {
                input.extend(std::iter::repeat(b'7').take(next(100) as usize));
            } else {
                input.push(alphabet[next(alphabet.len() as u64) as usize]);
            }
        }
        let expected = naive_tokens(&input);
        for sizes in CHUNKINGS {
            assert_eq!(
                tokens(&input, sizes),
                expected,
                "input {:?}",
                input.escape_ascii().to_string()
            );
        }
        let mut scanner = Scanner::new(Chunked::new(&input, &[3, 1, 7]));
        let mut bytes = Vec::new();
        while let Some((byte, at)) = scanner.next_byte().unwrap() {
            bytes.push((byte, at.line, at.column));
        }
        let expected_bytes: Vec<_> = expected
            .iter()
            .flat_map(|(_, len, line, column)| (0..*len).map(move |offset| (*line, column + offset)))
            .collect();
        let positions: Vec<_> = bytes.iter().map(|&(_, line, column)| (line, column)).collect();
        assert_eq!(positions, expected_bytes);
    }
}

#[test]
fn bytes_one_at_a_time() {
    for sizes in CHUNKINGS {
        let mut scanner = Scanner::new(Chunked::new(b" 12\r\n x\ty", sizes));
        let mut found = Vec::new();
        while let Some((byte, at)) = scanner.next_byte().unwrap() {
            found.push((byte, at.line, at.column));
        }
        assert_eq!(found, [(b'1', 1, 2), (b'2', 1, 3), (b'x', 2, 2), (b'y', 2, 4)]);
        assert_eq!(scanner.position(), Position { line: 2, column: 5 });
    }
}

#[test]
fn bytes_in_batches_match_bytes_one_at_a_time() {
    // Spaced lines take the fast path; an inner line feed, a tab, a double space, a carriage
    // return, a control byte, a short last line and the end of input must not change a thing.
    let input: &[u8] =
        b"1 2 3\n4 5 6 7 8 9\n1 2\n3 4 5 6 7 8 9 1 2 3\n4\t5  6\r\n\x01 2 3 4 5 6 7 8 9 \n1\n2\n3\n4 5\n6 7 8\n1 2 3 4 ";
    let mut plain = Scanner::new(input);
    let mut expected = Vec::new();
    while let Some((byte, at)) = plain.next_byte().unwrap() {
        expected.push((byte, at));
    }
    for length in 1..=9 {
        for sizes in CHUNKINGS.iter().copied().chain([&[18][..], &[17][..]]) {
            // Batches from each of the first bytes on, then one byte with its position after
            // each batch (which catches a miscounted line at once).
            for skip in 0..=length {
                for interleaved in [false, true] {
                    let mut batched = Scanner::new(Chunked::new(input, sizes));
                    let mut found = Vec::new();
                    let mut out = vec![0; length];
                    for _ in 0..skip {
                        found.extend(batched.next_byte().unwrap());
                    }
                    loop {
                        let filled = batched.next_bytes(&mut out).unwrap();
                        // A batch's bytes come without positions: line 0 marks them.
                        let none = Position { line: 0, column: 0 };
                        found.extend(out[..filled].iter().map(|&byte| (byte, none)));
                        if filled < length {
                            break;
                        }
                        if interleaved {
                            found.extend(batched.next_byte().unwrap());
                        }
                    }
                    let found_bytes: Vec<_> = found.iter().map(|&(byte, _)| byte).collect();
                    let expected_bytes: Vec<_> = expected.iter().map(|&(byte, _)| byte).collect();
                    assert_eq!(found_bytes, expected_bytes, "length {length}, chunks {sizes:?}");
                    // Positions: those next_byte gave, and where the scan ends.
                    let context = format!("length {length}, skip {skip}, chunks {sizes:?}");
                    for (&(_, at), &(_, want)) in found.iter().zip(&expected) {
                        if at.line != 0 {
                            assert_eq!(at, want, "{context}");
                        }
                    }
                    assert_eq!(batched.position(), plain.position(), "{context}");
                }
            }
        }
    }
}

#[test]
fn parses_integers_by_value_and_reports_why_not() {
    let parse = |text: &[u8]| Scanner::new(text).next_token().unwrap().unwrap().parse_i64();
    assert_eq!(parse(b"0"), Ok(0));
    assert_eq!(parse(b"-0"), Ok(0));
    assert_eq!(parse(b"+1"), Ok(1));
    assert_eq!(parse(b"-42"), Ok(-42));
    assert_eq!(parse(b"9223372036854775807"), Ok(i64::MAX));
    assert_eq!(parse(b"-9223372036854775808"), Ok(i64::MIN));
    assert_eq!(parse(b"-0009223372036854775808"), Ok(i64::MIN));
    assert_eq!(parse(b"9223372036854775808"), Err(IntegerError::OutOfRange));
    assert_eq!(parse(b"99999999999999999999"), Err(IntegerError::OutOfRange));
    let mut padded = vec![b'0'; MAX_TOKEN - 1];
    padded.push(b'7');
    assert_eq!(parse(&padded), Ok(7));
    assert_eq!(parse(b"-12345678901234567890x"), Err(IntegerError::OutOfRange));
    assert_eq!(parse(b"1234567890123456789x"), Err(IntegerError::NotInteger));
    assert_eq!(parse(b"1x"), Err(IntegerError::NotInteger));
    assert_eq!(parse(b"-"), Err(IntegerError::NotInteger));
    assert_eq!(parse(b"+-1"), Err(IntegerError::NotInteger));
    assert_eq!(parse("é".as_bytes()), Err(IntegerError::NotInteger));
}

/// `next_integer` on `input` read in chunks of `sizes`.
fn integers(input: &[u8], sizes: &[usize]) -> Vec<Result<(Option<i64>, String), String>> {
    let mut scanner = Scanner::new(Chunked::new(input, sizes));
    let mut found = Vec::new();
    loop {
        match scanner.next_integer() {
            Ok(Some(number)) => found.push(Ok((number.value(), number.to_string()))),
            Ok(None) => return found,
            Err(error) => found.push(Err(error.to_string())),
        }
    }
}

#[test]
fn numbers_of_any_length_by_value() {
    let mut long = vec![b'0'; 100_000];
    long.push(b'2');
    let mut input = b"+1 -0 000000000000000000000000000000008 ".to_vec();
    input.extend_from_slice(&long);
    input.extend_from_slice(b"\n-00000000000000000000009223372036854775808 9223372036854775808 42");
    for sizes in CHUNKINGS {
        assert_eq!(
            integers(&input, sizes),
            [
                Ok((Some(1), "+1".into())),
                Ok((Some(0), "-0".into())),
                Ok((Some(8), "00000000000000000000000000000000...".into())),
                Ok((Some(2), "00000000000000000000000000000000...".into())),
                Ok((Some(i64::MIN), "-0000000000000000000000922337203...".into())),
                Ok((None, "9223372036854775808".into())),
                Ok((Some(42), "42".into())),
            ]
        );
    }
}

/// The grammar's number rule, written the plain way (through `i128`): 20 significant
/// digits decide that a numeral is out of range, whatever follows them.
fn naive_integer(token: &[u8]) -> Result<Option<i64>, ()> {
    let digits = token
        .strip_prefix(b"-")
        .or_else(|| token.strip_prefix(b"+"))
        .unwrap_or(token);
    let run = digits.iter().take_while(|digit| digit.is_ascii_digit()).count();
    let start = digits.iter().position(|&digit| digit != b'0').unwrap_or(run).min(run);
    if run - start >= 20 {
        return Ok(None);
    }
    if run == 0 || run < digits.len() {
        return Err(());
    }
    let significant = std::str::from_utf8(&digits[start..]).unwrap();
    let magnitude: i128 = if significant.is_empty() {
        0
    } else {
        significant.parse().unwrap()
    };
    Ok(i64::try_from(if token[0] == b'-' { -magnitude } else { magnitude }).ok())
}

#[test]
fn numbers_match_the_plain_reading_under_any_chunking() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |bound: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % bound
    };
    for _ in 0..300 {
        let mut input = Vec::new();
        let mut expected = Vec::new();
        for _ in 0..next(30) {
            let mut token = Vec::new();
            match next(4) {
                0 => token.push(b'-'),
                1 => token.push(b'+'),
                _ => {}
            }
            token.extend(std::iter::repeat(b'0').take([0, 0, 1, 3, 30][next(5) as usize]));
            for _ in 0..[1, 2, 5, 18, 19, 20, 25][next(7) as usize] {
                token.push(b"0123456789"[next(10) as usize]);
            }
            if next(8) == 0 {
                let place = next(token.len() as u64 + 1) as usize;
                token.insert(place, b"x-+\x00\xff"[next(5) as usize]);
            }
            expected.push(match naive_integer(&token) {
                Ok(value) => Ok((value, Excerpt::of(&token, token.len()).to_string())),
                Err(()) => Err(format!(
                    "line 1, column {}: '{}' is not an integer",
                    input.len() + 1,
                    Excerpt::of(&token, token.len())
                )),
            });
            input.extend_from_slice(&token);
            input.push(b' ');
        }
        for sizes in CHUNKINGS {
            assert_eq!(integers(&input, sizes), expected, "input {}", input.escape_ascii());
        }
        // Token::parse_i64 decides the same way.
        let mut scanner = Scanner::new(&input[..]);
        for expected in &expected {
            let parsed = scanner.next_token().unwrap().unwrap().parse_i64();
            match expected {
                Ok((Some(value), _)) => assert_eq!(parsed, Ok(*value)),
                Ok((None, _)) => assert_eq!(parsed, Err(IntegerError::OutOfRange)),
                Err(_) => assert_eq!(parsed, Err(IntegerError::NotInteger)),
            }
        }
    }
}

#[test]
fn a_number_is_abandoned_at_its_first_bad_byte_or_20th_digit() {
    for sizes in CHUNKINGS {
        assert_eq!(
            integers(b" 12x45 - 7 +-1 \x00\x01\xff 123456789012345678901 8", sizes),
            [
                Err("line 1, column 2: '12x45' is not an integer".into()),
                Err("line 1, column 8: '-' is not an integer".into()),
                Ok((Some(7), "7".into())),
                Err("line 1, column 12: '+-1' is not an integer".into()),
                Err("line 1, column 16: '\\x00\\x01\\xff' is not an integer".into()),
                // The rest of an abandoned numeral is skipped by the next call.
                Ok((None, "123456789012345678901".into())),
                Ok((Some(8), "8".into())),
            ]
        );
    }
}

#[test]
fn endless_input_ends_at_once() {
    for byte in [b'\0', b'x', b'1'] {
        let mut endless = Endless { byte, given: 0 };
        let mut scanner = Scanner::new(&mut endless);
        let outcome = scanner.next_integer().map(|number| number.map(|number| number.value()));
        let expected = if byte == b'1' {
            "Some(None)".to_string()
        } else {
            format!(
                "line 1, column 1: '{}...' is not an integer",
                [byte; SHOWN].escape_ascii()
            )
        };
        match outcome {
            Ok(value) => assert_eq!(format!("{value:?}"), expected),
            Err(error) => assert_eq!(error.to_string(), expected),
        }
        drop(scanner);
        assert!(endless.given <= 2 * CHUNK, "read {} bytes", endless.given);
        if byte == b'1' {
            // The rest of a numeral is more digits: skipped however many (below).
            continue;
        }
        // The next call skips at most MAX_TOKEN more bytes, then says the token is too long.
        let mut scanner = Scanner::new(&mut endless);
        let _ = scanner.next_integer();
        let error = scanner.next_token().map(|_| ()).unwrap_err();
        assert!(error.to_string().ends_with("...' is longer than 4096 bytes"), "{error}");
        drop(scanner);
        assert!(endless.given <= 5 * CHUNK, "read {} bytes", endless.given);
    }
    let mut endless = Endless { byte: b'7', given: 0 };
    let error = Scanner::new(&mut endless).next_token().map(|_| ()).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!("line 1, column 1: '{}...' is longer than 4096 bytes", "7".repeat(SHOWN))
    );
    assert!(endless.given <= 2 * CHUNK, "read {} bytes", endless.given);
}

#[test]
fn a_number_out_of_range_is_skipped_whole_wherever_it_sits() {
    // Numerals of thousands of digits, shifted across the buffer's boundaries: each is one
    // number out of range, and reading goes on after it, however long it is.
    let nines = |count: usize| "9".repeat(count);
    for digits in [20, MAX_TOKEN - 1, MAX_TOKEN + 1, 5_000, CHUNK, 10_000, 3 * CHUNK + 7] {
        for shift in [0, 1, 31, CHUNK - 40, CHUNK - 21, CHUNK - 1, CHUNK, CHUNK + 3] {
            let input = format!("{}{} 7 -{} 8", " ".repeat(shift), nines(digits), nines(digits));
            let quoted = format!("{}...", nines(SHOWN));
            let negative = format!("-{}...", nines(SHOWN - 1));
            let (quoted, negative) = if digits == 20 {
                (nines(20), format!("-{}", nines(20)))
            } else {
                (quoted, negative)
            };
            for sizes in CHUNKINGS {
                assert_eq!(
                    integers(input.as_bytes(), sizes),
                    [
                        Ok((None, quoted.clone())),
                        Ok((Some(7), "7".into())),
                        Ok((None, negative.clone())),
                        Ok((Some(8), "8".into())),
                    ],
                    "{digits} digits after {shift} spaces, chunks {sizes:?}"
                );
            }
        }
    }
    // What follows the digits is still a token, bounded: garbage ends at once.
    let mut input = nines(30).into_bytes();
    input.extend(std::iter::repeat(b'x').take(2 * MAX_TOKEN));
    input.extend_from_slice(b" 5");
    let mut scanner = Scanner::new(&input[..]);
    assert_eq!(scanner.next_integer().unwrap().unwrap().value(), None);
    assert!(matches!(scanner.next_integer(), Err(ScanError::TooLong { .. })));
    assert_eq!(scanner.next_integer().unwrap().unwrap().value(), Some(5));
}

#[test]
fn an_excerpt_names_a_token_of_any_length() {
    for sizes in CHUNKINGS {
        let mut input = b" ab\n".to_vec();
        input.extend(std::iter::repeat(b'9').take(3 * CHUNK));
        input.extend_from_slice(b" 4");
        let mut scanner = Scanner::new(Chunked::new(&input, sizes));
        let (at, token) = scanner.next_excerpt().unwrap().unwrap();
        assert_eq!(
            (at, token.to_string()),
            (Position { line: 1, column: 2 }, "ab".to_string())
        );
        let (at, token) = scanner.next_excerpt().unwrap().unwrap();
        assert_eq!((at.line, at.column), (2, 1));
        assert_eq!(token.to_string(), format!("{}...", "9".repeat(SHOWN)));
        // The rest of a long one is skipped as a token's rest is: MAX_TOKEN bytes a call.
        let mut calls = 0;
        let (at, token) = loop {
            calls += 1;
            match scanner.next_excerpt() {
                Err(ScanError::TooLong { position, .. }) => assert_eq!(position, at),
                other => break other.unwrap().unwrap(),
            }
        };
        assert!(calls > 3 * CHUNK / MAX_TOKEN / 2, "{calls} calls");
        assert_eq!((at.column, token.to_string()), (3 * CHUNK + 2, "4".to_string()));
        assert!(scanner.next_excerpt().unwrap().is_none());
    }
}

#[test]
fn tokens_are_bounded() {
    for sizes in CHUNKINGS {
        let mut input = vec![b'5'; MAX_TOKEN];
        input.extend_from_slice(b" ");
        input.extend(std::iter::repeat(b'6').take(MAX_TOKEN + 1));
        input.extend_from_slice(b"\n9");
        let mut scanner = Scanner::new(Chunked::new(&input, sizes));
        assert_eq!(scanner.next_token().unwrap().unwrap().len(), MAX_TOKEN);
        let error = scanner.next_token().map(|_| ()).unwrap_err();
        assert!(error.to_string().starts_with("line 1, column 4098: '666"), "{error}");
        // The rest of the long token is skipped; reading goes on after it.
        let token = scanner.next_token().unwrap().unwrap();
        assert_eq!(
            (token.bytes(), token.position()),
            (&b"9"[..], Position { line: 2, column: 1 })
        );
    }
    // A numeral padded past MAX_TOKEN is a number only to `next_integer`.
    let mut padded = vec![b'0'; 2 * MAX_TOKEN];
    padded.extend_from_slice(b"3 ");
    assert!(matches!(
        Scanner::new(&padded[..]).next_token(),
        Err(ScanError::TooLong { .. })
    ));
    assert_eq!(
        Scanner::new(&padded[..]).next_integer().unwrap().unwrap().value(),
        Some(3)
    );
}

#[test]
fn long_and_binary_tokens_display_safely() {
    let long = [b'7'; 100];
    let mut scanner = Scanner::new(&long[..]);
    let token = scanner.next_token().unwrap().unwrap();
    assert_eq!(token.len(), 100);
    assert_eq!(token.bytes(), &long[..]);
    assert_eq!(token.to_string(), format!("{}...", "7".repeat(SHOWN)));
    let mut scanner = Scanner::new(&b"\x00\xff\n"[..]);
    assert_eq!(scanner.next_token().unwrap().unwrap().to_string(), "\\x00\\xff");
}

/// A reader that is interrupted before every read and fails after `input`.
struct Flaky<'a> {
    input: &'a [u8],
    interrupted: bool,
}

impl Read for Flaky<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.interrupted = !self.interrupted;
        if self.interrupted {
            return Err(io::Error::new(ErrorKind::Interrupted, "signal"));
        }
        if self.input.is_empty() {
            return Err(io::Error::new(ErrorKind::Other, "disk on fire"));
        }
        let size = buf.len().min(self.input.len()).min(2);
        buf[..size].copy_from_slice(&self.input[..size]);
        self.input = &self.input[size..];
        Ok(size)
    }
}

#[test]
fn interrupted_reads_are_retried_and_failures_reported() {
    let mut scanner = Scanner::new(Flaky {
        input: b"\xEF\xBB\xBF12 -3 x",
        interrupted: false,
    });
    assert_eq!(scanner.next_integer().unwrap().unwrap().value(), Some(12));
    assert_eq!(scanner.next_integer().unwrap().unwrap().value(), Some(-3));
    assert_eq!(
        scanner.next_byte().unwrap().unwrap(),
        (b'x', Position { line: 1, column: 7 })
    );
    match scanner.next_token() {
        Err(ScanError::Io(error)) => assert_eq!(error.to_string(), "disk on fire"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn errors_convert_for_callers() {
    let error = Scanner::new(&b"abc"[..]).next_integer().unwrap_err();
    let failure = crate::cli::Failure::from(error);
    assert_eq!(failure.to_string(), "line 1, column 1: 'abc' is not an integer");
    let error = Scanner::new(&b"abc"[..]).next_integer().unwrap_err();
    assert_eq!(io::Error::from(error).kind(), ErrorKind::InvalidData);
}

/// A terminal: each read returns the next line typed, an empty one for a Ctrl-D (the end of
/// input, reported once per press); a read after the last Ctrl-D is counted (on a terminal it
/// would wait for another press).
struct Terminal<'a> {
    typed: Vec<&'a [u8]>,
    waited: usize,
}

impl Read for Terminal<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.typed.is_empty() {
            self.waited += 1;
            return Ok(0);
        }
        let line = self.typed.remove(0);
        let size = line.len().min(buf.len());
        buf[..size].copy_from_slice(&line[..size]);
        if size < line.len() {
            self.typed.insert(0, &line[size..]);
        }
        Ok(size)
    }
}

#[test]
fn one_end_of_input_ends_the_input() {
    // What people type before one Ctrl-D: nothing, a blank line, a number, a mark's first bytes,
    // a token cut at the end, a number out of range abandoned at the end.
    let typings: [&[&[u8]]; 7] = [
        &[],
        &[b"\n"],
        &[b"0\n"],
        &[b"11\n", b"2 3\n"],
        &[b"\xEF\xBB"],
        &[b"abc"],
        &[b"99999999999999999999999"],
    ];
    for typed in typings {
        // Each way of reading to the end, then the same way once more.
        for way in 0..4 {
            let mut typed_with_end = typed.to_vec();
            typed_with_end.push(b"");
            let mut scanner = Scanner::new(Terminal {
                typed: typed_with_end,
                waited: 0,
            });
            for _ in 0..2 {
                match way {
                    0 => while scanner.next_token().ok().flatten().is_some() {},
                    1 => while matches!(scanner.next_integer(), Ok(Some(_)) | Err(ScanError::NotInteger { .. })) {},
                    2 => while scanner.next_byte().ok().flatten().is_some() {},
                    _ => while scanner.skip_space().unwrap() && scanner.next_byte().unwrap().is_some() {},
                }
                assert!(scanner.skip_space().is_ok_and(|more| !more), "{typed:?}");
            }
            assert_eq!(
                scanner.reader.waited, 0,
                "{typed:?}, way {way}: read again after the end"
            );
        }
    }
}
