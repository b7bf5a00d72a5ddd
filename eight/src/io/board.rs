//! Reading one board: nine tile bytes into a [`Board`] and its parity in one pass
//! ([`from_tile_bytes`]), with an error naming the board and the fault when they are not nine
//! distinct tiles ([`read_board`]); `"2 3 4 1 5 x 7 6 8".parse::<Board>()` reads one the same way.

use std::io::BufRead;
use std::str::FromStr;

use common::cli::Failure;

use super::layout::Tiles;
use crate::state::{tile_char, Board, BLANK, CELLS, LANE, LANE_BLANK_BITS, RANK_SHIFT};

/// Every bit of the lanes of the odd cells (1, 3, 5, 7).
const ODD_LANES: u64 = {
    let mut lanes = 0;
    let mut cell = 1;
    while cell < CELLS {
        lanes |= 0x1f << (LANE * cell);
        cell += 2;
    }
    lanes
};

/// [`TILE_OF_BYTE`]'s value for a byte that is not a tile.
const NOT_A_TILE: u8 = 9;

/// What each input byte is as a tile: `1`..`8` are 0..=7, `x` is [`BLANK`], anything else
/// [`NOT_A_TILE`].
const TILE_OF_BYTE: [u8; 256] = {
    let mut table = [NOT_A_TILE; 256];
    let mut byte = b'1';
    while byte <= b'8' {
        table[byte as usize] = byte - b'1';
        byte += 1;
    }
    table[b'x' as usize] = BLANK;
    table
};

/// Bits of a [`DIGIT_TERM`] entry below its Lehmer digit: the rank's part, which is below 9!.
const DIGIT_SHIFT: u32 = 24;

/// `DIGIT_TERM[seen << 4 | v]`: what a cell holding value `v` adds to the rank and to the
/// digit sum when `seen` (a bit per value, bit 9 for a byte that is not a tile) holds the values
/// of the cells before it, one cell each: its Lehmer digit `d`, the values smaller than `v` not
/// in `seen`, as `d · (8 - cells before)!` in the low [`DIGIT_SHIFT`] bits and `d` above them.
///
/// Why a table: it turns the digit's count of smaller values seen, a variable shift and mask,
/// the factorial's multiplication and the digit sum's into one load and one addition a cell.
/// It is built at compile time. Masks that no board reaches (a repeated tile, a byte that is
/// not one, more than 8 values) hold whatever the arithmetic gives: such a board is rejected
/// by its `seen` before its rank is used.
static DIGIT_TERM: [u32; 1 << 14] = {
    // Set bits of each 10-bit mask, so that each entry is a few operations.
    let mut ones = [0u32; 1 << 10];
    let mut mask = 1;
    while mask < 1 << 10 {
        ones[mask] = ones[mask >> 1] + (mask & 1) as u32;
        mask += 1;
    }
    let mut table = [0u32; 1 << 14];
    let mut seen = 0;
    while seen < 1 << 10 {
        let before = ones[seen];
        let mut value = 0;
        // A cell after nine values is no cell of a board: its entries stay 0.
        while value < CELLS && before < CELLS as u32 {
            let smaller_seen = ones[seen & ((1 << value) - 1)];
            // Clamped at 0 for the masks no board reaches, so the table builds.
            let digit = (value as u32).saturating_sub(smaller_seen);
            let weight = common::perm::FACTORIALS[CELLS - 1 - before as usize] as u32;
            table[seen << 4 | value] = (digit * weight) | (digit << DIGIT_SHIFT);
            value += 1;
        }
        seen += 1;
    }
    table
};

/// The board written by nine input bytes (`1`..`8`, `x`, row by row) and whether it is
/// solvable, or `None` if they are not nine distinct tiles (the caller finds which is wrong).
///
/// One pass does the work of [`Board::from_cells`] and [`Board::is_solvable`] (and so of
/// [`plain::is_solvable`](crate::plain::is_solvable)): the Lehmer
/// code of the cells is the rank's digits, and its sum counts the inversions of all nine
/// values; the blank, the largest, makes one with each cell after it (8 - its cell), so the
/// tiles' inversions have the parity of the sum plus the blank's cell. Each cell's digit, and
/// its term in the rank, is one lookup in [`DIGIT_TERM`] by the values before it and its own.
///
/// **Equals:** [`Board::from_cells`] and [`plain::is_solvable`](crate::plain::is_solvable), or
/// `None` for bytes that are not a board. **Proved by:**
/// `tile_bytes_give_the_board_and_its_parity_on_all_of_9_factorial` (below), over all 9!
/// boards and every one-cell fault of boards across the rank range.
///
/// # Complexity
/// O(9), a few word operations a tile.
#[inline]
pub(crate) fn from_tile_bytes(bytes: &[u8; CELLS]) -> Option<(Board, bool)> {
    // One bit per value read; nine distinct tiles set exactly bits 0..=8, so one test at the
    // end catches a byte that is not a tile (bit 9) and a repeated tile (a bit missing).
    let mut seen = 0u32;
    // The rank in the low bits and the sum of the Lehmer digits above [`DIGIT_SHIFT`]. Bad
    // input may give any sum: the board is then rejected anyway.
    let mut rank_and_digits = 0u32;
    let mut word = 0u64;
    // Unrolled, so that each cell's shift is a constant.
    macro_rules! cells {
        ($($cell:literal)*) => {$(
            let value = TILE_OF_BYTE[usize::from(bytes[$cell])];
            // `seen` is below 1 << 10 and `value` below 16: the index is in the table, and
            // masking it says so to the compiler at the cost of one operation, not a check.
            let term = DIGIT_TERM[(seen << 4 | u32::from(value)) as usize & ((1 << 14) - 1)];
            rank_and_digits = rank_and_digits.wrapping_add(term);
            seen |= 1 << value;
            word |= u64::from(value) << (LANE * $cell);
        )*};
    }
    // The last cell's digit is always 0: only its own value is left.
    cells!(0 1 2 3 4 5 6 7);
    let value = TILE_OF_BYTE[usize::from(bytes[8])];
    seen |= 1 << value;
    word |= u64::from(value) << (LANE * 8);
    if seen != (1 << CELLS) - 1 {
        return None;
    }
    let rank = u64::from(rank_and_digits & ((1 << DIGIT_SHIFT) - 1));
    let board = Board {
        word: word | rank << RANK_SHIFT,
    };
    // Only the parity of the blank's cell counts: whether the blank's bit is in an odd lane.
    let blank_odd = board.word & LANE_BLANK_BITS & ODD_LANES != 0;
    let digits = rank_and_digits >> DIGIT_SHIFT;
    Some((board, (digits + u32::from(blank_odd)) % 2 == 0))
}

/// Reads board number `number` (counted from 1, for error messages): nine tiles, and whether
/// the board is solvable. `None` when the input ends before its first tile.
///
/// # Errors
/// [`Failure::Input`] naming the board and the fault: a byte that is not a tile, a repeated tile
/// (and so a missing one), or the input ending inside the board; [`Failure::Io`].
///
/// # Complexity
/// O(9 + whitespace skipped).
pub(crate) fn read_board<R: BufRead>(tiles: &mut Tiles<R>, number: u64) -> Result<Option<(Board, bool)>, Failure> {
    let mut bytes = [0u8; CELLS];
    let read = tiles.fill(&mut bytes)?;
    if read == 0 {
        return Ok(None);
    }
    if read == CELLS {
        if let Some(read) = from_tile_bytes(&bytes) {
            return Ok(Some(read));
        }
    }
    Err(board_fault(&bytes[..read], number))
}

/// Why `bytes`, the start of board `number`, are not a board: the first byte that is not a
/// tile or repeats one, else the input ending after them.
#[cold]
fn board_fault(bytes: &[u8], number: u64) -> Failure {
    let mut seen = 0u16;
    for &byte in bytes {
        let tile = match byte {
            b'1'..=b'8' => byte - b'1',
            b'x' => BLANK,
            _ => {
                return Failure::Input(format!(
                    "board {number}: tile '{}' is not 1-8 or x",
                    byte.escape_ascii()
                ))
            }
        };
        if seen & (1 << tile) != 0 {
            return Failure::Input(format!("board {number}: tile '{}' appears twice", tile_char(tile)));
        }
        seen |= 1 << tile;
    }
    Failure::Input(format!(
        "board {number}: the input ends after {} of its 9 tiles",
        bytes.len()
    ))
}

impl FromStr for Board {
    type Err = String;

    /// One board in any spacing the input accepts (`"2 3 4 1 5 x 7 6 8"`, `"23415x768"`), and
    /// nothing after it.
    fn from_str(text: &str) -> Result<Board, String> {
        let mut tiles = Tiles::new(text.as_bytes());
        match read_board(&mut tiles, 1) {
            Ok(Some((board, _))) => match tiles.next_byte() {
                Ok(None) => Ok(board),
                _ => Err("more than 9 tiles".to_string()),
            },
            Ok(None) => Err("no tiles".to_string()),
            Err(failure) => Err(failure.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::STATES;
    use crate::testkit::board;

    #[test]
    fn tile_bytes_give_the_board_and_its_parity_on_all_of_9_factorial() {
        for rank in 0..STATES {
            let board = Board::from_rank(rank);
            // The tiles' bytes straight from the cells (value v is tile v + 1, the blank `x`), not
            // through `Display`'s text: no string made and trimmed for each of the 9! boards.
            let bytes = board.cells().map(|value| b"12345678x"[usize::from(value)]);
            let solvable = crate::plain::is_solvable(&board.cells());
            assert_eq!(
                from_tile_bytes(&bytes),
                Some((board, solvable)),
                "{}",
                bytes.escape_ascii()
            );
        }
        assert_eq!(Board::from_rank(46_100).to_string(), "2 3 4 1 5 x 7 6 8");
        for bad in [b"12345678y", b"123456789", b"12345678 ", b"1234567x1", b"x2345678x"] {
            assert_eq!(from_tile_bytes(bad), None);
        }
        // Any one cell of a board changed, to another tile (so one repeats) or to a byte that is
        // not a tile, in every cell of boards across the rank range.
        for rank in (0..STATES).step_by(997) {
            let text = Board::from_rank(rank).to_string().replace(' ', "");
            for cell in 0..CELLS {
                for byte in b"12345678x09X\0\xff\xb1 ".iter().copied() {
                    let mut bytes: [u8; CELLS] = text.as_bytes().try_into().unwrap();
                    if bytes[cell] != byte {
                        bytes[cell] = byte;
                        assert_eq!(from_tile_bytes(&bytes), None, "{}", bytes.escape_ascii());
                    }
                }
            }
        }
    }

    #[test]
    fn boards_parse_in_any_spacing_and_nothing_after() {
        assert_eq!(board("23415x768"), board("2 3 4\n1 5 x\n7 6 8\n"));
        assert_eq!(board("23415x768").cells(), [1, 2, 3, 0, 4, 8, 6, 5, 7]);
        assert_eq!(
            "1 2 3".parse::<Board>().unwrap_err(),
            "board 1: the input ends after 3 of its 9 tiles"
        );
        assert_eq!("".parse::<Board>().unwrap_err(), "no tiles");
        assert_eq!("12345678x1".parse::<Board>().unwrap_err(), "more than 9 tiles");
        assert_eq!(
            "12345678y".parse::<Board>().unwrap_err(),
            "board 1: tile 'y' is not 1-8 or x"
        );
    }
}
