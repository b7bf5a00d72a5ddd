//! The first board of an input, read exactly as the judge program reads it, for the study page's
//! drawing: the page draws the board the binary answered first, or none.
//!
//! **Equals:** the first board [`crate::run`] answers with `Options::default()`: the layout told
//! by `io::layout::detect_layout` (UVa 652's count or POJ's boards, the crate docs' rule), then
//! the board by `io::board::read_board`, the same two calls `run` makes.
//! **Proved by:** `the_first_board_is_the_one_run_answers_first` (each input's first board,
//! answered alone, gets the first answer line of the whole input) and
//! `inputs_without_a_first_board_give_none_or_the_error`.
//!
//! [`boards`] reads every board of an input the same way, for the page's link to a whole input.

use common::cli::Failure;

use crate::io::board::read_board;
use crate::io::layout::{detect_layout, Layout, Tiles};
use crate::io::{read_all, Format};
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

/// Every board of `input` as the judge program reads it with its layout detected, and whether
/// the input is UVa 652's counted layout (whose answers `run` separates with a blank line): the
/// boards `run` answers, when it answers them all.
///
/// **Equals:** `run`'s reading, being it: `io::read_all` with `Format::Auto`, the same layout
/// rule, board reader and count checks.
/// **Proved by:** `every_board_is_one_run_answers` (the boards, written one a line after the
/// count when counted, get the same output as the input).
///
/// # Errors
/// The [`Failure`] `run` reports for the input: a bad tile or count, a board cut short, boards
/// missing or left over after the count.
///
/// # Complexity
/// O(input); memory 8 bytes a board.
pub fn boards(input: &[u8]) -> Result<(Vec<Board>, bool), Failure> {
    let mut boards = Vec::new();
    let layout = read_all(&mut Tiles::new(input), Format::Auto, |_, board, _, _| {
        boards.push(*board);
        Ok(())
    })?;
    Ok((boards, layout == Layout::Counted))
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

    /// `run`'s whole stdout for `input`, and whether it failed.
    fn whole(input: &[u8]) -> (String, bool) {
        let mut out = Vec::new();
        let failed = crate::run(input, &mut out, &mut Vec::new(), &Options::default()).is_err();
        (String::from_utf8(out).unwrap(), failed)
    }

    #[test]
    fn every_board_is_one_run_answers() {
        for input in [
            &b"1234\n5678x\n2 3 4 1 5 x 7 6 8\n"[..],
            b"2\n3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n",
            b"2\n\n2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 7 8 x\n",
            b"3\n2 3 4 1 5 x 7 6 8 1 2 3 4 5 6 7 8 x 2 1 3 4 5 6 7 8 x",
            b"x 1 2 3 4 5 6 7 8 8 7 6 5 4 3 2 1 x",
            b"",
            b"0\n",
        ] {
            let (boards, counted) = boards(input).unwrap();
            let mut written = if counted {
                format!("{}\n", boards.len())
            } else {
                String::new()
            };
            for board in &boards {
                written.push_str(&format!("{board}\n"));
            }
            let shown = String::from_utf8_lossy(input);
            assert_eq!(whole(written.as_bytes()), whole(input), "{shown:?} as {written:?}");
            assert!(!whole(input).1, "{shown:?}");
        }
        assert!(boards(b"2\n2 3 4 1 5 x 7 6 8\n").is_err());
        assert!(boards(b"1\n2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n").is_err());
        assert!(boards(b"1 2 3 4 5 6 7 8 x 1 2 3").is_err());
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
