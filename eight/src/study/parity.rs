//! Which boards can be solved, shown: the pairs of tiles out of order.
//!
//! **Equals:** [`plain::is_solvable`](crate::plain::is_solvable)'s count of inversions (and
//! [`Board::inversions`]): there is one pair for each, and the board is solvable exactly when
//! their number is even.
//! **Proved by:** `inverted_pairs_count_the_inversions` (below).

use crate::state::Board;

/// The pairs of tiles out of order on `board`, read row by row with the blank left out: each
/// `(a, b)` has tile `a` (1-8) before the smaller tile `b`. There are [`Board::inversions`] of
/// them, and the board reaches the goal exactly when that number is even.
pub fn inverted_pairs(board: &Board) -> Vec<(u8, u8)> {
    let tiles: Vec<u8> = board
        .cells()
        .iter()
        .filter(|&&cell| cell != 8)
        .map(|&cell| cell + 1)
        .collect();
    let mut pairs = Vec::new();
    for (at, &first) in tiles.iter().enumerate() {
        for &later in &tiles[at + 1..] {
            if later < first {
                pairs.push((first, later));
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::STATES;
    use crate::testkit::board;

    #[test]
    fn inverted_pairs_count_the_inversions() {
        for rank in (0..STATES).step_by(1_013) {
            let board = Board::from_rank(rank);
            let pairs = inverted_pairs(&board);
            assert_eq!(pairs.len(), board.inversions(), "{board}");
            assert!(pairs.iter().all(|&(first, later)| first > later));
        }
        assert_eq!(inverted_pairs(&board("2 1 3 4 5 6 7 8 x")), [(2, 1)]);
        assert_eq!(inverted_pairs(&Board::GOAL), []);
    }
}
