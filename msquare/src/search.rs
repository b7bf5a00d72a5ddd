//! The fast tier's search: the same breadth-first search as [`crate::plain::Plain`], A, B, C in
//! that order keeping each board's first discovery, so the same answers.
//!
//! **Equals:** [`crate::plain::Plain`]'s sequence for every target board.
//! **Proved by:** `every_board_gets_the_plain_sequence` (below), over all 8! boards.
//!
//! What changes is only the cost. Boards are packed into a `u32` ([`crate::state`]'s fast part:
//! a move is a few shifts and masks, the rank two table lookups), and the queue is also the
//! search tree ([`common::queue::bfs_ranked`]): one 8-byte node per board holding the board and,
//! in one word, its parent's slot and the move, instead of plain's separate vectors of distances
//! and parent boards. A bit per rank marks the boards seen, so the probes that find a board
//! already seen, most of them, stay in the first-level cache.

use common::cli::Failure;
use common::queue::{bfs_ranked, RankedBfs};

use crate::state::{apply_packed, pack, unpack, Board, HalfRanks, Packed, BASIC, CELLS, MOVE_NAMES};

/// Every board's smallest shortest sequence, from one breadth-first search over all 8! boards.
#[derive(Clone, Debug)]
pub struct Solver {
    search: RankedBfs<Packed>,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// Searches the whole space from the basic state, trying A, B, C in that order and keeping
    /// each board's first discovery (the crate docs prove that this is the answer).
    ///
    /// # Panics
    /// If the tables cannot be allocated; [`Solver::try_new`] says so instead, as the binary does.
    ///
    /// # Complexity
    /// O(8! · 3) moves and ranks, each a few operations; under 1 MB.
    pub fn new() -> Self {
        Self::try_new().unwrap_or_else(|failure| panic!("msquare: {failure}"))
    }

    /// [`Solver::new`], or why its tables could not be allocated.
    ///
    /// # Errors
    /// [`Failure::OutOfMemory`] naming the table (under an address-space limit, say).
    pub fn try_new() -> Result<Self, Failure> {
        let ranks = HalfRanks::new();
        let search = bfs_ranked(
            pack(&BASIC),
            common::perm::FACTORIALS[CELLS],
            3,
            |&board| ranks.rank(board),
            |&board, step| Some(apply_packed(board, step)),
        )?;
        Ok(Solver { search })
    }

    /// The lexicographically smallest shortest sequence from the basic state to `target`, as the
    /// letters A, B, C, written into `moves` (cleared first).
    ///
    /// # Panics
    /// If `target` is not a permutation of 0..8 (every permutation is reachable).
    ///
    /// # Complexity
    /// O(length of the answer), at most 22.
    pub fn solve(&self, target: &Board, moves: &mut Vec<u8>) {
        let slot = self
            .search
            .slot(common::perm::rank(target))
            .expect("every permutation is reachable");
        self.search.tree.path_to(slot, moves);
        for step in moves.iter_mut() {
            *step = MOVE_NAMES[usize::from(*step)];
        }
    }

    /// The number of boards at each distance from the basic state.
    pub fn layer_sizes(&self) -> Vec<usize> {
        self.search.layer_sizes()
    }

    /// A board at the greatest distance from the basic state: the last one the search found.
    pub(crate) fn farthest(&self) -> Board {
        unpack(self.search.tree.last())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plain::Plain;

    #[test]
    fn every_board_gets_the_plain_sequence() {
        let (solver, plain) = (Solver::new(), Plain::new());
        let mut board = [0; CELLS];
        let mut moves = Vec::new();
        for rank in 0..common::perm::FACTORIALS[CELLS] {
            common::perm::unrank(rank, &mut board);
            solver.solve(&board, &mut moves);
            assert_eq!(moves, plain.sequence(&board), "{board:?}");
        }
        assert_eq!(solver.layer_sizes(), plain.layer_sizes());
        assert_eq!(solver.farthest(), plain.farthest());
    }
}
