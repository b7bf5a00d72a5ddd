//! The first board of an input, read exactly as the judge program reads it, for the study page's
//! drawing: the page draws the board the binary answered first, or none.
//!
//! **Equals:** the first board [`crate::run`] answers with `Options::default()`: the layout told
//! by `io::layout::detect_layout` (UVa 652's count or POJ's boards, the crate docs' rule), then
//! the board by `io::board::read_board`, the same two calls `run` makes.
//! **Proved by:** `the_first_board_is_the_one_run_answers_first` (each input's first board,
//! answered alone, gets the first answer line of the whole input) and
//! `inputs_without_a_first_board_give_none_or_the_error`.

use common::cli::Failure;

use crate::io::board::read_board;
use crate::io::layout::{detect_layout, Tiles};
use crate::state::Board;

/// The first board of `input` as the judge program reads it with its layout detected, and
/// whether it is solvable; `None` for an input without boards (empty, or a UVa 652 count of 0).
///
/// # Errors
/// The [`Failure`] `run` reports when the input goes wrong before its first board is read
/// whole (a tile that is not 1-8 or x, a repeated tile, a board cut short, a bad count).
///
/// # Complexity
/// O(the first board's bytes), or up to the layout rule's look-ahead when the input starts with
/// a lone number that may be a count.
pub fn first_board(input: &[u8]) -> Result<Option<(Board, bool)>, Failure> {
    let mut tiles = Tiles::new(input);
    detect_layout(&mut tiles)?;
    read_board(&mut tiles, 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Options;

    /// `run`'s first answer line for `input`.
    fn first_line(input: &[u8]) -> String {
        let mut out = Vec::new();
        let _ = crate::run(input, &mut out, &mut Vec::new(), &Options::default());
        String::from_utf8(out).unwrap().lines().next().unwrap_or("").to_string()
    }

    #[test]
    fn the_first_board_is_the_one_run_answers_first() {
        // The inputs of issue 38: a lone `1234` is not UVa 652's count (the tiles after it are
        // not 9 · 1234), nor is `2` before 17 tiles; the page once read both as counts.
        for (input, expected) in [
            (&b"1234\n5678x\n2 3 4 1 5 x 7 6 8\n"[..], "12345678x"),
            (b"2\n3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n", "23415x768"),
            (b"2\n2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n", "23415x768"),
            (b"1\n\n8 7 6 5 4 3 2 1 x\n", "87654321x"),
            (b"x 1 2 3 4 5 6 7 8", "x12345678"),
        ] {
            let (board, solvable) = first_board(input).unwrap().unwrap();
            let tiles: String = board.to_string().split_whitespace().collect();
            assert_eq!(tiles, expected, "{:?}", String::from_utf8_lossy(input));
            assert_eq!(solvable, board.is_solvable());
            let alone = first_line(board.to_string().as_bytes());
            assert_eq!(alone, first_line(input), "{:?}", String::from_utf8_lossy(input));
        }
    }

    #[test]
    fn inputs_without_a_first_board_give_none_or_the_error() {
        assert!(first_board(b"").unwrap().is_none());
        assert!(first_board(b"0\n").unwrap().is_none());
        let failure = first_board(b"1 2 3 4 5 6 7 8 9").unwrap_err();
        assert!(failure.to_string().contains("'9'"), "{failure}");
        assert!(first_board(b"1 2 3 4").is_err());
    }
}
