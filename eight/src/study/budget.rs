//! The run's IDA* budget, as a value for the study page's "which method answered" text.
//!
//! **Equals:** `search::SEARCH_BUDGET`, the expansions [`crate::Method::Auto`] lets IDA* spend
//! before it builds the table.
//! **Proved by:** `a_farthest_board_is_answered_within_the_budget` (the budget's claim that one
//! board never spends it, on the two boards 31 moves from the goal).

/// The IDA* expansions a run may spend before it builds the table.
pub const SEARCH_BUDGET: u64 = crate::search::SEARCH_BUDGET;

#[cfg(test)]
mod tests {
    use super::*;

    use crate::study::iterations;
    use crate::Board;

    #[test]
    fn a_farthest_board_is_answered_within_the_budget() {
        for text in ["8 6 7 2 5 4 3 x 1", "6 4 7 8 5 x 3 2 1"] {
            let board: Board = text.parse().unwrap();
            let found = iterations(&board, SEARCH_BUDGET).expect("within the budget");
            assert_eq!(found.last().unwrap().bound, 31, "{text}");
        }
    }
}
