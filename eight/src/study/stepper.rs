//! The study page's stepper: plain's breadth-first search from the goal, a board at a time.
//!
//! **Equals:** [`Table::build`](crate::plain::Table::build)'s search, board by board: the same
//! start (the goal), the moves tried in u, l, d, r order, each board at plain's distance, the
//! layers plain's layers.
//! **Proved by:** `the_stepper_is_the_plain_search_board_by_board` (below, all 9!/2 solvable
//! boards), and common's `steps_reach_every_state_at_its_breadth_first_distance` for the
//! stepper itself.

use common::stepper::{Marking, Rules, Stepper};

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
    Stepper::new(GOAL, rules())
}

/// Plain's moves in the judge's order and its rank, as [`common::stepper`] takes them.
fn rules() -> Rules<Cells> {
    Rules {
        letters: &LETTERS,
        moved,
        rank,
        states: common::perm::FACTORIALS[9],
    }
}

/// How many times the breadth-first search of [`stepper`] puts a board in its queue when it
/// marks boards as seen at `marking` ([`common::stepper::queue_pushes`]): the study page's
/// reason for marking a board as it is queued, counted on the whole space.
///
/// # Complexity
/// One whole search: each push O(moves · rank).
pub fn queue_pushes(marking: Marking) -> usize {
    common::stepper::queue_pushes(GOAL, rules(), marking)
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

    #[test]
    fn the_queue_pushes_under_each_marking_are_an_independent_search_s() {
        // A queue of boards and a hash set of them (no rank), marked where each rule says.
        let count = |on_take: bool| {
            let mut marked = std::collections::HashSet::new();
            let mut queue = std::collections::VecDeque::from([GOAL]);
            let mut pushes = 1;
            if !on_take {
                marked.insert(GOAL);
            }
            while let Some(board) = queue.pop_front() {
                if on_take && !marked.insert(board) {
                    continue;
                }
                for next in (0..4).filter_map(|step| moved(&board, step)) {
                    if !marked.contains(&next) {
                        if !on_take {
                            marked.insert(next);
                        }
                        queue.push_back(next);
                        pushes += 1;
                    }
                }
            }
            (pushes, marked.len())
        };
        let (on_queue, reached) = count(false);
        let (on_take, taken) = count(true);
        assert_eq!(queue_pushes(Marking::OnQueue), on_queue);
        assert_eq!(queue_pushes(Marking::OnTake), on_take);
        assert_eq!((on_queue, taken), (reached, reached));
        assert!(on_take > on_queue, "{on_take} pushes on take, {on_queue} on queue");
    }
}
