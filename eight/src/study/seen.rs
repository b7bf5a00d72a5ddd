//! Three ways to remember which boards a breadth-first search has already seen, compared on the
//! same search: the whole of Eight's space from the goal, moves in u, l, d, r order.
//!
//! The write-up this project grew from tried them in this order, and the first two ran out of
//! time on the judge:
//!
//! 1. [`Seen::OrderedSet`]: a balanced search tree of boards (`BTreeSet<[u8; 9]>`, C++'s
//!    `std::set`). Each probe compares boards down a tree of depth about log₂ 181,440 ≈ 18, and
//!    each comparison reads board bytes from memory scattered over the heap: O(log n) probes,
//!    each a cache miss or several.
//! 2. [`Seen::HashedSet`]: a hash set (`HashSet<[u8; 9]>`). O(1) expected probes, but each one
//!    hashes nine bytes with std's SipHash (built to resist attackers, not to be quick), and the
//!    set grows by rehashing everything it holds.
//! 3. [`Seen::CantorArray`]: the Cantor expansion ([`common::perm::rank`]) numbers the 9! boards
//!    0..9! without gaps, so a plain array of 9! flags, allocated once, says whether a board was
//!    seen: one rank (O(9) with the crate's method) and one byte read a probe, no hashing, no
//!    comparisons, no growth. This is the seed's accepted solution, and the tables of the fast tier
//!    are built the same way.
//!
//! All three visit the same boards in the same order, so they find the same layers (the test
//! below holds them to [`plain::Table`](crate::plain::Table)'s). `make bench` measures each as a
//! whole process (`cargo run --release -p eight --example seen`, the set's name on stdin): the
//! rows named `BTreeSet`, `HashSet` and `Cantor` in the figures table.
//!
//! # Complexity
//! Each search: 181,440 boards dequeued, each with at most four moves and a probe. The probe is
//! O(log n) board comparisons for the ordered set, one SipHash of 9 bytes expected for the hash
//! set, one O(9) rank for the array. Memory: the sets hold every board seen (about 40 and 20
//! bytes a board with their overheads); the array holds 9! = 362,880 bytes whatever is seen.

use std::collections::{BTreeSet, HashSet, VecDeque};

use common::perm::rank;

use crate::plain::{moved, GOAL};

/// Boards in the whole space, solvable or not: the length of the Cantor array.
const BOARDS: usize = 362_880;

/// The three "seen" sets, as one enum so that the page and the bench choose one by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// `BTreeSet<[u8; 9]>`, an ordered set (the seed's `set`).
    OrderedSet,
    /// `HashSet<[u8; 9]>`, std's hash set.
    HashedSet,
    /// A `Vec<bool>` of 9! flags indexed by the board's Cantor rank.
    CantorArray,
}

impl Seen {
    /// The three, in the order the seed tried them.
    pub const ALL: [Seen; 3] = [Seen::OrderedSet, Seen::HashedSet, Seen::CantorArray];

    /// The std type (or the method) each stands for, as the bench rows name them.
    pub fn name(self) -> &'static str {
        match self {
            Seen::OrderedSet => "BTreeSet",
            Seen::HashedSet => "HashSet",
            Seen::CantorArray => "Cantor",
        }
    }

    /// The set of that name ([`Seen::name`]), if any.
    pub fn from_name(name: &str) -> Option<Seen> {
        Seen::ALL.into_iter().find(|seen| seen.name() == name)
    }

    /// The breadth-first search from the goal over every board it reaches, remembering boards
    /// with this set: how many boards lie at each distance (index 0 is the goal).
    ///
    /// # Complexity
    /// See the module docs.
    pub fn layer_sizes(self) -> Vec<usize> {
        match self {
            Seen::OrderedSet => breadth_first(BTreeSet::new()),
            Seen::HashedSet => breadth_first(HashSet::new()),
            Seen::CantorArray => breadth_first(vec![false; BOARDS]),
        }
    }
}

/// What the search needs of a "seen" set: mark a board, and learn whether it was new.
trait Remember {
    /// Marks `board` seen; `true` if it was not seen before.
    fn first_time(&mut self, board: [u8; 9]) -> bool;
}

impl Remember for BTreeSet<[u8; 9]> {
    fn first_time(&mut self, board: [u8; 9]) -> bool {
        self.insert(board)
    }
}

impl Remember for HashSet<[u8; 9]> {
    fn first_time(&mut self, board: [u8; 9]) -> bool {
        self.insert(board)
    }
}

impl Remember for Vec<bool> {
    fn first_time(&mut self, board: [u8; 9]) -> bool {
        let flag = &mut self[rank(&board)];
        let new = !*flag;
        *flag = true;
        new
    }
}

/// The plain breadth-first search from the goal, the queue holding each board with its
/// distance; `seen` is the only thing that differs between the three.
fn breadth_first(mut seen: impl Remember) -> Vec<usize> {
    let mut layers = vec![1];
    seen.first_time(GOAL);
    let mut queue = VecDeque::from([(GOAL, 0usize)]);
    while let Some((board, distance)) = queue.pop_front() {
        for m in 0..4 {
            if let Some(next) = moved(&board, m) {
                if seen.first_time(next) {
                    if layers.len() == distance + 1 {
                        layers.push(0);
                    }
                    layers[distance + 1] += 1;
                    queue.push_back((next, distance + 1));
                }
            }
        }
    }
    layers
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plain::Table;

    #[test]
    fn the_three_sets_find_the_plain_tables_layers() {
        let layers = Table::build().layer_sizes();
        assert_eq!(layers.len(), 32);
        assert_eq!(layers.iter().sum::<usize>(), 181_440);
        for seen in Seen::ALL {
            assert_eq!(seen.layer_sizes(), layers, "{seen:?}");
            assert_eq!(Seen::from_name(seen.name()), Some(seen));
        }
        assert_eq!(Seen::from_name("set"), None);
    }
}
