//! The BFS queue that doubles as the search tree, and a breadth-first search over a ranked state
//! space built on it.
//!
//! Breadth-first search appends every state once, in discovery order, and never removes one. So a
//! single array is both the queue (a read cursor walks it front to back) and the search tree (each
//! slot keeps the slot of its parent and the move that led to it): the path to any discovered
//! state is read by walking parent slots back to the root, in O(length), with no strings and no
//! per-state path copies.

/// Marks a rank no search has reached in [`RankedBfs`]'s slot table.
pub const NO_SLOT: u32 = u32::MAX;

/// Distance recorded for a rank the search never reached.
pub const UNREACHED: u8 = u8::MAX;

/// Most slots a [`SearchTree`] can hold: the parent's slot shares a word with the move.
pub const MAX_SLOTS: usize = 1 << 24;

/// The root's link: no parent.
const ROOT_LINK: u32 = u32::MAX;

/// One discovered state: the state, and in one word the slot of its parent (high 24 bits) and
/// the move taken from the parent (low 8 bits). One word instead of two makes a node of a 4-byte
/// state 8 bytes instead of 12: the tree is most of a search's memory, and fresh memory costs a
/// page fault per 4 KiB.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node<S> {
    /// The state itself.
    pub state: S,
    link: u32,
}

impl<S> Node<S> {
    /// Slot of the state this one was discovered from; `None` for the root.
    ///
    /// # Complexity
    /// O(1).
    pub fn parent(&self) -> Option<usize> {
        (self.link != ROOT_LINK).then_some((self.link >> 8) as usize)
    }

    /// The move (the caller's numbering) that turned the parent into this state; 0 for the root.
    ///
    /// # Complexity
    /// O(1).
    pub fn step(&self) -> u8 {
        if self.link == ROOT_LINK {
            0
        } else {
            self.link as u8
        }
    }
}

/// An append-only array of [`Node`]s with a read cursor: a FIFO queue that keeps everything it
/// ever held, so it is also the BFS tree.
#[derive(Clone, Debug)]
pub struct SearchTree<S> {
    nodes: Vec<Node<S>>,
    cursor: usize,
}

impl<S: Copy> SearchTree<S> {
    /// A tree holding only `root` (slot 0), with room for `capacity` nodes before it reallocates.
    ///
    /// # Complexity
    /// O(1) plus the allocation.
    pub fn with_capacity(root: S, capacity: usize) -> Self {
        let mut nodes = Vec::with_capacity(capacity.max(1));
        nodes.push(Node {
            state: root,
            link: ROOT_LINK,
        });
        SearchTree { nodes, cursor: 0 }
    }

    /// Empties the tree down to a new `root`, keeping the allocation: one tree can serve many
    /// searches.
    ///
    /// # Complexity
    /// O(1).
    pub fn reset(&mut self, root: S) {
        self.nodes.clear();
        self.nodes.push(Node {
            state: root,
            link: ROOT_LINK,
        });
        self.cursor = 0;
    }

    /// Appends `state`, discovered from slot `parent` by move `step`; returns its slot.
    ///
    /// # Panics
    /// If `parent` is not a slot of this tree, or the tree would exceed [`MAX_SLOTS`] nodes.
    ///
    /// # Complexity
    /// Amortised O(1).
    pub fn push(&mut self, state: S, parent: usize, step: u8) -> usize {
        assert!(parent < self.nodes.len(), "push: no slot {parent}");
        assert!(
            self.nodes.len() < MAX_SLOTS,
            "search tree larger than {MAX_SLOTS} slots"
        );
        self.nodes.push(Node {
            state,
            link: (parent as u32) << 8 | u32::from(step),
        });
        self.nodes.len() - 1
    }

    /// The next slot to expand, in FIFO order, or `None` when every node has been expanded.
    ///
    /// # Complexity
    /// O(1).
    pub fn pop(&mut self) -> Option<usize> {
        if self.cursor < self.nodes.len() {
            self.cursor += 1;
            Some(self.cursor - 1)
        } else {
            None
        }
    }

    /// The node in `slot`.
    ///
    /// # Panics
    /// If `slot` is not a slot of this tree.
    ///
    /// # Complexity
    /// O(1).
    pub fn node(&self, slot: usize) -> &Node<S> {
        &self.nodes[slot]
    }

    /// How many nodes have been discovered, the root included.
    ///
    /// # Complexity
    /// O(1).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always `false`: the root is never removed. Present for API symmetry with `len`.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
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
        let mut at = slot;
        while let Some(parent) = self.nodes[at].parent() {
            path.push(self.nodes[at].step());
            at = parent;
        }
        path.reverse();
    }
}

/// Distances from a search's root, indexed by rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceTable {
    by_rank: Vec<u8>,
}

impl DistanceTable {
    /// The number of moves from the root to the state with this rank, or `None` if unreached.
    ///
    /// # Panics
    /// If `rank` is not below the space size searched.
    ///
    /// # Complexity
    /// O(1).
    pub fn get(&self, rank: usize) -> Option<u8> {
        match self.by_rank[rank] {
            UNREACHED => None,
            distance => Some(distance),
        }
    }

    /// Distances indexed by rank, [`UNREACHED`] where the search never came.
    ///
    /// # Complexity
    /// O(1).
    pub fn as_slice(&self) -> &[u8] {
        &self.by_rank
    }

    /// How many states lie at each distance from the root: entry `d` counts distance `d`.
    ///
    /// # Complexity
    /// O(space size).
    pub fn layer_sizes(&self) -> Vec<usize> {
        let mut sizes = Vec::new();
        for &distance in self.by_rank.iter().filter(|&&d| d != UNREACHED) {
            let depth = usize::from(distance);
            if sizes.len() <= depth {
                sizes.resize(depth + 1, 0);
            }
            sizes[depth] += 1;
        }
        sizes
    }
}

/// What [`bfs_ranked`] found: the search tree, and for every rank its slot and distance.
#[derive(Clone, Debug)]
pub struct RankedBfs<S> {
    /// Every reached state, in discovery order; slot 0 is the root.
    pub tree: SearchTree<S>,
    slot_by_rank: Vec<u32>,
    distances: DistanceTable,
}

impl<S: Copy> RankedBfs<S> {
    /// The slot of the state with this rank, or `None` if it was not reached.
    ///
    /// # Panics
    /// If `rank` is not below the space size given to [`bfs_ranked`].
    ///
    /// # Complexity
    /// O(1).
    pub fn slot(&self, rank: usize) -> Option<usize> {
        match self.slot_by_rank[rank] {
            NO_SLOT => None,
            slot => Some(slot as usize),
        }
    }

    /// The number of moves from the root to the state with this rank, or `None` if unreached.
    ///
    /// # Panics
    /// If `rank` is not below the space size given to [`bfs_ranked`].
    ///
    /// # Complexity
    /// O(1).
    pub fn distance(&self, rank: usize) -> Option<u8> {
        self.distances.get(rank)
    }

    /// Distances indexed by rank, [`UNREACHED`] where the search never came.
    ///
    /// # Complexity
    /// O(1).
    pub fn distances(&self) -> &[u8] {
        self.distances.as_slice()
    }

    /// How many states lie at each distance from the root: entry `d` counts distance `d`.
    ///
    /// # Complexity
    /// O(space size).
    pub fn layer_sizes(&self) -> Vec<usize> {
        self.distances.layer_sizes()
    }
}

/// Where a breadth-first search keeps what it has discovered: a FIFO of states, each with a slot.
trait Frontier<S> {
    /// The next slot to expand and its state.
    fn next(&mut self) -> Option<(usize, S)>;
    /// Appends a state discovered from `parent` by `step`; returns its slot.
    fn append(&mut self, state: S, parent: usize, step: u8) -> usize;
    /// Slots handed out so far.
    fn slots(&self) -> usize;
}

impl<S: Copy> Frontier<S> for SearchTree<S> {
    fn next(&mut self) -> Option<(usize, S)> {
        self.pop().map(|slot| (slot, self.node(slot).state))
    }
    fn append(&mut self, state: S, parent: usize, step: u8) -> usize {
        // No checks here, unlike `push`: the search only names slots it has popped, and
        // `bfs_ranked` bounds the tree by the space size once, up front.
        self.nodes.push(Node {
            state,
            link: (parent as u32) << 8 | u32::from(step),
        });
        self.nodes.len() - 1
    }
    fn slots(&self) -> usize {
        self.len()
    }
}

/// A FIFO of bare states, for searches that need distances only: a third of a [`Node`]'s memory
/// for 8-byte states, and memory is page faults, which dominate a search that runs once.
struct StateQueue<S> {
    states: Vec<S>,
    cursor: usize,
}

impl<S: Copy> Frontier<S> for StateQueue<S> {
    fn next(&mut self) -> Option<(usize, S)> {
        let state = *self.states.get(self.cursor)?;
        self.cursor += 1;
        Some((self.cursor - 1, state))
    }
    fn append(&mut self, state: S, _parent: usize, _step: u8) -> usize {
        self.states.push(state);
        self.states.len() - 1
    }
    fn slots(&self) -> usize {
        self.states.len()
    }
}

/// The search loop shared by [`bfs_ranked`] and [`bfs_distances`]; `frontier` holds the root in
/// slot 0, and `discovered(rank, slot)` hears of every new state.
fn breadth_first<S: Copy>(
    frontier: &mut impl Frontier<S>,
    root_rank: usize,
    space_size: usize,
    move_count: u8,
    rank: impl Fn(&S) -> usize,
    mut apply: impl FnMut(&S, u8) -> Option<S>,
    mut discovered: impl FnMut(usize, usize),
) -> DistanceTable {
    let mut by_rank = vec![UNREACHED; space_size];
    let mut seen = vec![0u64; (space_size + 63) / 64];
    seen[root_rank / 64] |= 1 << (root_rank % 64);
    by_rank[root_rank] = 0;
    discovered(root_rank, 0);
    // Slots are in layer order, so the distance of the slot being expanded only changes when the
    // cursor passes the end of the current layer: no need to rank the parent again.
    let mut layer_end = 1;
    let mut next_distance = 1;
    while let Some((slot, state)) = frontier.next() {
        if slot == layer_end {
            layer_end = frontier.slots();
            next_distance += 1;
        }
        for step in 0..move_count {
            if let Some(next) = apply(&state, step) {
                let next_rank = rank(&next);
                // Most probes find a state already seen. A bit per rank keeps those probes in
                // the L1 cache (5 KB for 8!) where a byte or word per rank would miss.
                let (word, bit) = (next_rank / 64, 1u64 << (next_rank % 64));
                if seen[word] & bit == 0 {
                    seen[word] |= bit;
                    by_rank[next_rank] = next_distance;
                    discovered(next_rank, frontier.append(next, slot, step));
                }
            }
        }
    }
    DistanceTable { by_rank }
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
/// `rank` maps states one-to-one into `0..space_size`; no state is farther than 254 moves.
///
/// # Panics
/// If `rank` returns a value `>= space_size`, or `space_size` exceeds [`MAX_SLOTS`].
///
/// # Complexity
/// O(R · (M + cost of `rank` and `apply`)) time for R reached states and M moves;
/// 5⅛ bytes per rank plus one [`Node`] per reached state.
pub fn bfs_ranked<S: Copy>(
    root: S,
    space_size: usize,
    move_count: u8,
    rank: impl Fn(&S) -> usize,
    apply: impl FnMut(&S, u8) -> Option<S>,
) -> RankedBfs<S> {
    assert!(space_size <= MAX_SLOTS, "bfs_ranked: at most {MAX_SLOTS} states");
    let mut tree = SearchTree::with_capacity(root, space_size);
    let mut slot_by_rank = vec![NO_SLOT; space_size];
    let root_rank = rank(&root);
    let distances = breadth_first(
        &mut tree,
        root_rank,
        space_size,
        move_count,
        rank,
        apply,
        |rank, slot| {
            slot_by_rank[rank] = slot as u32;
        },
    );
    RankedBfs {
        tree,
        slot_by_rank,
        distances,
    }
}

/// [`bfs_ranked`] without the search tree: only each rank's distance from `root`, for puzzles
/// that walk answers from distances. It keeps a queue of bare states instead of tree nodes and no
/// slot per rank, so it touches about a third of the memory.
///
/// # Constraints
/// As [`bfs_ranked`].
///
/// # Panics
/// If `rank` returns a value `>= space_size`.
///
/// # Complexity
/// O(R · (M + cost of `rank` and `apply`)) time; 1⅛ bytes per rank plus one `S` per reached
/// state.
pub fn bfs_distances<S: Copy>(
    root: S,
    space_size: usize,
    move_count: u8,
    rank: impl Fn(&S) -> usize,
    apply: impl FnMut(&S, u8) -> Option<S>,
) -> DistanceTable {
    let mut queue = StateQueue {
        states: Vec::with_capacity(space_size),
        cursor: 0,
    };
    queue.states.push(root);
    let root_rank = rank(&root);
    breadth_first(&mut queue, root_rank, space_size, move_count, rank, apply, |_, _| {})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tree_is_a_fifo_queue_and_records_paths() {
        let mut tree = SearchTree::with_capacity('r', 4);
        assert_eq!(tree.pop(), Some(0));
        let a = tree.push('a', 0, 1);
        let b = tree.push('b', 0, 2);
        assert_eq!(tree.pop(), Some(a));
        let c = tree.push('c', a, 3);
        assert_eq!(tree.pop(), Some(b));
        assert_eq!(tree.pop(), Some(c));
        assert_eq!(tree.pop(), None);
        assert_eq!((tree.node(c).parent(), tree.node(c).step()), (Some(a), 3));
        assert_eq!((tree.node(0).parent(), tree.node(0).step()), (None, 0));
        let mut path = Vec::new();
        tree.path_to(c, &mut path);
        assert_eq!(path, [1, 3]);
        tree.path_to(0, &mut path);
        assert!(path.is_empty());
        tree.reset('z');
        assert_eq!(tree.len(), 1);
        assert_eq!(tree.node(0).state, 'z');
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
        );
        assert_eq!(result.distance(10), Some(5));
        let mut path = Vec::new();
        result.tree.path_to(result.slot(10).unwrap(), &mut path);
        assert_eq!(path, [0, 0, 1, 0, 1]);
        assert_eq!(result.tree.len(), 100);
        let sizes = result.layer_sizes();
        assert_eq!(sizes.iter().sum::<usize>(), 100);
        assert_eq!(sizes[..3], [1, 1, 1]);
    }

    #[test]
    fn distances_only_agree_with_the_full_search() {
        let apply = |&n: &u32, step: u8| {
            let next = if step == 0 { n + 1 } else { n * 3 };
            (next < 500).then_some(next)
        };
        let full = bfs_ranked(1u32, 500, 2, |&n| n as usize, apply);
        let bare = bfs_distances(1u32, 500, 2, |&n| n as usize, apply);
        assert_eq!(bare.as_slice(), full.distances());
        assert_eq!(bare.layer_sizes(), full.layer_sizes());
        assert_eq!(bare.get(0), None);
        assert_eq!(bare.get(27), Some(3));
    }

    #[test]
    fn unreached_ranks_have_no_slot_or_distance() {
        // Only even numbers are reachable by +2.
        let result = bfs_ranked(0u32, 10, 1, |&n| n as usize, |&n, _| (n + 2 < 10).then_some(n + 2));
        assert_eq!(result.slot(3), None);
        assert_eq!(result.distance(3), None);
        assert_eq!(result.distance(8), Some(4));
        assert_eq!(result.distances()[5], UNREACHED);
    }
}
