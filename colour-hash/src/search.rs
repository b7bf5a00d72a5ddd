//! The fast tier's meet in the middle.
//!
//! **Equals:** [`crate::plain::Plain::answer_text`]'s answer, for every depth G of the goal-side table.
//! **Proved by:** `every_state_within_six_moves_agrees_with_plain_at_every_goal_depth`,
//! `deep_configurations_agree_with_plain`, `the_context_table_skips_exactly_what_never_smallest_names`
//! (below) and the judge-tests suite `random_colour_hash`.
//!
//! Plain's method with three changes, none of which changes an answer (the crate docs say why):
//! - the goal-side table reaches G moves, G sized to the run (0 to 11) instead of 8, and the
//!   start-side search goes to 16 − G moves; the proofs in [`crate::plain`] hold for every G;
//! - the table is an open-addressing hash map keyed by the packed state (`DistanceMap`), and a
//!   one-hash Bloom filter of the states G + 1 moves away (`StateFilter`) lets the search skip the
//!   children of a state that cannot be one move from the table;
//! - the search skips move sequences that are never part of the smallest shortest answer
//!   (`NEXT_CONTEXT`, checked against its plain statement by `the_context_table_skips_exactly_what_never_smallest_names`).

use common::alloc::{try_filled, try_reserve};
use common::cli::Failure;

use crate::state::{Answer, Move, Solution, State, MAX_MOVES};

/// How many moves deep the goal-side table reaches by default in [`Solver::new`]: the depth the
/// largest runs get.
pub(crate) const GOAL_DEPTH: u8 = 11;

/// The cost model ("Choosing G" in the crate docs), measured as the README says: for each depth
/// G, the instructions to build the table, and the mean instructions to read and answer one
/// configuration of a judge's kind (scrambles of the goal by 0 to 24 moves and a few shuffles).
pub(crate) const COST_MODEL: [(u8, u64, u64); 7] = [
    (5, 83_571, 699_717),
    (6, 226_561, 244_862),
    (7, 582_627, 94_844),
    (8, 1_437_178, 38_255),
    (9, 3_964_233, 19_563),
    (10, 10_678_643, 12_543),
    (11, 30_014_715, 10_251),
];

/// The depth G of the goal-side table that makes a run of `count` configurations cheapest by
/// [`COST_MODEL`]: the smallest build + count × case.
pub(crate) fn goal_depth_for(count: u64) -> u8 {
    let total = |&(_, build, case): &(u8, u64, u64)| u128::from(build) + u128::from(count) * u128::from(case);
    COST_MODEL
        .iter()
        .min_by_key(|model| total(model))
        .map_or(GOAL_DEPTH, |&(depth, _, _)| depth)
}

/// How many configurations lie at each distance 0..=16 from the goal (the published counts).
pub(crate) const LAYER_SIZES: [usize; 17] = [
    1, 4, 12, 34, 96, 272, 770, 2180, 6120, 17160, 47906, 133566, 370662, 1025094, 2821590, 7719150, 20890010,
];

/// Marks an empty slot. Packed 0 would be 21 pieces of value 0 or 1, never a configuration of
/// the puzzle.
const VACANT: u64 = 0;

/// The one hash of the fast tier, for the table's slots and the filter's bits: a packed state
/// spread over `u64::BITS - shift` bits by Fibonacci hashing. The product's top bits depend on
/// every key bit; the xor folds the high bits down first, since a key's top bits would otherwise
/// reach only the product's top few.
#[inline(always)]
fn spread(key: u64, shift: u32) -> usize {
    ((key ^ (key >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize
}

/// A hash map from states to distances: open addressing with linear probing, the packed state as
/// the key, multiplicative (Fibonacci) hashing, at most half full. It is sized once for the
/// states it will hold (the table's layer sizes are known exactly) and never grows.
///
/// Keys and distances live in two arrays so that a miss, the common case in the search, reads
/// one cache line of keys only.
#[derive(Clone, Debug)]
struct DistanceMap {
    keys: Vec<u64>,
    distances: Vec<u8>,
    shift: u32,
}

impl DistanceMap {
    /// An empty map for up to `expected` states: 18 bytes per expected state, rounded up to a
    /// power of two.
    ///
    /// # Errors
    /// [`Failure::OutOfMemory`] if the slots cannot be allocated.
    fn with_capacity(expected: usize) -> Result<Self, Failure> {
        let slots = (expected.max(4) * 2).next_power_of_two();
        Ok(DistanceMap {
            keys: try_filled(slots, VACANT, "the goal-side table")?,
            distances: try_filled(slots, 0, "the goal-side table")?,
            shift: u64::BITS - slots.trailing_zeros(),
        })
    }

    /// The slot where the search for `key` starts.
    #[inline(always)]
    fn home(&self, key: u64) -> usize {
        spread(key, self.shift)
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
    /// # Constraints
    /// At most the `expected` states of [`DistanceMap::with_capacity`] are inserted.
    ///
    /// # Complexity
    /// Expected O(1).
    #[inline]
    fn insert(&mut self, state: State, distance: u8) -> bool {
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
                return true;
            }
            slot = (slot + 1) & mask;
        }
    }
}

/// A set of states that may answer "maybe" for states outside it but never "no" for one inside:
/// one bit per hash value (a Bloom filter with one hash function).
#[derive(Clone, Debug)]
struct StateFilter {
    bits: Vec<u64>,
    shift: u32,
}

impl StateFilter {
    /// An empty filter with 8 bits per expected state, rounded up to a power of two: with one
    /// hash function, about 1 − e^(−1/8) ≈ 12% of the states outside answer "maybe".
    ///
    /// # Errors
    /// [`Failure::OutOfMemory`] if the bits cannot be allocated.
    fn with_capacity(expected: usize) -> Result<Self, Failure> {
        let bits = (expected * 8).next_power_of_two().max(64);
        Ok(StateFilter {
            bits: try_filled(bits / 64, 0, "the goal-side filter")?,
            shift: u64::BITS - bits.trailing_zeros(),
        })
    }

    /// The bit of `state`.
    #[inline(always)]
    fn bit(&self, state: State) -> usize {
        spread(state.packed(), self.shift)
    }

    fn insert(&mut self, state: State) {
        let bit = self.bit(state);
        self.bits[bit / 64] |= 1 << (bit % 64);
    }

    /// `false` only if `state` was never inserted.
    #[inline]
    fn may_contain(&self, state: State) -> bool {
        let bit = self.bit(state);
        self.bits[bit / 64] >> (bit % 64) & 1 == 1
    }
}

/// Exact distances to the goal of every state within `depth` moves of it.
#[derive(Clone, Debug)]
struct GoalTable {
    distances: DistanceMap,
    depth: u8,
    /// Every state at distance `depth + 1` (and some others): a state it does not hold has no
    /// neighbour in the table's last layer.
    beyond: StateFilter,
}

impl GoalTable {
    /// Breadth-first search from the goal, layer by layer, to `depth` moves.
    ///
    /// A plain pair of layer vectors serves as the queue: the answer's tail is rebuilt from the
    /// distances ([`Solver`]), so the search keeps no parent links.
    ///
    /// # Errors
    /// [`Failure::OutOfMemory`] if the map, the filter or a layer cannot be allocated.
    ///
    /// # Panics
    /// If `depth > 16`: the layer sizes that size the map are known to 16.
    ///
    /// # Complexity
    /// O(T) expected time for the T states within `depth` (208,121 for depth 11; 33,034,627 for
    /// 16), 18 bytes each in the map plus 9 bytes per state of the two largest layers while it runs.
    fn build(depth: u8) -> Result<GoalTable, Failure> {
        assert!(
            usize::from(depth) <= MAX_MOVES,
            "GoalTable::build: depth {depth} is over 16"
        );
        let layer_size = |distance: u8| LAYER_SIZES.get(usize::from(distance)).copied().unwrap_or(0);
        let expected = (0..=depth).map(layer_size).sum();
        let mut distances = DistanceMap::with_capacity(expected)?;
        distances.insert(State::GOAL, 0);
        let mut beyond = StateFilter::with_capacity(layer_size(depth + 1))?;
        // Each state of a layer, and the move that reached it: its inverse leads back a layer, to
        // a state the map already holds, so it is not tried. (Two vectors: 9 bytes a state.)
        let (mut layer, mut reached_by) = (vec![State::GOAL], vec![None]);
        let (mut next, mut next_reached_by) = (Vec::new(), Vec::new());
        for distance in 1..=depth {
            // The last layer is stored in the map and its neighbours in the filter, not in a
            // vector.
            let last = distance == depth;
            if last {
                (next, next_reached_by) = (Vec::new(), Vec::new());
            } else {
                next.clear();
                next_reached_by.clear();
                try_reserve(&mut next, layer_size(distance), "a layer of the goal-side table")?;
                try_reserve(
                    &mut next_reached_by,
                    layer_size(distance),
                    "a layer of the goal-side table",
                )?;
            }
            for (&state, &came) in layer.iter().zip(&reached_by) {
                for step in Move::ALL {
                    if came == Some(step.inverse()) {
                        continue;
                    }
                    let neighbour = state.apply(step);
                    if !distances.insert(neighbour, distance) {
                        continue;
                    }
                    if !last {
                        next.push(neighbour);
                        next_reached_by.push(Some(step));
                    } else if depth < MAX_MOVES as u8 {
                        for onward in Move::ALL {
                            if onward != step.inverse() {
                                beyond.insert(neighbour.apply(onward));
                            }
                        }
                    }
                }
            }
            std::mem::swap(&mut layer, &mut next);
            std::mem::swap(&mut reached_by, &mut next_reached_by);
        }
        if depth == 0 {
            for step in Move::ALL {
                beyond.insert(State::GOAL.apply(step));
            }
        }
        Ok(GoalTable {
            distances,
            depth,
            beyond,
        })
    }

    /// The distance of `state` to the goal, if at most `depth`.
    #[inline]
    fn distance(&self, state: State) -> Option<u8> {
        self.distances.get(state)
    }
}

/// What the search keeps of the moves so far to skip the sequences that are never the smallest
/// shortest solution: the last move and how many times in a row it was made. Context 0 is "no
/// move yet"; context 1 + 3i + (r − 1) is "move `Move::ALL[i]`, r times in a row", r ≤ 3.
const CONTEXTS: usize = 13;

/// In [`NEXT_CONTEXT`]: the move is skipped.
const SKIPPED: u8 = u8::MAX;

/// For each context and each move in order 1..4, the context after the move, or [`SKIPPED`] if
/// the move makes a sequence that is never the smallest shortest solution: undoing the last move
/// (`13`, `31`, `24`, `42`: not shortest), a fourth equal clockwise turn (`1111` = `33`: not
/// shortest) or a third equal counter-clockwise turn (`333` = `111`, which is smaller).
const NEXT_CONTEXT: [[u8; 4]; CONTEXTS] = next_contexts();

const fn next_contexts() -> [[u8; 4]; CONTEXTS] {
    let mut table = [[SKIPPED; 4]; CONTEXTS];
    let mut context = 0;
    while context < CONTEXTS {
        let mut step = 0;
        while step < 4 {
            // Move::ALL is 1, 2, 3, 4: indices i and i ± 2 undo each other; 0 and 1 are clockwise.
            let (last, run) = if context == 0 {
                (usize::MAX, 0)
            } else {
                ((context - 1) / 3, (context - 1) % 3 + 1)
            };
            let run = if last == step { run + 1 } else { 1 };
            let undoes = last == (step + 2) % 4;
            let limit = if step < 2 { 3 } else { 2 };
            if !undoes && run <= limit {
                table[context][step] = (1 + 3 * step + run - 1) as u8;
            }
            step += 1;
        }
        context += 1;
    }
    table
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
    /// # Panics
    /// As [`Solver::with_goal_depth`].
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
    /// If `depth > 16`, or if the table cannot be allocated ([`Solver::try_with_goal_depth`] says
    /// so instead, as the binary does).
    ///
    /// # Complexity
    /// O(T) expected time for the T states within `depth` of the goal, 18 bytes each rounded up
    /// to a power of two.
    pub fn with_goal_depth(depth: u8) -> Self {
        Self::try_with_goal_depth(depth).unwrap_or_else(|failure| panic!("colour-hash: {failure}"))
    }

    /// [`Solver::with_goal_depth`], or why its table could not be allocated.
    ///
    /// # Errors
    /// [`Failure::OutOfMemory`] naming the table (under an address-space limit, say).
    ///
    /// # Panics
    /// If `depth > 16`.
    pub fn try_with_goal_depth(depth: u8) -> Result<Self, Failure> {
        Ok(Solver {
            table: GoalTable::build(depth)?,
        })
    }

    /// A solver whose table reaches `depth` moves or, if that table cannot be allocated (under
    /// an address-space limit), the deepest smaller one that can: every depth gives the same
    /// answers, only slower.
    ///
    /// # Errors
    /// [`Failure::OutOfMemory`] if not even the table of depth 0 (the goal alone) fits.
    ///
    /// # Panics
    /// If `depth > 16`.
    pub fn fitting(depth: u8) -> Result<Self, Failure> {
        let (mut depth, mut outcome) = (depth, Self::try_with_goal_depth(depth));
        while outcome.is_err() && depth > 0 {
            depth -= 1;
            outcome = Self::try_with_goal_depth(depth);
        }
        outcome
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
            if let Some(leaf) = self.descend(start, 0, leaf_depth, &mut solution.moves) {
                solution.len = leaf_depth;
                self.append_tail(leaf, self.table.depth, &mut solution);
                return Answer::Moves(solution);
            }
        }
        Answer::NoSolution
    }

    /// Depth-first search in move order from `state` (reached in `context`) for the first state
    /// `left` more moves away that the table knows. On success `path[..left]` holds the moves to
    /// it, written as the search unwinds so that the nodes that fail cost no writes.
    fn descend(&self, state: State, context: usize, left: usize, path: &mut [Move]) -> Option<State> {
        if left == 1 && !self.table.beyond.may_contain(state) {
            // `state` is more than G + 1 moves from the goal, so none of its children is at G.
            return None;
        }
        for (step, &next) in Move::ALL.into_iter().zip(&NEXT_CONTEXT[context]) {
            if next == SKIPPED {
                continue;
            }
            let child = state.apply(step);
            let leaf = if left == 1 {
                // Every shorter total length has failed, so this state is at distance >= G;
                // being in the table, it is at distance exactly G.
                self.table.distance(child).map(|_| child)
            } else {
                self.descend(child, usize::from(next), left - 1, &mut path[1..])
            };
            if leaf.is_some() {
                path[0] = step;
                return leaf;
            }
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
    use crate::plain::Plain;
    use crate::testkit::play;
    use std::collections::HashSet;

    /// Plain's answer for a state, as the fast tier gives it.
    fn plain_answer(plain: &Plain, start: State) -> Answer {
        match plain.meet(&start.numbers()) {
            None => Answer::NoSolution,
            Some(meeting) if meeting.tail.is_empty() => Answer::AlreadySolved,
            Some(meeting) => {
                let mut solution = Solution::new();
                for step in meeting.moves() {
                    solution.push(Move::ALL[usize::from(step) - 1]);
                }
                Answer::Moves(solution)
            }
        }
    }

    /// Whether `step` after `prefix` makes a sequence that is never the smallest shortest
    /// solution: undoing the last move, a fourth equal clockwise turn (`1111` = `33`), or a third
    /// equal counter-clockwise turn (`333` = `111`, which is smaller). The plain statement of
    /// what [`NEXT_CONTEXT`] encodes.
    fn never_smallest(prefix: &[Move], step: Move) -> bool {
        let Some(&last) = prefix.last() else {
            return false;
        };
        if last == step.inverse() {
            return true;
        }
        let clockwise = matches!(step, Move::LeftClockwise | Move::RightClockwise);
        let limit = if clockwise { 3 } else { 2 };
        prefix.len() >= limit && prefix[prefix.len() - limit..].iter().all(|&earlier| earlier == step)
    }

    #[test]
    fn the_context_table_skips_exactly_what_never_smallest_names() {
        // Every sequence of up to 7 moves the table lets through, extended by every move.
        fn walk(prefix: &mut Vec<Move>, context: usize, checked: &mut usize) {
            for (index, step) in Move::ALL.into_iter().enumerate() {
                let next = NEXT_CONTEXT[context][index];
                assert_eq!(next == SKIPPED, never_smallest(prefix, step), "{prefix:?} {step:?}");
                *checked += 1;
                if next != SKIPPED && prefix.len() < 7 {
                    prefix.push(step);
                    walk(prefix, usize::from(next), checked);
                    prefix.pop();
                }
            }
        }
        let mut checked = 0;
        walk(&mut Vec::new(), 0, &mut checked);
        assert!(checked > 4 * 3_usize.pow(6), "{checked}");
    }

    #[test]
    fn the_depth_grows_with_the_run() {
        // The rule's choice for runs of each size: shallow tables for a few cases, deep ones for many.
        let counts = [1, 2, 3, 15, 16, 135, 136, 956, 957, 8_436, 8_437, 1 << 40, u64::MAX];
        let depths: Vec<u8> = counts.map(goal_depth_for).into();
        assert_eq!(depths, [6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 11]);
        // The model's cases get cheaper with depth and its tables dearer, so each depth wins
        // for one range of counts.
        assert!(COST_MODEL
            .windows(2)
            .all(|pair| pair[0].1 < pair[1].1 && pair[0].2 > pair[1].2));
        assert_eq!(COST_MODEL.last().map(|model| model.0), Some(GOAL_DEPTH));
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
    fn goal_table_layers_match_the_published_counts_and_plain() {
        let table = GoalTable::build(11).unwrap();
        assert_eq!(layer_sizes(&table), LAYER_SIZES[..=11]);
        assert_eq!(table.distance(State::GOAL), Some(0));
        assert_eq!(table.distance(play(State::GOAL, "1234")), Some(4));
        assert_eq!(layer_sizes(&GoalTable::build(8).unwrap()), Plain::new().layer_sizes());
        assert_eq!(layer_sizes(&GoalTable::build(0).unwrap()), [1]);
    }

    #[test]
    fn distance_map_keeps_first_values() {
        let mut map = DistanceMap::with_capacity(1000).unwrap();
        let state = |key: u64| State::from_packed((key + 1) * 0x1_0000_0001);
        for key in 0..1000u64 {
            assert!(map.insert(state(key), (key % 200) as u8));
        }
        assert!(!map.insert(state(0), 99));
        for key in 0..1000u64 {
            assert_eq!(map.get(state(key)), Some((key % 200) as u8));
        }
        assert_eq!(map.get(State::from_packed(7)), None);
    }

    #[test]
    fn a_table_too_large_falls_back_to_a_smaller_depth() {
        // Every depth answers alike, so `fitting` may take any that fits; with memory to spare it
        // takes the one asked for.
        assert_eq!(Solver::fitting(9).unwrap().table.depth, 9);
        assert_eq!(Solver::fitting(0).unwrap().table.depth, 0);
    }

    #[test]
    fn ties_go_to_the_smallest_number() {
        // 222112 and 444112 both solve it in six moves (222 and 444 both turn the right wheel
        // half round); a search joining two first hits prints 444112.
        let start = play(State::GOAL, "433444");
        assert_eq!(play(start, "222112"), State::GOAL);
        assert_eq!(play(start, "444112"), State::GOAL);
        assert_eq!(plain_answer(&Plain::new(), start).to_string(), "222112");
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
        // Case 103 of the cross-checked scrambles: exactly 17 moves from the goal (plain's tests
        // show a neighbour 16 away).
        let numbers = [10, 9, 8, 7, 2, 1, 0, 3, 0, 1, 0, 5, 0, 7, 0, 9, 0, 3, 4, 5, 6, 1, 0, 5];
        let start = State::from_numbers(&numbers).unwrap();
        for depth in [7, 8, 11] {
            let solver = Solver::with_goal_depth(depth);
            assert_eq!(solver.solve(start), Answer::NoSolution, "G = {depth}");
        }
    }

    #[test]
    fn every_state_within_six_moves_agrees_with_plain_at_every_goal_depth() {
        let plain = Plain::new();
        let solvers: Vec<Solver> = [0, 1, 3, 6, 11].map(Solver::with_goal_depth).into();
        let mut layer = vec![State::GOAL];
        let mut seen = HashSet::from([State::GOAL]);
        for _ in 0..=6 {
            let mut next = Vec::new();
            for &start in &layer {
                let expected = plain_answer(&plain, start);
                for solver in &solvers {
                    assert_eq!(solver.solve(start), expected, "{start:?}");
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
        assert_eq!(seen.len(), 3_369, "every state within seven moves was reached");
    }

    #[test]
    fn deep_configurations_agree_with_plain() {
        let plain = Plain::new();
        let solvers = [Solver::with_goal_depth(8), Solver::new()];
        let mut lengths = [0usize; 18];
        for index in 1..=200u64 {
            // The base-4 digits of index × 2^64/φ: a spread of move words without a generator.
            let word = index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let length = 10 + (index % 13) as u32;
            let start = (0..length).fold(State::GOAL, |state, digit| {
                state.apply(Move::ALL[(word >> (2 * digit) & 3) as usize])
            });
            let expected = plain_answer(&plain, start);
            for solver in &solvers {
                assert_eq!(solver.solve(start), expected, "{start:?}");
            }
            match expected {
                Answer::Moves(solution) => lengths[solution.moves().len()] += 1,
                Answer::NoSolution => lengths[17] += 1,
                Answer::AlreadySolved => assert_eq!(start, State::GOAL),
            }
        }
        // The words reach answers of 12 to 16 moves and beyond 16, where the splits differ most.
        assert!(lengths[12..=16].iter().all(|&count| count > 0), "{lengths:?}");
        assert!(lengths[17] > 0, "{lengths:?}");
    }
}
