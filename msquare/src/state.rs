//! The board and the three moves, packed.
//!
//! **Equals:** the packed moves equal plain's index tables ([`crate::plain::apply`]) and the
//! packed rank equals [`common::perm::rank`], on every board.
//! **Proved by:** `packed_moves_agree_with_the_index_tables`,
//! `half_tables_rank_every_board_like_common_perm` (below), over all 8! boards.
//!
//! A [`Board`] is an array of colours, as the statement draws it and [`crate::plain`] uses it;
//! plain's index tables (`plain::SOURCES`) are the one statement of the moves. What
//! [`crate::Solver`] uses is the same board packed into 3-bit fields of a `u32` (`Packed`),
//! where each move is a few shifts and masks (`apply_packed`), and the rank two table lookups
//! (`HalfRanks`).

/// Squares on the board.
pub(crate) const CELLS: usize = 8;

/// A board: the colour minus one (0..8) in each position, clockwise from the top-left corner.
pub type Board = [u8; CELLS];

/// The basic state, 1 2 3 4 / 8 7 6 5.
pub(crate) const BASIC: Board = [0, 1, 2, 3, 4, 5, 6, 7];

/// The moves' letters, in the order that defines "lexicographically smallest".
pub(crate) const MOVE_NAMES: [u8; 3] = *b"ABC";

/// A board packed into 3-bit fields of a `u32`, position `i` in bits `3i..3i+3` (24 bits in
/// all). Each move is then a few register operations instead of eight indexed copies (the search
/// applies 121,000 moves), each half of the board is directly a 12-bit table key for ranking, and
/// a search-tree node is 8 bytes: fresh memory costs a page fault per 4 KiB.
pub(crate) type Packed = u32;

/// The twelve bits of positions 0-3 (or, shifted, 4-7).
const HALF: u32 = 0o7777;

/// `board` in 3-bit fields.
pub(crate) fn pack(board: &Board) -> Packed {
    board
        .iter()
        .rev()
        .fold(0, |packed, &value| packed << 3 | u32::from(value))
}

/// The board packed in `packed`.
pub(crate) fn unpack(packed: Packed) -> Board {
    let mut board = [0; CELLS];
    for (position, cell) in board.iter_mut().enumerate() {
        *cell = (packed >> (3 * position) & 0o7) as u8;
    }
    board
}

/// `REVERSED[h]` is the 12-bit half `h` with its four 3-bit fields in reverse order.
static REVERSED: [u16; 1 << 12] = {
    let mut table = [0u16; 1 << 12];
    let mut half = 0;
    while half < 1 << 12 {
        let mut field = 0;
        while field < 4 {
            table[half] |= ((half >> (3 * field) & 0o7) << (3 * (3 - field))) as u16;
            field += 1;
        }
        half += 1;
    }
    table
};

/// [`plain::apply`](crate::plain::apply) on a packed board.
pub(crate) fn apply_packed(board: Packed, step: u8) -> Packed {
    match step {
        // A: position i takes position 7 - i: each half reversed, and the halves swapped.
        0 => u32::from(REVERSED[(board >> 12) as usize]) | u32::from(REVERSED[(board & HALF) as usize]) << 12,
        // B: (s3,s0,s1,s2 | s5,s6,s7,s4): the low half rotated up a field, the high half down one.
        1 => {
            let (low, high) = (board & HALF, board >> 12);
            let low = (low << 3 | low >> 9) & HALF;
            let high = (high >> 3 | high << 9) & HALF;
            low | high << 12
        }
        // C: (s0,s6,s1,s3,s4,s2,s5,s7): positions 0, 3, 4, 7 stay; 1 ← 6, 2 ← 1, 5 ← 2, 6 ← 5.
        _ => board & 0o70_077_007 | (board >> 15) & 0o70 | (board << 3) & 0o7_000_700 | (board << 9) & 0o700_000,
    }
}

/// [`common::perm::rank`] of a packed board as two table lookups.
///
/// A board's rank is Σ dᵢ·(7−i)!, where dᵢ counts the later values smaller than sᵢ. For the last
/// four positions dᵢ depends only on those four values; for the first four, dᵢ = sᵢ − (earlier
/// values smaller than sᵢ) depends only on the first four. So the rank is `front[s0..s3] +
/// back[s4..s7]`, two 4,096-entry tables filled from `common::perm` itself: the search ranks
/// 121,000 boards, each then in two lookups instead of an eight-step expansion.
///
/// The tables are arrays, not vectors: 16 KB on the stack of the one search that uses them, no
/// allocation that could fail, and a 12-bit index needs no bounds check.
#[derive(Clone, Debug)]
pub(crate) struct HalfRanks {
    front: [u16; 1 << 12],
    back: [u16; 1 << 12],
}

impl HalfRanks {
    /// Fills both tables: O(4,096 · 8).
    pub(crate) fn new() -> Self {
        let mut front = [0u16; 1 << 12];
        let mut back = [0u16; 1 << 12];
        let mut first = [0u8; 4];
        for key in 0..1usize << 12 {
            for (i, value) in first.iter_mut().enumerate() {
                *value = (key >> (3 * i) & 7) as u8;
            }
            let used = first.iter().fold(0u32, |mask, &value| mask | 1 << value);
            if used.count_ones() != 4 {
                continue; // a repeated value: no board has this half
            }
            // The first half followed by the unused values in increasing order: the later
            // positions then add nothing, so its rank is the first half's share alone.
            let mut board = [0u8; CELLS];
            board[..4].copy_from_slice(&first);
            let rest = (0..CELLS as u8).filter(|value| used & 1 << value == 0);
            for (cell, value) in board[4..].iter_mut().zip(rest) {
                *cell = value;
            }
            front[key] = common::perm::rank(&board) as u16;
            // Read as the second half, only the values' relative order matters.
            let relative = first.map(|value| first.iter().filter(|&&other| other < value).count() as u8);
            back[key] = common::perm::rank(&relative) as u16;
        }
        HalfRanks { front, back }
    }

    /// The rank of a packed board: O(1).
    pub(crate) fn rank(&self, board: Packed) -> usize {
        usize::from(self.front[(board & HALF) as usize]) + usize::from(self.back[(board >> 12 & HALF) as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_match_the_statement() {
        // From the basic state 1 2 3 4 / 8 7 6 5 the statement's pictures give:
        // A: 8 7 6 5 / 1 2 3 4, B: 4 1 2 3 / 5 8 7 6, C: 1 7 2 4 / 8 6 3 5.
        let colours = |board: Board| board.map(|c| c + 1);
        let moved = |step| unpack(apply_packed(pack(&BASIC), step));
        assert_eq!(colours(moved(0)), [8, 7, 6, 5, 4, 3, 2, 1]);
        assert_eq!(colours(moved(1)), [4, 1, 2, 3, 6, 7, 8, 5]);
        assert_eq!(colours(moved(2)), [1, 7, 2, 4, 5, 3, 6, 8]);
    }

    #[test]
    fn packed_moves_agree_with_the_index_tables() {
        // Every one of the 8! boards: packing is undone by unpacking, and each packed move is
        // the index table's move.
        let mut board = [0u8; CELLS];
        for rank in 0..common::perm::FACTORIALS[CELLS] {
            common::perm::unrank(rank, &mut board);
            assert_eq!(unpack(pack(&board)), board);
            for step in 0..3 {
                assert_eq!(
                    unpack(apply_packed(pack(&board), step)),
                    crate::plain::apply(&board, usize::from(step)),
                    "{board:?}"
                );
            }
        }
    }

    #[test]
    fn half_tables_rank_every_board_like_common_perm() {
        let ranks = HalfRanks::new();
        let mut board = [0u8; CELLS];
        for rank in 0..common::perm::FACTORIALS[CELLS] {
            common::perm::unrank(rank, &mut board);
            assert_eq!(ranks.rank(pack(&board)), rank, "{board:?}");
        }
    }
}
