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
    let mut out = json::Object::new();
    match puzzle.study().first_case(input) {
        Ok(tokens) => out.string("tokens", &tokens),
        Err(why) => out.string("none", &why),
    }
    out.finish()
}

/// Words `skip..skip + count` of `input`, comma-joined, when the input has that many (Magic
/// Squares: exactly that many in all; the puzzle crates' readers say what is wrong with them).
pub fn words(input: &[u8], skip: usize, count: usize) -> Result<String, String> {
    let text = String::from_utf8_lossy(&input[..input.len().min(4096)]);
    let words: Vec<&str> = text.split_whitespace().collect();
    let exact = skip == 0 && words.len() != count && input.len() <= 4096;
    if exact || words.len() < skip + count {
        return Err(format!("the input does not start with {count} numbers"));
    }
    Ok(words[skip..skip + count].join(","))
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
}
