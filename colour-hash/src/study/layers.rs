//! The layers around the goal: a breadth-first search from the goal, one sorted layer at a time,
//! for `--stats` ([`Layers`]) and for the study page, every layer kept ([`GoalLayers`]).
//!
//! **Equals:** [`plain`](crate::plain)'s breadth-first search from the goal (its table of
//! distances within `TABLE_DEPTH`), layer by layer, and the published layer sizes to 16 moves
//! (`search::LAYER_SIZES`).
//! **Proved by:** `sorted_layers_match_the_published_counts` (the first 14 layers; the rest are
//! the census's, `census.txt`), `goal_layers_keep_what_stats_counts` (distances against the
//! solver's answers), and `remove_sorted_agrees_with_a_naive_filter` (below).

use super::MAX_STATS_DEPTH;
use common::cli::Failure;

use crate::state::{Move, State};

/// The layers of the breadth-first search from the goal, counted to some depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layers {
    sizes: Vec<usize>,
    deepest: State,
}

impl Layers {
    /// Breadth-first search from the goal to `depth` moves, one sorted layer at a time.
    ///
    /// A move's inverse is a move, so a neighbour of a state at distance d is at distance d − 1,
    /// d or d + 1: layer d + 1 is the neighbours of layer d minus layers d and d − 1. Each layer is
    /// a sorted `Vec<u64>` of packed states; the neighbours are sorted, deduplicated and merged
    /// against the two previous layers, so no hash map of every state is kept. At depth 16 the
    /// peak is the 4 · 7,719,150 neighbours of layer 15 and layers 15 and 14, 8 bytes each
    /// (about 330 MB), where the solver's hash map of all 33,034,627 states would take 2^26 slots
    /// of 9 bytes (604 MB) for itself.
    ///
    /// # Complexity
    /// O(N log N) for the N = 4 · |layer depth − 1| neighbours of the last layer, the sort
    /// dominating; memory 8 bytes for each of those N and for each state of the last three
    /// layers (the README measures the time and the peak at depth 16).
    ///
    /// # Errors
    /// [`Failure::OutOfMemory`] when a layer's neighbours cannot be allocated.
    pub(crate) fn count(depth: u8) -> Result<Layers, Failure> {
        let mut previous: Vec<u64> = Vec::new();
        let mut current = vec![State::GOAL.packed()];
        let mut sizes = vec![1];
        for _ in 0..depth {
            let next = next_layer(&current, &previous)?;
            if next.is_empty() {
                break;
            }
            sizes.push(next.len());
            previous = std::mem::replace(&mut current, next);
        }
        Ok(Layers {
            sizes,
            deepest: State::from_packed(current[0]),
        })
    }

    /// How many states lie at each distance 0..=depth (fewer entries if the space ended first).
    pub(crate) fn sizes(&self) -> &[usize] {
        &self.sizes
    }

    /// The state with the smallest packed value in the deepest layer.
    pub(crate) fn deepest(&self) -> State {
        self.deepest
    }
}

/// The layer after `current`: its neighbours, sorted and without repeats, less `current` and
/// `previous` (the layer before it). A move's inverse is a move, so no neighbour lies nearer.
///
/// # Complexity
/// O(N log N) for the N = 4 · |`current`| neighbours.
fn next_layer(current: &[u64], previous: &[u64]) -> Result<Vec<u64>, Failure> {
    let mut next = Vec::new();
    common::alloc::try_reserve(&mut next, current.len() * Move::ALL.len(), "a layer's neighbours")?;
    for &packed in current {
        next.extend(
            Move::ALL
                .iter()
                .map(|&step| State::from_packed(packed).apply(step).packed()),
        );
    }
    next.sort_unstable();
    next.dedup();
    remove_sorted(&mut next, current);
    remove_sorted(&mut next, previous);
    Ok(next)
}

/// The configurations within some depth of the goal with every layer kept, so that any
/// configuration's distance can be looked up: the histogram and the "why this answer" of the
/// study page. The layers are those `--stats` counts,, by the same sorted-layer search; kept whole,
/// 8 bytes a configuration (about 35 MB at 14 moves, 4.4 million configurations).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalLayers {
    layers: Vec<Vec<u64>>,
}

impl Default for GoalLayers {
    fn default() -> Self {
        Self::new()
    }
}

impl GoalLayers {
    /// The goal alone: depth 0.
    pub fn new() -> GoalLayers {
        GoalLayers {
            layers: vec![vec![State::GOAL.packed()]],
        }
    }

    /// How many moves from the goal the layers reach.
    pub fn depth(&self) -> u8 {
        (self.layers.len() - 1) as u8
    }

    /// Adds layers until they reach `depth` moves (at most [`MAX_MOVES`](crate::state::MAX_MOVES)).
    ///
    /// # Complexity
    /// O(N log N) for each layer added, N = 4 · |the layer before|; the memory of every layer kept.
    ///
    /// # Panics
    /// If a layer cannot be allocated.
    pub fn extend_to(&mut self, depth: u8) {
        while self.depth() < depth.min(MAX_STATS_DEPTH) {
            let count = self.layers.len();
            let previous: &[u64] = if count > 1 { &self.layers[count - 2] } else { &[] };
            let next = next_layer(&self.layers[count - 1], previous).expect("memory for a layer");
            self.layers.push(next);
        }
    }

    /// How many configurations lie at each distance 0..=[`depth`](Self::depth).
    pub fn sizes(&self) -> Vec<usize> {
        self.layers.iter().map(Vec::len).collect()
    }

    /// The distance of `state` to the goal, if it is within [`depth`](Self::depth) moves.
    ///
    /// # Complexity
    /// A binary search in each layer: O(depth · log size).
    pub fn distance(&self, state: State) -> Option<u8> {
        let packed = state.packed();
        self.layers
            .iter()
            .position(|layer| layer.binary_search(&packed).is_ok())
            .map(|depth| depth as u8)
    }
}

/// Removes from the sorted, duplicate-free `values` every value in the sorted `other`.
fn remove_sorted(values: &mut Vec<u64>, other: &[u64]) {
    let mut cursor = 0;
    // `retain` visits the values once each, in order, so one cursor walks `other` alongside.
    values.retain(|&value| {
        while cursor < other.len() && other[cursor] < value {
            cursor += 1;
        }
        cursor == other.len() || other[cursor] != value
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plain::GOAL;
    use crate::search::{Solver, LAYER_SIZES};
    use crate::state::Answer;

    #[test]
    fn sorted_layers_match_the_published_counts() {
        // A depth-limited run (1.6 million configurations; the guide: long computations are
        // `make bench` rows, `make test` checks them on a depth-limited run). Every step of the
        // search (the neighbours, the sort, the merge against two layers) is taken at every
        // layer, so the three deeper ones (20 times the configurations) would prove no other
        // code. The published layers past 13 are the census's (`census.txt`, which
        // `the_published_census_matches_the_live_count` holds `LAYER_SIZES` to, and which
        // `make bench` reproduces byte for byte); `colour-hash --stats --depth 16` counts them.
        let depth = 13;
        let layers = Layers::count(depth).unwrap();
        assert_eq!(layers.sizes(), &LAYER_SIZES[..=usize::from(depth)]);
        // The solver, built on a hash map instead, puts the deepest state where the layers do.
        match Solver::new().solve(layers.deepest()) {
            Answer::Moves(solution) => assert_eq!(solution.moves().len(), usize::from(depth)),
            other => panic!("{other:?}"),
        }
        assert_eq!(Layers::count(0).unwrap().sizes(), [1]);
        assert_eq!(Layers::count(0).unwrap().deepest(), State::GOAL);
    }

    #[test]
    fn goal_layers_keep_what_stats_counts() {
        let mut kept = GoalLayers::new();
        kept.extend_to(9);
        assert_eq!(kept.depth(), 9);
        assert_eq!(kept.sizes(), Layers::count(9).unwrap().sizes());
        // Every scramble's distance is what the crate's solver answers, where the layers reach.
        let solver = Solver::new();
        let mut start = GOAL;
        for (index, &step) in [1u8, 4, 4, 2, 3, 1, 1, 2, 4, 3, 3, 1].iter().enumerate() {
            start = crate::plain::apply_move(&start, step);
            let state = State::from_numbers(&start).unwrap();
            let solved = match solver.solve(state) {
                Answer::AlreadySolved => 0,
                Answer::Moves(solution) => solution.moves().len() as u8,
                Answer::NoSolution => u8::MAX,
            };
            let known = kept.distance(state);
            assert_eq!(known, Some(solved).filter(|&length| length <= 9), "after {index} moves");
        }
    }

    #[test]
    fn remove_sorted_agrees_with_a_naive_filter() {
        // Every pair of subsets of 0..8.
        let subset = |mask: u32| -> Vec<u64> { (0..8).filter(|bit| mask >> bit & 1 == 1).collect() };
        for kept in 0..256 {
            for removed in 0..256 {
                let mut values = subset(kept);
                remove_sorted(&mut values, &subset(removed));
                assert_eq!(values, subset(kept & !removed));
            }
        }
    }
}
