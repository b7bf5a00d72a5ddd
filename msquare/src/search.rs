//! The one search that answers every target, beside the plain specification it must meet.

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
    /// # Complexity
    /// O(8! · 3) moves and ranks, each a few operations; under 1 MB.
    pub fn new() -> Self {
        let ranks = HalfRanks::new();
        let search = bfs_ranked(
            pack(&BASIC),
            common::perm::FACTORIALS[CELLS],
            3,
            |&board| ranks.rank(board),
            |&board, step| Some(apply_packed(board, step)),
        );
        Solver { search }
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
    use crate::state::apply;
    use std::collections::BTreeMap;

    /// The statement's definition, computed without the first-discovery argument: the boards at
    /// distance d + 1 are the unseen children of those at distance d, and each one's answer is
    /// the smallest of (a parent's answer + the move) over **all** its parents at distance d.
    /// Indexed by `common::perm::rank`.
    fn specification() -> Vec<Vec<u8>> {
        let mut answers: Vec<Option<Vec<u8>>> = vec![None; common::perm::FACTORIALS[CELLS]];
        answers[common::perm::rank(&BASIC)] = Some(Vec::new());
        let mut layer = vec![BASIC];
        while !layer.is_empty() {
            let mut next: BTreeMap<usize, (Board, Vec<u8>)> = BTreeMap::new();
            for parent in &layer {
                let prefix = answers[common::perm::rank(parent)].clone().unwrap();
                for (step, &letter) in MOVE_NAMES.iter().enumerate() {
                    let child = apply(parent, step as u8);
                    let rank = common::perm::rank(&child);
                    if answers[rank].is_some() {
                        continue; // reached at a smaller distance
                    }
                    let mut sequence = prefix.clone();
                    sequence.push(letter);
                    let best = &mut next.entry(rank).or_insert((child, sequence.clone())).1;
                    if sequence < *best {
                        *best = sequence;
                    }
                }
            }
            layer = next.values().map(|&(board, _)| board).collect();
            for (rank, (_, sequence)) in next {
                answers[rank] = Some(sequence);
            }
        }
        answers.into_iter().map(|answer| answer.unwrap()).collect()
    }

    #[test]
    fn every_board_gets_the_specified_sequence() {
        let solver = Solver::new();
        let mut board = [0; CELLS];
        let mut moves = Vec::new();
        for (rank, want) in specification().iter().enumerate() {
            common::perm::unrank(rank, &mut board);
            solver.solve(&board, &mut moves);
            assert_eq!(moves, *want, "{board:?}");
        }
    }

    #[test]
    fn whole_space_has_the_known_layers() {
        let solver = Solver::new();
        assert_eq!(
            solver.layer_sizes(),
            [
                1, 3, 7, 14, 26, 51, 92, 159, 274, 453, 720, 1115, 1727, 2603, 3701, 4729, 5620, 6240, 5840, 4492,
                2120, 328, 5
            ]
        );
        let mut moves = Vec::new();
        solver.solve(&solver.farthest(), &mut moves);
        assert_eq!(moves.len(), 22);
    }
}
