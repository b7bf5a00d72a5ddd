//! The word tricks of the fast tier: [`Board::step`] with its rule folded into constants.
//!
//! **Equals:** [`Board::step`], itself [`plain::moved`](crate::plain::moved) with the rank kept:
//! [`guarded_step`] and [`Walker::follow`] give the same board, rank included, for every legal
//! move. **Proved by:** `the_walker_is_board_step_on_every_move` (below), over all 9! · 4 moves.
//!
//! **Why it is faster:** [`Board::step`] finds the blank, loads its rule from a table and tests
//! the frame's edge on every move. Here the blank's cell and the move are compile-time
//! constants, so the rule's terms are constants too and the terms a move does not have vanish;
//! the table build ([`super::build`]) and the walk ([`super::walk`]) call it with those constants
//! or behind one jump on (blank cell, move).

use crate::state::{Board, BLANK, LANE, LANE_GUARDS, LANE_ONES, RANK_SHIFT, RULES};

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

    /// Makes move `m`, which must be legal: [`Board::step`]'s result in fewer
    /// instructions, the move's rule folded into one of 24 bodies ([`guarded_step`]) inlined
    /// behind one jump on (blank cell, move). Answers are read from the table with it.
    ///
    /// # Panics
    /// If the blank is at that edge of the frame.
    #[inline(always)]
    pub(crate) fn follow(&mut self, m: u8) {
        macro_rules! moves {
            ($(($index:literal, $blank:literal, $m:literal)),*) => {
                // Masked, and each of the 64 values an arm of its own, so that the compiler sees
                // every value the jump can take covered and drops its range check (a catch-all
                // arm would keep it). The mask changes nothing: a cell is below 9, so the value
                // is below 36.
                match (4 * self.blank + usize::from(m)) & 63 {
                    $($index => {
                        self.word = guarded_step::<$blank, $m>(self.word);
                        self.blank = RULES[$blank][$m].target as usize;
                    })*
                    // The (cell, move) pairs off the frame, and the values no cell gives.
                    0 | 1 | 4 | 8 | 11 | 13 | 23 | 25 | 26 | 30
                    | 34 | 35 | 36 | 37 | 38 | 39 | 40 | 41 | 42 | 43 | 44 | 45 | 46 | 47 | 48
                    | 49 | 50 | 51 | 52 | 53 | 54 | 55 | 56 | 57 | 58 | 59 | 60 | 61 | 62 | 63 => {
                        panic!("a move off the frame")
                    }
                    _ => unreachable!("masked to 0..64"),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::all_boards;

    #[test]
    fn the_walker_is_board_step_on_every_move() {
        for board in all_boards() {
            for step in 0..4 {
                if let Some(next) = board.step(step) {
                    let mut walker = Walker::new(&board);
                    walker.follow(step);
                    assert_eq!(
                        Board {
                            word: walker.word & !LANE_GUARDS
                        },
                        next,
                        "{board} by {step}"
                    );
                    assert_eq!((walker.rank(), walker.blank()), (next.rank(), next.blank()));
                }
            }
        }
    }
}
