//! The first case of an input, as the page draws it: read by the crate's own reader, so the page
//! never draws a board the binary did not read.
//!
//! Eight's comes from `eight::study::layout::first_board`, the judge program's own layout rule
//! (UVa 652's count or POJ's boards) and board reader. Magic Squares' input is one board, its
//! eight numbers; Colour Hash's first case follows its count, the 24 numbers after it.

use crate::json;
use crate::Puzzle;

/// The first case of `input` as JSON: `{"tokens":"t,t,…"}`, or `{"none":"…why"}` when the
/// input has no case the page can draw (the binary's output then says what it read).
///
/// # Complexity
/// O(the first case's bytes), or eight's layout look-ahead.
pub fn first_case(puzzle: Puzzle, input: &[u8]) -> String {
    as_json(&puzzle.study().first_case(input))
}

/// The UTF-8 byte-order mark, which the binaries' readers skip at the input's start.
const BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

/// Words `skip..skip + count` of `input`, comma-joined, when the input has that many (Magic
/// Squares: exactly that many in all; the puzzle crates' readers say what is wrong with them).
/// Words are split as the binaries split them, on C's `isspace` bytes
/// ([`common::scan::is_space`]: not U+00A0, U+2028 or any other Unicode space), over the whole
/// input, a leading byte-order mark skipped.
///
/// # Complexity
/// O(input).
pub fn words(input: &[u8], skip: usize, count: usize) -> Result<String, String> {
    let input = input.strip_prefix(BYTE_ORDER_MARK).unwrap_or(input);
    let words: Vec<&[u8]> = input
        .split(|&byte| common::scan::is_space(byte))
        .filter(|word| !word.is_empty())
        .take(skip + count + 1)
        .collect();
    let exact = skip == 0 && words.len() != count;
    if exact || words.len() < skip + count {
        return Err(format!("the input does not start with {count} numbers"));
    }
    let listed: Vec<String> = words[skip..skip + count]
        .iter()
        .map(|word| String::from_utf8_lossy(word).into_owned())
        .collect();
    Ok(listed.join(","))
}

/// The case the page draws for `input`, given what the binary printed for it: the first case as
/// the crate reads it ([`first_case`]), or none where the binary printed an error before any
/// answer (its stdout empty): the page never draws, nor links to, a board the binary refused.
pub fn drawn(puzzle: Puzzle, input: &[u8], stdout: &str, stderr: &str) -> String {
    as_json(&drawn_case(puzzle, input, stdout, stderr))
}

/// [`drawn`]'s case: its tokens, or why there is none.
pub fn drawn_case(puzzle: Puzzle, input: &[u8], stdout: &str, stderr: &str) -> Result<String, String> {
    if stdout.is_empty() && stderr.contains(": error: ") {
        return Err("the binary printed an error before any answer".to_string());
    }
    puzzle.study().first_case(input)
}

/// A drawn case as [`first_case`] writes it.
pub fn as_json(case: &Result<String, String>) -> String {
    let mut out = json::Object::new();
    match case {
        Ok(tokens) => out.string("tokens", tokens),
        Err(why) => out.string("none", why),
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_reads_its_first_board_by_the_crates_layout_rule() {
        // Issue 38: the page once read `1234` and `2` as UVa 652's counts.
        assert_eq!(
            first_case(Puzzle::Eight, b"1234\n5678x\n2 3 4 1 5 x 7 6 8\n"),
            r#"{"tokens":"1,2,3,4,5,6,7,8,x"}"#
        );
        assert_eq!(
            first_case(Puzzle::Eight, b"2\n3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n"),
            r#"{"tokens":"2,3,4,1,5,x,7,6,8"}"#
        );
        assert_eq!(
            first_case(Puzzle::Eight, b"1\n8 7 6 5 4 3 2 1 x\n"),
            r#"{"tokens":"8,7,6,5,4,3,2,1,x"}"#
        );
        assert!(first_case(Puzzle::Eight, b"0\n").starts_with(r#"{"none":"#));
        assert!(first_case(Puzzle::Eight, b"1 2 9").starts_with(r#"{"none":"#));
    }

    #[test]
    fn msquare_and_colour_hash_take_their_words() {
        assert_eq!(
            first_case(Puzzle::Msquare, b"2 6 8 4\n5 7 3 1\n"),
            r#"{"tokens":"2,6,8,4,5,7,3,1"}"#
        );
        assert!(first_case(Puzzle::Msquare, b"2 6 8 4 5 7 3").starts_with(r#"{"none":"#));
        let hash = b"1\n0 3 4 5 0 3 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n";
        assert!(first_case(Puzzle::ColourHash, hash).contains("9,10,9"));
    }

    /// What the page draws for `input`: its tokens, or None.
    fn page_draws(puzzle: Puzzle, input: &[u8]) -> Option<String> {
        let (stdout, stderr) = crate::output(puzzle, input);
        let found = drawn(puzzle, input, &stdout, &stderr);
        found
            .strip_prefix(r#"{"tokens":""#)
            .map(|rest| rest.trim_end_matches("\"}").to_string())
    }

    /// Issue 50: hostile inputs and every whitespace byte through the binary's own run and the
    /// page's reader: where the binary printed an error before any answer the page draws no
    /// board; where it answered, the board drawn, given to the binary alone, gets the same first
    /// answer (so it is the case the binary read).
    #[test]
    fn the_page_draws_only_what_the_binary_read() {
        let sample = "2 6 8 4 5 7 3 1";
        let hash = "0 3 4 5 0 3 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1";
        let mut cases: Vec<(Puzzle, Vec<u8>)> = Vec::new();
        // Every byte C's isspace accepts and a few it does not, between the first two tokens and
        // after the last; Unicode spaces (U+00A0, U+2028), a byte-order mark, 5,000 spaces first.
        let separators: Vec<Vec<u8>> = [b" ", b"\t", b"\n", b"\x0b", b"\x0c", b"\r"]
            .iter()
            .map(|byte| byte.to_vec())
            .chain(
                ["\u{a0}", "\u{2028}", "\u{feff}", "\u{3000}"]
                    .iter()
                    .map(|text| text.as_bytes().to_vec()),
            )
            .chain([vec![0u8], vec![0x85]])
            .collect();
        for separator in &separators {
            for (puzzle, count, body) in [(Puzzle::Msquare, "", sample), (Puzzle::ColourHash, "1\n", hash)] {
                let (first, rest) = body.split_once(' ').unwrap();
                let mut between = count.as_bytes().to_vec();
                between.extend_from_slice(first.as_bytes());
                between.extend_from_slice(separator);
                between.extend_from_slice(rest.as_bytes());
                let mut after = format!("{count}{body}").into_bytes();
                after.extend_from_slice(separator);
                cases.push((puzzle, between));
                cases.push((puzzle, after));
            }
        }
        for (puzzle, body) in [
            (Puzzle::Msquare, sample.to_string()),
            (Puzzle::ColourHash, format!("1\n{hash}\n")),
        ] {
            cases.push((puzzle, format!("\u{feff}{body}").into_bytes()));
            cases.push((puzzle, format!("{}{body}", " ".repeat(5000)).into_bytes()));
        }
        // Colour Hash's count read: a count of 0 followed by a case is an error before any answer.
        cases.push((Puzzle::ColourHash, format!("0\n{hash}\n").into_bytes()));
        cases.push((Puzzle::ColourHash, format!("2\n{hash}\n").into_bytes()));
        let mut refused = 0;
        for (puzzle, input) in &cases {
            let (stdout, stderr) = crate::output(*puzzle, input);
            let shown = String::from_utf8_lossy(input).into_owned();
            match page_draws(*puzzle, input) {
                None => {
                    refused += 1;
                    assert!(
                        stdout.is_empty() && stderr.contains(": error: "),
                        "{shown:?}: no board, yet the binary printed {stdout:?}"
                    );
                }
                Some(tokens) => {
                    let alone = tokens.replace(',', " ");
                    let alone = if *puzzle == Puzzle::ColourHash {
                        format!("1\n{alone}\n")
                    } else {
                        alone
                    };
                    let (again, _) = crate::output(*puzzle, alone.as_bytes());
                    let first_answer = |text: &str| -> String {
                        let lines: Vec<&str> = text.lines().collect();
                        lines[..lines.len().min(if *puzzle == Puzzle::Msquare { 2 } else { 1 })].join("\n")
                    };
                    assert!(
                        !stdout.is_empty(),
                        "{shown:?}: the page drew {tokens}, the binary printed nothing"
                    );
                    assert_eq!(
                        first_answer(&again),
                        first_answer(&stdout),
                        "{shown:?}: the page drew {tokens}"
                    );
                }
            }
        }
        assert!(refused >= 8, "{refused} inputs refused");
    }
}
