//! The study page's stepper: plain's breadth-first search from the goal, a board at a time.
//!
//! **Equals:** [`Table::build`](crate::plain::Table::build)'s search, board by board: the same
//! start (the goal), the moves tried in u, l, d, r order, each board at plain's distance, the
//! layers plain's layers.
//! **Proved by:** `the_stepper_is_the_plain_search_board_by_board` (below, all 9!/2 solvable
//! boards), and common's `steps_reach_every_state_at_its_breadth_first_distance` for the
//! stepper itself.

use common::stepper::{Rules, Stepper};

use crate::plain::{moved, rank, GOAL, LETTERS};

/// A board as [`plain`](crate::plain) holds it: tile t as t − 1, the blank as 8, row by row.
pub type Cells = [u8; 9];

/// [`common::stepper`] from the goal, with plain's moves u, l, d, r (where they exist) and its
/// rank: each step takes the next board from the queue and queues each neighbour not seen
/// before, its distance one more.
///
/// # Complexity
/// O(4 · 9²) a step (plain's rank); 9!/2 steps in all; 355 KB for the distances by rank.
pub fn stepper() -> Stepper<Cells> {
    let rules = Rules {
        letters: &LETTERS,
        moved,
        rank,
        states: common::perm::FACTORIALS[9],
    };
    Stepper::new(GOAL, rules)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::DIAMETER;
    use crate::testkit::{plain_table, SOLVABLE};

    #[test]
    fn the_stepper_is_the_plain_search_board_by_board() {
        let table = plain_table();
        let mut stepper = stepper();
        let mut sizes = vec![0; table.layer_sizes().len()];
        let mut last = 0;
        while let Some(expansion) = stepper.step() {
            let taken: usize = sizes.iter().sum();
            assert_eq!(expansion.index, taken);
            assert_eq!(Some(expansion.distance), table.distance(&expansion.board));
            assert!(expansion.distance >= last, "layer by layer");
            last = expansion.distance;
            // The moves that stay in the frame, in u, l, d, r order.
            let letters: Vec<u8> = expansion.neighbours.iter().map(|next| next.letter).collect();
            let possible: Vec<u8> = (0..4)
                .filter(|&step| moved(&expansion.board, step).is_some())
                .map(|step| LETTERS[step])
                .collect();
            assert_eq!(letters, possible);
            for neighbour in &expansion.neighbours {
                assert_eq!(Some(neighbour.distance), table.distance(&neighbour.board));
                if neighbour.new {
                    assert_eq!(neighbour.distance, expansion.distance + 1);
                }
            }
            assert_eq!(expansion.seen, expansion.index + 1 + expansion.queued);
            sizes[usize::from(expansion.distance)] += 1;
        }
        assert_eq!(sizes, table.layer_sizes());
        assert_eq!(sizes.iter().sum::<usize>(), SOLVABLE);
        assert_eq!(last, DIAMETER);
    }
}
