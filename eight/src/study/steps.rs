//! The plain tier's breadth-first search, one expansion at a time ([`common::steps`]): from the
//! goal `1 2 3 / 4 5 6 / 7 8 x`, moves tried in the order u, l, d, r, each board kept at its first
//! discovery. The study page steps through it; the test below holds it to
//! [`plain::Table`](crate::plain::Table).

use common::perm::rank;
use common::steps::Steps;

use crate::plain::{moved, BLANK, GOAL};

/// Boards in the whole space: one visited flag each.
const BOARDS: usize = 362_880;

/// The search as an iterator of expansions; its states are plain's `[u8; 9]` boards, its moves
/// 0..4 for u, l, d, r ([`move_letter`]), its ranks [`common::perm::rank`] of the board (tiles
/// 1–8 as 0–7, `x` as 8, in reading order).
pub type Search = Steps<[u8; 9], Vec<bool>, fn(&[u8; 9], u8) -> Option<[u8; 9]>, fn(&[u8; 9]) -> usize>;

/// The search from the goal, not yet started.
///
/// # Complexity
/// O(9!) for the visited flags; each expansion at most four moves and four ranks.
pub fn search() -> Search {
    fn plain_move(board: &[u8; 9], step: u8) -> Option<[u8; 9]> {
        moved(board, usize::from(step))
    }
    fn board_rank(board: &[u8; 9]) -> usize {
        rank(board)
    }
    Steps::new(GOAL, vec![false; BOARDS], 4, plain_move, board_rank)
}

/// A move's letter: `u`, `l`, `d` or `r`.
///
/// # Panics
/// If `step > 3`.
pub fn move_letter(step: u8) -> char {
    char::from(b"uldr"[usize::from(step)])
}

/// The board as the judge writes it: `1 2 3 4 5 6 7 8 x` for the goal.
pub fn judge_tokens(board: &[u8; 9]) -> String {
    let tiles: Vec<String> = board
        .iter()
        .map(|&cell| {
            if cell == BLANK {
                "x".to_string()
            } else {
                (cell + 1).to_string()
            }
        })
        .collect();
    tiles.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plain::Table;

    #[test]
    fn every_solvable_board_is_expanded_once_at_plains_distance() {
        let table = Table::build();
        let mut search = search();
        let mut count = 0;
        let mut last_distance = 0;
        for expansion in search.by_ref() {
            count += 1;
            assert_eq!(Some(expansion.distance as u8), table.distance(&expansion.state));
            // The queue serves boards layer by layer.
            assert!(expansion.distance >= last_distance);
            last_distance = expansion.distance;
            for neighbour in &expansion.neighbours {
                assert_eq!(
                    Some(neighbour.state),
                    moved(&expansion.state, usize::from(neighbour.step))
                );
            }
        }
        assert_eq!(count, 181_440);
        assert_eq!(last_distance, 31);
        assert_eq!(search.found(), 181_440);
    }

    #[test]
    fn the_start_and_its_two_moves() {
        let start = search().next().unwrap();
        assert_eq!(judge_tokens(&start.state), "1 2 3 4 5 6 7 8 x");
        assert_eq!(start.rank, 0);
        // From the corner the blank goes up or left only: 1 2 3 4 5 x 7 8 6, then 1 2 3 4 5 6 7 x 8.
        let letters: Vec<char> = start.neighbours.iter().map(|n| move_letter(n.step)).collect();
        assert_eq!(letters, ['u', 'l']);
        assert_eq!(judge_tokens(&start.neighbours[0].state), "1 2 3 4 5 x 7 8 6");
        assert_eq!(start.queue_len, 2);
    }
}
