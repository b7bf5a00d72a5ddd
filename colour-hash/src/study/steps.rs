//! The plain tier's two searches ([`plain`](crate::plain)), one step at a time, for the study
//! page to show:
//!
//! - [`goal_side`]: the breadth-first search from the goal that fills the table of every
//!   configuration within [`TABLE_DEPTH`] = 8 moves ([`common::steps`], moves tried 1, 2, 3, 4,
//!   configurations remembered in a hash set: the space is too large for an array);
//! - [`start_side`]: the ordered depth-first searches from the start, k = 1, 2, ... moves deep,
//!   each sequence of moves visited in dictionary order, until one of k moves ends exactly 8
//!   moves from the goal.
//!
//! The tests below hold both to [`Plain`](crate::plain::Plain).

use std::collections::HashSet;

use common::steps::Steps;

use crate::plain::{apply_move, Config, Plain, TABLE_DEPTH};
use crate::state::{GOAL, MAX_MOVES};

/// A configuration's key in the goal side's hash set: its 24 numbers, 4 bits each.
pub fn key(config: &Config) -> u128 {
    config
        .iter()
        .rev()
        .fold(0, |key, &number| key << 4 | u128::from(number))
}

/// The goal side's search as an iterator of expansions; moves 0..4 stand for the judge's 1..4.
pub type GoalSide = Steps<Config, HashSet<u128>, fn(&Config, u8) -> Option<Config>, fn(&Config) -> u128>;

/// The goal side's breadth-first search, not yet started: 9,489 expansions in all.
///
/// # Complexity
/// Each expansion four moves and four hash-set probes.
pub fn goal_side() -> GoalSide {
    fn judge_move(config: &Config, step: u8) -> Option<Config> {
        Some(apply_move(config, step + 1))
    }
    let search: GoalSide = Steps::new(GOAL, HashSet::new(), 4, judge_move, key);
    search.depth_limit(usize::from(TABLE_DEPTH))
}

/// One sequence of moves the start side tried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Visit {
    /// The depth of this search: the prefix length it looks for.
    pub length: usize,
    /// The moves so far (the judge's 1..4).
    pub moves: Vec<u8>,
    /// Where they lead.
    pub config: Config,
    /// Its distance in the goal side's table, if within it.
    pub distance: Option<u8>,
    /// Whether this is the prefix the search accepts: `length` moves ending exactly 8 away.
    pub meets: bool,
}

/// Every sequence the start side visits, in order, for a start outside the table: for k = 1, 2,
/// ..., 8 the depth-first search of k moves, until the first that [`Visit::meets`] (the last
/// visit), or all of them when none does (NO SOLUTION). Empty for a start within the table, which
/// the greedy tail answers alone.
///
/// # Complexity
/// At most Σₖ (4 + 4² + ... + 4ᵏ) ≈ 116,000 visits, each a move and a lookup.
pub fn start_side(plain: &Plain, start: &Config) -> Vec<Visit> {
    let mut visits = Vec::new();
    if plain.distance(start).is_some() {
        return visits;
    }
    for length in 1..=MAX_MOVES - usize::from(TABLE_DEPTH) {
        if visit(plain, start, length, &mut Vec::new(), &mut visits) {
            break;
        }
    }
    visits
}

/// The ordered depth-first search below `config`, `moves` already made, `length` the full depth:
/// whether it met the table.
fn visit(plain: &Plain, config: &Config, length: usize, moves: &mut Vec<u8>, visits: &mut Vec<Visit>) -> bool {
    for step in 1..=4 {
        moves.push(step);
        let next = apply_move(config, step);
        let distance = plain.distance(&next);
        let meets = moves.len() == length && distance == Some(TABLE_DEPTH);
        visits.push(Visit {
            length,
            moves: moves.clone(),
            config: next,
            distance,
            meets,
        });
        if meets || (moves.len() < length && visit(plain, &next, length, moves, visits)) {
            return true;
        }
        moves.pop();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plain::play;

    #[test]
    fn the_goal_side_expands_plains_table_layer_by_layer() {
        let plain = Plain::new();
        let mut layers = vec![0; usize::from(TABLE_DEPTH) + 1];
        for expansion in goal_side() {
            assert_eq!(plain.distance(&expansion.state), Some(expansion.distance as u8));
            assert_eq!(expansion.rank, key(&expansion.state));
            layers[expansion.distance] += 1;
        }
        assert_eq!(layers, plain.layer_sizes());
    }

    #[test]
    fn the_start_side_ends_at_plains_prefix() {
        let plain = Plain::new();
        // Twelve moves from the goal, beyond the table: the prefix 3344 meets it, after the
        // searches of 1, 2 and 3 moves found none.
        let start = play(&GOAL, &[1, 1, 2, 2, 3, 4, 4, 1, 2, 2, 1, 1]);
        let visits = start_side(&plain, &start);
        let meeting = plain.meet(&start).unwrap();
        assert_eq!(meeting.prefix, [3, 3, 4, 4]);
        assert_eq!((visits[0].length, visits[0].moves.clone()), (1, vec![1]));
        let last = visits.last().unwrap();
        assert!(last.meets);
        assert_eq!(last.moves, meeting.prefix);
        assert_eq!(visits.iter().filter(|v| v.meets).count(), 1);
        // Dictionary order within each depth.
        for pair in visits.windows(2) {
            if pair[0].length == pair[1].length && pair[0].moves.len() == pair[1].moves.len() {
                assert!(pair[0].moves < pair[1].moves);
            }
        }
        // A start within the table needs no start side.
        assert!(start_side(&plain, &play(&GOAL, &[1, 2])).is_empty());
    }
}
