//! The goal-side table and the bounded search from the start that together yield each answer
//! (the method and its proofs are in the crate docs).

use std::fmt;

use crate::state::{Move, State};

/// The longest answer the judge accepts.
pub(crate) const MAX_MOVES: usize = 16;

/// How many moves deep the goal-side table reaches (G in the crate docs; chosen by measurement).
pub(crate) const GOAL_DEPTH: u8 = 11;

/// How many configurations lie at each distance 0..=16 from the goal (the published counts).
pub(crate) const LAYER_SIZES: [usize; 17] = [
    1, 4, 12, 34, 96, 272, 770, 2180, 6120, 17160, 47906, 133566, 370662, 1025094, 2821590, 7719150, 20890010,
];

/// The answer line for the goal itself.
pub(crate) const ALREADY_SOLVED: &str = "PUZZLE ALREADY SOLVED";

/// The answer line when every solution is longer than [`MAX_MOVES`] (or there is none).
pub(crate) const NO_SOLUTION: &str = "NO SOLUTION WAS FOUND IN 16 STEPS";

/// Marks an empty slot: no packed state has bit 63 set.
const VACANT: u64 = u64::MAX;

/// A hash map from states to distances: open addressing with linear probing, the packed state as
/// the key, multiplicative (Fibonacci) hashing, at most half full.
///
/// Keys and distances live in two arrays so that a miss, the common case in the search, reads
/// one cache line of keys only.
#[derive(Clone, Debug)]
struct DistanceMap {
    keys: Vec<u64>,
    distances: Vec<u8>,
    shift: u32,
    len: usize,
}

impl DistanceMap {
    /// An empty map with room for `expected` states before it grows: 18 bytes per expected
    /// state, rounded up to a power of two.
    fn with_capacity(expected: usize) -> Self {
        let slots = (expected.max(4) * 2).next_power_of_two();
        DistanceMap {
            keys: vec![VACANT; slots],
            distances: vec![0; slots],
            shift: u64::BITS - slots.trailing_zeros(),
            len: 0,
        }
    }

    /// The slot where the search for `key` starts.
    #[inline(always)]
    fn home(&self, key: u64) -> usize {
        // The product's top bits depend on every key bit; the xor folds the high bits down first,
        // since a key's top bits would otherwise reach only the product's top few.
        ((key ^ (key >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The distance stored for `state`, if any.
    ///
    /// # Complexity
    /// Expected O(1): at most half the slots are used.
    #[inline]
    fn get(&self, state: State) -> Option<u8> {
        let key = state.packed();
        let mask = self.keys.len() - 1;
        let mut slot = self.home(key);
        loop {
            let found = self.keys[slot];
            if found == key {
                return Some(self.distances[slot]);
            }
            if found == VACANT {
                return None;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Stores `distance` for `state` unless it is already there; returns whether it was new.
    ///
    /// # Complexity
    /// Expected amortised O(1).
    fn insert(&mut self, state: State, distance: u8) -> bool {
        if 2 * (self.len + 1) > self.keys.len() {
            self.grow();
        }
        let key = state.packed();
        let mask = self.keys.len() - 1;
        let mut slot = self.home(key);
        loop {
            let found = self.keys[slot];
            if found == key {
                return false;
            }
            if found == VACANT {
                self.keys[slot] = key;
                self.distances[slot] = distance;
                self.len += 1;
                return true;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Doubles the slots and re-inserts every entry.
    fn grow(&mut self) {
        let mut bigger = DistanceMap::with_capacity(self.keys.len());
        for (&key, &distance) in self.keys.iter().zip(&self.distances) {
            if key != VACANT {
                bigger.insert(State::from_packed(key), distance);
            }
        }
        *self = bigger;
    }
}

/// Exact distances to the goal of every state within `depth` moves of it.
#[derive(Clone, Debug)]
struct GoalTable {
    distances: DistanceMap,
    depth: u8,
}

impl GoalTable {
    /// Breadth-first search from the goal, layer by layer, to `depth` moves.
    ///
    /// A plain pair of layer vectors serves as the queue: the answer's tail is rebuilt from the
    /// distances ([`Solver`]), so the search keeps no parent links.
    ///
    /// # Panics
    /// If `depth > 254` (distances are bytes).
    ///
    /// # Complexity
    /// O(T) expected time for the T states within `depth` (208,121 for depth 11; 33,034,627 for
    /// 16), 18 bytes each in the map plus 8 bytes per state of the two largest layers while it runs.
    fn build(depth: u8) -> GoalTable {
        assert!(depth < u8::MAX, "GoalTable::build: depth {depth} is over 254");
        let expected = LAYER_SIZES.iter().take(usize::from(depth) + 1).sum();
        let mut distances = DistanceMap::with_capacity(expected);
        distances.insert(State::GOAL, 0);
        let mut layer = vec![State::GOAL];
        let mut next = Vec::new();
        for distance in 1..=depth {
            next.clear();
            for &state in &layer {
                for step in Move::ALL {
                    let neighbour = state.apply(step);
                    if distances.insert(neighbour, distance) {
                        next.push(neighbour);
                    }
                }
            }
            std::mem::swap(&mut layer, &mut next);
        }
        GoalTable { distances, depth }
    }

    /// The distance of `state` to the goal, if at most `depth`.
    #[inline]
    fn distance(&self, state: State) -> Option<u8> {
        self.distances.get(state)
    }
}

/// A sequence of at most 16 moves, stored inline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Solution {
    fn new() -> Self {
        Solution {
            moves: [Move::LeftClockwise; MAX_MOVES],
            len: 0,
        }
    }

    fn push(&mut self, step: Move) {
        self.moves[self.len] = step;
        self.len += 1;
    }

    /// The moves, first to last.
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Display for Solution {
    /// The judge's digits, e.g. `1434332334332323`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.moves().iter().try_for_each(|step| write!(f, "{}", step.number()))
    }
}

/// What the judge wants printed for one configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The configuration is the goal.
    AlreadySolved,
    /// The smallest-number shortest solution, 1 to 16 moves.
    Moves(Solution),
    /// Every solution is longer than 16 moves, or the configuration is not the puzzle's.
    NoSolution,
}

impl fmt::Display for Answer {
    /// The answer line without its line feed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::AlreadySolved => f.write_str(ALREADY_SOLVED),
            Answer::Moves(solution) => solution.fmt(f),
            Answer::NoSolution => f.write_str(NO_SOLUTION),
        }
    }
}

/// Whether `step` after `prefix` makes a sequence that is never the smallest shortest solution:
/// undoing the last move, a fourth equal clockwise turn (`1111` = `33`), or a third equal
/// counter-clockwise turn (`333` = `111`, which is smaller).
#[inline]
fn never_smallest(prefix: &[Move], step: Move) -> bool {
    let Some(&last) = prefix.last() else {
        return false;
    };
    if last == step.inverse() {
        return true;
    }
    let limit = if step.is_clockwise() { 3 } else { 2 };
    prefix.len() >= limit && prefix[prefix.len() - limit..].iter().all(|&earlier| earlier == step)
}

/// Answers configurations with a goal-side table and a bounded search from the start side.
#[derive(Clone, Debug)]
pub struct Solver {
    table: GoalTable,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// A solver whose table reaches G = 11 moves.
    ///
    /// # Complexity
    /// As [`Solver::with_goal_depth`] for depth 11: 208,121 states, 4.7 MB.
    pub fn new() -> Self {
        Self::with_goal_depth(GOAL_DEPTH)
    }

    /// A solver whose table reaches `depth` moves (any depth gives the same answers; the
    /// [crate docs](crate) compare their costs).
    ///
    /// # Panics
    /// If `depth > 254`.
    ///
    /// # Complexity
    /// O(T) expected time for the T states within `depth` of the goal, 18 bytes each rounded up
    /// to a power of two.
    pub fn with_goal_depth(depth: u8) -> Self {
        Solver {
            table: GoalTable::build(depth),
        }
    }

    /// The shortest solution of at most 16 moves with the smallest number, if any.
    ///
    /// # Complexity
    /// O(4 · 3^(15 − G)) moves and table lookups at worst (no solution), O(16 · 4) for the tail.
    pub fn solve(&self, start: State) -> Answer {
        let mut solution = Solution::new();
        if let Some(distance) = self.table.distance(start) {
            if distance == 0 {
                return Answer::AlreadySolved;
            }
            self.append_tail(start, distance, &mut solution);
            return Answer::Moves(solution);
        }
        let goal_depth = usize::from(self.table.depth);
        for leaf_depth in 1..=MAX_MOVES.saturating_sub(goal_depth) {
            if let Some(leaf) = self.descend(start, leaf_depth, &mut solution) {
                self.append_tail(leaf, self.table.depth, &mut solution);
                return Answer::Moves(solution);
            }
        }
        Answer::NoSolution
    }

    /// Depth-first search in move order from `state`, the end of `path`, for the first state
    /// `leaf_depth` moves from the start that the table knows; `path` ends holding the moves to it.
    fn descend(&self, state: State, leaf_depth: usize, path: &mut Solution) -> Option<State> {
        if path.len == leaf_depth {
            // Every shorter total length has failed, so this state is at distance >= G; being
            // in the table, it is at distance exactly G.
            return self.table.distance(state).map(|_| state);
        }
        for step in Move::ALL {
            if never_smallest(path.moves(), step) {
                continue;
            }
            path.push(step);
            if let Some(leaf) = self.descend(state.apply(step), leaf_depth, path) {
                return Some(leaf);
            }
            path.len -= 1;
        }
        None
    }

    /// Appends the smallest shortest way from `state`, `distance` moves from the goal: at every
    /// step the smallest move that lowers the distance by one.
    fn append_tail(&self, mut state: State, distance: u8, solution: &mut Solution) {
        for remaining in (0..distance).rev() {
            let (step, next) = Move::ALL
                .iter()
                .map(|&step| (step, state.apply(step)))
                .find(|&(_, next)| self.table.distance(next) == Some(remaining))
                .expect("breadth-first search gives each state at distance d > 0 a neighbour at d - 1");
            solution.push(step);
            state = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::tests::play;

    /// The first sequence of the smallest length (at most `limit`) in move order that reaches the
    /// goal: the definition of the answer, by brute force.
    fn brute_force(start: State, limit: usize) -> Option<String> {
        fn first(state: State, left: usize, path: &mut String) -> bool {
            if left == 0 {
                return state == State::GOAL;
            }
            for step in Move::ALL {
                path.push(char::from(b'0' + step.number()));
                if first(state.apply(step), left - 1, path) {
                    return true;
                }
                path.pop();
            }
            false
        }
        (0..=limit).find_map(|length| {
            let mut path = String::new();
            first(start, length, &mut path).then_some(path)
        })
    }

    /// How many states the table holds at each distance 0..=depth.
    fn layer_sizes(table: &GoalTable) -> Vec<usize> {
        let mut sizes = vec![0; usize::from(table.depth) + 1];
        for (&key, &distance) in table.distances.keys.iter().zip(&table.distances.distances) {
            if key != VACANT {
                sizes[usize::from(distance)] += 1;
            }
        }
        sizes
    }

    #[test]
    fn goal_table_layers_match_the_published_counts() {
        let table = GoalTable::build(11);
        assert_eq!(layer_sizes(&table), LAYER_SIZES[..=11]);
        assert_eq!(table.distances.len, 208_121);
        assert_eq!(table.distance(State::GOAL), Some(0));
        assert_eq!(table.distance(play(State::GOAL, "1234")), Some(4));
        assert_eq!(GoalTable::build(8).distances.len, 9_489);
        assert_eq!(GoalTable::build(0).distances.len, 1);
    }

    #[test]
    fn distance_map_grows_and_keeps_first_values() {
        let mut map = DistanceMap::with_capacity(1);
        let state = |key: u64| State::from_packed(key * 0x1_0000_0001);
        for key in 0..1000u64 {
            assert!(map.insert(state(key), (key % 200) as u8));
        }
        assert!(!map.insert(state(0), 99));
        assert_eq!(map.len, 1000);
        for key in 0..1000u64 {
            assert_eq!(map.get(state(key)), Some((key % 200) as u8));
        }
        assert_eq!(map.get(State::from_packed(7)), None);
    }

    #[test]
    fn ties_go_to_the_smallest_number() {
        // 222112 and 444112 both solve it in six moves (222 and 444 both turn the right wheel
        // half round); a search joining two first hits prints 444112.
        let start = play(State::GOAL, "433444");
        assert_eq!(play(start, "222112"), State::GOAL);
        assert_eq!(play(start, "444112"), State::GOAL);
        assert_eq!(brute_force(start, 6).unwrap(), "222112");
        for depth in [0, 2, 3, 5, 6, 11] {
            assert_eq!(
                Solver::with_goal_depth(depth).solve(start).to_string(),
                "222112",
                "G = {depth}"
            );
        }
    }

    #[test]
    fn distance_seventeen_has_no_solution() {
        // Case 103 of the cross-checked scrambles: exactly 17 moves from the goal.
        let numbers = [10, 9, 8, 7, 2, 1, 0, 3, 0, 1, 0, 5, 0, 7, 0, 9, 0, 3, 4, 5, 6, 1, 0, 5];
        let start = State::from_numbers(&numbers).unwrap();
        let solver = Solver::new();
        assert_eq!(solver.solve(start), Answer::NoSolution);
        // Some neighbour is 16 moves away, so the distance is exactly 17.
        let near = Move::ALL
            .iter()
            .filter_map(|&step| match solver.solve(start.apply(step)) {
                Answer::Moves(solution) => Some(solution.moves().len()),
                _ => None,
            });
        assert_eq!(near.min(), Some(16));
    }

    #[test]
    fn every_state_within_six_moves_agrees_with_brute_force_at_every_goal_depth() {
        let solvers: Vec<Solver> = [0, 1, 3, 6, 11].map(Solver::with_goal_depth).into();
        let mut layer = vec![State::GOAL];
        let mut seen = std::collections::HashSet::from([State::GOAL]);
        for _ in 0..=6 {
            let mut next = Vec::new();
            for &start in &layer {
                let expected = match brute_force(start, 6).expect("within six moves") {
                    path if path.is_empty() => ALREADY_SOLVED.to_string(),
                    path => path,
                };
                for solver in &solvers {
                    assert_eq!(solver.solve(start).to_string(), expected, "{start:?}");
                }
                next.extend(
                    Move::ALL
                        .map(|step| start.apply(step))
                        .into_iter()
                        .filter(|&near| seen.insert(near)),
                );
            }
            layer = next;
        }
    }

    #[test]
    fn deep_configurations_agree_across_goal_depths() {
        let solvers = [Solver::with_goal_depth(8), Solver::new()];
        let mut lengths = [0usize; 18];
        for index in 1..=400u64 {
            // The base-4 digits of index × 2^64/φ: a spread of move words without a generator.
            let word = index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let length = 10 + (index % 13) as u32;
            let start = (0..length).fold(State::GOAL, |state, digit| {
                state.apply(Move::ALL[(word >> (2 * digit) & 3) as usize])
            });
            let answers: Vec<Answer> = solvers.iter().map(|solver| solver.solve(start)).collect();
            assert_eq!(answers[0], answers[1], "{start:?}");
            match answers[0] {
                Answer::Moves(solution) => {
                    assert!(solution.moves().len() <= length as usize);
                    assert_eq!(
                        solution.moves().iter().fold(start, |at, &step| at.apply(step)),
                        State::GOAL
                    );
                    lengths[solution.moves().len()] += 1;
                }
                Answer::NoSolution => lengths[17] += 1,
                Answer::AlreadySolved => assert_eq!(start, State::GOAL),
            }
        }
        // The words reach answers of 12 to 16 moves and beyond 16, where the two splits differ most.
        assert!(lengths[12..=16].iter().all(|&count| count > 0), "{lengths:?}");
        assert!(lengths[17] > 0, "{lengths:?}");
    }
}
