//! The two searches of meet in the middle as G, the goal side's depth, changes: the sizes the
//! study page plots (its "meet in the middle: two balls" panel) and the depths it offers.
//!
//! **Equals:** the goal-side table of [`crate::Solver`] at depth G holds every configuration
//! within G moves of the goal, the published layers 0..=G summed (`search::LAYER_SIZES`); the
//! start side searches at most [`crate::MAX_MOVES`] − G moves deep, and of the 4^L move
//! sequences of length L it tries at most 4·3^(L−1), as no move follows the move it undoes
//! (`search::NEXT_CONTEXT`), while the plain method's start side (`study::start_side`, drawn
//! on the page) tries all 4^L; the depths are those of the crate's cost model
//! (`search::COST_MODEL`), and the default is [`crate::Solver::new`]'s, the largest runs'.
//! **Proved by:** `the_table_holds_the_layers_counted_by_breadth_first_search`,
//! `the_start_side_bound_counts_the_sequences_that_never_undo_a_move`,
//! `the_plain_start_side_tries_every_sequence` and
//! `the_depths_are_the_cost_models`.

use crate::search::{COST_MODEL, GOAL_DEPTH, LAYER_SIZES};
use crate::state::MAX_MOVES;

/// The goal-side depths G the crate's cost model covers, smallest first.
pub fn goal_depths() -> Vec<u8> {
    COST_MODEL.iter().map(|&(depth, _, _)| depth).collect()
}

/// The goal-side depth [`crate::Solver::new`] builds.
pub fn default_goal_depth() -> u8 {
    GOAL_DEPTH
}

/// How many configurations the goal-side table of depth `goal_depth` holds: every one within
/// `goal_depth` moves of the goal.
///
/// # Panics
/// If `goal_depth` > [`MAX_MOVES`].
pub fn table_size(goal_depth: u8) -> u64 {
    LAYER_SIZES[..=usize::from(goal_depth)]
        .iter()
        .map(|&size| size as u64)
        .sum()
}

/// The most leaves the start side reaches when the table has depth `goal_depth`: move sequences
/// of length [`MAX_MOVES`] − `goal_depth` in which no move undoes the one before, 4·3^(L−1)
/// (1 for L = 0).
pub fn start_side_leaves(goal_depth: u8) -> u64 {
    let length = MAX_MOVES.saturating_sub(usize::from(goal_depth)) as u32;
    if length == 0 {
        1
    } else {
        4 * 3u64.pow(length - 1)
    }
}

/// Every move sequence of length [`MAX_MOVES`] − `goal_depth`, 4^L: the bottom nodes of the
/// start side as the plain method searches it (`study::start_side`, the tree the study page
/// draws), which tries all four moves at every node, the undoing one included.
pub fn start_side_sequences(goal_depth: u8) -> u64 {
    let length = MAX_MOVES.saturating_sub(usize::from(goal_depth)) as u32;
    4u64.pow(length)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plain::{apply_move, play, GOAL, MOVES};
    use crate::study::GoalLayers;

    #[test]
    fn the_table_holds_the_layers_counted_by_breadth_first_search() {
        let mut layers = GoalLayers::new();
        layers.extend_to(6);
        for goal_depth in 0..=6u8 {
            let counted: u64 = layers.sizes()[..=usize::from(goal_depth)]
                .iter()
                .map(|&size| size as u64)
                .sum();
            assert_eq!(table_size(goal_depth), counted);
        }
    }

    #[test]
    fn the_start_side_bound_counts_the_sequences_that_never_undo_a_move() {
        // Moves i and i ± 2 (1 and 3, 2 and 4) undo each other, by the plain moves.
        for (i, &step) in MOVES.iter().enumerate() {
            let back = MOVES[(i + 2) % 4];
            assert_eq!(play(&GOAL, &[step, back]), GOAL);
            assert_ne!(apply_move(&GOAL, step), GOAL);
        }
        for length in 1..=6usize {
            let mut sequences = 0u64;
            for code in 0..4usize.pow(length as u32) {
                let steps: Vec<usize> = (0..length).map(|at| code / 4usize.pow(at as u32) % 4).collect();
                if steps.windows(2).all(|pair| pair[1] != (pair[0] + 2) % 4) {
                    sequences += 1;
                }
            }
            assert_eq!(
                start_side_leaves((MAX_MOVES - length) as u8),
                sequences,
                "length {length}"
            );
        }
        assert_eq!(start_side_leaves(MAX_MOVES as u8), 1);
    }

    #[test]
    fn the_plain_start_side_tries_every_sequence() {
        // study::start_side for G = 16 − 3, lengths 1 to 3, with layers counted only to 1 so
        // that it never meets: its bottom nodes at each length L are all 4^L sequences.
        let mut layers = GoalLayers::new();
        layers.extend_to(1);
        let (visits, met) = crate::study::start_side(&GOAL, &layers, MAX_MOVES as u8 - 3, usize::MAX);
        assert!(!met);
        for length in 1..=3u8 {
            let goal_depth = MAX_MOVES as u8 - length;
            let bottom = visits
                .iter()
                .filter(|visit| visit.length == length && visit.meets.is_some())
                .count() as u64;
            assert_eq!(bottom, start_side_sequences(goal_depth), "length {length}");
        }
    }

    #[test]
    fn the_depths_are_the_cost_models() {
        let depths = goal_depths();
        assert!(depths.windows(2).all(|pair| pair[1] == pair[0] + 1), "{depths:?}");
        assert!(depths.contains(&default_goal_depth()));
        // The largest runs get Solver::new's depth, the cheapest per case.
        assert_eq!(crate::search::goal_depth_for(u64::MAX), default_goal_depth());
    }
}
