//! The plain breadth-first search, one expansion at a time, for a reader to watch: which state
//! is taken from the queue, which neighbours it has, which of them are new, and how long the
//! queue has grown. The study page steps through it; no judge program uses it.
//!
//! It is the plain tiers' search (a FIFO queue, a flag per rank, moves tried in their order and
//! each state kept at its **first** discovery), exposed as an iterator of [`Expansion`]s instead of
//! run to the end. So the tie rule can be watched: a state is first reached by the smallest move
//! of the earliest state that reaches it, and every later arrival is marked seen.
//!
//! What remembers the states found is the caller's choice ([`Visited`]): a flag per rank (the
//! Cantor array of Magic Squares and Eight, `Vec<bool>`) or a hash set of keys (Colour Hash,
//! whose 6,286,896,000 configurations are too many for an array, `HashSet<u64>`).
//!
//! # Complexity
//! Each expansion: at most `moves` applications and keys, O(1) amortised besides (expected, for
//! a hash set). Memory: the states found so far, a parent link each, and the visited store.

use std::collections::HashSet;
use std::hash::Hash;

/// Remembers which states have been found, by key.
pub trait Visited {
    /// What identifies a state: its rank for an array, any hashable key for a set.
    type Key: Copy;
    /// Marks `key` found; `true` if it was not found before.
    fn first_visit(&mut self, key: Self::Key) -> bool;
    /// Whether `key` has been found.
    fn contains(&self, key: Self::Key) -> bool;
}

/// One flag per rank: the array the Cantor expansion makes possible.
impl Visited for Vec<bool> {
    type Key = usize;

    fn first_visit(&mut self, key: usize) -> bool {
        !std::mem::replace(&mut self[key], true)
    }

    fn contains(&self, key: usize) -> bool {
        self[key]
    }
}

/// A hash set of keys, for a space too large to index.
impl<K: Copy + Hash + Eq> Visited for HashSet<K> {
    type Key = K;

    fn first_visit(&mut self, key: K) -> bool {
        self.insert(key)
    }

    fn contains(&self, key: K) -> bool {
        HashSet::contains(self, &key)
    }
}

/// One state reached by one move from the state being expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Neighbour<S, K = usize> {
    /// The move's index (0 is the first move tried).
    pub step: u8,
    /// The state it leads to.
    pub state: S,
    /// That state's key (its rank: its cell in the visited table).
    pub rank: K,
    /// Whether this expansion found it first (`false`: it was already seen, and keeps the
    /// parent it was first found from).
    pub new: bool,
}

/// One state taken from the queue, and what became of its neighbours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion<S, K = usize> {
    /// How many states were taken before this one: 0 for the start.
    pub index: usize,
    /// The state taken.
    pub state: S,
    /// Its key (its rank).
    pub rank: K,
    /// Its distance from the start.
    pub distance: usize,
    /// The expansion that first found it and the move from there (`None` for the start).
    pub parent: Option<(usize, u8)>,
    /// Its neighbours in move order; moves that do not apply (an edge of the frame) are absent,
    /// and a state at the depth limit has none.
    pub neighbours: Vec<Neighbour<S, K>>,
    /// The queue's length once this expansion has added its new neighbours.
    pub queue_len: usize,
}

/// The search in progress: an iterator of [`Expansion`]s in the order the queue serves them.
pub struct Steps<S, V: Visited, Apply, Key> {
    /// Every state found, in the order found: the queue is the part from `next` on.
    found: Vec<S>,
    /// For each found state, by position in `found`: its distance and its parent link.
    links: Vec<(usize, Option<(usize, u8)>)>,
    /// The states found so far, by key.
    seen: V,
    /// The position in `found` of the next state to take from the queue.
    next: usize,
    moves: u8,
    /// States this far from the start are taken from the queue but not expanded.
    depth_limit: usize,
    apply: Apply,
    key: Key,
}

impl<S, V, Apply, Key> Steps<S, V, Apply, Key>
where
    S: Clone,
    V: Visited,
    Apply: Fn(&S, u8) -> Option<S>,
    Key: Fn(&S) -> V::Key,
{
    /// The search from `start`, remembering states in `seen` (empty: a `Vec<bool>` of one flag per
    /// rank, or an empty `HashSet`), trying moves `0..moves` in order; `apply` gives a move's
    /// result (`None` where it does not apply) and `key` a state's key in `seen`.
    ///
    /// # Panics
    /// For a `Vec<bool>`, if a rank is its length or more.
    pub fn new(start: S, mut seen: V, moves: u8, apply: Apply, key: Key) -> Self {
        seen.first_visit(key(&start));
        Steps {
            found: vec![start],
            links: vec![(0, None)],
            seen,
            next: 0,
            moves,
            depth_limit: usize::MAX,
            apply,
            key,
        }
    }

    /// The same search, stopped at `depth`: states that far away are taken from the queue but
    /// not expanded (a table of every state within `depth` moves).
    pub fn depth_limit(mut self, depth: usize) -> Self {
        self.depth_limit = depth;
        self
    }

    /// Whether the state of this key has been found (queued or expanded) so far.
    pub fn is_seen(&self, key: V::Key) -> bool {
        self.seen.contains(key)
    }

    /// How many states have been found so far, the start included.
    pub fn found(&self) -> usize {
        self.found.len()
    }
}

impl<S, V, Apply, Key> Iterator for Steps<S, V, Apply, Key>
where
    S: Clone,
    V: Visited,
    Apply: Fn(&S, u8) -> Option<S>,
    Key: Fn(&S) -> V::Key,
{
    type Item = Expansion<S, V::Key>;

    fn next(&mut self) -> Option<Expansion<S, V::Key>> {
        let index = self.next;
        let state = self.found.get(index)?.clone();
        self.next += 1;
        let (distance, parent) = self.links[index];
        let mut neighbours = Vec::new();
        let moves = if distance < self.depth_limit { self.moves } else { 0 };
        for step in 0..moves {
            let Some(next) = (self.apply)(&state, step) else {
                continue;
            };
            let rank = (self.key)(&next);
            let new = self.seen.first_visit(rank);
            if new {
                self.found.push(next.clone());
                self.links.push((distance + 1, Some((index, step))));
            }
            neighbours.push(Neighbour {
                step,
                state: next,
                rank,
                new,
            });
        }
        Some(Expansion {
            index,
            rank: (self.key)(&state),
            state,
            distance,
            parent,
            neighbours,
            queue_len: self.found.len() - self.next,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers below 30 from 1 by "+3" (move 0) and "*2" (move 1), ranked as themselves.
    type Numbers = Steps<u32, Vec<bool>, fn(&u32, u8) -> Option<u32>, fn(&u32) -> usize>;

    fn numbers() -> Numbers {
        let apply = |&n: &u32, step: u8| {
            let next = if step == 0 { n + 3 } else { n * 2 };
            (next < 30).then_some(next)
        };
        Steps::new(1u32, vec![false; 30], 2, apply, |&n: &u32| n as usize)
    }

    #[test]
    fn a_hash_set_and_a_depth_limit_give_the_arrays_first_layers() {
        let apply = |&n: &u32, step: u8| {
            let next = if step == 0 { n + 3 } else { n * 2 };
            (next < 30).then_some(next)
        };
        let hashed: Vec<_> = Steps::new(1u32, HashSet::new(), 2, apply, |&n: &u32| u64::from(n))
            .depth_limit(2)
            .collect();
        let full: Vec<_> = numbers().collect();
        let within: Vec<_> = full.iter().filter(|e| e.distance <= 2).collect();
        assert_eq!(hashed.len(), within.len());
        for (limited, unlimited) in hashed.iter().zip(within) {
            assert_eq!(
                (limited.state, limited.distance, limited.parent),
                (unlimited.state, unlimited.distance, unlimited.parent)
            );
            assert_eq!(limited.neighbours.is_empty(), limited.distance == 2);
        }
    }

    #[test]
    fn the_start_then_first_discovery_in_move_order() {
        let mut steps = numbers();
        let start = steps.next().unwrap();
        assert_eq!(
            (start.index, start.state, start.distance, start.parent),
            (0, 1, 0, None)
        );
        assert_eq!(
            start.neighbours.iter().map(|n| (n.state, n.new)).collect::<Vec<_>>(),
            [(4, true), (2, true)]
        );
        assert_eq!(start.queue_len, 2);
        // 4 is taken before 2: found first, by the smaller move.
        let four = steps.next().unwrap();
        assert_eq!((four.state, four.distance, four.parent), (4, 1, Some((0, 0))));
        // 4 + 3 = 7 new, 4 * 2 = 8 new.
        assert_eq!(four.queue_len, 3);
        let two = steps.next().unwrap();
        // 2 + 3 = 5 new; 2 * 2 = 4 already seen: it keeps its parent (the start by "+3").
        assert_eq!(
            two.neighbours.iter().map(|n| (n.state, n.new)).collect::<Vec<_>>(),
            [(5, true), (4, false)]
        );
        assert!(steps.is_seen(4) && !steps.is_seen(3));
    }

    #[test]
    fn distances_match_a_plain_queue_and_every_state_is_taken_once() {
        let expansions: Vec<Expansion<u32>> = numbers().collect();
        let mut distance = [usize::MAX; 30];
        distance[1] = 0;
        let mut queue = std::collections::VecDeque::from([1u32]);
        let mut order = Vec::new();
        while let Some(n) = queue.pop_front() {
            order.push(n);
            for next in [n + 3, n * 2] {
                if next < 30 && distance[next as usize] == usize::MAX {
                    distance[next as usize] = distance[n as usize] + 1;
                    queue.push_back(next);
                }
            }
        }
        assert_eq!(expansions.iter().map(|e| e.state).collect::<Vec<_>>(), order);
        for expansion in &expansions {
            assert_eq!(expansion.distance, distance[expansion.state as usize]);
            if let Some((parent, _)) = expansion.parent {
                assert_eq!(expansions[parent].distance + 1, expansion.distance);
            }
        }
        assert_eq!(expansions.last().unwrap().queue_len, 0);
    }
}
