//! The walk: every answer read from the distance table by following the stored first moves.
//!
//! **Equals:** [`plain::Table::answer`](crate::plain::Table::answer), byte for byte, and
//! [`plain::Table::distance`](crate::plain::Table::distance). **Proved by:**
//! `the_walk_is_plains_answer_on_every_board` (below), over all 9! boards.
//!
//! **Why it is faster:** plain tries up to four moves a step and ranks each result; the table
//! already holds the step's move, so a step is one probe and one [`Walker::follow`], and the
//! last two moves need no probe at all ([`Solver::walk_into`]).

use common::cli::Failure;

use super::build::{answer_table, entry_distance, RANK_SLOTS, UNREACHED};
use super::word::Walker;
use crate::state::{Board, DIAMETER, MOVE_NAMES, NEIGHBOURS, STATES};

/// Every board's distance to the goal and the first move of its answer, from one breadth-first
/// search; answers are read from it by following the moves.
#[derive(Clone, Debug)]
pub struct Solver {
    /// Each board's entry by rank (its distance and first move, `build.rs`), `UNREACHED` for
    /// the unsolvable ones; a slot for every
    /// value a rank field can hold, so that the walk's probes need no bounds check (the slots
    /// past 9! hold 0 and are never touched, so they cost address space, not memory).
    entries: Box<[u8; RANK_SLOTS]>,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// Searches the whole space from the goal.
    ///
    /// # Panics
    /// If the table cannot be allocated ([`Solver::try_new`] returns that as an error).
    ///
    /// # Complexity
    /// O(9! · 4) time (a move is O(1) word operations); 9! bytes of table and 8 bytes a
    /// solvable board of queue.
    pub fn new() -> Self {
        Self::try_new().expect("memory for the distance table")
    }

    /// [`Solver::new`], or the allocation that was refused.
    ///
    /// # Errors
    /// [`Failure::OutOfMemory`] naming the table or its search's queue.
    ///
    /// # Complexity
    /// As [`Solver::new`].
    pub fn try_new() -> Result<Self, Failure> {
        // Answers are followed move by move, so no search tree is kept: a queue of bare boards
        // touches a third of the memory, and page faults are much of a one-board run.
        Ok(Solver {
            entries: answer_table()?,
        })
    }

    /// The number of moves from `board` to the goal, or `None` if it is unsolvable.
    ///
    /// # Complexity
    /// O(1).
    pub fn distance(&self, board: &Board) -> Option<u8> {
        match self.entries[board.rank()] {
            UNREACHED => None,
            entry => Some(entry_distance(entry)),
        }
    }

    /// Writes into `moves` (cleared first) the shortest move string from `board` to the goal that
    /// is smallest in u < l < d < r order, as letters; returns `false`, with `moves` empty, if
    /// the board is unsolvable.
    ///
    /// Each board's entry holds the first move of its answer, and by the greedy-walk argument
    /// ([`plain`](crate::plain)'s tie rule) the rest of the answer is the answer of the board that move leads to: so
    /// the answer is read by following moves, one probe and one rank update per move but the
    /// last two (which need only the blank's cell).
    ///
    /// # Panics
    /// Never: a stored move leads one step closer, so it stays inside the frame (the `expect`
    /// states that invariant).
    ///
    /// # Complexity
    /// O(length of the answer), at most 31 probes and rank updates.
    pub fn solve(&self, board: &Board, moves: &mut Vec<u8>) -> bool {
        moves.clear();
        self.walk_into(board, moves)
    }

    /// [`Solver::solve`] appending to `out` instead, which answers write straight into the
    /// output buffer; `false`, with nothing appended, for an unsolvable board.
    ///
    /// # Complexity
    /// O(length of the answer).
    #[inline]
    pub(crate) fn walk_into(&self, board: &Board, out: &mut Vec<u8>) -> bool {
        let mut entry = self.entries[board.rank()];
        if entry == UNREACHED {
            return false;
        }
        let mut letters = [0u8; DIAMETER as usize + 1];
        let mut length = 0;
        let mut at = Walker::new(board);
        while entry_distance(entry) > 2 {
            let step = entry & 3;
            // Masked so the store needs no bounds check; a distance is at most 31.
            letters[length & 31] = MOVE_NAMES[usize::from(step)];
            length += 1;
            at.follow(step);
            entry = self.entries[at.rank()];
        }
        // The last two moves need no rank: the two boards one move from the goal are the goal
        // with its blank moved up (to cell 5; answer `d`) or left (to cell 7; answer `r`), so
        // where the blank goes is all that is needed of the move before.
        if entry_distance(entry) == 2 {
            let step = entry & 3;
            letters[length & 31] = MOVE_NAMES[usize::from(step)];
            length += 1;
            let blank = NEIGHBOURS[at.blank()][usize::from(step)];
            debug_assert!(blank == 5 || blank == 7, "a board two moves from the goal");
            letters[length & 31] = if blank == 5 { b'd' } else { b'r' };
            length += 1;
        } else if entry_distance(entry) == 1 {
            letters[length & 31] = MOVE_NAMES[usize::from(entry & 3)];
            length += 1;
        }
        // The whole array, a fixed-size copy of two words rather than a call to copy `length`
        // bytes, then cut back to the answer.
        let start = out.len();
        out.extend_from_slice(&letters);
        out.truncate(start + length);
        true
    }

    /// How many boards lie at each distance from the goal: entry `d` counts distance `d`
    /// (OEIS A089473). The unsolvable boards, 9! minus the sum, are not counted.
    ///
    /// # Complexity
    /// O(9!).
    pub fn layer_sizes(&self) -> Vec<usize> {
        let mut sizes = Vec::new();
        for &entry in self.entries[..STATES].iter().filter(|&&entry| entry != UNREACHED) {
            let depth = usize::from(entry_distance(entry));
            if sizes.len() <= depth {
                sizes.resize(depth + 1, 0);
            }
            sizes[depth] += 1;
        }
        sizes
    }

    /// The boards at exactly `distance` moves from the goal, in rank order.
    ///
    /// # Complexity
    /// O(9!) to walk the whole table, O(9) per board yielded.
    pub fn boards_at(&self, distance: u8) -> impl Iterator<Item = Board> + '_ {
        self.entries[..STATES]
            .iter()
            .enumerate()
            .filter(move |&(_, &entry)| entry != UNREACHED && entry_distance(entry) == distance)
            .map(|(rank, _)| Board::from_rank(rank))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{all_boards, plain_answer, plain_table, A089473};

    #[test]
    fn the_walk_is_plains_answer_on_every_board() {
        let plain = plain_table();
        let solver = Solver::new();
        let mut moves = Vec::new();
        for board in all_boards() {
            let cells = board.cells();
            assert_eq!(solver.distance(&board), plain.distance(&cells), "{board}");
            let solved = solver.solve(&board, &mut moves);
            let answer = solved.then(|| String::from_utf8(moves.clone()).unwrap());
            assert_eq!(answer.as_deref(), plain_answer(&cells), "{board}");
        }
    }

    #[test]
    fn distance_histogram_is_oeis_a089473() {
        let solver = Solver::new();
        let sizes = solver.layer_sizes();
        assert_eq!(sizes, A089473);
        assert_eq!(sizes.len(), usize::from(DIAMETER) + 1);
        let farthest: Vec<String> = solver.boards_at(DIAMETER).map(|b| b.to_string()).collect();
        assert_eq!(farthest, ["6 4 7 8 5 x 3 2 1", "8 6 7 2 5 4 3 x 1"]);
    }
}
