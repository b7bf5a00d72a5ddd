//! The encoding and the moves: a [`Board`] is its nine cells and their lexicographic rank in one
//! `u64`, and a move updates both with a few word operations, never re-ranking the board.

use std::fmt;
use std::str::FromStr;

use common::perm::FACTORIALS;

/// Cells in the frame.
pub(crate) const CELLS: usize = 9;

/// The value of the blank in a [`Board`]'s cells (tiles 1..8 are 0..7).
pub(crate) const BLANK: u8 = 8;

/// Number of boards, solvable or not: 9!.
pub(crate) const STATES: usize = 362_880;

/// Number of boards from which the goal can be reached: 9! / 2.
pub(crate) const SOLVABLE: usize = 181_440;

/// The moves' letters, in the order that defines "smallest"; a move's number is its index here.
pub(crate) const MOVE_NAMES: [u8; 4] = *b"uldr";

/// The longest shortest answer: two boards need 31 moves.
pub(crate) const DIAMETER: u8 = 31;

/// Marks "no such cell" in [`NEIGHBOURS`].
pub(crate) const NO_CELL: u8 = u8::MAX;

/// `NEIGHBOURS[cell][m]` is the cell whose tile move `m` (u, l, d, r) swaps with a blank in `cell`,
/// or [`NO_CELL`] at the frame's edge.
pub(crate) const NEIGHBOURS: [[u8; 4]; CELLS] = {
    let mut table = [[NO_CELL; 4]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (row, column) = (cell / 3, cell % 3);
        if row > 0 {
            table[cell][0] = (cell - 3) as u8;
        }
        if column > 0 {
            table[cell][1] = (cell - 1) as u8;
        }
        if row < 2 {
            table[cell][2] = (cell + 3) as u8;
        }
        if column < 2 {
            table[cell][3] = (cell + 1) as u8;
        }
        cell += 1;
    }
    table
};

/// Bits per cell in a [`Board`]'s word: values 0..8 need four, and a fifth, always zero in a
/// board, guards the lane against borrows, so one subtraction compares all nine cells with a tile.
pub(crate) const LANE: usize = 5;

/// Where the rank starts in a [`Board`]'s word, above the nine lanes; 9! < 2^19 fits the rest.
pub(crate) const RANK_SHIFT: usize = LANE * CELLS;

/// A one in the lowest bit of each of the nine lanes.
pub(crate) const LANE_ONES: u64 = {
    let mut ones = 0;
    let mut cell = 0;
    while cell < CELLS {
        ones |= 1 << (LANE * cell);
        cell += 1;
    }
    ones
};

/// The guard bit (bit 4) of each lane.
pub(crate) const LANE_GUARDS: u64 = LANE_ONES << (LANE - 1);

/// Bit 3 of each lane: set only in the blank's lane, as 8 is the only value that has it.
const LANE_BLANK_BITS: u64 = LANE_ONES << 3;

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

/// How one move changes a board's rank: by `base`, plus `after_weight` for each cell in `after`
/// holding a value smaller than the tile that moves, plus `weight` for each `(cell, weight)` in
/// `between` whose cell holds a smaller value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rule {
    /// The cell whose tile moves into the blank, or [`NO_CELL`].
    pub(crate) target: u8,
    /// The part of the change that does not depend on the board.
    pub(crate) base: i32,
    /// Guard bits of the cells after both cells of the move.
    pub(crate) after: u64,
    /// What each smaller value there adds.
    pub(crate) after_weight: i32,
    /// The (at most two) cells between the two cells of a vertical move, with their weights;
    /// weight 0 where there is none.
    pub(crate) between: [(u8, i32); 2],
}

/// `RULES[blank][m]`: how move `m` changes the rank of a board with the blank in cell `blank`.
///
/// Why a move's rank change is linear in "cell `c` holds a smaller value than the tile `t`": say
/// the blank goes forward from cell `lo` to cell `hi` (moves r, d) and `t` back from `hi` to
/// `lo`; write `f(c) = (8 - c)!` for the weight of cell `c`'s Lehmer digit (the count of later
/// cells holding smaller values). Only the digits in `lo..=hi` change: cells after `hi` see the
/// same later values, and cells before `lo` the same set of them.
/// - At `lo` the digit goes from the blank's `8 - lo` (the blank is larger than every tile) to
///   `t`'s count of smaller later values: `+f(lo)` for every smaller value after `lo`.
/// - At `hi` it goes from `t`'s count of smaller values after `hi` to the blank's `8 - hi`:
///   `-f(hi)` for every smaller value after `hi`.
/// - A cell `c` between loses `t` as a later value, which counted if `t` was smaller, that is if
///   the cell's value is not: `-f(c) + f(c)·[smaller]`.
///
/// A backward move (u, l) is the inverse of a forward one, so its change is the negation.
pub(crate) const RULES: [[Rule; 4]; CELLS] = {
    let none = Rule {
        target: NO_CELL,
        base: 0,
        after: 0,
        after_weight: 0,
        between: [(0, 0); 2],
    };
    let mut table = [[none; 4]; CELLS];
    let mut blank = 0;
    while blank < CELLS {
        let mut step = 0;
        while step < 4 {
            let target = NEIGHBOURS[blank][step];
            if target != NO_CELL {
                let target = target as usize;
                let (low, high) = if blank < target {
                    (blank, target)
                } else {
                    (target, blank)
                };
                let sign = if blank < target { 1 } else { -1 };
                let weight_low = FACTORIALS[CELLS - 1 - low] as i32;
                let weight_high = FACTORIALS[CELLS - 1 - high] as i32;
                let last = (CELLS - 1) as i32;
                let mut base = weight_high * (last - high as i32) - weight_low * (last - low as i32);
                let mut between = [(0u8, 0i32); 2];
                let mut cell = low + 1;
                while cell < high {
                    let weight = FACTORIALS[CELLS - 1 - cell] as i32;
                    base -= weight;
                    between[cell - low - 1] = (cell as u8, sign * (weight_low + weight));
                    cell += 1;
                }
                let mut after = 0;
                let mut cell = high + 1;
                while cell < CELLS {
                    after |= 1 << (LANE * cell + LANE - 1);
                    cell += 1;
                }
                table[blank][step] = Rule {
                    target: target as u8,
                    base: sign * base,
                    after,
                    after_weight: sign * (weight_low - weight_high),
                    between,
                };
            }
            step += 1;
        }
        blank += 1;
    }
    table
};

/// The guard bit of `cell`'s lane in a [`Board`]'s word.
const fn guard(cell: usize) -> u64 {
    1 << (LANE * cell + LANE - 1)
}

/// Ones 5 bits apart, twelve of them: multiplying guard bits (bit 4 of a lane) by this adds them
/// all up in bits 59..63, as 59 = 5 · 11 + 4; each partial sum is at most 9 < 16, so none
/// carries into the next.
const SUM_INTO_TOP: u64 = {
    let mut ones = 0;
    let mut slot = 0;
    while slot < 12 {
        ones |= 1 << (LANE * slot);
        slot += 1;
    }
    ones
};

/// The word after move `M` on `word`, a [`Board`]'s word with every guard bit set and the blank
/// in cell `B`; the result has its guard bits set too. `M` must be legal there.
///
/// The rank update is [`Board::step`]'s with the rule a constant, so only the terms this move
/// has remain, and with the change kept shifted to the rank's bits so that each term is one
/// multiplication; as `word` has every guard bit set, the lane-wise subtraction needs no
/// masking, and leaves a lane's guard set where its value is *not* smaller than the tile, so the
/// terms count those, against constants adjusted to match.
///
/// # Complexity
/// O(1): about 25 word operations and no branch.
#[inline(always)]
pub(crate) fn guarded_step<const B: usize, const M: usize>(word: u64) -> u64 {
    let rule = RULES[B][M];
    let target = usize::from(rule.target);
    let tile = word >> (LANE * target) & 0xf;
    // Guard bit of lane c set: cell c holds a value not smaller than the tile.
    let not_smaller = word - tile * LANE_ONES;
    let to_rank = |weight: i64| (weight as u64) << RANK_SHIFT;
    // rule.base + Σ weight · [smaller], with [smaller] = 1 - [not smaller].
    let after_cells = i64::from(rule.after.count_ones());
    let mut base = i64::from(rule.base) + i64::from(rule.after_weight) * after_cells;
    let mut change = 0u64;
    if rule.after != 0 {
        let not_smaller_after = (not_smaller & rule.after).wrapping_mul(SUM_INTO_TOP) >> 59;
        change = not_smaller_after.wrapping_mul(to_rank(-i64::from(rule.after_weight)));
    }
    for (cell, weight) in rule.between {
        if weight != 0 {
            let cell = usize::from(cell);
            base += i64::from(weight);
            let term = (-i64::from(weight) as u64) << (RANK_SHIFT - LANE * cell - (LANE - 1));
            change = change.wrapping_add((not_smaller & guard(cell)).wrapping_mul(term));
        }
    }
    // The blank's cell gets the tile and the tile's cell the blank: flip both by tile ^ 8.
    let flip = (tile ^ u64::from(BLANK)) * (1 << (LANE * B) | 1 << (LANE * target));
    (word ^ flip).wrapping_add(change).wrapping_add(to_rank(base))
}

/// A board being walked along the table's moves: its word with every guard bit set (as
/// [`guarded_step`] wants it, and the rank bits are untouched by the guards) and its blank's cell,
/// so that a move needs neither setting the guards nor finding the blank.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Walker {
    word: u64,
    blank: usize,
}

impl Walker {
    /// The walk's start.
    #[inline]
    pub(crate) fn new(board: &Board) -> Walker {
        Walker {
            word: board.word | LANE_GUARDS,
            blank: board.blank(),
        }
    }

    /// The rank of the board reached.
    #[inline(always)]
    pub(crate) fn rank(&self) -> usize {
        (self.word >> RANK_SHIFT) as usize
    }

    /// The blank's cell in the board reached.
    #[inline(always)]
    pub(crate) fn blank(&self) -> usize {
        self.blank
    }

    /// Makes move `step`, which must be legal: [`Board::step`]'s result in about a third of its
    /// instructions, the move's rule folded into one of 24 bodies ([`guarded_step`]) inlined
    /// behind one jump on (blank cell, move). Answers are read from the table with it.
    ///
    /// # Panics
    /// If the blank is at that edge of the frame.
    #[inline(always)]
    pub(crate) fn follow(&mut self, step: u8) {
        macro_rules! moves {
            ($(($index:literal, $blank:literal, $step:literal)),*) => {
                match 4 * self.blank + usize::from(step) {
                    $($index => {
                        self.word = guarded_step::<$blank, $step>(self.word);
                        self.blank = RULES[$blank][$step].target as usize;
                    })*
                    _ => panic!("a move off the frame"),
                }
            };
        }
        moves!(
            (2, 0, 2),
            (3, 0, 3),
            (5, 1, 1),
            (6, 1, 2),
            (7, 1, 3),
            (9, 2, 1),
            (10, 2, 2),
            (12, 3, 0),
            (14, 3, 2),
            (15, 3, 3),
            (16, 4, 0),
            (17, 4, 1),
            (18, 4, 2),
            (19, 4, 3),
            (20, 5, 0),
            (21, 5, 1),
            (22, 5, 2),
            (24, 6, 0),
            (27, 6, 3),
            (28, 7, 0),
            (29, 7, 1),
            (31, 7, 3),
            (32, 8, 0),
            (33, 8, 1)
        )
    }
}

/// A tile's character as written in the input and output (`1`..`8`, `x`).
pub(crate) fn tile_char(tile: u8) -> char {
    if tile == BLANK {
        'x'
    } else {
        char::from(b'1' + tile)
    }
}

/// A board: its cells row by row (tile minus one, the blank as 8) and their
/// lexicographic rank, in one 64-bit word, so a move is a few register operations and needs no
/// re-ranking, and the BFS queue holds 16 bytes a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Cell `c` in bits `5c..5c + 5` ([`LANE`]), the rank in bits 45..64 ([`RANK_SHIFT`]).
    pub(crate) word: u64,
}

impl Board {
    /// The goal, `1 2 3 4 5 6 7 8 x`: rank 0.
    pub const GOAL: Board = Board {
        word: {
            let mut word = 0;
            let mut cell = 0;
            while cell < CELLS {
                word |= (cell as u64) << (LANE * cell);
                cell += 1;
            }
            word
        },
    };

    /// The board with these cells and rank; the caller has checked they are a permutation.
    pub(crate) fn assemble(cells: &[u8; CELLS], rank: usize) -> Board {
        let mut word = (rank as u64) << RANK_SHIFT;
        for (cell, &value) in cells.iter().enumerate() {
            word |= u64::from(value) << (LANE * cell);
        }
        Board { word }
    }

    /// The board with these cells, or `None` if they are not a permutation of 0..9.
    ///
    /// # Complexity
    /// O(9).
    pub fn from_cells(cells: [u8; CELLS]) -> Option<Board> {
        let mut seen = 0u16;
        for &cell in &cells {
            if usize::from(cell) >= CELLS || seen & (1 << cell) != 0 {
                return None;
            }
            seen |= 1 << cell;
        }
        Some(Board::assemble(&cells, common::perm::rank(&cells)))
    }

    /// The board with this rank.
    ///
    /// # Panics
    /// If `rank >= 9!`.
    ///
    /// # Complexity
    /// O(9).
    pub fn from_rank(rank: usize) -> Board {
        let mut cells = [0u8; CELLS];
        common::perm::unrank(rank, &mut cells);
        Board::assemble(&cells, rank)
    }

    /// The value in `cell`: tile minus one, or [`BLANK`].
    pub(crate) fn cell(&self, cell: usize) -> u8 {
        (self.word >> (LANE * cell)) as u8 & 0xf
    }

    /// The cells row by row: tile minus one, the blank as 8.
    ///
    /// # Complexity
    /// O(9).
    pub fn cells(&self) -> [u8; CELLS] {
        let mut cells = [0; CELLS];
        for (cell, value) in cells.iter_mut().enumerate() {
            *value = self.cell(cell);
        }
        cells
    }

    /// The lexicographic rank of the cells, in 0..9!.
    ///
    /// # Complexity
    /// O(1).
    pub fn rank(&self) -> usize {
        (self.word >> RANK_SHIFT) as usize
    }

    /// The blank's cell, 0..9 row by row.
    ///
    /// # Complexity
    /// O(1).
    pub fn blank(&self) -> usize {
        (self.word & LANE_BLANK_BITS).trailing_zeros() as usize / LANE
    }

    /// The number of inversions of the tiles read row by row with the blank left out: pairs of
    /// tiles where the larger comes first. The goal has none, and no move changes its parity.
    ///
    /// # Complexity
    /// O(9²) comparisons (36).
    pub fn inversions(&self) -> usize {
        let cells = self.cells();
        let mut inversions = 0;
        for (i, &tile) in cells.iter().enumerate() {
            if tile != BLANK {
                // The blank is the largest value, so it never counts as a smaller later tile.
                inversions += cells[i + 1..].iter().filter(|&&later| later < tile).count();
            }
        }
        inversions
    }

    /// Whether the goal can be reached: the tiles, blank left out, form an even permutation.
    ///
    /// # Complexity
    /// O(9²) comparisons (36).
    pub fn is_solvable(&self) -> bool {
        self.inversions() % 2 == 0
    }

    /// The board after move `step` (0 = u, 1 = l, 2 = d, 3 = r), or `None` if the blank is at
    /// that edge of the frame.
    ///
    /// The rank is updated from a table of rules (`RULES`, in the source), not recomputed: one subtraction compares every cell
    /// with the moving tile, one multiplication counts the smaller ones after the move's cells,
    /// and at most two masked adds account for the cells between; no branches on the board.
    ///
    /// # Panics
    /// If `step > 3`.
    ///
    /// # Complexity
    /// O(9).
    #[inline]
    pub fn step(&self, step: u8) -> Option<Board> {
        let blank = self.blank();
        let rule = &RULES[blank][usize::from(step)];
        if rule.target == NO_CELL {
            return None;
        }
        let target = usize::from(rule.target);
        let tile = self.cell(target);
        // The guard bit of each lane holding a value smaller than the tile: (value | 16) - tile
        // keeps the guard exactly when value >= tile, and never borrows from the next lane.
        let smaller = !((self.word | LANE_GUARDS) - u64::from(tile) * LANE_ONES) & LANE_GUARDS;
        // Multiplying one bit per lane by LANE_ONES sums the lanes into the top one (at most 9,
        // so no lane carries into the next); the mask drops what spills into bit 63.
        let smaller_after =
            ((smaller & rule.after) >> (LANE - 1)).wrapping_mul(LANE_ONES) >> (LANE * (CELLS - 1)) & 0x1f;
        let mut change = rule.base + rule.after_weight * smaller_after as i32;
        for &(cell, weight) in &rule.between {
            let is_smaller = (smaller >> (LANE * usize::from(cell) + LANE - 1)) & 1;
            change += weight & -(is_smaller as i32);
        }
        // The blank's cell gets the tile and the tile's cell the blank: flip both by tile ^ blank.
        let flip = u64::from(tile ^ BLANK);
        let cells = self.word ^ flip << (LANE * blank) ^ flip << (LANE * target);
        Some(Board {
            word: cells.wrapping_add((i64::from(change) as u64) << RANK_SHIFT),
        })
    }
}

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

/// `SEEN_BELOW[v]`: one in each 4-bit lane above lane `v`, so that summing it over the values
/// seen so far counts, in lane `w`, the seen values smaller than `w`.
const SEEN_BELOW: [u64; CELLS + 1] = {
    let mut table = [0; CELLS + 1];
    let mut value = 0;
    while value < CELLS {
        let mut lane = value + 1;
        while lane < CELLS {
            table[value] |= 1 << (4 * lane);
            lane += 1;
        }
        value += 1;
    }
    table
};

impl Board {
    /// The board written by nine input bytes (`1`..`8`, `x`, row by row) and whether it is
    /// solvable, or `None` if they are not nine distinct tiles (the caller finds which is wrong).
    ///
    /// One pass does the work of [`Board::from_cells`] and [`Board::is_solvable`]: the Lehmer
    /// code of the cells is the rank's digits, and its sum counts the inversions of all nine
    /// values; the blank, the largest, makes one with each cell after it (8 - its cell), so the
    /// tiles' inversions have the parity of the sum plus the blank's cell.
    ///
    /// # Complexity
    /// O(9), a few word operations a tile.
    #[inline]
    pub(crate) fn from_tile_bytes(bytes: &[u8; CELLS]) -> Option<(Board, bool)> {
        // One bit per value read; nine distinct tiles set exactly bits 0..=8, so one test at the
        // end catches a byte that is not a tile (bit 9) and a repeated tile (a bit missing).
        let mut seen = 0u32;
        // Lane `w` of `below`: how many of the values read so far are smaller than `w`.
        let mut below = 0u64;
        // The rank in the low half and the sum of the Lehmer digits in the high half, both
        // gathered by one multiplication a cell. Bad input may make a digit wrap: the board is
        // then rejected anyway.
        let mut rank_and_digits = 0u64;
        let mut word = 0u64;
        // Unrolled, so that each cell's shift and factorial are constants.
        macro_rules! cells {
            ($($cell:literal)*) => {$(
                let value = TILE_OF_BYTE[usize::from(bytes[$cell])];
                seen |= 1 << value;
                word |= u64::from(value) << (LANE * $cell);
                let value = usize::from(value);
                // Values smaller than this one not used yet: later cells hold exactly those.
                let digit = (value as u64).wrapping_sub(below >> (4 * value) & 0xf);
                below = below.wrapping_add(SEEN_BELOW[value]);
                let weight = common::perm::FACTORIALS[CELLS - 1 - $cell] as u64 | 1 << 32;
                rank_and_digits = rank_and_digits.wrapping_add(digit.wrapping_mul(weight));
            )*};
        }
        // The last cell's digit is always 0: only its own value is left.
        cells!(0 1 2 3 4 5 6 7);
        // The last cell's update of `below` is not needed; reading it keeps the macro uniform.
        let _ = below;
        let value = TILE_OF_BYTE[usize::from(bytes[8])];
        seen |= 1 << value;
        word |= u64::from(value) << (LANE * 8);
        if seen != (1 << CELLS) - 1 {
            return None;
        }
        let board = Board {
            word: word | (rank_and_digits & 0xffff_ffff) << RANK_SHIFT,
        };
        // Only the parity of the blank's cell counts: whether the blank's bit is in an odd lane.
        let blank_odd = board.word & LANE_BLANK_BITS & ODD_LANES != 0;
        let digits = (rank_and_digits >> 32) as usize;
        Some((board, (digits + usize::from(blank_odd)) % 2 == 0))
    }
}

impl fmt::Display for Board {
    /// The judges' form: the nine tiles row by row, space-separated (`2 3 4 1 5 x 7 6 8`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &tile) in self.cells().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", tile_char(tile))?;
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = String;

    /// One board in any spacing the input accepts (`"2 3 4 1 5 x 7 6 8"`, `"23415x768"`), and
    /// nothing after it.
    fn from_str(text: &str) -> Result<Board, String> {
        let mut tiles = crate::io::Tiles::new(text.as_bytes());
        match crate::io::read_board(&mut tiles, 1) {
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

    fn board(text: &str) -> Board {
        text.parse().unwrap_or_else(|error| panic!("{text}: {error}"))
    }

    #[test]
    fn tile_bytes_give_the_board_and_its_parity_on_all_of_9_factorial() {
        for rank in 0..STATES {
            let board = Board::from_rank(rank);
            let text = board.to_string().replace(' ', "");
            let bytes: [u8; CELLS] = text.as_bytes().try_into().unwrap();
            assert_eq!(
                Board::from_tile_bytes(&bytes),
                Some((board, board.is_solvable())),
                "{text}"
            );
        }
        for bad in [b"12345678y", b"123456789", b"12345678 ", b"1234567x1", b"x2345678x"] {
            assert_eq!(Board::from_tile_bytes(bad), None);
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
                        assert_eq!(Board::from_tile_bytes(&bytes), None, "{}", bytes.escape_ascii());
                    }
                }
            }
        }
    }

    #[test]
    fn moves_follow_the_statement() {
        // The blank at the centre of 1 2 3 / 4 x 5 / 6 7 8: u brings 2 down, l brings 4 right.
        let centre = board("1 2 3 4 x 5 6 7 8");
        assert_eq!(centre.step(0).unwrap().to_string(), "1 x 3 4 2 5 6 7 8");
        assert_eq!(centre.step(1).unwrap().to_string(), "1 2 3 x 4 5 6 7 8");
        assert_eq!(centre.step(2).unwrap().to_string(), "1 2 3 4 7 5 6 x 8");
        assert_eq!(centre.step(3).unwrap().to_string(), "1 2 3 4 5 x 6 7 8");
        // In a corner only two moves exist.
        let corner = board("x 1 2 3 4 5 6 7 8");
        assert_eq!(
            (0..4).map(|m| corner.step(m).is_some()).collect::<Vec<_>>(),
            [false, false, true, true]
        );
        assert_eq!(Board::GOAL, board("1 2 3 4 5 6 7 8 x"));
    }

    #[test]
    fn rank_updates_agree_with_ranking_every_board() {
        for board in (0..STATES).map(Board::from_rank) {
            assert_eq!(Board::from_cells(board.cells()), Some(board));
            for step in 0..4 {
                if let Some(next) = board.step(step) {
                    assert_eq!(next.rank(), common::perm::rank(&next.cells()), "{board} by {step}");
                    assert_eq!(next.blank(), next.cells().iter().position(|&c| c == BLANK).unwrap());
                    let mut walker = Walker::new(&board);
                    walker.follow(step);
                    assert_eq!(
                        Board {
                            word: walker.word & !LANE_GUARDS
                        },
                        next
                    );
                    assert_eq!((walker.rank(), walker.blank), (next.rank(), next.blank()));
                    // Each move is undone by its opposite (u/d, l/r).
                    assert_eq!(next.step(step ^ 2), Some(board));
                }
            }
        }
    }

    #[test]
    fn boards_parse_and_print_in_the_judges_form() {
        assert_eq!(board("23415x768").to_string(), "2 3 4 1 5 x 7 6 8");
        assert_eq!(
            "1 2 3".parse::<Board>().unwrap_err(),
            "board 1: the input ends after 3 of its 9 tiles"
        );
        assert_eq!("".parse::<Board>().unwrap_err(), "no tiles");
        assert_eq!("12345678x1".parse::<Board>().unwrap_err(), "more than 9 tiles");
        assert_eq!(Board::from_cells([0, 1, 2, 3, 4, 5, 6, 7, 7]), None);
        assert_eq!(Board::from_cells([0, 1, 2, 3, 4, 5, 6, 7, 9]), None);
        assert_eq!(Board::from_rank(0), Board::GOAL);
    }
}
