//! "Why this answer": every shortest answer of a case counted, and the first few listed in the
//! judge's move order, the first of which is the one the judge prints.
//!
//! Each judge's tie rule picks, among the shortest answers, the first in its move order (A < B <
//! C; u < l < d < r; 1 < 2 < 3 < 4). A shortest answer of length `r` from a state goes through a
//! neighbour at distance exactly `r - 1`, so the answers are counted by
//! `count(s, r) = Σ count(next, r - 1)` over the neighbours on a shortest path, memoised by state
//! and length; the first answers are read by trying moves in order and keeping those with a
//! count above zero.

use std::collections::HashMap;
use std::hash::Hash;

/// How many shortest answers there are (saturating at `u64::MAX`), and the first few.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answers {
    /// The number of shortest answers.
    pub count: u64,
    /// The first answers in move order, as move indices.
    pub first: Vec<Vec<usize>>,
}

impl Answers {
    /// Writes `count` and `first` (each answer spelled by `letter`, one character a move) into the
    /// page's JSON reply, the same two fields for every puzzle.
    pub fn write(&self, out: &mut crate::json::Object, letter: impl Fn(usize) -> char) {
        out.number("count", self.count);
        out.strings(
            "first",
            self.first
                .iter()
                .map(|answer| answer.iter().map(|&step| letter(step)).collect()),
        );
    }
}

/// A puzzle seen through its distance table.
pub trait Space {
    /// A state.
    type State: Copy;
    /// The state's memo key.
    type Key: Hash + Eq;
    /// How many moves there are.
    const MOVES: usize;
    /// The state after move `step`, `None` where the move does not exist.
    fn next(&self, state: Self::State, step: usize) -> Option<Self::State>;
    /// Whether `state` lies exactly `moves` moves from the end: `Some(answer)` when the table
    /// knows, `None` when the state lies beyond the table and `moves` is beyond it too (then its
    /// neighbours are asked).
    fn exactly(&self, state: Self::State, moves: u8) -> Option<bool>;
    /// The memo key of `state`.
    fn key(&self, state: Self::State) -> Self::Key;
}

/// The shortest answers of length `length` from `start`, and the first `limit` of them.
///
/// # Complexity
/// O(states on the shortest paths × moves) table lookups; memory for a count of each.
pub fn answers<S: Space>(space: &S, start: S::State, length: u8, limit: usize) -> Answers {
    let mut memo = HashMap::new();
    let count = count(space, start, length, &mut memo);
    let mut first = Vec::new();
    let mut path = Vec::new();
    if count > 0 {
        list(space, start, length, limit, &mut path, &mut first, &mut memo);
    }
    Answers { count, first }
}

fn count<S: Space>(space: &S, state: S::State, moves: u8, memo: &mut HashMap<(S::Key, u8), u64>) -> u64 {
    match space.exactly(state, moves) {
        Some(false) => return 0,
        Some(true) if moves == 0 => return 1,
        _ if moves == 0 => return 0,
        _ => {}
    }
    let key = (space.key(state), moves);
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut total = 0u64;
    for step in 0..S::MOVES {
        if let Some(next) = space.next(state, step) {
            total = total.saturating_add(count(space, next, moves - 1, memo));
        }
    }
    memo.insert(key, total);
    total
}

fn list<S: Space>(
    space: &S,
    state: S::State,
    moves: u8,
    limit: usize,
    path: &mut Vec<usize>,
    found: &mut Vec<Vec<usize>>,
    memo: &mut HashMap<(S::Key, u8), u64>,
) {
    if moves == 0 {
        found.push(path.clone());
        return;
    }
    for step in 0..S::MOVES {
        if found.len() >= limit {
            return;
        }
        if let Some(next) = space.next(state, step) {
            if count(space, next, moves - 1, memo) > 0 {
                path.push(step);
                list(space, next, moves - 1, limit, path, found, memo);
                path.pop();
            }
        }
    }
}
