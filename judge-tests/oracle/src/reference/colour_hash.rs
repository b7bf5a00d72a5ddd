//! Reference Colour Hash (UVa 704), written from the statement alone: 24 plain numbers, the four
//! moves as slice rotations, a goal-side distance table in a std `HashMap`, and IDA* in move order
//! 1, 2, 3, 4 over whole move sequences.
//!
//! It shares no code and no method details with the `colour-hash` crate: no packing, a different
//! table depth (9), no move-sequence pruning and no greedy tail. IDA* with an admissible bound
//! visits every sequence of length L that could reach the goal, in lexicographic order, so the first
//! one it completes, for the smallest L, is the shortest solution with the smallest number.

use crate::alloc::{self, OutOfMemory};
use std::collections::{HashMap, VecDeque};

/// A configuration: the 24 numbers as the input gives them.
pub type Config = [u8; 24];

/// The solved configuration.
pub const GOAL: Config = [0, 3, 4, 3, 0, 5, 6, 5, 0, 1, 2, 1, 0, 7, 8, 7, 0, 9, 10, 9, 0, 1, 2, 1];

/// How deep the reference's goal-side table reaches.
pub const TABLE_DEPTH: u8 = 9;

/// How many configurations lie at each distance 0..=[`TABLE_DEPTH`] from the goal, as the
/// reference's breadth-first search finds them (its test holds it to that).
pub const LAYER_SIZES: [usize; TABLE_DEPTH as usize + 1] = [1, 4, 12, 34, 96, 272, 770, 2180, 6120, 17160];

/// The longest answer the judge accepts.
pub const LIMIT: usize = 16;

/// The configuration after move `step` (1..=4), straight from the statement: with L = c[0..12]
/// and R = c[12..24], move 1 makes L' = L[10..12] ++ L[0..10], move 2 R' = R[2..12] ++ R[0..2],
/// move 3 L' = L[2..12] ++ L[0..2], move 4 R' = R[10..12] ++ R[0..10]; then the turned wheel's
/// last three numbers are copied into the other wheel's last three (the shared pieces).
///
/// # Panics
/// If `step` is not 1..=4.
///
/// # Complexity
/// O(24).
pub fn turn(config: &Config, step: u8) -> Config {
    let mut left: Vec<u8> = config[..12].to_vec();
    let mut right: Vec<u8> = config[12..].to_vec();
    match step {
        1 => left = [&config[10..12], &config[0..10]].concat(),
        2 => right = [&config[14..24], &config[12..14]].concat(),
        3 => left = [&config[2..12], &config[0..2]].concat(),
        4 => right = [&config[22..24], &config[12..22]].concat(),
        _ => panic!("turn: no move {step}"),
    }
    if step % 2 == 1 {
        right[9..12].copy_from_slice(&left[9..12]);
    } else {
        left[9..12].copy_from_slice(&right[9..12]);
    }
    let mut next = [0; 24];
    next[..12].copy_from_slice(&left);
    next[12..].copy_from_slice(&right);
    next
}

/// The configuration after the moves in `digits` (`b'1'..=b'4'`), or `None` if a byte is not a move.
///
/// # Complexity
/// O(24 · length).
pub fn replay(config: &Config, digits: &[u8]) -> Option<Config> {
    digits.iter().try_fold(*config, |at, &digit| match digit {
        b'1'..=b'4' => Some(turn(&at, digit - b'0')),
        _ => None,
    })
}

/// The reference solver: a breadth-first table of distances around the goal.
#[derive(Clone, Debug)]
pub struct ColourHash {
    distance: HashMap<Config, u8>,
}

impl Default for ColourHash {
    fn default() -> Self {
        Self::new()
    }
}

/// What [`ColourHash::try_new`] names when its memory is refused.
pub const TABLE: &str = "the colour-hash reference table";

impl ColourHash {
    /// Breadth-first search from the goal to [`TABLE_DEPTH`] moves.
    ///
    /// # Panics
    /// If the table's memory is refused (see [`try_new`](Self::try_new)).
    ///
    /// # Complexity
    /// O(26,649 · 4) hash operations.
    pub fn new() -> Self {
        Self::try_new().unwrap_or_else(|refused| panic!("{refused}"))
    }

    /// [`new`](Self::new), with every growth of the table and its queue asked for fallibly.
    ///
    /// # Errors
    /// If memory for the table or the queue is refused.
    ///
    /// # Complexity
    /// As [`new`](Self::new).
    pub fn try_new() -> Result<Self, OutOfMemory> {
        let mut distance = HashMap::new();
        alloc::insert_new(&mut distance, GOAL, 0u8, TABLE)?;
        let mut queue = VecDeque::new();
        alloc::push_back(&mut queue, GOAL, "the colour-hash reference table's queue")?;
        while let Some(config) = queue.pop_front() {
            let d = distance[&config];
            if d == TABLE_DEPTH {
                continue;
            }
            for step in 1..=4 {
                let next = turn(&config, step);
                if !distance.contains_key(&next) {
                    alloc::insert_new(&mut distance, next, d + 1, TABLE)?;
                    alloc::push_back(&mut queue, next, "the colour-hash reference table's queue")?;
                }
            }
        }
        Ok(ColourHash { distance })
    }

    /// The table made by [`try_new`](Self::try_new) in another process, read back (see
    /// `checker::cache`, which checks it before it gets here).
    pub(crate) fn from_table(distance: HashMap<Config, u8>) -> Self {
        ColourHash { distance }
    }

    /// Every configuration of the table with its distance, in no particular order.
    pub fn entries(&self) -> impl Iterator<Item = (&Config, u8)> {
        self.distance.iter().map(|(config, &distance)| (config, distance))
    }

    /// The distance of `config` from the goal if it is within [`TABLE_DEPTH`] moves.
    pub fn distance(&self, config: &Config) -> Option<u8> {
        self.distance.get(config).copied()
    }

    /// How many configurations lie at each distance 0..=[`TABLE_DEPTH`] from the goal.
    ///
    /// # Complexity
    /// O(table size).
    pub fn layer_sizes(&self) -> Vec<usize> {
        let mut sizes = vec![0; usize::from(TABLE_DEPTH) + 1];
        for &d in self.distance.values() {
            sizes[usize::from(d)] += 1;
        }
        sizes
    }

    /// A lower bound on the moves from `config` to the goal: exact inside the table, one more
    /// than its depth outside.
    fn bound(&self, config: &Config) -> usize {
        usize::from(self.distance.get(config).copied().unwrap_or(TABLE_DEPTH + 1))
    }

    /// The shortest solution of at most `limit` moves with the smallest number, as move numbers.
    ///
    /// # Complexity
    /// O(4^(limit − TABLE_DEPTH)) table lookups at worst.
    pub fn solve(&self, config: &Config, limit: usize) -> Option<Vec<u8>> {
        let mut path = Vec::new();
        (0..=limit).find_map(|length| self.first(config, length, &mut path).then(|| path.clone()))
    }

    /// Whether some sequence of exactly `left` moves leads from `config` to the goal; if so, the
    /// smallest one has been pushed onto `path`.
    fn first(&self, config: &Config, left: usize, path: &mut Vec<u8>) -> bool {
        if self.bound(config) > left {
            return false;
        }
        if left == 0 {
            return *config == GOAL;
        }
        for step in 1..=4 {
            path.push(step);
            if self.first(&turn(config, step), left - 1, path) {
                return true;
            }
            path.pop();
        }
        false
    }

    /// The judge's answer line for `config`, without the line feed.
    ///
    /// # Complexity
    /// As [`solve`](Self::solve) with the limit 16.
    pub fn answer(&self, config: &Config) -> String {
        match self.solve(config, LIMIT) {
            Some(path) if path.is_empty() => "PUZZLE ALREADY SOLVED".to_string(),
            Some(path) => path.iter().map(|step| char::from(b'0' + step)).collect(),
            None => "NO SOLUTION WAS FOUND IN 16 STEPS".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statement_example_and_inverses() {
        assert_eq!(
            turn(&GOAL, 1),
            [2, 1, 0, 3, 4, 3, 0, 5, 6, 5, 0, 1, 0, 7, 8, 7, 0, 9, 10, 9, 0, 5, 0, 1]
        );
        for step in 1..=4 {
            let back = (step + 1) % 4 + 1;
            assert_eq!(turn(&turn(&GOAL, step), back), GOAL);
        }
    }

    #[test]
    fn table_layers_and_sample() {
        let reference = ColourHash::new();
        assert_eq!(reference.layer_sizes(), LAYER_SIZES);
        assert_eq!(reference.answer(&GOAL), "PUZZLE ALREADY SOLVED");
        let sample = [0, 3, 4, 5, 0, 3, 6, 5, 0, 1, 2, 1, 0, 7, 8, 7, 0, 9, 10, 9, 0, 1, 2, 1];
        assert_eq!(reference.answer(&sample), "1434332334332323");
        assert_eq!(replay(&sample, b"1434332334332323"), Some(GOAL));
    }
}
