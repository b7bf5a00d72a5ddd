//! The study page's stepper: plain's breadth-first search from the basic state, a board at a time.
//!
//! **Equals:** [`Plain::new`](crate::plain::Plain::new)'s search, board by board: the same
//! boards in the same order, each at plain's distance, each board first reached by the last move
//! of plain's answer for it.
//! **Proved by:** `the_stepper_is_the_plain_search_board_by_board` (below, all 8! boards), and
//! common's `steps_reach_every_state_at_its_breadth_first_distance` for the stepper itself.

use common::stepper::{Marking, Rules, Stepper};

use crate::plain::{apply, rank, Board, BASIC, CELLS, MOVE_NAMES};

/// Plain's move `step` (A, B, C always exist).
fn moved(board: &Board, step: usize) -> Option<Board> {
    Some(apply(board, step))
}

/// [`common::stepper`] from the basic state, with plain's moves A, B, C in that order and its
/// rank: each step takes the next board from the queue, so a board is first reached by the
/// smallest move from the earliest board of the layer before (the tie rule, step by step).
///
/// # Complexity
/// O(3 · 8²) a step (plain's rank); 8! steps in all; 40 KB for the distances by rank.
pub fn stepper() -> Stepper<Board> {
    Stepper::new(BASIC, rules())
}

/// Plain's moves in the judge's order and its rank, as [`common::stepper`] takes them.
fn rules() -> Rules<Board> {
    Rules {
        letters: &MOVE_NAMES,
        moved,
        rank,
        states: common::perm::FACTORIALS[CELLS],
    }
}

/// How many times the breadth-first search of [`stepper`] puts a board in its queue when it
/// marks boards as seen at `marking` ([`common::stepper::queue_pushes`]): the study page's
/// reason for marking a board as it is queued, counted on the whole space.
///
/// # Complexity
/// One whole search: each push O(moves · rank).
pub fn queue_pushes(marking: Marking) -> usize {
    common::stepper::queue_pushes(BASIC, rules(), marking)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stepper_is_the_plain_search_board_by_board() {
        let plain = crate::plain::Plain::new();
        let mut stepper = stepper();
        let mut taken = Vec::new();
        while let Some(expansion) = stepper.step() {
            assert_eq!(expansion.index, taken.len());
            assert_eq!(usize::from(expansion.distance), plain.distance(&expansion.board));
            let letters: Vec<u8> = expansion.neighbours.iter().map(|next| next.letter).collect();
            assert_eq!(letters, b"ABC");
            for neighbour in &expansion.neighbours {
                assert_eq!(usize::from(neighbour.distance), plain.distance(&neighbour.board));
                // A board found new here is first reached from this one: the plain search's
                // answer for it ends with this move, and is this board's answer plus the move.
                if neighbour.new {
                    let mut answer = plain.sequence(&expansion.board);
                    answer.push(neighbour.letter);
                    assert_eq!(plain.sequence(&neighbour.board), answer);
                }
            }
            assert_eq!(expansion.seen, expansion.index + 1 + expansion.queued);
            taken.push(expansion.board);
        }
        // Every board once, layer by layer, and the layers are plain's.
        assert_eq!(taken.len(), 40_320);
        let mut sizes = vec![0; plain.layer_sizes().len()];
        for board in &taken {
            sizes[plain.distance(board)] += 1;
        }
        assert_eq!(sizes, plain.layer_sizes());
        assert!(taken
            .windows(2)
            .all(|pair| plain.distance(&pair[0]) <= plain.distance(&pair[1])));
    }

    #[test]
    fn the_queue_pushes_under_each_marking_are_an_independent_search_s() {
        // A queue of boards and a hash set of them (no rank), marked where each rule says.
        let count = |on_take: bool| {
            let mut marked = std::collections::HashSet::new();
            let mut queue = std::collections::VecDeque::from([BASIC]);
            let mut pushes = 1;
            if !on_take {
                marked.insert(BASIC);
            }
            while let Some(board) = queue.pop_front() {
                if on_take && !marked.insert(board) {
                    continue;
                }
                for next in (0..3).map(|step| apply(&board, step)) {
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
