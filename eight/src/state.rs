//! The encoding and the moves: a [`Board`] is its nine cells and their lexicographic rank in one
//! `u64`, and a move ([`Board::step`]) updates both with a few word operations, never re-ranking
//! the board.
//!
//! **Equals:** the cells are [`plain`](crate::plain)'s `[u8; 9]`, a step is
//! [`plain::moved`](crate::plain::moved), the rank is [`common::perm::rank`] of the cells and
//! solvability is [`plain::is_solvable`](crate::plain::is_solvable).
//! **Proved by:** `rank_updates_agree_with_ranking_every_board`, `moves_follow_the_statement`
//! (below), over all 9! boards and their moves.

use std::fmt;

use common::perm::FACTORIALS;

/// Cells in the frame.
pub(crate) const CELLS: usize = 9;

/// The value of the blank in a [`Board`]'s cells (tiles 1..8 are 0..7).
pub(crate) const BLANK: u8 = 8;

/// Number of boards, solvable or not: 9!.
pub(crate) const STATES: usize = 362_880;

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
pub(crate) const LANE_BLANK_BITS: u64 = LANE_ONES << 3;

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
/// The terms and their weights are derived in [`Board::step`]'s docs.
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
        let mut m = 0;
        while m < 4 {
            let target = NEIGHBOURS[blank][m];
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
                table[blank][m] = Rule {
                    target: target as u8,
                    base: sign * base,
                    after,
                    after_weight: sign * (weight_low - weight_high),
                    between,
                };
            }
            m += 1;
        }
        blank += 1;
    }
    table
};

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

    /// The board after move `step` (0 = u, 1 = l, 2 = d, 3 = r: the blank swaps with the tile
    /// above, left of, below or right of it), or `None` if the blank is at that edge of the
    /// frame. It is [`plain::moved`](crate::plain::moved) on the cells, with the rank kept.
    ///
    /// # The rank update
    /// The rank is updated, not recomputed, from one of 24 rules (one per legal blank cell and
    /// move, built at compile time): the change is a constant plus a weight for each of a few
    /// cells that holds a value smaller than the moving tile. One lane-wise subtraction compares
    /// every cell with the tile (the guard bit above each 4-bit value survives exactly where the
    /// value is not smaller), one multiplication counts the smaller ones after the move's cells,
    /// and at most two masked adds account for the cells between; no branch on the board.
    ///
    /// Why the change is linear in "cell `c` holds a smaller value than the tile `t`": say
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
    ///
    /// The unit test `rank_updates_agree_with_ranking_every_board` checks the update against
    /// [`common::perm::rank`] for every one of the 9! · 4 moves.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plain;
    use crate::testkit::{all_boards, board};

    #[test]
    fn moves_follow_the_statement() {
        // The blank at the centre of 1 2 3 / 4 x 5 / 6 7 8: u swaps it with the 2 above it.
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
        assert_eq!(Board::GOAL.cells(), plain::GOAL);
    }

    #[test]
    fn rank_updates_agree_with_ranking_every_board() {
        for board in all_boards() {
            assert_eq!(Board::from_cells(board.cells()), Some(board));
            assert_eq!(board.is_solvable(), plain::is_solvable(&board.cells()), "{board}");
            for step in 0..4 {
                let next = board.step(step);
                assert_eq!(
                    next.map(|next| next.cells()),
                    plain::moved(&board.cells(), usize::from(step)),
                    "{board} by {step}"
                );
                if let Some(next) = next {
                    assert_eq!(next.rank(), common::perm::rank(&next.cells()), "{board} by {step}");
                    assert_eq!(next.blank(), next.cells().iter().position(|&c| c == BLANK).unwrap());
                    // Each move is undone by its opposite (u/d, l/r).
                    assert_eq!(next.step(step ^ 2), Some(board));
                }
            }
        }
    }

    #[test]
    fn boards_print_in_the_judges_form() {
        assert_eq!(board("23415x768").to_string(), "2 3 4 1 5 x 7 6 8");
        assert_eq!(board("23415x768").rank(), 46_100);
        assert_eq!(Board::from_cells([0, 1, 2, 3, 4, 5, 6, 7, 7]), None);
        assert_eq!(Board::from_cells([0, 1, 2, 3, 4, 5, 6, 7, 9]), None);
        assert_eq!(Board::from_rank(0), Board::GOAL);
        assert_eq!(board("1 2 3 4 5 6 8 7 x").inversions(), 1);
    }
}
