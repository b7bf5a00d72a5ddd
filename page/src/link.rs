//! The case the page's link names for an input (`#eight=<case>`): the whole input, so that the
//! link opens what was solved. One case is its tokens (`2,3,4,1,5,x,7,6,8`); a few uncounted
//! boards are all their tokens; more, or UVa 652's counted layout, are packed: `~`, then `count~`
//! when counted, then each board's rank in four base64url digits.
//!
//! Why packed: Chromium's own work on a document grows with the length of its address (measured
//! for issue 50: a link of 60,000 Eight boards, 18 characters a board, held the page's thread
//! about as long as a short link padded with a megabyte of anything). Four characters a board
//! make that link 4.5 times shorter. A rank is the crate's own (`eight::Board::rank`, the
//! lexicographic rank of the cells), read back by [`crate::board_at`]'s `Study::board_at`.

use crate::Puzzle;

/// The first character of a packed case.
pub const PACKED: char = '~';
/// After [`PACKED`], the mark of a counted input: its count, the number of boards, comes first.
pub const COUNTED: &str = "count~";
/// Base64url digits a rank takes: 64^4 = 16,777,216 > 9! = 362,880.
pub const RANK_DIGITS: usize = 4;
/// The most uncounted cases a link names by their tokens; more are packed.
pub const READABLE_CASES: usize = 100;
/// The base64url digits (RFC 4648 §5), by value.
const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The link's case for `input` whose first drawn case is `first` ([`crate::first::drawn_case`]):
/// `None` where the page draws no board (the link then names the puzzle alone); every case where
/// the puzzle ranks them ([`crate::Study::ranked_cases`]) and there are several, by their tokens
/// or packed; else the first case's tokens.
///
/// # Complexity
/// O(input).
pub fn case(puzzle: Puzzle, input: &[u8], first: &Result<String, String>) -> Option<String> {
    let first = first.as_ref().ok()?;
    let study = puzzle.study();
    match study.ranked_cases(input) {
        Some((ranks, counted)) if ranks.len() > 1 => {
            if !counted && ranks.len() <= READABLE_CASES {
                let boards: Option<Vec<String>> = ranks.iter().map(|&rank| study.board_at(rank)).collect();
                boards.map(|boards| boards.join(","))
            } else {
                Some(pack(&ranks, counted))
            }
        }
        _ => Some(first.clone()),
    }
}

/// The packed case of boards of ranks `ranks` (each below 64^[`RANK_DIGITS`]).
///
/// # Complexity
/// O(boards).
pub fn pack(ranks: &[usize], counted: bool) -> String {
    let mut out = String::with_capacity(1 + COUNTED.len() + ranks.len() * RANK_DIGITS);
    out.push(PACKED);
    if counted {
        out.push_str(COUNTED);
    }
    for &rank in ranks {
        for digit in (0..RANK_DIGITS).rev() {
            out.push(char::from(DIGITS[(rank >> (6 * digit)) & 63]));
        }
    }
    out
}

/// A base64url digit's value.
fn digit_value(byte: u8) -> Option<usize> {
    let value = match byte {
        b'A'..=b'Z' => byte - b'A',
        b'a'..=b'z' => byte - b'a' + 26,
        b'0'..=b'9' => byte - b'0' + 52,
        b'-' => 62,
        b'_' => 63,
        _ => return None,
    };
    Some(usize::from(value))
}

/// The input a packed case stands for: its count on a line when counted, then each board's
/// tokens on a line, the judges' form, which the binary reads as it read the input the link was
/// written for ([`eight::study::layout::boards`]'s proof); `Err` names what is malformed.
///
/// # Errors
/// A case without the mark, without boards, with a length that is not whole ranks, a character
/// that is not a base64url digit, or a rank that is no board's.
///
/// # Complexity
/// O(boards).
pub fn unpack(puzzle: Puzzle, packed: &str) -> Result<String, String> {
    let study = puzzle.study();
    if study.board_at(0).is_none() {
        return Err(format!("{}'s cases have no ranks to pack", study.program()));
    }
    let body = packed
        .strip_prefix(PACKED)
        .ok_or_else(|| format!("a packed case starts with {PACKED}"))?;
    let (counted, body) = match body.strip_prefix(COUNTED) {
        Some(rest) => (true, rest),
        None => (false, body),
    };
    let digits = body.as_bytes();
    if digits.is_empty() || digits.len() % RANK_DIGITS != 0 {
        return Err(format!(
            "{} digits of ranks, not a positive multiple of {RANK_DIGITS}",
            digits.len()
        ));
    }
    let boards = digits.len() / RANK_DIGITS;
    let mut input = if counted { format!("{boards}\n") } else { String::new() };
    input.reserve(boards * 18);
    for (index, rank_digits) in digits.chunks(RANK_DIGITS).enumerate() {
        let mut rank = 0;
        for &byte in rank_digits {
            let value = digit_value(byte)
                .ok_or_else(|| format!("board {}: a character that is not a base64url digit", index + 1))?;
            rank = rank << 6 | value;
        }
        let board = study
            .board_at(rank)
            .ok_or_else(|| format!("board {}: no board has rank {rank}", index + 1))?;
        input.push_str(&board.replace(',', " "));
        input.push('\n');
    }
    Ok(input)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::first::drawn_case;

    /// The link's case for `input`, as the page writes it after a run.
    fn link(input: &str) -> Option<String> {
        let (stdout, stderr) = crate::output(Puzzle::Eight, input.as_bytes());
        let first = drawn_case(Puzzle::Eight, input.as_bytes(), &stdout, &stderr);
        case(Puzzle::Eight, input.as_bytes(), &first)
    }

    /// The input the page solves for a link's case: packed, unpacked; else its tokens on a line
    /// (`eight.js`'s `input`).
    fn opened(case: &str) -> String {
        if case.starts_with(PACKED) {
            unpack(Puzzle::Eight, case).unwrap()
        } else {
            format!("{}\n", case.replace(',', " "))
        }
    }

    #[test]
    fn the_link_opens_the_output_of_the_input_it_was_written_for() {
        let many = "2 3 4 1 5 x 7 6 8\n8 7 6 5 4 3 2 1 x\n".repeat(60);
        for (input, form) in [
            ("2 3 4 1 5 x 7 6 8\n", "2,3,4,1,5,x,7,6,8"),
            ("1\n8 7 6 5 4 3 2 1 x\n", "8,7,6,5,4,3,2,1,x"),
            ("23415x768\n1 2 3 4 5 6 7 8 x\n", "2,3,4,1,5,x,7,6,8,1,2,3,4,5,6,7,8,x"),
            ("2\n\n2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 7 8 x\n", "~count~"),
            (many.as_str(), "~"),
        ] {
            let case = link(input).unwrap();
            assert!(case.starts_with(form), "{input:?}: {case}");
            assert_eq!(
                crate::output(Puzzle::Eight, opened(&case).as_bytes()),
                crate::output(Puzzle::Eight, input.as_bytes()),
                "{input:?} as {case}"
            );
        }
        assert_eq!(link(&many).unwrap().len(), 1 + 120 * RANK_DIGITS);
        // No board drawn: no case. A bad board after good ones: the first case, as drawn.
        assert_eq!(link("1 2 3 4 5 6 7 8 9\n"), None);
        assert_eq!(link("").as_deref(), None);
        assert_eq!(link("2 3 4 1 5 x 7 6 8\n1 1 1\n").as_deref(), Some("2,3,4,1,5,x,7,6,8"));
    }

    #[test]
    fn a_malformed_packed_case_is_named() {
        for (packed, named) in [
            ("~", "0 digits"),
            ("~AAA", "3 digits"),
            ("~count~", "0 digits"),
            ("~AAAAAA*A", "board 2: a character"),
            ("~AAAA____", "board 2: no board has rank 16777215"),
            ("AAAA", "starts with ~"),
        ] {
            let error = unpack(Puzzle::Eight, packed).unwrap_err();
            assert!(error.contains(named), "{packed}: {error}");
        }
        assert!(unpack(Puzzle::ColourHash, "~AAAA").is_err());
        assert_eq!(unpack(Puzzle::Eight, "~AAAA").unwrap(), "1 2 3 4 5 6 7 8 x\n");
        assert_eq!(pack(&[0, 362_879], true), "~count~AAAABYl_");
    }
}
