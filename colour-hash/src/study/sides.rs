//! The method's two sides as they run, for the study page: the goal side a configuration at a
//! time ([`GoalSideStepper`]), the start side a node at a time ([`start_side`]).
//!
//! **Equals:** [`plain`](crate::plain)'s method: its goal side is a breadth-first search from
//! the goal with moves 1, 2, 3, 4 in order (each configuration at its distance in the counted
//! layers), its start side an iterative deepening search that meets the goal side where plain's
//! `Plain::meet` does.
//! **Proved by:** `the_two_sides_step_as_the_plain_method_runs` (below: 9,489 steps against the
//! layers to depth 8, the sample's meeting path against plain's prefix, a board 17 moves away
//! that never meets).
//!
//! Colour Hash's goal side cannot use `common::stepper`: its 6.3 billion configurations have no
//! rank to index an array, so the distances live in a hash map.

use std::collections::{HashMap, VecDeque};

use super::layers::GoalLayers;
use crate::plain::{apply_move, Config, MOVES};
use crate::state::{State, GOAL, MAX_MOVES};

/// A neighbour of the configuration a [`GoalSideStep`] took from the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoalSideNeighbour {
    /// The move, 1-4.
    pub step: u8,
    /// The configuration it leads to.
    pub numbers: Config,
    /// Whether the search saw it here first (it is queued, one move farther) rather than before.
    pub new: bool,
    /// Its distance from the goal, as the search knows it now.
    pub distance: u8,
}

/// One step of the goal side's breadth-first search: a configuration taken and its neighbours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalSideStep {
    /// How many configurations were taken before this one (0: the goal).
    pub index: usize,
    /// The configuration taken.
    pub numbers: Config,
    /// Its distance from the goal.
    pub distance: u8,
    /// The neighbours, by moves 1, 2, 3, 4.
    pub neighbours: [GoalSideNeighbour; 4],
    /// The configurations waiting in the queue once the new neighbours are added.
    pub queued: usize,
    /// The configurations seen so far.
    pub seen: usize,
}

/// The goal side of [`plain`](crate::plain)'s method, one configuration at a time, for the study
/// page's stepper: a breadth-first search from the goal over the 24 numbers, moves 1, 2, 3, 4
/// in order, each configuration remembered in a hash map with its distance (the space has 6.3
/// billion, so no array by rank as for the other puzzles).
///
/// # Complexity
/// Four moves and four hash lookups a step.
#[derive(Clone, Debug)]
pub struct GoalSideStepper {
    queue: VecDeque<Config>,
    distances: HashMap<Config, u8>,
    taken: usize,
}

impl Default for GoalSideStepper {
    fn default() -> Self {
        Self::new()
    }
}

impl GoalSideStepper {
    /// The search before its first step: the goal queued and seen.
    pub fn new() -> GoalSideStepper {
        GoalSideStepper {
            queue: VecDeque::from([GOAL]),
            distances: HashMap::from([(GOAL, 0)]),
            taken: 0,
        }
    }

    /// Takes the next configuration from the queue and expands it; `None` once it is empty
    /// (which takes the whole space: a page stops long before).
    pub fn step(&mut self) -> Option<GoalSideStep> {
        let numbers = self.queue.pop_front()?;
        let distance = self.distances[&numbers];
        let neighbours = MOVES.map(|step| {
            let next = apply_move(&numbers, step);
            let known = self.distances.get(&next).copied();
            if known.is_none() {
                self.distances.insert(next, distance + 1);
                self.queue.push_back(next);
            }
            GoalSideNeighbour {
                step,
                numbers: next,
                new: known.is_none(),
                distance: known.unwrap_or(distance + 1),
            }
        });
        let index = self.taken;
        self.taken += 1;
        Some(GoalSideStep {
            index,
            numbers,
            distance,
            neighbours,
            queued: self.queue.len(),
            seen: self.distances.len(),
        })
    }

    /// The configurations waiting in the queue, the next one first.
    pub fn queue(&self) -> impl Iterator<Item = &Config> {
        self.queue.iter()
    }
}

/// One node of the start side's search, for the study page: the moves tried so far from the
/// case, and at full length whether the configuration reached lies exactly G from the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Visit {
    /// The length the search is trying (1, 2, … up to 16 − G).
    pub length: u8,
    /// The moves from the case to this node.
    pub path: Vec<u8>,
    /// At full length, whether the configuration lies exactly G moves from the goal (`None`
    /// above the bottom).
    pub meets: Option<bool>,
}

/// The start side of [`plain`](crate::plain)'s method from `start`, node by node: for lengths
/// 1, 2, … up to 16 − `goal_depth`, a depth-first search trying moves 1, 2, 3, 4 in order that
/// asks `layers` at the bottom whether the configuration is exactly `goal_depth` from the goal,
/// stopping at the first that is. Returns the first `limit` visits, then the meeting one if the
/// search meets later, and whether it met at all. `layers` must reach `goal_depth`.
///
/// # Complexity
/// Up to 4 + 4² + … + 4^(16 − G) nodes, each a move (and at the bottom a lookup).
pub fn start_side(start: &Config, layers: &GoalLayers, goal_depth: u8, limit: usize) -> (Vec<Visit>, bool) {
    fn search(
        config: &Config,
        length: u8,
        path: &mut Vec<u8>,
        layers: &GoalLayers,
        goal_depth: u8,
        limit: usize,
        visits: &mut Vec<Visit>,
    ) -> bool {
        for step in MOVES {
            path.push(step);
            let next = apply_move(config, step);
            let bottom = path.len() == usize::from(length);
            let meets = bottom
                .then(|| State::from_numbers(&next).ok().and_then(|state| layers.distance(state)) == Some(goal_depth));
            if visits.len() < limit || meets == Some(true) {
                visits.push(Visit {
                    length,
                    path: path.clone(),
                    meets,
                });
            }
            if meets == Some(true) || (!bottom && search(&next, length, path, layers, goal_depth, limit, visits)) {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut visits = Vec::new();
    let longest = (MAX_MOVES as u8).saturating_sub(goal_depth);
    for length in 1..=longest {
        if search(start, length, &mut Vec::new(), layers, goal_depth, limit, &mut visits) {
            return (visits, true);
        }
    }
    (visits, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_sides_step_as_the_plain_method_runs() {
        // The goal side: distances as the counted layers say, layer by layer.
        let mut kept = GoalLayers::new();
        kept.extend_to(8);
        let mut stepper = GoalSideStepper::new();
        let mut last = 0;
        for index in 0..9_489 {
            let step = stepper.step().unwrap();
            assert_eq!(step.index, index);
            let state = State::from_numbers(&step.numbers).unwrap();
            assert_eq!(kept.distance(state), Some(step.distance));
            assert!(step.distance >= last);
            last = step.distance;
            for neighbour in step.neighbours {
                if neighbour.new {
                    assert_eq!(neighbour.distance, step.distance + 1);
                }
            }
        }
        // The start side with the plain tier's G = 8 meets where the plain tier's prefix ends.
        let plain = crate::plain::Plain::new();
        let start = [0, 3, 4, 5, 0, 3, 6, 5, 0, 1, 2, 1, 0, 7, 8, 7, 0, 9, 10, 9, 0, 1, 2, 1];
        let meeting = plain.meet(&start).unwrap();
        let (visits, met) = start_side(&start, &kept, crate::plain::TABLE_DEPTH, 30);
        assert!(met);
        let last = visits.last().unwrap();
        assert_eq!(last.path, meeting.prefix);
        assert_eq!(last.meets, Some(true));
        assert_eq!(
            visits[0],
            Visit {
                length: 1,
                path: vec![1],
                meets: Some(false)
            }
        );
        // 17 moves away: no length meets.
        let far = [10, 9, 8, 7, 2, 1, 0, 3, 0, 1, 0, 5, 0, 7, 0, 9, 0, 3, 4, 5, 6, 1, 0, 5];
        kept.extend_to(11);
        assert!(!start_side(&far, &kept, 11, 10).1);
    }
}
