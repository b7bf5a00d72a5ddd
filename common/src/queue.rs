//! The BFS queue that doubles as the search tree, and a breadth-first search over a ranked state
//! space built on it.
//!
//! Breadth-first search appends every state once, in discovery order, and never removes one. So a
//! single array is both the queue (a read cursor walks it front to back) and the search tree (each
//! slot keeps the slot of its parent and the move that led to it): the path to any discovered
//! state is read by walking parent slots back to the root, in O(length), with no strings and no
//! per-state path copies.

use super::alloc::{try_filled, try_reserve};
use super::cli::Failure;

/// Most slots a [`SearchTree`] holds: the parent's slot shares a word with the move.
const MAX_SLOTS: usize = 1 << 24;

/// The slot table's mark for a rank the search has not reached.
const NO_SLOT: u32 = u32::MAX;

/// The root's link: no parent.
const ROOT_LINK: u32 = u32::MAX;

/// One discovered state: the state, and in one word the slot of its parent (high 24 bits) and
/// the move taken from the parent (low 8 bits). One word instead of two makes a node of a 4-byte
/// state 8 bytes instead of 12: the tree is most of a search's memory, and fresh memory costs a
/// page fault per 4 KiB.
#[derive(Clone, Copy, Debug)]
struct Node<S> {
    state: S,
    link: u32,
}

/// An append-only array of states with a read cursor: a FIFO queue that keeps everything it
/// ever held, so it is also the BFS tree.
#[derive(Clone, Debug)]
pub struct SearchTree<S> {
    nodes: Vec<Node<S>>,
    cursor: usize,
}

impl<S: Copy> SearchTree<S> {
    /// A tree holding only `root` (slot 0), with room for `capacity` nodes.
    ///
    /// # Errors
    /// [`Failure::OutOfMemory`] if the room cannot be allocated.
    fn new(root: S, capacity: usize) -> Result<Self, Failure> {
        let mut nodes = Vec::new();
        try_reserve(&mut nodes, capacity.max(1), "the search tree")?;
        nodes.push(Node {
            state: root,
            link: ROOT_LINK,
        });
        Ok(SearchTree { nodes, cursor: 0 })
    }

    /// Appends `state`, discovered from slot `parent` by move `step`; returns its slot. Unchecked:
    /// the search names only slots it has popped and bounds the tree by the space size up front.
    fn push(&mut self, state: S, parent: usize, step: u8) -> usize {
        self.nodes.push(Node {
            state,
            link: (parent as u32) << 8 | u32::from(step),
        });
        self.nodes.len() - 1
    }

    /// The next slot to expand, in FIFO order, or `None` when every node has been expanded.
    fn pop(&mut self) -> Option<usize> {
        if self.cursor == self.nodes.len() {
            return None;
        }
        self.cursor += 1;
        Some(self.cursor - 1)
    }

    /// The moves from the root to `slot`, in order, written into `path` (cleared first).
    ///
    /// # Panics
    /// If `slot` is not a slot of this tree.
    ///
    /// # Complexity
    /// O(depth of `slot`).
    pub fn path_to(&self, slot: usize, path: &mut Vec<u8>) {
        path.clear();
        let mut link = self.nodes[slot].link;
        while link != ROOT_LINK {
            path.push(link as u8);
            link = self.nodes[(link >> 8) as usize].link;
        }
        path.reverse();
    }

    /// The state discovered last: in a breadth-first search, one at the greatest distance from
    /// the root.
    pub fn last(&self) -> S {
        self.nodes[self.nodes.len() - 1].state
    }
}

/// What [`bfs_ranked`] found: the search tree, each rank's slot in it, and the layers.
#[derive(Clone, Debug)]
pub struct RankedBfs<S> {
    /// Every reached state, in discovery order; slot 0 is the root.
    pub tree: SearchTree<S>,
    slot_by_rank: Vec<u32>,
    /// `layer_ends[d]` is the first slot after the states at distance `d`.
    layer_ends: Vec<usize>,
}

impl<S> RankedBfs<S> {
    /// The slot of the state with this rank, or `None` if it was not reached.
    ///
    /// # Panics
    /// If `rank` is not below the space size given to [`bfs_ranked`].
    pub fn slot(&self, rank: usize) -> Option<usize> {
        match self.slot_by_rank[rank] {
            NO_SLOT => None,
            slot => Some(slot as usize),
        }
    }

    /// How many states lie at each distance from the root: entry `d` counts distance `d`.
    ///
    /// # Complexity
    /// O(greatest distance).
    pub fn layer_sizes(&self) -> Vec<usize> {
        let starts = std::iter::once(0).chain(self.layer_ends.iter().copied());
        self.layer_ends
            .iter()
            .zip(starts)
            .map(|(end, start)| end - start)
            .collect()
    }
}

/// Breadth-first search from `root` over a state space whose states have ranks `0..space_size`.
///
/// Moves are tried in the order `0..move_count` (`apply(state, m)` returns the successor, or `None`
/// where move `m` is not possible), and a state keeps the parent and move of its **first**
/// discovery. Hence the path the tree records to each state is the shortest one whose move
/// sequence is smallest in the move order: the queue holds each layer sorted by those sequences
/// (true for the root; a layer built by expanding a sorted layer in move order is sorted), so the
/// first parent to reach a state carries the smallest prefix.
///
/// # Constraints
/// `rank` maps states one-to-one into `0..space_size`.
///
/// # Errors
/// [`Failure::OutOfMemory`] if the tables cannot be allocated (under an address-space limit):
/// the caller can then print its one error line instead of aborting.
///
/// # Panics
/// If `rank` returns a value `>= space_size`, or `space_size` exceeds 2²⁴.
///
/// # Complexity
/// O(R · M · (cost of `rank` and `apply`)) time for R reached states and M moves;
/// 4⅛ bytes per rank plus one node (the state and 4 bytes) per reached state.
// Always inlined: in its caller, the `rank` and `apply` closures' tables are that caller's
// locals, so their loads leave the loop; called out of line (as the fallible allocations would
// make it), it reloads them for every child.
#[inline(always)]
pub fn bfs_ranked<S: Copy>(
    root: S,
    space_size: usize,
    move_count: u8,
    rank: impl Fn(&S) -> usize,
    mut apply: impl FnMut(&S, u8) -> Option<S>,
) -> Result<RankedBfs<S>, Failure> {
    assert!(space_size <= MAX_SLOTS, "bfs_ranked: at most {MAX_SLOTS} states");
    let mut tree = SearchTree::new(root, space_size)?;
    let mut slot_by_rank = try_filled(space_size, NO_SLOT, "the slot table")?;
    // Most probes find a state already seen. A bit per rank keeps those probes in the L1 cache
    // (5 KB for 8!) where the 4-byte slot table would miss.
    let mut seen = try_filled((space_size + 63) / 64, 0u64, "the seen bits")?;
    let root_rank = rank(&root);
    seen[root_rank / 64] |= 1 << (root_rank % 64);
    slot_by_rank[root_rank] = 0;
    // Slots are in layer order: when the cursor reaches the end of layer d, layer d + 1 is
    // complete, so the tree's length is where it ends.
    let mut layer_ends = vec![1];
    let mut layer_end = 1;
    while let Some(slot) = tree.pop() {
        if slot == layer_end {
            layer_end = tree.nodes.len();
            layer_ends.push(layer_end);
        }
        let state = tree.nodes[slot].state;
        for step in 0..move_count {
            if let Some(next) = apply(&state, step) {
                let next_rank = rank(&next);
                let (word, bit) = (next_rank / 64, 1u64 << (next_rank % 64));
                if seen[word] & bit == 0 {
                    seen[word] |= bit;
                    slot_by_rank[next_rank] = tree.push(next, slot, step) as u32;
                }
            }
        }
    }
    Ok(RankedBfs {
        tree,
        slot_by_rank,
        layer_ends,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tree_is_a_fifo_queue_and_records_paths() {
        let mut tree = SearchTree::new('r', 4).unwrap();
        assert_eq!(tree.pop(), Some(0));
        let a = tree.push('a', 0, 1);
        let b = tree.push('b', 0, 2);
        assert_eq!(tree.pop(), Some(a));
        let c = tree.push('c', a, 3);
        assert_eq!(tree.pop(), Some(b));
        assert_eq!(tree.pop(), Some(c));
        assert_eq!(tree.pop(), None);
        assert_eq!(tree.last(), 'c');
        let mut path = vec![9];
        tree.path_to(c, &mut path);
        assert_eq!(path, [1, 3]);
        tree.path_to(b, &mut path);
        assert_eq!(path, [2]);
        tree.path_to(0, &mut path);
        assert!(path.is_empty());
    }

    /// Numbers 0..100 with moves "+1" (0) and "*2" (1): the smallest shortest sequence to 10 is
    /// 0 → 1 → 2 → 4 → 5 → 10 = "+1 +1 *2 +1 *2": 1 → 2 is both +1 and *2, and +1 comes first.
    #[test]
    fn bfs_keeps_the_smallest_shortest_path() {
        let result = bfs_ranked(
            0u32,
            100,
            2,
            |&n| n as usize,
            |&n, step| {
                let next = if step == 0 { n + 1 } else { n * 2 };
                (next < 100).then_some(next)
            },
        )
        .unwrap();
        let mut path = Vec::new();
        result.tree.path_to(result.slot(10).unwrap(), &mut path);
        assert_eq!(path, [0, 0, 1, 0, 1]);
        // 0; 1; 2; 3 4; 5 6 8; 7 9 10 12 16; ...
        let sizes = result.layer_sizes();
        assert_eq!(sizes.iter().sum::<usize>(), 100);
        assert_eq!(sizes[..6], [1, 1, 1, 2, 3, 5]);
    }

    /// Layer sizes and paths against distances computed the plain way (a queue of numbers and a
    /// distance per number), on a space with unreachable states: from 1 by "+3" and "*2" below 200.
    #[test]
    fn layers_match_plain_distances_and_unreached_ranks_have_no_slot() {
        // The plain distances' mark for a number not reached: they are all far below 255.
        const UNREACHED: u8 = u8::MAX;
        let apply = |&n: &u32, step: u8| {
            let next = if step == 0 { n + 3 } else { n * 2 };
            (next < 200).then_some(next)
        };
        let result = bfs_ranked(1u32, 200, 2, |&n| n as usize, apply).unwrap();
        let mut distance = [UNREACHED; 200];
        distance[1] = 0;
        let mut queue = std::collections::VecDeque::from([1u32]);
        while let Some(n) = queue.pop_front() {
            for step in 0..2 {
                if let Some(next) = apply(&n, step) {
                    if distance[next as usize] == UNREACHED {
                        distance[next as usize] = distance[n as usize] + 1;
                        queue.push_back(next);
                    }
                }
            }
        }
        let mut sizes = Vec::new();
        let mut path = Vec::new();
        for (n, &d) in distance.iter().enumerate() {
            if d == UNREACHED {
                assert_eq!(result.slot(n), None, "{n}");
                continue;
            }
            result.tree.path_to(result.slot(n).unwrap(), &mut path);
            assert_eq!(path.len(), usize::from(d), "{n}");
            let end = path.iter().fold(1, |n, &step| apply(&n, step).unwrap());
            assert_eq!(end as usize, n);
            sizes.resize(sizes.len().max(usize::from(d) + 1), 0);
            sizes[usize::from(d)] += 1;
        }
        assert_eq!(result.layer_sizes(), sizes);
        // 1 + 3k and 2 + 3k only: +3 keeps the residue mod 3, and *2 swaps 1 and 2.
        assert_eq!(result.slot(0), None);
        assert_eq!(result.slot(99), None);
        // The last state found lies at the greatest distance.
        assert_eq!(usize::from(distance[result.tree.last() as usize]), sizes.len() - 1);
    }
}
