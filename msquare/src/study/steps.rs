//! The plain tier's breadth-first search, one expansion at a time ([`common::steps`]): from the
//! basic state `1 2 3 4 / 8 7 6 5`, moves tried in the order A, B, C, each board kept at its first
//! discovery. The study page steps through it; the test below holds it to [`Plain`](crate::plain::Plain).

use common::perm::{rank, FACTORIALS};
use common::steps::Steps;

use crate::state::{apply, Board, BASIC, CELLS, MOVE_NAMES};

/// The search as an iterator of expansions; its states are [`Board`]s, its moves 0, 1, 2 for A,
/// B, C ([`move_letter`]), its ranks [`common::perm::rank`] of the board.
pub type Search = Steps<Board, Vec<bool>, fn(&Board, u8) -> Option<Board>, fn(&Board) -> usize>;

/// The search from the basic state, not yet started.
///
/// # Complexity
/// O(8!) for the visited flags; each expansion three moves and three ranks.
pub fn search() -> Search {
    fn every_move(board: &Board, step: u8) -> Option<Board> {
        Some(apply(board, step))
    }
    fn board_rank(board: &Board) -> usize {
        rank(board)
    }
    Steps::new(BASIC, vec![false; FACTORIALS[CELLS]], 3, every_move, board_rank)
}

/// A move's letter: `A`, `B` or `C`.
///
/// # Panics
/// If `step > 2`.
pub fn move_letter(step: u8) -> char {
    char::from(MOVE_NAMES[usize::from(step)])
}

/// The board as the judge writes it: its eight colours clockwise from the top-left corner,
/// `1 2 3 4 5 6 7 8` for the basic state.
pub fn judge_tokens(board: &Board) -> String {
    let colours: Vec<String> = board.iter().map(|cell| (cell + 1).to_string()).collect();
    colours.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plain::Plain;

    #[test]
    fn every_board_is_expanded_at_plains_distance_from_plains_parent() {
        let plain = Plain::new();
        let expansions: Vec<_> = search().collect();
        assert_eq!(expansions.len(), FACTORIALS[CELLS]);
        for expansion in &expansions {
            assert_eq!(expansion.distance, plain.distance(&expansion.state));
            assert_eq!(expansion.rank, rank(&expansion.state));
            let sequence = plain.sequence(&expansion.state);
            match expansion.parent {
                None => assert!(sequence.is_empty()),
                Some((parent, step)) => {
                    // Plain's last move into the board, from the board plain reached it from.
                    assert_eq!(move_letter(step) as u8, *sequence.last().unwrap());
                    assert_eq!(apply(&expansions[parent].state, step), expansion.state);
                    assert_eq!(
                        plain.sequence(&expansions[parent].state),
                        sequence[..sequence.len() - 1]
                    );
                }
            }
        }
        assert_eq!(expansions.last().unwrap().state, plain.farthest());
        // The start: A, B and C all lead to new boards, queued in that order.
        let start = &expansions[0];
        assert_eq!(judge_tokens(&start.state), "1 2 3 4 5 6 7 8");
        assert_eq!(judge_tokens(&start.neighbours[0].state), "8 7 6 5 4 3 2 1");
        assert_eq!(start.queue_len, 3);
    }
}
