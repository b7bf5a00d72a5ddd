//! The class-split breadth-first search that builds the distance table.
//!
//! **Equals:** [`plain::Table::build`](crate::plain::Table::build)'s search, entry by entry: for every board the same
//! distance, and beside it the first move of its answer, [`plain::Table::first_move`](crate::plain::Table::first_move).
//! **Proved by:** `the_table_is_plains_on_every_board` (below), over all 9! boards.
//!
//! **Why it is faster:** plain's search ranks each new board from scratch and keeps a FIFO of
//! arrays; this one keeps each board as its word ([`Board`]), updates the rank with
//! [`guarded_step`] (constants for the blank's cell and the move), splits the queue into
//! classes so that no move is tested against the frame's edge or generated back to the parent,
//! and makes the visited mark, the distance and the first move one byte ([`answer_table`]).

use common::alloc::try_filled;
use common::cli::Failure;

use super::word::guarded_step;
use crate::state::{Board, CELLS, LANE_GUARDS, NO_CELL, RANK_SHIFT, RULES};

/// The table's entry for a board the search never reaches: the unsolvable half. It is the
/// largest byte, above every real entry (at most `31 << 2 | 3` = 127), so the search's minimum
/// update (see `Build::try_move`) replaces it, and it doubles as the "not yet visited" mark.
pub(crate) const UNREACHED: u8 = u8::MAX;

/// A reached board's table entry: its distance `d` to the goal in the high bits, and in the low
/// two the first move of its answer (0 = u .. 3 = r; 0 for the goal). Ordered as bytes, entries
/// compare by distance first and then by that move, which is what lets the search keep the
/// smallest move among the ones that lead one step closer with a plain minimum.
const fn entry(distance: u8, first_move: usize) -> u8 {
    distance << 2 | first_move as u8
}

/// The distance in an entry other than [`UNREACHED`].
pub(crate) const fn entry_distance(entry: u8) -> u8 {
    entry >> 2
}

/// Slots in each region of [`Build::queue`], a ring: a power of two, so that a masked index
/// needs no bounds check, above the most boards a class holds at once. A class holds the boards
/// of the layer being expanded that are still to come and those queued for the next layer, and
/// one more slot is written past the end (see [`Build::try_move`]); the most, over all classes
/// and layers, is 3,183 (of 181,440 boards, at distances 24 and 25): a ring lapped would
/// overwrite boards not yet expanded, which `the_table_is_plains_on_every_board` would see.
const REGION: usize = 1 << 12;

/// Region classes: blank cell × move not to try; class `4b + m` for the 24 legal pairs, and
/// [`ROOT_CLASS`] for the goal, which has no parent.
const CLASSES: usize = 4 * CELLS + 1;

/// The goal's class: blank in cell 8, every move tried.
const ROOT_CLASS: usize = 4 * CELLS;

/// The search's table has a slot for every value a rank field can hold (19 bits), so that a
/// rank read from a word indexes it with no bounds check; slots past 9! are never touched.
pub(crate) const RANK_SLOTS: usize = 1 << (64 - RANK_SHIFT);

/// What [`answer_table`] works on.
struct Build {
    /// The queue, one ring of [`REGION`] slots per class (see [`answer_table`]), each filled in
    /// discovery order. A queued word is a [`Board`]'s with every guard bit set.
    queue: Box<[u64; CLASSES * REGION]>,
    /// The boards queued so far in each region (the slot is this modulo [`REGION`]).
    tails: [usize; CLASSES],
    /// Entries by rank ([`entry`]), [`UNREACHED`] until a board is reached.
    entries: Box<[u8; RANK_SLOTS]>,
}

impl Build {
    /// Tries move `M` on `word`, a queued board with the blank in cell `B`, unless `M` is
    /// `SKIP`, and records the result with `code` (its [`entry`]) and queues it if it is new.
    /// The three are constants, so the move is [`guarded_step`] with its rule folded in, and
    /// there is no edge test.
    ///
    /// # Complexity
    /// O(1): about 30 word operations and no branch.
    #[inline(always)]
    fn try_move<const B: usize, const SKIP: usize, const M: usize>(&mut self, word: u64, code: u8) {
        let target = RULES[B][M].target;
        if target == NO_CELL || M == SKIP {
            return;
        }
        let child = guarded_step::<B, M>(word);
        let rank = (child >> RANK_SHIFT) as usize;
        // The child's move back to this board is the opposite of `M`, and this board is one
        // step closer to the goal: so it is a first move of a shortest answer from the child.
        // The child's smallest such move is the minimum over every board one layer up that
        // reaches it, all expanded in this layer; its entry orders by distance, then by move.
        // No branch on whether the child is new (it is about 3 times in 5, at random): its
        // entry is already at `distance` - 2, at `distance` or unreached, so the minimum is right
        // in all three cases; and it is written past the region's end anyway, where only a new
        // child moves the end over it. Its class is its blank's cell and the move back to `B`.
        let old = self.entries[rank];
        self.entries[rank] = old.min(code);
        let class = 4 * usize::from(target) + (M ^ 2);
        self.queue[class * REGION + self.tails[class] % REGION] = child;
        self.tails[class] += usize::from(old == UNREACHED);
    }

    /// Expands the queued boards `first..end` of class (`B`, `SKIP`), queueing their new
    /// children at `distance`.
    ///
    /// # Complexity
    /// O(end - first).
    fn expand<const B: usize, const SKIP: usize>(&mut self, first: usize, end: usize, distance: u8) {
        let class = if SKIP < 4 { 4 * B + SKIP } else { ROOT_CLASS };
        // The entry each move gives a new child: this layer's distance, and the move back.
        let codes = [0, 1, 2, 3].map(|m| entry(distance, m ^ 2));
        for slot in first..end {
            let word = self.queue[class * REGION + slot % REGION];
            self.try_move::<B, SKIP, 0>(word, codes[0]);
            self.try_move::<B, SKIP, 1>(word, codes[1]);
            self.try_move::<B, SKIP, 2>(word, codes[2]);
            self.try_move::<B, SKIP, 3>(word, codes[3]);
        }
    }
}

/// Expands one layer: every class's boards from `firsts` to `ends`, each class with its own
/// code. The 24 (blank cell, move back) pairs are the legal moves of the table in the README.
macro_rules! expand_classes {
    ($build:expr, $firsts:expr, $ends:expr, $depth:expr; $(($blank:literal, $skip:literal)),*) => {
        $($build.expand::<$blank, $skip>(
            $firsts[4 * $blank + $skip],
            $ends[4 * $blank + $skip],
            $depth,
        );)*
    };
}

/// Every board's [`entry`] (distance to the goal, first move of its answer) by rank,
/// [`UNREACHED`] for the unsolvable half: a breadth-first search from the goal, layer by layer.
///
/// Its distances are [`plain::Table`](crate::plain::Table)'s and its moves [`plain::Table::first_move`](crate::plain::Table::first_move)'s (the unit
/// test `the_table_is_plains_on_every_board` checks both), at a fraction of the cost of
/// plain's search:
/// - The queue is split into classes by the blank's cell and the move that would lead back to
///   the parent, and each layer expands one class at a time with code made for it
///   ([`Build::try_move`]): its moves and their rank rules are constants, so there is no search
///   for the blank, no rule table, no edge test, and the move back, which 1 in 2.67 times
///   leads to the parent (always already seen), is not even generated.
/// - The entry is the visited mark, and neither it nor the queue is bounds-checked
///   (both are indexed within fixed sizes) nor branched on.
///
/// Order within a layer differs from a FIFO's, which changes nothing: a board's distance is the
/// layer in which it is first reached, and its move the minimum over that whole layer.
///
/// # Errors
/// [`Failure::OutOfMemory`] if the table or the queue cannot be allocated.
///
/// # Complexity
/// O(9! / 2 · 4) time; 9! bytes of table (a slot for each of the 2^19 values a rank field can
/// hold) and 37 rings of 4,096 boards of queue.
pub(crate) fn answer_table() -> Result<Box<[u8; RANK_SLOTS]>, Failure> {
    let entries = try_filled(RANK_SLOTS, UNREACHED, "the distance table")?;
    // Any word will do in a slot not yet written, as none is read: the guard bits alone, as in
    // every queued word (and a fill that is not one repeated byte is cheaper than a memset).
    let queue = try_filled(CLASSES * REGION, LANE_GUARDS, "the distance table's search queue")?;
    let mut build = Build {
        queue: queue.into_boxed_slice().try_into().expect("CLASSES · REGION slots"),
        tails: [0; CLASSES],
        entries: entries.into_boxed_slice().try_into().expect("RANK_SLOTS slots"),
    };
    let goal = Board::GOAL;
    build.entries[goal.rank()] = entry(0, 0);
    build.queue[ROOT_CLASS * REGION] = goal.word | LANE_GUARDS;
    build.tails[ROOT_CLASS] = 1;
    debug_assert_eq!(goal.blank(), 8);
    build.expand::<8, 4>(0, 1, 1);
    let mut firsts = [0; CLASSES];
    firsts[ROOT_CLASS] = 1;
    let mut distance = 1;
    while firsts != build.tails {
        distance += 1;
        // The layer is what was queued before it started; what it queues lies past `ends`.
        let ends = build.tails;
        expand_classes!(build, firsts, ends, distance;
            (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (3, 0), (3, 2), (3, 3),
            (4, 0), (4, 1), (4, 2), (4, 3), (5, 0), (5, 1), (5, 2), (6, 0), (6, 3), (7, 0),
            (7, 1), (7, 3), (8, 0), (8, 1));
        firsts = ends;
    }
    Ok(build.entries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::STATES;
    use crate::testkit::{all_boards, plain_table};

    #[test]
    fn the_table_is_plains_on_every_board() {
        let plain = plain_table();
        let table = answer_table().unwrap();
        for board in all_boards() {
            let cells = board.cells();
            let entry = table[board.rank()];
            match plain.distance(&cells) {
                None => assert_eq!(entry, UNREACHED, "{board}"),
                Some(distance) => {
                    assert_eq!(entry_distance(entry), distance, "{board}");
                    // The stored move is the first, in u, l, d, r order, that leads one step
                    // closer; the goal's is 0.
                    let first = plain.first_move(&cells).unwrap_or(0);
                    assert_eq!(usize::from(entry & 3), first, "{board}");
                }
            }
        }
        assert!(table[STATES..].iter().all(|&entry| entry == UNREACHED));
    }
}
